//! Kilo Code: always `not run`.
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §11 (Kilo-Org/kilocode
//! `packages/kilo-docs/pages/automate/extending/plugins.md`); behaviour spec (seed 002).

use super::shared;
use super::{Files, Live, Plan, PlanContext, ReadContext, Tool};
use crate::exec::Outcome;
use crate::verdict::Reading;

/// Kilo Code's contract: it has no command hooks, so hookcheck never runs anything for it.
pub static TOOL: Tool = Tool {
    id: "kilo",
    name: "Kilo Code",
    checked: "2026-11-30",
    sources: &[
        "docs: Kilo-Org/kilocode packages/kilo-docs/pages/automate/extending/plugins.md (protocols-b.md §11, read 2026-11-30)",
        "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt",
    ],
    events: &[],
    shell: "none: hooks are OpenCode-style plugin functions run inside Kilo",
    timeouts: "none",
    session_vars: &[],
    notes: &[],
    files: Files::None("its hooks are in-process plugins, not a file of commands"),
    live: Live::Cannot("its hooks are in-process plugins, not commands: nothing to run live"),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// Why Kilo Code never runs a hook spec.
pub const REASON: &str = "Kilo Code runs hooks as in-process OpenCode-style plugins, not as commands; hookcheck cannot run a command hook the way Kilo does";

fn plan(cx: &PlanContext) -> Plan {
    shared::never_runs(cx, REASON)
}

/// Never reached: the plan never runs a command.
fn read(_ctx: &ReadContext, _out: &Outcome) -> Reading {
    Reading::allow().not_counted(REASON)
}
