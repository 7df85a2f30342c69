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
}
