//! GitHub Copilot CLI (and the Copilot coding agent on GitHub, which reads the same
//! `.github/hooks/*.json`).
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Copilot CLI 1.0.102 run headless
//! against a fake model, 2026-11-30); github/docs `content/copilot/reference/hooks-reference.md`
//! @05da5bc3, `copilot-cli-reference/cli-hooks-reference.md` @927566b0, `hooks-configuration.md`
//! @1912b4fc, as collected in docs/reference/protocols/protocols-a.md §4; the `hook run`
//! behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt: "Copilot replies", "Copilot
//! sample events", "Assumed results"). The CLI is closed source.
//!
//! Copilot has two spellings of each event: camelCase (its own format) and PascalCase (the
//! VS Code / Claude format). They are distinct events here, because the input and the matcher
//! differ, but a PascalCase event decides as its camelCase twin (the reply rows name both).
//! Case is not folded ([`Contract::fold_case`]): `PreToolUse` must not find `preToolUse`.

pub mod live;
pub mod native;
mod replies;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, Plan, PlanContext, ReadContext};
use crate::agent::shared;
use crate::contract::reply::{Prepared, Reply};
use crate::contract::{
    Blocks, Contract, Event, Flavour, Input, Kind, Launch, Place, Portable, Quirks, Run, Stdio,
    Stop,
};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::exec::Outcome;
use crate::matcher::{self, MatchError};
use crate::plan::build;
use crate::spec::On;
use crate::trigger::Trigger;
use crate::verdict::Reading;

