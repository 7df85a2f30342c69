//! Running one invocation: new process group, stdin fed by its own task, both outputs
//! captured concurrently, timeout with TERM → grace → KILL, leftovers killed
//! (algorithm: crates.md §5.2).

use std::process::{ExitStatus, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt;
use tokio::process::{Child, ChildStdin, Command};

use super::capture::{Captured, read_capped};
use super::group::{self, GroupGuard, Sig};
use super::{Invocation, Limits, Outcome};

/// How the wait for the leader ended.
enum Ended {
    /// The leader exited by itself (or the wait itself failed).
    Exited(std::io::Result<ExitStatus>),
    /// The timeout fired and the leader was killed and reaped.
    TimedOut,
}

/// Runs one invocation to completion; never panics on what the invocation contains.
pub async fn run(inv: &Invocation, limits: &Limits) -> Outcome {
    let started = Instant::now();
    let mut child = match command(inv).spawn() {
        Ok(child) => child,
        Err(e) => return Outcome::not_started(e.to_string(), started.elapsed()),
    };
    let mut guard = GroupGuard::new(child.id());
    let writer = child
        .stdin
        .take()
        .map(|stdin| tokio::spawn(write_payload(stdin, Arc::clone(&inv.stdin))));

    let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
    let (mut out, mut err) = (Captured::default(), Captured::default());
    let cap = limits.capture_bytes;
    let (ended, leftovers, pipes_held) = {
        // Both streams are read at once, never one after the other (crates.md §5.2 step 3).
        let readers = async {
            tokio::join!(
                async {
                    if let Some(s) = stdout {
                        read_capped(s, &mut out, cap).await;
                    }
                },
                async {
                    if let Some(s) = stderr {
                        read_capped(s, &mut err, cap).await;
                    }
                },
            )
        };
        tokio::pin!(readers);
        let mut readers_done = false;
        let ended = {
            let wait = wait_leader(&mut child, guard.pgid(), inv.timeout, limits.grace);
            tokio::pin!(wait);
            loop {
                tokio::select! {
                    ended = &mut wait => break ended,
                    _ = &mut readers, if !readers_done => readers_done = true,
                }
            }
        };
        // The leader is reaped: kill whatever it left in its group (crates.md §5.2 step 4).
        let anyone_left = guard
            .pgid()
            .is_some_and(|pgid| group::send(pgid, Sig::Kill));
        guard.disarm();
        // After a timeout the group was just signalled, so its dying members still answer.
        let leftovers = matches!(ended, Ended::Exited(_)) && anyone_left;
        // A process that escaped the group may still hold a pipe: wait at most `drain` for EOF.
        let pipes_held = !readers_done
            && tokio::time::timeout(limits.drain, &mut readers)
                .await
                .is_err();
        (ended, leftovers, pipes_held)
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

/// Builds the command: exactly the given environment, piped stdio, a new process group.
fn command(inv: &Invocation) -> Command {
    let mut cmd = Command::new(&inv.program);
    cmd.args(&inv.args)
        .env_clear()
        .envs(inv.env.iter().map(|(k, v)| (k, v)))
        .current_dir(&inv.cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    #[cfg(unix)]
    cmd.process_group(0);
    cmd
}

/// Writes the payload, then closes stdin. Every error is ignored: a hook that never reads
/// stdin, or closes it early, is normal (EPIPE).
async fn write_payload(mut stdin: ChildStdin, payload: Arc<[u8]>) {
    let _ = stdin.write_all(&payload).await;
    let _ = stdin.shutdown().await;
}

/// Waits for the leader up to `timeout`; past it, TERM the group, wait `grace`, KILL, reap.
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
