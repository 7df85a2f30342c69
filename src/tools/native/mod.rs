//! Each agent's own hook files: where they are, what shape they have, and which other
//! agents' files the agent also loads. One loader per file; [`LOADERS`] lists them.

pub mod claude;
pub mod codex;
pub mod copilot;
pub mod cursor;
pub mod gemini;
pub mod qwen;

use std::path::{Path, PathBuf};

use crate::native::{NativeError, NativeHandler};

/// How to find and read one agent's hook files.
pub struct Loader {
    /// The agent's id (a [`super::Tool`] id when hookcheck can run the agent's hooks).
    pub id: &'static str,
    /// The agent's name for people.
    pub name: &'static str,
    /// The hook files the agent reads under the project root (existing or not).
    pub project_files: fn(&Path) -> Vec<PathBuf>,
    /// The hook files the agent reads under the user's home folder.
    pub user_files: fn(&Path) -> Vec<PathBuf>,
    /// Reads one file's text into handlers, or says why the agent cannot load it.
    pub parse: fn(&Path, &str) -> Result<Vec<NativeHandler>, NativeError>,
    /// Other agents (ids) whose files this agent also loads and runs by its own rules.
    pub also_reads: &'static [&'static str],
    /// The agent's events, when it has no [`super::Tool`] that lists them.
    pub events: &'static [&'static str],
    /// Other agents' event names and this agent's name for the same event.
    pub renames: &'static [(&'static str, &'static str)],
    /// The tool names the agent's matchers are compared with.
    pub tool_names: &'static [&'static str],
    /// The project files as people write them (`.github/hooks/*.json`).
    pub project_glob: &'static str,
    /// Handler fields beyond command, matcher and timeout that a spec must agree with.
    pub compares: &'static [Field],
    /// The unit timeouts are written in, for people (`s`, `ms`).
    pub unit: &'static str,
    /// The agent needs the user to trust hooks before they run: what to do about it.
    pub trust: Option<&'static str>,
    /// Where the paths and shapes come from.
    pub sources: &'static [&'static str],
    /// The day the sources were read.
    pub checked: &'static str,
}

impl Loader {
    /// The agent's events: its tool's, or the loader's own list.
    pub fn events(&self) -> &'static [&'static str] {
        super::find(self.id).map_or(self.events, |t| t.events)
    }
}

/// A handler field the stale-file check compares with the spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// `env` (keys only in messages).
    Env,
    /// `failClosed`.
    FailClosed,
    /// `cwd`.
    Cwd,
    /// `confirm`.
    Confirm,
}

/// Every loader, in registry order.
pub static LOADERS: &[&Loader] = &[
    &claude::LOADER,
    &codex::LOADER,
    &gemini::LOADER,
    &cursor::LOADER,
    &copilot::LOADER,
    &qwen::LOADER,
];

/// The loader of agent `id`.
pub fn loader(id: &str) -> Option<&'static Loader> {
    LOADERS.iter().copied().find(|l| l.id == id)
}

/// The `*.json` files directly in `dir`, sorted by name.
pub fn json_files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    out.sort();
    out
}
