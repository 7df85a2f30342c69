//! Factory droid.
//!
//! Droid is closed source. Sources (read 2026-11-30): docs/reference/real-agents.md (droid
//! 0.215.0 run headless against a fake model, 2026-11-30); the `hook run` behaviour spec
//! (docs/reference/seeds/002_868b68abc3040bdc.txt: env, shell, timeout, replies, sample
//! events, assumed results); Factory-AI/factory docs `docs/reference/hooks-reference.mdx`
//! @2a4debc and `docs/cli/configuration/hooks-reference.mdx` @2e13f66, and Factory's own
//! `.factory/hooks/guard_execute.py` (matches `Execute`, reads snake_case fields), as collected
//! in docs/reference/protocols/protocols-b.md §3.

pub mod live;
pub mod native;
mod replies;

use super::{Agent, Files, Hooks, Live};
use crate::contract::reply::Reply;
use crate::contract::{
    Blocks, Contract, Event, Flavour, Input, Kind, Launch, Place, Portable, Quirks, Run, Stdio,
};
use crate::contract::{ToolCall, Tools, Var, event};

/// Factory droid's contract.
pub static AGENT: Agent = Agent {
    id: "factory",
    name: "Factory droid",
    checked: "2026-11-30",
    sources: &[
        "real agent: Factory droid 0.215.0 (docs/reference/real-agents.md, 2026-11-30)",
        "real agent: Factory droid 0.215.0, captured 2026-12-01 (fixtures/live/inputs/factory--bash.json): the shell",
        "docs: https://docs.factory.ai/reference/hooks-reference (Factory-AI/factory docs @2a4debc, @2e13f66)",
        "behaviour spec: hook run (seed 002)",
        "protocols-b.md §3 Config (docs.factory.ai/harness/hooks, docs.factory.ai/reference/hooks-reference)",
        "real-agents.md (droid 0.215.0 ran ~/.factory/settings.json); Factory-AI/factory issue #3",
    ],
    session_vars: &[
        "FACTORY_PROJECT_DIR",
        "DROID_PROJECT_DIR",
        "DROID_ENV_FILE",
        "DROID_PLUGIN_ROOT",
        // Its alias for plugin hooks (Factory-AI/factory @178abd79,
        // docs/guides/building/building-plugins.mdx, "Environment variables").
        "CLAUDE_PLUGIN_ROOT",
    ],
    notes: &[
        "droid snapshots hooks at startup: edits made outside droid apply only after review in its /hooks menu",
        "droid's shell tool is Execute and its file tools Create, Edit, MultiEdit and ApplyPatch: a matcher written for Bash or Write never fires",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Factory droid does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: super::claude::PORTABLE_EVENTS,
        shell: "Execute",
        edit: "Create|Edit|MultiEdit|ApplyPatch",
        read: "Read",
        web: "WebSearch|FetchUrl",
        // droid names an MCP tool SERVER___TOOL (three underscores, no `mcp__`): its
        // `exec --list-tools` and a hook's tool_name, 0.215.0, 2026-12-05
        // (fixtures/live/mcp). The docs' Claude-style `mcp__SERVER__.*` never matched it.
        mcp: "^{server}___",
    },
    tools: Tools {
        shell: ToolCall::new(
            "Execute",
            // summary, riskLevelReason, riskLevel: required by the tool, in every recorded call
            // (droid 0.215.0, captured 2026-12-01, fixtures/live/inputs/factory--bash.json).
            r#"{"command":"$COMMAND","summary":"Run the command","riskLevelReason":"The command only prints text.","riskLevel":"low"}"#,
            r#""hookcheck: placeholder command output""#,
        ),
        // Only Create's input is documented (behaviour spec, "Factory sample events").
        edit: &[
            ToolCall::new(
                "Create",
                r#"{"file_path":"$FILE","content":""}"#,
                r#"{"success":true,"file_path":"$FILE"}"#,
            ),
            undocumented("Edit"),
            undocumented("MultiEdit"),
            undocumented("ApplyPatch"),
        ],
        read: &["Read"],
        read_input: "$NONE:Factory droid's docs give no read tool's input, so hookcheck builds none for --read: pass --payload",
        web: &["WebSearch", "FetchUrl"],
        // real agent: droid 0.215.0, 2026-12-05 (fixtures/live/mcp/inputs/mcp-any-stdin--factory.json).
        mcp: "{server}___{tool}",
        mcp_input: "",
    },
    // Behaviour spec: empty or `*` matches everything, letters and `|` list exact names,
    // anything else is a case-sensitive regex. Droid is a Node app, so the regex is read as
    // JavaScript, unanchored as in Claude Code, whose hook format droid copies (the docs say
    // neither).
    matcher: Flavour::Worded(&Flavour::ExactOrJsRegex, "a valid regular expression"),
    // Newer docs and Factory's own guard script use snake_case fields.
    input: Input::common(
        r#"{"session_id":"$SESSION","transcript_path":"$TRANSCRIPTS/.factory/sessions/$SESSION.jsonl","cwd":"$ROOT","permission_mode":"default","hook_event_name":"$EVENT"}"#,
    ),
    // The docs name no shell. real agent: droid 0.215.0 runs `sh -c` (sh from PATH,
    // whatever $SHELL says), captured 2026-12-01 (fixtures/live/inputs/factory--bash.json).
    run: Run::argv(&["sh", "-c"])
        // Started in a subfolder (of a git repository or not), the hook runs there and its
        // *_PROJECT_DIR variables name it, not the repository's root.
        // real agent: droid 0.215.0, captured 2026-12-04
        // (fixtures/live/start-in/factory--bash--git--in-sub.json, factory--bash--in-sub.json).
        .runs_where_started()
        // stdio a socket pair; the shell in the agent's process group and the agent's session.
        // real agent: droid 0.215.0, captured 2026-12-03 (fixtures/live/launch/factory--bash.json).
        .launch(Launch::seen(
            Stdio::Socket,
            Place::Agents,
            Place::Agents,
            "fixtures/live/launch/factory--bash.json",
        ))
        .no_exec_form("Factory droid has no exec form (`args`): a hook is one command")
        // FACTORY_PROJECT_DIR (seed env table; older docs, still read by Factory's own hook)
        // and DROID_PROJECT_DIR (newer docs) are both the project root.
        .env(&[
            ("FACTORY_PROJECT_DIR", Var::Root),
            ("DROID_PROJECT_DIR", Var::Root),
            // Real agent droid 0.215.0, captured 2026-12-01 (fixtures/live/inputs/
            // factory--*.json): it sets these for every hook, the plugin roots to a
            // placeholder of its own, in a plugin's hook too (its bundle's `executeCommand`,
            // run by hand 2026-12-05): the folder is only in the command text (native.rs).
            ("CLAUDE_PROJECT_DIR", Var::Root),
            (
                "DROID_PLUGIN_ROOT",
                Var::Literal("/PLUGIN_ROOT_NOT_EXPANDED_ERROR"),
            ),
            (
                "CLAUDE_PLUGIN_ROOT",
                Var::Literal("/PLUGIN_ROOT_NOT_EXPANDED_ERROR"),
            ),
            (
                "FACTORY_DISABLE_SETTINGS_PERSISTENCE",
                Var::Literal("<droid exec's settings switch>"),
            ),
            // `droid exec` writes its autonomy level (`--auto high` in live mode's run) to its
            // own process.env after the session started: SessionStart's hook has none.
            (
                "FACTORY_EXEC_TARGET_AUTONOMY",
                Var::Except(&["SessionStart"], &Var::Literal("auto-high")),
            ),
        ])
        // Its bun launcher's (the same captures): every hook inherits them; placeholders.
        .inherits(&[
            ("BUN_PTY_LIB", "<the bun-pty library droid ships>"),
            ("FORCE_COLOR", "<droid's colour setting>"),
            (
                "NODE_EXTRA_CA_CERTS",
                "<the CA bundle droid's launcher names>",
            ),
            ("NODE_USE_SYSTEM_CA", "1"),
        ])
        // Every top-level scalar of the payload, also as a variable named as the field
        // (cwd, session_id, tool_name, source, CLAUDE_ENV_FILE... whatever the event has).
        // The working directory is undocumented; droid runs hooks in the project root: real
        // agent droid 0.215.0, captured 2026-12-01 (fixtures/live/inputs/factory--*.json,
        // `"cwd": "<workspace>"`).
        .exports_scalars(),
    reply: Reply::stdout(replies::RULES)
        .context(&["hookSpecificOutput.additionalContext"])
        .rewrites(&["hookSpecificOutput.updatedInput"]),
    quirks: Quirks::NONE,
};

