//! The input an agent gives a hook, built from its contract's templates (or the payload given).

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::{Plan, build};
use crate::contract::template::{self, Unfilled, Values};
use crate::contract::{Contract, Event, Kind, MatchOn, PlanContext, ToolCall};
use crate::trigger::Trigger;

/// The input, and the name the matcher sees.
pub struct Built<'a> {
    /// The input object: the user's `--payload` itself, borrowed (a large one is never
    /// copied per agent), or the one built from the contract's templates.
    pub payload: Cow<'a, Value>,
    /// The tool name or source the hook fired on, for the report.
    pub label: Option<String>,
    /// What the matcher is compared with (the label, or a [`MatchOn::Value`] field).
    pub seen: Option<String>,
}

/// Builds the input of `event` for the trigger, or the plan that says why there is none.
pub fn build<'a>(
    id: &str,
    name: &str,
    c: &Contract,
    ev: &Event,
    cx: &PlanContext<'a>,
    event: &str,
    matcher: &str,
) -> Result<Built<'a>, Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        let path = match ev.matches {
            MatchOn::Tool => Some(c.input.tool_path),
            MatchOn::Field(f) | MatchOn::Value(f) | MatchOn::Context(f) => Some(f),
            MatchOn::Nothing => None,
        };
        let text = |p: &str| at(value, p).and_then(Value::as_str).map(str::to_string);
        let seen = match ev.matches {
            MatchOn::Context(f) => Some(text(f).unwrap_or_default()),
            _ => path.and_then(text),
        };
        let label = match ev.matches {
            _ if ev.label.and_then(text).is_some() => ev.label.and_then(text),
            MatchOn::Value(_) | MatchOn::Context(_) => None,
            _ => seen.clone(),
        };
        return Ok(Built {
            payload: Cow::Borrowed(value),
            label,
            seen,
        });
    }
    let picks = |name: &str| {
        c.matcher
            .matches(ev.kind.is_tool(), event, matcher, name)
            .unwrap_or(false)
    };
    // A read tool's call, built from the names and the one input the contract gives them.
    let read_call: ToolCall;
    // An MCP tool's name as the agent spells it, and the call's arguments.
    let mut mcp: Option<(String, &Value)> = None;
    // (A payload is taken as given, above.)
    if let Some(tools) = ev.only {
        return Err(not_run(build::wrong_trigger(
            event,
            cx.trigger,
            &format!("{tools}: pass --payload"),
        )));
    }
    let (call, command, file) = match (ev.kind.is_tool(), ev.kind, cx.trigger) {
        (true, _, Trigger::Bash(command)) => {
            (Some((&c.tools.shell, false)), command.as_str(), None)
        }
        (true, _, Trigger::Edit { .. }) if c.tools.edit.is_empty() => {
            return Err(not_run(match c.input.no_edit {
                Some(why) => why.replace("{event}", event),
                None => format!(
                    "{} documents no edit tool's input, so hookcheck builds no {event} input for --edit: pass --payload",
                    name
                ),
            }));
        }
        (true, _, Trigger::Edit { path, exists }) => {
            // The first edit tool the matcher picks, or cannot compile against (the match step
            // then says why the agent cannot match it); when no edit tool's input is known,
            // there is nothing to build, whatever the matcher picks: the first tool's `$NONE`
            // says why.
            let unknown = |t: &&ToolCall| t.input.trim_matches('"').starts_with("$NONE:");
            let tool = c
                .tools
                .edit
                .iter()
                .find(|t| {
                    c.matcher
                        .matches(true, event, matcher, t.name)
                        .unwrap_or(true)
                })
                .or_else(|| {
                    c.tools
                        .edit
                        .first()
                        .filter(|_| c.tools.edit.iter().all(|t| unknown(&t)))
                });
            let Some(tool) = tool else {
                let names: Vec<&str> = c.tools.edit.iter().map(|t| t.name).collect();
                return Err(Plan::Skipped {
                    event: event.to_string(),
                    trigger: names.first().map(|n| n.to_string()),
                    reason: format!("matcher \"{matcher}\" does not match {}", or_list(&names)),
                });
            };
            (Some((tool, !*exists)), "", Some(path.as_path()))
        }
        (true, _, Trigger::Read(path)) => {
            if let Some(why) = c.tools.read_input.strip_prefix("$NONE:") {
                return Err(not_run(why.to_string()));
            }
            let Some(name) = c
                .tools
                .read
                .iter()
                .find(|t| c.matcher.matches(true, event, matcher, t).unwrap_or(true))
            else {
                return Err(Plan::Skipped {
                    event: event.to_string(),
                    trigger: c.tools.read.first().map(|n| n.to_string()),
                    reason: format!(
                        "matcher \"{matcher}\" does not match {}",
                        or_list(c.tools.read)
                    ),
                });
            };
            read_call = ToolCall {
                name,
                input: c.tools.read_input,
                new_file: None,
                response: "{}",
            };
            (Some((&read_call, false)), "", Some(path.as_path()))
        }
        (
            true,
            _,
            Trigger::Mcp {
                server,
                tool,
                input,
            },
        ) => {
            let name = mcp_name(c, server, tool).map_err(&not_run)?;
            if ev.input.is_some_and(|f| f.contains("$RESPONSE")) {
                return Err(not_run(format!(
                    "hookcheck does not know what {name} gives a hook as an MCP tool's result on \
                     {event}: pass --payload"
                )));
            }
            mcp = Some((name, input));
            (None, "", None)
        }
        (true, _, t) => {
            return Err(not_run(build::wrong_trigger(
                event,
                t,
                "a tool call: pass --bash, --edit, --read, --mcp or --payload",
            )));
        }
        (false, Kind::Prompt, Trigger::Prompt(_)) => (None, "", None),
        (false, Kind::Shell, Trigger::Bash(command)) => (None, command.as_str(), None),
        (false, Kind::Shell, t) => {
            return Err(not_run(build::wrong_trigger(
                event,
                t,
                "a shell call: pass --bash or --payload",
            )));
        }
        (false, Kind::Edited, Trigger::Edit { path, .. }) => (None, "", Some(path.as_path())),
        (false, Kind::Edited, t) => {
            return Err(not_run(build::wrong_trigger(
                event,
                t,
                "a file edit: pass --edit or --payload",
            )));
        }
        (false, Kind::Read, Trigger::Read(path)) => (None, "", Some(path.as_path())),
        (false, Kind::Read, t) => {
            return Err(not_run(build::wrong_trigger(
                event,
                t,
                "a file read: pass --read or --payload",
            )));
        }
        (false, Kind::Prompt, t) => {
            return Err(not_run(build::wrong_trigger(
                event,
                t,
                "a prompt: pass --prompt or --payload",
            )));
        }
        (false, _, Trigger::None) => (None, "", None),
        (false, _, t) => {
            return Err(not_run(build::wrong_trigger(
                event,
                t,
                "no trigger (or --payload)",
            )));
        }
    };
    let Some(fields) = ev.input else {
        return Err(not_run(format!(
            "hookcheck builds no {event} input for {}: pass --payload",
            name
        )));
    };
    let root = cx.root.display().to_string();
    let home = cx.home.display().to_string();
    let transcripts = super::transcript::folder().display().to_string();
    let session = build::session_id(id);
    let file_abs = file.map(|p| p.display().to_string()).unwrap_or_default();
    let relfile = file
        .map(|p| p.strip_prefix(cx.root).unwrap_or(p).display().to_string())
        .unwrap_or_default();
    let prompt = match cx.trigger {
        Trigger::Prompt(p) => p.as_str(),
        _ => "",
    };
    let tool_name = match &mcp {
        Some((name, _)) => name.as_str(),
        None => call.map(|(t, _)| t.name).unwrap_or_default(),
    };
    let mut values = Values {
        root: &root,
        home: &home,
        transcripts: &transcripts,
        session: &session,
        event,
        command,
        file: &file_abs,
        relfile: &relfile,
        prompt,
        tool: tool_name,
        input: &Value::Null,
        response: &Value::Null,
        matcher,
        picks: &picks,
    };
    let (tool_input, response) = match (call, &mcp) {
        (Some((t, new_file)), _) => {
            tool_values(t, new_file, &values).map_err(|e| unfilled(e, event, matcher, &not_run))?
        }
        (None, Some((_, input))) => ((*input).clone(), Value::Null),
        (None, None) => (Value::Null, Value::Null),
    };
    values.input = &tool_input;
    values.response = &response;
    let fill =
        |t: &str| template::fill(t, &values).map_err(|e| unfilled(e, event, matcher, &not_run));
    let mut obj: Map<String, Value> = fill(c.input.common)?;
    obj.extend(fill(fields)?);
    if let (
        Some(_),
        Trigger::Mcp {
            server,
            tool,
            input,
        },
    ) = (&mcp, cx.trigger)
    {
        obj.extend(mcp_fields(c, server, tool, input));
    }
    if let Some(f) = c.quirks.input {
        f(cx, event, &mut obj);
    }
    for key in ["transcript_path", "transcriptPath"] {
        if let Some(path) = obj.get(key).and_then(Value::as_str) {
            super::transcript::ensure(path, &session);
        }
    }
    let field = |f: &str| obj.get(f).and_then(Value::as_str).map(str::to_string);
    let (label, seen) = match (call, ev.matches) {
        _ if mcp.is_some() => {
            let name = mcp.map(|(name, _)| name);
            (name.clone(), name)
        }
        // Shown as the input names the tool (an agent may send another agent's name for its
        // own tool on that agent's events); matched by the tool's own name.
        (Some((t, _)), MatchOn::Field(f)) => (
            field(f).or_else(|| Some(t.name.to_string())),
            Some(t.name.to_string()),
        ),
        (Some((t, _)), _) => (Some(t.name.to_string()), Some(t.name.to_string())),
        (None, MatchOn::Field(f)) => (field(f), field(f)),
        (None, MatchOn::Value(f)) => (None, field(f)),
        (None, MatchOn::Context(f)) => (None, Some(field(f).unwrap_or_default())),
        _ => (None, None),
    };
    let label = ev.label.and_then(field).or(label);
    Ok(Built {
        payload: Cow::Owned(Value::Object(obj)),
        label,
        seen,
    })
}

