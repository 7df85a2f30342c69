//! `--format json`: one object, described by `hookcheck schema`.

use super::{ErrorReport, Output, Report, SCHEMA_VERSION};

/// The report as pretty JSON.
pub fn render(report: &Report) -> String {
    to_string(&Output::Report(report.clone()))
}

/// An error (exit status 2) as JSON.
pub fn render_error(message: &str) -> String {
    to_string(&Output::Error(ErrorReport {
        schema_version: SCHEMA_VERSION,
        error: message.to_string(),
    }))
}

fn to_string(out: &Output) -> String {
    // Serialising plain data with string keys cannot fail; fall back to an error object anyway.
    serde_json::to_string_pretty(out)
        .unwrap_or_else(|e| format!("{{\"error\": \"cannot write JSON: {e}\"}}"))
}
