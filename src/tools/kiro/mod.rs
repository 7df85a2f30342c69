//! Kiro CLI 3 (standalone hook files, `.kiro/hooks/<name>.json`).
//!
//! Sources (read 2026-11-30): docs/reference/seeds/002_868b68abc3040bdc.txt (agnostic-ai
//! `hook run`: Kiro replies, Kiro matchers, sample events, assumed results); kiro.dev/docs/cli/v3/
//! hooks (trigger table, `timeout` in seconds, action types) and kiro.dev/docs/hooks/types
//! (categories read/write/shell/web, `@` prefixes, USER_PROMPT); aws/amazon-q-developer-cli
//! @15cc8f3c `crates/chat-cli/src/cli/agent/hook.rs` (the CLI 2 engine: payload shape, exit 2 on
//! preToolUse), as collected in docs/reference/protocols/protocols-a.md §7.

pub mod native;

use serde_json::{Value, json};

use super::shared::{self, assumed, json_object, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch, When};
use crate::trigger::Trigger;
use crate::verdict::{Assumption, Reading};

/// Kiro's contract.
pub static TOOL: Tool = Tool {
    id: "kiro",
    name: "Kiro",
    checked: "2026-11-30",
    sources: &[
        "spec: agnostic-ai hook run (docs/reference/seeds/002_868b68abc3040bdc.txt): Kiro replies, Kiro matchers, assumed results",
        "docs: https://kiro.dev/docs/cli/v3/hooks, https://kiro.dev/docs/hooks/types",
        "source: aws/amazon-q-developer-cli @15cc8f3c crates/chat-cli/src/cli/agent/hook.rs (CLI 2 engine)",
    ],
    events: EVENTS,
    shell: "script path only (assumed sh -c)",
    timeouts: "60 s; timeout: 0 is no limit in Kiro (hookcheck still stops at 60 s, assumed)",
    session_vars: &["USER_PROMPT"],
    notes: &[
        "Kiro CLI 3 reads hooks from .kiro/hooks/*.json; embedded agent-config hooks keep CLI 2 rules (timeout_ms, camelCase triggers)",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("an IDE and a CLI that sign in to AWS: no offline model endpoint"),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// The CLI 3 trigger table (kiro.dev/docs/cli/v3/hooks).
const EVENTS: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "PreTaskExec",
    "PostTaskExec",
    "PostFileCreate",
    "PostFileSave",
    "PostFileDelete",
    "Manual",
];

/// The triggers whose event data the docs show; every other one is not run (seed, "Not run (Kiro)").
const RUNNABLE: &[&str] = &["UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"];

const TOOL_EVENTS: &[&str] = &["PreToolUse", "PostToolUse"];

/// What Kiro's documented tool categories hold (kiro.dev/docs/hooks/types), with the CLI 2
/// ids the CLI 3 tools still answer to.
const CATEGORIES: &[(&str, &[&str])] = &[
    ("read", &["read", "fs_read", "glob", "grep"]),
    ("write", &["write", "fs_write"]),
    ("shell", &["shell", "execute_bash", "execute_pwsh"]),
    ("web", &["web_fetch", "web_search"]),
];

/// Selectors whose tool membership is undocumented (seed, "Kiro matchers").
const UNDOCUMENTED: &[&str] = &["@powers", "spec", "subagent", "context"];

/// Characters that make a matcher a regular expression rather than a name or wildcard.
const REGEX_SYNTAX: &[char] = &['^', '$', '(', ')', '[', ']', '{', '}', '|', '+', '\\', '.'];

fn portable(on: On, matches: Option<&PortableMatch>) -> Result<(String, String), String> {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::PromptSubmit => "UserPromptSubmit",
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        On::Stop => "Stop",
        On::SessionEnd => return Err("SessionEnd".into()),
    };
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => "write".to_string(),
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "shell".into(),
        (_, Some(PortableMatch::Read)) => "read".into(),
        (_, Some(PortableMatch::Web)) => "web".into(),
        (_, Some(PortableMatch::Mcp(server))) => format!("@{server}"),
    };
    Ok((event.to_string(), matcher))
}

