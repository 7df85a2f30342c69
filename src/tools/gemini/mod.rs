//! Gemini CLI.
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Gemini CLI 0.61.0 run headless
//! with scripted model turns, 2026-11-30; against the fake model server's Gemini API since
//! 2026-12-01: the behaviour campaign, fixtures/live/campaign/observations/*/gemini.json);
//! google-gemini/gemini-cli @5411f113 (2026-08-21):
//! `packages/core/src/hooks/{hookRunner,hookPlanner,hookAggregator,types}.ts`,
//! `packages/core/src/utils/shell-utils.ts`, docs `docs/hooks/reference.md`, as collected in
//! docs/reference/protocols/protocols-a.md §3.

pub mod live;
pub mod native;
mod replies;

pub use crate::plan::{expand, resolve_env_refs};

use super::{Agent, Files, Hooks, Live};
use crate::contract::reply::{Reply, Stream};
use crate::contract::{
    Blocks, Contract, Event, Flavour, Input, Kind, Launch, Place, Portable, Quirks, Run, Stdio,
};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::spec::On;

/// Gemini CLI's contract.
pub static AGENT: Agent = Agent {
    id: "gemini",
    name: "Gemini CLI",
    checked: "2026-11-30",
    sources: &[
        "real agent: Gemini CLI 0.61.0 (docs/reference/real-agents.md, 2026-11-30)",
        "source: google-gemini/gemini-cli @5411f113 packages/core/src/hooks/hookRunner.ts, hookPlanner.ts, hookAggregator.ts",
        "docs: https://github.com/google-gemini/gemini-cli/blob/main/docs/hooks/reference.md",
        "protocols-a.md §3 Config (gemini-cli @5411f113 settingsSchema.ts; docs/hooks/reference.md)",
    ],
    session_vars: &[
        "GEMINI_PROJECT_DIR",
        "GEMINI_CWD",
        "GEMINI_SESSION_ID",
        "GEMINI_PLANS_DIR",
        "GEMINI_CLI",
    ],
    notes: &["Gemini CLI loads project hooks only in trusted folders"],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Gemini CLI does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: &[
            (On::SessionStart, "SessionStart"),
            (On::PromptSubmit, "BeforeAgent"),
            (On::BeforeTool, "BeforeTool"),
            (On::AfterTool, "AfterTool"),
            (On::AfterEdit, "AfterTool"),
            (On::Stop, "AfterAgent"),
            (On::SessionEnd, "SessionEnd"),
        ],
        shell: "^run_shell_command$",
        edit: "^(write_file|replace)$",
        read: "^(read_file|read_many_files)$",
        web: "^(web_fetch|google_web_search)$",
        // Gemini names MCP tools mcp_<server>_<tool>, with single underscores (seen live,
        // fixtures/live/mcp).
        mcp: "^mcp_{server}_",
    },
    tools: Tools {
        shell: ToolCall::new(
            "run_shell_command",
            r#"{"command":"$COMMAND","description":"Run the command"}"#,
            RESPONSE,
        ),
        edit: &[
            ToolCall::new(
                "write_file",
                r#"{"file_path":"$FILE","content":""}"#,
                RESPONSE,
            ),
            ToolCall::new(
                "replace",
                r#"{"file_path":"$FILE","old_string":"","new_string":"","instruction":"Edit the file"}"#,
                RESPONSE,
            ),
        ],
        read: &["read_file", "read_many_files"],
        read_input: "$NONE:Gemini CLI's docs give no read tool's input, so hookcheck builds none for --read: pass --payload",
        web: &["web_fetch", "google_web_search"],
        // An MCP call's tool_name, and `mcp_context` beside it, which also holds the server's
        // `command` and `args` (or `url`) from its config, which hookcheck does not know. real
        // agent: Gemini CLI 0.61.0, 2026-12-05 (fixtures/live/mcp/inputs/mcp-any-stdin--gemini.json).
        mcp: "mcp_{server}_{tool}",
        mcp_input: r#"{"mcp_context":{"server_name":"{server}","tool_name":"{tool}"}}"#,
    },
    // Tool events: `new RegExp(matcher).test(name)`, unanchored, falling back to equality;
    // lifecycle events compare exactly; `""`, `"*"` match all (hookPlanner.ts).
    matcher: Flavour::JsRegexOrEqual,
    input: Input::common(
        r#"{"session_id":"$SESSION","transcript_path":"$TRANSCRIPTS/.gemini/tmp/hookcheck/chats/session-$SESSION.json","cwd":"$ROOT","hook_event_name":"$EVENT","timestamp":"2026-01-01T00:00:00.000Z"}"#,
    ),
    run: Run::argv(&["bash", "-c"])
        // Started in a subfolder (of a git repository or not), the hook runs there and its
        // *_PROJECT_DIR variables name it, not the repository's root.
        // real agent: Gemini CLI 0.61.0, captured 2026-12-04
        // (fixtures/live/start-in/gemini--bash--git--in-sub.json, gemini--bash--in-sub.json).
        .runs_where_started()
        // Started in a subfolder of a git repository, it does not read the root's
        // .gemini/settings.json; started at the root it does. real agent: Gemini CLI 0.61.0, 2026-12-04
        // (fixtures/live/lifecycle/repo-hooks/in-sub/exit2-stderr--gemini.json: allow;
        // at-root/exit2-stderr--gemini.json: block).
        .project_files_where_started()
        // The same command twice on one event runs once. real agent: Gemini CLI 0.61.0, 2026-12-03
        // (fixtures/live/multi/observations/multi-same--gemini.json: `runs: X`).
        .dedupes()
        // stdio a socket pair; the shell in the agent's process group and the agent's session.
        // real agent: Gemini CLI 0.61.0, captured 2026-12-03 (fixtures/live/launch/gemini--bash.json).
        .launch(Launch::seen(
            Stdio::Socket,
            Place::Agents,
            Place::Agents,
            "fixtures/live/launch/gemini--bash.json",
        ))
        .no_exec_form("Gemini CLI has no exec form (`args`): a hook is one command run by bash")
        // A child holding the pipes makes the hook time out. real agent: Gemini CLI 0.61.0,
        // campaign shell cells bg-exit0_decision-block_none and bg-exit2_none_text allow,
        // detached-exit2_none_text blocks, recorded 2026-12-02
        // (fixtures/live/campaign/observations/shell/gemini.json).
        .reads_to_eof()
        .env(&[
            ("GEMINI_PROJECT_DIR", Var::Root),
            ("GEMINI_CWD", Var::Root),
            ("GEMINI_SESSION_ID", Var::Session),
            ("CLAUDE_PROJECT_DIR", Var::Root),
            // Real agent Gemini CLI 0.61.0, captured 2026-12-01 (fixtures/live/inputs/
            // gemini--*.json): its bundle sets GEMINI_PLANS_DIR to the session's plans folder
            // (config.storage.getPlansDir(), under ~/.gemini/tmp; a placeholder here) and
            // expands `$GEMINI_PLANS_DIR` in the command text like the others.
            (
                "GEMINI_PLANS_DIR",
                Var::Literal("<the session's plans folder>"),
            ),
        ])
        // Its relauncher sets GEMINI_CLI_NO_RELAUNCH: "true" on the child process every hook
        // inherits (the same captures); not expanded.
        .inherits(&[("GEMINI_CLI_NO_RELAUNCH", "true")])
        // Gemini replaces the literal `$VAR` (not `${VAR}`) with the shell-escaped value
        // before running the command (hookRunner.ts; protocols-a.md §3 "Command text").
        .expands("Gemini CLI rewrites the command text before bash sees it")
        // Before that, loading settings.json resolves `$VAR`, `${VAR}` and `${VAR:-default}`
        // in every string from Gemini's own environment (packages/cli/src/utils/
        // envVarResolver.ts, `resolveEnvVarsInString`, in the @google/gemini-cli 0.61.0
        // bundle). real agent: Gemini CLI 0.61.0, campaign shell cell
        // env-project-dir_none_text (`${CLAUDE_PROJECT_DIR:-}` became empty although the hook's
        // environment has it) allows, recorded 2026-12-02
        // (fixtures/live/campaign/observations/shell/gemini.json).
        .loads_env_refs(
            "Gemini CLI resolves its own environment in settings.json as it loads",
            crate::contract::EnvRefs::WithDefaults,
        ),
    reply: Reply::stdout(replies::RULES)
        // hookRunner.ts: the text read is stdout, or stderr when stdout is empty; a JSON
        // string holding JSON is parsed twice.
        .reads(Stream::StdoutElseStderr)
        .json_in_string()
        .skips_bom()
        .context(&["hookSpecificOutput.additionalContext"])
        .rewrites(&["hookSpecificOutput.tool_input"]),
    quirks: Quirks::NONE,
};

