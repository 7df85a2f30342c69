//! Gemini CLI.
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Gemini CLI 0.61.0 run headless
//! with scripted model turns, 2026-11-30); google-gemini/gemini-cli @5411f113 (2026-08-21):
//! `packages/core/src/hooks/{hookRunner,hookPlanner,hookAggregator,types}.ts`,
//! `packages/core/src/utils/shell-utils.ts`, docs `docs/hooks/reference.md`, as collected in
//! docs/reference/protocols/protocols-a.md §3.

pub mod live;
pub mod native;

use serde_json::{Map, Value, json};

use super::shared::{self, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch};
use crate::trigger::Trigger;
use crate::verdict::{Effect, Reading};

/// Gemini CLI's contract.
pub static TOOL: Tool = Tool {
    id: "gemini",
    name: "Gemini CLI",
    checked: "2026-11-30",
    sources: &[
        "real agent: Gemini CLI 0.61.0 (docs/reference/real-agents.md, 2026-11-30)",
        "source: google-gemini/gemini-cli @5411f113 packages/core/src/hooks/hookRunner.ts, hookPlanner.ts, hookAggregator.ts",
        "docs: https://github.com/google-gemini/gemini-cli/blob/main/docs/hooks/reference.md",
    ],
    events: EVENTS,
    shell: "bash -c, after replacing $GEMINI_PROJECT_DIR, $GEMINI_CWD, $GEMINI_SESSION_ID and $CLAUDE_PROJECT_DIR in the command with the quoted value",
    timeouts: "60 s (settings give milliseconds)",
    session_vars: &[
        "GEMINI_PROJECT_DIR",
        "GEMINI_CWD",
        "GEMINI_SESSION_ID",
        "GEMINI_PLANS_DIR",
        "GEMINI_CLI",
    ],
    notes: &["Gemini CLI loads project hooks only in trusted folders"],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    plan,
    read,
    combine: shared::strongest,
};

const EVENTS: &[&str] = &[
    "BeforeTool",
    "AfterTool",
    "BeforeAgent",
    "AfterAgent",
    "BeforeModel",
    "AfterModel",
    "BeforeToolSelection",
    "SessionStart",
    "SessionEnd",
    "PreCompress",
    "Notification",
];

const TOOL_EVENTS: &[&str] = &["BeforeTool", "AfterTool"];

/// These events ignore decisions, so a block there reads as error (behaviour spec).
const NO_DECISION: &[&str] = &["SessionStart", "SessionEnd", "Notification", "PreCompress"];

/// The edit tools `--edit` may call, in the order tried.
const EDIT_TOOLS: &[&str] = &["write_file", "replace"];

fn portable(on: On, matches: Option<&PortableMatch>) -> (String, String) {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::PromptSubmit => "BeforeAgent",
        On::BeforeTool => "BeforeTool",
        On::AfterTool | On::AfterEdit => "AfterTool",
        On::Stop => "AfterAgent",
        On::SessionEnd => "SessionEnd",
    };
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => {
            "^(write_file|replace)$".to_string()
        }
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "^run_shell_command$".into(),
        (_, Some(PortableMatch::Read)) => "^(read_file|read_many_files)$".into(),
        (_, Some(PortableMatch::Web)) => "^(web_fetch|google_web_search)$".into(),
        // Gemini names MCP tools mcp_<server>_<tool>, with single underscores.
        (_, Some(PortableMatch::Mcp(server))) => format!("^mcp_{server}_"),
    };
    (event.to_string(), matcher)
}

/// Tool events: `new RegExp(matcher).test(name)`, unanchored; a pattern that does not compile
/// falls back to equality. Lifecycle events compare the source/reason/trigger exactly.
/// `""`, `"*"` (trimmed) match all (hookPlanner.ts).
fn matcher_matches(event: &str, pattern: &str, name: &str) -> bool {
    let p = pattern.trim();
    if matcher::is_match_all(p) {
        return true;
    }
    if !TOOL_EVENTS.contains(&event) {
        return p == name;
    }
    match matcher::JsRegex::new(p) {
        Ok(re) => re.is_match(name),
        Err(_) => p == name,
    }
}

