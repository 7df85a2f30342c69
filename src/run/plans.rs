//! One tool's plan: per spec, then the handlers that fire on one event merged into one run.

use super::{Check, Subject};
use crate::event::Firing;
use crate::spec::HookSpec;
use crate::tools::{Agent, Plan, PlanContext, RunPlan};

/// What a not-run reason says when a handler that could stop the call is not run and one that
/// runs after it cannot stand in for it: the sweep's `undecided` finding looks for it.
pub const UNDECIDED: &str = "could stop this call but is not run";

/// One tool's plan for one spec, less what hookcheck cannot predict: a command with no time at
/// all.
pub(super) fn plan_one(tool: &Agent, cx: &PlanContext) -> Plan {
    let plan = no_zero_timeout(tool, tool.plan(cx));
    match &cx.spec.raw.not_command {
        Some(why) => not_a_command(plan, why),
        None => plan,
    }
}

/// The plan of a hook that runs no command: not run, saying why, wherever it would fire; on
/// another event, or where its matcher does not pick it, as the plan says.
fn not_a_command(plan: Plan, why: &str) -> Plan {
    let reason = format!("{}{why}", crate::report::NOT_A_COMMAND);
    match plan {
        Plan::Run(run) => Plan::NotRun {
            event: Some(run.event),
            reason,
        },
        Plan::NotRun { event, reason: r } if !crate::plan::build::is_wrong_trigger(&r) => {
            Plan::NotRun { event, reason }
        }
        other => other,
    }
}

/// A command planned with no time at all is not run: whether the agent stops it at once or
/// never is not documented, and its verdict would change run to run (a native file's
/// `timeout: 0`; a spec's is refused when loaded).
pub(super) fn no_zero_timeout(tool: &Agent, mut plan: Plan) -> Plan {
    if let Plan::Run(run) = &mut plan {
        for c in &mut run.commands {
            if c.invocation.as_ref().is_ok_and(|inv| inv.timeout.is_zero()) {
                c.invocation = Err(crate::plan::fixable(
                    format!(
                        "timeout 0: {} does not say what 0 means, so the verdict would change run to run",
                        tool.name
                    ),
                    "write a timeout above 0, or leave it out for the default",
                ));
            }
        }
    }
    plan
}

/// The specs planned for the tool at `index`.
pub(super) fn specs_for(check: &Check, index: usize) -> &[HookSpec] {
    match &check.subject {
        Subject::Spec(s) => std::slice::from_ref(s),
        Subject::Installed { specs, .. } => specs.get(index).map_or(&[], Vec::as_slice),
    }
}

