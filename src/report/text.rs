//! Text for people: one block per tool, then the summary line.

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use super::{CommandReport, Report, TargetReport};
use crate::verdict::Decision;

/// How much of a stream the text report shows before cutting it.
pub const SHOW_BYTES: usize = 2000;

fn style(d: Decision) -> Style {
    let c = match d {
        Decision::Allow => AnsiColor::Green,
        Decision::Block => AnsiColor::Red,
        Decision::Error | Decision::Timeout => AnsiColor::Yellow,
        Decision::NotRun => return Style::new().dimmed(),
    };
    Style::new().fg_color(Some(c.into())).bold()
}

fn paint(d: Decision) -> String {
    let s = style(d);
    format!("{s}{}{s:#}", d.as_str())
}

/// The report as text, with ANSI colours (stripped by the writer when colour is off).
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    for t in &report.targets {
        target(&mut out, t);
    }
    let s = if report.summary.passed {
        Style::new().fg_color(Some(AnsiColor::Green.into()))
    } else {
        Style::new().fg_color(Some(AnsiColor::Red.into())).bold()
    };
    let _ = writeln!(out, "{s}{}{s:#}", report.summary.message);
    out
}

fn target(out: &mut String, t: &TargetReport) {
    // One parenthesis after the decision: how it ran (or why not), then what qualifies it.
    let mut facts = Vec::new();
    if !t.fired {
        facts.extend(t.reason.clone());
    } else if let [only] = t.commands.as_slice() {
        facts.push(run_facts(only));
    }
    if !t.assumptions.is_empty() {
        let items: Vec<&str> = t.assumptions.iter().map(|a| a.item.as_str()).collect();
        facts.push(format!("assumed: {}", items.join(", ")));
    }
    if t.is_async {
        facts.push("async, not judged".to_string());
    } else if t.fired && !t.counted {
        facts.push("not counted".to_string());
    }
    if t.effect == Some(crate::verdict::Effect::Halted) {
        facts.push("halts the turn".to_string());
    }
    let mut head = format!("{}: {}", t.target, paint(t.decision));
    if !facts.is_empty() {
        head.push_str(&format!(" ({})", facts.join("; ")));
    }
    let _ = writeln!(out, "{head}");
    for a in &t.assumptions {
        let _ = writeln!(out, "  assumed {}: {} ({})", a.item, a.value, a.reason);
    }
    if let Some(event) = &t.event {
        match &t.trigger {
            Some(tr) => {
                let _ = writeln!(out, "  event: {event} ({tr})");
            }
            None => {
                let _ = writeln!(out, "  event: {event}");
            }
        }
    }
    let several = t.commands.len() > 1;
    for c in &t.commands {
        command(out, c, several);
    }
    for n in &t.notes {
        let _ = writeln!(out, "  note: {n}");
    }
    for w in &t.warnings {
        let s = Style::new().fg_color(Some(AnsiColor::Yellow.into()));
        let _ = writeln!(out, "  {s}warning{s:#}: {w}");
    }
}

fn run_facts(c: &CommandReport) -> String {
    let how = if c.timed_out {
        format!("timed out after {}s", c.timeout_s)
    } else if let Some(code) = c.exit_code {
        format!("exit {code}")
    } else if let Some(sig) = c.signal {
        format!("killed by signal {sig}")
    } else if c.start_error.is_some() {
        "did not start".to_string()
    } else {
        "not run".to_string()
    };
    if c.decision == Decision::NotRun {
        how
    } else {
        format!("{how}, {}ms", c.elapsed_ms)
    }
}

fn command(out: &mut String, c: &CommandReport, several: bool) {
    if several {
        let _ = writeln!(
            out,
            "  command: {} → {} ({})",
            c.command,
            paint(c.decision),
            run_facts(c)
        );
    } else {
        let _ = writeln!(out, "  command: {}", c.command);
    }
    if let Some(e) = &c.start_error {
        let _ = writeln!(out, "    start error: {e}");
    }
    stream(out, "stdout", &c.stdout, c.stdout_dropped_bytes);
    stream(out, "stderr", &c.stderr, c.stderr_dropped_bytes);
    if c.adds_context {
        let _ = writeln!(out, "    context: the reply adds context for the model");
    }
    if c.rewrites_input {
        let _ = writeln!(out, "    rewrite: the reply rewrites the tool input");
    }
    for n in &c.notes {
        let _ = writeln!(out, "    note: {n}");
    }
}

fn stream(out: &mut String, name: &str, text: &str, dropped: u64) {
    let body = text.trim_end();
    if body.is_empty() {
        return;
    }
    let mut cut = body.len().min(SHOW_BYTES);
    while !body.is_char_boundary(cut) {
        cut -= 1;
    }
    let more = (body.len() - cut) as u64 + dropped;
    let mut lines = body[..cut].lines();
    let first = lines.next().unwrap_or_default();
    let _ = writeln!(out, "  {name}: {first}");
    for l in lines {
        let _ = writeln!(out, "    {l}");
    }
    if more > 0 {
        let _ = writeln!(out, "    … {more} more bytes cut");
    }
}