/// Copilot's contract.
pub static AGENT: Agent = Agent {
    id: "copilot",
    name: "Copilot CLI",
    checked: "2026-11-30",
    sources: &[
        "real agent: Copilot CLI 1.0.102 (docs/reference/real-agents.md, 2026-11-30)",
        "real agent: Copilot CLI 1.0.102, captured 2026-12-01 (fixtures/live/inputs/copilot--bash.json): the shell",
        "real agent: Copilot CLI 1.0.102, captured 2026-12-01 (fixtures/live/inputs/copilot--edit.json): the create tool's input",
        "docs: github/docs content/copilot/reference/hooks-reference.md @05da5bc3",
        "docs: github/docs copilot-cli-reference/cli-hooks-reference.md @927566b0, hooks-configuration.md @1912b4fc",
        "protocols-a.md §4 Config (github/docs hooks-reference.md @05da5bc3)",
    ],
    // Set in the coding agent's sandbox (hooks-reference.md).
    session_vars: &[
        "COPILOT_AGENT_PROMPT",
        "GITHUB_COPILOT_API_TOKEN",
        "GITHUB_COPILOT_GIT_TOKEN",
        // Set for a plugin's hooks, the roots to the plugin's folder. real agent: Copilot CLI
        // 1.0.102, 2026-12-04 (fixtures/live/plugins/copilot.md, variable names only).
        "PLUGIN_ROOT",
        "COPILOT_PLUGIN_ROOT",
        "CLAUDE_PLUGIN_ROOT",
        "COPILOT_PLUGIN_DATA",
        "CLAUDE_PLUGIN_DATA",
    ],
    notes: &[
        "the Copilot coding agent on GitHub reads only .github/hooks/ of the default branch, and treats permissionDecision \"ask\" as deny",
        "Copilot CLI also runs the repo's .claude/settings.json hooks, under Copilot's reply rules",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Copilot CLI does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: &[
            (On::SessionStart, "sessionStart"),
            (On::PromptSubmit, "userPromptSubmitted"),
            (On::BeforeTool, "preToolUse"),
            (On::AfterTool, "postToolUse"),
            (On::AfterEdit, "postToolUse"),
            (On::Stop, "agentStop"),
            (On::SessionEnd, "sessionEnd"),
        ],
        // Tool names of camelCase configs (hooks-reference.md).
        shell: "bash|powershell",
        edit: "edit|create|str_replace_editor|apply_patch",
        read: "view",
        web: "web_fetch|web_search",
        // Undocumented; SERVER-TOOL seen live (below). Copilot's matcher must match the
        // whole name.
        mcp: "{server}-.*",
    },
    tools: Tools {
        shell: ToolCall::new(
            "bash",
            // mode: in every recorded bash call (Copilot CLI 1.0.102, captured 2026-12-01,
            // fixtures/live/inputs/copilot--bash.json).
            r#"{"command":"$COMMAND","description":"Run the command","mode":"sync"}"#,
            r#"{"resultType":"success","textResultForLlm":""}"#,
        ),
        // `create {path, file_text}`: captured from 1.0.102's preToolUse, 2026-12-01
        // (fixtures/live/inputs/copilot--edit.json; the path absolute, as the model sent it).
        // Its result after the call was not captured: [`refused`] refuses --edit on postToolUse.
        // The `edit` tool's arguments are neither documented nor captured.
        edit: &[
            ToolCall::new(
                "create",
                r#"{"path":"$FILE","file_text":""}"#,
                r#"{"resultType":"success","textResultForLlm":""}"#,
            ),
            ToolCall::new(
                "edit",
                r#""$NONE:Copilot's edit tool arguments are neither documented nor captured (only create's are, fixtures/live/inputs/copilot--edit.json), so hookcheck builds no input for matcher \"$MATCHER\": pass --payload""#,
                "{}",
            ),
        ],
        read: &["view"],
        // `view {path}`, the path absolute as the model sends it: captured from 1.0.102's
        // preToolUse, 2026-12-04 (fixtures/live/read/copilot--view.json, by
        // scripts/live-copilot-read.py; `view_range` and `forceReadLargeFiles` are optional).
        read_input: r#"{"path":"$FILE"}"#,
        web: &["web_fetch", "web_search"],
        // Undocumented. real agent: Copilot CLI 1.0.102 gives a hook `toolName: SERVER-TOOL`,
        // 2026-12-05 (fixtures/live/mcp/inputs/mcp-any-stdin--copilot.json).
        mcp: "{server}-{tool}",
        mcp_input: "",
    },
    matcher: Flavour::Custom(matches),
    // The two formats share no field: each event's template holds them all.
    input: Input::common("{}").tool_path("toolName"),
    // The docs name no shell. real agent: Copilot CLI 1.0.102 runs the `bash` field with
    // /bin/bash --norc --noprofile -c whatever $SHELL says, captured 2026-12-01 with
    // SHELL=/bin/sh (fixtures/live/inputs/copilot--bash.json).
    run: Run::argv(&["/bin/bash", "--norc", "--noprofile", "-c"])
        // stdio pipes; the shell in its own process group and the agent's session.
        // real agent: Copilot CLI 1.0.102, captured 2026-12-03 (fixtures/live/launch/copilot--bash.json).
        .launch(Launch::seen(
            Stdio::Pipe,
            Place::Own,
            Place::Agents,
            "fixtures/live/launch/copilot--bash.json",
        ))
        // Handler `cwd`: relative to the repo root, or absolute (hooks-reference.md); without
        // one, the project root: real agent Copilot CLI 1.0.102, captured 2026-12-01
        // (fixtures/live/inputs/copilot--*.json, `"cwd": "<workspace>"`).
        .handler_cwd()
        // A child holding the pipes makes the hook time out. real agent: Copilot CLI
        // 1.0.102, campaign shell cell bg-exit2_none_text allows, detached-exit2_none_text
        // blocks, recorded 2026-12-02 (fixtures/live/campaign/observations/shell/copilot.json).
        // An event's hooks in order, none after one that stops the call: real agent Copilot CLI
        // 1.0.102, live 2026-12-04 (fixtures/live/multi/observations/multi-block-trace--copilot.json:
        // the first blocked, the second left no line).
        .stops_at_block("real agent: Copilot CLI 1.0.102, fixtures/live/multi/observations/multi-block-trace--copilot.json")
        .reads_to_eof()
        // Set for every hook: real agent Copilot CLI 1.0.102, captured 2026-12-01
        // (fixtures/live/inputs/copilot--*.json). The binary sets COPILOT_CLI_BINARY_VERSION
        // ("1.0.102") and COPILOT_CLI_RESOLVED_DIST_DIR on itself at start-up; the others are
        // placeholders saying what they stand for (GIT_CONFIG_*: one git setting it passes).
        .env(&[
            ("CLAUDE_PROJECT_DIR", Var::Root),
            ("COPILOT_PROJECT_DIR", Var::Root),
            ("COPILOT_CLI", Var::Literal("1")),
            ("COPILOT_CLI_BINARY_VERSION", Var::Literal("1.0.102")),
            (
                "COPILOT_CLI_RESOLVED_DIST_DIR",
                Var::Literal("<Copilot CLI's unpacked dist folder>"),
            ),
            (
                "FORCE_COLOR",
                Var::Literal("<Copilot CLI's colour setting>"),
            ),
            ("GIT_CONFIG_COUNT", Var::Literal("1")),
            (
                "GIT_CONFIG_KEY_0",
                Var::Literal("<the git setting Copilot CLI passes>"),
            ),
            ("GIT_CONFIG_VALUE_0", Var::Literal("<its value>")),
        ])
        // Removed from every hook's environment (the same captures): its model provider's
        // settings, an API key among them, and its offline switch.
        .unset(&["COPILOT_PROVIDER_*", "COPILOT_OFFLINE"])
        // On a shell call with a preToolUse and a permissionRequest hook, both fire: the
        // permissionRequest hook 0.1 s after the preToolUse one, and its exit 2 blocks the call
        // ("Permission denied by a PermissionRequest hook") after a preToolUse exit 0, even
        // under --allow-all-tools; after a stated preToolUse allow (a top-level
        // permissionDecision) it did not fire and the call ran. real agent: Copilot CLI
        // 1.0.102, recorded 2026-12-04 (fixtures/live/events/observations/events-*--copilot.json,
        // `--also-event permissionRequest`; events-top-allow-also-blocks).
        .also_fires(&[("permissionRequest", "preToolUse")]),
    // A UTF-8 byte-order mark before the reply is skipped: real agent Copilot CLI 1.0.102,
    // behaviour campaign of 2026-12-01, cell exit0_bom_none (a BOM, then decision block),
    // which blocked on a Stop, on a prompt and after the tool (the model got "Tool result
    // blocked: nope") as decision block alone does (fixtures/live/campaign/observations/stop/
    // copilot.json, prompt/copilot.json, post-bash/copilot.json).
    reply: Reply::stdout(replies::RULES)
        .skips_bom()
        .context(&["additionalContext"])
        .rewrites(&["modifiedArgs", "modifiedResult"])
        .combine(combine)
        .prepare(without_progress),
    quirks: Quirks::NONE
        .refuse(refused)
        .gate(gate)
        .input(claude_name)
        .adjust(adjust),
};

/// A camelCase input: the fields every camelCase event starts with, then `$fields`.
macro_rules! camel {
    ($fields:literal) => {
        concat!(
            r#"{"sessionId":"$SESSION","timestamp":1767225600000,"cwd":"$ROOT","#,
            $fields,
            "}"
        )
    };
}

/// A PascalCase (VS Code format) input: its common fields, then `$fields`.
macro_rules! pascal {
    ($fields:literal) => {
        concat!(
            r#"{"hook_event_name":"$EVENT","session_id":"$SESSION","timestamp":"2026-01-01T00:00:00.000Z","cwd":"$ROOT","#,
            $fields,
            "}"
        )
    };
}

/// A prompt hook's decision "block" keeps the prompt from the model (real agent 1.0.102, live
/// situation prompt--json-block of 2026-12-01; the hooks reference says it cannot block).
const PROMPT_BLOCKS: Blocks = Blocks::Yes;
/// After the tool, decision "block" replaces the tool result (real agent 1.0.102, live
/// situation post-bash--json-block of 2026-12-01).
const POST_BLOCKS: Blocks = Blocks::After(
    "the tool already ran: Copilot hands the model \"Tool result blocked: <reason>\" instead of its result",
);

