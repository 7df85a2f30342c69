//! Google Antigravity's (`agy`) hook files.
//!
//! Source: protocols-b.md §5 Config (closed source; skillsaw `antigravity-hooks-valid.md` for
//! agy 1.1.25, DefenseClaw @db1172f for 1.0.x): project `.agents/hooks.json` (1.1.x), user
//! `~/.gemini/config/hooks.json`; a top-level object of named hooks
//! `{"<name>": {"enabled": true, "PreToolUse": [{"matcher": "run_command", "hooks": [...]}],
//! "Stop": [{"command": "…"}]}}`: tool events take matcher groups, the others may take a flat
//! handler list; event names are case-insensitive; timeout in s. Any load error drops the whole
//! file silently. Plugin hook files are not read here.

use std::path::Path;

use serde_json::{Value, json};

use crate::native::loader::{Launch, Loader};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json, shape_error};

/// Antigravity's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| vec![root.join(".agents/hooks.json")],
    user_files: |home| vec![home.join(".gemini/config/hooks.json")],
    parse,
    // Its own name first, then the tool events of TOOL_RENAMES (every name is renamed once).
    renames: &[
        ("UserPromptSubmit", "PreInvocation"),
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
        ("preToolUse", "PreToolUse"),
        ("postToolUse", "PostToolUse"),
    ],
    // protocols-b.md §5 Events.
    tool_names: &[
        "run_command",
        "view_file",
        "write_to_file",
        "replace_file_content",
        "edit_file",
        "codebase_search",
        "ask_permission",
        "ask_question",
    ],
    project_glob: ".agents/hooks.json",
    // agy 1.0.x executes the path with no shell (tools::antigravity `shell`).
    launch: Launch {
        no_shell: true,
        ..Launch::SHELL
    },
    writes: Err(
        "Antigravity is closed source and its hook files moved and changed shape between agy 1.0, 1.1 and 1.2 (1.1.11 loaded only plugin hooks, not .agents/hooks.json; protocols-b.md §5): hookcheck sync does not write one it cannot show agy loads",
    ),
    ..Loader::DEFAULT
};

const SHAPE: Shape = Shape {
    tool: "antigravity",
    unit: Unit::Seconds,
    // A load error drops the whole file silently (protocols-b.md §5, Parsing).
    consequence: "Antigravity silently drops this whole file: none of its hooks run",
    command_keys: &["command"],
    exec_key: None,
    timeout_keys: &["timeout"],
};

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, SHAPE.consequence)?;
    let Some(named) = v.as_object() else {
        return Err(shape_error(
            path,
            Some(1),
            "the file is not an object of named hooks".into(),
            SHAPE.consequence,
        ));
    };
    let mut out = Vec::new();
    for (name, hook) in named {
        let Some(hook) = hook.as_object() else {
            return Err(shape_error(
                path,
                None,
                format!("hook `{name}` is not an object"),
                SHAPE.consequence,
            ));
        };
        let enabled = hook.get("enabled").and_then(Value::as_bool).unwrap_or(true);
        for (key, list) in hook {
            // Event names are case-insensitive; `Pre_Invocation` and `pre-invocation` too.
            let squashed = key.to_lowercase().replace(['_', '-'], "");
            let Some(event) = super::CONTRACT
                .event_names()
                .find(|e| e.to_lowercase() == squashed)
            else {
                // Unknown keys are discarded (protocols-b.md §5, Parsing).
                continue;
            };
            let grouped = list
                .as_array()
                .is_some_and(|a| a.iter().any(|g| g.get("hooks").is_some()));
            let one = json!({ "hooks": { *event: list } });
            let hs = if grouped {
                shape::grouped(&SHAPE, path, text, &one)?
            } else {
                shape::flat(&SHAPE, path, text, &one)?
            };
            out.extend(hs.into_iter().map(|mut h| {
                h.enabled = enabled;
                h
            }));
        }
    }
    Ok(out)
}
