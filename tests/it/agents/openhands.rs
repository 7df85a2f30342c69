use crate::common::{Project, decision, guard};

#[test]
fn blocks_and_allows_a_terminal_call() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: terminal\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let (_, r) = p.json("g", &["-t", "openhands", "--bash", "rm -rf build"]);
    assert_eq!(decision(&r, "openhands"), "block", "{r}");
    let (_, r) = p.json("g", &["-t", "openhands", "--bash", "ls"]);
    assert_eq!(decision(&r, "openhands"), "allow", "{r}");
}

/// executor.py reads stdout JSON whatever the exit code: a deny at exit 1 blocks, while a
/// plain exit 1 is a non-blocking error.
#[test]
fn a_json_deny_at_exit_1_blocks() {
    let p = Project::new()
        .spec("g", "event: PreToolUse\ncommand: ./hooks/g.sh\n")
        .script(
            "hooks/g.sh",
            "#!/bin/sh\nif grep -q 'rm -rf'; then echo '{\"decision\":\"deny\",\"reason\":\"no\"}'; fi\nexit 1\n",
        );
    let (_, r) = p.json("g", &["-t", "openhands", "--bash", "rm -rf build"]);
    assert_eq!(decision(&r, "openhands"), "block", "{r}");
    let (_, r) = p.json("g", &["-t", "openhands", "--bash", "ls"]);
    assert_eq!(decision(&r, "openhands"), "error", "{r}");
}

#[test]
fn a_bash_matcher_does_not_fire_and_the_regex_is_anchored() {
    let p = Project::new()
        .spec(
            "a",
            "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/g.sh\n",
        )
        .spec(
            "b",
            "event: PreToolUse\nmatcher: \"term.*\"\ncommand: ./hooks/g.sh\n",
        )
        .spec(
            "c",
            "event: PreToolUse\nmatcher: \"erm.*\"\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\necho no >&2\nexit 2\n");
    for (hook, want) in [("a", "allow"), ("b", "block"), ("c", "allow")] {
        let (_, r) = p.json(hook, &["-t", "openhands", "--bash", "ls"]);
        assert_eq!(decision(&r, "openhands"), want, "{hook}: {r}");
    }
}
