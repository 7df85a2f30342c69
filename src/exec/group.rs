//! Signals to a hook's whole process group, and a guard that kills the group if a run is abandoned.

/// A signal `send` can deliver to a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sig {
    /// Polite stop: the first step after a timeout.
    Term,
    /// Forced stop: after the grace period, and to clear leftovers after the hook exits.
    Kill,
}

/// Sends `sig` to every process in group `pgid`; true if at least one process received it.
///
/// Zombies count as receivers (crates.md §5.1), so "true" right after a kill does not
/// prove anything is still running.
#[cfg(unix)]
pub(crate) fn send(pgid: u32, sig: Sig) -> bool {
    use nix::sys::signal::{Signal, killpg};
    use nix::unistd::Pid;
    let Ok(raw) = i32::try_from(pgid) else {
        return false;
    };
    if raw <= 1 {
        // Never signal group 0 (our own) or 1 by accident.
        return false;
    }
    let sig = match sig {
        Sig::Term => Signal::SIGTERM,
        Sig::Kill => Signal::SIGKILL,
    };
    killpg(Pid::from_raw(raw), sig).is_ok()
}

/// Without Unix process groups nothing can be signalled as a group; the caller falls back
/// to killing the leader.
#[cfg(not(unix))]
pub(crate) fn send(_pgid: u32, _sig: Sig) -> bool {
    false
}

/// Kills the group with SIGKILL when dropped while armed, so a cancelled `run` leaks nothing.
/// (`kill_on_drop` alone only kills the leader: crates.md §5.2 step 6.)
#[derive(Debug)]
pub(crate) struct GroupGuard {
    pgid: Option<u32>,
}

impl GroupGuard {
    /// Arms a guard for group `pgid`.
    pub(crate) fn new(pgid: Option<u32>) -> Self {
        Self { pgid }
    }

    /// The group's id, if the process had one.
    pub(crate) fn pgid(&self) -> Option<u32> {
        self.pgid
    }

    /// Disarms the guard: the run finished and has already dealt with the group.
    pub(crate) fn disarm(&mut self) {
        self.pgid = None;
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        if let Some(pgid) = self.pgid {
            send(pgid, Sig::Kill);
        }
    }
}