/// The input field the matcher is compared with, per event (none: the matcher is ignored).
fn matcher_field(event: &str) -> Option<&'static str> {
    Some(match event {
        "BeforeTool" | "AfterTool" => "tool_name",
        "SessionStart" => "source",
        "SessionEnd" => "reason",
        "PreCompress" => "trigger",
        _ => return None,
    })
}

fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match shared::resolve(cx, "Gemini CLI", EVENTS, portable) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    let payload = match input(cx, &event, &matcher) {
        Ok(p) => p,
        Err(plan) => return plan,
    };
    let label = matcher_field(&event)
        .and_then(|f| payload.get(f))
        .and_then(Value::as_str)
        .map(str::to_string);
    if let Some(name) = &label
        && !matcher_matches(&event, &matcher, name)
    {
        return Plan::Skipped {
            event,
            trigger: label.clone(),
            reason: format!("matcher \"{matcher}\" does not match {name}"),
        };
    }
    if cx.spec.args.is_some() {
        return Plan::NotRun {
            event: Some(event),
            reason: "Gemini CLI has no exec form (`args`): a hook is one command run by bash"
                .into(),
        };
    }
    let root = cx.root.display().to_string();
    let session = shared::session_id("gemini");
    let vars = [
        ("GEMINI_PROJECT_DIR", root.clone()),
        ("GEMINI_CWD", root.clone()),
        ("GEMINI_SESSION_ID", session),
        ("CLAUDE_PROJECT_DIR", root.clone()),
    ];
    let mut env = shared::merge_env(cx.env, vars.iter().map(|(k, v)| (k.to_string(), v.clone())));
    env = shared::merge_env(
        &env,
        cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone())),
    );
    // Settings give milliseconds; a spec gives seconds. Default 60000 ms (hookRunner.ts).
    let timeout = cx.spec.timeout().unwrap_or(60);
    let mut notes = Vec::new();
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| {
            let text = expand(command, &vars);
            if text != *command {
                notes.push(format!(
                    "Gemini CLI rewrites the command text before bash sees it: {text}"
                ));
            }
            PlannedCommand {
                display: command.clone(),
                invocation: Ok(shared::invocation(
                    "bash",
                    vec!["-c".into(), text],
                    env.clone(),
                    cx.root,
                    &stdin,
                    timeout,
                )),
                is_async: cx.spec.is_async(),
            }
        })
        .collect();
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions: Vec::new(),
        notes,
    })
}

/// Gemini replaces the literal `$VAR` (not `${VAR}`) with the shell-escaped value before
/// running the command (hookRunner.ts; protocols-a.md §3 "Command text").
fn expand(command: &str, vars: &[(&str, String)]) -> String {
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
                result.push_str(&shared::shell_quote(value));
            }
            rest = after;
        }
        result.push_str(rest);
        out = result;
    }
    out
}

fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<Value, Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        return Ok(value.clone());
    }
    let session = shared::session_id("gemini");
    let mut payload = json!({
        "session_id": session,
        "transcript_path": cx.home.join(".gemini/tmp/hookcheck/chats").join(format!("session-{session}.json")),
        "cwd": cx.root,
        "hook_event_name": event,
        "timestamp": "2026-01-01T00:00:00.000Z",
    });
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| not_run("internal: payload is not an object".into()))?;
    if TOOL_EVENTS.contains(&event) {
        let (tool_name, tool_input) = match cx.trigger {
            Trigger::Bash(c) => (
                "run_shell_command",
                json!({ "command": c, "description": "Run the command" }),
            ),
            Trigger::Edit { path, .. } => {
                let Some(tool) = EDIT_TOOLS
                    .iter()
                    .find(|t| matcher_matches(event, matcher, t))
                else {
                    return Err(Plan::Skipped {
                        event: event.to_string(),
                        trigger: Some("write_file".into()),
                        reason: format!(
                            "matcher \"{matcher}\" does not match write_file or replace"
                        ),
                    });
                };
                let file = path.display().to_string();
                let input = if *tool == "write_file" {
                    json!({ "file_path": file, "content": "" })
                } else {
                    json!({ "file_path": file, "old_string": "", "new_string": "", "instruction": "Edit the file" })
                };
                (*tool, input)
            }
            t => {
                return Err(not_run(shared::wrong_trigger(
                    event,
                    t,
                    "a tool call: pass --bash, --edit or --payload",
                )));
            }
        };
        obj.insert("tool_name".into(), json!(tool_name));
        obj.insert("tool_input".into(), tool_input);
        if event == "AfterTool" {
            obj.insert(
                "tool_response".into(),
                json!({ "llmContent": "", "returnDisplay": "" }),
            );
        }
        return Ok(payload);
    }
    match (event, cx.trigger) {
        ("BeforeAgent", Trigger::Prompt(p)) => {
            obj.insert("prompt".into(), json!(p));
        }
        ("BeforeAgent", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a prompt: pass --prompt or --payload",
            )));
        }
        ("AfterAgent", Trigger::None) => {
            obj.insert("prompt".into(), json!("hookcheck: the user's prompt"));
            obj.insert("prompt_response".into(), json!("Done."));
            obj.insert("stop_hook_active".into(), json!(false));
        }
        ("SessionStart", Trigger::None) => {
            obj.insert(
                "source".into(),
                json!(shared::first_alternative(matcher, "startup")),
            );
        }
        ("SessionEnd", Trigger::None) => {
            obj.insert(
                "reason".into(),
                json!(shared::first_alternative(matcher, "exit")),
            );
        }
        ("PreCompress", Trigger::None) => {
            obj.insert(
                "trigger".into(),
                json!(shared::first_alternative(matcher, "manual")),
            );
        }
        ("Notification", Trigger::None) => {
            obj.insert("notification_type".into(), json!("ToolPermission"));
            obj.insert("message".into(), json!("Gemini CLI needs your permission"));
            obj.insert("details".into(), json!({}));
        }
        (_, Trigger::None) => {
            return Err(not_run(format!(
                "hookcheck builds no {event} input for Gemini CLI: pass --payload"
            )));
        }
        (_, t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "no trigger (or --payload)",
            )));
        }
    }
    Ok(payload)
}

/// hookRunner.ts: the text read is stdout, or stderr when stdout is empty; a JSON object wins
/// over the exit code; plain text with an exit other than 0 and 1 is a deny.
fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    if out.timed_out {
        return Reading::timeout().note("Gemini CLI lets the action through after a timeout");
    }
    if let Some(e) = &out.start_error {
        return Reading::error().note(format!(
            "the command did not start: {e}; Gemini CLI lets the action through"
        ));
    }
    let stdout = out.stdout.text();
    let stderr = out.stderr.text();
    let (text, from) = if stdout.trim().is_empty() {
        (stderr.trim(), "stderr")
    } else {
        (stdout.trim(), "stdout")
    };
    let code = out.exit_code;
    if let Some(obj) = parse_reply(text) {
        let mut r = read_json(event, &obj);
        if code != Some(0) {
            r = r.note(format!("the JSON reply on {from} wins over the exit code"));
        }
        if from == "stderr" {
            r = r.note("stdout was empty, so Gemini CLI read stderr");
        }
        return r;
    }
    match code {
        None => Reading::error()
            .note("the hook was killed by a signal; Gemini CLI lets the action through"),
        Some(0) if text.is_empty() => Reading::allow(),
        Some(0) => {
            Reading::allow().note(format!("plain {from} is shown to the user, not the model"))
        }
        Some(1) if text.is_empty() => {
            Reading::error().note("exit 1: a failed hook; the action goes ahead")
        }
        Some(1) => Reading::error().note(format!(
            "exit 1 with text is a warning (\"Warning: ...\" from {from}); the action goes ahead"
        )),
        Some(n) if text.is_empty() => Reading::error().note(format!(
            "exit {n} with no output: no decision, the action goes ahead"
        )),
        Some(n) => {
            let r = decide_block(event).note(format!(
                "exit {n} with plain text on {from} is a deny in Gemini CLI (hookRunner.ts; real agent 0.61.0): the text is the reason"
            ));
            if n == 127 {
                r.note("exit 127 is usually a missing script: in Gemini CLI it blocks every matching call")
            } else {
                r
            }
        }
    }
}

