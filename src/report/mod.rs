//! The result of a check as data, and the reporters that format it. Reporters only format;
//! every decision is made before a [`Report`] exists.

pub mod dry;
pub mod json;
pub mod keep;
pub mod lifecycle;
pub mod listing;
pub mod suite;
pub mod sweep;
pub mod text;
pub mod tools;
pub mod verified;

pub use keep::{Keep, Keeps};

use schemars::JsonSchema;
use serde::Serialize;

use crate::verdict::{Assumption, Decision, Effect};

/// The version of the JSON output's shape; bumped on any breaking change (2: one vocabulary,
/// `agents[].agent` everywhere, and every output an object).
pub const SCHEMA_VERSION: u32 = 2;

/// What a not-run reason starts with for a hook that runs no command (a `prompt` hook): the
/// text report names such hooks even where the agent's other hooks decided.
pub const NOT_A_COMMAND: &str = "not a command: ";

/// What a warning starts with when it says an agent holds the hooks back until the folder (or
/// each hook) is trusted: the text report says those once per run.
pub const NOT_TRUSTED: &str = "not trusted: ";

/// One check: a hook, a trigger, every tool's verdict, and the judgement.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Report {
    /// The version of this shape.
    pub schema_version: u32,
    /// The hook's name.
    pub hook: String,
    /// The spec file.
    pub spec: String,
    /// What the agent was about to do.
    pub trigger: TriggerReport,
    /// One entry per agent, in registry order.
    #[serde(rename = "agents")]
    pub targets: Vec<TargetReport>,
    /// The judgement.
    pub summary: Summary,
}

/// The trigger as given.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TriggerReport {
    /// `bash`, `edit`, `prompt`, `payload` or `none`.
    pub kind: String,
    /// The command, path, prompt or payload file.
    pub value: String,
}

impl TriggerReport {
    /// The trigger as the flag that gives it: `--bash 'rm -rf build'`, or `no trigger`.
    pub fn as_flag(&self) -> String {
        match self.kind.as_str() {
            "none" => "no trigger".to_string(),
            kind => format!("--{kind} {}", quote(&self.value)),
        }
    }
}

/// One agent's verdict.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TargetReport {
    /// The agent's id.
    #[serde(rename = "agent")]
    pub target: String,
    /// The tool's name.
    pub name: String,
    /// The tool's decision.
    pub decision: Decision,
    /// What happens to the action (absent when the hook does not run).
    pub effect: Option<Effect>,
    /// Why the hook did not run, or did not fire.
    pub reason: Option<String>,
    /// The event, in the tool's spelling.
    pub event: Option<String>,
    /// The tool name or source the hook fired on.
    pub trigger: Option<String>,
    /// Whether the hook ran (false: not run, or the matcher did not pick it).
    pub fired: bool,
    /// The tool does not wait for the hook: shown, not judged.
    #[serde(rename = "async")]
    pub is_async: bool,
    /// Whether the verdict takes part in `--expect` and the comparison.
    pub counted: bool,
    /// One entry per command.
    pub commands: Vec<CommandReport>,
    /// What a user should know.
    pub notes: Vec<String>,
    /// Problems that do not fail the check.
    pub warnings: Vec<String>,
    /// What had to be assumed.
    pub assumptions: Vec<Assumption>,
    /// The agent's own hook file is missing, so it would not run this hook yet (the warning
    /// says which files; `--strict` fails on it).
    pub hook_file_missing: bool,
    /// Where the agent's rule that decided comes from (its reply row's source), when known.
    pub rule: Option<String>,
    /// That rule's fix: what makes the hook decide here as it does on agents that read it
    /// otherwise (null when the row has none).
    pub fix: Option<String>,
    /// For an agent that decides differently from the others (errors or fails open where they
    /// block, allows where they block, ...): the changes that make the hook portable, one
    /// `help:` line each. Empty when every agent agrees.
    pub help: Vec<String>,
}

impl TargetReport {
    /// Whether it ran and was left out only for its assumptions (`--include-assumed` would
    /// count it).
    pub fn assumed_only(&self) -> bool {
        !self.counted
            && self.fired
            && !self.is_async
            && !self.assumptions.is_empty()
            && self.commands.iter().all(|c| c.counted)
    }
}

