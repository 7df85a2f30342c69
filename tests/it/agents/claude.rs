use crate::common::{Project, decision, guard, target};

#[test]
fn blocks_and_allows_a_bash_call() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let (code, r) = p.json("g", &["-t", "claude", "--bash", "rm -rf build"]);
    assert_eq!((code, decision(&r, "claude").as_str()), (0, "block"), "{r}");
    let (code, r) = p.json("g", &["-t", "claude", "--bash", "ls"]);
    assert_eq!((code, decision(&r, "claude").as_str()), (0, "allow"), "{r}");
}

#[test]
fn an_if_rule_that_does_not_match_skips_the_hook() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: Bash\nif: Bash(git push *)\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\necho no >&2\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "claude", "--bash", "git status"]);
    let t = target(&r, "claude");
    assert_eq!(
        (t["decision"].as_str(), t["fired"].as_bool()),
        (Some("allow"), Some(false)),
        "{r}"
    );
    let (_, r) = p.json(
        "g",
        &["-t", "claude", "--bash", "cd x && git push -f origin main"],
    );
    assert_eq!(decision(&r, "claude"), "block", "{r}");
}

#[test]
fn the_hook_sees_claude_project_dir_and_the_payload() {
    let p = Project::new()
        .spec("g", "event: PreToolUse\ncommand: ./hooks/g.sh\n")
        .script(
            "hooks/g.sh",
            "#!/bin/sh\ncat > seen.json\necho \"$CLAUDE_PROJECT_DIR\" > dir.txt\n",
        );
    let (code, _) = p.json("g", &["-t", "claude", "--bash", "ls"]);
    assert_eq!(code, 0);
    let seen: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(p.root().join("seen.json")).unwrap())
            .unwrap();
    assert_eq!(seen["tool_input"]["command"], "ls");
    let dir = std::fs::read_to_string(p.root().join("dir.txt")).unwrap();
    assert_eq!(dir.trim(), p.root().display().to_string());
}
