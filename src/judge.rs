//! Expectations, the comparison across tools, and the exit status. The judge owns every
//! decision about a result: whether it is counted (assumed results and `--include-assumed`),
//! whether warnings fail it (`--strict`), and which agents a failure is about.

use crate::error::Error;
use crate::report::{Summary, TargetReport};
use crate::verdict::{Decision, Effect};

/// The exit status for "hookcheck could not run the check" (bad arguments, an unknown hook or
/// agent, an invalid spec or payload).
pub const EXIT_USAGE: i32 = 2;

/// What one expectation asks of an agent: a decision, or an effect on the action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// `block`, `allow`, ...: the decision. `block` also needs the action not to proceed.
    Decision(Decision),
    /// `blocked`, `proceeds`, `halted`: what happens to the action.
    Effect(Effect),
}

impl Want {
    /// The word the user writes.
    pub fn word(self) -> &'static str {
        match self {
            Want::Decision(Decision::NotRun) => "not-run",
            Want::Decision(d) => d.as_str(),
            Want::Effect(e) => e.as_str(),
        }
    }

    /// Whether `t` meets it. A `block` whose effect is "proceeds" (a handler after the action,
    /// whose block only tells the model) does not: the action went ahead.
    fn met_by(self, t: &TargetReport) -> bool {
        match self {
            Want::Decision(Decision::Block) => {
                t.decision == Decision::Block && t.effect != Some(Effect::Proceeds)
            }
            Want::Decision(d) => t.decision == d,
            Want::Effect(e) => t.decision != Decision::NotRun && t.effect == Some(e),
        }
    }
}

/// What the user expects: one decision or effect for every counted tool, and/or one per tool.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Expect {
    /// `--expect block`: every counted tool.
    pub global: Option<Want>,
    /// `--expect claude=block`: that tool.
    pub per_tool: Vec<(String, Want)>,
}

impl Expect {
    /// Whether any expectation was given.
    pub fn is_empty(&self) -> bool {
        self.global.is_none() && self.per_tool.is_empty()
    }

    /// The expectation as the user would write it.
    pub fn describe(&self) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        let mut parts: Vec<String> = self.global.iter().map(|w| w.word().to_string()).collect();
        parts.extend(
            self.per_tool
                .iter()
                .map(|(t, w)| format!("{t}={}", w.word())),
        );
        Some(parts.join(","))
    }

    /// Adds one `--expect` value: `block`, `claude=block,gemini=allow`, `blocked`, or mixed.
    pub fn add(&mut self, value: &str, known_tool: impl Fn(&str) -> bool) -> Result<(), Error> {
        for item in value.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            match item.split_once('=') {
                None => {
                    let w = parse_want(item)?;
                    if self.global.is_some_and(|g| g != w) {
                        return Err(Error::usage(format!(
                            "--expect {item}: a second, different global expectation"
                        )));
                    }
                    self.global = Some(w);
                }
                Some((tool, word)) => {
                    let tool = tool.trim();
                    if !known_tool(tool) {
                        return Err(Error::usage(format!(
                            "--expect {item}: unknown tool `{tool}` (see `hookcheck tools`)"
                        )));
                    }
                    let w = parse_want(word.trim())?;
                    self.per_tool.retain(|(t, _)| t != tool);
                    self.per_tool.push((tool.to_string(), w));
                }
            }
        }
        Ok(())
    }

    fn for_tool(&self, id: &str) -> Option<Want> {
        self.per_tool.iter().find(|(t, _)| t == id).map(|(_, w)| *w)
    }
}

/// The decisions `--expect` takes.
pub const EXPECT_WORDS: &[&str] = &["allow", "block", "error", "timeout", "not-run"];

/// The effects `--expect` takes.
pub const EFFECT_WORDS: &[&str] = &["proceeds", "blocked", "halted"];

fn parse_want(word: &str) -> Result<Want, Error> {
    Ok(match word {
        "allow" => Want::Decision(Decision::Allow),
        "block" => Want::Decision(Decision::Block),
        "error" => Want::Decision(Decision::Error),
        "timeout" => Want::Decision(Decision::Timeout),
        "not-run" | "not run" | "notrun" => Want::Decision(Decision::NotRun),
        "proceeds" => Want::Effect(Effect::Proceeds),
        "blocked" => Want::Effect(Effect::Blocked),
        "halted" => Want::Effect(Effect::Halted),
        other => {
            return Err(Error::usage(format!(
                "--expect: `{other}` is not a decision; use one of {}, or an effect: {}",
                EXPECT_WORDS.join(", "),
                EFFECT_WORDS.join(", ")
            )));
        }
    })
}

