//! SIGINT, SIGTERM, SIGHUP (and every other signal that would end hookcheck and can be
//! caught, [`CAUGHT`]) while hooks run: every running hook's group and every process
//! carrying one of this hookcheck's marks is killed, the hooks are reaped, one line on stderr
//! says what was interrupted, and hookcheck exits 130, 143 or 129.
//!
//! Each hook has its own process group, so the terminal's SIGINT never reaches it: without
//! this, Ctrl-C or a cancelled CI job would leave every running hook alive. The signals are
//! taken by a thread of their own, from the first [`install`] to the end of the process, so a
//! signal between two batches of hooks is not lost either. Hooks are started through
//! [`spawn`], which refuses once hookcheck is stopping, so none starts behind the handler.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, Once, OnceLock};

use super::group::{self, Sig};
use super::mark::{self, Needle};
use super::spawn::{self, Leader, Start};

/// The hooks running now, by leader pid; `stopping` once a signal came.
#[derive(Debug, Default)]
struct Running {
    leaders: Vec<u32>,
    stopping: bool,
}

static RUNNING: Mutex<Running> = Mutex::new(Running {
    leaders: Vec::new(),
    stopping: false,
});

fn running() -> MutexGuard<'static, Running> {
    // A panic elsewhere while holding the lock leaves the list itself intact.
    RUNNING.lock().unwrap_or_else(|e| e.into_inner())
}

/// A running hook in the list; dropping it takes the hook off.
#[derive(Debug)]
pub(crate) struct Registered {
    leader: Option<u32>,
}

impl Drop for Registered {
    fn drop(&mut self) {
        if let Some(pid) = self.leader {
            let mut r = running();
            if let Some(i) = r.leaders.iter().position(|p| *p == pid) {
                r.leaders.swap_remove(i);
            }
        }
    }
}

/// Starts `cmd` and puts it on the list of running hooks, unless hookcheck is stopping.
pub(crate) fn spawn(start: Start) -> std::io::Result<(Leader, Registered)> {
    // Held across the spawn, so the handler sees every hook that started before it stopped.
    let mut r = running();
    if r.stopping {
        return Err(std::io::Error::other("hookcheck is being interrupted"));
    }
    let child = spawn::spawn(start)?;
    let leader = child.id();
    if let Some(pid) = leader {
        r.leaders.push(pid);
    }
    Ok((child, Registered { leader }))
}

/// hookcheck's strays now ([`super::orphans::strays`]), read under the list's lock: a hook
/// being spawned by another thread is a child of hookcheck before [`spawn`] returns and puts it
/// on the list, and before its `exec` it shows hookcheck's environment, with no mark. Read
/// without the lock, such a hook looked like a process another hook had left behind with its
/// environment cleared, and was ended (seen once under load in CI).
pub(crate) fn strays() -> Vec<super::orphans::Stray> {
    let r = running();
    super::orphans::strays(&r.leaders)
}

/// True once a signal came and hookcheck is stopping.
pub(crate) fn stopping() -> bool {
    running().stopping
}

/// Starts taking SIGINT, SIGTERM and SIGHUP (once per process; later calls return at once),
/// without waiting for the handlers to be in place: [`install`] waits. A caller that has
/// other work first (planning a check) starts the handler's thread before it, so the thread
/// and its runtime come up beside that work instead of before the first hook.
pub(crate) fn start() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        super::orphans::become_subreaper();
        super::orphans::hide_descriptors();
        let (ready, listening) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("hookcheck-signals".into())
            .spawn(move || listen(ready));
        // If the thread could not start, the signals keep their default action.
        if spawned.is_ok() {
            *waiting() = Some(listening);
        }
    });
}

/// The handler thread's word that its handlers are in place, until [`install`] has it.
fn waiting() -> MutexGuard<'static, Option<std::sync::mpsc::Receiver<()>>> {
    static WAITING: Mutex<Option<std::sync::mpsc::Receiver<()>>> = Mutex::new(None);
    WAITING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Takes SIGINT, SIGTERM and SIGHUP from now on: [`start`]s, then waits until the handlers
/// are in place, so no signal falls between them and the first hook.
pub(crate) fn install() {
    start();
    if let Some(listening) = waiting().take() {
        let _ = listening.recv();
    }
}

