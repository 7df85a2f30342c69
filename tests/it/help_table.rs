//! `help:` follows the rule that decided (issue 24): for every reply rule of every agent that
//! carries a fix, a hook that triggers that rule gets exactly that fix as its help, and
//! nothing else. The table is the agents' rules read back as hooks; a rule with a fix and no
//! row here fails [`every_rule_with_a_fix_has_a_row`].

use crate::common;

use common::{Project, target};
use serde_json::Value;

/// One row: an agent, the index of its reply rule, a hook that ends the way that rule reads,
/// the spec's `on:` and the trigger, and the help the agent's reading must give.
struct Row {
    agent: &'static str,
    rule: usize,
    on: &'static str,
    trigger: &'static [&'static str],
    command: &'static str,
    help: &'static str,
}

const BASH: &[&str] = &["--bash", "ls"];
const AFTER: &[&str] = &["--bash", "ls", "--event", "after-tool"];
const STOP: &[&str] = &["--event", "stop"];

const fn row(
    agent: &'static str,
    rule: usize,
    on: &'static str,
    trigger: &'static [&'static str],
    command: &'static str,
    help: &'static str,
) -> Row {
    Row {
        agent,
        rule,
        on,
        trigger,
        command,
        help,
    }
}

const DENY_NO_EVENT: &str = r#"printf '{"hookSpecificOutput":{"permissionDecision":"deny"}}'"#;
const DENY_OTHER_EVENT: &str = r#"printf '{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"}}'"#;
const EXIT_1_STDERR: &str = "echo no >&2; exit 1";
const EXIT_1_JSON: &str = "echo '{}'; exit 1";
const POST_QWEN: &str = "after the tool, Qwen Code takes only continue: false (its stopReason becomes the tool result) or hookSpecificOutput.additionalContext";
const POST_DROID: &str = "Factory droid sends a reason back after the tool only on exit 2: write it to stderr and exit 2";

/// The rows, agent by agent, in the order of each agent's rules.
const ROWS: &[Row] = &[
    row(
        "claude",
        5,
        "before-tool",
        BASH,
        DENY_NO_EVENT,
        r#"add "hookEventName": "PreToolUse" to hookSpecificOutput"#,
    ),
    row(
        "claude",
        6,
        "before-tool",
        BASH,
        DENY_OTHER_EVENT,
        r#"set hookSpecificOutput.hookEventName to "PreToolUse", the event the hook runs on"#,
    ),
    row(
        "claude",
        20,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "Claude Code blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "codex",
        3,
        "before-tool",
        BASH,
        "exit 2",
        "Codex blocks only with a reason on stderr: write it with >&2",
    ),
    row(
        "codex",
        6,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "Codex blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "codex",
        9,
        "stop",
        STOP,
        "echo done",
        "Codex reads only JSON on Stop: print {} or nothing when the hook has nothing to say",
    ),
    row(
        "gemini",
        16,
        "before-tool",
        BASH,
        "exit 1",
        "Gemini CLI reads exit 1 as a failed hook and lets the action through: exit 2 with the reason on stderr",
    ),
    row(
        "gemini",
        17,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "Gemini CLI reads exit 1 as a failed hook and lets the action through: exit 2 with the reason on stderr",
    ),
    row(
        "gemini",
        18,
        "before-tool",
        BASH,
        "exit 2",
        "Gemini CLI blocks on exit 2 only with a reason: write it to stderr",
    ),
    row(
        "qwen",
        3,
        "stop",
        STOP,
        "exit 2",
        "Qwen Code blocks on exit 2 only with a reason on stderr: write it with >&2",
    ),
    row(
        "qwen",
        4,
        "before-tool",
        BASH,
        "exit 2",
        "Qwen Code blocks on exit 2 only with a reason on stderr: write it with >&2",
    ),
    row(
        "qwen",
        23,
        "after-tool",
        AFTER,
        r#"printf '{"decision":"block"}'"#,
        POST_QWEN,
    ),
    row(
        "qwen",
        24,
        "after-tool",
        AFTER,
        r#"printf '{"decision":"deny"}'"#,
        POST_QWEN,
    ),
    row(
        "qwen",
        42,
        "after-tool",
        AFTER,
        "echo no >&2; exit 2",
        POST_QWEN,
    ),
    row(
        "cursor",
        9,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "Cursor blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "windsurf",
        7,
        "before-tool",
        BASH,
        EXIT_1_JSON,
        "Devin CLI blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "windsurf",
        8,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "Devin CLI blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "factory",
        8,
        "after-tool",
        AFTER,
        r#"printf '{"decision":"block"}'; exit 2"#,
        POST_DROID,
    ),
    row(
        "factory",
        16,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "Factory droid blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "factory",
        29,
        "after-tool",
        AFTER,
        r#"printf '{"decision":"block"}'"#,
        POST_DROID,
    ),
    row(
        "qoder",
        8,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "Qoder blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "trae",
        7,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "Trae blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "openhands",
        13,
        "before-tool",
        BASH,
        EXIT_1_JSON,
        "OpenHands blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "openhands",
        14,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "OpenHands blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "augment",
        5,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "Augment blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
    row(
        "crush",
        5,
        "before-tool",
        BASH,
        EXIT_1_STDERR,
        "Crush blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr",
    ),
];

/// The rule at `index` of `agent`'s reply rules.
fn rule_of(agent: &str, index: usize) -> &'static hookcheck::contract::reply::Rule {
    let contract = hookcheck::tools::find(agent)
        .and_then(|a| a.contract())
        .unwrap_or_else(|| panic!("{agent} has no command contract"));
    contract
        .reply
        .rules
        .get(index)
        .unwrap_or_else(|| panic!("{agent} has no reply rule {index}"))
}