/// A spec's plan when another event fires: not run, saying so.
pub(super) fn on_firing(check: &Check, tool: &Agent, plan: Plan) -> Plan {
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
pub(super) fn merge_firing(
    tool: &Agent,
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
/// Whether `plan` is a handler's on an event the trigger does not fire.
pub(super) fn on_another_event(plan: &Plan) -> bool {
    match plan {
        Plan::Skipped { .. } => true,
        Plan::NotRun { reason, .. } => crate::plan::build::is_wrong_trigger(reason),
        Plan::Run(_) => false,
    }
}

pub(super) fn merge(tool: &Agent, specs: &[HookSpec], plans: Vec<Plan>) -> (Plan, Vec<usize>) {
    if plans.is_empty() {
        return (
            Plan::NotRun {
                event: None,
                reason: format!("no installed {} handler", tool.name),
            },
            Vec::new(),
        );
    }
    // The event that decides: one that can stop the action before one that cannot (a
    // logger after the tool, listed before a guard before it, is not the shell
    // call's verdict), then the agent's own order.
    let rank = |e: &str| {
        let stops = tool
            .contract()
            .and_then(|c| c.event(e))
            .is_some_and(|ev| matches!(ev.blocks, crate::contract::Blocks::Yes));
        let at = tool
            .event_names()
            .iter()
            .position(|x| *x == e)
            .unwrap_or(usize::MAX);
        (!stops, at)
    };
    let first = plans
        .iter()
        .filter_map(|p| match p {
            Plan::Run(r) => Some(r.event.clone()),
            _ => None,
        })
        .min_by_key(|e| rank(e));
    // A handler that could stop the action but is not run (its input is not documented) leaves
    // the verdict unknown: the one on an event after the action cannot stand in for it (an
    // edit decided by an after-edit logger while a fail-closed guard before it was not run).
    let stops = |e: &str| !rank(e).0;
    let before_action = |e: &str| {
        use crate::contract::Kind;
        tool.contract()
            .and_then(|c| c.event(e))
            .is_some_and(|ev| matches!(ev.kind, Kind::BeforeTool | Kind::Shell | Kind::Read))
    };
    if let Some(first) = &first
        && !stops(first)
        && let Some((spec, event, reason)) =
            specs.iter().zip(&plans).find_map(|(spec, p)| match p {
                Plan::NotRun {
                    event: Some(event),
                    reason,
                } if stops(event)
                    && before_action(event)
                    && !crate::plan::build::is_wrong_trigger(reason) =>
                {
                    Some((spec, event, reason))
                }
                _ => None,
            })
    {
        return (
            Plan::NotRun {
                event: Some(event.clone()),
                reason: format!(
                    "{} ({event}) {UNDECIDED}: {reason}; {first} runs only after it, so whether \
                     {} lets it through is unknown",
                    spec.name, tool.name
                ),
            },
            Vec::new(),
        );
    }
    let Some(first) = first else {
        let mut skipped = None;
        let mut reasons = Vec::new();
        // A handler on an event this call does not fire is not the call's business, unless
        // every handler is on another event (then that is why nothing runs).
        let all_elsewhere = plans.iter().all(on_another_event);
        for (spec, p) in specs.iter().zip(&plans) {
            if !all_elsewhere && on_another_event(p) && !matches!(p, Plan::Skipped { .. }) {
                continue;
            }
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
        // A handler not run for a reason a change to it removes would fire where the others
        // do not: the call is not "not fired" but not run as written.
        let fixable = !crate::plan::fixes(&reason).is_empty();
        return match skipped {
            Some((event, trigger)) if !fixable => (
                Plan::Skipped {
                    event,
                    trigger,
                    reason,
                },
                Vec::new(),
            ),
            _ => (
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
    // Same hook in the user's file and the project's: run once or twice, as the agent does
    // (`Run::dedupes`, recorded in fixtures/live/lifecycle/two-files.json).
    let dedupes = tool.contract().is_some_and(|c| c.run.dedupes);
    let mut written: Vec<String> = Vec::new();
    for (i, (spec, p)) in specs.iter().zip(plans).enumerate() {
        let run = match p {
            Plan::Run(run) => run,
            // A handler on an event this trigger does not fire: the agent does not run it now.
            Plan::NotRun { reason, .. } if crate::plan::build::is_wrong_trigger(&reason) => {
                continue;
            }
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
        // An event the agent fires on the same call after the first (`Run::also_fires`) runs
        // too, each of its commands read as its own event's; in either spelling of each, as
        // Copilot CLI 1.0.102 ran a PascalCase PermissionRequest hook after a camelCase
        // preToolUse one (fixtures/live/events/twins, 2026-12-05).
        let also = tool.contract().is_some_and(|c| {
            c.run.also_fires.iter().any(|(later, after)| {
                crate::native::agents::same_event(tool.id, later, &run.event)
                    && crate::native::agents::same_event(tool.id, after, &first)
            })
        });
        if !also && !crate::native::agents::same_event(tool.id, &run.event, &first) {
            later.push(format!("{} ({})", spec.name, run.event));
            continue;
        }
        if also {
            let note = format!(
                "{} fires {} on this call after {}, when that lets it through: its hooks run too",
                tool.name, run.event, first
            );
            if !merged.notes.contains(&note) {
                merged.notes.push(note);
            }
        }
        merged.trigger = merged.trigger.or(run.trigger);
        for mut c in run.commands {
            // An agent that dedups hooks by command runs the same text from two files once.
            if dedupes && written.contains(&c.display) {
                merged.notes.push(format!(
                    "{} runs `{}` once: {} has it again, and {} dedups hooks by command",
                    tool.name, c.display, spec.name, tool.name
                ));
                continue;
            }
            written.push(c.display.clone());
            if also {
                c.event = Some(run.event.clone());
            }
            c.display = format!("{}  ({})", c.display, spec.name);
            // A command not run says where it is, as a handler not run does.
            if let Err(reason) = &mut c.invocation {
                *reason = format!("{}: {reason}", spec.name);
            }
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
