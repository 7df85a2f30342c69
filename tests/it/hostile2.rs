//! Hostile round 2 (issue 31), one test per (input surface, output sink) pair of the threat
//! model in docs/dev/threat-model.md: reports that cannot be written, files that are not
//! what they seem (symlinks out of the project, devices, FIFOs), and bytes from hooks and
//! files that would drive a terminal or a CI log.

use crate::common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Project, guard};

/// Runs `cmd` to its end, or kills it after `limit` and fails: a hostile input must never
/// make hookcheck wait forever. (The limit is a hang detector, not a timing assert: every
/// case here ends in well under a second.)
fn finishes(mut cmd: Command, limit: Duration) -> std::process::Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hookcheck");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "hookcheck did not finish in {limit:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// [`finishes`] for `hookcheck ARGS` in `p`, with its stdout and stderr as one text.
fn finishes_in(p: &Project, args: &[&str]) -> (std::process::Output, String) {
    let mut cmd = p.command();
    cmd.args(args);
    let out = finishes(cmd, Duration::from_secs(30));
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out, all)
}

/// (surface: any report, sink: stdout on a full disk) A report that cannot be written is
/// lost, so it is exit status 2 with a message, never 0 with nothing.
#[test]
fn a_report_that_cannot_be_written_is_an_error_not_a_pass() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"))
        .file(
            ".hookcheck/cases.yaml",
            "cases:\n  - {name: a, hook: g, bash: ls, targets: [claude], expect: allow}\n",
        );
    for args in [
        vec![
            "run", "g", "--bash", "ls", "-t", "claude", "--format", "json",
        ],
        vec!["run", "g", "--bash", "ls", "-t", "claude"],
        vec!["test", "--format", "json"],
        vec!["test"],
        vec!["lint", "--format", "sarif"],
        vec!["tools", "claude"],
        // It panicked (exit 101); no agent is on the PATH below, and its report is written.
        vec![
            "live", "g", "--bash", "ls", "--agent", "claude", "--format", "json",
        ],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = p
            .command()
            .args(&args)
            .env("PATH", "/usr/bin:/bin")
            .stdout(full)
            .output()
            .expect("run");
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).into_owned()
            ),
            (
                Some(2),
                "error: cannot write the report to stdout: No space left on device (os error 28)\nhelp: write it where there is room: `> FILE` on another disk, or a pipe\n"
                    .to_string()
            ),
            "{args:?}"
        );
    }
}

/// (surface: a hook file that is a symlink out of the project, sink: terminal and JSON) No
/// line of a file outside the project is printed: `.claude/settings.json ->
/// ~/.git-credentials` is a finding that names the link, never what it points at.
#[test]
fn a_hook_file_linked_out_of_the_project_is_refused_and_never_quoted() {
    let outside = tempfile::tempdir().expect("temp dir");
    let secret = outside.path().join(".git-credentials");
    std::fs::write(&secret, "https://user:ghp_SECRETTOKEN123@github.com\n").expect("write");
    let p = Project::new();
    std::fs::create_dir_all(p.root().join(".claude")).expect("mkdir");
    std::os::unix::fs::symlink(&secret, p.root().join(".claude/settings.json")).expect("ln");
    for args in [
        vec!["list", "--installed"],
        vec!["list", "--installed", "--format", "json"],
        vec!["lint"],
        vec!["lint", "--format", "sarif"],
        vec!["run", "--installed", "--bash", "ls", "-t", "claude"],
    ] {
        let (out, all) = finishes_in(&p, &args);
        assert!(
            !all.contains("SECRETTOKEN"),
            "{args:?} printed the secret:\n{all}"
        );
        assert!(
            all.contains("a symlink to a file outside"),
            "{args:?} says nothing of the link:\n{all}"
        );
        assert_ne!(out.status.code(), Some(0), "{args:?}:\n{all}");
    }
}

