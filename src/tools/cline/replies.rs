//! How the Cline CLI reads a hook's reply (subprocess-runner.ts, hook-file-hooks.ts): one row
//! a rule, first decision wins. Cline never reads the exit code; stdout's control JSON (the
//! last `HOOK_CONTROL\t` line, else all of stdout: [`super::read`] picks it) decides.

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// Cline CLI 3.0.65 run headless against a fake model (docs/reference/real-agents.md).
const REAL: &str = "real agent: Cline CLI 3.0.65, 2026-11-30 (docs/reference/real-agents.md)";
/// cline/cline @21cb8d25 and @08a0ae50.
const SRC: &str = "source: cline/cline @21cb8d25 sdk/packages/core/src/hooks/subprocess-runner.ts; @08a0ae50 hook-file-hooks.ts";
/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt, "Cline replies").
const SPEC: &str = "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt (Cline replies)";

/// The prompt hook is fire-and-forget: what the binary does and where it says so.
const PROMPT_DETACHED: &str = "real agent: Cline CLI 3.0.65, behaviour campaign of 2026-12-01, situation prompt, \
every cell prompt_reached_model (fixtures/live/campaign/observations/prompt/cline.json), and cell \
prompt--json-cancel (fixtures/live/situations/observations/prompt--json-cancel--cline.json); source: \
the cline@3.0.65 binary (@cline/cli-linux-x64 bin/cline), whose hook-file hooks start prompt_submit \
with `detached: detachAsyncHooks ?? true` and read no reply from it";

/// What Cline does with a failed hook.
macro_rules! goes_on {
    ($what:literal) => {
        concat!($what, ": Cline logs it and goes on as if the hook allowed")
    };
}

/// The rules, in the order Cline applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout).says(goes_on!("the hook timed out")).src(SRC),
    rule(Error).ended(Ended::NotStarted).says(goes_on!("the script did not start ({error})")).src(SRC),
    rule(Allow).reply(Shape::Empty).src(REAL),
    rule(Allow).reply(Shape::NotObject).says("the control output is not an object: ignored").src(SRC),
    rule(Error).reply(Shape::NotJson).says(goes_on!("stdout is not JSON control output")).src(SPEC),
    rule(Allow).on(Ev::Is(&["TaskStart"])).json(&[Test::Bool("cancel", true)])
        .says("TaskStart is not awaited: cancel: true comes too late, the task goes on (real agent 3.0.65)")
        .src("real agent: Cline CLI 3.0.65, 2026-12-01, situation session--json-cancel (fixtures/live/situations/observations/session--json-cancel--cline.json)"),
    rule(Allow).on(Ev::Is(&["UserPromptSubmit"])).json(&[Test::Bool("cancel", true)])
        .says("UserPromptSubmit is not awaited: cancel: true cannot hold the prompt back, it reaches the model (real agent 3.0.65)")
        .src(PROMPT_DETACHED),
    rule(Block).json(&[Test::Bool("cancel", true)]).effect(Effect::Halted)
        .says("cancel: true stops the whole task, not just this tool call").src(REAL),
    rule(Allow).on(Ev::Is(&["TaskStart"])).json(&[Test::StrNot("contextModification", &[""])])
        .says("TaskStart is not awaited: its contextModification never reaches the model (real agent 3.0.65)")
        .src("real agent: Cline CLI 3.0.65, 2026-12-01, situation session--json-context-modification (fixtures/live/situations/observations/session--json-context-modification--cline.json)"),
    // A non-empty context, contextModification or errorMessage reaches the model.
    rule(Allow).json(&[Test::StrNot("context", &[""])]).context().src(SPEC),
    rule(Allow).json(&[Test::StrNot("contextModification", &[""])]).context().src(SPEC),
    rule(Allow).json(&[Test::StrNot("errorMessage", &[""])]).context().src(SPEC),
    rule(Allow).json(&[]).src(REAL),
    note("the tool already ran").on(Ev::Is(&["PostToolUse"])).json(&[Test::Bool("cancel", true)]).src(SRC),
    note("overrideInput replaces the tool's input").on(Ev::Is(&["PreToolUse"]))
        .json(&[Test::Has("overrideInput")]).src(SRC),
    note("exit {exit}: Cline never reads the exit code").ended(Ended::ExitOther(&[0])).src(REAL),
    note("the hook was killed by a signal: Cline never reads the exit status").ended(Ended::Signal).src(SRC),
];
