//! Qwen Code's settings files.
//!
//! Source: protocols-b.md §9 Config (QwenLM/qwen-code `packages/core/src/hooks/`,
//! `hook-timeout.ts`; docs/users/features/hooks.md @00d06c8): project `.qwen/settings.json` and
//! `.qwen/settings.local.json` (1.x), user `~/.qwen/settings.json`; grouped shape. Timeout: the
//! newer runner reads seconds, and any value of 1000 or more as milliseconds (legacy).
//! Its extensions' hooks files: [`PLUGINS`].

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::native::loader::{
    Gate, Launch, Loader, Trust, Writer, command_shape, grouped_json, trusted_folders_json,
};
use crate::native::plugins::{self, PluginLayout};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json};

/// Qwen Code's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        vec![
            root.join(".qwen/settings.json"),
            // Not `.qwen/settings.local.json` (its docs' 1.x): 0.24.4 ran no hook from it
            // (live, 2026-12-05, fixtures/live/lifecycle/local).
        ]
        .into_iter()
        .chain(PLUGINS.hook_files(root))
        .collect()
    },
    user_files: |home| {
        let mut files = vec![
            system_defaults(),
            qwen_home(home).join("settings.json"),
            system_settings(),
        ];
        files.extend(PLUGINS.installed_files(home).into_iter().map(|(f, _)| f));
        files
    },
    parse: |path, text| grouped_json(&SHAPE, path, text),
    // A Node program (docs/reference/real-agents.md, npm package): readFileSync(…, "utf8")
    // puts U+FFFD for a byte that is not UTF-8 and loads the rest.
    lossy_utf8: true,
    renames: &[
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
        ("BeforeAgent", "UserPromptSubmit"),
    ],
    tool_names: &[
        "run_shell_command",
        "write_file",
        "edit",
        "read_file",
        "read_many_files",
        "glob",
        "grep_search",
        "list_directory",
        "web_fetch",
        "web_search",
        "save_memory",
        "todo_write",
        "Shell",
        "WriteFile",
        "Edit",
        "ReadFile",
    ],
    project_glob: ".qwen/settings.json",
    unit: "s (1000 and more: ms)",
    trust: Some(&TRUST),
    // Qwen Code replaces $GEMINI_PROJECT_DIR and $CLAUDE_PROJECT_DIR in the command (tools::qwen
    // `shell`); a missing binary lets the call through (docs/reference/real-agents.md, Qwen Code
    // 0.24.4).
    launch: Launch {
        env_known: true,
        no_shell: false,
    },
    generated_as: GENERATED_AS,
    // hook-timeout.ts reads seconds (protocols-b.md §9).
    writes: Ok(&WRITER),
    plugins: Some(&PLUGINS),
    unread: &[
        (
            ".qwen/settings.local.json",
            "real agent: Qwen Code 0.24.4, 2026-12-05, fixtures/live/lifecycle/local/exit2-stderr--qwen.json; its docs name the file for 1.x",
        ),
        // An extension in the project: 0.24.4 loads them from the user's folder only
        // (docs/reference/agents/gemini-extensions.md, run by hand 2026-12-05).
        (
            ".qwen/extensions/*/hooks/hooks.json",
            "Qwen Code 0.24.4 loads extensions from ~/.qwen/extensions only, run by hand 2026-12-05",
        ),
    ],
    ..Loader::DEFAULT
};

/// The machine's system settings file, whose hooks Qwen Code runs beside the user's:
/// `$QWEN_CODE_SYSTEM_SETTINGS_PATH`, else `/etc/qwen-code/settings.json` on Linux and
/// `/Library/Application Support/QwenCode/settings.json` on macOS (`getSystemSettingsPath`,
/// @qwen-code/qwen-code 0.24.4 chunks/chunk-IDS7MSUP.js, read 2026-12-05). Real agent: 0.24.4
/// ran a blocking PreToolUse hook from `/etc/qwen-code/settings.json`
/// (fixtures/live/lifecycle/managed, 2026-12-05).
pub fn system_settings() -> std::path::PathBuf {
    crate::native::loader::machine_path(
        Some("QWEN_CODE_SYSTEM_SETTINGS_PATH"),
        "/etc/qwen-code/settings.json",
        "/Library/Application Support/QwenCode/settings.json",
    )
}

/// The machine's system defaults, merged under every other settings file:
/// `$QWEN_CODE_SYSTEM_DEFAULTS_PATH`, else `system-defaults.json` beside [`system_settings`]
/// (`getSystemDefaultsPath`, 0.24.4 chunks/chunk-IDS7MSUP.js). Real agent: 0.24.4 ran a
/// blocking PreToolUse hook from `/etc/qwen-code/system-defaults.json` beside live mode's exit-0
/// hook in the user's file (fixtures/live/lifecycle/managed-defaults, 2026-12-05).
pub fn system_defaults() -> std::path::PathBuf {
    crate::native::loader::system_defaults("QWEN_CODE_SYSTEM_DEFAULTS_PATH", &system_settings())
}

