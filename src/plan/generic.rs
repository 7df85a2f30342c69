//! The one planner: the steps every agent takes, over its contract's data.
//!
//! 1. The event and matcher: a native spec's as written, a portable one's mapped.
//! 2. The input the agent would build for the trigger (or the payload given).
//! 3. The name the matcher sees, matched by the agent's flavour.
//! 4. The agent's own gate, if it has one (`if` rules).
//! 5. One invocation per command: the shell, the environment, the timeout.

use super::input::{self, at};
use super::{Plan, PlannedCommand, RunPlan, assumed, build};
use crate::agent::Agent;
use crate::contract::{
    Command, Contract, EnvRefs, MatchOn, PlanContext, ProjectDir, Shell, Stop, Var, Zero,
};
use crate::matcher::MatchError;
use crate::spec::When;

/// Step 1 alone: the event and matcher of `cx`'s spec in `a`'s terms (a native spec's as
/// written, a portable one's mapped), or the plan that says why there are none. For an
/// agent's own plan function that must look at the event before the generic steps run.
pub fn resolve(a: &Agent, cx: &PlanContext) -> Result<(String, String), Plan> {
    let Some(c) = a.contract() else {
        return Err(never_runs(cx, a.why_no_commands()));
    };
    resolve_by(a.name, c, cx)
}

/// [`resolve`] by the contract `c` of the agent named `name`.
fn resolve_by(name: &str, c: &Contract, cx: &PlanContext) -> Result<(String, String), Plan> {
    match &cx.spec.when {
        When::Native { event, matcher } => Ok((event.clone(), matcher.clone())),
        When::Portable { on, matches } => {
            c.portable
                .map(name, *on, matches.as_ref())
                .map_err(|why| Plan::NotRun {
                    event: None,
                    reason: why.into(),
                })
        }
    }
}

/// The plan of an agent whose hooks are not commands (in-process plugins, extensions): it never
/// runs one, for the given reason.
pub fn never_runs(cx: &PlanContext, reason: &str) -> Plan {
    let event = match &cx.spec.when {
        When::Native { event, .. } => Some(event.clone()),
        When::Portable { .. } => None,
    };
    Plan::NotRun {
        event,
        reason: reason.to_string(),
    }
}

/// What agent `a` would do for `cx`, by its contract.
pub fn plan(a: &Agent, cx: &PlanContext) -> Plan {
    match a.contract() {
        Some(c) => plan_by(a.id, a.name, c, cx),
        None => never_runs(cx, a.why_no_commands()),
    }
}

/// [`plan`] by the contract `c` of the agent `id`, named `name`.
pub(crate) fn plan_by(id: &str, name: &str, c: &Contract, cx: &PlanContext) -> Plan {
    let mut plan = plan_steps(id, name, c, cx);
    if let Some(adjust) = c.quirks.adjust {
        adjust(cx, &mut plan);
    }
    plan
}

/// The event and the matcher `a` would run `cx`'s spec on, in its own terms (a portable
/// matcher dropped where the event's matcher sees no tool name), or the plan that says why
/// there are none: what `hookcheck sync` writes into the agent's file.
pub fn event_and_matcher(a: &Agent, cx: &PlanContext) -> Result<(String, String), Plan> {
    let Some(c) = a.contract() else {
        return Err(never_runs(cx, a.why_no_commands()));
    };
    let (event, matcher) = match c.quirks.resolve {
        Some(resolve) => resolve(cx)?,
        None => resolve_by(a.name, c, cx)?,
    };
    let matcher = match c.event(&event) {
        Some(ev) => portable_matcher(cx, ev, matcher),
        None => matcher,
    };
    Ok((event, matcher))
}

/// A portable matcher names tools: on an event about no tool call, whose matcher sees
/// something else (a file path, a source), the portable hook runs every time, with no
/// matcher. On a tool event the matcher sees the tool's name, wherever the input puts it
/// (Copilot's `toolName`).
fn portable_matcher(cx: &PlanContext, ev: &crate::contract::Event, matcher: String) -> String {
    match (&cx.spec.when, ev.matches) {
        (When::Portable { .. }, MatchOn::Field(_) | MatchOn::Value(_) | MatchOn::Context(_))
            if !ev.kind.is_tool() =>
        {
            String::new()
        }
        _ => matcher,
    }
}

