//! How VS Code reads a hook's reply (https://code.visualstudio.com/docs/agent-customization/hooks,
//! read 2026-12-01; microsoft/vscode-docs docs/copilot/customization/hooks.md @00d5cacd): one
//! row a rule, first decision wins.

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};

/// The hooks page, read 2026-12-01.
const DOCS: &str =
    "docs: https://code.visualstudio.com/docs/agent-customization/hooks (2026-12-01)";

const DENY: Test = Test::Is("hookSpecificOutput.permissionDecision", "deny");
const ASK: Test = Test::Is("hookSpecificOutput.permissionDecision", "ask");
const STOP: Test = Test::Bool("continue", false);

/// The rules, in the order VS Code applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout).says("VS Code stops the hook after its timeout")
        .uncounted("the page does not say what a timeout does").src(DOCS),
    rule(Error).ended(Ended::NotStarted).says("the command did not start: {error}").src(DOCS),
    rule(Error).ended(Ended::Signal).says("the hook was killed by a signal").src(DOCS),
    // "2: Blocking error: stop processing and show error to model".
    rule(Block).on(Ev::Blocking).exit(2).says("exit 2 is a blocking error in VS Code").src(DOCS),
    // "Other: Non-blocking warning: show warning to user, continue processing".
    rule(Error).ended(Ended::NotExit(0)).says("exit {exit}: VS Code shows a warning and goes on").src(DOCS),
    // "0: Success: parse stdout as JSON".
    rule(Block).on(Ev::Blocking).json(&[DENY]).says("permissionDecision deny blocks the tool").src(DOCS),
    rule(Block).on(Ev::Blocking).json(&[ASK])
        .uncounted("permissionDecision ask waits for the user to confirm").src(DOCS),
    rule(Block).on(Ev::Blocking).json(&[STOP]).says("continue: false stops processing").src(DOCS),
    rule(Allow).reply(Shape::NotJson)
        .uncounted("the page says stdout is parsed as JSON, not what other text does").src(DOCS),
    rule(Allow).src(DOCS),
];
