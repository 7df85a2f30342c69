//! Qwen Code.
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Qwen Code 0.24.4 run headless
//! against a fake model, 2026-11-30); QwenLM/qwen-code `packages/core/src/hooks/hookRunner.ts`
//! @01350615 (shell, command text, exit codes, output parsing; timeouts in ms, default 60000),
//! `hookPlanner.ts` @1361d7d0 (matchers), `types.ts` @01ed106f (events, reply fields),
//! read through the search tool's code corpus on 2026-11-30; docs/reference/protocols/
//! protocols-b.md §9. Newer sources (`hook-timeout.ts` @985988a5: seconds, default 600 s, values
//! of 1000 or more still ms; `hook-matcher.ts` @1c85e649: `|` lists compared by name first, an
//! invalid regex matches nothing) are noted where they differ; the real agent's settings used ms.

pub mod live;
pub mod native;

use serde_json::{Map, Value, json};

use super::shared::{self, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch};
use crate::trigger::Trigger;
use crate::verdict::{Decision, Effect, Reading};

/// Qwen Code's contract.
pub static TOOL: Tool = Tool {
    id: "qwen",
    name: "Qwen Code",
    checked: "2026-11-30",
    sources: &[
        "real agent: Qwen Code 0.24.4 (docs/reference/real-agents.md, 2026-11-30)",
        "source: QwenLM/qwen-code @01350615 packages/core/src/hooks/hookRunner.ts; hookPlanner.ts @1361d7d0; types.ts @01ed106f",
        "docs: https://github.com/QwenLM/qwen-code/blob/main/docs/users/features/hooks.md",
    ],
    events: EVENTS,
    shell: "bash -c, after replacing $GEMINI_PROJECT_DIR and $CLAUDE_PROJECT_DIR in the command with the quoted project dir; PowerShell on Windows",
    timeouts: "60 s (settings give milliseconds; newer builds read values below 1000 as seconds, default 600 s)",
    session_vars: &["QWEN_PROJECT_DIR"],
    notes: &[
        "Qwen Code loads project hooks (.qwen/settings.json) only in trusted folders",
        "Qwen Code settings give a hook's timeout in milliseconds (write 30000 for 30 s); newer builds read values below 1000 as seconds",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// HookEventName in types.ts @01ed106f.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "SessionStart",
    "Stop",
    "MessageDisplay",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "SessionEnd",
    "SessionDelete",
    "PermissionRequest",
    "PermissionDenied",
    "StopFailure",
    "TodoCreated",
    "TodoCompleted",
    "InstructionsLoaded",
];

/// Events whose matcher sees the tool name (hookPlanner.ts).
const TOOL_EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PermissionRequest",
];

/// Events whose result stops nothing: observe or add context only (protocols-b.md §9 events
/// table; MessageDisplay, StopFailure and SessionDelete are fire-and-forget).
const CANNOT_BLOCK: &[&str] = &[
    "PostToolUseFailure",
    "Notification",
    "UserPromptExpansion",
    "SessionStart",
    "MessageDisplay",
    "SubagentStart",
    "PreCompact",
    "PostCompact",
    "SessionEnd",
    "SessionDelete",
    "PermissionDenied",
    "StopFailure",
    "InstructionsLoaded",
];

/// The edit tools `--edit` may call, in the order tried.
const EDIT_TOOLS: &[&str] = &["write_file", "edit"];

fn portable(on: On, matches: Option<&PortableMatch>) -> (String, String) {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::PromptSubmit => "UserPromptSubmit",
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        On::Stop => "Stop",
        On::SessionEnd => "SessionEnd",
    };
    // The matcher is an unanchored regex, so the names are anchored here.
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => "^(write_file|edit)$".to_string(),
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "^run_shell_command$".into(),
        (_, Some(PortableMatch::Read)) => "^(read_file|read_many_files)$".into(),
        // tool-name-mapping.json: WebSearch → web_search, WebFetch → web_fetch.
        (_, Some(PortableMatch::Web)) => "^(web_fetch|web_search)$".into(),
        // Qwen Code names MCP tools like Claude Code (mcp__server__tool); not verified in source.
        (_, Some(PortableMatch::Mcp(server))) => format!("^mcp__{server}__"),
    };
    (event.to_string(), matcher)
}

