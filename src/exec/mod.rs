//! Running hook processes: process groups, timeouts, bounded capture. Knows no agent.
//!
//! [`run`] runs one [`Invocation`] and reports an [`Outcome`]; [`run_all`] runs many at once.

mod capture;
mod group;
pub mod mark;
pub mod orphans;
mod run;
pub mod scratch;
mod signals;
mod spawn;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use capture::Captured;
pub use run::run;
pub use signals::{defer as defer_interrupts, interrupted};

/// One process to run: the fully resolved argv, environment and stdin of one hook handler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invocation {
    /// The program, e.g. `bash` (looked up on the `PATH` in `env`) or a path.
    pub program: String,
    /// Its arguments, e.g. `["-c", "the command"]`.
    pub args: Vec<String>,
    /// The complete environment: the process gets these variables and no others.
    pub env: Vec<(String, String)>,
    /// The working directory.
    pub cwd: PathBuf,
    /// Bytes written to stdin before it is closed; shared, not copied, by the invocations
    /// that send the same payload.
    pub stdin: Arc<Vec<u8>>,
    /// How long the process may run before it is stopped.
    pub timeout: Duration,
    /// Its output is read to the end, under the timeout, as agents that wait for the pipes to
    /// close do: a child the process leaves holding stdout or stderr keeps it running, and
    /// if they are still open at the timeout the process timed out, whatever it exited with.
    /// Otherwise output is read until the process exits (and `drain` after).
    pub until_eof: bool,
    /// stdin, stdout and stderr are each one end of a Unix socket pair, not a pipe, as Node's
    /// `child_process` gives a hook (`[ -p /dev/stdin ]` fails there, `[ -S /dev/stdout ]`
    /// holds).
    pub stdio_socket: bool,
    /// The hook leads a new session (`setsid`), as Node's `detached: true` and Rust's
    /// `process_group` + `setsid` give it on some agents (`ps -o sid=` is the hook's own pid,
    /// and it has no controlling terminal: opening `/dev/tty` fails at once instead of
    /// stopping the hook in the background); otherwise it leads a new process group in
    /// hookcheck's session.
    pub new_session: bool,
}

/// Whether a shell started with `args` is a login shell (`bash -lc`, `--login`): the options
/// before its first word hold `--login` or a short `l`.
pub fn login_shell<S: AsRef<str>>(args: &[S]) -> bool {
    args.iter()
        .map(AsRef::as_ref)
        .take_while(|a| a.starts_with('-'))
        .any(|a| a == "--login" || (!a.starts_with("--") && a.contains('l')))
}

/// Knobs of the runner (Default: capture 4 MiB of stdout and 1 MiB of stderr, grace at most
/// 2 s, drain 1 s).
#[derive(Debug, Clone)]
pub struct Limits {
    /// Bytes of stdout kept (the reply is read from them); the rest is counted and discarded.
    pub stdout_bytes: usize,
    /// Bytes of stderr kept.
    pub stderr_bytes: usize,
    /// The longest time between SIGTERM and SIGKILL after a timeout: the grace is a quarter
    /// of the invocation's timeout, at least 100 ms, at most this.
    pub grace: Duration,
    /// Time to wait for output EOF after the hook exited and its group was killed.
    pub drain: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            // Agents read a reply whole: four of the eight run live block on a decision block
            // of 1.1 MB (campaign shell cells exit0_huge-*, recorded 2026-12-02, in
            // fixtures/live/campaign/observations/shell), so stdout is kept to 4 MiB; a reply past it
            // is reported as not counted. The buffers grow only as a hook writes; under a
            // flood the two caps, times the hooks running at once, bound the memory.
            stdout_bytes: 4 << 20,
            stderr_bytes: 1 << 20,
            grace: Duration::from_secs(2),
            drain: Duration::from_secs(1),
        }
    }
}

/// What happened when an Invocation ran.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The exit code; None after a timeout, a signal, or a failed start.
    pub exit_code: Option<i32>,
    /// The signal that ended the hook, when one did (not our timeout kill).
    pub signal: Option<i32>,
    /// What the hook wrote to stdout.
    pub stdout: Captured,
    /// What the hook wrote to stderr.
    pub stderr: Captured,
    /// The hook ran past its timeout and was killed.
    pub timed_out: bool,
    /// Why the process could not be started (missing program, missing cwd, not executable).
    pub start_error: Option<String>,
    /// Wall time from spawn to the end of output capture.
    pub elapsed: Duration,
    /// Processes the hook left were found and killed: still in its group after it exited by
    /// itself, or (after any ending, a timeout too) outside its group carrying its mark, or
    /// outside its group with its environment cleared, re-parented to hookcheck (Linux).
    /// Members of the group are not counted after a timeout, when the whole group is killed anyway.
    pub leftovers: bool,
    /// A descendant outside the group, without the hook's mark, held stdout/stderr open past
    /// `drain`; capture stopped there.
    pub pipes_held: bool,
    /// Read to the end ([`Invocation::until_eof`]): the hook exited, but a child it left kept
    /// stdout or stderr open until the timeout, which is why it timed out.
    pub held_open: bool,
}

impl Outcome {
    /// The same outcome with at most the first `n` bytes of each stream, or `None` when
    /// neither is longer.
    pub fn cut_to(&self, n: usize) -> Option<Outcome> {
        if self.stdout.bytes.len() <= n && self.stderr.bytes.len() <= n {
            return None;
        }
        Some(Outcome {
            exit_code: self.exit_code,
            signal: self.signal,
            stdout: self.stdout.prefix(n),
            stderr: self.stderr.prefix(n),
            timed_out: self.timed_out,
            start_error: self.start_error.clone(),
            elapsed: self.elapsed,
            leftovers: self.leftovers,
            pipes_held: self.pipes_held,
            held_open: self.held_open,
        })
    }

