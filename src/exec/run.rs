//! Running one invocation: new process group, a mark in its environment, stdin fed by its own
//! task, both outputs captured concurrently, timeout with TERM (and CONT) → grace → KILL,
//! leftovers killed by group and by mark (algorithm: crates.md §5.2).

use std::path::PathBuf;
use std::process::{ExitStatus, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWriteExt};
use tokio::net::UnixStream;
use tokio::process::{Child, ChildStdin, Command};

use super::capture::{Captured, read_capped};
use super::group::{self, GroupGuard, Sig};
use super::mark::{self, MARK_VAR, Marked, Needle};
use super::{Invocation, Limits, Outcome, orphans, signals};

/// The shortest grace between TERM and KILL, whatever the timeout.
const MIN_GRACE: Duration = Duration::from_millis(100);

/// The grace after a timeout: a quarter of the timeout, at least [`MIN_GRACE`], at most `cap`
/// (so a 1 s hook that ignores TERM ends after 1.25 s, a 60 s one after 62 s).
pub(crate) fn grace(timeout: Duration, cap: Duration) -> Duration {
    (timeout / 4).max(MIN_GRACE).min(cap)
}

/// How the wait for the leader ended.
enum Ended {
    /// The leader exited by itself (or the wait itself failed).
    Exited(std::io::Result<ExitStatus>),
    /// The timeout fired and the leader was killed and reaped, or (reading to the end) its
    /// output was still open.
    TimedOut,
}

/// Runs one invocation to completion; never panics on what the invocation contains.
pub async fn run(inv: &Invocation, limits: &Limits) -> Outcome {
    let started = Instant::now();
    let since = orphans::now();
    let mark = mark::new_mark();
    let (mut cmd, sockets) = match command(inv, &mark) {
        Ok(built) => built,
        Err(e) => return Outcome::not_started(e.to_string(), started.elapsed()),
    };
    let (mut child, registered) = match signals::spawn(&mut cmd) {
        Ok(spawned) => spawned,
        Err(e) => return Outcome::not_started(e.to_string(), started.elapsed()),
    };
    // The child has its end of the socket; only ours is left here.
    drop(cmd);
    let leader = child.id();
    // Declared before the guard, so dropped after it: the hook stays on the list of running
    // hooks (which a signal ends) until its group and mark are dealt with.
    let _registered = registered;
    let mut guard = GroupGuard::new(leader, mark.clone());
    let (writer, stdout, stderr): (_, Option<Output>, Option<Output>) = match sockets {
        Some([stdin, stdout, stderr]) => (
            start_socket(stdin, &inv.stdin),
            Some(Box::new(stdout)),
            Some(Box::new(stderr)),
        ),
        None => (
            child.stdin.take().and_then(|s| start_pipe(s, &inv.stdin)),
            child.stdout.take().map(|s| Box::new(s) as Output),
            child.stderr.take().map(|s| Box::new(s) as Output),
        ),
    };
    let (mut out, mut err) = (Captured::default(), Captured::default());
    let (out_cap, err_cap) = (limits.stdout_bytes, limits.stderr_bytes);
    let (ended, leftovers, pipes_held, held_open) = {
        // Both streams are read at once, never one after the other (crates.md §5.2 step 3).
        let readers = async {
            tokio::join!(
                async {
                    if let Some(s) = stdout {
                        read_capped(s, &mut out, out_cap).await;
                    }
                },
                async {
                    if let Some(s) = stderr {
                        read_capped(s, &mut err, err_cap).await;
                    }
                },
            )
        };
        tokio::pin!(readers);
        let mut readers_done = false;
        let ended = {
            let grace = grace(inv.timeout, limits.grace);
            let wait = wait_leader(&mut child, guard.pgid(), inv.timeout, grace);
            tokio::pin!(wait);
            loop {
                tokio::select! {
                    ended = &mut wait => break ended,
                    _ = &mut readers, if !readers_done => readers_done = true,
                }
            }
        };
        // Read to the end, under what is left of the timeout: past it the hook timed out.
        let mut held_open = false;
        let ended = match ended {
            Ended::Exited(_) if inv.until_eof && !readers_done => {
                let left = inv.timeout.saturating_sub(started.elapsed());
                match tokio::time::timeout(left, &mut readers).await {
                    Ok(_) => {
                        readers_done = true;
                        ended
                    }
                    Err(_) => {
                        held_open = true;
                        Ended::TimedOut
                    }
                }
            }
            ended => ended,
        };
        // The leader is reaped: kill whatever it left in its group (crates.md §5.2 step 4),
        // once its children that ended after it are reaped (they would count as members).
        let pgid = guard.pgid();
        if let Some(pgid) = pgid {
            orphans::reap_ended_in(&signals::strays(), pgid);
        }
        let anyone_left = pgid.is_some_and(|pgid| group::send(pgid, Sig::Kill));
        // Then whatever carries the mark, in whatever group or session it moved to. With
        // hookcheck the subreaper and the group found empty, every such process is one of
        // hookcheck's strays or descends from one, so the strays are read, not every process
        // on the machine; only a stray with the mark calls for the scan.
        let strays = signals::strays();
        let marked = if orphans::is_subreaper()
            && !anyone_left
            && !orphans::any_carrying(&strays, Needle::Exact(MARK_VAR, &mark))
        {
            Vec::new()
        } else {
            end_marked(&mark, cheap_scan(leader, started)).await
        };
        guard.disarm();
        // And what left the group with its environment cleared, re-parented to hookcheck.
        let unmarked = orphans::end_unmarked(&strays, since, pgid);
        let escaped = unmarked > 0
            || marked
                .iter()
                .any(|m| pgid.is_none_or(|g| i64::from(m.pgrp) != i64::from(g)));
        // After a timeout the group was just signalled, so its dying members still answer.
        let leftovers = (matches!(ended, Ended::Exited(_)) && anyone_left) || escaped;
        // A process that escaped the group may still hold a pipe: wait at most `drain` for EOF.
        let pipes_held = !readers_done
            && tokio::time::timeout(limits.drain, &mut readers)
                .await
                .is_err();
        (ended, leftovers, pipes_held, held_open)
    };
    if let Some(writer) = writer {
        writer.abort();
    }

    let mut outcome = Outcome {
        exit_code: None,
        signal: None,
        stdout: out,
        stderr: err,
        timed_out: false,
        start_error: None,
        elapsed: started.elapsed(),
        leftovers,
        pipes_held,
        held_open,
    };
    match ended {
        Ended::TimedOut => outcome.timed_out = true,
        Ended::Exited(Ok(status)) => {
            outcome.exit_code = status.code();
            outcome.signal = signal_of(status);
        }
        Ended::Exited(Err(e)) => {
            outcome.start_error = Some(format!("waiting for the process: {e}"))
        }
    }
    outcome
}

