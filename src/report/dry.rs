//! `run --dry-run` as text: per agent, what it would start and with what input.

use std::fmt::Write as _;

use anstyle::Style;

use super::DryRunReport;
use super::text::invocation;

/// The dry run as text.
pub fn render(report: &DryRunReport) -> String {
    let mut out = String::new();
    let b = Style::new().bold();
    let trigger = report.trigger.as_flag();
    let _ = writeln!(
        out,
        "{b}{}{b:#}: {trigger}, dry run: nothing is started",
        report.hook
    );
    for t in &report.targets {
        let on = match (&t.event, &t.trigger) {
            (Some(e), Some(tr)) => format!(" on {e} ({tr})"),
            (Some(e), None) => format!(" on {e}"),
            _ => String::new(),
        };
        match &t.reason {
            Some(r) => {
                let _ = writeln!(out, "{}: would not run{on}: {r}", t.target);
            }
            None => {
                let _ = writeln!(out, "{}: would run{on}", t.target);
            }
        }
        for a in &t.assumptions {
            let _ = writeln!(out, "  assumed {}: {} ({})", a.item, a.value, a.reason);
        }
        for c in &t.commands {
            let asynchronous = if c.is_async { " (async)" } else { "" };
            let _ = writeln!(out, "  command: {}{asynchronous}", c.command);
            if let Some(inv) = &c.invocation {
                invocation(&mut out, inv);
            }
            if let Some(r) = &c.not_run {
                let _ = writeln!(out, "    not run: {r}");
            }
        }
        for n in &t.notes {
            let _ = writeln!(out, "  note: {n}");
        }
    }
    let _ = writeln!(
        out,
        "dry run of {}: {} command(s) would start",
        report.hook, report.would_start
    );
    out
}
