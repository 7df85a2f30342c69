//! Hostile hooks on the built binary: hooks that hang, ignore TERM, stop themselves, daemonise
//! out of their process group, flood, hold the pipes, fork in a bounded bomb, or die by a
//! signal; and hookcheck itself interrupted by SIGINT, SIGTERM or SIGHUP while hooks run.
//! Each case checks the verdict in the JSON report and that no process of the case is left:
//! every process a case starts carries a token of its own in its environment, and after
//! hookcheck returns /proc must hold no live process with it.
#![cfg(target_os = "linux")]

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{Project, target};
use serde_json::Value;

/// The variable that carries a case's token into every process of the case.
const TOKEN_VAR: &str = "HOSTILE_TOKEN";

/// A token no other case (nor another run of this test binary) uses.
fn token_for(case: &str) -> String {
    format!("{case}-{}", std::process::id())
}

/// The live (not zombie) processes whose environment holds `TOKEN_VAR=token`.
fn left(token: &str) -> Vec<u32> {
    let needle = format!("{TOKEN_VAR}={token}");
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse().ok()) else {
            continue;
        };
        let Ok(env) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if env.split(|b| *b == 0).any(|e| e == needle.as_bytes()) && alive(pid) {
            pids.push(pid);
        }
    }
    pids
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X")
    })
}

/// Asserts no process of the case is left; kills any that is, so a failure leaks nothing.
fn assert_none_left(case: &str, token: &str) {
    let pids = left(token);
    for pid in &pids {
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
    }
    assert!(pids.is_empty(), "{case}: left running: {pids:?}");
}

/// A project whose hook `h` runs `hooks/h.sh` (the script `body`) with a 1 s timeout and the
/// case's token in its environment.
fn project(body: &str, token: &str) -> Project {
    Project::new()
        .spec(
            "h",
            &format!(
                "on: before-tool\nmatch: shell\ncommand: ./hooks/h.sh\ntimeout: 1\n\
                 env: {{{TOKEN_VAR}: {token}}}\n"
            ),
        )
        .script("hooks/h.sh", body)
}

/// Waits until `file` (relative to the root) holds `lines` lines; a bounded poll, not a
/// timing assertion.
fn wait_lines(root: &Path, file: &str, lines: usize) {
    for _ in 0..400 {
        let n = std::fs::read_to_string(root.join(file)).map_or(0, |t| t.lines().count());
        if n >= lines {
            return;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    panic!("{file} never got {lines} lines");
}

/// The first (only) command report of `id`.
fn command<'a>(report: &'a Value, id: &str) -> &'a Value {
    &target(report, id)["commands"][0]
}

/// Waits until the escaped child has written its pid (so it really left before the hook ends).
const WAIT_PID: &str = "while [ ! -s d.pid ]; do sleep 0.01; done";