/// The planner's steps, before the agent's [`Quirks::adjust`](crate::contract::Quirks).
fn plan_steps(id: &str, name: &str, c: &Contract, cx: &PlanContext) -> Plan {
    let resolved = match c.quirks.resolve {
        Some(resolve) => resolve(cx),
        None => resolve_by(name, c, cx),
    };
    let (event, matcher) = match resolved {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    let Some(ev) = c.event(&event) else {
        return Plan::NotRun {
            reason: format!("{name} has no {event} event"),
            event: Some(event),
        };
    };
    if let Some(reason) = c.quirks.refuse.and_then(|refuse| refuse(cx, &event)) {
        return Plan::NotRun {
            event: Some(event),
            reason,
        };
    }
    let matcher = portable_matcher(cx, ev, matcher);
    let built = match input::build(id, name, c, ev, cx, &event, &matcher) {
        Ok(b) => b,
        Err(plan) => return plan,
    };
    let payload = built.payload;
    let label = built.label;
    if let Some(seen) = &built.seen
        && ev.matches != MatchOn::Nothing
    {
        // A context is no name: shown quoted, so that an empty one reads as such.
        let seen_text = match ev.matches {
            MatchOn::Context(_) => format!("{seen:?}"),
            _ => seen.clone(),
        };
        match c.matcher.matches(ev.kind.is_tool(), &event, &matcher, seen) {
            Ok(true) => {}
            Ok(false) => {
                return Plan::Skipped {
                    event,
                    trigger: label.clone(),
                    reason: format!("matcher \"{matcher}\" does not match {seen_text}"),
                };
            }
            Err(e) => {
                if let MatchError::Syntax(why) = &e
                    && let Some(reason) = c.matcher.skips_invalid(&matcher, why)
                {
                    return Plan::Skipped {
                        event,
                        trigger: label,
                        reason,
                    };
                }
                let reason = format!(
                    "matcher \"{matcher}\" {}",
                    e.not_run(name, c.matcher.what())
                );
                // A pattern that does not compile is the hook's to fix; one that runs past the
                // match budget is the agent's engine's, whatever the pattern.
                let reason = match e {
                    MatchError::Syntax(_) => super::fixable(
                        reason,
                        &format!("correct the matcher: it must be {}", c.matcher.what()),
                    ),
                    MatchError::Budget { .. } => reason,
                };
                return Plan::NotRun {
                    event: Some(event),
                    reason,
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
            reason: super::fixable(reason, "write the command and its args as one command line"),
        };
    }
    // Assumed: the shell, the working directory, the timeout, in this order.
    let mut assumptions = Vec::new();
    // Assumptions in the order shell, cwd, timeout.
    match c.run.shell {
        Shell::ScriptPath(_) | Shell::Assumed => assumptions.push(assumed::shell()),
        Shell::Argv(_) => {}
    }
    // The folder the agent runs hooks in and names as the project.
    let base = match c.run.project_dir {
        ProjectDir::Root => cx.root,
        ProjectDir::Start => cx.start,
    };
    // The handler's own `cwd`, where the agent honours one.
    let cwd = match (&cx.spec.raw.cwd, c.run.handler_cwd) {
        (Some(dir), true) => cx.root.join(dir),
        _ => base.to_path_buf(),
    };
    if c.run.cwd_assumed && !(c.run.handler_cwd && cx.spec.raw.cwd.is_some()) {
        assumptions.push(assumed::cwd(cx.root));
    }
    let timeout = match (cx.spec.timeout(), c.run.zero_timeout) {
        (Some(0), Zero::Default) => {
            notes.push(format!(
                "timeout 0 means {}'s default, {} s",
                name, ev.timeout
            ));
            ev.timeout
        }
        (Some(0), Zero::NoLimit) => {
            assumptions.push(assumed::no_limit(name, ev.timeout));
            ev.timeout
        }
        (Some(t), _) => t,
        (None, _) => {
            if c.run.timeout_assumed {
                assumptions.push(assumed::timeout(ev.timeout));
            }
            ev.timeout
        }
    };
    // A native file's timeout runs in the file's unit: 100 ms is not 1 s.
    let timeout = match (cx.spec.raw.timeout_ms, cx.spec.timeout()) {
        (Some(ms), Some(t)) if t > 0 && ms != t.saturating_mul(1000) => {
            notes.push(format!(
                "timeout {ms} ms, as {name} reads the file's value (milliseconds)"
            ));
            std::time::Duration::from_millis(ms)
        }
        _ => std::time::Duration::from_secs(timeout),
    };
    let root = base.display().to_string();
    let session = build::session_id(id);
    let given = Given {
        root: &root,
        session: &session,
        event: &event,
        payload: &payload,
        tool_path: c.input.tool_path,
    };
    let vars: Vec<(&str, String)> = c
        .run
        .env
        .iter()
        .filter_map(|(k, v)| Some((*k, value(v, &given)?)))
        .collect();
    let scalars = if c.run.exports_scalars {
        scalar_fields(&payload)
    } else {
        Vec::new()
    };
    // The agent's own environment: the caller's, and what its launcher sets (borrowed: only
    // what reaches the hook is copied, once per agent).
    let agent_env: Vec<(&str, &str)> = cx
        .env
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .chain(c.run.inherits.iter().copied())
        .collect();
    // What of it reaches the hook.
    let kept: Vec<(String, String)> = agent_env
        .iter()
        .filter(|(k, _)| !c.run.unset.iter().any(|u| unsets(u, k)))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    // Each layer is set in place on the one copy (a copy of the environment a layer was a
    // fifth of a suite's planning).
    let mut env = kept;
    build::set_env(&mut env, scalars);
    build::set_env(
        &mut env,
        vars.iter().map(|(k, v)| (k.to_string(), v.clone())),
    );
    match c.run.spec_env {
        Ok(()) => build::set_env(
            &mut env,
            cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone())),
        ),
        Err(note) if !cx.spec.raw.env.is_empty() => notes.push(note.to_string()),
        Err(_) => {}
    }
    build::set_env(
        &mut env,
        c.run
            .forced
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string())),
    );
    let stdin = build::stdin_bytes(cx.trigger, &payload);
    // A payload the agent sends unchanged is the trigger's, and read from there.
    let input = match payload {
        std::borrow::Cow::Owned(v) => Some(std::sync::Arc::new(v)),
        std::borrow::Cow::Borrowed(_) => None,
    };
    let mut commands = Vec::new();
    for (i, command) in cx.spec.commands.iter().enumerate() {
        if c.run.dedupes && cx.spec.commands[..i].contains(command) {
            notes.push(format!(
                "{name} runs `{command}` once: it dedups hooks by command"
            ));
            continue;
        }
        commands.push({
            let mut pasted = Vec::new();
            let line = match &cx.spec.args {
                Some(a) if !a.is_empty() => format!("{command} {}", a.join(" ")),
                _ => command.clone(),
            };
            // An agent that joins the args runs the line, and shows the command alone.
            let (display, command, args) = match c.run.joins_args {
                true => (command.clone(), &line, &None),
                false => (line.clone(), command, &cx.spec.args),
            };
            let invocation = match (args, c.run.shell) {
                (Some(args), Shell::Argv(_)) => {
                    Ok((build::exec_program(command, &cwd), args.clone()))
                }
                (_, Shell::Argv(argv)) => {
                    let text = match c.run.loads_env_refs {
                        Some((what, refs)) => {
                            let (text, from_env) = resolve_env_refs(command, &agent_env, refs);
                            if text != *command {
                                // Names only: a value of the caller's is never shown.
                                let names: Vec<&str> =
                                    from_env.iter().map(|(k, _)| k.as_str()).collect();
                                notes.push(match names.is_empty() {
                                    true => format!("{what}: only defaults ({text})"),
                                    false => format!("{what}: {}", names.join(", ")),
                                });
                            }
                            pasted = from_env;
                            text
                        }
                        None => command.clone(),
                    };
                    let text = match c.run.expands {
                        Some(what) => {
                            let expanded = expand(&text, &vars);
                            if expanded != text {
                                notes.push(format!("{what}: {expanded}"));
                            }
                            expanded
                        }
                        None => text,
                    };
                    let (program, rest) = argv.split_first().unwrap_or((&"sh", &[]));
                    let mut args: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
                    args.push(text);
                    Ok((program.to_string(), args))
                }
                (_, Shell::ScriptPath(allowed)) => {
                    assumed::script_path_or_inline_shell(&display, allowed)
                        .map(|(invocation, inline)| {
                            if inline {
                                // After the shell it qualifies, before the cwd and timeout.
                                assumptions.insert(1, assumed::inline(&display));
                            }
                            invocation
                        })
                        .map_err(String::from)
                }
                (_, Shell::Assumed) => assumed::any_command_shell(&display).map_err(String::from),
            };
            // An agent that picks the program per hook replaces the shell's.
            let invocation = match c.run.per_hook {
                None => invocation,
                Some(pick) => {
                    let started = pick(&Command {
                        spec: cx.spec,
                        text: command,
                        root: cx.root,
                        env: &env,
                        shell: invocation,
                    });
                    // Said once, however many commands start the same way.
                    for n in started.notes {
                        if !notes.contains(&n) {
                            notes.push(n);
                        }
                    }
                    for a in started.assumptions {
                        if !assumptions.contains(&a) {
                            assumptions.push(a);
                        }
                    }
                    started.program
                }
            };
            PlannedCommand {
                invocation: invocation.map(|(program, args)| crate::exec::Invocation {
                    until_eof: c.run.reads_to_eof,
                    // The stdin kind the real agent gives its hooks, where a capture showed it.
                    stdio_socket: c.run.launch.stdio == crate::contract::Stdio::Socket,
                    // And the session, where a capture showed the hook leading its own.
                    new_session: c.run.launch.session == crate::contract::Place::Own,
                    ..build::invocation(&program, args, env.clone(), &cwd, &stdin, timeout)
                }),
                display,
                is_async: (cx.spec.is_async() && !c.run.ignores_async) || ev.detached,
                pasted,
                event: None,
                input: input.clone(),
            }
        });
    }
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions,
        notes,
    })
}

