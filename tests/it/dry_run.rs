//! `run --dry-run` on the built binary: per agent, what it would start (argv, cwd, timeout,
//! environment names, stdin) or why it would not, and nothing is started.

use crate::common;

use common::{Project, stable};

#[test]
fn a_dry_run_shows_what_each_agent_would_start_and_starts_nothing() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\ntimeout: 10\nenv: {API_TOKEN: hunter2-value}\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\ntouch ran\nexit 2\n");
    let home = p.root().join(".test-home");
    // A known environment, so the names passed on are the same everywhere.
    let out = p
        .command()
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", &home)
        .env("SHELL", "/bin/sh")
        .env("NO_COLOR", "1")
        .args([
            "run",
            "g",
            "--bash",
            "rm -rf build",
            "-t",
            "claude,codex,opencode",
            "--dry-run",
        ])
        .output()
        .expect("run hookcheck");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(!p.root().join("ran").exists(), "a dry run started the hook");
    assert!(!stdout.contains("hunter2-value"), "an env value leaked");
    // Claude Code names its transcript folder after the project path, `/` and `.` as `-`.
    let mangled = p.root().display().to_string().replace(['/', '.'], "-");
    let stdout = stable(&stdout, &p).replace(&mangled, "[root as a name]");
    insta::assert_snapshot!("dry_run", stdout);
}

#[test]
fn a_dry_run_that_would_start_nothing_exits_1() {
    let p = Project::new().spec("s", "on: stop\ncommand: ./x.sh\n");
    let run = p.run(&["run", "s", "-t", "opencode", "--dry-run"]);
    assert_eq!(run.code(), 1, "{}", run.stdout());
    assert!(
        run.stdout()
            .ends_with("dry run of s: 0 command(s) would start\n"),
        "{}",
        run.stdout()
    );
}