/// The name `c`'s agent gives a hook for `tool` of MCP server `server`, from its contract's
/// `Tools::mcp` pattern; why there is none when the agent names no MCP tools.
fn mcp_name(c: &Contract, server: &str, tool: &str) -> Result<String, String> {
    if let Some(why) = c.tools.mcp.strip_prefix("$NONE:") {
        return Err(format!("{why}: pass --payload"));
    }
    if c.tools.mcp.is_empty() {
        return Err(
            "hookcheck does not know how this agent names an MCP tool: pass --payload".to_string(),
        );
    }
    Ok(c.tools
        .mcp
        .replace("{server}", server)
        .replace("{tool}", tool))
}

/// The fields `c`'s agent adds (or replaces) for a call of `tool` of MCP server `server` with
/// arguments `args` ([`Tools::mcp_input`](crate::contract::Tools::mcp_input)): the names put
/// in as values, never pasted into JSON text, and a string `"{input}"` replaced by the
/// arguments.
fn mcp_fields(c: &Contract, server: &str, tool: &str, args: &Value) -> Map<String, Value> {
    let fill_all = |v: &mut Value| fill(v, server, tool, args);
    fn fill(v: &mut Value, server: &str, tool: &str, args: &Value) {
        match v {
            Value::String(s) if s == "{input}" => *v = args.clone(),
            Value::String(s) => *s = s.replace("{server}", server).replace("{tool}", tool),
            Value::Array(items) => items.iter_mut().for_each(|i| fill(i, server, tool, args)),
            Value::Object(map) => map.values_mut().for_each(|i| fill(i, server, tool, args)),
            _ => {}
        }
    }
    let mut fields: Map<String, Value> = match serde_json::from_str(c.tools.mcp_input) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    };
    fields.values_mut().for_each(fill_all);
    fields
}

