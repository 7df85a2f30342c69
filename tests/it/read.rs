//! `run --read PATH` on the built binary: each agent's read tool (or read event) gets the
//! path as it would send it; an agent that documents no read tool's input says why it does
//! not run; `--dry-run` shows the input; a read hook with no trigger asks for `--read`.

use crate::common;

use common::{Project, Run, stable};

/// A guard on reads of `.env`, portable (`match: read`), and one on Cursor's own read event.
fn project() -> Project {
    Project::new()
        .spec(
            "no-env",
            "on: before-tool\nmatch: read\ncommand: ./hooks/no-env.sh\ntimeout: 10\n",
        )
        .spec(
            "cursor-read",
            "event: beforeReadFile\ncommand: ./hooks/no-env.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/no-env.sh",
            "#!/bin/sh\nif grep -q '\\.env'; then echo 'no reading .env' >&2; exit 2; fi\n",
        )
}

/// `hookcheck run HOOK FLAG .env` in `p`, then `rest`.
fn run_on_env(p: &Project, hook: &str, flag: &str, rest: &[&str]) -> Run {
    let args = ["run", hook, flag, ".env"];
    p.run(&[&args[..], rest].concat())
}

#[test]
fn a_read_reaches_each_agents_read_tool_and_the_guard_blocks_it() {
    let p = project();
    let run = run_on_env(
        &p,
        "no-env",
        "--read",
        &["-t", "claude,crush,gemini", "--expect", "block"],
    );
    assert_eq!(run.code(), 0, "{}{}", run.stdout(), run.stderr());
    insta::assert_snapshot!("read_blocks", stable(&run.stdout(), &p));
}

#[test]
fn a_read_event_of_its_own_takes_read_and_not_edit() {
    let p = project();
    let cursor = ["-t", "cursor", "--include-assumed", "--expect", "block"];
    let run = run_on_env(&p, "cursor-read", "--read", &cursor);
    assert_eq!(run.code(), 0, "{}{}", run.stdout(), run.stderr());
    let edit = run_on_env(&p, "cursor-read", "--edit", &cursor);
    assert_eq!(edit.code(), 1, "{}", edit.stdout());
    assert!(
        edit.stdout().contains("pass --read or --payload"),
        "{}",
        edit.stdout()
    );
}

#[test]
fn a_dry_run_shows_the_read_input() {
    let p = project();
    let run = run_on_env(&p, "no-env", "--read", &["-t", "claude", "--dry-run"]);
    assert_eq!(run.code(), 0, "{}", run.stderr());
    let out = stable(&run.stdout(), &p);
    let stdin = out
        .lines()
        .find(|l| l.trim_start().starts_with("stdin:"))
        .expect("a stdin line");
    assert!(
        stdin.contains(r#""tool_name":"Read","tool_input":{"file_path":"[root]/.env"}"#),
        "{out}"
    );
    assert!(out.starts_with("no-env: --read [root]/.env"), "{out}");
}

#[test]
fn a_read_hook_with_no_trigger_asks_for_read() {
    let p = project();
    let run = p.run(&["run", "no-env", "-t", "claude"]);
    assert_eq!(run.code(), 2, "{}", run.stdout());
    assert!(run.stderr().contains("--read PATH"), "{}", run.stderr());
}
