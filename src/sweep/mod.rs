//! `hookcheck sweep`: where does this hook fail open? Every agent, every tool its matcher fires
//! on, a benign and a hostile sample of each action, run in one bounded pool, then judged for
//! what users care about (see [`findings`]).

pub mod cmd;
pub mod findings;
pub mod samples;

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::contract::{Contract, Kind as EventKind, MatchOn, PlanContext};
use crate::error::Error;
use crate::plan::Plan;
use crate::report::TargetReport;
use crate::spec::HookSpec;
use crate::suite::{self, Case};
use crate::tools::Agent;
use crate::trigger::Trigger;
use crate::verdict::{Decision, Effect};
pub use crate::workspace::Installed;
use crate::workspace::Workspace;

pub use findings::{Finding, Kind};
pub use samples::{Action, Sample};

/// The version of the sweep JSON: the one vocabulary's.
pub const SCHEMA_VERSION: u32 = crate::report::SCHEMA_VERSION;

/// What one agent did with one sample.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Cell {
    /// The agent's id.
    pub agent: String,
    /// The sample's index in [`SweepReport::samples`].
    pub sample: usize,
    /// The event, in the agent's spelling.
    pub event: Option<String>,
    /// The tool the agent called (or the source), when it names one.
    pub tool: Option<String>,
    /// What the cell shows.
    pub outcome: Outcome,
    /// The agent's decision.
    pub decision: Decision,
    /// What happens to the action.
    pub effect: Option<Effect>,
    /// Whether the result is a firm prediction: one that rests on an assumption is shown but
    /// never makes a finding.
    pub counted: bool,
    /// The first command's exit code.
    pub exit_code: Option<i32>,
    /// The digest of the first command's reply ([`crate::report::CommandReport::reply`]).
    #[serde(skip)]
    pub reply: u64,
    /// The last line of the first command's stderr (where a traceback names its error).
    pub stderr: String,
    /// Why the hook did not run or fire, when it did not.
    pub reason: Option<String>,
    /// The command whose reply decided (the first one run, when none decided alone).
    pub command: Option<String>,
    /// The last line of that command's stdout (where a JSON reply is).
    pub stdout: String,
    /// How the agent read that reply (the notes of its reading).
    pub read: Vec<String>,
    /// The agent's reply rule that decided, in words (`exit 2, stderr → block`).
    pub why: Option<String>,
    /// Where that rule comes from (a real agent's capture, its source, its docs).
    pub rule: Option<String>,
    /// What the result rests on where the agent's docs are silent (`shell: sh -c`); a cell
    /// with assumptions counts only with `--include-assumed`.
    pub assumed: Vec<String>,
}

/// A cell at a glance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The hook stopped the action.
    Blocked,
    /// The hook ran and let the action through.
    Allowed,
    /// The hook failed (error, timeout) and the action goes ahead.
    FailedOpen,
    /// The matcher does not pick the hook for this call: the action goes ahead unguarded.
    NotFired,
    /// The agent has no such event, or cannot take this sample: nothing to say.
    NotApplicable,
    /// The hook is not run as written, for a reason that is the hook's own (a matcher that
    /// does not compile, `timeout: 0`, `args` where the agent has no exec form), and a simple
    /// change to it would make it run: the action goes ahead unguarded until then.
    NotRunFixable,
}

impl Outcome {
    fn of(t: &TargetReport) -> Outcome {
        match (t.decision, t.effect, t.fired) {
            (Decision::NotRun, _, _)
                if t.reason
                    .as_deref()
                    .is_some_and(|r| !crate::plan::fixes(r).is_empty()) =>
            {
                Outcome::NotRunFixable
            }
            (Decision::NotRun, _, _) => Outcome::NotApplicable,
            // The matcher (or an `if` rule) did not pick the hook: the action goes ahead.
            (_, _, false) => Outcome::NotFired,
            (_, Some(Effect::Blocked | Effect::Halted), _) => Outcome::Blocked,
            (Decision::Error | Decision::Timeout, _, _) => Outcome::FailedOpen,
            _ => Outcome::Allowed,
        }
    }

    /// Whether the hook ran (or was matched and did not fire): a result to judge, where a
    /// cell not run has none.
    pub fn ran(self) -> bool {
        !matches!(self, Outcome::NotApplicable | Outcome::NotRunFixable)
    }
}

/// Whether the hook fires on each of an agent's tools (matched, not run).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Coverage {
    /// The agent's id.
    pub agent: String,
    /// The event the hook maps to there.
    pub event: String,
    /// Per kind of tool (`shell`, `edit`, `read`, `web`, `mcp`): each tool and whether the
    /// hook fires on it.
    pub kinds: Vec<(String, Vec<(String, bool)>)>,
}

