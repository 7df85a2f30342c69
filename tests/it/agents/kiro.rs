use crate::common::{Project, decision, guard, target};

const SPEC: &str = "event: PreToolUse\nmatcher: shell\ncommand: ./hooks/g.sh\n";

fn payload(command: &str) -> String {
    serde_json::json!({
        "hook_event_name": "preToolUse",
        "cwd": "/tmp",
        "tool_name": "execute_bash",
        "tool_input": { "command": command }
    })
    .to_string()
}

fn project() -> Project {
    Project::new()
        .spec("g", SPEC)
        .script("hooks/g.sh", &guard("rm -rf"))
        .file("rm.json", &payload("rm -rf build"))
        .file("ls.json", &payload("ls"))
}

#[test]
fn blocks_on_exit_2_and_allows_on_exit_0_from_a_payload() {
    let p = project();
    let (_, r) = p.json(
        "g",
        &["-t", "kiro", "--payload", "rm.json", "--include-assumed"],
    );
    assert_eq!(decision(&r, "kiro"), "block", "{r}");
    let (_, r) = p.json(
        "g",
        &["-t", "kiro", "--payload", "ls.json", "--include-assumed"],
    );
    assert_eq!(decision(&r, "kiro"), "allow", "{r}");
}

#[test]
fn the_assumed_shell_counts_only_with_include_assumed() {
    let p = project();
    for (extra, counted) in [(None, false), (Some("--include-assumed"), true)] {
        let mut args = vec!["-t", "kiro", "--payload", "rm.json"];
        args.extend(extra);
        let (_, r) = p.json("g", &args);
        let t = target(&r, "kiro");
        assert_eq!(t["decision"], "block", "{r}");
        assert_eq!(t["counted"].as_bool(), Some(counted), "{extra:?}: {r}");
        assert_eq!(t["assumptions"][0]["item"], "shell", "{r}");
    }
}

#[test]
fn a_write_matcher_does_not_fire_on_a_shell_call() {
    let p = project().spec(
        "w",
        "event: PreToolUse\nmatcher: write\ncommand: ./hooks/g.sh\n",
    );
    let (_, r) = p.json("w", &["-t", "kiro", "--payload", "rm.json"]);
    let t = target(&r, "kiro");
    assert_eq!(
        (t["decision"].as_str(), t["fired"].as_bool()),
        (Some("allow"), Some(false)),
        "{r}"
    );
}

#[test]
fn bash_is_refused_for_tool_events() {
    let p = project();
    let (_, r) = p.json("g", &["-t", "kiro", "--bash", "rm -rf build"]);
    let t = target(&r, "kiro");
    assert_eq!(t["decision"], "not run", "{r}");
    assert!(
        t["reason"]
            .as_str()
            .unwrap_or_default()
            .contains("--payload"),
        "{r}"
    );
}