/// The command text with every literal `$NAME` (not `${NAME}`) of each variable replaced by
/// its shell-quoted value, as agents that expand before the shell runs do: a plain text
/// replace with no word boundary, so `$NAMEX` loses its `$NAME` too (the contract that sets
/// [`Run::expands`] cites its agent's code).
///
/// [`Run::expands`]: crate::contract::Run::expands
pub fn expand(command: &str, vars: &[(&str, String)]) -> String {
    let mut out = command.to_string();
    for (name, value) in vars {
        out = out.replace(&format!("${name}"), &build::shell_quote(value));
    }
    out
}

/// `$NAME`, `${NAME}` and `${NAME:-default}`, as an agent's settings loader finds them.
static ENV_REF: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"\$(?:([A-Za-z0-9_]+)|\{([^}]+?)(?::-([^}]*))?\})").ok()
});

/// The command text with each environment reference replaced by the value `env` gives it, as
/// is (no quoting); a name `env` lacks stays as written, or becomes its default, as an agent's
/// settings loader does with the whole file (the contract that sets [`Run::loads_env_refs`]
/// cites its agent). Also returns the variables whose values were pasted, each once.
///
/// [`Run::loads_env_refs`]: crate::contract::Run::loads_env_refs
pub fn resolve_env_refs<K: AsRef<str>, V: AsRef<str>>(
    command: &str,
    env: &[(K, V)],
    refs: EnvRefs,
) -> (String, Vec<(String, String)>) {
    // Every reference starts with `$`: a command without one is left as it is, and the
    // pattern is not compiled (a third of a `run --dry-run`'s planning).
    if !command.contains('$') {
        return (command.to_string(), Vec::new());
    }
    let Some(re) = ENV_REF.as_ref() else {
        return (command.to_string(), Vec::new());
    };
    let mut pasted: Vec<(String, String)> = Vec::new();
    let text = re
        .replace_all(command, |c: &regex::Captures| {
            // `${NAME:-default}` names no variable where defaults are not read.
            if refs == EnvRefs::Plain && c.get(3).is_some() {
                return c[0].to_string();
            }
            let name = c.get(1).or_else(|| c.get(2)).map_or("", |m| m.as_str());
            match env.iter().rev().find(|(k, _)| k.as_ref() == name) {
                Some((k, v)) => {
                    let (k, v) = (k.as_ref(), v.as_ref());
                    if !pasted.iter().any(|(p, _)| p == k) {
                        pasted.push((k.to_string(), v.to_string()));
                    }
                    v.to_string()
                }
                None => c
                    .get(3)
                    .map_or_else(|| c[0].to_string(), |d| d.as_str().to_string()),
            }
        })
        .into_owned();
    (text, pasted)
}

