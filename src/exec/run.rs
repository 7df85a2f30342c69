//! Running one invocation: new process group, a mark in its environment, stdin fed by its own
//! task, both outputs captured concurrently, timeout with TERM (and CONT) → grace → KILL,
//! leftovers killed by group and by mark (algorithm: crates.md §5.2).

use std::os::fd::OwnedFd;
use std::path::PathBuf;
use std::process::ExitStatus;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWriteExt};
use tokio::net::UnixStream;
use tokio::net::unix::pipe;

use super::capture::{Captured, read_capped};
use super::group::{self, GroupGuard, Sig};
use super::mark::{self, MARK_VAR, Marked, Needle};
use super::spawn::{Leader, Start};
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
    let program = match program(inv) {
        Ok(path) => path,
        Err(e) => return Outcome::not_started(e.to_string(), started.elapsed()),
    };
    let (start, ours) = match command(inv, &program, &mark) {
        Ok(built) => built,
        Err(e) => return Outcome::not_started(e.to_string(), started.elapsed()),
    };
    // The hook's ends of its stdio are closed here once it has them; only ours are left.
    let (mut child, registered) = match signals::spawn(start) {
        Ok(spawned) => spawned,
        Err(e) => return Outcome::not_started(e.to_string(), started.elapsed()),
    };
    let leader = child.id();
    // Declared before the guard, so dropped after it: the hook stays on the list of running
    // hooks (which a signal ends) until its group and mark are dealt with.
    let _registered = registered;
    let mut guard = GroupGuard::new(leader, mark.clone());
    let (writer, stdout, stderr): (_, Option<Output>, Option<Output>) = match ours {
        Ours::Sockets(stdin, stdout, stderr) => (
            start_socket(stdin, &inv.stdin),
            Some(Box::new(stdout)),
            Some(Box::new(stderr)),
        ),
        Ours::Pipes(stdin, stdout, stderr) => (
            start_pipe(stdin, &inv.stdin),
            Some(Box::new(stdout)),
            Some(Box::new(stderr)),
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

/// Our ends of a hook's stdin, stdout and stderr.
enum Ours {
    /// Pipes, as most agents give a hook. stdin is the runtime's only if the input does not
    /// fit in the pipe at once (see [`start_pipe`]).
    Pipes(OwnedFd, pipe::Receiver, pipe::Receiver),
    /// Unix socket pairs, as Node's `child_process` gives one; stdin as for pipes.
    Sockets(std::os::unix::net::UnixStream, UnixStream, UnixStream),
}

/// The file to execute: the program's path, or where `execvp` would find a bare name on the
/// hook's own PATH ([`on_path`]); a name found nowhere cannot be started.
fn program(inv: &Invocation) -> std::io::Result<PathBuf> {
    if inv.program.contains('/') {
        return Ok(PathBuf::from(&inv.program));
    }
    on_path(&inv.program, &inv.env, &inv.cwd)
        .ok_or_else(|| std::io::Error::from_raw_os_error(nix::libc::ENOENT))
}

/// Builds the start: exactly the given environment plus the mark (a variable given twice
/// keeps its last value; sorted by name, as the standard library's `Command` passed it),
/// the program's name as `argv[0]`, piped stdio (socket pairs when the agent gives them), a
/// new process group, or a new session when the agent makes one (its group too).
fn command<'a>(
    inv: &'a Invocation,
    program: &'a std::path::Path,
    mark: &str,
) -> std::io::Result<(Start<'a>, Ours)> {
    let mut env: std::collections::BTreeMap<&str, &str> = inv
        .env
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    // It replaces a mark inherited from a hookcheck this one runs under.
    env.insert(MARK_VAR, mark);
    let env = env
        .into_iter()
        .map(|(k, v)| [k.as_bytes(), b"=", v.as_bytes()].concat())
        .collect();
    let argv = std::iter::once(&inv.program)
        .chain(&inv.args)
        .map(std::ffi::OsStr::new)
        .collect();
    let (stdio, ours) = if inv.stdio_socket {
        let [stdin, stdout, stderr] = [socket_pair()?, socket_pair()?, socket_pair()?];
        (
            [stdin.1, stdout.1, stderr.1],
            Ours::Sockets(
                stdin.0,
                UnixStream::from_std(stdout.0)?,
                UnixStream::from_std(stderr.0)?,
            ),
        )
    } else {
        let (stdin_r, stdin_w) = pipe_ends()?;
        let (stdout_r, stdout_w) = pipe_ends()?;
        let (stderr_r, stderr_w) = pipe_ends()?;
        (
            [stdin_r, stdout_w, stderr_w],
            Ours::Pipes(
                nonblocking(stdin_w)?,
                pipe::Receiver::from_owned_fd_unchecked(nonblocking(stdout_r)?)?,
                pipe::Receiver::from_owned_fd_unchecked(nonblocking(stderr_r)?)?,
            ),
        )
    };
    let start = Start {
        path: program,
        argv,
        env,
        cwd: &inv.cwd,
        stdio,
        new_session: inv.new_session,
    };
    Ok((start, ours))
}

/// A pipe's read and write ends, neither inherited by any process hookcheck starts later.
fn pipe_ends() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let (read, write) = std::io::pipe()?;
    Ok((read.into(), write.into()))
}

