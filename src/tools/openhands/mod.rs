//! OpenHands (the software-agent-sdk that the OpenHands CLI and app run on).
//!
//! Sources (read 2026-11-30): OpenHands/software-agent-sdk @611629e6 (2026-08-22, openhands-sdk
//! 1.43.1): `openhands-sdk/openhands/sdk/hooks/executor.py` (replies, shell, env; last changed
//! 5bfa7fc5, 2026-08-12), `hooks/config.py` (`HookMatcher.matches`, 60 s default), `hooks/types.py`
//! (events, stdin model), `hooks/manager.py` and `conversation_hooks.py` (which events honour a
//! block), `openhands-tools/openhands/tools/terminal/definition.py` (`TerminalAction`); as
//! collected in docs/reference/protocols/protocols-b.md §8; the `hook run` behaviour spec
//! (docs/reference/seeds/002_868b68abc3040bdc.txt).

pub mod native;

use serde_json::{Map, Value, json};

use super::shared::{self, json_object};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch, When};
use crate::trigger::Trigger;
use crate::verdict::Reading;

/// OpenHands' contract.
pub static TOOL: Tool = Tool {
    id: "openhands",
    name: "OpenHands",
    checked: "2026-11-30",
    sources: &[
        "source: OpenHands/software-agent-sdk @611629e6 openhands-sdk/openhands/sdk/hooks/executor.py, config.py, types.py, manager.py, conversation_hooks.py",
        "docs: OpenHands/software-agent-sdk examples/01_standalone_sdk/33_hooks/README.md",
    ],
    events: EVENTS,
    shell: "/bin/sh -c (subprocess shell=True); cmd.exe /c on Windows",
    timeouts: "60 s",
    session_vars: &[
        "OPENHANDS_PROJECT_DIR",
        "OPENHANDS_SESSION_ID",
        "OPENHANDS_EVENT_TYPE",
        "OPENHANDS_TOOL_NAME",
    ],
    notes: &[
        "OpenHands reads the first of <project>/.openhands/hooks.json and ~/.openhands/hooks.json: a project file hides the user's",
        "hooks run one after another and stop at the first that blocks",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot(
        "no live driver yet: the OpenHands CLI (PyPI) has not been tried headless here",
    ),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// `HookEventType` in hooks/types.py.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "SessionStart",
    "SessionEnd",
    "Stop",
];

/// The events whose callers act on `should_continue` (manager.py).
const BLOCKING: &[&str] = &["PreToolUse", "UserPromptSubmit", "Stop"];

/// The events whose callers pass `additionalContext` on (manager.py, conversation_hooks.py).
const CONTEXT: &[&str] = &["UserPromptSubmit", "Stop"];

fn portable(on: On, matches: Option<&PortableMatch>) -> Result<(String, String), String> {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::PromptSubmit => "UserPromptSubmit",
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        On::Stop => "Stop",
        On::SessionEnd => "SessionEnd",
    };
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit | PortableMatch::Read)) => {
            "file_editor".to_string()
        }
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "terminal".into(),
        (_, Some(PortableMatch::Web)) => {
            return Err("OpenHands has no web tool hookcheck knows the name of".into());
        }
        (_, Some(PortableMatch::Mcp(_))) => {
            return Err("OpenHands' MCP tool names are not documented".into());
        }
    };
    Ok((event.to_string(), matcher))
}

/// `HookMatcher.matches` (config.py @611629e6): `*` or empty: all; `/re/`: Python
/// `re.fullmatch`, no match when invalid; a pattern with any of `|.*+?[]()^$\`: `re.fullmatch`,
/// falling back to an exact comparison when invalid; else the exact name.
fn matcher_matches(pattern: &str, name: &str) -> bool {
    if pattern.is_empty() || pattern == "*" {
        return true;
    }
    if pattern.len() > 2 && pattern.starts_with('/') && pattern.ends_with('/') {
        return matcher::python_fullmatch(&pattern[1..pattern.len() - 1], name).unwrap_or(false);
    }
    if pattern.chars().any(|c| "|.*+?[]()^$\\".contains(c))
        && let Ok(hit) = matcher::python_fullmatch(pattern, name)
    {
        return hit;
    }
    pattern == name
}

fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match &cx.spec.when {
        When::Native { event, matcher } => (event.clone(), matcher.clone()),
        When::Portable { on, matches } => match portable(*on, matches.as_ref()) {
            Ok(x) => x,
            Err(reason) => {
                return Plan::NotRun {
                    event: None,
                    reason,
                };
            }
        },
    };
    if !EVENTS.contains(&event.as_str()) {
        return Plan::NotRun {
            event: Some(event.clone()),
            reason: format!("OpenHands has no {event} event"),
        };
    }
    let (payload, tool_name) = match input(cx, &event) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    // Events without a tool name match only `*` or an empty matcher (config.py).
    if !matcher_matches(&matcher, tool_name.as_deref().unwrap_or_default())
        || (tool_name.is_none() && !(matcher.is_empty() || matcher == "*"))
    {
        return Plan::Skipped {
            event,
            trigger: tool_name.clone(),
            reason: match &tool_name {
                Some(name) => format!("matcher \"{matcher}\" does not match {name}"),
                None => format!(
                    "matcher \"{matcher}\" does not match: OpenHands compares it with the tool name, which this event has none of"
                ),
            },
        };
    }
    if cx.spec.args.is_some() {
        return Plan::NotRun {
            event: Some(event),
            reason: "OpenHands has no exec form (`args`): it runs `command` with shell=True".into(),
        };
    }
    let timeout = cx.spec.timeout().unwrap_or(60);
    // executor.py: OPENHANDS_PROJECT_DIR, _SESSION_ID, _EVENT_TYPE, _TOOL_NAME (tool events).
    let mut own = vec![
        (
            "OPENHANDS_PROJECT_DIR".to_string(),
            cx.root.display().to_string(),
        ),
        (
            "OPENHANDS_SESSION_ID".to_string(),
            shared::session_id("openhands"),
        ),
        ("OPENHANDS_EVENT_TYPE".to_string(), event.clone()),
    ];
    if let Some(name) = &tool_name {
        own.push(("OPENHANDS_TOOL_NAME".to_string(), name.clone()));
    }
    let env = shared::merge_env(
        cx.env,
        own.into_iter()
            .chain(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
    );
    let (program, flag) = if cfg!(windows) {
        ("cmd.exe", "/c")
    } else {
        ("/bin/sh", "-c")
    };
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| PlannedCommand {
            display: command.clone(),
            invocation: Ok(shared::invocation(
                program,
                vec![flag.into(), command.clone()],
                env.clone(),
                cx.root,
                &stdin,
                timeout,
            )),
            is_async: cx.spec.is_async(),
        })
        .collect();
    let mut notes = Vec::new();
    if cx.spec.is_async() && event == "PreToolUse" {
        notes.push("an async PreToolUse hook cannot block the tool call (manager.py)".to_string());
    }
    Plan::Run(RunPlan {
        event,
        trigger: tool_name,
        commands,
        assumptions: Vec::new(),
        notes,
    })
}

