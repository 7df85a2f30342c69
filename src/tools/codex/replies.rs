//! How Codex reads a hook's reply (output_parser.rs @0ea83813, pre_tool_use.rs @0082977c):
//! one row a rule, first decision wins. Exit 2 with a reason on stderr blocks, any other
//! exit but 0 fails open; at exit 0 stdout is plain text or a JSON object the event's schema
//! must allow, and a reply the schema rejects marks the hook failed and enforces nothing.

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, Text, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// Which the cited openai/codex commits are: none is checked against the rust-v0.171.0 tag
/// (see the contract's `sources`).
macro_rules! untagged {
    () => {
        " (a commit not checked against the rust-v0.171.0 tag; the messages it quotes are in the 0.171.0 binary)"
    };
}

/// Codex 0.171.0 run headless against a fake model (docs/reference/real-agents.md).
const REAL: &str = "real agent: Codex 0.171.0, 2026-11-30 (docs/reference/real-agents.md)";
/// openai/codex @0ea83813, codex-rs/hooks/src/engine/output_parser.rs.
const PARSER: &str = concat!(
    "source: openai/codex @0ea83813 codex-rs/hooks/src/engine/output_parser.rs",
    untagged!()
);
/// openai/codex @0082977c, codex-rs/hooks/src/events/pre_tool_use.rs.
const PRE_SRC: &str = concat!(
    "source: openai/codex @0082977c codex-rs/hooks/src/events/pre_tool_use.rs",
    untagged!()
);
/// Codex's stop parser: an exit 0 whose stdout is not its JSON fails the hook.
const STOP_SRC: &str = "source: openai/codex @0082977c codex-rs/hooks/src/events/stop.rs parse_completed (stdout that parse_stop cannot read: HookRunStatus::Failed, \"hook returned invalid stop hook JSON output\"; subagent_stop.rs the same), read 2026-12-03 (fixtures/repos/0x1Jar--codex-bug)";
/// The generated output schemas (codex-rs/hooks/schema/generated: additionalProperties false).
const SCHEMA: &str = "source: openai/codex codex-rs/hooks/schema/generated (output schemas)";

/// The campaign cell of a hookSpecificOutput without hookEventName, and its source.
const NO_EVENT: &str = concat!(
    "real agent: Codex 0.171.0, behaviour campaign of 2026-12-01, cell exit0_hso-deny-noevent_none (fixtures/live/campaign/observations/shell/codex.json); source: openai/codex @0ea83813 codex-rs/hooks/src/schema.rs (PreToolUseHookSpecificOutputWire.hook_event_name has no default)",
    untagged!()
);
/// The campaign cell of a deny without a reason, and its source.
const NO_REASON: &str = concat!(
    "real agent: Codex 0.171.0, behaviour campaign of 2026-12-01, cell exit0_hso-deny-noreason_none (fixtures/live/campaign/observations/shell/codex.json); source: openai/codex @0ea83813 codex-rs/hooks/src/engine/output_parser.rs (unsupported_pre_tool_use_hook_specific_output)",
    untagged!()
);

/// The situation of `continue: false` after a shell call, and the code that answers it.
const POST_STOP: &str = concat!(
    "real agent: Codex 0.171.0, live situation of 2026-12-01, cell post-bash--continue-false (fixtures/live/situations/observations/post-bash--continue-false--codex.json); source: openai/codex @0082977c codex-rs/hooks/src/events/post_tool_use.rs (parse_completed: continue:false pushes the stopReason, else \"PostToolUse hook stopped execution\", to feedback_messages_for_model)",
    untagged!()
);

const PRE: Ev = Ev::Is(&["PreToolUse"]);
const POST: Ev = Ev::Is(&["PostToolUse"]);
const PERMISSION: Ev = Ev::Is(&["PermissionRequest"]);
/// The events whose schema has `decision` and `reason`.
const DECIDING: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "Stop",
    "SubagentStop",
];
const HSO_DECISION: &str = "hookSpecificOutput.permissionDecision";
const UPDATED: &str = "hookSpecificOutput.updatedInput";

