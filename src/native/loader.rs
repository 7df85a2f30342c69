//! How to find and read one agent's own hook files: where they are, what shape they have, and
//! which other agents' files the agent also loads. The [`Loader`] type and the shape helpers
//! loaders share; each agent's loader lives in its folder (`src/tools/<agent>/native.rs`),
//! and [`super::agents`] walks them.

use std::path::{Path, PathBuf};

use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json};

/// Reads one file into handlers and the entries the agent discards, or fails for the file.
pub type ParseEntries =
    fn(&Path, &str) -> Result<(Vec<NativeHandler>, Vec<NativeError>), NativeError>;

/// How to find and read one agent's hook files.
pub struct Loader {
    /// The hook files the agent reads under the project root (existing or not).
    pub project_files: fn(&Path) -> Vec<PathBuf>,
    /// The hook files the agent reads under the user's home folder.
    pub user_files: fn(&Path) -> Vec<PathBuf>,
    /// Reads one file's text into handlers, or says why the agent cannot load it.
    pub parse: fn(&Path, &str) -> Result<Vec<NativeHandler>, NativeError>,
    /// For an agent that discards a malformed entry and loads the rest: reads one file into
    /// handlers and the entries discarded (used instead of `parse`).
    pub parse_entries: Option<ParseEntries>,
    /// The agent decodes a file that is not UTF-8 with replacement characters and loads it
    /// (Node's `readFileSync(…, "utf8")`), instead of refusing it.
    pub lossy_utf8: bool,
    /// Other agents (ids) whose files this agent also loads and runs by its own rules.
    pub also_reads: &'static [&'static str],
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
    /// The agent runs some of these files' hooks only once the user trusts them.
    pub trust: Option<&'static Trust>,
    /// How the agent starts a hook's command, for the command analysis.
    pub launch: Launch,
    /// The names generators give this agent in their target lists, `(generator, target)`
    /// (rulesync's `claudecode`, ...), so a generator's canonical source maps to the agent.
    pub generated_as: &'static [(&'static str, &'static str)],
    /// The agents whose files this one cross-reads and whose `"matcher": ""` it runs on no call.
    pub empty_matchers: &'static [EmptyMatcher],
    /// Cross-reads the agent makes only when one of its own settings is on; hookcheck makes
    /// them with `--third-party`.
    pub switched_reads: &'static [SwitchedRead],
    /// The regex dialect lint checks the agent's matchers against, where a pattern outside it
    /// breaks the hook; `None`: no such check.
    pub regex: Option<RegexFlavour>,
    /// How `hookcheck sync` writes a hook into the agent's own project file, or why it does
    /// not.
    pub writes: Result<&'static Writer, &'static str>,
    /// Where the agent finds plugins in a project: their hooks files are among
    /// `project_files`, and their handlers carry the plugin's folder.
    pub plugins: Option<&'static crate::native::plugins::PluginLayout>,
    /// Files whose hooks the agent reads only when another file of the same scope is absent:
    /// `(file, fallback, source)`, both paths from the scope's folder (the project root or the
    /// home folder), and where the rule comes from, for people.
    pub fallbacks: &'static [(&'static str, &'static str, &'static str)],
    /// Project files that hold hooks in the agent's own shape but that the agent runs none of
    /// (a file its docs name and a real run did not read): `(path from the project root, one
    /// segment may be `*`; where the rule comes from)`. Their hooks are listed by `lint` as
    /// skipped, never run.
    pub unread: &'static [(&'static str, &'static str)],
}

/// How `hookcheck sync` writes one hook into an agent's own project file: the file, its
/// layout, and one handler as the agent spells it.
pub struct Writer {
    /// The project file, relative to the root.
    pub file: &'static str,
    /// The key the event map is under (`hooks`); `None`: the file is the event map.
    pub hooks_key: Option<&'static str>,
    /// How handlers sit under `hooks.<Event>`.
    pub layout: Layout,
    /// A new file's top-level fields besides `hooks`, as a JSON object (`{"version": 1}`).
    pub top: &'static str,
    /// One handler, as a JSON object: `"$COMMAND"` stands for the command and `"$TIMEOUT"`
    /// for the timeout in [`Writer::unit`] (its key is left out when the spec gives none).
    pub handler: &'static str,
    /// The unit the agent reads the timeout in.
    pub unit: Unit,
}