/// What a variable's value may come from.
struct Given<'a> {
    root: &'a str,
    session: &'a str,
    event: &'a str,
    payload: &'a serde_json::Value,
    tool_path: &'a str,
}

/// The value of `v` for this run, or `None` when the agent does not set it.
fn value(v: &Var, g: &Given) -> Option<String> {
    Some(match v {
        Var::Root => g.root.to_string(),
        Var::Session => g.session.to_string(),
        Var::Literal(s) => s.to_string(),
        Var::Event => g.event.to_string(),
        Var::Tool => at(g.payload, g.tool_path)?.as_str()?.to_string(),
        Var::Field(p) => at(g.payload, p)
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
            .to_string(),
        Var::Present(p) => match at(g.payload, p)? {
            serde_json::Value::Null => return None,
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        },
        Var::Prompt => at(g.payload, "prompt")?.as_str()?.to_string(),
        Var::Only(events, v) if events.contains(&g.event) => value(v, g)?,
        Var::Except(events, v) if !events.contains(&g.event) => value(v, g)?,
        Var::Only(..) | Var::Except(..) => return None,
    })
}

/// One variable per top-level scalar field of the input (strings as they are, numbers and
/// booleans as JSON writes them).
fn scalar_fields(payload: &serde_json::Value) -> Vec<(String, String)> {
    use serde_json::Value;
    let Some(obj) = payload.as_object() else {
        return Vec::new();
    };
    obj.iter()
        .filter_map(|(k, v)| match v {
            Value::String(s) => Some((k.clone(), s.clone())),
            Value::Number(_) | Value::Bool(_) => Some((k.clone(), v.to_string())),
            _ => None,
        })
        .collect()
}

