use crate::common::{Project, decision, guard, target};

const SHELL_SPEC: &str = "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n";

#[test]
fn blocks_and_allows_an_execute_call() {
    let p = Project::new()
        .spec("g", SHELL_SPEC)
        .script("hooks/g.sh", &guard("rm -rf"));
    let args = ["-t", "factory", "--include-assumed", "--bash"];
    let (code, r) = p.json("g", &[&args[..], &["rm -rf build"]].concat());
    assert_eq!(
        (code, decision(&r, "factory").as_str()),
        (0, "block"),
        "{r}"
    );
    let (code, r) = p.json("g", &[&args[..], &["ls"]].concat());
    assert_eq!(
        (code, decision(&r, "factory").as_str()),
        (0, "allow"),
        "{r}"
    );
}

#[test]
fn the_captured_shell_and_cwd_are_no_assumptions_so_the_result_counts() {
    // real agent droid 0.215.0: `sh -c` in the project root (fixtures/live/inputs/
    // factory--*.json): nothing is assumed, and the block counts.
    let p = Project::new()
        .spec("g", SHELL_SPEC)
        .script("hooks/g.sh", &guard("rm -rf"));
    let (_, r) = p.json("g", &["-t", "factory", "--bash", "rm -rf build"]);
    let t = target(&r, "factory");
    assert_eq!(
        (t["decision"].as_str(), t["counted"].as_bool()),
        (Some("block"), Some(true)),
        "{r}"
    );
    assert_eq!(t["assumptions"], serde_json::json!([]), "{r}");
}

#[test]
fn the_project_dir_variable_counts_as_a_script_path() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: Execute\ncommand: '\"$FACTORY_PROJECT_DIR\"/hooks/g.sh'\n",
        )
        .script(
            "hooks/g.sh",
            "#!/bin/sh\necho \"$FACTORY_PROJECT_DIR\" > dir.txt\nexit 0\n",
        );
    let (_, r) = p.json("g", &["-t", "factory", "--include-assumed", "--bash", "ls"]);
    assert_eq!(decision(&r, "factory"), "allow", "{r}");
    let dir = std::fs::read_to_string(p.root().join("dir.txt")).unwrap_or_default();
    assert_eq!(dir.trim(), p.root().display().to_string());
}

#[test]
fn inline_commands_run_under_sh() {
    // droid 0.215.0 runs inline commands under `sh -c` (fixtures/live/inputs/factory--bash.json).
    let p = Project::new().spec("g", "event: PreToolUse\ncommand: 'echo nope >&2; exit 2'\n");
    let (_, r) = p.json("g", &["-t", "factory", "--bash", "ls", "--include-assumed"]);
    let t = target(&r, "factory");
    assert_eq!(t["decision"], "block", "{r}");
    assert!(!t["assumptions"].to_string().contains("shell"), "{r}");
}

#[test]
fn a_matcher_that_does_not_fire() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\necho no >&2\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "factory", "--bash", "ls"]);
    let t = target(&r, "factory");
    assert_eq!(
        (t["decision"].as_str(), t["fired"].as_bool()),
        (Some("allow"), Some(false)),
        "{r}"
    );
}

#[test]
fn an_edit_matcher_is_not_run_with_the_reason() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: Edit\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\nexit 0\n");
    let (_, r) = p.json("g", &["-t", "factory", "--edit", "a.txt"]);
    let t = target(&r, "factory");
    assert_eq!(t["decision"], "not run", "{r}");
    assert!(
        t["reason"].as_str().unwrap_or_default().contains("Create"),
        "{r}"
    );
}
