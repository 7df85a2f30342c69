//! How Windsurf Cascade reads a hook's reply (https://docs.windsurf.com/windsurf/cascade/hooks,
//! read 2026-12-01; protocols-a.md §6a): one row a rule, first decision wins. Only the exit code
//! counts: exit 2 on a pre-hook blocks, any other exit lets the action go on; no JSON reply is
//! read.

use crate::contract::reply::{Ended, Ev, Rule, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};

/// The Cascade Hooks page, read 2026-12-01.
const DOCS: &str = "docs: https://docs.windsurf.com/windsurf/cascade/hooks (2026-12-01)";
/// What the page leaves unsaid, as protocols-a.md §6a records it.
const REF: &str = "reference: docs/reference/protocols/protocols-a.md §6a (2026-11-30)";

const EXIT_2: &str = "exit 2 on a pre-hook blocks in Windsurf Cascade; stderr is the reason";

/// The rules, in the order Windsurf Cascade applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout).says("Windsurf Cascade's docs do not say what a timeout does")
        .uncounted("Windsurf Cascade's docs do not say what a timeout does").src(REF),
    rule(Error).ended(Ended::NotStarted).says("the command did not start: {error}").src(REF),
    rule(Error).ended(Ended::Signal).says("the hook was killed by a signal").src(REF),
    rule(Block).on(Ev::Blocking).exit(2).says(EXIT_2).src(DOCS),
    rule(Error).ended(Ended::NotExit(0)).says("exit {exit}: an error, and the action goes on").src(REF),
    // Exit 0: the action goes on; stdout goes to the Cascade UI with `show_output`, never to
    // the model, and JSON `decision` fields are not read.
    rule(Allow).src(DOCS),
];
