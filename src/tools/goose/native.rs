//! Goose's plugin hook files.
//!
//! Source: protocols-b.md §1 Config (aaif-goose/goose `crates/goose/src/hooks/mod.rs` @0825b57,
//! `crates/goose/src/plugins/discovery.rs`): hooks exist only inside plugins, in
//! `<plugin>/hooks/hooks.json` for plugins under `<project>/.agents/plugins/<name>/` and
//! `~/.agents/plugins/<name>/`; grouped shape, handler `{"type": "command", "command",
//! "timeout" (s), "on_failure": "allow" | "block"}`; any other `on_failure` fails the whole file;
//! `${PLUGIN_ROOT}` in a command is replaced with the plugin's folder before it runs.
//! Not read here: which plugins are enabled (`enabledPlugins` in `.config/goose/settings*.json`,
//! `plugins:` in `config.yaml`): every plugin found is taken as enabled; and a project plugin
//! hiding a user plugin of the same name.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::native::loader::{Loader, RegexFlavour, command_shape};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json, shape_error};

/// Goose's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| plugin_files(&root.join(".agents/plugins")),
    user_files: |home| plugin_files(&home.join(".agents/plugins")),
    parse,
    // Its own names first, then the tool events of TOOL_RENAMES (every name is renamed once).
    renames: &[
        ("beforeShellExecution", "BeforeShellExecution"),
        ("afterFileEdit", "AfterFileEdit"),
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
        ("preToolUse", "PreToolUse"),
        ("postToolUse", "PostToolUse"),
    ],
    // The developer extension's flat names (src/tools/goose.rs) and the prefixed ones
    // (protocols-b.md §1).
    tool_names: &[
        "shell",
        "write",
        "edit",
        "tree",
        "developer__shell",
        "developer__write",
        "developer__edit",
        "developer__tree",
    ],
    project_glob: ".agents/plugins/*/hooks/hooks.json",
    // A matcher that does not compile (`*`) skips the rule (protocols-b.md, Goose; seed 002
    // "Goose sample events").
    regex: Some(RegexFlavour::RustSkipsInvalid),
    writes: Err(
        "Goose runs hooks only from a plugin (`.agents/plugins/<p>/hooks/hooks.json`) that is enabled in its settings (`enabledPlugins` in .config/goose/settings.json, or `plugins:` in config.yaml; protocols-b.md §1, aaif-goose/goose @0825b57 plugins/discovery.rs): hookcheck sync does not write plugins or enable them",
    ),
    ..Loader::DEFAULT
};

const SHAPE: Shape = command_shape(
    "goose",
    Unit::Seconds,
    "Goose cannot load this plugin's hooks file, so none of its hooks run",
);

/// `<dir>/<plugin>/hooks/hooks.json` for each plugin folder in `dir`, sorted.
fn plugin_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .map(|p| p.join("hooks/hooks.json"))
        .collect();
    out.sort();
    out
}

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, SHAPE.consequence)?;
    // on_failure, in the order the shape reads the command handlers.
    let mut fail_closed = Vec::new();
    let groups = v
        .get("hooks")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|m| m.values())
        .filter_map(Value::as_array)
        .flatten();
    for h in groups
        .filter_map(|g| g.get("hooks").and_then(Value::as_array))
        .flatten()
    {
        if h.get("type").and_then(Value::as_str).unwrap_or("command") != "command" {
            continue;
        }
        match h.get("on_failure") {
            None | Some(Value::Null) => fail_closed.push(false),
            Some(Value::String(s)) if s == "allow" => fail_closed.push(false),
            Some(Value::String(s)) if s == "block" => fail_closed.push(true),
            Some(other) => {
                return Err(shape_error(
                    path,
                    None,
                    format!("`on_failure` is {other}; Goose reads \"allow\" or \"block\""),
                    SHAPE.consequence,
                ));
            }
        }
    }
    let mut out = shape::grouped(&SHAPE, path, text, &v)?;
    // The plugin's folder: `<plugin>/hooks/hooks.json` → `<plugin>`.
    let root = path
        .parent()
        .and_then(Path::parent)
        .map_or_else(|| ".".to_string(), |p| p.display().to_string());
    let commands = out.iter_mut().filter(|h| h.not_command.is_none());
    for (h, closed) in commands.zip(fail_closed) {
        h.fail_closed = closed;
        // hooks/mod.rs replaces `${PLUGIN_ROOT}` textually before running the command.
        h.command = h.command.replace("${PLUGIN_ROOT}", &root);
    }
    Ok(out)
}
