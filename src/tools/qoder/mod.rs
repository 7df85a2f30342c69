//! Qoder (Qoder CLI and Qoder IDE).
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §4 (Qoder is closed
//! source: docs.qoder.com/en/cli/hooks(.md) (600 s default, `shell`, `if`, `async`,
//! `asyncRewake`), docs.qoder.com/cli/hooks (older, 60 s), docs.qoder.com/qoder/hooks (IDE));
//! the `hook run` behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt: environment
//! and shell tables, "Qoder replies", "Qoder sample events", "Assumed results").

pub mod native;

use std::path::Path;

use serde_json::{Map, Value, json};

use super::shared::{self, assumed, json_object, looks_like_json, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{HookSpec, On, PortableMatch};
use crate::trigger::Trigger;
use crate::verdict::{Effect, Reading};

/// Qoder's contract.
pub static TOOL: Tool = Tool {
    id: "qoder",
    name: "Qoder",
    checked: "2026-11-30",
    sources: &[
        "docs: https://docs.qoder.com/en/cli/hooks (via protocols-b.md §4)",
        "docs: https://docs.qoder.com/cli/hooks (older page), https://docs.qoder.com/qoder/hooks (IDE)",
        "spec: hook run behaviour spec (seed 002)",
    ],
    events: EVENTS,
    shell: "exec form (`args`) with no shell; `shell: bash` with bash -c; without `shell`, assumed sh -c for a script path only",
    timeouts: "600 s (an older docs page says 60 s)",
    session_vars: &["QODER_PROJECT_DIR"],
    notes: &[
        "Qoder merges ~/.qoder/settings.json, .qoder/settings.json and .qoder/settings.local.json",
        "Qoder's docs use Claude Code's tool names (Bash, Write, Edit); its internal names are unconfirmed",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("no live driver yet: Qoder has not been tried headless here"),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// docs.qoder.com/en/cli/hooks, plus the four events the behaviour spec lists as not run.
const EVENTS: &[&str] = &[
    "SessionStart",
    "SessionEnd",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PermissionRequest",
    "PermissionDenied",
    "Stop",
    "StopFailure",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "Notification",
    "InstructionsLoaded",
    "ConfigChange",
    "CwdChanged",
    "FileChanged",
    "WorktreeCreate",
    "WorktreeRemove",
    "Elicitation",
    "ElicitationResult",
    "TaskCreated",
    "TaskCompleted",
    "TeammateIdle",
    "Setup",
];

/// Events with no documented decision rules: not run (seed 002).
const UNDOCUMENTED: &[&str] = &["TaskCreated", "TaskCompleted", "TeammateIdle", "Setup"];

/// Events on which exit 2 (and a `decision: "deny"`) blocks (seed 002, "Qoder replies").
const BLOCKING: &[&str] = &[
    "UserPromptSubmit",
    "PreToolUse",
    "Stop",
    "SubagentStop",
    "PreCompact",
    "ConfigChange",
    "Elicitation",
    "ElicitationResult",
];

/// Events whose result Qoder ignores (seed 002).
const IGNORED: &[&str] = &["StopFailure", "InstructionsLoaded"];

/// Events about one tool call: the matcher sees the tool name, and `if` rules apply.
const TOOL_EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PermissionRequest",
    "PermissionDenied",
];

/// Tools whose `if` glob is matched against `tool_input.file_path` (seed 002).
const FILE_TOOLS: &[&str] = &["Write", "Edit", "MultiEdit", "Read", "NotebookEdit"];

/// The variable a script path may start with (seed 002, shell table).
const PROJECT_VAR: &str = "QODER_PROJECT_DIR";

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
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => "Write|Edit".to_string(),
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "Bash".into(),
        (_, Some(PortableMatch::Read)) => "Read".into(),
        (_, Some(PortableMatch::Web)) => "WebFetch|WebSearch".into(),
        (_, Some(PortableMatch::Mcp(server))) => format!("mcp__{server}__.*"),
    };
    (event.to_string(), matcher)
}

/// Omitted or `*`: all; letters and `|`: exact names; else a regex (docs). Qoder CLI is a
/// Node program, so the regex is JavaScript's, unanchored as in Claude Code.
fn matcher_matches(pattern: &str, name: &str) -> Result<bool, String> {
    if matcher::is_match_all(pattern) {
        return Ok(true);
    }
    if matcher::is_exact_list(pattern) {
        return Ok(matcher::exact_list_matches(pattern, name));
    }
    Ok(matcher::JsRegex::new(pattern)?.is_match(name))
}

/// Whether the matcher is compared with anything on this event, and which input field.
fn matcher_field(event: &str) -> Option<&'static str> {
    Some(match event {
        e if TOOL_EVENTS.contains(&e) => "tool_name",
        "SessionStart" | "ConfigChange" => "source",
        "SessionEnd" => "reason",
        "PreCompact" | "PostCompact" => "trigger",
        "Notification" => "notification_type",
        "SubagentStart" | "SubagentStop" => "agent_type",
        _ => return None,
    })
}

fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match shared::resolve(cx, "Qoder", EVENTS, portable) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    if UNDOCUMENTED.contains(&event.as_str()) {
        return Plan::NotRun {
            event: Some(event.clone()),
            reason: format!(
                "Qoder documents no decision rules for {event}, so hookcheck cannot read its reply"
            ),
        };
    }
    let (payload, label) = match input(cx, &event, &matcher) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    if let Some(name) = &label
        && matcher_field(&event).is_some()
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
                        "matcher \"{matcher}\" is not a valid regular expression ({e}): Qoder cannot match it"
                    ),
                };
            }
        }
    }
    if let Some(rule) = &cx.spec.raw.if_
        && TOOL_EVENTS.contains(&event.as_str())
    {
        match if_rule(rule, &payload, cx.root) {
            Ok(true) => {}
            Ok(false) => {
                return Plan::Skipped {
                    event,
                    trigger: label,
                    reason: format!("if rule \"{rule}\" does not match this call"),
                };
            }
            Err(reason) => {
                return Plan::NotRun {
                    event: Some(event),
                    reason,
                };
            }
        }
    }
    let mut notes = Vec::new();
    let timeout = cx.spec.timeout().unwrap_or(600);
    let env = shared::merge_env(
        cx.env,
        std::iter::once((PROJECT_VAR.to_string(), cx.root.display().to_string()))
            .chain(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
    );
    // The working directory is undocumented (seed 002, "Assumed results").
    let mut assumptions = vec![assumed::cwd(cx.root)];
    let mut used_assumed_shell = false;
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| {
            let how = how_to_run(cx.spec, command, cx.root);
            if matches!(how, Ok((_, _, true))) {
                used_assumed_shell = true;
            }
            PlannedCommand {
                display: display(command, cx.spec.args.as_deref()),
                invocation: how.map(|(program, args, _)| {
                    shared::invocation(&program, args, env.clone(), cx.root, &stdin, timeout)
                }),
                is_async: cx.spec.is_async(),
            }
        })
        .collect();
    if used_assumed_shell {
        assumptions.push(assumed::shell());
    }
    if cx.spec.raw.async_rewake {
        notes.push(
            "asyncRewake: Qoder does not wait; an exit 2 later wakes the model with the hook's output"
                .to_string(),
        );
    }
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions,
        notes,
    })
}

/// The program and arguments for one command, and whether the shell is assumed (seed 002,
/// shell table).
fn how_to_run(
    spec: &HookSpec,
    command: &str,
    root: &Path,
) -> Result<(String, Vec<String>, bool), String> {
    match spec.raw.shell.as_deref() {
        Some("powershell") => {
            return Err("hookcheck does not run Qoder's `shell: powershell`".into());
        }
        Some("bash") if spec.args.is_none() => {
            if cfg!(windows) {
                return Err("Qoder's `shell: bash` on Windows is not documented".into());
            }
            return Ok(("bash".into(), vec!["-c".into(), command.to_string()], false));
        }
        _ => {}
    }
    if let Some(args) = &spec.args {
        if command.contains('$') || args.iter().any(|a| a.contains('$')) {
            return Err(
                "Qoder's exec form runs with no shell, so a `$` in the command or its args is never expanded"
                    .into(),
            );
        }
        return Ok((shared::exec_program(command, root), args.clone(), false));
    }
    let (program, args) = assumed::script_path_shell(command, &[PROJECT_VAR])?;
    Ok((program, args, true))
}

