//! Hook specs: the model, loading from YAML or JSON, and validation.
//!
//! One hook per file, `<name>.yaml` (or `.yml`, `.json`). A spec is either *native* (`event`
//! and `matcher`, used verbatim for every tool) or *portable* (`on` and `match`, which each tool
//! maps to its own event and tool names).

pub mod load;
mod portable;
pub mod shape;

pub use load::{SpecFile, discover, find_spec, load_file};
pub use portable::{On, PortableMatch};

use std::collections::BTreeMap;

use serde::Deserialize;

/// Every field a spec may have, in the order `hookcheck` documents them.
pub const FIELDS: &[&str] = &[
    "name",
    "description",
    "event",
    "matcher",
    "on",
    "match",
    "command",
    "args",
    "timeout",
    "targets",
    "async",
    "asyncRewake",
    "if",
    "failClosed",
    "shell",
    "commandWindows",
    "cwd",
    "env",
    "decision",
];

/// A key that starts with this is an extension block: settings for one agent, named by its id
/// (`x-` and the id), kept as written and read only by that agent's folder.
pub const EXTENSION_PREFIX: &str = "x-";

/// A command written as one string or as a list of commands (each its own handler).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Commands {
    /// One command.
    One(String),
    /// Several commands, each run as its own handler.
    Many(Vec<String>),
}

/// A hook spec as written in its file.
#[derive(Debug, Clone, PartialEq, Deserialize, Default)]
// Unknown keys are found after the typed parse (load.rs), which also keeps `x-ID` blocks.
pub struct RawSpec {
    /// The hook's name; defaults to the file name without extension.
    pub name: Option<String>,
    /// What the hook is for.
    pub description: Option<String>,
    /// Native form: the event name, used verbatim for every tool.
    pub event: Option<String>,
    /// Native form: the matcher, used verbatim for every tool.
    pub matcher: Option<String>,
    /// Portable form: when the hook runs.
    pub on: Option<String>,
    /// Portable form: which tool calls it runs on.
    #[serde(rename = "match")]
    pub match_: Option<String>,
    /// The command (or commands) to run.
    pub command: Option<Commands>,
    /// Exec form: arguments passed to `command` with no shell.
    pub args: Option<Vec<String>>,
    /// Timeout in seconds.
    #[serde(default, deserialize_with = "load::timeout_secs")]
    pub timeout: Option<u64>,
    /// An agent's own file's timeout to the millisecond, where that file's unit is finer than
    /// seconds (`run --installed`: Gemini CLI's `"timeout": 100` runs 100 ms, not the 1 s
    /// [`RawSpec::timeout`] rounds it up to). Never read from a spec.
    #[serde(skip)]
    pub timeout_ms: Option<u64>,
    /// The tools this hook is written for (ids); all tools when absent.
    pub targets: Option<Vec<String>>,
    /// The agent does not wait for the hook.
    #[serde(rename = "async", default)]
    pub async_: bool,
    /// Runs in the background and wakes the model when it exits 2.
    #[serde(rename = "asyncRewake", default)]
    pub async_rewake: bool,
    /// A permission rule that decides whether the handler runs (`Bash(git *)`).
    #[serde(rename = "if")]
    pub if_: Option<String>,
    /// A failing hook blocks instead of letting the action through.
    #[serde(rename = "failClosed", default)]
    pub fail_closed: bool,
    /// The shell to run the command with (`bash` or `powershell`).
    pub shell: Option<String>,
    /// The command to run on Windows instead.
    #[serde(rename = "commandWindows")]
    pub command_windows: Option<String>,
    /// The working directory, relative to the project root.
    pub cwd: Option<String>,
    /// Environment variables for the handler.
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// `stdout`: the hook prints its decision on stdout.
    pub decision: Option<String>,
    /// The extension blocks (`x-ID: ...`), by key, as written.
    #[serde(skip)]
    pub extensions: BTreeMap<String, serde_json::Value>,
    /// For an installed hook that runs no command (a `prompt`, `http` or `agent` hook): why it
    /// is not run. Never read from a spec file; its plan is "not run" wherever it would fire.
    #[serde(skip)]
    pub not_command: Option<String>,
}

/// When and on what the hook runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum When {
    /// `event` + `matcher`, verbatim for every tool.
    Native {
        /// The event name.
        event: String,
        /// The matcher (empty when absent).
        matcher: String,
    },
    /// `on` + `match`, mapped by each tool.
    Portable {
        /// When.
        on: On,
        /// On which tool calls (None: every call, or not a tool event).
        matches: Option<PortableMatch>,
    },
}

/// A validated hook spec.
#[derive(Debug, Clone, PartialEq)]
pub struct HookSpec {
    /// The hook's name.
    pub name: String,
    /// The file it came from, and where each key stands in it.
    pub file: SpecFile,
    /// When and on what it runs.
    pub when: When,
    /// The commands, one handler each.
    pub commands: Vec<String>,
    /// Exec-form arguments (no shell).
    pub args: Option<Vec<String>>,
    /// The rest of the fields as written.
    pub raw: RawSpec,
}

impl HookSpec {
    /// The extension block of the agent with this id (`x-ID`), as written.
    pub fn extension(&self, id: &str) -> Option<&serde_json::Value> {
        self.raw.extensions.get(&format!("{EXTENSION_PREFIX}{id}"))
    }

    /// The spec's timeout in seconds, if it sets one.
    pub fn timeout(&self) -> Option<u64> {
        self.raw.timeout
    }

