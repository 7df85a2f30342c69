//! GitHub Copilot CLI's hook files.
//!
//! Source: protocols-a.md §4 Config (github/docs `hooks-reference.md` @05da5bc3): repo
//! `.github/hooks/*.json`, user `~/.copilot/hooks/*.json`, and the repo's
//! `.claude/settings.json` / `.claude/settings.local.json` (read by the CLI, run by its own
//! PascalCase rules); the `hooks` of the repo's `.github/copilot/settings.json` /
//! `settings.local.json` and the user's `~/.copilot/settings.json` ([`existing`]); and plugins
//! ([`PLUGINS`]): the project's, and those the user installed. `$COPILOT_HOME` stands in for
//! `~/.copilot` ([`copilot_home`]). Not read: a machine's policy hook files.
//! Flat shape `{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "…",
//! "command": "…", "exec": "…", "args": […], "cwd": "…", "env": {…}, "timeoutSec": 30,
//! "matcher": "…"}]}}`; `timeout` is an alias of `timeoutSec`; a bad `version` rejects the
//! file; an entry may be a Claude-style group (`{"matcher": "…", "hooks": [handlers]}`)
//! ([`ungroup`]).

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::native::loader::{
    EmptyMatcher, Field, Gate, Launch, Layout, Loader, RegexFlavour, Trust, Writer,
    folder_and_parents, json_files_in, jsonc_file, same_folder,
};
use crate::native::plugins::{self, PluginLayout};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json, shape_error};

/// Copilot CLI's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        let mut files = json_files_in(&root.join(".github/hooks"));
        files.extend(existing(&[
            root.join(".github/copilot/settings.json"),
            root.join(".github/copilot/settings.local.json"),
        ]));
        files.extend(PLUGINS.hook_files(root));
        files
    },
    user_files: |home| {
        let own = copilot_home(home);
        let mut files = policy_files();
        files.extend(json_files_in(&own.join("hooks")));
        files.extend(existing(&[own.join("settings.json")]));
        files.extend(PLUGINS.installed_files(home).into_iter().map(|(f, _)| f));
        files
    },
    parse,
    // A Node program (docs/reference/real-agents.md, npm package): readFileSync(…, "utf8")
    // puts U+FFFD for a byte that is not UTF-8 and loads the rest.
    lossy_utf8: true,
    also_reads: &["claude"],
    renames: &[
        ("BeforeTool", "preToolUse"),
        ("AfterTool", "postToolUse"),
        ("beforeShellExecution", "preToolUse"),
        // The PascalCase (VS Code / Claude format) events whose camelCase twin is not the same
        // name in another casing; they decide as their twins (behaviour spec, "Copilot replies").
        ("UserPromptSubmit", "userPromptSubmitted"),
        ("Stop", "agentStop"),
    ],
    // camelCase runtime names, and Claude's names for PascalCase events.
    tool_names: &[
        "bash",
        "powershell",
        "edit",
        "create",
        "view",
        "glob",
        "grep",
        "web_fetch",
        "task",
        "Bash",
        "Write",
        "Edit",
        "Read",
    ],
    project_glob: ".github/hooks/*.json",
    // Fields compared with a spec: behaviour spec (seed 002), "Stale tool file replies".
    compares: &[Field::Cwd],
    trust: Some(&TRUST),
    empty_matchers: &[EMPTY_MATCHER, OWN_EMPTY_MATCHER],
    // (That a missing binary blocks before a tool is a reply rule of Copilot's, from
    // docs/reference/real-agents.md, Copilot CLI 1.0.102.) It sets CLAUDE_PROJECT_DIR for
    // every hook, those of .claude/settings.json too (fixtures/live/inputs/copilot--*.json,
    // captured 2026-12-01; an earlier reading, issue 14, said it did not).
    launch: Launch {
        env_known: true,
        no_shell: false,
    },
    generated_as: GENERATED_AS,
    // An anchored JavaScript regex (protocols-a.md §4 "Matcher"; seed 002 "Copilot sample events").
    regex: Some(RegexFlavour::JsAnchored),
    // hooks-reference.md @05da5bc3: version 1, `bash`, `timeoutSec`.
    writes: Ok(&WRITER),
    plugins: Some(&PLUGINS),
    ..Loader::DEFAULT
};

/// The machine's policy hook files, which Copilot CLI runs first for every user:
/// `/etc/github-copilot/policy.d/*.json`, each only when root owns it and no one else may
/// write it (protocols-a.md §4 "CLI sources", github/docs hooks-reference.md). Real agent:
/// 1.0.102 ran a blocking preToolUse hook from a root-owned policy file beside the user's
/// (fixtures/live/lifecycle/managed-policy, 2026-12-05; the ownership rule is the docs').
fn policy_files() -> Vec<PathBuf> {
    policy_files_in(Path::new(POLICY_DIR))
}