/// Below this much time since the spawn, the pids cannot have wrapped round `pid_max` (at
/// least 32768) since the hook started.
const CHEAP_SCAN_WITHIN: Duration = Duration::from_millis(100);

/// The pid to scan after: the leader's, for a hook that ended quickly; None (scan every
/// process) for a longer one, whose scan cost is nothing next to its run time.
fn cheap_scan(leader: Option<u32>, started: Instant) -> Option<u32> {
    leader.filter(|_| started.elapsed() < CHEAP_SCAN_WITHIN)
}

/// Ends every process carrying `mark`: one scan here (nothing found is the usual case), the
/// further rounds off the runtime's thread when something was.
async fn end_marked(mark: &str, first: Option<u32>) -> Vec<Marked> {
    let found = mark::kill_carrying(Needle::Exact(MARK_VAR, mark), first);
    if found.is_empty() {
        return found;
    }
    let mark = mark.to_string();
    let more = tokio::task::spawn_blocking(move || mark::end(Needle::Exact(MARK_VAR, &mark)))
        .await
        .unwrap_or_default();
    found.into_iter().chain(more).collect()
}

/// Our end of a hook's stdout or stderr: a pipe, or a socket.
type Output = Box<dyn AsyncRead + Unpin + Send>;

/// Builds the command: exactly the given environment plus the mark, piped stdio (socket pairs
/// when the agent gives them: our ends of stdin, stdout and stderr are returned), a new
/// process group, or a new session when the agent makes one (its group too).
fn command(inv: &Invocation, mark: &str) -> std::io::Result<(Command, Option<[UnixStream; 3]>)> {
    let mut cmd = match on_path(&inv.program, &inv.env, &inv.cwd) {
        Some(path) => {
            let mut cmd = Command::new(path);
            cmd.arg0(&inv.program);
            cmd
        }
        None => Command::new(&inv.program),
    };
    cmd.args(&inv.args)
        .env_clear()
        .envs(inv.env.iter().map(|(k, v)| (k, v)))
        // Last, so it replaces a mark inherited from a hookcheck this one runs under.
        .env(MARK_VAR, mark)
        .current_dir(&inv.cwd)
        .kill_on_drop(true);
    let mut ours = None;
    if inv.stdio_socket {
        let [stdin, stdout, stderr] = [socket_pair()?, socket_pair()?, socket_pair()?];
        cmd.stdin(stdin.1).stdout(stdout.1).stderr(stderr.1);
        ours = Some([stdin.0, stdout.0, stderr.0]);
    } else {
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
    }
    if inv.new_session {
        // SAFETY: the closure runs in the forked child before exec and calls only setsid(2),
        // which is async-signal-safe; it touches no memory of the parent's. The standard
        // library has no stable `setsid` yet (`process_setsid`, rust-lang/rust#105376), and a
        // closure makes it fork instead of `posix_spawn`: only the hooks of the agents seen
        // making a session pay for that (bench/floor.sh measures it).
        unsafe {
            cmd.pre_exec(|| {
                nix::unistd::setsid()
                    .map(drop)
                    .map_err(std::io::Error::from)
            });
        }
    } else {
        cmd.process_group(0);
    }
    Ok((cmd, ours))
}

