//! OpenAI Codex CLI.
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Codex 0.171.0 run headless
//! against a fake model, 2026-11-30); openai/codex source: `codex-rs/hooks/src/engine/
//! command_runner.rs` @01746657 (shell), `output_parser.rs` @0ea83813 (replies),
//! `events/pre_tool_use.rs` @0082977c, `codex-rs/config/src/hook_config.rs` @012d0aa0 (events),
//! `codex-rs/core/src/tools/hook_names.rs` @05d99c83 (tool names), as collected in
//! docs/reference/protocols/protocols-a.md §2.

pub mod live;
pub mod native;

use std::path::Path;

use serde_json::{Map, Value, json};

use super::shared::{self, json_object, looks_like_json, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch};
use crate::trigger::Trigger;
use crate::verdict::{Effect, Reading};

/// The shell Codex runs a hook command with: `/bin/bash -c` (real agent: Codex 0.171.0,
/// captured 2026-12-01, fixtures/live/inputs/codex--bash.json).
const SHELL_PROGRAM: &str = "/bin/bash";

/// Codex's contract.
pub static TOOL: Tool = Tool {
    id: "codex",
    name: "Codex",
    checked: "2026-11-30",
    sources: &[
        "real agent: Codex 0.171.0 (docs/reference/real-agents.md, 2026-11-30)",
        "real agent: Codex 0.171.0, captured 2026-12-01 (fixtures/live/inputs/codex--bash.json): the shell",
        "source: openai/codex codex-rs/hooks/src/engine/command_runner.rs @01746657, output_parser.rs @0ea83813",
        "source: openai/codex codex-rs/config/src/hook_config.rs @012d0aa0, core/src/tools/hook_names.rs @05d99c83",
        "docs: https://developers.openai.com/codex/hooks",
    ],
    events: EVENTS,
    shell: "/bin/bash -c: not a login shell, whatever $SHELL says (real agent: Codex 0.171.0, captured 2026-12-01, fixtures/live/inputs/codex--bash.json)",
    timeouts: "600 s; 1 s on SessionEnd and Interrupt",
    session_vars: &[
        "CODEX_SANDBOX",
        "CODEX_SANDBOX_NETWORK_DISABLED",
        "CODEX_THREAD_ID",
        "CODEX_CI",
    ],
    notes: &[
        "Codex runs a hook only once it is trusted (/hooks, or --dangerously-bypass-hook-trust); an untrusted or modified hook is skipped silently",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// hook_config.rs @012d0aa0, plus the events newer docs and schemas add.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "PreCompact",
    "PostCompact",
    "SessionStart",
    "UserPromptSubmit",
    "Stop",
    "SubagentStart",
    "SubagentStop",
    "StopFailure",
    "Interrupt",
    "SessionEnd",
];

const TOOL_EVENTS: &[&str] = &["PreToolUse", "PermissionRequest", "PostToolUse"];

/// Events on which nothing can be blocked.
const CANNOT_BLOCK: &[&str] = &[
    "SessionStart",
    "PreCompact",
    "PostCompact",
    "SessionEnd",
    "StopFailure",
    "Interrupt",
];

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
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => "apply_patch".to_string(),
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "Bash".into(),
        // Codex has no separate read tool: reads go through the shell.
        (_, Some(PortableMatch::Read)) => "Bash".into(),
        (_, Some(PortableMatch::Web)) => "web_search".into(),
        (_, Some(PortableMatch::Mcp(server))) => format!("mcp__{server}__.*"),
    };
    (event.to_string(), matcher)
}

/// The names a tool call answers to: apply_patch also matches `Edit` and `Write`
/// (hook_names.rs @05d99c83), though stdin still says apply_patch.
fn names(tool_name: &str) -> Vec<&str> {
    match tool_name {
        "apply_patch" => vec!["apply_patch", "Edit", "Write"],
        other => vec![other],
    }
}

/// `*`, empty: all; only `[A-Za-z0-9_|]`: exact names; else the Rust regex crate, unanchored
/// (discovery.rs). An invalid regex drops the whole group at load.
fn matcher_matches(pattern: &str, name: &str) -> Result<bool, String> {
    if matcher::is_match_all(pattern) {
        return Ok(true);
    }
    if matcher::is_exact_list(pattern) {
        return Ok(matcher::exact_list_matches(pattern, name));
    }
    matcher::rust_regex_matches(pattern, name)
}

fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match shared::resolve(cx, "Codex", EVENTS, portable) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    let (payload, label) = match input(cx, &event, &matcher) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    // UserPromptSubmit, Stop and the compact events ignore the matcher (discovery.rs).
    if let Some(name) = &label
        && (TOOL_EVENTS.contains(&event.as_str()) || event == "SessionStart")
    {
        let mut hit = false;
        for n in names(name) {
            match matcher_matches(&matcher, n) {
                Ok(m) => hit |= m,
                Err(e) => {
                    return Plan::NotRun {
                        event: Some(event),
                        reason: format!(
                            "matcher \"{matcher}\" is not a valid regex ({e}): Codex drops the group at load"
                        ),
                    };
                }
            }
        }
        if !hit {
            return Plan::Skipped {
                event,
                trigger: label.clone(),
                reason: format!(
                    "matcher \"{matcher}\" does not match {}",
                    names(name).join(" / ")
                ),
            };
        }
    }
    if cx.spec.args.is_some() {
        return Plan::NotRun {
            event: Some(event),
            reason: "Codex has no exec form (`args`): a hook is one command run by the shell"
                .into(),
        };
    }
    let timeout = cx.spec.timeout().unwrap_or(match event.as_str() {
        "SessionEnd" | "Interrupt" => 1,
        _ => 600,
    });
    // /bin/bash -c, not a login shell, whatever $SHELL says. real agent: Codex 0.171.0,
    // captured 2026-12-01 with SHELL=/bin/sh (fixtures/live/inputs/codex--bash.json). This
    // contradicts command_runner.rs @01746657 ($SHELL -lc), read earlier: the binary wins.
    let env = shared::merge_env(
        cx.env,
        cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone())),
    );
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| PlannedCommand {
            display: command.clone(),
            invocation: Ok(shared::invocation(
                SHELL_PROGRAM,
                vec!["-c".into(), command.clone()],
                env.clone(),
                cx.root,
                &stdin,
                timeout,
            )),
            is_async: cx.spec.is_async(),
        })
        .collect();
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions: Vec::new(),
        notes: Vec::new(),
    })
}

/// The apply_patch text Codex sends for an edit: Add for a new file, Update for an existing one.
fn patch(path: &Path, root: &Path, exists: bool) -> String {
    let shown = path
        .strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string();
    if exists {
        format!("*** Begin Patch\n*** Update File: {shown}\n@@\n-\n+\n*** End Patch\n")
    } else {
        format!("*** Begin Patch\n*** Add File: {shown}\n+\n*** End Patch\n")
    }
}

fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<(Value, Option<String>), Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        let field = if event == "SessionStart" {
            "source"
        } else {
            "tool_name"
        };
        return Ok((
            value.clone(),
            value.get(field).and_then(Value::as_str).map(str::to_string),
        ));
    }
    let mut payload = json!({
        "session_id": shared::session_id("codex"),
        "transcript_path": Value::Null,
        "cwd": cx.root,
        "hook_event_name": event,
        "model": "gpt-5-codex",
    });
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| not_run("internal: payload is not an object".into()))?;
    if !matches!(event, "SessionStart" | "SessionEnd") {
        obj.insert("turn_id".into(), json!("1"));
        obj.insert("permission_mode".into(), json!("default"));
    }
    if TOOL_EVENTS.contains(&event) {
        // Shell calls of every kind report tool_name "Bash" (hook_names.rs).
        let (tool_name, command) = match cx.trigger {
            Trigger::Bash(c) => ("Bash", c.clone()),
            Trigger::Edit { path, exists } => ("apply_patch", patch(path, cx.root, *exists)),
            t => {
                return Err(not_run(shared::wrong_trigger(
                    event,
                    t,
                    "a tool call: pass --bash, --edit or --payload",
                )));
            }
        };
        obj.insert("tool_name".into(), json!(tool_name));
        obj.insert("tool_input".into(), json!({ "command": command }));
        if event == "PostToolUse" {
            obj.insert(
                "tool_response".into(),
                json!({ "output": "", "exit_code": 0 }),
            );
        }
        if event != "PermissionRequest" {
            obj.insert("tool_use_id".into(), json!("call_hookcheck_0001"));
        }
        return Ok((payload, Some(tool_name.to_string())));
    }
    match (event, cx.trigger) {
        ("UserPromptSubmit", Trigger::Prompt(p)) => {
            obj.insert("prompt".into(), json!(p));
            Ok((payload, None))
        }
        ("UserPromptSubmit", t) => Err(not_run(shared::wrong_trigger(
            event,
            t,
            "a prompt: pass --prompt or --payload",
        ))),
        (_, Trigger::None) => match event {
            "SessionStart" => {
                let source = shared::first_alternative(matcher, "startup").to_string();
                obj.insert("source".into(), json!(source));
                Ok((payload, Some(source)))
            }
            "Stop" | "SubagentStop" => {
                obj.insert("stop_hook_active".into(), json!(false));
                obj.insert("last_assistant_message".into(), json!("Done."));
                Ok((payload, None))
            }
            "PreCompact" | "PostCompact" => {
                obj.insert(
                    "trigger".into(),
                    json!(shared::first_alternative(matcher, "manual")),
                );
                Ok((payload, None))
            }
            _ => Err(not_run(format!(
                "hookcheck builds no {event} input for Codex: pass --payload"
            ))),
        },
        (_, t) => Err(not_run(shared::wrong_trigger(
            event,
            t,
            "no trigger (or --payload)",
        ))),
    }
}

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    if out.timed_out {
        return Reading::timeout()
            .note("Codex lets the action through after a timeout (\"hook timed out\")");
    }
    if let Some(e) = &out.start_error {
        return Reading::error().note(format!(
            "the command did not start: {e}; Codex lets the action through"
        ));
    }
    let Some(code) = out.exit_code else {
        return Reading::error()
            .note("the hook was killed by a signal; Codex lets the action through");
    };
    let stdout = out.stdout.text();
    let stderr = out.stderr.text();
    let blockable = !CANNOT_BLOCK.contains(&event);
    match code {
        2 if stderr.trim().is_empty() => Reading::error().note(
            "exit 2 with empty stderr is a failure, not a block: Codex says the hook \"exited with code 2 but did not write a blocking reason to stderr\" (real agent 0.171.0)",
        ),
        2 if blockable => block(event).note("exit 2: the trimmed stderr is the reason"),
        2 => Reading::error().note(format!("exit 2 cannot stop anything on {event}")),
        0 => read_exit_zero(event, &stdout, blockable),
        n => Reading::error().note(format!("exit {n}: the hook failed and Codex lets the action through")),
    }
}

fn block(event: &str) -> Reading {
    if event == "PostToolUse" {
        Reading::block()
            .effect(Effect::Proceeds)
            .note("the tool already ran: the reason replaces its result for the model")
    } else {
        Reading::block()
    }
}

fn read_exit_zero(event: &str, stdout: &str, blockable: bool) -> Reading {
    if stdout.trim().is_empty() {
        return Reading::allow();
    }
    let Some(obj) = json_object(stdout) else {
        if looks_like_json(stdout) {
            return Reading::error().note(
                "invalid JSON output: Codex marks the hook failed and lets the action through",
            );
        }
        let context = matches!(event, "UserPromptSubmit" | "SessionStart");
        return Reading::allow().context(context).note(if context {
            "plain stdout is added to the model's context"
        } else {
            "plain stdout is ignored on this event"
        });
    };
    let invalid = |why: String| {
        Reading::error().note(format!(
            "{why}: Codex marks the hook failed and enforces nothing"
        ))
    };
    if let Some(unknown) = obj.keys().find(|k| !known_key(event, k)) {
        // The generated schemas set additionalProperties: false (output_parser.rs).
        return invalid(format!("unknown key `{unknown}` in the reply"));
    }
    let hso = obj.get("hookSpecificOutput").and_then(Value::as_object);
    let context = hso
        .and_then(|h| h.get("additionalContext"))
        .is_some_and(|v| !v.is_null());
    let universal_continue = obj.get("continue").and_then(Value::as_bool).unwrap_or(true);
    match event {
        "PreToolUse" => read_pre_tool_use(&obj, hso, universal_continue).context(context),
        "PermissionRequest" => {
            let behavior = hso
                .and_then(|h| h.get("decision"))
                .and_then(|d| d.get("behavior"))
                .and_then(Value::as_str);
            match behavior {
                Some("deny") => Reading::block(),
                _ => Reading::allow(),
            }
        }
        _ => {
            if !universal_continue {
                return Reading::block()
                    .effect(Effect::Halted)
                    .note("continue: false stops Codex")
                    .context(context);
            }
            match str_field(&obj, "decision") {
                Some("block") if !blockable => invalid(format!("decision \"block\" on {event}")),
                Some("block") => match str_field(&obj, "reason").map(str::trim) {
                    Some(r) if !r.is_empty() => block(event).context(context),
                    // output_parser.rs: decision:block without a non-empty reason is invalid.
                    _ => invalid(format!(
                        "{event} hook returned decision:block without a non-empty reason"
                    )),
                },
                _ => Reading::allow().context(context),
            }
        }
    }
}