/// The `*.json` files in `dir` that root owns and no one else may write.
fn policy_files_in(dir: &Path) -> Vec<PathBuf> {
    use std::os::unix::fs::MetadataExt;
    json_files_in(dir)
        .into_iter()
        .filter(|f| std::fs::metadata(f).is_ok_and(|m| m.uid() == 0 && m.mode() & 0o022 == 0))
        .collect()
}

/// Where [`policy_files`] are.
pub const POLICY_DIR: &str = "/etc/github-copilot/policy.d";

/// Copilot CLI's own folder: `$COPILOT_HOME` when set, else `~/.copilot`. real agent: Copilot
/// CLI 1.0.102, 2026-12-04 (fixtures/live/plugins/copilot.md): with `COPILOT_HOME` set it
/// installs plugins there and runs only those, none of `~/.copilot`'s.
pub fn copilot_home(home: &Path) -> PathBuf {
    match std::env::var_os("COPILOT_HOME") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => home.join(".copilot"),
    }
}

/// A Copilot CLI plugin: a folder with a manifest at `.plugin/plugin.json`, `plugin.json`,
/// `.github/plugin/plugin.json` or `.claude-plugin/plugin.json` (the first found), its hooks in
/// the file the manifest's `hooks` names (then only there), or inline in the manifest as an
/// object keyed by event, or else in `hooks.json` or `hooks/hooks.json` (the first found); a
/// marketplace at `marketplace.json`, `.plugin/`, `.github/plugin/` or
/// `.claude-plugin/marketplace.json` lists plugin folders (github/docs
/// `content/copilot/reference/copilot-cli-reference/cli-plugin-reference.md` @0afe69c8,
/// "File locations", read 2026-12-04). So a Claude Code plugin is a Copilot plugin too.
/// Observed on the real agent (Copilot CLI 1.0.102, 2026-12-04, fixtures/live/plugins/copilot.md):
/// each of those choices; a Claude-shaped file (`PreToolUse` groups) and a flat one both run;
/// an inline object wrapped in `{"hooks": …}` does not; the hooks run in the plugin's folder
/// with `PLUGIN_ROOT`, `COPILOT_PLUGIN_ROOT` and `CLAUDE_PLUGIN_ROOT` naming it; and the
/// installed plugins are those `installedPlugins` of its `config.json` lists with their
/// `cache_path`, a disabled one (`"enabled": false`) not run. They ran in a folder not yet
/// trusted (the first probe run, before the workspace went into `trusted_folders`): a plugin's
/// hooks are not held back by the project's trust (`native::trust`).
pub static PLUGINS: PluginLayout = PluginLayout {
    manifests: &[
        ".plugin/plugin.json",
        "plugin.json",
        ".github/plugin/plugin.json",
        ".claude-plugin/plugin.json",
    ],
    marketplaces: &[
        "marketplace.json",
        ".plugin/marketplace.json",
        ".github/plugin/marketplace.json",
        ".claude-plugin/marketplace.json",
    ],
    defaults: &["hooks.json", plugins::PLUGIN_HOOKS],
    named: true,
    named_replace: true,
    inline: true,
    runs_in_plugin: true,
    root_env: true,
    installed: Some(installed),
    // `COPILOT_PLUGIN_DATA` and `CLAUDE_PLUGIN_DATA` name a folder keyed by a hash (G); whether
    // it is made was not observed: none set.
    data: None,
    load_refs: None,
    parse,
};

/// The folders of the plugins the user installed and left enabled: `installedPlugins[]` of
/// Copilot's `config.json` (a JSON file it writes with `//` comments on top), each
/// `cache_path`.
fn installed(home: &Path) -> Vec<PathBuf> {
    let config = jsonc_file(&copilot_home(home).join("config.json"));
    let list = config
        .as_ref()
        .and_then(|c| c.get("installedPlugins"))
        .and_then(Value::as_array);
    list.into_iter()
        .flatten()
        .filter(|p| p.get("enabled").and_then(Value::as_bool) != Some(false))
        .filter_map(|p| p.get("cache_path").and_then(Value::as_str))
        .map(PathBuf::from)
        .collect()
}

