//! Claude Code.
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Claude Code 2.1.332 run headless
//! against a fake model, 2026-11-30); claude-agent-sdk 0.3.328 `sdk.d.ts` (= Claude Code
//! 2.1.328); the hooks reference at code.claude.com/docs/en/hooks via dated summaries
//! (2026-09-14, 2026-10-06), as collected in docs/reference/protocols/protocols-a.md §1;
//! the `hook run` behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt).

pub mod live;
mod matcher;
pub mod native;
pub mod permission_rule;
pub mod replies;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, PlanContext};
use crate::contract::reply::Reply;
use crate::contract::{
    Blocks, Contract, Event, Flavour, Input, Kind, Launch, Place, Portable, Quirks, Run, Stdio,
    Stop,
};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::spec::On;

/// The portable events of the agents that kept Claude Code's event names (`on: before-tool`
/// is `PreToolUse`, `on: after-edit` is `PostToolUse`, ...).
pub const PORTABLE_EVENTS: &[(On, &str)] = &[
    (On::SessionStart, "SessionStart"),
    (On::PromptSubmit, "UserPromptSubmit"),
    (On::BeforeTool, "PreToolUse"),
    (On::AfterTool, "PostToolUse"),
    (On::AfterEdit, "PostToolUse"),
    (On::Stop, "Stop"),
    (On::SessionEnd, "SessionEnd"),
];

