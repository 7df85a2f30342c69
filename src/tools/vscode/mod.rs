//! VS Code's agent hooks (the Copilot harness in VS Code, Preview): Claude Code's hook format
//! with matchers ignored, read from `.github/hooks/*.json` and Claude's settings files.
//!
//! Sources (read 2026-12-01): https://code.visualstudio.com/docs/agent-customization/hooks
//! (found with the search tool), whose text is microsoft/vscode-docs
//! `docs/copilot/customization/hooks.md` @00d5cacd52febb7a8c1961b414da92950a175d95
//! (DateApproved 02/09/2026): the file locations, the eight events, the input fields, exit 0 /
//! 2 / other, `permissionDecision` (most restrictive wins), the 30 s default timeout, "VS Code
//! ignores matcher values, so hooks apply to all tools", Copilot CLI's camelCase events
//! converted to PascalCase.

pub mod native;
mod replies;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, PlanContext};
use crate::agent::shared;
use crate::contract::reply::Reply;
use crate::contract::{Blocks, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run, Stop};
use crate::contract::{ToolCall, Tools, event};

/// VS Code's contract.
pub static AGENT: Agent = Agent {
    id: "vscode",
    name: "VS Code",
    checked: "2026-12-01",
    sources: &[
        "docs: https://code.visualstudio.com/docs/agent-customization/hooks (read 2026-12-01; microsoft/vscode-docs docs/copilot/customization/hooks.md @00d5cacd52febb7a8c1961b414da92950a175d95)",
        "https://code.visualstudio.com/docs/agent-customization/hooks (Hook file locations, read 2026-12-01)",
    ],
    session_vars: &[],
    notes: &[
        "VS Code ignores matchers: every hook of an event runs on every tool call",
        "agent hooks are a Preview feature of VS Code 1.110; an organization can turn them off",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("no live driver: VS Code's agent runs inside the editor, not headless"),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What VS Code does, as data (the hooks page).
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    // Copilot CLI's `preToolUse` is VS Code's `PreToolUse` (FAQ).
    fold_case: true,
    // Matchers are ignored: a portable `match` narrows nothing.
    portable: Portable::no_matchers(super::claude::PORTABLE_EVENTS),
    tools: Tools {
        // The page's examples: runTerminalCommand with `command`, editFiles with `files`.
        shell: ToolCall::new("runTerminalCommand", r#"{"command":"$COMMAND"}"#, r#""""#),
        edit: &[ToolCall::new(
            "editFiles",
            r#"{"files":["$FILE"]}"#,
            r#""File edited successfully""#,
        )],
        read: &[],
        read_input: "$NONE:the VS Code hooks page shows no read tool's input, so hookcheck builds none for --read: pass --payload",
        web: &[],
        mcp: "{tool}",
        mcp_input: "",
    },
    // Never consulted: no event takes a matcher.
    matcher: Flavour::Custom(|_, _, _| Ok(true)),
    input: Input::common(
        r#"{"timestamp":"2026-01-01T00:00:00.000Z","cwd":"$ROOT","sessionId":"$SESSION","hookEventName":"$EVENT","transcript_path":"$TRANSCRIPTS/.vscode/hookcheck-transcript.json"}"#,
    ),
    // The page names no shell; its examples are inline commands (`npx prettier --write
    // "$TOOL_INPUT_FILE_PATH"`), so any command runs on the assumed sh -c. It lists no
    // variables (the Quick start's `$TOOL_INPUT_FILE_PATH` aside): none set. "Timeout in
    // seconds (default: 30)"; `cwd`: "Working directory (relative to repository root)".
    run: Run::argv(&[])
        .assumed_shell()
        .no_exec_form("VS Code has no exec form (`args`): a hook is one command")
        .cwd_assumed()
        .handler_cwd(),
    reply: Reply::stdout(replies::RULES)
        .context(&["hookSpecificOutput.additionalContext"])
        .rewrites(&["hookSpecificOutput.updatedInput"]),
    quirks: Quirks::NONE.gate(gate),
};

/// The eight events; matchers are ignored, so none takes one.
const EVENTS: &[Event] = &[
    event("SessionStart", Kind::SessionStart, 30)
        .blocks(Blocks::No)
        .input(r#"{"source":"new"}"#),
    event("UserPromptSubmit", Kind::Prompt, 30).input(r#"{"prompt":"$PROMPT"}"#),
    event("PreToolUse", Kind::BeforeTool, 30)
        .matches_nothing()
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_use_id":"hookcheck-vscode-tool-0001"}"#),
    event("PostToolUse", Kind::AfterTool, 30)
        .blocks(Blocks::No)
        .matches_nothing()
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_use_id":"hookcheck-vscode-tool-0001","tool_response":"$RESPONSE"}"#),
    event("PreCompact", Kind::Other, 30).blocks(Blocks::No),
    event("SubagentStart", Kind::Other, 30).blocks(Blocks::No),
    event("SubagentStop", Kind::Other, 30)
        .blocks(Blocks::No)
        .input(r#"{"stop_hook_active":false}"#),
    event("Stop", Kind::Stop, 30)
        .blocks(Blocks::No)
        .input(r#"{"stop_hook_active":false}"#),
];

/// A matcher (Claude Code's format) is parsed and ignored: the hook applies to all tools.
fn gate(cx: &PlanContext, event: &str, _: &Value) -> Result<Vec<String>, Stop> {
    Ok(shared::matcher_ignored("VS Code", cx, event))
}

#[cfg(test)]
mod tests;
