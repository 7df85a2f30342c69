//! Trae's hook files.
//!
//! Source: protocols-b.md §7 Config (docs.trae.ai/ide/hook-configuration-reference as
//! quoted in Chemaclass/agnostic-ai #729; rtk `src/hooks/init/trae.rs`; Trae is closed source):
//! project `.trae/hooks.json`, user `~/.trae/hooks.json` (and `~/.trae-cn/hooks.json` for the
//! CN build); grouped shape with `version` (1) and a per-group `loop_limit`, timeout in s.

use crate::native::Unit;
use crate::native::loader::{Loader, Writer, command_shape, grouped_json};
use crate::native::shape::Shape;
use crate::tools::claude::native::CLAUDE_RENAMES;

/// Trae's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| vec![root.join(".trae/hooks.json")],
    user_files: |home| {
        vec![
            home.join(".trae/hooks.json"),
            home.join(".trae-cn/hooks.json"),
        ]
    },
    parse: |path, text| grouped_json(&SHAPE, path, text),
    renames: CLAUDE_RENAMES,
    // protocols-b.md §7 Events: the shell tool is RunCommand; others seen in configs.
    tool_names: &["RunCommand", "WriteFile", "ReadFile", "Edit", "Write"],
    project_glob: ".trae/hooks.json",
    // the grouped shape with `version` 1 (protocols-b.md §7).
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes a hook into .trae/hooks.json.
static WRITER: Writer = Writer::grouped(".trae/hooks.json", Unit::Seconds).top(r#"{"version":1}"#);

const SHAPE: Shape = command_shape(
    "trae",
    Unit::Seconds,
    "Trae cannot read this hooks file, so none of its hooks load",
);
