//! The text report of a suite: a line per case, the failing cases in full, the tally.

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use super::SuiteReport;

/// The suite as text.
pub fn render(suite: &SuiteReport, text: crate::report::text::Options) -> String {
    let mut out = String::new();
    let green = Style::new().fg_color(Some(AnsiColor::Green.into())).bold();
    let red = Style::new().fg_color(Some(AnsiColor::Red.into())).bold();
    for c in &suite.cases {
        let (word, style) = match (&c.error, c.passed) {
            (Some(_), _) => ("ERROR", red),
            (None, true) => ("PASS", green),
            (None, false) => ("FAIL", red),
        };
        let _ = writeln!(
            out,
            "{style}{word:>5}{style:#} {} ({}:{})",
            c.name, c.file, c.line
        );
    }
    for c in suite.cases.iter().filter(|c| !c.passed) {
        let _ = writeln!(out, "\n--- {} ({}:{})", c.name, c.file, c.line);
        match (&c.error, &c.report) {
            (Some(e), _) => {
                let _ = writeln!(out, "error: {e}");
            }
            (None, Some(r)) => out.push_str(&crate::report::text::render(r, text)),
            (None, None) => {}
        }
    }
    if suite.errors > 0 {
        let _ = writeln!(out, "\n{} case(s) could not run", suite.errors);
    } else {
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "{} passed, {} failed",
        suite.passed,
        suite.failed + suite.errors
    );
    if let Some(signal) = &suite.interrupted {
        let _ = writeln!(
            out,
            "interrupted ({signal}): only the {} case(s) that finished before it are reported",
            suite.cases.len()
        );
    }
    out
}