/// (surface: hook files, specs and cases files that are devices or FIFOs, sink: memory and
/// time) A symlink to /dev/zero (git commits symlinks) or a FIFO is refused before it is
/// opened: every command that reads files ends, with a finding.
#[test]
fn devices_and_fifos_are_refused_not_read() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    std::fs::create_dir_all(p.root().join(".claude")).expect("mkdir");
    std::os::unix::fs::symlink("/dev/zero", p.root().join(".claude/settings.json")).expect("ln");
    std::fs::create_dir_all(p.root().join(".gemini")).expect("mkdir");
    let fifo = |at: &std::path::Path| {
        let made = Command::new("mkfifo").arg(at).status().expect("mkfifo");
        assert!(made.success());
    };
    fifo(&p.root().join(".gemini/settings.json"));
    fifo(&p.root().join(".hookcheck/hooks/f.yaml"));
    fifo(&p.root().join(".hookcheck/cases.yaml"));
    for args in [
        vec!["lint"],
        vec!["list", "--installed"],
        vec!["run", "--installed", "--bash", "ls"],
        vec!["run", "g", "--bash", "ls", "-t", "claude"],
        vec!["test"],
        vec!["list"],
    ] {
        let (_, all) = finishes_in(&p, &args);
        assert!(
            all.contains("a symlink to a file outside") || all.contains("not a regular file"),
            "{args:?} says nothing of the device or FIFO:\n{all}"
        );
    }
}

/// (surface: hook stdout/stderr, the trigger, a file's text; sink: terminal and CI log) No
/// control byte reaches the terminal raw: an OSC 52 clipboard write, a title change, a
/// cursor move or a carriage return that would rewrite the verdict above are shown escaped,
/// in the report and in an error that quotes a file's line.
#[test]
fn control_bytes_never_reach_the_terminal_raw() {
    let hostile =
        "printf '\\033]52;c;SGVsbG8=\\007\\033]0;pwned\\007\\033[2A\\rall agents allow\\n'";
    let p = Project::new()
        .spec(
            "esc",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/esc.sh\n",
        )
        .script(
            "hooks/esc.sh",
            &format!("#!/bin/sh\n{hostile}\n{hostile} >&2\nexit 2\n"),
        )
        .spec(
            "bad",
            "on: before-tool\nmatch: shell\ncommand: [\u{1b}[2A\n",
        );
    let raw = |s: &str| s.chars().any(|c| c.is_control() && c != '\n' && c != '\t');
    for args in [
        vec![
            "run",
            "esc",
            "--bash",
            "ls\u{1b}[2J\r",
            "-t",
            "claude,gemini",
            "-v",
        ],
        vec![
            "run",
            "esc",
            "--bash",
            "ls",
            "-t",
            "claude,gemini",
            "--format",
            "github",
        ],
        vec!["run", "bad", "--bash", "ls"],
        vec!["lint"],
    ] {
        let run = p.run(&args);
        assert!(
            !raw(&run.stdout()) && !raw(&run.stderr()),
            "{args:?} printed a control byte raw:\n{:?}\n{:?}",
            run.stdout(),
            run.stderr()
        );
    }
    let run = p.run(&["run", "esc", "--bash", "ls", "-t", "claude", "-v"]);
    assert!(
        run.stdout()
            .contains("stderr: \\e]52;c;SGVsbG8=\\u{7}\\e]0;pwned\\u{7}\\e[2A\\rall agents allow"),
        "{}",
        run.stdout()
    );
}

/// Whether `pid` runs (exists and is not a zombie).
fn runs(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit_once(')')
            .and_then(|(_, r)| r.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X")
    })
}

