//! `hookcheck test --format json`, written case by case as the suite reaches them: the same
//! text as the whole [`SuiteReport`] pretty-printed, without holding every case to the end.

use std::io::{self, Write};

use super::{CaseReport, SuiteReport};
use crate::report::SCHEMA_VERSION;

/// A suite report being written.
pub struct Stream<W: Write> {
    out: Indent<W>,
    cases: usize,
}

impl<W: Write> Stream<W> {
    /// Starts the report: everything before the first case.
    pub fn begin(mut out: W) -> io::Result<Self> {
        write!(
            out,
            "{{\n  \"schema_version\": {SCHEMA_VERSION},\n  \"cases\": ["
        )?;
        Ok(Stream {
            out: Indent(out),
            cases: 0,
        })
    }

    /// Writes the next case (in file order).
    pub fn case(&mut self, case: &CaseReport) -> io::Result<()> {
        let sep: &[u8] = if self.cases == 0 { b"\n" } else { b",\n" };
        self.out.0.write_all(sep)?;
        self.out.0.write_all(b"    ")?;
        self.cases += 1;
        serde_json::to_writer_pretty(&mut self.out, case).map_err(io::Error::from)
    }

    /// Ends the report with the tally of `suite` (whose cases were written), and a newline.
    pub fn end(self, suite: &SuiteReport) -> io::Result<W> {
        let Indent(mut out) = self.out;
        if self.cases > 0 {
            out.write_all(b"\n  ")?;
        }
        write!(
            out,
            "],\n  \"passed\": {},\n  \"failed\": {},\n  \"errors\": {},\n  \"exit_code\": {}",
            suite.passed, suite.failed, suite.errors, suite.exit_code
        )?;
        if let Some(signal) = &suite.interrupted {
            write!(
                out,
                ",\n  \"interrupted\": {}",
                serde_json::to_string(signal)?
            )?;
        }
        out.write_all(b"\n}\n")?;
        out.flush()?;
        Ok(out)
    }
}

/// Indents what is written by two levels after each newline, as a case sits in the report.
/// JSON strings hold no raw newline, so every one is the pretty printer's own.
struct Indent<W: Write>(W);

impl<W: Write> Write for Indent<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut lines = buf.split(|b| *b == b'\n');
        if let Some(first) = lines.next() {
            self.0.write_all(first)?;
        }
        for line in lines {
            self.0.write_all(b"\n    ")?;
            self.0.write_all(line)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(name: &str, error: &str) -> CaseReport {
        CaseReport {
            name: name.into(),
            file: "cases.yaml".into(),
            line: 3,
            hook: "guard".into(),
            passed: false,
            error: Some(error.into()),
            report: None,
        }
    }

    /// The stream's text for `suite`, written case by case.
    fn streamed(suite: &SuiteReport) -> String {
        let mut s = Stream::begin(Vec::new()).expect("writes to memory");
        for c in &suite.cases {
            s.case(c).expect("writes to memory");
        }
        String::from_utf8(s.end(suite).expect("writes to memory")).expect("UTF-8")
    }

    #[test]
    fn streamed_suite_is_the_whole_report_pretty_printed() {
        for (cases, interrupted) in [
            (vec![], None),
            (vec![case("one", "no such hook")], None),
            (vec![case("one", "line\n\"two\""), case("two", "")], None),
            (vec![case("one", "x")], Some("SIGINT".to_string())),
        ] {
            let suite = SuiteReport {
                schema_version: SCHEMA_VERSION,
                errors: cases.len(),
                cases,
                passed: 0,
                failed: 0,
                exit_code: 2,
                interrupted,
            };
            let whole = serde_json::to_string_pretty(&suite).expect("serialises") + "\n";
            assert_eq!(streamed(&suite), whole);
        }
    }
}