/// The signal handler's thread: waits for the first of the three signals, then [`stop`]s.
#[cfg(unix)]
fn listen(ready: std::sync::mpsc::Sender<()>) {
    use nix::sys::signal::{SigSet, Signal};
    use tokio::signal::unix::{SignalKind, signal};
    // SIGCHLD keeps its default action (ignored), but posix_spawn blocks every signal in the
    // thread that starts a hook for as long as it takes: a hook ending then has its SIGCHLD
    // queued, and the kernel wakes a thread that does not block it, this one, for nothing
    // (about half the hooks of a `run`, each a context switch on the other core). Blocked
    // here, it waits for the spawning thread, which drops it as it unblocks.
    let _ = SigSet::from(Signal::SIGCHLD).thread_block();
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
    else {
        let _ = ready.send(());
        return;
    };
    runtime.block_on(async {
        let (first, mut came) = tokio::sync::mpsc::channel::<(&'static str, i32)>(1);
        for &(number, name) in CAUGHT {
            let Ok(mut stream) = signal(SignalKind::from_raw(number)) else {
                continue;
            };
            let first = first.clone();
            tokio::spawn(async move {
                if stream.recv().await.is_some() {
                    let _ = first.send((name, 128 + number)).await;
                }
            });
        }
        let _ = ready.send(());
        if let Some((name, code)) = came.recv().await {
            if DEFER.load(Ordering::SeqCst) {
                // The caller reports what finished; a second signal ends at once.
                end_hooks(name, code);
                if let Some((name, code)) = came.recv().await {
                    stop(name, code);
                }
            } else {
                stop(name, code);
            }
        }
    });
}

/// Set when the caller reports what finished before a signal ([`defer`]).
static DEFER: AtomicBool = AtomicBool::new(false);

/// The signal that came while deferred, and the exit status it asks for.
static INTERRUPTED: OnceLock<(&'static str, i32)> = OnceLock::new();

/// From now on the first signal ends the running hooks but not the process: the caller
/// (`hookcheck test`) reports the cases that finished (JSON, JUnit, the step summary), then
/// exits with [`interrupted`]'s status. A second signal ends the process at once.
pub fn defer() {
    DEFER.store(true, Ordering::SeqCst);
}

/// Whether the process waits for its caller after a signal.
pub(crate) fn deferred() -> bool {
    DEFER.load(Ordering::SeqCst)
}

/// The signal that interrupted a deferred run, with the exit status it asks for, and the
/// line to print on the way out.
pub fn interrupted() -> Option<(&'static str, i32)> {
    INTERRUPTED.get().copied()
}

/// Kills the running hooks as [`stop`] does, and records the signal instead of exiting.
fn end_hooks(name: &'static str, code: i32) {
    // Recorded first: the caller reads it as soon as the killed hooks return.
    let _ = INTERRUPTED.set((name, code));
    end_running();
    ENDED.store(true, Ordering::SeqCst);
}

/// Marks hookcheck as stopping (no hook starts after), kills every running hook's group and
/// every marked process, and reaps the hooks; returns how many were running.
fn end_running() -> usize {
    let leaders = {
        let mut r = running();
        r.stopping = true;
        r.leaders.clone()
    };
    for &pid in &leaders {
        group::send(pid, Sig::Kill);
    }
    mark::end(Needle::Prefix(&mark::own_prefix()));
    for &pid in &leaders {
        reap(pid);
    }
    leaders.len()
}

/// Set once [`end_hooks`] has ended every hook and marked process.
static ENDED: AtomicBool = AtomicBool::new(false);

/// After a deferred signal, waits (bounded) until every hook and marked process is ended,
/// so the caller reports and exits with nothing of its hooks still running.
pub(crate) fn wait_ended() {
    for _ in 0..1000 {
        if ENDED.load(Ordering::SeqCst) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Every signal whose default action ends hookcheck and that a process can catch: each ends
/// the hooks first (a SIGQUIT or SIGUSR1 once left every running hook alive with no timeout).
/// SIGKILL and SIGSTOP cannot be caught; the child subreaper ([`super::orphans`]) is what is
/// left for a SIGKILL.
#[cfg(unix)]
const CAUGHT: &[(i32, &str)] = &[
    (nix::libc::SIGINT, "SIGINT"),
    (nix::libc::SIGTERM, "SIGTERM"),
    (nix::libc::SIGHUP, "SIGHUP"),
    (nix::libc::SIGQUIT, "SIGQUIT"),
    (nix::libc::SIGUSR1, "SIGUSR1"),
    (nix::libc::SIGUSR2, "SIGUSR2"),
    (nix::libc::SIGALRM, "SIGALRM"),
    (nix::libc::SIGXCPU, "SIGXCPU"),
    (nix::libc::SIGXFSZ, "SIGXFSZ"),
    (nix::libc::SIGVTALRM, "SIGVTALRM"),
    (nix::libc::SIGPROF, "SIGPROF"),
];

/// No Unix signals to take.
#[cfg(not(unix))]
fn listen(ready: std::sync::mpsc::Sender<()>) {
    let _ = ready.send(());
}

/// Kills every running hook's group and every marked process, reaps the hooks, says so on
/// stderr and exits with `code`.
fn stop(name: &str, code: i32) -> ! {
    let hooks = end_running();
    crate::matcher::js_worker::stop();
    super::orphans::end();
    super::scratch::remove_all();
    let _ = writeln!(std::io::stderr(), "{}", interrupted_line(name, hooks));
    std::process::exit(code)
}

/// The line printed on the way out.
fn interrupted_line(name: &str, hooks: usize) -> String {
    match hooks {
        0 => format!("hookcheck: interrupted ({name}): no hook was running"),
        1 => format!("hookcheck: interrupted ({name}): stopped 1 running hook"),
        n => format!("hookcheck: interrupted ({name}): stopped {n} running hooks"),
    }
}

/// Waits (bounded) for a killed hook leader, hookcheck's own child, to be reaped; the runtime
/// may have reaped it already.
#[cfg(unix)]
fn reap(pid: u32) {
    use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
    use nix::unistd::Pid;
    let Ok(raw) = i32::try_from(pid) else { return };
    for _ in 0..200 {
        match waitpid(Pid::from_raw(raw), Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) => std::thread::sleep(std::time::Duration::from_millis(10)),
            _ => return,
        }
    }
}

#[cfg(not(unix))]
fn reap(_pid: u32) {}

#[cfg(test)]
mod tests {
    use super::interrupted_line;

    #[test]
    fn the_line_says_what_was_interrupted() {
        let table = [
            (
                "SIGINT",
                0,
                "hookcheck: interrupted (SIGINT): no hook was running",
            ),
            (
                "SIGTERM",
                1,
                "hookcheck: interrupted (SIGTERM): stopped 1 running hook",
            ),
            (
                "SIGHUP",
                3,
                "hookcheck: interrupted (SIGHUP): stopped 3 running hooks",
            ),
        ];
        for (name, n, want) in table {
            assert_eq!(interrupted_line(name, n), want);
        }
    }
}
