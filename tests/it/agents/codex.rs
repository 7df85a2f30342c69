use crate::common::{Project, decision, guard};

#[test]
fn blocks_on_exit_2_with_stderr_and_allows_otherwise() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let (_, r) = p.json("g", &["-t", "codex", "--bash", "rm -rf build"]);
    assert_eq!(decision(&r, "codex"), "block", "{r}");
    let (_, r) = p.json("g", &["-t", "codex", "--bash", "ls"]);
    assert_eq!(decision(&r, "codex"), "allow", "{r}");
}

#[test]
fn an_edit_is_apply_patch_and_edit_matchers_fire() {
    let p = Project::new()
        .spec("g", "event: PreToolUse\nmatcher: Edit|Write\ncommand: ./hooks/g.sh\n")
        .script("hooks/g.sh", "#!/bin/sh\nif grep -q 'Add File: .github/workflows/ci.yml'; then echo protected >&2; exit 2; fi\n");
    let (_, r) = p.json("g", &["-t", "codex", "--edit", ".github/workflows/ci.yml"]);
    assert_eq!(decision(&r, "codex"), "block", "{r}");
}
