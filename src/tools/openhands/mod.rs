//! OpenHands (the software-agent-sdk that the OpenHands CLI and app run on).
//!
//! Sources (read 2026-11-30): OpenHands/software-agent-sdk @611629e6 (2026-08-22, openhands-sdk
//! 1.43.1): `openhands-sdk/openhands/sdk/hooks/executor.py` (replies, shell, env; last changed
//! 5bfa7fc5, 2026-08-12), `hooks/config.py` (`HookMatcher.matches`, 60 s default), `hooks/types.py`
//! (events, stdin model), `hooks/manager.py` and `conversation_hooks.py` (which events honour a
//! block), `openhands-tools/openhands/tools/terminal/definition.py` (`TerminalAction`); as
//! collected in docs/reference/protocols/protocols-b.md §8; the `hook run` behaviour spec
//! (docs/reference/seeds/002_868b68abc3040bdc.txt).

pub mod live;
pub mod native;
mod replies;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, PlanContext};
use crate::agent::shared;
use crate::contract::reply::Reply;
use crate::contract::{
    Blocks, Contract, Event, Flavour, Input, Kind, Launch, Place, Portable, Quirks, Run, Stdio,
    Stop,
};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::matcher::{self, MatchError};

/// OpenHands' contract.
pub static AGENT: Agent = Agent {
    id: "openhands",
    name: "OpenHands",
    checked: "2026-12-01",
    sources: &[
        "real agent: openhands 1.16.0 (PyPI; openhands-sdk 1.21.0), captured 2026-12-01 (fixtures/live/inputs/openhands--*.json): the shell, the payloads and the environment",
        "source: OpenHands/software-agent-sdk @611629e6 openhands-sdk/openhands/sdk/hooks/executor.py, config.py, types.py, manager.py, conversation_hooks.py",
        "docs: OpenHands/software-agent-sdk examples/01_standalone_sdk/33_hooks/README.md",
        "protocols-b.md §8 Config (OpenHands/software-agent-sdk @611629e6 hooks/config.py)",
    ],
    session_vars: &[
        "OPENHANDS_PROJECT_DIR",
        "OPENHANDS_SESSION_ID",
        "OPENHANDS_EVENT_TYPE",
        "OPENHANDS_TOOL_NAME",
    ],
    notes: &[
        "OpenHands reads the first of <project>/.openhands/hooks.json and ~/.openhands/hooks.json: a project file hides the user's",
        "hooks run one after another and stop at the first that blocks",
        "live mode runs the PyPI CLI, pip install openhands==1.16.0 (openhands-sdk 1.21.0, Python >= 3.12; HOOKCHECK_OPENHANDS_PYTHON=python3.12 scripts/live-tier.sh installs it): `openhands --headless --json --override-with-envs` against the fake model at LLM_BASE_URL",
        "live mode needs a Python >= 3.12 for it: where none can be downloaded, one built from Debian's python3.13 source package works (done 2026-12-04 with 3.13.5; docs/dev/live-campaign.md, \"The live tier\")",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What OpenHands does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: super::claude::PORTABLE_EVENTS,
        shell: "terminal",
        edit: "file_editor",
        read: "file_editor",
        web: "$NONE:OpenHands has no web tool hookcheck knows the name of",
        // An MCP tool is named by its own name alone (below): no matcher picks one server's.
        mcp: "$NONE:OpenHands names an MCP tool by the tool's own name, without its server, so no matcher picks one server's tools: name them in a native matcher",
    },
    tools: Tools {
        shell: ToolCall {
            name: "terminal",
            // TerminalAction.model_dump(), with the computed `kind` field last.
            input: r#"{"command":"$COMMAND","is_input":false,"timeout":null,"reset":false,"kind":"TerminalAction"}"#,
            new_file: None,
            // TerminalObservation.model_dump() (openhands-tools 1.21.0 terminal/definition.py,
            // metadata.py `CmdOutputMetadata`), as captured from openhands 1.16.0, 2026-12-01
            // (fixtures/live/inputs/openhands--post-bash.json): the shell's metadata and the
            // folder the full output is saved in (the CLI's conversation folder).
            response: r#"{"content":[{"type":"text","text":""}],"is_error":false,"command":"$COMMAND","exit_code":0,"timeout":false,"metadata":{"exit_code":0,"pid":-1,"username":"hookcheck","hostname":"localhost","working_dir":"$ROOT","py_interpreter_path":"/usr/bin/python3","prefix":"","suffix":"\n[The command completed with exit code 0.]"},"full_output_save_dir":"$HOME/.openhands/conversations/$SESSION/observations","kind":"TerminalObservation"}"#,
        },
        // FileEditorAction.model_dump() and FileEditorObservation's (openhands-tools 1.21.0
        // file_editor/definition.py), the computed `kind` last: a `str_replace` on a file that
        // exists, a `create` of a new one; the create captured from openhands 1.16.0,
        // 2026-12-01 (fixtures/live/inputs/openhands--edit.json).
        edit: &[ToolCall::new(
            "file_editor",
            r#"{"command":"str_replace","path":"$FILE","file_text":null,"old_str":"","new_str":"","insert_line":null,"view_range":null,"kind":"FileEditorAction"}"#,
            r#"{"content":[{"type":"text","text":""}],"is_error":false,"command":"str_replace","path":"$FILE","prev_exist":true,"old_content":"","new_content":"","kind":"FileEditorObservation"}"#,
        )
        .new_file(
            r#"{"command":"create","path":"$FILE","file_text":"","old_str":null,"new_str":null,"insert_line":null,"view_range":null,"kind":"FileEditorAction"}"#,
        )],
        read: &["file_editor"],
        read_input: "$NONE:OpenHands's docs give no read tool's input, so hookcheck builds none for --read: pass --payload",
        web: &[],
        // The tool's own name, no server, and its arguments wrapped as an `MCPToolAction`.
        // real agent: OpenHands 1.16.0, 2026-12-05
        // (fixtures/live/mcp/inputs/mcp-any-stdin--openhands.json).
        mcp: "{tool}",
        mcp_input: r#"{"tool_input":{"data":"{input}","kind":"MCPToolAction"}}"#,
    },
    matcher: Flavour::Custom(matches),
    // The `HookEvent` model, every key present (hooks/types.py).
    input: Input::common(
        r#"{"event_type":"$EVENT","tool_name":null,"tool_input":null,"tool_response":null,"message":null,"session_id":"$SESSION","working_dir":"$ROOT","metadata":{}}"#,
    ),
    run: Run::argv(if cfg!(windows) { &["cmd.exe", "/c"] } else { &["/bin/sh", "-c"] })
        .no_exec_form("OpenHands has no exec form (`args`): it runs `command` with shell=True")
        // stdio pipes; the shell in the agent's process group and session (subprocess.run
        // with no new session). real agent: openhands 1.16.0, captured 2026-12-04
        // (fixtures/live/launch/openhands--bash.json, Python 3.13.5).
        .launch(Launch::seen(
            Stdio::Pipe,
            Place::Agents,
            Place::Agents,
            "fixtures/live/launch/openhands--bash.json",
        ))
        // Started in a subfolder (of a git repository or not), the hook runs there and
        // OPENHANDS_PROJECT_DIR names it. real agent: openhands 1.16.0, captured 2026-12-04
        // (fixtures/live/start-in/openhands--bash--git--in-sub.json, openhands--bash--in-sub.json).
        .runs_where_started()
        // Started in a subfolder of a git repository, it does not read the root's
        // .openhands/hooks.json; started at the root it does. real agent: openhands 1.16.0,
        // 2026-12-04 (fixtures/live/lifecycle/repo-hooks/in-sub/exit2-stderr--openhands.json:
        // allow; at-root/exit2-stderr--openhands.json: block).
        .project_files_where_started()
        // A child holding the pipes makes the hook time out. real agent: openhands 1.16.0,
        // campaign shell cell bg-exit2_none_text allows, recorded 2026-12-02
        // (fixtures/live/campaign/observations/shell/openhands.json).
        // An event's hooks in order (multi-order: `order: A B`), none after one that blocks:
        // real agent OpenHands 1.16.0, live 2026-12-04
        // (fixtures/live/multi/observations/multi-block-trace--openhands.json; hooks/manager.py).
        .stops_at_block("real agent: OpenHands 1.16.0, fixtures/live/multi/observations/multi-block-trace--openhands.json")
        .reads_to_eof()
        // executor.py: OPENHANDS_PROJECT_DIR, _SESSION_ID, _EVENT_TYPE, _TOOL_NAME (tool events).
        .env(&[
            ("OPENHANDS_PROJECT_DIR", Var::Root),
            ("OPENHANDS_SESSION_ID", Var::Session),
            ("OPENHANDS_EVENT_TYPE", Var::Event),
            ("OPENHANDS_TOOL_NAME", Var::Tool),
            // Not the executor's: the LLM model sets them in the agent's own environment
            // (openhands-sdk 1.21.0 llm/llm.py `_set_env_side_effects`, defaults of
            // `openrouter_site_url` and `openrouter_app_name`), so every hook inherits them;
            // captured from openhands 1.16.0, 2026-12-01 (fixtures/live/inputs/openhands--bash.json).
            ("OR_SITE_URL", Var::Literal("https://docs.all-hands.dev/")),
            ("OR_APP_NAME", Var::Literal("OpenHands")),
        ]),
    reply: Reply::stdout(replies::RULES)
        .context(&["additionalContext"]),
    quirks: Quirks::NONE.gate(gate),
};