/// The command as shown to the user (exec form joined with spaces).
fn display(command: &str, args: Option<&[String]>) -> String {
    match args {
        Some(a) if !a.is_empty() => format!("{command} {}", a.join(" ")),
        _ => command.to_string(),
    }
}

/// A handler's `if`: `Tool` or `Tool(glob)`. The glob matches Bash's command or a file tool's
/// `file_path`; another tool with a glob is not run (seed 002, "Qoder replies").
fn if_rule(rule: &str, payload: &Value, root: &Path) -> Result<bool, String> {
    let rule = rule.trim();
    let tool_name = payload
        .get("tool_name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let (tool, glob) = match rule.split_once('(') {
        None => (rule, None),
        Some((tool, rest)) => match rest.strip_suffix(')') {
            Some(glob) => (tool.trim(), Some(glob)),
            None => {
                return Err(format!(
                    "if rule \"{rule}\" is missing its closing parenthesis"
                ));
            }
        },
    };
    if tool != tool_name {
        return Ok(false);
    }
    let Some(glob) = glob else {
        return Ok(true);
    };
    let input = payload.get("tool_input");
    let field = |k: &str| input.and_then(|i| i.get(k)).and_then(Value::as_str);
    if tool == "Bash" {
        return Ok(field("command").is_some_and(|c| matcher::wildcard_matches(glob, c)));
    }
    if FILE_TOOLS.contains(&tool) {
        let Some(path) = field("file_path") else {
            return Ok(false);
        };
        // Tried on the path as sent and relative to the project root.
        let rel = Path::new(path)
            .strip_prefix(root)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| path.to_string());
        return Ok(matcher::wildcard_matches(glob, path) || matcher::wildcard_matches(glob, &rel));
    }
    Err(format!(
        "if rule \"{rule}\": Qoder documents a glob only for Bash's command and a file tool's file_path"
    ))
}

