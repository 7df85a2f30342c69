//! How Gemini CLI reads a hook's reply (hookRunner.ts, hookAggregator.ts): one row a rule,
//! first decision wins. The text read is stdout, or stderr when stdout is empty, and a JSON
//! object wins over the exit code.

use crate::contract::reply::{Ended, Ev, From, Rule, Shape, Test, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// Gemini CLI 0.61.0 run headless (with scripted model turns on 2026-11-30; docs/reference/real-agents.md).
const REAL: &str = "real agent: Gemini CLI 0.61.0, 2026-11-30 (docs/reference/real-agents.md)";
/// google-gemini/gemini-cli @5411f113 (2026-08-21), packages/core/src/hooks/hookRunner.ts.
const RUNNER: &str =
    "source: google-gemini/gemini-cli @5411f113 packages/core/src/hooks/hookRunner.ts";
/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt).
const SPEC: &str = "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt";

const IGNORED: &str = "{event} ignores decisions, so a block reads as error";
const TEXT: Shape = Shape::NotJson;

/// The rules, in the order Gemini CLI applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout)
        .says("{agent} lets the action through after a timeout").src(RUNNER),
    rule(Error).ended(Ended::NotStarted)
        .says("the command did not start: {error}; {agent} lets the action through").src(RUNNER),
    // A JSON object, on whichever stream was read, wins over the exit code.
    rule(Error).on(Ev::NotBlocking).json(&[Test::Bool("continue", false)]).says(IGNORED).src(SPEC),
    rule(Block).json(&[Test::Bool("continue", false)]).effect(Effect::Halted)
        .says("continue: false stops the agent loop").src(RUNNER),
    rule(Error).on(Ev::NotBlocking).json(&[Test::Is("decision", "deny")]).says(IGNORED).src(SPEC),
    rule(Error).on(Ev::NotBlocking).json(&[Test::Is("decision", "block")]).says(IGNORED).src(SPEC),
    rule(Block).json(&[Test::Is("decision", "deny")]).src(REAL),
    rule(Block).json(&[Test::Is("decision", "block")]).src(RUNNER),
    rule(Allow).json(&[Test::Is("decision", "ask")])
        .uncounted("decision \"ask\" makes Gemini CLI ask the user").src(RUNNER),
    rule(Allow).json(&[Test::Has("hookSpecificOutput.permissionDecision")])
        .says("Gemini CLI ignores hookSpecificOutput.permissionDecision (real agent 0.61.0): use \"decision\"")
        .src(REAL),
    rule(Allow).json(&[]).src(RUNNER),
    note("the JSON reply on {from} wins over the exit code").ended(Ended::NotExit(0)).json(&[]).src(RUNNER),
    note("stdout was empty, so Gemini CLI read stderr").read_from(From::Stderr).json(&[]).src(RUNNER),
    // Plain text: the exit code decides.
    rule(Error).ended(Ended::Signal)
        .says("the hook was killed by a signal; Gemini CLI lets the action through").src(RUNNER),
    rule(Allow).exit(0).reply(Shape::Empty).src(REAL),
    rule(Allow).exit(0).says("plain {from} is shown to the user, not the model").src(RUNNER),
    rule(Error).exit(1).reply(Shape::Empty).says("exit 1: a failed hook; the action goes ahead").fix("{agent} reads exit 1 as a failed hook and lets the action through: exit 2 with the reason on stderr").src(REAL),
    rule(Error).exit(1)
        .says("exit 1 with text is a warning (\"Warning: ...\" from {from}); the action goes ahead")
        .fix("{agent} reads exit 1 as a failed hook and lets the action through: exit 2 with the reason on stderr").src(RUNNER),
    rule(Error).ended(Ended::ExitOther(&[0, 1])).reply(Shape::Empty)
        .says("exit {exit} with no output: no decision, the action goes ahead").fix("{agent} blocks on exit {exit} only with a reason: write it to stderr").src(REAL),
    rule(Error).on(Ev::NotBlocking).ended(Ended::ExitOther(&[0, 1])).reply(TEXT).says(IGNORED).src(SPEC),
    rule(Block).ended(Ended::ExitOther(&[0, 1])).reply(TEXT).src(REAL),
    note("exit {exit} with plain text on {from} is a deny in Gemini CLI (hookRunner.ts; real agent 0.61.0): the text is the reason")
        .ended(Ended::ExitOther(&[0, 1])).reply(TEXT).src(REAL),
    note("exit 127 is usually a missing script: in Gemini CLI it blocks every matching call")
        .exit(127).reply(TEXT).src(REAL),
];
