//! How Qwen Code reads a hook's reply (hookRunner.ts @01350615, types.ts @01ed106f): one row a
//! rule, first decision wins. Exit 2 reads stderr alone; any other exit reads stdout, or
//! stderr when stdout is empty. A JSON object is the output whatever the exit code; plain text
//! is a deny only on exit 2, a message at exit 0, and a warning on any other exit.

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, Text, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// Qwen Code 0.24.4 run headless against a fake model (docs/reference/real-agents.md).
const REAL: &str = "real agent: Qwen Code 0.24.4, 2026-11-30 (docs/reference/real-agents.md)";
/// QwenLM/qwen-code @01350615, packages/core/src/hooks/hookRunner.ts.
const RUNNER: &str = "source: QwenLM/qwen-code @01350615 packages/core/src/hooks/hookRunner.ts (a commit not checked against 0.24.4)";
/// QwenLM/qwen-code @01ed106f, packages/core/src/hooks/types.ts (reply fields).
const TYPES: &str = "source: QwenLM/qwen-code @01ed106f packages/core/src/hooks/types.ts (a commit after 0.24.4, see the contract's sources)";
/// The campaign cells of `continue: false` before a tool, and the code that answers them.
const STOP_CELLS: &str = "real agent: Qwen Code 0.24.4, behaviour campaign of 2026-12-01, cells exit0_continue-false_none, exit0_continue-false-reason_none, exit1_continue-false_none (fixtures/live/campaign/observations/shell/qwen.json); source: @qwen-code/qwen-code 0.24.4 (npm), firePreToolUseHook: continue:false is blockType \"stop\", which the scheduler answers with an execution_denied tool result like a deny (QwenLM/qwen-code @595cf708 packages/core/src/core/toolHookTriggers.ts, a commit before 0.24.4 that reads the same there)";
/// The situations after a shell call (`continue: false`, decision "block", exit 2), and the
/// code that answers them: firePostToolUseHook takes only shouldStopExecution() and
/// additionalContext, and the scheduler answers a stop with an execution_denied tool result
/// holding the stopReason.
const POST_CELLS: &str = "real agent: Qwen Code 0.24.4, live situations of 2026-12-01, cells post-bash--continue-false, post-bash--json-block, post-bash--exit2-stderr (fixtures/live/situations/observations/*--qwen.json); source: @qwen-code/qwen-code 0.24.4 (npm), firePostToolUseHook and its caller in the tool scheduler (QwenLM/qwen-code @595cf708 packages/core/src/core/toolHookTriggers.ts, a commit before 0.24.4 that reads the same there)";
/// The behaviour campaign on Stop: `stop_cells!("exit0_none_none", "...")` names its cells, and
/// the code that answers them.
macro_rules! stop_cells {
    ($cells:literal, $code:literal) => {
        concat!(
            "real agent: Qwen Code 0.24.4, behaviour campaign of 2026-12-02, situation stop, cell(s) ",
            $cells,
            " (fixtures/live/campaign/observations/stop/qwen.json); source: @qwen-code/qwen-code 0.24.4 (npm, the release itself), packages/core/src/core/client.ts as bundled there, LlmClient.sendMessageStream: ",
            $code
        )
    };
}
/// `continue: false` on Stop, and the code that answers it: the client sends the effective
/// reason back to the model for a blocking decision and for a stop alike.
const STOP_CONTINUE: &str = stop_cells!(
    "exit0_continue-false_none, exit0_continue-false-reason_none, exit1_continue-false_none",
    "a Stop output with isBlockingDecision() or shouldStopExecution() sends getEffectiveReason() (stopReason, else reason, else \"No reason provided\") to the model as the next message, up to 8 times (packages/core/src/hooks/stopHookCap.ts, DEFAULT_STOP_HOOK_BLOCK_CAP)"
);
/// decision "block" or "deny" on Stop, at exit 0 or 1.
const STOP_DECISION: &str = stop_cells!(
    "exit0_decision-block_none, exit0_decision-deny_none, exit1_decision-block_none, exit0_bom_none, exit0_crlf_none",
    "isBlockingDecision() (decision \"block\" or \"deny\") sends the reason to the model as the next message"
);
/// Exit 2 on Stop: stderr is the reason, and without one there is no output.
const STOP_EXIT2: &str = stop_cells!(
    "exit2_none_text (blocks), exit2_none_none, exit2_none_blank, exit2_continue-false_none, exit2_decision-block_none (stderr empty: no block)",
    "exit 2 with stderr is a blocking decision whose reason the model gets next"
);
/// docs/reference/protocols/protocols-b.md §9 (the events table).
const PROTOCOLS: &str = "protocols: docs/reference/protocols/protocols-b.md §9";

