//! What `hookcheck test` reports: one result per case, and the tally. The suite runner
//! (`crate::suite`) fills them; the formatters here read them.

pub mod github;
pub mod json;
pub mod junit;
pub mod text;

use schemars::JsonSchema;
use serde::Serialize;

use super::Report;

/// One case's result.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CaseReport {
    /// The case's name.
    pub name: String,
    /// The cases file.
    pub file: String,
    /// The line the case starts on.
    pub line: u64,
    /// The hook it checks.
    pub hook: String,
    /// Whether it passed.
    pub passed: bool,
    /// Why the case could not run (exit status 2).
    pub error: Option<String>,
    /// The check's report, when it ran.
    pub report: Option<Report>,
}

/// What `hookcheck test` found.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SuiteReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// Every case run, in file order.
    pub cases: Vec<CaseReport>,
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed.
    pub failed: usize,
    /// Cases that could not run.
    pub errors: usize,
    /// 0 all passed, 1 a case failed, 2 a case could not run; 128 + the signal's number when
    /// one interrupted the run.
    pub exit_code: i32,
    /// The signal that interrupted the run (`SIGINT`): the cases are those that finished
    /// before it; the others did not run to their end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<String>,
}
