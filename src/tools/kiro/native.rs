//! Kiro CLI 3's standalone hook files.
//!
//! Source: protocols-a.md §7a (kiro.dev/docs/cli/v3/hooks): `.kiro/hooks/<name>.json` holding
//! `{"version": "v1", "hooks": [{"name": "…", "trigger": "PreToolUse", "matcher": "…",
//! "action": {"type": "command", "command": "…"}, "timeout": 30, "enabled": true}]}`, timeout in
//! s; an `agent` action sends a prompt and runs no command. `confirm` (ask the user first) is the
//! behaviour spec's (seed 002, "Not run (Kiro)"); read on the hook or its action, since the docs
//! do not place it.
//!
//! CLI 2's hooks are embedded in agent configs, `.kiro/agents/<name>.json` (and
//! `~/.kiro/agents/`): `{"name": "…", "hooks": {"preToolUse": [{"matcher": "execute_bash",
//! "command": "…", "timeout_ms": 30000}]}}`, the five events agentSpawn, userPromptSubmit,
//! preToolUse, postToolUse and stop, `timeout_ms` in ms; an unknown event or a hook with no
//! `command` rejects the whole file; they run only while that agent is the active one
//! (docs/reference/agents/kiro-agent-configs.md: aws/amazon-q-developer-cli @15cc8f3c, Kiro
//! CLI's ancestor, and kiro.dev, read 2026-12-04).
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

use crate::native::loader::{Field, Layout, Loader, Writer, files_ending_in, json_files_in};
use crate::native::{JsonCursor, NativeError, NativeHandler, Unit, parse_json, shape_error};

