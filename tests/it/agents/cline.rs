use crate::common::{Project, decision, target};

const SPEC: &str = "event: PreToolUse\ncommand: ./hooks/g.sh\n";

/// Cancels when the payload mentions `rm -rf`; otherwise exits 2 with a reason on stderr,
/// which Cline ignores.
const SCRIPT: &str = "#!/bin/sh\nif grep -q 'rm -rf'; then printf 'checking\\nHOOK_CONTROL\\t{\"cancel\":true,\"errorMessage\":\"no\"}\\n'; exit 0; fi\necho 'exit 2 means nothing to Cline' >&2\nexit 2\n";

fn project() -> Project {
    Project::new().spec("g", SPEC).script("hooks/g.sh", SCRIPT)
}

#[test]
fn cancel_blocks_and_halts_the_task() {
    let p = project();
    let (_, r) = p.json(
        "g",
        &["-t", "cline", "--bash", "rm -rf build", "--include-assumed"],
    );
    let t = target(&r, "cline");
    assert_eq!(
        (t["decision"].as_str(), t["effect"].as_str()),
        (Some("block"), Some("halted")),
        "{r}"
    );
}

#[test]
fn exit_2_with_stderr_allows() {
    let p = project();
    let (_, r) = p.json("g", &["-t", "cline", "--bash", "ls", "--include-assumed"]);
    assert_eq!(decision(&r, "cline"), "allow", "{r}");
}

#[test]
fn the_captured_cwd_is_no_assumption_so_the_result_counts() {
    // real agent Cline CLI 3.0.65 ran every hook in the project root (fixtures/live/inputs/
    // cline--*.json): nothing is assumed, and the block counts without --include-assumed.
    let (_, r) = project().json("g", &["-t", "cline", "--bash", "rm -rf build"]);
    let t = target(&r, "cline");
    assert_eq!(
        (t["decision"].as_str(), t["counted"].as_bool()),
        (Some("block"), Some(true)),
        "{r}"
    );
    assert_eq!(t["assumptions"], serde_json::json!([]), "{r}");
}

#[test]
fn an_edit_match_lets_a_shell_call_through() {
    let p = project().spec("e", "on: before-tool\nmatch: edit\ncommand: ./hooks/g.sh\n");
    let (_, r) = p.json("e", &["-t", "cline", "--bash", "rm -rf build"]);
    let t = target(&r, "cline");
    assert_eq!(
        (t["decision"].as_str(), t["fired"].as_bool()),
        (Some("allow"), Some(false)),
        "{r}"
    );
}

#[test]
fn pre_compact_is_not_run() {
    let p = project().spec("c", "event: PreCompact\ncommand: ./hooks/g.sh\n");
    let (_, r) = p.json("c", &["-t", "cline"]);
    assert_eq!(decision(&r, "cline"), "not run", "{r}");
}

#[test]
fn specs_sharing_an_event_are_not_counted_even_with_include_assumed() {
    let alone = project();
    let (_, r) = alone.json(
        "g",
        &["-t", "cline", "--bash", "rm -rf build", "--include-assumed"],
    );
    assert_eq!(target(&r, "cline")["counted"], true, "{r}");

    // A second spec on PreToolUse (portable before-tool maps there too) shares Cline's script.
    let shared = project().spec("other", "on: before-tool\ncommand: ./hooks/g.sh\n");
    let (_, r) = shared.json(
        "g",
        &["-t", "cline", "--bash", "rm -rf build", "--include-assumed"],
    );
    let t = target(&r, "cline");
    assert_eq!(t["counted"], false, "{r}");
    assert!(
        t["commands"][0]["notes"]
            .to_string()
            .contains("other also reach"),
        "{r}"
    );

    // A spec on another event, or one whose targets leave Cline out, does not.
    let apart = project()
        .spec("stop", "event: Stop\ncommand: ./hooks/g.sh\n")
        .spec(
            "elsewhere",
            "event: PreToolUse\ncommand: ./hooks/g.sh\ntargets: [claude]\n",
        );
    let (_, r) = apart.json(
        "g",
        &["-t", "cline", "--bash", "rm -rf build", "--include-assumed"],
    );
    assert_eq!(target(&r, "cline")["counted"], true, "{r}");
}
