//! The report of each target: its commands' readings combined, its streams cut to what the
//! report keeps, then the judgement.

use std::sync::OnceLock;

use super::dry::trigger_report;
use super::{Check, Planned, Read, input_of, specs_for};
use crate::exec::{self, Captured, Outcome};
use crate::judge;
use crate::report::{CommandReport, Keeps, Report, SCHEMA_VERSION, TargetReport};
use crate::spec::HookSpec;
use crate::tools::{Agent, Plan, PlannedCommand, ReadContext, RunPlan};
use crate::verdict::{Assumption, Decision, Reading};

/// Judges a planned check from the outcomes [`Planned::read`] took in (one that never came
/// in is reported as lost), keeping of each command's output what `keep` gives a check that
/// passed or failed as this one did.
pub fn finish(check: &Check, planned: Planned, keep: Keeps) -> Report {
    let skipped = planned.skipped();
    let Planned {
        plans,
        owners,
        read,
        started,
        unfired,
        inputs,
        ..
    } = planned;
    let mut streams = Vec::new();
    let mut targets = check
        .tools
        .iter()
        .zip(plans)
        .zip(owners)
        .zip(read)
        .zip(started)
        .zip(&inputs)
        .zip(skipped)
        .enumerate()
        .map(
            |(i, ((((((tool, plan), owner), read), started), parsed), skipped))| {
                let specs = specs_for(check, i);
                let ran = Ran {
                    read,
                    skipped,
                    owner: &owner,
                    parsed,
                };
                let (mut t, kept) = target_report(tool, plan, ran, check, specs);
                streams.push(kept);
                for (c, inv) in t.commands.iter_mut().zip(started) {
                    c.invocation = inv;
                }
                t.hook_file_missing = check.missing_files.get(i).copied().unwrap_or(false);
                // A warning placed at a handler this call does not fire is not this run's.
                let quiet = unfired.get(i).map_or(&[][..], Vec::as_slice);
                let fired = |w: &&String| !quiet.iter().any(|p| w.starts_with(&format!("{p}: ")));
                t.warnings.extend(
                    check
                        .warnings
                        .get(i)
                        .into_iter()
                        .flatten()
                        .filter(fired)
                        .cloned(),
                );
                t.notes
                    .extend(check.notes.get(i).into_iter().flatten().cloned());
                t
            },
        )
        .collect::<Vec<_>>();
    let rules = judge::Rules {
        expect: &check.expect,
        include_assumed: check.include_assumed,
        strict: check.strict,
        unloadable: &check.unloadable,
        trigger: check.trigger.kind(),
    };
    let summary = judge::judge(check.subject.name(), &mut targets, &rules);
    let keep = keep.of(summary.passed);
    for (t, kept) in targets.iter_mut().zip(streams) {
        for (c, (out, err)) in t.commands.iter_mut().zip(kept) {
            (c.stdout, c.stdout_dropped_bytes) = keep.apply(&out.bytes, out.total);
            (c.stderr, c.stderr_dropped_bytes) = keep.apply(&err.bytes, err.total);
        }
    }
    Report {
        schema_version: SCHEMA_VERSION,
        hook: check.subject.name().to_string(),
        spec: check.subject.source(),
        trigger: trigger_report(&check.trigger),
        targets,
        summary,
    }
}

/// Per command of a target, the first bytes of its stdout and stderr.
pub(super) type Streams = Vec<(Captured, Captured)>;

pub(super) fn empty_target(
    tool: &Agent,
    decision: Decision,
    event: Option<String>,
    reason: String,
) -> TargetReport {
    TargetReport {
        target: tool.id.to_string(),
        name: tool.name.to_string(),
        decision,
        effect: None,
        reason: Some(reason),
        event,
        trigger: None,
        fired: false,
        is_async: false,
        counted: false,
        commands: Vec::new(),
        notes: Vec::new(),
        warnings: Vec::new(),
        assumptions: Vec::new(),
        hook_file_missing: false,
        rule: None,
        fix: None,
        help: Vec::new(),
    }
}

