//! Trae (Trae IDE international and Trae CN).
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §7 (Trae is closed
//! source: docs.trae.ai/ide/hook-configuration-reference and /ide/automate-actions-with-hooks as
//! quoted in Chemaclass/agnostic-ai #729 and Fmarzochi/EGC #1079; rullerzhou-afk/clawd-on-desk
//! `hooks/traecode-hook.js` (PR #886, 2026-08-15), rtk-ai/rtk `src/hooks/init/trae.rs`
//! (PR #3008, 2026-09-17)); the `hook run` behaviour spec
//! (docs/reference/seeds/002_868b68abc3040bdc.txt: "Trae replies: As Claude Code").

pub mod native;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, PlanContext};
use crate::agent::shared;
use crate::contract::reply::Reply;
use crate::contract::{Blocks, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run, Stop};
use crate::contract::{ToolCall, Tools, Var, event};

/// Trae's contract.
pub static AGENT: Agent = Agent {
    id: "trae",
    name: "Trae",
    checked: "2026-11-30",
    sources: &[
        "docs: https://docs.trae.ai/ide/hook-configuration-reference (quoted in Chemaclass/agnostic-ai #729, 2026-09-11)",
        "2nd: rullerzhou-afk/clawd-on-desk hooks/traecode-hook.js (PR #886, 2026-08-15); rtk-ai/rtk src/hooks/init/trae.rs (PR #3008)",
        "spec: hook run behaviour spec (seed 002): replies as Claude Code",
        "protocols-b.md §7 Config (docs.trae.ai hook-configuration-reference via agnostic-ai #729; rtk trae.rs)",
    ],
    session_vars: &["TRAE_PROJECT_DIR"],
    notes: &[
        "hooks are off until switched on in Trae's settings",
        "the shell tool is RunCommand: a Bash matcher never fires",
        "on Windows a quoted program path needs PowerShell's call operator (`& \"C:\\node.exe\" hook.js`), or the hook silently does nothing",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("no live driver yet: Trae has not been tried headless here"),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Trae does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        // Trae has no SessionEnd: the plan says so.
        events: super::claude::PORTABLE_EVENTS,
        shell: "RunCommand",
        edit: "$NONE:Trae documents no edit tool name or input",
        // Tool names seen in third-party configs (protocols-b.md §7).
        read: "ReadFile",
        web: "$NONE:Trae documents no web tool name",
        mcp: "mcp.*{server}",
    },
    tools: Tools {
        shell: ToolCall::new("RunCommand", r#"{"command":"$COMMAND"}"#, "null"),
        // Trae documents neither its edit tools' names nor their input.
        edit: &[ToolCall::new(
            "",
            r#""$NONE:Trae documents no edit tool input: pass --payload with the call you expect""#,
            "null",
        )],
        read: &["ReadFile"],
        read_input: "$NONE:Trae's docs give no read tool's input, so hookcheck builds none for --read: pass --payload",
        web: &[],
        mcp: "$NONE:Trae documents no MCP tool names",
        mcp_input: "",
    },
    // Omitted or empty: all; otherwise an unanchored regular expression (docs: `Edit|Write`,
    // `mcp.*`). Trae is an Electron app, so the regex is JavaScript's.
    matcher: Flavour::Worded(
        &Flavour::Custom(shared::js_regex),
        "a valid regular expression",
    ),
    // Fields measured by clawd-on-desk (protocols-b.md §7).
    input: Input::common(
        r#"{"hook_event_name":"$EVENT","session_id":"$SESSION","cwd":"$ROOT","workspace_roots":["$ROOT"]}"#,
    ),
    run: Run::argv(if cfg!(windows) {
        &["powershell.exe", "-Command"]
    } else {
        &["bash", "-c"]
    })
    .no_exec_form("Trae has no exec form (`args`): a hook is one command run by the shell")
    // TRAE_PROJECT_DIR and CLAUDE_PROJECT_DIR (seed 002, environment table).
    .env(&[
        ("TRAE_PROJECT_DIR", Var::Root),
        ("CLAUDE_PROJECT_DIR", Var::Root),
    ]),
    // Claude Code's reply rules on Trae's events (seed 002: "As Claude Code"); failClosed
    // is a Claude Code setting, which Trae has not.
    reply: Reply::stdout(super::claude::replies::AS_CLAUDE)
        .context(&["hookSpecificOutput.additionalContext"])
        .rewrites(&[
            "hookSpecificOutput.updatedInput",
            "hookSpecificOutput.updatedToolOutput",
        ]),
    quirks: Quirks::NONE.gate(gate),
};

const TOOL_CALL: &str = r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#;

/// protocols-b.md §7 (no SessionEnd, PermissionRequest or PreCompact), 30 s each; the
/// matcher means something only on tool events and Notification, which runs asynchronously
/// and never blocks.
const EVENTS: &[Event] = &[
    event("SessionStart", Kind::SessionStart, 30)
        .blocks(Blocks::No)
        .stdout_context()
        .input("{}"),
    event("UserPromptSubmit", Kind::Prompt, 30)
        .stdout_context()
        .input(r#"{"prompt":"$PROMPT"}"#),
    event("PreToolUse", Kind::BeforeTool, 30).input(TOOL_CALL),
    event("PostToolUse", Kind::AfterTool, 30)
        .blocks(Blocks::After(
            "the tool already ran: the block sends the reason back to the model",
        ))
        .input(TOOL_CALL),
    event("Stop", Kind::Stop, 30).input("{}"),
    event("Notification", Kind::Other, 30)
        .blocks(Blocks::No)
        .matches("notification_type")
        .detached(),
];

/// failClosed is a Claude Code setting that Trae ignores: say so.
fn gate(cx: &PlanContext, _event: &str, _payload: &Value) -> Result<Vec<String>, Stop> {
    Ok(if cx.spec.raw.fail_closed {
        vec!["failClosed is a Claude Code setting; Trae ignores it".to_string()]
    } else {
        Vec::new()
    })
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: RunCommand\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. S = behaviour spec (seed 002: "As Claude Code"),
    /// P = protocols-b.md §7 (Trae docs via third parties), C = Claude Code's rules.
    #[test]
    fn reader_table() {
        use Decision::*;
        let deny = testing::PRE_DENY;
        #[rustfmt::skip]
        let rows: Vec<Row> = vec![
            ("S exit 0", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds),
            ("S exit 2 blocks", "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked),
            ("S exit 1 is an error", "PreToolUse", exit(1, "", "x"), Error, Effect::Proceeds),
            ("P permissionDecision deny", "PreToolUse", exit(0, deny, ""), Block, Effect::Blocked),
            ("P top-level decision allow (clawd) allows", "PreToolUse", exit(0, r#"{"decision":"allow"}"#, ""), Allow, Effect::Proceeds),
            ("P {} allows", "PreToolUse", exit(0, "{}", ""), Allow, Effect::Proceeds),
            ("C decision block", "UserPromptSubmit", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("C continue false halts", "Stop", exit(0, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("C exit 2 on SessionStart", "SessionStart", exit(2, "", "x"), Error, Effect::Proceeds),
            ("P Notification never blocks", "Notification", exit(2, "", "x"), Error, Effect::Proceeds),
            ("C PostToolUse: tool already ran", "PostToolUse", exit(2, "", "x"), Block, Effect::Proceeds),
            ("C timeout", "PreToolUse", timed_out(), Timeout, Effect::Proceeds),
            ("C failed start", "PreToolUse", not_started(), Error, Effect::Proceeds),
        ];
        testing::check_rows(&AGENT, PRE, rows);
        // failClosed is Claude Code's: Trae lets a failing hook through.
        let r = testing::read(
            &AGENT,
            "event: PreToolUse\ncommand: ./h.sh\nfailClosed: true\n",
            "PreToolUse",
            &exit(1, "", ""),
        );
        assert_eq!(r.decision, Error, "{r:?}");
        let r = testing::read(&AGENT, PRE, "UserPromptSubmit", &exit(0, "ctx", ""));
        assert!(
            r.adds_context,
            "plain stdout on UserPromptSubmit is context"
        );
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "trae", [
            ("bash", PRE, bash("rm -rf build")),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the tests")),
            ("stop", "on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
        ]);
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_not_run(&AGENT, [
            (PRE, edit("src/a.rs", true), "no edit tool input"),
            ("on: before-tool\nmatch: edit\ncommand: ./h.sh\n", bash("ls"), "no edit tool"),
            ("on: session-end\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "no SessionEnd"),
            ("event: PreCompact\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "Trae has no PreCompact"),
            ("event: PreToolUse\ncommand: h\nargs: [a]\n", bash("ls"), "exec form"),
            ("event: PreToolUse\nmatcher: \"*\"\ncommand: ./h.sh\n", bash("ls"), "not a valid regular expression"),
        ]);
    }

    #[test]
    fn matchers() {
        let rows = [
            ("RunCommand", "RunCommand", true),
            ("", "RunCommand", true),
            ("Bash", "RunCommand", false),
            ("Run", "RunCommand", true), // unanchored
            ("^Command", "RunCommand", false),
            ("Edit|Write", "WriteFile", true),
        ];
        testing::check_matchers(
            &AGENT,
            "PreToolUse",
            &rows,
            |tool| serde_json::json!({"tool_name": tool, "tool_input": {}}),
        );
    }

    #[test]
    fn shell_env_timeout() {
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ncommand: ./h.sh | cat\nenv: {K: v}\n",
            &bash("ls"),
        );
        let inv = first_invocation(&run);
        assert_eq!(
            (inv.program.as_str(), inv.args.as_slice()),
            ("bash", &["-c".to_string(), "./h.sh | cat".to_string()][..])
        );
        for var in ["TRAE_PROJECT_DIR", "CLAUDE_PROJECT_DIR"] {
            assert!(inv.env.contains(&(var.into(), "/project".into())), "{var}");
        }
        assert!(inv.env.contains(&("K".into(), "v".into())));
        assert_eq!(inv.timeout.as_secs(), 30);
        assert!(run.assumptions.is_empty());
    }
}
