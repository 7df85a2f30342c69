//! Process cleanup after a live run: a fake agent (a real shell script given with
//! `--agent-bin`) starts background children, some detached from its process group, and
//! exits; when `hookcheck live` returns, none of them may still run.
#![cfg(target_os = "linux")]

use crate::common;

use std::path::Path;
use std::process::Command;

/// True while `pid` exists and is not a zombie (a killed orphan may stay a zombie when nothing
/// reaps it in a container, and a zombie runs nothing).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X")
    })
}

fn write_agent(dir: &Path, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("fake-agent");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("write the fake agent");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

#[test]
fn no_process_of_a_live_run_is_left() {
    // (how the agent leaves a child behind, the pid files it writes)
    let table = [
        // A daemon in a new session: out of the agent's process group (what Cline does).
        ("setsid", "setsid sleep 300 & echo $! > {pids}/1"),
        // A double fork into a new session, as daemons do: the grandchild outlives its parent.
        (
            "double fork",
            "sh -c 'setsid sh -c \"echo \\$\\$ > {pids}/2; exec sleep 300\" &' ; sleep 0.2",
        ),
        // A plain background child in the agent's group.
        ("background", "sleep 300 & echo $! > {pids}/3"),
    ];
    for (case, body) in table {
        let dir = tempfile::tempdir().expect("tempdir");
        let pids = dir.path().join("pids");
        std::fs::create_dir_all(&pids).expect("pids dir");
        std::fs::write(
            dir.path().join("exit0.yaml"),
            "on: before-tool\nmatch: shell\ncommand: 'exit 0'\ntimeout: 2\n",
        )
        .expect("spec");
        let agent = write_agent(
            dir.path(),
            &body.replace("{pids}", &pids.display().to_string()),
        );
        let out = Command::new(env!("CARGO_BIN_EXE_hookcheck"))
            .args(["live", "exit0", "--bash", "true", "--agent", "claude"])
            .arg("--agent-bin")
            .arg(format!("claude={}", agent.display()))
            .arg("--specs")
            .arg(dir.path())
            // The network sandbox is not what this test is about: it must run anywhere.
            .arg("--no-sandbox")
            .args(["--format", "json"])
            .current_dir(dir.path())
            .output()
            .expect("run hookcheck live");
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
        // The fake agent never calls the model: a harness failure, reported as such.
        assert_eq!(
            report["agents"][0]["observation"]["observed"], "no-call",
            "{case}: {report}"
        );
        let started: Vec<u32> = std::fs::read_dir(&pids)
            .expect("pids")
            .flatten()
            .filter_map(|e| std::fs::read_to_string(e.path()).ok())
            .filter_map(|t| t.trim().parse().ok())
            .collect();
        assert_eq!(started.len(), 1, "{case}: the fake agent started its child");
        let left: Vec<u32> = started.into_iter().filter(|p| alive(*p)).collect();
        for pid in &left {
            // Do not leak a sleeper from a failing test.
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        }
        assert!(
            left.is_empty(),
            "{case}: still running after the run: {left:?}"
        );
    }
}

/// With the sandbox on, the agent sees a read-only file system except its throwaway folder and
/// the temp folder. Needs root (the network namespace) and bubblewrap, which `.ci/run` installs.
#[test]
fn the_sandboxed_agent_cannot_write_outside_its_run() {
    if !common::needs(
        "bwrap",
        "for live mode's read-only sandbox",
        "Debian bubblewrap",
    ) {
        return;
    }
    // Outside the run: not in the temp folder, which the sandbox leaves writable (this
    // checkout itself may sit there).
    let outside =
        Path::new("/var/tmp").join(format!("hookcheck-live-outside-{}", std::process::id()));
    assert!(
        !outside.starts_with(std::env::temp_dir()),
        "pick a path outside {:?}",
        std::env::temp_dir()
    );
    let _ = std::fs::remove_file(&outside);
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("exit0.yaml"),
        "on: before-tool\nmatch: shell\ncommand: 'exit 0'\ntimeout: 2\n",
    )
    .expect("spec");
    let seen = dir.path().join("seen");
    let agent = write_agent(
        dir.path(),
        &format!(
            "if touch '{}' 2>/dev/null; then echo wrote > '{s}'; else echo denied > '{s}'; fi",
            outside.display(),
            s = seen.display()
        ),
    );
    let out = Command::new(env!("CARGO_BIN_EXE_hookcheck"))
        .args(["live", "exit0", "--bash", "true", "--agent", "claude"])
        .arg("--agent-bin")
        .arg(format!("claude={}", agent.display()))
        .arg("--specs")
        .arg(dir.path())
        .args(["--format", "json"])
        .current_dir(dir.path())
        .output()
        .expect("run hookcheck live");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert!(
        report["sandbox"]
            .as_str()
            .is_some_and(|s| s.contains("read-only file system")),
        "live mode needs root and bubblewrap here (.ci/run installs it): {report}"
    );
    assert_eq!(
        std::fs::read_to_string(&seen).unwrap_or_default().trim(),
        "denied",
        "{report}"
    );
    let wrote = outside.exists();
    let _ = std::fs::remove_file(&outside);
    assert!(!wrote, "the agent wrote outside its run");
}

