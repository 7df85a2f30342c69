//! How Antigravity reads a hook's reply (protocols-b.md §5; seed 002, "Antigravity replies"):
//! one row a rule, first decision wins. The docs give no exit code a meaning: only exit 0 with
//! a documented JSON reply counts.

use crate::contract::reply::{Ended, Ev, Rule, Test, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};

/// docs/reference/protocols/protocols-b.md §5 (third-party measurements of agy 1.0.x-1.2.x).
const REF: &str =
    "reference: docs/reference/protocols/protocols-b.md §5 (agy 1.0.x-1.2.x, 2026-11-30)";
/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt), "Antigravity replies".
const SPEC: &str =
    "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt (Antigravity replies)";

const PRE: Ev = Ev::Is(&["PreToolUse"]);
const DECISION: &str = "decision";

/// The rules, in the order Antigravity applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout).uncounted("Antigravity documents no timeout behaviour").src(SPEC),
    rule(Error).ended(Ended::NotStarted)
        .uncounted("the command did not start ({error}); Antigravity documents no result for that").src(SPEC),
    rule(Error).ended(Ended::ExitOther(&[0]))
        .uncounted("exit {exit}: Antigravity's docs give no exit code a meaning").src(SPEC),
    rule(Error).ended(Ended::Signal).uncounted("killed by a signal").src(SPEC),
    // PreToolUse: the decision.
    rule(Block).on(PRE).json(&[Test::Is(DECISION, "deny")]).src(REF),
    rule(Block).on(PRE).json(&[Test::Is(DECISION, "force_ask")])
        .says("force_ask: Antigravity asks the user, ignoring saved permissions").src(REF),
    rule(Allow).on(PRE).json(&[Test::Is(DECISION, "auto_approve")])
        .says("auto_approve skips Antigravity's review; explicit user rules still apply").src(REF),
    rule(Allow).on(PRE).json(&[Test::Is(DECISION, "allow")])
        .uncounted("\"allow\" defers to the next hook or the default policy, which hookcheck cannot see").src(REF),
    rule(Block).on(PRE).json(&[Test::Is(DECISION, "ask")])
        .uncounted("\"ask\" asks unless a saved permission lets the call run, which hookcheck cannot see").src(REF),
    rule(Block).on(PRE).json(&[Test::Is(DECISION, "deny_unless_prior_grant")])
        .uncounted("\"deny_unless_prior_grant\" asks unless a saved permission lets the call run, which hookcheck cannot see").src(REF),
    rule(Error).on(PRE).json(&[Test::StrNot(DECISION, &[])])
        .uncounted("decision \"{value}\" is not a documented Antigravity reply").src(SPEC),
    rule(Error).on(PRE).json(&[])
        .uncounted("no decision: agy 1.1.x reads a missing decision as deny").src(REF),
    // Stop: "continue" keeps the agent running (seed 002).
    rule(Block).on(Ev::Is(&["Stop"])).json(&[Test::Is(DECISION, "continue")])
        .says("decision \"continue\" keeps Antigravity running").src(SPEC),
    rule(Allow).json(&[]).src(SPEC),
    note("overwrite is merged into the tool's arguments").json(&[Test::Has("overwrite")]).rewrites().src(REF),
    // No JSON object on stdout (nothing at all, too).
    rule(Error).uncounted("stdout is not a JSON object; agy 1.1.x reads a missing decision as deny").src(REF),
];
