//! Finding spec files, parsing them (YAML or JSON) and validating them.

use std::path::{Path, PathBuf};

use super::shape::{self, Form};
use super::{Commands, HookSpec, On, PortableMatch, RawSpec, SpecError, When, did_you_mean};
use crate::error::Error;

/// The folders searched under the project root when no `--specs` is given.
pub const DEFAULT_DIRS: &[&str] = &[".hookcheck/hooks", ".agnostic-ai/hooks"];

/// A spec file: its path and its text (kept to place errors and keys).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecFile {
    /// The path as it will be shown to the user.
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
}

impl SpecFile {
    /// The 1-based line on which `key` is set, when it can be found.
    pub fn line_of(&self, key: &str) -> Option<u64> {
        let yaml = format!("{key}:");
        let json = format!("\"{key}\"");
        self.text
            .lines()
            .position(|l| {
                let t = l.trim_start().trim_start_matches("- ");
                t.starts_with(&yaml) || t.starts_with(&json)
            })
            .map(|i| i as u64 + 1)
    }

    fn error_at(&self, key: &str, message: String) -> SpecError {
        self.error(self.line_of(key), None, message)
    }

    /// An error at `line` (1-based) and `column`, quoting the line.
    fn error(&self, line: Option<u64>, column: Option<u64>, message: String) -> SpecError {
        let source_line = line
            .and_then(|l| {
                self.text
                    .lines()
                    .nth(usize::try_from(l).ok()?.checked_sub(1)?)
            })
            .map(Box::from);
        SpecError {
            file: self.path.display().to_string(),
            line,
            column,
            width: None,
            message,
            help: None,
            source_line,
        }
    }

    /// An error on the value of `key`, with the column where the value starts and a help line.
    fn error_on_value(&self, key: &str, message: String, help: String) -> SpecError {
        let line = self.line_of(key);
        let column = line.and_then(|l| {
            let text = self
                .text
                .lines()
                .nth(usize::try_from(l).ok()?.checked_sub(1)?)?;
            let after = text.find(':')? + 1;
            let value = after + (text.len() - after - text[after..].trim_start().len());
            Some(text[..value].chars().count() as u64 + 1)
        });
        SpecError {
            help: Some(help.into()),
            ..self.error(line, column, message)
        }
    }
}

/// The spec files found in `dirs`, as `(name, path)`, sorted by name; a name found in more
/// than one folder is listed once, from the first folder.
pub fn discover(dirs: &[PathBuf]) -> Vec<(String, PathBuf)> {
    first_of_each(&listed(dirs))
}

/// The spec files of each folder of `dirs` (folder index, file stem, path), each folder's
/// sorted by path. Not only regular files: a FIFO or a link to a device named like a spec is
/// listed, and refused when it is read, never skipped in silence.
fn listed(dirs: &[PathBuf]) -> Vec<(usize, String, PathBuf)> {
    let mut out = Vec::new();
    for (i, dir) in dirs.iter().enumerate() {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut here: Vec<(usize, String, PathBuf)> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| !p.is_dir())
            .filter_map(|p| {
                let ext = p.extension()?.to_str()?;
                if !matches!(ext, "yaml" | "yml" | "json") {
                    return None;
                }
                Some((i, p.file_stem()?.to_str()?.to_string(), p))
            })
            .collect();
        here.sort_by(|a, b| a.2.cmp(&b.2));
        out.extend(here);
    }
    out
}

/// [`discover`]'s answer from a [`listed`] folder list.
fn first_of_each(listed: &[(usize, String, PathBuf)]) -> Vec<(String, PathBuf)> {
    let mut found: Vec<(String, PathBuf)> = Vec::new();
    for (_, name, path) in listed {
        if !found.iter().any(|(n, _)| n == name) {
            found.push((name.clone(), path.clone()));
        }
    }
    found.sort();
    found
}

/// Every spec file of some folders, each read and parsed once. Finding one spec by its name
/// parses every file (two files may claim the name), and a check needs the others too (an
/// agent that keeps every hook of an event in one file): one reading serves both.
pub struct Folders {
    /// The folders, in order.
    dirs: Vec<PathBuf>,
    /// Each file: its folder's index, its stem, its path and what parsing it gave.
    files: Vec<(usize, String, PathBuf, Result<HookSpec, SpecError>)>,
}

