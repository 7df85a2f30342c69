//! One check, end to end: plan per tool, execute every command concurrently, read and combine
//! per tool, judge.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use crate::event::Firing;
use crate::exec::{self, Captured, Limits, Outcome};
use crate::judge::{self, Expect};
use crate::report::{CommandReport, InvocationReport, Keep, Keeps, Report};
use crate::spec::HookSpec;
use crate::tools::{self, Agent, Plan, PlanContext, ReadContext, RunPlan};
use crate::trigger::Trigger;
use crate::verdict::{Effect, Reading};

mod dry;
mod order;
mod plans;
pub use plans::UNDECIDED;
mod target;

use dry::invocation_report;
pub use dry::{dry_run, missing_trigger};
use plans::{merge, merge_firing, on_firing, plan_one, specs_for};
pub use target::finish;
use target::{command_report, cut_reply, reply_digest};

/// What a check runs: one spec for every tool, or each tool's installed handlers.
#[derive(Clone)]
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
#[derive(Clone)]
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
    pub tools: Vec<&'static Agent>,
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
    /// The folder the agent is started in (absolute): hookcheck's working directory.
    pub start: PathBuf,
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
    /// Per tool, the installed handlers on events this trigger does not fire (by place): the
    /// agent does not run them on this call, so their warnings are `lint`'s, not this run's.
    unfired: Vec<Vec<String>>,
    /// Per tool, the input its commands were given, parsed when the first outcome is read.
    inputs: Vec<OnceLock<serde_json::Value>>,
    /// Which slots wait for another: an agent that runs an event's hooks in order.
    order: order::Order,
    /// The tools not planned yet, the next one last.
    todo: Vec<usize>,
    /// The caller's environment as the tools are planned with it.
    env: Vec<(String, String)>,
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
        if !self.order.may_start(i) {
            return None;
        }
        self.take(i)
    }

    /// An invocation held back by its agent's order ([`Planned::start`] gave nothing for it)
    /// that may start now: its index and the process.
    pub fn take_ready(&mut self) -> Option<(usize, exec::Invocation)> {
        let i = self.order.take_ready()?;
        Some((i, self.take(i)?))
    }

    /// How many invocations will never start since the last call, because a hook before
    /// them stopped the action and their agent runs none after it (each counts as finished).
    pub fn take_skipped(&mut self) -> usize {
        self.order.take_skipped()
    }

    /// Per tool and command: whether it never ran because a hook before it stopped the
    /// action.
    fn skipped(&self) -> Vec<Vec<bool>> {
        let mut out: Vec<Vec<bool>> = self.read.iter().map(|r| vec![false; r.len()]).collect();
        for (i, &(t, k)) in self.slots.iter().enumerate() {
            if self.order.is_skipped(i)
                && let Some(slot) = out.get_mut(t).and_then(|c| c.get_mut(k))
            {
                *slot = true;
            }
        }
        out
    }

    fn take(&mut self, i: usize) -> Option<exec::Invocation> {
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
            until_eof: inv.until_eof,
            stdio_socket: inv.stdio_socket,
            new_session: inv.new_session,
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
        let Some(parsed) = self.inputs.get(t) else {
            return 0;
        };
        let own = ReadContext {
            // A later event fired on the same call is read by its own rules.
            event: planned.event.as_deref().unwrap_or(&run.event),
            spec,
            input: input_of(check, run, parsed),
            peers: &check.peers,
        };
        let reading = cut_reply(
            tool,
            &outcome,
            tool.read(&own, &outcome),
            check.limits.stdout_bytes,
        );
        let stopped = matches!(reading.effect, Effect::Blocked | Effect::Halted);
        self.order.finished(i, stopped);
        let stdout = cut(&mut outcome.stdout, keep);
        let stderr = cut(&mut outcome.stderr, keep);
        let mut report = command_report(
            &planned.display,
            outcome,
            &reading,
            inv.timeout,
            planned.is_async,
        );
        report.reply = reply_digest(&stdout, &stderr);
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
/// unchanged (no copy), else the first command's as it was built, else read back from its
/// stdin, once: `parsed` (the run's own) keeps it for the run's other commands and its report.
fn input_of<'a>(
    check: &'a Check,
    run: &'a RunPlan,
    parsed: &'a OnceLock<serde_json::Value>,
) -> &'a serde_json::Value {
    let first = run.commands.iter().find(|c| c.invocation.is_ok());
    let stdin = first
        .and_then(|c| c.invocation.as_ref().ok())
        .map(|inv| &inv.stdin);
    match (
        &check.trigger,
        stdin,
        first.and_then(|c| c.input.as_deref()),
    ) {
        (Trigger::Payload { value, stdin, .. }, Some(s), _) if Arc::ptr_eq(stdin, s) => value,
        (_, _, Some(built)) => built,
        (_, s, None) => parsed.get_or_init(|| {
            s.and_then(|s| serde_json::from_slice(s).ok())
                .unwrap_or_default()
        }),
    }
}

/// Plans the check: what each tool would run.
pub fn plan(check: &Check) -> Planned {
    let mut planned = Planned::new(check);
    while planned.plan_next(check) {}
    planned
}