/// What came of one target's planned commands.
pub(super) struct Ran<'a> {
    /// Per command, what was read of its outcome.
    read: Vec<Option<Read>>,
    /// Per command, whether it never ran because a hook before it stopped the action.
    skipped: Vec<bool>,
    /// Per command, the index of the spec it came from.
    owner: &'a [usize],
    /// The input the commands were given, parsed once.
    parsed: &'a OnceLock<serde_json::Value>,
}

pub(super) fn target_report(
    tool: &Agent,
    plan: Plan,
    ran: Ran,
    check: &Check,
    specs: &[HookSpec],
) -> (TargetReport, Streams) {
    match plan {
        Plan::NotRun { event, reason } => (
            empty_target(tool, Decision::NotRun, event, reason),
            Vec::new(),
        ),
        Plan::Skipped {
            event,
            trigger,
            reason,
        } => {
            let mut t = empty_target(
                tool,
                Decision::Allow,
                Some(event),
                format!("not run: {reason}"),
            );
            t.effect = Some(crate::verdict::Effect::Proceeds);
            t.trigger = trigger;
            t.counted = true;
            (t, Vec::new())
        }
        Plan::Run(run) => ran_target(tool, run, ran, check, specs),
    }
}

pub(super) fn ran_target(
    tool: &Agent,
    run: RunPlan,
    ran: Ran,
    check: &Check,
    specs: &[HookSpec],
) -> (TargetReport, Streams) {
    let Ran {
        read,
        skipped,
        owner,
        parsed,
    } = ran;
    let Some(first) = specs.first() else {
        let t = empty_target(tool, Decision::NotRun, Some(run.event), "no spec".into());
        return (t, Vec::new());
    };
    let rcx = ReadContext {
        event: &run.event,
        spec: first,
        input: input_of(check, &run, parsed),
        peers: &check.peers,
    };
    let mut commands = Vec::new();
    let mut streams = Vec::new();
    let mut judged: Vec<Reading> = Vec::new();
    // Per judged reading: it is of a later event fired on the same call (`Run::also_fires`).
    let mut later: Vec<bool> = Vec::new();
    let mut background: Vec<Reading> = Vec::new();
    let mut not_run_reasons = Vec::new();
    let mut read = read.into_iter();
    for (k, planned) in run.commands.iter().enumerate() {
        let PlannedCommand {
            display,
            invocation,
            is_async,
            pasted: _,
            event,
            input: _,
        } = planned;
        let done = read.next().flatten();
        if skipped.get(k).copied().unwrap_or(false) {
            let reason = after_block(tool, event.as_deref().unwrap_or(&run.event));
            commands.push(not_run_command(display, &reason, *is_async));
            streams.push(Default::default());
            continue;
        }
        match invocation {
            Err(reason) => {
                not_run_reasons.push(reason.clone());
                commands.push(not_run_command(display, reason, *is_async));
                streams.push(Default::default());
            }
            Ok(inv) => {
                let Read {
                    reading,
                    report,
                    stdout,
                    stderr,
                } = done.unwrap_or_else(|| {
                    // Cannot happen (every outcome is read), but never panic over it.
                    let spec = owner.get(k).and_then(|i| specs.get(*i)).unwrap_or(first);
                    let own = ReadContext { spec, ..rcx };
                    let outcome = missing_outcome(inv);
                    let reading = tool.read(&own, &outcome);
                    let report = command_report(display, outcome, &reading, inv.timeout, *is_async);
                    Read {
                        reading,
                        report,
                        stdout: Captured::default(),
                        stderr: Captured::default(),
                    }
                });
                commands.push(report);
                streams.push((stdout, stderr));
                if *is_async {
                    background.push(reading)
                } else {
                    judged.push(reading);
                    later.push(event.is_some());
                }
            }
        }
    }
    if judged.is_empty() && background.is_empty() {
        let reason = not_run_reasons.join("; ");
        let mut t = empty_target(tool, Decision::NotRun, Some(run.event), reason);
        t.commands = commands;
        t.trigger = run.trigger;
        return (t, streams);
    }
    let is_async = judged.is_empty();
    let mut notes = run.notes.clone();
    // A later event fires only when the first let the call through without approving it.
    if let Some(note) = approved_first(tool, &rcx, &mut judged, &later) {
        notes.push(note);
    }
    let combined = tool.combine(&rcx, if is_async { &background } else { &judged });
    // The agent's static facts (`Tool::notes`) live in `hookcheck tools`, not in every run.
    if is_async {
        notes.push(format!(
            "{} does not wait for this hook: its result is shown, not judged",
            tool.name
        ));
    }
    // Whether an assumed result counts is the judge's to say (`--include-assumed`).
    let counted = !is_async && combined.counted;
    let mut assumptions = run.assumptions;
    if let Some(a) = killed_in_the_agents_group(tool, &commands) {
        assumptions.push(a);
    }
    let t = TargetReport {
        target: tool.id.to_string(),
        name: tool.name.to_string(),
        decision: combined.decision,
        effect: Some(combined.effect),
        reason: None,
        event: Some(run.event),
        trigger: run.trigger,
        fired: true,
        is_async,
        counted,
        commands,
        notes,
        warnings: Vec::new(),
        assumptions,
        hook_file_missing: false,
        rule: combined.rule,
        fix: combined.fix,
        help: Vec::new(),
    };
    (t, streams)
}

