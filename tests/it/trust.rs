//! The trust gates in `run --installed`: one line per run naming every agent that holds the
//! hooks back, where each agent once had its own ~350-character warning; `-v` gives each in
//! full (issue 27, item 4).

use crate::common;

use common::{Project, stable};

#[test]
fn run_installed_says_the_trust_gates_once_per_run() {
    let p = Project::new()
        .script("hooks/guard.sh", "#!/bin/sh\nexit 0\n")
        .file(
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./hooks/guard.sh"}]}]}}"#,
        );
    let args = ["run", "--installed", "--bash", "ls", "-t", "claude,copilot"];
    let concise = p.run(&args);
    assert_eq!(concise.code(), 0, "{}", concise.stdout());
    let verbose = p.run(&[&args[..], &["-v"]].concat());
    insta::assert_snapshot!(
        "trust_once_per_run",
        stable(
            &format!(
                "$ hookcheck {}\n{}\n$ hookcheck {} -v\n{}",
                args.join(" "),
                concise.stdout(),
                args.join(" "),
                verbose.stdout()
            ),
            &p
        )
    );
}
