//! Gemini CLI's settings files, and its extensions' hooks files ([`PLUGINS`]).
//!
//! Source: protocols-a.md §3 Config (gemini-cli @5411f113 `settingsSchema.ts`, docs
//! `docs/hooks/reference.md`): project `.gemini/settings.json`, user `~/.gemini/settings.json`;
//! grouped shape; timeout in **milliseconds**; `env` per handler.

use std::path::{Path, PathBuf};

use crate::native::loader::{
    Field, Gate, Launch, Loader, Trust, Writer, command_shape, grouped_json, trusted_folders_json,
};
use crate::native::plugins::{self, PluginLayout};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json};

/// Gemini CLI's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        let mut files = vec![root.join(".gemini/settings.json")];
        files.extend(PLUGINS.hook_files(root));
        files
    },
    user_files: |home| {
        let mut files = vec![
            system_defaults(),
            home.join(".gemini/settings.json"),
            system_settings(),
        ];
        files.extend(PLUGINS.installed_files(home).into_iter().map(|(f, _)| f));
        files
    },
    parse: |path, text| grouped_json(&SHAPE, path, text),
    // hookRegistry.ts discards one malformed entry and loads the rest.
    parse_entries: Some(parse_entries),
    // A Node program (docs/reference/real-agents.md, npm package): readFileSync(…, "utf8")
    // puts U+FFFD for a byte that is not UTF-8 and loads the rest.
    lossy_utf8: true,
    // `hooks migrate` maps Claude's names to these (gemini-cli commands/hooks/migrate.ts).
    renames: &[
        ("PreToolUse", "BeforeTool"),
        ("PostToolUse", "AfterTool"),
        ("UserPromptSubmit", "BeforeAgent"),
        ("Stop", "AfterAgent"),
        ("PreCompact", "PreCompress"),
    ],
    tool_names: &[
        "run_shell_command",
        "write_file",
        "replace",
        "read_file",
        "read_many_files",
        "glob",
        "search_file_content",
        "list_directory",
        "web_fetch",
        "google_web_search",
        "save_memory",
        "write_todos",
        "mcp_server_tool",
    ],
    project_glob: ".gemini/settings.json",
    // Fields compared with a spec: behaviour spec (seed 002), "Stale tool file replies".
    compares: &[Field::Env],
    unit: "ms",
    trust: Some(&TRUST),
    // Gemini CLI replaces $CLAUDE_PROJECT_DIR in the command too (tools::gemini `shell`);
    // an exit 127 that prints "not found" is a deny (docs/reference/real-agents.md, Gemini CLI
    // 0.61.0: "a mistyped script path (exit 127, \"No such file\" on stderr) blocks every
    // matching call").
    launch: Launch {
        env_known: true,
        no_shell: false,
    },
    generated_as: GENERATED_AS,
    // settingsSchema.ts: timeout in milliseconds (protocols-a.md §3).
    writes: Ok(&WRITER),
    plugins: Some(&PLUGINS),
    // An extension in the project: 0.61.0 loads extensions from the user's folder only
    // (docs/reference/agents/gemini-extensions.md, run by hand 2026-12-05).
    unread: &[(
        ".gemini/extensions/*/hooks/hooks.json",
        "Gemini CLI 0.61.0 loads extensions from ~/.gemini/extensions only, run by hand 2026-12-05",
    )],
    ..Loader::DEFAULT
};

/// Gemini CLI 0.61.0's extensions, its plugins: a folder with a `gemini-extension.json` that
/// has a `name` and a `version`, its hooks in `hooks/hooks.json` only (wrapped in `hooks`, the
/// settings' shape; a manifest's `hooks` is ignored), loaded from `~/.gemini/extensions/*/`
/// only (a project's `.gemini/extensions/` is not read; a repository that is an extension runs
/// once installed), enabled unless `extension-enablement.json` says otherwise (not read here),
/// its hooks run in the project's folder after the settings' with the same variables, and
/// `${extensionPath}`, `${workspacePath}`, `${/}`, `${pathSeparator}` replaced as the file
/// loads. Read in its bundle (`ExtensionManager.loadExtensions`, `loadExtensionHooks`,
/// `hydrateString`) and run on the binary by hand, 2026-12-05 (docs/reference/agents/
/// gemini-extensions.md).
pub static PLUGINS: PluginLayout = PluginLayout {
    manifests: &["gemini-extension.json"],
    marketplaces: &[],
    defaults: &[plugins::PLUGIN_HOOKS],
    named: false,
    named_replace: false,
    inline: false,
    runs_in_plugin: false,
    root_env: true,
    installed: Some(installed),
    // No plugin data variable (PL: an extension gets none).
    data: None,
    load_refs: Some(|_, folder, root| {
        vec![
            ("${extensionPath}", folder.display().to_string()),
            ("${workspacePath}", root.display().to_string()),
            ("${pathSeparator}", "/".into()),
            ("${/}", "/".into()),
        ]
    }),
    parse: |path, text| grouped_json(&SHAPE, path, text),
};

