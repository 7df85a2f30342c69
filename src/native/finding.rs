//! A lint finding: what `lint` reports, whichever check found it (the file rules in
//! [`super::lint`], the generators' drift in [`super::generators`]).

use serde::Serialize;

pub use super::command::Severity;

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// How bad it is.
    pub severity: Severity,
    /// The rule's id.
    pub rule: &'static str,
    /// The agent the finding is about, when there is one.
    pub agent: Option<&'static str>,
    /// The file.
    pub file: String,
    /// The 1-based line, when known.
    pub line: Option<u64>,
    /// What is wrong.
    pub message: String,
    /// What to do.
    pub fix: String,
    /// The part of `message` that is the same whichever agent reads the hook (`` `git` is not
    /// on the PATH here: the hook cannot start (exit 127) ``), where the rest says what this
    /// agent then does: `lint`'s text gives one finding per cause, listing its places and each
    /// agent's consequence. `None` where the message is one cause for one agent.
    #[serde(skip)]
    pub cause: Option<String>,
}
