//! Factory droid's hook files.
//!
//! Source: protocols-b.md §3 Config; docs.factory.ai/harness/hooks (project `.factory/hooks.json`,
//! legacy `.factory/hooks/hooks.json`, user `~/.factory/hooks.json`; "if hooks.json is absent,
//! Droid also reads the hooks key in the matching settings.json") and
//! docs.factory.ai/reference/hooks-reference (`.factory/settings.json`,
//! `.factory/settings.local.json`, `~/.factory/settings.json`). Claude's grouped shape, timeout
//! in s. Real droid 0.215.0 ran hooks from `~/.factory/settings.json` (real-agents.md), and from
//! a project `.factory/hooks.json` keyed by event but none from one wrapped in `hooks` (live,
//! 2026-12-04; protocols-b.md §3), against Factory-AI/factory issue #3's report that droid
//! 0.186.0 reads only the settings files: every documented file is read.

use std::path::Path;

use crate::native::loader::{Loader, Writer, command_shape};
use crate::native::plugins::{self, PluginLayout};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json};
use crate::tools::claude::native::CLAUDE_RENAMES;

/// Factory droid's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        let mut files = vec![
            root.join(".factory/hooks.json"),
            root.join(".factory/hooks/hooks.json"),
            root.join(".factory/settings.json"),
            // Not `.factory/settings.local.json`, which the hooks reference names: droid 0.215.0
            // ran no hook from it (live, 2026-12-05, fixtures/live/lifecycle/local).
        ];
        files.extend(PLUGINS.hook_files(root));
        files
    },
    user_files: |home| {
        vec![
            home.join(".factory/hooks.json"),
            home.join(".factory/settings.json"),
        ]
    },
    parse,
    renames: CLAUDE_RENAMES,
    // The real droid tools (protocols-b.md §3): the docs' Bash/Write never fire.
    tool_names: &[
        "Execute",
        "Create",
        "Edit",
        "MultiEdit",
        "ApplyPatch",
        "Read",
        "LS",
        "Glob",
        "Grep",
        "WebSearch",
        "FetchUrl",
        "TodoWrite",
        "Task",
        "mcp__server__tool",
    ],
    project_glob: ".factory/hooks.json, .factory/settings.json",
    generated_as: GENERATED_AS,
    // Claude's grouped shape in settings.json (docs.factory.ai/reference/hooks-reference).
    writes: Ok(&WRITER),
    plugins: Some(&PLUGINS),
    unread: &[(
        ".factory/settings.local.json",
        "real agent: droid 0.215.0, 2026-12-05, fixtures/live/lifecycle/local/exit2-stderr--factory.json; its hooks reference names the file",
    )],
    // "If hooks.json is absent, Droid falls back to hooks declared under the hooks key in the
    // matching settings.json" (Factory's hooks reference, Factory-AI/factory @003b759e,
    // 2026-05-27, unchanged at @a80aa7c5, read 2026-12-04). droid 0.215.0 ran each
    // file alone (live, 2026-12-04); the two in one scope were not run live. The docs name
    // settings.json only: settings.local.json is read as before.
    // Both scopes: the paths are from the project root and from the home folder.
    fallbacks: &[(
        ".factory/hooks.json",
        ".factory/settings.json",
        "Factory's hooks reference; a real droid was not run with both files",
    )],
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes a hook into .factory/settings.json.
static WRITER: Writer = Writer::grouped(".factory/settings.json", Unit::Seconds);

const SHAPE: Shape = command_shape(
    "factory",
    Unit::Seconds,
    "droid loads no hooks from this file",
);

