//! One check, end to end: plan per tool, execute every command concurrently, read and combine
//! per tool, judge.

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::Arc;

use crate::event::Firing;
use crate::exec::{self, Captured, Limits, Outcome};
use crate::judge::{self, Expect};
use crate::report::{
    CommandReport, DryCommand, DryRunReport, DryTarget, InvocationReport, Keep, Keeps, Report,
    SCHEMA_VERSION, TargetReport, TriggerReport,
};
use crate::spec::HookSpec;
use crate::tools::{self, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::trigger::Trigger;
use crate::verdict::{Decision, Reading};

/// What a check runs: one spec for every tool, or each tool's installed handlers.
pub enum Subject {
    /// One hook spec, planned by every tool.
    Spec(Box<HookSpec>),
    /// Handlers read from the agents' own files, as native specs: one list per tool in
    /// [`Check::tools`] order. A tool's handlers that fire are merged into one target.
    Installed {
        /// Each tool's handlers.
        specs: Vec<Vec<HookSpec>>,
        /// The files read, for the report.
        files: Vec<String>,
    },
}

impl Subject {
    /// The name the report shows.
    pub fn name(&self) -> &str {
        match self {
            Subject::Spec(s) => &s.name,
            Subject::Installed { .. } => "installed",
        }
    }

    /// The spec file, or the hook files read.
    pub fn source(&self) -> String {
        match self {
            Subject::Spec(s) => s.file.path.display().to_string(),
            Subject::Installed { files, .. } => files.join(", "),
        }
    }
}

/// Everything one check needs.
pub struct Check {
    /// What runs.
    pub subject: Subject,
    /// Warnings per tool, in [`Check::tools`] order (missing entries: none).
    pub warnings: Vec<Vec<String>>,
    /// Notes per tool, in [`Check::tools`] order (missing entries: none).
    pub notes: Vec<Vec<String>>,
    /// What the agent is about to do.
    pub trigger: Trigger,
    /// The tools to check, in report order.
    pub tools: Vec<&'static Tool>,
    /// What the user expects.
    pub expect: Expect,
    /// Count results that rest on assumptions.
    pub include_assumed: bool,
    /// Warnings fail the check (`--strict`).
    pub strict: bool,
    /// Hook files an agent of this check cannot load.
    pub unloadable: Vec<judge::Unloadable>,
    /// Per tool, in [`Check::tools`] order: its own hook file is missing (missing entries:
    /// not missing).
    pub missing_files: Vec<bool>,
    /// Report exactly what each command is started with (`-vv`, `--dry-run`).
    pub show_invocations: bool,
    /// The event that fires (`--event`, or the payload's `hook_event_name`): hooks on
    /// other events do not run. `None`: the hook's own event fires.
    pub firing: Option<Firing>,
    /// How many hooks may run at once.
    pub jobs: usize,
    /// The project root (absolute).
    pub root: PathBuf,
    /// The user's home folder.
    pub home: PathBuf,
    /// The caller's environment.
    pub env: Vec<(String, String)>,
    /// Process limits.
    pub limits: Limits,
    /// The other valid specs found beside this one.
    pub peers: Vec<HookSpec>,
}

/// The default for `--jobs`: hooks mostly wait on processes, so a few per core.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()) * 4
}

/// A check whose commands are planned; each outcome is read as it comes in, and only what
/// the report keeps of it stays.
pub struct Planned {
    plans: Vec<Plan>,
    /// Per tool, the index (in that tool's specs) of the spec each planned command came from.
    owners: Vec<Vec<usize>>,
    /// Per invocation, in [`Planned::invocations`] order: its tool and its command there.
    slots: Vec<(usize, usize)>,
    /// Per tool and command: what was read from its outcome, once it came in.
    read: Vec<Vec<Option<Read>>>,
    /// Per tool and command, what it is started with, when the check reports it.
    started: Vec<Vec<Option<InvocationReport>>>,
}

/// One command's outcome, read: the reading, the report of the run (its streams still empty),
/// and the first bytes of each stream that the report may keep.
struct Read {
    reading: Reading,
    report: CommandReport,
    stdout: Captured,
    stderr: Captured,
}

