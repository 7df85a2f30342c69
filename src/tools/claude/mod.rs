//! Claude Code.
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Claude Code 2.1.332 run headless
//! against a fake model, 2026-11-30); claude-agent-sdk 0.3.328 `sdk.d.ts` (= Claude Code
//! 2.1.328); the hooks reference at code.claude.com/docs/en/hooks via dated summaries
//! (2026-09-14, 2026-10-06), as collected in docs/reference/protocols/protocols-a.md §1;
//! the `hook run` behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt).

pub mod live;
pub mod native;

use serde_json::{Value, json};

use super::shared::{self, claude_reply, permission_rule};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch};
use crate::trigger::Trigger;
use crate::verdict::Reading;

/// Claude Code's contract.
pub static TOOL: Tool = Tool {
    id: "claude",
    name: "Claude Code",
    checked: "2026-11-30",
    sources: &[
        "real agent: Claude Code 2.1.332 (docs/reference/real-agents.md, 2026-11-30)",
        "real agent: Claude Code 2.1.332, captured 2026-12-01 (fixtures/live/inputs/claude--bash.json): the shell",
        "types: @anthropic-ai/claude-agent-sdk 0.3.328 sdk.d.ts (Claude Code 2.1.328)",
        "docs: https://code.claude.com/docs/en/hooks (summaries of 2026-09-14 and 2026-10-06)",
    ],
    events: EVENTS,
    shell: "/bin/sh -c (real agent: Claude Code 2.1.332, captured 2026-12-01, fixtures/live/inputs/claude--bash.json); exec form (`args`) with no shell; `shell: powershell` only on Windows",
    timeouts: "600 s; 30 s on UserPromptSubmit, PreModelSwitch, PostModelSwitch; 10 s on MessageDisplay",
    session_vars: &[
        "CLAUDECODE",
        "CLAUDE_CODE_ENTRYPOINT",
        "CLAUDE_PROJECT_DIR",
        "CLAUDE_ENV_FILE",
        "CLAUDE_PLUGIN_ROOT",
        "CLAUDE_PLUGIN_DATA",
        "CLAUDE_CODE_SSE_PORT",
        "CLAUDE_CODE_REMOTE",
        "CLAUDE_EFFORT",
    ],
    notes: &[
        "project hooks load only once the workspace is trusted; `claude -p` runs them without asking",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    plan,
    read,
    combine: shared::strongest,
};

/// HOOK_EVENTS in claude-agent-sdk 0.3.328.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "SessionStart",
    "SessionEnd",
    "Stop",
    "StopFailure",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "PreModelSwitch",
    "PostModelSwitch",
    "PermissionRequest",
    "PermissionDenied",
    "Setup",
    "TeammateIdle",
    "TaskCreated",
    "TaskCompleted",
    "Elicitation",
    "ElicitationResult",
    "ConfigChange",
    "WorktreeCreate",
    "WorktreeRemove",
    "InstructionsLoaded",
    "CwdChanged",
    "FileChanged",
    "DirectoryAdded",
    "MessageDisplay",
];

/// Events about one tool call: the matcher sees the tool name, and `if` rules apply.
const TOOL_EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PermissionRequest",
    "PermissionDenied",
];

/// The edit tools `--edit` may call, in the order tried.
const EDIT_TOOLS: &[&str] = &["Write", "Edit", "MultiEdit"];

const RULES: claude_reply::Rules = claude_reply::Rules {
    agent: "Claude Code",
    // Exit 2 cannot stop anything on these (behaviour spec, "Claude Code if rules" section).
    cannot_block: &[
        "SessionStart",
        "SessionEnd",
        "Notification",
        "PreCompact",
        "PostCompact",
    ],
    after_action: &["PostToolUse", "PostToolUseFailure"],
    stdout_context: &["UserPromptSubmit", "SessionStart"],
    // failClosed is ignored on these (sdk types; behaviour spec).
    fail_closed_ignored: &["Stop", "SubagentStop", "TaskCompleted", "TeammateIdle"],
};

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    claude_reply::read(&RULES, ctx, out)
}