/// A droid plugin is a folder with `.factory-plugin/plugin.json`; its hooks are in
/// `hooks/hooks.json`, or a file the manifest's `hooks` field names, and run with
/// `${DROID_PLUGIN_ROOT}` (and its alias `${CLAUDE_PLUGIN_ROOT}`) naming the plugin's folder,
/// while the plugin is installed and enabled. A marketplace lists plugin folders in
/// `.factory-plugin/marketplace.json`, `plugins[].source` relative to its root. The docs give
/// the hooks file both keyed by event (docs/cli/configuration/plugins.mdx, "Plugin hooks";
/// docs/guides/building/building-plugins.mdx, "Adding hooks") and wrapped in `hooks` with a
/// `description` (the hooks reference, "Plugin hooks"), and droid installs
/// Claude Code plugins, whose file is wrapped (docs.factory.ai/harness/plugins, read
/// 2026-12-04): both are read. Factory-AI/factory @178abd79 (2026-06-30), read 2026-12-04.
/// Not read: a Claude Code plugin folder (`.claude-plugin/`), which droid translates only when
/// it installs the plugin.
///
/// As droid 0.215.0 loads a plugin's hooks it writes the plugin's folder in place of
/// `${DROID_PLUGIN_ROOT}`, `$DROID_PLUGIN_ROOT`, `${CLAUDE_PLUGIN_ROOT}` and
/// `$CLAUDE_PLUGIN_ROOT` in each command, and the hook's environment holds
/// `/PLUGIN_ROOT_NOT_EXPANDED_ERROR` under both names (its bundle's `KpL` and
/// `executeCommand`; run on the binary by hand 2026-12-05, single-quoted references came back
/// as the folder): a script that reads the variable gets the placeholder.
static PLUGINS: PluginLayout = PluginLayout {
    root_env: false,
    load_refs: Some(|_, folder, _| {
        let folder = folder.display().to_string();
        // The braced forms first: `$NAME` is their prefix.
        [
            "${DROID_PLUGIN_ROOT}",
            "${CLAUDE_PLUGIN_ROOT}",
            "$DROID_PLUGIN_ROOT",
            "$CLAUDE_PLUGIN_ROOT",
        ]
        .map(|r| (r, folder.clone()))
        .to_vec()
    }),
    ..plugins::layout(
        &[".factory-plugin/plugin.json"],
        &[".factory-plugin/marketplace.json"],
        parse_plugin,
    )
};

const PLUGIN_SHAPE: Shape = command_shape(
    "factory",
    Unit::Seconds,
    "droid loads none of this plugin's hooks",
);

/// A plugin's hooks file, keyed by event or wrapped in `hooks`.
fn parse_plugin(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, PLUGIN_SHAPE.consequence)?;
    let wrapped = v.get("hooks").is_some_and(serde_json::Value::is_object);
    let v = if wrapped {
        v
    } else {
        serde_json::json!({ "hooks": v })
    };
    shape::grouped(&PLUGIN_SHAPE, path, text, &v)
}

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, SHAPE.consequence)?;
    if path.file_name().is_none_or(|n| n != "hooks.json") {
        return shape::grouped(&SHAPE, path, text, &v);
    }
    // A hooks.json is keyed by event name (harness/hooks). Wrapped in `hooks`, as the settings
    // files are, droid 0.215.0 ran none of its hooks, while the same hook keyed by its event
    // ran (live, 2026-12-04: `hookcheck live exit2-stderr --specs fixtures/live/hooks --bash
    // 'echo hi' --agent factory --repo-hooks own` blocks; the wrapped file, written by hand in
    // its place, let the call through).
    if v.as_object().is_some_and(|m| m.contains_key("hooks")) {
        let line = crate::native::JsonCursor::new(text).line_of("hooks");
        return Err(crate::native::shape_error(
            path,
            Some(line),
            "a hooks.json is keyed by event name, so `hooks` is read as an event droid does not have: \
             take the events out of `hooks` (droid 0.215.0 ran none of them)"
                .into(),
            SHAPE.consequence,
        ));
    }
    shape::grouped(&SHAPE, path, text, &serde_json::json!({ "hooks": v }))
}

/// The target names generators write this agent's hook file under.
/// agent-harness-adapter 0.2.2 writes it as harness `factory` (agent-harness-adapter-core 0.2.2
/// src/factory/adapter.rs `ID`, github.com/six5536/agent-harness-adapter @19b385a6, read 2026-12-01;
/// fixtures/corpus/aha-generated).
static GENERATED_AS: &[(&str, &str)] = &[("agent-harness-adapter", "factory")];
