//! Qoder's hook files.
//!
//! Source: protocols-b.md §4 Config (docs.qoder.com/en/cli/hooks; Qoder is closed
//! source): project `.qoder/settings.json` and `.qoder/settings.local.json`, user
//! `~/.qoder/settings.json`, all merged; Claude Code's grouped shape, timeout in s.

use crate::native::Unit;
use crate::native::loader::{Loader, Writer, command_shape, grouped_json};
use crate::native::shape::Shape;
use crate::tools::claude::native::CLAUDE_RENAMES;

/// Qoder's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        vec![
            root.join(".qoder/settings.json"),
            root.join(".qoder/settings.local.json"),
        ]
    },
    user_files: |home| vec![home.join(".qoder/settings.json")],
    parse: |path, text| grouped_json(&SHAPE, path, text),
    renames: CLAUDE_RENAMES,
    // protocols-b.md §4: the docs use Claude Code's tool names.
    tool_names: crate::tools::claude::native::TOOL_NAMES,
    project_glob: ".qoder/settings.json, .qoder/settings.local.json",
    // Claude Code's grouped shape (docs.qoder.com/en/cli/hooks).
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes a hook into .qoder/settings.json.
static WRITER: Writer = Writer::grouped(".qoder/settings.json", Unit::Seconds);

const SHAPE: Shape = command_shape(
    "qoder",
    Unit::Seconds,
    "Qoder cannot read this settings file, so none of its hooks load",
);
