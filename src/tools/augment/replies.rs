//! How Augment reads a hook's reply (docs, seed 002 "Augment replies"): one row a rule, first
//! decision wins.

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// Augment's hooks pages (docs.augmentcode.com/cli/hooks, /cli/v0/hooks, read 2026-11-30 via
/// protocols-b.md §6).
const DOCS: &str = "docs: https://docs.augmentcode.com/cli/v0/hooks (2026-11-30)";
/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt, "Augment replies").
const SPEC: &str =
    "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt (Augment replies)";

const PRE: Ev = Ev::Is(&["PreToolUse"]);
/// decision "block" sits inside hookSpecificOutput on Stop and PostToolUse (seed 002).
const INSIDE: Ev = Ev::Is(&["Stop", "PostToolUse"]);
const TOP: &str =
    "on {event} Augment reads decision \"block\" inside hookSpecificOutput, not at the top level";
const TOP_PD: &str = "a top-level permissionDecision is ignored: it belongs in hookSpecificOutput";
const TOP_BLOCK: Test = Test::Is("decision", "block");

/// The rules, in the order Augment applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout)
        .says("Augment does not document a timeout's effect; hookcheck reads it as letting the action through")
        .src(SPEC),
    rule(Error).ended(Ended::NotStarted).says("the script did not start: {error}").src(SPEC),
    rule(Error).ended(Ended::Signal).says("the hook was killed by a signal").src(SPEC),
    // Exit 2 blocks on PreToolUse only; stderr is the reason (docs).
    rule(Block).on(PRE).exit(2).says("exit 2: stderr is the reason").src(DOCS),
    rule(Error).exit(2)
        .says("exit 2 blocks only on PreToolUse in Augment; on {event} it is a non-blocking error")
        .src(SPEC),
    rule(Error).ended(Ended::NotExit(0))
        .says("exit {exit} is a non-blocking error in Augment: the action goes ahead").fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(DOCS),
    // Exit 0: nothing, text, or JSON.
    rule(Allow).exit(0).reply(Shape::Empty).src(DOCS),
    rule(Allow).exit(0).reply(Shape::BadJson)
        .says("stdout is not valid JSON; it is ignored").src(DOCS),
    // Plain stdout is context on SessionStart, as on Claude Code (seed 002).
    rule(Allow).on(Ev::StdoutContext).exit(0).reply(Shape::Plain).context()
        .says("plain stdout is added to the model's context").src(SPEC),
    rule(Allow).exit(0).reply(Shape::Plain).says("plain stdout is not read on this event").src(SPEC),
    rule(Block).exit(0).json(&[Test::Bool("continue", false)]).effect(Effect::Halted)
        .says("continue: false stops Augment").src(DOCS),
    rule(Block).on(PRE).exit(0)
        .json(&[Test::Is("hookSpecificOutput.permissionDecision", "deny")]).src(DOCS),
    rule(Block).on(INSIDE).exit(0).json(&[Test::Is("hookSpecificOutput.decision", "block")])
        .src(SPEC),
    rule(Error).on(Ev::NotBlocking).exit(0).json(&[TOP_BLOCK])
        .says("decision \"block\" cannot stop anything on {event}").src(SPEC),
    rule(Block).on(Ev::Not(&["Stop", "PostToolUse"])).exit(0).json(&[TOP_BLOCK]).src(DOCS),
    rule(Allow).on(INSIDE).exit(0).json(&[TOP_BLOCK]).says(TOP).src(SPEC),
    note(TOP_PD).on(INSIDE).exit(0).json(&[TOP_BLOCK, Test::Has("permissionDecision")]).src(SPEC),
    rule(Allow).exit(0).json(&[Test::Has("permissionDecision")]).says(TOP_PD).src(SPEC),
    rule(Allow).exit(0).json(&[]).src(DOCS),
];