#[test]
fn every_rule_with_a_fix_has_a_row() {
    let mut missing = Vec::new();
    for id in hookcheck::tools::ids() {
        let Some(c) = hookcheck::tools::find(id).and_then(|a| a.contract()) else {
            continue;
        };
        for (i, r) in c.reply.rules.iter().enumerate() {
            let covered = ROWS.iter().any(|row| row.agent == id && row.rule == i);
            if !r.fix.is_empty() && !covered {
                missing.push(format!("{id} rule {i}: {}", r.fix));
            }
        }
    }
    for row in ROWS {
        assert!(
            !rule_of(row.agent, row.rule).fix.is_empty(),
            "{} rule {} has no fix: the row is stale",
            row.agent,
            row.rule
        );
    }
    assert!(
        missing.is_empty(),
        "reply rules with a fix and no row in tests/it/help_table.rs:\n{}",
        missing.join("\n")
    );
}

#[test]
fn a_hook_that_triggers_a_rule_with_a_fix_gets_exactly_that_help() {
    let mut wrong = Vec::new();
    for (n, row) in ROWS.iter().enumerate() {
        let name = format!("h{n}");
        let matcher = if row.on.ends_with("tool") {
            "match: shell\n"
        } else {
            ""
        };
        // A script: some agents run nothing but a script's path.
        let spec = format!(
            "on: {}\n{matcher}command: .hookcheck/hooks/hook.sh\n",
            row.on
        );
        let p = Project::new().spec(&name, &spec).script(
            ".hookcheck/hooks/hook.sh",
            &format!("#!/bin/sh\n{}\n", row.command),
        );
        let mut args = row.trigger.to_vec();
        args.extend_from_slice(&["-t", row.agent, "--expect", "block"]);
        let (code, report) = p.json(&name, &args);
        let t = target(&report, row.agent);
        let rule = rule_of(row.agent, row.rule);
        let got = (
            code,
            t["rule"].as_str().map(str::to_string),
            t["help"].clone(),
        );
        let want = (
            1,
            Some(rule.source.to_string()),
            Value::from(vec![row.help.to_string()]),
        );
        if got != want {
            wrong.push(format!(
                "{} rule {} ({}): got {got:?}, want {want:?}",
                row.agent, row.rule, row.command
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A guard that tests the tool's name (`Bash`, as Claude Code calls it) lets Gemini CLI's
/// `run_shell_command` through: the help says the command is at the same field, so the field
/// is not what differs, and names both tools.
#[test]
fn a_guard_on_the_tool_name_is_told_each_agents_name() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: .hookcheck/hooks/g.sh\n",
        )
        .script(
            ".hookcheck/hooks/g.sh",
            "#!/bin/sh\nif grep -q '\"tool_name\":\"Bash\"'; then echo no >&2; exit 2; fi\n",
        );
    let (code, report) = p.json(
        "g",
        &["--bash", "ls", "-t", "claude,gemini", "--expect", "block"],
    );
    assert_eq!(code, 1);
    assert_eq!(
        target(&report, "gemini")["help"],
        serde_json::json!([
            "Gemini CLI sends the command at `tool_input.command`, as Claude Code does: the hook decides on something else that differs, such as the tool's name (`run_shell_command` here, `Bash` on Claude Code) (`-vv` shows each agent's input and variables)"
        ])
    );
}