/// camelCase events (hooks-reference.md), then the PascalCase (VS Code / Claude format) ones;
/// 30 s each (timeoutSec). The matcher sees the camelCase field hooks-reference.md names, or
/// on PascalCase tool events `tool_name`; elsewhere it is ignored. preToolUse,
/// permissionRequest and the stop events take a decision (behaviour spec, "Copilot replies"),
/// and so, seen live in 1.0.102, do postToolUse and userPromptSubmitted ([`POST_BLOCKS`],
/// [`PROMPT_BLOCKS`]).
const EVENTS: &[Event] = &[
    // initialPrompt (the prompt the session starts with): captured from 1.0.102, 2026-12-01
    // (fixtures/live/inputs/copilot--session.json).
    event("sessionStart", Kind::SessionStart, 30)
        .blocks(Blocks::No)
        .input(camel!(r#""source":"startup","initialPrompt":"$PROMPT""#)),
    event("sessionEnd", Kind::SessionEnd, 30)
        .blocks(Blocks::No)
        .input(camel!(r#""reason":"complete""#)),
    event("userPromptSubmitted", Kind::Prompt, 30)
        .blocks(PROMPT_BLOCKS)
        .input(camel!(r#""prompt":"$PROMPT""#)),
    event("userPromptTransformed", Kind::Other, 30).blocks(Blocks::No),
    event("preToolUse", Kind::BeforeTool, 30)
        .matches("toolName")
        .input(camel!(r#""toolName":"$TOOL","toolArgs":"$INPUT""#)),
    event("postToolUse", Kind::AfterTool, 30)
        .blocks(POST_BLOCKS)
        .matches("toolName")
        .input(camel!(
            r#""toolName":"$TOOL","toolArgs":"$INPUT","toolResult":"$RESPONSE""#
        )),
    event("postToolUseFailure", Kind::Tool, 30)
        .blocks(Blocks::No)
        .matches_nothing(),
    // Not preToolUse's input: `hookName`, `toolInput` with the command alone, and
    // `permissionSuggestions`. real agent: Copilot CLI 1.0.102 on a shell call, captured
    // 2026-12-04 (fixtures/live/events/inputs/copilot--bash.json; the values from a hook that
    // saved its stdin: `"hookName":"permissionRequest"`, `"toolInput":{"command":"…"}`,
    // `"permissionSuggestions":[]`). Another tool's `toolInput` was not captured.
    event("permissionRequest", Kind::Tool, 30)
        .matches("toolName")
        .input(camel!(
            r#""hookName":"permissionRequest","toolName":"$TOOL","toolInput":{"command":"$COMMAND"},"permissionSuggestions":[]"#
        )),
    event("agentStop", Kind::Stop, 30).input(camel!(
        r#""transcriptPath":"$TRANSCRIPTS/.copilot/session-state/$SESSION/events.jsonl","stopReason":"end_turn","stop_hook_active":false"#
    )),
    event("subagentStart", Kind::Other, 30)
        .blocks(Blocks::No)
        .matches("agentName"),
    event("subagentStop", Kind::Other, 30),
    event("errorOccurred", Kind::Other, 30).blocks(Blocks::No),
    event("preCompact", Kind::Other, 30)
        .blocks(Blocks::No)
        .matches("trigger")
        .input(camel!(
            r#""transcriptPath":"$TRANSCRIPTS/.copilot/session-state/$SESSION/events.jsonl","trigger":"$MATCH:manual","customInstructions":"""#
        )),
    // Notification hooks run without Copilot waiting for them (hooks-reference.md).
    event("notification", Kind::Other, 30)
        .blocks(Blocks::No)
        .detached()
        .matches("notification_type"),
    // The Claude-shaped fields, captured from 1.0.102 with the hook in .claude/settings.json,
    // 2026-12-04 (fixtures/live/inputs/copilot--session--SessionStart.json; the values are its
    // sessionStart's).
    event("SessionStart", Kind::SessionStart, 30)
        .blocks(Blocks::No)
        .input(pascal!(r#""source":"startup","initial_prompt":"$PROMPT""#)),
    event("SessionEnd", Kind::SessionEnd, 30).blocks(Blocks::No),
    event("UserPromptSubmit", Kind::Prompt, 30)
        .blocks(PROMPT_BLOCKS)
        .input(pascal!(r#""prompt":"$PROMPT""#)),
    // The tool's Claude name ([`claude_name`]) and its runtime arguments: the shell call as
    // captured from 1.0.102 (fixtures/live/inputs/copilot--bash--PreToolUse.json: `Bash`,
    // bash's `command`, `description`, `mode`); another tool by the same rule, not captured
    // ([`gate`] says so).
    event("PreToolUse", Kind::BeforeTool, 30)
        .matches("tool_name")
        .input(pascal!(r#""tool_name":"$TOOL","tool_input":"$INPUT""#)),
    // Its input in the VS Code format (the tool result) is undocumented: [`refused`] refuses --bash.
    event("PostToolUse", Kind::AfterTool, 30)
        .blocks(POST_BLOCKS)
        .matches("tool_name"),
    event("PostToolUseFailure", Kind::Tool, 30)
        .blocks(Blocks::No)
        .matches("tool_name"),
    // Its twin's input, camelCase keys and all (not the Claude-shaped one its PreToolUse
    // gets), from Claude Code's file as from its own: real agent Copilot CLI 1.0.102 on a
    // shell call, captured 2026-12-05 (fixtures/live/events/inputs/
    // copilot--bash--PermissionRequest.json, the hook in `.claude/settings.json`;
    // fixtures/live/events/inputs-own/copilot--bash.json, in `~/.copilot/settings.json`).
    event("PermissionRequest", Kind::Tool, 30)
        .matches("toolName")
        .input(camel!(
            r#""hookName":"permissionRequest","toolName":"$TOOL","toolInput":{"command":"$COMMAND"},"permissionSuggestions":[]"#
        )),
    // Captured the same way (fixtures/live/inputs/copilot--stop--Stop.json; the values are
    // agentStop's).
    event("Stop", Kind::Stop, 30).input(pascal!(
        r#""transcript_path":"$TRANSCRIPTS/.copilot/session-state/$SESSION/events.jsonl","stop_reason":"end_turn","stop_hook_active":false"#
    )),
    event("SubagentStart", Kind::Other, 30).blocks(Blocks::No),
    event("SubagentStop", Kind::Other, 30),
    event("PreCompact", Kind::Other, 30).blocks(Blocks::No),
    event("Notification", Kind::Other, 30)
        .blocks(Blocks::No)
        .detached(),
];

/// After the plan: [`env_dollars`], and a PascalCase PreToolUse edit or read input, which is inferred
/// and not captured, as the assumption it is (the result is not counted).
fn adjust(cx: &PlanContext, plan: &mut Plan) {
    env_dollars(cx, plan);
    empty_matcher(cx, plan);
    let Plan::Run(run) = plan else {
        return;
    };
    let (what, tool) = match cx.trigger {
        Trigger::Edit { .. } => ("create's arguments under the name Write", "an edit"),
        Trigger::Read(_) => ("view's arguments under the name Read", "a read"),
        _ => return,
    };
    if run.event == "PreToolUse" {
        run.assumptions.push(crate::verdict::Assumption::new(
            "input",
            what,
            format!(
                "Copilot's PascalCase PreToolUse input for {tool} is not captured: hookcheck sends \
                 the captured camelCase arguments under the tool's Claude name, as the captured \
                 shell call sends bash's under Bash"
            ),
        ));
    }
}

/// A hook whose matcher is written `""` never runs in Copilot CLI, on either spelling of the
/// event, in its own files as in Claude's (1.0.102, 2026-12-05: `matcher-empty` and
/// `camel-empty` in fixtures/live/lifecycle/observations; `.claude/settings.json`: its
/// loader's `EMPTY_MATCHER`), where Claude Code runs it on every call. No matcher key runs.
fn empty_matcher(cx: &PlanContext, plan: &mut Plan) {
    let Plan::Run(run) = plan else {
        return;
    };
    if cx.spec.raw.matcher.as_deref() != Some("")
        || !CONTRACT.event(&run.event).is_some_and(|e| e.kind.is_tool())
    {
        return;
    }
    *plan = Plan::Skipped {
        event: run.event.clone(),
        trigger: run.trigger.clone(),
        reason: "Copilot runs no hook whose matcher is \"\" (it reads it as no tool): leave the \
                 matcher out to run on every call"
            .into(),
    };
}

/// An env value holding `$` is not run: Copilot expands it, hookcheck cannot.
fn env_dollars(cx: &PlanContext, plan: &mut Plan) {
    let dollar: Vec<&str> = cx
        .spec
        .raw
        .env
        .iter()
        .filter(|(_, v)| v.contains('$'))
        .map(|(k, _)| k.as_str())
        .collect();
    let Plan::Run(run) = plan else {
        return;
    };
    if dollar.is_empty() {
        return;
    }
    for c in &mut run.commands {
        c.invocation = Err(crate::plan::fixable(
            format!(
                "the env value of {} holds `$`, which Copilot expands and hookcheck cannot",
                dollar.join(", ")
            ),
            "write the value out",
        ));
    }
}

/// Why Copilot's tool events refuse this trigger (behaviour spec, "Copilot sample events"):
/// --edit outside preToolUse and the VS Code-format PostToolUse --bash, whose inputs are
/// neither documented nor captured.
fn refused(cx: &PlanContext, event: &str) -> Option<String> {
    if !CONTRACT.event(event)?.kind.is_tool() {
        return None;
    }
    match cx.trigger {
        // Only preToolUse's input was captured (fixtures/live/inputs/copilot--edit.json);
        // PascalCase PreToolUse carries the same arguments under the Claude name.
        Trigger::Edit { .. } if !matches!(event, "preToolUse" | "PreToolUse") => Some(format!(
            "Copilot's {event} input for an edit is neither documented nor captured (only preToolUse's is), so hookcheck refuses --edit here: pass --payload"
        )),
        // A read is a `view` tool call, whose input the tools table says is unknown.
        Trigger::Edit { .. } | Trigger::Read(_) => None,
        Trigger::Bash(_) if event == "PostToolUse" => Some(
            "Copilot's PostToolUse input in the VS Code format (its tool result) is not documented, so hookcheck refuses --bash here: pass --payload"
                .into(),
        ),
        Trigger::Bash(_) | Trigger::Payload { .. } => None,
        // Only preToolUse's input for an MCP call was captured
        // (fixtures/live/mcp/inputs/mcp-any-stdin--copilot.json).
        Trigger::Mcp { .. } if event == "preToolUse" => None,
        Trigger::Mcp { .. } => Some(format!(
            "Copilot's {event} input for an MCP call is not captured (only preToolUse's is), so hookcheck refuses --mcp here: pass --payload"
        )),
        t => Some(build::wrong_trigger(
            event,
            t,
            "a tool call: pass --bash or --payload",
        )),
    }
}

/// A PascalCase tool event names the tool by its Claude name (protocols-a.md §4, "Event
/// casing"; fixtures/live/inputs/copilot--bash--PreToolUse.json: `Bash`).
fn claude_name(_: &PlanContext, event: &str, input: &mut serde_json::Map<String, Value>) {
    if !event.starts_with(|c: char| c.is_ascii_uppercase()) {
        return;
    }
    let Some(Value::String(tool)) = input.get("tool_name") else {
        return;
    };
    if let Some((_, claude)) = CLAUDE_NAMES.iter().find(|(n, _)| n == tool) {
        input.insert("tool_name".into(), Value::String((*claude).into()));
    }
}

/// Older Copilot docs show toolArgs as a JSON string (DOCS vs DOCS, protocols-a.md §4).
fn gate(cx: &PlanContext, event: &str, _: &Value) -> Result<Vec<String>, Stop> {
    if matches!(event, "preToolUse" | "postToolUse")
        && !matches!(cx.trigger, Trigger::Payload { .. })
    {
        return Ok(vec![
            "older Copilot docs send toolArgs as a JSON string; hookcheck sends the object the current reference shows"
                .to_string(),
        ]);
    }
    Ok(Vec::new())
}

/// camelCase: an anchored regex on the runtime name, as written (` bash ` does not
/// match `bash`; `*` is no regex, so the entry is skipped). PascalCase: the pattern trimmed;
/// `*`, `**` match all; a literal or `|` list equals the runtime or the Claude name; else an
/// anchored regex on the Claude name (protocols-a.md §4, "Matcher"). No flavour says this: two
/// names, picked by the event's case. Observed on 1.0.102, 2026-12-05 (`matcher-*` and
/// `camel-*` in fixtures/live/lifecycle/observations): protocols-a.md's "empty matches all"
/// and the trimming of a camelCase matcher were wrong.
fn matches(event: &str, pattern: &str, name: &str) -> Result<bool, MatchError> {
    // No matcher (the planner passes ""): every call. A written `""`: see [`empty_matcher`].
    if pattern.is_empty() {
        return Ok(true);
    }
    if !event.starts_with(|c: char| c.is_ascii_uppercase()) {
        return anchored(pattern, name);
    }
    let p = pattern.trim();
    if matcher::is_match_all(p) || p == "**" {
        return Ok(true);
    }
    let claude = CLAUDE_NAMES
        .iter()
        .find(|(own, _)| *own == name)
        .map_or(name, |(_, claude)| claude);
    if matcher::is_exact_list(p) {
        return Ok(matcher::exact_list_matches(p, name) || matcher::exact_list_matches(p, claude));
    }
    anchored(p, claude)
}

/// Copilot CLI's tools by their Claude Code names, which a PascalCase event's matcher is held
/// against (docs/reference/protocols/protocols-a.md §4, "Tool names", from the Copilot CLI
/// hooks reference, read 2026-12-01): a `.claude/settings.json` guard on `Edit|Write` fires on
/// Copilot's `edit` and `create`.
const CLAUDE_NAMES: &[(&str, &str)] = &[
    ("bash", "Bash"),
    ("powershell", "Bash"),
    ("view", "Read"),
    ("create", "Write"),
    ("edit", "Edit"),
    ("str_replace_editor", "Edit"),
    ("apply_patch", "Edit"),
    ("grep", "Grep"),
    ("rg", "Grep"),
    ("glob", "Glob"),
    ("web_fetch", "WebFetch"),
    ("task", "Agent"),
];

/// A JavaScript regex anchored as `^(?:PATTERN)$`; a feature outside JavaScript's flavour is
/// refused (behaviour spec, "Copilot sample events").
fn anchored(pattern: &str, name: &str) -> Result<bool, MatchError> {
    if let Some(feature) = matcher::non_portable_regex_feature(pattern) {
        return Err(MatchError::syntax(format!(
            "it uses {feature}, outside the JavaScript regex flavour hookcheck can run as Copilot does: rewrite it with plain alternatives"
        )));
    }
    matcher::JsRegex::anchored(pattern)
        .map_err(|e| {
            MatchError::syntax(format!("not a valid regex: {e}; Copilot skips the entry"))
        })?
        .is_match(name)
}

/// Single-line `{"type":"progress"}` objects are shown and dropped before the rest of stdout
/// is read as one reply (protocols-a.md §4, "Process"); no reply row can drop lines.
fn without_progress(_: &ReadContext, out: &Outcome) -> Prepared {
    let stdout = out.stdout.text();
    let kept: Vec<&str> = stdout
        .lines()
        .filter(|line| {
            !matches!(
                serde_json::from_str::<Value>(line.trim()),
                Ok(Value::Object(m)) if m.get("type").and_then(Value::as_str) == Some("progress")
            )
        })
        .collect();
    Prepared::Stdout(kept.join("\n"))
}

/// Strongest wins, except permissionRequest, whose replies merge in order so the last explicit
/// behaviour decides (hooks-reference.md: "later hooks override earlier"); a blocked call stays
/// blocked whatever the decision shown.
fn combine(ctx: &ReadContext, readings: &[Reading]) -> Reading {
    let merged = matches!(ctx.event, "permissionRequest" | "PermissionRequest")
        .then(|| {
            shared::last_stated(
                ctx,
                readings,
                "the replies merged in order: the last behavior decides",
            )
        })
        .flatten();
    merged.unwrap_or_else(|| shared::strongest(ctx, readings))
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};
    use crate::tools::ReadContext;
    use crate::trigger::Trigger;

    const PRE: &str = "event: preToolUse\nmatcher: bash\ncommand: ./hook.sh\n";
    const HSO_DENY: &str =
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#;

    /// Every reply rule, with its source. R = real-agents.md (Copilot CLI 1.0.102), D = hooks
    /// reference (protocols-a.md §4), S = behaviour spec (seed 002, "Copilot replies"), L = a
    /// live situation (fixtures/live/situations, 2026-12-01), C = the behaviour campaign
    /// (fixtures/live/campaign/observations, 2026-12-01).
    #[test]
    fn reader_table() {
        use Decision::*;
        use Effect::*;
        let progress =
            "{\"type\":\"progress\",\"message\":\"checking\"}\n{\"permissionDecision\":\"deny\"}\n";
        #[rustfmt::skip]
        let rows: Vec<Row> = vec![
            ("R exit 0, no output", "preToolUse", exit(0, "", ""), Allow, Proceeds),
            ("R exit 2 + stderr", "preToolUse", exit(2, "", "no"), Block, Blocked),
            ("R exit 2, empty stderr", "preToolUse", exit(2, "", ""), Block, Blocked),
            // The call is blocked; the decision is error because the hook failed (brief, seed).
            ("R exit 1 + stderr blocks the call", "preToolUse", exit(1, "", "oops"), Error, Blocked),
            ("R hookSpecificOutput deny is ignored", "preToolUse", exit(0, HSO_DENY, ""), Allow, Proceeds),
            ("R decision block is ignored", "preToolUse", exit(0, r#"{"decision":"block"}"#, ""), Allow, Proceeds),
            ("R decision deny is ignored", "preToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Allow, Proceeds),
            ("R top-level permissionDecision deny", "preToolUse", exit(0, r#"{"permissionDecision":"deny"}"#, ""), Block, Blocked),
            ("R cancel is ignored", "preToolUse", exit(0, r#"{"cancel":true}"#, ""), Allow, Proceeds),
            ("R timeout fails open", "preToolUse", timed_out(), Timeout, Proceeds),
            ("R missing binary (127) blocks the call", "preToolUse", exit(127, "", "sh: ./x: not found"), Error, Blocked),
            ("S failed start blocks the call", "preToolUse", not_started(), Error, Blocked),
            ("D crash blocks the call", "preToolUse", signalled(9), Error, Blocked),
            ("S ask blocks", "preToolUse", exit(0, r#"{"permissionDecision":"ask"}"#, ""), Block, Blocked),
            ("S allow", "preToolUse", exit(0, r#"{"permissionDecision":"allow"}"#, ""), Allow, Proceeds),
            ("D exit 2 denies even with allow JSON", "preToolUse", exit(2, r#"{"permissionDecision":"allow"}"#, ""), Block, Blocked),
            ("S progress lines dropped", "preToolUse", exit(0, progress, ""), Block, Blocked),
            ("S two objects are no reply", "preToolUse", exit(0, "{\"permissionDecision\":\"deny\"}\n{\"permissionDecision\":\"deny\"}", ""), Allow, Proceeds),
            ("S not JSON is no reply", "preToolUse", exit(0, "deny", ""), Allow, Proceeds),
            ("S PascalCase decides as its twin", "PreToolUse", exit(0, r#"{"permissionDecision":"deny"}"#, ""), Block, Blocked),
            ("S PascalCase exit 1", "PreToolUse", exit(1, "", ""), Error, Blocked),
            ("S permissionRequest exit 2", "permissionRequest", exit(2, "", ""), Block, Blocked),
            ("S permissionRequest behavior deny", "permissionRequest", exit(0, r#"{"behavior":"deny"}"#, ""), Block, Blocked),
            ("S permissionRequest behavior allow", "permissionRequest", exit(0, r#"{"behavior":"allow"}"#, ""), Allow, Proceeds),
            ("D permissionRequest exit 1 fails open", "permissionRequest", exit(1, "", ""), Error, Proceeds),
            ("S agentStop decision block", "agentStop", exit(0, r#"{"decision":"block","reason":"go on"}"#, ""), Block, Blocked),
            ("S subagentStop decision block", "subagentStop", exit(0, r#"{"decision":"block"}"#, ""), Block, Blocked),
            ("S Stop decides as agentStop", "Stop", exit(0, r#"{"decision":"block"}"#, ""), Block, Blocked),
            ("D exit 2 on agentStop is a warning", "agentStop", exit(2, "", "x"), Error, Proceeds),
            ("S postToolUse cannot block", "postToolUse", exit(0, r#"{"permissionDecision":"deny"}"#, ""), Allow, Proceeds),
            ("S exit 2 on postToolUse is error", "postToolUse", exit(2, "", "x"), Error, Proceeds),
            ("S exit 1 on sessionStart is error", "sessionStart", exit(1, "", ""), Error, Proceeds),
            ("S exit 2 on postToolUseFailure adds context", "postToolUseFailure", exit(2, "", "try x"), Allow, Proceeds),
            ("S timeout fails open on agentStop", "agentStop", timed_out(), Timeout, Proceeds),
            ("D userPromptSubmitted cannot block", "userPromptSubmitted", exit(2, "", ""), Error, Proceeds),
            ("L userPromptSubmitted decision block keeps the prompt from the model", "userPromptSubmitted", exit(0, r#"{"decision":"block","reason":"no"}"#, ""), Block, Blocked),
            ("L UserPromptSubmit decides as its twin", "UserPromptSubmit", exit(0, r#"{"decision":"block","reason":"no"}"#, ""), Block, Blocked),
            ("L postToolUse decision block replaces the tool result", "postToolUse", exit(0, r#"{"decision":"block","reason":"no"}"#, ""), Block, Proceeds),
            ("L PostToolUse decides as its twin", "PostToolUse", exit(0, r#"{"decision":"block","reason":"no"}"#, ""), Block, Proceeds),
            ("C exit 2 with decision block on agentStop still asks again", "agentStop", exit(2, r#"{"decision":"block","reason":"no"}"#, ""), Block, Blocked),
            ("C exit 2 with decision block keeps the prompt from the model", "userPromptSubmitted", exit(2, r#"{"decision":"block","reason":"no"}"#, ""), Block, Blocked),
            ("C exit 2 with decision block replaces the tool result", "postToolUse", exit(2, r#"{"decision":"block","reason":"no"}"#, ""), Block, Proceeds),
            ("C Stop exit 2 decides as its twin", "Stop", exit(2, r#"{"decision":"block","reason":"no"}"#, ""), Block, Blocked),
            ("C exit 2 with continue false is still a warning", "agentStop", exit(2, r#"{"continue":false}"#, ""), Error, Proceeds),
            ("C exit 1 with decision block is a failed hook", "agentStop", exit(1, r#"{"decision":"block","reason":"no"}"#, ""), Error, Proceeds),
            ("C exit 1 with decision block on a prompt is a failed hook", "userPromptSubmitted", exit(1, r#"{"decision":"block","reason":"no"}"#, ""), Error, Proceeds),
            ("C a BOM before decision block on agentStop is skipped", "agentStop", exit(0, "\u{feff}{\"decision\":\"block\",\"reason\":\"no\"}\n", ""), Block, Blocked),
            ("C a BOM before decision block on a prompt is skipped", "userPromptSubmitted", exit(0, "\u{feff}{\"decision\":\"block\",\"reason\":\"no\"}\n", ""), Block, Blocked),
            ("C a BOM before decision block after the tool is skipped", "postToolUse", exit(0, "\u{feff}{\"decision\":\"block\",\"reason\":\"no\"}\n", ""), Block, Proceeds),
        ];
        testing::check_rows(&AGENT, PRE, rows);
    }

    #[test]
    fn context_and_rewrites() {
        let r = testing::read(
            &AGENT,
            PRE,
            "preToolUse",
            &exit(
                0,
                r#"{"permissionDecision":"allow","modifiedArgs":{"command":"ls"}}"#,
                "",
            ),
        );
        assert!(r.rewrites_input && r.decision == Decision::Allow);
        let r = testing::read(
            &AGENT,
            PRE,
            "sessionStart",
            &exit(0, r#"{"additionalContext":"x"}"#, ""),
        );
        assert!(r.adds_context);
        let r = testing::read(
            &AGENT,
            PRE,
            "userPromptSubmitted",
            &exit(0, r#"{"additionalContext":"x"}"#, ""),
        );
        assert!(
            !r.adds_context,
            "command hook output on userPromptSubmitted is dropped"
        );
        let r = testing::read(&AGENT, PRE, "postToolUseFailure", &exit(2, "", "hint"));
        assert!(r.adds_context);
    }

    /// Copilot's own combine: permissionRequest replies merge in order; a blocked call stays
    /// blocked. S = behaviour spec, D = hooks reference.
    #[test]
    fn combine_table() {
        let deny = exit(0, r#"{"behavior":"deny"}"#, "");
        let allow = exit(0, r#"{"behavior":"allow"}"#, "");
        let none = exit(0, "", "");
        #[rustfmt::skip]
        let rows: Vec<(&str, &str, Vec<crate::exec::Outcome>, Decision, Effect)> = vec![
            ("S later allow overrides deny", "permissionRequest", vec![deny.clone(), allow.clone()], Decision::Allow, Effect::Proceeds),
            ("S later deny overrides allow", "permissionRequest", vec![allow.clone(), deny.clone()], Decision::Block, Effect::Blocked),
            ("D no reply keeps the deny", "permissionRequest", vec![deny.clone(), none.clone()], Decision::Block, Effect::Blocked),
            ("D exit 2 then allow", "permissionRequest", vec![exit(2, "", ""), allow.clone()], Decision::Allow, Effect::Proceeds),
            ("D no explicit behavior: strongest", "permissionRequest", vec![none.clone(), exit(1, "", "")], Decision::Error, Effect::Proceeds),
            ("D preToolUse any deny blocks", "preToolUse", vec![none.clone(), exit(0, r#"{"permissionDecision":"deny"}"#, "")], Decision::Block, Effect::Blocked),
            ("S errored hook and timeout: still blocked", "preToolUse", vec![exit(1, "", ""), timed_out()], Decision::Timeout, Effect::Blocked),
        ];
        let spec = testing::spec(PRE);
        for (name, event, outcomes, decision, effect) in rows {
            let cx = ReadContext {
                event,
                spec: &spec,
                input: &serde_json::Value::Null,
                peers: &[],
            };
            let readings: Vec<_> = outcomes.iter().map(|o| AGENT.read(&cx, o)).collect();
            let r = AGENT.combine(&cx, &readings);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
            // The rule shown is the deciding reading's, whichever way the replies merged.
            let decided = readings
                .iter()
                .rev()
                .find(|x| x.decided && event == "permissionRequest")
                .or_else(|| readings.iter().max_by_key(|x| x.decision.strength()));
            assert_eq!(
                r.rule,
                decided.and_then(|d| d.rule.clone()),
                "{name}: {r:?}"
            );
        }
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        let cases = [
            ("pre_bash", PRE, bash("rm -rf build")),
            ("post_bash", "event: postToolUse\ncommand: ./h.sh\n", bash("ls")),
            ("pre_edit", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("notes.txt", false)),
            ("pascal_pre_bash", "event: PreToolUse\nmatcher: Bash\ncommand: ./h.sh\n", bash("git push -f")),
            ("pascal_pre_edit", "event: PreToolUse\nmatcher: Write\ncommand: ./h.sh\n", edit("a/b.txt", false)),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("pascal_prompt", "event: UserPromptSubmit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("agent_stop", "on: stop\ncommand: ./h.sh\n", Trigger::None),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("copilot_input_{name}"),
                planned_input(&plan(&AGENT, yaml, &trigger))
            );
        }
        // permissionRequest on a shell call: the command alone in `toolInput` (captured from
        // 1.0.102, fixtures/live/events/inputs/copilot--bash.json).
        let permission = "event: permissionRequest\nmatcher: bash\ncommand: ./h.sh\n";
        let input = planned_input(&plan(&AGENT, permission, &bash("ls -la")));
        assert_eq!(input["toolInput"], serde_json::json!({"command": "ls -la"}));
        assert_eq!(input["hookName"], "permissionRequest");
        assert_eq!(input["toolName"], "bash");
    }

    /// The sweep's help names the fields of the event that fired: PascalCase PreToolUse sends
    /// `tool_input.*`, camelCase preToolUse `toolArgs.*` (corpus defect 42).
    #[test]
    fn help_names_the_fields_of_the_event_that_fired() {
        let on = |e: &'static str| move |_: &str| Some(e.to_string());
        let pascal = crate::help::field("copilot", "edit", &["claude"], |_| None, on("PreToolUse"));
        assert!(pascal.contains("`tool_input.path`"), "{pascal}");
        let camel = crate::help::field("copilot", "edit", &["claude"], |_| None, on("preToolUse"));
        assert!(camel.contains("`toolArgs.path`"), "{camel}");
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_plan_says(&AGENT, [
            // Only create's input is captured (fixtures/live/inputs/copilot--edit.json).
            ("event: preToolUse\nmatcher: edit\ncommand: ./h.sh\n", edit("a.rs", true), "edit tool arguments are neither documented nor captured"),
            ("event: postToolUse\ncommand: ./h.sh\n", edit("a.rs", true), "refuses --edit here"),
            ("event: PreToolUse\nmatcher: Edit\ncommand: ./h.sh\n", edit("a.rs", true), "edit tool arguments are neither documented nor captured"),
            ("event: PostToolUse\ncommand: ./h.sh\n", bash("ls"), "refuses --bash here"),
            (PRE, prompt("hi"), "not fired by --prompt"),
            ("event: beforeShellExecution\ncommand: ./h.sh\n", bash("ls"), "Copilot CLI has no beforeShellExecution event"),
            ("event: preToolUse\nmatcher: \"(?i)bash\"\ncommand: ./h.sh\n", bash("ls"), "(?i"),
            ("event: preToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n", bash("ls"), "not a valid regex"),
            // Only preToolUse's input for an MCP call was captured (fixtures/live/mcp/inputs).
            ("event: postToolUse\ncommand: ./h.sh\n", mcp("github", "create_issue"), "refuses --mcp here"),
        ]);
    }

    #[test]
    fn matchers() {
        let rows = [
            ("preToolUse", "bash", true),
            ("preToolUse", "bash|edit", true),
            ("preToolUse", "ba", false), // anchored
            ("preToolUse", "bas.*", true),
            ("preToolUse", "Bash", false), // camelCase sees only the runtime name
            ("preToolUse", "", false),     // observed: a written `""` runs nothing (empty_matcher)
            ("PreToolUse", "", false),
            ("preToolUse", " bash ", false), // observed: a camelCase matcher is not trimmed
            ("PreToolUse", " Bash ", true),  // observed: a PascalCase one is
            ("PreToolUse", "Bash", true),
            ("PreToolUse", "bash", true), // literal: runtime or Claude name
            ("PreToolUse", "*", true),
            ("PreToolUse", "**", true),
            ("PreToolUse", "Ba.*", true), // regex on the Claude name
            ("PreToolUse", "ba.*", false),
            ("PreToolUse", "Edit|Write", false),
        ];
        for (event, matcher, fires) in rows {
            let yaml = format!("event: {event}\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
            let p = plan(&AGENT, &yaml, &bash("ls"));
            assert_eq!(matches!(p, Plan::Run(_)), fires, "{event} {matcher}: {p:?}");
        }
        let p = plan(
            &AGENT,
            "event: preToolUse\nmatcher: bash\ncommand: ./h.sh\n",
            &payload(serde_json::json!({"toolName": "view", "toolArgs": {}})),
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
    }

    /// A PascalCase event's matcher sees each tool's Claude name (protocols-a.md §4, "Tool
    /// names"): `Edit|Write` fires on `create` and `edit`, `Read` on `view`.
    #[test]
    fn pascal_case_matchers_see_the_claude_names() {
        let rows = [
            ("Edit|Write", "create", true),
            ("Edit|Write", "edit", true),
            ("Edit", "apply_patch", true),
            ("Read", "view", true),
            ("Bash", "powershell", true),
            ("Write", "view", false),
            ("Wr.*", "create", true),
        ];
        for (pattern, tool, fires) in rows {
            assert_eq!(
                super::matches("PreToolUse", pattern, tool),
                Ok(fires),
                "{pattern} {tool}"
            );
        }
        // A camelCase event sees the runtime name alone.
        assert_eq!(super::matches("preToolUse", "Write", "create"), Ok(false));
    }

    #[test]
    fn shell_cwd_env_and_assumptions() {
        let run = |yaml: &str| match plan(&AGENT, yaml, &bash("ls")) {
            Plan::Run(r) => r,
            p => panic!("{p:?}"),
        };
        let r = run(PRE);
        let items: Vec<_> = r.assumptions.iter().map(|a| a.item.as_str()).collect();
        // The shell and the cwd are known from the real agent (fixtures/live/inputs/
        // copilot--bash.json): nothing is assumed.
        assert!(items.is_empty(), "{items:?}");
        let Ok(inv) = &r.commands[0].invocation else {
            panic!()
        };
        assert_eq!(
            (inv.program.as_str(), inv.timeout.as_secs()),
            ("/bin/bash", 30)
        );
        assert_eq!(inv.cwd.display().to_string(), "/project");

        // Exec form in a handler cwd: no shell, no assumption, the path resolves from cwd.
        let r = run("event: preToolUse\ncommand: ./g.sh\nargs: [x]\ncwd: hooks\ntimeout: 5\n");
        assert!(r.assumptions.is_empty(), "{:?}", r.assumptions);
        let Ok(inv) = &r.commands[0].invocation else {
            panic!()
        };
        assert_eq!(inv.program, "/project/hooks/./g.sh");
        assert_eq!(inv.args, ["x"]);
        assert_eq!(inv.cwd.display().to_string(), "/project/hooks");
        assert_eq!(inv.timeout.as_secs(), 5);

        // Copilot CLI 1.0.102 runs inline commands under /bin/bash --norc --noprofile -c.
        let r = run("event: preToolUse\ncommand: ./a.sh && ./b.sh\n");
        let Ok(inv) = &r.commands[0].invocation else {
            panic!("{:?}", r.commands)
        };
        assert_eq!(
            (inv.program.as_str(), inv.args.as_slice()),
            (
                "/bin/bash",
                &[
                    "--norc".to_string(),
                    "--noprofile".to_string(),
                    "-c".to_string(),
                    "./a.sh && ./b.sh".to_string()
                ][..]
            )
        );
        assert!(!r.assumptions.iter().any(|a| a.item == "shell"));

        let r = run("event: preToolUse\ncommand: ./h.sh\nenv: {A: plain, B: \"$HOME/x\"}\n");
        let err = r.commands[0]
            .invocation
            .as_ref()
            .err()
            .cloned()
            .unwrap_or_default();
        assert!(err.contains('B') && !err.contains("HOME/x"), "{err}");
        let r = run("event: preToolUse\ncommand: ./h.sh\nenv: {A: plain}\n");
        let Ok(inv) = &r.commands[0].invocation else {
            panic!()
        };
        assert!(inv.env.contains(&("A".into(), "plain".into())));

        let p = plan(
            &AGENT,
            "event: notification\ncommand: ./h.sh\n",
            &payload(serde_json::json!({"notification_type": "x"})),
        );
        let Plan::Run(r) = p else { panic!("{p:?}") };
        assert!(r.commands[0].is_async, "notification hooks are async");
    }
}
