//! Windsurf Cascade's hook files.
//!
//! Source: https://docs.windsurf.com/windsurf/cascade/hooks (read 2026-12-01): hooks from
//! three levels are merged and run system → user → workspace: system (`/etc/windsurf/hooks.json`
//! on Linux, not read here), user `~/.codeium/windsurf/hooks.json`, workspace
//! `.windsurf/hooks.json`. Shape: `{"hooks": {"pre_run_command": [{"command": "…",
//! "show_output": true}]}}`, a flat list per event with no matcher; `powershell` and
//! `working_directory` are second-hand (protocols-a.md §6a).

use crate::native::Unit;
use crate::native::loader::{Layout, Loader, Writer, flat_json};
use crate::native::shape::Shape;

/// Windsurf Cascade's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| vec![root.join(".windsurf/hooks.json")],
    // And the system file, merged first (protocols-a.md Windsurf Files, docs; not observed).
    user_files: |home| {
        vec![
            home.join(".codeium/windsurf/hooks.json"),
            crate::native::loader::machine_path(
                None,
                "/etc/windsurf/hooks.json",
                "/Library/Application Support/Windsurf/hooks.json",
            ),
        ]
    },
    parse: |path, text| flat_json(&SHAPE, path, text),
    project_glob: ".windsurf/hooks.json",
    // No matchers: no tool names.
    // a flat list per action with no matcher and no timeout key (docs.windsurf.com, Cascade hooks).
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes a hook into .windsurf/hooks.json.
static WRITER: Writer = Writer::grouped(".windsurf/hooks.json", Unit::Seconds)
    .layout(Layout::FlatNoMatcher)
    .handler(r#"{"command":"$COMMAND"}"#);

const SHAPE: Shape = Shape {
    tool: "windsurf-cascade",
    unit: Unit::Seconds,
    consequence: "Windsurf Cascade loads no hooks from this file",
    command_keys: &["command"],
    exec_key: None,
    // The docs give no timeout key.
    timeout_keys: &[],
};
