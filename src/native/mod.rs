//! Hooks as installed: the handlers found in each agent's own hook files, and what hookcheck
//! does with them (inventory, `run --installed`, stale-file warnings, lint).
//!
//! This module names no agent: each agent's files and shape live in its loader (the
//! [`loader::Loader`] in `src/tools/<agent>/native.rs`), which turns a file into
//! [`NativeHandler`]s; [`agents`] walks them.

pub mod agents;
pub mod command;
pub mod consequence;
pub mod drift;
pub mod finding;
pub mod generators;
pub mod installed;
pub mod inventory;
pub mod lint;
pub mod loader;
pub mod mcp_lint;
pub mod plugins;
pub mod sarif;
pub mod shape;
pub mod stale;
pub mod trust;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One command handler found in an agent's hook file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NativeHandler {
    /// The id of the agent whose file it is in (the file's owner, not a cross-reader).
    pub tool: &'static str,
    /// The file.
    pub file: PathBuf,
    /// The 1-based line of its command in the file.
    pub line: u64,
    /// The event, in the file's spelling.
    pub event: String,
    /// The matcher (empty when absent).
    pub matcher: String,
    /// The file wrote the matcher key, empty (`"matcher": ""`): an agent that cross-reads the
    /// file may take it otherwise than an absent one (see `loader::Loader::empty_matchers`).
    pub matcher_written_empty: bool,
    /// The command.
    pub command: String,
    /// Exec-form arguments (no shell).
    pub args: Option<Vec<String>>,
    /// The command the agent runs instead on Windows.
    pub command_windows: Option<String>,
    /// The timeout in seconds, rounded up from the file's unit.
    pub timeout_s: Option<u64>,
    /// The timeout in milliseconds, exactly (Gemini CLI's `"timeout": 100` is 100 ms, which
    /// [`NativeHandler::timeout_s`] rounds up to 1 s).
    pub timeout_ms: Option<u64>,
    /// A timeout written that is no number of seconds or milliseconds (`-5`, `"soon"`), as
    /// written: the handler runs under the agent's default, and lint says so.
    pub timeout_unusable: Option<String>,
    /// The timeout as written, with the file's unit (`5000 ms`), for messages.
    pub timeout_raw: Option<String>,
    /// The raw number as written, in the file's unit.
    pub timeout_value: Option<u64>,
    /// Environment variables for the handler.
    pub env: BTreeMap<String, String>,
    /// The working directory, relative to the project root.
    pub cwd: Option<String>,
    /// A failing hook blocks.
    pub fail_closed: bool,
    /// The agent does not wait for it.
    pub is_async: bool,
    /// A permission rule deciding whether it runs.
    pub if_rule: Option<String>,
    /// The shell it asks for (`bash`, `powershell`).
    pub shell: Option<String>,
    /// Asks the user before running (Kiro-style `confirm`).
    pub confirm: Option<bool>,
    /// Runs only while this named configuration of the agent is the active one (an agent
    /// config selected by a flag), which hookcheck cannot see: its name.
    pub only_with: Option<String>,
    /// For agents whose project rules replace user rules with the same key: the key. A user
    /// handler whose key a project handler of the same agent has is not loaded.
    pub replace_key: Option<String>,
    /// False for a rule the file switches off: it still replaces (see `replace_key`), never runs.
    pub enabled: bool,
    /// For a plugin's hooks file: the plugin's folder (as shown, relative to the project root),
    /// which the agent's `*_PLUGIN_ROOT` variable names. Only the plugin's agent loads it.
    pub plugin_root: Option<PathBuf>,
    /// For a script `hookcheck sync` wrote (an agent that runs one script per event): the
    /// commands it runs, read back from it, which a spec's stale check looks for.
    pub synced_commands: Vec<String>,
    /// For a hook that runs no command (a `prompt`, `http` or `agent` hook): why hookcheck
    /// does not run it ([`not_a_command`]). The inventory keeps such hooks apart
    /// ([`inventory::Inventory::not_commands`]), so nothing reads their text as a command.
    pub not_command: Option<String>,
}

impl NativeHandler {
    /// Sets the timeout as the file gives it, `value` in `unit`: rounded up to seconds, in
    /// milliseconds exactly, and as written.
    pub fn set_timeout(&mut self, unit: Unit, value: u64) {
        let (secs, raw) = unit.convert(value);
        self.timeout_s = Some(secs);
        self.timeout_ms = Some(unit.millis(value));
        self.timeout_raw = Some(raw);
        self.timeout_value = Some(value);
    }

    /// A handler with the required fields and nothing else set.
    pub fn new(tool: &'static str, file: &Path, line: u64, event: &str, command: &str) -> Self {
        NativeHandler {
            tool,
            file: file.to_path_buf(),
            line,
            event: event.to_string(),
            matcher: String::new(),
            matcher_written_empty: false,
            command: command.to_string(),
            args: None,
            command_windows: None,
            timeout_s: None,
            timeout_ms: None,
            timeout_unusable: None,
            timeout_raw: None,
            timeout_value: None,
            env: BTreeMap::new(),
            cwd: None,
            fail_closed: false,
            is_async: false,
            if_rule: None,
            shell: None,
            confirm: None,
            only_with: None,
            replace_key: None,
            enabled: true,
            plugin_root: None,
            synced_commands: Vec::new(),
            not_command: None,
        }
    }

