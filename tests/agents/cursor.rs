use crate::common::{Project, decision, guard, target};

const SHELL: &str = "event: beforeShellExecution\ncommand: ./hooks/g.sh\n";

#[test]
fn blocks_and_allows_a_shell_call() {
    let p = Project::new()
        .spec("g", SHELL)
        .script("hooks/g.sh", &guard("rm -rf"));
    let args = ["-t", "cursor", "--include-assumed", "--bash"];
    let (code, r) = p.json("g", &[&args[..], &["rm -rf build"]].concat());
    assert_eq!((code, decision(&r, "cursor").as_str()), (0, "block"), "{r}");
    let (code, r) = p.json("g", &[&args[..], &["ls"]].concat());
    assert_eq!((code, decision(&r, "cursor").as_str()), (0, "allow"), "{r}");
}

#[test]
fn a_permission_reply_and_unreadable_output_block() {
    let rows = [
        ("#!/bin/sh\necho '{\"permission\":\"deny\"}'\n", "block"),
        ("#!/bin/sh\necho '{\"permission\":\"allow\"}'\n", "allow"),
        ("#!/bin/sh\necho 'looks fine'\n", "block"),
        ("#!/bin/sh\nexit 0\n", "allow"),
        ("#!/bin/sh\nexit 1\n", "error"),
    ];
    for (script, want) in rows {
        let p = Project::new().spec("g", SHELL).script("hooks/g.sh", script);
        let (_, r) = p.json("g", &["-t", "cursor", "--bash", "ls"]);
        assert_eq!(decision(&r, "cursor"), want, "{script}: {r}");
    }
}

#[test]
fn the_assumed_shell_counts_only_with_include_assumed() {
    let p = Project::new()
        .spec("g", SHELL)
        .script("hooks/g.sh", "#!/bin/sh\necho no >&2\nexit 2\n");
    let (code, r) = p.json("g", &["-t", "cursor", "--bash", "ls", "--expect", "block"]);
    let t = target(&r, "cursor");
    assert_eq!(
        (t["decision"].as_str(), t["counted"].as_bool(), code),
        (Some("block"), Some(false), 1),
        "{r}"
    );
    let items: Vec<_> = t["assumptions"]
        .as_array()
        .map(|a| a.iter().filter_map(|x| x["item"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(items, ["shell", "timeout"], "{r}");
    let (code, r) = p.json(
        "g",
        &[
            "-t",
            "cursor",
            "--bash",
            "ls",
            "--expect",
            "block",
            "--include-assumed",
        ],
    );
    assert_eq!(
        (target(&r, "cursor")["counted"].as_bool(), code),
        (Some(true), 0),
        "{r}"
    );
}

#[test]
fn a_command_with_shell_syntax_is_not_run() {
    let p = Project::new()
        .spec(
            "g",
            "event: beforeShellExecution\ncommand: ./hooks/g.sh | tee log\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "cursor", "--bash", "ls"]);
    assert_eq!(decision(&r, "cursor"), "not run", "{r}");
}

#[test]
fn a_matcher_that_does_not_fire_allows() {
    let p = Project::new()
        .spec(
            "g",
            "event: preToolUse\nmatcher: Write\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "cursor", "--bash", "rm -rf build"]);
    let t = target(&r, "cursor");
    assert_eq!(
        (
            t["decision"].as_str(),
            t["fired"].as_bool(),
            t["counted"].as_bool()
        ),
        (Some("allow"), Some(false), Some(true)),
        "{r}"
    );
    assert!(
        t["reason"].as_str().is_some_and(|s| s.contains("Write")),
        "{r}"
    );
}

#[test]
fn an_edit_on_pre_tool_use_is_refused() {
    let p = Project::new()
        .spec("g", "event: preToolUse\ncommand: ./hooks/g.sh\n")
        .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "cursor", "--edit", "src/a.rs"]);
    let t = target(&r, "cursor");
    assert_eq!(t["decision"].as_str(), Some("not run"), "{r}");
    assert!(
        t["reason"]
            .as_str()
            .is_some_and(|s| s.contains("afterFileEdit")),
        "{r}"
    );
}
