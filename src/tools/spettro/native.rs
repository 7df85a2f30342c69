//! Spettro's hook files.
//!
//! Source: Spettro's Runtime Hooks docs (docs/reference/seeds/004_1a255fcc2dcff37c.txt, "Hook
//! file format", "File locations") and its code, Aploide/spettro `internal/hooks/hooks.go`
//! @3ad1747a (`LoadEffective`, `loadConfigFile`, `mergeKey`): project `.spettro/hooks.json`,
//! global `~/.spettro/hooks.json`; an object `{"hooks": [<rule>…]}` or a bare array of rules
//! `{"id", "event", "matcher", "command", "timeout_sec", "enabled"}`, timeout in s. Project rules
//! replace global ones with the same `(event, matcher, id)`; a rule without `id` is `global-N` /
//! `project-N` (its 1-based place in the file), so it never replaces one from the other file.

use std::path::Path;

use serde_json::Value;

use crate::native::loader::{Layout, Loader, Writer};
use crate::native::{JsonCursor, NativeError, NativeHandler, Unit, parse_json, shape_error};
use crate::tools::claude::native::TOOL_RENAMES;

/// Spettro's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| vec![root.join(".spettro/hooks.json")],
    user_files: |home| vec![home.join(".spettro/hooks.json")],
    parse,
    renames: TOOL_RENAMES,
    // seed 004, "Matcher syntax" and "Built-in tools".
    tool_names: &[
        "bash",
        "file-write",
        "file-edit",
        "file-read",
        "glob",
        "grep",
        "agent",
        "pty-start",
        "lsp",
        "todo-write",
        "web-fetch",
    ],
    project_glob: ".spettro/hooks.json",
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes Spettro's rules: `{"hooks": [<rule>…]}` in
/// `.spettro/hooks.json` (seed 004, "Hook file format"; hooks.go @3ad1747a), each rule's `id`
/// its command, so it replaces a global rule only for the same command, timeout in s.
static WRITER: Writer = Writer::grouped(".spettro/hooks.json", Unit::Seconds)
    .layout(Layout::List)
    .handler(
        r#"{"id":"$COMMAND","event":"$EVENT","matcher":"$MATCHER","command":"$COMMAND","timeout_sec":"$TIMEOUT"}"#,
    );

// A file that decodes neither as `{"hooks": [...]}` nor as an array fails LoadEffective, so
// Spettro runs no hooks at all, global or project (hooks.go).
const CONSEQUENCE: &str = "Spettro cannot load its hooks: none run, from this file or the other";

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, CONSEQUENCE)?;
    let rules = match &v {
        Value::Array(a) => a.as_slice(),
        Value::Object(o) => match o.get("hooks") {
            None | Some(Value::Null) => &[],
            Some(Value::Array(a)) => a.as_slice(),
            Some(_) => {
                return Err(shape_error(
                    path,
                    None,
                    "`hooks` must be a list of rules".into(),
                    CONSEQUENCE,
                ));
            }
        },
        _ => {
            return Err(shape_error(
                path,
                Some(1),
                "the file is neither an object with `hooks` nor a list of rules".into(),
                CONSEQUENCE,
            ));
        }
    };
    let mut cursor = JsonCursor::new(text);
    let mut out = Vec::new();
    for (i, rule) in rules.iter().enumerate() {
        let Some(rule) = rule.as_object() else {
            return Err(shape_error(
                path,
                None,
                format!("rule {} is not an object", i + 1),
                CONSEQUENCE,
            ));
        };
        let s = |k: &str| rule.get(k).and_then(Value::as_str).unwrap_or_default();
        // Go's decoder rejects a field of the wrong type, and with it the whole file.
        if let Some(t) = rule.get("timeout_sec")
            && !(t.is_i64() || t.is_null())
        {
            let line = cursor.line_of("timeout_sec");
            return Err(shape_error(
                path,
                Some(line),
                format!("`timeout_sec` is {t}, not an integer"),
                CONSEQUENCE,
            ));
        }
        let event = s("event");
        let command = s("command");
        // Rules with an unsupported event or no command are skipped with an issue (hooks.go).
        if super::CONTRACT.event(event).is_none() || command.trim().is_empty() {
            continue;
        }
        let id = match s("id").trim() {
            // `global-N` / `project-N`: unique to this file, so never a key in the other one.
            "" => format!("{}-{}", path.display(), i + 1),
            id => id.to_string(),
        };
        let line = cursor.line_of(command);
        let mut h = NativeHandler::new("spettro", path, line, event, command);
        h.matcher = s("matcher").to_string();
        // timeout_sec 0 or less is the default 15 s (hooks.go Run): leave it unset.
        if let Some(t) = rule
            .get("timeout_sec")
            .and_then(Value::as_u64)
            .filter(|t| *t > 0)
        {
            h.set_timeout(Unit::Seconds, t);
        }
        h.enabled = rule.get("enabled").and_then(Value::as_bool).unwrap_or(true);
        h.replace_key = Some(format!("{event}|{}|{id}", h.matcher.trim()));
        out.push(h);
    }
    Ok(out)
}