/// Claude Code's event and matcher for a portable spec.
fn portable(on: On, matches: Option<&PortableMatch>) -> (String, String) {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::PromptSubmit => "UserPromptSubmit",
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        On::Stop => "Stop",
        On::SessionEnd => "SessionEnd",
    };
    let matcher = match (on, matches) {
        (On::AfterEdit, None) => "Write|Edit|MultiEdit".to_string(),
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "Bash".into(),
        (_, Some(PortableMatch::Edit)) => "Write|Edit|MultiEdit".into(),
        (_, Some(PortableMatch::Read)) => "Read".into(),
        (_, Some(PortableMatch::Web)) => "WebFetch|WebSearch".into(),
        (_, Some(PortableMatch::Mcp(server))) => format!("mcp__{server}__.*"),
    };
    (event.to_string(), matcher)
}

/// Claude Code's matcher: `*`, empty: all; only `[A-Za-z0-9_|]`: exact names; else an
/// unanchored JavaScript regex (hooks reference; protocols-a.md §1).
fn matcher_matches(pattern: &str, name: &str) -> Result<bool, String> {
    if matcher::is_match_all(pattern) {
        return Ok(true);
    }
    if matcher::is_exact_list(pattern) {
        return Ok(matcher::exact_list_matches(pattern, name));
    }
    Ok(matcher::JsRegex::new(pattern)?.is_match(name))
}

/// Whether the matcher is compared with anything on this event (UserPromptSubmit, Stop and
/// the like ignore it).
fn matcher_applies(event: &str) -> bool {
    TOOL_EVENTS.contains(&event)
        || matches!(
            event,
            "SessionStart"
                | "SessionEnd"
                | "PreCompact"
                | "PostCompact"
                | "Notification"
                | "SubagentStart"
                | "SubagentStop"
        )
}

fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match shared::resolve(cx, "Claude Code", EVENTS, portable) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    let (payload, label) = match input(cx, &event, &matcher) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    if let Some(name) = &label
        && matcher_applies(&event)
    {
        match matcher_matches(&matcher, name) {
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
                        "matcher \"{matcher}\" is not a valid JavaScript regex ({e}): Claude Code cannot match it"
                    ),
                };
            }
        }
    }
    let mut notes = Vec::new();
    if let Some(rule) = &cx.spec.raw.if_
        && TOOL_EVENTS.contains(&event.as_str())
    {
        let tool_name = payload
            .get("tool_name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let tool_input = payload.get("tool_input").cloned().unwrap_or(Value::Null);
        let rcx = permission_rule::RuleContext {
            project_root: cx.root,
            home: cx.home,
        };
        match permission_rule::rule_matches(rule, tool_name, &tool_input, &rcx) {
            Ok((true, note)) => notes.extend(note),
            Ok((false, _)) => {
                return Plan::Skipped {
                    event,
                    trigger: label,
                    reason: format!("if rule \"{rule}\" does not match this {tool_name} call"),
                };
            }
            Err(e) => {
                return Plan::NotRun {
                    event: Some(event),
                    reason: format!("if rule \"{rule}\" is invalid: {e}"),
                };
            }
        }
    }
    let timeout = cx.spec.timeout().unwrap_or(match event.as_str() {
        "UserPromptSubmit" | "PreModelSwitch" | "PostModelSwitch" => 30,
        "MessageDisplay" => 10,
        _ => 600,
    });
    let root = cx.root.display().to_string();
    let env = shared::merge_env(
        cx.env,
        std::iter::once(("CLAUDE_PROJECT_DIR".to_string(), root))
            .chain(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
    );
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| {
            let invocation = if cx.spec.raw.shell.as_deref() == Some("powershell") && !cfg!(windows)
            {
                Err("shell: powershell runs only on Windows".to_string())
            } else if let Some(args) = &cx.spec.args {
                Ok(shared::invocation(
                    &shared::exec_program(command, cx.root),
                    args.clone(),
                    env.clone(),
                    cx.root,
                    &stdin,
                    timeout,
                ))
            } else {
                // /bin/sh -c (dash on Debian), not bash, whatever $SHELL says. real agent:
                // Claude Code 2.1.332, captured 2026-12-01 (fixtures/live/inputs/claude--bash.json).
                Ok(shared::invocation(
                    "/bin/sh",
                    vec!["-c".into(), command.clone()],
                    env.clone(),
                    cx.root,
                    &stdin,
                    timeout,
                ))
            };
            PlannedCommand {
                display: display(command, cx.spec.args.as_deref()),
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

/// The command as shown to the user (exec form joined with spaces).
fn display(command: &str, args: Option<&[String]>) -> String {
    match args {
        Some(a) if !a.is_empty() => format!("{command} {}", a.join(" ")),
        _ => command.to_string(),
    }
}

/// Builds the event input and the name the matcher is compared with.
fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<(Value, Option<String>), Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    let mut payload = common(cx, event);
    if let Trigger::Payload { value, .. } = cx.trigger {
        let label = if TOOL_EVENTS.contains(&event) {
            value
                .get("tool_name")
                .and_then(Value::as_str)
                .map(str::to_string)
        } else {
            matcher_field(event)
                .and_then(|f| value.get(f))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        return Ok((value.clone(), label));
    }
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| not_run("internal: payload is not an object".into()))?;
    if TOOL_EVENTS.contains(&event) {
        let (tool_name, tool_input, response) = match cx.trigger {
            Trigger::Bash(command) => (
                "Bash".to_string(),
                json!({ "command": command, "description": "Run the command" }),
                json!({ "stdout": "", "stderr": "", "interrupted": false, "isImage": false }),
            ),
            Trigger::Edit { path, .. } => {
                let file = path.display().to_string();
                let chosen = EDIT_TOOLS
                    .iter()
                    .find(|t| matcher_matches(matcher, t).unwrap_or(false));
                let Some(tool) = chosen else {
                    return Err(Plan::Skipped {
                        event: event.to_string(),
                        trigger: Some("Write".into()),
                        reason: format!(
                            "matcher \"{matcher}\" does not match Write, Edit or MultiEdit"
                        ),
                    });
                };
                let tool_input = match *tool {
                    "Write" => json!({ "file_path": file, "content": "" }),
                    "Edit" => {
                        json!({ "file_path": file, "old_string": "", "new_string": "", "replace_all": false })
                    }
                    _ => {
                        json!({ "file_path": file, "edits": [{ "old_string": "", "new_string": "" }] })
                    }
                };
                (
                    tool.to_string(),
                    tool_input,
                    json!({ "filePath": file, "success": true }),
                )
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
        match event {
            "PostToolUse" => {
                obj.insert("tool_response".into(), response);
            }
            "PostToolUseFailure" => {
                obj.insert("error".into(), json!("hookcheck: placeholder tool error"));
            }
            _ => {}
        }
        if event != "PermissionRequest" {
            obj.insert("tool_use_id".into(), json!("toolu_hookcheck_0001"));
        }
        return Ok((payload, Some(tool_name)));
    }
    match event {
        "UserPromptSubmit" => {
            let Trigger::Prompt(prompt) = cx.trigger else {
                return Err(not_run(shared::wrong_trigger(
                    event,
                    cx.trigger,
                    "a prompt: pass --prompt or --payload",
                )));
            };
            obj.insert("prompt".into(), json!(prompt));
            return Ok((payload, None));
        }
        _ if !matches!(cx.trigger, Trigger::None) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                cx.trigger,
                "no trigger (or --payload)",
            )));
        }
        _ => {}
    }
    // Events that need no input: the matcher picks the value they report.
    let (field, value): (&str, String) = match event {
        "SessionStart" => (
            "source",
            shared::first_alternative(matcher, "startup").into(),
        ),
        "SessionEnd" => ("reason", shared::first_alternative(matcher, "other").into()),
        "PreCompact" | "PostCompact" => (
            "trigger",
            shared::first_alternative(matcher, "manual").into(),
        ),
        "Notification" => (
            "notification_type",
            shared::first_alternative(matcher, "idle_prompt").into(),
        ),
        "SubagentStart" | "SubagentStop" => {
            let agent = ["general-purpose", "Explore", "Plan"]
                .into_iter()
                .find(|a| matcher_matches(matcher, a).unwrap_or(false));
            let Some(agent) = agent else {
                return Err(Plan::Skipped {
                    event: event.to_string(),
                    trigger: None,
                    reason: format!(
                        "matcher \"{matcher}\" does not match general-purpose, Explore or Plan"
                    ),
                });
            };
            ("agent_type", agent.to_string())
        }
        "Stop" => {
            obj.insert("stop_hook_active".into(), json!(false));
            obj.insert("last_assistant_message".into(), json!("Done."));
            return Ok((payload, None));
        }
        _ => {
            return Err(not_run(format!(
                "hookcheck builds no {event} input for Claude Code: pass --payload"
            )));
        }
    };
    obj.insert(field.into(), json!(value));
    if event == "SubagentStop" {
        obj.insert("stop_hook_active".into(), json!(false));
        obj.insert("agent_id".into(), json!("agent_hookcheck_0001"));
    }
    if event == "PreCompact" {
        obj.insert("custom_instructions".into(), json!(""));
    }
    if event == "Notification" {
        obj.insert("message".into(), json!("Claude is waiting for your input"));
    }
    Ok((payload, Some(value)))
}

/// The input field a no-tool event's matcher is compared with.
fn matcher_field(event: &str) -> Option<&'static str> {
    Some(match event {
        "SessionStart" => "source",
        "SessionEnd" => "reason",
        "PreCompact" | "PostCompact" => "trigger",
        "Notification" => "notification_type",
        "SubagentStart" | "SubagentStop" => "agent_type",
        _ => return None,
    })
}