/// The `HookEvent` model, every key present (hooks/types.py), and the tool name.
fn input(cx: &PlanContext, event: &str) -> Result<(Value, Option<String>), Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        let name = value
            .get("tool_name")
            .and_then(Value::as_str)
            .map(str::to_string);
        return Ok((value.clone(), name));
    }
    let mut tool_name = Value::Null;
    let mut tool_input = Value::Null;
    let mut tool_response = Value::Null;
    let mut message = Value::Null;
    match (event, cx.trigger) {
        ("PreToolUse" | "PostToolUse", Trigger::Bash(command)) => {
            tool_name = json!("terminal");
            // TerminalAction.model_dump(), with the computed `kind` field last.
            tool_input = json!({
                "command": command,
                "is_input": false,
                "timeout": null,
                "reset": false,
                "kind": "TerminalAction",
            });
            if event == "PostToolUse" {
                tool_response = json!({
                    "content": [{ "type": "text", "text": "" }],
                    "is_error": false,
                    "command": command,
                    "exit_code": 0,
                    "timeout": false,
                    "kind": "TerminalObservation",
                });
            }
        }
        ("PreToolUse" | "PostToolUse", Trigger::Edit { .. }) => {
            return Err(not_run(
                "OpenHands' file_editor input is undocumented: pass --payload with the call you expect"
                    .into(),
            ));
        }
        ("PreToolUse" | "PostToolUse", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a tool call: pass --bash or --payload",
            )));
        }
        ("UserPromptSubmit", Trigger::Prompt(p)) => message = json!(p),
        ("UserPromptSubmit", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a prompt: pass --prompt or --payload",
            )));
        }
        (_, Trigger::None) => {}
        (_, t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "no trigger (or --payload)",
            )));
        }
    }
    let name = tool_name.as_str().map(str::to_string);
    Ok((
        json!({
            "event_type": event,
            "tool_name": tool_name,
            "tool_input": tool_input,
            "tool_response": tool_response,
            "message": message,
            "session_id": shared::session_id("openhands"),
            "working_dir": cx.root,
            "metadata": {},
        }),
        name,
    ))
}

/// Python truthiness of a JSON value, for `if not output_data["continue"]`.
fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// What `HookExecutor.execute` takes from a JSON object on stdout.
struct Reply {
    deny: bool,
    stop: bool,
    context: bool,
}

/// Parses stdout as executor.py does, at any exit code: the whole stdout must be one JSON
/// object; a non-string `decision` raises, which fails the hook (`Err`).
fn reply(obj: &Map<String, Value>) -> Result<Reply, String> {
    let deny = match obj.get("decision") {
        None => false,
        Some(Value::String(s)) => s.to_lowercase() == "deny",
        Some(_) => {
            return Err(
                "a decision that is not a string makes OpenHands' executor raise: the hook counts as failed and the action goes ahead"
                    .into(),
            );
        }
    };
    Ok(Reply {
        deny,
        stop: obj.get("continue").is_some_and(|v| !truthy(v)),
        context: obj.contains_key("additionalContext"),
    })
}

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    if out.timed_out {
        return Reading::timeout().note("OpenHands counts a timeout as a failed hook and goes on");
    }
    if let Some(e) = &out.start_error {
        return Reading::error().note(format!("the command did not start: {e}; OpenHands goes on"));
    }
    let Some(code) = out.exit_code else {
        return Reading::error().note("the hook was killed by a signal; OpenHands goes on");
    };
    let stdout = out.stdout.text();
    let parsed = if stdout.trim().is_empty() {
        None
    } else {
        json_object(&stdout)
    };
    let reply = match parsed.as_ref().map(reply) {
        Some(Err(why)) => return Reading::error().note(why),
        Some(Ok(r)) => Some(r),
        None => None,
    };
    let context = CONTEXT.contains(&event) && reply.as_ref().is_some_and(|r| r.context);
    let json_blocks = reply.as_ref().is_some_and(|r| r.deny || r.stop);
    // blocked = exit 2, or a JSON deny / falsy continue, whatever the exit code (executor.py).
    if code == 2 || json_blocks {
        let why = if code == 2 {
            "exit 2".to_string()
        } else if reply.as_ref().is_some_and(|r| r.deny) {
            format!("decision \"deny\" at exit {code}")
        } else {
            format!("a false continue at exit {code}")
        };
        if !BLOCKING.contains(&event) {
            return Reading::error().context(context).note(format!(
                "{why} cannot stop anything on {event}: OpenHands blocks only on PreToolUse, UserPromptSubmit and Stop"
            ));
        }
        let mut r = Reading::block()
            .context(context)
            .note(format!("{why} blocks in OpenHands"));
        if event == "Stop" {
            r = r.note("a Stop block keeps the agent working");
        }
        let allow_in_json = parsed
            .as_ref()
            .and_then(|o| o.get("decision"))
            .and_then(Value::as_str)
            .is_some_and(|d| d.eq_ignore_ascii_case("allow"));
        if code == 2 && allow_in_json {
            r = r.note("a JSON allow does not undo an exit-2 block");
        }
        return r;
    }
    if code != 0 {
        return Reading::error().context(context).note(format!(
            "exit {code} is a non-blocking error in OpenHands: the action goes ahead"
        ));
    }
    let mut r = Reading::allow().context(context);
    if let Some(obj) = &parsed {
        if let Some(d) = obj.get("decision").and_then(Value::as_str)
            && !matches!(d.to_lowercase().as_str(), "allow" | "deny")
        {
            r = r.note(format!(
                "decision \"{d}\" means nothing to OpenHands: only \"allow\" and \"deny\" do"
            ));
        }
        if obj.contains_key("hookSpecificOutput") {
            r = r.note("OpenHands ignores hookSpecificOutput: it reads top-level decision, continue and additionalContext");
        }
    } else if !stdout.trim().is_empty() {
        r = r.note("stdout is not a JSON object; OpenHands ignores it");
    }
    r
}