/// The pid a hook wrote to `file` in `p`, waiting (bounded) until it is there.
fn pid_in(p: &Project, file: &str) -> i32 {
    for _ in 0..500 {
        if let Some(pid) = std::fs::read_to_string(p.root().join(file))
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            return pid;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("no pid in {file}");
}

/// (surface: a hook's descendant that leaves its group and clears its environment; sink: the
/// machine) hookcheck is the child subreaper: a double-forked `setsid` child with an empty
/// environment (no mark to find it by) is re-parented to hookcheck and ended when it leaves.
#[test]
fn a_descendant_that_clears_its_environment_does_not_outlive_hookcheck() {
    let p = Project::new()
        .spec(
            "o",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/o.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/o.sh",
            "#!/bin/sh\n(env -i /usr/bin/setsid /bin/sh -c 'echo $$ > orphan.pid; exec sleep 60' </dev/null >/dev/null 2>&1 &)\nwhile [ ! -s orphan.pid ]; do sleep 0.01; done\nexit 0\n",
        );
    let (out, all) = finishes_in(
        &p,
        &[
            "run", "o", "--bash", "ls", "-t", "claude", "--format", "json",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{all}");
    let orphan = pid_in(&p, "orphan.pid");
    assert!(
        !runs(orphan),
        "the orphan {orphan} outlived hookcheck:\n{all}"
    );
    // Ended at the hook's end, and said of that hook: no longer a stray for hookcheck's exit.
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {all}"));
    let command = &common::target(&report, "claude")["commands"][0];
    assert_eq!(command["left_processes"], true, "{all}");
    assert_eq!(
        command["notes"],
        serde_json::json!(["the hook left processes running; hookcheck killed them"]),
        "{all}"
    );
    assert!(!all.contains("hookcheck: warning: ended"), "{all}");
}

/// (surface: signals to hookcheck; sink: the machine) Every signal that would end hookcheck
/// and can be caught ends the running hooks first, and the exit status is 128 + its number.
#[test]
fn every_catchable_ending_signal_ends_the_hooks_first() {
    for (signal, code) in [("QUIT", 131), ("USR1", 138), ("USR2", 140), ("ALRM", 142)] {
        let p = Project::new()
            .spec(
                "s",
                "on: before-tool\nmatch: shell\ncommand: ./hooks/s.sh\ntimeout: 60\n",
            )
            .script(
                "hooks/s.sh",
                "#!/bin/sh\necho $$ > hook.pid\nexec sleep 60\n",
            );
        let mut cmd = p.command();
        cmd.args(["run", "s", "--bash", "ls", "-t", "claude"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let child = cmd.spawn().expect("start hookcheck");
        let hook = pid_in(&p, "hook.pid");
        let out = signalled(child, signal);
        assert_eq!(out.status.code(), Some(code), "SIG{signal}");
        assert!(!runs(hook), "SIG{signal}: the hook {hook} still runs");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("hookcheck: interrupted (SIG{signal}): stopped 1 running hook\n")
        );
    }
}

/// Sends SIG`signal` (`TERM`, `INT`, ...) to a started hookcheck, then waits for it.
fn signalled(child: std::process::Child, signal: &str) -> std::process::Output {
    let sent = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success());
    finishes_wait(child)
}

/// Waits (bounded, as [`finishes`]) for a started hookcheck.
fn finishes_wait(mut child: std::process::Child) -> std::process::Output {
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("hookcheck did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// (surface: SIGINT/SIGTERM during `hookcheck test`; sink: JSON, JUnit, the step summary)
/// The cases that finished before the signal are reported, in valid JSON with an
/// `interrupted` field and in JUnit, and the exit status is 130/143.
#[test]
fn an_interrupted_suite_still_reports_the_cases_that_finished() {
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let p = Project::new()
            .spec("quick", "on: before-tool\nmatch: shell\ncommand: ./hooks/q.sh\n")
            .script("hooks/q.sh", "#!/bin/sh\nexit 0\n")
            .spec(
                "slow",
                "on: before-tool\nmatch: shell\ncommand: ./hooks/s.sh\ntimeout: 60\n",
            )
            .script("hooks/s.sh", "#!/bin/sh\necho $$ > slow.pid\nexec sleep 60\n")
            .file(
                ".hookcheck/cases.yaml",
                "cases:\n  - {name: quick, hook: quick, bash: ls, targets: [claude], expect: allow}\n  - {name: slow, hook: slow, bash: ls, targets: [claude], expect: allow}\n",
            );
        let xml = p.root().join("junit.xml");
        let mut cmd = p.command();
        cmd.args([
            "test",
            "--format",
            "json",
            "--jobs",
            "1",
            "--junit",
            xml.to_str().expect("utf-8"),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        let child = cmd.spawn().expect("start hookcheck");
        let slow = pid_in(&p, "slow.pid");
        let out = signalled(child, signal);
        assert_eq!(
            out.status.code(),
            Some(code),
            "SIG{signal}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!runs(slow), "SIG{signal}: the slow hook still runs");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("SIG{signal}: not JSON ({e}): {:?}", out.stdout));
        assert_eq!(v["interrupted"], format!("SIG{signal}"));
        assert_eq!(v["exit_code"], code);
        let names: Vec<&str> = v["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .filter_map(|c| c["name"].as_str())
            .collect();
        assert_eq!(names, ["quick"], "SIG{signal}");
        let junit = std::fs::read_to_string(&xml).expect("JUnit written");
        assert!(junit.contains("quick [claude]"), "{junit}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "hookcheck: interrupted (SIG{signal}): stopped the running hooks; the 1 case(s) that finished are reported\n"
            )
        );
    }
}

/// (round 1, still open: surface: specs and hook files; sink: the verdict) `x.yaml` beside
/// `x.json`, or two specs whose `name:` is the same, are refused by name and named by lint,
/// never one of them run in silence; a hook file's `"timeout": -5` is a lint finding.
#[test]
fn two_specs_of_one_name_and_a_negative_timeout_are_findings() {
    let p = Project::new()
        .spec("x", "on: before-tool\nmatch: shell\ncommand: ./a.sh\n")
        .file(
            ".hookcheck/hooks/x.json",
            r#"{"on": "before-tool", "match": "shell", "command": "./b.sh"}"#,
        )
        .spec("one", "name: same\non: before-tool\nmatch: shell\ncommand: ./a.sh\n")
        .spec("two", "name: same\non: before-tool\nmatch: shell\ncommand: ./b.sh\n")
        .file(
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./a.sh", "timeout": -5}]}]}}"#,
        );
    for (name, files) in [
        ("x", ".hookcheck/hooks/x.json, .hookcheck/hooks/x.yaml"),
        (
            "same",
            ".hookcheck/hooks/one.yaml, .hookcheck/hooks/two.yaml",
        ),
    ] {
        let run = p.run(&["run", name, "--bash", "ls"]);
        assert_eq!(run.code(), 2, "{}", run.stdout());
        let root = p.root().display().to_string();
        assert_eq!(
            run.stderr().replace(&format!("{root}/"), ""),
            format!(
                "error: 2 spec files are named `{name}`: {files}; hookcheck does not guess which one you mean\nhelp: rename or remove all but one (`hookcheck lint` lists every such name)\n"
            )
        );
    }
    let lint = p.run(&["lint"]);
    let out = lint.stdout();
    for want in [
        "2 spec files are named `x`: .hookcheck/hooks/x.json, .hookcheck/hooks/x.yaml",
        "2 spec files are named `same`: .hookcheck/hooks/one.yaml, .hookcheck/hooks/two.yaml",
        "timeout -5 is no duration Claude Code reads",
    ] {
        assert!(out.contains(want), "lint does not say `{want}`:\n{out}");
    }
    assert_eq!(lint.code(), 1, "{out}");
}

/// (surface: YAML aliases in a spec; sink: memory) Aliases replay what they name: a few
/// hundred bytes that expand to 20 MB of text (inside the parser's default limits, 64 MiB)
/// are refused by the spec budget (a 1 MB spec once took 1.6 GB). Cases files are parsed
/// with the same budget (spec::load::yaml_options).
#[test]
fn yaml_aliases_cannot_expand_a_spec_past_its_budget() {
    let mut spec = format!(
        "on: before-tool\nmatch: shell\ncommand: ./g.sh\nx-pad:\n  l0: &l0 \"{}\"\n",
        "x".repeat(200)
    );
    for i in 1..6 {
        let refs = vec![format!("*l{}", i - 1); 10].join(",");
        spec.push_str(&format!("  l{i}: &l{i} [{refs}]\n"));
    }
    let p = Project::new().spec("laugh", &spec);
    let (out, all) = finishes_in(&p, &["run", "laugh", "--bash", "ls", "--dry-run"]);
    assert_eq!(out.status.code(), Some(2), "{all}");
    assert!(all.contains("not valid YAML: budget breached"), "{all}");
}

/// (surface: a signal during `hookcheck live`; sink: the file system) The throwaway HOME of a
/// live run holds the agent's config and session keys: it is removed on every exit path,
/// a SIGTERM included (exit runs no destructor).
#[test]
fn an_interrupted_live_run_leaves_no_scratch_home() {
    let (p, args) = common::fake_live_agent(|root| {
        format!(
            "#!/bin/sh\n[ \"$1\" = --version ] && {{ echo 1.0; exit 0; }}\necho \"$HOME\" > {root}/home.txt\nexec sleep 300\n",
            root = root.display()
        )
    });
    let mut cmd = p.command();
    cmd.args(&args).stdout(Stdio::null()).stderr(Stdio::piped());
    let child = cmd.spawn().expect("start hookcheck");
    let mut home = String::new();
    for _ in 0..500 {
        home = std::fs::read_to_string(p.root().join("home.txt")).unwrap_or_default();
        if !home.trim().is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let home = std::path::PathBuf::from(home.trim());
    assert!(home.is_dir(), "the live run's HOME `{}`", home.display());
    let out = signalled(child, "TERM");
    assert_eq!(out.status.code(), Some(143));
    assert!(!home.exists(), "{} outlived the run", home.display());
}

/// (surface: hook processes, sink: hookcheck's stdout, so a terminal or CI log) A hook that
/// looks for hookcheck among its ancestors and writes to `/proc/<its pid>/fd/1` would reach
/// the CI log around the neutralising (`::stop-commands::`). hookcheck is not dumpable, so
/// the open fails for a hook of the same user; the hook still sees hookcheck's name in
/// `/proc/<pid>/comm`. Root may open it all the same (CAP_SYS_PTRACE), so as root the check
/// runs as `nobody` (setpriv), in a shell of nobody's whose pipe hookcheck writes to.
#[test]
fn a_hook_cannot_write_to_hookchecks_own_stdout() {
    if !cfg!(target_os = "linux") {
        return;
    }
    // Walks up from the hook to the first ancestor named hookcheck (never further: the test
    // runner above it is someone else's log), and says whether it found it and could write.
    let hook = "#!/bin/sh\n\
        p=$PPID\n\
        while [ \"$p\" -gt 1 ]; do\n\
          if [ \"$(cat /proc/$p/comm)\" = hookcheck ]; then\n\
            echo found >&2\n\
            if echo '::stop-commands::pwned' > /proc/$p/fd/1 2>/dev/null; then echo wrote >&2; fi\n\
            break\n\
          fi\n\
          p=$(cut -d' ' -f4 /proc/$p/stat)\n\
        done\n\
        exit 0\n";
    let p = Project::new()
        .spec(
            "fd",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/fd.sh\n",
        )
        .script("hooks/fd.sh", hook);
    // hookcheck by its own name (the hook looks for it), where any user can run it.
    let bin = p.root().join("bin/hookcheck");
    std::fs::create_dir_all(bin.parent().expect("bin")).expect("mkdir");
    std::fs::copy(env!("CARGO_BIN_EXE_hookcheck"), &bin).expect("copy hookcheck");
    let line = format!(
        "{} run fd --bash ls -t claude -vv 2>&1 | cat",
        bin.display()
    );
    let id = Command::new("id").arg("-u").output().expect("id -u");
    let root = String::from_utf8_lossy(&id.stdout).trim() == "0";
    let mut cmd = if root {
        if !common::needs(
            "setpriv",
            "to run the check as a user without CAP_SYS_PTRACE",
            "Debian util-linux",
        ) {
            return;
        }
        let open = Command::new("chmod")
            .args(["-R", "a+rwX"])
            .arg(p.root())
            .status()
            .expect("chmod");
        assert!(open.success());
        let mut c = Command::new("setpriv");
        c.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "sh",
            "-c",
        ]);
        c.arg(&line);
        c
    } else {
        let mut c = Command::new("sh");
        c.arg("-c").arg(&line);
        c
    };
    cmd.current_dir(p.root()).env("HOME", p.root());
    let out = finishes(cmd, Duration::from_secs(30));
    let all = String::from_utf8_lossy(&out.stdout);
    assert!(
        all.contains("stderr: found"),
        "the hook found hookcheck: {all}"
    );
    assert!(
        !all.contains("wrote"),
        "the hook wrote to hookcheck's stdout: {all}"
    );
    assert!(!all.contains("pwned"), "{all}");
}

#[test]
fn a_matcher_past_its_budget_is_stopped_not_left_spinning() {
    // Claude Code matches `(a+)+$` as a JavaScript regex: exponential on 40 a's and a `!`.
    // VS Code ignores matchers, so its hook runs after that match was given up, and looks at
    // what hookcheck does then: a thread or a process of it still backtracking.
    let probe = r#"#!/bin/sh
pid=$$
while [ "$pid" -gt 1 ] && [ "$(cat /proc/$pid/comm)" != hookcheck ]; do
  pid=$(cut -d' ' -f4 /proc/$pid/stat)
done
left=
for t in /proc/$pid/task/*; do
  [ "$(cat "$t/comm")" = js-regex ] && left="$left thread"
done
for c in $(cat /proc/$pid/task/*/children); do
  if tr '\0' ' ' < /proc/$c/cmdline | grep -q js-match-worker \
    && [ "$(cut -d' ' -f3 /proc/$c/stat)" = R ]; then left="$left process"; fi
done
[ "$pid" -gt 1 ] && found=found || found=missing
echo "hookcheck $found, still matching:${left:- nothing}" > probe.txt
"#;
    let p = Project::new()
        .spec(
            "evil",
            "event: PreToolUse\nmatcher: (a+)+$\ncommand: ./hooks/probe.sh\ntimeout: 10\ntargets: [claude, vscode]\n",
        )
        .script("hooks/probe.sh", probe)
        .file(
            "payload.json",
            &format!(r#"{{"tool_name": "{}!", "tool_input": {{}}}}"#, "a".repeat(40)),
        );
    let (_, report) = p.json("evil", &["--payload", "payload.json"]);
    let decisions = ["claude", "vscode"].map(|a| common::target(&report, a)["decision"].clone());
    assert_eq!(decisions, ["not run", "allow"], "{report}");
    assert_eq!(
        std::fs::read_to_string(p.root().join("probe.txt")).expect("the probe ran"),
        "hookcheck found, still matching: nothing\n"
    );
}

/// Runs `cmd` to its end and returns its exit code and its peak resident memory in MiB: the
/// kernel's figure (`ru_maxrss` from `wait4`), for it and the largest of the processes it
/// waited for.
// The child is reaped by the wait4 below, which std's Child does not see.
#[allow(clippy::zombie_processes)]
fn peak_mib(mut cmd: Command) -> (i32, f64) {
    let child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start hookcheck");
    let pid = i32::try_from(child.id()).expect("pid");
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value of the plain C struct wait4 fills in.
    let mut usage: nix::libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child, with pointers to two locals it fills in.
    let waited = unsafe { nix::libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    let code = nix::libc::WEXITSTATUS(status);
    (code, usage.ru_maxrss as f64 / 1024.0)
}

#[test]
fn a_large_payload_is_held_once_not_per_agent() {
    // 10 MB of JSON, given to a guard on every agent: it was held once per agent and twice
    // more (69 MB at the peak, over the 64 MiB goal; 310-440 MB for 50 MiB).
    let body = serde_json::json!({
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": format!("echo {}", "x".repeat(10_000_000))},
    });
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\ntimeout: 60\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"))
        .file("payload.json", &body.to_string());
    let mut cmd = p.command();
    cmd.args(["run", "g", "--payload", "payload.json", "--format", "json"]);
    let (code, mib) = peak_mib(cmd);
    assert!(code == 0 || code == 1, "exit {code}");
    assert!(
        mib <= 64.0,
        "peak {mib:.1} MiB for a 10 MB payload over every agent (goal 64 MiB)"
    );
}