impl Planned {
    /// The processes to start, in the order [`Planned::read`] numbers their outcomes.
    pub fn invocations(&self) -> Vec<exec::Invocation> {
        self.slots
            .iter()
            .filter_map(|&(t, k)| self.invocation(t, k).cloned())
            .collect()
    }

    /// How many processes the check starts.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the check starts no process.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Invocation `i` (in [`Planned::invocations`] order) to start: its arguments and
    /// environment move out of the plan, which keeps only what reading its outcome needs.
    pub fn start(&mut self, i: usize) -> Option<exec::Invocation> {
        let &(t, k) = self.slots.get(i)?;
        let Plan::Run(run) = self.plans.get_mut(t)? else {
            return None;
        };
        let inv = run.commands.get_mut(k)?.invocation.as_mut().ok()?;
        Some(exec::Invocation {
            program: inv.program.clone(),
            args: std::mem::take(&mut inv.args),
            env: std::mem::take(&mut inv.env),
            cwd: inv.cwd.clone(),
            stdin: Arc::clone(&inv.stdin),
            timeout: inv.timeout,
        })
    }

    fn invocation(&self, tool: usize, command: usize) -> Option<&exec::Invocation> {
        match self.plans.get(tool)? {
            Plan::Run(run) => run.commands.get(command)?.invocation.as_ref().ok(),
            _ => None,
        }
    }

    /// Reads the outcome of invocation `i` as its tool reads it, and keeps of its output only
    /// what `keep` lets a report show; the outcome itself is dropped here. Returns how many
    /// bytes of output it kept.
    pub fn read(&mut self, check: &Check, i: usize, mut outcome: Outcome, keep: Keeps) -> usize {
        let Some(&(t, k)) = self.slots.get(i) else {
            return 0;
        };
        let (Some(tool), Some(Plan::Run(run))) = (check.tools.get(t), self.plans.get(t)) else {
            return 0;
        };
        let specs = specs_for(check, t);
        let (Some(first), Some(planned)) = (specs.first(), run.commands.get(k)) else {
            return 0;
        };
        let Ok(inv) = &planned.invocation else {
            return 0;
        };
        let spec = self
            .owners
            .get(t)
            .and_then(|o| o.get(k))
            .and_then(|i| specs.get(*i))
            .unwrap_or(first);
        let input = input_of(check, run);
        let own = ReadContext {
            event: &run.event,
            spec,
            input: &input,
            peers: &check.peers,
        };
        let reading = cut_reply(
            tool,
            &outcome,
            tool.read(&own, &outcome),
            check.limits.capture_bytes,
        );
        let stdout = cut(&mut outcome.stdout, keep);
        let stderr = cut(&mut outcome.stderr, keep);
        let timeout_s = inv.timeout.as_secs();
        let report = command_report(
            &planned.display,
            outcome,
            &reading,
            timeout_s,
            planned.is_async,
        );
        let kept = stdout.bytes.len() + stderr.bytes.len();
        if let Some(slot) = self.read.get_mut(t).and_then(|r| r.get_mut(k)) {
            *slot = Some(Read {
                reading,
                report,
                stdout,
                stderr,
            });
        }
        kept
    }
}

/// The first bytes of `c` either cap of `keep` may show, copied out of it: the capture's own
/// buffer is freed whole (shrinking it in place would pin a small piece in the middle of the
/// next capture's room and fragment the heap).
fn cut(c: &mut Captured, keep: Keeps) -> Captured {
    let bytes = std::mem::take(&mut c.bytes);
    Captured {
        bytes: bytes[..keep.fits(&bytes)].to_vec(),
        total: c.total,
    }
}

/// The input every command of a run gets: the user's `--payload` itself when the run sends it
/// unchanged (no copy), else read back from the first command's stdin.
fn input_of<'a>(check: &'a Check, run: &RunPlan) -> Cow<'a, serde_json::Value> {
    let stdin = run
        .commands
        .iter()
        .find_map(|c| c.invocation.as_ref().ok())
        .map(|inv| &inv.stdin);
    match (&check.trigger, stdin) {
        (Trigger::Payload { value, stdin, .. }, Some(s)) if Arc::ptr_eq(stdin, s) => {
            Cow::Borrowed(value)
        }
        (_, s) => Cow::Owned(
            s.and_then(|s| serde_json::from_slice(s).ok())
                .unwrap_or_default(),
        ),
    }
}