impl Coverage {
    /// Whether the hook fires on some tool of `kind` (`None`: the agent has no such tool).
    pub fn fires_on(&self, kind: &str) -> Option<bool> {
        let (_, tools) = self.kinds.iter().find(|(k, _)| k == kind)?;
        (!tools.is_empty()).then(|| tools.iter().any(|(_, f)| *f))
    }
}

/// The whole sweep.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SweepReport {
    /// The version of this JSON.
    pub schema_version: u32,
    /// The hook (`installed` for `--installed`).
    pub hook: String,
    /// Whether the handlers swept are those in the agents' own hook files.
    pub installed: bool,
    /// The samples, in column order.
    pub samples: Vec<Sample>,
    /// The agents swept, in row order.
    pub agents: Vec<String>,
    /// Agents not swept, with why (their hooks are not commands).
    pub not_swept: Vec<(String, String)>,
    /// The hooks in the agents' files that run no command (a `prompt`, `http` or `agent`
    /// hook), which the sweep cannot run: where each is, the agents that load it, and why.
    pub not_run: Vec<NotRunHook>,
    /// One cell per agent and sample.
    pub cells: Vec<Cell>,
    /// Where the hook fires, per agent.
    pub coverage: Vec<Coverage>,
    /// What the grid shows.
    pub findings: Vec<Finding>,
    /// 0 clean, 1 a finding that fails the sweep, 2 the sweep could not run.
    pub exit_code: i32,
}

impl SweepReport {
    /// The cell of `agent` for sample `i`.
    pub fn cell(&self, agent: &str, i: usize) -> Option<&Cell> {
        self.cells
            .iter()
            .find(|c| c.agent == agent && c.sample == i)
    }
}

/// A hook the sweep does not run: it is not a command.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct NotRunHook {
    /// `file:line`.
    pub place: String,
    /// The event it is on.
    pub event: String,
    /// The agents that load it, in row order.
    pub agents: Vec<String>,
    /// Why it is not run.
    pub reason: String,
}

/// What a sweep runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum What {
    /// One hook spec, by name.
    Hook(String),
    /// The handlers installed in the agents' own hook files.
    Installed(Installed),
}

/// How a sweep's grid is judged.
#[derive(Debug, Clone, Default)]
pub struct Judging {
    /// Findings of these kinds do not fail the sweep.
    pub allow: Vec<Kind>,
    /// `uncounted` and `undecided` findings fail the sweep too.
    pub strict: bool,
    /// Results that rest on assumptions (`?` cells) are judged as counted, as if the
    /// assumption held (`run --include-assumed`).
    pub include_assumed: bool,
}

