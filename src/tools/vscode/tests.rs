use super::AGENT;
use crate::agent::testing::{self, bash, exit, not_started, plan, planned_input};
use crate::tools::Plan;
use crate::verdict::Decision;

const PRE: &str = "event: PreToolUse\ncommand: ./hook.sh\n";

/// Every reply rule (D = the VS Code hooks page).
#[test]
fn reader_table() {
    use Decision::*;
    let deny =
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#;
    let ask = r#"{"hookSpecificOutput":{"permissionDecision":"ask"}}"#;
    let rows = [
        (
            "D exit 0 JSON",
            "PreToolUse",
            exit(0, r#"{"continue":true}"#, ""),
            Allow,
            true,
        ),
        ("D exit 0 empty", "PreToolUse", exit(0, "", ""), Allow, true),
        ("D deny", "PreToolUse", exit(0, deny, ""), Block, true),
        ("D ask", "PreToolUse", exit(0, ask, ""), Block, false),
        (
            "D continue false",
            "PreToolUse",
            exit(0, r#"{"continue":false}"#, ""),
            Block,
            true,
        ),
        ("D exit 2", "PreToolUse", exit(2, "", "no"), Block, true),
        (
            "D exit 1 warns",
            "PreToolUse",
            exit(1, "", "oops"),
            Error,
            true,
        ),
        (
            "D exit 2 after the tool",
            "PostToolUse",
            exit(2, "", "no"),
            Error,
            true,
        ),
        (
            "D not JSON",
            "PreToolUse",
            exit(0, "hello", ""),
            Allow,
            false,
        ),
        ("D not started", "PreToolUse", not_started(), Error, true),
        (
            "D timeout",
            "PreToolUse",
            testing::timed_out(),
            Timeout,
            false,
        ),
    ];
    for (name, event, out, want, counted) in rows {
        let r = testing::read(&AGENT, PRE, event, &out);
        assert_eq!((r.decision, r.counted), (want, counted), "{name}: {r:?}");
    }
}

/// A matcher is parsed and ignored: a hook for `Write` runs on a terminal command, with a note.
#[test]
fn matchers_are_ignored() {
    let Plan::Run(run) = plan(
        &AGENT,
        "event: PreToolUse\nmatcher: Write\ncommand: ./hook.sh\n",
        &bash("rm -rf build"),
    ) else {
        panic!()
    };
    assert_eq!(
        run.notes,
        ["VS Code ignores matchers: `Write` is ignored and the hook runs on every PreToolUse"]
    );
    let v = planned_input(&Plan::Run(run));
    assert_eq!(
        (v["tool_name"].as_str(), v["tool_input"]["command"].as_str()),
        (Some("runTerminalCommand"), Some("rm -rf build"))
    );
    assert_eq!(v["hookEventName"], "PreToolUse");
}

/// Copilot CLI's camelCase event is the same event.
#[test]
fn camel_case_events_are_the_same_event() {
    let p = plan(
        &AGENT,
        "event: preToolUse\ncommand: ./hook.sh\n",
        &bash("ls"),
    );
    assert!(matches!(p, Plan::Run(_)), "{p:?}");
}

/// The loader reads the page's flat shape and Claude Code's groups, `linux` over `command`.
#[test]
fn the_loader_reads_both_shapes() {
    let path = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/native/vscode/security.json"
    ));
    let text = std::fs::read_to_string(path).expect("fixture");
    let hs = (super::native::LOADER.parse)(path, &text).expect("parses");
    let got: Vec<(&str, &str, Option<u64>)> = hs
        .iter()
        .map(|h| (h.event.as_str(), h.command.as_str(), h.timeout_s))
        .collect();
    assert_eq!(
        got,
        [
            ("PreToolUse", "./scripts/block-dangerous.sh", Some(5)),
            ("PostToolUse", "./scripts/format-linux.sh", None),
        ]
    );
    let grouped = r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./g.sh"}]}]}}"#;
    let hs = (super::native::LOADER.parse)(path, grouped).expect("parses");
    assert_eq!(hs[0].command, "./g.sh");
}
