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
}
