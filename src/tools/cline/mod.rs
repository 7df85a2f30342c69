//! Cline: the `cline` CLI on the SDK runtime (file hooks named after their event).
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Cline CLI 3.0.65 run headless
//! against a fake model, 2026-11-30); cline/cline @08a0ae50 `sdk/packages/core/src/hooks/
//! hook-file-hooks.ts` (payloads, which hooks are awaited, HOOK_CONTROL parsing, cancel/context,
//! 120 s tool-call timeout); cline/cline @21cb8d25 `sdk/packages/core/src/hooks/{subprocess,
//! subprocess-runner}.ts` and docs `docs/customization/hooks.mdx` @901d1b5c, as collected in
//! docs/reference/protocols/protocols-a.md §8; docs/reference/seeds/002_868b68abc3040bdc.txt
//! (agnostic-ai: Cline replies, Cline sample events, the shell and timeout table).

pub mod live;
pub mod native;

use std::path::Path;

use serde_json::{Map, Value, json};

use super::shared::{self, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::spec::{HookSpec, On, PortableMatch, When};
use crate::trigger::Trigger;
use crate::verdict::{Assumption, Effect, Reading};

/// Cline's contract.
pub static TOOL: Tool = Tool {
    id: "cline",
    name: "Cline",
    checked: "2026-11-30",
    sources: &[
        "real agent: Cline CLI 3.0.65 (docs/reference/real-agents.md, 2026-11-30)",
        "real agent: Cline CLI 3.0.65, captured 2026-12-01 (fixtures/live/inputs/cline--bash.json): the shell",
        "source: cline/cline @08a0ae50 sdk/packages/core/src/hooks/hook-file-hooks.ts",
        "source: cline/cline @21cb8d25 sdk/packages/core/src/hooks/subprocess-runner.ts, subprocess.ts",
        "spec: agnostic-ai hook run (docs/reference/seeds/002_868b68abc3040bdc.txt): Cline replies and sample events",
    ],
    events: EVENTS,
    shell: "sh SCRIPT, the event script (real agent: Cline CLI 3.0.65, captured 2026-12-01, fixtures/live/inputs/cline--bash.json); Windows not run",
    timeouts: "120 s on PreToolUse and PostToolUse, whatever the spec sets; other events are not awaited",
    session_vars: &[],
    notes: &[
        "Cline has no matcher: every hook on an event sees every tool and must filter itself",
        "the Cline VS Code extension does not read stdout when the script exits non-zero, so a reply printed before a failing exit blocks in the CLI and not in the extension",
        "hooks are off under --yolo (SDK README)",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// Hook file names (hook-file-config.ts), including the SDK's TaskError and SessionShutdown.
const EVENTS: &[&str] = &[
    "TaskStart",
    "TaskResume",
    "TaskCancel",
    "TaskComplete",
    "TaskError",
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "PreCompact",
    "SessionShutdown",
];

/// Only tool_call and tool_result hooks are awaited; the rest run detached (hook-file-hooks.ts).
const AWAITED: &[&str] = &["PreToolUse", "PostToolUse"];

/// The runtime's tool-call hook timeout, not configurable per hook (hook-file-hooks.ts).
const TOOL_TIMEOUT: u64 = 120;

/// The Cline CLI version real-agents.md ran, sent as clineVersion.
const VERSION: &str = "3.0.65";

fn portable(on: On) -> &'static str {
    match on {
        On::SessionStart => "TaskStart",
        On::PromptSubmit => "UserPromptSubmit",
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        On::Stop => "TaskComplete",
        On::SessionEnd => "SessionShutdown",
    }
}

/// The SDK runtime name each file hook maps onto (hook-file-config.ts).
fn hook_name(event: &str) -> &'static str {
    match event {
        "TaskStart" => "agent_start",
        "TaskResume" => "agent_resume",
        "TaskCancel" => "agent_abort",
        "TaskComplete" => "agent_end",
        "TaskError" => "agent_error",
        "PreToolUse" => "tool_call",
        "PostToolUse" => "tool_result",
        "UserPromptSubmit" => "prompt_submit",
        _ => "session_shutdown",
    }
}

/// The tools a portable match kind's generated tool-name check lets in; `None` when Cline's
/// names for it are not documented.
fn kind_tools(m: &PortableMatch) -> Option<&'static [&'static str]> {
    match m {
        PortableMatch::Shell => Some(&["run_commands"]),
        PortableMatch::Edit => Some(&["editor", "apply_patch"]),
        PortableMatch::Read => Some(&["read_files"]),
        PortableMatch::Any => None,
        PortableMatch::Web | PortableMatch::Mcp(_) => None,
    }
}

