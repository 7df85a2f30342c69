//! GitHub Copilot CLI (and the Copilot coding agent on GitHub, which reads the same
//! `.github/hooks/*.json`).
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Copilot CLI 1.0.102 run headless
//! against a fake model, 2026-11-30); github/docs `content/copilot/reference/hooks-reference.md`
//! @05da5bc3, `copilot-cli-reference/cli-hooks-reference.md` @927566b0, `hooks-configuration.md`
//! @1912b4fc, as collected in docs/reference/protocols/protocols-a.md §4; the `hook run`
//! behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt: "Copilot replies", "Copilot
//! sample events", "Assumed results"). The CLI is closed source.

pub mod live;
pub mod native;

use std::path::PathBuf;

use serde_json::{Map, Value, json};

use super::shared::{self, assumed, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch, When};
use crate::trigger::Trigger;
use crate::verdict::{Effect, Reading};

/// Copilot's contract.
/// The shell Copilot CLI runs a hook command with (real agent: Copilot CLI 1.0.102, captured
/// 2026-12-01, fixtures/live/inputs/copilot--bash.json).
const SHELL_PROGRAM: &str = "/bin/bash";
/// Its flags before the command text.
const SHELL_FLAGS: &[&str] = &["--norc", "--noprofile", "-c"];

pub static TOOL: Tool = Tool {
    id: "copilot",
    name: "Copilot CLI",
    checked: "2026-11-30",
    sources: &[
        "real agent: Copilot CLI 1.0.102 (docs/reference/real-agents.md, 2026-11-30)",
        "real agent: Copilot CLI 1.0.102, captured 2026-12-01 (fixtures/live/inputs/copilot--bash.json): the shell",
        "docs: github/docs content/copilot/reference/hooks-reference.md @05da5bc3",
        "docs: github/docs copilot-cli-reference/cli-hooks-reference.md @927566b0, hooks-configuration.md @1912b4fc",
    ],
    events: EVENTS,
    shell: "the `bash`/`command` field runs under /bin/bash --norc --noprofile -c, whatever $SHELL says (real agent: Copilot CLI 1.0.102, captured 2026-12-01, fixtures/live/inputs/copilot--bash.json); exec form (`args`) with no shell",
    timeouts: "30 s (timeoutSec)",
    // Set in the coding agent's sandbox (hooks-reference.md).
    session_vars: &[
        "COPILOT_AGENT_PROMPT",
        "GITHUB_COPILOT_API_TOKEN",
        "GITHUB_COPILOT_GIT_TOKEN",
    ],
    notes: &[
        "the Copilot coding agent on GitHub reads only .github/hooks/ of the default branch, and treats permissionDecision \"ask\" as deny",
        "Copilot CLI also runs the repo's .claude/settings.json hooks, under Copilot's reply rules",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    plan,
    read,
    combine,
    contract: None,
};

/// camelCase events (hooks-reference.md) and the PascalCase (VS Code / Claude format) ones.
const EVENTS: &[&str] = &[
    "sessionStart",
    "sessionEnd",
    "userPromptSubmitted",
    "userPromptTransformed",
    "preToolUse",
    "postToolUse",
    "postToolUseFailure",
    "permissionRequest",
    "agentStop",
    "subagentStart",
    "subagentStop",
    "errorOccurred",
    "preCompact",
    "notification",
    "SessionStart",
    "SessionEnd",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PermissionRequest",
    "Stop",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "Notification",
];

/// PascalCase events decide as their camelCase twins (behaviour spec, "Copilot replies").
fn twin(event: &str) -> &str {
    match event {
        "SessionStart" => "sessionStart",
        "SessionEnd" => "sessionEnd",
        "UserPromptSubmit" => "userPromptSubmitted",
        "PreToolUse" => "preToolUse",
        "PostToolUse" => "postToolUse",
        "PostToolUseFailure" => "postToolUseFailure",
        "PermissionRequest" => "permissionRequest",
        "Stop" => "agentStop",
        "SubagentStart" => "subagentStart",
        "SubagentStop" => "subagentStop",
        "PreCompact" => "preCompact",
        "Notification" => "notification",
        other => other,
    }
}

/// Whether the event is written in the PascalCase (VS Code) format.
fn is_pascal(event: &str) -> bool {
    event.starts_with(|c: char| c.is_ascii_uppercase())
}

const TOOL_EVENTS: &[&str] = &[
    "preToolUse",
    "postToolUse",
    "postToolUseFailure",
    "permissionRequest",
];

/// Notes on an explicit permissionRequest behaviour; [`combine`] merges the replies that
/// state one (`Reading::decided`) in order.
const MERGED_DENY: &str =
    "behavior \"deny\" (replies merge in order: a later \"allow\" overrides it)";
const MERGED_ALLOW: &str =
    "behavior \"allow\" (replies merge in order: it overrides an earlier deny)";

fn portable(on: On, matches: Option<&PortableMatch>) -> Result<(String, String), String> {
    let event = match on {
        On::SessionStart => "sessionStart",
        On::PromptSubmit => "userPromptSubmitted",
        On::BeforeTool => "preToolUse",
        On::AfterTool | On::AfterEdit => "postToolUse",
        On::Stop => "agentStop",
        On::SessionEnd => "sessionEnd",
    };
    const EDITS: &str = "edit|create|str_replace_editor|apply_patch";
    // Tool names of camelCase configs (hooks-reference.md).
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => EDITS.to_string(),
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "bash|powershell".into(),
        (_, Some(PortableMatch::Read)) => "view".into(),
        (_, Some(PortableMatch::Web)) => "web_fetch|web_search".into(),
        (_, Some(PortableMatch::Mcp(server))) => {
            return Err(format!(
                "Copilot's docs do not say how MCP tool names are spelled, so `match: mcp:{server}` has no Copilot matcher"
            ));
        }
    };
    Ok((event.to_string(), matcher))
}

