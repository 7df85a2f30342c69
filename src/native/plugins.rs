//! Plugin folders in a project: a plugin at the root (its manifest there), and the plugins a
//! marketplace file at the root lists (`plugins[].source`, a relative path or
//! `{"path": "./…"}`), each with its hooks in `hooks/hooks.json` or in the files its manifest's
//! `hooks` names. Each agent that has plugins gives its [`PluginLayout`] in its loader.
//!
//! Not read: plugins the marketplace fetches from elsewhere (a git or npm source), and hooks
//! written inline in a manifest.

use std::path::{Component, Path, PathBuf};

use serde_json::Value;

use super::NativeHandler;

/// Where one agent finds plugins in a project, and how it reads their manifests.
pub struct PluginLayout {
    /// The manifest that makes a folder a plugin, from the folder (`.x-plugin/plugin.json`).
    pub manifest: &'static str,
    /// The marketplace file, from the project root, whose `plugins[].source` name plugin
    /// folders.
    pub marketplace: &'static str,
    /// The manifest's `hooks` paths replace the default `hooks/hooks.json` (otherwise they
    /// are read besides it).
    pub named_replace: bool,
    /// Reads one plugin hooks file into handlers, or says why the agent cannot load it.
    pub parse: fn(&Path, &str) -> Result<Vec<NativeHandler>, super::NativeError>,
}

/// A plugin's default hooks file, from its folder.
pub const PLUGIN_HOOKS: &str = "hooks/hooks.json";

impl PluginLayout {
    /// The hooks files of every plugin found under `root` (existing or not), in folder order.
    pub fn hook_files(&self, root: &Path) -> Vec<PathBuf> {
        self.hook_files_in(root)
            .into_iter()
            .map(|(f, _)| f)
            .collect()
    }

    /// Each plugin hooks file under `root` with its plugin's folder.
    pub fn hook_files_in(&self, root: &Path) -> Vec<(PathBuf, PathBuf)> {
        let mut out: Vec<(PathBuf, PathBuf)> = Vec::new();
        for dir in self.folders(root) {
            for file in self.files_of(&dir) {
                if !out.iter().any(|(f, _)| *f == file) {
                    out.push((file, dir.clone()));
                }
            }
        }
        out
    }

    /// The plugin folders: the root when it holds the manifest, then each folder the
    /// marketplace lists by a path inside the root.
    fn folders(&self, root: &Path) -> Vec<PathBuf> {
        let mut dirs = Vec::new();
        if root.join(self.manifest).is_file() {
            dirs.push(root.to_path_buf());
        }
        let listed = json_file(&root.join(self.marketplace));
        let plugins = listed
            .as_ref()
            .and_then(|v| v.get("plugins"))
            .and_then(Value::as_array);
        for p in plugins.into_iter().flatten() {
            let source = p.get("source");
            let path = source
                .and_then(Value::as_str)
                .or_else(|| source.and_then(|s| s.get("path")).and_then(Value::as_str));
            if let Some(dir) = path.and_then(|s| inside(root, s)) {
                dirs.push(dir);
            }
        }
        // One plugin listed twice (the root, and a marketplace entry linking to it) is one.
        let mut seen = Vec::new();
        dirs.retain(|d| {
            let real = d.canonicalize().unwrap_or_else(|_| d.clone());
            let new = !seen.contains(&real);
            seen.push(real);
            new
        });
        dirs
    }

    /// One plugin's hooks files: the default one and those its manifest names.
    fn files_of(&self, dir: &Path) -> Vec<PathBuf> {
        let manifest = json_file(&dir.join(self.manifest));
        let named: Vec<PathBuf> = match manifest.as_ref().and_then(|m| m.get("hooks")) {
            Some(Value::String(s)) => vec![s.as_str()],
            Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        }
        .into_iter()
        .filter_map(|s| inside(dir, s))
        .collect();
        let mut out = if self.named_replace && !named.is_empty() {
            Vec::new()
        } else {
            vec![dir.join(PLUGIN_HOOKS)]
        };
        for n in named {
            if !out.contains(&n) {
                out.push(n);
            }
        }
        out
    }
}

/// `dir` joined with a relative path (`./x`, `x`) that stays inside it; `None` for anything
/// else (an absolute path, `..`, a URL).
fn inside(dir: &Path, rel: &str) -> Option<PathBuf> {
    let rel = Path::new(rel);
    let mut out = dir.to_path_buf();
    for c in rel.components() {
        match c {
            Component::CurDir => {}
            Component::Normal(part) if !part.to_string_lossy().contains(':') => out.push(part),
            _ => return None,
        }
    }
    Some(out)
}

/// The plugin folder (as shown, from `root`) of `file` (as shown) when it is a plugin's hooks
/// file under `root`.
pub fn folder_of(layout: &PluginLayout, root: &Path, file: &Path) -> Option<PathBuf> {
    layout
        .hook_files_in(root)
        .into_iter()
        .find(|(f, _)| super::shown(root, f) == file)
        .map(|(_, folder)| super::shown(root, &folder))
}

/// The JSON file at `path`, when it is a regular file and parses.
fn json_file(path: &Path) -> Option<Value> {
    serde_json::from_str(&crate::textfile::read_regular(path)?).ok()
}

/// Whether a variable is a plugin-root variable (`PLUGIN_ROOT`, `<AGENT>_PLUGIN_ROOT`).
pub fn is_root_var(name: &str) -> bool {
    name == "PLUGIN_ROOT" || name.ends_with("_PLUGIN_ROOT")
}

/// Whether a variable is a plugin-root or plugin-data variable.
pub fn is_plugin_var(name: &str) -> bool {
    is_root_var(name) || name == "PLUGIN_DATA" || name.ends_with("_PLUGIN_DATA")
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYOUT: PluginLayout = PluginLayout {
        manifest: ".p/plugin.json",
        marketplace: ".p/marketplace.json",
        named_replace: false,
        parse: |_, _| Ok(Vec::new()),
    };

    fn write(root: &Path, path: &str, text: &str) {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }

    #[test]
    fn a_marketplace_lists_plugin_folders_inside_the_root() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        write(
            root,
            ".p/marketplace.json",
            r#"{"plugins":[{"source":"./plugins/a"},{"source":{"source":"local","path":"./plugins/b"}},{"source":"../out"},{"source":{"source":"github","repo":"o/r"}}]}"#,
        );
        let files = LAYOUT.hook_files(root);
        assert_eq!(
            files,
            [
                root.join("plugins/a/hooks/hooks.json"),
                root.join("plugins/b/hooks/hooks.json")
            ]
        );
    }

    #[test]
    fn a_manifest_at_the_root_makes_the_root_a_plugin_and_may_name_more_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        write(root, ".p/plugin.json", r#"{"hooks":"./extra/hooks.json"}"#);
        assert_eq!(
            LAYOUT.hook_files(root),
            [root.join("hooks/hooks.json"), root.join("extra/hooks.json")]
        );
        let replacing = PluginLayout {
            named_replace: true,
            ..LAYOUT
        };
        assert_eq!(replacing.hook_files(root), [root.join("extra/hooks.json")]);
        assert!(LAYOUT.hook_files(&root.join("none")).is_empty());
    }

    #[test]
    fn plugin_variables() {
        assert!(is_root_var("PLUGIN_ROOT") && is_root_var("X_PLUGIN_ROOT"));
        assert!(!is_root_var("ROOT") && is_plugin_var("X_PLUGIN_DATA"));
    }
}
