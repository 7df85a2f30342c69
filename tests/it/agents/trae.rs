use crate::common::{Project, decision, guard, target};

#[test]
fn blocks_and_allows_a_run_command_call() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: RunCommand\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let (_, r) = p.json("g", &["-t", "trae", "--bash", "rm -rf build"]);
    assert_eq!(decision(&r, "trae"), "block", "{r}");
    let (_, r) = p.json("g", &["-t", "trae", "--bash", "ls"]);
    assert_eq!(decision(&r, "trae"), "allow", "{r}");
}

#[test]
fn a_json_deny_blocks_and_the_hook_sees_both_project_dirs() {
    let p = Project::new()
        .spec("g", "event: PreToolUse\ncommand: ./hooks/g.sh\n")
        .script(
            "hooks/g.sh",
            "#!/bin/sh\necho \"$TRAE_PROJECT_DIR|$CLAUDE_PROJECT_DIR\" > dirs.txt\necho '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\"}}'\n",
        );
    let (_, r) = p.json("g", &["-t", "trae", "--bash", "ls"]);
    assert_eq!(decision(&r, "trae"), "block", "{r}");
    let root = p.root().display().to_string();
    let dirs = std::fs::read_to_string(p.root().join("dirs.txt")).unwrap_or_default();
    assert_eq!(dirs.trim(), format!("{root}|{root}"));
}

#[test]
fn edit_is_refused() {
    let p = Project::new()
        .spec("g", "event: PreToolUse\ncommand: ./hooks/g.sh\n")
        .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "trae", "--edit", "src/a.rs"]);
    let t = target(&r, "trae");
    assert_eq!(t["decision"], "not run", "{r}");
    assert!(
        t["reason"].as_str().unwrap_or_default().contains("edit"),
        "{r}"
    );
}
