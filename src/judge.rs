//! Expectations, the comparison across tools, and the exit status.

use crate::report::{Summary, TargetReport};
use crate::verdict::Decision;

/// The exit status for "hookcheck could not run the check" (bad arguments, an unknown hook or
/// agent, an invalid spec or payload).
pub const EXIT_USAGE: i32 = 2;

/// What the user expects: one decision for every counted tool, and/or one per tool.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Expect {
    /// `--expect block`: every counted tool.
    pub global: Option<Decision>,
    /// `--expect claude=block`: that tool.
    pub per_tool: Vec<(String, Decision)>,
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
        let mut parts: Vec<String> = self
            .global
            .iter()
            .map(|d| expect_word(*d).to_string())
            .collect();
        parts.extend(
            self.per_tool
                .iter()
                .map(|(t, d)| format!("{t}={}", expect_word(*d))),
        );
        Some(parts.join(","))
    }

    /// Adds one `--expect` value: `block`, `claude=block,gemini=allow`, or both mixed.
    pub fn add(&mut self, value: &str, known_tool: impl Fn(&str) -> bool) -> Result<(), String> {
        for item in value.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            match item.split_once('=') {
                None => {
                    let d = parse_decision(item)?;
                    if self.global.is_some_and(|g| g != d) {
                        return Err(format!(
                            "--expect {item}: a second, different global expectation"
                        ));
                    }
                    self.global = Some(d);
                }
                Some((tool, word)) => {
                    let tool = tool.trim();
                    if !known_tool(tool) {
                        return Err(format!(
                            "--expect {item}: unknown tool `{tool}` (see `hookcheck tools`)"
                        ));
                    }
                    let d = parse_decision(word.trim())?;
                    self.per_tool.retain(|(t, _)| t != tool);
                    self.per_tool.push((tool.to_string(), d));
                }
            }
        }
        Ok(())
    }

    fn for_tool(&self, id: &str) -> Option<Decision> {
        self.per_tool.iter().find(|(t, _)| t == id).map(|(_, d)| *d)
    }
}

/// The words `--expect` takes.
pub const EXPECT_WORDS: &[&str] = &["allow", "block", "error", "timeout", "not-run"];

fn parse_decision(word: &str) -> Result<Decision, String> {
    Ok(match word {
        "allow" => Decision::Allow,
        "block" => Decision::Block,
        "error" => Decision::Error,
        "timeout" => Decision::Timeout,
        "not-run" | "not run" | "notrun" => Decision::NotRun,
        other => {
            return Err(format!(
                "--expect: `{other}` is not a decision; use one of {}",
                EXPECT_WORDS.join(", ")
            ));
        }
    })
}

fn expect_word(d: Decision) -> &'static str {
    match d {
        Decision::NotRun => "not-run",
        other => other.as_str(),
    }
}

/// Whether a target that ran was left out only for its assumptions (`--include-assumed` would
/// count it).
fn assumed(t: &TargetReport) -> bool {
    !t.counted
        && t.fired
        && !t.is_async
        && !t.assumptions.is_empty()
        && t.commands.iter().all(|c| c.counted)
}

/// Judges the verdicts: expectations, agreement, counted errors and timeouts.
pub fn judge(hook: &str, targets: &[TargetReport], expect: &Expect) -> Summary {
    let counted: Vec<&TargetReport> = targets.iter().filter(|t| t.counted).collect();
    let not_run = targets
        .iter()
        .filter(|t| t.decision == Decision::NotRun)
        .count();
    let not_counted = targets
        .iter()
        .filter(|t| !t.counted && t.decision != Decision::NotRun)
        .count();
    let n_assumed = targets.iter().filter(|t| assumed(t)).count();
    let mut failures = Vec::new();
    let mut disagree = false;

    for (id, want) in &expect.per_tool {
        let Some(t) = targets.iter().find(|t| t.target == *id) else {
            failures.push(format!(
                "{id}: expected {}, but {id} was not among the tools checked",
                expect_word(*want)
            ));
            continue;
        };
        if !t.counted && t.decision != Decision::NotRun {
            let why = if assumed(t) {
                "it rests on assumptions; pass --include-assumed to count it"
            } else {
                "its result is not counted (see its notes)"
            };
            failures.push(format!(
                "{id}: expected {}, got {} but {why}",
                expect_word(*want),
                t.decision
            ));
        } else if t.decision != *want {
            failures.push(format!(
                "{id}: expected {}, got {}",
                expect_word(*want),
                t.decision
            ));
        }
    }
    let unexpected = |t: &TargetReport| expect.for_tool(&t.target).is_none();
    match expect.global {
        Some(Decision::NotRun) => {
            for t in targets
                .iter()
                .filter(|t| unexpected(t))
                .filter(|t| t.decision != Decision::NotRun)
            {
                failures.push(format!(
                    "{}: expected not-run, got {}",
                    t.target, t.decision
                ));
            }
        }
        Some(want) => {
            let checked: Vec<&&TargetReport> = counted.iter().filter(|t| unexpected(t)).collect();
            if checked.is_empty() && expect.per_tool.is_empty() {
                failures.push(nothing_counted(n_assumed));
            }
            for t in checked.iter().filter(|t| t.decision != want) {
                failures.push(format!(
                    "{}: expected {}, got {}",
                    t.target,
                    expect_word(want),
                    t.decision
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
                failures.push(format!("tools decide differently: {}", list.join(", ")));
                disagree = true;
            }
            for t in counted
                .iter()
                .filter(|t| matches!(t.decision, Decision::Error | Decision::Timeout))
            {
                failures.push(format!(
                    "{}: a counted {} fails the check",
                    t.target, t.decision
                ));
            }
        }
        None => {}
    }

    // Every failure about one tool starts with its id; a disagreement involves every counted one.
    let mut failed_targets: Vec<String> = Vec::new();
    for t in targets {
        let named = failures.iter().any(|f| {
            f.strip_prefix(t.target.as_str())
                .is_some_and(|r| r.starts_with(": "))
        });
        if named || (disagree && t.counted) {
            failed_targets.push(t.target.clone());
        }
    }
    for (id, _) in &expect.per_tool {
        let missing = !targets.iter().any(|t| t.target == *id);
        if missing && failures.iter().any(|f| f.starts_with(&format!("{id}: "))) {
            failed_targets.push(id.clone());
        }
    }
    let passed = failures.is_empty();
    let tally = tally(counted.len(), not_counted, n_assumed, not_run);
    let message = if !passed {
        format!("hook {hook}: {}", failures.join("; "))
    } else if let Some(e) = expect.describe() {
        format!("hook {hook}: as expected ({e}); {tally}")
    } else if counted.is_empty() {
        format!("hook {hook}: nothing to compare; {tally}")
    } else {
        format!(
            "hook {hook}: {} counted tools agree: {}; {tally}",
            counted.len(),
            counted[0].decision
        )
    };
    Summary {
        passed,
        exit_code: if passed { 0 } else { 1 },
        counted: counted.len(),
        not_counted,
        not_run,
        expect: expect.describe(),
        failures,
        failed_targets,
        message,
    }
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