/// An MCP tool id: `@server/tool` (CLI 2 naming) or `mcp_server_tool`.
fn is_mcp(tool: &str) -> bool {
    tool.starts_with('@') || tool.starts_with("mcp_")
}

/// Whether `selector` picks `tool`, by Kiro's rules (seed, "Kiro matchers"); `Err` when Kiro's
/// own answer is undocumented, so hookcheck does not run the hook.
fn selects(selector: &str, tool: &str) -> Result<bool, String> {
    let s = selector.trim();
    if s.is_empty() || s == "*" {
        return Ok(true);
    }
    if UNDOCUMENTED.contains(&s) {
        return Err(format!(
            "matcher \"{s}\" selects tools Kiro does not list: use an anchored regular expression against the tool ID"
        ));
    }
    if s.contains(REGEX_SYNTAX) {
        // Kiro CLI descends from the Rust amazon-q-developer-cli; the flavour is not documented.
        return matcher::rust_regex_matches(s, tool)
            .map_err(|e| format!("matcher \"{s}\" is not a valid regular expression ({e})"));
    }
    match s {
        "@mcp" => return Ok(is_mcp(tool)),
        "@builtin" => return Ok(!is_mcp(tool)),
        _ => {}
    }
    if let Some(named) = s.strip_prefix('@') {
        return mcp_selects(named, tool);
    }
    if let Some((_, members)) = CATEGORIES.iter().find(|(c, _)| *c == s)
        && members.contains(&tool)
    {
        return Ok(true);
    }
    // execute_bash and execute_pwsh selectors match each other (seed).
    let shell_alias = matches!(s, "execute_bash" | "execute_pwsh")
        && matches!(tool, "execute_bash" | "execute_pwsh");
    let regex_hit = matcher::rust_regex_matches(s, tool).unwrap_or(false);
    Ok(s == tool || shell_alias || matcher::wildcard_matches(s, tool) || regex_hit)
}

/// `@server` or `@server/tool` against an MCP tool id.
fn mcp_selects(named: &str, tool: &str) -> Result<bool, String> {
    let (server, name) = match named.split_once('/') {
        Some((s, t)) => (s, Some(t)),
        None => (named, None),
    };
    if let Some(rest) = tool.strip_prefix('@') {
        let (ts, tt) = rest.split_once('/').unwrap_or((rest, ""));
        return Ok(matcher::wildcard_matches(server, ts)
            && name.is_none_or(|n| matcher::wildcard_matches(n, tt)));
    }
    if let Some(rest) = tool.strip_prefix("mcp_") {
        if server.contains('_') {
            // mcp_<server>_<tool>: underscores hide where the server ends (seed).
            return Err(format!(
                "matcher \"@{named}\": underscores make the server/tool boundary of `{tool}` ambiguous; use an anchored regular expression against the tool ID"
            ));
        }
        let want = match name {
            Some(n) => format!("{server}_{n}"),
            None => format!("{server}_*"),
        };
        return Ok(matcher::wildcard_matches(&want, rest));
    }
    Ok(false)
}

/// The `x-kiro` block: `confirm: true` asks the user first, `action: agent` runs no command.
fn x_kiro_refusal(x: Option<&Value>) -> Option<String> {
    let x = x?;
    if x.get("confirm").and_then(Value::as_bool) == Some(true) {
        return Some(
            "x-kiro.confirm: Kiro asks the user before running this hook, and hookcheck cannot answer for them"
                .into(),
        );
    }
    let action = x.get("action");
    let kind = action
        .and_then(Value::as_str)
        .or_else(|| action.and_then(|a| a.get("type")).and_then(Value::as_str));
    if kind == Some("agent") {
        return Some(
            "x-kiro.action is agent: an agent action sends a prompt and runs no command".into(),
        );
    }
    None
}

fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match &cx.spec.when {
        When::Native { event, matcher } => (event.clone(), matcher.clone()),
        When::Portable { on, matches } => match portable(*on, matches.as_ref()) {
            Ok(x) => x,
            Err(ev) => {
                return Plan::NotRun {
                    event: Some(ev.clone()),
                    reason: format!("Kiro has no {ev} event"),
                };
            }
        },
    };
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.clone()),
        reason,
    };
    if !EVENTS.contains(&event.as_str()) {
        return not_run(format!("Kiro has no {event} event"));
    }
    if !RUNNABLE.contains(&event.as_str()) {
        return not_run(format!(
            "Kiro's docs do not show the event data of {event}, so hookcheck does not run it"
        ));
    }
    if let Some(reason) = x_kiro_refusal(cx.spec.raw.x_kiro.as_ref()) {
        return not_run(reason);
    }
    let (payload, label, prompt) = match input(cx, &event) {
        Ok(x) => x,
        Err(reason) => return not_run(reason),
    };
    // CLI 3 ignores the matcher on UserPromptSubmit and Stop (seed, "Kiro sample events").
    if TOOL_EVENTS.contains(&event.as_str()) {
        let tool = label.clone().unwrap_or_default();
        match selects(&matcher, &tool) {
            Ok(true) => {}
            Ok(false) => {
                return Plan::Skipped {
                    event,
                    trigger: label,
                    reason: format!("matcher \"{matcher}\" does not match {tool}"),
                };
            }
            Err(reason) => return not_run(reason),
        }
    }
    if cx.spec.args.is_some() {
        return not_run("Kiro has no exec form (`args`): a hook action is one command".into());
    }
    let mut assumptions = vec![assumed::shell()];
    let timeout = match cx.spec.timeout() {
        Some(0) => {
            assumptions.push(Assumption::new(
                "timeout",
                "60s",
                "timeout: 0 turns Kiro's limit off; hookcheck still stops the command after 60 seconds",
            ));
            60
        }
        Some(t) => t,
        None => 60,
    };
    let mut add = Vec::new();
    if let Some(p) = prompt {
        add.push(("USER_PROMPT".to_string(), p));
    }
    add.extend(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone())));
    let env = shared::merge_env(cx.env, add);
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| PlannedCommand {
            display: command.clone(),
            invocation: assumed::script_path_shell(command, &[]).map(|(program, args)| {
                shared::invocation(&program, args, env.clone(), cx.root, &stdin, timeout)
            }),
            is_async: cx.spec.is_async(),
        })
        .collect();
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions,
        notes: Vec::new(),
    })
}

/// The stdin payload, the tool name, and the prompt (for USER_PROMPT).
type Input = (Value, Option<String>, Option<String>);