/// The camelCase input field the matcher is compared with (hooks-reference.md).
fn camel_matcher_field(event: &str) -> Option<&'static str> {
    Some(match event {
        "preToolUse" | "postToolUse" | "permissionRequest" => "toolName",
        "notification" => "notification_type",
        "preCompact" => "trigger",
        "subagentStart" => "agentName",
        _ => return None,
    })
}

/// A JavaScript regex anchored as `^(?:PATTERN)$`; a feature outside JavaScript's flavour is
/// refused (behaviour spec, "Copilot sample events").
fn anchored_matches(pattern: &str, name: &str) -> Result<bool, String> {
    if let Some(feature) = matcher::non_portable_regex_feature(pattern) {
        return Err(format!(
            "matcher \"{pattern}\" uses {feature}, outside the JavaScript regex flavour hookcheck can run as Copilot does: rewrite it with plain alternatives"
        ));
    }
    matcher::JsRegex::anchored(pattern)
        .map(|re| re.is_match(name))
        .map_err(|e| {
            format!("matcher \"{pattern}\" is not a valid regex ({e}): Copilot skips the entry")
        })
}

/// camelCase: empty matches all, else an anchored regex. PascalCase: `*`, `**`, empty match
/// all; a literal or `|` list equals the runtime or the Claude name; else an anchored regex on
/// the Claude name (protocols-a.md §4, "Matcher").
fn matcher_matches(pascal: bool, pattern: &str, names: &[&str]) -> Result<bool, String> {
    let p = pattern.trim();
    if p.is_empty() {
        return Ok(true);
    }
    if !pascal {
        let Some(name) = names.first() else {
            return Ok(true);
        };
        return anchored_matches(p, name);
    }
    if matcher::is_match_all(p) || p == "**" {
        return Ok(true);
    }
    if matcher::is_exact_list(p) {
        return Ok(names.iter().any(|n| matcher::exact_list_matches(p, n)));
    }
    let claude = names.last().copied().unwrap_or_default();
    anchored_matches(p, claude)
}

