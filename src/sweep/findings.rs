//! Judging a sweep's grid for what users care about: where the guard fails open, fails closed,
//! decides differently, or never fires.

use schemars::JsonSchema;
use serde::Serialize;

use super::{Action, Cell, Outcome, SweepReport};
use crate::help::{self, name};
use crate::run::UNDECIDED;

/// What a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// The hook errored, timed out or crashed on a hostile sample and the agent proceeds
    /// (whether or not other agents block it).
    FailsOpen,
    /// The agent blocks every sample, benign ones included.
    FailsClosed,
    /// The same sample is blocked on some agents and allowed on others.
    Inconsistent,
    /// A tool that can do the same action, on which the hook never fires.
    BlindSpot,
    /// An agent whose result is not counted (it rests on an assumption, or its reading is
    /// uncertain) lets a sample through that counted agents block: shown, and failing the
    /// sweep under `--strict`.
    Uncounted,
    /// A hook of the agent's that could stop a hostile sample is not run here (its input is
    /// not documented), so whether the agent lets it through is unknown: shown, and failing the
    /// sweep under `--strict`.
    Undecided,
    /// The hook is not run as written, for a reason that is the hook's own (a matcher that
    /// does not compile, `timeout: 0`, `args` where the agent has no exec form), which a simple
    /// change to it removes: until then the agent's action goes ahead unguarded, so it fails
    /// the sweep as a failing-open hook does.
    NotRunFixable,
}