fn input(cx: &PlanContext, event: &str) -> Result<Input, String> {
    if let Trigger::Payload { value, .. } = cx.trigger {
        let tool = value.get("tool_name").and_then(Value::as_str);
        let prompt = value.get("prompt").and_then(Value::as_str);
        if TOOL_EVENTS.contains(&event) && tool.is_none() {
            return Err(format!(
                "the --payload for {event} has no tool_name, so Kiro's matcher has nothing to match"
            ));
        }
        return Ok((
            value.clone(),
            tool.map(str::to_string),
            prompt
                .filter(|_| event == "UserPromptSubmit")
                .map(str::to_string),
        ));
    }
    // The docs show camelCase event names in the event JSON (kiro.dev/docs/cli/hooks); CLI 3
    // documents no payload of its own.
    let mut payload = json!({ "cwd": cx.root.display().to_string() });
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| "internal: payload is not an object".to_string())?;
    match (event, cx.trigger) {
        ("PreToolUse" | "PostToolUse", t) => Err(match t {
            Trigger::None => format!("{event} needs a tool call: pass --payload"),
            t => format!(
                "Kiro's tool input for --{} is not documented: pass --payload with tool_name and tool_input",
                t.kind()
            ),
        }),
        ("UserPromptSubmit", Trigger::Prompt(p)) => {
            obj.insert("hook_event_name".into(), json!("userPromptSubmit"));
            obj.insert("prompt".into(), json!(p));
            Ok((payload, None, Some(p.clone())))
        }
        ("UserPromptSubmit", t) => Err(shared::wrong_trigger(
            event,
            t,
            "a prompt: pass --prompt or --payload",
        )),
        ("Stop", Trigger::None) => {
            obj.insert("hook_event_name".into(), json!("stop"));
            Ok((payload, None, None))
        }
        (_, t) => Err(shared::wrong_trigger(event, t, "no trigger (or --payload)")),
    }
}

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    if out.timed_out {
        return Reading::timeout().note("Kiro shows a warning and goes on after a timeout");
    }
    if let Some(e) = &out.start_error {
        return Reading::error().note(format!(
            "the command did not start: {e}; Kiro shows a warning and goes on"
        ));
    }
    let Some(code) = out.exit_code else {
        return Reading::error().note("the hook was killed by a signal; Kiro goes on");
    };
    let stdout = out.stdout.text();
    let stderr = out.stderr.text();
    match event {
        "PreToolUse" => match code {
            0 => Reading::allow(),
            2 => Reading::block().note("exit 2: stderr goes back to the model as the tool result"),
            n => Reading::error().not_counted(format!(
                "exit {n}: Kiro's docs disagree on whether a non-zero exit other than 2 blocks PreToolUse"
            )),
        },
        "UserPromptSubmit" => {
            let note = "only the Kiro IDE blocks prompts; the CLI sends the prompt on";
            if code == 0 {
                Reading::allow()
                    .context(!stdout.trim().is_empty())
                    .note(note)
            } else {
                Reading::allow().context(true).note(format!(
                    "{note}; exit {code} adds the hook's output and exit code to the context"
                ))
            }
        }
        "Stop" => read_stop(code, &stdout, &stderr),
        _ => match code {
            0 => Reading::allow(),
            n => Reading::error().note(format!("exit {n}: Kiro shows a warning and goes on")),
        },
    }
}

