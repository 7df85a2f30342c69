//! Text for people: a header, the agents grouped by decision, the agents that differ, fail
//! or error in full (every agent with `-v`), then the summary line.

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use super::{CommandReport, InvocationReport, Report, TargetReport, quote};
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

/// How much the text report says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Verbosity {
    /// A line per group of agents that decide alike, then in full only the agents that differ,
    /// fail or error.
    #[default]
    Concise,
    /// `-v`: every agent in full.
    Blocks,
    /// `-vv`: every agent in full, with what each command was started with.
    Invocations,
}

impl Verbosity {
    /// From the number of `-v` flags.
    pub fn from_count(n: u8) -> Self {
        match n {
            0 => Verbosity::Concise,
            1 => Verbosity::Blocks,
            _ => Verbosity::Invocations,
        }
    }
}

/// What the text report shows.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// How much.
    pub verbosity: Verbosity,
    /// `--strict`: warnings fail the check, so each agent's warnings are shown in full.
    pub strict: bool,
}

/// The report as text, with ANSI colours (stripped by the writer when colour is off).
pub fn render(report: &Report, options: Options) -> String {
    let verbosity = options.verbosity;
    // A missing hook file is one summary line unless asked for (`-v`, `--strict`).
    let list_missing = options.strict || verbosity > Verbosity::Concise;
    let mut out = String::new();
    header(&mut out, report);
    if verbosity == Verbosity::Concise {
        groups(&mut out, report);
        let flagged: Vec<&TargetReport> = report
            .targets
            .iter()
            .filter(|t| report.summary.flagged.contains(&t.target))
            .collect();
        if !flagged.is_empty() {
            out.push('\n');
        }
        for t in flagged {
            target(&mut out, t, verbosity, list_missing);
        }
    } else {
        for t in &report.targets {
            target(&mut out, t, verbosity, list_missing);
        }
    }
    summary_line(&mut out, report);
    out
}

/// The last line: the judgement.
pub fn summary_line(out: &mut String, report: &Report) {
    let s = if report.summary.passed {
        Style::new().fg_color(Some(AnsiColor::Green.into()))
    } else {
        Style::new().fg_color(Some(AnsiColor::Red.into())).bold()
    };
    let _ = writeln!(out, "{s}{}{s:#}", report.summary.message);
}

/// The first line: the hook, the trigger, how many agents, the expectation.
fn header(out: &mut String, report: &Report) {
    let trigger = report.trigger.as_flag();
    let n = report.targets.len();
    let agents = if n == 1 { "agent" } else { "agents" };
    let expect = report
        .summary
        .expect
        .as_ref()
        .map(|e| format!(", expecting {e}"))
        .unwrap_or_default();
    let b = Style::new().bold();
    let _ = writeln!(
        out,
        "{b}{}{b:#}: {trigger} on {n} {agents}{expect}",
        report.hook
    );
}

