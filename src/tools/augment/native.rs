//! Augment's hook files.
//!
//! Source: protocols-b.md §6 Config (docs.augmentcode.com/cli/hooks; Auggie is closed
//! source): `<workspace>/.augment/settings.local.json`, `<workspace>/.augment/settings.json`
//! (CLI only), user `~/.augment/settings.json` (and the system `/etc/augment/settings.json`,
//! not read here); Claude Code's grouped shape, timeout in **milliseconds** (default 60000).

use crate::native::Unit;
use crate::native::loader::{Launch, Loader, Writer, command_shape, grouped_json};
use crate::native::shape::Shape;
use crate::tools::claude::native::CLAUDE_RENAMES;

/// Augment's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        vec![
            root.join(".augment/settings.json"),
            root.join(".augment/settings.local.json"),
        ]
    },
    // And the system file, highest precedence (protocols-b.md §Augment Files, docs: Linux
    // `/etc/augment/settings.json`, no macOS path given; not observed).
    user_files: |home| {
        vec![
            home.join(".augment/settings.json"),
            std::path::PathBuf::from("/etc/augment/settings.json"),
        ]
    },
    parse: |path, text| grouped_json(&SHAPE, path, text),
    renames: CLAUDE_RENAMES,
    // protocols-b.md §6 Events.
    tool_names: &[
        "launch-process",
        "str-replace-editor",
        "save-file",
        "view",
        "remove-files",
    ],
    project_glob: ".augment/settings.json, .augment/settings.local.json",
    unit: "ms",
    // A command with shell syntax runs under `bash -c`; any other is split into words and
    // started with no shell (tools::augment `launch`): a script's `#!` decides then, and
    // lint checks the first word of each as it would start.
    launch: Launch {
        no_shell: true,
        ..Launch::SHELL
    },
    // timeout in milliseconds (docs.augmentcode.com/cli/hooks).
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes a hook into .augment/settings.json.
static WRITER: Writer = Writer::grouped(".augment/settings.json", Unit::Millis);

const SHAPE: Shape = command_shape(
    "augment",
    Unit::Millis,
    "Augment cannot read this settings file, so none of its hooks load",
);
