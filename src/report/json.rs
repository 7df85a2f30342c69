//! `--format json`: one object, described by `hookcheck schema`.

use std::io::{self, Write};

use serde::Serialize;

use super::{ErrorReport, Output, Report, SCHEMA_VERSION};

/// The report as pretty JSON.
pub fn render(report: &Report) -> String {
    // `Output` is untagged: a report is written as itself.
    to_string(report)
}

/// Writes the report as pretty JSON and a newline to `out` as it serialises, never holding
/// the whole text (a report of hooks that flood holds megabytes of escapes).
pub fn write(report: &Report, out: impl Write) -> io::Result<()> {
    let mut out = io::BufWriter::new(out);
    serde_json::to_writer_pretty(&mut out, report)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// An error (exit status 2) as JSON: what is wrong on one line, and its kind.
pub fn render_error(error: &crate::error::Error) -> String {
    to_string(&Output::Error(ErrorReport {
        schema_version: SCHEMA_VERSION,
        error: error.one_line(),
        kind: error.kind,
    }))
}

fn to_string(out: &impl Serialize) -> String {
    // Serialising plain data with string keys cannot fail; fall back to an error object anyway.
    serde_json::to_string_pretty(out)
        .unwrap_or_else(|e| format!("{{\"error\": \"cannot write JSON: {e}\"}}"))
}
