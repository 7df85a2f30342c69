//! Integration tests of `hookcheck::exec` against real `sh` scripts in temporary directories.
#![cfg(unix)]

use std::path::Path;
use std::time::Duration;

use hookcheck::exec::{Invocation, Limits, Outcome, run, run_all};

/// Limits with a short grace and drain so the kill paths run quickly.
fn limits() -> Limits {
    Limits {
        stdout_bytes: 1 << 20,
        stderr_bytes: 1 << 20,
        grace: Duration::from_millis(300),
        drain: Duration::from_millis(500),
    }
}

/// The test's PATH, or a usual default.
fn path() -> String {
    std::env::var("PATH").unwrap_or_else(|_| "/usr/bin:/bin".to_owned())
}

/// `sh -c script` in `dir` with only PATH set, no stdin, a 30 s timeout.
fn sh(script: &str, dir: &Path) -> Invocation {
    Invocation {
        program: "sh".to_owned(),
        args: vec!["-c".to_owned(), script.to_owned()],
        env: vec![("PATH".to_owned(), path())],
        cwd: dir.to_path_buf(),
        stdin: Default::default(),
        timeout: Duration::from_secs(30),
        until_eof: false,
        stdio_socket: false,
        new_session: false,
    }
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("create a temp dir")
}

/// True while `pid` exists and is not a zombie (a killed orphan may stay a zombie if
/// nothing reaps it, and a zombie runs nothing).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