impl Planned {
    /// A check with no tool planned yet: [`Planned::plan_next`] plans them one at a time, so
    /// a run starts the first tool's hooks while it plans the others (issue 30: planning every
    /// agent took a millisecond and a half before the first hook started, with a core idle).
    fn new(check: &Check) -> Planned {
        let n = check.tools.len();
        // Tools that launch hooks in a login shell first: it runs the user's profile, the
        // slowest start there is, and one started last ran alone at the end of a run over
        // every agent (issue 30: Spettro's `bash -lc`, last in the registry, left a core idle
        // for its whole run). Stable: the rest in registry order; a tool's own commands keep
        // their order, as they share one shell.
        let mut todo: Vec<usize> = (0..n).collect();
        todo.sort_by_key(|&t| !check.tools.get(t).is_some_and(|tool| login_launch(tool)));
        todo.reverse();
        Planned {
            plans: (0..n)
                .map(|_| Plan::NotRun {
                    event: None,
                    reason: "not planned yet".to_string(),
                })
                .collect(),
            owners: vec![Vec::new(); n],
            slots: Vec::new(),
            read: (0..n).map(|_| Vec::new()).collect(),
            started: (0..n).map(|_| Vec::new()).collect(),
            unfired: vec![Vec::new(); n],
            inputs: (0..n).map(|_| OnceLock::new()).collect(),
            order: order::Order::default(),
            todo,
            env: tools::scrub_env(check.env.iter().cloned()),
        }
    }

    /// Plans the next tool and appends its commands; false once every tool is planned.
    fn plan_next(&mut self, check: &Check) -> bool {
        let Some(t) = self.todo.pop() else {
            return false;
        };
        let Some(tool) = check.tools.get(t) else {
            return true;
        };
        let specs = specs_for(check, t);
        let env = &self.env;
        let cx = |spec| PlanContext {
            spec,
            trigger: &check.trigger,
            root: &check.root,
            start: &check.start,
            home: &check.home,
            env,
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
                if let Some(slot) = self.unfired.get_mut(t) {
                    *slot = specs
                        .iter()
                        .zip(&each)
                        .filter(|(_, p)| plans::on_another_event(p))
                        .map(|(s, _)| s.name.clone())
                        .collect();
                }
                match &check.firing {
                    None => merge(tool, specs, each),
                    Some(f) => merge_firing(tool, specs, each, f),
                }
            }
        };
        let commands = match &plan {
            Plan::Run(run) => run.commands.as_slice(),
            _ => &[],
        };
        // An agent that runs an event's hooks in order waits for the one before on the same
        // event ([`crate::contract::Run::stops_at_block`]).
        let ordered = tool
            .contract()
            .is_some_and(|c| c.run.stops_at_block.is_some());
        let mut last: Vec<(Option<&str>, usize)> = Vec::new();
        for (k, c) in commands.iter().enumerate() {
            if c.invocation.is_err() {
                continue;
            }
            let i = self.slots.len();
            self.slots.push((t, k));
            let event = c.event.as_deref();
            let before = (ordered && !c.is_async)
                .then(|| {
                    last.iter()
                        .rev()
                        .find(|(e, _)| *e == event)
                        .map(|(_, s)| *s)
                })
                .flatten();
            if ordered && !c.is_async {
                last.push((event, i));
            }
            self.order.push(before);
        }
        if let Some(slot) = self.read.get_mut(t) {
            *slot = commands.iter().map(|_| None).collect();
        }
        if let Some(slot) = self.started.get_mut(t) {
            *slot = commands
                .iter()
                .map(|c| match &c.invocation {
                    Ok(inv) if check.show_invocations => {
                        Some(invocation_report(inv, &self.env, &c.pasted))
                    }
                    _ => None,
                })
                .collect();
        }
        if let (Some(p), Some(o)) = (self.plans.get_mut(t), self.owners.get_mut(t)) {
            *p = plan;
            *o = owner;
        }
        true
    }
}

/// Whether `tool` launches every hook in a login shell (`bash -lc`).
fn login_launch(tool: &Agent) -> bool {
    tool.contract().is_some_and(|c| match c.run.shell {
        crate::contract::Shell::Argv(argv) => argv
            .split_first()
            .is_some_and(|(_, args)| exec::login_shell(args)),
        _ => false,
    })
}

/// Runs the check and judges it: every command of every tool in one bounded pool, each
/// outcome read as it finishes and cut to what `keep` lets the report show.
pub fn run_check(check: &Check, keep: Keep) -> Report {
    let mut one = One {
        check,
        planned: Planned::new(check),
        keep: Keeps::all(keep),
        given: Vec::new(),
        cursor: 0,
    };
    exec::run_fed(&mut one, check.jobs, &check.limits);
    // Planned in full, whatever stopped the feed early.
    while one.planned.plan_next(check) {}
    finish(check, one.planned, one.keep)
}

/// One check's invocations fed to the pool in plan order, each tool planned when the pool has
/// started every command planned before it; each outcome read as it finishes.
struct One<'a> {
    check: &'a Check,
    planned: Planned,
    keep: Keeps,
    /// Per invocation handed out, its index in the plan.
    given: Vec<usize>,
    /// The next index in the plan to ask for (one held back is started by
    /// [`Planned::take_ready`]).
    cursor: usize,
}

impl exec::Feed for One<'_> {
    fn next(&mut self) -> Option<exec::Invocation> {
        loop {
            if let Some((i, inv)) = self.planned.take_ready() {
                self.given.push(i);
                return Some(inv);
            }
            for i in self.cursor..self.planned.len() {
                self.cursor = i + 1;
                if let Some(inv) = self.planned.start(i) {
                    self.given.push(i);
                    return Some(inv);
                }
            }
            // Nothing planned is left to start: plan the next tool.
            if !self.planned.plan_next(self.check) {
                return None;
            }
        }
    }

    fn done(&mut self, i: usize, outcome: Outcome) {
        if let Some(&k) = self.given.get(i) {
            self.planned.read(self.check, k, outcome, self.keep);
        }
    }
}