/// A Unix socket pair: our end (non-blocking, for the runtime) and the hook's.
fn socket_pair() -> std::io::Result<(UnixStream, Stdio)> {
    let (mine, theirs) = std::os::unix::net::UnixStream::pair()?;
    mine.set_nonblocking(true)?;
    Ok((
        UnixStream::from_std(mine)?,
        Stdio::from(std::os::fd::OwnedFd::from(theirs)),
    ))
}

/// Where `execvp` would find `program` (a name with no `/`) on the PATH of `env` (or, with
/// none, the C library's default `/bin:/usr/bin`; an empty entry is `cwd`): the first
/// executable file there. None for a path, or a name found nowhere (the spawn then fails as
/// it would have). Spawning the path found, with the name as `argv[0]`, is what the hook
/// gets either way; it lets the standard library start the hook with `posix_spawn` (a
/// `vfork`) instead of `fork`, which copies hookcheck's page tables for every hook: a name
/// looked up on a PATH of the child's own, in another working directory, is the one case it
/// forks for.
fn on_path(program: &str, env: &[(String, String)], cwd: &std::path::Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    if program.is_empty() || program.contains('/') {
        return None;
    }
    let path = env
        .iter()
        .rev()
        .find(|(k, _)| k == "PATH")
        .map_or("/bin:/usr/bin", |(_, v)| v.as_str());
    path.split(':').find_map(|dir| {
        let candidate = if dir.is_empty() {
            cwd.join(program)
        } else {
            std::path::Path::new(dir).join(program)
        };
        let meta = std::fs::metadata(&candidate).ok()?;
        (meta.is_file() && meta.permissions().mode() & 0o111 != 0).then_some(candidate)
    })
}

/// Writes as much of `payload` as `fd` takes at once, never waiting: how much it wrote, and
/// whether the rest can follow (not when the hook closed its end).
fn write_now(fd: impl std::os::fd::AsFd, payload: &[u8]) -> (usize, bool) {
    let mut done = 0;
    while done < payload.len() {
        match nix::unistd::write(&fd, &payload[done..]) {
            Ok(0) => return (done, false),
            Ok(n) => done += n,
            Err(nix::errno::Errno::EINTR) => {}
            Err(nix::errno::Errno::EAGAIN) => return (done, true),
            Err(_) => return (done, false),
        }
    }
    (done, true)
}

/// Starts feeding a hook's input on a pipe: what fits now is written here and stdin closed
/// before the next hook is spawned; only the rest of a larger input is left to a task. (Left
/// to a task from the start, every hook of a batch waited for its input until the whole batch
/// was spawned: the spawn loop and the writers share one thread, and a new pipe is writable to
/// tokio only once its reactor has run.)
fn start_pipe(stdin: ChildStdin, payload: &Arc<Vec<u8>>) -> Option<tokio::task::JoinHandle<()>> {
    let (done, more) = write_now(&stdin, payload);
    (more && done < payload.len())
        .then(|| tokio::spawn(write_payload(stdin, Arc::clone(payload), done)))
}

/// [`start_pipe`] on our end of a socket pair: written in full, its writing side is shut at
/// once.
fn start_socket(ours: UnixStream, payload: &Arc<Vec<u8>>) -> Option<tokio::task::JoinHandle<()>> {
    let (done, more) = write_now(&ours, payload);
    if more && done < payload.len() {
        return Some(tokio::spawn(write_socket(ours, Arc::clone(payload), done)));
    }
    let _ = ours
        .into_std()
        .and_then(|s| s.shutdown(std::net::Shutdown::Write));
    None
}