impl Writer {
    /// Claude Code's shape, which most agents copy: matcher groups under `hooks`, each
    /// handler `{"type": "command", "command": …, "timeout": …}`, in a new file with nothing
    /// else at its top.
    pub const fn grouped(file: &'static str, unit: Unit) -> Writer {
        Writer {
            file,
            hooks_key: Some("hooks"),
            layout: Layout::Grouped,
            top: "{}",
            handler: r#"{"type":"command","command":"$COMMAND","timeout":"$TIMEOUT"}"#,
            unit,
        }
    }

    /// One script per event in the folder `dir` (relative to the root), with no timeout.
    pub const fn scripts(dir: &'static str) -> Writer {
        Writer {
            file: dir,
            hooks_key: None,
            layout: Layout::ScriptPerEvent,
            top: "",
            handler: "{}",
            unit: Unit::Seconds,
        }
    }

    /// The same, with a new file's other top-level fields (`{"version":1}`).
    pub const fn top(mut self, top: &'static str) -> Writer {
        self.top = top;
        self
    }

    /// The same, with handlers laid out as `layout`.
    pub const fn layout(mut self, layout: Layout) -> Writer {
        self.layout = layout;
        self
    }

    /// The same, with one handler spelled as `handler`.
    pub const fn handler(mut self, handler: &'static str) -> Writer {
        self.handler = handler;
        self
    }

    /// The same, with the event map as the whole file (no `hooks` key).
    pub const fn at_top(mut self) -> Writer {
        self.hooks_key = None;
        self
    }
}

/// How handlers sit under `hooks.<Event>` in a file [`Writer`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Matcher groups, each `{"matcher": "…", "hooks": [handler…]}` (Claude Code's shape).
    Grouped,
    /// Handlers, each with its own `"matcher"`.
    Flat,
    /// Handlers with no matcher: the event alone picks the hook.
    FlatNoMatcher,
    /// One list under `hooks` of every handler, each naming its event and matcher itself
    /// (the handler template's `"$EVENT"` and `"$MATCHER"`).
    List,
    /// No JSON: one script per event, named after it, in the folder [`Writer::file`] names;
    /// every hook on the event runs from it, a tool-name check inside it standing for the
    /// matcher (`sync/script.rs`).
    ScriptPerEvent,
}

/// How an agent reads a matcher as a regular expression, for lint's flavour checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegexFlavour {
    /// JavaScript, anchored at both ends (`^(?:…)$`).
    JsAnchored,
    /// The Rust `regex` crate, where a pattern that does not compile skips the rule.
    RustSkipsInvalid,
}

impl Loader {
    /// What most loaders share, for `..Loader::DEFAULT`: one parse for the whole file, UTF-8
    /// only, no cross-reads, events from the tool, no renames, no tool names, no extra fields,
    /// timeouts in seconds, no trust gate, a shell starts the command, no generator names.
    /// Every loader names its own files, parse and glob (the empty ones here fail
    /// tests/it/registry.rs, and a file read with this parse fails).
    pub const DEFAULT: Loader = Loader {
        project_files: |_| Vec::new(),
        user_files: |_| Vec::new(),
        parse: |path, _| {
            Err(NativeError {
                file: path.to_path_buf(),
                line: None,
                message: "this loader names no parser".into(),
                consequence: "hookcheck cannot read the file".into(),
                agent: None,
            })
        },
        parse_entries: None,
        lossy_utf8: false,
        also_reads: &[],
        renames: &[],
        tool_names: &[],
        project_glob: "",
        compares: &[],
        unit: "s",
        trust: None,
        launch: Launch::SHELL,
        generated_as: &[],
        empty_matchers: &[],
        switched_reads: &[],
        regex: None,
        writes: Err("hookcheck sync does not write this agent's hook files yet"),
        plugins: None,
        fallbacks: &[],
        unread: &[],
    };
}