/// A hook file an agent cannot load: the check fails on it, since the agent runs none of its
/// hooks (or not the ones in it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unloadable {
    /// `file:line` (or the file).
    pub place: String,
    /// What is wrong.
    pub message: String,
    /// What the agent does about it.
    pub consequence: String,
    /// The agents (ids, of those checked) that load this file.
    pub agents: Vec<String>,
}

/// Everything besides the verdicts that the judge weighs.
#[derive(Debug, Clone, Copy)]
pub struct Rules<'a> {
    /// What the user expects.
    pub expect: &'a Expect,
    /// Count results that rest on assumptions.
    pub include_assumed: bool,
    /// Warnings fail the check.
    pub strict: bool,
    /// Hook files an agent cannot load.
    pub unloadable: &'a [Unloadable],
    /// The trigger's flag name (`bash`, `edit`, ...): what the guard reads, for `help:` lines.
    pub trigger: &'a str,
}

/// Why a check failed, and whom it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The agents it is about (empty: the check as a whole).
    pub targets: Vec<String>,
    /// Of those, the ones that explain it (for a disagreement, the agents that differ from
    /// the rest; else all of them).
    pub flagged: Vec<String>,
    /// One line for people.
    pub message: String,
}

impl Failure {
    fn of(id: &str, message: String) -> Self {
        Failure {
            targets: vec![id.to_string()],
            flagged: vec![id.to_string()],
            message: format!("{id}: {message}"),
        }
    }

    fn whole(message: String) -> Self {
        Failure {
            targets: Vec::new(),
            flagged: Vec::new(),
            message,
        }
    }
}

/// Decides which results count: a result that rests on assumptions counts only with
/// `--include-assumed`.
pub fn count(targets: &mut [TargetReport], include_assumed: bool) {
    for t in targets {
        if !include_assumed && !t.assumptions.is_empty() {
            t.counted = false;
        }
    }
}

/// What a target got, as the user reads it: the decision, and the effect where it is not the
/// one the decision suggests.
fn got(t: &TargetReport) -> String {
    match (t.decision, t.effect) {
        (Decision::Block, Some(Effect::Proceeds)) => {
            "block, but the action proceeds (the hook runs after it)".to_string()
        }
        (d, Some(Effect::Halted)) => format!("{d} (halted)"),
        (d, _) => d.to_string(),
    }
}

