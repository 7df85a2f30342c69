//! hookcheck as the child subreaper (Linux `PR_SET_CHILD_SUBREAPER`): a hook's descendant
//! that double-forks or calls `setsid` and clears its environment (so it carries no mark)
//! is re-parented to hookcheck instead of init, and is found and ended when hookcheck
//! leaves, on every exit path (the end of a run, a caught signal). Elsewhere nothing is
//! found and the process group kill and the marks are all.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set once hookcheck is the subreaper: before, it has started nothing to look for.
static SUBREAPER: AtomicBool = AtomicBool::new(false);

/// Makes this process the subreaper of everything it starts from now on (once is enough).
pub(crate) fn become_subreaper() {
    SUBREAPER.store(true, Ordering::Relaxed);
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER only sets a flag of this process; a refusal
    // (it returns -1) leaves the default, re-parenting to init, in place.
    unsafe {
        nix::libc::prctl(nix::libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Makes this process's descriptors unreachable from the hooks it starts (Linux
/// `PR_SET_DUMPABLE` 0): `/proc/<hookcheck's pid>/fd/1` then needs ptrace rights over
/// hookcheck, which a process of the same user no longer has, so a hook cannot write around
/// the neutralising to hookcheck's stdout, and so to a terminal or CI log. The hooks
/// themselves are dumpable again (the kernel resets the flag on their `execve`), and
/// `/proc/<pid>/cmdline`, `stat` and `comm`, which hooks read to find their agent, stay
/// readable.
pub(crate) fn hide_descriptors() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_DUMPABLE only sets a flag of this process; a refusal leaves
    // the process dumpable, as before.
    unsafe {
        nix::libc::prctl(nix::libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
    }
}

/// Kills and reaps every child of this process that is still there (called when no hook is
/// running any more, so every one is something a hook left behind); returns how many.
pub fn end() -> usize {
    if !SUBREAPER.load(Ordering::Relaxed) {
        return 0;
    }
    let mut ended = 0;
    // A killed orphan may have children of its own, re-parented to us as it dies.
    for _ in 0..20 {
        let children = children();
        if children.is_empty() {
            break;
        }
        for &pid in &children {
            kill(pid);
        }
        ended += children.len();
        for _ in 0..100 {
            reap_ended();
            if children.iter().all(|&pid| !alive_child(pid)) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
    ended
}

#[cfg(unix)]
fn kill(pid: i32) {
    use nix::sys::signal::{Signal, kill};
    let _ = kill(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
}

#[cfg(not(unix))]
fn kill(_pid: i32) {}

fn alive_child(pid: i32) -> bool {
    children().contains(&pid)
}

/// The live children of this process, by /proc.
#[cfg(target_os = "linux")]
fn children() -> Vec<i32> {
    let me = std::process::id().to_string();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                return false;
            };
            // `pid (comm) state ppid ...`: a zombie is only waiting to be reaped.
            let Some((_, rest)) = stat.rsplit_once(')') else {
                return false;
            };
            let mut fields = rest.split_whitespace();
            let state = fields.next().unwrap_or("X");
            state != "Z" && state != "X" && fields.next() == Some(me.as_str())
        })
        .collect()
}

#[cfg(not(target_os = "linux"))]
fn children() -> Vec<i32> {
    Vec::new()
}

/// Reaps every child that has ended, without waiting for one that has not.
#[cfg(unix)]
fn reap_ended() {
    use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
    while let Ok(status) = waitpid(None, Some(WaitPidFlag::WNOHANG)) {
        if status == WaitStatus::StillAlive {
            return;
        }
    }
}

#[cfg(not(unix))]
fn reap_ended() {}