fn read_pre_tool_use(
    obj: &Map<String, Value>,
    hso: Option<&Map<String, Value>>,
    cont: bool,
) -> Reading {
    let invalid = |why: &str| {
        Reading::error().note(format!(
            "{why}: Codex marks the hook failed and enforces nothing"
        ))
    };
    if !cont {
        return invalid("PreToolUse hook returned unsupported continue:false");
    }
    if obj.contains_key("stopReason") {
        return invalid("PreToolUse hook returned unsupported stopReason");
    }
    if obj.get("suppressOutput") == Some(&Value::Bool(true)) {
        return invalid("PreToolUse hook returned unsupported suppressOutput");
    }
    if let Some(h) =
        hso.filter(|h| h.contains_key("permissionDecision") || h.contains_key("updatedInput"))
    {
        let rewrite = h.contains_key("updatedInput");
        return match str_field(h, "permissionDecision") {
            // The real agent (0.171.0) blocked on a deny with no permissionDecisionReason,
            // though output_parser.rs @0ea83813 calls that invalid: the real agent wins.
            Some("deny") => Reading::block(),
            Some("allow") if rewrite => Reading::allow().rewrites(true),
            Some("allow") => invalid(
                "PreToolUse hook returned unsupported permissionDecision:allow (allow needs updatedInput)",
            ),
            Some("ask") => invalid("PreToolUse hook returned unsupported permissionDecision:ask"),
            _ if rewrite => {
                invalid("PreToolUse hook returned updatedInput without permissionDecision:allow")
            }
            _ => invalid("unknown permissionDecision"),
        };
    }
    match str_field(obj, "decision") {
        // Real agent 0.171.0 blocked on {"decision":"block"} with no reason.
        Some("block") => Reading::block(),
        Some("approve") => invalid("PreToolUse hook returned unsupported decision:approve"),
        Some(other) => Reading::error().note(format!(
            "decision \"{other}\" is not in Codex's schema: the reply is rejected and the call goes ahead"
        )),
        None if obj.contains_key("reason") => invalid("PreToolUse hook returned reason without decision"),
        None => Reading::allow(),
    }
}

/// Keys the event's output schema allows (codex-rs/hooks/schema/generated).
fn known_key(event: &str, key: &str) -> bool {
    const UNIVERSAL: &[&str] = &["continue", "stopReason", "suppressOutput", "systemMessage"];
    UNIVERSAL.contains(&key)
        || match event {
            "PreToolUse" | "PostToolUse" | "UserPromptSubmit" | "Stop" | "SubagentStop" => {
                matches!(key, "decision" | "reason" | "hookSpecificOutput")
            }
            _ => key == "hookSpecificOutput",
        }
}