/// An edit tool whose input droid's docs do not show.
const fn undocumented(name: &'static str) -> ToolCall {
    ToolCall {
        name,
        input: r#""$NONE:matcher \"$MATCHER\" picks $TOOL, whose input droid's docs do not show; hookcheck builds only Create: pass --payload""#,
        new_file: None,
        response: "null",
    }
}

const TOOL_CALL: &str = r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#;

/// The docs' events, 60 s each; the matcher sees the tool name, SessionStart's source and
/// PreCompact's trigger, as in Claude Code. What a block does on each (behaviour spec,
/// "Factory replies"); exit 2 on SubagentStop is an error (replies.rs).
const EVENTS: &[Event] = &[
    event("PreToolUse", Kind::BeforeTool, 60).input(TOOL_CALL),
    event("PostToolUse", Kind::AfterTool, 60)
        .blocks(Blocks::After(
            "the tool already ran: the reason goes back to droid",
        ))
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_response":"$RESPONSE"}"#),
    event("Notification", Kind::Other, 60)
        .blocks(Blocks::No)
        .input(r#"{"message":"Droid is waiting for your input"}"#),
    event("UserPromptSubmit", Kind::Prompt, 60)
        .stdout_context()
        .input(r#"{"prompt":"$PROMPT"}"#),
    // The real droid 0.215.0 adds the turn's message, its length and its tool calls
    // (fixtures/live/inputs/factory--stop.json, captured 2026-12-01); droid exports each as a
    // variable too.
    event("Stop", Kind::Stop, 60)
        .blocks(STOP)
        .input(r#"{"stop_hook_active":false,"message_id":"hookcheck-message","elapsed_time":1200,"tool_execution_count":1}"#),
    event("SubagentStop", Kind::Other, 60)
        .blocks(STOP)
        .input(r#"{"stop_hook_active":false}"#),
    event("PreCompact", Kind::Other, 60)
        .blocks(Blocks::No)
        .matches("trigger")
        .input(r#"{"trigger":"$MATCH:manual","custom_instructions":""}"#),
    // CLAUDE_ENV_FILE, a path (a string field of the payload): captured from droid 0.215.0,
    // 2026-12-01 (fixtures/live/inputs/factory--session.json).
    event("SessionStart", Kind::SessionStart, 60)
        .blocks(Blocks::No)
        .stdout_context()
        .matches("source")
        .input(r#"{"source":"$MATCH:startup","CLAUDE_ENV_FILE":"$HOME/.factory/env/$SESSION.sh"}"#),
    event("SessionEnd", Kind::SessionEnd, 60)
        .blocks(Blocks::No)
        .input(r#"{"reason":"other"}"#),
];

const STOP: Blocks = Blocks::Continues("droid does not stop: the reason goes back to the model");

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: Execute\ncommand: ./hook.sh\n";
    const DENY: &str = testing::PRE_DENY;

    /// Every reply rule, with its source. R = real-agents.md (droid 0.215.0), S = behaviour
    /// spec (seed 002, "Factory replies"), D = hooks reference, C = the behaviour campaign
    /// (fixtures/live/campaign, 2026-12-01), L = a live situation (fixtures/live/situations).
    #[test]
    fn reader_table() {
        use Decision::*;
        #[rustfmt::skip]
        let rows: Vec<Row> = vec![
            ("R exit 0, no output", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds),
            ("R exit 2 + stderr", "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked),
            ("R exit 2, empty stderr", "PreToolUse", exit(2, "", ""), Block, Effect::Blocked),
            ("R exit 1 + stderr", "PreToolUse", exit(1, "", "oops"), Error, Effect::Proceeds),
            ("R hookSpecificOutput deny", "PreToolUse", exit(0, DENY, ""), Block, Effect::Blocked),
            ("R decision block ignored before a tool", "PreToolUse", exit(0, r#"{"decision":"block"}"#, ""), Allow, Effect::Proceeds),
            ("R decision deny means nothing", "PreToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Allow, Effect::Proceeds),
            ("R top-level permissionDecision", "PreToolUse", exit(0, r#"{"permissionDecision":"deny"}"#, ""), Allow, Effect::Proceeds),
            ("R cancel means nothing", "PreToolUse", exit(0, r#"{"cancel":true}"#, ""), Allow, Effect::Proceeds),
            ("R timeout fails open", "PreToolUse", timed_out(), Timeout, Effect::Proceeds),
            ("C a deny printed before the timeout blocks", "PreToolUse", crate::exec::Outcome { timed_out: true, exit_code: None, ..exit(0, DENY, "") }, Block, Effect::Blocked),
            ("R missing script (127)", "PreToolUse", exit(127, "", "sh: ./x: not found"), Error, Effect::Proceeds),
            ("C permissionDecision ask runs headless", "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"permissionDecision":"ask"}}"#, ""), Allow, Effect::Proceeds),
            ("C exit 1 reads a deny on stdout", "PreToolUse", exit(1, DENY, ""), Block, Effect::Blocked),
            ("C exit 1 reads continue false", "PreToolUse", exit(1, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("C exit 2 with continue false halts", "PreToolUse", exit(2, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("C exit 3 halts", "PreToolUse", exit(3, "", "blocked by policy"), Block, Effect::Halted),
            ("C exit 3 on Stop is an error", "Stop", exit(3, "", ""), Error, Effect::Proceeds),
            ("C exit 1 after a tool reads continue false", "PostToolUse", exit(1, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("C exit 2 after a tool with continue false halts", "PostToolUse", exit(2, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("C exit 3 after a tool halts", "PostToolUse", exit(3, "", "blocked by policy"), Block, Effect::Halted),
            ("C exit 2 after a tool, reason only on stdout", "PostToolUse", exit(2, r#"{"decision":"block","reason":"nope"}"#, ""), Allow, Effect::Proceeds),
            ("C exit 1 decision block on Stop keeps it going", "Stop", exit(1, r#"{"decision":"block","reason":"nope"}"#, ""), Block, Effect::Blocked),
            ("S continue false halts", "PreToolUse", exit(0, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("S continue false on Notification halts", "Notification", exit(0, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("S continue false ignored on SessionEnd", "SessionEnd", exit(0, r#"{"continue":false}"#, ""), Allow, Effect::Proceeds),
            ("L PostToolUse decision block is ignored", "PostToolUse", exit(0, r#"{"decision":"block","reason":"x"}"#, ""), Allow, Effect::Proceeds),
            ("S PostToolUse exit 2", "PostToolUse", exit(2, "", "x"), Block, Effect::Proceeds),
            ("C droid exec fires no UserPromptSubmit: decision block", "UserPromptSubmit", exit(0, r#"{"decision":"block"}"#, ""), Allow, Effect::Proceeds),
            ("C droid exec fires no UserPromptSubmit: exit 2", "UserPromptSubmit", exit(2, "", "blocked by policy"), Allow, Effect::Proceeds),
            ("C droid exec fires no UserPromptSubmit: continue false", "UserPromptSubmit", exit(0, r#"{"continue":false}"#, ""), Allow, Effect::Proceeds),
            ("S Stop decision block", "Stop", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("S SubagentStop decision block", "SubagentStop", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("S SubagentStop exit 2 is error", "SubagentStop", exit(2, "", "x"), Error, Effect::Proceeds),
            ("S Notification exit 2 is error", "Notification", exit(2, "", "x"), Error, Effect::Proceeds),
            ("S PreCompact exit 2 is error", "PreCompact", exit(2, "", "x"), Error, Effect::Proceeds),
            ("S SessionStart exit 2 is error", "SessionStart", exit(2, "", "x"), Error, Effect::Proceeds),
            ("S SessionEnd exit 2 is error", "SessionEnd", exit(2, "", "x"), Error, Effect::Proceeds),
            ("S Stop exit 2 blocks", "Stop", exit(2, "", "x"), Block, Effect::Blocked),
            ("S SessionStart decision block means nothing", "SessionStart", exit(0, r#"{"decision":"block"}"#, ""), Allow, Effect::Proceeds),
            ("D JSON ignored on exit 1 (but a deny or continue false: C)", "PreToolUse", exit(1, r#"{"decision":"block","reason":"nope"}"#, ""), Error, Effect::Proceeds),
            ("D invalid JSON ignored", "PreToolUse", exit(0, "{oops", ""), Allow, Effect::Proceeds),
            ("D failed start", "PreToolUse", not_started(), Error, Effect::Proceeds),
            ("D killed by a signal", "PreToolUse", signalled(9), Error, Effect::Proceeds),
        ];
        testing::check_rows(&AGENT, PRE, rows);
        let r = testing::read(&AGENT, PRE, "SessionStart", &exit(0, "branch main", ""));
        assert!(r.adds_context, "plain stdout on SessionStart is context");
        let r = testing::read(&AGENT, PRE, "PreToolUse", &exit(0, "hello", ""));
        assert!(!r.adds_context, "plain stdout on PreToolUse is not");
        let out =
            r#"{"hookSpecificOutput":{"updatedInput":{"command":"ls"},"additionalContext":"x"}}"#;
        let r = testing::read(&AGENT, PRE, "PreToolUse", &exit(0, out, ""));
        assert!(r.rewrites_input && r.adds_context && r.decision == Decision::Allow);
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "factory", [
            ("bash", PRE, bash("git push -f")),
            ("edit_create", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("a/b.txt", true)),
            ("post_bash", "event: PostToolUse\nmatcher: Execute\ncommand: ./h.sh\n", bash("ls")),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("stop", "on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
            ("session_start_resume", "event: SessionStart\nmatcher: resume\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
        ]);
    }

    #[test]
    fn matchers() {
        let rows = [
            ("Execute", "Execute", true),
            ("", "Execute", true),
            ("*", "Execute", true),
            ("Bash", "Execute", false),
            ("Exec", "Execute", false),    // exact name, not a prefix
            ("execute", "Execute", false), // case-sensitive
            ("Create|Edit", "Edit", true),
            ("Exec.*", "Execute", true), // regex
            ("mcp__mem__.*", "mcp__mem__get", true),
            ("^Ex", "Execute", true), // unanchored
        ];
        testing::check_matchers(
            &AGENT,
            "PreToolUse",
            &rows,
            |tool| serde_json::json!({"tool_name": tool, "tool_input": {}}),
        );
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_plan_says(&AGENT, [
            (PRE, prompt("hi"), "PreToolUse is not fired by --prompt"),
            ("event: BeforeTool\ncommand: ./h.sh\n", bash("ls"), "Factory droid has no BeforeTool event"),
            ("event: PreToolUse\nmatcher: Edit\ncommand: ./h.sh\n", edit("a.txt", true), "picks Edit"),
            ("event: PreToolUse\nmatcher: ApplyPatch\ncommand: ./h.sh\n", edit("a.txt", true), "picks ApplyPatch"),
            ("event: PreToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n", bash("ls"), "not a valid regular expression"),
            ("event: PreToolUse\ncommand: ./h.sh\nargs: [a]\n", bash("ls"), "no exec form"),
        ]);
        let p = plan(
            &AGENT,
            "event: PreToolUse\nmatcher: Read\ncommand: ./h.sh\n",
            &edit("a.txt", true),
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
    }

    #[test]
    fn shell_env_and_timeout() {
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ncommand: ./h.sh 'a b'\nenv: {K: v}\n",
            &bash("ls"),
        );
        let items: Vec<&str> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
        // The shell and the cwd are known from the real agent (fixtures/live/inputs/
        // factory--bash.json): nothing is assumed.
        assert!(items.is_empty(), "{items:?}");
        let inv = first_invocation(&run);
        assert_eq!(inv.program, "sh");
        assert_eq!(inv.args, ["-c", "./h.sh 'a b'"]);
        assert_eq!(inv.timeout.as_secs(), 60);
        assert!(
            inv.env
                .contains(&("FACTORY_PROJECT_DIR".into(), "/project".into()))
        );
        assert!(inv.env.contains(&("K".into(), "v".into())));
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ncommand: ./h.sh | tee x\n",
            &bash("ls"),
        );
        // droid 0.215.0 runs inline commands under sh -c.
        let inv = first_invocation(&run);
        assert_eq!(inv.args, ["-c", "./h.sh | tee x"]);
    }
}