/// Whether the removal rule `rule` (`NAME`, or `PREFIX*`) removes `name`.
fn unsets(rule: &str, name: &str) -> bool {
    match rule.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => rule == name,
    }
}

#[cfg(test)]
mod tests {
    use crate::agent::testing;
    use crate::contract::testing::sample;
    use crate::contract::{Contract, Event, Kind, ToolCall, event};
    use crate::plan::Plan;

    const TOOL: &str = r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#;
    const EVENTS: &[Event] = &[
        event("PreToolUse", Kind::BeforeTool, 60).input(TOOL),
        event("Notification", Kind::Other, 60)
            .detached()
            .input("{}"),
    ];
    const fn unknown(name: &'static str) -> ToolCall {
        ToolCall {
            name,
            input: r#""$NONE:$TOOL's input is unknown (matcher $MATCHER)""#,
            new_file: None,
            response: "null",
        }
    }
    const KNOWN: ToolCall = ToolCall {
        name: "Write",
        input: r#"{"file_path":"$FILE"}"#,
        new_file: None,
        response: "null",
    };
    static SOME: Contract = sample(EVENTS, &[KNOWN, unknown("Edit")], &[]);
    static NONE: Contract = sample(EVENTS, &[unknown("Edit")], &[]);

    fn plan(c: &Contract, yaml: &str, trigger: &crate::trigger::Trigger) -> Plan {
        plan_in(c, yaml, trigger, &[])
    }

    /// [`plan`] for a caller with this environment.
    fn plan_in(
        c: &Contract,
        yaml: &str,
        trigger: &crate::trigger::Trigger,
        env: &[(String, String)],
    ) -> Plan {
        let spec = testing::spec(yaml);
        let cx = crate::contract::PlanContext {
            spec: &spec,
            trigger,
            root: std::path::Path::new(testing::ROOT),
            start: std::path::Path::new(testing::ROOT),
            home: std::path::Path::new(testing::HOME),
            env,
        };
        super::plan_by("a", "A", c, &cx)
    }

    fn reason(p: &Plan) -> String {
        match p {
            Plan::NotRun { reason, .. } | Plan::Skipped { reason, .. } => reason.clone(),
            Plan::Run(_) => "runs".into(),
        }
    }

    #[test]
    fn an_unknown_edit_input_is_not_run_and_no_known_one_is_not_run_whatever_the_matcher() {
        let edit = testing::edit("a.txt", true);
        let pre = |m: &str| format!("event: PreToolUse\nmatcher: \"{m}\"\ncommand: ./h.sh\n");
        let p = plan(&SOME, &pre("Write"), &edit);
        assert!(matches!(p, Plan::Run(_)), "{p:?}");
        let p = plan(&SOME, &pre("Edit"), &edit);
        assert_eq!(reason(&p), "Edit's input is unknown (matcher Edit)");
        let p = plan(&SOME, &pre("Read"), &edit);
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
        let p = plan(&NONE, &pre("Read"), &edit);
        assert_eq!(reason(&p), "Edit's input is unknown (matcher Read)");
    }

