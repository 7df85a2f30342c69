use crate::common::{Project, decision, guard, stable, target};

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

/// Shell syntax runs on the assumed `sh -c`, as the shell runs it: the pipeline's status is
/// `tee`'s, so the guard's exit 2 is lost; the result is not counted.
#[test]
fn a_command_with_shell_syntax_runs_on_the_assumed_shell() {
    let p = Project::new()
        .spec(
            "g",
            "event: beforeShellExecution\ncommand: ./hooks/g.sh | tee log\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "cursor", "--bash", "ls"]);
    let t = target(&r, "cursor");
    assert_eq!(
        (t["decision"].as_str(), t["counted"].as_bool()),
        (Some("allow"), Some(false)),
        "{r}"
    );
    assert_eq!(
        t["assumptions"][1]["value"], "./hooks/g.sh | tee log",
        "{r}"
    );
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

/// An inline command (`sh hooks/g.sh`, a program then its script) runs on the assumed
/// `sh -c`, said in the result, and counts only with `--include-assumed`; hookcheck used to
/// refuse it (issue 14).
#[test]
fn an_inline_command_runs_on_the_stated_assumption() {
    let p = Project::new()
        .file(
            ".cursor/hooks.json",
            r#"{"version": 1, "hooks": {"beforeShellExecution": [{"command": "sh hooks/g.sh"}]}}"#,
        )
        .file("hooks/g.sh", &guard("rm -rf"));
    let bash = [
        "run",
        "--installed",
        "--bash",
        "rm -rf build",
        "-t",
        "cursor",
    ];
    let run = p.run(&bash);
    assert_eq!(
        (run.code(), run.stdout()),
        (
            0,
            "installed: --bash 'rm -rf build' on 1 agent\n  \
             assumed     cursor=block  (not counted: --include-assumed counts them)\n\
             hook installed: nothing to compare; 0 counted, 1 not counted (1 assumed; \
             --include-assumed to count)\n"
                .to_string()
        )
    );
    let run = p.run(&[&bash[..], &["--include-assumed", "-v"]].concat());
    assert_eq!(run.code(), 0, "{}", run.stderr());
    assert_eq!(
        stable(&run.stdout(), &p),
        "installed: --bash 'rm -rf build' on 1 agent\n\
         cursor: block (exit 2, [ms]; assumed: shell, inline command, timeout)\n  \
         assumed shell: sh -c (the agent's docs do not name the shell that runs a hook command)\n  \
         assumed inline command: sh hooks/g.sh (the agent's docs show script paths only and name \
         no shell: this command runs here on the assumed sh -c; in the agent a command whose \
         meaning depends on the shell may run differently, and a script path removes this \
         assumption)\n  \
         assumed timeout: 30s (the agent's docs give no default timeout; set `timeout` in the \
         spec to remove this assumption)\n  \
         event: beforeShellExecution\n  \
         command: sh hooks/g.sh  (.cursor/hooks.json:1)\n  \
         stderr: blocked by guard\n    \
         note: exit 2 blocks in Cursor\n\
         hook installed: 1 counted tools agree: block; 1 counted\n"
    );
}
