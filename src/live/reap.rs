//! Ending every process a live run left behind, by pid. An agent may start daemons that leave
//! its process group (Cline's hub daemon: real-agents.md, "Cline leaves a detached daemon behind
//! after each run"), so killing the group is not enough. Each run marks its environment with a
//! token every descendant inherits; afterwards every process still carrying it is killed. The
//! scan is exec's own ([`crate::exec::mark`]): exec also marks and ends each process it starts,
//! so this is the second look, over the whole run.

use crate::exec::mark::{self, Needle};

/// The variable that marks a run's processes.
pub const RUN_VAR: &str = "HOOKCHECK_LIVE_RUN";

/// The pids of processes (other than this one) whose environment holds `RUN_VAR=token`.
pub fn carrying(token: &str) -> Vec<i32> {
    mark::carrying(Needle::Exact(RUN_VAR, token))
        .into_iter()
        .map(|m| m.pid)
        .collect()
}

/// Kills every process still carrying the run's token with SIGKILL, a few rounds in case one
/// starts another while dying; returns the pids ended.
pub fn end_all(token: &str) -> Vec<i32> {
    mark::end(Needle::Exact(RUN_VAR, token))
        .into_iter()
        .map(|m| m.pid)
        .collect()
}