/// `fd` made non-blocking (ours only: the hook's end of a pipe stays blocking).
fn nonblocking(fd: OwnedFd) -> std::io::Result<OwnedFd> {
    set_status_flags(&fd, nix::libc::O_NONBLOCK)?;
    Ok(fd)
}

/// Sets the status flags of `fd` (`fcntl F_SETFL`): `O_NONBLOCK`, or 0 to block again.
fn set_status_flags(fd: &OwnedFd, flags: nix::libc::c_int) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    // SAFETY: fcntl F_SETFL on a descriptor we own changes only its status flags.
    if unsafe { nix::libc::fcntl(fd.as_raw_fd(), nix::libc::F_SETFL, flags) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// A Unix socket pair: our end (non-blocking) and the hook's.
fn socket_pair() -> std::io::Result<(std::os::unix::net::UnixStream, OwnedFd)> {
    let (mine, theirs) = std::os::unix::net::UnixStream::pair()?;
    mine.set_nonblocking(true)?;
    Ok((mine, OwnedFd::from(theirs)))
}

/// Where `execvp` would find `program` (a name with no `/`) on the PATH of `env` (or, with
/// none, the C library's default `/bin:/usr/bin`; an empty entry is `cwd`): the first
/// executable file there. None for a path, or a name found nowhere (the start then fails as
/// `execvp` would: not found). The hook is started with the path found and the name as
/// `argv[0]`, as `execvp` starts it.
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
/// tokio only once its reactor has run.) The pipe is registered with the runtime only then.
fn start_pipe(stdin: OwnedFd, payload: &Arc<Vec<u8>>) -> Option<tokio::task::JoinHandle<()>> {
    let (done, more) = write_now(&stdin, payload);
    if !(more && done < payload.len()) {
        return None;
    }
    let payload = Arc::clone(payload);
    Some(
        match pipe::Sender::from_owned_fd_unchecked(stdin.try_clone().ok()?) {
            Ok(sender) => tokio::spawn(write_payload(sender, payload, done)),
            // The runtime would not take it: the rest is written by a blocking thread.
            Err(_) => tokio::task::spawn_blocking(move || write_blocking(stdin, &payload[done..])),
        },
    )
}

/// Writes `rest` to `fd`, waiting as long as it takes, then closes it.
fn write_blocking(fd: OwnedFd, rest: &[u8]) {
    use std::io::Write;
    if set_status_flags(&fd, 0).is_ok() {
        let _ = std::fs::File::from(fd).write_all(rest);
    }
}

/// [`start_pipe`] on our end of a socket pair: written in full, its writing side is shut at
/// once.
fn start_socket(
    ours: std::os::unix::net::UnixStream,
    payload: &Arc<Vec<u8>>,
) -> Option<tokio::task::JoinHandle<()>> {
    let (done, more) = write_now(&ours, payload);
    if more && done < payload.len() {
        let payload = Arc::clone(payload);
        return Some(match ours.try_clone().and_then(UnixStream::from_std) {
            Ok(async_end) => tokio::spawn(write_socket(async_end, payload, done)),
            Err(_) => tokio::task::spawn_blocking(move || {
                write_blocking(OwnedFd::from(ours), &payload[done..]);
            }),
        });
    }
    let _ = ours.shutdown(std::net::Shutdown::Write);
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
async fn write_payload(mut stdin: pipe::Sender, payload: Arc<Vec<u8>>, from: usize) {
    let _ = stdin.write_all(&payload[from..]).await;
    let _ = stdin.shutdown().await;
}

/// Waits for the leader up to `timeout`; past it, TERM the group (and CONT it, so a stopped
/// hook can act on the TERM), wait `grace`, KILL, reap.
async fn wait_leader(
    child: &mut Leader,
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
fn signal(child: &mut Leader, pgid: Option<u32>, sig: Sig) {
    if !pgid.is_some_and(|pgid| group::send(pgid, sig)) {
        child.start_kill();
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