/// How `hookcheck sync` writes a hook into .github/hooks/hookcheck.json.
static WRITER: Writer = Writer::grouped(".github/hooks/hookcheck.json", Unit::Seconds)
    .layout(Layout::Flat)
    .top(r#"{"version":1}"#)
    .handler(r#"{"type":"command","bash":"$COMMAND","timeoutSec":"$TIMEOUT"}"#);

/// Copilot CLI loads a repository's hook files, its own `.github/hooks/*.json` and Claude's
/// `.claude/settings.json`, only in a trusted folder; trusted, it runs both and a deny in either
/// blocks; untrusted, neither runs (real agent: Copilot CLI 1.0.102, issue 14, checked
/// 2026-12-01). Trust covers the folder and those below it, kept in `trusted_folders` of
/// `~/.copilot/config.json` (docs.github.com/en/copilot/how-tos/copilot-cli/set-up-copilot-cli/configure-copilot-cli,
/// read 2026-12-01).
static TRUST: Trust = Trust {
    gates: Gate::ProjectFiles,
    until: "Copilot CLI runs none of them",
    kept: "`trusted_folders` in ~/.copilot/config.json",
    how: "start `copilot` in the folder and trust it for future sessions, or add the folder to `trusted_folders` in ~/.copilot/config.json",
    trusted: |home, root| {
        let v = jsonc_file(&copilot_home(home).join("config.json"));
        let folders = folder_and_parents(root);
        Some(
            v.as_ref()
                .and_then(|v| v.get("trusted_folders"))
                .and_then(|t| t.as_array())
                .is_some_and(|t| {
                    t.iter()
                        .filter_map(|f| f.as_str())
                        .any(|f| folders.iter().any(|r| same_folder(f, r)))
                }),
        )
    },
    exempt: &[],
    source: "real agent: Copilot CLI 1.0.102 (issue 14, 2026-12-01); docs.github.com/en/copilot/how-tos/copilot-cli/set-up-copilot-cli/configure-copilot-cli",
};

/// Copilot CLI runs no hook of Claude's `.claude/settings.json` whose group says
/// `"matcher": ""` (Claude Code runs it on every call): on the shell call, trusted, 1.0.102 ran
/// the PreToolUse hook under `"Bash"`, `"*"` and no matcher key, never under `""`.
const EMPTY_MATCHER: EmptyMatcher = EmptyMatcher {
    reads: "claude",
    source: "real agent: Copilot CLI 1.0.102, 2026-12-01, live trust runs of .claude/settings.json (fixtures/live/trust/copilot.json: the run with \"matcher\": \"\" did not run the hook, \"Bash\" did)",
};

/// Nor a hook of its own files whose matcher is written `""`, on either casing of the event
/// (1.0.102, 2026-12-05: `matcher-empty` and `camel-empty` in
/// fixtures/live/lifecycle/observations; the plan skips it, `tools::copilot` `empty_matcher`).
const OWN_EMPTY_MATCHER: EmptyMatcher = EmptyMatcher {
    reads: "copilot",
    source: "real agent: Copilot CLI 1.0.102, 2026-12-05 (fixtures/live/lifecycle/observations/matcher-empty--copilot.json, camel-empty--copilot.json: the hook did not run)",
};

const SHAPE: Shape = Shape {
    tool: "copilot",
    unit: Unit::Seconds,
    consequence: "Copilot rejects this file: none of its hooks load",
    // `bash` is the POSIX command; `command` the cross-platform one (hooks-reference.md).
    command_keys: &["bash", "command"],
    exec_key: Some("exec"),
    timeout_keys: &["timeoutSec", "timeout"],
};

/// The settings files whose top-level `hooks` Copilot CLI runs beside its hook files: the
/// repository's `.github/copilot/settings.json` and `settings.local.json`, and the user's
/// `~/.copilot/settings.json` (github/docs `content/copilot/reference/hooks-reference.md`,
/// "Hooks locations", read 2026-12-04; the user file is where live mode writes its hook, and
/// Copilot CLI 1.0.102 ran it: fixtures/live/inputs/copilot--*.json).
fn existing(paths: &[std::path::PathBuf]) -> Vec<std::path::PathBuf> {
    paths.iter().filter(|p| p.is_file()).cloned().collect()
}

/// A settings file rather than a hook file: its other keys are the CLI's settings, and one
/// with no `hooks` holds no hook.
fn is_settings(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n == "settings.json" || n == "settings.local.json")
}

/// A plugin manifest holding its hooks inline: its `hooks` object is keyed by event. A
/// `plugin.json` in a hooks folder (`.github/hooks/plugin.json`) is a hook file like the
/// others there.
fn is_manifest(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "plugin.json")
        && path
            .parent()
            .and_then(Path::file_name)
            .is_none_or(|d| d != "hooks")
}

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let mut v = parse_json(path, text, SHAPE.consequence)?;
    if is_manifest(path) {
        let hooks = v.get("hooks").cloned().unwrap_or(Value::Null);
        if hooks.get("hooks").is_some_and(Value::is_object) {
            // The inner `hooks`: the second one in the file.
            let mut cursor = crate::native::JsonCursor::new(text);
            cursor.line_of("hooks");
            return Err(shape_error(
                path,
                Some(cursor.line_of("hooks")),
                "the inline `hooks` object is wrapped in another `hooks`, as a hooks file is; inline, it is keyed by event".into(),
                "Copilot CLI runs none of this plugin's hooks (real agent: Copilot CLI 1.0.102, fixtures/live/plugins/copilot.json)",
            ));
        }
        return shape::flat(&SHAPE, path, text, &ungroup(json!({ "hooks": hooks })));
    }
    if is_settings(path) && v.get("hooks").is_none() {
        return Ok(Vec::new());
    }
    // Events at the top level: Copilot reads a hook file's events only under `hooks`. real
    // agent: Copilot CLI 1.0.102 ran none of a plugin's hooks/hooks.json written so
    // (fixtures/live/plugins/copilot.json, "bare-file").
    if v.get("hooks").is_none()
        && let Some(event) = v
            .as_object()
            .and_then(|o| o.iter().find(|(_, x)| x.is_array()).map(|(k, _)| k.clone()))
    {
        return Err(shape_error(
            path,
            Some(crate::native::JsonCursor::new(text).line_of(&event)),
            format!(
                "`{event}` is at the top level; Copilot CLI reads a hook file's events only under `hooks`"
            ),
            SHAPE.consequence,
        ));
    }
    v = ungroup(v);
    match v.get("version") {
        None | Some(Value::Null) => {}
        Some(Value::Number(n)) if n.as_u64() == Some(1) => {}
        Some(other) => {
            return Err(shape_error(
                path,
                None,
                format!("`version` is {other}; Copilot reads version 1"),
                SHAPE.consequence,
            ));
        }
    }
    shape::flat(&SHAPE, path, text, &v)
}

