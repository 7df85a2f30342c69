//! A small contract for the engine's own unit tests. Test-only.

use super::reply::{Reply, Rule};
use super::{
    Contract, Event, Flavour, Input, Kind, Portable, Quirks, ReadContext, Run, ToolCall, Tools,
    event,
};
use crate::verdict::Reading;

/// Runs a command as `/bin/sh -c`, assuming the cwd and nothing else.
pub const RUN: Run = Run::argv(&["/bin/sh", "-c"]).cwd_assumed();

const EVENTS: &[Event] = &[
    event("SessionStart", Kind::SessionStart, 5).input("{}"),
    event("UserPromptSubmit", Kind::Prompt, 5).input(r#"{"prompt":"$PROMPT"}"#),
];

fn first(_: &ReadContext, r: &[Reading]) -> Reading {
    r.first().cloned().unwrap_or_else(Reading::allow)
}

/// The one small contract the engine's tests start from: agent `A`, these events, edit tools
/// and reply rules, a `Sh` shell tool, Claude Code's matcher flavour, `sh -c`, strongest-wins.
pub const fn sample(
    events: &'static [Event],
    edit: &'static [ToolCall],
    rules: &'static [Rule],
) -> Contract {
    Contract {
        events,
        fold_case: false,
        portable: Portable::no_matchers(&[]),
        tools: Tools {
            shell: ToolCall::new("Sh", r#"{"command":"$COMMAND"}"#, "{}"),
            edit,
            read: &[],
            read_input: "$NONE:A names no read tool",
            web: &[],
            mcp: "",
            mcp_input: "",
        },
        matcher: Flavour::ExactOrJsRegex,
        input: Input::common(r#"{"hook_event_name":"$EVENT"}"#),
        run: Run::argv(&["sh", "-c"]),
        reply: Reply::stdout(rules),
        quirks: Quirks::NONE,
    }
}

/// A contract of agent `Test` with two events (SessionStart, UserPromptSubmit), these reply
/// rules and this way of running a command.
pub fn contract(rules: &'static [Rule], run: Run) -> Contract {
    let mut c = sample(EVENTS, &[], rules);
    c.tools.shell.name = "sh";
    c.tools.shell.input = "{}";
    c.input.common = "{}";
    c.input.tool_path = "tool";
    c.run = run;
    c.reply.combine = first;
    c
}