const BUILTIN: &[&str] = &["run_commands", "editor", "apply_patch", "read_files"];

fn plan(cx: &PlanContext) -> Plan {
    let (event, native_matcher, matches) = match &cx.spec.when {
        When::Native { event, matcher } => (event.clone(), matcher.clone(), None),
        When::Portable { on, matches } => {
            let m = match (on, matches) {
                (On::AfterEdit, None) => Some(PortableMatch::Edit),
                (_, m) => m.clone(),
            };
            (portable(*on).to_string(), String::new(), m)
        }
    };
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.clone()),
        reason,
    };
    if event == "PreCompact" {
        // The SDK runtime maps no file hook onto compaction (hook-file-hooks.ts).
        return not_run("the Cline CLI runs no PreCompact hook".into());
    }
    if !EVENTS.contains(&event.as_str()) {
        return not_run(format!("Cline has no {event} event"));
    }
    if cfg!(windows) {
        return not_run("hookcheck does not run Cline hooks on Windows".into());
    }
    let (payload, label) = match input(cx, &event) {
        Ok(x) => x,
        Err(reason) => return not_run(reason),
    };
    let mut notes = Vec::new();
    if !native_matcher.trim().is_empty() && native_matcher.trim() != "*" {
        notes.push(format!(
            "Cline has no matcher: \"{native_matcher}\" is ignored and the hook runs for every tool"
        ));
    }
    // The script sync writes checks the tool name for a portable match kind and lets any other
    // tool through (seed, "Cline sample events").
    if let (Some(m), Some(tool)) = (&matches, &label)
        && m != &PortableMatch::Any
    {
        match kind_tools(m) {
            Some(tools) if !tools.contains(&tool.as_str()) => {
                return Plan::Skipped {
                    event,
                    trigger: label.clone(),
                    reason: format!(
                        "the script's tool-name check for match \"{}\" ({}) lets {tool} through",
                        match_spelling(m),
                        tools.join(", ")
                    ),
                };
            }
            Some(_) => {}
            None if BUILTIN.contains(&tool.as_str()) => {
                return Plan::Skipped {
                    event,
                    trigger: label.clone(),
                    reason: format!(
                        "the script's tool-name check for match \"{}\" lets {tool} through",
                        match_spelling(m)
                    ),
                };
            }
            None => {
                return not_run(format!(
                    "Cline's tool names for match \"{}\" are not documented, so hookcheck cannot tell whether the script lets {tool} through",
                    match_spelling(m)
                ));
            }
        }
    }
    if matches!(cx.trigger, Trigger::Edit { .. }) {
        notes.push(
            "a model whose id holds gpt or codex edits with apply_patch instead of editor".into(),
        );
    }
    if event == "UserPromptSubmit" && !matches!(cx.trigger, Trigger::Payload { .. }) {
        notes.push(
            "the Cline CLI may not send UserPromptSubmit: orchestrated sessions seed the prompt without a message-added event".into(),
        );
    }
    if cx.spec.args.is_some() {
        return not_run(
            "Cline runs one event script: `args` (exec form) has no place in it".into(),
        );
    }
    if let Some(t) = cx.spec.timeout()
        && AWAITED.contains(&event.as_str())
        && t != TOOL_TIMEOUT
    {
        notes.push(format!(
            "Cline waits {TOOL_TIMEOUT} s on tool hooks whatever the spec sets (timeout: {t} is dropped)"
        ));
    }
    let env = shared::merge_env(
        cx.env,
        cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone())),
    );
    let is_async = cx.spec.is_async() || !AWAITED.contains(&event.as_str());
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| PlannedCommand {
            display: command.clone(),
            // real agent: Cline CLI 3.0.65 runs the event script as `sh SCRIPT` (sh from PATH,
            // whatever $SHELL says), captured 2026-12-01 (fixtures/live/inputs/cline--bash.json)
            // with a `#!/bin/sh` script; `sh -c` runs the same text. A `#!/bin/bash` script was
            // not tried.
            invocation: Ok(shared::invocation(
                "sh",
                vec!["-c".into(), command.clone()],
                env.clone(),
                cx.root,
                &stdin,
                TOOL_TIMEOUT,
            )),
            is_async,
        })
        .collect();
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions: vec![Assumption::new(
            "cwd",
            cx.root.display().to_string(),
            "Cline runs a hook in the directory the CLI started in; hookcheck uses the project root",
        )],
        notes,
    })
}

