//! Stale tool-file warnings for `run` with a spec: the agent's own file is missing, has no
//! handler under the event running the spec's command, or its handler differs from the spec.
//! Behaviour spec (seed 002), "Stale tool file replies".

use super::NativeHandler;
use super::agents::{FileAgent, find as loader};
use super::installed::to_spec;
use super::inventory::Inventory;
use super::loader::Field;
use crate::run::{Check, Subject};
use crate::spec::{HookSpec, When};
use crate::tools::{Agent, Plan, PlanContext};

/// The warnings for each tool of a spec check (in `check.tools` order).
pub fn for_check(check: &Check, inv: &Inventory) -> Vec<Vec<String>> {
    let Subject::Spec(spec) = &check.subject else {
        return Vec::new();
    };
    check
        .tools
        .iter()
        .map(|tool| match loader(tool.id) {
            Some(l) if spec.targets_tool(tool.id) => warnings(check, spec, tool, l, inv),
            _ => Vec::new(),
        })
        .collect()
}

fn plan_of(check: &Check, tool: &Agent, spec: &HookSpec) -> Plan {
    let env = Vec::new();
    tool.plan(&PlanContext {
        spec,
        trigger: &check.trigger,
        root: &check.root,
        start: &check.start,
        home: &check.home,
        env: &env,
    })
}

fn event_of(plan: &Plan) -> Option<&str> {
    match plan {
        Plan::NotRun { event, .. } => event.as_deref(),
        Plan::Skipped { event, .. } => Some(event),
        Plan::Run(r) => Some(&r.event),
    }
}

fn warnings(
    check: &Check,
    spec: &HookSpec,
    tool: &Agent,
    l: FileAgent,
    inv: &Inventory,
) -> Vec<String> {
    let files: Vec<_> = inv
        .files_of(l.id())
        .into_iter()
        .filter(|f| f.project)
        .collect();
    if !files.iter().any(|f| f.exists) {
        return vec![format!(
            "{} hook file missing ({}): {} will not run this hook until it is written",
            l.name(),
            l.project_glob,
            l.name()
        )];
    }
    // A file that is there but cannot be loaded says so, before anything about its entries.
    let unreadable: Vec<String> = inv
        .errors
        .iter()
        .filter(|e| files.iter().any(|f| f.shown == e.file))
        .map(|e| e.to_string())
        .collect();
    if !unreadable.is_empty() && !inv.handlers.iter().any(|h| h.tool == l.id()) {
        return unreadable;
    }
    let shown: Vec<String> = files
        .iter()
        .filter(|f| f.exists)
        .map(|f| f.shown.display().to_string())
        .collect();
    let spec_plan = plan_of(check, tool, spec);
    let Some(event) = event_of(&spec_plan) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // On Windows an agent with a Windows command runs it instead (Codex hook_config.rs).
    let windows = cfg!(windows) && l.compares.contains(&Field::CommandWindows);
    for command in &spec.commands {
        let runs = |h: &NativeHandler| match (windows, &spec.raw.command_windows) {
            (true, Some(w)) => h.command_windows.as_deref().unwrap_or(&h.command) == w,
            _ => h.command == *command || h.synced_commands.contains(command),
        };
        let found = inv
            .handlers
            .iter()
            .find(|h| h.tool == l.id() && h.event == event && runs(h) && h.args == spec.args);
        let Some(h) = found else {
            out.push(format!(
                "no {event} handler in {} runs `{}`: the file is stale",
                shown.join(", "),
                display(command, spec.args.as_deref())
            ));
            continue;
        };
        out.extend(differences(check, tool, l, spec, &spec_plan, h));
    }
    out
}

fn display(command: &str, args: Option<&[String]>) -> String {
    match args {
        Some(a) if !a.is_empty() => format!("{command} {}", a.join(" ")),
        _ => command.to_string(),
    }
}

fn differences(
    check: &Check,
    tool: &Agent,
    l: FileAgent,
    spec: &HookSpec,
    spec_plan: &Plan,
    h: &NativeHandler,
) -> Vec<String> {
    let at = h.place();
    let mut out = Vec::new();
    match &spec.when {
        When::Native { matcher, .. } if *matcher != h.matcher => out.push(format!(
            "{at}: matcher \"{}\" differs from the spec's \"{matcher}\"",
            h.matcher
        )),
        When::Native { .. } => {}
        // A portable spec's matcher is the tool's to choose: compare what each picks here.
        When::Portable { .. } => {
            let fires = |p: &Plan| matches!(p, Plan::Run(_));
            let native = plan_of(check, tool, &to_spec(h));
            if fires(&native) != fires(spec_plan) {
                out.push(format!(
                    "{at}: matcher \"{}\" {} this trigger, but the spec's match {}",
                    h.matcher,
                    if fires(&native) {
                        "picks"
                    } else {
                        "does not pick"
                    },
                    if fires(spec_plan) { "does" } else { "does not" },
                ));
            }
        }
    }
    // A file with no timeout field (its writer has none) cannot differ from the spec's.
    let has_timeout = l.writes.is_ok_and(|w| w.handler.contains("$TIMEOUT"));
    if has_timeout && spec.timeout() != h.timeout_s {
        let want = match spec.timeout() {
            // In the agent's own unit.
            Some(t) if l.unit == "ms" => format!("{} ms", t * 1000),
            Some(t) => format!("{t} s"),
            None => "none (the default)".into(),
        };
        out.push(format!(
            "{at}: timeout {} differs from the spec's {want}",
            h.timeout_raw.as_deref().unwrap_or("none (the default)")
        ));
    }
    for field in l.compares {
        match field {
            Field::Env => {
                let keys = |m: &std::collections::BTreeMap<String, String>| {
                    m.keys().cloned().collect::<Vec<_>>()
                };
                let mut differ: Vec<String> = spec
                    .raw
                    .env
                    .iter()
                    .filter(|(k, v)| h.env.get(*k) != Some(v))
                    .map(|(k, _)| k.clone())
                    .collect();
                differ.extend(
                    keys(&h.env)
                        .into_iter()
                        .filter(|k| !spec.raw.env.contains_key(k)),
                );
                if !differ.is_empty() {
                    // Keys only: values may be secrets.
                    out.push(format!(
                        "{at}: env differs from the spec in {}",
                        differ.join(", ")
                    ));
                }
            }
            Field::FailClosed if spec.raw.fail_closed != h.fail_closed => out.push(format!(
                "{at}: failClosed is {} but the spec says {}",
                h.fail_closed, spec.raw.fail_closed
            )),
            Field::Cwd if spec.raw.cwd != h.cwd => out.push(format!(
                "{at}: cwd {} differs from the spec's {}",
                h.cwd.as_deref().unwrap_or("(none)"),
                spec.raw.cwd.as_deref().unwrap_or("(none)")
            )),
            Field::Confirm => {
                let want = spec
                    .extension(h.tool)
                    .and_then(|v| v.get("confirm"))
                    .and_then(serde_json::Value::as_bool);
                if want != h.confirm {
                    out.push(format!("{at}: confirm differs from the spec"));
                }
            }
            Field::CommandWindows if spec.raw.command_windows != h.command_windows => {
                out.push(format!(
                    "{at}: commandWindows {} differs from the spec's {} ({} runs it on Windows)",
                    h.command_windows
                        .as_deref()
                        .map_or("(none)".into(), |c| format!("`{c}`")),
                    spec.raw
                        .command_windows
                        .as_deref()
                        .map_or("(none)".into(), |c| format!("`{c}`")),
                    l.name()
                ))
            }
            _ => {}
        }
    }
    out
}
