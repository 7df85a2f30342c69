//! A sweep as people read it: a grid (agents as rows, samples as columns, one symbol a cell),
//! then the findings with their fixes; and the same grid in Markdown for a GitHub step summary.

use anstyle::{AnsiColor, Style};

use crate::sweep::{Finding, Outcome, SweepReport};

/// The symbol of an outcome, and its colour.
fn symbol(o: Outcome) -> (&'static str, Style) {
    let c = |c: AnsiColor| Style::new().fg_color(Some(c.into())).bold();
    match o {
        Outcome::Blocked => ("B", c(AnsiColor::Green)),
        Outcome::Allowed => (".", Style::new()),
        Outcome::FailedOpen => ("!", c(AnsiColor::Red)),
        Outcome::NotFired => ("o", c(AnsiColor::Yellow)),
        Outcome::NotApplicable => ("-", Style::new().dimmed()),
        Outcome::NotRunFixable => ("~", c(AnsiColor::Magenta)),
    }
}

const LEGEND: &str = "B blocked  . allowed  ! failed open (error or timeout: the action proceeds)  o the hook does not fire  ~ not run as written: a change to the hook makes it run (`not-run-fixable`)  - not applicable  ? not counted: letting a hostile sample through is an `uncounted` finding (--strict fails on it)";

/// The samples shown: those some agent could take.
fn columns(r: &SweepReport) -> Vec<usize> {
    (0..r.samples.len())
        .filter(|i| {
            r.cells
                .iter()
                .any(|c| c.sample == *i && c.outcome != Outcome::NotApplicable)
        })
        .collect()
}

/// Whether a cell's result is marked `?` (it rests on an assumption): only a result, not a
/// cell that was not run.
fn marked(cell: Option<&crate::sweep::Cell>) -> &'static str {
    match cell {
        Some(c) if !c.counted && c.outcome.ran() => "?",
        _ => "",
    }
}

