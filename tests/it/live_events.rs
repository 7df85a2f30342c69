//! Which events fire around one shell call, observed: `hookcheck live every-event
//! --every-event` puts a hook on every event the agent has, each appending its event's name
//! to the trace file, named by its absolute path, and the scripted call appends `CALL` there
//! (fixtures/live/lifecycle/every-event). Before the call, the tool events that fired are the
//! one hookcheck plans a before-tool hook on, in each of the agent's spellings of it (Copilot
//! CLI's camelCase and PascalCase twins both fire), and the events the agent's contract says
//! fire on the same call after it (`Run::also_fires`, where the agent fired them on a call
//! approved up front); after it, the one it plans an after-tool hook on. Since 2026-12-05 the
//! hook writes to the trace by its path, so an event missing from a trace did not fire.

use std::path::Path;

use hookcheck::live::record;
use serde_json::Value;

use crate::common::Project;

/// The event hookcheck plans a portable hook `on` for `agent` on a shell call.
fn planned_event(agent: &str, on: &str) -> String {
    let p = Project::new().spec(
        "h",
        &format!("on: {on}\nmatch: shell\ncommand: 'true'\ntimeout: 10\n"),
    );
    let (_, v) = p.json("h", &["--bash", "ls", "-t", agent, "--dry-run"]);
    v["agents"][0]["event"]
        .as_str()
        .unwrap_or_else(|| panic!("{agent} {on}: {v}"))
        .to_string()
}

#[test]
fn the_tool_events_around_a_shell_call_are_the_ones_hookcheck_plans() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/lifecycle/every-event");
    let fixtures = record::load_all(&dir).expect("every-event recordings");
    let mut agents = Vec::new();
    for (file, f) in &fixtures {
        let made_with = f.made_with.as_deref().unwrap_or_default();
        assert!(made_with.contains(" --every-event "), "{file}: {made_with}");
        // The trace named by its path: a line missing means the hook did not run.
        assert!(f.spec.contains("{trace}"), "{file}: record it again");
        let contract = hookcheck::tools::find(&f.agent)
            .and_then(|t| t.contract())
            .expect("a command agent");
        let call = f
            .trace
            .iter()
            .position(|l| l == "CALL")
            .unwrap_or_else(|| panic!("{file}: the call did not run: {:?}", f.trace));
        let tool_events = |lines: &[String]| -> Vec<String> {
            lines
                .iter()
                .filter(|e| contract.event(e).is_some_and(|e| e.kind.is_tool()))
                .cloned()
                .collect()
        };
        // Each event in the agent's own order, as its spellings that fired.
        let same = |a: &str, b: &str| hookcheck::native::agents::same_event(&f.agent, a, b);
        let before = tool_events(&f.trace[..call]);
        let after = tool_events(&f.trace[call + 1..]);
        let planned_before = planned_event(&f.agent, "before-tool");
        let planned_after = planned_event(&f.agent, "after-tool");
        let fired_after = |e: &str| {
            contract
                .run
                .also_fires
                .iter()
                .any(|(later, first)| same(later, e) && same(first, &planned_before))
        };
        assert!(
            before.contains(&planned_before)
                && before
                    .iter()
                    .all(|e| same(e, &planned_before) || fired_after(e))
                && after.contains(&planned_after)
                && after.iter().all(|e| same(e, &planned_after)),
            "{file}: planned {planned_before} and {planned_after}: {:?}",
            f.trace
        );
        agents.push(f.agent.clone());
    }
    agents.sort();
    assert_eq!(agents, crate::common::live_agents());
    // The whole traces are data for the checklist (docs/dev/lifecycle.md, EV), pinned so a new
    // recording is read before it lands.
    let traces: serde_json::Map<String, Value> = fixtures
        .iter()
        .map(|(_, f)| (f.agent.clone(), serde_json::json!(f.trace)))
        .collect();
    assert_eq!(
        Value::Object(traces),
        serde_json::json!({
        "claude": ["SessionStart", "UserPromptSubmit", "PreToolUse", "CALL", "PostToolUse", "PostToolBatch", "MessageDisplay", "Stop", "SessionEnd"],
        "cline": ["TaskStart", "PreToolUse", "CALL", "PostToolUse", "TaskComplete"],
        "codex": ["SessionStart", "UserPromptSubmit", "PreToolUse", "CALL", "PostToolUse", "Stop", "SessionEnd"],
        "copilot": ["sessionStart", "SessionStart", "userPromptSubmitted", "UserPromptSubmit", "userPromptTransformed", "preToolUse", "PreToolUse", "permissionRequest", "PermissionRequest", "CALL", "postToolUse", "PostToolUse", "agentStop", "Stop", "sessionEnd", "SessionEnd"],
        "factory": ["SessionStart", "PreToolUse", "CALL", "PostToolUse", "Stop", "SessionEnd"],
        "gemini": ["SessionStart", "BeforeAgent", "PreCompress", "BeforeModel", "BeforeToolSelection", "AfterModel", "BeforeTool", "CALL", "AfterTool", "PreCompress", "BeforeModel", "BeforeToolSelection", "AfterModel", "AfterAgent", "SessionEnd"],
        "openhands": ["SessionStart", "UserPromptSubmit", "PreToolUse", "CALL", "PostToolUse", "Stop", "SessionEnd"],
        "qwen": ["InstructionsLoaded", "SessionStart", "Notification", "UserPromptSubmit", "PreToolUse", "CALL", "PostToolUse", "PostToolBatch", "UserPromptSubmit", "MessageDisplay", "Stop"],
        })
    );
}
