//! What a check would do without running it: `--dry-run`, and the flags a check with no
//! trigger needs.

use super::{Check, plan, specs_for};
use crate::exec;
use crate::report::{
    DryCommand, DryRunReport, DryTarget, InvocationReport, SCHEMA_VERSION, TriggerReport,
};
use crate::tools::{self, Plan, PlanContext};
use crate::trigger::Trigger;

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
pub(super) fn takes(check: &Check, trigger: &Trigger) -> u8 {
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
                start: &check.start,
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
                            Ok(inv) => (Some(invocation_report(inv, &env, &c.pasted)), None),
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

pub(super) fn trigger_report(trigger: &Trigger) -> TriggerReport {
    TriggerReport {
        kind: trigger.kind().to_string(),
        value: trigger.value(),
    }
}

/// What an invocation starts, for people: environment names only, split into those the agent
/// sets or changes and those passed on from `caller` (hookcheck's environment, scrubbed); a
/// value `pasted` into the command text is shown as `$NAME`.
pub(super) fn invocation_report(
    inv: &exec::Invocation,
    caller: &[(String, String)],
    pasted: &[(String, String)],
) -> InvocationReport {
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
    argv.extend(inv.args.iter().map(|a| {
        pasted
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .fold(a.clone(), |a, (k, v)| {
                a.replace(v.as_str(), &format!("${k}"))
            })
    }));
    InvocationReport {
        argv,
        cwd: inv.cwd.display().to_string(),
        timeout_ms: u64::try_from(inv.timeout.as_millis()).unwrap_or(u64::MAX),
        env_set,
        env_inherited,
        stdin: String::from_utf8_lossy(&inv.stdin).into_owned(),
    }
}
