//! How Copilot CLI reads a hook's reply: one row a rule, first decision wins. A PascalCase
//! (VS Code format) event decides as its camelCase twin, so every row names both spellings.
//! Progress lines are dropped before these rows see stdout ([`super::read`]).

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// Copilot CLI 1.0.102 run headless against a fake model (docs/reference/real-agents.md).
const REAL: &str = "real agent: Copilot CLI 1.0.102, 2026-11-30 (docs/reference/real-agents.md)";
/// The hooks reference (github/docs, as collected in docs/reference/protocols/protocols-a.md §4).
const DOCS: &str = "docs: github/docs content/copilot/reference/hooks-reference.md @05da5bc3";
/// The several-events probes.
const EVENTS: &str = "real agent: Copilot CLI 1.0.102, 2026-12-04 (fixtures/live/events/observations/events-top-allow-also-blocks--copilot.json: the call ran though the permissionRequest hook exits 2)";
/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt, "Copilot replies").
const SPEC: &str =
    "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt (Copilot replies)";

const PRE: Ev = Ev::Is(&["preToolUse", "PreToolUse"]);
const PERM: Ev = Ev::Is(&["permissionRequest", "PermissionRequest"]);
/// The events whose replies hold a decision.
const DECIDING: &[&str] = &[
    "preToolUse",
    "PreToolUse",
    "permissionRequest",
    "PermissionRequest",
];
const OTHER: Ev = Ev::Not(DECIDING);
const STOPS: Ev = Ev::Is(&["agentStop", "Stop", "subagentStop", "SubagentStop"]);
/// The events that take a permission or a stop decision, then `$more`.
macro_rules! deciding_and {
    ($($more:literal),*) => {
        &[
            "preToolUse",
            "PreToolUse",
            "permissionRequest",
            "PermissionRequest",
            "agentStop",
            "Stop",
            "subagentStop",
            "SubagentStop",
            $($more),*
        ]
    };
}
/// Events where neither a permission nor a stop decision means anything.
const NO_DECISION: Ev = Ev::Not(deciding_and!());
/// Where additionalContext reaches the model; userPromptSubmitted drops a command hook's output.
const CONTEXT: Ev = Ev::Is(&[
    "sessionStart",
    "SessionStart",
    "postToolUse",
    "PostToolUse",
    "subagentStart",
    "SubagentStart",
    "notification",
    "Notification",
]);
/// After the tool, and on a prompt: decision "block" counts (real agent 1.0.102).
const POST: Ev = Ev::Is(&["postToolUse", "PostToolUse"]);
const PROMPT: Ev = Ev::Is(&["userPromptSubmitted", "UserPromptSubmit"]);
/// Events where decision "block" means nothing.
const NO_BLOCK: Ev = Ev::Not(deciding_and!(
    "postToolUse",
    "PostToolUse",
    "userPromptSubmitted",
    "UserPromptSubmit"
));
/// The live situations of decision "block" after a shell call and on a prompt.
const POST_CELL: &str = "real agent: Copilot CLI 1.0.102, live situation of 2026-12-01, cell post-bash--json-block (fixtures/live/situations/observations/post-bash--json-block--copilot.json): the model got \"Tool result blocked: <reason>\" as the tool result";
const PROMPT_CELL: &str = "real agent: Copilot CLI 1.0.102, live situation of 2026-12-01, cell prompt--json-block (fixtures/live/situations/observations/prompt--json-block--copilot.json): the prompt never reached the model";
/// Where decision "block" counts: the stop events, after the tool and on a prompt.
const BLOCKABLE: Ev = Ev::Is(&[
    "agentStop",
    "Stop",
    "subagentStop",
    "SubagentStop",
    "postToolUse",
    "PostToolUse",
    "userPromptSubmitted",
    "UserPromptSubmit",
]);
/// The campaign cells where exit 2 with decision "block" on stdout still blocked.
const EXIT2_CELLS: &str = "real agent: Copilot CLI 1.0.102, behaviour campaign of 2026-12-01, situations stop, prompt and post-bash, cell exit2_decision-block_none (fixtures/live/campaign/observations/stop/copilot.json, fixtures/live/campaign/observations/prompt/copilot.json, fixtures/live/campaign/observations/post-bash/copilot.json): the agent asked the model again, kept the prompt from it, handed it \"Tool result blocked: nope\"; exit 2 alone (exit2_none_*) and with continue false let everything through. The hook code is closed-source compiled Rust (@github/copilot-linux-x64 1.0.102, build 638eca2df17: prebuilds/linux-x64/runtime.node in its bundled copilot.tgz); its strings hold \"Hook command exited with code 2 (warning)\"";
const POST_FAILURE: Ev = Ev::Is(&["postToolUseFailure", "PostToolUseFailure"]);
/// An exit other than 0 and 2: a failed hook.
const FAILED: Ended = Ended::ExitOther(&[0, 2]);
/// The command ran (no exit code is -1), so its stdout is what it wrote.
const RAN: Ended = Ended::NotExit(-1);
const PD: &str = "permissionDecision";
/// Explicit permissionRequest behaviours; [`super::combine`] merges the replies that state one.
const MERGED_DENY: &str =
    "behavior \"deny\" (replies merge in order: a later \"allow\" overrides it)";