/// The event input, and the names the matcher sees (runtime name, then Claude name).
struct Input {
    payload: Value,
    names: Vec<String>,
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
            reason: format!("Copilot has no {event} event"),
        };
    }
    let pascal = is_pascal(&event);
    let Input { payload, names } = match input(cx, &event, &matcher) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    let label = names.first().cloned();
    let applies = if pascal {
        TOOL_EVENTS.contains(&twin(&event))
    } else {
        camel_matcher_field(&event).is_some()
    };
    if applies && !names.is_empty() {
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        match matcher_matches(pascal, &matcher, &refs) {
            Ok(true) => {}
            Ok(false) => {
                return Plan::Skipped {
                    event,
                    trigger: label,
                    reason: format!("matcher \"{matcher}\" does not match {}", refs.join(" / ")),
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
    let mut assumptions = Vec::new();
    let mut notes = Vec::new();
    // Handler `cwd`: relative to the repo root, or absolute (hooks-reference.md).
    let cwd: PathBuf = match &cx.spec.raw.cwd {
        Some(dir) => cx.root.join(dir),
        None => {
            assumptions.push(assumed::cwd(cx.root));
            cx.root.to_path_buf()
        }
    };
    if !pascal
        && TOOL_EVENTS.contains(&event.as_str())
        && !matches!(cx.trigger, Trigger::Payload { .. })
    {
        // DOCS vs DOCS (protocols-a.md §4): the original coding-agent page shows a JSON string.
        notes.push(
            "older Copilot docs send toolArgs as a JSON string; hookcheck sends the object the current reference shows"
                .to_string(),
        );
    }
    let timeout = cx.spec.timeout().unwrap_or(30);
    // Copilot expands variables in env values; hookcheck does not, so it runs none (behaviour spec).
    let dollar: Vec<&str> = cx
        .spec
        .raw
        .env
        .iter()
        .filter(|(_, v)| v.contains('$'))
        .map(|(k, _)| k.as_str())
        .collect();
    let env = shared::merge_env(
        cx.env,
        cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone())),
    );
    let is_async = cx.spec.is_async() || twin(&event) == "notification";
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| {
            let invocation = if !dollar.is_empty() {
                Err(format!(
                    "the env value of {} holds `$`, which Copilot expands and hookcheck cannot: write the value out",
                    dollar.join(", ")
                ))
            } else if let Some(args) = &cx.spec.args {
                // Exec form: no shell; a relative path resolves from the handler's cwd.
                Ok(shared::invocation(
                    &shared::exec_program(command, &cwd),
                    args.clone(),
                    env.clone(),
                    &cwd,
                    &stdin,
                    timeout,
                ))
            } else {
                // The docs name no shell. real agent: Copilot CLI 1.0.102 runs the `bash` field
                // with /bin/bash --norc --noprofile -c whatever $SHELL says, captured 2026-12-01
                // with SHELL=/bin/sh (fixtures/live/inputs/copilot--bash.json).
                Ok(shared::invocation(
                    SHELL_PROGRAM,
                    SHELL_FLAGS
                        .iter()
                        .map(|f| f.to_string())
                        .chain(std::iter::once(command.clone()))
                        .collect(),
                    env.clone(),
                    &cwd,
                    &stdin,
                    timeout,
                ))
            };
            PlannedCommand {
                display: display(command, cx.spec.args.as_deref()),
                invocation,
                is_async,
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

/// The command as shown to the user (exec form joined with spaces).
fn display(command: &str, args: Option<&[String]>) -> String {
    match args {
        Some(a) if !a.is_empty() => format!("{command} {}", a.join(" ")),
        _ => command.to_string(),
    }
}

/// Builds the event input (protocols-a.md §4, "Events" and "Example payloads").
fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<Input, Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    let pascal = is_pascal(event);
    let base = twin(event);
    if let Trigger::Payload { value, .. } = cx.trigger {
        let field = if pascal {
            Some("tool_name")
        } else {
            camel_matcher_field(event)
        };
        let names = field
            .and_then(|f| value.get(f))
            .and_then(Value::as_str)
            .map(|s| vec![s.to_string()])
            .unwrap_or_default();
        return Ok(Input {
            payload: value.clone(),
            names,
        });
    }
    let session = shared::session_id("copilot");
    let mut payload = if pascal {
        json!({
            "hook_event_name": event,
            "session_id": session,
            "timestamp": "2026-01-01T00:00:00.000Z",
            "cwd": cx.root,
        })
    } else {
        json!({ "sessionId": session, "timestamp": 1_767_225_600_000_u64, "cwd": cx.root.display().to_string() })
    };
    let transcript = cx
        .home
        .join(".copilot/session-state")
        .join(&session)
        .join("events.jsonl");
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| not_run("internal: payload is not an object".into()))?;
    let mut put = |k: &str, v: Value| {
        obj.insert(k.to_string(), v);
    };
    let mut names = Vec::new();
    let bash_args = |c: &str| json!({ "command": c, "description": "Run the command" });
    match (event, cx.trigger) {
        ("preToolUse" | "postToolUse", Trigger::Bash(c)) => {
            put("toolName", json!("bash"));
            put("toolArgs", bash_args(c));
            if event == "postToolUse" {
                put(
                    "toolResult",
                    json!({ "resultType": "success", "textResultForLlm": "" }),
                );
            }
            names = vec!["bash".to_string(), "Bash".to_string()];
        }
        ("PreToolUse", Trigger::Bash(c)) => {
            put("tool_name", json!("Bash"));
            put("tool_input", bash_args(c));
            names = vec!["bash".to_string(), "Bash".to_string()];
        }
        ("PostToolUse", Trigger::Bash(_)) => {
            // Behaviour spec, "Copilot sample events": --bash on PostToolUse is refused.
            return Err(not_run(
                "Copilot's PostToolUse input in the VS Code format (its tool result) is not documented, so hookcheck refuses --bash here: pass --payload"
                    .into(),
            ));
        }
        (_, Trigger::Edit { .. }) if TOOL_EVENTS.contains(&base) => {
            return Err(not_run(
                "Copilot's edit tool arguments (edit, create) are not documented, so hookcheck refuses --edit: pass --payload"
                    .into(),
            ));
        }
        (_, Trigger::Bash(_)) if TOOL_EVENTS.contains(&base) => {
            return Err(not_run(format!(
                "hookcheck builds no {event} input for Copilot: pass --payload"
            )));
        }
        (_, t) if TOOL_EVENTS.contains(&base) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a tool call: pass --bash or --payload",
            )));
        }
        ("userPromptSubmitted" | "UserPromptSubmit", Trigger::Prompt(p)) => {
            put("prompt", json!(p));
        }
        ("userPromptSubmitted" | "UserPromptSubmit", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a prompt: pass --prompt or --payload",
            )));
        }
        ("sessionStart", Trigger::None) => put("source", json!("startup")),
        ("sessionEnd", Trigger::None) => put("reason", json!("complete")),
        ("agentStop", Trigger::None) => {
            put("transcriptPath", json!(transcript));
            put("stopReason", json!("end_turn"));
            put("stop_hook_active", json!(false));
        }
        ("preCompact", Trigger::None) => {
            let trigger = shared::first_alternative(matcher, "manual").to_string();
            put("transcriptPath", json!(transcript));
            put("trigger", json!(trigger));
            put("customInstructions", json!(""));
            names = vec![trigger];
        }
        (_, Trigger::None) => {
            return Err(not_run(format!(
                "hookcheck builds no {event} input for Copilot: pass --payload"
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
    if !pascal {
        names.truncate(1);
    }
    Ok(Input { payload, names })
}

/// What stdout holds once progress lines are dropped.
enum Reply {
    /// Nothing.
    Empty,
    /// One JSON object.
    Object(Map<String, Value>),
    /// Text that is not one JSON object: Copilot reads it as no reply.
    Unreadable,
}

/// Single-line `{"type":"progress"}` objects are shown and dropped; the rest is joined,
/// trimmed and parsed with one JSON.parse (protocols-a.md §4, "Process").
fn parse_reply(stdout: &str) -> Reply {
    let kept: Vec<&str> = stdout
        .lines()
        .filter(|line| {
            !matches!(
                serde_json::from_str::<Value>(line.trim()),
                Ok(Value::Object(m)) if m.get("type").and_then(Value::as_str) == Some("progress")
            )
        })
        .collect();
    let rest = kept.join("\n");
    let rest = rest.trim();
    if rest.is_empty() {
        return Reply::Empty;
    }
    match serde_json::from_str::<Value>(rest) {
        Ok(Value::Object(m)) => Reply::Object(m),
        _ => Reply::Unreadable,
    }
}

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = twin(ctx.event);
    if out.timed_out {
        // A timeout fails open on every event, preToolUse included (hooks-reference.md; real agent).
        return Reading::timeout().note("Copilot lets the action through after a timeout");
    }
    let failure = if let Some(e) = &out.start_error {
        Some(format!("the command did not start ({e})"))
    } else {
        match out.exit_code {
            None => Some("the hook was killed by a signal".to_string()),
            Some(0) | Some(2) => None,
            Some(n) => Some(format!("exit {n}")),
        }
    };
    let exit2 = out.exit_code == Some(2) && out.start_error.is_none();
    let reply = parse_reply(&out.stdout.text());
    let mut r = match event {
        "preToolUse" => read_pre_tool_use(failure, exit2, &reply),
        "permissionRequest" => read_permission_request(failure, exit2, &reply),
        _ => read_other(event, failure, exit2, &reply),
    };
    if matches!(reply, Reply::Unreadable) {
        r = r.note(
            "stdout is not one JSON reply (not JSON, or two objects): Copilot reads it as no reply",
        );
    }
    r
}

fn read_pre_tool_use(failure: Option<String>, exit2: bool, reply: &Reply) -> Reading {
    if let Some(what) = failure {
        // Real agent 1.0.102: exit 1 and a missing binary block the call. It is read as error with
        // effect Blocked, so `--expect block` does not pass on a hook that never decided.
        return Reading::error().effect(Effect::Blocked).note(format!(
            "{what}: Copilot denies the call (\"Denied by preToolUse hook (hook errored)\"); read as error because the hook failed rather than decided"
        ));
    }
    let obj = match reply {
        Reply::Object(m) => Some(m),
        _ => None,
    };
    let rewrites = obj.is_some_and(|m| m.get("modifiedArgs").is_some_and(|v| !v.is_null()));
    let context = obj.is_some_and(|m| m.get("additionalContext").is_some_and(|v| !v.is_null()));
    if exit2 {
        return Reading::block()
            .note("exit 2 denies the call, even when stdout says allow")
            .context(context);
    }
    let Some(obj) = obj else {
        return Reading::allow();
    };
    // Only a top-level permissionDecision counts (real agent 1.0.102).
    let mut r = match str_field(obj, "permissionDecision") {
        Some("deny") => Reading::block().note("permissionDecision \"deny\""),
        Some("ask") => Reading::block().note(
            "permissionDecision \"ask\": the CLI asks the user; the coding agent on GitHub denies",
        ),
        _ => Reading::allow(),
    };
    if obj
        .get("hookSpecificOutput")
        .and_then(|h| h.get("permissionDecision"))
        .is_some()
    {
        r = r.note(
            "hookSpecificOutput is ignored by Copilot: only a top-level permissionDecision counts",
        );
    }
    r.rewrites(rewrites).context(context)
}

fn read_permission_request(failure: Option<String>, exit2: bool, reply: &Reply) -> Reading {
    if let Some(what) = failure {
        return Reading::error().note(format!("{what}: Copilot lets the request through"));
    }
    let behavior = match reply {
        Reply::Object(m) => str_field(m, "behavior"),
        _ => None,
    };
    if exit2 {
        return Reading::block()
            .note("exit 2 denies the request")
            .note(MERGED_DENY)
            .stated();
    }
    match behavior {
        Some("deny") => Reading::block().note(MERGED_DENY).stated(),
        Some("allow") => Reading::allow().note(MERGED_ALLOW).stated(),
        _ => Reading::allow(),
    }
}

fn read_other(event: &str, failure: Option<String>, exit2: bool, reply: &Reply) -> Reading {
    if let Some(what) = failure {
        return Reading::error().note(format!("{what}: Copilot lets the action through"));
    }
    let obj = match reply {
        Reply::Object(m) => Some(m),
        _ => None,
    };
    if exit2 {
        // postToolUseFailure: exit 2 turns the output into recovery guidance (hooks-reference.md).
        if event == "postToolUseFailure" {
            return Reading::allow()
                .context(true)
                .note("exit 2 on postToolUseFailure adds the output as guidance for the model");
        }
        return Reading::error().note(format!(
            "exit 2 is a warning on {event}: it cannot stop anything"
        ));
    }
    let Some(obj) = obj else {
        return Reading::allow();
    };
    if matches!(event, "agentStop" | "subagentStop") && str_field(obj, "decision") == Some("block")
    {
        return Reading::block().note(
            "decision \"block\": Copilot runs another turn with the reason (8 in a row at most)",
        );
    }
    // userPromptSubmitted output of command hooks is dropped (hooks-reference.md).
    let context = matches!(
        event,
        "sessionStart" | "postToolUse" | "subagentStart" | "notification"
    ) && obj.get("additionalContext").is_some_and(|v| !v.is_null());
    let rewrites =
        event == "postToolUse" && obj.get("modifiedResult").is_some_and(|v| !v.is_null());
    let mut r = Reading::allow().context(context).rewrites(rewrites);
    if str_field(obj, "permissionDecision").is_some() || str_field(obj, "decision") == Some("block")
    {
        r = r.note(format!("a decision cannot stop anything on {event}"));
    }
    r
}

/// Strongest wins, except permissionRequest, whose replies merge in order so the last explicit
/// behaviour decides (hooks-reference.md: "later hooks override earlier"); a blocked call stays
/// blocked whatever the decision shown.
fn combine(ctx: &ReadContext, readings: &[Reading]) -> Reading {
    let out = shared::strongest(ctx, readings);
    if twin(ctx.event) == "permissionRequest" {
        let last = readings.iter().rev().find(|r| r.decided);
        if let Some(last) = last {
            let mut merged = Reading::new(last.decision).effect(last.effect);
            merged.counted = out.counted;
            merged.adds_context = out.adds_context;
            merged.rewrites_input = out.rewrites_input;
            if readings.len() > 1 {
                merged = merged.note("the replies merged in order: the last behavior decides");
            }
            return merged;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::TOOL;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, signalled,
        timed_out,
    };
    use crate::tools::{Plan, ReadContext};
    use crate::trigger::Trigger;
    use crate::verdict::{Decision, Effect};

    const PRE: &str = "event: preToolUse\nmatcher: bash\ncommand: ./hook.sh\n";
    const HSO_DENY: &str =
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#;

    /// Every reply rule, with its source. R = real-agents.md (Copilot CLI 1.0.102), D = hooks
    /// reference (protocols-a.md §4), S = behaviour spec (seed 002, "Copilot replies").
    #[test]
    fn reader_table() {
        use Decision::*;
        use Effect::*;
        let progress =
            "{\"type\":\"progress\",\"message\":\"checking\"}\n{\"permissionDecision\":\"deny\"}\n";
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "R exit 0, no output",
                "preToolUse",
                exit(0, "", ""),
                Allow,
                Proceeds,
            ),
            (
                "R exit 2 + stderr",
                "preToolUse",
                exit(2, "", "no"),
                Block,
                Blocked,
            ),
            (
                "R exit 2, empty stderr",
                "preToolUse",
                exit(2, "", ""),
                Block,
                Blocked,
            ),
            // The call is blocked; the decision is error because the hook failed (brief, seed).
            (
                "R exit 1 + stderr blocks the call",
                "preToolUse",
                exit(1, "", "oops"),
                Error,
                Blocked,
            ),
            (
                "R hookSpecificOutput deny is ignored",
                "preToolUse",
                exit(0, HSO_DENY, ""),
                Allow,
                Proceeds,
            ),
            (
                "R decision block is ignored",
                "preToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Allow,
                Proceeds,
            ),
            (
                "R decision deny is ignored",
                "preToolUse",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Allow,
                Proceeds,
            ),
            (
                "R top-level permissionDecision deny",
                "preToolUse",
                exit(0, r#"{"permissionDecision":"deny"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "R cancel is ignored",
                "preToolUse",
                exit(0, r#"{"cancel":true}"#, ""),
                Allow,
                Proceeds,
            ),
            (
                "R timeout fails open",
                "preToolUse",
                timed_out(),
                Timeout,
                Proceeds,
            ),
            (
                "R missing binary (127) blocks the call",
                "preToolUse",
                exit(127, "", "sh: ./x: not found"),
                Error,
                Blocked,
            ),
            (
                "S failed start blocks the call",
                "preToolUse",
                not_started(),
                Error,
                Blocked,
            ),
            (
                "D crash blocks the call",
                "preToolUse",
                signalled(9),
                Error,
                Blocked,
            ),
            (
                "S ask blocks",
                "preToolUse",
                exit(0, r#"{"permissionDecision":"ask"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S allow",
                "preToolUse",
                exit(0, r#"{"permissionDecision":"allow"}"#, ""),
                Allow,
                Proceeds,
            ),
            (
                "D exit 2 denies even with allow JSON",
                "preToolUse",
                exit(2, r#"{"permissionDecision":"allow"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S progress lines dropped",
                "preToolUse",
                exit(0, progress, ""),
                Block,
                Blocked,
            ),
            (
                "S two objects are no reply",
                "preToolUse",
                exit(
                    0,
                    "{\"permissionDecision\":\"deny\"}\n{\"permissionDecision\":\"deny\"}",
                    "",
                ),
                Allow,
                Proceeds,
            ),
            (
                "S not JSON is no reply",
                "preToolUse",
                exit(0, "deny", ""),
                Allow,
                Proceeds,
            ),
            (
                "S PascalCase decides as its twin",
                "PreToolUse",
                exit(0, r#"{"permissionDecision":"deny"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S PascalCase exit 1",
                "PreToolUse",
                exit(1, "", ""),
                Error,
                Blocked,
            ),
            (
                "S permissionRequest exit 2",
                "permissionRequest",
                exit(2, "", ""),
                Block,
                Blocked,
            ),
            (
                "S permissionRequest behavior deny",
                "permissionRequest",
                exit(0, r#"{"behavior":"deny"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S permissionRequest behavior allow",
                "permissionRequest",
                exit(0, r#"{"behavior":"allow"}"#, ""),
                Allow,
                Proceeds,
            ),
            (
                "D permissionRequest exit 1 fails open",
                "permissionRequest",
                exit(1, "", ""),
                Error,
                Proceeds,
            ),
            (
                "S agentStop decision block",
                "agentStop",
                exit(0, r#"{"decision":"block","reason":"go on"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S subagentStop decision block",
                "subagentStop",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S Stop decides as agentStop",
                "Stop",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "D exit 2 on agentStop is a warning",
                "agentStop",
                exit(2, "", "x"),
                Error,
                Proceeds,
            ),
            (
                "S postToolUse cannot block",
                "postToolUse",
                exit(0, r#"{"permissionDecision":"deny"}"#, ""),
                Allow,
                Proceeds,
            ),
            (
                "S exit 2 on postToolUse is error",
                "postToolUse",
                exit(2, "", "x"),
                Error,
                Proceeds,
            ),
            (
                "S exit 1 on sessionStart is error",
                "sessionStart",
                exit(1, "", ""),
                Error,
                Proceeds,
            ),
            (
                "S exit 2 on postToolUseFailure adds context",
                "postToolUseFailure",
                exit(2, "", "try x"),
                Allow,
                Proceeds,
            ),
            (
                "S timeout fails open on agentStop",
                "agentStop",
                timed_out(),
                Timeout,
                Proceeds,
            ),
            (
                "D userPromptSubmitted cannot block",
                "userPromptSubmitted",
                exit(2, "", ""),
                Error,
                Proceeds,
            ),
        ];
        for (name, event, outcome, decision, effect) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
    }

    #[test]
    fn context_and_rewrites() {
        let r = testing::read(
            &TOOL,
            PRE,
            "preToolUse",
            &exit(
                0,
                r#"{"permissionDecision":"allow","modifiedArgs":{"command":"ls"}}"#,
                "",
            ),
        );
        assert!(r.rewrites_input && r.decision == Decision::Allow);
        let r = testing::read(
            &TOOL,
            PRE,
            "sessionStart",
            &exit(0, r#"{"additionalContext":"x"}"#, ""),
        );
        assert!(r.adds_context);
        let r = testing::read(
            &TOOL,
            PRE,
            "userPromptSubmitted",
            &exit(0, r#"{"additionalContext":"x"}"#, ""),
        );
        assert!(
            !r.adds_context,
            "command hook output on userPromptSubmitted is dropped"
        );
        let r = testing::read(&TOOL, PRE, "postToolUseFailure", &exit(2, "", "hint"));
        assert!(r.adds_context);
    }

    /// Copilot's own combine: permissionRequest replies merge in order; a blocked call stays
    /// blocked. S = behaviour spec, D = hooks reference.
    #[test]
    fn combine_table() {
        let deny = exit(0, r#"{"behavior":"deny"}"#, "");
        let allow = exit(0, r#"{"behavior":"allow"}"#, "");
        let none = exit(0, "", "");
        let rows: Vec<(&str, &str, Vec<crate::exec::Outcome>, Decision, Effect)> = vec![
            (
                "S later allow overrides deny",
                "permissionRequest",
                vec![deny.clone(), allow.clone()],
                Decision::Allow,
                Effect::Proceeds,
            ),
            (
                "S later deny overrides allow",
                "permissionRequest",
                vec![allow.clone(), deny.clone()],
                Decision::Block,
                Effect::Blocked,
            ),
            (
                "D no reply keeps the deny",
                "permissionRequest",
                vec![deny.clone(), none.clone()],
                Decision::Block,
                Effect::Blocked,
            ),
            (
                "D exit 2 then allow",
                "permissionRequest",
                vec![exit(2, "", ""), allow.clone()],
                Decision::Allow,
                Effect::Proceeds,
            ),
            (
                "D no explicit behavior: strongest",
                "permissionRequest",
                vec![none.clone(), exit(1, "", "")],
                Decision::Error,
                Effect::Proceeds,
            ),
            (
                "D preToolUse any deny blocks",
                "preToolUse",
                vec![
                    none.clone(),
                    exit(0, r#"{"permissionDecision":"deny"}"#, ""),
                ],
                Decision::Block,
                Effect::Blocked,
            ),
            (
                "S errored hook and timeout: still blocked",
                "preToolUse",
                vec![exit(1, "", ""), timed_out()],
                Decision::Timeout,
                Effect::Blocked,
            ),
        ];
        let spec = testing::spec(PRE);
        for (name, event, outcomes, decision, effect) in rows {
            let cx = ReadContext {
                event,
                spec: &spec,
                input: &serde_json::Value::Null,
                peers: &[],
            };
            let readings: Vec<_> = outcomes.iter().map(|o| (TOOL.read)(&cx, o)).collect();
            let r = (TOOL.combine)(&cx, &readings);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
    }

    #[test]
    fn inputs() {
        let cases = [
            ("pre_bash", PRE, bash("rm -rf build")),
            (
                "post_bash",
                "event: postToolUse\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (
                "pascal_pre_bash",
                "event: PreToolUse\nmatcher: Bash\ncommand: ./h.sh\n",
                bash("git push -f"),
            ),
            (
                "prompt",
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("fix the test"),
            ),
            (
                "pascal_prompt",
                "event: UserPromptSubmit\ncommand: ./h.sh\n",
                prompt("fix the test"),
            ),
            ("agent_stop", "on: stop\ncommand: ./h.sh\n", Trigger::None),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("copilot_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn plans_that_do_not_run() {
        let cases = [
            (PRE, edit("a.rs", true), "refuses --edit"),
            (
                "event: PostToolUse\ncommand: ./h.sh\n",
                bash("ls"),
                "refuses --bash here",
            ),
            (PRE, prompt("hi"), "not fired by --prompt"),
            (
                "event: beforeShellExecution\ncommand: ./h.sh\n",
                bash("ls"),
                "Copilot has no beforeShellExecution event",
            ),
            (
                "event: permissionRequest\ncommand: ./h.sh\n",
                bash("ls"),
                "pass --payload",
            ),
            (
                "event: preToolUse\nmatcher: \"(?i)bash\"\ncommand: ./h.sh\n",
                bash("ls"),
                "(?i",
            ),
            (
                "event: preToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n",
                bash("ls"),
                "not a valid regex",
            ),
            (
                "on: before-tool\nmatch: mcp:github\ncommand: ./h.sh\n",
                bash("ls"),
                "MCP",
            ),
        ];
        for (yaml, trigger, want) in cases {
            let text = format!("{:?}", plan(&TOOL, yaml, &trigger));
            assert!(text.contains(want), "{yaml}: {text}");
        }
    }

    #[test]
    fn matchers() {
        let rows = [
            ("preToolUse", "bash", true),
            ("preToolUse", "bash|edit", true),
            ("preToolUse", "ba", false), // anchored
            ("preToolUse", "bas.*", true),
            ("preToolUse", "Bash", false), // camelCase sees only the runtime name
            ("preToolUse", "", true),
            ("PreToolUse", "Bash", true),
            ("PreToolUse", "bash", true), // literal: runtime or Claude name
            ("PreToolUse", "*", true),
            ("PreToolUse", "**", true),
            ("PreToolUse", "Ba.*", true), // regex on the Claude name
            ("PreToolUse", "ba.*", false),
            ("PreToolUse", "Edit|Write", false),
        ];
        for (event, matcher, fires) in rows {
            let yaml = format!("event: {event}\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
            let p = plan(&TOOL, &yaml, &bash("ls"));
            assert_eq!(matches!(p, Plan::Run(_)), fires, "{event} {matcher}: {p:?}");
        }
        let p = plan(
            &TOOL,
            "event: preToolUse\nmatcher: bash\ncommand: ./h.sh\n",
            &payload(serde_json::json!({"toolName": "view", "toolArgs": {}})),
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
    }

    #[test]
    fn shell_cwd_env_and_assumptions() {
        let run = |yaml: &str| match plan(&TOOL, yaml, &bash("ls")) {
            Plan::Run(r) => r,
            p => panic!("{p:?}"),
        };
        let r = run(PRE);
        let items: Vec<_> = r.assumptions.iter().map(|a| a.item.as_str()).collect();
        // The shell is known from the real agent (fixtures/live/inputs/copilot--bash.json).
        assert_eq!(items, ["cwd"]);
        let Ok(inv) = &r.commands[0].invocation else {
            panic!()
        };
        assert_eq!(
            (inv.program.as_str(), inv.timeout.as_secs()),
            ("/bin/bash", 30)
        );
        assert_eq!(inv.cwd.display().to_string(), "/project");

        // Exec form in a handler cwd: no shell, no assumption, the path resolves from cwd.
        let r = run("event: preToolUse\ncommand: ./g.sh\nargs: [x]\ncwd: hooks\ntimeout: 5\n");
        assert!(r.assumptions.is_empty(), "{:?}", r.assumptions);
        let Ok(inv) = &r.commands[0].invocation else {
            panic!()
        };
        assert_eq!(inv.program, "/project/hooks/./g.sh");
        assert_eq!(inv.args, ["x"]);
        assert_eq!(inv.cwd.display().to_string(), "/project/hooks");
        assert_eq!(inv.timeout.as_secs(), 5);

        // Copilot CLI 1.0.102 runs inline commands under /bin/bash --norc --noprofile -c.
        let r = run("event: preToolUse\ncommand: ./a.sh && ./b.sh\n");
        let Ok(inv) = &r.commands[0].invocation else {
            panic!("{:?}", r.commands)
        };
        assert_eq!(
            (inv.program.as_str(), inv.args.as_slice()),
            (
                "/bin/bash",
                &[
                    "--norc".to_string(),
                    "--noprofile".to_string(),
                    "-c".to_string(),
                    "./a.sh && ./b.sh".to_string()
                ][..]
            )
        );
        assert!(!r.assumptions.iter().any(|a| a.item == "shell"));

        let r = run("event: preToolUse\ncommand: ./h.sh\nenv: {A: plain, B: \"$HOME/x\"}\n");
        let err = r.commands[0]
            .invocation
            .as_ref()
            .err()
            .cloned()
            .unwrap_or_default();
        assert!(err.contains('B') && !err.contains("HOME/x"), "{err}");
        let r = run("event: preToolUse\ncommand: ./h.sh\nenv: {A: plain}\n");
        let Ok(inv) = &r.commands[0].invocation else {
            panic!()
        };
        assert!(inv.env.contains(&("A".into(), "plain".into())));

        let p = plan(
            &TOOL,
            "event: notification\ncommand: ./h.sh\n",
            &payload(serde_json::json!({"notification_type": "x"})),
        );
        let Plan::Run(r) = p else { panic!("{p:?}") };
        assert!(r.commands[0].is_async, "notification hooks are async");
    }
}
