//! Qwen Code.
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Qwen Code 0.24.4 run headless
//! against a fake model, 2026-11-30); QwenLM/qwen-code `packages/core/src/hooks/hookRunner.ts`
//! @01350615 (shell, command text, exit codes, output parsing; timeouts in ms, default 60000),
//! `hookPlanner.ts` @1361d7d0 (matchers), `types.ts` @01ed106f (events, reply fields),
//! read through the search tool's code corpus on 2026-11-30; docs/reference/protocols/
//! protocols-b.md §9. Newer sources (`hook-timeout.ts` @985988a5: seconds, default 600 s, values
//! of 1000 or more still ms; `hook-matcher.ts` @1c85e649: `|` lists compared by name first, an
//! invalid regex matches nothing) are noted where they differ; the real agent's settings used ms.

pub mod live;
pub mod native;
mod replies;

use super::{Agent, Files, Hooks, Live, Plan, PlanContext, ReadContext};
use crate::agent::shared;
use crate::contract::reply::{Reply, Stream};
use crate::contract::{
    Blocks, Contract, Event, Flavour, Input, Kind, Launch, Place, Portable, Quirks, Run, Stdio,
};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::matcher::{self, MatchError};
use crate::verdict::Reading;

/// Qwen Code's contract.
pub static AGENT: Agent = Agent {
    id: "qwen",
    name: "Qwen Code",
    checked: "2026-11-30",
    sources: &[
        "real agent: Qwen Code 0.24.4 (docs/reference/real-agents.md, 2026-11-30)",
        "source: QwenLM/qwen-code @01350615 packages/core/src/hooks/hookRunner.ts; hookPlanner.ts @1361d7d0; types.ts @01ed106f",
        "commits: checked 2026-12-01 against the @qwen-code/qwen-code 0.24.4 npm bundle, the release itself (the stored index holds no package.json at these commits): @595cf708 is before 0.24.4 (its firePostToolUseFailureHook lacks the tool_call_id and duration_ms the bundle passes) and @01ed106f after it (its firePostToolUseHook takes an owner the bundle's lacks), so neither is the release commit and the rows that cite them follow the bundle, which reads the same for the code they cite; @01350615 and @1361d7d0 are not checked (the index gives no tree at those commits)",
        "docs: https://github.com/QwenLM/qwen-code/blob/main/docs/users/features/hooks.md",
        "protocols-b.md §9 Config (QwenLM/qwen-code hooks/, hook-timeout.ts)",
    ],
    session_vars: &["QWEN_PROJECT_DIR"],
    notes: &[
        "Qwen Code loads project hooks (.qwen/settings.json) only in trusted folders",
        "Qwen Code settings give a hook's timeout in milliseconds (write 30000 for 30 s); newer builds read values below 1000 as seconds",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Qwen Code does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: super::claude::PORTABLE_EVENTS,
        // The matcher is an unanchored regex, so the names are anchored here.
        shell: "^run_shell_command$",
        edit: "^(write_file|edit)$",
        read: "^(read_file|read_many_files)$",
        // tool-name-mapping.json: WebSearch → web_search, WebFetch → web_fetch.
        web: "^(web_fetch|web_search)$",
        // Qwen Code names MCP tools like Claude Code (mcp__server__tool): its bundle's
        // `DiscoveredMCPTool`, and seen live 2026-12-05 (fixtures/live/mcp).
        mcp: "^mcp__{server}__",
    },
    tools: Tools {
        shell: ToolCall::new(
            "run_shell_command",
            r#"{"command":"$COMMAND","description":"Run the command","is_background":false}"#,
            RESPONSE,
        ),
        edit: &[
            ToolCall::new("write_file", r#"{"file_path":"$FILE","content":""}"#, RESPONSE),
            ToolCall::new(
                "edit",
                r#"{"file_path":"$FILE","old_string":"","new_string":"","replace_all":false}"#,
                RESPONSE,
            ),
        ],
        read: &["read_file", "read_many_files"],
        read_input: "$NONE:Qwen Code's docs give no read tool's input, so hookcheck builds none for --read: pass --payload",
        web: &["web_fetch", "web_search"],
        mcp: "mcp__{server}__{tool}",
        mcp_input: "",
    },
    // One that does not compile runs no hook (a warning in its debug log): hookcheck says so
    // as a hook not run as written (fixable).
    matcher: Flavour::Worded(&Flavour::Custom(matcher_matches), "a valid JavaScript regex"),
    input: Input::common(
        r#"{"session_id":"$SESSION","transcript_path":"$TRANSCRIPTS/.qwen/projects/$SLUG/chats/$SESSION.jsonl","cwd":"$ROOT","hook_event_name":"$EVENT","timestamp":"2026-01-01T00:00:00.000Z","prompt_id":"$SESSION########1"}"#,
    ),
    // No command text replacement under bash: Qwen Code 0.24.4 `expandCommand` returns a bash
    // command unchanged (the bundle's comment: bash expands the exported variables itself) and
    // rewrites only for cmd.exe and PowerShell, which hookcheck does not run. real agent:
    // campaign shell cell quoted-var_none_text (`'$CLAUDE_PROJECT_DIR'` kept) allows,
    // recorded 2026-12-02 (fixtures/live/campaign/observations/shell/qwen.json).
    run: Run::argv(&["bash", "-c"])
        // Started in a subfolder (of a git repository or not), the hook runs there and its
        // *_PROJECT_DIR variables name it, not the repository's root.
        // real agent: Qwen Code 0.24.4, captured 2026-12-04
        // (fixtures/live/start-in/qwen--bash--git--in-sub.json, qwen--bash--in-sub.json).
        .runs_where_started()
        // Started in a subfolder of a git repository, it does not read the root's
        // .qwen/settings.json; started at the root it does. real agent: Qwen Code 0.24.4, 2026-12-04
        // (fixtures/live/lifecycle/repo-hooks/in-sub/exit2-stderr--qwen.json: allow;
        // at-root/exit2-stderr--qwen.json: block).
        .project_files_where_started()
        // The same command twice on one event runs once. real agent: Qwen Code 0.24.4, 2026-12-03
        // (fixtures/live/multi/observations/multi-same--qwen.json: `runs: X`).
        .dedupes()
        // stdio a socket pair; the shell in its own process group and its own session.
        // real agent: Qwen Code 0.24.4, captured 2026-12-03 (fixtures/live/launch/qwen--bash.json).
        .launch(Launch::seen(
            Stdio::Socket,
            Place::Own,
            Place::Own,
            "fixtures/live/launch/qwen--bash.json",
        ))
        .no_exec_form(
            "Qwen Code has no exec form (`args`) in the runner read: a hook is one command run by bash",
        )
        // A child holding the pipes makes the hook time out. real agent: Qwen Code 0.24.4,
        // campaign shell cells bg-exit0_* and bg-exit2_none_text allow,
        // detached-exit2_none_text blocks, recorded 2026-12-02
        // (fixtures/live/campaign/observations/shell/qwen.json).
        .reads_to_eof()
        // `MAX_OUTPUT_LENGTH = 1024 * 1024`: the runner keeps the first MiB of stdout and of
        // stderr ("Hook stdout exceeded max length ..., truncating") and parses that (the
        // @qwen-code/qwen-code 0.24.4 bundle's hook runner). real agent: campaign shell cells
        // exit0_huge-block_none and exit0_huge-deny_none (a 1.1 MB decision) allow, recorded
        // 2026-12-02 (fixtures/live/campaign/observations/shell/qwen.json).
        .output_limit(1 << 20)
        // `$VAR` and `${VAR}` in the command text are replaced with its own environment's
        // values as it loads the file, before any shell runs. real agent: Qwen Code 0.24.4,
        // 2026-12-05 (fixtures/live/multi/observations/load-env--qwen.json: `set set` for
        // `'${TMPDIR}'` and `'$TMPDIR'`, single-quoted, where every agent but Gemini CLI left
        // `kept kept`). Unlike Gemini CLI it reads no `${VAR:-default}`: the text in braces is
        // the name, so that form reaches the shell as written (campaign cell
        // env-project-dir_none_text blocks: fixtures/live/campaign/observations/shell/qwen.json;
        // packages/core/src/utils/envVarResolver.ts in the 0.24.4 bundle, `resolveEnvVarsInString`).
        .loads_env_refs(
            "Qwen Code resolves its own environment in settings.json as it loads",
            crate::contract::EnvRefs::Plain,
        )
        // hookRunner.ts: the three project-dir variables are the input's cwd, then the
        // handler's env.
        .env(&[
            ("GEMINI_PROJECT_DIR", Var::Root),
            ("CLAUDE_PROJECT_DIR", Var::Root),
            ("QWEN_PROJECT_DIR", Var::Root),
            // Set for every hook: real agent Qwen Code 0.24.4, captured 2026-12-01
            // (fixtures/live/inputs/qwen--*.json). Its bundle reads QWEN_CODE_PROJECT_DIR,
            // _SESSION_ID, _MODEL and _MODEL_IDENTITY back as such; QWEN_CODE_CLI is the
            // command that starts it; the rest (its npm launcher's and relaunch's) are
            // placeholders saying what they stand for.
            ("QWEN_CODE_PROJECT_DIR", Var::Root),
            ("QWEN_CODE_SESSION_ID", Var::Session),
            ("QWEN_CODE_PROMPT_ID", Var::Field("prompt_id")),
            ("QWEN_CODE_AGENT_ID", Var::Literal("<the running agent's id>")),
            ("QWEN_CODE_CLI", Var::Literal("<the qwen command that started the session>")),
            ("QWEN_CODE_MODEL", Var::Literal("<the session's model>")),
            ("QWEN_CODE_MODEL_IDENTITY", Var::Literal("<the session's model identity>")),
            ("QWEN_CODE_LAUNCHER_PID", Var::Literal("<the npm launcher's process id>")),
            ("QWEN_CODE_MANAGED_NPM_PIN", Var::Literal("<the npm launcher's version pin>")),
            ("QWEN_CODE_MANAGED_NPM_ROOT", Var::Literal("<the @qwen-code/qwen-code folder>")),
            ("QWEN_CODE_NO_RELAUNCH", Var::Literal("<set once the launcher relaunched it>")),
            (
                "QWEN_CODE_PRIVATE_RELAUNCH_ENV_PROVENANCE",
                Var::Literal("<the relaunch's own record>"),
            ),
            ("QWEN_CODE_STARTUP_VERSION", Var::Literal("0.24.4")),
        ]),
    reply: Reply::stdout(replies::RULES)
        // hookRunner.ts: exit 2 reads stderr only; any other exit reads stdout, or stderr when
        // stdout is empty. A JSON string holding JSON is parsed twice.
        .reads(Stream::StderrAt(2))
        .json_in_string()
        .skips_bom()
        .context(&["hookSpecificOutput.additionalContext"])
        .rewrites(&["hookSpecificOutput.updatedInput", "hookSpecificOutput.tool_input"])
        .combine(combine),
    quirks: Quirks::NONE.input(session_start_input).adjust(adjust),
};

/// Several hooks on PreToolUse: Qwen Code merges their outputs into one (its bundle's
/// `HookAggregator.mergeWithOrLogic`: any block or deny makes `decision` "block", and every
/// `hookSpecificOutput` field is copied over, a later hook's over an earlier's), then reads
/// `hookSpecificOutput.permissionDecision` before `decision`: the last hook that gave a
/// permissionDecision decides, over another hook's exit 2 or decision "block". real agent:
/// Qwen Code 0.24.4, 2026-12-04, a JSON allow then an exit 2 let the call run, three runs of
/// three (fixtures/live/multi/observations/multi-json-allow-block--qwen.json). Not modelled:
/// another hook's `continue: false` still stops the call after an allow.
fn combine(ctx: &ReadContext, readings: &[Reading]) -> Reading {
    let merged = (ctx.event == "PreToolUse")
        .then(|| {
            shared::last_stated(
                ctx,
                readings,
                "Qwen Code merges the replies: the last hookSpecificOutput.permissionDecision decides over another hook's exit 2 or decision",
            )
        })
        .flatten();
    merged.unwrap_or_else(|| shared::strongest(ctx, readings))
}

/// SessionStart's input has no prompt_id (no prompt was sent yet), though every other event's
/// has: real agent Qwen Code 0.24.4, captured 2026-12-01 (fixtures/live/inputs/qwen--session.json).
fn session_start_input(
    _: &PlanContext,
    event: &str,
    obj: &mut serde_json::Map<String, serde_json::Value>,
) {
    if event == "SessionStart" {
        obj.shift_remove("prompt_id");
    }
}

const RESPONSE: &str = r#"{"llmContent":"","returnDisplay":""}"#;
const AFTER: Blocks = Blocks::After("the tool already ran: the reason goes back to the model");
/// PostToolUse: only continue: false blocks, its stopReason as the tool result (real agent
/// 0.24.4, live situations of 2026-12-01; see replies.rs).
const POST_AFTER: Blocks =
    Blocks::After("the tool already ran: the stopReason replaces its result for the model");
const CONTINUES: Blocks = Blocks::Continues(
    "the reason goes back to the model and the agent keeps going (at most 8 times in a row)",
);

/// HookEventName in types.ts @01ed106f; the spec gives seconds, Qwen's settings (the runner
/// read) milliseconds, default 60000. Events whose result stops nothing observe or add context
/// only (protocols-b.md §9 events table; MessageDisplay, StopFailure and SessionDelete are
/// fire-and-forget). The matcher sees the fields of hookPlanner.ts.
const EVENTS: &[Event] = &[
    event("PreToolUse", Kind::BeforeTool, 60).input(
        r#"{"permission_mode":"default","tool_name":"$TOOL","tool_input":"$INPUT","tool_use_id":"toolu_hookcheck_0001","tool_call_id":"call_hookcheck_0001"}"#,
    ),
    // duration_ms: captured from 0.24.4, 2026-12-01 (fixtures/live/inputs/qwen--post-bash.json).
    event("PostToolUse", Kind::AfterTool, 60).blocks(POST_AFTER).input(
        r#"{"permission_mode":"default","tool_name":"$TOOL","tool_input":"$INPUT","tool_response":"$RESPONSE","tool_use_id":"toolu_hookcheck_0001","tool_call_id":"call_hookcheck_0001","duration_ms":1}"#,
    ),
    event("PostToolUseFailure", Kind::Tool, 60).blocks(Blocks::No).input(
        r#"{"permission_mode":"default","tool_name":"$TOOL","tool_input":"$INPUT","error":"hookcheck: placeholder tool error","tool_use_id":"toolu_hookcheck_0001","tool_call_id":"call_hookcheck_0001"}"#,
    ),
    event("PostToolBatch", Kind::Other, 60).blocks(AFTER),
    event("Notification", Kind::Other, 60)
        .blocks(Blocks::No)
        .matches("notification_type")
        .input(r#"{"notification_type":"$MATCH:idle_prompt","message":"Qwen Code is waiting for your input"}"#),
    // permission_mode, submitted_prompt: captured from 0.24.4, 2026-12-01
    // (fixtures/live/inputs/qwen--prompt.json).
    event("UserPromptSubmit", Kind::Prompt, 60).input(
        r#"{"prompt":"$PROMPT","permission_mode":"default","submitted_prompt":"$PROMPT"}"#,
    ),
    event("UserPromptExpansion", Kind::Other, 60).blocks(Blocks::No),
    // Plain stdout reaches the model as context: real agent Qwen Code 0.24.4, 2026-12-01
    // (fixtures/live/situations/observations/session--stdout-context--qwen.json).
    event("SessionStart", Kind::SessionStart, 60)
        .blocks(Blocks::No)
        .stdout_context()
        .matches("source")
        .input(r#"{"permission_mode":"default","source":"$MATCH:startup","model":"qwen3-coder-plus"}"#),
    // permission_mode, background_tasks, crons and the context usage (context_usage,
    // context_limit: 200000 for a model Qwen does not know, input_tokens): captured from
    // 0.24.4, 2026-12-01 (fixtures/live/inputs/qwen--stop.json); the 0.24.4 bundle's
    // fireStopEvent and buildContextUsage (sent once the model reported its prompt tokens).
    event("Stop", Kind::Stop, 60)
        .blocks(CONTINUES)
        .input(r#"{"permission_mode":"default","stop_hook_active":false,"last_assistant_message":"Done.","background_tasks":[],"crons":[],"context_usage":0.005,"context_limit":200000,"input_tokens":1000}"#),
    event("MessageDisplay", Kind::Other, 60).blocks(Blocks::No),
    event("SubagentStart", Kind::Other, 60).blocks(Blocks::No).matches("agent_type"),
    event("SubagentStop", Kind::Other, 60).blocks(CONTINUES).matches("agent_type"),
    event("PreCompact", Kind::Other, 60)
        .blocks(Blocks::No)
        .matches("trigger")
        .input(r#"{"trigger":"$MATCH:manual"}"#),
    event("PostCompact", Kind::Other, 60)
        .blocks(Blocks::No)
        .matches("trigger")
        .input(r#"{"trigger":"$MATCH:manual"}"#),
    event("SessionEnd", Kind::SessionEnd, 60)
        .blocks(Blocks::No)
        .matches("reason")
        .input(r#"{"reason":"$MATCH:other"}"#),
    event("SessionDelete", Kind::Other, 60).blocks(Blocks::No),
    event("PermissionRequest", Kind::Tool, 60)
        .input(r#"{"permission_mode":"default","tool_name":"$TOOL","tool_input":"$INPUT"}"#),
    event("PermissionDenied", Kind::Other, 60).blocks(Blocks::No),
    event("StopFailure", Kind::Other, 60).blocks(Blocks::No).matches("error"),
    event("TodoCreated", Kind::Other, 60),
    event("TodoCompleted", Kind::Other, 60),
    event("InstructionsLoaded", Kind::Other, 60).blocks(Blocks::No),
];

/// `matchesHookPattern` and `HookPlanner.matchesContext` of 0.24.4 (bundle
/// `chunks/chunk-DPEB6S2R.js`, `packages/core/src/hooks/hook-matcher.ts` and `hookPlanner.ts`;
/// read 2026-12-05), for every event with a matcher target: the matcher's edges trimmed (an
/// escaped trailing space kept); `""`, `*`, `.*` match all; the name or, on a tool event, one of
/// its aliases ([`ALIASES`]: `Bash` is `run_shell_command`) equal to it matches; a `|` list (not
/// starting `^` or `(`) is split at its top level, each entry trimmed, and an entry that is `*`,
/// `.*` or such a name matches; else an unanchored JavaScript regex **on the name alone** (so
/// `^Bash$` never fires), and one that does not compile runs no hook (a warning in its debug
/// log). Observed: ` Bash ` and `Bash` fire on the shell call, `bash` and `^Bash$` do not
/// (`matcher-*` in fixtures/live/lifecycle/observations, 2026-12-05). The hookPlanner.ts
/// @1361d7d0 this replaced (exact compare on compact events, equality when the regex does not
/// compile) is not 0.24.4's.
fn matcher_matches(event: &str, pattern: &str, name: &str) -> Result<bool, MatchError> {
    let p = trim_edges(pattern);
    if matches!(p, "" | "*" | ".*") || name.is_empty() {
        return Ok(true);
    }
    let tool_event = CONTRACT.event(event).is_some_and(|e| e.kind.is_tool());
    let aliases: &[&str] = match tool_event {
        true => ALIASES
            .iter()
            .find(|(tool, _)| *tool == name)
            .map_or(&[], |(_, a)| a),
        false => &[],
    };
    let exact = |e: &str| e == name || aliases.contains(&e);
    if exact(p) {
        return Ok(true);
    }
    let mut expression = p.to_string();
    if p.contains('|') && !p.starts_with('^') && !p.starts_with('(') {
        let entries: Vec<&str> = split_top_level(p)
            .into_iter()
            .map(trim_edges)
            .filter(|e| !e.is_empty())
            .collect();
        if entries.iter().any(|e| matches!(*e, "*" | ".*") || exact(e)) {
            return Ok(true);
        }
        if entries.is_empty() {
            return Ok(false);
        }
        expression = entries.join("|");
    }
    matcher::JsRegex::new(&expression)?.is_match(name)
}

/// The names a tool's matcher also equals in 0.24.4 (`getToolMatcherTargets`: its display
/// names and legacy names, `getAliasSetForTool`, and the Claude Code names of
/// `TOOL_NAME_ALIASES`, `chunks/chunk-47C3HPMW.js`), for the tools hookcheck scripts.
const ALIASES: &[(&str, &[&str])] = &[
    ("run_shell_command", &["Shell", "ShellTool", "Bash"]),
    ("write_file", &["WriteFile", "WriteFileTool", "Write"]),
    ("edit", &["Edit", "EditTool", "replace"]),
    ("read_file", &["ReadFile", "ReadFileTool", "Read"]),
    ("notebook_edit", &["NotebookEdit", "NotebookEditTool"]),
];

/// `trimMatcherEdges`: leading whitespace, and trailing whitespace not escaped by an odd
/// number of backslashes.
fn trim_edges(s: &str) -> &str {
    let mut end = s.len();
    while let Some(c) = s[..end].chars().next_back().filter(|c| c.is_whitespace()) {
        let before = &s[..end - c.len_utf8()];
        let backslashes = before.len() - before.trim_end_matches('\\').len();
        if backslashes % 2 == 1 {
            break;
        }
        end -= c.len_utf8();
    }
    s[..end].trim_start()
}

/// `splitListEntries`: `|` outside a `[...]` class, a `(...)` group and a `\` escape.
fn split_top_level(p: &str) -> Vec<&str> {
    let (mut out, mut start, mut depth) = (Vec::new(), 0, 0usize);
    let (mut escaped, mut class) = (false, false);
    for (i, c) in p.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if class {
            class = c != ']';
        } else if c == '[' {
            class = true;
        } else if c == '(' {
            depth += 1;
        } else if c == ')' {
            depth = depth.saturating_sub(1);
        } else if c == '|' && depth == 0 {
            out.push(&p[start..i]);
            start = i + 1;
        }
    }
    out.push(&p[start..]);
    out
}

/// What no table says, after the plan: the timeout note (settings give milliseconds), and
/// `shell: powershell`, which runs only on Windows.
fn adjust(cx: &PlanContext, plan: &mut Plan) {
    let Plan::Run(run) = plan else {
        return;
    };
    if let Some(t) = cx.spec.timeout() {
        run.notes.push(format!(
            "Qwen Code settings give the timeout in milliseconds: {}",
            t.saturating_mul(1000)
        ));
    }
    if cx.spec.raw.shell.as_deref() == Some("powershell") && !cfg!(windows) {
        for c in &mut run.commands {
            c.invocation = Err("shell: powershell runs only on Windows".to_string());
        }
    }
}

/// The input field the matcher is compared with (none: the matcher is ignored).
#[cfg(test)]
fn matcher_field(event: &str) -> Option<&'static str> {
    match CONTRACT.event(event)?.matches {
        crate::contract::MatchOn::Tool => Some(CONTRACT.input.tool_path),
        crate::contract::MatchOn::Field(f)
        | crate::contract::MatchOn::Value(f)
        | crate::contract::MatchOn::Context(f) => Some(f),
        crate::contract::MatchOn::Nothing => None,
    }
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: run_shell_command\ncommand: ./hook.sh\n";
    const DENY: &str = testing::PRE_DENY;

    /// Every reply rule, with its source. R = real-agents.md (Qwen Code 0.24.4), S =
    /// hookRunner.ts @01350615 / types.ts @01ed106f, P = protocols-b.md §9, C = the behaviour
    /// campaign (fixtures/live/campaign, 2026-12-01), L = a live situation
    /// (fixtures/live/situations, 2026-12-01), B = the @qwen-code/qwen-code 0.24.4 npm bundle's code.
    #[test]
    fn reader_table() {
        use Decision::*;
        #[rustfmt::skip]
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect, bool)> = vec![
            ("R exit 0, no output", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds, true),
            ("R exit 2 + stderr", "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked, true),
            ("R exit 2, empty stderr runs the call", "PreToolUse", exit(2, "", ""), Error, Effect::Proceeds, true),
            ("R exit 1 + stderr", "PreToolUse", exit(1, "", "oops"), Error, Effect::Proceeds, true),
            ("R hookSpecificOutput deny", "PreToolUse", exit(0, DENY, ""), Block, Effect::Blocked, true),
            ("R decision block", "PreToolUse", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked, true),
            ("R decision deny", "PreToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Block, Effect::Blocked, true),
            ("R top-level permissionDecision", "PreToolUse", exit(0, r#"{"permissionDecision":"deny"}"#, ""), Allow, Effect::Proceeds, true),
            ("R cancel means nothing", "PreToolUse", exit(0, r#"{"cancel":true}"#, ""), Allow, Effect::Proceeds, true),
            ("R timeout fails open", "PreToolUse", timed_out(), Timeout, Effect::Proceeds, true),
            ("R missing script (127) allows", "PreToolUse", exit(127, "", "bash: ./x.sh: No such file or directory"), Error, Effect::Proceeds, true),
            ("S deny JSON blocks even on exit 1", "PreToolUse", exit(1, DENY, ""), Block, Effect::Blocked, true),
            ("S decision deny on stderr at exit 1", "PreToolUse", exit(1, "", r#"{"decision":"deny"}"#), Block, Effect::Blocked, true),
            ("S exit 2 reads stderr JSON, ignores stdout", "PreToolUse", exit(2, DENY, r#"{"decision":"allow"}"#), Allow, Effect::Proceeds, true),
            ("S exit 3 with text is a warning", "PreToolUse", exit(3, "nope", ""), Error, Effect::Proceeds, true),
            ("S JSON string holding JSON", "PreToolUse", exit(0, r#""{\"decision\":\"block\"}""#, ""), Block, Effect::Blocked, true),
            ("S hso allow wins over decision block", "PreToolUse", exit(0, r#"{"decision":"block","hookSpecificOutput":{"permissionDecision":"allow"}}"#, ""), Allow, Effect::Proceeds, true),
            ("P ask denies headless, asks in the TUI", "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"permissionDecision":"ask"}}"#, ""), Block, Effect::Blocked, false),
            ("S plain stdout at exit 0", "PreToolUse", exit(0, "hello", ""), Allow, Effect::Proceeds, true),
            ("S JSON scalar is no output", "PreToolUse", exit(2, "", "42"), Error, Effect::Proceeds, true),
            ("C continue false before a tool blocks the call, the turn goes on", "PreToolUse", exit(0, r#"{"continue":false}"#, ""), Block, Effect::Blocked, true),
            ("S continue false halts", "UserPromptSubmit", exit(0, r#"{"continue":false}"#, ""), Block, Effect::Halted, true),
            ("S failed start", "PreToolUse", not_started(), Error, Effect::Proceeds, true),
            ("S killed by a signal", "PreToolUse", signalled(9), Error, Effect::Proceeds, true),
            ("L PostToolUse decision block is ignored", "PostToolUse", exit(0, r#"{"decision":"block"}"#, ""), Error, Effect::Proceeds, true),
            ("L PostToolUse exit 2 is ignored", "PostToolUse", exit(2, "", "no"), Error, Effect::Proceeds, true),
            ("L PostToolUse continue false: the stopReason is the tool result", "PostToolUse", exit(0, r#"{"continue":false,"stopReason":"x"}"#, ""), Block, Effect::Proceeds, true),
            ("S UserPromptSubmit exit 2", "UserPromptSubmit", exit(2, "", "no"), Block, Effect::Blocked, true),
            ("B Stop continue false keeps going like a block", "Stop", exit(0, r#"{"continue":false,"stopReason":"x"}"#, ""), Block, Effect::Blocked, true),
            ("S Stop decision block keeps going", "Stop", exit(0, r#"{"decision":"block","reason":"more"}"#, ""), Block, Effect::Blocked, true),
            ("P SessionStart cannot block", "SessionStart", exit(2, "", "x"), Error, Effect::Proceeds, true),
            ("S PermissionRequest behavior deny", "PermissionRequest", exit(0, r#"{"hookSpecificOutput":{"decision":{"behavior":"deny"}}}"#, ""), Block, Effect::Blocked, true),
        ];
        for (name, event, outcome, decision, effect, counted) in rows {
            let r = testing::read(&AGENT, PRE, event, &outcome);
            assert_eq!(
                (r.decision, r.effect, r.counted),
                (decision, effect, counted),
                "{name}: {r:?}"
            );
        }
        let ctx =
            r#"{"hookSpecificOutput":{"additionalContext":"x","updatedInput":{"command":"ls"}}}"#;
        let r = testing::read(&AGENT, PRE, "PreToolUse", &exit(0, ctx, ""));
        assert!(r.adds_context && r.rewrites_input && r.decision == Decision::Allow);
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "qwen", [
            ("bash", PRE, bash("git push -f")),
            ("edit_write_file", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("a/b.txt", false)),
            ("edit_edit", "event: PreToolUse\nmatcher: ^edit$\ncommand: ./h.sh\n", edit("a/b.txt", true)),
            ("post_bash", "event: PostToolUse\nmatcher: run_shell_command\ncommand: ./h.sh\n", bash("ls")),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("stop", "on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
            ("session_start", "on: session-start\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
        ]);
    }

    #[test]
    fn matchers() {
        let rows = [
            ("PreToolUse", "run_shell_command", "run_shell_command", true),
            ("PreToolUse", "shell", "run_shell_command", true), // unanchored
            ("PreToolUse", "Bash", "run_shell_command", true),  // observed: an alias
            ("PreToolUse", " Bash ", "run_shell_command", true), // observed: trimmed
            ("PreToolUse", "^Bash$", "run_shell_command", false), // observed: regex on the name
            ("PreToolUse", "bash", "run_shell_command", false), // observed
            ("PreToolUse", " Bash | Read ", "run_shell_command", true),
            ("PreToolUse", "^(Bash|Read)$", "run_shell_command", false),
            ("PreToolUse", "Write", "write_file", true),
            ("PreToolUse", "(", "run_shell_command", false), // does not compile: no hook
            ("PreToolUse", "|", "run_shell_command", false),
            ("PreToolUse", "*", "anything", true),
            ("PreToolUse", ".*", "anything", true),
            ("PreToolUse", " ", "anything", true),
            ("PreToolUse", "mcp__srv__.*", "mcp__srv__query", true),
            ("SessionStart", "start", "startup", true), // regex on the source
            ("PreCompact", "man", "manual", true),      // the same rule on every event
        ];
        for (event, matcher, name, fires) in rows {
            let yaml = format!("event: {event}\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
            let field = super::matcher_field(event).unwrap_or("tool_name");
            let p = plan(
                &AGENT,
                &yaml,
                &payload(serde_json::json!({ field: name, "tool_input": {} })),
            );
            assert_eq!(
                matches!(p, Plan::Run(_)),
                fires,
                "{event} {matcher} vs {name}: {p:?}"
            );
        }
        let p = plan(
            &AGENT,
            "event: PreToolUse\nmatcher: Read\ncommand: ./h.sh\n",
            &edit("a.txt", false),
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
        assert_eq!(super::trim_edges(" a\\ "), "a\\ ");
        assert_eq!(super::trim_edges(" a\\\\ "), "a\\\\");
        assert_eq!(
            super::split_top_level("a|(b|c)|[|]|d\\|e"),
            ["a", "(b|c)", "[|]", "d\\|e"]
        );
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_plan_says(&AGENT, [
            (PRE, prompt("hi"), "PreToolUse is not fired by --prompt"),
            ("event: BeforeTool\ncommand: ./h.sh\n", bash("ls"), "Qwen Code has no BeforeTool event"),
            ("event: TodoCreated\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "pass --payload"),
            ("event: PreToolUse\ncommand: h\nargs: [a]\n", bash("ls"), "no exec form"),
            ("on: prompt-submit\ncommand: ./h.sh\n", bash("ls"), "needs a prompt"),
        ]);
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ncommand: ./h.sh\nshell: powershell\n",
            &bash("ls"),
        );
        assert!(run.commands[0].invocation.is_err() || cfg!(windows));
    }

    #[test]
    fn command_text_env_and_timeout() {
        // The text reaches bash as written: the variables are in its environment.
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ncommand: $CLAUDE_PROJECT_DIR/h.sh\ntimeout: 5\nenv: {K: v}\n",
            &bash("ls"),
        );
        let inv = first_invocation(&run);
        assert_eq!(
            (inv.program.as_str(), inv.args.as_slice()),
            (
                "bash",
                &["-c".to_string(), "$CLAUDE_PROJECT_DIR/h.sh".to_string()][..]
            )
        );
        assert_eq!(inv.timeout.as_secs(), 5);
        for var in [
            "GEMINI_PROJECT_DIR",
            "CLAUDE_PROJECT_DIR",
            "QWEN_PROJECT_DIR",
        ] {
            assert!(inv.env.contains(&(var.into(), "/project".into())), "{var}");
        }
        assert!(inv.env.contains(&("K".into(), "v".into())));
        assert!(
            run.notes.iter().any(|n| n.contains("5000")),
            "{:?}",
            run.notes
        );
        let run = run_plan(&AGENT, PRE, &bash("ls"));
        let inv = first_invocation(&run);
        assert_eq!(inv.timeout.as_secs(), 60);
    }
}