/// Qwen Code's own folder: `$QWEN_HOME` (it stands for `~/.qwen` itself) when set.
fn qwen_home(home: &Path) -> PathBuf {
    match std::env::var_os("QWEN_HOME") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => home.join(".qwen"),
    }
}

/// Qwen Code 0.24.4's extensions: a folder with a `qwen-extension.json` that has a `name`
/// (a `gemini-extension.json` alone is converted only by `qwen extensions install`), loaded
/// from `~/.qwen/extensions/*/` only, enabled unless its extension store says otherwise (not
/// read here). Its hooks are the manifest's inline `hooks` object, else the file a string
/// `hooks` names, else `hooks/hooks.json`, wrapped in `hooks` or with the events at the top
/// level; they run in the project's folder beside the settings' hooks. As the file loads,
/// `${CLAUDE_PLUGIN_ROOT}` becomes the extension's folder; in the manifest's inline hooks also
/// `${extensionPath}`, `${workspacePath}`, `${/}` and `${pathSeparator}` (and, not modelled
/// here, `$VAR` from its own environment). Read in its bundle (`ExtensionManager.loadExtension`,
/// `substituteHookVariables`) and run on the binary by hand, 2026-12-05
/// (docs/reference/agents/gemini-extensions.md).
pub static PLUGINS: PluginLayout = PluginLayout {
    manifests: &["qwen-extension.json"],
    marketplaces: &[],
    defaults: &[plugins::PLUGIN_HOOKS],
    named: true,
    named_replace: true,
    inline: true,
    runs_in_plugin: false,
    root_env: true,
    installed: Some(installed),
    // No plugin data variable (PL: an extension gets none).
    data: None,
    load_refs: Some(|file, folder, root| {
        let folder = folder.display().to_string();
        let mut refs = vec![("${CLAUDE_PLUGIN_ROOT}", folder.clone())];
        if file.file_name().is_some_and(|n| n == "qwen-extension.json") {
            refs.extend([
                ("${extensionPath}", folder),
                ("${workspacePath}", root.display().to_string()),
                ("${pathSeparator}", "/".into()),
                ("${/}", "/".into()),
            ]);
        }
        refs
    }),
    parse: parse_plugin,
};

/// An extension's hooks: a file wrapped in `hooks` or with its events at the top level, or the
/// manifest's inline `hooks`.
fn parse_plugin(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, SHAPE.consequence)?;
    let v = match v.get("hooks") {
        Some(Value::Object(_)) => v,
        _ => json!({ "hooks": v }),
    };
    shape::grouped(&SHAPE, path, text, &v)
}

/// The extensions installed under Qwen's folder: each one whose manifest has a `name`.
fn installed(home: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(qwen_home(home).join("extensions")) else {
        return Vec::new();
    };
    let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    dirs.sort();
    dirs.into_iter()
        .filter(|dir| {
            plugins::json_file(&dir.join("qwen-extension.json"))
                .and_then(|m| m.get("name")?.as_str().map(|n| !n.is_empty()))
                .unwrap_or(false)
        })
        .collect()
}

/// How `hookcheck sync` writes a hook into .qwen/settings.json.
static WRITER: Writer = Writer::grouped(".qwen/settings.json", Unit::Seconds);

/// Project settings, and so project hooks, load only in a trusted folder (protocols-b.md §9
/// Files); the choice is kept in `~/.qwen/trustedFolders.json`
/// (qwenlm.github.io/qwen-code-docs/en/cli/trusted-folders, read 2026-12-01).
static TRUST: Trust = Trust {
    gates: Gate::ProjectFiles,
    until: "Qwen Code loads none of them",
    kept: "~/.qwen/trustedFolders.json",
    how: "start `qwen` in the folder and choose \"Trust folder\" (kept in ~/.qwen/trustedFolders.json)",
    trusted: |home, root| trusted_folders_json(&home.join(".qwen/trustedFolders.json"), root),
    exempt: &[],
    source: "protocols-b.md §9 Files; qwenlm.github.io/qwen-code-docs/en/cli/trusted-folders",
};

const SHAPE: Shape = command_shape(
    "qwen",
    Unit::SecondsOrLegacyMillis,
    "Qwen Code cannot load this settings file, so none of its hooks run",
);

/// The target names generators write this agent's hook file under.
/// agent-harness-adapter 0.2.2 writes it as harness `qwen` (agent-harness-adapter-core 0.2.2
/// src/qwen/adapter.rs `ID`, github.com/six5536/agent-harness-adapter @19b385a6, read 2026-12-01;
/// fixtures/corpus/aha-generated).
static GENERATED_AS: &[(&str, &str)] = &[("agent-harness-adapter", "qwen")];