const CANNOT: &str = "{event} cannot stop anything in Qwen Code, so a block reads as error";
const PRE: Ev = Ev::Is(&["PreToolUse"]);
const POST: Ev = Ev::Is(&["PostToolUse"]);
const STOP: Ev = Ev::Is(&["Stop"]);
/// A block Qwen Code does not take after the tool.
const POST_IGNORES: &str = "Qwen Code ignores a block after the tool (real agent 0.24.4): the reason never reaches the model; only continue: false (its stopReason) or additionalContext does";
const POST_FIX: &str = "after the tool, {agent} takes only continue: false (its stopReason becomes the tool result) or hookSpecificOutput.additionalContext";
const PERMISSION: Ev = Ev::Is(&["PermissionRequest"]);
const HSO_DECISION: &str = "hookSpecificOutput.permissionDecision";
const BEHAVIOR: &str = "hookSpecificOutput.decision.behavior";
const TOP: &str =
    "a top-level permissionDecision is ignored by Qwen Code: it belongs in hookSpecificOutput";
const ASK: &str = "\"ask\" makes Qwen Code ask the user in the TUI and deny in headless mode";
const KILLED: &str = "the hook was killed by a signal; Qwen Code lets the action through";

/// The rules, in the order Qwen Code applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout)
        .says("{agent} lets the action through after a timeout").src(REAL),
    rule(Error).ended(Ended::NotStarted)
        .says("the command did not start: {error}; {agent} lets the action through").src(RUNNER),
    // Nothing on the stream read.
    rule(Allow).exit(0).reply(Shape::Empty).src(REAL),
    rule(Error).on(STOP).exit(2).reply(Shape::Empty)
        .says("exit 2 with empty stderr gives Qwen Code no output: the action goes ahead").fix("{agent} blocks on exit 2 only with a reason on stderr: write it with >&2").src(STOP_EXIT2),
    rule(Error).exit(2).reply(Shape::Empty)
        .says("exit 2 with empty stderr gives Qwen Code no output: the action goes ahead").fix("{agent} blocks on exit 2 only with a reason on stderr: write it with >&2").src(REAL),
    rule(Error).ended(Ended::Signal).reply(Shape::Empty).says(KILLED).src(RUNNER),
    rule(Error).reply(Shape::Empty)
        .says("exit {exit} with no output: a failed hook, the action goes ahead").src(REAL),
    // A JSON object: `continue: false` first.
    rule(Error).on(Ev::NotBlocking).json(&[Test::Bool("continue", false)]).says(CANNOT).src(PROTOCOLS),
    rule(Block).on(PRE).json(&[Test::Bool("continue", false)])
        .says("continue: false before a tool refuses the call like a deny: the stopReason (or \"No reason provided\") is the tool result and the turn goes on (real agent 0.24.4)")
        .src(STOP_CELLS),
    rule(Block).on(POST).json(&[Test::Bool("continue", false)])
        .says("continue: false after the tool does not end the turn: the stopReason (or \"Execution stopped by hook\") replaces the tool result and the turn goes on (real agent 0.24.4)")
        .src(POST_CELLS),
    rule(Block).on(STOP).json(&[Test::Bool("continue", false)])
        .says("on {event}, continue: false does not stop {agent}: like decision \"block\", it sends the stopReason (or the reason, or \"No reason provided\") to the model, which answers again")
        .src(STOP_CONTINUE),
    rule(Block).json(&[Test::Bool("continue", false)]).effect(Effect::Halted)
        .says("continue: false stops Qwen Code").src(TYPES),
    // PreToolUse: hookSpecificOutput.permissionDecision wins, then the top-level decision.
    // Stated: with several hooks the last permissionDecision decides (`combine` in mod.rs).
    rule(Block).on(PRE).json(&[Test::Is(HSO_DECISION, "deny")]).stated().src(REAL),
    rule(Block).on(PRE).json(&[Test::Is(HSO_DECISION, "ask")]).stated().uncounted(ASK).src(PROTOCOLS),
    rule(Allow).on(PRE).json(&[Test::Is(HSO_DECISION, "allow"), Test::Has("permissionDecision")])
        .stated().says(TOP).src(REAL),
    rule(Allow).on(PRE).json(&[Test::Is(HSO_DECISION, "allow")]).stated().src(TYPES),
    rule(Block).on(PRE).json(&[Test::Is("decision", "deny")]).src(REAL),
    rule(Block).on(PRE).json(&[Test::Is("decision", "block")]).src(REAL),
    rule(Block).on(PRE).json(&[Test::Is("decision", "ask")]).uncounted(ASK).src(PROTOCOLS),
    rule(Allow).on(PRE).json(&[Test::Has("permissionDecision")]).says(TOP).src(REAL),
    rule(Allow).on(PRE).json(&[]).src(TYPES),
    // PermissionRequest: hookSpecificOutput.decision.behavior.
    rule(Block).on(PERMISSION).json(&[Test::Is(BEHAVIOR, "deny")]).src(TYPES),
    rule(Allow).on(PERMISSION).json(&[Test::StrNot(BEHAVIOR, &[])]).src(TYPES),
    // After the tool: decision "block" or "deny" is ignored.
    rule(Error).on(POST).json(&[Test::Is("decision", "block")]).says(POST_IGNORES).fix(POST_FIX).src(POST_CELLS),
    rule(Error).on(POST).json(&[Test::Is("decision", "deny")]).says(POST_IGNORES).fix(POST_FIX).src(POST_CELLS),
    // Elsewhere: decision "block" or "deny".
    rule(Error).on(Ev::NotBlocking).json(&[Test::Is("decision", "block")]).says(CANNOT).src(PROTOCOLS),
    rule(Error).on(Ev::NotBlocking).json(&[Test::Is("decision", "deny")]).says(CANNOT).src(PROTOCOLS),
    rule(Block).on(STOP).json(&[Test::Is("decision", "block")]).src(STOP_DECISION),
    rule(Block).on(STOP).json(&[Test::Is("decision", "deny")]).src(STOP_DECISION),
    rule(Block).json(&[Test::Is("decision", "block")]).src(TYPES),
    rule(Block).json(&[Test::Is("decision", "deny")]).src(TYPES),
    rule(Allow).json(&[]).src(TYPES),
    // `typeof [] === "object"`: an array is an output with no fields.
    rule(Allow).reply(Shape::Array).src(RUNNER),
    note("stdout is ignored on exit 2").exit(2).stdout(Text::Some).json(&[]).src(RUNNER),
    note("stdout is ignored on exit 2").exit(2).stdout(Text::Some).reply(Shape::Array).src(RUNNER),
    note("the JSON reply on {from} counts whatever the exit code")
        .ended(Ended::NotExit(0)).json(&[]).src(RUNNER),
    note("the JSON reply on {from} counts whatever the exit code")
        .ended(Ended::NotExit(0)).reply(Shape::Array).src(RUNNER),
    // Valid JSON that is no object: no output at all.
    rule(Allow).exit(0).reply(Shape::Scalar)
        .says("the reply is JSON but not an object: no output").src(RUNNER),
    rule(Error).reply(Shape::Scalar)
        .says("the reply is JSON but not an object: no output; the action goes ahead").src(RUNNER),
    // Plain text: the exit code decides.
    rule(Allow).on(Ev::StdoutContext).exit(0).reply(Shape::Plain).context()
        .says("plain stdout on {event} is added to the model's context (real agent 0.24.4)")
        .src("real agent: Qwen Code 0.24.4, 2026-12-01, situation session--stdout-context (fixtures/live/situations/observations/session--stdout-context--qwen.json)"),
    rule(Allow).exit(0).says("plain {from} is shown to the user as a system message").src(RUNNER),
    rule(Error).on(Ev::NotBlocking).exit(2).says(CANNOT).src(PROTOCOLS),
    rule(Error).on(POST).exit(2).says(POST_IGNORES).fix(POST_FIX).src(POST_CELLS),
    rule(Block).on(STOP).exit(2).src(STOP_EXIT2),
    rule(Block).exit(2).src(REAL),
    note("exit 2: the plain stderr is the deny reason").exit(2).reply(Shape::Text).src(RUNNER),
    rule(Error).ended(Ended::Signal).says(KILLED).src(RUNNER),
    rule(Error)
        .says("exit {exit} with plain text is a warning (\"Warning: ...\"); the action goes ahead")
        .src(RUNNER),
    note("exit 127 is usually a missing script: Qwen Code lets the call run (real agent 0.24.4)")
        .exit(127).reply(Shape::Text).src(REAL),
];