/// Stop: exit 1, or exit 0 with `decision: block`, keeps the agent running (seed, "Kiro replies").
fn read_stop(code: i32, stdout: &str, stderr: &str) -> Reading {
    let keeps = "Kiro keeps the agent running with the hook's reason";
    match code {
        1 => {
            let reason = if stderr.trim().is_empty() {
                stdout
            } else {
                stderr
            };
            Reading::block()
                .context(!reason.trim().is_empty())
                .note(format!("exit 1: {keeps}"))
        }
        0 => match json_object(stdout) {
            Some(obj) if str_field(&obj, "decision") == Some("block") => {
                let reason = str_field(&obj, "reason").is_some_and(|r| !r.trim().is_empty());
                Reading::block()
                    .context(reason)
                    .note(format!("decision: block: {keeps}"))
            }
            _ => Reading::allow(),
        },
        n => Reading::error().note(format!(
            "exit {n}: Kiro shows a warning and lets the agent stop"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::{TOOL, selects};
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, signalled,
        timed_out,
    };
    use crate::trigger::Trigger;
    use crate::verdict::{Decision, Effect};
    use serde_json::json;

    const PRE: &str = "event: PreToolUse\nmatcher: shell\ncommand: ./hook.sh\n";

    /// Every reply rule. S = the seed's "Kiro replies" and "Assumed results", D = kiro.dev docs
    /// / amazon-q-developer-cli hook.rs.
    #[test]
    fn reader_table() {
        use Decision::*;
        let rows: Vec<(
            &str,
            &str,
            crate::exec::Outcome,
            Decision,
            Effect,
            bool,
            bool,
        )> = vec![
            // (name, event, outcome, decision, effect, counted, adds context)
            (
                "D exit 0",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S exit 2 blocks PreToolUse",
                "PreToolUse",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
                true,
                false,
            ),
            (
                "S exit 1 on PreToolUse not counted",
                "PreToolUse",
                exit(1, "", "x"),
                Error,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S exit 127 on PreToolUse not counted",
                "PreToolUse",
                exit(127, "", "not found"),
                Error,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "D JSON is not read on PreToolUse",
                "PreToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S prompt exit 0 stdout is context",
                "UserPromptSubmit",
                exit(0, "ctx", ""),
                Allow,
                Effect::Proceeds,
                true,
                true,
            ),
            (
                "S prompt exit 2 allows, adds context",
                "UserPromptSubmit",
                exit(2, "", "no"),
                Allow,
                Effect::Proceeds,
                true,
                true,
            ),
            (
                "S prompt exit 1 allows",
                "UserPromptSubmit",
                exit(1, "", ""),
                Allow,
                Effect::Proceeds,
                true,
                true,
            ),
            (
                "S stop exit 1 keeps running",
                "Stop",
                exit(1, "", "tests fail"),
                Block,
                Effect::Blocked,
                true,
                true,
            ),
            (
                "S stop decision block",
                "Stop",
                exit(0, r#"{"decision":"block","reason":"go on"}"#, ""),
                Block,
                Effect::Blocked,
                true,
                true,
            ),
            (
                "S stop exit 0 allows",
                "Stop",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S stop exit 2 is error",
                "Stop",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S PostToolUse exit 2 is error",
                "PostToolUse",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S PostToolUse exit 0",
                "PostToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "D timeout fails open",
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "D spawn error",
                "PreToolUse",
                not_started(),
                Error,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "D signal",
                "PreToolUse",
                signalled(9),
                Error,
                Effect::Proceeds,
                true,
                false,
            ),
        ];
        for (name, event, outcome, decision, effect, counted, context) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!(
                (r.decision, r.effect, r.counted, r.adds_context),
                (decision, effect, counted, context),
                "{name}: {r:?}"
            );
        }
    }

    #[test]
    fn inputs() {
        let cases = [
            (
                "prompt",
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("fix the test"),
            ),
            ("stop", "on: stop\ncommand: ./h.sh\n", Trigger::None),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("kiro_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
        let p = payload(
            json!({"hook_event_name": "preToolUse", "tool_name": "execute_bash", "tool_input": {"command": "ls"}}),
        );
        assert_eq!(
            planned_input(&plan(&TOOL, PRE, &p))["tool_input"]["command"],
            "ls",
            "a payload goes through unchanged"
        );
    }

    #[test]
    fn user_prompt_env() {
        let Plan::Run(run) = plan(
            &TOOL,
            "on: prompt-submit\ncommand: ./h.sh\n",
            &prompt("hi there"),
        ) else {
            panic!()
        };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert!(inv.env.contains(&("USER_PROMPT".into(), "hi there".into())));
        assert_eq!((inv.program.as_str(), inv.args[0].as_str()), ("sh", "-c"));
        assert_eq!(run.assumptions[0].item, "shell");
    }

    #[test]
    fn matchers() {
        let rows: &[(&str, &str, Result<bool, ()>)] = &[
            ("", "execute_bash", Ok(true)),
            ("*", "fs_write", Ok(true)),
            ("shell", "execute_bash", Ok(true)),
            ("shell", "shell", Ok(true)),
            ("write", "fs_write", Ok(true)),
            ("write", "execute_bash", Ok(false)),
            ("read", "glob", Ok(true)),
            ("web", "web_fetch", Ok(true)),
            ("fs_*", "fs_write", Ok(true)),
            ("fs_?rite", "fs_write", Ok(true)),
            ("execute_bash", "execute_pwsh", Ok(true)),
            ("execute_pwsh", "execute_bash", Ok(true)),
            ("fs_write", "write", Ok(false)),
            ("bash", "execute_bash", Ok(true)),
            ("^shell$", "execute_bash", Ok(false)),
            ("^execute_(bash|pwsh)$", "execute_pwsh", Ok(true)),
            ("@mcp", "@git/status", Ok(true)),
            ("@mcp", "execute_bash", Ok(false)),
            ("@builtin", "execute_bash", Ok(true)),
            ("@builtin", "@git/status", Ok(false)),
            ("@git", "@git/status", Ok(true)),
            ("@git/status", "@git/status", Ok(true)),
            ("@git/log", "@git/status", Ok(false)),
            ("@git", "mcp_git_status", Ok(true)),
            ("@my_git", "mcp_my_git_status", Err(())),
            ("@powers", "execute_bash", Err(())),
            ("spec", "execute_bash", Err(())),
            ("subagent", "execute_bash", Err(())),
            ("context", "execute_bash", Err(())),
            ("(", "execute_bash", Err(())),
        ];
        for (m, tool, want) in rows {
            let got = selects(m, tool).map_err(|_| ());
            assert_eq!(&got, want, "{m} vs {tool}");
        }
    }

    #[test]
    fn plans_that_do_not_run() {
        let rows = [
            ("--bash refused", PRE, bash("ls")),
            (
                "--edit refused",
                "event: PostToolUse\ncommand: ./h.sh\n",
                edit("a.rs", true),
            ),
            ("tool event needs a payload", PRE, Trigger::None),
            (
                "no SessionEnd",
                "on: session-end\ncommand: ./h.sh\n",
                Trigger::None,
            ),
            (
                "SessionStart data undocumented",
                "event: SessionStart\ncommand: ./h.sh\n",
                Trigger::None,
            ),
            (
                "PostFileSave undocumented",
                "event: PostFileSave\ncommand: ./h.sh\n",
                Trigger::None,
            ),
            (
                "unknown event",
                "event: Notification\ncommand: ./h.sh\n",
                Trigger::None,
            ),
            (
                "confirm",
                "event: Stop\ncommand: ./h.sh\nx-kiro:\n  confirm: true\n",
                Trigger::None,
            ),
            (
                "agent action",
                "event: Stop\ncommand: ./h.sh\nx-kiro:\n  action: agent\n",
                Trigger::None,
            ),
            (
                "agent action object",
                "event: Stop\ncommand: ./h.sh\nx-kiro:\n  action:\n    type: agent\n",
                Trigger::None,
            ),
            (
                "--prompt on Stop",
                "event: Stop\ncommand: ./h.sh\n",
                prompt("x"),
            ),
        ];
        for (name, yaml, trigger) in rows {
            let p = plan(&TOOL, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{name}: {p:?}");
        }
        let p = plan(
            &TOOL,
            "event: PreToolUse\nmatcher: write\ncommand: ./h.sh\n",
            &payload(json!({"tool_name": "execute_bash", "tool_input": {}})),
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
        // Stop and prompt matchers are ignored.
        let p = plan(
            &TOOL,
            "event: Stop\nmatcher: nothing\ncommand: ./h.sh\n",
            &Trigger::None,
        );
        assert!(matches!(p, Plan::Run(_)), "{p:?}");
    }

    #[test]
    fn timeouts() {
        let pay = payload(json!({"tool_name": "execute_bash", "tool_input": {}}));
        for (yaml_timeout, secs, assumed_timeout) in [
            ("", 60, false),
            ("timeout: 5\n", 5, false),
            ("timeout: 0\ntargets: [kiro]\n", 60, true),
        ] {
            let yaml = format!("{PRE}{yaml_timeout}");
            let Plan::Run(run) = plan(&TOOL, &yaml, &pay) else {
                panic!()
            };
            let Ok(inv) = &run.commands[0].invocation else {
                panic!()
            };
            assert_eq!(inv.timeout.as_secs(), secs, "{yaml}");
            assert_eq!(
                run.assumptions.iter().any(|a| a.item == "timeout"),
                assumed_timeout,
                "{yaml}"
            );
        }
        let Plan::Run(run) = plan(
            &TOOL,
            "event: Stop\ncommand: ./a.sh | tee x\n",
            &Trigger::None,
        ) else {
            panic!()
        };
        assert!(
            run.commands[0].invocation.is_err(),
            "shell syntax is not run"
        );
    }
}