#[test]
fn hostile_hooks_get_a_verdict_and_leave_nothing() {
    // (case, hook script, Claude Code's decision, left_processes, stdout in the report)
    let cases: &[(&str, String, &str, bool, Option<&str>)] = &[
        (
            "sleep-forever",
            "#!/bin/sh\necho started\nsleep 300\n".into(),
            "timeout",
            false,
            Some("started\n"),
        ),
        (
            "term-ignored",
            "#!/bin/sh\ntrap '' TERM\nsleep 300 &\necho started\nsleep 300\n".into(),
            "timeout",
            false,
            Some("started\n"),
        ),
        (
            "stop-self",
            "#!/bin/sh\necho started\nkill -STOP $$\nsleep 300\n".into(),
            "timeout",
            false,
            Some("started\n"),
        ),
        (
            "ttin-stopped",
            "#!/bin/sh\nkill -TTIN $$\nsleep 300\n".into(),
            "timeout",
            false,
            Some(""),
        ),
        (
            "setsid-daemon",
            format!(
                "#!/bin/sh\nsetsid sh -c 'echo $$ > d.pid; exec sleep 300' \
                 </dev/null >/dev/null 2>&1 &\n{WAIT_PID}\nexit 0\n"
            ),
            "allow",
            true,
            Some(""),
        ),
        (
            "setsid-f",
            format!(
                "#!/bin/sh\nsetsid -f sh -c 'echo $$ > d.pid; exec sleep 300' \
                 </dev/null >/dev/null 2>&1\n{WAIT_PID}\nexit 0\n"
            ),
            "allow",
            true,
            Some(""),
        ),
        (
            "double-fork",
            format!(
                "#!/bin/sh\n( setsid sh -c 'sh -c \"echo \\$\\$ > d.pid; exec sleep 300\" & exit 0' & )\n\
                 {WAIT_PID}\nexit 0\n"
            ),
            "allow",
            true,
            Some(""),
        ),
        (
            "job-control",
            format!(
                "#!/bin/bash\nset -m\nsh -c 'echo $$ > d.pid; exec sleep 300' \
                 </dev/null >/dev/null 2>&1 &\n{WAIT_PID}\nexit 0\n"
            ),
            "allow",
            true,
            Some(""),
        ),
        (
            "pipe-holder",
            format!(
                "#!/bin/sh\necho before\nsetsid sh -c 'echo $$ > d.pid; exec sleep 300' &\n\
                 {WAIT_PID}\nexit 0\n"
            ),
            "allow",
            true,
            Some("before\n"),
        ),
        (
            "no-stdin-read",
            "#!/bin/sh\nsleep 0.2\nexit 0\n".into(),
            "allow",
            false,
            Some(""),
        ),
        (
            "stdin-closed",
            "#!/bin/sh\nexec <&-\necho closed >&2\nexit 2\n".into(),
            "block",
            false,
            Some(""),
        ),
        (
            "sigkill",
            "#!/bin/sh\necho dying\nkill -KILL $$\n".into(),
            "error",
            false,
            Some("dying\n"),
        ),
        (
            "sigsegv",
            "#!/bin/sh\nkill -SEGV $$\n".into(),
            "error",
            false,
            Some(""),
        ),
        (
            "drip",
            "#!/bin/sh\nfor i in 0 1 2 3 4; do echo drip $i; sleep 0.05; done\nexit 0\n".into(),
            "allow",
            false,
            Some("drip 0\ndrip 1\ndrip 2\ndrip 3\ndrip 4\n"),
        ),
        (
            "drip-forever",
            "#!/bin/sh\nwhile :; do echo x; sleep 0.3; done\n".into(),
            "timeout",
            false,
            None,
        ),
        (
            // A bomb bounded by depth (2^7 - 1 processes at most), half of each level in a new
            // session; `ulimit -u` bounds it further where the user is not root (root ignores it).
            "fork-bomb",
            "#!/bin/sh\nulimit -u 512 2>/dev/null\nexec ./hooks/bomb.sh 6\n".into(),
            "timeout",
            // The halves in new sessions escaped the group: found by the mark and killed.
            true,
            Some(""),
        ),
    ];
    for (case, body, decision, left_processes, stdout) in cases {
        let token = token_for(case);
        let p = project(body, &token).script(
            "hooks/bomb.sh",
            "#!/bin/sh\n[ \"$1\" -gt 0 ] || exec sleep 300\n\
             ./hooks/bomb.sh $(($1 - 1)) &\nsetsid ./hooks/bomb.sh $(($1 - 1)) &\nwait\n",
        );
        let (_, report) = p.json("h", &["--bash", "ls", "-t", "claude"]);
        let c = command(&report, "claude");
        assert_eq!(c["decision"], *decision, "{case}: {c}");
        assert_eq!(c["left_processes"], *left_processes, "{case}: {c}");
        if let Some(stdout) = stdout {
            assert_eq!(c["stdout"], *stdout, "{case}: {c}");
        }
        assert_eq!(c["timed_out"], *decision == "timeout", "{case}: {c}");
        assert_none_left(case, &token);
    }
}

#[test]
fn floods_and_binary_output_are_capped_and_kept_as_text() {
    // 4 MB on each stream at once, from two writers: capped at 1 MiB each, the rest counted.
    let token = token_for("flood");
    let p = project(
        "#!/bin/sh\nhead -c 4000000 /dev/zero >&2 &\nhead -c 4000000 /dev/zero\nwait\nexit 0\n",
        &token,
    );
    let (_, report) = p.json("h", &["--bash", "ls", "-t", "claude"]);
    let c = command(&report, "claude");
    let notes = &c["notes"];
    assert_eq!(c["decision"], "allow", "{notes}");
    // The JSON report keeps 1 MiB as written: a NUL is written as `\u0000`, six bytes.
    let kept = (1 << 20) / 6;
    for stream in ["stdout", "stderr"] {
        assert_eq!(c[stream].as_str().map(str::len), Some(kept), "{stream}");
        assert_eq!(
            c[format!("{stream}_dropped_bytes")],
            4_000_000 - kept,
            "{stream}"
        );
    }
    assert_none_left("flood", &token);

    // Bytes that are not UTF-8 come out as U+FFFD, control bytes as themselves.
    let token = token_for("binary");
    let p = project(
        "#!/bin/sh\nprintf '\\377\\376\\000\\001bin' \nprintf '\\377err' >&2\nexit 0\n",
        &token,
    );
    let (_, report) = p.json("h", &["--bash", "ls", "-t", "claude"]);
    let c = command(&report, "claude");
    assert_eq!(c["decision"], "allow", "{c}");
    assert_eq!(c["stdout"], "\u{fffd}\u{fffd}\u{0}\u{1}bin", "{c}");
    assert_eq!(c["stderr"], "\u{fffd}err", "{c}");
    assert_none_left("binary", &token);
}