/// Where the first event's hooks approved the call (their combined decision an allow one of
/// them stated), the later event's (`Run::also_fires`, `later` per reading) never fire: their
/// readings are dropped from `judged`, and the note says so, as the agents recorded in
/// fixtures/live/events ran the call after a stated before-tool allow though the later hook
/// blocks (docs/dev/lifecycle.md, "several events on one call").
fn approved_first(
    tool: &Agent,
    rcx: &ReadContext,
    judged: &mut Vec<Reading>,
    later: &[bool],
) -> Option<String> {
    if !later.iter().any(|l| *l) {
        return None;
    }
    let first: Vec<Reading> = judged
        .iter()
        .zip(later)
        .filter(|(_, l)| !**l)
        .map(|(r, _)| r.clone())
        .collect();
    let stated = first
        .iter()
        .any(|r| r.decided && r.decision == Decision::Allow);
    if first.is_empty() || !stated || tool.combine(rcx, &first).decision != Decision::Allow {
        return None;
    }
    *judged = first;
    Some(format!(
        "a hook on {} approved the call: {} does not fire the later event's hooks, and they do not decide",
        rcx.event, tool.name
    ))
}

/// A reply cut at the capture limit is not the reply the agent reads: a valid JSON reply
/// over the limit reads as "not valid JSON". The reading of a hook that ran to its end with
/// its stdout cut is not counted, whatever it says, and the note says why.
pub(super) fn cut_reply(
    tool: &Agent,
    outcome: &Outcome,
    mut reading: Reading,
    limit: usize,
) -> Reading {
    let dropped = outcome.stdout.truncated();
    // An agent that reads less than hookcheck kept reads just what was kept.
    let agent_reads_less = tool.output_limit().is_some_and(|n| n <= limit);
    if dropped == 0 || outcome.timed_out || outcome.start_error.is_some() || agent_reads_less {
        return reading;
    }
    let limit = crate::contract::describe::bytes_text(limit);
    reading.counted = false;
    reading.notes.push(format!(
        "stdout over {limit} was cut ({dropped} bytes dropped): hookcheck cannot read the reply \
         as {} would, so this result is not counted",
        tool.name
    ));
    reading
}

/// Cannot happen (one outcome per invocation), but never panic over it.
pub(super) fn missing_outcome(inv: &exec::Invocation) -> Outcome {
    Outcome {
        exit_code: None,
        signal: None,
        stdout: Default::default(),
        stderr: Default::default(),
        timed_out: false,
        start_error: Some(format!("hookcheck lost the outcome of `{}`", inv.program)),
        elapsed: Default::default(),
        leftovers: false,
        pipes_held: false,
        held_open: false,
    }
}