/// Builds the event input and the value the matcher is compared with.
fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<(Value, Option<String>), Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        let label = matcher_field(event)
            .and_then(|f| value.get(f))
            .and_then(Value::as_str)
            .map(str::to_string);
        return Ok((value.clone(), label));
    }
    let session = shared::session_id("qoder");
    let slug = cx.root.display().to_string().replace(['/', '.'], "-");
    let mut payload = json!({
        "session_id": session,
        "transcript_path": cx.home.join(".qoder/projects").join(slug).join(format!("{session}.jsonl")),
        "cwd": cx.root,
        "hook_event_name": event,
        "permission_mode": "default",
    });
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| not_run("internal: payload is not an object".into()))?;
    if TOOL_EVENTS.contains(&event) {
        let (tool, tool_input) = match cx.trigger {
            Trigger::Bash(command) => ("Bash", json!({ "command": command })),
            Trigger::Edit { path, .. } => {
                if !matcher_matches(matcher, "Write").unwrap_or(false) {
                    if matcher_matches(matcher, "Edit").unwrap_or(false) {
                        return Err(not_run(format!(
                            "matcher \"{matcher}\" picks Edit, whose input Qoder does not document: pass --payload"
                        )));
                    }
                    return Err(Plan::Skipped {
                        event: event.to_string(),
                        trigger: Some("Write".into()),
                        reason: format!("matcher \"{matcher}\" does not match Write"),
                    });
                }
                (
                    "Write",
                    json!({ "file_path": path.display().to_string(), "content": "" }),
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
        obj.insert("tool_name".into(), json!(tool));
        obj.insert("tool_input".into(), tool_input);
        match event {
            "PostToolUse" => {
                obj.insert(
                    "tool_response".into(),
                    json!({ "stdout": "", "stderr": "" }),
                );
            }
            "PostToolUseFailure" => {
                obj.insert("error".into(), json!("hookcheck: placeholder tool error"));
            }
            _ => {}
        }
        return Ok((payload, Some(tool.to_string())));
    }
    match (event, cx.trigger) {
        ("UserPromptSubmit", Trigger::Prompt(p)) => {
            obj.insert("prompt".into(), json!(p));
            return Ok((payload, None));
        }
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
    let value = match event {
        "Stop" | "SubagentStop" => {
            obj.insert("stop_hook_active".into(), json!(false));
            return Ok((payload, None));
        }
        "SessionStart" => shared::first_alternative(matcher, "startup"),
        "SessionEnd" => shared::first_alternative(matcher, "other"),
        "PreCompact" | "PostCompact" => shared::first_alternative(matcher, "manual"),
        "ConfigChange" => shared::first_alternative(matcher, "user_settings"),
        _ => {
            return Err(not_run(format!(
                "hookcheck builds no {event} input for Qoder: pass --payload"
            )));
        }
    };
    if let Some(field) = matcher_field(event) {
        obj.insert(field.into(), json!(value));
    }
    Ok((payload, Some(value.to_string())))
}

/// Whether a ConfigChange came from policy settings, which Qoder cannot block (seed 002).
fn from_policy_settings(input: &Value) -> bool {
    input.get("source").and_then(Value::as_str) == Some("policy_settings")
}

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    if IGNORED.contains(&event) {
        return Reading::allow().note(format!("Qoder ignores the result of {event} hooks"));
    }
    // A ConfigChange from policy settings cannot be blocked (seed 002).
    let blockable =
        BLOCKING.contains(&event) && !(event == "ConfigChange" && from_policy_settings(ctx.input));
    if out.timed_out {
        return Reading::timeout().note("Qoder's timeout handling is undocumented; hookcheck reads it as letting the action through");
    }
    if let Some(e) = &out.start_error {
        return Reading::error().note(format!("the command did not start: {e}"));
    }
    let Some(code) = out.exit_code else {
        return Reading::error().note("the hook was killed by a signal");
    };
    let stdout = out.stdout.text();
    match code {
        // WorktreeCreate fails on any non-zero exit (seed 002).
        n if n != 0 && event == "WorktreeCreate" => {
            Reading::block().note(format!("exit {n} makes Qoder's worktree creation fail"))
        }
        2 if blockable => Reading::block().note("exit 2: stderr is the reason"),
        2 => cannot_block(event, "exit 2"),
        0 => read_exit_zero(event, &stdout, blockable),
        n => Reading::error().note(format!(
            "exit {n} is a non-blocking error in Qoder: the action goes ahead"
        )),
    }
}

fn cannot_block(event: &str, what: &str) -> Reading {
    if event == "ConfigChange" {
        return Reading::error().note(format!(
            "{what} cannot block a policy_settings ConfigChange in Qoder"
        ));
    }
    Reading::error().note(format!("{what} cannot stop anything on {event} in Qoder"))
}

fn read_exit_zero(event: &str, stdout: &str, blockable: bool) -> Reading {
    if stdout.trim().is_empty() {
        return Reading::allow();
    }
    let Some(obj) = json_object(stdout) else {
        if looks_like_json(stdout) {
            return Reading::allow().note("stdout is not valid JSON; it is ignored");
        }
        // Plain stdout is context on UserPromptSubmit and SessionStart (docs).
        let context = matches!(event, "UserPromptSubmit" | "SessionStart");
        return Reading::allow().context(context).note(if context {
            "plain stdout is added to the model's context"
        } else {
            "plain stdout is not read on this event"
        });
    };
    read_json(event, &obj, blockable)
}

/// Reads an exit-0 JSON reply by the rules of seed 002, "Qoder replies".
fn read_json(event: &str, obj: &Map<String, Value>, blockable: bool) -> Reading {
    let hso = match obj.get("hookSpecificOutput") {
        None => None,
        Some(Value::Object(h)) if h.contains_key("hookEventName") => Some(h),
        Some(_) => {
            return Reading::error()
                .note("hookSpecificOutput without hookEventName voids the whole reply in Qoder");
        }
    };
    let context = hso
        .and_then(|h| h.get("additionalContext"))
        .is_some_and(|v| !v.is_null());
    let rewrites = hso.is_some_and(|h| h.contains_key("updatedInput"));
    let finish = |r: Reading| r.context(context).rewrites(rewrites);
    let block = |what: &str| {
        if blockable || event == "PermissionRequest" {
            finish(Reading::block().note(format!("{what} blocks in Qoder")))
        } else {
            finish(cannot_block(event, what))
        }
    };
    // continue: false stops Qoder on any event; only a policy_settings change cannot be stopped.
    if obj.get("continue") == Some(&Value::Bool(false)) {
        if event == "ConfigChange" && !blockable {
            return finish(cannot_block(event, "continue: false"));
        }
        return finish(
            Reading::block()
                .effect(Effect::Halted)
                .note("continue: false stops Qoder"),
        );
    }
    if let Some(h) = hso {
        // permissionDecision deny or ask wins over decision on PreToolUse.
        if event == "PreToolUse"
            && let Some(pd @ ("deny" | "ask")) = str_field(h, "permissionDecision")
        {
            return block(&format!("permissionDecision \"{pd}\""));
        }
        if event == "PermissionRequest"
            && h.get("decision")
                .and_then(|d| d.get("behavior"))
                .and_then(Value::as_str)
                == Some("deny")
        {
            return block("decision.behavior \"deny\"");
        }
        if matches!(event, "Elicitation" | "ElicitationResult")
            && let Some(action @ ("decline" | "cancel")) = str_field(h, "action")
        {
            return block(&format!("action \"{action}\""));
        }
    }
    match str_field(obj, "decision") {
        Some("deny") if blockable => return block("decision \"deny\""),
        // Claude-compatible spelling (protocols-b.md §4); the behaviour spec names "deny".
        Some("block") if blockable => return block("decision \"block\""),
        // Only a policy_settings ConfigChange reaches here: a block there reads as error.
        Some(d @ ("deny" | "block")) if event == "ConfigChange" => {
            return finish(cannot_block(event, &format!("decision \"{d}\"")));
        }
        Some(d @ ("deny" | "block")) => {
            return finish(
                Reading::allow().note(format!("decision \"{d}\" does nothing on {event} in Qoder")),
            );
        }
        _ => {}
    }
    finish(Reading::allow())
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
    const POLICY: &str = "event: ConfigChange\nmatcher: policy_settings\ncommand: ./hook.sh\n";

    fn hso(event: &str, body: &str) -> String {
        format!(r#"{{"hookSpecificOutput":{{"hookEventName":"{event}",{body}}}}}"#)
    }

    /// Every reply rule, with its source. S = behaviour spec (seed 002, "Qoder replies"),
    /// D = Qoder docs (protocols-b.md §4).
    #[test]
    fn reader_table() {
        use Decision::*;
        let pre = |body: &str| hso("PreToolUse", body);
        let rows: Vec<(&str, &str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "D exit 0",
                PRE,
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S exit 2 on PreToolUse",
                PRE,
                "PreToolUse",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "S exit 2 on Stop",
                PRE,
                "Stop",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "S exit 2 on SubagentStop",
                PRE,
                "SubagentStop",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "S exit 2 on PreCompact",
                PRE,
                "PreCompact",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "S exit 2 on Elicitation",
                PRE,
                "Elicitation",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "S exit 2 on ConfigChange",
                PRE,
                "ConfigChange",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "S exit 2 on PostToolUse is error",
                PRE,
                "PostToolUse",
                exit(2, "", "no"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S exit 2 on SessionStart is error",
                PRE,
                "SessionStart",
                exit(2, "", "no"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S exit 1 is error",
                PRE,
                "PreToolUse",
                exit(1, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S WorktreeCreate any non-zero exit",
                PRE,
                "WorktreeCreate",
                exit(1, "", "x"),
                Block,
                Effect::Blocked,
            ),
            (
                "S WorktreeCreate exit 0",
                PRE,
                "WorktreeCreate",
                exit(0, "/tmp/wt", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S StopFailure ignores exit 2",
                PRE,
                "StopFailure",
                exit(2, "", "x"),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S InstructionsLoaded ignores failures",
                PRE,
                "InstructionsLoaded",
                exit(1, "", "x"),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S continue false",
                PRE,
                "PreToolUse",
                exit(0, r#"{"continue":false}"#, ""),
                Block,
                Effect::Halted,
            ),
            (
                "S decision deny where exit 2 blocks",
                PRE,
                "Stop",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "D decision block (Claude-compatible)",
                PRE,
                "UserPromptSubmit",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S decision deny on PostToolUse does nothing",
                PRE,
                "PostToolUse",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S permissionDecision deny",
                PRE,
                "PreToolUse",
                exit(0, &pre(r#""permissionDecision":"deny""#), ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S permissionDecision ask blocks",
                PRE,
                "PreToolUse",
                exit(0, &pre(r#""permissionDecision":"ask""#), ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S ask wins over decision approve",
                PRE,
                "PreToolUse",
                exit(
                    0,
                    r#"{"decision":"approve","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}"#,
                    "",
                ),
                Block,
                Effect::Blocked,
            ),
            (
                "D permissionDecision allow",
                PRE,
                "PreToolUse",
                exit(0, &pre(r#""permissionDecision":"allow""#), ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S PermissionRequest behavior deny",
                PRE,
                "PermissionRequest",
                exit(
                    0,
                    &hso("PermissionRequest", r#""decision":{"behavior":"deny"}"#),
                    "",
                ),
                Block,
                Effect::Blocked,
            ),
            (
                "S Elicitation decline",
                PRE,
                "Elicitation",
                exit(0, &hso("Elicitation", r#""action":"decline""#), ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S ElicitationResult cancel",
                PRE,
                "ElicitationResult",
                exit(0, &hso("ElicitationResult", r#""action":"cancel""#), ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S Elicitation accept",
                PRE,
                "Elicitation",
                exit(0, &hso("Elicitation", r#""action":"accept""#), ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S hookSpecificOutput without hookEventName voids the reply",
                PRE,
                "PreToolUse",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"permissionDecision":"deny"}}"#,
                    "",
                ),
                Error,
                Effect::Proceeds,
            ),
            (
                "S policy_settings: exit 2 cannot block",
                POLICY,
                "ConfigChange",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S policy_settings: decision deny cannot block",
                POLICY,
                "ConfigChange",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "D timeout",
                PRE,
                "PreToolUse",
                timed_out(),
                Timeout,
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
        ];
        for (name, yaml, event, outcome, decision, effect) in rows {
            let input = if yaml == POLICY {
                serde_json::json!({ "source": "policy_settings" })
            } else {
                serde_json::Value::Null
            };
            let r = testing::read_with(&TOOL, yaml, event, &input, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
    }

    #[test]
    fn context_and_rewrites() {
        let r = testing::read(&TOOL, PRE, "UserPromptSubmit", &exit(0, "branch main", ""));
        assert!(
            r.adds_context,
            "plain stdout on UserPromptSubmit is context"
        );
        let r = testing::read(&TOOL, PRE, "PreToolUse", &exit(0, "hello", ""));
        assert!(!r.adds_context);
        let out = hso(
            "PreToolUse",
            r#""updatedInput":{"command":"ls"},"additionalContext":"x""#,
        );
        let r = testing::read(&TOOL, PRE, "PreToolUse", &exit(0, &out, ""));
        assert!(
            r.rewrites_input && r.adds_context && r.decision == Decision::Allow,
            "{r:?}"
        );
    }

    #[test]
    fn inputs() {
        let cases = [
            ("bash", PRE, bash("rm -rf build")),
            (
                "edit_write",
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n",
                edit("src/a.rs", false),
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
            ("config_change", POLICY, crate::trigger::Trigger::None),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("qoder_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn plans_that_do_not_run() {
        let none = crate::trigger::Trigger::None;
        let cases = [
            (
                "event: TaskCreated\ncommand: ./h.sh\n",
                none.clone(),
                "no decision rules",
            ),
            (
                "event: Setup\ncommand: ./h.sh\n",
                none.clone(),
                "no decision rules",
            ),
            (
                "event: BeforeTool\ncommand: ./h.sh\n",
                bash("ls"),
                "Qoder has no BeforeTool",
            ),
            (
                "event: PreToolUse\nmatcher: Edit\ncommand: ./h.sh\n",
                edit("a.rs", true),
                "picks Edit",
            ),
            (
                "event: PreToolUse\nif: WebFetch(*.com)\ncommand: ./h.sh\n",
                payload(
                    serde_json::json!({"tool_name": "WebFetch", "tool_input": {"url": "x.com"}}),
                ),
                "a glob only for",
            ),
            (
                "event: Notification\ncommand: ./h.sh\n",
                none,
                "pass --payload",
            ),
        ];
        for (yaml, trigger, want) in cases {
            let p = plan(&TOOL, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{yaml}: {p:?}");
            assert!(format!("{p:?}").contains(want), "{yaml}: {p:?}");
        }
    }

    /// Commands that plan but do not run (seed 002, shell table).
    #[test]
    fn commands_not_run() {
        let cases = [
            (
                "event: PreToolUse\ncommand: ./h.sh\nshell: powershell\n",
                "powershell",
            ),
            (
                "event: PreToolUse\ncommand: ./h.sh\nargs: [\"$HOME\"]\n",
                "`$`",
            ),
            (
                "event: PreToolUse\ncommand: \"$X/h.sh\"\nargs: [a]\n",
                "`$`",
            ),
            ("event: PreToolUse\ncommand: ./h.sh | cat\n", "script path"),
        ];
        for (yaml, want) in cases {
            let p = plan(&TOOL, yaml, &bash("ls"));
            let Plan::Run(run) = &p else {
                panic!("{yaml}: {p:?}")
            };
            let Err(why) = &run.commands[0].invocation else {
                panic!("{yaml}: {p:?}")
            };
            assert!(why.contains(want), "{yaml}: {why}");
        }
    }

    #[test]
    fn shells_and_assumptions() {
        // (spec, program, args, shell assumed)
        let rows: [(&str, &str, &[&str], bool); 3] = [
            (
                "command: ./h.sh | cat\nshell: bash\n",
                "bash",
                &["-c", "./h.sh | cat"],
                false,
            ),
            (
                "command: hooks/x.sh\nargs: [a, b]\n",
                "/project/hooks/x.sh",
                &["a", "b"],
                false,
            ),
            ("command: ./h.sh\n", "sh", &["-c", "./h.sh"], true),
        ];
        for (rest, program, args, shell) in rows {
            let yaml = format!("event: PreToolUse\n{rest}env: {{K: v}}\n");
            let p = plan(&TOOL, &yaml, &bash("ls"));
            let Plan::Run(run) = &p else { panic!("{p:?}") };
            let Ok(inv) = &run.commands[0].invocation else {
                panic!("{p:?}")
            };
            assert_eq!(
                (inv.program.as_str(), inv.args.as_slice()),
                (
                    program,
                    &args.iter().map(|s| s.to_string()).collect::<Vec<_>>()[..]
                ),
                "{rest}"
            );
            let items: Vec<&str> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
            assert!(items.contains(&"cwd"), "{items:?}");
            assert_eq!(items.contains(&"shell"), shell, "{rest}: {items:?}");
            assert!(
                inv.env
                    .contains(&("QODER_PROJECT_DIR".into(), "/project".into()))
            );
            assert!(inv.env.contains(&("K".into(), "v".into())));
            assert_eq!(inv.timeout.as_secs(), 600);
        }
        let p = plan(
            &TOOL,
            "event: PreToolUse\ncommand: ./h.sh\nasyncRewake: true\n",
            &bash("ls"),
        );
        let Plan::Run(run) = &p else { panic!("{p:?}") };
        assert!(run.commands[0].is_async);
    }

    #[test]
    fn matchers_and_if_rules() {
        let rows = [
            ("Bash", "Bash", true),
            ("*", "Bash", true),
            ("", "Bash", true),
            ("Write|Edit", "Bash", false),
            ("Bas", "Bash", false),         // exact
            ("mcp__.*", "mcp__x__y", true), // regex
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
        let ifs = [
            ("Bash(git push*)", bash("git push -f"), true),
            ("Bash(git push*)", bash("git status"), false),
            ("Bash", bash("ls"), true),
            ("Write", bash("ls"), false),
            ("Write(src/*)", edit("src/a.rs", true), true),
            ("Write(*.env)", edit("config/.env", true), true),
            ("Write(docs/*)", edit("src/a.rs", true), false),
        ];
        for (rule, trigger, fires) in ifs {
            let yaml = format!("event: PreToolUse\nif: \"{rule}\"\ncommand: ./h.sh\n");
            let p = plan(&TOOL, &yaml, &trigger);
            assert_eq!(matches!(p, Plan::Run(_)), fires, "{rule}: {p:?}");
        }
    }
}