    /// A hook of `kind` (`prompt`, `http`, `agent`, ...) that runs no command, shown as
    /// `<kind> hook: <what>` (its prompt or URL), placed at `line`.
    pub fn not_a_command(
        tool: &'static str,
        file: &Path,
        line: u64,
        event: &str,
        kind: &str,
        what: &str,
    ) -> Self {
        let shown = match what.trim() {
            "" => format!("{kind} hook"),
            w => format!("{kind} hook: {}", one_line(w, 60)),
        };
        let mut h = NativeHandler::new(tool, file, line, event, &shown);
        h.not_command = Some(not_a_command(kind));
        h
    }

    /// `file:line`.
    pub fn place(&self) -> String {
        format!("{}:{}", self.file.display(), self.line)
    }

    /// The command as shown (exec form joined with spaces).
    pub fn display(&self) -> String {
        match &self.args {
            Some(a) if !a.is_empty() => format!("{} {}", self.command, a.join(" ")),
            _ => self.command.clone(),
        }
    }
}

/// A hook file the agent cannot load, placed in the file, with what the agent then does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NativeError {
    /// The file.
    pub file: PathBuf,
    /// The 1-based line, when known.
    pub line: Option<u64>,
    /// What is wrong.
    pub message: String,
    /// What the agent does about it ("Claude Code loads no hooks from this file").
    pub consequence: String,
    /// The agent whose reading this is, once the inventory knows it (several agents may read
    /// one file, each in its own shape).
    pub agent: Option<&'static str>,
}

impl std::fmt::Display for NativeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{}: ", self.file.display(), l)?,
            None => write!(f, "{}: ", self.file.display())?,
        }
        write!(f, "{}; {}", self.message, self.consequence)
    }
}

/// The unit a file writes timeouts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Seconds.
    Seconds,
    /// Milliseconds.
    Millis,
    /// Seconds, except that a value of 1000 or more is read as milliseconds.
    SecondsOrLegacyMillis,
}

impl Unit {
    /// `value` in seconds, rounded up, and as written with its unit.
    pub fn convert(self, value: u64) -> (u64, String) {
        match self {
            Unit::Seconds => (value, format!("{value} s")),
            Unit::Millis => (value.div_ceil(1000), format!("{value} ms")),
            Unit::SecondsOrLegacyMillis if value >= 1000 => {
                (value.div_ceil(1000), format!("{value} ms"))
            }
            Unit::SecondsOrLegacyMillis => (value, format!("{value} s")),
        }
    }

    /// `value` in milliseconds, exactly: what the agent waits.
    pub fn millis(self, value: u64) -> u64 {
        match self {
            Unit::Millis => value,
            Unit::SecondsOrLegacyMillis if value >= 1000 => value,
            Unit::Seconds | Unit::SecondsOrLegacyMillis => value.saturating_mul(1000),
        }
    }

    /// Whether the unit is milliseconds for small values too.
    pub fn is_millis(self) -> bool {
        self == Unit::Millis
    }
}

/// Why a hook of type `kind` is not run: it starts no command, and hookcheck runs only commands.
/// The kinds the agents document (each agent's loader cites its docs): a model asked with a
/// prompt, a subagent, a URL posted to.
pub fn not_a_command(kind: &str) -> String {
    let what = match kind {
        "prompt" => "asks a model with a prompt",
        "agent" | "askAgent" => "hands a prompt to a subagent",
        "http" => "posts the event's input to a URL",
        _ => "is run by the agent itself",
    };
    let a = match kind.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'h') => "an",
        _ => "a",
    };
    format!("{a} `{kind}` hook {what} instead of starting a command; hookcheck runs only commands")
}

/// `text` on one line, cut to `max` characters with `…`.
fn one_line(text: &str, max: usize) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &flat[..at]),
        None => flat,
    }
}

/// The 1-based line of byte offset `pos` in `text`.
pub fn line_at(text: &str, pos: usize) -> u64 {
    let pos = pos.min(text.len());
    text.as_bytes()[..pos]
        .iter()
        .filter(|b| **b == b'\n')
        .count() as u64
        + 1
}