/// [`write_payload`] on our end of a socket pair: the payload from byte `from`, then a
/// shutdown of our writing side, which the hook reads as the end of its input.
async fn write_socket(mut ours: UnixStream, payload: Arc<Vec<u8>>, from: usize) {
    let _ = ours.write_all(&payload[from..]).await;
    let _ = ours.shutdown().await;
}

/// Writes the payload from byte `from`, then closes stdin. Every error is ignored: a hook that never reads
/// stdin, or closes it early, is normal (EPIPE).
async fn write_payload(mut stdin: ChildStdin, payload: Arc<Vec<u8>>, from: usize) {
    let _ = stdin.write_all(&payload[from..]).await;
    let _ = stdin.shutdown().await;
}

/// Waits for the leader up to `timeout`; past it, TERM the group (and CONT it, so a stopped
/// hook can act on the TERM), wait `grace`, KILL, reap.
async fn wait_leader(
    child: &mut Child,
    pgid: Option<u32>,
    timeout: Duration,
    grace: Duration,
) -> Ended {
    if let Ok(status) = tokio::time::timeout(timeout, child.wait()).await {
        return Ended::Exited(status);
    }
    signal(child, pgid, Sig::Term);
    if let Some(pgid) = pgid {
        group::send(pgid, Sig::Cont);
    }
    if tokio::time::timeout(grace, child.wait()).await.is_err() {
        signal(child, pgid, Sig::Kill);
        let _ = child.wait().await;
    }
    Ended::TimedOut
}

/// Signals the group; where that is impossible, kills the leader instead.
fn signal(child: &mut Child, pgid: Option<u32>, sig: Sig) {
    if !pgid.is_some_and(|pgid| group::send(pgid, sig)) {
        let _ = child.start_kill();
    }
}

/// The signal that ended the process, if one did.
#[cfg(unix)]
fn signal_of(status: ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

/// No signals outside Unix.
#[cfg(not(unix))]
fn signal_of(_status: ExitStatus) -> Option<i32> {
    None
}

#[cfg(test)]
mod tests {
    use super::{grace, on_path};
    use std::os::unix::fs::PermissionsExt;
    use std::time::Duration;

    #[test]
    fn a_name_is_found_as_execvp_finds_it_on_the_hooks_own_path() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (first, second, cwd) = (
            dir.path().join("first"),
            dir.path().join("second"),
            dir.path().join("cwd"),
        );
        for d in [&first, &second, &cwd] {
            std::fs::create_dir(d).expect("mkdir");
        }
        let write = |at: &std::path::Path, mode: u32| {
            std::fs::write(at, "#!/bin/sh\n").expect("write");
            std::fs::set_permissions(at, std::fs::Permissions::from_mode(mode)).expect("chmod");
        };
        write(&first.join("tool"), 0o644); // not executable: skipped
        write(&second.join("tool"), 0o755);
        write(&cwd.join("here"), 0o755);
        std::fs::create_dir(first.join("adir")).expect("mkdir");
        let path = format!("{}:{}:", first.display(), second.display());
        let env = vec![("PATH".to_string(), path)];
        let found = |name: &str| on_path(name, &env, &cwd);
        assert_eq!(found("tool"), Some(second.join("tool")));
        // An empty entry is the working directory.
        assert_eq!(found("here"), Some(cwd.join("here")));
        // A folder is no program; a missing name and a path are left to the spawn.
        assert_eq!(found("adir"), None);
        assert_eq!(found("missing"), None);
        assert_eq!(found("./tool"), None);
        assert_eq!(found(""), None);
        // No PATH at all: the C library's default.
        assert_eq!(
            on_path("sh", &[], &cwd),
            Some(std::path::PathBuf::from("/bin/sh"))
        );
    }

    #[test]
    fn grace_is_a_quarter_of_the_timeout_within_bounds() {
        let ms = Duration::from_millis;
        // (timeout, cap, grace)
        let table = [
            (ms(1000), ms(2000), ms(250)),
            (ms(4000), ms(2000), ms(1000)),
            (ms(8000), ms(2000), ms(2000)),
            (ms(600_000), ms(2000), ms(2000)),
            (ms(200), ms(2000), ms(100)),
            (ms(0), ms(2000), ms(100)),
            (ms(1000), ms(50), ms(50)),
            (ms(10_000), ms(300), ms(300)),
        ];
        for (timeout, cap, want) in table {
            assert_eq!(grace(timeout, cap), want, "timeout {timeout:?} cap {cap:?}");
        }
    }
}
