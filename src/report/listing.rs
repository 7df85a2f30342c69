//! The JSON of `list`, `list --installed`, `tools` and `lint`, and the JSON Schema of every
//! output (`hookcheck schema KIND`). One vocabulary across them all: every output is an
//! object with `schema_version`; an agent is `agent` (its id) and `name` (for people); a list
//! of agents is `agents`.

use crate::error::{Error, Kind};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::SCHEMA_VERSION;

/// `hookcheck list --format json`: the hook specs found.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SpecList {
    /// The version of this shape.
    pub schema_version: u32,
    /// One entry per spec file, by name.
    pub hooks: Vec<SpecRow>,
}

/// One spec file.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SpecRow {
    /// The hook's name.
    pub name: String,
    /// The file.
    pub file: String,
    /// `event: NAME` or `on: NAME` (absent when the spec is invalid).
    pub when: Option<String>,
    /// The matcher or `match` (empty when none).
    #[serde(rename = "match")]
    pub match_: Option<String>,
    /// The agents the spec is written for (`all` when it names none).
    pub agents: Option<Vec<String>>,
    /// Why the spec is invalid (absent when it is valid).
    pub error: Option<String>,
}

/// `hookcheck list --installed --format json`: the handlers in the agents' own files.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct InstalledList {
    /// The version of this shape.
    pub schema_version: u32,
    /// One entry per handler and agent that loads it.
    pub handlers: Vec<HandlerRow>,
    /// The hook files an agent cannot load.
    pub errors: Vec<FileError>,
    /// What an agent drops or decodes loosely in a file it still loads.
    pub warnings: Vec<FileError>,
    /// Generators' canonical sources in the project: not an agent's own file, but what the
    /// agents' generated files should run.
    pub sources: Vec<SourceRow>,
}

/// A generator's canonical source (`.rulesync/hooks.jsonc`, ...).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SourceRow {
    /// The file, from the project root.
    pub file: String,
    /// The generator it is the source for.
    pub generator: String,
    /// The agents it generates files for, by id.
    pub generates: Vec<String>,
}

/// One handler as an agent loads it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct HandlerRow {
    /// The agent's id.
    pub agent: String,
    /// The event, in the agent's spelling.
    pub event: String,
    /// The matcher (empty when none).
    pub matcher: String,
    /// The command as written.
    pub command: String,
    /// The timeout in seconds, when the file sets one.
    pub timeout_s: Option<u64>,
    /// The timeout as the file writes it, in its own unit.
    pub timeout: Option<String>,
    /// The file.
    pub file: String,
    /// The 1-based line.
    pub line: u64,
    /// The agent loads this file although it is another agent's.
    pub cross_read: bool,
    /// Why the agent's hook is not run here, when it is not: it runs no command (a `prompt`,
    /// `http` or `agent` hook). Absent for a command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_run: Option<String>,
}

/// A hook file an agent cannot load.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FileError {
    /// The file.
    pub file: String,
    /// The 1-based line, when known.
    pub line: Option<u64>,
    /// What is wrong.
    pub message: String,
    /// What the agent does about it.
    pub consequence: String,
}

/// `hookcheck tools --format json`: every agent's contract.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ToolList {
    /// The version of this shape.
    pub schema_version: u32,
    /// One entry per agent, in registry order.
    pub agents: Vec<ToolRow>,
}

/// One agent's contract.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ToolRow {
    /// The agent's id.
    pub agent: String,
    /// The agent's name.
    pub name: String,
    /// The day its sources were read.
    pub checked: String,
    /// Where its rules come from, most authoritative first.
    pub sources: Vec<String>,
    /// Its hook events, in its own spelling.
    pub events: Vec<String>,
    /// How it runs a command.
    pub shell: String,
    /// Its default timeouts.
    pub default_timeouts: String,
    /// Facts a user needs that running a hook cannot show.
    pub notes: Vec<String>,
    /// What was verified on the real agent (version, day, recorded observations), or
    /// `none: documents only`.
    pub verified_live: String,
    /// Where its input puts the command, the file path, the prompt and the tool name.
    pub fields: Option<FieldsRow>,
    /// Its reply rules, in the order it applies them.
    pub rules: Vec<RuleRow>,
}