fn match_spelling(m: &PortableMatch) -> String {
    match m {
        PortableMatch::Shell => "shell".into(),
        PortableMatch::Edit => "edit".into(),
        PortableMatch::Read => "read".into(),
        PortableMatch::Web => "web".into(),
        PortableMatch::Any => "any".into(),
        PortableMatch::Mcp(s) => format!("mcp:{s}"),
    }
}

/// Every parameter value as a string, as the legacy `preToolUse.parameters` (hook-file-hooks.ts).
fn string_params(input: &Value) -> Value {
    let Some(obj) = input.as_object() else {
        return json!({});
    };
    let out: Map<String, Value> = obj
        .iter()
        .map(|(k, v)| {
            let s = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (k.clone(), Value::String(s))
        })
        .collect();
    Value::Object(out)
}

fn edit_input(path: &Path, exists: bool) -> Value {
    // A path need not be UTF-8: carry it lossily, as the agent's JSON would.
    let path = path.display().to_string();
    if exists {
        json!({ "path": path, "old_text": "", "new_text": "" })
    } else {
        json!({ "path": path, "new_text": "" })
    }
}

fn input(cx: &PlanContext, event: &str) -> Result<(Value, Option<String>), String> {
    if let Trigger::Payload { value, .. } = cx.trigger {
        let tool = value
            .pointer("/tool_call/name")
            .or_else(|| value.pointer("/tool_result/name"))
            .or_else(|| value.pointer("/preToolUse/toolName"))
            .or_else(|| value.pointer("/postToolUse/toolName"))
            .and_then(Value::as_str)
            .map(str::to_string);
        return Ok((value.clone(), tool));
    }
    let session = shared::session_id("cline");
    let mut payload = json!({
        "clineVersion": VERSION,
        "hookName": hook_name(event),
        "timestamp": "2026-11-30T12:00:00.000Z",
        "taskId": session,
        "sessionContext": { "rootSessionId": session },
        "workspaceRoots": [cx.root],
        "userId": "hookcheck",
        "agent_id": "agent_hookcheck_0001",
        "parent_agent_id": Value::Null,
    });
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| "internal: payload is not an object".to_string())?;
    if AWAITED.contains(&event) {
        let (tool, tool_input) = match cx.trigger {
            Trigger::Bash(c) => ("run_commands", json!({ "commands": [c] })),
            Trigger::Edit { path, exists } => ("editor", edit_input(path, *exists)),
            t => {
                return Err(shared::wrong_trigger(
                    event,
                    t,
                    "a tool call: pass --bash, --edit or --payload",
                ));
            }
        };
        obj.insert("iteration".into(), json!(1));
        let id = "call_hookcheck_0001";
        if event == "PreToolUse" {
            obj.insert(
                "tool_call".into(),
                json!({ "id": id, "name": tool, "input": tool_input }),
            );
            obj.insert(
                "preToolUse".into(),
                json!({ "toolName": tool, "parameters": string_params(&tool_input) }),
            );
        } else {
            let started = "2026-11-30T12:00:00.000Z";
            obj.insert(
                "tool_result".into(),
                json!({ "id": id, "name": tool, "input": tool_input, "output": "", "durationMs": 5, "startedAt": started, "endedAt": "2026-11-30T12:00:00.005Z" }),
            );
            obj.insert(
                "postToolUse".into(),
                json!({ "toolName": tool, "parameters": string_params(&tool_input), "result": "", "success": true, "executionTimeMs": 5 }),
            );
        }
        return Ok((payload, Some(tool.to_string())));
    }
    match (event, cx.trigger) {
        ("UserPromptSubmit", Trigger::Prompt(p)) => {
            obj.insert(
                "userPromptSubmit".into(),
                json!({ "prompt": p, "attachments": [] }),
            );
            Ok((payload, None))
        }
        ("UserPromptSubmit", t) => Err(shared::wrong_trigger(
            event,
            t,
            "a prompt: pass --prompt or --payload",
        )),
        (_, Trigger::None) => {
            let key = match event {
                "TaskStart" => "taskStart",
                "TaskResume" => "taskResume",
                "TaskCancel" => "taskCancel",
                "TaskComplete" => "taskComplete",
                _ => {
                    return Err(format!(
                        "hookcheck builds no {event} input for Cline: pass --payload"
                    ));
                }
            };
            obj.insert(key.into(), json!({ "taskMetadata": {} }));
            Ok((payload, None))
        }
        (_, t) => Err(shared::wrong_trigger(event, t, "no trigger (or --payload)")),
    }
}

