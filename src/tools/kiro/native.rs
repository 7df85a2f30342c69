//! Kiro CLI 3's standalone hook files.
//!
//! Source: protocols-a.md §7a (kiro.dev/docs/cli/v3/hooks): `.kiro/hooks/<name>.json` holding
//! `{"version": "v1", "hooks": [{"name": "…", "trigger": "PreToolUse", "matcher": "…",
//! "action": {"type": "command", "command": "…"}, "timeout": 30, "enabled": true}]}`, timeout in
//! s; an `agent` action sends a prompt and runs no command. `confirm` (ask the user first) is the
//! behaviour spec's (seed 002, "Not run (Kiro)"); read on the hook or its action, since the docs
//! do not place it. The IDE's `.kiro.hook` files and CLI 2's embedded `.kiro/agents/*.json` hooks
//! are other formats and are not read.

use std::path::Path;

use serde_json::Value;

use crate::native::{JsonCursor, NativeError, NativeHandler, Unit, parse_json, shape_error};
use crate::tools::native::{Field, Launch, Loader, json_files_in};

/// Kiro's loader.
pub static LOADER: Loader = Loader {
    id: "kiro",
    name: "Kiro",
    project_files: |root| json_files_in(&root.join(".kiro/hooks")),
    // Not documented for CLI 3; the global counterpart of the project folder, as `~/.kiro/agents`.
    user_files: |home| json_files_in(&home.join(".kiro/hooks")),
    parse,
    parse_entries: None,
    lossy_utf8: false,
    also_reads: &[],
    events: &[],
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
    project_glob: ".kiro/hooks/*.json",
    // Fields compared with a spec: behaviour spec (seed 002), "Stale tool file replies".
    compares: &[Field::Confirm],
    unit: "s",
    trust: None,
    launch: Launch::SHELL,
    sources: &["protocols-a.md §7a (kiro.dev/docs/cli/v3/hooks); seed 002 (confirm)"],
    checked: "2026-11-30",
};

const CONSEQUENCE: &str = "Kiro loads no hooks from this file";

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
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
