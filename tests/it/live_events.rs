//! Which events fire around one shell call, observed: `hookcheck live every-event
//! --every-event` puts a hook on every event the agent has, each appending its event's name
//! to `$TMPDIR/hookcheck-trace`, and the scripted call appends `CALL` there
//! (fixtures/live/lifecycle/every-event). The tool events that fired before the call are
//! exactly the one hookcheck plans a before-tool hook on, and after it the one it plans an
//! after-tool hook on. (An event missing from a trace either did not fire or ran its hook
//! without this `$TMPDIR`: only what a trace shows is checked.)

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
        let before = tool_events(&f.trace[..call]);
        let after = tool_events(&f.trace[call + 1..]);
        assert_eq!(
            (before, after),
            (
                vec![planned_event(&f.agent, "before-tool")],
                vec![planned_event(&f.agent, "after-tool")]
            ),
            "{file}: {:?}",
            f.trace
        );
        agents.push(f.agent.clone());
    }
    agents.sort();
    assert_eq!(
        agents,
        [
            "claude",
            "cline",
            "codex",
            "factory",
            "gemini",
            "openhands",
            "qwen"
        ]
    );
    // The whole traces are data for the checklist (docs/dev/lifecycle.md, EV); one is pinned
    // here so a new recording is read before it lands.
    let claude: Value = serde_json::to_value(
        &fixtures
            .iter()
            .find(|(_, f)| f.agent == "claude")
            .expect("claude")
            .1
            .trace,
    )
    .expect("json");
    assert_eq!(
        claude,
        serde_json::json!([
            "SessionStart",
            "UserPromptSubmit",
            "PreToolUse",
            "CALL",
            "PostToolUse",
            "PostToolBatch",
            "MessageDisplay",
            "Stop",
            "SessionEnd"
        ])
    );
}
