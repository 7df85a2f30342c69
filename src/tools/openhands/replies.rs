//! How OpenHands reads a hook's reply (`HookExecutor.execute`, executor.py @611629e6): one row
//! a rule, first decision wins. Stdout is parsed at any exit code: the whole of it must be one
//! JSON object; a JSON deny or a falsy `continue` blocks like exit 2.

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};

/// OpenHands/software-agent-sdk @611629e6, openhands-sdk/openhands/sdk/hooks/executor.py.
const EXECUTOR: &str =
    "source: OpenHands/software-agent-sdk @611629e6 openhands-sdk/openhands/sdk/hooks/executor.py";
/// The same commit's hooks/manager.py and conversation_hooks.py (which events honour a block).
const MANAGER: &str =
    "source: OpenHands/software-agent-sdk @611629e6 openhands-sdk/openhands/sdk/hooks/manager.py";
/// A falsy `continue` sets `blocked` whatever the exit code (`HookExecutor.execute`, read at a
/// stored commit on 2026-12-01).
const CONTINUE: &str = "source: OpenHands/software-agent-sdk @06b329e3 openhands-sdk/openhands/sdk/hooks/executor.py (HookExecutor.execute: `if not output_data[\"continue\"]: blocked = True`)";

const DENY: &[Test] = &[Test::IsNoCase("decision", "deny")];
const STOPS: &[Test] = &[Test::Falsy("continue")];
const NON_BLOCKING: &str =
    "exit {exit} is a non-blocking error in OpenHands: the action goes ahead";
const HSO: &str = "OpenHands ignores hookSpecificOutput: it reads top-level decision, continue and additionalContext";
const BAD_DECISION: Test = Test::StrNot("decision", &["allow", "deny"]);

/// The rules, in the order OpenHands applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout)
        .says("OpenHands counts a timeout as a failed hook and goes on").src(EXECUTOR),
    rule(Error).ended(Ended::NotStarted)
        .says("the command did not start: {error}; OpenHands goes on").src(EXECUTOR),
    rule(Error).ended(Ended::Signal)
        .says("the hook was killed by a signal; OpenHands goes on").src(EXECUTOR),
    rule(Error).json(&[Test::NotStr("decision")])
        .says("a decision that is not a string makes OpenHands' executor raise: the hook counts as failed and the action goes ahead")
        .src(EXECUTOR),
    // Blocked = exit 2, or a JSON deny / falsy continue, whatever the exit code; only three
    // events act on it (manager.py). A JSON reply's context counts either way.
    rule(Error).on(Ev::NotBlocking).exit(2).json(&[])
        .says("exit 2 cannot stop anything on {event}: OpenHands blocks only on PreToolUse, UserPromptSubmit and Stop").src(MANAGER),
    rule(Error).on(Ev::NotBlocking).exit(2)
        .says("exit 2 cannot stop anything on {event}: OpenHands blocks only on PreToolUse, UserPromptSubmit and Stop").src(MANAGER),
    rule(Error).on(Ev::NotBlocking).json(DENY)
        .says("decision \"deny\" at exit {exit} cannot stop anything on {event}: OpenHands blocks only on PreToolUse, UserPromptSubmit and Stop").src(MANAGER),
    rule(Error).on(Ev::NotBlocking).json(STOPS)
        .says("a false continue at exit {exit} cannot stop anything on {event}: OpenHands blocks only on PreToolUse, UserPromptSubmit and Stop").src(MANAGER),
    rule(Block).exit(2).json(&[]).says("exit 2 blocks in OpenHands").src(EXECUTOR),
    rule(Block).exit(2).says("exit 2 blocks in OpenHands").src(EXECUTOR),
    rule(Block).json(DENY).says("decision \"deny\" at exit {exit} blocks in OpenHands").src(EXECUTOR),
    rule(Block).json(STOPS).says("a false continue at exit {exit} blocks in OpenHands").src(CONTINUE),
    note("a JSON allow does not undo an exit-2 block")
        .on(Ev::Blocking).exit(2).json(&[Test::IsNoCase("decision", "allow")]).src(EXECUTOR),
    rule(Error).ended(Ended::NotExit(0)).json(&[]).says(NON_BLOCKING).fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(EXECUTOR),
    rule(Error).ended(Ended::NotExit(0)).says(NON_BLOCKING).fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(EXECUTOR),
    // Exit 0.
    rule(Allow).exit(0).reply(Shape::Empty).src(EXECUTOR),
    rule(Allow).exit(0).reply(Shape::NotJson)
        .says("stdout is not a JSON object; OpenHands ignores it").src(EXECUTOR),
    rule(Allow).exit(0).json(&[BAD_DECISION])
        .says("decision \"{value}\" means nothing to OpenHands: only \"allow\" and \"deny\" do")
        .src(EXECUTOR),
    note(HSO).exit(0).json(&[BAD_DECISION, Test::Has("hookSpecificOutput")]).src(EXECUTOR),
    rule(Allow).exit(0).json(&[Test::Has("hookSpecificOutput")]).says(HSO).src(EXECUTOR),
    rule(Allow).exit(0).json(&[]).src(EXECUTOR),
];