    #[test]
    fn event_and_tool_variables_are_set_only_when_known() {
        use crate::contract::Var;
        static VARS: Contract = {
            let mut c = sample(EVENTS, &[], &[]);
            c.run.env = &[
                ("EV", Var::Event),
                ("TOOL", Var::Tool),
                ("NAME", Var::Field("hook_event_name")),
                ("NO", Var::Field("nothing")),
            ];
            c
        };
        let env = |yaml: &str, trigger| match plan(&VARS, yaml, &trigger) {
            Plan::Run(run) => run.commands[0].invocation.clone().map(|i| i.env),
            p => panic!("{p:?}"),
        };
        let got = env("event: PreToolUse\ncommand: ./h.sh\n", testing::bash("ls"));
        assert_eq!(
            got,
            Ok(vec![
                ("EV".into(), "PreToolUse".into()),
                ("TOOL".into(), "Sh".into()),
                ("NAME".into(), "PreToolUse".into()),
                ("NO".into(), String::new()),
            ])
        );
        let got = env(
            "event: Notification\ncommand: ./h.sh\n",
            crate::trigger::Trigger::None,
        );
        assert_eq!(
            got,
            Ok(vec![
                ("EV".into(), "Notification".into()),
                ("NAME".into(), "Notification".into()),
                ("NO".into(), String::new()),
            ])
        );
    }

    /// What the agent removes, what its process carries, the payload's scalars, and
    /// variables set on some events only: each reaches the hook's environment as declared.
    #[test]
    fn removed_inherited_exported_and_per_event_variables() {
        use crate::contract::Var;
        static VARS: Contract = {
            let mut c = sample(EVENTS, &[], &[]);
            c.run.env = &[
                ("ONLY", Var::Only(&["Notification"], &Var::Literal("n"))),
                ("NOT", Var::Except(&["Notification"], &Var::Literal("t"))),
            ];
            c.run.inherits = &[("LAUNCHER", "1")];
            c.run.unset = &["SECRET_*", "OFFLINE"];
            c.run.exports_scalars = true;
            c
        };
        let caller: Vec<(String, String)> = ["KEEP", "SECRET_KEY", "OFFLINE", "OFFLINE_NOT"]
            .iter()
            .map(|k| (k.to_string(), "x".to_string()))
            .collect();
        let names = |yaml: &str, trigger: &crate::trigger::Trigger| match plan_in(
            &VARS, yaml, trigger, &caller,
        ) {
            Plan::Run(run) => run.commands[0]
                .invocation
                .clone()
                .map(|i| i.env.into_iter().map(|(k, _)| k).collect::<Vec<_>>()),
            p => panic!("{p:?}"),
        };
        let pre = names("event: PreToolUse\ncommand: ./h.sh\n", &testing::bash("ls"));
        let notification = names(
            "event: Notification\ncommand: ./h.sh\n",
            &crate::trigger::Trigger::None,
        );
        let scalars = |event: &str| {
            let payload = serde_json::json!({"hook_event_name": event, "n": 1, "o": {}});
            super::scalar_fields(&payload)
        };
        assert_eq!(
            scalars("X"),
            [
                ("hook_event_name".to_string(), "X".to_string()),
                ("n".into(), "1".into())
            ]
        );
        let pre = pre.expect("runs");
        let notification = notification.expect("runs");
        for env in [&pre, &notification] {
            assert!(env.contains(&"KEEP".to_string()) && env.contains(&"OFFLINE_NOT".to_string()));
            assert!(
                !env.iter().any(|k| k == "SECRET_KEY" || k == "OFFLINE"),
                "{env:?}"
            );
            assert!(env.contains(&"LAUNCHER".to_string()), "{env:?}");
            assert!(env.contains(&"hook_event_name".to_string()), "{env:?}");
        }
        assert!(pre.contains(&"NOT".to_string()) && !pre.contains(&"ONLY".to_string()));
        assert!(
            notification.contains(&"ONLY".to_string())
                && !notification.contains(&"NOT".to_string())
        );
    }

    #[test]
    fn a_detached_event_runs_its_hooks_async() {
        let none = crate::trigger::Trigger::None;
        let Plan::Run(run) = plan(&SOME, "event: Notification\ncommand: ./h.sh\n", &none) else {
            panic!("runs")
        };
        assert!(run.commands[0].is_async);
        let Plan::Run(run) = plan(
            &SOME,
            "event: PreToolUse\ncommand: ./h.sh\n",
            &testing::bash("ls"),
        ) else {
            panic!("runs")
        };
        assert!(!run.commands[0].is_async);
    }
}

