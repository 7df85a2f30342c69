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
fn the_assumed_cwd_counts_only_with_include_assumed() {
    let p = project();
    for (extra, counted) in [(None, false), (Some("--include-assumed"), true)] {
        let mut args = vec!["-t", "cline", "--bash", "rm -rf build"];
        args.extend(extra);
        let (_, r) = p.json("g", &args);
        let t = target(&r, "cline");
        assert_eq!(t["decision"], "block", "{r}");
        assert_eq!(t["counted"].as_bool(), Some(counted), "{extra:?}: {r}");
        assert_eq!(t["assumptions"][0]["item"], "cwd", "{r}");
    }
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
