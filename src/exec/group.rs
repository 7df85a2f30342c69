//! Signals to a hook's whole process group, and a guard that kills the group, and every process
//! carrying the hook's mark, if a run is abandoned.

use super::mark::{self, MARK_VAR, Needle};

/// A signal `send` can deliver to a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sig {
    /// Polite stop: the first step after a timeout.
    Term,
    /// Forced stop: after the grace period, and to clear leftovers after the hook exits.
    Kill,
    /// Wake a stopped process (`kill -STOP $$`, SIGTTIN) so it can act on the TERM.
    Cont,
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
        Sig::Cont => Signal::SIGCONT,
    };
    killpg(Pid::from_raw(raw), sig).is_ok()
}

/// Without Unix process groups nothing can be signalled as a group; the caller falls back
/// to killing the leader.
#[cfg(not(unix))]
pub(crate) fn send(_pgid: u32, _sig: Sig) -> bool {
    false
}

/// Kills the group, and every process carrying the hook's mark, with SIGKILL when dropped
/// while armed, so a cancelled `run` leaks nothing (`kill_on_drop` alone only kills the leader:
/// crates.md §5.2 step 6).
#[derive(Debug)]
pub(crate) struct GroupGuard {
    pgid: Option<u32>,
    mark: Option<String>,
}

impl GroupGuard {
    /// Arms a guard for group `pgid`, whose processes carry `MARK_VAR=mark`.
    pub(crate) fn new(pgid: Option<u32>, mark: String) -> Self {
        Self {
            pgid,
            mark: Some(mark),
        }
    }

    /// The group's id, if the process had one.
    pub(crate) fn pgid(&self) -> Option<u32> {
        self.pgid
    }

    /// Disarms the guard: the run finished and has already dealt with the group and the mark.
    pub(crate) fn disarm(&mut self) {
        self.pgid = None;
        self.mark = None;
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        if let Some(pgid) = self.pgid {
            send(pgid, Sig::Kill);
        }
        if let Some(mark) = &self.mark {
            mark::end(Needle::Exact(MARK_VAR, mark));
        }
    }
}