/// Sweeps `what` over `tools` with `samples`, at most `jobs` hooks at once, judged as `judging`
/// says.
pub fn run(
    ws: &Workspace,
    what: &What,
    tools: &[&'static Agent],
    samples: Vec<Sample>,
    jobs: usize,
    judging: &Judging,
) -> Result<SweepReport, Error> {
    let Judging {
        allow,
        strict,
        include_assumed,
    } = judging;
    // The handlers of each agent, loaded once up front, so a missing or invalid spec (or no
    // hook file at all) is one usage error, not one per sample.
    let (hook, handlers) = handlers(ws, what, tools)?;
    let targets: Vec<String> = handlers.iter().map(|(t, _)| t.id.to_string()).collect();
    let cases: Vec<Case> = samples
        .iter()
        // No agent to run (only agents whose hooks are not commands): no case, or the empty
        // target list would mean every agent.
        .filter(|_| !targets.is_empty())
        .map(|s| Case {
            name: s.label.clone(),
            file: PathBuf::from("sweep"),
            line: 0,
            request: s.request(what, &targets, *include_assumed),
        })
        .collect();
    let suite = suite::run(
        ws,
        &cases,
        jobs,
        suite::Keeping::for_format(crate::cli::Format::Json),
        &mut |_| {},
        &mut |_| {},
    );
    let mut cells = Vec::new();
    for (i, case) in suite.cases.iter().enumerate() {
        // The handlers loaded above, so a case that cannot run is a sample no agent can take
        // (no trigger for a tool event): every cell of it is not applicable.
        let Some(report) = &case.report else {
            continue;
        };
        for t in &report.targets {
            cells.push(cell(t, i));
        }
    }
    let mut agents = Vec::new();
    let mut not_swept = Vec::new();
    let mut coverage = Vec::new();
    for t in tools {
        let specs = handlers.iter().find(|(h, _)| h.id == t.id).map(|(_, s)| s);
        match (t.contract(), specs) {
            (None, _) => not_swept.push((
                t.id.to_string(),
                "its hooks are not commands hookcheck runs".to_string(),
            )),
            (Some(_), None) => not_swept.push((
                t.id.to_string(),
                "it has no hook file of its own here".to_string(),
            )),
            (Some(_), Some(specs)) if specs.iter().all(|s| s.raw.not_command.is_some()) => {
                not_swept.push((
                    t.id.to_string(),
                    "its hooks here are not commands (below)".to_string(),
                ))
            }
            (Some(c), Some(specs)) => {
                agents.push(t.id.to_string());
                coverage.extend(cover_all(ws, t, c, specs));
            }
        }
    }
    cells.retain(|c| agents.contains(&c.agent));
    let mut not_run: Vec<NotRunHook> = Vec::new();
    for (t, specs) in &handlers {
        for s in specs {
            let Some(why) = &s.raw.not_command else {
                continue;
            };
            match not_run.iter_mut().find(|n| n.place == s.name) {
                Some(n) => n.agents.push(t.id.to_string()),
                None => not_run.push(NotRunHook {
                    place: s.name.clone(),
                    event: s.raw.event.clone().unwrap_or_default(),
                    agents: vec![t.id.to_string()],
                    reason: format!("{}{why}", crate::report::NOT_A_COMMAND),
                }),
            }
        }
    }
    let mut report = SweepReport {
        schema_version: SCHEMA_VERSION,
        hook,
        installed: matches!(what, What::Installed(_)),
        samples,
        agents,
        not_swept,
        not_run,
        cells,
        coverage,
        findings: Vec::new(),
        exit_code: 0,
    };
    report.findings = findings::judge(&report);
    let ran = report.cells.iter().any(|c| c.outcome.ran());
    report.exit_code = if !ran
        || report.findings.iter().any(|f| {
            (f.kind.fails() || *strict && matches!(f.kind, Kind::Uncounted | Kind::Undecided))
                && !allow.contains(&f.kind)
        }) {
        1
    } else {
        0
    };
    Ok(report)
}

fn cell(t: &TargetReport, sample: usize) -> Cell {
    // The command whose reading is the agent's (the hook that errored, not the one beside it
    // on the same event that passed), else the first.
    let first = t
        .commands
        .iter()
        .find(|c| c.decision == t.decision)
        .or(t.commands.first());
    Cell {
        agent: t.target.clone(),
        sample,
        event: t.event.clone(),
        tool: t.trigger.clone(),
        outcome: Outcome::of(t),
        decision: t.decision,
        effect: t.effect,
        counted: t.counted,
        exit_code: first.and_then(|c| c.exit_code),
        reply: first.map_or(0, |c| c.reply),
        stderr: first
            .and_then(|c| c.stderr.lines().rfind(|l| !l.trim().is_empty()))
            .unwrap_or_default()
            .trim()
            .to_string(),
        reason: t.reason.clone(),
        command: first.map(|c| c.command.clone()),
        stdout: first
            .and_then(|c| c.stdout.lines().rfind(|l| !l.trim().is_empty()))
            .unwrap_or_default()
            .trim()
            .to_string(),
        read: first.map(|c| c.notes.clone()).unwrap_or_default(),
        why: first.and_then(|c| c.why.clone()),
        rule: t.rule.clone(),
        assumed: t
            .assumptions
            .iter()
            .map(|a| format!("{}: {} ({})", a.item, a.value, a.reason))
            .collect(),
    }
}

/// One agent and the handlers a sweep runs for it.
type Handlers = (&'static Agent, Vec<HookSpec>);

/// The hook's name for the report and, per agent the sweep reaches, the handlers it runs.
fn handlers(
    ws: &Workspace,
    what: &What,
    tools: &[&'static Agent],
) -> Result<(String, Vec<Handlers>), Error> {
    match what {
        What::Hook(hook) => {
            let path = crate::spec::find_spec(hook, &ws.spec_dirs)?;
            let spec = crate::workspace::load_spec(&path)?;
            let each = tools
                .iter()
                .filter(|t| t.contract().is_some())
                .map(|t| (*t, vec![spec.clone()]))
                .collect();
            Ok((hook.clone(), each))
        }
        What::Installed(how) => {
            let inv = crate::installed::inventory(ws, *how);
            let parts = crate::native::installed::plan(tools, &inv);
            // An agent with no handler in any file it reads has nothing to sweep.
            let each: Vec<_> = parts
                .tools
                .into_iter()
                .zip(parts.specs)
                .filter(|(_, specs)| !specs.is_empty())
                .collect();
            let commands = |specs: &[HookSpec]| specs.iter().any(|s| s.raw.not_command.is_none());
            if !each.is_empty() && !each.iter().any(|(_, specs)| commands(specs)) {
                let places: Vec<String> = inv
                    .not_commands
                    .iter()
                    .map(|h| format!("{} ({})", h.place(), h.command))
                    .collect();
                return Err(Error::usage(
                    "the hooks the agents asked for load here are not commands: nothing to sweep",
                )
                .help(format!(
                    "hookcheck runs only command hooks; not commands: {}",
                    places.join(", ")
                )));
            }
            if each.is_empty() {
                return Err(Error::usage(
                    "no agent asked for has a hook in the hook files it reads here",
                )
                .help("`hookcheck list --installed` shows the files each agent reads"));
            }
            Ok(("installed".to_string(), each))
        }
    }
}

/// An agent's coverage over all its handlers: a tool is covered when some handler of the
/// guarding event fires on it (a before-tool event first, where the agent has handlers there).
fn cover_all(ws: &Workspace, t: &Agent, c: &Contract, specs: &[HookSpec]) -> Option<Coverage> {
    let all: Vec<Coverage> = specs
        .iter()
        .filter(|s| s.raw.not_command.is_none())
        .filter_map(|s| cover(ws, t, c, s))
        .collect();
    let guards = |e: &str| c.event(e).is_some_and(|e| e.kind == EventKind::BeforeTool);
    let event = all
        .iter()
        .find(|k| guards(&k.event))
        .or(all.first())?
        .event
        .clone();
    let mut merged: Option<Coverage> = None;
    for k in all.into_iter().filter(|k| k.event == event) {
        match merged.as_mut() {
            None => merged = Some(k),
            Some(m) => {
                for ((_, have), (_, more)) in m.kinds.iter_mut().zip(k.kinds) {
                    for ((_, fires), (_, also)) in have.iter_mut().zip(more) {
                        *fires |= also;
                    }
                }
            }
        }
    }
    merged
}

/// Whether the hook fires on each of the agent's tools: the planner is asked with a payload
/// that names the tool, so the agent's own matcher flavour decides.
fn cover(ws: &Workspace, t: &Agent, c: &Contract, spec: &HookSpec) -> Option<Coverage> {
    let mcp = c
        .tools
        .mcp
        .replace("{server}", "github")
        .replace("{tool}", "create_pull_request");
    let kinds: [(&str, Vec<&str>); 5] = [
        ("shell", vec![c.tools.shell.name]),
        ("edit", c.tools.edit.iter().map(|t| t.name).collect()),
        ("read", c.tools.read.to_vec()),
        ("web", c.tools.web.to_vec()),
        ("mcp", vec![mcp.as_str()]),
    ];
    let mut event = None;
    let mut out = Vec::new();
    for (kind, names) in kinds {
        let mut tools = Vec::new();
        for name in names.into_iter().filter(|n| !n.is_empty()) {
            // The tool's name where the agent's input carries it, and in every field a tool
            // event's matcher is compared with (Goose's `matcher_context`).
            let mut payload = Value::Object(Default::default());
            let matched = c
                .events
                .iter()
                .filter(|e| e.kind.is_tool())
                .filter_map(|e| match e.matches {
                    MatchOn::Field(f) | MatchOn::Context(f) => Some(f),
                    _ => None,
                });
            for path in std::iter::once(c.input.tool_path).chain(matched) {
                set(&mut payload, path, Value::String(name.to_string()));
            }
            let trigger = Trigger::Payload {
                path: PathBuf::from("sweep"),
                stdin: serde_json::to_vec(&payload).unwrap_or_default().into(),
                value: payload,
            };
            let cx = PlanContext {
                spec,
                trigger: &trigger,
                root: &ws.root,
                start: &ws.root,
                home: &ws.home,
                env: &[],
            };
            let fires = match crate::plan::plan(t, &cx) {
                Plan::Run(run) => {
                    event.get_or_insert(run.event);
                    true
                }
                Plan::Skipped { event: e, .. } => {
                    event.get_or_insert(e);
                    false
                }
                Plan::NotRun { .. } => return None,
            };
            tools.push((name.to_string(), fires));
        }
        out.push((kind.to_string(), tools));
    }
    let event = event?;
    // Only tool events have tools to fire on.
    c.event(&event).filter(|e| e.kind.is_tool())?;
    Some(Coverage {
        agent: t.id.to_string(),
        event,
        kinds: out,
    })
}

/// Sets the value at a dotted path, making the objects on the way.
fn set(v: &mut Value, path: &str, x: Value) {
    let mut at = v;
    let mut parts = path.split('.').peekable();
    while let Some(p) = parts.next() {
        let Value::Object(m) = at else {
            return;
        };
        if parts.peek().is_none() {
            m.insert(p.to_string(), x);
            return;
        }
        at = m
            .entry(p.to_string())
            .or_insert_with(|| Value::Object(Default::default()));
    }
}
