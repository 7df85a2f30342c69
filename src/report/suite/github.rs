//! GitHub Actions: `::error` annotations on the lines that failed, and a Markdown table of
//! verdicts for `$GITHUB_STEP_SUMMARY`.

use std::fmt::Write as _;

use super::SuiteReport;

/// Escapes a workflow command's message (GitHub's rules: `%`, CR, LF).
pub fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow command's property value: as data, plus `:` and `,`.
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// Output text (hook output, case names, messages) made safe for a GitHub Actions log: no line
/// of it can be read by the runner as a workflow command. The runner reads a line as a command
/// when it starts with `::` after leading whitespace, or (the old syntax) holds `##[` anywhere,
/// and it splits lines at CR as well as LF; such a line's first `:` becomes `%3A` and every
/// `##[` becomes `#%23[` (GitHub's own escapes), so the text still reads as it was. Only
/// hookcheck's own annotations are printed without this, so none of them can be stopped by a
/// forged `::stop-commands::`.
pub fn neutralise_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive(['\n', '\r']) {
        let line = line.replace("##[", "#%23[");
        let body = line.trim_start();
        match body.strip_prefix(':') {
            Some(rest) if rest.starts_with(':') => {
                out.push_str(&line[..line.len() - body.len()]);
                out.push_str("%3A");
                out.push_str(rest);
            }
            _ => out.push_str(&line),
        }
    }
    out
}

/// JSON output made safe for a GitHub Actions log with the data unchanged: `##[` can only stand
/// inside a JSON string, where `#\u0023[` means the same; a line of JSON never starts with `::`.
pub fn neutralise_json(json: &str) -> String {
    json.replace("##[", "#\\u0023[")
}

/// A writer that spells `##[` as `#\u0023[` in the JSON streamed through it, as
/// [`neutralise_json`] does for a whole text: `#`s are held until the next byte shows whether
/// they open `##[`, and written out at the latest on `flush`.
pub struct NeutralJson<W: std::io::Write> {
    out: W,
    hashes: usize,
}

impl<W: std::io::Write> NeutralJson<W> {
    /// Wraps `out`.
    pub fn new(out: W) -> Self {
        Self { out, hashes: 0 }
    }
}

impl<W: std::io::Write> std::io::Write for NeutralJson<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut out = Vec::with_capacity(buf.len() + 8);
        for &b in buf {
            match b {
                b'#' => self.hashes += 1,
                b'[' if self.hashes >= 2 => {
                    out.resize(out.len() + self.hashes - 1, b'#');
                    out.extend_from_slice(b"\\u0023[");
                    self.hashes = 0;
                }
                _ => {
                    out.resize(out.len() + self.hashes, b'#');
                    out.push(b);
                    self.hashes = 0;
                }
            }
        }
        self.out.write_all(&out)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let held = vec![b'#'; self.hashes];
        self.hashes = 0;
        self.out.write_all(&held)?;
        self.out.flush()
    }
}

/// One `::error` line.
pub fn error_line(file: &str, line: u64, title: &str, message: &str) -> String {
    format!(
        "::error file={},line={line},title={}::{}",
        escape_property(file),
        escape_property(title),
        escape_data(message)
    )
}

/// The annotations for every failed case.
pub fn annotations(suite: &SuiteReport) -> String {
    let mut out = String::new();
    for c in suite.cases.iter().filter(|c| !c.passed) {
        let message = match (&c.error, &c.report) {
            (Some(e), _) => e.clone(),
            (None, Some(r)) => r.summary.message.clone(),
            (None, None) => "failed".to_string(),
        };
        let _ = writeln!(
            out,
            "{}",
            error_line(&c.file, c.line, &format!("hookcheck: {}", c.name), &message)
        );
    }
    out
}

/// The Markdown table of verdicts: cases × agents.
pub fn step_summary(suite: &SuiteReport) -> String {
    let mut tools: Vec<&str> = Vec::new();
    for t in suite
        .cases
        .iter()
        .filter_map(|c| c.report.as_ref())
        .flat_map(|r| &r.targets)
    {
        if !tools.contains(&t.target.as_str()) {
            tools.push(&t.target);
        }
    }
    let mut out = String::from("### hookcheck\n\n| case | result |");
    for t in &tools {
        let _ = write!(out, " {t} |");
    }
    out.push_str("\n|---|---|");
    out.push_str(&"---|".repeat(tools.len()));
    out.push('\n');
    for c in &suite.cases {
        let result = match (&c.error, c.passed) {
            (Some(_), _) => "error",
            (None, true) => "pass",
            (None, false) => "**FAIL**",
        };
        let _ = write!(out, "| {} | {result} |", cell(&c.name));
        for tool in &tools {
            let v = c.report.as_ref().and_then(|r| {
                let t = r.targets.iter().find(|t| t.target == *tool)?;
                let failed = r.summary.failed_targets.contains(&t.target);
                let mark = if failed { " ✗" } else { "" };
                let counted = if t.counted || t.decision == crate::verdict::Decision::NotRun {
                    ""
                } else {
                    " (not counted)"
                };
                Some(format!("{}{counted}{mark}", t.decision))
            });
            let _ = write!(out, " {} |", v.unwrap_or_default());
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "\n{} passed, {} failed",
        suite.passed,
        suite.failed + suite.errors
    );
    out
}

fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_follows_githubs_rules() {
        assert_eq!(escape_data("50% done\r\nnext"), "50%25 done%0D%0Anext");
        assert_eq!(escape_property("a:b,c%"), "a%3Ab%2Cc%25");
        assert_eq!(
            error_line("cases, v2.yaml", 3, "hookcheck: x", "line1\nline2: 100%"),
            "::error file=cases%2C v2.yaml,line=3,title=hookcheck%3A x::line1%0Aline2: 100%25"
        );
    }

    #[test]
    fn no_line_of_output_is_a_workflow_command() {
        assert_eq!(
            neutralise_text(
                "::error file=x::forged\n  \t::stop-commands::abc\r::warning::cr\n\u{a0}\u{3000}::x\n"
            ),
            "%3A:error file=x::forged\n  \t%3A:stop-commands::abc\r%3A:warning::cr\n\u{a0}\u{3000}%3A:x\n"
        );
        assert_eq!(
            neutralise_text("stderr: ::x\nok :: fine\n:\n: :\nend ##[error]old"),
            "stderr: ::x\nok :: fine\n:\n: :\nend #%23[error]old"
        );
        let json = r###"{"stderr":"##[error]x\n::error::y"}"###;
        let safe = neutralise_json(json);
        assert_eq!(safe, r###"{"stderr":"#\u0023[error]x\n::error::y"}"###);
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&safe).ok(),
            serde_json::from_str::<serde_json::Value>(json).ok()
        );
    }

    #[test]
    fn streamed_json_is_neutralised_as_the_whole_text_is() {
        use std::io::Write;
        let texts = [
            r####"{"a":"##[error]x","b":"###[y","c":"#[z","d":"##"}"####,
            "##[",
            "#",
            "a##b##[c",
        ];
        for text in texts {
            // Every split of the text into two writes gives the same bytes.
            for at in 0..=text.len() {
                let mut out = Vec::new();
                let mut w = super::NeutralJson::new(&mut out);
                w.write_all(&text.as_bytes()[..at]).unwrap();
                w.write_all(&text.as_bytes()[at..]).unwrap();
                w.flush().unwrap();
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    neutralise_json(text),
                    "{text:?} at {at}"
                );
            }
        }
    }
}
