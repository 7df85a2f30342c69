//! Every agent hookcheck knows, one folder each, and the registry that lists them.
//!
//! Each folder defines one `pub static AGENT:` [`Agent`]: who the agent is, where its rules
//! come from, its hook contract (planned by the one planner and read by the one reader), its
//! hook files' loader and its live driver (or why it has none). Adding an agent is one new
//! folder and one line in the registry below.

pub use crate::agent::{Agent, Files, Hooks, Live};
pub use crate::contract::{PlanContext, ReadContext};
pub use crate::plan::{Plan, PlannedCommand, RunPlan};

/// Declares each agent's folder and lists its `AGENT` in [`ALL`], in one place: adding an
/// agent is its folder and its name here.
// rustfmt does not follow the module declarations this macro makes: `cargo fmt -- src/tools/*/mod.rs`
// formats the agent folders (.ci/run checks them so).
macro_rules! registry {
    ($($agent:ident),* $(,)?) => {
        $(pub mod $agent;)*

        /// The registry: every agent, in the order they are reported.
        pub static ALL: &[&Agent] = &[$(&$agent::AGENT),*];
    };
}

registry!(
    claude,
    codex,
    gemini,
    qwen,
    cursor,
    copilot,
    kiro,
    cline,
    windsurf,
    windsurf_cascade,
    vscode,
    factory,
    qoder,
    trae,
    openhands,
    goose,
    augment,
    crush,
    antigravity,
    spettro,
    opencode,
    kilo,
    zed,
    pi,
);

/// The agent with this id.
pub fn find(id: &str) -> Option<&'static Agent> {
    ALL.iter().copied().find(|t| t.id == id)
}

/// Every event name some agent knows (its own spelling), each once, in registry order.
pub fn all_events() -> Vec<&'static str> {
    events_of(ALL)
}

/// Every event of `agents`, each once.
pub fn events_of(agents: &[&'static Agent]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for e in agents.iter().flat_map(|t| t.event_names()) {
        if !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

/// The ids of every agent, in registry order.
pub fn ids() -> impl Iterator<Item = &'static str> + Clone {
    ALL.iter().map(|t| t.id)
}

/// The caller's environment less every variable any agent sets in its sessions, so that a
/// hook run for one agent does not see another's (or the caller's own agent's) session.
pub fn scrub_env(vars: impl IntoIterator<Item = (String, String)>) -> Vec<(String, String)> {
    vars.into_iter()
        .filter(|(k, _)| !ALL.iter().any(|t| t.session_vars.contains(&k.as_str())))
        .collect()
}
