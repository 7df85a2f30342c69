use crate::common::{Project, decision, guard, target};

#[test]
fn blocks_and_allows_a_launch_process_call() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: launch-process\ncommand: hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let (_, r) = p.json("g", &["-t", "augment", "--bash", "rm -rf build"]);
    assert_eq!(decision(&r, "augment"), "block", "{r}");
    let (_, r) = p.json("g", &["-t", "augment", "--bash", "ls"]);
    assert_eq!(decision(&r, "augment"), "allow", "{r}");
}

/// Augment runs only a script path: an inline command, or a script it does not know the kind
/// of, is not run, with the reason.
#[test]
fn a_command_that_is_not_a_script_path_is_refused() {
    for command in ["./hooks/g.sh | cat", "./hooks/g.py"] {
        let p = Project::new()
            .spec("g", &format!("event: PreToolUse\ncommand: \"{command}\"\n"))
            .script("hooks/g.sh", "#!/bin/sh\nexit 2\n")
            .script("hooks/g.py", "#!/bin/sh\nexit 2\n");
        let (_, r) = p.json("g", &["-t", "augment", "--bash", "ls"]);
        let t = target(&r, "augment");
        assert_eq!(t["decision"], "not run", "{command}: {r}");
        assert!(
            r.to_string().contains(".sh, .ps1, .cmd or .bat"),
            "{command}: {r}"
        );
    }
}

#[test]
fn an_edit_calls_the_first_edit_tool_the_matcher_matches() {
    let p = Project::new()
        .spec("g", "event: PreToolUse\nmatcher: save-file\ncommand: ./hooks/g.sh\n")
        .script("hooks/g.sh", "#!/bin/sh\nif grep -q '\"tool_name\":\"save-file\"'; then echo saved >&2; exit 2; fi\n");
    let (_, r) = p.json("g", &["-t", "augment", "--edit", "a.txt"]);
    assert_eq!(decision(&r, "augment"), "block", "{r}");
}
