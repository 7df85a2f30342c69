//! Codex CLI's hook files.
//!
//! Source: protocols-a.md §2 Config (openai/codex `codex-rs/hooks/src/engine/discovery.rs`
//! @0082977c, `codex-rs/config/src/hook_config.rs` @012d0aa0): `hooks.json` next to each config
//! layer and inline `[hooks]` in `config.toml` (`<repo>/.codex/`, `~/.codex/`); a layer with
//! both loads both. Grouped shape (TOML: `[[hooks.PreToolUse]]` / `[[hooks.PreToolUse.hooks]]`),
//! timeout in s. Every non-managed hook must be trusted before it runs.

use std::path::Path;

use serde_json::Value;

use crate::native::loader::{Field, Gate, Launch, Loader, Trust, Writer, command_shape};
use crate::native::plugins::{self, PluginLayout};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, line_at, parse_json};
use crate::tools::claude::native::CLAUDE_RENAMES;

/// Codex CLI's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        let mut files = vec![
            root.join(".codex/hooks.json"),
            root.join(".codex/config.toml"),
        ];
        files.extend(PLUGINS.hook_files(root));
        files
    },
    user_files: |home| {
        vec![
            home.join(".codex/hooks.json"),
            home.join(".codex/config.toml"),
            // The system layer, /etc/codex (the binary's own path): 0.171.0 ran a blocking
            // hook from /etc/codex/hooks.json beside the user's (fixtures/live/lifecycle/managed,
            // 2026-12-05, with every hook's trust bypassed as live mode runs it).
            std::path::PathBuf::from(SYSTEM_LAYER).join("hooks.json"),
            std::path::PathBuf::from(SYSTEM_LAYER).join("config.toml"),
        ]
    },
    parse,
    renames: CLAUDE_RENAMES,
    // core/src/tools/hook_names.rs: apply_patch answers to Edit and Write too.
    tool_names: &["Bash", "apply_patch", "Edit", "Write", "mcp__server__tool"],
    project_glob: ".codex/hooks.json, .codex/config.toml",
    // Fields compared with a spec: behaviour spec (seed 002), "Stale tool file replies".
    // hook_config.rs: `commandWindows` (TOML `command_windows`) runs instead on Windows.
    compares: &[Field::CommandWindows],
    // protocols-a.md §2 Trust.
    trust: Some(&TRUST),
    // Its variables: protocols-a.md §2 Process "Env" (no CLAUDE_PROJECT_DIR outside plugins).
    launch: Launch {
        env_known: true,
        ..Launch::SHELL
    },
    generated_as: GENERATED_AS,
    // hooks.json as discovery.rs reads it (protocols-a.md §2).
    writes: Ok(&WRITER),
    plugins: Some(&PLUGINS),
    ..Loader::DEFAULT
};

/// Codex's system config layer (`/etc/codex/config.toml`, `requirements.toml`,
/// `managed_config.toml` in the 0.171.0 binary's strings, read 2026-12-05): its `hooks.json`
/// and `config.toml` are read as the user's are.
pub const SYSTEM_LAYER: &str = "/etc/codex";

/// How `hookcheck sync` writes a hook into .codex/hooks.json.
static WRITER: Writer = Writer::grouped(".codex/hooks.json", Unit::Seconds);

/// Every non-managed hook runs only once reviewed and trusted; trust is a hash of the hook's
/// normalized definition kept in Codex's config state, so a changed hook stops running; the
/// project's `.codex/` layers load only in a trusted project (protocols-a.md §2 "Trust").
static TRUST: Trust = Trust {
    gates: Gate::EveryHook,
    until: "Codex skips each one silently, and again after any change to it",
    kept: "a hash of each hook in Codex's config state",
    how: "review and trust the hooks with `/hooks` in Codex (or run it with --dangerously-bypass-hook-trust)",
    // A hash of Codex's normalized definition: not something hookcheck can check.
    trusted: |_, _| None,
    // The system layer's hooks run untrusted: real agent: Codex 0.171.0 run without
    // --dangerously-bypass-hook-trust, 2026-12-05: a blocking hook in /etc/codex/hooks.json
    // blocked (fixtures/live/lifecycle/trust-system) while the user's own untrusted hook was
    // skipped (fixtures/live/lifecycle/trust-untrusted).
    exempt: &[SYSTEM_LAYER],
    source: "protocols-a.md §2 Trust (openai/codex)",
};