fn tool_values(t: &ToolCall, new_file: bool, v: &Values) -> Result<(Value, Value), Unfilled> {
    let input = match (new_file, t.new_file) {
        (true, Some(n)) => n,
        _ => t.input,
    };
    Ok((
        template::fill_value(input, v)?,
        template::fill_value(t.response, v)?,
    ))
}

fn unfilled(e: Unfilled, event: &str, matcher: &str, not_run: &dyn Fn(String) -> Plan) -> Plan {
    match e {
        Unfilled::NoPick(names) => {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            Plan::Skipped {
                event: event.to_string(),
                trigger: None,
                reason: format!("matcher \"{matcher}\" does not match {}", or_list(&names)),
            }
        }
        Unfilled::Unknown(why) => not_run(why),
        Unfilled::Invalid(e) => not_run(format!("internal: an input template is invalid: {e}")),
    }
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The value at a dotted path of a JSON value.
pub fn at<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(v, |v, p| v.get(p))
}

#[cfg(test)]
mod tests {
    use crate::agent::testing::{bash, edit, prompt, spec};
    use crate::contract::reply::tests::{C, NO_EDIT};
    use crate::plan::Plan;
    use crate::trigger::Trigger;

    fn planned_on(yaml: &str, trigger: &Trigger) -> Plan {
        planned_by(&C, yaml, trigger)
    }