/// Where an agent's input puts what a guard reads (dotted paths; null: it sends none).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FieldsRow {
    /// The shell command.
    pub command: Option<String>,
    /// The edited file's path.
    pub file: Option<String>,
    /// The prompt.
    pub prompt: Option<String>,
    /// The tool's name.
    pub tool: Option<String>,
}

/// One reply rule.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RuleRow {
    /// When it applies, and what the agent decides.
    pub rule: String,
    /// What a user is told when it applies.
    pub note: String,
    /// Where it comes from.
    pub source: String,
}

/// `hookcheck lint --format json`: the findings.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LintReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// One entry per finding.
    pub findings: Vec<Finding>,
}

/// How bad a finding is.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The hook does not do what it says (exit 1).
    Error,
    /// Likely a mistake.
    Warning,
    /// Worth knowing.
    Info,
}

/// One lint finding.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Finding {
    /// How bad it is.
    pub severity: Severity,
    /// The rule's id.
    pub rule: String,
    /// The agent it is about, when there is one.
    pub agent: Option<String>,
    /// The file.
    pub file: String,
    /// The 1-based line, when known.
    pub line: Option<u64>,
    /// What is wrong.
    pub message: String,
    /// What to do.
    pub fix: String,
}

/// The outputs `hookcheck schema KIND` describes.
pub const KINDS: &[&str] = &[
    "run",
    "dry-run",
    "test",
    "list",
    "list-installed",
    "tools",
    "lint",
    "live",
    "sweep",
    "error",
];

/// The JSON Schema of one output, or `None` for a kind that is not one.
pub fn schema(kind: &str) -> Option<serde_json::Value> {
    let s = match kind {
        "run" => schemars::schema_for!(super::Report),
        "dry-run" => schemars::schema_for!(super::DryRunReport),
        "test" => schemars::schema_for!(super::suite::SuiteReport),
        "list" => schemars::schema_for!(SpecList),
        "list-installed" => schemars::schema_for!(InstalledList),
        "tools" => schemars::schema_for!(ToolList),
        "lint" => schemars::schema_for!(LintReport),
        "error" => schemars::schema_for!(super::ErrorReport),
        _ => return None,
    };
    serde_json::to_value(s).ok()
}

/// A lint finding list in this vocabulary (the linter's own records, as they serialise);
/// an error when the two have drifted apart.
pub fn lint_report(findings: &impl Serialize) -> Result<LintReport, Error> {
    let findings = serde_json::to_value(findings)
        .and_then(serde_json::from_value)
        .map_err(|e| {
            Error::new(
                Kind::Output,
                format!("hookcheck cannot write the lint findings as JSON: {e}"),
            )
        })?;
    Ok(LintReport {
        schema_version: SCHEMA_VERSION,
        findings,
    })
}

/// The installed handlers' rows in this vocabulary; an error when the two have drifted apart.
pub fn handler_rows(rows: Vec<serde_json::Value>) -> Result<Vec<HandlerRow>, Error> {
    rows.into_iter()
        .map(serde_json::from_value)
        .collect::<Result<_, _>>()
        .map_err(|e| {
            Error::new(
                Kind::Output,
                format!("hookcheck cannot write the handlers as JSON: {e}"),
            )
        })
}

/// `hookcheck list` as text: a line per spec (or why it is invalid).
pub fn specs_text(rows: &[SpecRow], dirs: &[std::path::PathBuf]) -> String {
    let mut out = String::new();
    if rows.is_empty() {
        let where_ = dirs
            .iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        out.push_str(&format!("no hook specs in {where_}\n"));
    }
    for r in rows {
        if let Some(e) = &r.error {
            out.push_str(&format!("{}  invalid: {e}\n", r.name));
            continue;
        }
        let m = r.match_.as_deref().unwrap_or_default();
        let m = if m.is_empty() {
            String::new()
        } else {
            format!(" [{m}]")
        };
        out.push_str(&format!(
            "{}  {}{}  targets: {}  {}\n",
            r.name,
            r.when.as_deref().unwrap_or_default(),
            m,
            r.agents.as_deref().unwrap_or_default().join(","),
            r.file
        ));
    }
    out
}
