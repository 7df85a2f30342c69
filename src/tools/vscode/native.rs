//! VS Code's hook files.
//!
//! Source: https://code.visualstudio.com/docs/agent-customization/hooks, "Hook file locations"
//! (read 2026-12-01): workspace `.github/hooks/*.json`, `.claude/settings.local.json`,
//! `.claude/settings.json`; user `~/.claude/settings.json`. The `.github/hooks` files are read
//! here; Claude's files are Claude Code's (cross-read, [`LOADER`]'s `also_reads`). A handler's
//! command is the OS-specific `linux` / `osx` (Copilot CLI's `bash` maps to both), else
//! `command`; `timeout` is in seconds.

use std::path::Path;

use serde_json::{Value, json};

use crate::native::loader::{Field, Loader, json_files_in};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json};

/// VS Code's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| json_files_in(&root.join(".github/hooks")),
    // `~/.claude/settings.json` is Claude Code's file: read through `also_reads`.
    user_files: |_| Vec::new(),
    parse,
    also_reads: &["claude"],
    project_glob: ".github/hooks/*.json",
    compares: &[Field::Cwd],
    // Matchers are ignored: no tool names are compared.
    writes: Err(
        "VS Code reads Copilot's `.github/hooks` files and Claude Code's settings: sync writes those, and VS Code runs them",
    ),
    ..Loader::DEFAULT
};

const SHAPE: Shape = Shape {
    tool: "vscode",
    unit: Unit::Seconds,
    consequence: "VS Code loads no hooks from this file",
    // On Linux the `linux` override wins, then Copilot CLI's `bash`, then `command`.
    command_keys: &["linux", "bash", "command"],
    exec_key: None,
    // `timeoutSec` appears in the page's own example.
    timeout_keys: &["timeout", "timeoutSec"],
};

/// The flat lists of the page's examples, or Claude Code's matcher groups (same format).
fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, SHAPE.consequence)?;
    let grouped = v.get("hooks").and_then(Value::as_object).is_some_and(|m| {
        m.values()
            .filter_map(Value::as_array)
            .flatten()
            .any(|g| g.get("hooks").is_some())
    });
    if grouped {
        shape::grouped(&SHAPE, path, text, &v)
    } else {
        shape::flat(&SHAPE, path, text, &json!(v))
    }
}