const RESPONSE: &str = r#"{"llmContent":"","returnDisplay":""}"#;
const TOOL_CALL: &str = r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#;

/// Settings give milliseconds, a spec seconds; 60000 ms by default (hookRunner.ts).
/// SessionStart, SessionEnd, Notification and PreCompress ignore decisions (behaviour spec).
const EVENTS: &[Event] = &[
    event("BeforeTool", Kind::BeforeTool, 60).input(TOOL_CALL),
    event("AfterTool", Kind::AfterTool, 60)
        .blocks(Blocks::After(
            "the tool already ran: the reason replaces its result for the model",
        ))
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_response":"$RESPONSE"}"#),
    event("BeforeAgent", Kind::Prompt, 60).input(r#"{"prompt":"$PROMPT"}"#),
    event("AfterAgent", Kind::Stop, 60)
        .blocks(Blocks::Continues(
            "the reason is sent back as a new prompt: the agent goes on",
        ))
        .input(r#"{"prompt":"hookcheck: the user's prompt","prompt_response":"Done.","stop_hook_active":false}"#),
    event("BeforeModel", Kind::Other, 60),
    event("AfterModel", Kind::Other, 60),
    event("BeforeToolSelection", Kind::Other, 60),
    event("SessionStart", Kind::SessionStart, 60)
        .blocks(Blocks::No)
        .matches("source")
        .input(r#"{"source":"$MATCH:startup"}"#),
    event("SessionEnd", Kind::SessionEnd, 60)
        .blocks(Blocks::No)
        .matches("reason")
        .input(r#"{"reason":"$MATCH:exit"}"#),
    event("PreCompress", Kind::Other, 60)
        .blocks(Blocks::No)
        .matches("trigger")
        .input(r#"{"trigger":"$MATCH:manual"}"#),
    event("Notification", Kind::Other, 60).blocks(Blocks::No).input(
        r#"{"notification_type":"ToolPermission","message":"Gemini CLI needs your permission","details":{}}"#,
    ),
];

#[cfg(test)]
mod tests {
    use super::{AGENT, expand, resolve_env_refs};
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: BeforeTool\nmatcher: run_shell_command\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. R = real-agents.md (Gemini CLI 0.61.0), S =
    /// hookRunner.ts @5411f113 and the behaviour spec.
    #[test]
    fn reader_table() {
        use Decision::*;
        #[rustfmt::skip]
        let rows: Vec<Row> = vec![
            ("R exit 0, no output", "BeforeTool", exit(0, "", ""), Allow, Effect::Proceeds),
            ("R exit 2 + stderr", "BeforeTool", exit(2, "", "no"), Block, Effect::Blocked),
            ("R exit 2, empty stderr", "BeforeTool", exit(2, "", ""), Error, Effect::Proceeds),
            ("R exit 1 + stderr", "BeforeTool", exit(1, "", "oops"), Error, Effect::Proceeds),
            ("R hookSpecificOutput deny ignored", "BeforeTool", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#, ""), Allow, Effect::Proceeds),
            ("R decision block", "BeforeTool", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("R decision deny", "BeforeTool", exit(0, r#"{"decision":"deny"}"#, ""), Block, Effect::Blocked),
            ("R top-level permissionDecision", "BeforeTool", exit(0, r#"{"permissionDecision":"deny"}"#, ""), Allow, Effect::Proceeds),
            ("R cancel means nothing", "BeforeTool", exit(0, r#"{"cancel":true}"#, ""), Allow, Effect::Proceeds),
            ("R timeout", "BeforeTool", timed_out(), Timeout, Effect::Proceeds),
            ("R missing script (127) blocks", "BeforeTool", exit(127, "", "bash: ./x.sh: No such file or directory"), Block, Effect::Blocked),
            ("S JSON wins over exit 2", "BeforeTool", exit(2, "{}", "boom"), Allow, Effect::Proceeds),
            ("S stderr read when stdout empty", "BeforeTool", exit(0, "", r#"{"decision":"deny"}"#), Block, Effect::Blocked),
            ("S JSON string holding JSON", "BeforeTool", exit(0, r#""{\"decision\":\"block\"}""#, ""), Block, Effect::Blocked),
            ("S exit 3 with text blocks", "BeforeTool", exit(3, "nope", ""), Block, Effect::Blocked),
            ("S exit 5, no output", "BeforeTool", exit(5, "", ""), Error, Effect::Proceeds),
            ("S continue false halts", "BeforeTool", exit(0, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("S failed start", "BeforeTool", not_started(), Error, Effect::Proceeds),
            ("S SessionStart ignores decisions", "SessionStart", exit(0, r#"{"decision":"block"}"#, ""), Error, Effect::Proceeds),
            ("S AfterTool deny: tool already ran", "AfterTool", exit(0, r#"{"decision":"deny","reason":"x"}"#, ""), Block, Effect::Proceeds),
            ("S BeforeAgent exit 2 + text", "BeforeAgent", exit(2, "", "no"), Block, Effect::Blocked),
        ];
        testing::check_rows(&AGENT, PRE, rows);
        let ctx =
            r#"{"hookSpecificOutput":{"additionalContext":"x","tool_input":{"command":"ls"}}}"#;
        let r = testing::read(&AGENT, PRE, "BeforeTool", &exit(0, ctx, ""));
        assert!(r.adds_context && r.rewrites_input);
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "gemini", [
            ("bash", PRE, bash("git push -f")),
            ("edit_write_file", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("a/b.txt", false)),
            ("edit_replace", "event: BeforeTool\nmatcher: replace\ncommand: ./h.sh\n", edit("a/b.txt", true)),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("stop", "on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
        ]);
    }

    #[test]
    fn matchers() {
        let rows = [
            ("run_shell_command", "run_shell_command", true),
            ("write_file", "mcp_x_write_file", true), // unanchored
            ("Bash", "run_shell_command", false),
            ("(", "(", true), // does not compile: equality
            ("*", "anything", true),
        ];
        testing::check_matchers(
            &AGENT,
            "BeforeTool",
            &rows,
            |tool| serde_json::json!({"tool_name": tool, "tool_input": {}}),
        );
        let p = plan(
            &AGENT,
            "event: SessionStart\nmatcher: start\ncommand: ./h.sh\n",
            &payload(serde_json::json!({"source": "startup"})),
        );
        assert!(
            matches!(p, Plan::Skipped { .. }),
            "a SessionStart source matches exactly: {p:?}"
        );
    }

    #[test]
    fn settings_resolve_the_agents_own_environment_as_they_load() {
        let env = [("HOME".to_string(), "/h me".to_string())];
        // (as written, as Gemini CLI runs it): a name it has is replaced as is, unquoted; one
        // it lacks stays, or takes its default; `$$`, `$(...)` and `$?` are not references.
        // (as written, as run, the names whose values were pasted)
        let home = || vec![("HOME".to_string(), "/h me".to_string())];
        let cases = [
            ("cd $HOME && ${HOME}/x", "cd /h me && /h me/x", home()),
            (
                r#"[ -n "${CLAUDE_PROJECT_DIR:-}" ]"#,
                r#"[ -n "" ]"#,
                vec![],
            ),
            ("${NOPE:-a b} ${NOPE} $NOPE", "a b ${NOPE} $NOPE", vec![]),
            ("${HOME:-d}", "/h me", home()),
            ("kill $$; echo $(pwd) $?", "kill $$; echo $(pwd) $?", vec![]),
        ];
        for (written, run, pasted) in cases {
            assert_eq!(
                resolve_env_refs(written, &env, crate::contract::EnvRefs::WithDefaults),
                (run.to_string(), pasted),
                "{written}"
            );
        }
        let run = run_plan(
            &AGENT,
            "event: BeforeTool\ncommand: '[ -n \"${CLAUDE_PROJECT_DIR:-}\" ] && exit 2'\n",
            &bash("ls"),
        );
        assert_eq!(
            first_invocation(&run).args.last().map(String::as_str),
            Some(r#"[ -n "" ] && exit 2"#)
        );
        assert!(
            run.notes.iter().any(|n| n
                == r#"Gemini CLI resolves its own environment in settings.json as it loads: only defaults ([ -n "" ] && exit 2)"#),
            "{:?}",
            run.notes
        );
    }

    #[test]
    fn command_text_replacement() {
        let vars = [
            ("GEMINI_PROJECT_DIR", "/p q".to_string()),
            ("CLAUDE_PROJECT_DIR", "/p".to_string()),
        ];
        assert_eq!(expand("$GEMINI_PROJECT_DIR/h.sh", &vars), "'/p q'/h.sh");
        assert_eq!(expand("\"$CLAUDE_PROJECT_DIR\"/h.sh", &vars), "\"/p\"/h.sh");
        assert_eq!(
            expand("${CLAUDE_PROJECT_DIR}/h.sh", &vars),
            "${CLAUDE_PROJECT_DIR}/h.sh"
        );
        // A plain text replace, as the bundle's `replace(/\$CLAUDE_PROJECT_DIR/g, ...)`.
        assert_eq!(expand("$CLAUDE_PROJECT_DIRX", &vars), "/pX");
        let run = run_plan(
            &AGENT,
            "event: BeforeTool\ncommand: $GEMINI_PROJECT_DIR/h.sh\n",
            &bash("ls"),
        );
        let inv = first_invocation(&run);
        assert_eq!(inv.args, ["-c", "/project/h.sh"]);
        assert_eq!(inv.timeout.as_secs(), 60);
    }
}