/// Plans the check: what each tool would run.
pub fn plan(check: &Check) -> Planned {
    let env = tools::scrub_env(check.env.iter().cloned());
    let mut plans = Vec::new();
    let mut owners = Vec::new();
    for (i, tool) in check.tools.iter().enumerate() {
        let specs = specs_for(check, i);
        let cx = |spec| PlanContext {
            spec,
            trigger: &check.trigger,
            root: &check.root,
            home: &check.home,
            env: &env,
        };
        let (plan, owner) = match &check.subject {
            Subject::Spec(spec) if !spec.targets_tool(tool.id) => (
                Plan::NotRun {
                    event: None,
                    reason: format!("the spec's `targets` leave out {}", tool.id),
                },
                Vec::new(),
            ),
            Subject::Spec(spec) => {
                let plan = on_firing(check, tool, plan_one(tool, &cx(spec)));
                let n = match &plan {
                    Plan::Run(r) => r.commands.len(),
                    _ => 0,
                };
                (plan, vec![0; n])
            }
            Subject::Installed { .. } => {
                let each: Vec<Plan> = specs.iter().map(|s| plan_one(tool, &cx(s))).collect();
                match &check.firing {
                    None => merge(tool, specs, each),
                    Some(f) => merge_firing(tool, specs, each, f),
                }
            }
        };
        plans.push(plan);
        owners.push(owner);
    }
    let mut slots = Vec::new();
    let mut read = Vec::new();
    let mut started = Vec::new();
    for (t, plan) in plans.iter().enumerate() {
        let commands = match plan {
            Plan::Run(run) => run.commands.as_slice(),
            _ => &[],
        };
        for (k, c) in commands.iter().enumerate() {
            if c.invocation.is_ok() {
                slots.push((t, k));
            }
        }
        read.push(commands.iter().map(|_| None).collect());
        started.push(
            commands
                .iter()
                .map(|c| match &c.invocation {
                    Ok(inv) if check.show_invocations => Some(invocation_report(inv, &env)),
                    _ => None,
                })
                .collect(),
        );
    }
    Planned {
        plans,
        owners,
        slots,
        read,
        started,
    }
}

/// With no trigger, when no agent runs the hook (its event is about a tool call or a prompt):
/// the flags under which some agent would, for the error that says what to pass. `None` when
/// a trigger was given, when some agent runs the hook as it is, or when no flag would help.
pub fn missing_trigger(check: &Check) -> Option<Vec<&'static str>> {
    if check.trigger != Trigger::None || takes(check, &Trigger::None) > 0 {
        return None;
    }
    let probes = [
        ("--bash CMD", Trigger::Bash("true".into())),
        (
            "--edit PATH",
            Trigger::Edit {
                path: check.root.join("hookcheck-probe"),
                exists: false,
            },
        ),
        (
            "--read PATH",
            Trigger::Read(check.root.join("hookcheck-probe")),
        ),
        ("--prompt TEXT", Trigger::Prompt("hello".into())),
    ];
    let ranked: Vec<(&'static str, u8)> = probes
        .into_iter()
        .map(|(flag, trigger)| (flag, takes(check, &trigger)))
        .collect();
    // The flags under which a hook runs; else those that at least reach its matcher.
    let best = ranked.iter().map(|(_, r)| *r).max().unwrap_or(0);
    (best > 0).then(|| {
        ranked
            .into_iter()
            .filter(|(_, r)| *r == best)
            .map(|(flag, _)| flag)
            .collect()
    })
}

/// How far `trigger` gets with some tool and one of its specs: 2 the hook runs, 1 it reaches
/// the matcher (which does not pick it), 0 no tool's event takes it.
fn takes(check: &Check, trigger: &Trigger) -> u8 {
    let env = Vec::new();
    let mut best = 0;
    for (i, tool) in check.tools.iter().enumerate() {
        for spec in specs_for(check, i) {
            if !spec.targets_tool(tool.id) {
                continue;
            }
            let plan = tool.plan(&PlanContext {
                spec,
                trigger,
                root: &check.root,
                home: &check.home,
                env: &env,
            });
            if check.firing.as_ref().is_some_and(|f| !f.keeps(tool, &plan)) {
                continue;
            }
            best = best.max(match plan {
                Plan::Run(_) => 2,
                Plan::Skipped { .. } => 1,
                Plan::NotRun { .. } => 0,
            });
        }
    }
    best
}

