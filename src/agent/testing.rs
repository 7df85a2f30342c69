//! Helpers for the tools' unit tests: a spec from YAML, a plan for a trigger, an outcome from
//! an exit code and output. Test-only.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use super::Agent;
use crate::contract::{PlanContext, ReadContext};
use crate::exec::{Captured, Invocation, Outcome};
pub use crate::plan::Plan;
use crate::plan::RunPlan;
use crate::spec::{self, HookSpec};
use crate::trigger::Trigger;
use crate::verdict::Reading;
pub use crate::verdict::{Decision, Effect};

/// The project root every unit test plans in.
pub const ROOT: &str = "/project";
/// The home folder every unit test plans with.
pub const HOME: &str = "/home/user";

/// A spec from YAML text; panics on an invalid spec (a test bug).
pub fn spec(yaml: &str) -> HookSpec {
    match spec::load::from_text(Path::new("test.yaml"), yaml) {
        Ok(s) => s,
        Err(e) => panic!("test spec is invalid: {e}"),
    }
}

/// `--bash CMD`.
pub fn bash(cmd: &str) -> Trigger {
    Trigger::Bash(cmd.to_string())
}

/// `--edit PATH` (relative to [`ROOT`]), for a file that exists or not.
pub fn edit(path: &str, exists: bool) -> Trigger {
    Trigger::Edit {
        path: Path::new(ROOT).join(path),
        exists,
    }
}

/// `--read PATH` (relative to [`ROOT`]).
pub fn read_file(path: &str) -> Trigger {
    Trigger::Read(Path::new(ROOT).join(path))
}

/// `--mcp SERVER:TOOL`, no arguments.
pub fn mcp(server: &str, tool: &str) -> Trigger {
    Trigger::Mcp {
        server: server.to_string(),
        tool: tool.to_string(),
        input: Value::Object(Default::default()),
    }
}

/// `--prompt TEXT`.
pub fn prompt(text: &str) -> Trigger {
    Trigger::Prompt(text.to_string())
}

/// `--payload` with this JSON.
pub fn payload(value: Value) -> Trigger {
    Trigger::Payload {
        path: PathBuf::from("payload.json"),
        stdin: serde_json::to_vec(&value).unwrap_or_default().into(),
        value,
    }
}

/// What `tool` plans for `yaml` and `trigger`, with a fixed root, home and environment.
pub fn plan(tool: &Agent, yaml: &str, trigger: &Trigger) -> Plan {
    let spec = spec(yaml);
    let env = vec![
        ("PATH".to_string(), "/usr/bin:/bin".to_string()),
        ("SHELL".to_string(), "/bin/sh".to_string()),
    ];
    let cx = PlanContext {
        spec: &spec,
        trigger,
        root: Path::new(ROOT),
        start: Path::new(ROOT),
        home: Path::new(HOME),
        env: &env,
    };
    tool.plan(&cx)
}

/// What `tool` plans for `yaml` and `trigger`, when it runs; panics when it does not.
pub fn run_plan(tool: &Agent, yaml: &str, trigger: &Trigger) -> RunPlan {
    match plan(tool, yaml, trigger) {
        Plan::Run(run) => run,
        other => panic!("expected a plan that runs, got {other:?}"),
    }
}

/// The invocation of a run's first command; panics when it does not start.
pub fn first_invocation(run: &RunPlan) -> &Invocation {
    let Some(Ok(inv)) = run.commands.first().map(|c| c.invocation.as_ref()) else {
        panic!("expected a command that runs, got {:?}", run.commands)
    };
    inv
}

/// The invocation of the first command `tool` plans for `yaml` and `--bash ls`; panics when it
/// does not start.
pub fn bash_invocation(tool: &Agent, yaml: &str) -> Invocation {
    first_invocation(&run_plan(tool, yaml, &bash("ls"))).clone()
}