impl Folders {
    /// Lists `dirs` and parses each spec file in them.
    pub fn read(dirs: &[PathBuf]) -> Self {
        let files = listed(dirs)
            .into_iter()
            .map(|(i, stem, path)| {
                let spec = load_file(&path);
                (i, stem, path, spec)
            })
            .collect();
        Folders {
            dirs: dirs.to_vec(),
            files,
        }
    }

    /// The names that stand for more than one spec file: `x.yaml` beside `x.json` in one
    /// folder, or two files whose `name:` is the same (each name with its files, in order).
    pub fn ambiguous(&self) -> Vec<(String, Vec<PathBuf>)> {
        let mut out = Vec::new();
        // Within one folder: between folders, the first folder's spec wins, as documented.
        for dir in 0..self.dirs.len() {
            let mut by_name: Vec<(String, Vec<PathBuf>)> = Vec::new();
            for (_, stem, path, spec) in self.files.iter().filter(|f| f.0 == dir) {
                // The name it is run by: `name:` when the spec sets one, else the file's stem.
                let name = spec.as_ref().map_or(stem, |s| &s.name);
                match by_name.iter_mut().find(|(n, _)| n == name) {
                    Some((_, paths)) => paths.push(path.clone()),
                    None => by_name.push((name.clone(), vec![path.clone()])),
                }
            }
            out.extend(by_name.into_iter().filter(|(_, paths)| paths.len() > 1));
        }
        out
    }

    /// What parsing the file at `path` gave, if it is one of these.
    pub fn parsed(&self, path: &Path) -> Option<&Result<HookSpec, SpecError>> {
        self.files.iter().find(|f| f.2 == path).map(|f| &f.3)
    }

    /// [`discover`]'s answer, from these files.
    pub fn discovered(&self) -> Vec<(String, PathBuf)> {
        let listed: Vec<(usize, String, PathBuf)> = self
            .files
            .iter()
            .map(|(i, stem, p, _)| (*i, stem.clone(), p.clone()))
            .collect();
        first_of_each(&listed)
    }

    /// The specs [`discover`] would list, but the one at `path`, that parsed.
    pub fn others(&self, path: &Path) -> Vec<HookSpec> {
        self.discovered()
            .into_iter()
            .filter(|(_, p)| p != path)
            .filter_map(|(_, p)| self.parsed(&p)?.as_ref().ok().cloned())
            .collect()
    }

    /// [`find_spec`], among these files.
    pub fn find(&self, name: &str) -> Result<PathBuf, crate::error::Error> {
        find_among(self, name)
    }
}

/// How specs and cases files are parsed: booleans only as `true`/`false`, and a budget for
/// what one file may make of itself. YAML aliases replay what they name, so a file of a few
/// KiB can expand into gigabytes within the parser's default limits (a 1 MB spec took 1.6 GB
/// in `run --dry-run`); a spec is a few lines, a cases file a few thousand, so these bounds
/// leave room to spare and keep any file to tens of MiB.
pub fn yaml_options() -> serde_saphyr::Options {
    serde_saphyr::options! {
        strict_booleans: true,
        budget: serde_saphyr::budget! {
            max_aliases: 1_000,
            max_nodes: 100_000,
            max_events: 500_000,
            max_total_scalar_bytes: 8 * 1024 * 1024,
            max_recorded_anchor_events: 100_000,
            max_recorded_anchor_bytes: 8 * 1024 * 1024,
        },
    }
}

/// Finds the spec named `name` in `dirs`, or says what exists instead.
pub fn find_spec(name: &str, dirs: &[PathBuf]) -> Result<PathBuf, crate::error::Error> {
    Folders::read(dirs).find(name)
}

