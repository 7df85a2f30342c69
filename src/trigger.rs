//! The trigger of a check: a shell command, a file edit, a file read, an MCP tool call, a
//! prompt, a raw payload, or nothing.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use crate::error::Error;

/// What the agent is about to do when the hook fires.
#[derive(Debug, Clone, PartialEq)]
pub enum Trigger {
    /// No input: events such as Stop or SessionStart.
    None,
    /// `--bash CMD`: the agent runs a shell command.
    Bash(String),
    /// `--edit PATH`: the agent writes or edits a file.
    Edit {
        /// The file, absolute.
        path: PathBuf,
        /// Whether the file exists now (some agents send a different call for a new file).
        exists: bool,
    },
    /// `--prompt TEXT`: the user submits a prompt.
    Prompt(String),
    /// `--read PATH`: the agent reads a file (the path made absolute).
    Read(PathBuf),
    /// `--mcp SERVER:TOOL`: the agent calls a tool of an MCP server, with `--mcp-input`'s
    /// object as the arguments (`{}` without it).
    Mcp {
        /// The server's name, as the agent's MCP config names it.
        server: String,
        /// The tool's name, as the server lists it.
        tool: String,
        /// The call's arguments.
        input: Value,
    },
    /// `--payload FILE`: the event input, sent as is.
    Payload {
        /// The file it came from.
        path: PathBuf,
        /// The object as agents write it on stdin, serialised once: every hook that gets the
        /// payload unchanged shares this one buffer.
        stdin: Arc<Vec<u8>>,
        /// The parsed object, read for the tool name and the like.
        value: Value,
    },
}

impl Trigger {
    /// The flag's name without dashes (`bash`, `edit`, `prompt`, `read`, `mcp`, `payload`,
    /// `none`).
    pub fn kind(&self) -> &'static str {
        match self {
            Trigger::None => "none",
            Trigger::Bash(_) => "bash",
            Trigger::Edit { .. } => "edit",
            Trigger::Prompt(_) => "prompt",
            Trigger::Read(_) => "read",
            Trigger::Mcp { .. } => "mcp",
            Trigger::Payload { .. } => "payload",
        }
    }

    /// The trigger's value as the user gave it (the edit path made absolute).
    pub fn value(&self) -> String {
        match self {
            Trigger::None => String::new(),
            Trigger::Bash(c) => c.clone(),
            Trigger::Edit { path, .. } => path.display().to_string(),
            Trigger::Prompt(p) => p.clone(),
            Trigger::Read(path) => path.display().to_string(),
            Trigger::Mcp { server, tool, .. } => format!("{server}:{tool}"),
            Trigger::Payload { path, .. } => path.display().to_string(),
        }
    }

    /// A payload's string field, when the trigger is a payload that has it.
    pub fn payload_str(&self, key: &str) -> Option<&str> {
        match self {
            Trigger::Payload { value, .. } => value.get(key)?.as_str(),
            _ => None,
        }
    }
}

/// The trigger flags of a check, as given (clap already ensures at most one is set).
#[derive(Debug, Clone, Default)]
pub struct Flags {
    /// `--bash`.
    pub bash: Option<String>,
    /// `--edit`.
    pub edit: Option<PathBuf>,
    /// `--read`.
    pub read: Option<PathBuf>,
    /// `--mcp SERVER:TOOL`.
    pub mcp: Option<String>,
    /// `--mcp-input JSON`.
    pub mcp_input: Option<String>,
    /// `--prompt`.
    pub prompt: Option<String>,
    /// `--payload`.
    pub payload: Option<PathBuf>,
}