/// Claude Code's contract.
pub static AGENT: Agent = Agent {
    id: "claude",
    name: "Claude Code",
    checked: "2026-11-30",
    sources: &[
        "real agent: Claude Code 2.1.332 (docs/reference/real-agents.md, 2026-11-30)",
        "real agent: Claude Code 2.1.332, captured 2026-12-01 (fixtures/live/inputs/claude--bash.json): the shell",
        "real agent: Claude Code 2.1.332, captured 2026-12-01 (fixtures/live/inputs/claude--{edit,prompt,stop,post-bash}.json): the PostToolUse and Stop payloads",
        "types: @anthropic-ai/claude-agent-sdk 0.3.328 sdk.d.ts (Claude Code 2.1.328)",
        "docs: https://code.claude.com/docs/en/hooks (summaries of 2026-09-14 and 2026-10-06)",
        "protocols-a.md §1 Config (claude-agent-sdk 0.3.328; code.claude.com/docs/en/hooks)",
    ],
    session_vars: &[
        "CLAUDECODE",
        "CLAUDE_CODE_ENTRYPOINT",
        "CLAUDE_PROJECT_DIR",
        "CLAUDE_ENV_FILE",
        "CLAUDE_PLUGIN_ROOT",
        "CLAUDE_PLUGIN_DATA",
        "CLAUDE_CODE_SSE_PORT",
        "CLAUDE_CODE_REMOTE",
        "CLAUDE_EFFORT",
    ],
    notes: &[
        "project hooks load only once the workspace is trusted; `claude -p` runs them without asking",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Claude Code does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: PORTABLE_EVENTS,
        shell: "Bash",
        edit: "Write|Edit|MultiEdit",
        read: "Read",
        web: "WebFetch|WebSearch",
        mcp: "mcp__{server}__.*",
    },
    tools: Tools {
        shell: ToolCall::new(
            "Bash",
            r#"{"command":"$COMMAND","description":"Run the command"}"#,
            // noOutputExpected: captured from 2.1.332, 2026-12-01 (fixtures/live/inputs/claude--post-bash.json).
            r#"{"stdout":"","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":false}"#,
        ),
        edit: &[
            ToolCall::new("Write", r#"{"file_path":"$FILE","content":""}"#, EDITED),
            ToolCall::new(
                "Edit",
                r#"{"file_path":"$FILE","old_string":"","new_string":"","replace_all":false}"#,
                EDITED,
            ),
            ToolCall::new(
                "MultiEdit",
                r#"{"file_path":"$FILE","edits":[{"old_string":"","new_string":""}]}"#,
                EDITED,
            ),
        ],
        read: &["Read"],
        // Read {file_path, offset?, limit?, pages?} (protocols-a.md §1).
        read_input: r#"{"file_path":"$FILE"}"#,
        web: &["WebFetch", "WebSearch"],
        // An MCP call's tool_name, and the server beside it (`source`: `project` for a server
        // of the project's `.mcp.json`, `dynamic` for one of `--mcp-config`). real agent:
        // Claude Code 2.1.332, 2026-12-05 (fixtures/live/mcp/inputs/mcp-any-stdin--claude.json).
        mcp: "mcp__{server}__{tool}",
        mcp_input: r#"{"mcp_server":{"name":"{server}","source":"project"}}"#,
    },
    // 2.1.332's own rule (matcher.rs): name lists trimmed, else an unanchored JavaScript
    // regex. One that does not compile runs no hook: hookcheck says so as a hook not run as
    // written (fixable), so a typo fails the check instead of passing as an allow.
    matcher: Flavour::Worded(
        &Flavour::Custom(matcher::matches),
        "a valid JavaScript regex",
    ),
    input: Input::common(
        r#"{"session_id":"$SESSION","transcript_path":"$TRANSCRIPTS/.claude/projects/$SLUG/$SESSION.jsonl","cwd":"$ROOT","permission_mode":"default","hook_event_name":"$EVENT","prompt_id":"hookcheck-prompt-0001"}"#,
    ),
    // /bin/sh -c (dash on Debian), not bash, whatever $SHELL says. real agent: Claude Code
    // 2.1.332, captured 2026-12-01 (fixtures/live/inputs/claude--bash.json).
    run: Run::argv(&["/bin/sh", "-c"])
        // Started in a subfolder (of a git repository or not), the hook runs there and its
        // *_PROJECT_DIR variables name it, not the repository's root.
        // real agent: Claude Code 2.1.332, captured 2026-12-04
        // (fixtures/live/start-in/claude--bash--git--in-sub.json, claude--bash--in-sub.json).
        .runs_where_started()
        // Started in a subfolder of a git repository, it does not read the root's
        // .claude/settings.json; started at the root it does.
        // real agent: Claude Code 2.1.332, 2026-12-04
        // (fixtures/live/lifecycle/repo-hooks/in-sub/exit2-stderr--claude.json: allow;
        // at-root/exit2-stderr--claude.json: block).
        .project_files_where_started()
        // The same command twice on one event runs once. real agent: Claude Code 2.1.332, 2026-12-03
        // (fixtures/live/multi/observations/multi-same--claude.json: `runs: X`).
        .dedupes()
        // A PermissionRequest hook fires on a shell call 0.06 s after the PreToolUse one let it
        // through, when no rule approved the call up front, and its allow runs the call under
        // `-p` (which otherwise refuses it: "needs approval"). real agent: Claude Code 2.1.332,
        // recorded 2026-12-04 (fixtures/live/events/ask/events-*--claude.json, `--ask`). With
        // the call approved up front (`--allowedTools Bash`) it did not fire
        // (fixtures/live/events/observations/events-*--claude.json); hookcheck does not read
        // allow rules, so it runs both, as for a call that asks (known-disagreements.json).
        .also_fires(&[("PermissionRequest", "PreToolUse")])
        // stdio a socket pair; the shell in its own process group and its own session.
        // real agent: Claude Code 2.1.332, captured 2026-12-03 (fixtures/live/launch/claude--bash.json).
        .launch(Launch::seen(
            Stdio::Socket,
            Place::Own,
            Place::Own,
            "fixtures/live/launch/claude--bash.json",
        ))
        .env(&[
            ("CLAUDE_PROJECT_DIR", Var::Root),
            // Set for every hook: real agent Claude Code 2.1.332, captured 2026-12-01
            // (fixtures/live/inputs/claude--*.json); values from its bundle where it writes a
            // constant (CLAUDECODE:"1", CLAUDE_CODE_CHILD_SESSION:"1", the -p run's entrypoint
            // "sdk-cli", SESSION_ATTENDED "0" when no one is at the terminal), else a
            // placeholder saying what it stands for.
            ("CLAUDECODE", Var::Literal("1")),
            ("AI_AGENT", Var::Literal("claude-code_2.1.332_agent")),
            ("CLAUDE_CODE_CHILD_SESSION", Var::Literal("1")),
            (
                "CLAUDE_CODE_CHILD_NOTES_DIR",
                Var::Literal("<the session's child notes folder>"),
            ),
            ("CLAUDE_CODE_ENTRYPOINT", Var::Literal("sdk-cli")),
            (
                "CLAUDE_CODE_MESSAGING_SOCKET",
                Var::Literal("<the session's messaging socket>"),
            ),
            // A token in the real agent: a placeholder here, never a secret.
            (
                "CLAUDE_CODE_MESSAGING_TOKEN",
                Var::Literal("<messaging token placeholder>"),
            ),
            ("CLAUDE_CODE_SESSION_ATTENDED", Var::Literal("0")),
            ("CLAUDE_CODE_SESSION_ID", Var::Session),
            ("CLAUDE_PID", Var::Literal("<Claude Code's process id>")),
            // Only on SessionStart (claude--session.json): the file a hook appends exports to.
            (
                "CLAUDE_ENV_FILE",
                Var::Only(&["SessionStart"], &Var::Literal("<the session's env file>")),
            ),
        ])
        // Set on its own process at start-up and so inherited by every hook (the bundle:
        // `process.env.NoDefaultCurrentDirectoryInExePath="1"`,
        // `process.env.COREPACK_ENABLE_AUTO_PIN="0"`; the same captures).
        .inherits(&[
            ("NoDefaultCurrentDirectoryInExePath", "1"),
            ("COREPACK_ENABLE_AUTO_PIN", "0"),
        ]),
    reply: Reply::stdout(replies::RULES)
        .skips_bom()
        .context(&["hookSpecificOutput.additionalContext"])
        .rewrites(&[
            "hookSpecificOutput.updatedInput",
            "hookSpecificOutput.updatedToolOutput",
        ]),
    quirks: Quirks::NONE.gate(gate).input(session_start_input),
};

const EDITED: &str = r#"{"filePath":"$FILE","success":true}"#;
const PRE: &str =
    r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_use_id":"toolu_hookcheck_0001"}"#;
const AFTER: Blocks =
    Blocks::After("the tool already ran: the block sends the reason back to the model");

/// HOOK_EVENTS in claude-agent-sdk 0.3.328; exit 2 cannot stop anything on SessionStart,
/// SessionEnd, Notification, PreCompact and PostCompact (behaviour spec, "Claude Code if rules").
const EVENTS: &[Event] = &[
    event("PreToolUse", Kind::BeforeTool, 600).input(PRE),
    // duration_ms: captured from 2.1.332, 2026-12-01 (fixtures/live/inputs/claude--post-bash.json).
    event("PostToolUse", Kind::AfterTool, 600).blocks(AFTER).input(
        r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_response":"$RESPONSE","tool_use_id":"toolu_hookcheck_0001","duration_ms":1}"#,
    ),
    event("PostToolUseFailure", Kind::Tool, 600).blocks(AFTER).input(
        r#"{"tool_name":"$TOOL","tool_input":"$INPUT","error":"hookcheck: placeholder tool error","tool_use_id":"toolu_hookcheck_0001"}"#,
    ),
    event("PostToolBatch", Kind::Other, 600),
    event("Notification", Kind::Other, 600)
        .blocks(Blocks::No)
        .matches("notification_type")
        .input(r#"{"notification_type":"$MATCH:idle_prompt","message":"Claude is waiting for your input"}"#),
    event("UserPromptSubmit", Kind::Prompt, 30).stdout_context().input(r#"{"prompt":"$PROMPT"}"#),
    event("UserPromptExpansion", Kind::Other, 600),
    event("SessionStart", Kind::SessionStart, 600)
        .blocks(Blocks::No)
        .stdout_context()
        .matches("source")
        .input(r#"{"source":"$MATCH:startup"}"#),
    event("SessionEnd", Kind::SessionEnd, 600)
        .blocks(Blocks::No)
        .matches("reason")
        .input(r#"{"reason":"$MATCH:other"}"#),
    // background_tasks, session_crons: captured from 2.1.332, 2026-12-01
    // (fixtures/live/inputs/claude--stop.json).
    event("Stop", Kind::Stop, 600).input(
        r#"{"stop_hook_active":false,"last_assistant_message":"Done.","background_tasks":[],"session_crons":[]}"#,
    ),
    event("StopFailure", Kind::Other, 600),
    event("SubagentStart", Kind::Other, 600)
        .matches("agent_type")
        .input(r#"{"agent_type":"$PICK:general-purpose|Explore|Plan"}"#),
    event("SubagentStop", Kind::Other, 600).matches("agent_type").input(
        r#"{"agent_type":"$PICK:general-purpose|Explore|Plan","stop_hook_active":false,"agent_id":"agent_hookcheck_0001"}"#,
    ),
    event("PreCompact", Kind::Other, 600)
        .blocks(Blocks::No)
        .matches("trigger")
        .input(r#"{"trigger":"$MATCH:manual","custom_instructions":""}"#),
    event("PostCompact", Kind::Other, 600)
        .blocks(Blocks::No)
        .matches("trigger")
        .input(r#"{"trigger":"$MATCH:manual"}"#),
    event("PreModelSwitch", Kind::Other, 30),
    event("PostModelSwitch", Kind::Other, 30),
    event("PermissionRequest", Kind::Tool, 600).input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#),
    event("PermissionDenied", Kind::Tool, 600).input(PRE),
    event("Setup", Kind::Other, 600),
    event("TeammateIdle", Kind::Other, 600),
    event("TaskCreated", Kind::Other, 600),
    event("TaskCompleted", Kind::Other, 600),
    event("Elicitation", Kind::Other, 600),
    event("ElicitationResult", Kind::Other, 600),
    event("ConfigChange", Kind::Other, 600),
    event("WorktreeCreate", Kind::Other, 600),
    event("WorktreeRemove", Kind::Other, 600),
    event("InstructionsLoaded", Kind::Other, 600),
    event("CwdChanged", Kind::Other, 600),
    event("FileChanged", Kind::Other, 600),
    event("DirectoryAdded", Kind::Other, 600),
    event("MessageDisplay", Kind::Other, 10),
];

/// SessionStart's input has no permission_mode and no prompt_id (no prompt was sent yet),
/// though every other event's has: real agent Claude Code 2.1.332, captured 2026-12-01
/// (fixtures/live/inputs/claude--session.json).
fn session_start_input(_: &PlanContext, event: &str, obj: &mut serde_json::Map<String, Value>) {
    if event == "SessionStart" {
        obj.shift_remove("permission_mode");
        obj.shift_remove("prompt_id");
    }
}

/// `shell: powershell` runs only on Windows; an `if` rule (a permission rule such as
/// `Bash(git push *)`) decides on tool events whether the handler runs.
fn gate(cx: &PlanContext, event: &str, payload: &Value) -> Result<Vec<String>, Stop> {
    if cx.spec.raw.shell.as_deref() == Some("powershell") && !cfg!(windows) {
        return Err(Stop::NotRun(
            "shell: powershell runs only on Windows".into(),
        ));
    }
    let Some(rule) = &cx.spec.raw.if_ else {
        return Ok(Vec::new());
    };
    if !CONTRACT.event(event).is_some_and(|e| e.kind.is_tool()) {
        return Ok(Vec::new());
    }
    let tool_name = payload
        .get("tool_name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let tool_input = payload.get("tool_input").cloned().unwrap_or(Value::Null);
    let rcx = permission_rule::RuleContext {
        project_root: cx.root,
        home: cx.home,
    };
    match permission_rule::rule_matches(rule, tool_name, &tool_input, &rcx) {
        Ok((true, note)) => Ok(note.into_iter().collect()),
        Ok((false, _)) => Err(Stop::Skip(format!(
            "if rule \"{rule}\" does not match this {tool_name} call"
        ))),
        Err(e) => Err(Stop::NotRun(crate::plan::fixable(
            format!("if rule \"{rule}\" is invalid: {e}"),
            "write the if rule as a permission rule: a tool's name, and a pattern in parentheses after it",
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: Bash\ncommand: ./hook.sh\n";
    const DENY: &str = testing::PRE_DENY;

    /// Every reply rule, with its source. R = real-agents.md (Claude Code 2.1.332),
    /// D = hooks reference, S = behaviour spec (seed 002), T = claude-agent-sdk types, C = the
    /// behaviour campaign (fixtures/live/campaign, 2026-12-01), B = the agent's own code
    /// (npm @anthropic-ai/claude-code 2.1.332 bin/claude.exe: the command hook runner, `rse`).
    #[test]
    fn reader_table() {
        use Decision::*;
        let fail_closed = "event: PreToolUse\ncommand: ./hook.sh\nfailClosed: true\n";
        #[rustfmt::skip]
        let rows: Vec<(&str, &str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            ("R exit 0, no output", PRE, "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds),
            ("R exit 2 + stderr", PRE, "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked),
            ("R exit 2, empty stderr", PRE, "PreToolUse", exit(2, "", ""), Block, Effect::Blocked),
            ("R exit 1 + stderr", PRE, "PreToolUse", exit(1, "", "oops"), Error, Effect::Proceeds),
            ("R hookSpecificOutput deny", PRE, "PreToolUse", exit(0, DENY, ""), Block, Effect::Blocked),
            ("R decision block", PRE, "PreToolUse", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("R decision deny means nothing", PRE, "PreToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Allow, Effect::Proceeds),
            ("R top-level permissionDecision", PRE, "PreToolUse", exit(0, r#"{"permissionDecision":"deny"}"#, ""), Allow, Effect::Proceeds),
            ("R cancel means nothing", PRE, "PreToolUse", exit(0, r#"{"cancel":true}"#, ""), Allow, Effect::Proceeds),
            ("R timeout fails open", PRE, "PreToolUse", timed_out(), Timeout, Effect::Proceeds),
            ("R missing script (127)", PRE, "PreToolUse", exit(127, "", "sh: ./x: not found"), Error, Effect::Proceeds),
            ("D stdout ignored on exit 2", PRE, "PreToolUse", exit(2, r#"{"decision":"approve"}"#, "r"), Block, Effect::Blocked),
                // The hooks reference says continue: false stops first; the real agent runs
                // the call, then ends the turn (campaign of 2026-12-01).
            ("R continue false: the call runs, then the turn ends", PRE, "PreToolUse", exit(0, r#"{"continue":false}"#, ""), Allow, Effect::Proceeds),
            ("D continue false halts on Stop", PRE, "Stop", exit(0, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("R a BOM before the reply is skipped", PRE, "PreToolUse", exit(0, "\u{feff}{\"decision\":\"block\"}", ""), Block, Effect::Blocked),
            ("R exit 1, no stderr: the JSON still blocks", PRE, "PreToolUse", exit(1, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("R deny without hookEventName is ignored", PRE, "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"permissionDecision":"deny"}}"#, ""), Allow, Effect::Proceeds),
            ("R exit 2, continue false, no stderr halts", PRE, "PreToolUse", exit(2, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("C ask with no one to ask (claude -p) refuses the call", PRE, "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}"#, ""), Block, Effect::Blocked),
            // Stdout's JSON is read whatever the exit code, on every event (campaign, 2026-12-01).
            ("B exit 1, decision block with stderr still blocks", PRE, "PreToolUse", exit(1, r#"{"decision":"block"}"#, "oops"), Block, Effect::Blocked),
            ("C exit 1, decision block blocks a Stop", PRE, "Stop", exit(1, r#"{"decision":"block","reason":"no"}"#, ""), Block, Effect::Blocked),
            ("C exit 1, decision block blocks a prompt", PRE, "UserPromptSubmit", exit(1, r#"{"decision":"block","reason":"no"}"#, ""), Block, Effect::Blocked),
            ("C exit 1, decision block after the tool", PRE, "PostToolUse", exit(1, r#"{"decision":"block","reason":"no"}"#, ""), Block, Effect::Proceeds),
            ("C exit 1 decision block is no block where nothing blocks", PRE, "SessionStart", exit(1, r#"{"decision":"block"}"#, ""), Error, Effect::Proceeds),
            ("C exit 1, continue false on PreToolUse: the call runs", PRE, "PreToolUse", exit(1, r#"{"continue":false}"#, ""), Allow, Effect::Proceeds),
            ("C exit 1, continue false halts after the tool", PRE, "PostToolUse", exit(1, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("C exit 1, continue false halts a prompt", PRE, "UserPromptSubmit", exit(1, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("C exit 2, continue false halts a Stop", PRE, "Stop", exit(2, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("B exit 2, continue false with stderr halts after the tool", PRE, "PostToolUse", exit(2, r#"{"continue":false}"#, "why"), Block, Effect::Halted),
            ("B exit 3, continue false halts a Stop", PRE, "Stop", exit(3, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            // A hookSpecificOutput naming another event drops the whole reply (campaign, 2026-12-01).
            ("C a PreToolUse deny on a Stop is dropped", PRE, "Stop", exit(0, DENY, ""), Allow, Effect::Proceeds),
            ("C a PreToolUse deny on a prompt is dropped", PRE, "UserPromptSubmit", exit(0, DENY, ""), Allow, Effect::Proceeds),
            ("C a PreToolUse deny after the tool is dropped", PRE, "PostToolUse", exit(0, DENY, ""), Allow, Effect::Proceeds),
            ("B another event's hookSpecificOutput drops continue false too", PRE, "Stop", exit(0, r#"{"continue":false,"hookSpecificOutput":{"hookEventName":"PreToolUse"}}"#, ""), Allow, Effect::Proceeds),
            ("B decision block stands beside another event's hookSpecificOutput", PRE, "Stop", exit(0, r#"{"decision":"block","hookSpecificOutput":{"hookEventName":"PreToolUse"}}"#, ""), Block, Effect::Blocked),
            ("B exit 1, another event's deny is dropped, not read", PRE, "PreToolUse", exit(1, r#"{"hookSpecificOutput":{"hookEventName":"Stop","permissionDecision":"deny"}}"#, ""), Allow, Effect::Proceeds),
            ("B exit 2 blocks beside another event's hookSpecificOutput", PRE, "PreToolUse", exit(2, r#"{"hookSpecificOutput":{"hookEventName":"Stop"}}"#, "no"), Block, Effect::Blocked),
            ("D invalid JSON ignored", PRE, "PreToolUse", exit(0, "{not json", ""), Allow, Effect::Proceeds),
            ("D failed start", PRE, "PreToolUse", not_started(), Error, Effect::Proceeds),
            ("D killed by a signal", PRE, "PreToolUse", signalled(9), Error, Effect::Proceeds),
            ("S exit 2 on SessionStart is error", PRE, "SessionStart", exit(2, "", "x"), Error, Effect::Proceeds),
            ("S exit 2 on Notification is error", PRE, "Notification", exit(2, "", "x"), Error, Effect::Proceeds),
            ("S PostToolUse block: tool already ran", PRE, "PostToolUse", exit(2, "", "x"), Block, Effect::Proceeds),
            ("D UserPromptSubmit decision block", PRE, "UserPromptSubmit", exit(0, r#"{"decision":"block","reason":"no"}"#, ""), Block, Effect::Blocked),
            ("D PermissionRequest behavior deny", PRE, "PermissionRequest", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny"}}}"#, ""), Block, Effect::Blocked),
            ("T failClosed: exit 1 blocks", fail_closed, "PreToolUse", exit(1, "", ""), Block, Effect::Blocked),
            ("T failClosed: timeout blocks", fail_closed, "PreToolUse", timed_out(), Block, Effect::Blocked),
            ("T failClosed: invalid JSON blocks", fail_closed, "PreToolUse", exit(0, "{oops", ""), Block, Effect::Blocked),
            ("T failClosed ignored on Stop", fail_closed, "Stop", exit(1, "", ""), Error, Effect::Proceeds),
        ];
        testing::check_rows_each(&AGENT, rows);
    }

    #[test]
    fn context_and_rewrites() {
        let r = testing::read(&AGENT, PRE, "SessionStart", &exit(0, "branch main", ""));
        assert!(r.adds_context, "plain stdout on SessionStart is context");
        let r = testing::read(&AGENT, PRE, "PreToolUse", &exit(0, "hello", ""));
        assert!(!r.adds_context, "plain stdout on PreToolUse is not");
        let out = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls"},"additionalContext":"x"}}"#;
        let r = testing::read(&AGENT, PRE, "PreToolUse", &exit(0, out, ""));
        assert!(r.rewrites_input && r.adds_context && r.decision == Decision::Allow);
    }

    #[test]
    fn inputs() {
        let portable_edit = "on: before-tool\nmatch: edit\ncommand: ./h.sh\n";
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "claude", [
            ("bash", PRE, bash("git push -f")),
            ("edit_write", portable_edit, edit(".github/workflows/ci.yml", true)),
            ("edit_only_edit", "event: PreToolUse\nmatcher: Edit\ncommand: ./h.sh\n", edit("src/a.rs", true)),
            ("post_bash", "event: PostToolUse\nmatcher: Bash\ncommand: ./h.sh\n", bash("ls")),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("session_start_resume", "event: SessionStart\nmatcher: resume\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
            ("stop", "on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
            ("read", "on: before-tool\nmatch: read\ncommand: ./h.sh\n", crate::agent::testing::read_file(".env")),
        ]);
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_plan_says(&AGENT, [
            (PRE, prompt("hi"), "PreToolUse is not fired by --prompt"),
            ("event: BeforeTool\ncommand: ./h.sh\n", bash("ls"), "Claude Code has no BeforeTool event"),
            ("event: PreToolUse\ncommand: ./h.sh\nshell: powershell\n", bash("ls"), "powershell"),
            ("event: PreModelSwitch\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "pass --payload"),
        ]);
    }

    #[test]
    fn matchers() {
        let rows = [
            ("Bash", "Bash", true),
            ("Edit|Write", "Bash", false),
            ("*", "Bash", true),
            ("", "Bash", true),
            ("^Bash", "BashOutput", true), // unanchored regex
            ("Bas", "Bash", false),        // exact name, not a prefix
            ("mcp__memory", "mcp__memory__x", false),
            ("mcp__memory__.*", "mcp__memory__x", true),
        ];
        testing::check_matchers(
            &AGENT,
            "PreToolUse",
            &rows,
            |tool| serde_json::json!({"tool_name": tool, "tool_input": {}}),
        );
    }

    #[test]
    fn exec_form_and_env() {
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ncommand: hooks/x.sh\nargs: [a, b]\nenv: {K: v}\n",
            &bash("ls"),
        );
        let inv = first_invocation(&run);
        assert_eq!(inv.program, "/project/hooks/x.sh");
        assert_eq!(inv.args, ["a", "b"]);
        assert!(
            inv.env
                .contains(&("CLAUDE_PROJECT_DIR".into(), "/project".into()))
        );
        assert!(inv.env.contains(&("K".into(), "v".into())));
        assert_eq!(inv.timeout.as_secs(), 600);
        // A command runs under /bin/sh -c (fixtures/live/inputs/claude--bash.json).
        assert_eq!(
            testing::planned_argv(&AGENT, PRE),
            (
                "/bin/sh".to_string(),
                vec!["-c".to_string(), "./hook.sh".into()]
            )
        );
    }
}