/// Polls up to ~5 s for `pid` to be gone; a bounded retry, not a timing assertion.
fn gone(pid: i32) -> bool {
    for _ in 0..100 {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// Reads a pid the hook wrote to `file`, polling briefly for it to appear.
fn read_pid(file: &Path) -> i32 {
    for _ in 0..100 {
        if let Ok(text) = std::fs::read_to_string(file)
            && let Ok(pid) = text.trim().parse()
        {
            return pid;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("no pid in {}", file.display());
}

/// A hook starts with SIGPIPE at its default action and no signal blocked, in a group and in
/// a session alike, as a Node agent's `child_process` starts it: this test ignores SIGPIPE (as
/// every Rust program does) and blocks SIGUSR2 on the thread that starts the hook, and an
/// ignored signal stays ignored across `exec`, a blocked one blocked. (Read from the hook's own
/// `/proc/self/status`: the bits of SigIgn and the whole SigBlk.)
#[cfg(target_os = "linux")]
#[tokio::test]
async fn hooks_start_with_sigpipe_at_its_default_and_no_signal_blocked() {
    use nix::sys::signal::{SigSet, Signal};
    SigSet::from(Signal::SIGUSR2)
        .thread_block()
        .expect("block SIGUSR2 here");
    let pipe_bit = 1u64 << (nix::libc::SIGPIPE - 1);
    let dir = tempdir();
    for new_session in [false, true] {
        // grep itself, with no shell between: dash clears its signal mask as it starts.
        let mut inv = sh("", dir.path());
        inv.program = "grep".to_owned();
        inv.args = ["-E", "^Sig(Blk|Ign):", "/proc/self/status"]
            .map(String::from)
            .into();
        inv.new_session = new_session;
        let out = run(&inv, &limits()).await;
        let text = out.stdout.text();
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .map(str::trim)
                .unwrap_or_else(|| panic!("no {name} in {text:?}"))
                .to_string()
        };
        assert_eq!(
            field("SigBlk:"),
            "0000000000000000",
            "session {new_session}"
        );
        let ignored = u64::from_str_radix(&field("SigIgn:"), 16).expect("hex");
        assert_eq!(
            ignored & pipe_bit,
            0,
            "SIGPIPE ignored; session {new_session}"
        );
    }
}

#[tokio::test]
async fn timeout_kills_the_whole_group() {
    // (script, stdout expected to have been captured before the kill)
    let cases = [
        // 1. A background grandchild in the group dies with the timed-out hook.
        (
            "sleep 300 & echo $! > bg.pid; echo started; sleep 300",
            "started\n",
        ),
        // 2. A hook (and its children) ignoring SIGTERM still ends: SIGKILL after grace.
        (
            "trap '' TERM; sleep 300 & echo $! > bg.pid; echo started; sleep 300",
            "started\n",
        ),
    ];
    // In a group of its own, and leading a session of its own as some agents make it.
    for (&(script, stdout), new_session) in cases.iter().flat_map(|c| [(c, false), (c, true)]) {
        let dir = tempdir();
        let mut inv = sh(script, dir.path());
        inv.timeout = Duration::from_secs(1);
        inv.new_session = new_session;
        let out = run(&inv, &limits()).await;
        assert!(out.timed_out, "{script}: {out:?}");
        assert_eq!(out.exit_code, None, "{script}");
        assert_eq!(
            out.signal, None,
            "{script}: our own kill is not the hook's signal"
        );
        assert_eq!(out.start_error, None, "{script}");
        assert_eq!(out.stdout.text(), stdout, "{script}");
        let pid = read_pid(&dir.path().join("bg.pid"));
        assert!(gone(pid), "{script}: background pid {pid} survived");
    }
}

#[tokio::test]
async fn cancelled_run_kills_the_group() {
    // Dropping a run midway (e.g. the caller's own timeout) must not leak the hook's group.
    let dir = tempdir();
    let pid_file = dir.path().join("bg.pid");
    let inv = sh("sleep 300 & echo $! > bg.pid; sleep 300", dir.path());
    let limits = limits();
    let mut running = Box::pin(run(&inv, &limits));
    loop {
        tokio::select! {
            out = &mut running => panic!("the hook cannot finish: {out:?}"),
            () = tokio::time::sleep(Duration::from_millis(20)) => {
                if std::fs::read_to_string(&pid_file).is_ok_and(|t| t.ends_with('\n')) {
                    break;
                }
            }
        }
    }
    drop(running);
    let pid = read_pid(&pid_file);
    assert!(gone(pid), "background pid {pid} survived the cancelled run");
}

#[tokio::test]
async fn leftovers_are_killed_and_reported_after_exit() {
    // (script, leftovers)
    let cases = [
        // 3. The hook exits at once; its background child is killed and reported.
        ("sleep 300 & echo $! > bg.pid; exit 0", true),
        // A hook that leaves nothing behind is not reported.
        ("echo $$ > bg.pid; exit 0", false),
    ];
    for (&(script, leftovers), new_session) in cases.iter().flat_map(|c| [(c, false), (c, true)]) {
        let dir = tempdir();
        let mut inv = sh(script, dir.path());
        inv.new_session = new_session;
        let out = run(&inv, &limits()).await;
        assert_eq!(out.exit_code, Some(0), "{script}: {out:?}");
        assert!(!out.timed_out, "{script}");
        assert_eq!(out.leftovers, leftovers, "{script}");
        assert!(!out.pipes_held, "{script}");
        let pid = read_pid(&dir.path().join("bg.pid"));
        assert!(gone(pid), "{script}: pid {pid} survived");
    }
}

#[tokio::test]
async fn reading_to_the_end_waits_for_a_child_holding_the_pipes() {
    // As agents that wait for the pipes to close read a hook (src/contract: `reads_to_eof`):
    // (script, timed out, exit code, stderr read)
    let cases = [
        // A child holding the pipes past the timeout: the hook timed out, though it exited 2.
        (
            "echo no >&2; sleep 300 & echo $! > bg.pid; exit 2",
            true,
            None,
            "no\n",
        ),
        // A child that lets go of them in time: its exit code, and everything it wrote.
        (
            "echo no >&2; (sleep 0.3; echo late >&2) & echo $! > bg.pid; exit 2",
            false,
            Some(2),
            "no\nlate\n",
        ),
        // A child with the pipes closed does not hold the hook.
        (
            "echo no >&2; sleep 300 </dev/null >/dev/null 2>&1 & echo $! > bg.pid; exit 2",
            false,
            Some(2),
            "no\n",
        ),
    ];
    for (script, timed_out, exit_code, stderr) in cases {
        let dir = tempdir();
        let mut inv = sh(script, dir.path());
        inv.timeout = Duration::from_secs(2);
        inv.until_eof = true;
        let out = run(&inv, &limits()).await;
        assert_eq!(out.timed_out, timed_out, "{script}: {out:?}");
        assert_eq!(out.held_open, timed_out, "{script}: {out:?}");
        assert_eq!(out.exit_code, exit_code, "{script}: {out:?}");
        assert_eq!(out.stderr.text(), stderr, "{script}");
        let pid = read_pid(&dir.path().join("bg.pid"));
        assert!(gone(pid), "{script}: background pid {pid} survived");
        // Read until it exits (the default), the same hook gives its exit code at once.
        inv.until_eof = false;
        let out = run(&inv, &limits()).await;
        assert_eq!((out.timed_out, out.exit_code), (false, Some(2)), "{script}");
    }
}

#[tokio::test]
async fn escaped_pipe_holder_is_not_a_timeout() {
    // 4. A grandchild leaves the group with setsid and keeps stdout/stderr open; the hook
    // waits until it has escaped, so our group kill cannot reach it. If the runner waited
    // for EOF, it would hit the 30 s timeout and report timed_out.
    // (how the grandchild starts, found and killed by its mark, pipes held past the drain)
    let cases = [
        // It carries the hook's mark: found by it and killed, so the pipes close at once.
        ("setsid", true, false),
        // It cleared its environment, mark and all: only the drain limit ends the wait.
        ("env -i setsid", false, true),
    ];
    for (start, killed, pipes_held) in cases {
        let dir = tempdir();
        let script = format!(
            "echo before; \
            {start} /bin/sh -c 'echo $$ > esc.pid; exec sleep 300' & \
            while [ ! -s esc.pid ]; do sleep 0.05; done; exit 0"
        );
        let out = run(&sh(&script, dir.path()), &limits()).await;
        let pid = read_pid(&dir.path().join("esc.pid"));
        let survived = alive(pid);
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
        assert!(!out.timed_out, "{start}: {out:?}");
        assert_eq!(out.exit_code, Some(0), "{start}");
        assert_eq!(out.pipes_held, pipes_held, "{start}: {out:?}");
        assert_eq!(out.leftovers, killed, "{start}: {out:?}");
        assert_eq!(survived, !killed, "{start}: pid {pid}");
        assert_eq!(
            out.stdout.text(),
            "before\n",
            "{start}: what was read is kept"
        );
        assert!(
            gone(pid),
            "{start}: escaped pid {pid} survived the test's own kill"
        );
    }
}

#[tokio::test]
async fn huge_output_is_capped_without_deadlock() {
    // 5. 100 MB on stdout and, at the same time, 10 MB on stderr from a background writer
    // that also holds stdout: reading the streams one after the other would deadlock.
    let dir = tempdir();
    let script = "head -c 10000000 /dev/zero >&2 & head -c 100000000 /dev/zero; wait";
    // (the cap on each stream)
    for cap in [1 << 20, 0, 10] {
        let limits = Limits {
            stdout_bytes: cap,
            stderr_bytes: cap,
            ..limits()
        };
        let out = run(&sh(script, dir.path()), &limits).await;
        assert_eq!(out.exit_code, Some(0), "cap {cap}: {:?}", out.start_error);
        assert!(!out.timed_out);
        assert_eq!(out.stdout.total, 100_000_000);
        assert_eq!(out.stdout.bytes.len(), cap);
        assert_eq!(out.stdout.truncated(), 100_000_000 - cap as u64);
        assert_eq!(out.stderr.total, 10_000_000);
        assert_eq!(out.stderr.bytes.len(), cap);
        assert!(out.stdout.bytes.iter().all(|&b| b == 0));
    }
}

/// A payload of `len` bytes that is not all one value.
fn payload(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i % 251) as u8).collect()
}

#[tokio::test]
async fn stdin_that_is_not_read_is_normal() {
    // 6. Payload larger than any pipe buffer; the hook ignores or closes stdin.
    let scripts = [
        "exit 0",
        "exec 0<&-; sleep 0.1; exit 0",
        "head -c 10 >/dev/null; exit 0",
    ];
    for script in scripts {
        let dir = tempdir();
        let mut inv = sh(script, dir.path());
        inv.stdin = payload(4 << 20).into();
        let out = run(&inv, &limits()).await;
        assert_eq!(out.exit_code, Some(0), "{script}: {out:?}");
        assert_eq!(out.start_error, None, "{script}");
        assert!(!out.timed_out, "{script}");
    }
}

#[tokio::test]
async fn stdin_is_delivered() {
    // 7. The hook echoes stdin; stdout must equal the payload exactly.
    let payloads = [
        Vec::new(),
        br#"{"hook_event_name":"PreToolUse","tool_name":"Bash"}"#.to_vec(),
        payload(3 << 20),
    ];
    for p in payloads {
        let dir = tempdir();
        let mut inv = sh("cat", dir.path());
        inv.stdin = p.clone().into();
        let limits = Limits {
            stdout_bytes: 4 << 20,
            ..limits()
        };
        let out = run(&inv, &limits).await;
        assert_eq!(out.exit_code, Some(0), "len {}", p.len());
        assert_eq!(out.stdout.total, p.len() as u64);
        assert!(out.stdout.bytes == p, "len {}: payload differs", p.len());
    }
}

#[tokio::test]
async fn start_failures_are_reported() {
    // 8. (program, argument, cwd below the temp dir, the whole error), each started in a new
    // process group and in a new session (one spawn path for both).
    let cases = [
        (
            "/nonexistent/program",
            "",
            "",
            "No such file or directory (os error 2)",
        ),
        (
            "no-such-program-hookcheck",
            "",
            "",
            "No such file or directory (os error 2)",
        ),
        // A name is looked up on the hook's PATH only, as execvp does: never in its folder.
        ("here.sh", "", "", "No such file or directory (os error 2)"),
        (
            "sh",
            "",
            "missing-dir",
            "No such file or directory (os error 2)",
        ),
        (
            "./not-executable.sh",
            "",
            "",
            "Permission denied (os error 13)",
        ),
        ("sh", "a\0b", "", "nul byte found in provided data"),
    ];
    for new_session in [false, true] {
        for (program, arg, cwd, error) in cases {
            let dir = tempdir();
            let script = dir.path().join("not-executable.sh");
            std::fs::write(&script, "#!/bin/sh\nexit 0\n").expect("write script");
            let here = dir.path().join("here.sh");
            std::fs::write(&here, "#!/bin/sh\nexit 0\n").expect("write script");
            std::fs::set_permissions(&here, std::os::unix::fs::PermissionsExt::from_mode(0o755))
                .expect("chmod");
            let mut inv = sh("exit 0", &dir.path().join(cwd));
            inv.program = program.to_owned();
            inv.new_session = new_session;
            if !arg.is_empty() {
                inv.args.push(arg.replace("\\0", "\0"));
            }
            let out = run(&inv, &limits()).await;
            let label = format!("{program} {arg:?} in {cwd:?}, new session {new_session}");
            assert_eq!(out.start_error.as_deref(), Some(error), "{label}: {out:?}");
            assert_eq!(out.exit_code, None, "{label}");
            assert_eq!(out.signal, None, "{label}");
            assert!(!out.timed_out, "{label}");
        }
    }
}

#[tokio::test]
async fn signals_and_exit_codes_pass_through() {
    // 9 and 10. (script, exit_code, signal)
    let cases = [
        ("exit 0", Some(0), None),
        ("exit 1", Some(1), None),
        ("exit 2", Some(2), None),
        ("exit 255", Some(255), None),
        ("nosuchcommand", Some(127), None),
        ("kill -KILL $$", None, Some(9)),
        ("kill -TERM $$", None, Some(15)),
    ];
    let dir = tempdir();
    for (script, exit_code, signal) in cases {
        let out = run(&sh(script, dir.path()), &limits()).await;
        assert_eq!(
            (out.exit_code, out.signal),
            (exit_code, signal),
            "{script}: {out:?}"
        );
        assert!(!out.timed_out, "{script}");
    }
    let out = run(&sh("nosuchcommand", dir.path()), &limits()).await;
    assert!(
        out.stderr.text().contains("nosuchcommand"),
        "stderr is captured: {out:?}"
    );
}

/// Names of the variables in `env`-style output.
fn names(output: &str) -> Vec<String> {
    let mut names: Vec<String> = output
        .lines()
        .filter_map(|line| line.split_once('=').map(|(k, _)| k.to_owned()))
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn environment_is_exactly_the_given_one() {
    // 11. `env` run directly prints exactly the given variables and the mark; under `sh`
    // the shell may add its own (PWD, SHLVL, _) but nothing of the caller's leaks in.
    let dir = tempdir();
    let given = vec![
        ("PATH".to_owned(), path()),
        ("HOOKCHECK_GIVEN".to_owned(), "yes it is".to_owned()),
    ];
    let caller_only: Vec<String> = std::env::vars()
        .map(|(k, _)| k)
        .filter(|k| !["PATH", "PWD", "SHLVL", "_", "OLDPWD", "HOOKCHECK_RUN"].contains(&k.as_str()))
        .collect();
    assert!(
        !caller_only.is_empty(),
        "the test process has variables of its own"
    );
    // (program, args, exact)
    let cases: [(&str, &[&str], bool); 2] = [("env", &[], true), ("sh", &["-c", "env"], false)];
    for (program, args, exact) in cases {
        let inv = Invocation {
            program: program.to_owned(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            env: given.clone(),
            ..sh("", dir.path())
        };
        let out = run(&inv, &limits()).await;
        assert_eq!(out.exit_code, Some(0), "{program}: {out:?}");
        let text = out.stdout.text();
        assert!(
            text.contains("HOOKCHECK_GIVEN=yes it is\n"),
            "{program}: {text}"
        );
        let got = names(&text);
        if exact {
            assert_eq!(got, ["HOOKCHECK_GIVEN", "HOOKCHECK_RUN", "PATH"]);
        }
        for name in &caller_only {
            assert!(
                !got.contains(name),
                "{program}: caller's {name} leaked: {text}"
            );
        }
    }
}

#[test]
fn run_all_keeps_order_and_bounds_concurrency() {
    // 12. Later invocations finish first; results still come back in input order. Each
    // hook counts the hooks running at the same moment through marker files, so more
    // than `jobs` at once shows up as a count above `jobs`.
    let dir = tempdir();
    let invs: Vec<Invocation> = (0..5)
        .map(|i| {
            let script = format!(
                "touch running.{i}; n=$(ls running.* | wc -l); sleep 0.{}; rm running.{i}; echo {i} $n",
                5 - i
            );
            sh(&script, dir.path())
        })
        .collect();
    // (jobs, most at once)
    for (jobs, most) in [(2, 2), (0, 1), (1, 1)] {
        let outs: Vec<Outcome> = run_all(&invs, jobs, &limits());
        assert_eq!(outs.len(), invs.len());
        for (i, out) in outs.iter().enumerate() {
            assert_eq!(out.exit_code, Some(0), "jobs {jobs} #{i}: {out:?}");
            let text = out.stdout.text();
            let mut words = text.split_whitespace();
            assert_eq!(
                words.next(),
                Some(i.to_string().as_str()),
                "jobs {jobs}: order"
            );
            let running: usize = words
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(usize::MAX);
            assert!(
                (1..=most).contains(&running),
                "jobs {jobs} #{i}: {running} at once"
            );
        }
    }
    assert!(run_all(&[], 3, &limits()).is_empty());
}

/// A check over every agent starts the login shells first (a login shell runs the user's
/// profile: the slowest start, which run last left a core idle, issue 30), and every other
/// invocation in the order the dry run lists the agents (the registry's).
#[test]
fn a_check_starts_login_shells_first_and_the_rest_in_registry_order() {
    use hookcheck::workspace::{CheckRequest, Workspace};
    let dir = tempdir();
    let root = dir.path().canonicalize().expect("root");
    std::fs::create_dir(root.join(".git")).expect(".git");
    let hooks = root.join(".hookcheck/hooks");
    std::fs::create_dir_all(&hooks).expect("hooks");
    std::fs::write(
        hooks.join("g.yaml"),
        "on: before-tool\nmatch: shell\ncommand: ./g.sh\ntimeout: 10\n",
    )
    .expect("spec");
    let env = [
        ("PATH", path()),
        ("SHELL", "/bin/sh".to_string()),
        ("HOME", root.join("home").display().to_string()),
    ];
    let ws = Workspace {
        cwd: root.clone(),
        root: root.clone(),
        home: root.join("home"),
        spec_dirs: vec![hooks.clone()],
        env: env
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    };
    let req = CheckRequest {
        hook: "g".into(),
        trigger: hookcheck::trigger::Flags {
            bash: Some("ls".into()),
            ..Default::default()
        },
        include_assumed: true,
        ..Default::default()
    };
    let check = hookcheck::installed::resolve(&ws, &req, &root, 1).expect("check");
    let started: Vec<Vec<String>> = hookcheck::run::plan(&check)
        .invocations()
        .iter()
        .map(|inv| {
            std::iter::once(inv.program.clone())
                .chain(inv.args.clone())
                .collect()
        })
        .collect();
    // What the dry run lists, agent by agent.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hookcheck"))
        .args([
            "run",
            "g",
            "--bash",
            "ls",
            "--include-assumed",
            "--dry-run",
            "--format",
            "json",
        ])
        .current_dir(&root)
        .env_clear()
        .envs(env)
        .output()
        .expect("dry run");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let listed: Vec<Vec<String>> = report["agents"]
        .as_array()
        .expect("agents")
        .iter()
        .flat_map(|a| a["commands"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| serde_json::from_value(c["invocation"]["argv"].clone()).ok())
        .collect();
    let (login, rest): (Vec<_>, Vec<_>) = listed
        .into_iter()
        .partition(|argv: &Vec<String>| hookcheck::exec::login_shell(&argv[1..]));
    assert!(
        !login.is_empty(),
        "no agent runs a login shell: {started:?}"
    );
    assert_eq!(started, [login, rest].concat());
    assert!(hookcheck::exec::login_shell(&["-lc", "x"]));
    assert!(hookcheck::exec::login_shell(&["--login", "-c"]));
    assert!(!hookcheck::exec::login_shell(&[
        "--norc",
        "--noprofile",
        "-c",
        "ls -l"
    ]));
}

/// Hooks that lead a new session are `vfork`ed by `posix_spawn`, and each one's child is in its
/// new session before it execs the hook: another hook ending then must not take it for
/// something a hook left behind (it carries no mark yet, and is outside hookcheck's group).
/// Many short hooks at once, none of which leaves anything.
#[test]
fn hooks_starting_in_a_new_session_are_not_taken_for_leftovers() {
    let dir = tempdir();
    let invs: Vec<Invocation> = (0..200)
        .map(|_| {
            let mut inv = sh("exit 0", dir.path());
            inv.new_session = true;
            inv
        })
        .collect();
    let outs = hookcheck::exec::run_all(&invs, 4, &limits());
    let left: Vec<usize> = outs
        .iter()
        .enumerate()
        .filter(|(_, o)| o.leftovers || o.exit_code != Some(0))
        .map(|(i, _)| i)
        .collect();
    assert!(
        left.is_empty(),
        "hooks said to leave processes or failing: {left:?}"
    );
}