    /// The outcome of a process that never started.
    fn not_started(error: String, elapsed: Duration) -> Self {
        Self {
            exit_code: None,
            signal: None,
            stdout: Captured::default(),
            stderr: Captured::default(),
            timed_out: false,
            start_error: Some(error),
            elapsed,
            leftovers: false,
            pipes_held: false,
            held_open: false,
        }
    }
}

/// Gets ready to run hooks, without waiting: the signal handling [`run_all`] describes starts
/// on its own thread now, and the first run waits only for what is not yet in place.
pub fn prepare() {
    signals::start();
}

/// Runs all invocations concurrently, at most `jobs` at once (`0` means 1), on one tokio
/// runtime it builds; results in input order.
///
/// From the first call on, SIGINT, SIGTERM and SIGHUP end hookcheck: every running hook and
/// everything carrying a mark is killed first, and one line on stderr says so (exit 130, 143,
/// 129); this call then never returns.
pub fn run_all(invs: &[Invocation], jobs: usize, limits: &Limits) -> Vec<Outcome> {
    let mut outcomes: Vec<Option<Outcome>> = vec![None; invs.len()];
    run_all_with_progress(invs, jobs, limits, &mut |i, outcome| {
        if let Some(slot) = outcomes.get_mut(i) {
            *slot = Some(outcome);
        }
    });
    outcomes
        .into_iter()
        .map(|o| o.unwrap_or_else(|| Outcome::not_started(lost(), Duration::ZERO)))
        .collect()
}

/// [`run_all`], handing each outcome to `on_done(index, outcome)` as its invocation finishes
/// and keeping none: what a caller does not keep is freed at once. Every index is handed
/// over exactly once.
pub fn run_all_with_progress(
    invs: &[Invocation],
    jobs: usize,
    limits: &Limits,
    on_done: &mut dyn FnMut(usize, Outcome),
) {
    struct Slice<'a, 'b> {
        invs: std::slice::Iter<'a, Invocation>,
        on_done: &'b mut dyn FnMut(usize, Outcome),
    }
    impl Feed for Slice<'_, '_> {
        fn next(&mut self) -> Option<Invocation> {
            self.invs.next().cloned()
        }
        fn done(&mut self, i: usize, outcome: Outcome) {
            (self.on_done)(i, outcome)
        }
    }
    run_fed(
        &mut Slice {
            invs: invs.iter(),
            on_done,
        },
        jobs,
        limits,
    );
}

/// What a pool of hooks runs: invocations asked for one at a time as room frees up (so none
/// waits in memory before it can start), and their outcomes handed back.
pub trait Feed {
    /// The next invocation to start, or None for none now. Asked again after each outcome;
    /// the pool ends when it answers None with nothing running.
    fn next(&mut self) -> Option<Invocation>;
    /// The outcome of the `i`-th invocation [`Feed::next`] gave (counting from 0), as it
    /// finishes. Every one is handed back exactly once.
    fn done(&mut self, i: usize, outcome: Outcome);
}

/// Runs what `feed` gives, at most `jobs` at once (`0` means 1), on one tokio runtime it
/// builds; signals as in [`run_all`]. Only running invocations are held here: each task owns
/// its invocation and drops it when the hook is done.
pub fn run_fed(feed: &mut dyn Feed, jobs: usize, limits: &Limits) {
    signals::install();
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            let error = format!("could not start the async runtime: {e}");
            let mut i = 0;
            while feed.next().is_some() {
                feed.done(i, Outcome::not_started(error.clone(), Duration::ZERO));
                i += 1;
            }
            return;
        }
    };
    runtime.block_on(async {
        let jobs = jobs.max(1);
        let mut set = tokio::task::JoinSet::new();
        // The running tasks' ids and indices (at most `jobs`).
        let mut running: Vec<(tokio::task::Id, usize)> = Vec::new();
        let mut given = 0;
        loop {
            while set.len() < jobs && !signals::stopping() {
                let Some(inv) = feed.next() else {
                    break;
                };
                let (i, limits) = (given, limits.clone());
                given += 1;
                let task = set.spawn(async move { run(&inv, &limits).await });
                running.push((task.id(), i));
                // Let it start its process now, before the feed plans the next: a check's
                // first hooks run while the rest of it is planned.
                tokio::task::yield_now().await;
            }
            let Some(joined) = set.join_next_with_id().await else {
                break;
            };
            let (id, outcome) = match joined {
                Ok((id, outcome)) => (id, outcome),
                Err(e) => (e.id(), Outcome::not_started(lost(), Duration::ZERO)),
            };
            let Some(at) = running.iter().position(|(t, _)| *t == id) else {
                continue;
            };
            let (_, i) = running.swap_remove(at);
            // Interrupted: the signal thread is ending the process; nothing is reported.
            if !signals::stopping() {
                feed.done(i, outcome);
            }
        }
        // The signal thread is ending the process, unless the caller reports what finished.
        while signals::stopping() && !signals::deferred() {
            std::thread::park();
        }
        if signals::stopping() {
            signals::wait_ended();
        }
    })
}

/// Why an outcome is missing (a task that panicked, which cannot happen).
fn lost() -> String {
    "internal error: a hook task failed".into()
}
