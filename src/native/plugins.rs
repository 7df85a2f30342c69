//! Plugin folders in a project: a plugin at the root (its manifest there), and the plugins a
//! marketplace file at the root lists (`plugins[].source`, a relative path or
//! `{"path": "./…"}`), each with its hooks in a default hooks file, in the files its
//! manifest's `hooks` names, or (for an agent that reads them) inline in the manifest; and the
//! plugins a user installed, where the agent keeps them. Each agent that has plugins gives its
//! [`PluginLayout`] in its loader.
//!
//! Not read: plugins the marketplace fetches from elsewhere (a git or npm source) until they
//! are installed.

use std::path::{Component, Path, PathBuf};

use serde_json::Value;

use super::NativeHandler;

/// Where one agent finds plugins, and how it reads their manifests.
pub struct PluginLayout {
    /// The manifests that make a folder a plugin, from the folder (`.x-plugin/plugin.json`):
    /// the first that exists is the plugin's.
    pub manifests: &'static [&'static str],
    /// The marketplace files, from the project root, whose `plugins[].source` name plugin
    /// folders: the first that exists is read.
    pub marketplaces: &'static [&'static str],
    /// A plugin's default hooks files, from its folder: the first that exists is read.
    pub defaults: &'static [&'static str],
    /// The manifest's `hooks` paths name hooks files (some agents ignore a manifest's `hooks`).
    pub named: bool,
    /// The manifest's `hooks` paths replace the default hooks file (otherwise they are read
    /// besides it).
    pub named_replace: bool,
    /// A manifest whose `hooks` is an object holds the hooks itself (keyed by event), and is
    /// then a hooks file of the plugin (its agent's `parse` reads the manifest's `hooks`).
    pub inline: bool,
    /// The agent runs a plugin's hooks in the plugin's folder, not the project's.
    pub runs_in_plugin: bool,
    /// The agent's plugin-root variables hold the plugin's folder in a hook's environment
    /// (droid puts a placeholder there and the folder only in the command text).
    pub root_env: bool,
    /// The folders of the plugins the user installed and left enabled, from the home folder.
    pub installed: Option<fn(&Path) -> Vec<PathBuf>>,
    /// The plugin's data folder, which the agent's `*_PLUGIN_DATA` variables name in a hook's
    /// environment, where observed (`None`: hookcheck sets none).
    pub data: Option<DataFolder>,
    /// The references the agent replaces in a hook's command as it loads the plugin's hooks
    /// file, each with what it puts there (`${extensionPath}`: the plugin's folder), from the
    /// hooks file, the plugin's folder and the project root (all absolute).
    pub load_refs: Option<LoadRefs>,
    /// Reads one plugin hooks file into handlers, or says why the agent cannot load it.
    pub parse: fn(&Path, &str) -> Result<Vec<NativeHandler>, super::NativeError>,
}

/// What [`PluginLayout::load_refs`] gives: `(hooks file, plugin folder, project root)` to
/// `(reference, replacement)` pairs.
pub type LoadRefs = fn(&Path, &Path, &Path) -> Vec<(&'static str, String)>;

/// `command` with each of `refs` replaced, as the agent loads it.
pub fn resolve_load_refs(command: &str, refs: &[(&str, String)]) -> String {
    refs.iter()
        .fold(command.to_string(), |c, (r, with)| c.replace(r, with))
}

/// A plugin's default hooks file, from its folder.
pub const PLUGIN_HOOKS: &str = "hooks/hooks.json";

/// The layout most agents share: one manifest and one marketplace file, hooks in
/// `hooks/hooks.json` and besides it the files the manifest names.
pub const fn layout(
    manifest: &'static [&'static str],
    marketplace: &'static [&'static str],
    parse: fn(&Path, &str) -> Result<Vec<NativeHandler>, super::NativeError>,
) -> PluginLayout {
    PluginLayout {
        manifests: manifest,
        marketplaces: marketplace,
        defaults: &[PLUGIN_HOOKS],
        named: true,
        named_replace: false,
        inline: false,
        runs_in_plugin: false,
        root_env: true,
        installed: None,
        data: None,
        load_refs: None,
        parse,
    }
}

/// A plugin's data folder as the agent gives it to the plugin's hooks. The real one is in the
/// agent's folders under the user's home, named after the plugin and the marketplace it came
/// from (which a project's plugin folder does not say); hookcheck names a folder of its own
/// run instead ([`data_folder`]), so a hook that keeps state there finds what a fresh install
/// gives it and no check writes into the user's home.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataFolder {
    /// The agent makes the folder before the hook runs (an empty folder).
    Made,
    /// The agent names the folder and does not make it.
    Named,
}

/// Whether a variable is a plugin-data variable (`PLUGIN_DATA`, `<AGENT>_PLUGIN_DATA`).
pub fn is_data_var(name: &str) -> bool {
    name == "PLUGIN_DATA" || name.ends_with("_PLUGIN_DATA")
}