/// The shape of an agent whose handlers hold the command in `command` and the timeout in
/// `timeout`, with no exec form.
pub const fn command_shape(tool: &'static str, unit: Unit, consequence: &'static str) -> Shape {
    Shape {
        tool,
        unit,
        consequence,
        command_keys: &["command"],
        exec_key: None,
        timeout_keys: &["timeout"],
    }
}

/// Reads a JSON file in the grouped shape (event, matcher groups, handlers); a file that is not
/// JSON fails with the shape's consequence.
pub fn grouped_json(
    shape: &Shape,
    path: &Path,
    text: &str,
) -> Result<Vec<NativeHandler>, NativeError> {
    shape::grouped(
        shape,
        path,
        text,
        &parse_json(path, text, shape.consequence)?,
    )
}

/// Reads a JSON file in the flat shape (event, handlers); a file that is not JSON fails with the
/// shape's consequence.
pub fn flat_json(
    shape: &Shape,
    path: &Path,
    text: &str,
) -> Result<Vec<NativeHandler>, NativeError> {
    shape::flat(
        shape,
        path,
        text,
        &parse_json(path, text, shape.consequence)?,
    )
}

/// How an agent starts a hook's command: what `lint` and `run --installed` need to say what
/// breaks before the hook runs at all.
pub struct Launch {
    /// The variables it sets are known (documented, or seen in a real run): a variable of
    /// another agent that it does not set is then reported as empty.
    pub env_known: bool,
    /// It starts the command's first word itself, with no shell: a script without `#!` cannot
    /// start.
    pub no_shell: bool,
}

impl Launch {
    /// A shell runs the command; no variables beyond the tool's, and those not known to be all.
    /// (What a hook that cannot start does is the agent's reply rules' to say.)
    pub const SHELL: Launch = Launch {
        env_known: false,
        no_shell: false,
    };
}

/// A trust gate: hook files an agent loads only once the user trusts them, where it keeps
/// that trust, and what it does until then. `lint` and `run --installed` say it for every
/// gated file whose trust they cannot find where the agent keeps it.
pub struct Trust {
    /// Which files wait for trust.
    pub gates: Gate,
    /// What the agent does with the hooks until then ("Copilot CLI runs none of them").
    pub until: &'static str,
    /// Where the agent keeps the trust, for people.
    pub kept: &'static str,
    /// How to give it.
    pub how: &'static str,
    /// Whether the user has trusted the project (home, project root), read where the agent
    /// keeps it; `None` when hookcheck cannot tell (a hash in the agent's own state).
    pub trusted: fn(&Path, &Path) -> Option<bool>,
    /// Folders whose hook files the gate never holds back (a machine's own layer the agent
    /// runs without asking), as absolute paths.
    pub exempt: &'static [&'static str],
    /// Where this comes from.
    pub source: &'static str,
}

impl Trust {
    /// Whether the hooks of `file` (as shown: absolute for a file outside the project) wait
    /// for trust under this gate, as far as the file's place tells: not in an exempt folder.
    pub fn may_hold(&self, file: &Path) -> bool {
        !self.exempt.iter().any(|dir| file.starts_with(dir))
    }
}

/// Which hook files a [`Trust`] gate holds back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    /// The project's files, its own and those of other agents it cross-reads, until the
    /// folder is trusted.
    ProjectFiles,
    /// Every hook, user and project, until that hook is trusted.
    EveryHook,
}

/// A machine-wide file (or folder) an agent reads for every user: the path the agent's
/// environment variable `var` names when it has one and it is set (the tests set it too),
/// else `macos` on macOS and `linux` elsewhere (hookcheck runs on Linux and macOS only).
pub fn machine_path(var: Option<&str>, linux: &str, macos: &str) -> PathBuf {
    match var.and_then(std::env::var_os) {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ if cfg!(target_os = "macos") => PathBuf::from(macos),
        _ => PathBuf::from(linux),
    }
}

/// The machine's system defaults file of an agent of Gemini CLI's layout: `$var` when set,
/// else `system-defaults.json` beside its system settings file (`getSystemDefaultsPath` in both
/// agents' bundles).
pub fn system_defaults(var: &str, system_settings: &Path) -> PathBuf {
    match std::env::var_os(var) {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ => system_settings
            .parent()
            .unwrap_or(Path::new("/"))
            .join("system-defaults.json"),
    }
}