/// The machine's system settings file, whose hooks Gemini CLI runs beside the user's:
/// `$GEMINI_CLI_SYSTEM_SETTINGS_PATH`, else `/etc/gemini-cli/settings.json` on Linux and
/// `/Library/Application Support/GeminiCli/settings.json` on macOS (bundle
/// `getSystemSettingsPath`, @google/gemini-cli 0.61.0, read 2026-12-05). Real agent: 0.61.0 ran
/// a blocking BeforeTool hook from `/etc/gemini-cli/settings.json`
/// (fixtures/live/lifecycle/managed, 2026-12-05).
pub fn system_settings() -> std::path::PathBuf {
    crate::native::loader::machine_path(
        Some("GEMINI_CLI_SYSTEM_SETTINGS_PATH"),
        "/etc/gemini-cli/settings.json",
        "/Library/Application Support/GeminiCli/settings.json",
    )
}

/// The machine's system defaults, merged under every other settings file:
/// `$GEMINI_CLI_SYSTEM_DEFAULTS_PATH`, else `system-defaults.json` beside [`system_settings`]
/// (bundle `getSystemDefaultsPath`, 0.61.0). Real agent: 0.61.0 ran a blocking BeforeTool hook
/// from `/etc/gemini-cli/system-defaults.json` beside live mode's exit-0 hook in the user's
/// file (fixtures/live/lifecycle/managed-defaults, 2026-12-05).
pub fn system_defaults() -> std::path::PathBuf {
    crate::native::loader::system_defaults("GEMINI_CLI_SYSTEM_DEFAULTS_PATH", &system_settings())
}

/// The extensions installed under `~/.gemini/extensions/` (the home is `$GEMINI_CLI_HOME`
/// when set): each folder whose manifest has a `name` and a `version`, or the folder a linked
/// install (`.gemini-extension-install.json`, `"type": "link"`) names.
fn installed(home: &Path) -> Vec<PathBuf> {
    let home = match std::env::var_os("GEMINI_CLI_HOME") {
        Some(h) if !h.is_empty() => PathBuf::from(h),
        _ => home.to_path_buf(),
    };
    let Ok(entries) = std::fs::read_dir(home.join(".gemini/extensions")) else {
        return Vec::new();
    };
    let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    dirs.sort();
    dirs.into_iter()
        .filter_map(|dir| {
            let link = plugins::json_file(&dir.join(".gemini-extension-install.json"))
                .filter(|m| m.get("type").and_then(|t| t.as_str()) == Some("link"))
                .and_then(|m| m.get("source")?.as_str().map(PathBuf::from));
            let dir = link.unwrap_or(dir);
            let manifest = plugins::json_file(&dir.join("gemini-extension.json"))?;
            let named = |k: &str| {
                manifest
                    .get(k)
                    .and_then(|v| v.as_str())
                    .is_some_and(|v| !v.is_empty())
            };
            (named("name") && named("version")).then_some(dir)
        })
        .collect()
}

/// How `hookcheck sync` writes a hook into .gemini/settings.json.
static WRITER: Writer = Writer::grouped(".gemini/settings.json", Unit::Millis);

/// Project hooks run only in a trusted folder, checked again at run time (protocols-a.md §3
/// "Trust"; docs/reference/real-agents.md, Gemini CLI 0.61.0). The choice is kept in
/// `~/.gemini/trustedFolders.json` (geminicli.com/docs/cli/trusted-folders, read 2026-12-01).
static TRUST: Trust = Trust {
    gates: Gate::ProjectFiles,
    until: "Gemini CLI loads none of them",
    kept: "~/.gemini/trustedFolders.json",
    how: "start `gemini` in the folder and choose \"Trust folder\" (kept in ~/.gemini/trustedFolders.json)",
    trusted: |home, root| trusted_folders_json(&home.join(".gemini/trustedFolders.json"), root),
    exempt: &[],
    source: "protocols-a.md §3 Trust; geminicli.com/docs/cli/trusted-folders",
};

const SHAPE: Shape = command_shape(
    "gemini",
    Unit::Millis,
    "Gemini CLI cannot load this settings file, so none of its hooks run",
);

/// hookRegistry.ts (google-gemini/gemini-cli @0469749e, read 2026-12-01): a definition that is
/// not an object or has no `hooks` list, and a hook with no `command`, are each discarded with
/// a warning; the rest of the file loads. A file that is not JSON loads nothing.
fn parse_entries(
    path: &Path,
    text: &str,
) -> Result<(Vec<NativeHandler>, Vec<NativeError>), NativeError> {
    let v = parse_json(path, text, SHAPE.consequence)?;
    shape::grouped_per_entry(
        &SHAPE,
        path,
        text,
        &v,
        "Gemini CLI discards this entry and runs the rest of the file",
    )
}

/// The target names generators write Gemini CLI's settings under: rulesync's `geminicli`
/// (https://github.com/dyoshikawa/rulesync/blob/cfebcd751ddadb07fbcb6f657a8200e5803b4d1b/docs/reference/file-formats.md,
/// 2026-08-18, read 2026-12-01).
/// agent-harness-adapter 0.2.2 writes it as harness `gemini` (agent-harness-adapter-core 0.2.2
/// src/gemini/adapter.rs `ID`, github.com/six5536/agent-harness-adapter @19b385a6, read 2026-12-01;
/// fixtures/corpus/aha-generated).
static GENERATED_AS: &[(&str, &str)] = &[
    ("rulesync", "geminicli"),
    ("agent-harness-adapter", "gemini"),
];