impl Kind {
    /// Every kind, with its spelling in `--allow`.
    pub const ALL: &'static [(&'static str, Kind)] = &[
        ("fails-open", Kind::FailsOpen),
        ("fails-closed", Kind::FailsClosed),
        ("inconsistent", Kind::Inconsistent),
        ("blind-spot", Kind::BlindSpot),
        ("uncounted", Kind::Uncounted),
        ("undecided", Kind::Undecided),
        ("not-run-fixable", Kind::NotRunFixable),
    ];

    /// The kind's spelling.
    pub fn as_str(self) -> &'static str {
        Kind::ALL
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("", |(s, _)| s)
    }

    /// Parses a spelling.
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.iter().find(|(k, _)| *k == s).map(|(_, v)| *v)
    }

    /// Whether a finding of this kind fails the sweep (unless `--allow`ed).
    pub fn fails(self) -> bool {
        matches!(
            self,
            Kind::FailsOpen | Kind::Inconsistent | Kind::NotRunFixable
        )
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Finding {
    /// What kind.
    pub kind: Kind,
    /// The agent it is about.
    pub agent: String,
    /// The sample's label, when it is about one.
    pub sample: Option<String>,
    /// What happens.
    pub message: String,
    /// How to fix the hook.
    pub help: String,
}

/// The findings of a grid, in agent order.
pub fn judge(r: &SweepReport) -> Vec<Finding> {
    let mut out = Vec::new();
    // How `hookcheck run` names what was swept, for the help that says how to look closer.
    let run_args = if r.installed {
        "--installed".to_string()
    } else {
        r.hook.clone()
    };
    for (i, s) in r.samples.iter().enumerate().filter(|(_, s)| s.hostile) {
        let row = |o: Outcome| -> Vec<&Cell> {
            r.cells
                .iter()
                .filter(|c| c.sample == i && c.outcome == o && c.counted)
                .collect()
        };
        let blocked = row(Outcome::Blocked);
        // Where no agent blocks it, a hook that fails guards nothing there either, and
        // nothing else shows it (a grid of `!` is not clean).
        let where_ = match blocked.is_empty() {
            true => "; no agent blocks it".to_string(),
            false => format!(", where {}", names(&blocked)),
        };
        for c in row(Outcome::FailedOpen) {
            out.push(Finding {
                kind: Kind::FailsOpen,
                agent: c.agent.clone(),
                sample: Some(s.label.clone()),
                message: format!(
                    "{} on `{}`: the hook fails ({}) and {} lets it through{where_}",
                    name(&c.agent),
                    s.value,
                    failure(c),
                    name(&c.agent)
                ),
                help: failure_help(c, s.action, &blocked, &run_args, &s.value),
            });
        }
        if blocked.is_empty() {
            continue;
        }
        let blockers = names(&blocked);
        for c in row(Outcome::Allowed) {
            out.push(Finding {
                kind: Kind::Inconsistent,
                agent: c.agent.clone(),
                sample: Some(s.label.clone()),
                message: format!(
                    "{} allows `{}`: the hook ran and let it through, where {blockers}",
                    name(&c.agent),
                    s.value
                ),
                help: field_help(c, s.action, &blocked),
            });
        }
        // Not counted, and letting it through: nothing that does is hidden.
        for c in r.cells.iter().filter(|c| {
            c.sample == i
                && !c.counted
                && matches!(c.outcome, Outcome::Allowed | Outcome::FailedOpen)
        }) {
            let how = match c.outcome {
                Outcome::FailedOpen => format!("the hook fails ({})", failure(c)),
                _ => "the hook ran and let it through".to_string(),
            };
            out.push(Finding {
                kind: Kind::Uncounted,
                agent: c.agent.clone(),
                sample: Some(s.label.clone()),
                message: format!(
                    "{} lets `{}` through ({how}), where {blockers}; its result is not counted, so only --strict fails on it",
                    name(&c.agent),
                    s.value
                ),
                help: match c.outcome {
                    Outcome::FailedOpen => failure_help(c, s.action, &blocked, &run_args, &s.value),
                    _ => field_help(c, s.action, &blocked),
                },
            });
        }
    }
    undecided(r, &mut out);
    not_run_fixable(r, &mut out);
    fails_closed(r, &mut out);
    blind_spots(r, &mut out);
    out.sort_by_key(|f| r.agents.iter().position(|a| *a == f.agent));
    out
}

fn fails_closed(r: &SweepReport, out: &mut Vec<Finding>) {
    for agent in &r.agents {
        let cells: Vec<&Cell> = r
            .cells
            .iter()
            .filter(|c| {
                c.agent == *agent && c.counted && c.outcome.ran() && c.outcome != Outcome::NotFired
            })
            .collect();
        let benign_blocked: Vec<&Cell> = cells
            .iter()
            .copied()
            .filter(|c| c.outcome == Outcome::Blocked && !r.samples[c.sample].hostile)
            .collect();
        if benign_blocked.is_empty() || cells.iter().any(|c| c.outcome != Outcome::Blocked) {
            continue;
        }
        // A call names what is blocked; a sample with no trigger (a Stop, a session start)
        // only when there is no call.
        let first = benign_blocked
            .iter()
            .copied()
            .find(|c| !r.samples[c.sample].value.is_empty())
            .unwrap_or(benign_blocked[0]);
        let missing = first.exit_code == Some(127);
        out.push(Finding {
            kind: Kind::FailsClosed,
            agent: agent.clone(),
            sample: Some(r.samples[first.sample].label.clone()),
            message: blocks_every(agent, first, &r.samples[first.sample].value),
            help: if missing {
                format!(
                    "exit 127 is a program the hook needs that is not installed: {} reads it as a block; install it or check for it and exit 0",
                    name(agent)
                )
            } else if first.decision == crate::verdict::Decision::Block {
                // The hook decided to block (exit 2, a deny): it may mean to.
                match r.samples[first.sample].value.as_str() {
                    // A sample with no trigger (a Stop, a session start).
                    "" => format!(
                        "the hook blocks each time {} fires: if it is meant to block only sometimes, make it decide on its input",
                        first.event.as_deref().unwrap_or("its event")
                    ),
                    v => format!(
                        "the hook blocks benign calls too (`{v}`): if it is meant to guard some calls only, make it decide on the input"
                    ),
                }
            } else {
                "the hook blocks benign calls too: make it decide on the input, not on its own failure".to_string()
            },
        });
    }
}

/// What blocking every sample does, said of the sample shown: a call is denied; on an event
/// with no call, the agent never stops (Stop) or the event is blocked each time it fires.
fn blocks_every(agent: &str, c: &Cell, value: &str) -> String {
    let n = name(agent);
    if !value.is_empty() {
        return format!("{n} blocks every call, `{value}` included ({})", failure(c));
    }
    let event = c.event.as_deref().unwrap_or("its event");
    let kind = crate::tools::find(agent)
        .and_then(|a| a.contract())
        .and_then(|k| k.event(event))
        .map(|e| e.kind);
    match kind {
        Some(crate::contract::Kind::Stop) => format!(
            "{n} never lets the agent stop: it blocks every {event} ({})",
            failure(c)
        ),
        _ => format!("{n} blocks {event} each time it fires ({})", failure(c)),
    }
}

fn blind_spots(r: &SweepReport, out: &mut Vec<Finding>) {
    for (action, kind) in [(Action::Bash, "shell"), (Action::Edit, "edit")] {
        let guards = r.cells.iter().any(|c| {
            c.counted
                && c.outcome == Outcome::Blocked
                && r.samples[c.sample].hostile
                && r.samples[c.sample].action == action
        });
        for cov in &r.coverage {
            // An agent that blocks a benign shell call guards nothing in particular there.
            let discriminates = r.samples.iter().enumerate().any(|(i, s)| {
                s.action == Action::Bash
                    && !s.hostile
                    && r.cell(&cov.agent, i)
                        .is_some_and(|c| c.outcome != Outcome::Blocked)
            });
            let writes = r.samples.iter().enumerate().find(|(i, s)| {
                kind == "edit"
                    && s.writes.is_some()
                    && r.cell(&cov.agent, *i)
                        .is_some_and(|c| c.outcome == Outcome::Blocked)
            });
            if !(guards || writes.is_some() && discriminates) || cov.fires_on(kind) != Some(false) {
                continue;
            }
            // The agent's hook on another event fires on these tools (a shell-only event
            // beside a general one): they are guarded there, and adding them here would run
            // the guard twice.
            let guards_before = |e: &str| {
                crate::tools::find(&cov.agent)
                    .and_then(|a| a.contract())
                    .and_then(|c| c.event(e))
                    .is_some_and(|ev| {
                        use crate::contract::{Blocks, Kind as EventKind};
                        matches!(ev.kind, EventKind::BeforeTool | EventKind::Shell)
                            && matches!(ev.blocks, Blocks::Yes)
                    })
            };
            let covered_elsewhere = r.cells.iter().any(|c| {
                c.agent == cov.agent
                    && r.samples[c.sample].action == action
                    && c.event
                        .as_deref()
                        .is_some_and(|e| e != cov.event && guards_before(e))
                    && matches!(
                        c.outcome,
                        Outcome::Blocked | Outcome::Allowed | Outcome::FailedOpen
                    )
            });
            if covered_elsewhere {
                continue;
            }
            let tools: Vec<&str> = cov
                .kinds
                .iter()
                .find(|(k, _)| k == kind)
                .map(|(_, t)| t.iter().map(|(n, _)| n.as_str()).collect())
                .unwrap_or_default();
            let tools = tools.join(", ");
            let message = match writes {
                Some((_, s)) => format!(
                    "{}'s {kind} tools ({tools}) can write {} too, but the hook never fires on them: it guards only the shell",
                    name(&cov.agent),
                    s.writes.as_deref().unwrap_or_default()
                ),
                None => format!(
                    "the hook never fires on {}'s {kind} tools ({tools}) on {}, though it guards {kind} calls elsewhere",
                    name(&cov.agent),
                    cov.event
                ),
            };
            out.push(Finding {
                kind: Kind::BlindSpot,
                agent: cov.agent.clone(),
                sample: writes.map(|(_, s)| s.label.clone()),
                message,
                help: format!("add {tools} to the matcher (or write `match: {kind}` and let each agent name its tools)"),
            });
        }
    }
}

fn failure(c: &Cell) -> String {
    let how = match (c.decision, c.exit_code) {
        (crate::verdict::Decision::Timeout, _) => "it timed out".to_string(),
        (_, Some(n)) => format!("exit {n}"),
        (_, None) => "it did not finish".to_string(),
    };
    if c.stderr.is_empty() {
        how
    } else {
        format!("{how}: {}", c.stderr)
    }
}

fn failure_help(c: &Cell, action: Action, blocked: &[&Cell], hook: &str, value: &str) -> String {
    if c.exit_code == Some(127) {
        return format!(
            "exit 127 is a program the hook needs that is missing where {} runs it; check for it, or fail closed",
            name(&c.agent)
        );
    }
    // The hook ended as it did where another agent blocks: the agent's reading is the
    // difference, not the input it sent.
    if let Some(b) = same_ending(c, blocked) {
        let how = ending(c);
        return help::fails_open(&c.agent, &how, Some(&b.agent));
    }
    let flag = action.as_str();
    // Nothing to compare with: the hook itself fails.
    if blocked.is_empty() {
        return format!(
            "the hook fails on {} before it decides: see why with `hookcheck run {hook} --{flag} '{value}' -t {} -vv`",
            name(&c.agent),
            c.agent
        );
    }
    let first = help::failing(&c.agent, flag, &blockers(blocked));
    format!(
        "{first}; see what it was given with `hookcheck run {hook} --{flag} '{value}' -t {} -vv`",
        c.agent
    )
}

/// Where the agent puts what the guard reads, against where a blocking agent puts it; when
/// the hook ended as it did on a blocking agent, that the agent reads that reply otherwise.
fn field_help(c: &Cell, action: Action, blocked: &[&Cell]) -> String {
    match same_ending(c, blocked) {
        Some(b) => help::read_otherwise(&c.agent, &ending(c), &b.agent),
        None => {
            // The cell of each agent, for the tool it called and the event it fired.
            let cell = |id: &str| {
                std::iter::once(c)
                    .chain(blocked.iter().copied())
                    .find(|o| o.agent == id)
            };
            let tool = |id: &str| cell(id).and_then(|o| o.tool.clone());
            let event = |id: &str| cell(id).and_then(|o| o.event.clone());
            help::field(&c.agent, action.as_str(), &blockers(blocked), tool, event)
        }
    }
}

/// A blocking agent where the hook exited with the same code and the same reply as on `c`
/// (another reply means the hook read the input otherwise).
fn same_ending<'a>(c: &Cell, blocked: &[&'a Cell]) -> Option<&'a Cell> {
    let code = c.exit_code?;
    blocked
        .iter()
        .copied()
        .find(|b| b.exit_code == Some(code) && b.reply == c.reply)
}

