//! OpenCode: always `not run`.
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §10 (anomalyco/opencode `packages/plugin/src/index.ts`,
//! `packages/opencode/src/plugin/index.ts`, plugins docs); behaviour spec (seed 002, "Matcher and plugin limits").

use super::{Agent, Files, Hooks, Live};

/// OpenCode's contract: it has no command hooks, so hookcheck never runs anything for it.
pub static AGENT: Agent = Agent {
    id: "opencode",
    name: "OpenCode",
    checked: "2026-11-30",
    sources: &[
        "source: anomalyco/opencode packages/plugin/src/index.ts, packages/opencode/src/plugin/index.ts (protocols-b.md §10, read 2026-11-30)",
        "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt",
    ],
    session_vars: &[],
    notes: &[],
    files: Files::None(
        "its hooks are in-process plugins (JavaScript/TypeScript), not a file of commands",
    ),
    live: Live::Cannot("its hooks are in-process plugins, not commands: nothing to run live"),
    hooks: Hooks::NotCommands(REASON),
};

/// Why OpenCode never runs a hook spec.
pub const REASON: &str = "OpenCode runs hooks as in-process JavaScript/TypeScript plugins (tool.execute.before and the like), not as commands; hookcheck cannot run a command hook the way OpenCode does";