/// [`find_spec`], among files already read.
fn find_among(folders: &Folders, name: &str) -> Result<PathBuf, crate::error::Error> {
    let dirs = &folders.dirs;
    if let Some((_, paths)) = folders.ambiguous().into_iter().find(|(n, _)| n == name) {
        let list: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(crate::error::Error::usage(format!(
            "{} spec files are named `{name}`: {}; hookcheck does not guess which one you mean",
            list.len(),
            list.join(", ")
        ))
        .help("rename or remove all but one (`hookcheck lint` lists every such name)"));
    }
    let all = folders.discovered();
    // A spec found by its `name:` when no file has that stem.
    if !all.iter().any(|(n, _)| n == name)
        && let Some((_, path)) = all.iter().find(|(_, p)| {
            folders
                .parsed(p)
                .is_some_and(|s| s.as_ref().is_ok_and(|s| s.name == name))
        })
    {
        return Ok(path.clone());
    }
    if let Some((_, path)) = all.iter().find(|(n, _)| n == name) {
        return Ok(path.clone());
    }
    let where_ = dirs
        .iter()
        .map(|d| d.display().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    if all.is_empty() {
        return Err(crate::error::Error::usage(format!(
            "no hook named `{name}`: no spec files (*.yaml, *.yml, *.json) in {where_}; \
             pass --specs DIR to say where the specs are"
        )));
    }
    let mut msg = format!("no hook named `{name}` in {where_}");
    if let Some(hint) = did_you_mean(name, all.iter().map(|(n, _)| n.as_str())) {
        msg.push_str(&format!("; did you mean `{hint}`?"));
    }
    let names = all
        .iter()
        .map(|(n, _)| n.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    msg.push_str(&format!(" (hooks found: {names})"));
    Err(crate::error::Error::usage(msg))
}

/// Reads, parses and validates the spec at `path`.
pub fn load_file(path: &Path) -> Result<HookSpec, SpecError> {
    // A spec is read as a file of its project (or of its folder, outside any).
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let within = crate::workspace::project_root(abs.parent().unwrap_or(Path::new("/")));
    let text = crate::textfile::read_text(&abs, &within).map_err(|e| SpecError {
        file: path.display().to_string(),
        line: None,
        column: None,
        width: None,
        message: match e {
            crate::textfile::Refused::Missing => "cannot read the spec: no such file".to_string(),
            crate::textfile::Refused::Not(why) => format!("cannot read the spec: {why}"),
        },
        help: None,
        source_line: None,
    })?;
    from_string(path, text)
}

/// Parses and validates a spec from text, as if read from `path` (used by tests and tools
/// that hold a spec in memory).
pub fn from_text(path: &Path, text: &str) -> Result<HookSpec, SpecError> {
    from_string(path, text.to_string())
}

/// Parses and validates the spec text read from `path`; its name is the file's stem.
fn from_string(path: &Path, text: String) -> Result<HookSpec, SpecError> {
    let file = SpecFile {
        path: path.to_path_buf(),
        text,
    };
    let raw = parse(&file)?;
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("hook")
        .to_string();
    validate(raw, file, stem)
}

/// Every field of a spec with the form its value takes.
pub const FORMS: &[(&str, Form)] = &[
    ("name", Form::Text),
    ("description", Form::Text),
    ("event", Form::Text),
    ("matcher", Form::Text),
    ("on", Form::Text),
    ("match", Form::Text),
    ("command", Form::TextOrTexts),
    ("args", Form::Texts),
    ("timeout", Form::Seconds),
    ("targets", Form::Texts),
    ("async", Form::Bool),
    ("asyncRewake", Form::Bool),
    ("if", Form::Text),
    ("failClosed", Form::Bool),
    ("shell", Form::Text),
    ("commandWindows", Form::Text),
    ("cwd", Form::Text),
    ("env", Form::TextMap),
    ("decision", Form::Text),
];

fn parse(file: &SpecFile) -> Result<RawSpec, SpecError> {
    parse_raw(file).map_err(SpecError::from)
}

/// The keys no typed field holds: an `x-ID` block is kept in `extensions` for the agent it
/// names; any other key is an unknown field, placed and with a "did you mean".
fn keys(file: &SpecFile, mut raw: RawSpec, is_json: bool) -> Result<RawSpec, Error> {
    let opts = yaml_options();
    let value: serde_json::Value = if is_json {
        serde_json::from_str(&file.text).unwrap_or_default()
    } else {
        serde_saphyr::from_str_with_options(&file.text, opts).unwrap_or_default()
    };
    let Some(map) = value.as_object() else {
        return Ok(raw);
    };
    for (key, v) in map {
        if FORMS.iter().any(|(f, _)| f == key) {
            continue;
        }
        if key.starts_with(super::EXTENSION_PREFIX) {
            raw.extensions.insert(key.clone(), v.clone());
            continue;
        }
        let line = file.line_of(key).unwrap_or(1);
        let shown = file.path.display().to_string();
        return Err(
            shape::explain(&shown, &file.text, (line, None), FORMS, "a spec").unwrap_or_else(
                || {
                    Error::from(file.error(
                        Some(line),
                        None,
                        format!("unknown field `{key}` in a spec"),
                    ))
                },
            ),
        );
    }
    Ok(raw)
}

fn parse_raw(file: &SpecFile) -> Result<RawSpec, Error> {
    let is_json = file.path.extension().is_some_and(|e| e == "json");
    // strict_booleans: `on: yes` stays the string "yes" (YAML 1.2), as in crates.md §1.
    let opts = yaml_options();
    // Where the typed parse stopped, and the parser's words about it.
    let (line, column, said) = if is_json {
        match serde_json::from_str(&file.text) {
            Ok(raw) => return keys(file, raw, is_json),
            Err(e) => {
                let msg = e.to_string();
                let said = msg.find(" at line ").map_or(msg.as_str(), |i| &msg[..i]);
                (
                    Some(e.line() as u64),
                    Some(e.column() as u64),
                    said.to_string(),
                )
            }
        }
    } else {
        match serde_saphyr::from_str_with_options(&file.text, opts.clone()) {
            Ok(raw) => return keys(file, raw, is_json),
            Err(e) => shape::yaml_failure(&e),
        }
    };
    // A negative timeout is hookcheck's own message, already for people.
    if said.starts_with("`timeout: ") {
        return Err(Error::from(file.error(line, column, said)).help(timeout_help()));
    }
    let parses = if is_json {
        serde_json::from_str::<serde_json::Value>(&file.text).is_ok()
    } else {
        serde_saphyr::from_str_with_options::<serde_json::Value>(&file.text, opts).is_ok()
    };
    let syntax = if is_json { "JSON" } else { "YAML" };
    let syntax_help = format!(
        "a spec is a {syntax} mapping of fields (`on: before-tool`, `command: ./guard.sh`): \
         look for an unclosed bracket or quote here or just above"
    );
    Err(shape::Failure {
        file: &file.path.display().to_string(),
        text: &file.text,
        at: (line, column),
        said,
        parses,
        syntax,
        fields: FORMS,
        what: "a spec",
        syntax_help: &syntax_help,
    }
    .explain())
}

/// Reads `timeout`: whole seconds; a negative number gets a message of its own.
pub(super) fn timeout_secs<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<u64>, D::Error> {
    use serde::Deserialize as _;
    match Option::<i64>::deserialize(d)? {
        Some(n) if n < 0 => Err(serde::de::Error::custom(format!(
            "`timeout: {n}` is negative: a timeout is a number of seconds"
        ))),
        n => Ok(n.and_then(|n| u64::try_from(n).ok())),
    }
}

/// What to do about a timeout hookcheck cannot take: the one help line for 0 and below.
fn timeout_help() -> String {
    let names: Vec<&str> = crate::tools::ALL
        .iter()
        .filter(|t| t.documents_zero_timeout())
        .map(|t| t.name)
        .collect();
    format!(
        "write a number of seconds from 1 up, or leave `timeout` out for each agent's default \
         (only {} say what 0 means: list only them in `targets` to keep 0)",
        names.join(", ")
    )
}

fn validate(raw: RawSpec, file: SpecFile, stem: String) -> Result<HookSpec, SpecError> {
    let name = raw.name.clone().unwrap_or(stem);
    let when = match (&raw.event, &raw.on) {
        (Some(_), Some(_)) => {
            return Err(file.error_at(
                "on",
                "a spec has either `event` (native form) or `on` (portable form), not both".into(),
            ));
        }
        (None, None) => {
            return Err(file.error(
                Some(1),
                None,
                "the spec says neither `event` (native form, e.g. `event: PreToolUse`) \
                 nor `on` (portable form, e.g. `on: before-tool`)"
                    .into(),
            ));
        }
        (Some(event), None) => {
            if raw.match_.is_some() {
                return Err(file.error_at(
                    "match",
                    "`match` goes with `on` (portable form); with `event`, write `matcher`".into(),
                ));
            }
            if event.trim().is_empty() {
                return Err(file.error_at("event", "`event` is empty: name the event".into()));
            }
            // Agents take their own events in other spellings too (Crush: `pre_tool_use`), so
            // an event is known when some agent's is the same word in any case, with any `_`/`-`.
            let word = |e: &str| {
                e.chars()
                    .filter(|c| !matches!(c, '_' | '-'))
                    .flat_map(char::to_lowercase)
                    .collect::<String>()
            };
            let events = crate::tools::all_events();
            if !events.iter().any(|e| word(e) == word(event)) {
                let help = match did_you_mean(event, events.iter().copied()) {
                    Some(h) => format!("did you mean `{h}`? (`hookcheck tools` lists each agent's events)"),
                    None => "name an event as an agent spells it (`hookcheck tools` lists each agent's events), \
                             or write `on:` (portable form, e.g. `on: before-tool`)"
                        .to_string(),
                };
                return Err(file.error_on_value(
                    "event",
                    format!("`event: {event}` is not an event of any agent"),
                    help,
                ));
            }
            When::Native {
                event: event.clone(),
                matcher: raw.matcher.clone().unwrap_or_default(),
            }
        }
        (None, Some(on)) => {
            if raw.matcher.is_some() {
                return Err(file.error_at(
                    "matcher",
                    "`matcher` goes with `event` (native form); with `on`, write `match`".into(),
                ));
            }
            let on_v = On::parse(on).ok_or_else(|| {
                let all: Vec<&str> = On::ALL.iter().map(|(k, _)| *k).collect();
                let hint = did_you_mean(on, all.iter().copied())
                    .map(|h| format!("did you mean `{h}`? "))
                    .unwrap_or_default();
                file.error_at(
                    "on",
                    format!(
                        "`on: {on}` is not a portable event: {hint}use one of {}",
                        all.join(", ")
                    ),
                )
            })?;
            let matches = match &raw.match_ {
                None => None,
                Some(m) => Some(PortableMatch::parse(m).ok_or_else(|| {
                    file.error_at(
                        "match",
                        format!(
                            "`match: {m}` is not a portable match: use one of {}",
                            PortableMatch::SPELLINGS.join(", ")
                        ),
                    )
                })?),
            };
            if matches.is_some() && !on_v.is_tool_event() {
                return Err(file.error_at(
                    "match",
                    format!(
                        "`match` applies to tool events only, not to `on: {}`",
                        on_v.as_str()
                    ),
                ));
            }
            When::Portable { on: on_v, matches }
        }
    };
    let commands = match &raw.command {
        Some(Commands::One(c)) => vec![c.clone()],
        Some(Commands::Many(cs)) => cs.clone(),
        None => Vec::new(),
    };
    if commands.is_empty() || commands.iter().any(|c| c.trim().is_empty()) {
        return Err(file.error_at(
            "command",
            "the spec needs a non-empty `command` to run".into(),
        ));
    }
    if raw.args.is_some() && commands.len() > 1 {
        return Err(file.error_at("args", "`args` (exec form) needs a single `command`".into()));
    }
    if let Some(shell) = &raw.shell
        && !matches!(shell.as_str(), "bash" | "powershell")
    {
        return Err(file.error_at(
            "shell",
            format!("`shell: {shell}` is not supported: use bash or powershell"),
        ));
    }
    if let Some(d) = &raw.decision
        && d != "stdout"
    {
        return Err(file.error_at(
            "decision",
            format!("`decision: {d}` is not supported: the only value is `stdout`"),
        ));
    }
    if let Some(targets) = &raw.targets {
        for t in targets {
            if crate::tools::find(t).is_none() {
                let hint = did_you_mean(t, crate::tools::ids())
                    .map(|h| format!("did you mean `{h}`? "))
                    .unwrap_or_default();
                return Err(file.error_at(
                    "targets",
                    format!(
                        "unknown tool `{t}` in `targets`: {hint}the tools are {}",
                        crate::tools::ids().collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
        }
    }
    let zero_is_documented = raw.targets.as_ref().is_some_and(|ts| {
        !ts.is_empty()
            && ts
                .iter()
                .all(|t| crate::tools::find(t).is_some_and(|t| t.documents_zero_timeout()))
    });
    if raw.timeout == Some(0) && !zero_is_documented {
        return Err(file.error_on_value(
            "timeout",
            "`timeout: 0` is no time limit hookcheck can run: an agent that does not say what 0 \
             means stops the hook at once or never, and the verdict changes run to run"
                .into(),
            timeout_help(),
        ));
    }
    for key in raw.env.keys() {
        if key.is_empty() || key.contains('=') {
            return Err(file.error_at("env", format!("`env` key `{key}` is not a variable name")));
        }
    }
    let args = raw.args.clone();
    Ok(HookSpec {
        name,
        file,
        when,
        commands,
        args,
        raw,
    })
}