#[cfg(test)]
mod zero_and_cwd_tests {
    use std::path::Path;

    use super::plan_by;
    use crate::agent::testing::{prompt, spec};
    use crate::contract::testing::{RUN, contract};
    use crate::contract::{Contract, PlanContext, Run, Var, Zero};
    use crate::plan::{Plan, RunPlan};
    use crate::trigger::Trigger;

    /// What `c` plans for `yaml` and `trigger`, which must run.
    fn planned(c: &Contract, yaml: &str, trigger: &Trigger) -> RunPlan {
        planned_spec(c, &spec(yaml), trigger)
    }

    /// [`planned`], for a spec already loaded.
    fn planned_spec(c: &Contract, spec: &crate::spec::HookSpec, trigger: &Trigger) -> RunPlan {
        let cx = PlanContext {
            spec,
            trigger,
            root: Path::new("/project"),
            start: Path::new("/project"),
            home: Path::new("/home/user"),
            env: &[],
        };
        match plan_by("test", "Test", c, &cx) {
            Plan::Run(run) => run,
            p => panic!("expected a plan that runs: {p:?}"),
        }
    }

    /// (program, cwd, timeout, env, assumed items) of the first command.
    fn first_command(run: &RunPlan) -> (String, String, u64, Vec<(String, String)>, Vec<String>) {
        let Some(Ok(inv)) = run.commands.first().map(|c| c.invocation.clone()) else {
            panic!("expected a command that runs: {:?}", run.commands)
        };
        let items = run.assumptions.iter().map(|a| a.item.clone()).collect();
        let cwd = inv.cwd.display().to_string();
        (inv.program, cwd, inv.timeout.as_secs(), inv.env, items)
    }

    #[test]
    fn a_handler_cwd_is_where_it_runs_and_where_exec_paths_resolve() {
        let c = contract(
            &[],
            Run {
                handler_cwd: true,
                ..RUN
            },
        );
        let yaml = "event: SessionStart\ncommand: ./g.sh\nargs: [x]\ncwd: hooks\n";
        let (program, cwd, _, _, assumed) = first_command(&planned(&c, yaml, &Trigger::None));
        assert_eq!(
            (program.as_str(), cwd.as_str(), assumed.len()),
            ("/project/hooks/./g.sh", "/project/hooks", 0)
        );
        let yaml = "event: SessionStart\ncommand: ./g.sh\n";
        let (program, cwd, _, _, assumed) = first_command(&planned(&c, yaml, &Trigger::None));
        assert_eq!(
            (program.as_str(), cwd.as_str(), assumed),
            ("/bin/sh", "/project", vec!["cwd".to_string()])
        );
    }

    #[test]
    fn timeout_zero_means_what_the_contract_says() {
        // The loader takes `timeout: 0` only for agents that say what it means (`targets`
        // naming one); these contracts say, so the spec holds 0 as such a loaded spec would.
        let mut spec0 = spec("event: SessionStart\ncommand: ./g.sh\ntimeout: 1\n");
        spec0.raw.timeout = Some(0);
        let rows = [
            (Zero::AsGiven, 0, 1, 0),
            (Zero::Default, 5, 1, 1),
            (Zero::NoLimit, 5, 2, 0),
        ];
        for (zero, secs, assumed, notes) in rows {
            let c = contract(
                &[],
                Run {
                    zero_timeout: zero,
                    ..RUN
                },
            );
            let run = planned_spec(&c, &spec0, &Trigger::None);
            let (_, _, timeout, _, items) = first_command(&run);
            assert_eq!(
                (timeout, items.len(), run.notes.len()),
                (secs, assumed, notes),
                "{zero:?}: {run:?}"
            );
        }
    }

    #[test]
    fn a_prompt_variable_is_set_only_when_the_input_has_a_prompt() {
        let c = contract(
            &[],
            Run {
                env: &[("THE_PROMPT", Var::Prompt)],
                ..RUN
            },
        );
        let has = |yaml: &str, trigger: &Trigger| {
            let (_, _, _, env, _) = first_command(&planned(&c, yaml, trigger));
            env.iter()
                .find(|(k, _)| k == "THE_PROMPT")
                .map(|(_, v)| v.clone())
        };
        let yaml = "event: UserPromptSubmit\ncommand: ./g.sh\n";
        assert_eq!(has(yaml, &prompt("hi there")), Some("hi there".to_string()));
        let yaml = "event: SessionStart\ncommand: ./g.sh\n";
        assert_eq!(has(yaml, &Trigger::None), None);
    }

