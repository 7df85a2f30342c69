//! Kiro CLI 3's standalone hook files.
//!
//! Source: protocols-a.md §7a (kiro.dev/docs/cli/v3/hooks): `.kiro/hooks/<name>.json` holding
//! `{"version": "v1", "hooks": [{"name": "…", "trigger": "PreToolUse", "matcher": "…",
//! "action": {"type": "command", "command": "…"}, "timeout": 30, "enabled": true}]}`, timeout in
//! s; an `agent` action sends a prompt and runs no command. `confirm` (ask the user first) is the
//! behaviour spec's (seed 002, "Not run (Kiro)"); read on the hook or its action, since the docs
//! do not place it. CLI 2's embedded `.kiro/agents/*.json` hooks are another format and are not
//! read.
//!
//! The Kiro IDE's hooks are one file each, `.kiro/hooks/<name>.kiro.hook`:
//! `{"enabled": true, "name": "…", "when": {"type": "preToolUse", "toolTypes": ["shell"]},
//! "then": {"type": "runCommand", "command": "…", "timeout": 30}}`; `when.type` is one of
//! fileEdited, fileCreated, fileDeleted, userTriggered, promptSubmit, agentStop, preToolUse,
//! postToolUse (the tool events take `toolTypes`); `then.type` is runCommand or askAgent (a
//! prompt, no command); timeout in s (kiro.dev/docs/hooks/types and /actions, read 2026-12-01).
//! The IDE 1.x sends the event as snake_case JSON on stdin, as CLI 3 does (awslabs aidlc-workflows
//! "Kiro IDE hook payload", Kiro IDE 1.0.165, read 2026-12-01), so its hooks are read under
//! CLI 3's trigger names (the renames below) and run by CLI 3's rules.

use std::path::Path;

use serde_json::Value;

use crate::native::loader::{Field, Loader, files_ending_in, json_files_in};
use crate::native::{JsonCursor, NativeError, NativeHandler, Unit, parse_json, shape_error};

/// Kiro's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        let dir = root.join(".kiro/hooks");
        let mut files = json_files_in(&dir);
        files.extend(files_ending_in(&dir, IDE_HOOK));
        files
    },
    // Not documented for CLI 3; the global counterpart of the project folder, as `~/.kiro/agents`.
    user_files: |home| json_files_in(&home.join(".kiro/hooks")),
    parse,
    // CLI 2 and IDE trigger names and their CLI 3 names (kiro.dev/docs/cli/v3/hooks).
    renames: &[
        ("agentSpawn", "SessionStart"),
        ("userPromptSubmit", "UserPromptSubmit"),
        ("preToolUse", "PreToolUse"),
        ("postToolUse", "PostToolUse"),
        ("stop", "Stop"),
        ("fileEdited", "PostFileSave"),
        ("fileCreated", "PostFileCreate"),
        ("fileDeleted", "PostFileDelete"),
        ("promptSubmit", "UserPromptSubmit"),
        ("agentStop", "Stop"),
        ("userTriggered", "Manual"),
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
    ],
    // Tool ids, the documented categories, and CLI 2 ids (kiro.dev/docs/hooks/types).
    tool_names: &[
        "shell",
        "read",
        "write",
        "web_fetch",
        "web_search",
        "glob",
        "grep",
        "execute_bash",
        "fs_read",
        "fs_write",
        "@server/tool",
        "mcp_server_tool",
    ],
    project_glob: ".kiro/hooks/*.json, .kiro/hooks/*.kiro.hook",
    // Fields compared with a spec: behaviour spec (seed 002), "Stale tool file replies".
    compares: &[Field::Confirm],
    writes: Err(
        "Kiro keeps one hook per file in its own shape (`.kiro/hooks/*.kiro.hook`); hookcheck sync does not write it yet",
    ),
    ..Loader::DEFAULT
};

const CONSEQUENCE: &str = "Kiro loads no hooks from this file";

const IDE_HOOK: &str = ".kiro.hook";

const IDE_CONSEQUENCE: &str = "the Kiro IDE does not load this hook";