const SHAPE: Shape = command_shape(
    "codex",
    Unit::Seconds,
    "Codex loads no hooks from this file",
);

/// A Codex plugin is a folder with `.codex-plugin/plugin.json`; its hooks are in the files the
/// manifest's `hooks` field names, or else in `hooks/hooks.json`, in the `hooks.json` shape
/// (`{"hooks": {…}}`), and run with `PLUGIN_ROOT` and `CLAUDE_PLUGIN_ROOT` naming the plugin's
/// folder (openai/codex `codex-rs/core-plugins/src/loader.rs` `load_plugin_hooks` and
/// `DEFAULT_HOOKS_CONFIG_FILE`, as stored in the search index, read 2026-12-04; the env:
/// protocols-a.md §2 Process, command_runner.rs @01746657). A local marketplace lists plugin
/// folders in `.agents/plugins/marketplace.json`, `plugins[].source.path` relative to its root
/// (loader.rs @b8f623c4 `refresh_curated_plugin_cache`, command_runner.rs @85709635
/// `verify_current_internal_opt_in`). Codex runs them once the
/// plugin is installed and enabled, and each hook trusted. Not read: hooks inline in the
/// manifest, and a folder with only `.claude-plugin/plugin.json`, which Codex also takes as a
/// plugin's manifest once it is installed (codex-rs/utils/plugins/src/plugin_namespace.rs
/// @19b965ad).
static PLUGINS: PluginLayout = PluginLayout {
    named_replace: true,
    // 0.171.0 writes the plugin's folder in place of `${PLUGIN_ROOT}` and
    // `${CLAUDE_PLUGIN_ROOT}` as it loads a plugin's hooks, and sets both in the hook's
    // environment too (run on the binary by hand 2026-12-05: single-quoted, they came back as
    // the folder). Its `${PLUGIN_DATA}` names a folder of its own under ~/.codex/plugins/data.
    // `PLUGIN_DATA` and `CLAUDE_PLUGIN_DATA` name `~/.codex/plugins/data/NAME-MARKETPLACE`,
    // not made. real agent: Codex 0.171.0, 2026-12-05
    // (fixtures/live/plugins/data/plugin-data--codex.json).
    data: Some(plugins::DataFolder::Named),
    load_refs: Some(|_, folder, _| {
        let folder = folder.display().to_string();
        vec![
            ("${PLUGIN_ROOT}", folder.clone()),
            ("${CLAUDE_PLUGIN_ROOT}", folder),
        ]
    }),
    // The same `hooks.json` shape as a config layer's.
    ..plugins::layout(
        &[".codex-plugin/plugin.json"],
        &[".agents/plugins/marketplace.json"],
        parse,
    )
};

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = if path.extension().is_some_and(|e| e == "toml") {
        toml::from_str::<serde_json::Value>(text).map_err(|e| NativeError {
            file: path.to_path_buf(),
            line: e.span().map(|s| line_at(text, s.start)),
            message: format!("not valid TOML: {}", e.message()),
            consequence: "Codex cannot read this config file, so none of its hooks load".into(),
            agent: None,
        })?
    } else {
        parse_json(path, text, SHAPE.consequence)?
    };
    let mut out = shape::grouped(&SHAPE, path, text, &v)?;
    let commands = out.iter_mut().filter(|h| h.not_command.is_none());
    for (h, windows) in commands.zip(windows_commands(&v)) {
        h.command_windows = windows;
    }
    Ok(out)
}

/// Each command handler's Windows command, in the order the grouped shape reads handlers.
fn windows_commands(v: &Value) -> Vec<Option<String>> {
    v.get("hooks")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|m| m.values())
        .filter_map(Value::as_array)
        .flatten()
        .filter_map(|g| g.get("hooks").and_then(Value::as_array))
        .flatten()
        .filter(|h| h.get("type").and_then(Value::as_str).unwrap_or("command") == "command")
        .map(|h| {
            h.get("commandWindows")
                .or_else(|| h.get("command_windows"))
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .collect()
}

/// The target names generators write this agent's hook file under.
/// agent-harness-adapter 0.2.2 writes it as harness `codex` (agent-harness-adapter-core 0.2.2
/// src/codex/adapter.rs `ID`, github.com/six5536/agent-harness-adapter @19b385a6, read 2026-12-01;
/// fixtures/corpus/aha-generated).
static GENERATED_AS: &[(&str, &str)] = &[("agent-harness-adapter", "codex")];
