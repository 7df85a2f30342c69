//! How Qoder reads a hook's reply (seed 002, "Qoder replies"): one row a rule, first decision
//! wins.

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt, "Qoder replies").
const SPEC: &str = "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt (Qoder replies)";
/// Qoder's hooks page (docs.qoder.com/en/cli/hooks, read 2026-11-30 via protocols-b.md §4).
const DOCS: &str = "docs: https://docs.qoder.com/en/cli/hooks (2026-11-30)";

/// Events whose result Qoder ignores.
const IGNORED: &[&str] = &["StopFailure", "InstructionsLoaded"];
/// Events on which exit 2 (and a `decision: "deny"`) blocks.
const BLOCKING: Ev = Ev::Is(&[
    "UserPromptSubmit",
    "PreToolUse",
    "Stop",
    "SubagentStop",
    "PreCompact",
    "ConfigChange",
    "Elicitation",
    "ElicitationResult",
]);
/// A ConfigChange from policy settings, which Qoder cannot block (only ConfigChange has that
/// source).
const POLICY: Ev = Ev::Input("source", "policy_settings");
const PRE: Ev = Ev::Is(&["PreToolUse"]);
const ELICITATION: Ev = Ev::Is(&["Elicitation", "ElicitationResult"]);
const PD: &str = "hookSpecificOutput.permissionDecision";
const ACTION: &str = "hookSpecificOutput.action";
const DENY: &[Test] = &[Test::Is("decision", "deny")];
const BLOCK: &[Test] = &[Test::Is("decision", "block")];

/// The rules, in the order Qoder applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Allow).on(Ev::Is(IGNORED)).says("Qoder ignores the result of {event} hooks").src(SPEC),
    // How the command ended.
    rule(Timeout).ended(Ended::Timeout)
        .says("Qoder's timeout handling is undocumented; hookcheck reads it as letting the action through")
        .src(SPEC),
    rule(Error).ended(Ended::NotStarted).says("the command did not start: {error}").src(SPEC),
    rule(Error).ended(Ended::Signal).says("the hook was killed by a signal").src(SPEC),
    rule(Block).on(Ev::Is(&["WorktreeCreate"])).ended(Ended::NotExit(0))
        .says("exit {exit} makes Qoder's worktree creation fail").src(SPEC),
    // Exit 2.
    rule(Error).on(POLICY).exit(2)
        .says("exit 2 cannot block a policy_settings ConfigChange in Qoder").src(SPEC),
    rule(Block).on(BLOCKING).exit(2).says("exit 2: stderr is the reason").src(SPEC),
    rule(Error).exit(2).says("exit 2 cannot stop anything on {event} in Qoder").src(SPEC),
    rule(Error).ended(Ended::NotExit(0))
        .says("exit {exit} is a non-blocking error in Qoder: the action goes ahead").fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(SPEC),
    // Exit 0: nothing, text, or JSON.
    rule(Allow).exit(0).reply(Shape::Empty).src(DOCS),
    rule(Allow).exit(0).reply(Shape::BadJson)
        .says("stdout is not valid JSON; it is ignored").src(DOCS),
    rule(Allow).on(Ev::StdoutContext).exit(0).reply(Shape::Plain).context()
        .says("plain stdout is added to the model's context").src(DOCS),
    rule(Allow).exit(0).reply(Shape::Plain).says("plain stdout is not read on this event").src(DOCS),
    rule(Error).exit(0)
        .json(&[Test::Has("hookSpecificOutput"), Test::Lacks("hookSpecificOutput.hookEventName")])
        .says("hookSpecificOutput without hookEventName voids the whole reply in Qoder").src(SPEC),
    // continue: false stops Qoder on any event; only a policy_settings change cannot be stopped.
    rule(Error).on(POLICY).exit(0).json(&[Test::Bool("continue", false)])
        .says("continue: false cannot block a policy_settings ConfigChange in Qoder").src(SPEC),
    rule(Block).exit(0).json(&[Test::Bool("continue", false)]).effect(Effect::Halted)
        .says("continue: false stops Qoder").src(SPEC),
    // permissionDecision deny or ask wins over decision on PreToolUse.
    rule(Block).on(PRE).exit(0).json(&[Test::Is(PD, "deny")])
        .says("permissionDecision \"deny\" blocks in Qoder").src(SPEC),
    rule(Block).on(PRE).exit(0).json(&[Test::Is(PD, "ask")])
        .says("permissionDecision \"ask\" blocks in Qoder").src(SPEC),
    rule(Block).on(Ev::Is(&["PermissionRequest"])).exit(0)
        .json(&[Test::Is("hookSpecificOutput.decision.behavior", "deny")])
        .says("decision.behavior \"deny\" blocks in Qoder").src(SPEC),
    rule(Block).on(ELICITATION).exit(0).json(&[Test::Is(ACTION, "decline")])
        .says("action \"decline\" blocks in Qoder").src(SPEC),
    rule(Block).on(ELICITATION).exit(0).json(&[Test::Is(ACTION, "cancel")])
        .says("action \"cancel\" blocks in Qoder").src(SPEC),
    rule(Error).on(POLICY).exit(0).json(DENY)
        .says("decision \"deny\" cannot block a policy_settings ConfigChange in Qoder").src(SPEC),
    rule(Error).on(POLICY).exit(0).json(BLOCK)
        .says("decision \"block\" cannot block a policy_settings ConfigChange in Qoder").src(SPEC),
    rule(Block).on(BLOCKING).exit(0).json(DENY).says("decision \"deny\" blocks in Qoder").src(SPEC),
    // Claude-compatible spelling (protocols-b.md §4); the behaviour spec names "deny".
    rule(Block).on(BLOCKING).exit(0).json(BLOCK).says("decision \"block\" blocks in Qoder").src(DOCS),
    rule(Allow).exit(0).json(DENY).says("decision \"deny\" does nothing on {event} in Qoder").src(SPEC),
    rule(Allow).exit(0).json(BLOCK).says("decision \"block\" does nothing on {event} in Qoder").src(SPEC),
    rule(Allow).exit(0).json(&[]).src(DOCS),
];