const MERGED_ALLOW: &str =
    "behavior \"allow\" (replies merge in order: it overrides an earlier deny)";
const NO_STOP: &str = "a decision cannot stop anything on {event}";

/// A failed preToolUse hook's note: the call is denied, read as error.
macro_rules! denies {
    ($what:literal) => {
        concat!(
            $what,
            ": Copilot denies the call (\"Denied by preToolUse hook (hook errored)\"); read as error because the hook failed rather than decided"
        )
    };
}

/// The rules, in the order Copilot CLI applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    // A timeout fails open on every event, preToolUse included.
    rule(Timeout).ended(Ended::Timeout).says("Copilot lets the action through after a timeout").src(REAL),
    // preToolUse: exit 1 and a missing binary deny the call. Read as error with effect Blocked,
    // so `--expect block` does not pass on a hook that never decided.
    rule(Error).on(PRE).ended(Ended::NotStarted).effect(Effect::Blocked)
        .says(denies!("the command did not start ({error})")).src(SPEC),
    rule(Error).on(PRE).ended(Ended::Signal).effect(Effect::Blocked)
        .says(denies!("the hook was killed by a signal")).src(DOCS),
    rule(Error).on(PRE).ended(FAILED).effect(Effect::Blocked).says(denies!("exit {exit}")).src(REAL),
    rule(Error).on(PERM).ended(Ended::NotStarted)
        .says("the command did not start ({error}): Copilot lets the request through").src(DOCS),
    rule(Error).on(PERM).ended(Ended::Signal)
        .says("the hook was killed by a signal: Copilot lets the request through").src(DOCS),
    rule(Error).on(PERM).ended(FAILED).says("exit {exit}: Copilot lets the request through").src(DOCS),
    rule(Error).on(OTHER).ended(Ended::NotStarted)
        .says("the command did not start ({error}): Copilot lets the action through").src(DOCS),
    rule(Error).on(OTHER).ended(Ended::Signal)
        .says("the hook was killed by a signal: Copilot lets the action through").src(DOCS),
    rule(Error).on(OTHER).ended(FAILED).says("exit {exit}: Copilot lets the action through").src(DOCS),
    // preToolUse: exit 2 denies; else only a top-level permissionDecision counts.
    rule(Block).on(PRE).exit(2).json(&[]).says("exit 2 denies the call, even when stdout says allow").src(DOCS),
    rule(Block).on(PRE).exit(2).says("exit 2 denies the call, even when stdout says allow").src(REAL),
    rule(Block).on(PRE).json(&[Test::Is(PD, "deny")]).says("permissionDecision \"deny\"").src(REAL),
    rule(Block).on(PRE).json(&[Test::Is(PD, "ask")])
        .says("permissionDecision \"ask\": the CLI asks the user; the coding agent on GitHub denies").src(SPEC),
    rule(Allow).on(PRE).json(&[Test::Is(PD, "allow")]).stated()
        .says("permissionDecision \"allow\" approves the call: permissionRequest hooks do not fire").src(EVENTS),
    rule(Allow).on(PRE).json(&[]).src(REAL),
    rule(Allow).on(PRE).src(REAL),
    note("hookSpecificOutput is ignored by Copilot: only a top-level permissionDecision counts")
        .on(PRE).exit(0).json(&[Test::Has("hookSpecificOutput.permissionDecision")]).src(REAL),
    // permissionRequest: replies that state a behaviour merge in order.
    rule(Block).on(PERM).exit(2).stated().says("exit 2 denies the request").src(SPEC),
    note(MERGED_DENY).on(PERM).exit(2).src(DOCS),
    rule(Block).on(PERM).json(&[Test::Is("behavior", "deny")]).stated().says(MERGED_DENY).src(SPEC),
    rule(Allow).on(PERM).json(&[Test::Is("behavior", "allow")]).stated().says(MERGED_ALLOW).src(SPEC),
    rule(Allow).on(PERM).src(DOCS),
    // Every other event: exit 2 is a warning, except on postToolUseFailure.
    rule(Allow).on(POST_FAILURE).exit(2).context()
        .says("exit 2 on postToolUseFailure adds the output as guidance for the model").src(DOCS),
    // Exit 2 is only a warning there, and stdout is still read.
    rule(Block).on(BLOCKABLE).exit(2).json(&[Test::Is("decision", "block")])
        .says("exit 2 is only a warning on {event}: Copilot still reads stdout, and its decision \"block\" counts as on exit 0 (real agent 1.0.102)")
        .src(EXIT2_CELLS),
    rule(Error).on(OTHER).exit(2).says("exit 2 is a warning on {event}: it cannot stop anything").src(DOCS),
    rule(Block).on(STOPS).json(&[Test::Is("decision", "block")])
        .says("decision \"block\": Copilot runs another turn with the reason (8 in a row at most)").src(SPEC),
    rule(Block).on(POST).json(&[Test::Is("decision", "block")])
        .says("decision \"block\" after the tool: the reason replaces the tool result for the model (real agent 1.0.102; the hooks reference says it cannot block)")
        .src(POST_CELL),
    rule(Block).on(PROMPT).json(&[Test::Is("decision", "block")])
        .says("decision \"block\" on a prompt: Copilot never sends the prompt to the model (real agent 1.0.102; the hooks reference says it cannot block)")
        .src(PROMPT_CELL),
    rule(Allow).on(CONTEXT).json(&[]).src(DOCS),
    rule(Allow).on(OTHER).src(DOCS),
    note(NO_STOP).on(NO_DECISION).exit(0).json(&[Test::StrNot(PD, &[])]).src(DOCS),
    note(NO_STOP).on(NO_BLOCK).exit(0).json(&[Test::Is("decision", "block"), Test::Lacks(PD)]).src(DOCS),
    note(NO_STOP).on(STOPS).exit(0).json(&[Test::StrNot(PD, &[]), Test::Lacks("decision")]).src(DOCS),
    note(NO_STOP).on(STOPS).exit(0).json(&[Test::StrNot(PD, &[]), Test::StrNot("decision", &["block"])])
        .src(DOCS),
    // The rest of stdout is parsed with one JSON.parse (protocols-a.md §4, "Process").
    note("stdout is not one JSON reply (not JSON, or two objects): Copilot reads it as no reply")
        .ended(RAN).reply(Shape::NotJson).src(SPEC),
];