/// Judges the verdicts: expectations, agreement, counted errors and timeouts, hook files that
/// cannot load, and (with `--strict`) warnings. Sets which targets are counted first, and
/// last the `help:` lines of the agents a failure flags.
pub fn judge(hook: &str, reports: &mut [TargetReport], rules: &Rules) -> Summary {
    count(reports, rules.include_assumed);
    let targets: &[TargetReport] = reports;
    let expect = rules.expect;
    let counted: Vec<&TargetReport> = targets.iter().filter(|t| t.counted).collect();
    let not_run = targets
        .iter()
        .filter(|t| t.decision == Decision::NotRun)
        .count();
    let not_counted = targets
        .iter()
        .filter(|t| !t.counted && t.decision != Decision::NotRun)
        .count();
    let n_assumed = targets.iter().filter(|t| t.assumed_only()).count();
    let nothing_ran = not_run == targets.len();
    let mut failures: Vec<Failure> = Vec::new();
    let doubtful = doubtful(targets, &counted, expect);

    for u in rules.unloadable {
        failures.push(Failure {
            targets: u.agents.clone(),
            flagged: u.agents.clone(),
            message: format!("{}: {}; {}", u.place, u.message, u.consequence),
        });
    }

    let mut per_tool_checked = false;
    for (id, want) in &expect.per_tool {
        let Some(t) = targets.iter().find(|t| t.target == *id) else {
            failures.push(Failure::of(
                id,
                format!(
                    "expected {}, but {id} was not among the tools checked",
                    want.word()
                ),
            ));
            continue;
        };
        per_tool_checked |= t.decision != Decision::NotRun;
        if !t.counted && t.decision != Decision::NotRun {
            let why = if t.assumed_only() {
                "it rests on assumptions; pass --include-assumed to count it"
            } else {
                "its result is not counted (see its notes)"
            };
            failures.push(Failure::of(
                id,
                format!("expected {}, got {} but {why}", want.word(), t.decision),
            ));
        } else if !want.met_by(t) {
            failures.push(Failure::of(
                id,
                format!("expected {}, got {}", want.word(), got(t)),
            ));
        }
    }
    let unexpected = |t: &TargetReport| expect.for_tool(&t.target).is_none();
    match expect.global {
        Some(Want::Decision(Decision::NotRun)) => {
            for t in targets
                .iter()
                .filter(|t| unexpected(t))
                .filter(|t| t.decision != Decision::NotRun)
            {
                failures.push(Failure::of(
                    &t.target,
                    format!("expected not-run, got {}", t.decision),
                ));
            }
        }
        Some(want) => {
            let checked: Vec<&&TargetReport> = counted.iter().filter(|t| unexpected(t)).collect();
            // An expectation met by nothing is not met: something must have given a result.
            if checked.is_empty() && !per_tool_checked {
                failures.push(Failure::whole(nothing_counted(n_assumed)));
            }
            for t in checked.iter().filter(|t| !want.met_by(t)) {
                failures.push(Failure::of(
                    &t.target,
                    format!("expected {}, got {}", want.word(), got(t)),
                ));
            }
        }
        None if expect.is_empty() => {
            let first = counted.first().map(|t| t.decision);
            if counted.iter().any(|t| Some(t.decision) != first) {
                let list = counted
                    .iter()
                    .map(|t| format!("{} {}", t.target, t.decision))
                    .collect::<Vec<_>>();
                failures.push(Failure {
                    targets: counted.iter().map(|t| t.target.clone()).collect(),
                    flagged: differing(&counted),
                    message: format!("tools decide differently: {}", list.join(", ")),
                });
            }
            for t in counted
                .iter()
                .filter(|t| matches!(t.decision, Decision::Error | Decision::Timeout))
            {
                failures.push(Failure::of(
                    &t.target,
                    format!("a counted {} fails the check", t.decision),
                ));
            }
            if nothing_ran {
                failures.push(Failure::whole(nothing_ran_message(targets.len())));
            }
        }
        None => {}
    }
    if rules.strict {
        for t in targets.iter().filter(|t| !t.warnings.is_empty()) {
            failures.push(Failure::of(
                &t.target,
                "warnings fail the run under --strict".to_string(),
            ));
        }
        for t in targets.iter().filter(|t| doubtful.contains(&t.target)) {
            failures.push(Failure::of(
                &t.target,
                format!(
                    "not counted ({}), but {}: --strict fails on it",
                    why_not_counted(t),
                    got(t)
                ),
            ));
        }
    }

    let in_order = |ids: Vec<&String>| {
        let mut out: Vec<String> = Vec::new();
        for id in ids {
            if !out.contains(id) {
                out.push(id.clone());
            }
        }
        // Report order, whatever order the failures came in.
        out.sort_by_key(|id| {
            targets
                .iter()
                .position(|t| t.target == *id)
                .unwrap_or(usize::MAX)
        });
        out
    };
    let failed_targets = in_order(failures.iter().flat_map(|f| &f.targets).collect());
    let flagged = in_order(
        failures
            .iter()
            .flat_map(|f| &f.flagged)
            .chain(&doubtful)
            .collect(),
    );
    let passed = failures.is_empty();
    let tally = tally(counted.len(), not_counted, n_assumed, not_run);
    let messages: Vec<String> = failures.into_iter().map(|f| f.message).collect();
    let helps: Vec<(usize, Vec<String>)> = targets
        .iter()
        .enumerate()
        .filter(|(_, t)| flagged.contains(&t.target))
        .map(|(i, t)| {
            let doubtful = doubtful.contains(&t.target);
            (i, explain(t, doubtful, &counted, rules.trigger))
        })
        .collect();
    let doubts = doubts(targets, &doubtful, expect);
    let message = if !passed {
        format!("hook {hook}: {}", messages.join("; "))
    } else if let (Some(e), Some(d)) = (expect.describe(), &doubts) {
        format!("hook {hook}: as expected ({e}) on the counted agents; {d}; {tally}")
    } else if let Some(e) = expect.describe() {
        format!("hook {hook}: as expected ({e}); {tally}")
    } else if counted.is_empty() {
        format!("hook {hook}: nothing to compare; {tally}")
    } else {
        let also = doubts.map(|d| format!("; {d}")).unwrap_or_default();
        format!(
            "hook {hook}: {} counted tools agree: {}{also}; {tally}",
            counted.len(),
            counted[0].decision
        )
    };
    let summary = Summary {
        passed,
        exit_code: if passed { 0 } else { 1 },
        counted: counted.len(),
        not_counted,
        not_run,
        expect: expect.describe(),
        failures: messages,
        failed_targets,
        doubtful,
        flagged,
        message,
    };
    for (i, help) in helps {
        reports[i].help = help;
    }
    summary
}