/// The sweep as text, with ANSI colours (stripped by the writer when colour is off);
/// `explain` (`-v`) adds why each cell shows what it shows.
pub fn text(r: &SweepReport, explain: bool) -> String {
    let cols = columns(r);
    let mut out = format!(
        "sweep {}: {} agents × {} samples\n\n",
        r.hook,
        r.agents.len(),
        cols.len()
    );
    let first = r.agents.iter().map(String::len).max().unwrap_or(5).max(5);
    let width = |i: &usize| r.samples[*i].label.chars().count().max(1);
    let mut kinds = format!("{:first$}", "");
    let mut last = "";
    for i in &cols {
        let k = r.samples[*i].action.as_str();
        let shown = if k == last { "" } else { k };
        last = k;
        kinds.push_str(&format!("  {shown:<w$}", w = width(i)));
    }
    out.push_str(kinds.trim_end());
    out.push('\n');
    let mut head = format!("{:first$}", "agent");
    for i in &cols {
        head.push_str(&format!("  {:<w$}", r.samples[*i].label, w = width(i)));
    }
    out.push_str(head.trim_end());
    out.push('\n');
    for a in &r.agents {
        let mut line = format!("{a:first$}");
        for i in &cols {
            let cell = r.cell(a, *i);
            let o = cell.map_or(Outcome::NotApplicable, |c| c.outcome);
            let (sym, s) = symbol(o);
            // A result that rests on an assumption is marked, and makes no finding.
            let mark = marked(cell);
            let pad = width(i).saturating_sub(1 + mark.len());
            line.push_str(&format!("  {s}{sym}{s:#}{mark}{:pad$}", ""));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&format!("\n{LEGEND}\n"));
    // One line per reason, its agents in row order.
    let mut reasons: Vec<&str> = Vec::new();
    for (_, why) in &r.not_swept {
        if !reasons.contains(&why.as_str()) {
            reasons.push(why);
        }
    }
    for why in reasons {
        let ids: Vec<&str> = r
            .not_swept
            .iter()
            .filter(|(_, w)| w == why)
            .map(|(id, _)| id.as_str())
            .collect();
        out.push_str(&format!("not swept: {} ({why})\n", ids.join(", ")));
    }
    for n in &r.not_run {
        out.push_str(&format!(
            "not run: {} on {} ({}): {}\n",
            n.place,
            n.event,
            n.agents.join(", "),
            n.reason
        ));
    }
    if explain {
        cells(&mut out, r, &cols);
    }
    if !r.findings.is_empty() {
        out.push('\n');
    }
    for (f, message) in grouped(r) {
        let s = if f.kind.fails() {
            Style::new().fg_color(Some(AnsiColor::Red.into())).bold()
        } else {
            Style::new().fg_color(Some(AnsiColor::Yellow.into())).bold()
        };
        out.push_str(&format!("{s}{}{s:#}: {message}\n", f.kind.as_str()));
        super::text::help(&mut out, "  ", &f.help);
    }
    out.push_str(&format!("\n{}\n", summary(r)));
    out
}

/// Why each cell shows what it shows (`sweep -v`), agent by agent: the sample, what the hook
/// did (its exit, its reply and how the agent read it), and the agent's rule that decided.
fn cells(out: &mut String, r: &SweepReport, cols: &[usize]) {
    for a in &r.agents {
        out.push_str(&format!("\n{a}\n"));
        for i in cols {
            let s = &r.samples[*i];
            let sample = match s.value.as_str() {
                "" => s.label.clone(),
                v if v == s.label => format!("`{v}`"),
                v => format!("{} `{v}`", s.label),
            };
            let Some(c) = r.cell(a, *i) else {
                out.push_str(&format!("  {sample}: - no result\n"));
                continue;
            };
            let (sym, style) = symbol(c.outcome);
            let (mark, uncounted) = match marked(Some(c)) {
                "" => ("", ""),
                m => (m, " (not counted)"),
            };
            let what = match c.outcome {
                Outcome::NotApplicable => "not applicable".to_string(),
                Outcome::NotRunFixable => {
                    "not run as written: the action goes ahead unguarded".to_string()
                }
                Outcome::NotFired => "the hook does not fire: the action goes ahead".to_string(),
                _ => format!(
                    "{}, the action {}",
                    c.decision,
                    c.effect.map_or("proceeds", effect)
                ),
            };
            out.push_str(&format!(
                "  {sample}: {style}{sym}{style:#}{mark} {what}{uncounted}\n"
            ));
            if let Some(why) = &c.reason {
                let why = why.strip_prefix("not run: ").unwrap_or(why);
                out.push_str(&format!("    why: {why}\n"));
            }
            if !c.outcome.ran() || c.outcome == Outcome::NotFired {
                continue;
            }
            let on = match (&c.event, &c.tool) {
                (Some(e), Some(t)) => format!(" on {e} ({t})"),
                (Some(e), None) => format!(" on {e}"),
                _ => String::new(),
            };
            let ended = match c.exit_code {
                Some(n) => format!("exit {n}"),
                None if c.decision == crate::verdict::Decision::Timeout => "timed out".to_string(),
                None => "no exit code".to_string(),
            };
            let command = c.command.as_deref().unwrap_or("the hook");
            out.push_str(&format!("    ran: {command}{on}: {ended}\n"));
            for (name, line) in [("stdout", &c.stdout), ("stderr", &c.stderr)] {
                if !line.is_empty() {
                    out.push_str(&format!("    {name}: {line}\n"));
                }
            }
            for n in &c.read {
                out.push_str(&format!("    read: {n}\n"));
            }
            match (&c.why, &c.rule) {
                (Some(why), Some(src)) => out.push_str(&format!("    rule: {why}; {src}\n")),
                (Some(why), None) => out.push_str(&format!("    rule: {why}\n")),
                (None, Some(src)) => out.push_str(&format!("    rule: {src}\n")),
                (None, None) => {}
            }
            for x in &c.assumed {
                out.push_str(&format!("    assumed {x}\n"));
            }
        }
    }
}

/// What happens to the action, in words.
fn effect(e: crate::verdict::Effect) -> &'static str {
    match e {
        crate::verdict::Effect::Proceeds => "proceeds",
        crate::verdict::Effect::Blocked => "is blocked",
        crate::verdict::Effect::Halted => "is halted",
    }
}