/// [`bash_invocation`], or `None` when `tool` does not run the hook (no shell tool, an
/// input hookcheck cannot build).
pub fn try_bash_invocation(tool: &Agent, yaml: &str) -> Option<Invocation> {
    match plan(tool, yaml, &bash("ls")) {
        Plan::Run(run) => run.commands.first()?.invocation.as_ref().ok().cloned(),
        _ => None,
    }
}

/// Why `tool` skips the hook `yaml` for `trigger`; panics when the plan is not skipped.
pub fn skipped_reason(tool: &Agent, yaml: &str, trigger: &Trigger) -> String {
    match plan(tool, yaml, trigger) {
        Plan::Skipped { reason, .. } => reason,
        other => panic!("expected a skipped plan, got {other:?}"),
    }
}

/// The stdin payload of a plan's first command, parsed; panics when the plan does not run.
pub fn planned_input(plan: &Plan) -> Value {
    let Plan::Run(run) = plan else {
        panic!("expected a plan that runs, got {plan:?}")
    };
    serde_json::from_slice(&first_invocation(run).stdin).unwrap_or(Value::Null)
}

/// The program and arguments of a plan's first command for `--bash ls`; panics when it does
/// not run.
pub fn planned_argv(tool: &Agent, yaml: &str) -> (String, Vec<String>) {
    let run = run_plan(tool, yaml, &bash("ls"));
    let inv = first_invocation(&run);
    (inv.program.clone(), inv.args.clone())
}

/// An outcome: exit code, stdout, stderr.
pub fn exit(code: i32, stdout: &str, stderr: &str) -> Outcome {
    Outcome {
        exit_code: Some(code),
        signal: None,
        stdout: captured(stdout),
        stderr: captured(stderr),
        timed_out: false,
        start_error: None,
        elapsed: Duration::from_millis(1),
        leftovers: false,
        pipes_held: false,
        held_open: false,
    }
}

/// An outcome: the hook ran past its timeout.
pub fn timed_out() -> Outcome {
    Outcome {
        exit_code: None,
        timed_out: true,
        ..exit(0, "", "")
    }
}

/// An outcome: the command did not start.
pub fn not_started() -> Outcome {
    Outcome {
        exit_code: None,
        start_error: Some("No such file or directory (os error 2)".into()),
        ..exit(0, "", "")
    }
}

/// An outcome: killed by a signal.
pub fn signalled(sig: i32) -> Outcome {
    Outcome {
        exit_code: None,
        signal: Some(sig),
        ..exit(0, "", "")
    }
}

fn captured(s: &str) -> Captured {
    Captured {
        bytes: s.as_bytes().to_vec(),
        total: s.len() as u64,
    }
}

/// Reads `outcome` on `event` by `tool`'s rules, for a spec given as YAML.
pub fn read(tool: &Agent, yaml: &str, event: &str, outcome: &Outcome) -> Reading {
    read_with(tool, yaml, event, &Value::Null, outcome)
}

/// [`read`], for a hook that was given `input`.
pub fn read_with(
    tool: &Agent,
    yaml: &str,
    event: &str,
    input: &Value,
    outcome: &Outcome,
) -> Reading {
    let spec = spec(yaml);
    let cx = ReadContext {
        event,
        spec: &spec,
        input,
        peers: &[],
    };
    tool.read(&cx, outcome)
}

/// One row of a reader table: the case's name (its source first), the event, the outcome, and
/// the decision and effect the agent comes to.
pub type Row<'a> = (&'a str, &'a str, Outcome, Decision, Effect);

/// Checks a reader table: `tool` reads each row's outcome on its event, for the spec `yaml`,
/// and comes to the row's decision and effect.
pub fn check_rows(tool: &Agent, yaml: &str, rows: Vec<Row>) {
    let rows = rows
        .into_iter()
        .map(|(n, ev, o, d, e)| (n, yaml, ev, o, d, e));
    check_rows_each(tool, rows.collect());
}

/// [`check_rows`], each row with its own spec (the second column).
pub fn check_rows_each(tool: &Agent, rows: Vec<(&str, &str, &str, Outcome, Decision, Effect)>) {
    for (name, yaml, event, outcome, decision, effect) in rows {
        let r = read(tool, yaml, event, &outcome);
        assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
    }
}

