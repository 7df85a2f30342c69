//! How Goose reads a hook's reply (hooks/mod.rs `classify_output`, `apply_verdict`): one row a
//! rule, first decision wins. Only PreToolUse and Stop read a decision (`emit_blocking`); every
//! other event only runs the hook and logs a failure.

use crate::contract::reply::{Ended, Ev, Rule, Shape, SpecIf, Test, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};

/// block/goose `crates/goose/src/hooks/mod.rs` @0825b570.
const SRC: &str =
    "source: block/goose crates/goose/src/hooks/mod.rs @0825b570 (classify_output, apply_verdict)";
/// The same file's account of the decision channel (read 2026-12-01): exit 0 with nothing or
/// `{"decision":"allow"}`, exit 2 with a reason, or `{"decision":"block","reason":...}` decide;
/// anything else (a stray line, bad JSON, another exit, a failed start, a timeout) is no
/// decision, which `on_failure: "block"` on a PreToolUse action turns into a denial.
const CHANNEL: &str = "source: block/goose crates/goose/src/hooks/mod.rs @0825b570 (module docs \"The decision channel\", HookChainOutcome)";
/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt).
const SPEC: &str = "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt";
/// docs/reference/protocols/protocols-b.md §1 (2026-11-30).
const PROTO: &str = "reference: docs/reference/protocols/protocols-b.md §1 (2026-11-30)";

const GATES: &[&str] = &["PreToolUse", "Stop"];
const BLOCKING: Ev = Ev::Is(GATES);
const OBSERVER: Ev = Ev::Not(GATES);
const PRE: Ev = Ev::Is(&["PreToolUse"]);
const STOP: Ev = Ev::Is(&["Stop"]);
/// `x-goose.on_failure: block`, honoured on PreToolUse only.
const ON_FAILURE: SpecIf = SpecIf::Custom(super::fails_closed);
const KEEPS: &str = "a Stop block makes Goose keep going; the reason is fed back to the model";
/// `{decision, reason}` deserialize as Option<String>: another type voids the reply.
const REASON: Test = Test::StrOrNull("reason");

/// A failure under `x-goose.on_failure: block`: a denial.
macro_rules! denial {
    ($why:literal) => {
        concat!(
            $why,
            "; x-goose.on_failure: block turns a hook failure into a denial"
        )
    };
}

/// A failure Goose logs.
macro_rules! logged {
    ($why:literal) => {
        concat!($why, ": Goose logs it and lets the action through")
    };
}

/// The rules, in the order Goose applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    // Observers: stdout is never read, a failure is logged.
    rule(Timeout).on(OBSERVER).ended(Ended::Timeout).says("Goose logs the timeout and goes on").src(SRC),
    rule(Error).on(OBSERVER).ended(Ended::NotStarted).says("the hook did not start: {error}").src(SRC),
    rule(Allow).on(Ev::Is(&["SessionStart"])).exit(0).json(&[Test::Has("banner")])
        .says("a SessionStart {\"banner\": ...} is shown to the user, not the model").src(PROTO),
    rule(Allow).on(OBSERVER).exit(0).reply(Shape::Some).says("Goose does not read stdout on {event}").src(PROTO),
    rule(Allow).on(OBSERVER).exit(0).src(SRC),
    rule(Error).on(OBSERVER).exit(2).says("{event} cannot block in Goose: exit 2 is logged").src(PROTO),
    rule(Error).on(OBSERVER).ended(Ended::Signal).says("the hook was killed by a signal").src(SRC),
    rule(Error).on(OBSERVER).says("exit {exit} is logged by Goose; nothing stops").src(PROTO),
    // PreToolUse and Stop: how the command ended, then stdout (strict UTF-8, one JSON object).
    rule(Block).on(PRE).spec(ON_FAILURE).ended(Ended::Timeout).says(denial!("the hook timed out")).src(CHANNEL),
    rule(Timeout).on(BLOCKING).ended(Ended::Timeout).says(logged!("the hook timed out")).src(SRC),
    rule(Block).on(PRE).spec(ON_FAILURE).ended(Ended::NotStarted)
        .says(denial!("the hook did not start: {error}")).src(CHANNEL),
    rule(Error).on(BLOCKING).ended(Ended::NotStarted).says(logged!("the hook did not start: {error}")).src(SRC),
    rule(Block).on(STOP).exit(2).says(KEEPS).src(SRC),
    rule(Block).on(PRE).exit(2).src(SRC),
    rule(Block).on(PRE).spec(ON_FAILURE).reply(Shape::NotUtf8)
        .says(denial!("the hook wrote invalid UTF-8 to stdout")).src(SPEC),
    rule(Error).on(BLOCKING).reply(Shape::NotUtf8).says(logged!("the hook wrote invalid UTF-8 to stdout")).src(SRC),
    // `decision: block` denies at any exit code.
    rule(Block).on(STOP).json(&[Test::Is("decision", "block"), REASON]).says(KEEPS).src(SRC),
    rule(Block).on(PRE).json(&[Test::Is("decision", "block"), REASON]).src(CHANNEL),
    rule(Allow).on(BLOCKING).exit(0).reply(Shape::Empty).src(SRC),
    rule(Allow).on(BLOCKING).exit(0).json(&[Test::Is("decision", "allow"), REASON]).src(SRC),
    // Anything else is a failure.
    rule(Block).on(PRE).spec(ON_FAILURE).exit(0).json(&[Test::StrNot("decision", &["block", "allow"]), REASON])
        .says(denial!("decision \"{value}\" is no decision to Goose: only \"block\" and \"allow\" are")).src(CHANNEL),
    rule(Error).on(BLOCKING).exit(0).json(&[Test::StrNot("decision", &["block", "allow"]), REASON])
        .says(logged!("decision \"{value}\" is no decision to Goose: only \"block\" and \"allow\" are")).src(CHANNEL),
    rule(Block).on(PRE).spec(ON_FAILURE).exit(0)
        .says(denial!("the hook exited 0 without an allow or block decision on stdout")).src(CHANNEL),
    rule(Error).on(BLOCKING).exit(0)
        .says(logged!("the hook exited 0 without an allow or block decision on stdout")).src(SRC),
    rule(Block).on(PRE).spec(ON_FAILURE).ended(Ended::Signal).says(denial!("the hook was killed by a signal")).src(CHANNEL),
    rule(Error).on(BLOCKING).ended(Ended::Signal).says(logged!("the hook was killed by a signal")).src(SRC),
    rule(Block).on(PRE).spec(ON_FAILURE)
        .says(denial!("the hook exited with status {exit} and no usable decision")).src(CHANNEL),
    rule(Error).on(BLOCKING).says(logged!("the hook exited with status {exit} and no usable decision")).src(SRC),
];