/// The control JSON: the last line starting `HOOK_CONTROL\t`, else the whole trimmed stdout
/// (subprocess-runner.ts).
fn control_text(stdout: &str) -> &str {
    stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("HOOK_CONTROL\t"))
        .unwrap_or(stdout)
        .trim()
}

/// Cline's event for a spec (native as written, portable mapped).
fn event_of(spec: &HookSpec) -> String {
    match &spec.when {
        When::Native { event, .. } => event.clone(),
        When::Portable { on, .. } => portable(*on).to_string(),
    }
}

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let r = read_reply(ctx, out);
    // Specs on one event become one script with one stdout (the behaviour spec, "Cline
    // replies"), so what this hook prints is not the whole reply Cline reads.
    let sharing: Vec<&str> = ctx
        .peers
        .iter()
        .filter(|p| p.targets_tool("cline") && event_of(p) == ctx.event)
        .map(|p| p.name.as_str())
        .collect();
    if sharing.is_empty() {
        return r;
    }
    r.not_counted(format!(
        "Cline runs every hook on {} from one script sharing one stdout, and {} also reach it there",
        ctx.event,
        sharing.join(", ")
    ))
}

fn read_reply(ctx: &ReadContext, out: &Outcome) -> Reading {
    let goes_on = "Cline logs it and goes on as if the hook allowed";
    if out.timed_out {
        return Reading::timeout().note(format!("the hook timed out: {goes_on}"));
    }
    if let Some(e) = &out.start_error {
        return Reading::error().note(format!("the script did not start ({e}): {goes_on}"));
    }
    let stdout = out.stdout.text();
    let text = control_text(&stdout);
    let exit_note = match out.exit_code {
        Some(0) => None,
        Some(n) => Some(format!("exit {n}: Cline never reads the exit code")),
        None => Some("the hook was killed by a signal: Cline never reads the exit status".into()),
    };
    let with_exit = |r: Reading| match &exit_note {
        Some(n) => r.note(n.clone()),
        None => r,
    };
    if text.is_empty() {
        return with_exit(Reading::allow());
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(_) => {
            return with_exit(
                Reading::error().note(format!("stdout is not JSON control output: {goes_on}")),
            );
        }
    };
    let Some(obj) = value.as_object() else {
        return with_exit(Reading::allow().note("the control output is not an object: ignored"));
    };
    let non_empty = |k: &str| str_field(obj, k).is_some_and(|s| !s.trim().is_empty());
    if obj.get("cancel") == Some(&Value::Bool(true)) {
        let mut r = Reading::block()
            .effect(Effect::Halted)
            .note("cancel: true stops the whole task, not just this tool call");
        if ctx.event == "PostToolUse" {
            r = r.note("the tool already ran");
        }
        return with_exit(r);
    }
    let context =
        non_empty("context") || non_empty("contextModification") || non_empty("errorMessage");
    let rewrites = ctx.event == "PreToolUse" && obj.contains_key("overrideInput");
    let mut r = Reading::allow().context(context).rewrites(rewrites);
    if rewrites {
        r = r.note("overrideInput replaces the tool's input");
    }
    with_exit(r)
}