    fn planned_by(c: &crate::contract::Contract, yaml: &str, trigger: &Trigger) -> Plan {
        let s = spec(yaml);
        let cx = crate::contract::PlanContext {
            spec: &s,
            trigger,
            root: std::path::Path::new("/p"),
            start: std::path::Path::new("/p"),
            home: std::path::Path::new("/h"),
            env: &[],
        };
        super::super::generic::plan_by("t", "A", c, &cx)
    }

    #[test]
    fn no_edit_tool_is_not_run_no_read_tool_is_refused_and_assumptions_come_in_order() {
        let yaml = "event: PreToolUse\ncommand: ./h.sh\n";
        assert!(matches!(
            planned_by(&NO_EDIT, yaml, &edit("a.txt", true)),
            Plan::NotRun { reason, .. } if reason.starts_with("A documents no edit tool's input")
        ));
        let read = crate::spec::PortableMatch::Read;
        assert_eq!(
            C.portable.map("A", crate::spec::On::AfterEdit, Some(&read)),
            Err(crate::contract::NotRun(
                "A names no read tool: write a native matcher".to_string()
            ))
        );
        let yaml = "event: beforeShellExecution\ncommand: ./h.sh\n";
        let Plan::Run(run) = planned_on(yaml, &bash("ls")) else {
            panic!()
        };
        let items: Vec<&str> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
        assert_eq!(items, ["shell", "cwd", "timeout"]);
    }

    #[test]
    fn a_shell_event_matches_the_command_without_showing_it_and_is_not_waited_for() {
        let yaml = "event: beforeShellExecution\nmatcher: \"rm.*\"\ncommand: ./h.sh\n";
        let Plan::Run(run) = planned_on(yaml, &bash("rm -rf x")) else {
            panic!("{:?}", planned_on(yaml, &bash("rm -rf x")))
        };
        assert_eq!(run.trigger, None);
        assert!(run.commands[0].is_async);
        assert!(matches!(
            planned_on(yaml, &bash("ls")),
            Plan::Skipped { trigger: None, reason, .. } if reason.ends_with("does not match ls")
        ));
        // A portable matcher names tools: it does not apply to a command.
        let portable = "on: after-edit\nmatch: edit\ncommand: ./h.sh\n";
        assert!(matches!(planned_on(portable, &bash("ls")), Plan::Run(_)));
        assert!(matches!(
            planned_on(yaml, &prompt("hi")),
            Plan::NotRun { reason, .. } if reason.contains("needs a shell call")
        ));
    }

    #[test]
    fn an_agent_may_say_in_its_own_words_why_edit_builds_no_input() {
        use crate::contract::{Contract, Event, Kind, event, testing::sample};
        const EVENTS: &[Event] = &[event("PreToolUse", Kind::BeforeTool, 5).input("{}")];
        static WORDED: Contract = {
            let mut c = sample(EVENTS, &[], &[]);
            c.input.no_edit = Some("no {event} input for an edit here");
            c
        };
        let yaml = "event: PreToolUse\ncommand: ./h.sh\n";
        assert!(matches!(
            planned_by(&WORDED, yaml, &edit("a.txt", true)),
            Plan::NotRun { reason, .. } if reason == "no PreToolUse input for an edit here"
        ));
    }

    fn planned(matcher: &str) -> Plan {
        let yaml = format!("event: PreToolUse\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
        planned_on(&yaml, &edit("a.txt", true))
    }

    #[test]
    fn an_edit_matcher_the_agent_cannot_compile_is_not_run_and_one_that_misses_skips() {
        assert!(
            matches!(&planned("("), Plan::NotRun { reason, .. } if reason.contains("not a valid regular expression")),
            "{:?}",
            planned("(")
        );
        assert!(matches!(planned("read"), Plan::Skipped { .. }));
        assert!(matches!(planned("write"), Plan::Run(_)));
    }
}
