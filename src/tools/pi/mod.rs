//! Pi: always `not run`.
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §12 (badlogic/pi-mono @83378aa:
//! `packages/coding-agent/docs/extensions.md`, `src/core/extensions/runner.ts`).

use super::{Agent, Files, Hooks, Live};

/// Pi's contract: it has no command hooks, so hookcheck never runs anything for it.
pub static AGENT: Agent = Agent {
    id: "pi",
    name: "Pi",
    checked: "2026-11-30",
    sources: &[
        "source: badlogic/pi-mono @83378aa packages/coding-agent/docs/extensions.md, src/core/extensions/runner.ts (protocols-b.md §12, read 2026-11-30)",
    ],
    session_vars: &[],
    notes: &[],
    files: Files::None("its hooks are in-process TypeScript extensions, not a file of commands"),
    live: Live::Cannot("its hooks are in-process extensions, not commands: nothing to run live"),
    hooks: Hooks::NotCommands(REASON),
};

/// Why Pi never runs a hook spec.
pub const REASON: &str = "Pi runs hooks as in-process TypeScript extensions (pi.on(\"tool_call\", ...)), not as commands; hookcheck cannot run a command hook the way Pi does";
