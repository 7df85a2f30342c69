use crate::common::{Project, decision, guard};

#[test]
fn blocks_and_allows_a_shell_call() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let (_, r) = p.json("g", &["-t", "gemini", "--bash", "rm -rf build"]);
    assert_eq!(decision(&r, "gemini"), "block", "{r}");
    let (_, r) = p.json("g", &["-t", "gemini", "--bash", "ls"]);
    assert_eq!(decision(&r, "gemini"), "allow", "{r}");
}

#[test]
fn a_missing_script_blocks_in_gemini_only() {
    let p = Project::new().spec(
        "g",
        "on: before-tool\nmatch: shell\ncommand: ./hooks/missing.sh\n",
    );
    let (code, r) = p.json("g", &["--bash", "ls"]);
    assert_eq!(decision(&r, "gemini"), "block", "{r}");
    assert_eq!(decision(&r, "claude"), "error", "{r}");
    assert_eq!(code, 1);
}