/// The reply object: JSON, or a JSON string that holds JSON (parsed twice).
fn parse_reply(text: &str) -> Option<Map<String, Value>> {
    match serde_json::from_str::<Value>(text).ok()? {
        Value::Object(m) => Some(m),
        Value::String(s) => match serde_json::from_str::<Value>(&s).ok()? {
            Value::Object(m) => Some(m),
            _ => None,
        },
        _ => None,
    }
}

fn decide_block(event: &str) -> Reading {
    if NO_DECISION.contains(&event) {
        return Reading::error().note(format!(
            "{event} ignores decisions, so a block reads as error"
        ));
    }
    match event {
        "AfterTool" => Reading::block()
            .effect(Effect::Proceeds)
            .note("the tool already ran: the reason replaces its result for the model"),
        "AfterAgent" => {
            Reading::block().note("the reason is sent back as a new prompt: the agent goes on")
        }
        _ => Reading::block(),
    }
}

fn read_json(event: &str, obj: &Map<String, Value>) -> Reading {
    let hso = obj.get("hookSpecificOutput").and_then(Value::as_object);
    let context = hso
        .and_then(|h| h.get("additionalContext"))
        .is_some_and(|v| !v.is_null());
    let rewrites = hso.is_some_and(|h| h.contains_key("tool_input"));
    let finish = |r: Reading| r.context(context).rewrites(rewrites);
    if obj.get("continue") == Some(&Value::Bool(false)) {
        let r = decide_block(event);
        let r = if r.decision == crate::verdict::Decision::Block {
            r.effect(Effect::Halted)
                .note("continue: false stops the agent loop")
        } else {
            r
        };
        return finish(r);
    }
    match str_field(obj, "decision") {
        Some("deny") | Some("block") => finish(decide_block(event)),
        Some("ask") => {
            finish(Reading::allow().not_counted("decision \"ask\" makes Gemini CLI ask the user"))
        }
        _ => {
            let mut r = Reading::allow();
            if hso.is_some_and(|h| h.contains_key("permissionDecision")) {
                r = r.note("Gemini CLI ignores hookSpecificOutput.permissionDecision (real agent 0.61.0): use \"decision\"");
            }
            finish(r)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{TOOL, expand};
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, timed_out,
    };
    use crate::verdict::{Decision, Effect};

    const PRE: &str = "event: BeforeTool\nmatcher: run_shell_command\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. R = real-agents.md (Gemini CLI 0.61.0), S =
    /// hookRunner.ts @5411f113 and the behaviour spec.
    #[test]
    fn reader_table() {
        use Decision::*;
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "R exit 0, no output",
                "BeforeTool",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R exit 2 + stderr",
                "BeforeTool",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "R exit 2, empty stderr",
                "BeforeTool",
                exit(2, "", ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "R exit 1 + stderr",
                "BeforeTool",
                exit(1, "", "oops"),
                Error,
                Effect::Proceeds,
            ),
            (
                "R hookSpecificOutput deny ignored",
                "BeforeTool",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#,
                    "",
                ),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R decision block",
                "BeforeTool",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "R decision deny",
                "BeforeTool",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "R top-level permissionDecision",
                "BeforeTool",
                exit(0, r#"{"permissionDecision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R cancel means nothing",
                "BeforeTool",
                exit(0, r#"{"cancel":true}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R timeout",
                "BeforeTool",
                timed_out(),
                Timeout,
                Effect::Proceeds,
            ),
            (
                "R missing script (127) blocks",
                "BeforeTool",
                exit(127, "", "bash: ./x.sh: No such file or directory"),
                Block,
                Effect::Blocked,
            ),
            (
                "S JSON wins over exit 2",
                "BeforeTool",
                exit(2, "{}", "boom"),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S stderr read when stdout empty",
                "BeforeTool",
                exit(0, "", r#"{"decision":"deny"}"#),
                Block,
                Effect::Blocked,
            ),
            (
                "S JSON string holding JSON",
                "BeforeTool",
                exit(0, r#""{\"decision\":\"block\"}""#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S exit 3 with text blocks",
                "BeforeTool",
                exit(3, "nope", ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S exit 5, no output",
                "BeforeTool",
                exit(5, "", ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "S continue false halts",
                "BeforeTool",
                exit(0, r#"{"continue":false}"#, ""),
                Block,
                Effect::Halted,
            ),
            (
                "S failed start",
                "BeforeTool",
                not_started(),
                Error,
                Effect::Proceeds,
            ),
            (
                "S SessionStart ignores decisions",
                "SessionStart",
                exit(0, r#"{"decision":"block"}"#, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "S AfterTool deny: tool already ran",
                "AfterTool",
                exit(0, r#"{"decision":"deny","reason":"x"}"#, ""),
                Block,
                Effect::Proceeds,
            ),
            (
                "S BeforeAgent exit 2 + text",
                "BeforeAgent",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
        ];
        for (name, event, outcome, decision, effect) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
        let ctx =
            r#"{"hookSpecificOutput":{"additionalContext":"x","tool_input":{"command":"ls"}}}"#;
        let r = testing::read(&TOOL, PRE, "BeforeTool", &exit(0, ctx, ""));
        assert!(r.adds_context && r.rewrites_input);
    }

    #[test]
    fn inputs() {
        let cases = [
            ("bash", PRE, bash("git push -f")),
            (
                "edit_write_file",
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n",
                edit("a/b.txt", false),
            ),
            (
                "edit_replace",
                "event: BeforeTool\nmatcher: replace\ncommand: ./h.sh\n",
                edit("a/b.txt", true),
            ),
            (
                "prompt",
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("fix the test"),
            ),
            (
                "stop",
                "on: stop\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("gemini_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn matchers() {
        let rows = [
            ("run_shell_command", "run_shell_command", true),
            ("write_file", "mcp_x_write_file", true), // unanchored
            ("Bash", "run_shell_command", false),
            ("(", "(", true), // does not compile: equality
            ("*", "anything", true),
        ];
        for (matcher, tool, fires) in rows {
            let yaml = format!("event: BeforeTool\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
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
        let p = plan(
            &TOOL,
            "event: SessionStart\nmatcher: start\ncommand: ./h.sh\n",
            &payload(serde_json::json!({"source": "startup"})),
        );
        assert!(
            matches!(p, Plan::Skipped { .. }),
            "a SessionStart source matches exactly: {p:?}"
        );
    }

    #[test]
    fn command_text_replacement() {
        let vars = [
            ("GEMINI_PROJECT_DIR", "/p q".to_string()),
            ("CLAUDE_PROJECT_DIR", "/p".to_string()),
        ];
        assert_eq!(expand("$GEMINI_PROJECT_DIR/h.sh", &vars), "'/p q'/h.sh");
        assert_eq!(expand("\"$CLAUDE_PROJECT_DIR\"/h.sh", &vars), "\"/p\"/h.sh");
        assert_eq!(
            expand("${CLAUDE_PROJECT_DIR}/h.sh", &vars),
            "${CLAUDE_PROJECT_DIR}/h.sh"
        );
        assert_eq!(
            expand("$CLAUDE_PROJECT_DIRX", &vars),
            "$CLAUDE_PROJECT_DIRX"
        );
        let Plan::Run(run) = plan(
            &TOOL,
            "event: BeforeTool\ncommand: $GEMINI_PROJECT_DIR/h.sh\n",
            &bash("ls"),
        ) else {
            panic!()
        };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert_eq!(inv.args, ["-c", "/project/h.sh"]);
        assert_eq!(inv.timeout.as_secs(), 60);
    }
}