/// The agents that decide alike, one line per group: counted decisions first (those that
/// ran, then those whose matcher did not pick the hook), then assumed, not counted, async and
/// not run apart; then warnings, and one line for every missing hook file.
fn groups(out: &mut String, report: &Report) {
    let flagged = |t: &TargetReport| report.summary.flagged.contains(&t.target);
    let doubtful = |t: &TargetReport| report.summary.doubtful.contains(&t.target);
    let name = |t: &TargetReport| {
        if doubtful(t) {
            format!("{} ✗?", t.target)
        } else if flagged(t) {
            format!("{} ✗", t.target)
        } else {
            t.target.clone()
        }
    };
    let counted: Vec<&TargetReport> = report.targets.iter().filter(|t| t.counted).collect();
    let mut keys: Vec<(Decision, bool)> = Vec::new();
    for t in &counted {
        if !keys.contains(&(t.decision, t.fired)) {
            keys.push((t.decision, t.fired));
        }
    }
    keys.sort_by_key(|(d, fired)| (std::cmp::Reverse(d.strength()), !fired));
    for (d, fired) in keys {
        let names: Vec<String> = counted
            .iter()
            .filter(|t| t.decision == d && t.fired == fired)
            .map(|t| name(t))
            .collect();
        let why = if fired {
            ""
        } else {
            "  (the matcher does not pick it: the hook did not run)"
        };
        row(out, &paint(d), d.as_str().len(), &names.join(" "), why);
    }
    // `windsurf=allow ✗?`: the mark after the decision it is about.
    let with_decision = |t: &&TargetReport| {
        let mark = if doubtful(t) { " ✗?" } else { "" };
        format!("{}={}{mark}", t.target, t.decision)
    };
    let left: Vec<&TargetReport> = report
        .targets
        .iter()
        .filter(|t| !t.counted && t.decision != Decision::NotRun)
        .collect();
    let assumed: Vec<String> = left
        .iter()
        .filter(|t| t.assumed_only())
        .map(with_decision)
        .collect();
    let is_async: Vec<String> = left
        .iter()
        .filter(|t| t.is_async)
        .map(with_decision)
        .collect();
    let other: Vec<String> = left
        .iter()
        .filter(|t| !t.is_async && !t.assumed_only())
        .map(with_decision)
        .collect();
    let dim = Style::new().dimmed();
    let label = |l: &str| format!("{dim}{l}{dim:#}");
    if !assumed.is_empty() {
        row(
            out,
            &label("assumed"),
            7,
            &assumed.join(" "),
            "  (not counted: --include-assumed counts them)",
        );
    }
    if !other.is_empty() {
        row(
            out,
            &label("not counted"),
            11,
            &other.join(" "),
            "  (-v says why)",
        );
    }
    if !is_async.is_empty() {
        row(
            out,
            &label("async"),
            5,
            &is_async.join(" "),
            "  (shown, not judged)",
        );
    }
    let not_run: Vec<&TargetReport> = report
        .targets
        .iter()
        .filter(|t| t.decision == Decision::NotRun)
        .collect();
    if !not_run.is_empty() {
        let names: Vec<String> = not_run.iter().map(|t| name(t)).collect();
        let first = not_run.first().and_then(|t| t.reason.as_deref());
        let why = match first {
            Some(r) if not_run.iter().all(|t| t.reason.as_deref() == Some(r)) => {
                format!("  ({r})")
            }
            _ => "  (-v says why)".to_string(),
        };
        row(out, &paint(Decision::NotRun), 7, &names.join(" "), &why);
    }
    // Hooks that run no command, beside an agent's hooks that ran: named, never dropped.
    let marker = format!(": not run: {}", super::NOT_A_COMMAND);
    let mut places: Vec<&str> = Vec::new();
    let mut loaders: Vec<&str> = Vec::new();
    for t in &report.targets {
        for n in &t.notes {
            let Some((place, _)) = n.split_once(&marker) else {
                continue;
            };
            if !places.contains(&place) {
                places.push(place);
            }
            if !loaders.contains(&t.target.as_str()) {
                loaders.push(&t.target);
            }
        }
    }
    if !places.is_empty() {
        let why = format!(
            "  (not commands, loaded by {}: -v says why)",
            loaders.join(" ")
        );
        row(out, &paint(Decision::NotRun), 7, &places.join(" "), &why);
    }
    let yellow = Style::new().fg_color(Some(AnsiColor::Yellow.into()));
    for t in report
        .targets
        .iter()
        .filter(|t| !t.hook_file_missing && !flagged(t))
    {
        for w in t.warnings.iter().filter(|w| !is_trust(w)) {
            let _ = writeln!(out, "  {yellow}warning{yellow:#}: {}: {w}", t.target);
        }
    }
    // The trust gates, once per run: which agents hold the hooks back here (`-v` says each).
    let untrusted: Vec<&str> = report
        .targets
        .iter()
        .filter(|t| t.warnings.iter().any(|w| is_trust(w)))
        .map(|t| t.target.as_str())
        .collect();
    if !untrusted.is_empty() {
        let hold = if untrusted.len() == 1 {
            "holds"
        } else {
            "hold"
        };
        let _ = writeln!(
            out,
            "  {yellow}warning{yellow:#}: not trusted here: {} {hold} these hooks back until they are trusted (-v says which and how)",
            untrusted.join(" ")
        );
    }
    let missing: Vec<&TargetReport> = report
        .targets
        .iter()
        .filter(|t| t.hook_file_missing)
        .collect();
    if !missing.is_empty() {
        let n = missing.len();
        let (agents, has, own) = if n == 1 {
            (missing[0].target.clone(), "has", "its")
        } else {
            (format!("{n} agents"), "have", "their")
        };
        let _ = writeln!(
            out,
            "  {yellow}warning{yellow:#}: {agents} {has} no hook file of {own} own yet, so would not run this hook (-v or --strict lists them)"
        );
    }
}