    /// Picks `bash -c` for a hook whose `shell:` says bash, refuses any other `shell:`.
    fn by_shell_key(c: &crate::contract::Command) -> crate::contract::Started {
        crate::contract::Started::program(match c.spec.raw.shell.as_deref() {
            Some("bash") => Ok(("bash".into(), vec!["-c".into(), c.text.into()])),
            Some(other) => Err(format!("no {other} here")),
            None => Ok((c.root.join(c.text).display().to_string(), vec![])),
        })
    }

    #[test]
    fn a_per_hook_pick_replaces_the_shell_and_can_refuse() {
        let c = contract(&[], RUN.per_hook(by_shell_key));
        let yaml = "event: SessionStart\ncommand: ./g.sh\nshell: bash\n";
        let (program, _, _, _, _) = first_command(&planned(&c, yaml, &Trigger::None));
        assert_eq!(program, "bash");
        let yaml = "event: SessionStart\ncommand: g.sh\n";
        let (program, _, _, _, _) = first_command(&planned(&c, yaml, &Trigger::None));
        assert_eq!(program, "/project/g.sh");
        let yaml = "event: SessionStart\ncommand: ./g.sh\nshell: powershell\n";
        let run = planned(&c, yaml, &Trigger::None);
        let why = run.commands[0].invocation.as_ref().err().cloned();
        assert_eq!(why.as_deref(), Some("no powershell here"));
    }

    #[test]
    fn an_agent_that_ignores_async_waits_for_the_hook() {
        let yaml = "event: SessionStart\ncommand: ./g.sh\nasync: true\n";
        let waits =
            |run: Run| !planned(&contract(&[], run), yaml, &Trigger::None).commands[0].is_async;
        assert!(!waits(RUN));
        assert!(waits(RUN.ignores_async()));
    }

    /// The planner gives each hook the stdin kind its agent was seen giving (a socket for
    /// the Node agents, fixtures/live/launch), so a guard that asks `[ -p /dev/stdin ]`
    /// decides under hookcheck as under the agent.
    #[test]
    fn each_agents_hooks_get_the_stdin_kind_it_was_seen_giving() {
        use crate::contract::Stdio;
        let mut sockets = Vec::new();
        for t in crate::tools::ALL {
            let Some(c) = t.contract() else { continue };
            let Some(inv) = crate::agent::testing::try_bash_invocation(
                t,
                "on: before-tool\nmatch: shell\ncommand: ./g.sh\n",
            ) else {
                continue;
            };
            assert_eq!(
                inv.stdio_socket,
                c.run.launch.stdio == Stdio::Socket,
                "{}",
                t.id
            );
            if inv.stdio_socket {
                sockets.push(t.id);
            }
        }
        assert!(!sockets.is_empty(), "no agent gives a socket");
    }

    /// A command without `$` comes back as written with nothing pasted, without the pattern;
    /// one with references is still resolved.
    #[test]
    fn env_refs_without_a_dollar_are_left_alone() {
        let env = vec![("HOME".to_string(), "/h".to_string())];
        for command in ["./guard.sh", "ls {HOME}", "", "echo ${"] {
            let written = (command.to_string(), Vec::new());
            assert_eq!(
                super::resolve_env_refs(command, &env, crate::contract::EnvRefs::WithDefaults),
                written,
                "{command}"
            );
        }
        assert_eq!(
            super::resolve_env_refs(
                "cd $HOME && ${NOPE:-x}",
                &env,
                crate::contract::EnvRefs::WithDefaults
            ),
            ("cd /h && x".to_string(), env.clone())
        );
    }

    #[test]
    fn plain_env_refs_leave_a_default_form_to_the_shell() {
        use crate::contract::EnvRefs::Plain;
        let env = vec![("HOME".to_string(), "/h".to_string())];
        // `$NAME` and `${NAME}` when set; anything else as written (the Plain contract cites it).
        assert_eq!(
            super::resolve_env_refs("$HOME ${HOME} ${HOME:-x} ${NOPE:-x} $NOPE", &env, Plain).0,
            "/h /h ${HOME:-x} ${NOPE:-x} $NOPE"
        );
    }
}