/// What each tool would run for the check, and with what input, without running anything.
pub fn dry_run(check: &Check) -> DryRunReport {
    let env = tools::scrub_env(check.env.iter().cloned());
    let planned = plan(check);
    let mut would_start = 0;
    let targets = check
        .tools
        .iter()
        .zip(planned.plans)
        .map(|(tool, plan)| {
            let mut t = DryTarget {
                target: tool.id.to_string(),
                name: tool.name.to_string(),
                event: None,
                trigger: None,
                reason: None,
                commands: Vec::new(),
                assumptions: Vec::new(),
                notes: Vec::new(),
            };
            match plan {
                Plan::NotRun { event, reason } => {
                    t.event = event;
                    t.reason = Some(reason);
                }
                Plan::Skipped {
                    event,
                    trigger,
                    reason,
                } => {
                    t.event = Some(event);
                    t.trigger = trigger;
                    t.reason = Some(format!("not run: {reason}"));
                }
                Plan::Run(run) => {
                    t.event = Some(run.event);
                    t.trigger = run.trigger;
                    t.assumptions = run.assumptions;
                    t.notes = run.notes;
                    for c in run.commands {
                        let (invocation, not_run) = match &c.invocation {
                            Ok(inv) => (Some(invocation_report(inv, &env)), None),
                            Err(reason) => (None, Some(reason.clone())),
                        };
                        would_start += usize::from(invocation.is_some());
                        t.commands.push(DryCommand {
                            command: c.display,
                            is_async: c.is_async,
                            invocation,
                            not_run,
                        });
                    }
                }
            }
            t
        })
        .collect();
    DryRunReport {
        schema_version: SCHEMA_VERSION,
        hook: check.subject.name().to_string(),
        spec: check.subject.source(),
        trigger: trigger_report(&check.trigger),
        targets,
        would_start,
    }
}

fn trigger_report(trigger: &Trigger) -> TriggerReport {
    TriggerReport {
        kind: trigger.kind().to_string(),
        value: trigger.value(),
    }
}

/// What an invocation starts, for people: environment names only, split into those the agent
/// sets or changes and those passed on from `caller` (hookcheck's environment, scrubbed).
fn invocation_report(inv: &exec::Invocation, caller: &[(String, String)]) -> InvocationReport {
    let mut env_set = Vec::new();
    let mut env_inherited = Vec::new();
    for (k, v) in &inv.env {
        if caller.iter().any(|(ck, cv)| ck == k && cv == v) {
            env_inherited.push(k.clone());
        } else {
            env_set.push(k.clone());
        }
    }
    env_set.sort();
    env_inherited.sort();
    let mut argv = vec![inv.program.clone()];
    argv.extend(inv.args.iter().cloned());
    InvocationReport {
        argv,
        cwd: inv.cwd.display().to_string(),
        timeout_ms: u64::try_from(inv.timeout.as_millis()).unwrap_or(u64::MAX),
        env_set,
        env_inherited,
        stdin: String::from_utf8_lossy(&inv.stdin).into_owned(),
    }
}

/// One tool's plan for one spec, less what hookcheck cannot predict: a matcher that ran out of
/// its match budget, or a command with no time at all.
fn plan_one(tool: &Tool, cx: &PlanContext) -> Plan {
    let _ = crate::matcher::take_budget_hits();
    let plan = tool.plan(cx);
    let hits = crate::matcher::take_budget_hits();
    if let Some((pattern, haystack)) = hits.first() {
        let event = match &plan {
            Plan::Run(r) => Some(r.event.clone()),
            Plan::Skipped { event, .. } => Some(event.clone()),
            Plan::NotRun { event, .. } => event.clone(),
        };
        let budget = crate::matcher::DEFAULT_MATCH_TIMEOUT.as_millis();
        return Plan::NotRun {
            event,
            reason: format!(
                "matcher \"{pattern}\" ran past hookcheck's {budget} ms match budget on \"{haystack}\" \
                 (catastrophic backtracking): {} may hang or give up here, so whether it matches is unknown",
                tool.name
            ),
        };
    }
    no_zero_timeout(tool, plan)
}

