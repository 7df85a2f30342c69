//! Qoder (Qoder CLI and Qoder IDE).
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §4 (Qoder is closed
//! source: docs.qoder.com/en/cli/hooks(.md) (600 s default, `shell`, `if`, `async`,
//! `asyncRewake`), docs.qoder.com/cli/hooks (older, 60 s), docs.qoder.com/qoder/hooks (IDE));
//! the `hook run` behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt: environment
//! and shell tables, "Qoder replies", "Qoder sample events", "Assumed results").

pub mod native;
mod replies;

use std::path::Path;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, Plan, PlanContext};
use crate::agent::shared::{self, assumed};
use crate::contract::reply::Reply;
use crate::contract::{
    Blocks, Command, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run, Started, Stop,
};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::matcher;
use crate::spec::HookSpec;

/// Qoder's contract.
pub static AGENT: Agent = Agent {
    id: "qoder",
    name: "Qoder",
    checked: "2026-11-30",
    sources: &[
        "docs: https://docs.qoder.com/en/cli/hooks (via protocols-b.md §4)",
        "docs: https://docs.qoder.com/cli/hooks (older page), https://docs.qoder.com/qoder/hooks (IDE)",
        "spec: hook run behaviour spec (seed 002)",
        "protocols-b.md §4 Config (docs.qoder.com/en/cli/hooks, closed source)",
    ],
    session_vars: &["QODER_PROJECT_DIR"],
    notes: &[
        "Qoder merges ~/.qoder/settings.json, .qoder/settings.json and .qoder/settings.local.json",
        "Qoder's docs use Claude Code's tool names (Bash, Write, Edit); its internal names are unconfirmed",
    ],
    files: Files::Loader(&native::LOADER),
    // Tried offline 2026-12-04 with npm @qoder-ai/qodercli 1.1.52: `qodercli -p "say hi"` in a
    // fresh HOME, in a network namespace with loopback only, prints "Not logged in · Please run
    // /login" and exits, also with a BYOK model in ~/.qoder/settings.json
    // (`modelConfigs.customModels`: provider, apiKey, model, baseURL) and `-m` naming it: its
    // worker checks `isAuthenticated()` before any model ("Not logged in · Please run /login
    // before specifying a model with -m", bundle/qoder-worker-runtime.mjs).
    live: Live::Cannot(
        "needs a Qoder login even for a custom (BYOK) model: qodercli 1.1.52 -p stops at \"Not logged in · Please run /login\" (tried offline 2026-12-04)",
    ),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Qoder does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: super::claude::PORTABLE_EVENTS,
        shell: "Bash",
        edit: "Write|Edit",
        read: "Read",
        web: "WebFetch|WebSearch",
        mcp: "mcp__{server}__.*",
    },
    tools: Tools {
        shell: ToolCall::new("Bash", r#"{"command":"$COMMAND"}"#, RESPONSE),
        edit: &[
            ToolCall::new("Write", r#"{"file_path":"$FILE","content":""}"#, RESPONSE),
            ToolCall::new(
                "Edit",
                r#""$NONE:matcher \"$MATCHER\" picks Edit, whose input Qoder does not document: pass --payload""#,
                RESPONSE,
            ),
        ],
        read: &["Read"],
        read_input: "$NONE:Qoder's docs give no read tool's input, so hookcheck builds none for --read: pass --payload",
        web: &["WebFetch", "WebSearch"],
        mcp: "mcp__{server}__{tool}",
        mcp_input: "",
    },
    // Omitted or `*`: all; letters and `|`: exact names; else a regex (docs). Qoder CLI is a
    // Node program, so the regex is JavaScript's, unanchored as in Claude Code.
    matcher: Flavour::Worded(&Flavour::ExactOrJsRegex, "a valid regular expression"),
    input: Input::common(
        r#"{"session_id":"$SESSION","transcript_path":"$TRANSCRIPTS/.qoder/projects/$SLUG/$SESSION.jsonl","cwd":"$ROOT","hook_event_name":"$EVENT","permission_mode":"default"}"#,
    ),
    // Replaced per hook by [`shell_for`]: `shell: bash`, the exec form or, without either,
    // the assumed `sh -c` for a script path (seed 002, shell table).
    run: Run::argv(&["sh", "-c"])
        .per_hook(start)
        .env(&[(PROJECT_VAR, Var::Root)])
        // The working directory is undocumented (seed 002, "Assumed results").
        .cwd_assumed(),
    reply: Reply::stdout(replies::RULES)
        .context(&["hookSpecificOutput.additionalContext"])
        .rewrites(&["hookSpecificOutput.updatedInput"]),
    quirks: Quirks::NONE.gate(gate).adjust(async_rewake),
};

const RESPONSE: &str = r#"{"stdout":"","stderr":""}"#;
const TOOL_CALL: &str = r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#;
/// Exit 2 (and a `decision: "deny"`) blocks here (seed 002, "Qoder replies").
const YES: Blocks = Blocks::Yes;
const NO: Blocks = Blocks::No;

/// docs.qoder.com/en/cli/hooks, 600 s each, plus the four events the behaviour spec lists as
/// not run. What blocks where, and the matcher's field (seed 002, "Qoder replies").
const EVENTS: &[Event] = &[
    event("SessionStart", Kind::SessionStart, 600)
        .blocks(NO)
        .stdout_context()
        .matches("source")
        .input(r#"{"source":"$MATCH:startup"}"#),
    event("SessionEnd", Kind::SessionEnd, 600)
        .blocks(NO)
        .matches("reason")
        .input(r#"{"reason":"$MATCH:other"}"#),
    event("UserPromptSubmit", Kind::Prompt, 600)
        .blocks(YES)
        .stdout_context()
        .input(r#"{"prompt":"$PROMPT"}"#),
    event("PreToolUse", Kind::BeforeTool, 600).blocks(YES).input(TOOL_CALL),
    event("PostToolUse", Kind::AfterTool, 600)
        .blocks(NO)
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_response":"$RESPONSE"}"#),
    event("PostToolUseFailure", Kind::Tool, 600).blocks(NO).input(
        r#"{"tool_name":"$TOOL","tool_input":"$INPUT","error":"hookcheck: placeholder tool error"}"#,
    ),
    // Only decision.behavior "deny" blocks here, not exit 2 (replies.rs).
    event("PermissionRequest", Kind::Tool, 600).blocks(NO).input(TOOL_CALL),
    event("PermissionDenied", Kind::Tool, 600).blocks(NO).input(TOOL_CALL),
    event("Stop", Kind::Stop, 600)
        .blocks(YES)
        .input(r#"{"stop_hook_active":false}"#),
    event("StopFailure", Kind::Other, 600).blocks(NO),
    event("SubagentStart", Kind::Other, 600)
        .blocks(NO)
        .matches("agent_type"),
    event("SubagentStop", Kind::Other, 600)
        .blocks(YES)
        .matches("agent_type")
        .input(r#"{"stop_hook_active":false}"#),
    event("PreCompact", Kind::Other, 600)
        .blocks(YES)
        .matches("trigger")
        .input(r#"{"trigger":"$MATCH:manual"}"#),
    event("PostCompact", Kind::Other, 600)
        .blocks(NO)
        .matches("trigger")
        .input(r#"{"trigger":"$MATCH:manual"}"#),
    event("Notification", Kind::Other, 600)
        .blocks(NO)
        .matches("notification_type"),
    event("InstructionsLoaded", Kind::Other, 600).blocks(NO),
    event("ConfigChange", Kind::Other, 600)
        .blocks(YES)
        .matches("source")
        .input(r#"{"source":"$MATCH:user_settings"}"#),
    event("CwdChanged", Kind::Other, 600).blocks(NO),
    event("FileChanged", Kind::Other, 600).blocks(NO),
    event("WorktreeCreate", Kind::Other, 600).blocks(NO),
    event("WorktreeRemove", Kind::Other, 600).blocks(NO),
    event("Elicitation", Kind::Other, 600).blocks(YES),
    event("ElicitationResult", Kind::Other, 600).blocks(YES),
    event("TaskCreated", Kind::Other, 600).blocks(NO).input("{}"),
    event("TaskCompleted", Kind::Other, 600).blocks(NO).input("{}"),
    event("TeammateIdle", Kind::Other, 600).blocks(NO).input("{}"),
    event("Setup", Kind::Other, 600).blocks(NO).input("{}"),
];

/// Events with no documented decision rules: not run (seed 002).
const UNDOCUMENTED: &[&str] = &["TaskCreated", "TaskCompleted", "TeammateIdle", "Setup"];

/// Tools whose `if` glob is matched against `tool_input.file_path` (seed 002).
const FILE_TOOLS: &[&str] = &["Write", "Edit", "MultiEdit", "Read", "NotebookEdit"];

/// The variable a script path may start with (seed 002, shell table).
const PROJECT_VAR: &str = "QODER_PROJECT_DIR";

/// Each command runs by the shell its hook picks ([`shell_for`]); the shell is assumed only
/// without `shell: bash` or the exec form.
fn start(c: &Command) -> Started {
    let mut started = Started::program(c.shell.clone().and(shell_for(c.spec, c.text, c.root)));
    if c.spec.args.is_none()
        && c.spec.raw.shell.as_deref() != Some("bash")
        && started.program.is_ok()
    {
        started.assumptions.push(assumed::shell());
        // An inline command (`node helpers/hooks/x.cjs`) runs on the same assumed `sh -c`,
        // said as such, rather than not at all (fixtures/repos/1234567KF--FreeCoding).
        if crate::shell::plain_script_words(c.text, &[PROJECT_VAR]).is_none() {
            started.assumptions.push(assumed::inline(c.text));
        }
    }
    started
}

/// `asyncRewake` is said: no table holds what Qoder does with it.
fn async_rewake(cx: &PlanContext, plan: &mut Plan) {
    if let Plan::Run(run) = plan
        && cx.spec.raw.async_rewake
    {
        run.notes.push(
            "asyncRewake: Qoder does not wait; an exit 2 later wakes the model with the hook's output"
                .to_string(),
        );
    }
}

/// The program and arguments for one command (seed 002, shell table).
fn shell_for(spec: &HookSpec, command: &str, root: &Path) -> Result<(String, Vec<String>), String> {
    match spec.raw.shell.as_deref() {
        Some("powershell") => {
            return Err("hookcheck does not run Qoder's `shell: powershell`".into());
        }
        Some("bash") if spec.args.is_none() => {
            if cfg!(windows) {
                return Err("Qoder's `shell: bash` on Windows is not documented".into());
            }
            return Ok(("bash".into(), vec!["-c".into(), command.to_string()]));
        }
        _ => {}
    }
    if let Some(args) = &spec.args {
        if command.contains('$') || args.iter().any(|a| a.contains('$')) {
            return Err(crate::plan::fixable(
                "Qoder's exec form runs with no shell, so a `$` in the command or its args is never expanded",
                "write the value out, or drop `args` so that the shell expands it",
            ));
        }
        return Ok((shared::exec_program(command, root), args.clone()));
    }
    assumed::script_path_or_inline_shell(command, &[PROJECT_VAR])
        .map(|(invocation, _)| invocation)
        .map_err(String::from)
}

/// Events with no decision rules are not run; a handler's `if` (`Tool` or `Tool(glob)`)
/// decides on tool events whether it runs (seed 002).
fn gate(cx: &PlanContext, event: &str, payload: &Value) -> Result<Vec<String>, Stop> {
    if UNDOCUMENTED.contains(&event) {
        return Err(Stop::NotRun(format!(
            "Qoder documents no decision rules for {event}, so hookcheck cannot read its reply"
        )));
    }
    let Some(rule) = &cx.spec.raw.if_ else {
        return Ok(Vec::new());
    };
    if !CONTRACT.event(event).is_some_and(|e| e.kind.is_tool()) {
        return Ok(Vec::new());
    }
    match if_rule(rule, payload, cx.root) {
        Ok(true) => Ok(Vec::new()),
        Ok(false) => Err(Stop::Skip(format!(
            "if rule \"{rule}\" does not match this call"
        ))),
        Err(reason) => Err(Stop::NotRun(reason)),
    }
}

/// A handler's `if`: `Tool` or `Tool(glob)`. The glob matches Bash's command or a file tool's
/// `file_path`; another tool with a glob is not run (seed 002, "Qoder replies").
fn if_rule(rule: &str, payload: &Value, root: &Path) -> Result<bool, String> {
    let rule = rule.trim();
    let tool_name = payload
        .get("tool_name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let (tool, glob) = match rule.split_once('(') {
        None => (rule, None),
        Some((tool, rest)) => match rest.strip_suffix(')') {
            Some(glob) => (tool.trim(), Some(glob)),
            None => {
                return Err(crate::plan::fixable(
                    format!("if rule \"{rule}\" is missing its closing parenthesis"),
                    "close the if rule's parenthesis",
                ));
            }
        },
    };
    if tool != tool_name {
        return Ok(false);
    }
    let Some(glob) = glob else {
        return Ok(true);
    };
    let input = payload.get("tool_input");
    let field = |k: &str| input.and_then(|i| i.get(k)).and_then(Value::as_str);
    if tool == "Bash" {
        return Ok(field("command").is_some_and(|c| matcher::wildcard_matches(glob, c)));
    }
    if FILE_TOOLS.contains(&tool) {
        let Some(path) = field("file_path") else {
            return Ok(false);
        };
        // Tried on the path as sent and relative to the project root.
        let rel = Path::new(path)
            .strip_prefix(root)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| path.to_string());
        return Ok(matcher::wildcard_matches(glob, path) || matcher::wildcard_matches(glob, &rel));
    }
    Err(crate::plan::fixable(
        format!(
            "if rule \"{rule}\": Qoder documents a glob only for Bash's command and a file tool's file_path"
        ),
        "write the if rule as the tool's name alone, or put the glob on Bash or a file tool",
    ))
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: Bash\ncommand: ./hook.sh\n";
    const POLICY: &str = "event: ConfigChange\nmatcher: policy_settings\ncommand: ./hook.sh\n";

    use crate::agent::testing::hso;

    /// Every reply rule, with its source. S = behaviour spec (seed 002, "Qoder replies"),
    /// D = Qoder docs (protocols-b.md §4).
    #[test]
    fn reader_table() {
        use Decision::*;
        let pre = |body: &str| hso("PreToolUse", body);
        #[rustfmt::skip]
        let rows: Vec<(&str, &str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            ("D exit 0", PRE, "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds),
            ("S exit 2 on PreToolUse", PRE, "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked),
            ("S exit 2 on Stop", PRE, "Stop", exit(2, "", "no"), Block, Effect::Blocked),
            ("S exit 2 on SubagentStop", PRE, "SubagentStop", exit(2, "", "no"), Block, Effect::Blocked),
            ("S exit 2 on PreCompact", PRE, "PreCompact", exit(2, "", "no"), Block, Effect::Blocked),
            ("S exit 2 on Elicitation", PRE, "Elicitation", exit(2, "", "no"), Block, Effect::Blocked),
            ("S exit 2 on ConfigChange", PRE, "ConfigChange", exit(2, "", "no"), Block, Effect::Blocked),
            ("S exit 2 on PostToolUse is error", PRE, "PostToolUse", exit(2, "", "no"), Error, Effect::Proceeds),
            ("S exit 2 on SessionStart is error", PRE, "SessionStart", exit(2, "", "no"), Error, Effect::Proceeds),
            ("S exit 1 is error", PRE, "PreToolUse", exit(1, "", "x"), Error, Effect::Proceeds),
            ("S WorktreeCreate any non-zero exit", PRE, "WorktreeCreate", exit(1, "", "x"), Block, Effect::Blocked),
            ("S WorktreeCreate exit 0", PRE, "WorktreeCreate", exit(0, "/tmp/wt", ""), Allow, Effect::Proceeds),
            ("S StopFailure ignores exit 2", PRE, "StopFailure", exit(2, "", "x"), Allow, Effect::Proceeds),
            ("S InstructionsLoaded ignores failures", PRE, "InstructionsLoaded", exit(1, "", "x"), Allow, Effect::Proceeds),
            ("S continue false", PRE, "PreToolUse", exit(0, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("S decision deny where exit 2 blocks", PRE, "Stop", exit(0, r#"{"decision":"deny"}"#, ""), Block, Effect::Blocked),
            ("D decision block (Claude-compatible)", PRE, "UserPromptSubmit", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("S decision deny on PostToolUse does nothing", PRE, "PostToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Allow, Effect::Proceeds),
            ("S permissionDecision deny", PRE, "PreToolUse", exit(0, &pre(r#""permissionDecision":"deny""#), ""), Block, Effect::Blocked),
            ("S permissionDecision ask blocks", PRE, "PreToolUse", exit(0, &pre(r#""permissionDecision":"ask""#), ""), Block, Effect::Blocked),
            ("S ask wins over decision approve", PRE, "PreToolUse", exit(0, r#"{"decision":"approve","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}"#, ""), Block, Effect::Blocked),
            ("D permissionDecision allow", PRE, "PreToolUse", exit(0, &pre(r#""permissionDecision":"allow""#), ""), Allow, Effect::Proceeds),
            ("S PermissionRequest behavior deny", PRE, "PermissionRequest", exit(0, &hso("PermissionRequest", r#""decision":{"behavior":"deny"}"#), ""), Block, Effect::Blocked),
            ("S Elicitation decline", PRE, "Elicitation", exit(0, &hso("Elicitation", r#""action":"decline""#), ""), Block, Effect::Blocked),
            ("S ElicitationResult cancel", PRE, "ElicitationResult", exit(0, &hso("ElicitationResult", r#""action":"cancel""#), ""), Block, Effect::Blocked),
            ("S Elicitation accept", PRE, "Elicitation", exit(0, &hso("Elicitation", r#""action":"accept""#), ""), Allow, Effect::Proceeds),
            ("S hookSpecificOutput without hookEventName voids the reply", PRE, "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"permissionDecision":"deny"}}"#, ""), Error, Effect::Proceeds),
            ("S policy_settings: exit 2 cannot block", POLICY, "ConfigChange", exit(2, "", "x"), Error, Effect::Proceeds),
            ("S policy_settings: decision deny cannot block", POLICY, "ConfigChange", exit(0, r#"{"decision":"deny"}"#, ""), Error, Effect::Proceeds),
            ("D timeout", PRE, "PreToolUse", timed_out(), Timeout, Effect::Proceeds),
            ("D failed start", PRE, "PreToolUse", not_started(), Error, Effect::Proceeds),
        ];
        for (name, yaml, event, outcome, decision, effect) in rows {
            let input = if yaml == POLICY {
                serde_json::json!({ "source": "policy_settings" })
            } else {
                serde_json::Value::Null
            };
            let r = testing::read_with(&AGENT, yaml, event, &input, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
    }

    #[test]
    fn context_and_rewrites() {
        let r = testing::read(&AGENT, PRE, "UserPromptSubmit", &exit(0, "branch main", ""));
        assert!(
            r.adds_context,
            "plain stdout on UserPromptSubmit is context"
        );
        let r = testing::read(&AGENT, PRE, "PreToolUse", &exit(0, "hello", ""));
        assert!(!r.adds_context);
        let out = hso(
            "PreToolUse",
            r#""updatedInput":{"command":"ls"},"additionalContext":"x""#,
        );
        let r = testing::read(&AGENT, PRE, "PreToolUse", &exit(0, &out, ""));
        assert!(
            r.rewrites_input && r.adds_context && r.decision == Decision::Allow,
            "{r:?}"
        );
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "qoder", [
            ("bash", PRE, bash("rm -rf build")),
            ("edit_write", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("src/a.rs", false)),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the tests")),
            ("stop", "on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
            ("config_change", POLICY, crate::trigger::Trigger::None),
        ]);
    }

    #[test]
    fn plans_that_do_not_run() {
        let none = crate::trigger::Trigger::None;
        #[rustfmt::skip]
        testing::check_not_run(&AGENT, [
            ("event: TaskCreated\ncommand: ./h.sh\n", none.clone(), "no decision rules"),
            ("event: Setup\ncommand: ./h.sh\n", none.clone(), "no decision rules"),
            ("event: BeforeTool\ncommand: ./h.sh\n", bash("ls"), "Qoder has no BeforeTool"),
            ("event: PreToolUse\nmatcher: Edit\ncommand: ./h.sh\n", edit("a.rs", true), "picks Edit"),
            ("event: PreToolUse\nif: WebFetch(*.com)\ncommand: ./h.sh\n", payload(serde_json::json!({"tool_name": "WebFetch", "tool_input": {"url": "x.com"}})), "a glob only for"),
            ("event: Notification\ncommand: ./h.sh\n", none, "pass --payload"),
        ]);
    }

    /// An inline command runs on the assumed `sh -c`, and says so: not counted, not refused.
    #[test]
    fn an_inline_command_runs_on_the_assumed_shell() {
        let p = plan(
            &AGENT,
            "event: PreToolUse\ncommand: node helpers/hooks/router.cjs | cat\n",
            &bash("ls"),
        );
        let Plan::Run(run) = &p else { panic!("{p:?}") };
        assert!(run.commands[0].invocation.is_ok(), "{p:?}");
        let items: Vec<&str> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
        assert!(
            items.contains(&"shell") && items.contains(&"inline command"),
            "{items:?}"
        );
    }

    /// Commands that plan but do not run (seed 002, shell table).
    #[test]
    fn commands_not_run() {
        #[rustfmt::skip]
        let cases = [
            ("event: PreToolUse\ncommand: ./h.sh\nshell: powershell\n", "powershell"),
            ("event: PreToolUse\ncommand: ./h.sh\nargs: [\"$HOME\"]\n", "`$`"),
            ("event: PreToolUse\ncommand: \"$X/h.sh\"\nargs: [a]\n", "`$`"),
        ];
        for (yaml, want) in cases {
            let p = plan(&AGENT, yaml, &bash("ls"));
            let Plan::Run(run) = &p else {
                panic!("{yaml}: {p:?}")
            };
            let Err(why) = &run.commands[0].invocation else {
                panic!("{yaml}: {p:?}")
            };
            assert!(why.contains(want), "{yaml}: {why}");
        }
    }

    #[test]
    fn shells_and_assumptions() {
        // (spec, program, args, shell assumed)
        #[rustfmt::skip]
        let rows: [(&str, &str, &[&str], bool); 3] = [
            ("command: ./h.sh | cat\nshell: bash\n", "bash", &["-c", "./h.sh | cat"], false),
            ("command: hooks/x.sh\nargs: [a, b]\n", "/project/hooks/x.sh", &["a", "b"], false),
            ("command: ./h.sh\n", "sh", &["-c", "./h.sh"], true),
        ];
        for (rest, program, args, shell) in rows {
            let yaml = format!("event: PreToolUse\n{rest}env: {{K: v}}\n");
            let run = run_plan(&AGENT, &yaml, &bash("ls"));
            let inv = first_invocation(&run);
            assert_eq!(
                (inv.program.as_str(), inv.args.as_slice()),
                (
                    program,
                    &args.iter().map(|s| s.to_string()).collect::<Vec<_>>()[..]
                ),
                "{rest}"
            );
            let items: Vec<&str> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
            assert!(items.contains(&"cwd"), "{items:?}");
            assert_eq!(items.contains(&"shell"), shell, "{rest}: {items:?}");
            assert!(
                inv.env
                    .contains(&("QODER_PROJECT_DIR".into(), "/project".into()))
            );
            assert!(inv.env.contains(&("K".into(), "v".into())));
            assert_eq!(inv.timeout.as_secs(), 600);
        }
        let p = plan(
            &AGENT,
            "event: PreToolUse\ncommand: ./h.sh\nasyncRewake: true\n",
            &bash("ls"),
        );
        let Plan::Run(run) = &p else { panic!("{p:?}") };
        assert!(run.commands[0].is_async);
    }

    #[test]
    fn matchers_and_if_rules() {
        let rows = [
            ("Bash", "Bash", true),
            ("*", "Bash", true),
            ("", "Bash", true),
            ("Write|Edit", "Bash", false),
            ("Bas", "Bash", false),         // exact
            ("mcp__.*", "mcp__x__y", true), // regex
        ];
        testing::check_matchers(
            &AGENT,
            "PreToolUse",
            &rows,
            |tool| serde_json::json!({"tool_name": tool, "tool_input": {}}),
        );
        let ifs = [
            ("Bash(git push*)", bash("git push -f"), true),
            ("Bash(git push*)", bash("git status"), false),
            ("Bash", bash("ls"), true),
            ("Write", bash("ls"), false),
            ("Write(src/*)", edit("src/a.rs", true), true),
            ("Write(*.env)", edit("config/.env", true), true),
            ("Write(docs/*)", edit("src/a.rs", true), false),
        ];
        for (rule, trigger, fires) in ifs {
            let yaml = format!("event: PreToolUse\nif: \"{rule}\"\ncommand: ./h.sh\n");
            let p = plan(&AGENT, &yaml, &trigger);
            assert_eq!(matches!(p, Plan::Run(_)), fires, "{rule}: {p:?}");
        }
    }
}