/// The rules, in the order Codex applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout)
        .says("{agent} lets the action through after a timeout (\"hook timed out\")").src(REAL),
    rule(Error).ended(Ended::NotStarted)
        .says("the command did not start: {error}; {agent} lets the action through").src(PARSER),
    rule(Error).ended(Ended::Signal)
        .says("the hook was killed by a signal; {agent} lets the action through").src(PARSER),
    // Exit 2: the trimmed stderr is the reason.
    rule(Error).exit(2).stderr(Text::Empty)
        .says("exit 2 with empty stderr is a failure, not a block: Codex says the hook \"exited with code 2 but did not write a blocking reason to stderr\" (real agent 0.171.0)")
        .fix("{agent} blocks only with a reason on stderr: write it with >&2").src(REAL),
    rule(Error).on(Ev::NotBlocking).exit(2).says("exit 2 cannot stop anything on {event}").src(PARSER),
    rule(Block).exit(2).says("exit 2: the trimmed stderr is the reason").src(REAL),
    rule(Error).ended(Ended::NotExit(0))
        .says("exit {exit}: the hook failed and Codex lets the action through").fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(REAL),
    // Exit 0: nothing, plain text, invalid JSON.
    rule(Allow).reply(Shape::Empty).src(REAL),
    rule(Error).reply(Shape::BadJson)
        .says("invalid JSON output: Codex marks the hook failed and lets the action through").src(PARSER),
    rule(Error).on(Ev::Is(&["Stop", "SubagentStop"])).reply(Shape::Plain)
        .says("plain stdout on {event} is not the JSON Codex's stop parser reads: Codex marks the hook failed (\"hook returned invalid stop hook JSON output\")")
        .fix("{agent} reads only JSON on {event}: print {} or nothing when the hook has nothing to say").src(STOP_SRC),
    rule(Allow).on(Ev::StdoutContext).reply(Shape::Plain).context()
        .says("plain stdout is added to the model's context").src(PARSER),
    rule(Allow).reply(Shape::Plain).says("plain stdout is ignored on this event").src(PARSER),
    // A JSON object: a key the event's schema lacks rejects the reply.
    rule(Error).on(Ev::Is(DECIDING))
        .json(&[Test::KeyNotIn(&["continue", "stopReason", "suppressOutput", "systemMessage", "decision", "reason", "hookSpecificOutput"])])
        .ignores_context()
        .says("unknown key `{value}` in the reply: Codex marks the hook failed and enforces nothing")
        .src(SCHEMA),
    rule(Error).on(Ev::Not(DECIDING))
        .json(&[Test::KeyNotIn(&["continue", "stopReason", "suppressOutput", "systemMessage", "hookSpecificOutput"])])
        .ignores_context()
        .says("unknown key `{value}` in the reply: Codex marks the hook failed and enforces nothing")
        .src(SCHEMA),
    // PreToolUse.
    rule(Error).on(PRE).json(&[Test::Bool("continue", false)])
        .says("PreToolUse hook returned unsupported continue:false: Codex marks the hook failed and enforces nothing").src(PRE_SRC),
    rule(Error).on(PRE).json(&[Test::Has("stopReason")])
        .says("PreToolUse hook returned unsupported stopReason: Codex marks the hook failed and enforces nothing").src(PRE_SRC),
    rule(Error).on(PRE).json(&[Test::Bool("suppressOutput", true)])
        .says("PreToolUse hook returned unsupported suppressOutput: Codex marks the hook failed and enforces nothing").src(PRE_SRC),
    // A hookSpecificOutput needs its hookEventName (no serde default in schema.rs), and a
    // deny needs a non-blank permissionDecisionReason (output_parser.rs): both seen in the
    // campaign, where the call ran.
    rule(Error).on(PRE).json(&[Test::Has("hookSpecificOutput"), Test::Lacks("hookSpecificOutput.hookEventName")])
        .says("a hookSpecificOutput without hookEventName does not parse: Codex marks the hook failed and enforces nothing; add \"hookEventName\": \"PreToolUse\"")
        .src(NO_EVENT),
    rule(Block).on(PRE).json(&[Test::Is(HSO_DECISION, "deny"), Test::NonBlank("hookSpecificOutput.permissionDecisionReason")]).src(REAL),
    rule(Error).on(PRE).json(&[Test::Is(HSO_DECISION, "deny")])
        .says("PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason: Codex marks the hook failed and enforces nothing")
        .src(NO_REASON),
    rule(Allow).on(PRE).json(&[Test::Is(HSO_DECISION, "allow"), Test::Has(UPDATED)]).rewrites().src(PRE_SRC),
    rule(Error).on(PRE).json(&[Test::Is(HSO_DECISION, "allow")])
        .says("PreToolUse hook returned unsupported permissionDecision:allow (allow needs updatedInput): Codex marks the hook failed and enforces nothing").src(PRE_SRC),
    rule(Error).on(PRE).json(&[Test::Is(HSO_DECISION, "ask")])
        .says("PreToolUse hook returned unsupported permissionDecision:ask: Codex marks the hook failed and enforces nothing").src(PRE_SRC),
    rule(Error).on(PRE).json(&[Test::Has(UPDATED)])
        .says("PreToolUse hook returned updatedInput without permissionDecision:allow: Codex marks the hook failed and enforces nothing").src(PRE_SRC),
    rule(Error).on(PRE).json(&[Test::Has(HSO_DECISION)])
        .says("unknown permissionDecision: Codex marks the hook failed and enforces nothing").src(PRE_SRC),
    // Real agent 0.171.0 blocked on {"decision":"block"} with no reason.
    rule(Block).on(PRE).json(&[Test::Is("decision", "block")]).src(REAL),
    rule(Error).on(PRE).json(&[Test::Is("decision", "approve")])
        .says("PreToolUse hook returned unsupported decision:approve: Codex marks the hook failed and enforces nothing").src(PRE_SRC),
    rule(Error).on(PRE).json(&[Test::StrNot("decision", &[])])
        .says("decision \"{value}\" is not in Codex's schema: the reply is rejected and the call goes ahead").src(REAL),
    rule(Error).on(PRE).json(&[Test::Has("reason")])
        .says("PreToolUse hook returned reason without decision: Codex marks the hook failed and enforces nothing").src(PRE_SRC),
    rule(Allow).on(PRE).json(&[]).src(REAL),
    // PermissionRequest: hookSpecificOutput.decision.behavior; no context.
    rule(Block).on(PERMISSION).json(&[Test::Is("hookSpecificOutput.decision.behavior", "deny")])
        .ignores_context().src(PARSER),
    rule(Allow).on(PERMISSION).json(&[]).ignores_context().src(PARSER),
    // After the tool: `continue: false` is feedback, the turn goes on.
    rule(Block).on(POST).json(&[Test::Bool("continue", false)])
        .says("continue: false after the tool does not end the turn: Codex hands the stopReason to the model as the hook's feedback and the turn goes on (real agent 0.171.0)")
        .src(POST_STOP),
    // Elsewhere: `continue: false`, then decision "block" with a reason.
    rule(Block).json(&[Test::Bool("continue", false)]).effect(Effect::Halted)
        .says("continue: false stops Codex").src(PARSER),
    rule(Error).on(Ev::NotBlocking).json(&[Test::Is("decision", "block")]).ignores_context()
        .says("decision \"block\" on {event}: Codex marks the hook failed and enforces nothing").src(PARSER),
    rule(Block).json(&[Test::Is("decision", "block"), Test::NonBlank("reason")]).src(PARSER),
    rule(Error).json(&[Test::Is("decision", "block")]).ignores_context()
        .says("{event} hook returned decision:block without a non-empty reason: Codex marks the hook failed and enforces nothing").src(PARSER),
    rule(Allow).json(&[]).src(PARSER),
];
