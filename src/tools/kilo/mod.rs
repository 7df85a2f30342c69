//! Kilo Code: always `not run`.
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §11 (Kilo-Org/kilocode
//! `packages/kilo-docs/pages/automate/extending/plugins.md`); behaviour spec (seed 002).

use super::{Agent, Files, Hooks, Live};

/// Kilo Code's contract: it has no command hooks, so hookcheck never runs anything for it.
pub static AGENT: Agent = Agent {
    id: "kilo",
    name: "Kilo Code",
    checked: "2026-11-30",
    sources: &[
        "docs: Kilo-Org/kilocode packages/kilo-docs/pages/automate/extending/plugins.md (protocols-b.md §11, read 2026-11-30)",
        "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt",
    ],
    session_vars: &[],
    notes: &[],
    files: Files::None("its hooks are in-process plugins, not a file of commands"),
    live: Live::Cannot("its hooks are in-process plugins, not commands: nothing to run live"),
    hooks: Hooks::NotCommands(REASON),
};

/// Why Kilo Code never runs a hook spec.
pub const REASON: &str = "Kilo Code runs hooks as in-process OpenCode-style plugins, not as commands; hookcheck cannot run a command hook the way Kilo does";
