//! Recorded truth: one JSON fixture per observation (`hookcheck live --record DIR`).

use crate::error::Error;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{Observation, Observed, Phase, Seen, Trigger, TriggerFields};

/// One recorded observation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fixture {
    /// The tool id.
    pub agent: String,
    /// The agent's version.
    pub version: Option<String>,
    /// The hook spec's name (the behaviour).
    pub hook: String,
    /// The hook spec's text, so the case can be predicted again with no agent installed.
    pub spec: String,
    /// What triggered the hook.
    #[serde(flatten)]
    pub trigger: TriggerFields,
    /// What live mode tells apart on the hook's event (absent: before a tool).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<Phase>,
    /// What the agent did.
    pub observed: Observed,
    /// What was seen, that the verdict rests on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen: Option<Seen>,
    /// The tool result the agent handed back to the model.
    pub tool_result: Option<String>,
    /// The lines the hooks appended to `$TMPDIR/hookcheck-trace` (which ran), when any did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trace: Vec<String>,
    /// hookcheck's prediction when this was recorded (informational).
    pub predicted_at_record: Option<String>,
    /// The day it was recorded (UTC); absent in fixtures recorded before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The command that recorded it; absent in fixtures recorded before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub made_with: Option<String>,
    /// With `--repo-hooks synced`: the hook files `hookcheck sync` wrote into the workspace
    /// the agent ran in, which the prediction was made from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub synced: Vec<SyncedFile>,
    /// With `--also-event`: the project hook files the driver wrote (the project root as
    /// `<root>`), which the prediction was made from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hook_files: Vec<SyncedFile>,
}

/// One hook file `hookcheck sync` wrote for a recorded run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SyncedFile {
    /// Its path, relative to the workspace.
    pub path: String,
    /// Its text.
    pub text: String,
}

impl Fixture {
    /// What live mode tells apart on the recorded event.
    pub fn live_phase(&self) -> Phase {
        self.phase.unwrap_or(Phase::BeforeTool)
    }
}

/// What was run, for a fixture.
pub struct Case<'a> {
    /// The hook spec's name.
    pub hook: &'a str,
    /// The hook spec's text.
    pub spec: &'a str,
    /// The trigger.
    pub trigger: &'a Trigger,
    /// `--event`, when given.
    pub event: Option<&'a str>,
    /// The phase of the agent's event.
    pub phase: Option<Phase>,
    /// The command that runs it (`hookcheck live HOOK --specs DIR ... --record DIR`), for
    /// one agent: `{agent}` stands for its id.
    pub made_with: Option<&'a str>,
    /// The day it is recorded (UTC, `YYYY-MM-DD`).
    pub date: Option<&'a str>,
    /// The files sync wrote, with `--repo-hooks synced` (path, text).
    pub synced: Option<&'a [(String, String)]>,
    /// The project hook files the driver wrote, with `--also-event` (path, text).
    pub hook_files: Option<&'a [(String, String)]>,
}

/// Writes `DIR/<hook>--<agent>.json`.
pub fn write(
    dir: &Path,
    case: &Case,
    predicted: Option<&str>,
    o: &Observation,
) -> Result<(), Error> {
    let hook = case.hook;
    // Before a tool the old fixtures' shape is kept: the verdict says it all.
    let before = case.phase.is_none_or(|p| p == Phase::BeforeTool);
    let f = Fixture {
        agent: o.agent.clone(),
        version: o.version.clone(),
        hook: hook.to_string(),
        spec: case.spec.to_string(),
        trigger: TriggerFields::new(case.trigger, case.event),
        phase: case.phase.filter(|_| !before),
        observed: o.observed,
        seen: (!before || !matches!(case.trigger, Trigger::Bash(_))).then(|| o.seen.clone()),
        tool_result: o.tool_result.clone(),
        trace: o.trace.clone(),
        predicted_at_record: predicted.map(String::from),
        date: case.date.map(String::from),
        made_with: case.made_with.map(|m| m.replace("{agent}", &o.agent)),
        synced: files(case.synced),
        hook_files: files(case.hook_files),
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::live(format!("--record {}: {e}", dir.display())))?;
    let path = dir.join(format!("{hook}--{}.json", o.agent));
    let text = serde_json::to_string_pretty(&f).unwrap_or_default();
    std::fs::write(&path, text + "\n").map_err(|e| Error::live(format!("{}: {e}", path.display())))
}

/// Files (path, text) as a fixture keeps them.
fn files(list: Option<&[(String, String)]>) -> Vec<SyncedFile> {
    list.unwrap_or_default()
        .iter()
        .map(|(path, text)| SyncedFile {
            path: path.clone(),
            text: text.clone(),
        })
        .collect()
}

/// Every fixture in `dir`, sorted by file name.
pub fn load_all(dir: &Path) -> Result<Vec<(String, Fixture)>, Error> {
    load_dir(dir)
}

/// Every JSON file in `dir` read as a `T`, sorted by file name.
pub fn load_dir<T: serde::de::DeserializeOwned>(dir: &Path) -> Result<Vec<(String, T)>, Error> {
    let mut out = Vec::new();
    let entries =
        std::fs::read_dir(dir).map_err(|e| Error::live(format!("{}: {e}", dir.display())))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .map_err(|e| Error::live(format!("{}: {e}", path.display())))?;
        let f: T = serde_json::from_str(&text)
            .map_err(|e| Error::live(format!("{}: {e}", path.display())))?;
        out.push((entry.file_name().to_string_lossy().into_owned(), f));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}