/// Finds successive JSON string values in a file's text, in document order, to give each
/// handler the line its command is on.
pub struct JsonCursor<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> JsonCursor<'a> {
    /// A cursor at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        JsonCursor { text, pos: 0 }
    }

    /// The line of an object that is being discarded: of the first of its string values
    /// (other than its `type`) found after the previous find, moving past it; `None` when
    /// it has none to find.
    pub fn line_of_object(
        &mut self,
        obj: &serde_json::Map<String, serde_json::Value>,
    ) -> Option<u64> {
        let at = obj
            .iter()
            .filter(|(k, _)| k.as_str() != "type")
            .filter_map(|(_, v)| v.as_str())
            .filter_map(|v| {
                let needle = serde_json::to_string(v).ok()?;
                self.text[self.pos..]
                    .find(&needle)
                    .map(|i| (self.pos + i, needle.len()))
            })
            .min()?;
        self.pos = at.0 + at.1;
        Some(line_at(self.text, at.0))
    }

    /// The line of the next occurrence of `value` written as a JSON string (after the
    /// previous one found); the line of the last find when it cannot be found.
    pub fn line_of(&mut self, value: &str) -> u64 {
        let needle = serde_json::to_string(value).unwrap_or_default();
        match self.text[self.pos..].find(&needle) {
            Some(i) => {
                let at = self.pos + i;
                self.pos = at + needle.len();
                line_at(self.text, at)
            }
            // Written with different escapes: fall back to the text in quotes, then give up.
            None => match self.text[self.pos..].find(value) {
                Some(i) if !value.is_empty() => {
                    let at = self.pos + i;
                    self.pos = at + value.len();
                    line_at(self.text, at)
                }
                _ => line_at(self.text, self.pos),
            },
        }
    }
}

/// Parses a JSON hook file, or says where it breaks and what the agent does then.
pub fn parse_json(
    path: &Path,
    text: &str,
    consequence: &str,
) -> Result<serde_json::Value, NativeError> {
    serde_json::from_str(text).map_err(|e| {
        let msg = e.to_string();
        let msg = msg.find(" at line ").map_or(msg.as_str(), |i| &msg[..i]);
        NativeError {
            file: path.to_path_buf(),
            line: Some(e.line() as u64),
            message: format!("not valid JSON: {msg}"),
            consequence: consequence.to_string(),
            agent: None,
        }
    })
}

/// An error for a file that parses but has the wrong shape at `line`.
pub fn shape_error(
    path: &Path,
    line: Option<u64>,
    message: String,
    consequence: &str,
) -> NativeError {
    NativeError {
        file: path.to_path_buf(),
        line,
        message,
        consequence: consequence.to_string(),
        agent: None,
    }
}

/// The same event in another casing (`PreToolUse`, `preToolUse`): one key for both.
pub fn event_key(event: &str) -> String {
    let mut c = event.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `path` relative to `root` when below it.
pub fn shown(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root)
        .map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}

/// The handler as a native-form spec named after its `file:line`.
pub fn to_spec(h: &NativeHandler) -> crate::spec::HookSpec {
    let name = h.place();
    let raw = crate::spec::RawSpec {
        name: Some(name.clone()),
        event: Some(h.event.clone()),
        // Absent stays absent: a written `""` is not the same to every agent.
        matcher: (!h.matcher.is_empty() || h.matcher_written_empty).then(|| h.matcher.clone()),
        command: Some(crate::spec::Commands::One(h.command.clone())),
        args: h.args.clone(),
        timeout: h.timeout_s,
        timeout_ms: h.timeout_ms,
        async_: h.is_async,
        if_: h.if_rule.clone(),
        fail_closed: h.fail_closed,
        shell: h.shell.clone(),
        cwd: h.cwd.clone(),
        env: h.env.clone(),
        not_command: h.not_command.clone(),
        // A handler that asks the user first carries it where the spec does, so the agent's
        // plan can refuse to answer for the user (seed 002, "Not run (Kiro)").
        extensions: {
            let mut x = serde_json::Map::new();
            if let Some(c) = h.confirm {
                x.insert("confirm".into(), c.into());
            }
            if let Some(name) = &h.only_with {
                x.insert("agent".into(), name.clone().into());
            }
            let key = format!("{}{}", crate::spec::EXTENSION_PREFIX, h.tool);
            (!x.is_empty())
                .then(|| (key, serde_json::Value::Object(x)))
                .into_iter()
                .collect()
        },
        ..crate::spec::RawSpec::default()
    };
    crate::spec::HookSpec {
        name,
        file: crate::spec::SpecFile {
            path: h.file.clone(),
            text: String::new(),
        },
        when: crate::spec::When::Native {
            event: h.event.clone(),
            matcher: h.matcher.clone(),
        },
        commands: vec![h.command.clone()],
        args: h.args.clone(),
        raw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_round_up_to_seconds() {
        for (unit, v, want) in [
            (Unit::Seconds, 30, (30, "30 s")),
            (Unit::Millis, 5000, (5, "5000 ms")),
            (Unit::Millis, 1500, (2, "1500 ms")),
            (Unit::Millis, 1, (1, "1 ms")),
            (Unit::SecondsOrLegacyMillis, 30, (30, "30 s")),
            (Unit::SecondsOrLegacyMillis, 60000, (60, "60000 ms")),
        ] {
            let (s, raw) = unit.convert(v);
            assert_eq!((s, raw.as_str()), want, "{unit:?} {v}");
        }
    }

    #[test]
    fn cursor_finds_repeated_commands_in_order() {
        let text = "{\n \"a\": \"x.sh\",\n \"b\": \"x.sh\",\n \"c\": \"say \\\"hi\\\"\"\n}";
        let mut c = JsonCursor::new(text);
        assert_eq!(c.line_of("x.sh"), 2);
        assert_eq!(c.line_of("x.sh"), 3);
        assert_eq!(c.line_of("say \"hi\""), 4);
    }
}