/// The `help:` lines for `t`, an agent a failure flags: when it errors or times out where
/// others block, that the hook fails open there; then its deciding rule's fix, or (when it
/// has none) what its input lacks or where it puts what the guard reads. With no counted
/// agent deciding otherwise (one agent checked, or all alike), only the deciding rule's fix:
/// it is what that agent itself needs, and there is nothing to compare the input with.
fn explain(
    t: &TargetReport,
    doubtful: bool,
    counted: &[&TargetReport],
    trigger: &str,
) -> Vec<String> {
    if !(t.counted || doubtful) {
        return Vec::new();
    }
    if !counted.iter().any(|o| o.decision != t.decision) {
        return match (&t.fix, t.fired) {
            (Some(fix), true) => vec![fix.clone()],
            _ => Vec::new(),
        };
    }
    let blockers: Vec<&str> = counted
        .iter()
        .filter(|o| o.decision == Decision::Block && o.effect != Some(Effect::Proceeds))
        .map(|o| o.target.as_str())
        .collect();
    let mut out = Vec::new();
    // The matcher did not pick the call: nothing the hook reads or replies is at issue.
    if !t.fired {
        out.push(crate::help::not_picked(&t.target, t.trigger.as_deref()));
        return out;
    }
    let fails = matches!(t.decision, Decision::Error | Decision::Timeout);
    // The agent waited for a child the hook left: the payload has nothing to do with it.
    if fails && !blockers.is_empty() && t.commands.iter().any(|c| c.held_open) {
        out.push(crate::help::held_open(&t.target));
        return out;
    }
    // A blocker where the hook ended the same way with the same reply: then the agent's
    // reading of that reply is the difference, not the input it sent, and no field-name
    // guess is made. Another reply (an allow where the blocker got a deny) means the hook
    // read the input otherwise.
    let how = how_it_failed(t);
    let same = counted
        .iter()
        .filter(|o| blockers.contains(&o.target.as_str()))
        .find(|o| how_it_failed(o) == how && reply_of(o) == reply_of(t))
        .map(|o| o.target.as_str());
    if fails && !blockers.is_empty() && t.effect == Some(Effect::Proceeds) {
        out.push(crate::help::fails_open(&t.target, &how, same));
    }
    match (&t.fix, t.decision, same) {
        (Some(fix), _, _) => out.push(fix.clone()),
        (None, Decision::Allow, Some(b)) => {
            out.push(crate::help::read_otherwise(&t.target, &how, b));
        }
        (None, _, Some(_)) => {}
        (None, Decision::Error | Decision::Timeout, None) if !blockers.is_empty() => {
            out.push(crate::help::failing(&t.target, trigger, &blockers));
        }
        (None, Decision::Allow, None) if !blockers.is_empty() => {
            // The target of each agent, for the tool it called and the event it fired.
            let target = |id: &str| {
                std::iter::once(t)
                    .chain(counted.iter().copied())
                    .find(|o| o.target == id)
            };
            let tool = |id: &str| target(id).and_then(|o| o.trigger.clone());
            let event = |id: &str| target(id).and_then(|o| o.event.clone());
            out.push(crate::help::field(
                &t.target, trigger, &blockers, tool, event,
            ));
        }
        _ => {}
    }
    out
}

/// The agents that ran but are not counted, whose result contradicts what the check holds
/// true: their own or the global expectation, or with none the counted agents' one decision.
/// An assumed agent that allows an `rm -rf` the others block is one: the exit status still
/// rests on the counted agents, but nothing that lets the action through is hidden.
fn doubtful(targets: &[TargetReport], counted: &[&TargetReport], expect: &Expect) -> Vec<String> {
    let agreed = match counted.first() {
        Some(first) if counted.iter().all(|t| t.decision == first.decision) => Some(first),
        _ => None,
    };
    targets
        .iter()
        .filter(|t| !t.counted && t.fired && t.decision != Decision::NotRun)
        .filter(|t| match expect.for_tool(&t.target).or(expect.global) {
            // A per-agent expectation on a result not counted already fails the check.
            Some(_) if expect.per_tool.iter().any(|(id, _)| *id == t.target) => false,
            Some(want) => !want.met_by(t),
            None => agreed.is_some_and(|a| a.decision != t.decision || a.effect != t.effect),
        })
        .map(|t| t.target.clone())
        .collect()
}

