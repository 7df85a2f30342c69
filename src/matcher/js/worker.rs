//! The JavaScript match worker: a second hookcheck process that runs the matches that could
//! backtrack for ever, so that one past its budget is stopped by ending that process.
//!
//! regress has no step budget and a thread cannot be stopped from outside, so a match that
//! may be catastrophic (see [`super::bounded`]) runs in a child process started from
//! hookcheck's own executable with [`WORKER_ARG`] (the binary calls [`serve`] for it). The
//! child reads requests on stdin and answers each with one byte on stdout; a match that
//! does not answer within its budget gets the child killed (SIGKILL) and reaped, and the
//! next match starts a new one. One child serves a whole run, so a run pays one process
//! start, and only when a matcher needs it.
//!
//! A request: the pattern and the haystack, each a little-endian `u32` length and that many
//! bytes of UTF-8. An answer: [`YES`], [`NO`] or [`SYNTAX`] (the pattern does not compile,
//! which the parent has already ruled out).

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

/// The first argument that makes the hookcheck binary a match worker ([`serve`]).
pub const WORKER_ARG: &str = "__hookcheck-js-match-worker";

const YES: u8 = b'1';
const NO: u8 = b'0';
const SYNTAX: u8 = b'!';

/// How many compiled patterns a worker keeps (it forgets them all when full).
const COMPILED_KEPT: usize = 256;

/// Where the worker runs from, once the binary has said it can serve ([`enable`]).
static EXE: OnceLock<std::path::PathBuf> = OnceLock::new();

/// The running worker, if one was started and has not been stopped.
static WORKER: Mutex<Option<Worker>> = Mutex::new(None);

/// A started worker and its two pipes.
struct Worker {
    child: Child,
    input: ChildStdin,
    output: ChildStdout,
}

/// Says that this process's executable serves [`WORKER_ARG`]: from now on a match that may
/// be catastrophic runs in a worker. Without it (a library's tests, say), such a match runs
/// on a thread that cannot be stopped ([`super::JsRegex::is_match_within`]).
pub fn enable() {
    #[cfg(target_os = "linux")]
    // The running image itself, even if its file was replaced or removed since it started.
    let exe = Some(std::path::PathBuf::from("/proc/self/exe"));
    #[cfg(not(target_os = "linux"))]
    let exe = std::env::current_exe().ok();
    if let Some(exe) = exe {
        let _ = EXE.set(exe);
    }
}

/// What became of a match sent to the worker.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// The worker answered.
    Answered(bool),
    /// No answer within the budget: the worker was killed.
    TimedOut,
    /// No worker could be started or it failed (not a timeout); the caller matches another
    /// way.
    Unavailable,
}

/// Matches `pattern` against `haystack` in the worker, waiting at most `limit`.
pub(super) fn is_match(pattern: &str, haystack: &str, limit: Duration) -> Outcome {
    let Some(exe) = EXE.get() else {
        return Outcome::Unavailable;
    };
    let mut slot = lock();
    // A worker that died since its last answer (a signal, say) is started again, once.
    for _ in 0..2 {
        if slot.is_none() {
            *slot = start(exe);
        }
        let Some(worker) = slot.as_mut() else {
            return Outcome::Unavailable;
        };
        match worker.ask(pattern, haystack, limit) {
            Ok(Some(answer)) => return Outcome::Answered(answer),
            Ok(None) => {
                stop_in(&mut slot);
                return Outcome::TimedOut;
            }
            Err(_) => stop_in(&mut slot),
        }
    }
    Outcome::Unavailable
}

/// Ends the worker, if one runs (before hookcheck ends the processes its hooks left behind,
/// which would otherwise count it as one of them).
pub fn stop() {
    stop_in(&mut lock());
}

fn lock() -> MutexGuard<'static, Option<Worker>> {
    WORKER.lock().unwrap_or_else(|e| e.into_inner())
}

fn stop_in(slot: &mut Option<Worker>) {
    if let Some(mut worker) = slot.take() {
        // Killed, not asked: it may be in the middle of a match that never ends.
        let _ = worker.child.kill();
        let _ = worker.child.wait();
    }
}