/// Why a command did not run: a hook before it on `event` stopped the action, and the agent
/// runs none after that.
fn after_block(tool: &Agent, event: &str) -> String {
    let source = tool
        .contract()
        .and_then(|c| c.run.stops_at_block)
        .unwrap_or_default();
    format!(
        "an earlier hook on {event} stopped the action, and {} runs none after it ({source})",
        tool.name
    )
}

pub(super) fn not_run_command(display: &str, reason: &str, is_async: bool) -> CommandReport {
    CommandReport {
        command: display.to_string(),
        decision: Decision::NotRun,
        effect: None,
        exit_code: None,
        signal: None,
        elapsed_ms: 0,
        timed_out: false,
        timeout_s: 0,
        timeout_ms: 0,
        start_error: None,
        stdout: String::new(),
        stderr: String::new(),
        reply: 0,
        stdout_dropped_bytes: 0,
        stderr_dropped_bytes: 0,
        adds_context: false,
        rewrites_input: false,
        left_processes: false,
        held_open: false,
        is_async,
        counted: false,
        notes: vec![format!("not run: {reason}")],
        why: None,
        invocation: None,
    }
}

/// The assumption a hook killed by a signal (not hookcheck's timeout) rests on when the agent
/// runs its hooks in its own process group: the signal may have been sent to the group
/// (`kill 0`), which there is the agent's, and ends it. hookcheck cannot run a hook in its
/// own group to see (the signal would end hookcheck), so the hook leads a group of its own.
fn killed_in_the_agents_group(tool: &Agent, commands: &[CommandReport]) -> Option<Assumption> {
    let c = tool.contract()?;
    if c.run.launch.group != crate::contract::Place::Agents {
        return None;
    }
    let signal = commands
        .iter()
        .find_map(|c| c.signal.filter(|_| !c.timed_out))?;
    Some(crate::plan::assumed::killed_in_the_agents_group(
        tool.name, signal,
    ))
}

/// The digest of a reply ([`CommandReport::reply`]): its stdout and stderr bytes.
pub(super) fn reply_digest(stdout: &Captured, stderr: &Captured) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (&stdout.bytes, &stderr.bytes).hash(&mut h);
    h.finish()
}

pub(super) fn command_report(
    display: &str,
    o: Outcome,
    r: &Reading,
    timeout: std::time::Duration,
    is_async: bool,
) -> CommandReport {
    let mut notes = r.notes.clone();
    if o.leftovers {
        notes.push("the hook left processes running; hookcheck killed them".to_string());
    }
    if o.held_open {
        notes.push(
            "the hook exited, but a child it left kept stdout or stderr open until the timeout"
                .to_string(),
        );
    }
    if o.pipes_held {
        notes.push(
            "a process outside the hook's group kept its output open; hookcheck stopped reading"
                .to_string(),
        );
    }
    CommandReport {
        command: display.to_string(),
        decision: r.decision,
        effect: Some(r.effect),
        exit_code: o.exit_code,
        signal: o.signal,
        elapsed_ms: u64::try_from(o.elapsed.as_millis()).unwrap_or(u64::MAX),
        timed_out: o.timed_out,
        // Whole seconds, rounded up (a 100 ms timeout is not 0 s).
        timeout_s: timeout
            .as_millis()
            .div_ceil(1000)
            .try_into()
            .unwrap_or(u64::MAX),
        timeout_ms: timeout.as_millis().try_into().unwrap_or(u64::MAX),
        start_error: o.start_error,
        // Filled in by `finish`, once it knows how much the report keeps.
        stdout: String::new(),
        stderr: String::new(),
        reply: 0,
        stdout_dropped_bytes: 0,
        stderr_dropped_bytes: 0,
        adds_context: r.adds_context,
        rewrites_input: r.rewrites_input,
        left_processes: o.leftovers,
        held_open: o.held_open,
        is_async,
        counted: r.counted,
        notes,
        why: r.why.clone(),
        invocation: None,
    }
}