/// Kiro's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        let dir = root.join(".kiro/hooks");
        let mut files = json_files_in(&dir);
        files.extend(files_ending_in(&dir, IDE_HOOK));
        files.extend(json_files_in(&root.join(AGENTS)));
        files
    },
    // `~/.kiro/hooks` is not documented for CLI 3: the global counterpart of the project
    // folder; `~/.kiro/agents` holds the global agent configs.
    user_files: |home| {
        let mut files = json_files_in(&home.join(".kiro/hooks"));
        files.extend(json_files_in(&home.join(AGENTS)));
        files
    },
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
    project_glob: ".kiro/hooks/*.json, .kiro/hooks/*.kiro.hook, .kiro/agents/*.json",
    // Fields compared with a spec: behaviour spec (seed 002), "Stale tool file replies".
    compares: &[Field::Confirm],
    // Kiro CLI 3's own hook file (kiro.dev/docs/cli/v3/hooks, protocols-a.md §7a): it runs in
    // every session, where an agent config's hooks run only while that agent is the active
    // one (kiro-agent-configs.md §2) and a `.kiro.hook` file is the IDE's.
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes Kiro's hooks: `.kiro/hooks/hookcheck.json`, CLI 3's shape,
/// each hook named after its command (the shape takes a `name`; sync has no other), the
/// timeout in s.
static WRITER: Writer = Writer::grouped(".kiro/hooks/hookcheck.json", Unit::Seconds)
    .layout(Layout::List)
    .top(r#"{"version":"v1"}"#)
    .handler(
        r#"{"name":"$COMMAND","trigger":"$EVENT","matcher":"$MATCHER","action":{"type":"command","command":"$COMMAND"},"timeout":"$TIMEOUT"}"#,
    );

const CONSEQUENCE: &str = "Kiro loads no hooks from this file";

const IDE_HOOK: &str = ".kiro.hook";

/// The folder of CLI 2's agent configs, in the project and in the home folder.
const AGENTS: &str = ".kiro/agents";

/// The events an agent config takes, in its spelling (serde `rename_all = "camelCase"` of
/// `HookTrigger`, amazon-q-developer-cli @15cc8f3c `cli/agent/hook.rs`).
const AGENT_EVENTS: &[&str] = &[
    "agentSpawn",
    "userPromptSubmit",
    "preToolUse",
    "postToolUse",
    "stop",
];

const AGENT_CONSEQUENCE: &str =
    "Kiro CLI rejects this agent config, hooks and all, and falls back to the default agent";

/// One CLI 2 agent config: its hooks under CLI 3's names for their events, each marked as
/// running only while this agent is the active one.
fn parse_agent(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, AGENT_CONSEQUENCE)?;
    let err =
        |line: u64, message: String| shape_error(path, Some(line), message, AGENT_CONSEQUENCE);
    let Some(root) = v.as_object() else {
        return Err(err(1, "the file is not a JSON object".into()));
    };
    let mut cursor = JsonCursor::new(text);
    // The `name`, else the file's stem (kiro.dev: "derived from filename if not specified").
    let name = root
        .get("name")
        .and_then(Value::as_str)
        .map(str::to_string)
        .or_else(|| path.file_stem().map(|s| s.to_string_lossy().to_string()))
        .unwrap_or_default();
    let hooks = match root.get("hooks") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Object(h)) => h,
        Some(_) => {
            let line = cursor.line_of("hooks");
            return Err(err(
                line,
                "`hooks` must map each event to a list of hooks".into(),
            ));
        }
    };
    let mut out = Vec::new();
    for (event, list) in hooks {
        let line = cursor.line_of(event);
        if !AGENT_EVENTS.contains(&event.as_str()) {
            return Err(err(
                line,
                format!(
                    "`{event}` is not an event of an agent config (it takes {})",
                    AGENT_EVENTS.join(", ")
                ),
            ));
        }
        let Some(list) = list.as_array() else {
            return Err(err(line, format!("`{event}` must be a list of hooks")));
        };
        for hook in list {
            let command = hook.get("command").and_then(Value::as_str);
            let Some(command) = command.filter(|c| !c.trim().is_empty()) else {
                return Err(err(
                    line,
                    format!(
                        "a hook under `{event}` has no `command` (the shape is flat: no nested `hooks`)"
                    ),
                ));
            };
            let line = cursor.line_of(command);
            let renamed = LOADER
                .renames
                .iter()
                .find(|(cli2, _)| cli2 == event)
                .map_or(event.as_str(), |(_, cli3)| *cli3);
            let mut h = NativeHandler::new("kiro", path, line, renamed, command);
            h.matcher = hook
                .get("matcher")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            if let Some(t) = hook.get("timeout_ms").and_then(Value::as_u64) {
                h.set_timeout(Unit::Millis, t);
            }
            h.only_with = Some(name.clone());
            out.push(h);
        }
    }
    Ok(out)
}

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
    let event = LOADER
        .renames
        .iter()
        .find(|(ide, _)| *ide == trigger)
        .map_or(trigger, |(_, cli)| *cli);
    if hook.get("enabled").and_then(Value::as_bool) == Some(false) {
        // A disabled hook does not run.
        return Ok(Vec::new());
    }
    let line = cursor.line_of(trigger);
    if kind != "runCommand" {
        // askAgent sends a prompt and runs no command: listed, not run.
        let prompt = then
            .and_then(|t| t.get("prompt"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        return Ok(vec![NativeHandler::not_a_command(
            "kiro", path, line, event, kind, prompt,
        )]);
    }
    let Some(command) = then
        .and_then(|t| t.get("command"))
        .and_then(Value::as_str)
        .filter(|c| !c.trim().is_empty())
    else {
        return Err(err(line, "a runCommand hook has no `then.command`".into()));
    };
    let line = cursor.line_of(command);
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
        h.set_timeout(Unit::Seconds, t);
    }
    Ok(vec![h])
}

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    if path.to_string_lossy().ends_with(IDE_HOOK) {
        return parse_ide(path, text);
    }
    if path.parent().is_some_and(|d| d.ends_with(AGENTS)) {
        return parse_agent(path, text);
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
        if !enabled {
            // A disabled hook does not run.
            continue;
        }
        if kind != "command" {
            // An agent action sends a prompt and runs no command: listed, not run, placed at
            // its prompt as a command hook is at its command.
            let mut line = cursor.line_of(trigger);
            let prompt = action
                .and_then(|a| a.get("prompt"))
                .and_then(Value::as_str)
                .unwrap_or_default();
            if !prompt.is_empty() {
                line = cursor.line_of(prompt);
            }
            let mut h = NativeHandler::not_a_command("kiro", path, line, trigger, kind, prompt);
            h.matcher = hook
                .get("matcher")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            out.push(h);
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
            h.set_timeout(Unit::Seconds, t);
        }
        h.confirm = hook
            .get("confirm")
            .or_else(|| action.and_then(|a| a.get("confirm")))
            .and_then(Value::as_bool);
        out.push(h);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::parse;
    use std::path::Path;

    /// The agent config of amazon-q-developer-cli's docs/agent-format.md ("Hooks Field",
    /// @15cc8f3c), with a timeout: each hook under CLI 3's name for its event, marked with
    /// the agent it belongs to.
    #[test]
    fn an_agent_config_is_read_as_its_agents_hooks() {
        let text = r#"{
  "name": "audit",
  "hooks": {
    "agentSpawn": [{"command": "git status"}],
    "userPromptSubmit": [{"command": "ls -la"}],
    "preToolUse": [
      {"matcher": "execute_bash", "command": "./guard.sh", "timeout_ms": 1500},
      {"matcher": "use_aws", "command": "./aws.sh"}
    ],
    "postToolUse": [{"matcher": "fs_write", "command": "cargo fmt --all"}],
    "stop": [{"command": "npm test"}]
  }
}"#;
        let hooks = parse(Path::new("p/.kiro/agents/a.json"), text).expect("reads");
        type Row<'a> = (&'a str, &'a str, &'a str, u64, Option<u64>, Option<&'a str>);
        let got: Vec<Row> = hooks
            .iter()
            .map(|h| {
                (
                    h.event.as_str(),
                    h.matcher.as_str(),
                    h.command.as_str(),
                    h.line,
                    h.timeout_ms,
                    h.only_with.as_deref(),
                )
            })
            .collect();
        let audit = Some("audit");
        assert_eq!(
            got,
            [
                ("SessionStart", "", "git status", 4, None, audit),
                ("UserPromptSubmit", "", "ls -la", 5, None, audit),
                (
                    "PreToolUse",
                    "execute_bash",
                    "./guard.sh",
                    7,
                    Some(1500),
                    audit
                ),
                ("PreToolUse", "use_aws", "./aws.sh", 8, None, audit),
                (
                    "PostToolUse",
                    "fs_write",
                    "cargo fmt --all",
                    10,
                    None,
                    audit
                ),
                ("Stop", "", "npm test", 11, None, audit),
            ]
        );
        assert_eq!(hooks[2].timeout_s, Some(2));
        // No `name`: the file's stem (kiro.dev: "derived from filename if not specified").
        let hooks = parse(
            Path::new("p/.kiro/agents/reviewer.json"),
            r#"{"hooks": {"stop": [{"command": "x"}]}}"#,
        )
        .expect("reads");
        assert_eq!(hooks[0].only_with.as_deref(), Some("reviewer"));
    }

    /// Kiro rejects the whole file on an event it does not take or a hook with no `command`
    /// (Claude's nested shape: a real kiro-cli 2.6.0 said "missing field `command`").
    #[test]
    fn a_config_kiro_rejects_is_placed_with_its_consequence() {
        for (text, line, what) in [
            (
                "{\"hooks\": {\n  \"SessionStart\": [{\"command\": \"x\"}]\n}}",
                2,
                "`SessionStart` is not an event of an agent config",
            ),
            (
                "{\"hooks\": {\n  \"stop\": [{\"matcher\": \"\", \"hooks\": [{\"command\": \"x\"}]}]\n}}",
                2,
                "a hook under `stop` has no `command`",
            ),
        ] {
            let e = parse(Path::new("p/.kiro/agents/a.json"), text).expect_err(text);
            assert_eq!(e.line, Some(line), "{text}");
            assert!(e.message.starts_with(what), "{}", e.message);
            assert!(
                e.consequence.contains("rejects this agent config"),
                "{}",
                e.consequence
            );
        }
    }
}