/// One command's run and reading.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CommandReport {
    /// The command as written.
    pub command: String,
    /// The decision read from its reply.
    pub decision: Decision,
    /// What happens to the action.
    pub effect: Option<Effect>,
    /// Null after a timeout, a signal or a failed start.
    pub exit_code: Option<i32>,
    /// The signal that ended it, if any.
    pub signal: Option<i32>,
    /// Wall time.
    pub elapsed_ms: u64,
    /// It ran past its timeout.
    pub timed_out: bool,
    /// The timeout it ran under, in seconds, rounded up.
    pub timeout_s: u64,
    /// The timeout it ran under, in milliseconds, exactly (an agent's file in milliseconds
    /// runs in milliseconds).
    pub timeout_ms: u64,
    /// Why it did not start (or did not run at all).
    pub start_error: Option<String>,
    /// Its stdout, as far as the report keeps it: the first MiB as JSON writes it (escapes
    /// count), less for a case of `hookcheck test` that passed.
    pub stdout: String,
    /// Its stderr, kept as its stdout is.
    pub stderr: String,
    /// A digest of what it wrote (the kept stdout, then stderr): the judge compares replies
    /// with it before the report knows how much of them it keeps. Not in the JSON.
    #[serde(skip)]
    pub reply: u64,
    /// Bytes of stdout the report leaves out (past the capture limit or the report's cap).
    pub stdout_dropped_bytes: u64,
    /// Bytes of stderr the report leaves out.
    pub stderr_dropped_bytes: u64,
    /// The reply adds context for the model.
    pub adds_context: bool,
    /// The reply rewrites the tool input.
    pub rewrites_input: bool,
    /// Processes it left behind were killed.
    pub left_processes: bool,
    /// It exited, but a child it left kept stdout or stderr open until the timeout: an agent
    /// that waits for them to close timed it out.
    pub held_open: bool,
    /// The tool does not wait for it.
    #[serde(rename = "async")]
    pub is_async: bool,
    /// Whether its reading is a firm prediction.
    pub counted: bool,
    /// How the reply was read.
    pub notes: Vec<String>,
    /// The agent's reply rule that decided, in words (`exit 2 → block`), when one did; for
    /// `sweep -v`, not in the run JSON.
    #[serde(skip)]
    pub why: Option<String>,
    /// What was started, exactly (with `-vv` and `--dry-run`; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invocation: Option<InvocationReport>,
}

/// What hookcheck started for one command, as the agent would: environment names only,
/// never values.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct InvocationReport {
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// The working directory.
    pub cwd: String,
    /// The timeout, in milliseconds.
    pub timeout_ms: u64,
    /// The variables the agent (or the spec's `env`) sets or changes.
    pub env_set: Vec<String>,
    /// The variables passed on from hookcheck's own environment.
    pub env_inherited: Vec<String>,
    /// The input JSON written on the hook's stdin.
    pub stdin: String,
}

/// The judgement of the whole check.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Summary {
    /// Whether the check passed.
    pub passed: bool,
    /// The exit status hookcheck ends with (0 passed, 1 failed).
    pub exit_code: i32,
    /// Targets whose verdict was counted.
    pub counted: usize,
    /// Targets that ran but were left out: assumed (see `--include-assumed`) or not countable.
    pub not_counted: usize,
    /// Targets that did not run the hook.
    pub not_run: usize,
    /// The expectation, as given.
    pub expect: Option<String>,
    /// Why the check failed, one line each.
    pub failures: Vec<String>,
    /// The agents a failure names (empty when the failure names none, e.g. nothing counted).
    #[serde(rename = "failed_agents")]
    pub failed_targets: Vec<String>,
    /// Agents whose result is not counted (assumed, async, not countable) but that contradict
    /// the expectation, or with none the counted agents' one decision: the text marks them
    /// `✗?` and shows them in full, the summary line names them, and `--strict` fails on them.
    #[serde(rename = "doubtful_agents")]
    pub doubtful: Vec<String>,
    /// The tools to look at: those that differ from the rest, miss an expectation, error or
    /// time out (the text report shows these in full).
    pub flagged: Vec<String>,
    /// One line for people.
    pub message: String,
}

/// `run --dry-run`: what each agent would run, and with what input, without running it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DryRunReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// The hook's name.
    pub hook: String,
    /// The spec file.
    pub spec: String,
    /// What the agent is about to do.
    pub trigger: TriggerReport,
    /// One entry per agent, in registry order.
    #[serde(rename = "agents")]
    pub targets: Vec<DryTarget>,
    /// How many commands would be started.
    pub would_start: usize,
}

/// What one tool would do.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DryTarget {
    /// The agent's id.
    #[serde(rename = "agent")]
    pub target: String,
    /// The tool's name.
    pub name: String,
    /// The event, in the tool's spelling.
    pub event: Option<String>,
    /// The tool name or source the hook would fire on.
    pub trigger: Option<String>,
    /// Why the hook would not run, or would not fire.
    pub reason: Option<String>,
    /// One entry per command.
    pub commands: Vec<DryCommand>,
    /// What had to be assumed.
    pub assumptions: Vec<Assumption>,
    /// What a user should know.
    pub notes: Vec<String>,
}

/// One command a tool would start.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DryCommand {
    /// The command as written.
    pub command: String,
    /// The tool would not wait for it.
    #[serde(rename = "async")]
    pub is_async: bool,
    /// What would be started (absent when the command would not run).
    pub invocation: Option<InvocationReport>,
    /// Why the command would not run.
    pub not_run: Option<String>,
}

/// What `--format json` prints when the check cannot run (exit status 2).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ErrorReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// What went wrong and what to do.
    pub error: String,
    /// What kind of input it is about (`usage`, `spec`, `hook-file`, `matcher`, ...).
    pub kind: crate::error::Kind,
}

/// Everything `--format json` can print: a report, or an error.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Output {
    /// The check ran.
    Report(Box<Report>),
    /// The check could not run.
    Error(ErrorReport),
    /// `hookcheck test`: a suite of checks.
    Suite(suite::SuiteReport),
}

/// The JSON Schema of `--format json`, as `hookcheck schema` prints it.
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Output)).unwrap_or_default()
}

/// A value as a shell would need it written, quoted only when it must be.
pub fn quote(v: &str) -> String {
    let plain = !v.is_empty()
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        v.to_string()
    } else {
        format!("'{}'", v.replace('\'', "'\\''"))
    }
}
