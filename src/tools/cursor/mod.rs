//! Cursor (the editor's agent and the `cursor-agent` CLI, which read the same hooks.json).
//!
//! Sources (read 2026-11-30): the `hook run` behaviour spec
//! (docs/reference/seeds/002_868b68abc3040bdc.txt: env table, shell/timeout table, "Cursor
//! replies", "Cursor sample events", "Assumed results"); docs/reference/protocols/
//! protocols-a.md §5 and protocols-a.yaml (cursor.com/docs/agent/hooks reached only through
//! secondary material: Cupcake's Cursor harness reference, third-party summaries, public
//! hooks.json files). Cursor is closed source and was not run: every rule below is [doc/2nd].

pub mod native;
mod replies;

use super::{Agent, Files, Hooks, Live};
use crate::contract::reply::Reply;
use crate::contract::{Blocks, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::spec::On;

/// Cursor's contract.
pub static AGENT: Agent = Agent {
    id: "cursor",
    name: "Cursor",
    checked: "2026-11-30",
    sources: &[
        "docs: https://cursor.com/docs/agent/hooks via secondary summaries (protocols-a.md §5; not read directly)",
        "spec: hook run behaviour spec (seeds/002_868b68abc3040bdc.txt), Cursor rows",
        "protocols-a.md §5 Config (secondary: Cupcake Cursor reference, public hooks.json files)",
    ],
    session_vars: &[
        "CURSOR_PROJECT_DIR",
        "CURSOR_VERSION",
        "CURSOR_PLUGIN_ROOT",
        "CURSOR_USER_EMAIL",
        "CURSOR_TRANSCRIPT_PATH",
    ],
    notes: &[
        "Cursor also runs Claude Code's settings hooks when third-party configs are on, under Cursor's reply rules",
        "Cursor's hook docs were read only through secondary sources; its shell and default timeout are assumed",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("an IDE; cursor-agent needs a Cursor account"),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Cursor does, as data (protocols-a.md §5, "Events" and "Example payloads"; behaviour
/// spec, "Cursor sample events", "Assumed results").
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: &[
            (On::SessionStart, "sessionStart"),
            (On::PromptSubmit, "beforeSubmitPrompt"),
            (On::BeforeTool, "preToolUse"),
            (On::AfterTool, "postToolUse"),
            (On::AfterEdit, "afterFileEdit"),
            (On::Stop, "stop"),
            (On::SessionEnd, "sessionEnd"),
        ],
        // Tool names on preToolUse/postToolUse (protocols-a.md §5, [2nd]).
        shell: "Shell",
        // afterFileEdit takes no tool matcher: `on: after-edit` alone matches every edit.
        edit: "Write|StrReplace|Edit|Delete",
        read: "Read",
        web: "WebSearch|WebFetch",
        // Cursor names MCP tools `MCP:<tool>`, without the server (protocols-a.md §5).
        mcp: "MCP:.*",
    },
    tools: Tools {
        shell: ToolCall::new("Shell", r#"{"command":"$COMMAND"}"#, "{}"),
        // Seed: "--edit builds afterFileEdit only"; the edit tools' input is unconfirmed.
        edit: &[],
        read: &["Read"],
        read_input: "$NONE:Cursor's docs give no read tool's input, so hookcheck builds none for --read: pass --payload",
        web: &["WebSearch", "WebFetch"],
        mcp: "MCP:{tool}",
        mcp_input: "",
    },
    // An unanchored JavaScript regex; empty or `*` matches all (behaviour spec, "Cursor
    // sample events").
    matcher: Flavour::JsRegex,
    input: Input::common(
        r#"{"conversation_id":"$SESSION","generation_id":"hookcheck-cursor-generation-0001","model":"default","hook_event_name":"$EVENT","cursor_version":"","workspace_roots":["$ROOT"],"user_email":null,"transcript_path":null}"#,
    )
    // Its edit tools' input is undocumented (the contract lists none), but afterFileEdit's is.
    .no_edit(
        "Cursor's {event} input for an edit tool is not documented: hookcheck builds only afterFileEdit for --edit; pass --payload",
    ),
    run: Run::script_path(&[])
        .no_exec_form("Cursor has no exec form (`args`): a hook is one command")
        // Env table of the behaviour spec: CURSOR_VERSION is set, empty.
        .env(&[
            ("CURSOR_PROJECT_DIR", Var::Root),
            ("CURSOR_VERSION", Var::Literal("")),
            ("CLAUDE_PROJECT_DIR", Var::Root),
        ])
        .timeout_assumed(),
    reply: Reply::stdout(replies::RULES)
        .context(&["additional_context", "agent_message", "agentMessage"]),
    quirks: Quirks::NONE,
};

/// The tool events' fields after the tool call.
const TOOL_CALL: &str = r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_use_id":"hookcheck-cursor-tool-0001","cwd":"$ROOT"}"#;
const STOPPED: &str = r#"{"status":"completed","loop_count":0}"#;
const SESSION: &str = r#"{"session_id":"$SESSION"}"#;

/// Agent, Tab and app events (protocols-a.md §5), with the timeout assumed when the spec sets
/// none (behaviour spec, "Assumed results"). Only the permission events and beforeSubmitPrompt
/// can stop anything; Cursor does not wait for sessionStart and sessionEnd ("Async replies");
/// the matcher sees the field the docs name ("Matcher replies").
const EVENTS: &[Event] = &[
    event("sessionStart", Kind::SessionStart, 30).blocks(Blocks::No).detached().input(SESSION),
    event("sessionEnd", Kind::SessionEnd, 30).blocks(Blocks::No).detached().input(SESSION),
    event("preToolUse", Kind::BeforeTool, 30).input(TOOL_CALL),
    event("postToolUse", Kind::AfterTool, 30).blocks(Blocks::No).input(
        r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_use_id":"hookcheck-cursor-tool-0001","cwd":"$ROOT","tool_output":"","duration":0}"#,
    ),
    event("postToolUseFailure", Kind::Tool, 30).blocks(Blocks::No),
    event("subagentStart", Kind::Other, 30).matches("subagent_type"),
    event("subagentStop", Kind::Other, 30)
        .blocks(Blocks::No)
        .matches("subagent_type")
        .input(STOPPED),
    event("beforeShellExecution", Kind::Shell, 30)
        .matches_value("command")
        .input(r#"{"command":"$COMMAND","cwd":"$ROOT"}"#),
    event("afterShellExecution", Kind::Shell, 30)
        .blocks(Blocks::No)
        .matches_value("command")
        .input(r#"{"command":"$COMMAND","cwd":"$ROOT","output":"","duration":0}"#),
        // "before an MCP tool is executed" (protocols-a.md §5): no built-in tool fires it.
    event("beforeMCPExecution", Kind::BeforeTool, 30).only("an MCP tool call"),
    event("afterMCPExecution", Kind::AfterTool, 30).blocks(Blocks::No),
    // beforeReadFile: `file_path`, `content`, `attachments` (protocols-a.md §5).
    event("beforeReadFile", Kind::Read, 30)
        .matches_value("file_path")
        .input(r#"{"file_path":"$FILE","content":"","attachments":[]}"#),
    event("afterFileEdit", Kind::Edited, 30)
        .blocks(Blocks::No)
        .matches_value("file_path")
        .input(r#"{"file_path":"$FILE","edits":[{"old_string":"","new_string":""}]}"#),
    event("beforeSubmitPrompt", Kind::Prompt, 30)
        .matches_value("prompt")
        .input(r#"{"prompt":"$PROMPT","attachments":[]}"#),
    event("preCompact", Kind::Other, 30).blocks(Blocks::No),
    event("stop", Kind::Stop, 30).blocks(Blocks::No).input(STOPPED),
    event("afterAgentResponse", Kind::Other, 30).blocks(Blocks::No),
    event("afterAgentThought", Kind::Other, 30).blocks(Blocks::No),
    event("beforeTabFileRead", Kind::Other, 30).matches_value("file_path"),
    event("afterTabFileEdit", Kind::Other, 30)
        .blocks(Blocks::No)
        .matches_value("file_path"),
    event("workspaceOpen", Kind::Other, 30).blocks(Blocks::No),
];

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};
    use crate::trigger::Trigger;

    const SHELL: &str = "event: beforeShellExecution\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. S = behaviour spec (seed 002, "Cursor replies"),
    /// D = Cursor docs via protocols-a.md §5 [2nd].
    #[test]
    fn reader_table() {
        use Decision::*;
        use Effect::*;
        let fc = "event: preToolUse\ncommand: ./hook.sh\nfailClosed: true\n";
        #[rustfmt::skip]
        let rows: Vec<(&str, &str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            ("S no output fails open", SHELL, "beforeShellExecution", exit(0, "", ""), Allow, Proceeds),
            ("S exit 2 blocks", SHELL, "beforeShellExecution", exit(2, "", "no"), Block, Blocked),
            ("S exit 2 on preToolUse", SHELL, "preToolUse", exit(2, "", ""), Block, Blocked),
            ("S exit 2 on beforeSubmitPrompt", SHELL, "beforeSubmitPrompt", exit(2, "", ""), Block, Blocked),
            ("S exit 2 on afterFileEdit is error", SHELL, "afterFileEdit", exit(2, "", ""), Error, Proceeds),
            ("S permission deny", SHELL, "beforeShellExecution", exit(0, r#"{"permission":"deny"}"#, ""), Block, Blocked),
            ("S permission allow", SHELL, "beforeShellExecution", exit(0, r#"{"permission":"allow"}"#, ""), Allow, Proceeds),
            ("S ask blocks", SHELL, "beforeShellExecution", exit(0, r#"{"permission":"ask"}"#, ""), Block, Blocked),
            ("S ask not enforced on preToolUse", SHELL, "preToolUse", exit(0, r#"{"permission":"ask"}"#, ""), Allow, Proceeds),
            ("S deny on preToolUse", SHELL, "preToolUse", exit(0, r#"{"permission":"deny"}"#, ""), Block, Blocked),
            ("S not JSON blocks", SHELL, "beforeShellExecution", exit(0, "hello", ""), Block, Blocked),
            ("S invalid JSON blocks", SHELL, "beforeReadFile", exit(0, "{oops", ""), Block, Blocked),
            ("S unknown permission is not a valid reply", SHELL, "preToolUse", exit(0, r#"{"permission":"nope"}"#, ""), Block, Blocked),
            ("S empty object allows", SHELL, "preToolUse", exit(0, "{}", ""), Allow, Proceeds),
            ("S continue false on beforeSubmitPrompt", SHELL, "beforeSubmitPrompt", exit(0, r#"{"continue":false}"#, ""), Block, Blocked),
            ("S continue true on beforeSubmitPrompt", SHELL, "beforeSubmitPrompt", exit(0, r#"{"continue":true}"#, ""), Allow, Proceeds),
            ("S not JSON on beforeSubmitPrompt allows", SHELL, "beforeSubmitPrompt", exit(0, "hi", ""), Allow, Proceeds),
            ("S exit 1 fails open", SHELL, "beforeShellExecution", exit(1, "", "x"), Error, Proceeds),
            ("S timeout fails open", SHELL, "beforeShellExecution", timed_out(), Timeout, Proceeds),
            ("S failed start fails open", SHELL, "beforeShellExecution", not_started(), Error, Proceeds),
            ("S crash fails open", SHELL, "beforeShellExecution", signalled(9), Error, Proceeds),
            ("S failClosed: exit 1 blocks", fc, "preToolUse", exit(1, "", ""), Block, Blocked),
            ("S failClosed: timeout blocks", fc, "preToolUse", timed_out(), Block, Blocked),
            ("S failClosed: failed start blocks", fc, "preToolUse", not_started(), Block, Blocked),
            ("S failClosed cannot block afterShellExecution", fc, "afterShellExecution", exit(1, "", ""), Error, Proceeds),
            ("D stop followup_message allows", SHELL, "stop", exit(0, r#"{"followup_message":"go on"}"#, ""), Allow, Proceeds),
            ("D deny on postToolUse means nothing", SHELL, "postToolUse", exit(0, r#"{"permission":"deny"}"#, ""), Allow, Proceeds),
        ];
        testing::check_rows_each(&AGENT, rows);
    }

    #[test]
    fn context_and_rewrites() {
        let r = testing::read(
            &AGENT,
            SHELL,
            "preToolUse",
            &exit(
                0,
                r#"{"permission":"allow","updated_input":{"command":"ls"}}"#,
                "",
            ),
        );
        assert!(r.rewrites_input && r.decision == Decision::Allow);
        let r = testing::read(
            &AGENT,
            SHELL,
            "postToolUse",
            &exit(0, r#"{"additional_context":"x"}"#, ""),
        );
        assert!(r.adds_context);
        let r = testing::read(&AGENT, SHELL, "postToolUse", &exit(0, "{}", ""));
        assert!(!r.adds_context);
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "cursor", [
            ("before_shell", SHELL, bash("rm -rf build")),
            ("after_shell", "event: afterShellExecution\ncommand: ./h.sh\n", bash("ls")),
            ("pre_tool_shell", "on: before-tool\nmatch: shell\ncommand: ./h.sh\n", bash("git push -f")),
            ("post_tool_shell", "event: postToolUse\ncommand: ./h.sh\n", bash("ls")),
            ("after_file_edit", "on: after-edit\ncommand: ./h.sh\n", edit("src/a.rs", true)),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("stop", "on: stop\ncommand: ./h.sh\n", Trigger::None),
            (
                "before_read_file",
                "event: beforeReadFile\ncommand: ./h.sh\n",
                crate::agent::testing::read_file(".env"),
            ),
        ]);
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_plan_says(&AGENT, [
            ("event: PreToolUse\ncommand: ./h.sh\n", bash("ls"), "Cursor has no PreToolUse event"),
            ("event: preToolUse\ncommand: ./h.sh\n", edit("a.rs", true), "pass --payload"),
            ("event: postToolUse\ncommand: ./h.sh\n", edit("a.rs", true), "builds only afterFileEdit"),
            (SHELL, prompt("hi"), "not fired by --prompt"),
            ("event: beforeMCPExecution\ncommand: ./h.sh\n", bash("ls"), "pass --payload"),
            ("event: preToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n", bash("ls"), "not a valid regex"),
            ("event: preToolUse\ncommand: ./h.sh\nargs: [a]\n", bash("ls"), "no exec form"),
        ]);
    }

    /// Shell syntax runs on the assumed `sh -c`, recorded as an inline command.
    #[test]
    fn commands_with_shell_syntax_run_on_the_assumed_shell() {
        let run = run_plan(
            &AGENT,
            "event: beforeShellExecution\ncommand: ./a.sh | tee log\n",
            &bash("ls"),
        );
        let inv = run.commands[0].invocation.as_ref().expect("runs");
        assert_eq!(inv.args, ["-c", "./a.sh | tee log"]);
        let inline: Vec<_> = run
            .assumptions
            .iter()
            .filter(|a| a.item == "inline command")
            .map(|a| a.value.as_str())
            .collect();
        assert_eq!(inline, ["./a.sh | tee log"]);
    }

    /// The matcher sees the field the event names: tool_name, command, prompt, file_path.
    #[test]
    fn matchers() {
        #[rustfmt::skip]
        let rows = [
            ("event: preToolUse", "Shell", bash("ls"), true),
            ("event: preToolUse", "Write|Edit", bash("ls"), false),
            ("event: preToolUse", "^She", bash("ls"), true), // unanchored,
            ("event: beforeShellExecution", "rm ", bash("rm -rf x"), true),
            ("event: beforeShellExecution", "rm ", bash("ls"), false),
            ("event: beforeSubmitPrompt", "secret", prompt("a secret"), true),
            ("event: afterFileEdit", "\\.rs$", edit("a.rs", true), true),
            ("event: afterFileEdit", "\\.py$", edit("a.rs", true), false),
            ("event: stop", "anything", Trigger::None, true), // ignored,
        ];
        for (event, matcher, trigger, fires) in rows {
            let yaml = format!("{event}\nmatcher: '{matcher}'\ncommand: ./h.sh\n");
            let p = plan(&AGENT, &yaml, &trigger);
            assert_eq!(matches!(p, Plan::Run(_)), fires, "{event} {matcher}: {p:?}");
        }
        let p = plan(
            &AGENT,
            "event: preToolUse\nmatcher: Shell\ncommand: ./h.sh\n",
            &payload(serde_json::json!({"tool_name": "Read"})),
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
    }

    #[test]
    fn assumptions_env_and_async() {
        let run = run_plan(&AGENT, SHELL, &bash("ls"));
        let items: Vec<_> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
        assert_eq!(items, ["shell", "timeout"]);
        let inv = first_invocation(&run);
        assert_eq!((inv.program.as_str(), inv.timeout.as_secs()), ("sh", 30));
        assert!(
            inv.env
                .contains(&("CURSOR_PROJECT_DIR".into(), "/project".into()))
        );
        assert!(inv.env.contains(&("CURSOR_VERSION".into(), String::new())));
        assert!(
            inv.env
                .contains(&("CLAUDE_PROJECT_DIR".into(), "/project".into()))
        );

        let run = run_plan(
            &AGENT,
            "event: beforeShellExecution\ncommand: ./h.sh\ntimeout: 5\n",
            &bash("ls"),
        );
        assert_eq!(run.assumptions.len(), 1, "a spec timeout is not assumed");

        let run = run_plan(
            &AGENT,
            "event: sessionStart\ncommand: ./h.sh\n",
            &Trigger::None,
        );
        assert!(run.commands[0].is_async, "sessionStart is async in Cursor");
    }
}
