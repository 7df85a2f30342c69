use crate::common::{Project, decision, guard, target};

#[test]
fn blocks_and_allows_a_bash_call_under_shell_bash() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: Bash\nshell: bash\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let (_, r) = p.json("g", &["-t", "qoder", "--bash", "rm -rf build"]);
    assert_eq!(decision(&r, "qoder"), "block", "{r}");
    let (_, r) = p.json("g", &["-t", "qoder", "--bash", "ls"]);
    assert_eq!(decision(&r, "qoder"), "allow", "{r}");
}

/// Without `shell`, Qoder's shell is assumed (`sh -c`, script path only), so the result is
/// counted only with --include-assumed.
#[test]
fn the_assumed_shell_is_counted_only_with_include_assumed() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    for (extra, counted) in [(None, false), (Some("--include-assumed"), true)] {
        let mut args = vec!["-t", "qoder", "--bash", "rm -rf build"];
        args.extend(extra);
        let (_, r) = p.json("g", &args);
        let t = target(&r, "qoder");
        assert_eq!(t["decision"], "block", "{r}");
        let items: Vec<&str> = t["assumptions"]
            .as_array()
            .map(|a| a.iter().filter_map(|x| x["item"].as_str()).collect())
            .unwrap_or_default();
        assert!(items.contains(&"shell"), "{r}");
        assert_eq!(t["counted"].as_bool(), Some(counted), "{extra:?}: {r}");
    }
    // With `shell: bash` the shell is no longer assumed.
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nshell: bash\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\nexit 0\n");
    let (_, r) = p.json("g", &["-t", "qoder", "--bash", "ls"]);
    let items = target(&r, "qoder")["assumptions"].to_string();
    assert!(!items.contains("\"shell\""), "{r}");
}

/// An inline command (a pipe) runs on the assumed `sh -c`, with the shell and the inline
/// command as assumptions, counted only with `--include-assumed`; and as in any shell, the
/// pipe's status is `cat`'s, so the script's exit 2 is lost.
#[test]
fn a_pipe_runs_on_the_assumed_shell_and_is_not_counted() {
    let p = Project::new()
        .spec("g", "event: PreToolUse\ncommand: ./hooks/g.sh | cat\n")
        .script("hooks/g.sh", "#!/bin/sh\necho no >&2\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "qoder", "--bash", "ls"]);
    let t = target(&r, "qoder");
    let items: Vec<&str> = t["assumptions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["item"].as_str())
        .collect();
    assert_eq!(
        (t["decision"].as_str(), t["counted"].as_bool(), items),
        (
            Some("allow"),
            Some(false),
            vec!["cwd", "shell", "inline command"]
        ),
        "{r}"
    );
}