#[cfg(test)]
mod tests {
    use super::TOOL;
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, timed_out,
    };
    use crate::verdict::{Decision, Effect};

    const PRE: &str = "event: PreToolUse\nmatcher: Bash\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. R = real-agents.md (Codex 0.171.0), S =
    /// output_parser.rs @0ea83813 / pre_tool_use.rs.
    #[test]
    fn reader_table() {
        use Decision::*;
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "R exit 0, no output",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R exit 2 + stderr",
                "PreToolUse",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "R exit 2, empty stderr",
                "PreToolUse",
                exit(2, "reason on stdout", ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "R exit 1 + stderr",
                "PreToolUse",
                exit(1, "", "oops"),
                Error,
                Effect::Proceeds,
            ),
            (
                "R hookSpecificOutput deny",
                "PreToolUse",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#,
                    "",
                ),
                Block,
                Effect::Blocked,
            ),
            (
                "R decision block",
                "PreToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "R decision deny",
                "PreToolUse",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "R top-level permissionDecision",
                "PreToolUse",
                exit(0, r#"{"permissionDecision":"deny"}"#, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "R cancel",
                "PreToolUse",
                exit(0, r#"{"cancel":true}"#, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "R timeout",
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Proceeds,
            ),
            (
                "R missing script (127)",
                "PreToolUse",
                exit(127, "", "sh: 1: ./x: not found"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S allow without updatedInput",
                "PreToolUse",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}"#,
                    "",
                ),
                Error,
                Effect::Proceeds,
            ),
            (
                "S ask unsupported",
                "PreToolUse",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}"#,
                    "",
                ),
                Error,
                Effect::Proceeds,
            ),
            (
                "S allow + updatedInput rewrites",
                "PreToolUse",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls"}}}"#,
                    "",
                ),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S continue false unsupported",
                "PreToolUse",
                exit(0, r#"{"continue":false}"#, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "S decision approve unsupported",
                "PreToolUse",
                exit(0, r#"{"decision":"approve"}"#, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "S invalid JSON fails",
                "PreToolUse",
                exit(0, "{nope", ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "S plain text ignored",
                "PreToolUse",
                exit(0, "hello", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S failed start",
                "PreToolUse",
                not_started(),
                Error,
                Effect::Proceeds,
            ),
            (
                "S prompt block needs a reason",
                "UserPromptSubmit",
                exit(0, r#"{"decision":"block"}"#, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "S prompt block with reason",
                "UserPromptSubmit",
                exit(0, r#"{"decision":"block","reason":"no"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S prompt exit 2 + stderr",
                "UserPromptSubmit",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "S stop continue false",
                "Stop",
                exit(0, r#"{"continue":false}"#, ""),
                Block,
                Effect::Halted,
            ),
            (
                "S exit 2 on SessionStart",
                "SessionStart",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S PermissionRequest deny",
                "PermissionRequest",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no"}}}"#,
                    "",
                ),
                Block,
                Effect::Blocked,
            ),
        ];
        for (name, event, outcome, decision, effect) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
        let r = testing::read(&TOOL, PRE, "UserPromptSubmit", &exit(0, "more context", ""));
        assert!(
            r.adds_context,
            "plain stdout on UserPromptSubmit is context"
        );
    }

    #[test]
    fn inputs() {
        let portable_edit = "on: before-tool\nmatch: edit\ncommand: ./h.sh\n";
        let cases = [
            ("bash", PRE, bash("git push -f")),
            (
                "edit_new_file",
                portable_edit,
                edit(".github/workflows/new.yml", false),
            ),
            (
                "edit_existing_file",
                "event: PreToolUse\nmatcher: Edit|Write\ncommand: ./h.sh\n",
                edit("src/main.rs", true),
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
                format!("codex_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn matchers_and_aliases() {
        let rows = [
            ("Bash", "Bash", true),
            ("Edit", "apply_patch", true),
            ("Write", "apply_patch", true),
            ("Edit|Write", "apply_patch", true),
            ("apply_patch", "apply_patch", true),
            ("^Ba", "Bash", true),
            ("Edit", "Bash", false),
            ("*", "anything", true),
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
        let p = plan(
            &TOOL,
            "event: PreToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n",
            &bash("ls"),
        );
        assert!(
            matches!(p, Plan::NotRun { .. }),
            "an invalid regex drops the group: {p:?}"
        );
    }

    #[test]
    fn bash_not_a_login_shell_whatever_shell_says() {
        let Plan::Run(run) = plan(&TOOL, PRE, &bash("ls")) else {
            panic!()
        };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        // Codex 0.171.0, captured with SHELL=/bin/sh (fixtures/live/inputs/codex--bash.json).
        assert_eq!(
            (inv.program.as_str(), inv.args.as_slice()),
            (
                "/bin/bash",
                &["-c".to_string(), "./hook.sh".to_string()][..]
            )
        );
        assert!(
            !inv.env.iter().any(|(k, _)| k == "CLAUDE_PROJECT_DIR"),
            "Codex sets no project dir"
        );
    }
}