/// The fields every Claude Code hook input has.
fn common(cx: &PlanContext, event: &str) -> Value {
    let session = shared::session_id("claude");
    let slug = cx.root.display().to_string().replace(['/', '.'], "-");
    json!({
        "session_id": session,
        "transcript_path": cx.home.join(".claude/projects").join(slug).join(format!("{session}.jsonl")),
        "cwd": cx.root,
        "permission_mode": "default",
        "hook_event_name": event,
    })
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

    const PRE: &str = "event: PreToolUse\nmatcher: Bash\ncommand: ./hook.sh\n";
    const DENY: &str =
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#;

    /// Every reply rule, with its source. R = real-agents.md (Claude Code 2.1.332),
    /// D = hooks reference, S = behaviour spec (seed 002), T = claude-agent-sdk types.
    #[test]
    fn reader_table() {
        use Decision::*;
        let fail_closed = "event: PreToolUse\ncommand: ./hook.sh\nfailClosed: true\n";
        let rows: Vec<(&str, &str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "R exit 0, no output",
                PRE,
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R exit 2 + stderr",
                PRE,
                "PreToolUse",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "R exit 2, empty stderr",
                PRE,
                "PreToolUse",
                exit(2, "", ""),
                Block,
                Effect::Blocked,
            ),
            (
                "R exit 1 + stderr",
                PRE,
                "PreToolUse",
                exit(1, "", "oops"),
                Error,
                Effect::Proceeds,
            ),
            (
                "R hookSpecificOutput deny",
                PRE,
                "PreToolUse",
                exit(0, DENY, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "R decision block",
                PRE,
                "PreToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "R decision deny means nothing",
                PRE,
                "PreToolUse",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R top-level permissionDecision",
                PRE,
                "PreToolUse",
                exit(0, r#"{"permissionDecision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R cancel means nothing",
                PRE,
                "PreToolUse",
                exit(0, r#"{"cancel":true}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R timeout fails open",
                PRE,
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Proceeds,
            ),
            (
                "R missing script (127)",
                PRE,
                "PreToolUse",
                exit(127, "", "sh: ./x: not found"),
                Error,
                Effect::Proceeds,
            ),
            (
                "D stdout ignored on exit 2",
                PRE,
                "PreToolUse",
                exit(2, r#"{"decision":"approve"}"#, "r"),
                Block,
                Effect::Blocked,
            ),
            (
                "D continue false halts",
                PRE,
                "PreToolUse",
                exit(0, r#"{"continue":false}"#, ""),
                Block,
                Effect::Halted,
            ),
            (
                "D ask leaves it to the user",
                PRE,
                "PreToolUse",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}"#,
                    "",
                ),
                Allow,
                Effect::Proceeds,
            ),
            (
                "D invalid JSON ignored",
                PRE,
                "PreToolUse",
                exit(0, "{not json", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "D failed start",
                PRE,
                "PreToolUse",
                not_started(),
                Error,
                Effect::Proceeds,
            ),
            (
                "D killed by a signal",
                PRE,
                "PreToolUse",
                signalled(9),
                Error,
                Effect::Proceeds,
            ),
            (
                "S exit 2 on SessionStart is error",
                PRE,
                "SessionStart",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S exit 2 on Notification is error",
                PRE,
                "Notification",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S PostToolUse block: tool already ran",
                PRE,
                "PostToolUse",
                exit(2, "", "x"),
                Block,
                Effect::Proceeds,
            ),
            (
                "D UserPromptSubmit decision block",
                PRE,
                "UserPromptSubmit",
                exit(0, r#"{"decision":"block","reason":"no"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "D PermissionRequest behavior deny",
                PRE,
                "PermissionRequest",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny"}}}"#,
                    "",
                ),
                Block,
                Effect::Blocked,
            ),
            (
                "T failClosed: exit 1 blocks",
                fail_closed,
                "PreToolUse",
                exit(1, "", ""),
                Block,
                Effect::Blocked,
            ),
            (
                "T failClosed: timeout blocks",
                fail_closed,
                "PreToolUse",
                timed_out(),
                Block,
                Effect::Blocked,
            ),
            (
                "T failClosed: invalid JSON blocks",
                fail_closed,
                "PreToolUse",
                exit(0, "{oops", ""),
                Block,
                Effect::Blocked,
            ),
            (
                "T failClosed ignored on Stop",
                fail_closed,
                "Stop",
                exit(1, "", ""),
                Error,
                Effect::Proceeds,
            ),
        ];
        for (name, yaml, event, outcome, decision, effect) in rows {
            let r = testing::read(&TOOL, yaml, event, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
    }

    #[test]
    fn context_and_rewrites() {
        let r = testing::read(&TOOL, PRE, "SessionStart", &exit(0, "branch main", ""));
        assert!(r.adds_context, "plain stdout on SessionStart is context");
        let r = testing::read(&TOOL, PRE, "PreToolUse", &exit(0, "hello", ""));
        assert!(!r.adds_context, "plain stdout on PreToolUse is not");
        let out = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls"},"additionalContext":"x"}}"#;
        let r = testing::read(&TOOL, PRE, "PreToolUse", &exit(0, out, ""));
        assert!(r.rewrites_input && r.adds_context && r.decision == Decision::Allow);
    }

    #[test]
    fn inputs() {
        let portable_edit = "on: before-tool\nmatch: edit\ncommand: ./h.sh\n";
        let cases = [
            ("bash", PRE, bash("git push -f")),
            (
                "edit_write",
                portable_edit,
                edit(".github/workflows/ci.yml", true),
            ),
            (
                "edit_only_edit",
                "event: PreToolUse\nmatcher: Edit\ncommand: ./h.sh\n",
                edit("src/a.rs", true),
            ),
            (
                "post_bash",
                "event: PostToolUse\nmatcher: Bash\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (
                "prompt",
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("fix the test"),
            ),
            (
                "session_start_resume",
                "event: SessionStart\nmatcher: resume\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
            ),
            (
                "stop",
                "on: stop\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("claude_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn plans_that_do_not_run() {
        let cases = [
            (PRE, prompt("hi"), "PreToolUse is not fired by --prompt"),
            (
                "event: BeforeTool\ncommand: ./h.sh\n",
                bash("ls"),
                "Claude Code has no BeforeTool event",
            ),
            (
                "event: PreToolUse\ncommand: ./h.sh\nshell: powershell\n",
                bash("ls"),
                "powershell",
            ),
            (
                "event: PreModelSwitch\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
                "pass --payload",
            ),
        ];
        for (yaml, trigger, want) in cases {
            let p = plan(&TOOL, yaml, &trigger);
            let text = format!("{p:?}");
            assert!(text.contains(want), "{yaml}: {text}");
        }
    }

    #[test]
    fn matchers() {
        let rows = [
            ("Bash", "Bash", true),
            ("Edit|Write", "Bash", false),
            ("*", "Bash", true),
            ("", "Bash", true),
            ("^Bash", "BashOutput", true), // unanchored regex
            ("Bas", "Bash", false),        // exact name, not a prefix
            ("mcp__memory", "mcp__memory__x", false),
            ("mcp__memory__.*", "mcp__memory__x", true),
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
    }

    #[test]
    fn exec_form_and_env() {
        let p = plan(
            &TOOL,
            "event: PreToolUse\ncommand: hooks/x.sh\nargs: [a, b]\nenv: {K: v}\n",
            &bash("ls"),
        );
        let Plan::Run(run) = p else { panic!("{p:?}") };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert_eq!(inv.program, "/project/hooks/x.sh");
        assert_eq!(inv.args, ["a", "b"]);
        assert!(
            inv.env
                .contains(&("CLAUDE_PROJECT_DIR".into(), "/project".into()))
        );
        assert!(inv.env.contains(&("K".into(), "v".into())));
        assert_eq!(inv.timeout.as_secs(), 600);
        // A command runs under /bin/sh -c (fixtures/live/inputs/claude--bash.json).
        assert_eq!(
            testing::planned_argv(&TOOL, PRE),
            (
                "/bin/sh".to_string(),
                vec!["-c".to_string(), "./hook.sh".into()]
            )
        );
    }
}
