//! agent-harness-adapter 0.2.2 (https://crates.io/crates/agent-harness-adapter/0.2.2, and its
//! library agent-harness-adapter-core 0.2.2; both from github.com/six5536/agent-harness-adapter
//! @19b385a67458e66bf520d5ca0617c2b893077631; read 2026-12-01; one real run recorded in
//! fixtures/corpus/aha-generated).
//!
//! - What marks a project as the adapter's is its config, `.agents/agent-harness-adapter.toml`
//!   (or `.json`), found at the root (core src/manifest/config.rs `CONFIG_DIR`, `CONFIG_NAME`);
//!   its `hooks = { from = "<file>" }` names the hooks source, `.agents/hooks.json` in the config
//!   `install` writes (`config_text`). The source has no `$schema` or key of its own: without
//!   the config, `.agents/hooks.json` is no file of the adapter's.
//! - The source is Claude Code's settings shape, `{"hooks": {"<Event>": [{"matcher",
//!   "hooks": [{"type", "command", "timeout", "tool"}]}]}}` (core src/hook/file.rs); `timeout`
//!   in seconds, 60 when absent (`DEFAULT_TIMEOUT`). Only seven events run
//!   (core src/hook/event.rs `Event::ALL`, src/claude/adapter.rs `event_name`), only `command`
//!   entries without `tool` (`Entry::dispatched`); the others draw a warning at install.
//! - The targets are the harnesses installed: the tables of its record, `record` in the config,
//!   else `.<name>/harness.toml` with `name` default `agents` (core src/manifest/mod.rs).
//! - Per event with an entry to run, each target gets ONE dispatch hook, `<adapter> hook --hooks
//!   <file> <harness> <event>` (`adapter` in the config, else `agent-harness-adapter`; the file
//!   relative to the root, quoted when it holds a shell character), with no matcher and as
//!   timeout the sum of the event's entries' timeouts, in the agent's unit (core
//!   src/integration/declaration.rs `hooks_from`, `resolve`). At hook time the dispatcher runs
//!   the source's matching entries (matchers against Claude Code's tool names).

use std::path::Path;

use serde_json::Value;

use super::{Generator, Source, SourceHook, read_json, targets};
use crate::native::{JsonCursor, shown};

/// The adapter.
pub const GENERATOR: Generator = Generator {
    name: "agent-harness-adapter",
    files: &[".agents/hooks.json"],
    config: &[
        ".agents/agent-harness-adapter.toml",
        ".agents/agent-harness-adapter.json",
    ],
    regenerate: "agent-harness-adapter install",
    runs: "the dispatch hooks agent-harness-adapter wrote into its own files, and they run this file's matching entries at hook time",
    // The crate's README.md, "Install".
    dispatcher: Some((
        "agent-harness-adapter",
        "`npm install -g @six5536/agent-harness-adapter` or `cargo install agent-harness-adapter`",
    )),
    read,
};

/// The source's event names and the adapter's own, which its dispatch commands carry.
const EVENTS: &[(&str, &str)] = &[
    ("SessionStart", "session-start"),
    ("SessionEnd", "session-end"),
    ("UserPromptSubmit", "prompt-submit"),
    ("PreToolUse", "pre-tool"),
    ("PostToolUse", "post-tool"),
    ("Stop", "stop"),
    ("PreCompact", "pre-compact"),
];

/// An entry's timeout when it gives none, in seconds.
const DEFAULT_TIMEOUT_S: u64 = 60;

/// The config as JSON values, TOML or JSON by its name.
fn config(root: &Path) -> Option<Value> {
    GENERATOR.config.iter().find_map(|c| {
        let path = root.join(c);
        if c.ends_with(".json") {
            return read_json(&path).map(|(_, v)| v);
        }
        toml::from_str(&std::fs::read_to_string(path).ok()?).ok()
    })
}

/// The adapter's source under `root`, when its config names a hooks file that is there.
fn read(g: &'static Generator, root: &Path) -> Option<Source> {
    let config = config(root)?;
    let from = config["hooks"]["from"].as_str()?;
    let from = from.strip_prefix("./").unwrap_or(from);
    let path = root.join(from);
    let (text, v) = read_json(&path)?;
    let name = config["name"].as_str().unwrap_or("agents");
    let record = config["record"]
        .as_str()
        .map_or_else(|| format!(".{name}/harness.toml"), String::from);
    let installed: Vec<String> = std::fs::read_to_string(root.join(record))
        .ok()
        .and_then(|t| toml::from_str::<Value>(&t).ok())
        .and_then(|r| r.as_object().map(|o| o.keys().cloned().collect()))
        .unwrap_or_default();
    let adapter = config["adapter"].as_str().unwrap_or(g.name);
    let file = if from.contains(|c: char| c.is_whitespace() || "\"'$`\\;&|<>()".contains(c)) {
        format!("\"{}\"", from.replace('"', "\\\""))
    } else {
        from.to_string()
    };
    let (events, unrun) = events(&text, &v);
    let hooks = installed
        .iter()
        .map(|harness| {
            let list = events
                .iter()
                .map(|(id, h)| SourceHook {
                    command: format!("{adapter} hook --hooks {file} {harness} {id}"),
                    ..h.clone()
                })
                .collect();
            (harness.clone(), list)
        })
        .collect();
    Some(Source {
        generator: g,
        file: shown(root, &path),
        targets: targets(g, installed),
        hooks,
        unrun,
        dispatch: Some(format!("{adapter} hook --hooks {file} ")),
    })
}