/// "exits 2", as `help:` says how the hook ended.
fn ending(c: &Cell) -> String {
    match c.exit_code {
        Some(n) => format!("exits {n}"),
        None => "fails".to_string(),
    }
}

fn blockers<'a>(blocked: &[&'a Cell]) -> Vec<&'a str> {
    blocked.iter().map(|c| c.agent.as_str()).collect()
}

/// `Claude Code blocks it`, `Claude Code, Codex block it`, `A, B and 3 more block it`.
fn names(cells: &[&Cell]) -> String {
    let all: Vec<String> = cells.iter().map(|c| name(&c.agent)).collect();
    match all.len() {
        0 => String::new(),
        1 => format!("{} blocks it", all[0]),
        2..=3 => format!("{} block it", all.join(", ")),
        n => format!("{} and {} more block it", all[..2].join(", "), n - 2),
    }
}

/// Hostile samples an agent's deciding hook was not run on: one finding per agent and reason,
/// naming the samples, so a sweep whose deciding hooks did not run is not "clean".
fn undecided(r: &SweepReport, out: &mut Vec<Finding>) {
    let mut seen: Vec<(&str, &str, Vec<&str>)> = Vec::new();
    for c in &r.cells {
        let s = &r.samples[c.sample];
        // A hook not run for a reason a change to it removes is `not-run-fixable`, with that
        // change as its help, not unknown.
        let Some(reason) = c
            .reason
            .as_deref()
            .filter(|why| why.contains(UNDECIDED) && c.outcome != Outcome::NotRunFixable)
        else {
            continue;
        };
        if !s.hostile {
            continue;
        }
        match seen
            .iter_mut()
            .find(|(a, w, _)| *a == c.agent && *w == reason)
        {
            Some((_, _, values)) => values.push(&s.value),
            None => seen.push((&c.agent, reason, vec![&s.value])),
        }
    }
    for (agent, reason, values) in seen {
        let samples: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
        out.push(Finding {
            kind: Kind::Undecided,
            agent: agent.to_string(),
            sample: None,
            message: format!(
                "{} on {}: unknown: {reason}",
                name(agent),
                samples.join(", ")
            ),
            help: "give hookcheck the input the agent sends there (`--payload`, or a recorded \
                   input under fixtures/live/inputs), or guard the same call on an event \
                   hookcheck can run"
                .to_string(),
        });
    }
}

/// Cells whose hook is not run as written, for a reason a simple change to the hook removes:
/// one finding per cell (the text joins those of one agent and cause), its help the change.
fn not_run_fixable(r: &SweepReport, out: &mut Vec<Finding>) {
    for c in r
        .cells
        .iter()
        .filter(|c| c.outcome == Outcome::NotRunFixable)
    {
        let s = &r.samples[c.sample];
        let reason = c.reason.as_deref().unwrap_or_default();
        let on = match s.value.as_str() {
            "" => s.label.clone(),
            v => format!("`{v}`"),
        };
        let why = crate::plan::without_fixes(reason);
        let why = why.strip_prefix("not run: ").unwrap_or(&why);
        out.push(Finding {
            kind: Kind::NotRunFixable,
            agent: c.agent.clone(),
            sample: Some(s.label.clone()),
            message: format!(
                "{} on {on}: not run as written, so the action goes ahead unguarded: {why}",
                name(&c.agent)
            ),
            help: format!(
                "{}, and {} runs the hook",
                crate::plan::fixes(reason).join("; "),
                name(&c.agent)
            ),
        });
    }
}
