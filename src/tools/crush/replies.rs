//! How Crush reads a hook's reply (runner.go, hooks.go, input.go `parseStdout`): one row a
//! rule, first decision wins. The exit code decides first; at exit 0, stdout is Crush's reply,
//! or Claude Code's when it holds `hookSpecificOutput`. [`super::read`] has already done what
//! Go's typed unmarshal does (voided a reply with a field of the wrong type, lowercased the
//! decisions, dropped nulls).

use crate::contract::reply::{Ended, Rule, Shape, Test, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// charmbracelet/crush `internal/hooks/runner.go` @1a7bd4d4.
const RUNNER: &str = "source: charmbracelet/crush internal/hooks/runner.go @1a7bd4d4";
/// charmbracelet/crush `internal/hooks/hooks.go` @0388f5f4 (decisions, `HaltExitCode`).
const HOOKS: &str = "source: charmbracelet/crush internal/hooks/hooks.go @0388f5f4";
/// charmbracelet/crush `internal/hooks/input.go` (`parseStdout`, Claude Code compatibility).
const INPUT: &str = "source: charmbracelet/crush internal/hooks/input.go (parseStdout)";
/// The same file at a stored commit, read 2026-12-01: stdout that is not a JSON object is no
/// decision, and `hookSpecificOutput.permissionDecision` "deny" (any case) denies.
const INPUT_AT: &str = "source: charmbracelet/crush internal/hooks/input.go @32ec2dc1 (parseStdout, parseClaudeCodeOutput, parseDecision)";
/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt).
const SPEC: &str = "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt";

const HSO: &str = "hookSpecificOutput";
const HSO_DECISION: &str = "hookSpecificOutput.permissionDecision";

/// The rules, in the order Crush applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout).says("a timeout is no opinion in Crush: the call goes ahead").src(RUNNER),
    rule(Error).ended(Ended::NotStarted)
        .says("the command did not start ({error}); Crush's shell reports that as exit 1 (127 when not found): no opinion")
        .src(RUNNER),
    rule(Error).ended(Ended::Signal).says("killed by a signal: no opinion in Crush").src(RUNNER),
    // Exit 2 blocks the call; stderr is the reason.
    rule(Block).exit(2).src(RUNNER),
    rule(Block).exit(49).effect(Effect::Halted).says("exit 49 blocks the call and halts Crush's whole turn").src(HOOKS),
    rule(Error).ended(Ended::ExitOther(&[0]))
        .says("exit {exit} is a non-blocking error in Crush: the call goes ahead").fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(RUNNER),
    rule(Allow).reply(Shape::Empty).src(RUNNER),
    rule(Allow).reply(Shape::NotJson).says("stdout is not a JSON object: no opinion").src(INPUT_AT),
    // Claude Code's reply: four fields of hookSpecificOutput, decided as Claude Code does.
    rule(Block).json(&[Test::Is(HSO_DECISION, "deny")]).src(INPUT_AT),
    rule(Allow).json(&[Test::Is(HSO_DECISION, "ask")])
        .uncounted("permissionDecision \"ask\" leaves the call to the user").src(INPUT),
    rule(Allow).json(&[Test::Is(HSO_DECISION, "defer")])
        .says("permissionDecision \"defer\" defers to the next rule").src(INPUT),
    rule(Allow).json(&[Test::Has(HSO)]).src(INPUT),
    note("hookSpecificOutput is read as Claude Code's; top-level fields are ignored").json(&[Test::Has(HSO)]).src(INPUT),
    // Crush's reply: halt wins; a denied call drops the patch.
    rule(Block).json(&[Test::Bool("halt", true)]).effect(Effect::Halted).drops_rewrite()
        .says("halt: true blocks the call and halts Crush's whole turn").src(HOOKS),
    rule(Block).json(&[Test::Is("decision", "deny")]).drops_rewrite().src(HOOKS),
    rule(Allow).json(&[Test::Is("decision", "allow")]).says("decision allow skips Crush's permission prompt").src(HOOKS),
    rule(Allow).json(&[Test::Is("decision", "block")])
        .says("decision \"block\" means nothing to Crush: use \"deny\" or exit 2").src(SPEC),
    rule(Allow).json(&[Test::StrNot("decision", &[""])]).says("decision \"{value}\" means nothing to Crush").src(HOOKS),
    rule(Allow).json(&[]).src(HOOKS),
    note("context is appended to the tool result after the tool runs")
        .json(&[Test::Lacks(HSO), Test::SomeText(&["context", "additionalContext", "additional_context"])])
        .context().src(INPUT),
];