/// Why `t` is not counted, in a few words.
fn why_not_counted(t: &TargetReport) -> String {
    if t.is_async {
        "async".to_string()
    } else if t.assumed_only() {
        let items: Vec<&str> = t.assumptions.iter().map(|a| a.item.as_str()).collect();
        format!("assumed: {}", items.join(", "))
    } else {
        "its reading is uncertain".to_string()
    }
}

/// The summary line's words for the doubtful agents: "1 agent not counted lets it through:
/// windsurf=allow (assumed: cwd)"; `None` when there are none.
fn doubts(targets: &[TargetReport], doubtful: &[String], expect: &Expect) -> Option<String> {
    if doubtful.is_empty() {
        return None;
    }
    let rows: Vec<&TargetReport> = targets
        .iter()
        .filter(|t| doubtful.contains(&t.target))
        .collect();
    let blocks = |w: Option<Want>| {
        matches!(
            w,
            Some(Want::Decision(Decision::Block)) | Some(Want::Effect(Effect::Blocked))
        )
    };
    let through = rows.iter().all(|t| {
        blocks(expect.for_tool(&t.target).or(expect.global))
            && !(t.decision == Decision::Block && t.effect != Some(Effect::Proceeds))
    });
    let n = rows.len();
    let (agents, verb, them) = if n == 1 {
        (
            "agent",
            if through {
                "lets it through"
            } else {
                "differs"
            },
            "it",
        )
    } else {
        (
            "agents",
            if through { "let it through" } else { "differ" },
            "them",
        )
    };
    let list: Vec<String> = rows
        .iter()
        .map(|t| format!("{}={} ({})", t.target, t.decision, why_not_counted(t)))
        .collect();
    Some(format!(
        "{n} {agents} not counted {verb}: {} (--strict fails on {them})",
        list.join(", ")
    ))
}

/// How the hook ended, as `help:` says it: "exits 1", "times out", "is killed by a signal".
/// What the command that decided for `t` wrote (its digest).
fn reply_of(t: &TargetReport) -> Option<u64> {
    deciding(t).map(|c| c.reply)
}

/// The command whose decision is `t`'s (the first when none is).
fn deciding(t: &TargetReport) -> Option<&crate::report::CommandReport> {
    t.commands
        .iter()
        .find(|c| c.decision == t.decision)
        .or(t.commands.first())
}

fn how_it_failed(t: &TargetReport) -> String {
    match deciding(t) {
        _ if t.decision == Decision::Timeout => "times out".to_string(),
        Some(c) if c.timed_out => "times out".to_string(),
        Some(c) if c.start_error.is_some() => "does not start".to_string(),
        Some(c) => match (c.exit_code, c.signal) {
            (Some(n), _) => format!("exits {n}"),
            (None, Some(s)) => format!("is killed by signal {s}"),
            _ => "fails".to_string(),
        },
        None => "fails".to_string(),
    }
}

/// The counted agents that differ from the rest: those outside the one largest group of a
/// decision, or every one when no group is largest.
fn differing(counted: &[&TargetReport]) -> Vec<String> {
    let size = |d: Decision| counted.iter().filter(|t| t.decision == d).count();
    let largest = counted.iter().map(|t| size(t.decision)).max().unwrap_or(0);
    let mut top: Vec<Decision> = counted
        .iter()
        .map(|t| t.decision)
        .filter(|d| size(*d) == largest)
        .collect();
    top.dedup();
    let majority = match top.as_slice() {
        [only] => Some(*only),
        _ => None,
    };
    counted
        .iter()
        .filter(|t| Some(t.decision) != majority)
        .map(|t| t.target.clone())
        .collect()
}

fn nothing_ran_message(n: usize) -> String {
    format!("nothing ran: none of the {n} tools checked runs this hook for this trigger")
}

fn nothing_counted(n_assumed: usize) -> String {
    if n_assumed > 0 {
        format!(
            "nothing was counted: {n_assumed} assumed result(s) are left out; pass --include-assumed to count them"
        )
    } else {
        "nothing was counted: no tool gave a result --expect can check".to_string()
    }
}

fn tally(counted: usize, not_counted: usize, assumed: usize, not_run: usize) -> String {
    let mut s = format!("{counted} counted");
    if not_counted > 0 {
        s.push_str(&format!(", {not_counted} not counted"));
        if assumed > 0 {
            s.push_str(&format!(" ({assumed} assumed; --include-assumed to count)"));
        }
    }
    if not_run > 0 {
        s.push_str(&format!(", {not_run} not run"));
    }
    s
}