/// hookPlanner.ts @1361d7d0: `""` or `*` (trimmed) match all; tool, session and subagent
/// matchers are an unanchored JavaScript regex that falls back to equality when it does not
/// compile; compact, stop-failure and notification matchers compare exactly.
fn matcher_matches(event: &str, pattern: &str, name: &str) -> bool {
    let p = pattern.trim();
    if matcher::is_match_all(p) || name.is_empty() {
        return true;
    }
    match event {
        "PreCompact" | "PostCompact" | "StopFailure" | "Notification" => p == name,
        _ => match matcher::JsRegex::new(p) {
            Ok(re) => re.is_match(name),
            Err(_) => p == name,
        },
    }
}

/// The input field the matcher is compared with (none: the matcher is ignored).
fn matcher_field(event: &str) -> Option<&'static str> {
    Some(match event {
        e if TOOL_EVENTS.contains(&e) => "tool_name",
        "SessionStart" => "source",
        "SessionEnd" => "reason",
        "PreCompact" | "PostCompact" => "trigger",
        "SubagentStart" | "SubagentStop" => "agent_type",
        "Notification" => "notification_type",
        "StopFailure" => "error",
        _ => return None,
    })
}

fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match shared::resolve(cx, "Qwen Code", EVENTS, portable) {
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
            reason: "Qwen Code has no exec form (`args`) in the runner read: a hook is one command run by bash"
                .into(),
        };
    }
    let root = cx.root.display().to_string();
    // hookRunner.ts: the three project-dir variables are the input's cwd, then the handler's env.
    let vars = [
        ("GEMINI_PROJECT_DIR", root.clone()),
        ("CLAUDE_PROJECT_DIR", root.clone()),
        ("QWEN_PROJECT_DIR", root.clone()),
    ];
    let env = shared::merge_env(
        cx.env,
        vars.iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .chain(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
    );
    // The spec gives seconds; Qwen's settings (the runner read) give milliseconds, default 60000.
    let timeout = cx.spec.timeout().unwrap_or(60);
    let mut notes = Vec::new();
    if let Some(t) = cx.spec.timeout() {
        notes.push(format!(
            "Qwen Code settings give the timeout in milliseconds: {}",
            t.saturating_mul(1000)
        ));
    }
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| {
            let invocation = if cx.spec.raw.shell.as_deref() == Some("powershell") && !cfg!(windows)
            {
                Err("shell: powershell runs only on Windows".to_string())
            } else {
                let text = expand(command, &shared::shell_quote(&root));
                if text != *command {
                    notes.push(format!(
                        "Qwen Code rewrites the command text before bash sees it: {text}"
                    ));
                }
                Ok(shared::invocation(
                    "bash",
                    vec!["-c".into(), text],
                    env.clone(),
                    cx.root,
                    &stdin,
                    timeout,
                ))
            };
            PlannedCommand {
                display: command.clone(),
                invocation,
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

/// hookRunner.ts `expandCommand`: every literal `$GEMINI_PROJECT_DIR` and `$CLAUDE_PROJECT_DIR`
/// (a plain text replace, so also inside a longer name; `${...}` and `$QWEN_PROJECT_DIR` are
/// left to the shell) becomes the escaped cwd.
fn expand(command: &str, quoted_root: &str) -> String {
    command
        .replace("$GEMINI_PROJECT_DIR", quoted_root)
        .replace("$CLAUDE_PROJECT_DIR", quoted_root)
}

fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<Value, Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        return Ok(value.clone());
    }
    let session = shared::session_id("qwen");
    let slug = cx.root.display().to_string().replace(['/', '.'], "-");
    let mut payload = json!({
        "session_id": session,
        "transcript_path": cx.home.join(".qwen/projects").join(slug).join("chats").join(format!("{session}.jsonl")),
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
                json!({ "command": c, "description": "Run the command", "is_background": false }),
            ),
            Trigger::Edit { path, .. } => {
                let Some(tool) = EDIT_TOOLS
                    .iter()
                    .find(|t| matcher_matches(event, matcher, t))
                else {
                    return Err(Plan::Skipped {
                        event: event.to_string(),
                        trigger: Some("write_file".into()),
                        reason: format!("matcher \"{matcher}\" does not match write_file or edit"),
                    });
                };
                let file = path.display().to_string();
                let input = if *tool == "write_file" {
                    json!({ "file_path": file, "content": "" })
                } else {
                    json!({ "file_path": file, "old_string": "", "new_string": "", "replace_all": false })
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
        obj.insert("permission_mode".into(), json!("default"));
        obj.insert("tool_name".into(), json!(tool_name));
        obj.insert("tool_input".into(), tool_input);
        match event {
            "PostToolUse" => {
                obj.insert(
                    "tool_response".into(),
                    json!({ "llmContent": "", "returnDisplay": "" }),
                );
            }
            "PostToolUseFailure" => {
                obj.insert("error".into(), json!("hookcheck: placeholder tool error"));
            }
            _ => {}
        }
        if event != "PermissionRequest" {
            obj.insert("tool_use_id".into(), json!("toolu_hookcheck_0001"));
            obj.insert("tool_call_id".into(), json!("call_hookcheck_0001"));
        }
        return Ok(payload);
    }
    match (event, cx.trigger) {
        ("UserPromptSubmit", Trigger::Prompt(p)) => {
            obj.insert("prompt".into(), json!(p));
        }
        ("UserPromptSubmit", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a prompt: pass --prompt or --payload",
            )));
        }
        ("Stop", Trigger::None) => {
            obj.insert("stop_hook_active".into(), json!(false));
            obj.insert("last_assistant_message".into(), json!("Done."));
        }
        ("SessionStart", Trigger::None) => {
            obj.insert("permission_mode".into(), json!("default"));
            obj.insert(
                "source".into(),
                json!(shared::first_alternative(matcher, "startup")),
            );
            obj.insert("model".into(), json!("qwen3-coder-plus"));
        }
        ("SessionEnd", Trigger::None) => {
            obj.insert(
                "reason".into(),
                json!(shared::first_alternative(matcher, "other")),
            );
        }
        ("PreCompact" | "PostCompact", Trigger::None) => {
            obj.insert(
                "trigger".into(),
                json!(shared::first_alternative(matcher, "manual")),
            );
        }
        ("Notification", Trigger::None) => {
            obj.insert(
                "notification_type".into(),
                json!(shared::first_alternative(matcher, "idle_prompt")),
            );
            obj.insert(
                "message".into(),
                json!("Qwen Code is waiting for your input"),
            );
        }
        (_, Trigger::None) => {
            return Err(not_run(format!(
                "hookcheck builds no {event} input for Qwen Code: pass --payload"
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

/// What a hook's text parses to (hookRunner.ts): a JSON object (a JSON string holding JSON is
/// parsed twice), valid JSON that is no object (no output at all), or plain text.
enum Parsed {
    Object(Map<String, Value>),
    NoOutput,
    Text,
}

fn parse(text: &str) -> Parsed {
    let Ok(v) = serde_json::from_str::<Value>(text) else {
        return Parsed::Text;
    };
    let v = match v {
        Value::String(s) => match serde_json::from_str::<Value>(&s) {
            Ok(inner) => inner,
            // JSON.parse throws on the second pass: the text is read as plain text.
            Err(_) => return Parsed::Text,
        },
        other => other,
    };
    match v {
        Value::Object(m) => Parsed::Object(m),
        // `typeof [] === "object"`: an array is an output with no fields.
        Value::Array(_) => Parsed::Object(Map::new()),
        _ => Parsed::NoOutput,
    }
}

/// hookRunner.ts @01350615: exit 2 reads stderr only; any other exit reads stdout, or stderr
/// when stdout is empty. A JSON object is the output whatever the exit code; plain text is a
/// deny only on exit 2, a message at exit 0, and a warning on any other exit.
fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    if out.timed_out {
        return Reading::timeout().note("Qwen Code lets the action through after a timeout");
    }
    if let Some(e) = &out.start_error {
        return Reading::error().note(format!(
            "the command did not start: {e}; Qwen Code lets the action through"
        ));
    }
    let stdout = out.stdout.text();
    let stderr = out.stderr.text();
    let code = out.exit_code;
    let (text, from) = if code != Some(2) && !stdout.trim().is_empty() {
        (stdout.trim(), "stdout")
    } else {
        (stderr.trim(), "stderr")
    };
    if text.is_empty() {
        return match code {
            Some(0) => Reading::allow(),
            // Real agent 0.24.4: exit 2 with nothing on stderr lets the call run.
            Some(2) => Reading::error()
                .note("exit 2 with empty stderr gives Qwen Code no output: the action goes ahead"),
            Some(n) => Reading::error().note(format!(
                "exit {n} with no output: a failed hook, the action goes ahead"
            )),
            None => Reading::error()
                .note("the hook was killed by a signal; Qwen Code lets the action through"),
        };
    }
    match parse(text) {
        Parsed::Object(obj) => {
            let mut r = read_json(event, &obj);
            if code == Some(2) && !stdout.trim().is_empty() {
                r = r.note("stdout is ignored on exit 2");
            }
            if code != Some(0) {
                r = r.note(format!(
                    "the JSON reply on {from} counts whatever the exit code"
                ));
            }
            r
        }
        Parsed::NoOutput => match code {
            Some(0) => Reading::allow().note("the reply is JSON but not an object: no output"),
            _ => Reading::error()
                .note("the reply is JSON but not an object: no output; the action goes ahead"),
        },
        Parsed::Text => match code {
            Some(0) => Reading::allow().note(format!(
                "plain {from} is shown to the user as a system message"
            )),
            Some(2) => decide_block(event).note("exit 2: the plain stderr is the deny reason"),
            Some(n) => {
                let r = Reading::error().note(format!(
                    "exit {n} with plain text is a warning (\"Warning: ...\"); the action goes ahead"
                ));
                if n == 127 {
                    r.note("exit 127 is usually a missing script: Qwen Code lets the call run (real agent 0.24.4)")
                } else {
                    r
                }
            }
            None => Reading::error()
                .note("the hook was killed by a signal; Qwen Code lets the action through"),
        },
    }
}

fn decide_block(event: &str) -> Reading {
    if CANNOT_BLOCK.contains(&event) {
        return Reading::error().note(format!(
            "{event} cannot stop anything in Qwen Code, so a block reads as error"
        ));
    }
    match event {
        "PostToolUse" | "PostToolBatch" => Reading::block()
            .effect(Effect::Proceeds)
            .note("the tool already ran: the reason goes back to the model"),
        "Stop" | "SubagentStop" => Reading::block()
            .note("the reason goes back to the model and the agent keeps going (at most 8 times in a row)"),
        _ => Reading::block(),
    }
}

/// The reply fields (types.ts): `continue: false` stops the agent; on PreToolUse
/// `hookSpecificOutput.permissionDecision` wins and falls back to the top-level `decision`;
/// elsewhere `decision` "block" or "deny" blocks.
fn read_json(event: &str, obj: &Map<String, Value>) -> Reading {
    let hso = obj.get("hookSpecificOutput").and_then(Value::as_object);
    let context = hso
        .and_then(|h| h.get("additionalContext"))
        .is_some_and(Value::is_string);
    let rewrites =
        hso.is_some_and(|h| h.contains_key("updatedInput") || h.contains_key("tool_input"));
    let finish = |r: Reading| r.context(context).rewrites(rewrites);
    if obj.get("continue") == Some(&Value::Bool(false)) {
        let r = decide_block(event);
        return finish(if r.decision == Decision::Block {
            r.effect(Effect::Halted)
                .note("continue: false stops Qwen Code")
        } else {
            r
        });
    }
    if event == "PreToolUse" {
        let from_hso = hso
            .and_then(|h| str_field(h, "permissionDecision"))
            .filter(|d| matches!(*d, "allow" | "deny" | "ask"));
        let decision = from_hso.or(match str_field(obj, "decision") {
            Some("allow" | "approve") => Some("allow"),
            Some("deny" | "block") => Some("deny"),
            Some("ask") => Some("ask"),
            _ => None,
        });
        let r = match decision {
            Some("deny") => Reading::block(),
            Some("ask") => Reading::block().not_counted(
                "\"ask\" makes Qwen Code ask the user in the TUI and deny in headless mode",
            ),
            _ => {
                let r = Reading::allow();
                if obj.contains_key("permissionDecision") {
                    r.note("a top-level permissionDecision is ignored by Qwen Code: it belongs in hookSpecificOutput")
                } else {
                    r
                }
            }
        };
        return finish(r);
    }
    if event == "PermissionRequest"
        && let Some(behavior) = hso
            .and_then(|h| h.get("decision"))
            .and_then(|d| d.get("behavior"))
            .and_then(Value::as_str)
    {
        return finish(match behavior {
            "deny" => Reading::block(),
            _ => Reading::allow(),
        });
    }
    match str_field(obj, "decision") {
        Some("block" | "deny") => finish(decide_block(event)),
        _ => finish(Reading::allow()),
    }
}

#[cfg(test)]
mod tests {
    use super::{TOOL, expand};
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, signalled,
        timed_out,
    };
    use crate::verdict::{Decision, Effect};

    const PRE: &str = "event: PreToolUse\nmatcher: run_shell_command\ncommand: ./hook.sh\n";
    const DENY: &str =
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#;

    /// Every reply rule, with its source. R = real-agents.md (Qwen Code 0.24.4), S =
    /// hookRunner.ts @01350615 / types.ts @01ed106f, P = protocols-b.md §9.
    #[test]
    fn reader_table() {
        use Decision::*;
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect, bool)> = vec![
            (
                "R exit 0, no output",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
                true,
            ),
            (
                "R exit 2 + stderr",
                "PreToolUse",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
                true,
            ),
            (
                "R exit 2, empty stderr runs the call",
                "PreToolUse",
                exit(2, "", ""),
                Error,
                Effect::Proceeds,
                true,
            ),
            (
                "R exit 1 + stderr",
                "PreToolUse",
                exit(1, "", "oops"),
                Error,
                Effect::Proceeds,
                true,
            ),
            (
                "R hookSpecificOutput deny",
                "PreToolUse",
                exit(0, DENY, ""),
                Block,
                Effect::Blocked,
                true,
            ),
            (
                "R decision block",
                "PreToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
                true,
            ),
            (
                "R decision deny",
                "PreToolUse",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Block,
                Effect::Blocked,
                true,
            ),
            (
                "R top-level permissionDecision",
                "PreToolUse",
                exit(0, r#"{"permissionDecision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
                true,
            ),
            (
                "R cancel means nothing",
                "PreToolUse",
                exit(0, r#"{"cancel":true}"#, ""),
                Allow,
                Effect::Proceeds,
                true,
            ),
            (
                "R timeout fails open",
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Proceeds,
                true,
            ),
            (
                "R missing script (127) allows",
                "PreToolUse",
                exit(127, "", "bash: ./x.sh: No such file or directory"),
                Error,
                Effect::Proceeds,
                true,
            ),
            (
                "S deny JSON blocks even on exit 1",
                "PreToolUse",
                exit(1, DENY, ""),
                Block,
                Effect::Blocked,
                true,
            ),
            (
                "S decision deny on stderr at exit 1",
                "PreToolUse",
                exit(1, "", r#"{"decision":"deny"}"#),
                Block,
                Effect::Blocked,
                true,
            ),
            (
                "S exit 2 reads stderr JSON, ignores stdout",
                "PreToolUse",
                exit(2, DENY, r#"{"decision":"allow"}"#),
                Allow,
                Effect::Proceeds,
                true,
            ),
            (
                "S exit 3 with text is a warning",
                "PreToolUse",
                exit(3, "nope", ""),
                Error,
                Effect::Proceeds,
                true,
            ),
            (
                "S JSON string holding JSON",
                "PreToolUse",
                exit(0, r#""{\"decision\":\"block\"}""#, ""),
                Block,
                Effect::Blocked,
                true,
            ),
            (
                "S hso allow wins over decision block",
                "PreToolUse",
                exit(
                    0,
                    r#"{"decision":"block","hookSpecificOutput":{"permissionDecision":"allow"}}"#,
                    "",
                ),
                Allow,
                Effect::Proceeds,
                true,
            ),
            (
                "P ask denies headless, asks in the TUI",
                "PreToolUse",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"permissionDecision":"ask"}}"#,
                    "",
                ),
                Block,
                Effect::Blocked,
                false,
            ),
            (
                "S plain stdout at exit 0",
                "PreToolUse",
                exit(0, "hello", ""),
                Allow,
                Effect::Proceeds,
                true,
            ),
            (
                "S JSON scalar is no output",
                "PreToolUse",
                exit(2, "", "42"),
                Error,
                Effect::Proceeds,
                true,
            ),
            (
                "S continue false halts",
                "PreToolUse",
                exit(0, r#"{"continue":false}"#, ""),
                Block,
                Effect::Halted,
                true,
            ),
            (
                "S failed start",
                "PreToolUse",
                not_started(),
                Error,
                Effect::Proceeds,
                true,
            ),
            (
                "S killed by a signal",
                "PreToolUse",
                signalled(9),
                Error,
                Effect::Proceeds,
                true,
            ),
            (
                "S PostToolUse block: tool already ran",
                "PostToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Proceeds,
                true,
            ),
            (
                "S UserPromptSubmit exit 2",
                "UserPromptSubmit",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
                true,
            ),
            (
                "S Stop decision block keeps going",
                "Stop",
                exit(0, r#"{"decision":"block","reason":"more"}"#, ""),
                Block,
                Effect::Blocked,
                true,
            ),
            (
                "P SessionStart cannot block",
                "SessionStart",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
                true,
            ),
            (
                "S PermissionRequest behavior deny",
                "PermissionRequest",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"decision":{"behavior":"deny"}}}"#,
                    "",
                ),
                Block,
                Effect::Blocked,
                true,
            ),
        ];
        for (name, event, outcome, decision, effect, counted) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!(
                (r.decision, r.effect, r.counted),
                (decision, effect, counted),
                "{name}: {r:?}"
            );
        }
        let ctx =
            r#"{"hookSpecificOutput":{"additionalContext":"x","updatedInput":{"command":"ls"}}}"#;
        let r = testing::read(&TOOL, PRE, "PreToolUse", &exit(0, ctx, ""));
        assert!(r.adds_context && r.rewrites_input && r.decision == Decision::Allow);
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
                "edit_edit",
                "event: PreToolUse\nmatcher: ^edit$\ncommand: ./h.sh\n",
                edit("a/b.txt", true),
            ),
            (
                "post_bash",
                "event: PostToolUse\nmatcher: run_shell_command\ncommand: ./h.sh\n",
                bash("ls"),
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
            (
                "session_start",
                "on: session-start\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("qwen_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn matchers() {
        let rows = [
            ("PreToolUse", "run_shell_command", "run_shell_command", true),
            ("PreToolUse", "shell", "run_shell_command", true), // unanchored
            ("PreToolUse", "Bash", "run_shell_command", false),
            ("PreToolUse", "(", "(", true), // does not compile: equality
            ("PreToolUse", "*", "anything", true),
            ("PreToolUse", " ", "anything", true),
            ("SessionStart", "start", "startup", true), // regex on the source
            ("PreCompact", "man", "manual", false),     // exact on the trigger
        ];
        for (event, matcher, name, fires) in rows {
            let yaml = format!("event: {event}\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
            let field = super::matcher_field(event).unwrap_or("tool_name");
            let p = plan(
                &TOOL,
                &yaml,
                &payload(serde_json::json!({ field: name, "tool_input": {} })),
            );
            assert_eq!(
                matches!(p, Plan::Run(_)),
                fires,
                "{event} {matcher} vs {name}: {p:?}"
            );
        }
        let p = plan(
            &TOOL,
            "event: PreToolUse\nmatcher: Write\ncommand: ./h.sh\n",
            &edit("a.txt", false),
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
    }

    #[test]
    fn plans_that_do_not_run() {
        let cases = [
            (PRE, prompt("hi"), "PreToolUse is not fired by --prompt"),
            (
                "event: BeforeTool\ncommand: ./h.sh\n",
                bash("ls"),
                "Qwen Code has no BeforeTool event",
            ),
            (
                "event: TodoCreated\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
                "pass --payload",
            ),
            (
                "event: PreToolUse\ncommand: h\nargs: [a]\n",
                bash("ls"),
                "no exec form",
            ),
            (
                "on: prompt-submit\ncommand: ./h.sh\n",
                bash("ls"),
                "needs a prompt",
            ),
        ];
        for (yaml, trigger, want) in cases {
            let text = format!("{:?}", plan(&TOOL, yaml, &trigger));
            assert!(text.contains(want), "{yaml}: {text}");
        }
        let Plan::Run(run) = plan(
            &TOOL,
            "event: PreToolUse\ncommand: ./h.sh\nshell: powershell\n",
            &bash("ls"),
        ) else {
            panic!()
        };
        assert!(run.commands[0].invocation.is_err() || cfg!(windows));
    }

    #[test]
    fn command_text_env_and_timeout() {
        assert_eq!(expand("$GEMINI_PROJECT_DIR/h.sh", "'/p q'"), "'/p q'/h.sh");
        assert_eq!(expand("$CLAUDE_PROJECT_DIRX", "/p"), "/pX"); // a plain text replace
        assert_eq!(
            expand("${CLAUDE_PROJECT_DIR}/h.sh", "/p"),
            "${CLAUDE_PROJECT_DIR}/h.sh"
        );
        assert_eq!(
            expand("$QWEN_PROJECT_DIR/h.sh", "/p"),
            "$QWEN_PROJECT_DIR/h.sh"
        );
        let Plan::Run(run) = plan(
            &TOOL,
            "event: PreToolUse\ncommand: $CLAUDE_PROJECT_DIR/h.sh\ntimeout: 5\nenv: {K: v}\n",
            &bash("ls"),
        ) else {
            panic!()
        };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert_eq!(
            (inv.program.as_str(), inv.args.as_slice()),
            ("bash", &["-c".to_string(), "/project/h.sh".to_string()][..])
        );
        assert_eq!(inv.timeout.as_secs(), 5);
        for var in [
            "GEMINI_PROJECT_DIR",
            "CLAUDE_PROJECT_DIR",
            "QWEN_PROJECT_DIR",
        ] {
            assert!(inv.env.contains(&(var.into(), "/project".into())), "{var}");
        }
        assert!(inv.env.contains(&("K".into(), "v".into())));
        assert!(
            run.notes.iter().any(|n| n.contains("5000")),
            "{:?}",
            run.notes
        );
        let Plan::Run(run) = plan(&TOOL, PRE, &bash("ls")) else {
            panic!()
        };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert_eq!(inv.timeout.as_secs(), 60);
    }
}
