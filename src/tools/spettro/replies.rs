//! How Spettro reads a hook's reply (hooks.go `Run` and the agent's hook runtime @3ad1747a):
//! one row a rule, first decision wins. The decision is a JSON object on the last non-empty
//! stdout line; where the code differs from the docs, the code is followed and a note says so.

use crate::contract::reply::{Ended, Ev, Rule, Test, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// Aploide/spettro @3ad1747a: internal/hooks/hooks.go and the hook runtime
/// (`runPreToolHooks`, `runPostToolHooks`, `runPermissionRequestHooks`).
const CODE: &str = "source: Aploide/spettro @3ad1747a internal/hooks/hooks.go and the agent's hook runtime (2026-11-30)";
/// hooks.go `Run` at the same commit, read 2026-12-01: the decision is the last non-empty
/// stdout line's `decision`, trimmed and lower-cased; no line, or one that does not unmarshal,
/// is no decision (the runtime then lets the call through).
const RUN: &str = "source: Aploide/spettro @3ad1747a internal/hooks/hooks.go (Run, lastNonEmptyLine, decisionEnvelope; read 2026-12-01)";

/// A failure here fails the tool call (code; the docs say a failing hook allows).
const GATES: Ev = Ev::Is(&["PreToolUse", "PermissionRequest"]);
const POST: Ev = Ev::Is(&["PostToolUse"]);
const BLOCKED: Effect = Effect::Blocked;
const IGNORED: &str = "Spettro's code ignores a PostToolUse decision (its docs say deny works)";

/// The rules, in the order Spettro applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    // A failed hook: the error propagates (gates), is dropped (PostToolUse) or reported.
    rule(Timeout).on(GATES).ended(Ended::Timeout).effect(BLOCKED)
        .says("the hook timed out and counts as failed: Spettro's code fails the tool call (its docs say a failing hook allows)").src(CODE),
    rule(Timeout).on(POST).ended(Ended::Timeout)
        .says("the hook timed out and counts as failed: Spettro ignores a PostToolUse hook's failure").src(CODE),
    rule(Timeout).ended(Ended::Timeout)
        .says("the hook timed out and counts as failed: Spettro's session start reports the error").src(CODE),
    rule(Error).on(GATES).ended(Ended::NotStarted).effect(BLOCKED)
        .says("the hook did not start ({error}): Spettro's code fails the tool call (its docs say a failing hook allows)").src(CODE),
    rule(Error).on(POST).ended(Ended::NotStarted)
        .says("the hook did not start ({error}): Spettro ignores a PostToolUse hook's failure").src(CODE),
    rule(Error).ended(Ended::NotStarted)
        .says("the hook did not start ({error}): Spettro's session start reports the error").src(CODE),
    rule(Error).on(GATES).ended(Ended::Signal).effect(BLOCKED)
        .says("killed by a signal: Spettro's code fails the tool call (its docs say a failing hook allows)").src(CODE),
    rule(Error).on(POST).ended(Ended::Signal)
        .says("killed by a signal: Spettro ignores a PostToolUse hook's failure").src(CODE),
    rule(Error).ended(Ended::Signal)
        .says("killed by a signal: Spettro's session start reports the error").src(CODE),
    rule(Block).on(GATES).ended(Ended::NotExit(0)).effect(BLOCKED)
        .says("exit {exit}: Spettro's code fails the tool call (its docs say a failing hook allows)").src(CODE),
    rule(Error).on(POST).ended(Ended::NotExit(0))
        .says("exit {exit}: Spettro ignores a PostToolUse hook's failure").src(CODE),
    rule(Error).ended(Ended::NotExit(0))
        .says("exit {exit}: Spettro's session start reports the error").src(CODE),
    // decisionEnvelope has string fields: another type fails the unmarshal (no decision).
    rule(Allow).exit(0).json(&[Test::Mistyped("decision")]).src(CODE),
    rule(Allow).exit(0).json(&[Test::Mistyped("message")]).src(CODE),
    rule(Allow).exit(0).json(&[Test::Mistyped("reason")]).src(CODE),
    // The decision, trimmed and lower-cased: "deny" and "block" both deny.
    rule(Block).on(GATES).exit(0).json(&[Test::Word("decision", "deny")]).src(CODE),
    rule(Block).on(GATES).exit(0).json(&[Test::Word("decision", "block")]).src(CODE),
    rule(Allow).on(Ev::Is(&["PermissionRequest"])).exit(0).json(&[Test::Word("decision", "allow")])
        .says("allow approves the permission request").src(CODE),
    rule(Allow).on(GATES).exit(0).json(&[Test::Word("decision", "allow")]).src(RUN),
    rule(Allow).on(GATES).exit(0).json(&[Test::StrNot("decision", &[""])])
        .says("decision \"{value}\" means allow in Spettro").src(CODE),
    // runPostToolHooks discards the reply (docs: allow or deny).
    rule(Allow).on(POST).exit(0).json(&[Test::Word("decision", "deny")]).says(IGNORED).src(CODE),
    rule(Allow).on(POST).exit(0).json(&[Test::Word("decision", "block")]).says(IGNORED).src(CODE),
    rule(Allow).exit(0).src(RUN),
];
