use crate::common::{Project, decision, guard};

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

/// Auggie runs shell syntax under `bash -c` and any other command directly, whatever the
/// script's extension (its bundle, docs/reference/agents/augment-launch.md): `g.sh | cat`
/// exits as `cat` does, so the guard's exit 2 is lost; `g.py` starts by its `#!` and blocks.
#[test]
fn inline_commands_and_any_script_run_as_auggie_starts_them() {
    for (command, argv, decision) in [
        (
            "./hooks/g.sh | cat",
            "bash -c './hooks/g.sh | cat'",
            "allow",
        ),
        ("./hooks/g.py", "[root]/hooks/g.py", "block"),
    ] {
        let p = Project::new()
            .spec("g", &format!("event: PreToolUse\ncommand: \"{command}\"\n"))
            .script("hooks/g.sh", "#!/bin/sh\nexit 2\n")
            .script("hooks/g.py", "#!/bin/sh\nexit 2\n");
        let (_, r) = p.json("g", &["-t", "augment", "--bash", "ls"]);
        assert_eq!(decision_of(&r), decision, "{command}: {r}");
        let dry = p.run(&["run", "g", "-t", "augment", "--bash", "ls", "--dry-run"]);
        let root = p.root().display().to_string();
        let line = dry.stdout().lines().find_map(|l| {
            l.trim()
                .strip_prefix("argv: ")
                .map(|a| a.replace(&root, "[root]"))
        });
        assert_eq!(line.as_deref(), Some(argv), "{command}");
    }
}

fn decision_of(r: &serde_json::Value) -> String {
    decision(r, "augment")
}

#[test]
fn an_edit_calls_the_first_edit_tool_the_matcher_matches() {
    let p = Project::new()
        .spec("g", "event: PreToolUse\nmatcher: save-file\ncommand: ./hooks/g.sh\n")
        .script("hooks/g.sh", "#!/bin/sh\nif grep -q '\"tool_name\":\"save-file\"'; then echo saved >&2; exit 2; fi\n");
    let (_, r) = p.json("g", &["-t", "augment", "--edit", "a.txt"]);
    assert_eq!(decision(&r, "augment"), "block", "{r}");
}