/// A command planned with no time at all is not run: whether the agent stops it at once or
/// never is not documented, and its verdict would change run to run (a native file's
/// `timeout: 0`; a spec's is refused when loaded).
fn no_zero_timeout(tool: &Tool, mut plan: Plan) -> Plan {
    if let Plan::Run(run) = &mut plan {
        for c in &mut run.commands {
            if c.invocation.as_ref().is_ok_and(|inv| inv.timeout.is_zero()) {
                c.invocation = Err(format!(
                    "timeout 0: {} does not say what 0 means, so the verdict would change run to run",
                    tool.name
                ));
            }
        }
    }
    plan
}

/// The specs planned for the tool at `index`.
fn specs_for(check: &Check, index: usize) -> &[HookSpec] {
    match &check.subject {
        Subject::Spec(s) => std::slice::from_ref(s),
        Subject::Installed { specs, .. } => specs.get(index).map_or(&[], Vec::as_slice),
    }
}

/// A spec's plan when another event fires: not run, saying so.
fn on_firing(check: &Check, tool: &Tool, plan: Plan) -> Plan {
    match &check.firing {
        Some(f) if !f.keeps(tool, &plan) => {
            let event = Firing::event_of(&plan).map(str::to_string);
            Plan::NotRun {
                reason: format!(
                    "{} fires {} here ({}), and this hook is on {}",
                    tool.name,
                    f.name,
                    f.from,
                    event.as_deref().unwrap_or("another event")
                ),
                event,
            }
        }
        _ => plan,
    }
}

/// [`merge`] of only the installed handlers on the event that fires.
fn merge_firing(
    tool: &Tool,
    specs: &[HookSpec],
    plans: Vec<Plan>,
    firing: &Firing,
) -> (Plan, Vec<usize>) {
    let (kept, plans): (Vec<usize>, Vec<Plan>) = plans
        .into_iter()
        .enumerate()
        .filter(|(_, p)| Firing::event_of(p).is_some_and(|e| firing.fires(tool.id, e)))
        .unzip();
    if kept.is_empty() {
        return (
            Plan::NotRun {
                event: None,
                reason: format!(
                    "no installed {} handler runs on {} ({})",
                    tool.name, firing.name, firing.from
                ),
            },
            Vec::new(),
        );
    }
    let subset: Vec<HookSpec> = kept.iter().filter_map(|i| specs.get(*i).cloned()).collect();
    let (plan, owner) = merge(tool, &subset, plans);
    let owner = owner
        .into_iter()
        .map(|j| kept.get(j).copied().unwrap_or(j))
        .collect();
    (plan, owner)
}

/// One tool's plans for several installed handlers, as one: the handlers that run on the
/// earliest event that fires (in the tool's event order), each command showing its file:line.
fn merge(tool: &Tool, specs: &[HookSpec], plans: Vec<Plan>) -> (Plan, Vec<usize>) {
    if plans.is_empty() {
        return (
            Plan::NotRun {
                event: None,
                reason: format!("no installed {} handler", tool.name),
            },
            Vec::new(),
        );
    }
    let rank = |e: &str| {
        tool.event_names()
            .iter()
            .position(|x| *x == e)
            .unwrap_or(usize::MAX)
    };
    let first = plans
        .iter()
        .filter_map(|p| match p {
            Plan::Run(r) => Some(r.event.clone()),
            _ => None,
        })
        .min_by_key(|e| rank(e));
    let Some(first) = first else {
        let mut skipped = None;
        let mut reasons = Vec::new();
        for (spec, p) in specs.iter().zip(&plans) {
            match p {
                Plan::Skipped {
                    event,
                    trigger,
                    reason,
                } => {
                    reasons.push(format!("{}: {reason}", spec.name));
                    skipped.get_or_insert((event.clone(), trigger.clone()));
                }
                Plan::NotRun { reason, .. } => reasons.push(format!("{}: {reason}", spec.name)),
                Plan::Run(_) => {}
            }
        }
        let reason = reasons.join("; ");
        return match skipped {
            Some((event, trigger)) => (
                Plan::Skipped {
                    event,
                    trigger,
                    reason,
                },
                Vec::new(),
            ),
            None => (
                Plan::NotRun {
                    event: None,
                    reason,
                },
                Vec::new(),
            ),
        };
    };
    let mut merged = RunPlan {
        event: first.clone(),
        trigger: None,
        commands: Vec::new(),
        assumptions: Vec::new(),
        notes: Vec::new(),
    };
    let mut owner = Vec::new();
    let mut later: Vec<String> = Vec::new();
    for (i, (spec, p)) in specs.iter().zip(plans).enumerate() {
        let run = match p {
            Plan::Run(run) => run,
            // A handler the agent loads but hookcheck does not run is named, not left out.
            Plan::NotRun { reason, .. } => {
                merged
                    .notes
                    .push(format!("{}: not run: {reason}", spec.name));
                continue;
            }
            Plan::Skipped { .. } => continue,
        };
        // One event in two spellings (a cross-read file's `PreToolUse`, the agent's own
        // `preToolUse`) fires at once: each agent's loader says which spellings are one event.
        if !crate::tools::native::same_event(tool.id, &run.event, &first) {
            later.push(format!("{} ({})", spec.name, run.event));
            continue;
        }
        merged.trigger = merged.trigger.or(run.trigger);
        for mut c in run.commands {
            c.display = format!("{}  ({})", c.display, spec.name);
            merged.commands.push(c);
            owner.push(i);
        }
        for a in run.assumptions {
            if !merged.assumptions.contains(&a) {
                merged.assumptions.push(a);
            }
        }
        for n in run.notes {
            if !merged.notes.contains(&n) {
                merged.notes.push(n);
            }
        }
    }
    if !later.is_empty() {
        merged.notes.push(format!(
            "handlers on later events are not run here: {}",
            later.join(", ")
        ));
    }
    (Plan::Run(merged), owner)
}