/// One IDE hook file: its `runCommand` as a handler under CLI 3's name for its trigger.
fn parse_ide(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, IDE_CONSEQUENCE)?;
    let err = |line: u64, message: String| shape_error(path, Some(line), message, IDE_CONSEQUENCE);
    let Some(hook) = v.as_object() else {
        return Err(err(1, "the file is not a JSON object".into()));
    };
    let mut cursor = JsonCursor::new(text);
    let when = hook.get("when").and_then(Value::as_object);
    let Some(trigger) = when.and_then(|w| w.get("type")).and_then(Value::as_str) else {
        return Err(err(1, "the hook has no `when.type`".into()));
    };
    let then = hook.get("then").and_then(Value::as_object);
    let kind = then
        .and_then(|t| t.get("type"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    if kind != "runCommand" || hook.get("enabled").and_then(Value::as_bool) == Some(false) {
        // askAgent sends a prompt and runs no command; a disabled hook does not run.
        return Ok(Vec::new());
    }
    let line = cursor.line_of(trigger);
    let Some(command) = then
        .and_then(|t| t.get("command"))
        .and_then(Value::as_str)
        .filter(|c| !c.trim().is_empty())
    else {
        return Err(err(line, "a runCommand hook has no `then.command`".into()));
    };
    let line = cursor.line_of(command);
    let event = LOADER
        .renames
        .iter()
        .find(|(ide, _)| *ide == trigger)
        .map_or(trigger, |(_, cli)| *cli);
    let mut h = NativeHandler::new("kiro", path, line, event, command);
    // `toolTypes` names the tools a tool trigger fires for: a `|` list, as a matcher.
    h.matcher = when
        .and_then(|w| w.get("toolTypes"))
        .and_then(Value::as_array)
        .map(|t| {
            t.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("|")
        })
        .unwrap_or_default();
    if let Some(t) = then.and_then(|t| t.get("timeout")).and_then(Value::as_u64) {
        let (secs, raw) = Unit::Seconds.convert(t);
        h.timeout_s = Some(secs);
        h.timeout_raw = Some(raw);
        h.timeout_value = Some(t);
    }
    Ok(vec![h])
}

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    if path.to_string_lossy().ends_with(IDE_HOOK) {
        return parse_ide(path, text);
    }
    let v = parse_json(path, text, CONSEQUENCE)?;
    let err = |line: u64, message: String| shape_error(path, Some(line), message, CONSEQUENCE);
    let Some(root) = v.as_object() else {
        return Err(err(1, "the file is not a JSON object".into()));
    };
    let mut cursor = JsonCursor::new(text);
    let hooks = match root.get("hooks") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(h)) => h,
        Some(_) => {
            let line = cursor.line_of("hooks");
            return Err(err(line, "`hooks` must be a list of hooks".into()));
        }
    };
    let mut out = Vec::new();
    for (i, hook) in hooks.iter().enumerate() {
        let Some(hook) = hook.as_object() else {
            let line = cursor.line_of("hooks");
            return Err(err(line, format!("hook {} is not an object", i + 1)));
        };
        let Some(trigger) = hook.get("trigger").and_then(Value::as_str) else {
            let line = cursor.line_of("hooks");
            return Err(err(line, format!("hook {} has no `trigger`", i + 1)));
        };
        let action = hook.get("action").and_then(Value::as_object);
        let kind = action
            .and_then(|a| a.get("type"))
            .and_then(Value::as_str)
            .unwrap_or("command");
        let command = action
            .and_then(|a| a.get("command"))
            .and_then(Value::as_str);
        let enabled = hook.get("enabled").and_then(Value::as_bool) != Some(false);
        if kind != "command" || !enabled {
            // An agent action runs no command; a disabled hook does not run.
            continue;
        }
        let Some(command) = command.filter(|c| !c.trim().is_empty()) else {
            let line = cursor.line_of(trigger);
            return Err(err(
                line,
                format!("the command hook on `{trigger}` has no `action.command`"),
            ));
        };
        cursor.line_of(trigger);
        let line = cursor.line_of(command);
        let mut h = NativeHandler::new("kiro", path, line, trigger, command);
        h.matcher = hook
            .get("matcher")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let timeout = hook
            .get("timeout")
            .or_else(|| action.and_then(|a| a.get("timeout")))
            .and_then(Value::as_u64);
        if let Some(t) = timeout {
            let (secs, raw) = Unit::Seconds.convert(t);
            h.timeout_s = Some(secs);
            h.timeout_raw = Some(raw);
            h.timeout_value = Some(t);
        }
        h.confirm = hook
            .get("confirm")
            .or_else(|| action.and_then(|a| a.get("confirm")))
            .and_then(Value::as_bool);
        out.push(h);
    }
    Ok(out)
}
