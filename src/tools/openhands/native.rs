//! OpenHands' hook files.
//!
//! Source: protocols-b.md §8 Config (OpenHands/software-agent-sdk @611629e6:
//! `openhands-sdk/openhands/sdk/hooks/config.py`): the first found of
//! `<working_dir>/.openhands/hooks.json` and `~/.openhands/hooks.json` (a project file hides the
//! user file; hookcheck hides the user handlers when the project file has any, so a project
//! file with no handlers does not hide them here); grouped shape, either under `hooks` or with
//! the events as top-level keys in snake_case (`pre_tool_use`) or PascalCase; extra keys are
//! rejected; timeout in s (default 60).

use std::path::Path;

use serde_json::{Map, Value};

use crate::native::loader::{Loader, Writer, command_shape};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json, shape_error};
use crate::tools::claude::native::CLAUDE_RENAMES;

/// OpenHands' loader.
pub static LOADER: Loader = Loader {
    project_files: |root| vec![root.join(".openhands/hooks.json")],
    user_files: |home| vec![home.join(".openhands/hooks.json")],
    parse,
    renames: CLAUDE_RENAMES,
    // protocols-b.md §8 Events: the SDK's tool names.
    tool_names: &["terminal", "file_editor", "task_tracker", "browser"],
    project_glob: ".openhands/hooks.json",
    // hooks/config.py reads the grouped shape under `hooks` (protocols-b.md §8).
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes a hook into .openhands/hooks.json.
static WRITER: Writer = Writer::grouped(".openhands/hooks.json", Unit::Seconds);

const SHAPE: Shape = command_shape(
    "openhands",
    Unit::Seconds,
    "OpenHands cannot load this hooks file, so none of its hooks run",
);

/// The events' snake_case keys and their names (config.py).
const SNAKE: &[(&str, &str)] = &[
    ("pre_tool_use", "PreToolUse"),
    ("post_tool_use", "PostToolUse"),
    ("user_prompt_submit", "UserPromptSubmit"),
    ("session_start", "SessionStart"),
    ("session_end", "SessionEnd"),
    ("stop", "Stop"),
];

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, SHAPE.consequence)?;
    let Some(obj) = v.as_object() else {
        return shape::grouped(&SHAPE, path, text, &v);
    };
    let events: &Map<String, Value> = match obj.get("hooks") {
        Some(Value::Object(m)) if obj.len() == 1 => m,
        Some(_) if obj.len() == 1 => return shape::grouped(&SHAPE, path, text, &v),
        _ => obj,
    };
    // Snake or PascalCase keys; anything else is an error (pydantic forbids extra keys).
    let mut named = Map::new();
    for (k, groups) in events {
        let event = SNAKE
            .iter()
            .find(|(snake, pascal)| k == snake || k == pascal)
            .map(|(_, pascal)| *pascal);
        let Some(event) = event else {
            return Err(shape_error(
                path,
                None,
                format!("`{k}` is not an OpenHands event"),
                SHAPE.consequence,
            ));
        };
        named.insert(event.to_string(), groups.clone());
    }
    let mut out = shape::grouped(
        &SHAPE,
        path,
        text,
        &serde_json::json!({ "hooks": Value::Object(named) }),
    )?;
    for h in &mut out {
        // The matcher defaults to `*` (config.py); shown as written.
        if h.matcher.is_empty() {
            h.matcher = "*".into();
        }
        // config.py loads the first found of the project and user files: one key for the
        // whole file, so project handlers hide every user handler.
        h.replace_key = Some("hooks.json".into());
    }
    Ok(out)
}