/// Builds the trigger from the `run` flags.
pub fn from_flags(flags: Flags, cwd: &Path) -> Result<Trigger, Error> {
    let Flags {
        bash,
        edit,
        read,
        mcp,
        mcp_input,
        prompt,
        payload,
    } = flags;
    if let Some(c) = bash {
        return Ok(Trigger::Bash(c));
    }
    if let Some(m) = mcp {
        return mcp_trigger(&m, mcp_input.as_deref());
    }
    if mcp_input.is_some() {
        return Err(
            Error::usage("--mcp-input gives the arguments of an MCP tool call")
                .help("pass --mcp SERVER:TOOL with it"),
        );
    }
    if let Some(p) = edit {
        let path = absolute(cwd, &p);
        let exists = path.exists();
        return Ok(Trigger::Edit { path, exists });
    }
    if let Some(p) = read {
        return Ok(Trigger::Read(absolute(cwd, &p)));
    }
    if let Some(p) = prompt {
        return Ok(Trigger::Prompt(p));
    }
    if let Some(file) = payload {
        let bytes = std::fs::read(&file).map_err(|e| {
            Error::usage(format!("--payload {}: cannot read it: {e}", file.display()))
        })?;
        let value: Value = serde_json::from_slice(&bytes).map_err(|e| {
            Error::usage(format!(
                "--payload {}:{}:{}: not valid JSON: {}; the payload is the event input an agent \
                 sends on stdin, a JSON object",
                file.display(),
                e.line(),
                e.column(),
                strip_position(&e.to_string())
            ))
        })?;
        if !value.is_object() {
            return Err(Error::usage(format!(
                "--payload {}: the payload must be a JSON object (the event input), not {}",
                file.display(),
                json_kind(&value)
            )));
        }
        // The one copy every agent shares. Its room is the file's size, so it is not grown
        // (and copied) while written: a compact form is no longer than the file, except for
        // escapes. The file's bytes are freed before it is written, and it moves into its Arc
        // (a Vec moved, not copied, as an `Arc<[u8]>` would be).
        let mut stdin = Vec::with_capacity(bytes.len());
        drop(bytes);
        if serde_json::to_writer(&mut stdin, &value).is_err() {
            stdin.clear();
        }
        let stdin = Arc::new(stdin);
        return Ok(Trigger::Payload {
            path: file,
            stdin,
            value,
        });
    }
    Ok(Trigger::None)
}

/// `--mcp SERVER:TOOL` with `--mcp-input`'s arguments (an object; `{}` when not given).
fn mcp_trigger(flag: &str, input: Option<&str>) -> Result<Trigger, Error> {
    let (server, tool) = flag
        .split_once(':')
        .filter(|(s, t)| !s.trim().is_empty() && !t.trim().is_empty())
        .ok_or_else(|| {
            Error::usage(format!(
                "--mcp {flag:?}: not SERVER:TOOL (the server as the agent's MCP config names it, \
                 a colon, the tool as the server lists it)"
            ))
            .help("for example: --mcp github:create_issue")
        })?;
    let input = match input {
        None => Value::Object(Default::default()),
        Some(text) => {
            let value: Value = serde_json::from_str(text).map_err(|e| {
                Error::usage(format!(
                    "--mcp-input:{}:{}: not valid JSON: {}",
                    e.line(),
                    e.column(),
                    strip_position(&e.to_string())
                ))
                .help("the tool's arguments, a JSON object: --mcp-input '{\"repo\":\"x\"}'")
            })?;
            if !value.is_object() {
                return Err(Error::usage(format!(
                    "--mcp-input: the tool's arguments must be a JSON object, not {}",
                    json_kind(&value)
                ))
                .help("name each argument: --mcp-input '{\"repo\":\"x\"}'"));
            }
            value
        }
    };
    Ok(Trigger::Mcp {
        server: server.to_string(),
        tool: tool.to_string(),
        input,
    })
}

fn strip_position(msg: &str) -> &str {
    msg.find(" at line ").map_or(msg, |i| &msg[..i])
}

fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `p` made absolute against `base` and normalised lexically (`.` and `..` removed), without
/// touching the file system: the file may not exist yet.
pub fn absolute(base: &Path, p: &Path) -> PathBuf {
    let joined = if p.is_absolute() {
        p.to_path_buf()
    } else {
        base.join(p)
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_paths_become_absolute_and_normal() {
        let base = Path::new("/proj/sub");
        for (given, want) in [
            (".github/x.yml", "/proj/sub/.github/x.yml"),
            ("../a/./b.rs", "/proj/a/b.rs"),
            ("/etc/passwd", "/etc/passwd"),
        ] {
            assert_eq!(
                absolute(base, Path::new(given)),
                PathBuf::from(want),
                "{given}"
            );
        }
    }
}