/// `HookEventType` in hooks/types.py, 60 s each (config.py). The matcher is compared with the
/// tool name on every event; only PreToolUse, UserPromptSubmit and Stop act on a block, and
/// only UserPromptSubmit and Stop pass `additionalContext` on (manager.py,
/// conversation_hooks.py).
const EVENTS: &[Event] = &[
    event("PreToolUse", Kind::BeforeTool, 60)
        .json_fields_ignored()
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#),
    event("PostToolUse", Kind::AfterTool, 60)
        .blocks(Blocks::No)
        .json_fields_ignored()
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_response":"$RESPONSE"}"#),
    event("UserPromptSubmit", Kind::Prompt, 60)
        .matches("tool_name")
        .input(r#"{"message":"$PROMPT"}"#),
    event("SessionStart", Kind::SessionStart, 60)
        .blocks(Blocks::No)
        .json_fields_ignored()
        .matches("tool_name")
        .input("{}"),
    event("SessionEnd", Kind::SessionEnd, 60)
        .blocks(Blocks::No)
        .json_fields_ignored()
        .matches("tool_name")
        .input("{}"),
    // The conversation runs Stop hooks with reason "agent_finished" in the metadata
    // (openhands-sdk 1.21.0 local_conversation.py, manager.py `run_stop`); captured from
    // openhands 1.16.0, 2026-12-01 (fixtures/live/inputs/openhands--stop.json).
    event("Stop", Kind::Stop, 60)
        .blocks(Blocks::Continues("a Stop block keeps the agent working"))
        .matches("tool_name")
        .input(r#"{"metadata":{"reason":"agent_finished"}}"#),
];

/// `HookMatcher.matches` (config.py @611629e6): `*` or empty: all; `/re/`: Python
/// `re.fullmatch`, no match when invalid; a pattern with any of `|.*+?[]()^$\`: `re.fullmatch`,
/// falling back to an exact comparison when invalid; else the exact name.
fn matches(_event: &str, pattern: &str, name: &str) -> Result<bool, MatchError> {
    if pattern.is_empty() || pattern == "*" {
        return Ok(true);
    }
    if pattern.len() > 2 && pattern.starts_with('/') && pattern.ends_with('/') {
        return Ok(
            matcher::python_fullmatch(&pattern[1..pattern.len() - 1], name).unwrap_or(false),
        );
    }
    if pattern.chars().any(|c| "|.*+?[]()^$\\".contains(c))
        && let Ok(hit) = matcher::python_fullmatch(pattern, name)
    {
        return Ok(hit);
    }
    Ok(pattern == name)
}

/// An event without a tool name matches only `*` or an empty matcher (config.py), which the
/// generic matcher, seeing no name, cannot say; an async PreToolUse hook cannot block.
fn gate(cx: &PlanContext, event: &str, payload: &Value) -> Result<Vec<String>, Stop> {
    let matcher = shared::spec_matcher(&CONTRACT, cx);
    let named = payload.get("tool_name").is_some_and(Value::is_string);
    if !(named || matcher.is_empty() || matcher == "*") {
        return Err(Stop::Skip(format!(
            "matcher \"{matcher}\" does not match: OpenHands compares it with the tool name, which this event has none of"
        )));
    }
    if cx.spec.is_async() && event == "PreToolUse" {
        return Ok(vec![
            "an async PreToolUse hook cannot block the tool call (manager.py)".to_string(),
        ]);
    }
    Ok(Vec::new())
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: terminal\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. X = executor.py @611629e6, M = manager.py (which
    /// events honour a block), S = behaviour spec (seed 002).
    #[test]
    fn reader_table() {
        use Decision::*;
        #[rustfmt::skip]
        let rows: Vec<Row> = vec![
            ("X exit 0", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds),
            ("X exit 2 blocks", "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked),
            ("X exit 2, empty stderr blocks", "PreToolUse", exit(2, "", ""), Block, Effect::Blocked),
            ("X exit 1 is a non-blocking error", "PreToolUse", exit(1, "", "x"), Error, Effect::Proceeds),
            ("X deny at exit 0", "PreToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Block, Effect::Blocked),
            ("S deny at exit 1 blocks", "PreToolUse", exit(1, r#"{"decision":"deny"}"#, ""), Block, Effect::Blocked),
            ("X deny is lower-cased", "PreToolUse", exit(0, r#"{"decision":"DENY"}"#, ""), Block, Effect::Blocked),
            ("X continue false at exit 3", "UserPromptSubmit", exit(3, r#"{"continue":false}"#, ""), Block, Effect::Blocked),
            ("X continue null is falsy", "Stop", exit(0, r#"{"continue":null}"#, ""), Block, Effect::Blocked),
            ("X decision block is not recognised", "PreToolUse", exit(0, r#"{"decision":"block"}"#, ""), Allow, Effect::Proceeds),
            ("X decision ask is not recognised", "PreToolUse", exit(0, r#"{"decision":"ask"}"#, ""), Allow, Effect::Proceeds),
            ("X hookSpecificOutput is ignored", "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#, ""), Allow, Effect::Proceeds),
            ("X allow does not undo exit 2", "PreToolUse", exit(2, r#"{"decision":"allow"}"#, ""), Block, Effect::Blocked),
            ("X non-string decision fails open", "PreToolUse", exit(0, r#"{"decision":null}"#, ""), Error, Effect::Proceeds),
            ("X non-JSON stdout ignored", "PreToolUse", exit(0, "hello", ""), Allow, Effect::Proceeds),
            ("X two objects are not JSON", "PreToolUse", exit(0, "{}\n{\"decision\":\"deny\"}", ""), Allow, Effect::Proceeds),
            ("M exit 2 on PostToolUse cannot block", "PostToolUse", exit(2, "", "x"), Error, Effect::Proceeds),
            ("M deny on SessionStart cannot block", "SessionStart", exit(0, r#"{"decision":"deny"}"#, ""), Error, Effect::Proceeds),
            ("M Stop block keeps the agent going", "Stop", exit(2, "", "x"), Block, Effect::Blocked),
            ("X timeout fails open", "PreToolUse", timed_out(), Timeout, Effect::Proceeds),
            ("X command not found fails open", "PreToolUse", not_started(), Error, Effect::Proceeds),
            ("X signal", "PreToolUse", signalled(9), Error, Effect::Proceeds),
        ];
        testing::check_rows(&AGENT, PRE, rows);
    }

    #[test]
    fn context() {
        let ctx = r#"{"additionalContext":"branch main"}"#;
        let rows = [
            ("UserPromptSubmit", true),
            ("Stop", true),
            ("PreToolUse", false),
            ("SessionStart", false),
        ];
        for (event, adds) in rows {
            let r = testing::read(&AGENT, PRE, event, &exit(0, ctx, ""));
            assert_eq!(r.adds_context, adds, "{event}: {r:?}");
        }
        let r = testing::read(&AGENT, PRE, "UserPromptSubmit", &exit(0, "plain text", ""));
        assert!(!r.adds_context, "plain stdout is not context");
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "openhands", [
            ("bash", PRE, bash("rm -rf build")),
            ("post_bash", "event: PostToolUse\ncommand: ./h.sh\n", bash("ls")),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the tests")),
            ("stop", "on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
            ("edit_new", "event: PreToolUse\nmatcher: file_editor\ncommand: ./h.sh\n", edit("notes.txt", false)),
        ]);
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_not_run(&AGENT, [
            ("event: PreToolUse\ncommand: h\nargs: [a]\n", bash("ls"), "exec form"),
            ("event: Notification\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "OpenHands has no Notification"),
            (PRE, prompt("hi"), "not fired by --prompt"),
        ]);
    }

    /// HookMatcher.matches (config.py @611629e6).
    #[test]
    fn matchers() {
        let rows = [
            ("*", "terminal", true),
            ("", "terminal", true),
            ("terminal", "terminal", true),
            ("term", "terminal", false),  // exact
            ("term.*", "terminal", true), // regex characters: fullmatch
            ("erm.*", "terminal", false), // anchored at the start
            ("terminal|file_editor", "file_editor", true),
            ("/term/", "terminal", false), // /re/: fullmatch
            ("/term.+/", "terminal", true),
            ("/(/", "terminal", false), // invalid /re/: no match
            ("a(", "a(", true),         // invalid regex: exact comparison
            ("Bash", "terminal", false),
        ];
        testing::check_matchers(
            &AGENT,
            "PreToolUse",
            &rows,
            |tool| serde_json::json!({"tool_name": tool, "tool_input": {}}),
        );
        // Events without a tool name match only `*` or empty.
        let p = plan(
            &AGENT,
            "event: Stop\nmatcher: terminal\ncommand: ./h.sh\n",
            &crate::trigger::Trigger::None,
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
        let p = plan(
            &AGENT,
            "event: Stop\nmatcher: \"*\"\ncommand: ./h.sh\n",
            &crate::trigger::Trigger::None,
        );
        assert!(matches!(p, Plan::Run(_)), "{p:?}");
    }

    #[test]
    fn shell_env_timeout() {
        let inv = bash_invocation(
            &AGENT,
            "event: PreToolUse\ncommand: ./h.sh | cat\nenv: {K: v}\n",
        );
        assert_eq!(inv.program, "/bin/sh");
        assert_eq!(inv.args, ["-c", "./h.sh | cat"]);
        for (k, v) in [
            ("OPENHANDS_PROJECT_DIR", "/project"),
            ("OPENHANDS_SESSION_ID", "hookcheck-openhands-session-0001"),
            ("OPENHANDS_EVENT_TYPE", "PreToolUse"),
            ("OPENHANDS_TOOL_NAME", "terminal"),
            ("OR_SITE_URL", "https://docs.all-hands.dev/"),
            ("OR_APP_NAME", "OpenHands"),
            ("K", "v"),
        ] {
            assert!(inv.env.contains(&(k.into(), v.into())), "{k}");
        }
        assert_eq!(inv.timeout.as_secs(), 60);
    }
}
