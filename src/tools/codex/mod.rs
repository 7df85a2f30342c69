//! OpenAI Codex CLI.
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Codex 0.171.0 run headless
//! against a fake model, 2026-11-30); openai/codex source: `codex-rs/hooks/src/engine/
//! command_runner.rs` @01746657 (shell), `output_parser.rs` @0ea83813 (replies),
//! `events/pre_tool_use.rs` @0082977c, `codex-rs/config/src/hook_config.rs` @012d0aa0 (events),
//! `codex-rs/core/src/tools/hook_names.rs` @05d99c83 (tool names), as collected in
//! docs/reference/protocols/protocols-a.md §2.

pub mod live;
pub mod native;
mod replies;

use super::{Agent, Files, Hooks, Live};
use crate::contract::reply::Reply;
use crate::contract::{
    Blocks, Contract, Event, Flavour, Input, Kind, Launch, Place, Portable, Quirks, Run, Stdio,
};
use crate::contract::{ToolCall, Tools, event};
use crate::matcher::{self, MatchError};

/// Codex's contract.
pub static AGENT: Agent = Agent {
    id: "codex",
    name: "Codex",
    checked: "2026-11-30",
    sources: &[
        "real agent: Codex 0.171.0 (docs/reference/real-agents.md, 2026-11-30)",
        "real agent: Codex 0.171.0, captured 2026-12-01 (fixtures/live/inputs/codex--bash.json): the shell",
        "real agent: Codex 0.171.0, behaviour campaign of 2026-12-01, situation edit, all 38 cells (fixtures/live/campaign/observations/edit/codex.json), live situation edit (fixtures/live/situations/observations/edit--*--codex.json) and its capture (fixtures/live/inputs/codex--edit.json): PreToolUse runs before the apply_patch tool, with tool_input.command the patch, reads the reply as before a shell call, and a block stops the edit",
        "source: openai/codex codex-rs/hooks/src/engine/command_runner.rs @01746657, output_parser.rs @0ea83813",
        "source: openai/codex codex-rs/config/src/hook_config.rs @012d0aa0, core/src/tools/hook_names.rs @05d99c83",
        "commits: none of the openai/codex commits cited here (@01746657, @0ea83813, @0082977c, @012d0aa0, @05d99c83) is checked against the rust-v0.171.0 tag: the stored index of openai/codex holds no tags, and codex-rs/Cargo.toml says version 0.0.0 at every commit (the release sets it). Checked instead, 2026-12-01: the messages the rows quote (\"PostToolUse hook exited with code 2 but did not write feedback to stderr\", \"PostToolUse hook stopped execution\", \"hook returned invalid post-tool-use JSON output\", \"unsupported continue:false\", \"unsupported permissionDecision:ask\", \"without a non-empty permissionDecisionReason\", \"did not write a blocking reason to stderr\") are all in the @openai/codex-linux-x64 0.171.0 binary",
        "docs: https://developers.openai.com/codex/hooks",
        "protocols-a.md §2 Config (openai/codex discovery.rs @0082977c, hook_config.rs @012d0aa0)",
    ],
    session_vars: &[
        "CODEX_SANDBOX",
        "CODEX_SANDBOX_NETWORK_DISABLED",
        "CODEX_THREAD_ID",
        "CODEX_CI",
        // For a plugin's hooks only (protocols-a.md §2 Process "Env", command_runner.rs
        // @01746657).
        "PLUGIN_ROOT",
        "CLAUDE_PLUGIN_ROOT",
        "PLUGIN_DATA",
        "CLAUDE_PLUGIN_DATA",
    ],
    notes: &[
        "Codex runs a hook only once it is trusted (/hooks, or --dangerously-bypass-hook-trust); an untrusted or modified hook is skipped silently",
        "Codex offers its apply_patch tool only to a model of its catalog: with any other model there is no edit tool, edits go through the shell tool (an apply_patch heredoc, say), and no hook matched on apply_patch, Edit or Write runs for them (real agent: Codex 0.171.0, 2026-12-01, the edit campaign recorded with such a model, in git history before the record of fixtures/live/campaign/observations/edit/codex.json)",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Codex does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: super::claude::PORTABLE_EVENTS,
        shell: "Bash",
        edit: "apply_patch",
        // Codex has no separate read tool: reads go through the shell.
        read: "Bash",
        web: "web_search",
        mcp: "mcp__{server}__.*",
    },
    tools: Tools {
        // Shell calls of every kind report tool_name "Bash" (hook_names.rs).
        shell: ToolCall::new("Bash", r#"{"command":"$COMMAND"}"#, RESPONSE),
        // The apply_patch text Codex sends for an edit: Update for an existing file, Add for a
        // new one.
        edit: &[ToolCall::new(
            "apply_patch",
            r#"{"command":"*** Begin Patch\n*** Update File: $RELFILE\n@@\n-\n+\n*** End Patch\n"}"#,
            RESPONSE,
        )
        .new_file(r#"{"command":"*** Begin Patch\n*** Add File: $RELFILE\n+\n*** End Patch\n"}"#)],
        read: &["Bash"],
        read_input: "$NONE:Codex reads files with its shell tool: pass --bash 'cat PATH'",
        web: &["web_search"],
        // real agent: Codex 0.171.0 offers an MCP server's tools to the model as a namespace
        // `mcp__SERVER` and gives a hook `mcp__SERVER__TOOL`, 2026-12-05
        // (fixtures/live/mcp/inputs/mcp-any-stdin--codex.json).
        mcp: "mcp__{server}__{tool}",
        mcp_input: "",
    },
    matcher: Flavour::Custom(matcher_matches),
    // transcript_path: the session's rollout file, a string in every recorded input (real agent
    // Codex 0.171.0, captured 2026-12-01, fixtures/live/inputs/codex--*.json), not null.
    input: Input::common(
        r#"{"session_id":"$SESSION","transcript_path":"$TRANSCRIPTS/.codex/sessions/2026/01/01/rollout-2026-01-01T00-00-00-$SESSION.jsonl","cwd":"$ROOT","hook_event_name":"$EVENT","model":"gpt-5-codex"}"#,
    ),
    // /bin/bash -c, not a login shell, whatever $SHELL says. real agent: Codex 0.171.0,
    // captured 2026-12-01 with SHELL=/bin/sh (fixtures/live/inputs/codex--bash.json). This
    // contradicts command_runner.rs @01746657 ($SHELL -lc), read earlier: the binary wins.
    run: Run::argv(&["/bin/bash", "-c"])
        // Started in a subfolder (of a git repository or not), the hook runs there,
        // not the repository's root. real agent: Codex 0.171.0, captured 2026-12-04
        // (fixtures/live/start-in/codex--bash--git--in-sub.json, codex--bash--in-sub.json).
        .runs_where_started()
        // stdio pipes; the shell in its own process group and its own session.
        // real agent: Codex 0.171.0, captured 2026-12-03 (fixtures/live/launch/codex--bash.json).
        .launch(Launch::seen(
            Stdio::Pipe,
            Place::Own,
            Place::Own,
            "fixtures/live/launch/codex--bash.json",
        ))
        .no_exec_form("Codex has no exec form (`args`): a hook is one command run by the shell")
        // `timeout(wait_with_output())` (command_runner.rs @01746657): a child holding the
        // pipes makes the hook time out. real agent: Codex 0.171.0, campaign shell cells
        // bg-exit0_* and bg-exit2_none_text allow, detached-exit2_none_text blocks, recorded
        // 2026-12-02 (fixtures/live/campaign/observations/shell/codex.json).
        .reads_to_eof()
        // The npm launcher (@openai/codex 0.171.0, bin/codex.js) sets these before it execs
        // the native binary, so every hook sees them (fixtures/live/inputs/codex--*.json,
        // captured 2026-12-01).
        .inherits(&[
            ("CODEX_MANAGED_BY_NPM", "1"),
            ("CODEX_MANAGED_PACKAGE_ROOT", "<the @openai/codex package folder>"),
        ]),
    reply: Reply::stdout(replies::RULES)
        .context(&["hookSpecificOutput.additionalContext"]),
    quirks: Quirks::NONE,
};

/// The tool's output as one string: captured from Codex 0.171.0, 2026-12-01
/// (fixtures/live/inputs/codex--post-bash.json: `tool_response` is a string, not an object).
const RESPONSE: &str = r#""""#;

/// hook_config.rs @012d0aa0, plus the events newer docs and schemas add. Nothing can be
/// blocked on the session, compact, stop-failure and interrupt events; UserPromptSubmit, Stop
/// and the compact events ignore the matcher (discovery.rs).
const EVENTS: &[Event] = &[
    event("PreToolUse", Kind::BeforeTool, 600).input(
        r#"{"turn_id":"1","permission_mode":"default","tool_name":"$TOOL","tool_input":"$INPUT","tool_use_id":"call_hookcheck_0001"}"#,
    ),
    event("PermissionRequest", Kind::Tool, 600).input(
        r#"{"turn_id":"1","permission_mode":"default","tool_name":"$TOOL","tool_input":"$INPUT"}"#,
    ),
    event("PostToolUse", Kind::AfterTool, 600)
        .blocks(Blocks::After(
            "the tool already ran: the reason replaces its result for the model",
        ))
        .input(
            r#"{"turn_id":"1","permission_mode":"default","tool_name":"$TOOL","tool_input":"$INPUT","tool_response":"$RESPONSE","tool_use_id":"call_hookcheck_0001"}"#,
        ),
    event("PreCompact", Kind::Other, 600)
        .blocks(Blocks::No)
        .input(r#"{"turn_id":"1","permission_mode":"default","trigger":"$MATCH:manual"}"#),
    event("PostCompact", Kind::Other, 600)
        .blocks(Blocks::No)
        .input(r#"{"turn_id":"1","permission_mode":"default","trigger":"$MATCH:manual"}"#),
    // permission_mode: captured from 0.171.0, 2026-12-01 (fixtures/live/inputs/codex--session.json).
    event("SessionStart", Kind::SessionStart, 600)
        .blocks(Blocks::No)
        .stdout_context()
        .matches("source")
        .input(r#"{"permission_mode":"default","source":"$MATCH:startup"}"#),
    event("UserPromptSubmit", Kind::Prompt, 600)
        .stdout_context()
        .input(r#"{"turn_id":"1","permission_mode":"default","prompt":"$PROMPT"}"#),
    event("Stop", Kind::Stop, 600).input(STOP),
    event("SubagentStart", Kind::Other, 600),
    event("SubagentStop", Kind::Other, 600).input(STOP),
    event("StopFailure", Kind::Other, 600).blocks(Blocks::No),
    event("Interrupt", Kind::Other, 1).blocks(Blocks::No),
    event("SessionEnd", Kind::SessionEnd, 1).blocks(Blocks::No),
];

const STOP: &str = r#"{"turn_id":"1","permission_mode":"default","stop_hook_active":false,"last_assistant_message":"Done."}"#;

/// `*`, empty: all; only `[A-Za-z0-9_|]`: exact names; else the Rust regex crate, unanchored
/// (discovery.rs); an invalid regex drops the whole group at load. apply_patch also answers to
/// `Edit` and `Write` (hook_names.rs @05d99c83), though stdin still says apply_patch: no
/// flavour has aliases, so this is Codex's own rule. In 0.171.0 too: a hook matched on `Edit`
/// blocked an apply_patch call (real agent: Codex 0.171.0, 2026-12-01, cell exit2_none_text of
/// the edit campaign run once with the driver's matcher set to `Edit`; not recorded).
fn matcher_matches(_event: &str, pattern: &str, name: &str) -> Result<bool, MatchError> {
    let names: &[&str] = match name {
        "apply_patch" => &["apply_patch", "Edit", "Write"],
        other => &[other],
    };
    if matcher::is_match_all(pattern) {
        return Ok(true);
    }
    let mut hit = false;
    for n in names {
        hit |= if matcher::is_exact_list(pattern) {
            matcher::exact_list_matches(pattern, n)
        } else {
            matcher::rust_regex_matches(pattern, n)?
        };
    }
    Ok(hit)
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: Bash\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. R = real-agents.md (Codex 0.171.0), S =
    /// output_parser.rs @0ea83813 / pre_tool_use.rs, C = the behaviour campaign
    /// (fixtures/live/campaign, 2026-12-01), L = a live situation (fixtures/live/situations).
    #[test]
    fn reader_table() {
        use Decision::*;
        #[rustfmt::skip]
        let rows: Vec<Row> = vec![
            ("R exit 0, no output", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds),
            ("R exit 2 + stderr", "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked),
            ("R exit 2, empty stderr", "PreToolUse", exit(2, "reason on stdout", ""), Error, Effect::Proceeds),
            ("R exit 1 + stderr", "PreToolUse", exit(1, "", "oops"), Error, Effect::Proceeds),
            ("R hookSpecificOutput deny", "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"nope"}}"#, ""), Block, Effect::Blocked),
            ("C hookSpecificOutput deny without a reason is dropped", "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"  "}}"#, ""), Error, Effect::Proceeds),
            ("C hookSpecificOutput without hookEventName is not read", "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"nope"}}"#, ""), Error, Effect::Proceeds),
            ("R decision block", "PreToolUse", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("R decision deny", "PreToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Error, Effect::Proceeds),
            ("R top-level permissionDecision", "PreToolUse", exit(0, r#"{"permissionDecision":"deny"}"#, ""), Error, Effect::Proceeds),
            ("R cancel", "PreToolUse", exit(0, r#"{"cancel":true}"#, ""), Error, Effect::Proceeds),
            ("R timeout", "PreToolUse", timed_out(), Timeout, Effect::Proceeds),
            ("R missing script (127)", "PreToolUse", exit(127, "", "sh: 1: ./x: not found"), Error, Effect::Proceeds),
            ("S allow without updatedInput", "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}"#, ""), Error, Effect::Proceeds),
            ("S ask unsupported", "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}"#, ""), Error, Effect::Proceeds),
            ("S allow + updatedInput rewrites", "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls"}}}"#, ""), Allow, Effect::Proceeds),
            ("S continue false unsupported", "PreToolUse", exit(0, r#"{"continue":false}"#, ""), Error, Effect::Proceeds),
            ("S decision approve unsupported", "PreToolUse", exit(0, r#"{"decision":"approve"}"#, ""), Error, Effect::Proceeds),
            ("S invalid JSON fails", "PreToolUse", exit(0, "{nope", ""), Error, Effect::Proceeds),
            ("S plain text ignored", "PreToolUse", exit(0, "hello", ""), Allow, Effect::Proceeds),
            ("S failed start", "PreToolUse", not_started(), Error, Effect::Proceeds),
            ("S prompt block needs a reason", "UserPromptSubmit", exit(0, r#"{"decision":"block"}"#, ""), Error, Effect::Proceeds),
            ("S prompt block with reason", "UserPromptSubmit", exit(0, r#"{"decision":"block","reason":"no"}"#, ""), Block, Effect::Blocked),
            ("S prompt exit 2 + stderr", "UserPromptSubmit", exit(2, "", "no"), Block, Effect::Blocked),
            ("S stop continue false", "Stop", exit(0, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("L continue false after the tool is feedback, the turn goes on", "PostToolUse", exit(0, r#"{"continue":false,"stopReason":"x"}"#, ""), Block, Effect::Proceeds),
            ("S exit 2 on SessionStart", "SessionStart", exit(2, "", "x"), Error, Effect::Proceeds),
            ("S PermissionRequest deny", "PermissionRequest", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no"}}}"#, ""), Block, Effect::Blocked),
        ];
        testing::check_rows(&AGENT, PRE, rows);
        let r = testing::read(
            &AGENT,
            PRE,
            "UserPromptSubmit",
            &exit(0, "more context", ""),
        );
        assert!(
            r.adds_context,
            "plain stdout on UserPromptSubmit is context"
        );
    }

    #[test]
    fn inputs() {
        let portable_edit = "on: before-tool\nmatch: edit\ncommand: ./h.sh\n";
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "codex", [
            ("bash", PRE, bash("git push -f")),
            ("edit_new_file", portable_edit, edit(".github/workflows/new.yml", false)),
            ("edit_existing_file", "event: PreToolUse\nmatcher: Edit|Write\ncommand: ./h.sh\n", edit("src/main.rs", true)),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("stop", "on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
        ]);
    }

    #[test]
    fn matchers_and_aliases() {
        let rows = [
            ("Bash", "Bash", true),
            ("Edit", "apply_patch", true),
            ("Write", "apply_patch", true),
            ("Edit|Write", "apply_patch", true),
            ("apply_patch", "apply_patch", true),
            ("^Ba", "Bash", true),
            ("Edit", "Bash", false),
            ("*", "anything", true),
        ];
        testing::check_matchers(
            &AGENT,
            "PreToolUse",
            &rows,
            |tool| serde_json::json!({"tool_name": tool, "tool_input": {}}),
        );
        let p = plan(
            &AGENT,
            "event: PreToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n",
            &bash("ls"),
        );
        assert!(
            matches!(p, Plan::NotRun { .. }),
            "an invalid regex drops the group: {p:?}"
        );
    }

    #[test]
    fn bash_not_a_login_shell_whatever_shell_says() {
        let run = run_plan(&AGENT, PRE, &bash("ls"));
        let inv = first_invocation(&run);
        // Codex 0.171.0, captured with SHELL=/bin/sh (fixtures/live/inputs/codex--bash.json).
        assert_eq!(
            (inv.program.as_str(), inv.args.as_slice()),
            (
                "/bin/bash",
                &["-c".to_string(), "./hook.sh".to_string()][..]
            )
        );
        assert!(
            !inv.env.iter().any(|(k, _)| k == "CLAUDE_PROJECT_DIR"),
            "Codex sets no project dir"
        );
    }
}