#[cfg(test)]
mod tests {
    use super::TOOL;
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, signalled,
        timed_out,
    };
    use crate::trigger::Trigger;
    use crate::verdict::{Decision, Effect};
    use serde_json::json;

    const PRE: &str = "event: PreToolUse\ncommand: ./hook.sh\n";

    /// Every reply rule. R = real-agents.md (Cline CLI 3.0.65), C = hook-file-hooks.ts /
    /// subprocess-runner.ts, S = the seed's "Cline replies".
    #[test]
    fn reader_table() {
        use Decision::*;
        let rows: Vec<(
            &str,
            &str,
            crate::exec::Outcome,
            Decision,
            Effect,
            bool,
            bool,
        )> = vec![
            // (name, event, outcome, decision, effect, adds context, rewrites)
            (
                "R exit 0, no output",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "R exit 2 + stderr",
                "PreToolUse",
                exit(2, "", "no"),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "R exit 2, empty stderr",
                "PreToolUse",
                exit(2, "", ""),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "R exit 1 + stderr",
                "PreToolUse",
                exit(1, "", "oops"),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "R hookSpecificOutput deny",
                "PreToolUse",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#,
                    "",
                ),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "R decision block",
                "PreToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "R decision deny",
                "PreToolUse",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "R top-level permissionDecision",
                "PreToolUse",
                exit(0, r#"{"permissionDecision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "R cancel aborts the task",
                "PreToolUse",
                exit(0, r#"{"cancel":true}"#, ""),
                Block,
                Effect::Halted,
                false,
                false,
            ),
            (
                "R hook slept past the spec's 2 s (Cline waits 120 s)",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "R missing binary (127)",
                "PreToolUse",
                exit(127, "", "bash: ./x: No such file"),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "C cancel on a non-zero exit still cancels",
                "PreToolUse",
                exit(1, r#"{"cancel":true}"#, ""),
                Block,
                Effect::Halted,
                false,
                false,
            ),
            (
                "C cancel after the tool ran",
                "PostToolUse",
                exit(0, r#"{"cancel":true}"#, ""),
                Block,
                Effect::Halted,
                false,
                false,
            ),
            (
                "C last HOOK_CONTROL line wins",
                "PreToolUse",
                exit(
                    0,
                    "log line\nHOOK_CONTROL\t{\"cancel\":true}\nHOOK_CONTROL\t{\"cancel\":false}\n",
                    "",
                ),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "C HOOK_CONTROL after log lines",
                "PreToolUse",
                exit(0, "starting\nHOOK_CONTROL\t{\"cancel\":true}\n", ""),
                Block,
                Effect::Halted,
                false,
                false,
            ),
            (
                "C cancel \"true\" string is not a bool",
                "PreToolUse",
                exit(0, r#"{"cancel":"true"}"#, ""),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S plain text is error",
                "PreToolUse",
                exit(0, "hello", ""),
                Error,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S log lines without HOOK_CONTROL are error",
                "PreToolUse",
                exit(0, "a\n{\"cancel\":true}", ""),
                Error,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S context",
                "PreToolUse",
                exit(0, r#"{"context":"note"}"#, ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S contextModification",
                "PostToolUse",
                exit(0, r#"{"contextModification":"note"}"#, ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S errorMessage",
                "PreToolUse",
                exit(0, r#"{"errorMessage":"careful"}"#, ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "C overrideInput rewrites",
                "PreToolUse",
                exit(0, r#"{"overrideInput":{"commands":["ls"]}}"#, ""),
                Allow,
                Effect::Proceeds,
                false,
                true,
            ),
            (
                "S timeout",
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "C spawn error",
                "PreToolUse",
                not_started(),
                Error,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "C signal, no output",
                "PreToolUse",
                signalled(9),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
        ];
        for (name, event, outcome, decision, effect, context, rewrites) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!(
                (r.decision, r.effect, r.adds_context, r.rewrites_input),
                (decision, effect, context, rewrites),
                "{name}: {r:?}"
            );
        }
        let r = testing::read(&TOOL, PRE, "PreToolUse", &exit(3, "", ""));
        assert!(
            r.notes
                .iter()
                .any(|n| n.contains("never reads the exit code")),
            "{r:?}"
        );
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
            ("edit_existing_file", PRE, edit("src/main.ts", true)),
            (
                "edit_new_file",
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n",
                edit("new.ts", false),
            ),
            (
                "prompt",
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("fix the test"),
            ),
            (
                "task_complete",
                "on: stop\ncommand: ./h.sh\n",
                Trigger::None,
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("cline_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn every_hook_fires_and_portable_kinds_check_the_tool() {
        // (yaml, trigger, runs)
        let rows = [
            (
                "event: PreToolUse\nmatcher: Edit\ncommand: ./h.sh\n",
                bash("ls"),
                true,
            ),
            (
                "on: before-tool\nmatch: shell\ncommand: ./h.sh\n",
                bash("ls"),
                true,
            ),
            (
                "on: before-tool\nmatch: any\ncommand: ./h.sh\n",
                bash("ls"),
                true,
            ),
            (
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n",
                edit("a.ts", true),
                true,
            ),
            ("on: after-edit\ncommand: ./h.sh\n", bash("ls"), false),
            (
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n",
                bash("ls"),
                false,
            ),
            (
                "on: before-tool\nmatch: shell\ncommand: ./h.sh\n",
                edit("a.ts", true),
                false,
            ),
            (
                "on: before-tool\nmatch: web\ncommand: ./h.sh\n",
                bash("ls"),
                false,
            ),
        ];
        for (yaml, trigger, runs) in rows {
            let p = plan(&TOOL, yaml, &trigger);
            assert_eq!(matches!(p, Plan::Run(_)), runs, "{yaml} {trigger:?}: {p:?}");
            if !runs {
                assert!(matches!(p, Plan::Skipped { .. }), "{yaml}: {p:?}");
            }
        }
        let p = plan(
            &TOOL,
            "on: before-tool\nmatch: web\ncommand: ./h.sh\n",
            &payload(json!({"tool_call": {"name": "fetch_web"}})),
        );
        assert!(
            matches!(p, Plan::NotRun { .. }),
            "undocumented names: {p:?}"
        );
    }

    #[test]
    fn timeout_shell_async_and_refusals() {
        let Plan::Run(run) = plan(
            &TOOL,
            "event: PreToolUse\ntimeout: 2\ncommand: ./h.sh\n",
            &bash("ls"),
        ) else {
            panic!()
        };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        // `sh SCRIPT` in Cline CLI 3.0.65 (fixtures/live/inputs/cline--bash.json).
        assert_eq!((inv.program.as_str(), inv.timeout.as_secs()), ("sh", 120));
        assert_eq!(inv.args, ["-c", "./h.sh"]);
        assert!(!run.commands[0].is_async);
        assert_eq!(run.assumptions[0].item, "cwd");
        let Plan::Run(run) = plan(&TOOL, "on: prompt-submit\ncommand: ./h.sh\n", &prompt("x"))
        else {
            panic!()
        };
        assert!(run.commands[0].is_async, "prompt hooks run detached");
        for (yaml, trigger) in [
            ("event: PreCompact\ncommand: ./h.sh\n", Trigger::None),
            ("event: Notification\ncommand: ./h.sh\n", Trigger::None),
            (PRE, prompt("x")),
            (PRE, Trigger::None),
            ("event: SessionShutdown\ncommand: ./h.sh\n", Trigger::None),
        ] {
            let p = plan(&TOOL, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{yaml}: {p:?}");
        }
    }
}