/// `hookcheck live HOOK --agent claude` on the fake agent `body` (a real shell script), the
/// spec `on: ON` in a fresh folder, with a 2 s agent limit: the JSON report and whether it
/// passed.
fn live_with_a_slow_agent(on: &str, trigger: &[&str], body: &str) -> (serde_json::Value, bool) {
    let dir = tempfile::tempdir().expect("tempdir");
    let spec = format!("on: {on}\ncommand: 'exit 0'\ntimeout: 2\n");
    live_on_a_fake_agent(dir.path(), ("exit0", &spec), trigger, body)
}

/// `hookcheck live HOOK --agent claude TRIGGER` in `dir`, which holds the spec `HOOK.yaml`
/// (`hook`: its name and text) and the fake agent `body`, with a 2 s agent limit: the JSON
/// report and whether it passed.
fn live_on_a_fake_agent(
    dir: &Path,
    (hook, spec): (&str, &str),
    trigger: &[&str],
    body: &str,
) -> (serde_json::Value, bool) {
    std::fs::write(dir.join(format!("{hook}.yaml")), spec).expect("spec");
    let agent = write_agent(
        dir,
        &format!("case \"$1\" in --version) echo 'fake 1.0'; exit 0;; esac\n{body}"),
    );
    let out = Command::new(env!("CARGO_BIN_EXE_hookcheck"))
        .args(["live", hook, "--agent", "claude"])
        .args(trigger)
        .arg("--agent-bin")
        .arg(format!("claude={}", agent.display()))
        .arg("--specs")
        .arg(dir)
        .args(["--no-sandbox", "--agent-timeout", "2", "--format", "json"])
        .current_dir(dir)
        .output()
        .expect("run hookcheck live");
    let report = serde_json::from_slice(&out.stdout).expect("a JSON report");
    (report, out.status.success())
}

/// An agent killed at `--agent-timeout` before it sent the fake model anything, or on a Stop
/// before it either asked the model again or ended, showed nothing of what it does with a
/// hook: the run says so and records no verdict (a loaded machine once recorded such runs as
/// blocked prompts and as Stops let through).
#[test]
fn an_agent_killed_at_its_limit_before_it_showed_anything_is_not_a_verdict() {
    // One request to the fake model, then the agent hangs.
    let ask_then_hang = "python3 -c 'import os, urllib.request as u; \
        u.urlopen(u.Request(os.environ[\"ANTHROPIC_BASE_URL\"] + \"/v1/messages\", \
        data=b\"{\\\"messages\\\": []}\", headers={\"content-type\": \"application/json\"})).read()'\n\
        exec sleep 30";
    let cases: [(&str, &[&str], &str, &str); 2] = [
        (
            "prompt-submit",
            &["--prompt", "hello"],
            "exec sleep 30",
            "sent the model anything",
        ),
        (
            "stop",
            &[],
            ask_then_hang,
            "either asked the model again or ended",
        ),
    ];
    for (on, trigger, body, what) in cases {
        let (report, passed) = live_with_a_slow_agent(on, trigger, body);
        let row = &report["agents"][0];
        let error = format!(
            "Claude Code ran out of its 2 s (--agent-timeout) before it {what}: nothing was \
             observed (a loaded machine starts an agent slowly: raise --agent-timeout)"
        );
        assert_eq!(
            (row["error"].as_str(), &row["observation"]),
            (Some(error.as_str()), &serde_json::Value::Null),
            "{on}: {report}"
        );
        assert!(!passed, "{on}: nothing observed never passes");
    }
}

/// A spec's `{trace}` names live mode's trace file; hookcheck's own run of the spec (the
/// prediction) writes to a throwaway file, not to one named `{trace}` in the project (live
/// runs of 2026-12-05 left one in this repository's root).
#[test]
fn the_prediction_of_a_spec_with_a_trace_leaves_no_file_in_the_project() {
    let dir = tempfile::tempdir().expect("tempdir");
    let spec =
        "on: before-tool\nmatch: shell\ncommand: 'echo ran >> {trace}; exit 0'\ntimeout: 2\n";
    let (report, _) = live_on_a_fake_agent(
        dir.path(),
        ("traced", spec),
        &["--bash", "echo hi"],
        "exit 0",
    );
    // The prediction ran (it says the hook allows), and left nothing behind.
    assert_eq!(report["agents"][0]["predicted"], "allow", "{report}");
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["fake-agent", "traced.yaml"]);
}
