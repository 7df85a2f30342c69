//! JUnit XML: one testsuite per cases file, one testcase per case and agent.

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use super::SuiteReport;
use crate::error::{Error, Kind};

/// The suite as JUnit XML.
pub fn render(suite: &SuiteReport) -> Result<String, Error> {
    let mut report = Report::new("hookcheck");
    let mut files: Vec<&str> = Vec::new();
    for c in &suite.cases {
        if !files.contains(&c.file.as_str()) {
            files.push(&c.file);
        }
    }
    for file in files {
        let mut ts = TestSuite::new(file);
        for c in suite.cases.iter().filter(|c| c.file == file) {
            let Some(r) = &c.report else {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
                status.set_message(c.error.clone().unwrap_or_default());
                let mut tc = TestCase::new(c.name.clone(), status);
                tc.set_classname(c.hook.clone());
                ts.add_test_case(tc);
                continue;
            };
            let blame_all = !c.passed && r.summary.failed_targets.is_empty();
            for t in &r.targets {
                let failed = blame_all || r.summary.failed_targets.contains(&t.target);
                let status = if failed {
                    let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                    let expect = r
                        .summary
                        .expect
                        .as_deref()
                        .unwrap_or("all counted tools to agree");
                    s.set_message(format!(
                        "{} decided {}; expected {expect}",
                        t.target, t.decision
                    ));
                    s.set_type(t.decision.as_str());
                    s.set_description(r.summary.message.clone());
                    s
                } else if r.summary.doubtful.contains(&t.target) {
                    // Not counted, and against the check: never a silent skip.
                    let mut s = TestCaseStatus::skipped();
                    s.set_message(format!(
                        "✗? {} decided {}, against the check, but is not counted (--strict fails on it): {}",
                        t.target, t.decision, r.summary.message
                    ));
                    s
                } else if t.decision == crate::verdict::Decision::NotRun || (!t.counted && t.fired)
                {
                    let mut s = TestCaseStatus::skipped();
                    s.set_message(t.reason.clone().unwrap_or_else(|| "not counted".into()));
                    s
                } else {
                    TestCaseStatus::success()
                };
                let mut tc = TestCase::new(format!("{} [{}]", c.name, t.target), status);
                tc.set_classname(c.hook.clone());
                let stderr: String = t.commands.iter().map(|cmd| cmd.stderr.as_str()).collect();
                if !stderr.is_empty() {
                    tc.set_system_err(stderr);
                }
                let ms: u64 = t
                    .commands
                    .iter()
                    .map(|cmd| cmd.elapsed_ms)
                    .max()
                    .unwrap_or(0);
                tc.set_time(std::time::Duration::from_millis(ms));
                ts.add_test_case(tc);
            }
        }
        report.add_test_suite(ts);
    }
    report.to_string().map_err(|e| {
        Error::new(
            Kind::Output,
            format!("--junit: cannot write JUnit XML: {e}"),
        )
    })
}