/// A test agent `id` on contract `c` (from [`crate::contract::testing`]): no loader, no live
/// driver, the one planner and reader.
pub const fn agent(id: &'static str, c: &'static crate::contract::Contract) -> Agent {
    Agent {
        id,
        name: id,
        checked: "",
        sources: &[],
        session_vars: &[],
        notes: &[],
        files: super::Files::None("a test agent"),
        live: super::Live::Cannot("a test agent"),
        hooks: super::Hooks::Commands(c),
    }
}

/// The reply many agents read as Claude Code's: `permissionDecision: deny` for PreToolUse.
pub const PRE_DENY: &str =
    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#;

/// A `hookSpecificOutput` reply for `event` with these fields (`body`, JSON members).
pub fn hso(event: &str, body: &str) -> String {
    format!(r#"{{"hookSpecificOutput":{{"hookEventName":"{event}",{body}}}}}"#)
}

/// One row of a reader table that also says whether the reading counts and adds context:
/// (name, event, outcome, decision, effect, counted, adds context).
pub type CountedRow<'a> = (&'a str, &'a str, Outcome, Decision, Effect, bool, bool);

/// Checks a [`CountedRow`] table: `tool` reads each row's outcome on its event, for the spec
/// `yaml`, and comes to the row's decision, effect, counting and context.
pub fn check_counted_rows(tool: &Agent, yaml: &str, rows: Vec<CountedRow>) {
    for (name, event, outcome, decision, effect, counted, context) in rows {
        let r = read(tool, yaml, event, &outcome);
        assert_eq!(
            (r.decision, r.effect, r.counted, r.adds_context),
            (decision, effect, counted, context),
            "{name}: {r:?}"
        );
    }
}

/// Checks a matcher table: a hook on `event` with each row's matcher runs, or not (the row's
/// last column), for the `--payload` that `payload_of` builds from the row's tool name.
pub fn check_matchers(
    tool: &Agent,
    event: &str,
    rows: &[(&str, &str, bool)],
    payload_of: impl Fn(&str) -> Value,
) {
    for (matcher, name, fires) in rows {
        let yaml = format!("event: {event}\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
        let p = plan(tool, &yaml, &payload(payload_of(name)));
        assert_eq!(
            matches!(p, Plan::Run(_)),
            *fires,
            "{matcher} vs {name}: {p:?}"
        );
    }
}

/// Checks that each case (a spec, a trigger) is not run, for a reason that says the case's
/// words.
pub fn check_not_run<'a>(
    tool: &Agent,
    cases: impl IntoIterator<Item = (&'a str, Trigger, &'a str)>,
) {
    for (yaml, trigger, want) in cases {
        let p = plan(tool, yaml, &trigger);
        assert!(matches!(p, Plan::NotRun { .. }), "{yaml}: {p:?}");
        assert!(format!("{p:?}").contains(want), "{yaml}: {p:?}");
    }
}

/// Checks that the plan of each case (a spec, a trigger) says the case's words, whether it
/// runs, is skipped or is not run.
pub fn check_plan_says<'a>(
    tool: &Agent,
    cases: impl IntoIterator<Item = (&'a str, Trigger, &'a str)>,
) {
    for (yaml, trigger, want) in cases {
        let text = format!("{:?}", plan(tool, yaml, &trigger));
        assert!(text.contains(want), "{yaml}: {text}");
    }
}

/// Snapshots the stdin payload `tool` plans for each case (name, spec YAML, trigger) as
/// `<prefix>_input_<name>`; a macro, so the snapshots stay in the calling agent's folder.
macro_rules! check_inputs {
    ($tool:expr, $prefix:literal, $cases:expr) => {
        for (name, yaml, trigger) in $cases {
            insta::assert_json_snapshot!(
                format!(concat!($prefix, "_input_{}"), name),
                $crate::agent::testing::planned_input(&$crate::agent::testing::plan(
                    &$tool, yaml, &trigger
                ))
            );
        }
    };
}
pub(crate) use check_inputs;
