use crate::common::{Project, decision, target};

const PRE: &str = "event: preToolUse\nmatcher: bash\ncommand: ./hooks/g.sh\n";

/// Denies with a top-level permissionDecision when the payload holds `rm -rf`.
const DENY_RM: &str = "#!/bin/sh\nif grep -q 'rm -rf'; then echo '{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"no\"}'; fi\nexit 0\n";

#[test]
fn blocks_and_allows_a_bash_call() {
    let p = Project::new().spec("g", PRE).script("hooks/g.sh", DENY_RM);
    let args = ["-t", "copilot", "--include-assumed", "--bash"];
    let (code, r) = p.json("g", &[&args[..], &["rm -rf build"]].concat());
    assert_eq!(
        (code, decision(&r, "copilot").as_str()),
        (0, "block"),
        "{r}"
    );
    let (code, r) = p.json("g", &[&args[..], &["ls"]].concat());
    assert_eq!(
        (code, decision(&r, "copilot").as_str()),
        (0, "allow"),
        "{r}"
    );
}

#[test]
fn a_failing_hook_blocks_the_call_but_reads_as_error() {
    let p = Project::new()
        .spec("g", PRE)
        .script("hooks/g.sh", "#!/bin/sh\necho oops >&2\nexit 1\n");
    let (code, r) = p.json(
        "g",
        &[
            "-t",
            "copilot",
            "--bash",
            "ls",
            "--include-assumed",
            "--expect",
            "block",
        ],
    );
    let t = target(&r, "copilot");
    assert_eq!(
        (t["decision"].as_str(), t["effect"].as_str(), code),
        (Some("error"), Some("blocked"), 1),
        "{r}"
    );
}

#[test]
fn the_captured_shell_and_cwd_are_no_assumptions_so_the_result_counts() {
    // real agent Copilot CLI 1.0.102: /bin/bash --norc --noprofile -c in the project root
    // (fixtures/live/inputs/copilot--*.json). A guard that allows there fails the check.
    let p = Project::new().spec("g", PRE).script("hooks/g.sh", DENY_RM);
    let (code, r) = p.json(
        "g",
        &["-t", "copilot", "--bash", "rm -rf x", "--expect", "block"],
    );
    let t = target(&r, "copilot");
    assert_eq!(
        (t["decision"].as_str(), t["counted"].as_bool(), code),
        (Some("block"), Some(true), 0),
        "{r}"
    );
    assert_eq!(t["assumptions"], serde_json::json!([]), "{r}");
}

#[test]
fn exec_form_in_a_handler_cwd_assumes_nothing() {
    // The relative exec path resolves from cwd; the script checks it runs there.
    let p = Project::new()
        .spec(
            "g",
            "event: preToolUse\ncommand: ./g.sh\nargs: [deny]\ncwd: hooks\n",
        )
        .script(
            "hooks/g.sh",
            "#!/bin/sh\n[ -f ./g.sh ] || exit 0\necho \"{\\\"permissionDecision\\\":\\\"$1\\\"}\"\n",
        );
    let (code, r) = p.json("g", &["-t", "copilot", "--bash", "ls", "--expect", "block"]);
    let t = target(&r, "copilot");
    assert_eq!(
        (t["decision"].as_str(), t["counted"].as_bool(), code),
        (Some("block"), Some(true), 0),
        "{r}"
    );
}

#[test]
fn a_matcher_that_does_not_fire_allows() {
    let p = Project::new()
        .spec(
            "g",
            "event: preToolUse\nmatcher: edit|create\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "copilot", "--bash", "rm -rf build"]);
    let t = target(&r, "copilot");
    assert_eq!(
        (
            t["decision"].as_str(),
            t["fired"].as_bool(),
            t["counted"].as_bool()
        ),
        (Some("allow"), Some(false), Some(true)),
        "{r}"
    );
}

/// Copilot CLI 1.0.102 writes a new file with `create {path, file_text}` (captured live,
/// fixtures/live/inputs/copilot--edit.json): a guard on edits sees that call and blocks it.
#[test]
fn blocks_an_edit_through_the_create_tool() {
    let guard = "#!/bin/sh\nif jq -e '.toolName == \"create\" and (.toolArgs.path | endswith(\"/src/a.rs\")) and .toolArgs.file_text == \"\"' >/dev/null; then echo no >&2; exit 2; fi\nexit 0\n";
    let p = Project::new()
        .spec("g", "on: before-tool\nmatch: edit\ncommand: ./hooks/g.sh\n")
        .script("hooks/g.sh", guard);
    let (code, r) = p.json(
        "g",
        &["-t", "copilot", "--include-assumed", "--edit", "src/a.rs"],
    );
    assert_eq!(
        (code, decision(&r, "copilot").as_str()),
        (0, "block"),
        "{r}"
    );
}

#[test]
fn refused_triggers_and_env_with_dollar_are_not_run() {
    let rows = [
        // Only preToolUse's edit input is captured (fixtures/live/inputs/copilot--edit.json).
        (
            "event: postToolUse\nmatcher: create\ncommand: ./hooks/g.sh\n",
            "--edit",
            "src/a.rs",
            "refuses --edit here",
        ),
        (
            "event: PostToolUse\ncommand: ./hooks/g.sh\n",
            "--bash",
            "ls",
            "refuses --bash",
        ),
        (
            "event: preToolUse\ncommand: ./hooks/g.sh\nenv: {K: \"$HOME\"}\n",
            "--bash",
            "ls",
            "holds `$`",
        ),
    ];
    for (yaml, flag, value, why) in rows {
        let p = Project::new()
            .spec("g", yaml)
            .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
        let (_, r) = p.json("g", &["-t", "copilot", flag, value]);
        let t = target(&r, "copilot");
        assert_eq!(t["decision"].as_str(), Some("not run"), "{yaml}: {r}");
        assert!(
            t["reason"].as_str().is_some_and(|s| s.contains(why)),
            "{yaml}: {r}"
        );
    }
}