/// Judges a planned check from the outcomes [`Planned::read`] took in (one that never came
/// in is reported as lost), keeping of each command's output what `keep` gives a check that
/// passed or failed as this one did.
pub fn finish(check: &Check, planned: Planned, keep: Keeps) -> Report {
    let Planned {
        plans,
        owners,
        read,
        started,
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
        .enumerate()
        .map(|(i, ((((tool, plan), owner), read), started))| {
            let specs = specs_for(check, i);
            let (mut t, kept) = target_report(tool, plan, read, check, specs, &owner);
            streams.push(kept);
            for (c, inv) in t.commands.iter_mut().zip(started) {
                c.invocation = inv;
            }
            t.hook_file_missing = check.missing_files.get(i).copied().unwrap_or(false);
            t.warnings
                .extend(check.warnings.get(i).into_iter().flatten().cloned());
            t.notes
                .extend(check.notes.get(i).into_iter().flatten().cloned());
            t
        })
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

/// Runs the check and judges it: every command of every tool in one bounded pool, each
/// outcome read as it finishes and cut to what `keep` lets the report show.
pub fn run_check(check: &Check, keep: Keep) -> Report {
    let mut one = One {
        check,
        planned: plan(check),
        keep: Keeps::all(keep),
        given: Vec::new(),
    };
    exec::run_fed(&mut one, check.jobs, &check.limits);
    finish(check, one.planned, one.keep)
}

/// One check's invocations fed to the pool in plan order, each read as it finishes.
struct One<'a> {
    check: &'a Check,
    planned: Planned,
    keep: Keeps,
    /// Per invocation handed out, its index in the plan.
    given: Vec<usize>,
}

impl exec::Feed for One<'_> {
    fn next(&mut self) -> Option<exec::Invocation> {
        for i in self.given.last().map_or(0, |l| l + 1)..self.planned.len() {
            if let Some(inv) = self.planned.start(i) {
                self.given.push(i);
                return Some(inv);
            }
        }
        None
    }

    fn done(&mut self, i: usize, outcome: Outcome) {
        if let Some(&k) = self.given.get(i) {
            self.planned.read(self.check, k, outcome, self.keep);
        }
    }
}

/// Per command of a target, the first bytes of its stdout and stderr.
type Streams = Vec<(Captured, Captured)>;

fn empty_target(
    tool: &Tool,
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

fn target_report(
    tool: &Tool,
    plan: Plan,
    read: Vec<Option<Read>>,
    check: &Check,
    specs: &[HookSpec],
    owner: &[usize],
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
        Plan::Run(run) => ran_target(tool, run, read, check, specs, owner),
    }
}