/// The events the adapter writes a dispatch hook for, each with the adapter's event name and
/// as one hook (at the line of its first entry, its timeout the entries' sum); and the entries
/// it runs nowhere, with why.
#[allow(clippy::type_complexity)]
fn events(text: &str, v: &Value) -> (Vec<(&'static str, SourceHook)>, Vec<(SourceHook, String)>) {
    let (mut out, mut unrun) = (Vec::new(), Vec::new());
    let mut cursor = JsonCursor::new(text);
    for (event, groups) in v["hooks"].as_object().into_iter().flatten() {
        let id = EVENTS.iter().find(|(e, _)| e == event).map(|(_, id)| *id);
        let mut run: Option<SourceHook> = None;
        for group in groups.as_array().into_iter().flatten() {
            let matcher = group["matcher"].as_str().unwrap_or_default();
            for e in group["hooks"].as_array().into_iter().flatten() {
                let kind = e["type"].as_str().unwrap_or("command");
                let Some(command) = e["command"].as_str().or(e["prompt"].as_str()) else {
                    continue;
                };
                let hook = SourceHook {
                    event: event.clone(),
                    matcher: matcher.to_string(),
                    command: command.to_string(),
                    timeout_s: Some(e["timeout"].as_u64().unwrap_or(DEFAULT_TIMEOUT_S)),
                    line: cursor.line_of(command),
                    runs: Vec::new(),
                };
                let tool = e
                    .get("tool")
                    .map(|t| t.as_str().map_or_else(|| t.to_string(), String::from));
                let why = match (id, kind, tool) {
                    (None, ..) => format!(
                        "the adapter runs only {} hooks",
                        EVENTS
                            .iter()
                            .map(|(e, _)| *e)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    (_, k, _) if k != "command" => {
                        format!("the adapter runs only `command` hooks, not `{k}`")
                    }
                    (_, _, Some(t)) => format!(
                        "its `tool` ({t}) marks it as installed by that tool itself: the dispatcher skips it"
                    ),
                    _ => {
                        match &mut run {
                            Some(r) => {
                                r.timeout_s =
                                    Some(r.timeout_s.unwrap_or(0) + hook.timeout_s.unwrap_or(0));
                                r.runs.push(hook.command);
                            }
                            None => {
                                run = Some(SourceHook {
                                    matcher: String::new(),
                                    runs: vec![hook.command.clone()],
                                    ..hook
                                })
                            }
                        }
                        continue;
                    }
                };
                unrun.push((hook, why));
            }
        }
        if let (Some(id), Some(h)) = (id, run) {
            out.push((id, h));
        }
    }
    (out, unrun)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_dispatch_per_event_its_timeout_the_sum_and_unrun_entries_said() {
        let text = r#"{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "a.sh", "timeout": 10}]},
                 {"hooks": [{"command": "b.sh"}, {"type": "command", "command": "c", "tool": "x"}]}],
  "Notification": [{"hooks": [{"type": "command", "command": "n.sh"}]}],
  "Stop": [{"hooks": [{"type": "prompt", "prompt": "check"}]}]
}}"#;
        let v: Value = serde_json::from_str(text).unwrap();
        let (run, unrun) = events(text, &v);
        let run: Vec<_> = run
            .iter()
            .map(|(id, h)| {
                (
                    *id,
                    h.event.as_str(),
                    h.matcher.as_str(),
                    h.timeout_s,
                    h.line,
                )
            })
            .collect();
        assert_eq!(run, [("pre-tool", "PreToolUse", "", Some(70), 2)]);
        assert_eq!(events(text, &v).0[0].1.runs, ["a.sh", "b.sh"]);
        let unrun: Vec<_> = unrun
            .iter()
            .map(|(h, why)| {
                (
                    h.command.as_str(),
                    h.line,
                    why.split(':').next().unwrap_or_default(),
                )
            })
            .collect();
        assert_eq!(
            unrun,
            [
                (
                    "c",
                    3,
                    "its `tool` (x) marks it as installed by that tool itself"
                ),
                (
                    "n.sh",
                    4,
                    "the adapter runs only SessionStart, SessionEnd, UserPromptSubmit, PreToolUse, PostToolUse, Stop, PreCompact hooks"
                ),
                (
                    "check",
                    5,
                    "the adapter runs only `command` hooks, not `prompt`"
                ),
            ]
        );
    }
}
