use crate::common::{Project, decision, guard, target};

const SPEC: &str = "event: PreToolUse\nmatcher: exec\ncommand: ./hooks/g.sh\n";

fn project() -> Project {
    Project::new()
        .spec("g", SPEC)
        .script("hooks/g.sh", &guard("rm -rf"))
}

#[test]
fn blocks_on_exit_2_and_allows_on_exit_0() {
    let p = project();
    let (_, r) = p.json(
        "g",
        &[
            "-t",
            "windsurf",
            "--bash",
            "rm -rf build",
            "--include-assumed",
        ],
    );
    assert_eq!(decision(&r, "windsurf"), "block", "{r}");
    let (_, r) = p.json(
        "g",
        &["-t", "windsurf", "--bash", "ls", "--include-assumed"],
    );
    assert_eq!(decision(&r, "windsurf"), "allow", "{r}");
}

#[test]
fn the_assumed_shell_counts_only_with_include_assumed() {
    let p = project();
    for (extra, counted) in [(None, false), (Some("--include-assumed"), true)] {
        let mut args = vec!["-t", "windsurf", "--bash", "rm -rf build"];
        args.extend(extra);
        let (_, r) = p.json("g", &args);
        let t = target(&r, "windsurf");
        assert_eq!(t["decision"], "block", "{r}");
        assert_eq!(t["counted"].as_bool(), Some(counted), "{extra:?}: {r}");
    }
}

#[test]
fn a_claude_style_bash_matcher_does_not_fire() {
    let p = project().spec(
        "b",
        "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/g.sh\n",
    );
    let (_, r) = p.json("b", &["-t", "windsurf", "--bash", "rm -rf build"]);
    let t = target(&r, "windsurf");
    assert_eq!(
        (t["decision"].as_str(), t["fired"].as_bool()),
        (Some("allow"), Some(false)),
        "{r}"
    );
}

#[test]
fn edit_is_refused() {
    let p = project();
    let (_, r) = p.json("g", &["-t", "windsurf", "--edit", "src/main.rs"]);
    assert_eq!(decision(&r, "windsurf"), "not run", "{r}");
}

#[test]
fn the_hook_sees_devin_project_dir() {
    let p = Project::new()
        .spec("d", "event: Stop\ntimeout: 5\ncommand: ./hooks/d.sh\n")
        .script(
            "hooks/d.sh",
            "#!/bin/sh\necho \"$DEVIN_PROJECT_DIR\" > dir.txt\n",
        );
    let (_, r) = p.json("d", &["-t", "windsurf", "--include-assumed"]);
    assert_eq!(decision(&r, "windsurf"), "allow", "{r}");
    let dir = std::fs::read_to_string(p.root().join("dir.txt")).unwrap_or_default();
    assert_eq!(dir.trim(), p.root().display().to_string());
}