fn start(exe: &std::path::Path) -> Option<Worker> {
    let mut child = Command::new(exe)
        .arg(WORKER_ARG)
        // It needs nothing of the environment, and no hook's variable must reach it.
        .env_clear()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let input = child.stdin.take()?;
    let output = child.stdout.take()?;
    Some(Worker {
        child,
        input,
        output,
    })
}

impl Worker {
    /// Sends one request and waits for its answer: `Ok(None)` when `limit` passed first.
    fn ask(
        &mut self,
        pattern: &str,
        haystack: &str,
        limit: Duration,
    ) -> std::io::Result<Option<bool>> {
        let mut request = Vec::with_capacity(8 + pattern.len() + haystack.len());
        for part in [pattern, haystack] {
            let len = u32::try_from(part.len()).map_err(std::io::Error::other)?;
            request.extend_from_slice(&len.to_le_bytes());
            request.extend_from_slice(part.as_bytes());
        }
        self.input.write_all(&request)?;
        self.input.flush()?;
        if !readable_within(&self.output, limit)? {
            return Ok(None);
        }
        let mut answer = [0u8; 1];
        self.output.read_exact(&mut answer)?;
        match answer[0] {
            YES => Ok(Some(true)),
            NO => Ok(Some(false)),
            _ => Err(std::io::Error::other(
                "the worker could not compile the pattern",
            )),
        }
    }
}

/// Waits until `output` has something to read (or is closed), at most `limit`.
fn readable_within(output: &ChildStdout, limit: Duration) -> std::io::Result<bool> {
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    use std::os::fd::AsFd;
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let ms = PollTimeout::try_from(left.as_millis().min(60_000) as i32 + 1)
            .unwrap_or(PollTimeout::MAX);
        let mut fds = [PollFd::new(output.as_fd(), PollFlags::POLLIN)];
        match poll(&mut fds, ms) {
            Ok(0) if Instant::now() >= deadline => return Ok(false),
            Ok(0) => continue,
            Ok(_) => return Ok(true),
            Err(nix::errno::Errno::EINTR) => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

/// The worker's main loop (the binary calls it for [`WORKER_ARG`]): answers requests on
/// stdin until it closes; returns the exit status.
pub fn serve() -> i32 {
    die_with_parent();
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let (mut input, mut output) = (stdin.lock(), stdout.lock());
    let mut compiled: std::collections::HashMap<String, Option<super::JsRegex>> =
        std::collections::HashMap::new();
    loop {
        let (Some(pattern), Some(haystack)) = (read_part(&mut input), read_part(&mut input)) else {
            return 0;
        };
        if compiled.len() >= COMPILED_KEPT {
            compiled.clear();
        }
        let re = compiled
            .entry(pattern)
            .or_insert_with_key(|p| super::JsRegex::compile(p).ok());
        let answer = match re {
            Some(re) => {
                if re.find_in(&haystack) {
                    YES
                } else {
                    NO
                }
            }
            None => SYNTAX,
        };
        if output
            .write_all(&[answer])
            .and_then(|()| output.flush())
            .is_err()
        {
            return 0;
        }
    }
}

/// One length-prefixed UTF-8 string of a request; `None` at the end of stdin.
fn read_part(input: &mut impl Read) -> Option<String> {
    let mut len = [0u8; 4];
    input.read_exact(&mut len).ok()?;
    let mut bytes = vec![0u8; u32::from_le_bytes(len) as usize];
    input.read_exact(&mut bytes).ok()?;
    String::from_utf8(bytes).ok()
}

/// A worker whose parent is gone (killed with SIGKILL in the middle of a match, say) ends
/// too, rather than backtracking on, re-parented: a thread watches the parent. (Not
/// `PR_SET_PDEATHSIG`: it fires when the parent *thread* that started the worker ends, and
/// hookcheck starts it from whichever thread first needs it.)
fn die_with_parent() {
    #[cfg(unix)]
    {
        let parent = nix::unistd::getppid();
        let _ = std::thread::Builder::new()
            .name("parent-watch".into())
            .spawn(move || {
                loop {
                    if nix::unistd::getppid() != parent {
                        std::process::exit(0);
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
            });
    }
}
