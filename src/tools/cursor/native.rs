//! Cursor's hook files.
//!
//! Source: protocols-a.md §5 Config (secondary sources only: Cupcake's Cursor harness
//! reference, public hooks.json files): project `.cursor/hooks.json`, user
//! `~/.cursor/hooks.json`, and a project's plugins ([`PLUGINS`]); flat shape `{"version": 1, "hooks": {"<event>": [{"command": "…",
//! "matcher": "…", "timeout": 30, "failClosed": false}]}}`, timeout in s.

use crate::native::Unit;
use crate::native::loader::{
    Field, Launch, Layout, Loader, SwitchedRead, Writer, command_shape, flat_json,
};
use crate::native::plugins::{self, PluginLayout};
use crate::native::shape::Shape;

/// Cursor's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        let mut files = vec![root.join(".cursor/hooks.json")];
        files.extend(PLUGINS.hook_files(root));
        files
    },
    // And the enterprise file every user's Cursor runs (protocols-a.md §5 Files, docs; not
    // observed: Cursor has no live run here).
    user_files: |home| {
        vec![
            home.join(".cursor/hooks.json"),
            crate::native::loader::machine_path(
                None,
                "/etc/cursor/hooks.json",
                "/Library/Application Support/Cursor/hooks.json",
            ),
        ]
    },
    parse: |path, text| flat_json(&SHAPE, path, text),
    renames: &[
        ("PreToolUse", "preToolUse"),
        ("PostToolUse", "postToolUse"),
        ("UserPromptSubmit", "beforeSubmitPrompt"),
        ("Stop", "stop"),
        ("SessionStart", "sessionStart"),
        ("SessionEnd", "sessionEnd"),
    ],
    tool_names: &[
        "Shell",
        "Read",
        "Write",
        "StrReplace",
        "Edit",
        "Delete",
        "Grep",
        "Glob",
        "LS",
        "Task",
        "MCP",
        "TabWrite",
        "TabRead",
    ],
    project_glob: ".cursor/hooks.json",
    // Fields compared with a spec: behaviour spec (seed 002), "Stale tool file replies".
    compares: &[Field::FailClosed],
    // Cursor sets CLAUDE_PROJECT_DIR for hooks (protocols-a.md §0 "Several tools read Claude
    // Code's hooks").
    launch: Launch {
        env_known: true,
        no_shell: false,
    },
    generated_as: GENERATED_AS,
    // cursor.com/docs/reference/third-party-hooks: Cursor loads `.claude/settings.local.json`,
    // `.claude/settings.json` and `~/.claude/settings.json` after its own files, mapping
    // Claude's event names to its own, only with this setting on and the feature enabled for
    // the account (protocols-a.md §5 "third-party hooks"). The setting is in Cursor's UI.
    switched_reads: &[SwitchedRead {
        reads: "claude",
        user_files: true,
        setting: "\"Include third-party Plugins, Skills, and other configs\" (Cursor Settings → Rules, Skills, Subagents)",
    }],
    // the flat version-1 shape (protocols-a.md §5).
    writes: Ok(&WRITER),
    plugins: Some(&PLUGINS),
    ..Loader::DEFAULT
};

/// A Cursor plugin is a folder with `.cursor-plugin/plugin.json`; its `hooks` field names its
/// hooks file (`"./hooks/hooks.json"` in Cursor's own plugins), in the `.cursor/hooks.json`
/// shape, run with `${CURSOR_PLUGIN_ROOT}` naming the folder; a marketplace lists plugin
/// folders in `.cursor-plugin/marketplace.json` (cursor/plugins @b649427e README.md
/// "Repository structure", `schemas/plugin.schema.json` @777788f9 `hooks`: "Path to a hooks
/// configuration file, or an inline hooks object", ralph-loop/.cursor-plugin/plugin.json
/// @189ac691; read 2026-12-04). A named file replaces the default `hooks/hooks.json` (read
/// when none is named), as a third party's validator reads the reference (stbenjam/skillsaw
/// docs/rules/cursor-plugin-json-valid.md). Docs only: Cursor has no headless binary here to
/// observe. Not read: an inline hooks object (its shape is not documented), and plugins
/// installed under `~/.cursor/plugins/`.
static PLUGINS: PluginLayout = PluginLayout {
    named_replace: true,
    ..plugins::layout(
        &[".cursor-plugin/plugin.json"],
        &[".cursor-plugin/marketplace.json"],
        |path, text| flat_json(&SHAPE, path, text),
    )
};

/// How `hookcheck sync` writes a hook into .cursor/hooks.json.
static WRITER: Writer = Writer::grouped(".cursor/hooks.json", Unit::Seconds)
    .layout(Layout::Flat)
    .top(r#"{"version":1}"#)
    .handler(r#"{"command":"$COMMAND","timeout":"$TIMEOUT"}"#);

const SHAPE: Shape = command_shape(
    "cursor",
    Unit::Seconds,
    "Cursor loads no hooks from this file",
);

/// The target names generators write Cursor's hooks file under: rulesync's `cursor`
/// (https://github.com/dyoshikawa/rulesync/blob/cfebcd751ddadb07fbcb6f657a8200e5803b4d1b/docs/reference/file-formats.md,
/// 2026-08-18, read 2026-12-01).
/// agent-harness-adapter 0.2.2 writes it as harness `cursor` (agent-harness-adapter-core 0.2.2
/// src/cursor/adapter.rs `ID`, github.com/six5536/agent-harness-adapter @19b385a6, read 2026-12-01;
/// fixtures/corpus/aha-generated).
static GENERATED_AS: &[(&str, &str)] =
    &[("rulesync", "cursor"), ("agent-harness-adapter", "cursor")];
