//! Ending every process a live run left behind, by pid. An agent may start daemons that leave
//! its process group (Cline's hub daemon: real-agents.md, "Cline leaves a detached daemon behind
//! after each run"), so killing the group is not enough. Each run marks its environment with a
//! token every descendant inherits; afterwards every process still carrying it is killed.

/// The variable that marks a run's processes.
pub const RUN_VAR: &str = "HOOKCHECK_LIVE_RUN";

/// The pids of processes (other than this one) whose environment holds `RUN_VAR=token`.
#[cfg(target_os = "linux")]
pub fn carrying(token: &str) -> Vec<i32> {
    let needle = format!("{RUN_VAR}={token}");
    let me = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me || !alive(pid) {
            continue;
        }
        // Unreadable (another user's process, or gone): not ours.
        let Ok(env) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if env.split(|b| *b == 0).any(|v| v == needle.as_bytes())
            && let Ok(pid) = i32::try_from(pid)
        {
            out.push(pid);
        }
    }
    out
}

/// Without /proc the run's processes cannot be found.
#[cfg(not(target_os = "linux"))]
pub fn carrying(_token: &str) -> Vec<i32> {
    Vec::new()
}

/// True while `pid` exists and is not a zombie (a zombie runs nothing; an orphan killed in a
/// container may stay one when nothing reaps it).
#[cfg(target_os = "linux")]
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        // The state follows the parenthesised command name, which may itself hold spaces.
        s.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X")
    })
}

/// Kills every process still carrying the run's token with SIGKILL, a few rounds in case one
/// starts another while dying; returns the pids ended.
pub fn end_all(token: &str) -> Vec<i32> {
    let mut ended = Vec::new();
    for _ in 0..5 {
        let found = carrying(token);
        if found.is_empty() {
            break;
        }
        for pid in found {
            if kill(pid) && !ended.contains(&pid) {
                ended.push(pid);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    ended
}

#[cfg(unix)]
fn kill(pid: i32) -> bool {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    // Never pid 0, 1 or a negative (a group) by accident.
    pid > 1 && kill(Pid::from_raw(pid), Signal::SIGKILL).is_ok()
}

#[cfg(not(unix))]
fn kill(_pid: i32) -> bool {
    false
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// A real detached process marked with a token is found and ended; one without it is not.
    #[test]
    fn ends_the_marked_detached_process_and_only_it() {
        let spawn = |token: &str| {
            std::process::Command::new("setsid")
                .args(["sleep", "300"])
                .env(RUN_VAR, token)
                .spawn()
                .expect("setsid sleep")
        };
        let token = format!("reap-test-{}", std::process::id());
        let mut marked = spawn(&token);
        let mut other = spawn("someone-else");
        let ended = end_all(&token);
        let _ = marked.wait();
        let other_alive = alive(other.id());
        let _ = other.kill();
        let _ = other.wait();
        assert_eq!(ended.len(), 1, "ended {ended:?}");
        assert!(other_alive, "a process of another run was killed");
        assert!(carrying(&token).is_empty());
    }
}
