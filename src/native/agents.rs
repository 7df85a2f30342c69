//! The agents that keep hooks in files, walked from the one registry: each with its loader,
//! and the questions asked across them (which agent a generator writes for, whether two event
//! spellings are one event, what a cross-reader does with an empty matcher).

use std::ops::Deref;

use super::NativeHandler;
use super::loader::{EmptyMatcher, Loader};
use crate::agent::Agent;

/// An agent that keeps hooks in files, with the loader of those files. It reads as its
/// loader (`files.parse`, `files.trust`); who it is comes from the agent.
#[derive(Clone, Copy)]
pub struct FileAgent {
    /// The agent.
    pub agent: &'static Agent,
    /// How its files are found and read.
    pub loader: &'static Loader,
}

impl FileAgent {
    /// The agent's id.
    pub fn id(&self) -> &'static str {
        self.agent.id
    }

    /// The agent's name for people.
    pub fn name(&self) -> &'static str {
        self.agent.name
    }

    /// Whether the agent can run a hook on `event`: it has that event (or hookcheck does not
    /// know its events). A hook on an event it lacks never runs, so nothing about how it would
    /// start is said for it (the event's own finding says it is unknown).
    pub fn fires_on(&self, event: &str) -> bool {
        self.agent
            .contract()
            .is_none_or(|c| c.event(event).is_some())
    }

    /// The agent's events, in its own spelling.
    pub fn events(&self) -> Vec<&'static str> {
        self.agent.event_names()
    }
}

impl Deref for FileAgent {
    type Target = Loader;

    fn deref(&self) -> &Loader {
        self.loader
    }
}

/// Every agent with hook files, in registry order.
pub fn all() -> impl Iterator<Item = FileAgent> + Clone {
    crate::tools::ALL
        .iter()
        .filter_map(|&agent| agent.loader().map(|loader| FileAgent { agent, loader }))
}

/// The agent `id`, when it keeps hooks in files.
pub fn find(id: &str) -> Option<FileAgent> {
    all().find(|f| f.id() == id)
}

/// The agent that `generator` writes for under the target name `target`.
pub fn generated_as(generator: &str, target: &str) -> Option<FileAgent> {
    all().find(|f| {
        f.generated_as
            .iter()
            .any(|&(g, t)| g == generator && t == target)
    })
}

/// Every target name `generator` has for an agent hookcheck knows, in registry order.
pub fn generator_targets(generator: &str) -> Vec<&'static str> {
    all()
        .flat_map(|f| f.loader.generated_as.iter())
        .filter(|(g, _)| *g == generator)
        .map(|(_, t)| *t)
        .collect()
}

/// The rule of `reader` for a handler it cross-reads whose matcher key is written empty, if
/// the reader runs it on no call.
pub fn empty_matcher_runs_nothing(
    reader: &str,
    h: &NativeHandler,
) -> Option<&'static EmptyMatcher> {
    // Not where the reader ignores the matcher: on SessionStart or Stop it does (the live run that showed `""` running nothing was a PreToolUse).
    let ignored = crate::tools::find(reader)
        .and_then(|a| a.contract())
        .and_then(|c| c.event(&h.event))
        .is_some_and(|e| e.matches == crate::contract::MatchOn::Nothing);
    if !h.matcher_written_empty || ignored {
        return None;
    }
    find(reader)?
        .loader
        .empty_matchers
        .iter()
        .find(|e| e.reads == h.tool)
}

/// Whether `a` and `b` are one event of agent `id`: the same name, the same name with its
/// first letter in the other case (`PreToolUse`, `preToolUse`, as `lint` folds them), or a
/// pair the agent's loader lists in [`Loader::renames`] (Copilot's `Stop` is its `agentStop`).
pub fn same_event(id: &str, a: &str, b: &str) -> bool {
    if a == b || super::event_key(a) == super::event_key(b) {
        return true;
    }
    find(id).is_some_and(|f| {
        f.renames
            .iter()
            .any(|(from, to)| (*from == a && *to == b) || (*from == b && *to == a))
    })
}
