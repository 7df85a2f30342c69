//! A small contract for the engine's own unit tests. Test-only.

use super::reply::{Reply, Rule, Stream};
use super::{
    Contract, Event, Flavour, Input, Kind, Portable, Quirks, ReadContext, Run, Shell, ToolCall,
    Tools, Zero, event,
};
use crate::verdict::Reading;

/// Runs a command as `/bin/sh -c`, assuming the cwd and nothing else.
pub const RUN: Run = Run {
    shell: Shell::Argv(&["/bin/sh", "-c"]),
    exec_form: Ok(()),
    env: &[],
    spec_env: Ok(()),
    expands: None,
    timeout_assumed: false,
    zero_timeout: Zero::AsGiven,
    cwd_assumed: true,
    handler_cwd: false,
};

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
        agent: "A",
        events,
        fold_case: false,
        portable: Portable {
            events: &[],
            shell: "",
            edit: "",
            read: "",
            web: "",
            mcp: "",
        },
        tools: Tools {
            shell: ToolCall {
                name: "Sh",
                input: r#"{"command":"$COMMAND"}"#,
                new_file: None,
                response: "{}",
            },
            edit,
            read: &[],
            read_input: "$NONE:A names no read tool",
            web: &[],
            mcp: "",
        },
        matcher: Flavour::ExactOrJsRegex,
        input: Input {
            common: r#"{"hook_event_name":"$EVENT"}"#,
            tool_path: "tool_name",
        },
        run: Run {
            shell: Shell::Argv(&["sh", "-c"]),
            cwd_assumed: false,
            ..RUN
        },
        reply: Reply {
            from: Stream::Stdout,
            json_in_string: false,
            skips_bom: false,
            context: &[],
            rewrites: &[],
            rules,
            combine: crate::tools::shared::strongest,
        },
        quirks: Quirks {
            gate: None,
            input: None,
        },
    }
}

/// A contract of agent `Test` with two events (SessionStart, UserPromptSubmit), these reply
/// rules and this way of running a command.
pub fn contract(rules: &'static [Rule], run: Run) -> Contract {
    let mut c = sample(EVENTS, &[], rules);
    c.agent = "Test";
    c.tools.shell.name = "sh";
    c.tools.shell.input = "{}";
    c.input.common = "{}";
    c.input.tool_path = "tool";
    c.run = run;
    c.reply.combine = first;
    c
}