/// The one-line verdict.
pub fn summary(r: &SweepReport) -> String {
    if r.cells.iter().all(|c| c.outcome == Outcome::NotApplicable) {
        return format!(
            "sweep {}: nothing ran: no agent could take any sample (add --sample, or check the spec's event)",
            r.hook
        );
    }
    // Counted `!` cells on benign samples (a session start, `ls`): no finding, since nothing
    // hostile gets through, but the hook fails there, and a clean line must not hide it.
    let failing = r
        .cells
        .iter()
        .filter(|c| c.counted && c.outcome == Outcome::FailedOpen && !r.samples[c.sample].hostile)
        .count();
    if r.findings.is_empty() && failing > 0 {
        return format!(
            "sweep {}: no hostile sample gets through, but the hook fails (`!`) in {failing} benign cell{}: `-v` on `hookcheck run` shows why",
            r.hook,
            if failing == 1 { "" } else { "s" }
        );
    }
    if r.findings.is_empty() {
        return format!(
            "sweep {}: clean: no agent fails open, fails closed, decides differently or misses a tool",
            r.hook
        );
    }
    let count = |k: crate::sweep::Kind| r.findings.iter().filter(|f| f.kind == k).count();
    let parts: Vec<String> = crate::sweep::Kind::ALL
        .iter()
        .filter(|(_, k)| count(*k) > 0)
        .map(|(s, k)| format!("{} {s}", count(*k)))
        .collect();
    let verdict = if r.exit_code == 0 { "passes" } else { "fails" };
    let also = match failing {
        0 => String::new(),
        n => format!(
            "; the hook also fails (`!`) in {n} benign cell{}",
            if n == 1 { "" } else { "s" }
        ),
    };
    format!("sweep {}: {verdict}: {}{also}", r.hook, parts.join(", "))
}

/// The grid and the findings in GitHub-flavoured Markdown.
pub fn markdown(r: &SweepReport) -> String {
    let cols = columns(r);
    let mut out = format!("### hookcheck sweep `{}`\n\n| agent |", r.hook);
    for i in &cols {
        let s = &r.samples[*i];
        out.push_str(&format!(" {} `{}` |", s.action.as_str(), md(&s.label)));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(cols.len()));
    out.push('\n');
    for a in &r.agents {
        out.push_str(&format!("| {a} |"));
        for i in &cols {
            let cell = r.cell(a, *i);
            let o = cell.map_or(Outcome::NotApplicable, |c| c.outcome);
            let mark = marked(cell);
            out.push_str(&format!(" {}{mark} |", symbol(o).0));
        }
        out.push('\n');
    }
    out.push_str(&format!("\n{}\n", md(LEGEND)));
    if !r.findings.is_empty() {
        out.push('\n');
    }
    for (f, message) in grouped(r) {
        out.push_str(&format!(
            "- **{}**: {} (help: {})\n",
            f.kind.as_str(),
            md(&message),
            md(&f.help)
        ));
    }
    out.push_str(&format!("\n{}\n", md(&summary(r))));
    out
}

/// The findings for people, one per cause: those of one kind, agent and help whose messages
/// differ only in the sample are one line naming every sample ("<agent> lets `rm -rf /`,
/// `.env` and `x.yml` through ..."). Each finding keeps its own row in the JSON.
fn grouped(r: &SweepReport) -> Vec<(&Finding, String)> {
    // A finding's message with its sample's value taken out, and the value.
    let split = |f: &Finding| {
        let label = f
            .sample
            .as_ref()
            .and_then(|l| r.samples.iter().find(|s| s.label == *l))
            .map(|s| format!("`{}`", s.value));
        match label {
            Some(l) if f.message.contains(&l) => (f.message.replacen(&l, "\u{0}", 1), Some(l)),
            _ => (f.message.clone(), None),
        }
    };
    let mut out: Vec<(&Finding, String, Vec<String>)> = Vec::new();
    for f in &r.findings {
        let (template, label) = split(f);
        let same = out.iter_mut().find(|(g, t, _)| {
            g.kind == f.kind && g.agent == f.agent && g.help == f.help && *t == template
        });
        match (same, label) {
            (Some((_, _, labels)), Some(l)) => labels.push(l),
            (_, label) => out.push((f, template, label.into_iter().collect())),
        }
    }
    out.into_iter()
        .map(|(f, template, labels)| {
            let list = match labels.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            };
            (f, template.replacen('\u{0}', &list, 1))
        })
        .collect()
}

/// Text safe in a Markdown table cell or list item.
fn md(s: &str) -> String {
    s.replace('|', "\\|").replace('<', "&lt;")
}