    /// Whether the spec is written for tool `id` (no `targets` means every tool).
    pub fn targets_tool(&self, id: &str) -> bool {
        match &self.raw.targets {
            None => true,
            Some(list) => list.iter().any(|t| t == id),
        }
    }

    /// Whether the agent does not wait for this hook (`async` or `asyncRewake`).
    pub fn is_async(&self) -> bool {
        self.raw.async_ || self.raw.async_rewake
    }
}

/// A problem with a spec, placed in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    /// The file.
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<u64>,
    /// 1-based column, when known.
    pub column: Option<u64>,
    /// How many bytes from the column to mark (default: the value there).
    pub width: Option<u32>,
    /// What is wrong.
    pub message: String,
    /// What to do about it, when there is more to say than the message.
    pub help: Option<Box<str>>,
    /// The text of the line the error is on, when known.
    pub source_line: Option<Box<str>>,
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{}:{}: {}", self.file, l, c, self.message),
            (Some(l), None) => write!(f, "{}:{}: {}", self.file, l, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for SpecError {}

/// The closest of `candidates` to `word`, when it is close enough to be a likely typo.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let word_l = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (edit_distance(&word_l, &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= (c.len().max(word.len()) / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

impl From<SpecError> for crate::error::Error {
    fn from(e: SpecError) -> Self {
        let mut out = crate::error::Error::in_file(
            e.message,
            crate::error::Place {
                file: e.file,
                line: e.line,
                column: e.column,
                width: e.width.and_then(|w| usize::try_from(w).ok()),
                source_line: e.source_line.map(String::from),
            },
        );
        for h in e.help.iter().flat_map(|h| h.lines()) {
            out = out.help(h);
        }
        out
    }
}

/// A typed error as the spec loader reports it (kept here, beside [`crate::error::Error`], the error module depends on nothing).
impl From<crate::error::Error> for SpecError {
    fn from(e: crate::error::Error) -> Self {
        let help = (!e.help.is_empty()).then(|| e.help.join("\n").into());
        match e.place {
            Some(place) => SpecError {
                file: place.file.clone(),
                line: place.line,
                column: place.column,
                width: place.width.and_then(|w| u32::try_from(w).ok()),
                message: e.message,
                help,
                source_line: place.source_line.as_deref().map(Box::from),
            },
            None => SpecError {
                file: String::new(),
                line: None,
                column: None,
                width: None,
                message: e.message,
                help,
                source_line: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn did_you_mean_finds_typos_and_ignores_strangers() {
        let fields = FIELDS.iter().copied();
        assert_eq!(did_you_mean("matchr", fields.clone()), Some("matcher"));
        assert_eq!(
            did_you_mean("failclosed", fields.clone()),
            Some("failClosed")
        );
        assert_eq!(did_you_mean("timout", fields.clone()), Some("timeout"));
        assert_eq!(did_you_mean("zzzzzzzz", fields), None);
    }

    /// One reading of the folders answers the lookup by file stem and by `name:`, the names
    /// claimed twice, the peers and `discover`, as each did when it read the folders itself.
    #[test]
    fn one_reading_of_the_spec_folders_answers_every_question() {
        let root = tempfile::tempdir().expect("temp dir");
        let (a, b) = (root.path().join("a"), root.path().join("b"));
        let spec = |name: Option<&str>| {
            let name = name.map(|n| format!("name: {n}\n")).unwrap_or_default();
            format!("{name}on: before-tool\nmatch: shell\ncommand: ./g.sh\n")
        };
        let files = [
            (&a, "guard.yaml", spec(None)),
            (&a, "named.yaml", spec(Some("alias"))),
            (&a, "x.yaml", spec(None)),
            (
                &a,
                "x.json",
                r#"{"on": "before-tool", "match": "shell", "command": "./g.sh"}"#.into(),
            ),
            (&a, "broken.yaml", "on: [\n".into()),
            (&b, "guard.yaml", spec(None)),
            (&b, "other.yaml", spec(None)),
        ];
        for (dir, file, text) in &files {
            std::fs::create_dir_all(dir).expect("folder");
            std::fs::write(dir.join(file), text).expect("spec");
        }
        let dirs = [a.clone(), b.clone()];
        let folders = load::Folders::read(&dirs);
        assert_eq!(
            folders.ambiguous(),
            [("x".to_string(), vec![a.join("x.json"), a.join("x.yaml")])]
        );
        assert_eq!(
            folders.find("guard").expect("by stem"),
            a.join("guard.yaml")
        );
        assert_eq!(
            folders.find("alias").expect("by name:"),
            a.join("named.yaml")
        );
        let x = folders.find("x").expect_err("claimed twice");
        assert!(x.to_string().contains("2 spec files are named `x`"), "{x}");
        let peers: Vec<String> = folders
            .others(&a.join("guard.yaml"))
            .into_iter()
            .map(|s| s.name)
            .collect();
        assert_eq!(peers, ["alias", "other", "x"]);
        let found: Vec<(&str, std::path::PathBuf)> = vec![
            ("broken", a.join("broken.yaml")),
            ("guard", a.join("guard.yaml")),
            ("named", a.join("named.yaml")),
            ("other", b.join("other.yaml")),
            ("x", a.join("x.json")),
        ];
        let want: Vec<(String, std::path::PathBuf)> =
            found.into_iter().map(|(n, p)| (n.to_string(), p)).collect();
        assert_eq!(discover(&dirs), want);
    }
}
