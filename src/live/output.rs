//! What `hookcheck live --format json` prints (`hookcheck schema live`).

use schemars::JsonSchema;
use serde::Serialize;

use super::{Observation, Phase, Trigger};

/// The schema version of `hookcheck live --format json`: the reports' own, as the sweep's is.
pub const SCHEMA_VERSION: u32 = crate::report::SCHEMA_VERSION;

/// `hookcheck live --format json` (`hookcheck schema live`).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LiveReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// The hook's name.
    pub hook: String,
    /// What the user or the model did.
    pub trigger: Trigger,
    /// The event given with `--event`, if any (each agent's own is in its row).
    pub event: Option<String>,
    /// How the agents were sandboxed.
    pub sandbox: String,
    /// One entry per agent run.
    pub agents: Vec<LiveRow>,
    /// 0 every agent agreed with the prediction, 1 one did not, 2 none could run.
    pub exit_code: i32,
}

/// One agent in live mode.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LiveRow {
    /// The agent's id.
    pub agent: String,
    /// Why it could not run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The hook's event in the agent's spelling, and what live mode tells apart on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<Phase>,
    /// What the real agent did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub observation: Option<Observation>,
    /// What hookcheck predicted, as an observation in this phase shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted: Option<String>,
    /// Whether the two agree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agrees: Option<bool>,
    /// What the hook was given, with `--show-input`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<serde_json::Value>,
}