fn ran_target(
    tool: &Tool,
    run: RunPlan,
    read: Vec<Option<Read>>,
    check: &Check,
    specs: &[HookSpec],
    owner: &[usize],
) -> (TargetReport, Streams) {
    let Some(first) = specs.first() else {
        let t = empty_target(tool, Decision::NotRun, Some(run.event), "no spec".into());
        return (t, Vec::new());
    };
    let input = input_of(check, &run);
    let rcx = ReadContext {
        event: &run.event,
        spec: first,
        input: &input,
        peers: &check.peers,
    };
    let mut commands = Vec::new();
    let mut streams = Vec::new();
    let mut judged: Vec<Reading> = Vec::new();
    let mut background: Vec<Reading> = Vec::new();
    let mut not_run_reasons = Vec::new();
    let mut read = read.into_iter();
    for (k, planned) in run.commands.iter().enumerate() {
        let PlannedCommand {
            display,
            invocation,
            is_async,
        } = planned;
        let done = read.next().flatten();
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
                    let timeout_s = inv.timeout.as_secs();
                    let report = command_report(display, outcome, &reading, timeout_s, *is_async);
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
                    judged.push(reading)
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
    let combined = tool.combine(&rcx, if is_async { &background } else { &judged });
    // The agent's static facts (`Tool::notes`) live in `hookcheck tools`, not in every run.
    let mut notes = run.notes.clone();
    if is_async {
        notes.push(format!(
            "{} does not wait for this hook: its result is shown, not judged",
            tool.name
        ));
    }
    // Whether an assumed result counts is the judge's to say (`--include-assumed`).
    let counted = !is_async && combined.counted;
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
        assumptions: run.assumptions,
        hook_file_missing: false,
        rule: combined.rule,
        fix: combined.fix,
        help: Vec::new(),
    };
    (t, streams)
}

/// A reply cut at the capture limit is not the reply the agent reads: a valid JSON reply
/// over the limit reads as "not valid JSON". The reading of a hook that ran to its end with
/// its stdout cut is not counted, whatever it says, and the note says why.
fn cut_reply(tool: &Tool, outcome: &Outcome, mut reading: Reading, limit: usize) -> Reading {
    let dropped = outcome.stdout.truncated();
    if dropped == 0 || outcome.timed_out || outcome.start_error.is_some() {
        return reading;
    }
    let limit = if limit.is_multiple_of(1 << 20) {
        format!("{} MiB", limit >> 20)
    } else {
        format!("{limit} bytes")
    };
    reading.counted = false;
    reading.notes.push(format!(
        "stdout over {limit} was cut ({dropped} bytes dropped): hookcheck cannot read the reply \
         as {} would, so this result is not counted",
        tool.name
    ));
    reading
}

/// Cannot happen (one outcome per invocation), but never panic over it.
fn missing_outcome(inv: &exec::Invocation) -> Outcome {
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
    }
}

fn not_run_command(display: &str, reason: &str, is_async: bool) -> CommandReport {
    CommandReport {
        command: display.to_string(),
        decision: Decision::NotRun,
        effect: None,
        exit_code: None,
        signal: None,
        elapsed_ms: 0,
        timed_out: false,
        timeout_s: 0,
        start_error: None,
        stdout: String::new(),
        stderr: String::new(),
        stdout_dropped_bytes: 0,
        stderr_dropped_bytes: 0,
        adds_context: false,
        rewrites_input: false,
        left_processes: false,
        is_async,
        counted: false,
        notes: vec![format!("not run: {reason}")],
        invocation: None,
    }
}

fn command_report(
    display: &str,
    o: Outcome,
    r: &Reading,
    timeout_s: u64,
    is_async: bool,
) -> CommandReport {
    let mut notes = r.notes.clone();
    if o.leftovers {
        notes.push("the hook left processes running; hookcheck killed them".to_string());
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
        timeout_s,
        start_error: o.start_error,
        // Filled in by `finish`, once it knows how much the report keeps.
        stdout: String::new(),
        stderr: String::new(),
        stdout_dropped_bytes: 0,
        stderr_dropped_bytes: 0,
        adds_context: r.adds_context,
        rewrites_input: r.rewrites_input,
        left_processes: o.leftovers,
        is_async,
        counted: r.counted,
        notes,
        invocation: None,
    }
}