/// The file with each Claude-style group (`{"matcher": "…", "hooks": [handlers]}`, no command
/// of its own) under an event replaced by its handlers, each taking the group's matcher unless
/// it has its own. real agent: Copilot CLI 1.0.102, 2026-12-04 (fixtures/live/plugins/copilot.md):
/// groups under `preToolUse` and `PreToolUse` in `.github/hooks/*.json` both ran.
fn ungroup(mut v: Value) -> Value {
    let Some(events) = v.get_mut("hooks").and_then(Value::as_object_mut) else {
        return v;
    };
    for entries in events.values_mut().filter_map(Value::as_array_mut) {
        let mut flat = Vec::with_capacity(entries.len());
        for entry in entries.drain(..) {
            let is_group = SHAPE.command_keys.iter().all(|k| entry.get(*k).is_none())
                && entry.get("exec").is_none()
                && entry.get("hooks").is_some_and(Value::is_array);
            if !is_group {
                flat.push(entry);
                continue;
            }
            let matcher = entry.get("matcher").cloned();
            let handlers = entry.get("hooks").and_then(Value::as_array).cloned();
            for mut h in handlers.into_iter().flatten() {
                if let (Some(m), Some(obj)) = (&matcher, h.as_object_mut()) {
                    obj.entry("matcher").or_insert_with(|| m.clone());
                }
                flat.push(h);
            }
        }
        *entries = flat;
    }
    v
}

/// The target names generators write Copilot's `.github/hooks/*.json` under: rulesync's `copilot`
/// (cloud agent file) and `copilotcli`
/// (https://github.com/dyoshikawa/rulesync/blob/cfebcd751ddadb07fbcb6f657a8200e5803b4d1b/docs/reference/file-formats.md,
/// 2026-08-18, read 2026-12-01).
/// agent-harness-adapter 0.2.2 writes it as harness `copilot` (agent-harness-adapter-core 0.2.2
/// src/copilot/adapter.rs `ID`, github.com/six5536/agent-harness-adapter @19b385a6, read 2026-12-01;
/// fixtures/corpus/aha-generated).
static GENERATED_AS: &[(&str, &str)] = &[
    ("rulesync", "copilot"),
    ("rulesync", "copilotcli"),
    ("agent-harness-adapter", "copilot"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A policy file runs only when root owns it and neither its group nor others may write
    /// it: a file anyone could write is no policy.
    #[test]
    fn policy_files_are_roots_and_written_by_root_only() {
        let dir = tempfile::tempdir().expect("tempdir");
        for (name, mode) in [
            ("a.json", 0o644),
            ("b.json", 0o664),
            ("c.json", 0o646),
            ("d.txt", 0o644),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, "{}").expect("write");
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).expect("chmod");
        }
        // The files are the test's own: root's only when the test runs as root.
        use std::os::unix::fs::MetadataExt;
        let root = std::fs::metadata(dir.path()).is_ok_and(|m| m.uid() == 0);
        let want: Vec<PathBuf> = if root {
            vec![dir.path().join("a.json")]
        } else {
            Vec::new()
        };
        assert_eq!(policy_files_in(dir.path()), want);
    }
}
