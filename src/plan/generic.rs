//! The one planner: the steps every agent takes, over its contract's data.
//!
//! 1. The event and matcher: a native spec's as written, a portable one's mapped.
//! 2. The input the agent would build for the trigger (or the payload given).
//! 3. The name the matcher sees, matched by the agent's flavour.
//! 4. The agent's own gate, if it has one (`if` rules).
//! 5. One invocation per command: the shell, the environment, the timeout.

use serde_json::Value;

use super::{Plan, PlannedCommand, RunPlan, assumed, build, input};
use crate::contract::{Contract, MatchOn, PlanContext, Shell, Stop, Var};
use crate::spec::When;

/// What the agent of `id` with contract `c` would do for `cx`.
pub fn plan(id: &str, c: &Contract, cx: &PlanContext) -> Plan {
    let (event, matcher) = match &cx.spec.when {
        When::Native { event, matcher } => (event.clone(), matcher.clone()),
        When::Portable { on, matches } => match c.portable.map(c.agent, *on, matches.as_ref()) {
            Ok(x) => x,
            Err(reason) => {
                return Plan::NotRun {
                    event: None,
                    reason,
                };
            }
        },
    };
    let Some(ev) = c.event(&event) else {
        return Plan::NotRun {
            reason: format!("{} has no {event} event", c.agent),
            event: Some(event),
        };
    };
    // A portable matcher names tools: on an event whose matcher sees no tool name (a file
    // path, say), the portable hook runs on every call.
    let matcher = match (&cx.spec.when, ev.matches) {
        (When::Portable { .. }, MatchOn::Field(_) | MatchOn::Value(_)) => String::new(),
        _ => matcher,
    };
    let built = match input::build(id, c, ev, cx, &event, &matcher) {
        Ok(b) => b,
        Err(plan) => return plan,
    };
    let payload = built.payload;
    let label = built.label;
    if let Some(name) = &built.seen
        && ev.matches != MatchOn::Nothing
    {
        match c.matcher.matches(ev.kind.is_tool(), &event, &matcher, name) {
            Ok(true) => {}
            Ok(false) => {
                return Plan::Skipped {
                    event,
                    trigger: label.clone(),
                    reason: format!("matcher \"{matcher}\" does not match {name}"),
                };
            }
            Err(e) => {
                return Plan::NotRun {
                    event: Some(event),
                    reason: format!(
                        "matcher \"{matcher}\" is not {} ({e}): {} cannot match it",
                        c.matcher.what(),
                        c.agent
                    ),
                };
            }
        }
    }
    let mut notes = Vec::new();
    if let Some(gate) = c.quirks.gate {
        match gate(cx, &event, &payload) {
            Ok(n) => notes.extend(n),
            Err(Stop::Skip(reason)) => {
                return Plan::Skipped {
                    event,
                    trigger: label,
                    reason,
                };
            }
            Err(Stop::NotRun(reason)) => {
                return Plan::NotRun {
                    event: Some(event),
                    reason,
                };
            }
        }
    }
    if cx.spec.args.is_some()
        && let Err(reason) = c.run.exec_form
    {
        return Plan::NotRun {
            event: Some(event),
            reason: reason.to_string(),
        };
    }
    // Assumed: the shell, the working directory, the timeout, in this order.
    let mut assumptions = Vec::new();
    match c.run.shell {
        Shell::ScriptPath(_) | Shell::Assumed => assumptions.push(assumed::shell()),
        Shell::Argv(_) => {}
    }
    if c.run.cwd_assumed {
        assumptions.push(assumed::cwd(cx.root));
    }
    let timeout = match cx.spec.timeout() {
        Some(t) => t,
        None => {
            if c.run.timeout_assumed {
                assumptions.push(assumed::timeout(ev.timeout));
            }
            ev.timeout
        }
    };
    let root = cx.root.display().to_string();
    let session = build::session_id(id);
    let vars: Vec<(&str, String)> = c
        .run
        .env
        .iter()
        .map(|(k, v)| {
            let v = match v {
                Var::Root => root.clone(),
                Var::Session => session.clone(),
                Var::Literal(s) => s.to_string(),
            };
            (*k, v)
        })
        .collect();
    let mut env = build::merge_env(cx.env, vars.iter().map(|(k, v)| (k.to_string(), v.clone())));
    match c.run.spec_env {
        Ok(()) => {
            env = build::merge_env(
                &env,
                cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone())),
            )
        }
        Err(note) if !cx.spec.raw.env.is_empty() => notes.push(note.to_string()),
        Err(_) => {}
    }
    let stdin = build::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| {
            let display = match &cx.spec.args {
                Some(a) if !a.is_empty() => format!("{command} {}", a.join(" ")),
                _ => command.clone(),
            };
            let invocation = match (&cx.spec.args, c.run.shell) {
                (Some(args), Shell::Argv(_)) => {
                    Ok((build::exec_program(command, cx.root), args.clone()))
                }
                (_, Shell::Argv(argv)) => {
                    let text = match c.run.expands {
                        Some(what) => {
                            let text = expand(command, &vars);
                            if text != *command {
                                notes.push(format!("{what}: {text}"));
                            }
                            text
                        }
                        None => command.clone(),
                    };
                    let (program, rest) = argv.split_first().unwrap_or((&"sh", &[]));
                    let mut args: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
                    args.push(text);
                    Ok((program.to_string(), args))
                }
                (_, Shell::ScriptPath(allowed)) => assumed::script_path_shell(&display, allowed),
                (_, Shell::Assumed) => assumed::any_command_shell(&display),
            };
            PlannedCommand {
                invocation: invocation.map(|(program, args)| {
                    build::invocation(&program, args, env.clone(), cx.root, &stdin, timeout)
                }),
                display,
                is_async: cx.spec.is_async() || ev.detached,
            }
        })
        .collect();
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions,
        notes,
    })
}

/// The command text with the literal `$NAME` (not `${NAME}`) of each variable replaced by its
/// shell-quoted value, as agents that expand before the shell runs do.
pub fn expand(command: &str, vars: &[(&str, String)]) -> String {
    let mut out = command.to_string();
    for (name, value) in vars {
        let needle = format!("${name}");
        let mut result = String::new();
        let mut rest = out.as_str();
        while let Some(i) = rest.find(&needle) {
            let after = &rest[i + needle.len()..];
            // `$GEMINI_CWDX` is another variable: only a whole name is replaced.
            if after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                result.push_str(&rest[..i + needle.len()]);
            } else {
                result.push_str(&rest[..i]);
                result.push_str(&build::shell_quote(value));
            }
            rest = after;
        }
        result.push_str(rest);
        out = result;
    }
    out
}

/// The value at a dotted path of a JSON value.
pub fn at<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(v, |v, p| v.get(p))
}