#[test]
fn escapes_are_found_and_reported_for_every_agent() {
    // Every agent's run of the hook leaves a `setsid -f` daemon; each is found and killed.
    let token = token_for("every-agent");
    let p = project(
        "#!/bin/sh\nsetsid -f sleep 300 </dev/null >/dev/null 2>&1\nexit 0\n",
        &token,
    );
    let (_, report) = p.json("h", &["--bash", "ls"]);
    let targets = report["agents"].as_array().expect("agents");
    let ran: Vec<&Value> = targets
        .iter()
        .flat_map(|t| t["commands"].as_array().into_iter().flatten())
        .collect();
    assert!(ran.len() > 1, "the hook ran for several agents: {report}");
    for c in ran {
        assert_eq!(c["left_processes"], true, "{c}");
    }
    assert_none_left("every-agent", &token);
}

/// Starts `hookcheck ARGS` in `p` with piped output, waits for `pids` to hold `lines` lines,
/// sends `signal`, and returns the exit status and stderr (bounded: killed after 30 s).
fn interrupt(p: &Project, args: &[&str], lines: usize, signal: &str) -> (Option<i32>, String) {
    let mut child = p
        .command()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hookcheck");
    wait_lines(p.root(), "pids", lines);
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success());
    for _ in 0..600 {
        if child.try_wait().expect("try_wait").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    if child.try_wait().expect("try_wait").is_none() {
        let _ = child.kill();
    }
    let out = child.wait_with_output().expect("hookcheck's output");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn signals_stop_every_running_hook_and_its_escapes() {
    // Three agents run the hook at once; each hook leaves a daemon in a new session, then sleeps.
    let body = "#!/bin/sh\nsetsid sh -c 'echo $$ >> pids; exec sleep 300' </dev/null >/dev/null 2>&1 &\n\
                echo $$ >> pids\nsleep 300\n";
    // (signal, exit status)
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let token = token_for(&format!("signal-{signal}"));
        let p = Project::new()
            .spec(
                "h",
                &format!(
                    "on: before-tool\nmatch: shell\ncommand: ./hooks/h.sh\ntimeout: 60\n\
                     env: {{{TOKEN_VAR}: {token}}}\n"
                ),
            )
            .script("hooks/h.sh", body);
        let args = [
            "run",
            "h",
            "--bash",
            "ls",
            "-t",
            "claude,codex,gemini",
            "--format",
            "json",
        ];
        let (status, stderr) = interrupt(&p, &args, 6, signal);
        assert_eq!(status, Some(code), "SIG{signal}: {stderr}");
        assert_eq!(
            stderr,
            format!("hookcheck: interrupted (SIG{signal}): stopped 3 running hooks\n"),
            "SIG{signal}"
        );
        assert_none_left(&format!("SIG{signal}"), &token);
    }
}

#[test]
fn a_signal_stops_a_live_run_and_its_agent() {
    // Live mode runs the agent through the same runner, twice at once: its version probe hangs,
    // and its run starts a daemon in a new session and hangs. Both are running when the signal
    // comes (a probe that answered at once was sometimes still being reaped, sometimes not).
    let token = token_for("live-signal");
    let (p, mut args) = common::fake_live_agent(|root| {
        format!(
            "#!/bin/sh\ncd {root}\nexport {TOKEN_VAR}={token}\n\
             [ \"$1\" = --version ] && {{ echo $$ >> pids; exec sleep 300; }}\n\
             setsid sh -c 'echo $$ >> pids; exec sleep 300' </dev/null >/dev/null 2>&1 &\n\
             echo $$ >> pids\nsleep 300\n",
            root = root.display()
        )
    });
    args.extend(["--format".into(), "json".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (status, stderr) = interrupt(&p, &args, 3, "TERM");
    assert_eq!(status, Some(143), "{stderr}");
    assert_eq!(
        stderr,
        "hookcheck: interrupted (SIGTERM): stopped 2 running hooks\n"
    );
    assert_none_left("live", &token);
}
