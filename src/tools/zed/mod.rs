//! Zed: always `not run`.
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §13 (zed-industries/zed `docs/src/tasks.md`,
//! `crates/task/src/task_template.rs`; issue #52688); behaviour spec (seed 002).

use super::{Agent, Files, Hooks, Live};

/// Zed's contract: it has no command hooks, so hookcheck never runs anything for it.
pub static AGENT: Agent = Agent {
    id: "zed",
    name: "Zed",
    checked: "2026-11-30",
    sources: &[
        "docs: zed-industries/zed docs/src/tasks.md, crates/task/src/task_template.rs (protocols-b.md §13, read 2026-11-30)",
        "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt",
    ],
    session_vars: &[],
    notes: &[],
    files: Files::None("it has no hooks (tasks are not hooks)"),
    live: Live::Cannot("it has no hooks: nothing to run live"),
    hooks: Hooks::NotCommands(REASON),
};

/// Why Zed never runs a hook spec.
pub const REASON: &str = "Zed's agent has no hooks: Zed runs tasks in its terminal, and a task returns no reply Zed reads, so nothing can allow or block an action";