/// One `help:` line, as cargo writes them: the change that fixes what the line above says.
pub fn help(out: &mut String, indent: &str, text: &str) {
    let s = Style::new().fg_color(Some(AnsiColor::Cyan.into())).bold();
    let _ = writeln!(out, "{indent}{s}help{s:#}: {text}");
}

/// One group line: the label padded to a column, then the names, then a note.
fn row(out: &mut String, label: &str, width: usize, names: &str, why: &str) {
    let pad = " ".repeat(12usize.saturating_sub(width));
    let _ = writeln!(out, "  {label}{pad}{names}{why}");
}

fn target(out: &mut String, t: &TargetReport, verbosity: Verbosity, list_missing: bool) {
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
        command(out, c, several, verbosity);
    }
    for n in &t.notes {
        let _ = writeln!(out, "  note: {n}");
    }
    if !t.help.is_empty()
        && let Some(rule) = &t.rule
    {
        let _ = writeln!(out, "  rule: {rule}");
    }
    for h in &t.help {
        help(out, "  ", h);
    }
    // Said once for the run in the concise view, in full with `-v`.
    for w in t
        .warnings
        .iter()
        .filter(|_| list_missing || !t.hook_file_missing)
        .filter(|w| verbosity > Verbosity::Concise || !is_trust(w))
    {
        let s = Style::new().fg_color(Some(AnsiColor::Yellow.into()));
        let _ = writeln!(out, "  {s}warning{s:#}: {w}");
    }
}

/// Whether a warning is a trust gate's ([`super::NOT_TRUSTED`]).
fn is_trust(w: &str) -> bool {
    w.starts_with(super::NOT_TRUSTED)
}

fn run_facts(c: &CommandReport) -> String {
    let how = if c.timed_out {
        match c.timeout_ms {
            ms if ms % 1000 == 0 => format!("timed out after {}s", ms / 1000),
            ms => format!("timed out after {ms} ms"),
        }
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

fn command(out: &mut String, c: &CommandReport, several: bool, verbosity: Verbosity) {
    if several && c.decision == Decision::NotRun && c.exit_code.is_none() && c.signal.is_none() {
        // Nothing ran: the note below says why.
        let _ = writeln!(out, "  command: {} → {}", c.command, paint(c.decision));
    } else if several {
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
    if verbosity == Verbosity::Invocations
        && let Some(inv) = &c.invocation
    {
        invocation(out, inv);
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

/// What a command was started with: the exact argv, where, for how long, the environment's
/// names (never values) and the stdin JSON.
pub fn invocation(out: &mut String, inv: &InvocationReport) {
    let argv: Vec<String> = inv.argv.iter().map(|a| quote(a)).collect();
    let _ = writeln!(out, "    argv: {}", argv.join(" "));
    let _ = writeln!(out, "    cwd: {}", inv.cwd);
    let ms = inv.timeout_ms;
    let timeout = if ms.is_multiple_of(1000) {
        format!("{}s", ms / 1000)
    } else {
        format!("{ms}ms")
    };
    let _ = writeln!(out, "    timeout: {timeout}");
    let names = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(" ")
        }
    };
    let _ = writeln!(out, "    env set by the agent: {}", names(&inv.env_set));
    let _ = writeln!(
        out,
        "    env passed on from hookcheck's: {}",
        names(&inv.env_inherited)
    );
    let _ = writeln!(out, "    stdin: {}", inv.stdin.trim_end());
}