#[cfg(test)]
mod tests {
    use super::TOOL;
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, signalled,
        timed_out,
    };
    use crate::verdict::{Decision, Effect};

    const PRE: &str = "event: PreToolUse\nmatcher: terminal\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. X = executor.py @611629e6, M = manager.py (which
    /// events honour a block), S = behaviour spec (seed 002).
    #[test]
    fn reader_table() {
        use Decision::*;
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "X exit 0",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "X exit 2 blocks",
                "PreToolUse",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "X exit 2, empty stderr blocks",
                "PreToolUse",
                exit(2, "", ""),
                Block,
                Effect::Blocked,
            ),
            (
                "X exit 1 is a non-blocking error",
                "PreToolUse",
                exit(1, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "X deny at exit 0",
                "PreToolUse",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S deny at exit 1 blocks",
                "PreToolUse",
                exit(1, r#"{"decision":"deny"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "X deny is lower-cased",
                "PreToolUse",
                exit(0, r#"{"decision":"DENY"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "X continue false at exit 3",
                "UserPromptSubmit",
                exit(3, r#"{"continue":false}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "X continue null is falsy",
                "Stop",
                exit(0, r#"{"continue":null}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "X decision block is not recognised",
                "PreToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "X decision ask is not recognised",
                "PreToolUse",
                exit(0, r#"{"decision":"ask"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "X hookSpecificOutput is ignored",
                "PreToolUse",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#,
                    "",
                ),
                Allow,
                Effect::Proceeds,
            ),
            (
                "X allow does not undo exit 2",
                "PreToolUse",
                exit(2, r#"{"decision":"allow"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "X non-string decision fails open",
                "PreToolUse",
                exit(0, r#"{"decision":null}"#, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "X non-JSON stdout ignored",
                "PreToolUse",
                exit(0, "hello", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "X two objects are not JSON",
                "PreToolUse",
                exit(0, "{}\n{\"decision\":\"deny\"}", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "M exit 2 on PostToolUse cannot block",
                "PostToolUse",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "M deny on SessionStart cannot block",
                "SessionStart",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "M Stop block keeps the agent going",
                "Stop",
                exit(2, "", "x"),
                Block,
                Effect::Blocked,
            ),
            (
                "X timeout fails open",
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Proceeds,
            ),
            (
                "X command not found fails open",
                "PreToolUse",
                not_started(),
                Error,
                Effect::Proceeds,
            ),
            (
                "X signal",
                "PreToolUse",
                signalled(9),
                Error,
                Effect::Proceeds,
            ),
        ];
        for (name, event, outcome, decision, effect) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
    }

    #[test]
    fn context() {
        let ctx = r#"{"additionalContext":"branch main"}"#;
        let rows = [
            ("UserPromptSubmit", true),
            ("Stop", true),
            ("PreToolUse", false),
            ("SessionStart", false),
        ];
        for (event, adds) in rows {
            let r = testing::read(&TOOL, PRE, event, &exit(0, ctx, ""));
            assert_eq!(r.adds_context, adds, "{event}: {r:?}");
        }
        let r = testing::read(&TOOL, PRE, "UserPromptSubmit", &exit(0, "plain text", ""));
        assert!(!r.adds_context, "plain stdout is not context");
    }

    #[test]
    fn inputs() {
        let cases = [
            ("bash", PRE, bash("rm -rf build")),
            (
                "post_bash",
                "event: PostToolUse\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (
                "prompt",
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("fix the tests"),
            ),
            (
                "stop",
                "on: stop\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("openhands_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn plans_that_do_not_run() {
        let cases = [
            (
                PRE,
                edit("src/a.rs", true),
                "file_editor input is undocumented",
            ),
            (
                "event: PreToolUse\ncommand: h\nargs: [a]\n",
                bash("ls"),
                "exec form",
            ),
            (
                "event: Notification\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
                "OpenHands has no Notification",
            ),
            (PRE, prompt("hi"), "not fired by --prompt"),
        ];
        for (yaml, trigger, want) in cases {
            let p = plan(&TOOL, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{yaml}: {p:?}");
            assert!(format!("{p:?}").contains(want), "{yaml}: {p:?}");
        }
    }

    /// HookMatcher.matches (config.py @611629e6).
    #[test]
    fn matchers() {
        let rows = [
            ("*", "terminal", true),
            ("", "terminal", true),
            ("terminal", "terminal", true),
            ("term", "terminal", false),  // exact
            ("term.*", "terminal", true), // regex characters: fullmatch
            ("erm.*", "terminal", false), // anchored at the start
            ("terminal|file_editor", "file_editor", true),
            ("/term/", "terminal", false), // /re/: fullmatch
            ("/term.+/", "terminal", true),
            ("/(/", "terminal", false), // invalid /re/: no match
            ("a(", "a(", true),         // invalid regex: exact comparison
            ("Bash", "terminal", false),
        ];
        for (matcher, tool, fires) in rows {
            let yaml = format!("event: PreToolUse\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
            let p = plan(
                &TOOL,
                &yaml,
                &payload(serde_json::json!({"tool_name": tool, "tool_input": {}})),
            );
            assert_eq!(
                matches!(p, Plan::Run(_)),
                fires,
                "{matcher} vs {tool}: {p:?}"
            );
        }
        // Events without a tool name match only `*` or empty.
        let p = plan(
            &TOOL,
            "event: Stop\nmatcher: terminal\ncommand: ./h.sh\n",
            &crate::trigger::Trigger::None,
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
        let p = plan(
            &TOOL,
            "event: Stop\nmatcher: \"*\"\ncommand: ./h.sh\n",
            &crate::trigger::Trigger::None,
        );
        assert!(matches!(p, Plan::Run(_)), "{p:?}");
    }

    #[test]
    fn shell_env_timeout() {
        let p = plan(
            &TOOL,
            "event: PreToolUse\ncommand: ./h.sh | cat\nenv: {K: v}\n",
            &bash("ls"),
        );
        let Plan::Run(run) = p else { panic!("{p:?}") };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert_eq!(inv.program, "/bin/sh");
        assert_eq!(inv.args, ["-c", "./h.sh | cat"]);
        for (k, v) in [
            ("OPENHANDS_PROJECT_DIR", "/project"),
            ("OPENHANDS_SESSION_ID", "hookcheck-openhands-session-0001"),
            ("OPENHANDS_EVENT_TYPE", "PreToolUse"),
            ("OPENHANDS_TOOL_NAME", "terminal"),
            ("K", "v"),
        ] {
            assert!(inv.env.contains(&(k.into(), v.into())), "{k}");
        }
        assert_eq!(inv.timeout.as_secs(), 60);
    }
}