/// The JSON file at `path`, when it exists and parses.
pub fn json_file(path: &Path) -> Option<serde_json::Value> {
    serde_json::from_str(&crate::textfile::read_regular(path)?).ok()
}

/// The JSON file at `path` that may hold `//` and `/* */` comments (an agent's own state file,
/// which it writes with a comment on top), when it is a regular file and parses.
pub fn jsonc_file(path: &Path) -> Option<serde_json::Value> {
    let text = crate::textfile::read_regular(path)?;
    serde_json::from_str(&crate::jsonc::strip_comments(&text)).ok()
}

/// `root` and the folders above it, as written and resolved (`/tmp` may be a symlink), for
/// matching the folder paths agents keep in their trust stores.
pub fn folder_and_parents(root: &Path) -> Vec<PathBuf> {
    let mut starts = vec![root.to_path_buf()];
    if let Ok(real) = root.canonicalize()
        && real != root
    {
        starts.push(real);
    }
    starts
        .iter()
        .flat_map(|s| s.ancestors().map(Path::to_path_buf))
        .collect()
}

/// Whether a `trustedFolders.json` (a map of folder to `TRUST_FOLDER`, `TRUST_PARENT` or
/// `DO_NOT_TRUST`, the Gemini CLI format Qwen Code keeps too) trusts `root`: `TRUST_FOLDER`
/// trusts the folder and those below it, `TRUST_PARENT` the folder's parent and those below it,
/// `DO_NOT_TRUST` marks the folder itself untrusted (geminicli.com/docs/cli/trusted-folders,
/// read 2026-12-01). `Some(false)` when the file holds no rule for `root`.
pub fn trusted_folders_json(path: &Path, root: &Path) -> Option<bool> {
    let Some(v) = json_file(path) else {
        return Some(false);
    };
    let rules = v.as_object()?;
    let folders = folder_and_parents(root);
    for (folder, level) in rules {
        let level = level.as_str().unwrap_or_default();
        let at = Path::new(folder.trim_end_matches('/'));
        if level == "DO_NOT_TRUST" && folders.iter().take(1).any(|f| f == at) {
            return Some(false);
        }
        let covers = match level {
            "TRUST_FOLDER" => Some(at),
            "TRUST_PARENT" => at.parent(),
            _ => None,
        };
        if covers.is_some_and(|c| folders.iter().any(|f| f == c)) {
            return Some(true);
        }
    }
    Some(false)
}

/// Whether `a` names the folder `b` (a trailing `/` aside).
pub fn same_folder(a: &str, b: &Path) -> bool {
    let a = a.trim_end_matches('/');
    !a.is_empty() && Path::new(a) == b
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
    /// The Windows command (`commandWindows`), compared off Windows too.
    CommandWindows,
}

/// A cross-read an agent makes only when one of its own settings is on, a setting that lives
/// in the agent's app rather than in a file hookcheck can read.
pub struct SwitchedRead {
    /// The agent whose files it reads.
    pub reads: &'static str,
    /// Whether it reads that agent's user files too (with `--user`), not only project files.
    pub user_files: bool,
    /// The setting, as people find it.
    pub setting: &'static str,
}

/// A cross-read whose reader takes a matcher key written empty (`"matcher": ""`) as matching
/// no call, where the file's own agent takes it as every call (an absent key still matches
/// every call for both). Listed in the reader's [`Loader::empty_matchers`].
pub struct EmptyMatcher {
    /// The agent whose files it reads.
    pub reads: &'static str,
    /// Where the rule comes from.
    pub source: &'static str,
}

/// The `*.json` files directly in `dir`, sorted by name.
pub fn json_files_in(dir: &Path) -> Vec<PathBuf> {
    files_ending_in(dir, ".json")
}

/// The files directly in `dir` whose name ends with `suffix` (`.kiro.hook`), sorted by name.
pub fn files_ending_in(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with(suffix))
        })
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests;
