//! Windsurf Cascade (the editor's agent, also "Devin Desktop"): its own snake_case hooks in
//! `.windsurf/hooks.json`, one event per kind of action and no matchers.
//!
//! Sources (read 2026-12-01): https://docs.windsurf.com/windsurf/cascade/hooks (and its `.md`
//! copy and translations; found with the search tool): the three levels of `hooks.json`, the
//! events, JSON on stdin, "Python, Bash, Node.js, or any executable", exit 2 on a pre-hook
//! blocks; as collected in docs/reference/protocols/protocols-a.md §6a with the `tool_info`
//! fields (CorridorSecurity/hookshot `docs/reference-cascade.md`, second-hand). The Devin CLI's
//! Claude-compatible `.devin/hooks.v1.json` is another agent (`windsurf`).

pub mod native;
mod replies;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, Plan, PlanContext};
use crate::agent::shared;
use crate::contract::reply::Reply;
use crate::contract::{Blocks, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run, Stop};
use crate::contract::{ToolCall, Tools, event};
use crate::spec::{On, PortableMatch, When};

/// Windsurf Cascade's contract.
pub static AGENT: Agent = Agent {
    id: "windsurf-cascade",
    name: "Windsurf Cascade",
    checked: "2026-12-01",
    sources: &[
        "docs: https://docs.windsurf.com/windsurf/cascade/hooks (read 2026-12-01)",
        "reference: docs/reference/protocols/protocols-a.md §6a (tool_info fields: CorridorSecurity/hookshot docs/reference-cascade.md, second-hand)",
        "https://docs.windsurf.com/windsurf/cascade/hooks (Configuration, read 2026-12-01)",
    ],
    session_vars: &[],
    notes: &[
        "Cascade hooks have no matcher: the event picks the kind of action, and a hook runs on every one",
        "Cascade reads no JSON reply: only exit 2 on a pre-hook blocks",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("no live driver: Cascade runs inside the Windsurf editor, not headless"),
    hooks: Hooks::Commands(&CONTRACT),
};

/// A spec's `on: before-tool` / `after-tool` is one Cascade event per `match`.
const ONE_EVENT_PER_KIND: &str = "$NONE:Windsurf Cascade has one event per kind of action \
    (pre_run_command, pre_write_code, pre_read_code, pre_mcp_tool_use): write `match: shell`, \
    `edit`, `read` or `mcp:SERVER`, or a native spec";

/// What Windsurf Cascade does, as data (docs.windsurf.com Cascade Hooks; protocols-a.md §6a).
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    // No matchers: the event is the kind (see [`plan`]).
    portable: Portable::no_matchers(&[
        (On::PromptSubmit, "pre_user_prompt"),
        (On::BeforeTool, ONE_EVENT_PER_KIND),
        (On::AfterTool, ONE_EVENT_PER_KIND),
        (On::AfterEdit, "post_write_code"),
    ]),
    tools: Tools {
        // No tool names reach a hook; the shell and edit events take --bash and --edit.
        shell: ToolCall::new("run_command", r#"{"command_line":"$COMMAND","cwd":"$ROOT"}"#, "{}"),
        edit: &[],
        read: &[],
        // The read events carry their own input (see EVENTS).
        read_input: "$NONE:Windsurf Cascade names no read tool: its read events are pre_read_code and post_read_code",
        web: &[],
        mcp: "{server}/{tool}",
        mcp_input: "",
    },
    // Never consulted: no event takes a matcher.
    matcher: Flavour::Custom(|_, _, _| Ok(true)),
    input: Input::common(
        r#"{"agent_action_name":"$EVENT","trajectory_id":"$SESSION","execution_id":"hookcheck-cascade-execution-0001","timestamp":"2026-01-01T00:00:00Z"}"#,
    )
    .tool_path("tool_info.mcp_tool_name"),
    // "Python, Bash, Node.js, or any executable"; the shell is not documented. The docs name
    // no variables.
    run: Run::script_path(&[])
        .no_exec_form("Windsurf Cascade has no exec form (`args`): a hook is one command")
        .drops_spec_env("Windsurf Cascade documents no `env` on a hook; the spec's env is not set")
        .timeout_assumed()
        .cwd_assumed(),
    // Post-hooks cannot pass anything to the model; stdout goes to the UI only.
    reply: Reply::stdout(replies::RULES),
    quirks: Quirks::NONE.resolve(resolve).gate(gate),
};

/// The `tool_info` of the shell events (protocols-a.md §6a).
const RUN: &str = r#"{"tool_info":{"command_line":"$COMMAND","cwd":"$ROOT"}}"#;
/// The `tool_info` of the write events.
const WRITE: &str =
    r#"{"tool_info":{"file_path":"$FILE","edits":[{"old_string":"","new_string":""}]}}"#;

/// Pre-hooks can block, post-hooks cannot (docs: "For pre-hooks ... exit code 2"). No default
/// timeout is documented: 30 s is assumed. The read events take `--read`
/// (`tool_info {file_path}`, + `content` after); the MCP events have no trigger of their own:
/// `--payload`.
const EVENTS: &[Event] = &[
    event("pre_user_prompt", Kind::Prompt, 30).input(r#"{"tool_info":{"user_prompt":"$PROMPT"}}"#),
    event("pre_run_command", Kind::Shell, 30).input(RUN),
    event("pre_write_code", Kind::Edited, 30).input(WRITE),
    event("pre_read_code", Kind::Read, 30).input(r#"{"tool_info":{"file_path":"$FILE"}}"#),
    event("pre_mcp_tool_use", Kind::Other, 30),
    event("post_run_command", Kind::Shell, 30)
        .blocks(Blocks::No)
        .input(
            r#"{"tool_info":{"command_line":"$COMMAND","cwd":"$ROOT","exit_code":0,"output":""}}"#,
        ),
    event("post_write_code", Kind::Edited, 30)
        .blocks(Blocks::No)
        .input(WRITE),
    event("post_read_code", Kind::Read, 30)
        .blocks(Blocks::No)
        .input(r#"{"tool_info":{"file_path":"$FILE","content":""}}"#),
    event("post_mcp_tool_use", Kind::Other, 30).blocks(Blocks::No),
    event("post_cascade_response", Kind::Other, 30).blocks(Blocks::No),
    event("post_setup_worktree", Kind::Other, 30).blocks(Blocks::No),
];

/// The Cascade event for a portable `on` + `match`: the event is the kind of action.
fn portable_event(on: On, m: Option<&PortableMatch>) -> Option<&'static str> {
    let (pre, post) = match m? {
        PortableMatch::Shell => ("pre_run_command", "post_run_command"),
        PortableMatch::Edit => ("pre_write_code", "post_write_code"),
        PortableMatch::Read => ("pre_read_code", "post_read_code"),
        PortableMatch::Mcp(_) => ("pre_mcp_tool_use", "post_mcp_tool_use"),
        PortableMatch::Web | PortableMatch::Any => return None,
    };
    match on {
        On::BeforeTool => Some(pre),
        On::AfterTool => Some(post),
        _ => None,
    }
}

/// A portable tool spec's event is the Cascade event of its kind, with no matcher; every other
/// spec's as the contract maps it.
fn resolve(cx: &PlanContext) -> Result<(String, String), Plan> {
    if let When::Portable { on, matches } = &cx.spec.when
        && let Some(event) = portable_event(*on, matches.as_ref())
    {
        return Ok((event.to_string(), String::new()));
    }
    crate::plan::resolve(&AGENT, cx)
}

/// A `matcher` in a Cascade file is not read: the hook runs on every action of its event.
fn gate(cx: &PlanContext, event: &str, _: &Value) -> Result<Vec<String>, Stop> {
    Ok(shared::matcher_ignored(AGENT.name, cx, event))
}

#[cfg(test)]
mod tests;