/// The data folder hookcheck gives `agent`'s plugin in folder `plugin` (its name), under the
/// run's own folder, removed when hookcheck exits; made when the agent makes it.
pub fn data_folder(agent: &str, plugin: &Path, data: DataFolder) -> PathBuf {
    let name = plugin
        .file_name()
        .map_or_else(|| "plugin".into(), |n| n.to_string_lossy().into_owned());
    let dir = crate::plan::transcript::folder()
        .join("plugin-data")
        .join(agent)
        .join(name);
    if data == DataFolder::Made {
        let _ = std::fs::create_dir_all(&dir);
    }
    dir
}

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
        self.files_in_folders(self.folders(root))
    }

    /// The hooks files of the plugins the user installed (none for an agent without installed
    /// plugins), each with its plugin's folder.
    pub fn installed_files(&self, home: &Path) -> Vec<(PathBuf, PathBuf)> {
        match self.installed {
            Some(installed) => self.files_in_folders(installed(home)),
            None => Vec::new(),
        }
    }

    fn files_in_folders(&self, dirs: Vec<PathBuf>) -> Vec<(PathBuf, PathBuf)> {
        let mut out: Vec<(PathBuf, PathBuf)> = Vec::new();
        for dir in dirs {
            for file in self.files_of(&dir) {
                if !out.iter().any(|(f, _)| *f == file) {
                    out.push((file, dir.clone()));
                }
            }
        }
        out
    }

    /// The plugin's manifest: the first of the layout's that exists.
    fn manifest_of(&self, dir: &Path) -> Option<PathBuf> {
        first_file(dir, self.manifests)
    }

    /// The plugin folders: the root when it holds the manifest, then each folder the
    /// marketplace lists by a path inside the root.
    fn folders(&self, root: &Path) -> Vec<PathBuf> {
        let mut dirs = Vec::new();
        if self.manifest_of(root).is_some() {
            dirs.push(root.to_path_buf());
        }
        let listed = first_file(root, self.marketplaces).and_then(|m| json_file(&m));
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

    /// One plugin's hooks files: the default one, those its manifest names, and the manifest
    /// itself where it holds the hooks inline.
    fn files_of(&self, dir: &Path) -> Vec<PathBuf> {
        let manifest_path = self.manifest_of(dir);
        let manifest = manifest_path.as_deref().and_then(json_file);
        let hooks = manifest.as_ref().and_then(|m| m.get("hooks"));
        if self.inline
            && let (Some(Value::Object(_)), Some(path)) = (hooks, &manifest_path)
        {
            return vec![path.clone()];
        }
        let named: Vec<PathBuf> = match hooks.filter(|_| self.named) {
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
            // The first default that exists, or where the first would be.
            let default = first_file(dir, self.defaults)
                .or_else(|| self.defaults.first().map(|d| dir.join(d)));
            default.into_iter().collect()
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

/// The first of `names` (paths from `dir`) that is a file.
fn first_file(dir: &Path, names: &[&str]) -> Option<PathBuf> {
    names.iter().map(|n| dir.join(n)).find(|p| p.is_file())
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

/// The installed plugin's folder (absolute) of `file` when it is the hooks file of a plugin
/// the user installed.
pub fn installed_folder_of(layout: &PluginLayout, home: &Path, file: &Path) -> Option<PathBuf> {
    layout
        .installed_files(home)
        .into_iter()
        .find(|(f, _)| f == file)
        .map(|(_, folder)| folder)
}

/// The JSON file at `path`, when it is a regular file and parses.
pub fn json_file(path: &Path) -> Option<Value> {
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

    const LAYOUT: PluginLayout = layout(&[".p/plugin.json"], &[".p/marketplace.json"], |_, _| {
        Ok(Vec::new())
    });

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
    fn the_first_manifest_and_default_found_are_read_and_an_inline_object_is_the_manifest() {
        let many = PluginLayout {
            defaults: &["hooks.json", PLUGIN_HOOKS],
            named_replace: true,
            inline: true,
            ..layout(
                &["a/plugin.json", "plugin.json"],
                &[],
                |_, _| Ok(Vec::new()),
            )
        };
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        write(root, "plugin.json", r#"{"name":"x"}"#);
        write(root, "hooks/hooks.json", "{}");
        assert_eq!(many.hook_files(root), [root.join("hooks/hooks.json")]);
        write(root, "hooks.json", "{}");
        assert_eq!(many.hook_files(root), [root.join("hooks.json")]);
        // The first manifest in the layout's order wins: its inline hooks are the plugin's.
        write(root, "a/plugin.json", r#"{"hooks":{"preToolUse":[]}}"#);
        assert_eq!(many.hook_files(root), [root.join("a/plugin.json")]);
        write(root, "a/plugin.json", r#"{"hooks":"x/h.json"}"#);
        assert_eq!(many.hook_files(root), [root.join("x/h.json")]);
    }

    #[test]
    fn plugin_variables() {
        assert!(is_root_var("PLUGIN_ROOT") && is_root_var("X_PLUGIN_ROOT"));
        assert!(!is_root_var("ROOT") && is_plugin_var("X_PLUGIN_DATA"));
    }
}
