//! Finding a hook's processes by a mark in their environment, whatever group or session they
//! moved to (`setsid`, `setsid -f`, job control, `setpgid`, a double fork), and ending them by pid.
//!
//! Every process hookcheck starts gets `HOOKCHECK_RUN=<hookcheck's pid>-<counter>`, and every
//! descendant inherits it unless it clears its environment. On Linux the mark is found by
//! reading `/proc/*/environ`; elsewhere nothing is found and the process group kill is all.
//! Live mode marks its agents with its own variable and uses the same scan.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The variable that marks the processes of one hook invocation.
pub const MARK_VAR: &str = "HOOKCHECK_RUN";

/// How many times [`end`] looks again after killing what it found (one may fork while dying).
const ROUNDS: usize = 20;
/// The pause between two rounds: a killed process takes a moment to become a zombie.
const PAUSE: Duration = Duration::from_millis(10);

/// A process found carrying a mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marked {
    /// Its pid.
    pub pid: i32,
    /// Its process group.
    pub pgrp: i32,
}

/// What to look for in a process's environment.
#[derive(Debug, Clone, Copy)]
pub enum Needle<'a> {
    /// Exactly `VAR=value`, as one entry.
    Exact(&'a str, &'a str),
    /// Any entry that starts with these bytes (every mark of this hookcheck: `HOOKCHECK_RUN=<pid>-`).
    Prefix(&'a str),
}

impl Needle<'_> {
    fn matches(&self, entry: &[u8]) -> bool {
        match *self {
            Needle::Exact(var, value) => {
                entry.len() == var.len() + 1 + value.len()
                    && entry.starts_with(var.as_bytes())
                    && entry[var.len()] == b'='
                    && entry.ends_with(value.as_bytes())
            }
            Needle::Prefix(prefix) => entry.starts_with(prefix.as_bytes()),
        }
    }
}

/// A fresh mark value for one invocation: `<hookcheck's pid>-<counter>`.
pub(crate) fn new_mark() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    format!(
        "{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// The prefix every mark of this hookcheck process starts with, as an environment entry.
pub(crate) fn own_prefix() -> String {
    format!("{MARK_VAR}={}-", std::process::id())
}

/// True when the environment of `pid` holds `needle` (false for a process that is gone).
pub(crate) fn carries(pid: u32, needle: Needle) -> bool {
    #[cfg(target_os = "linux")]
    {
        environ(pid).is_some_and(|env| env.split(|&b| b == 0).any(|e| needle.matches(e)))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (pid, needle);
        false
    }
}

/// The live processes (not zombies, not this one) whose environment holds `needle`.
pub fn carrying(needle: Needle) -> Vec<Marked> {
    scan(needle, None)
}

/// [`carrying`], looking only at processes started after process `first` (pids newer than
/// `first`, wrapping at `pid_max`): the cheap scan right after a short hook, when most
/// processes on the machine are older than it. A hook that ran long enough for the pids to
/// wrap all the way round must use [`carrying`].
pub fn carrying_after(needle: Needle, first: u32) -> Vec<Marked> {
    scan(needle, Some(first))
}

/// True if `pid` was handed out after `first` and no later than `last` (the newest pid),
/// pids counting up and wrapping round.
#[cfg(any(target_os = "linux", test))]
fn newer(pid: u32, first: u32, last: u32) -> bool {
    if first <= last {
        pid > first && pid <= last
    } else {
        pid > first || pid <= last
    }
}

#[cfg(target_os = "linux")]
fn scan(needle: Needle, first: Option<u32>) -> Vec<Marked> {
    let me = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut pids: Vec<u32> = entries
        .flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.parse().ok()))
        .filter(|pid| *pid != me)
        .collect();
    // The newest pid is read after the listing, so every listed process is no newer than it.
    let last = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid")
        .ok()
        .and_then(|t| t.trim().parse::<u32>().ok());
    if let (Some(first), Some(last)) = (first, last) {
        pids.retain(|pid| newer(*pid, first, last));
    }
    let mut out = Vec::new();
    for pid in pids {
        // Unreadable (another user's process, or gone): not ours. The environment is read
        // first: it rules out nearly every process, so `stat` is read only for the few left.
        let Some(env) = environ(pid) else {
            continue;
        };
        if !env.split(|b| *b == 0).any(|e| needle.matches(e)) {
            continue;
        }
        if let (Some(pgrp), Ok(pid)) = (live_pgrp(pid), i32::try_from(pid)) {
            out.push(Marked { pid, pgrp });
        }
    }
    out
}

/// Without /proc marked processes cannot be found.
#[cfg(not(target_os = "linux"))]
fn scan(_needle: Needle, _first: Option<u32>) -> Vec<Marked> {
    Vec::new()
}

/// The environment of `pid`. A process in the middle of an `exec` shows an empty one for a
/// moment (the new image's environment is not in place yet), so an empty environment of a
/// process that is not a kernel thread is read again, a few times, a millisecond apart.
#[cfg(target_os = "linux")]
fn environ(pid: u32) -> Option<Vec<u8>> {
    let path = format!("/proc/{pid}/environ");
    let mut env = std::fs::read(&path).ok()?;
    for _ in 0..3 {
        if !env.is_empty() || kernel_thread(pid) {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
        env = std::fs::read(&path).ok()?;
    }
    Some(env)
}

/// True for a kernel thread (PF_KTHREAD in the flags of `/proc/PID/stat`): it never has an
/// environment. A process that is gone counts as one (nothing to wait for).
#[cfg(target_os = "linux")]
fn kernel_thread(pid: u32) -> bool {
    const PF_KTHREAD: u64 = 0x0020_0000;
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return true;
    };
    // `pid (comm) state ppid pgrp session tty_nr tpgid flags ...`: flags is the 7th after `)`.
    stat.rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().nth(6))
        .and_then(|f| f.parse::<u64>().ok())
        .is_none_or(|flags| flags & PF_KTHREAD != 0)
}

/// The process group of `pid` while it exists and is not a zombie (a zombie runs nothing; an
/// orphan killed in a container may stay one when nothing reaps it).
#[cfg(target_os = "linux")]
fn live_pgrp(pid: u32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The state follows the parenthesised command name, which may itself hold spaces:
    // `pid (comm) state ppid pgrp ...`.
    let (_, rest) = stat.rsplit_once(')')?;
    let mut fields = rest.split_whitespace();
    let state = fields.next()?;
    if state == "Z" || state == "X" {
        return None;
    }
    fields.nth(1)?.parse().ok()
}

/// True while `pid` exists and is not a zombie.
#[cfg(target_os = "linux")]
pub fn alive(pid: u32) -> bool {
    live_pgrp(pid).is_some()
}

/// Without /proc a process's state cannot be read: assume it is gone.
#[cfg(not(target_os = "linux"))]
pub fn alive(_pid: u32) -> bool {
    false
}

/// One round: SIGKILL every process carrying `needle` (started after `first`, if given: see
/// [`carrying_after`]); returns what was found.
pub fn kill_carrying(needle: Needle, first: Option<u32>) -> Vec<Marked> {
    let found = scan(needle, first);
    for m in &found {
        kill(m.pid);
    }
    found
}

/// Kills every process carrying `needle`, round after round until none is left (bounded);
/// returns every process found, each pid once.
pub fn end(needle: Needle) -> Vec<Marked> {
    let mut ended: Vec<Marked> = Vec::new();
    for _ in 0..ROUNDS {
        let found = kill_carrying(needle, None);
        if found.is_empty() {
            break;
        }
        for m in found {
            if !ended.iter().any(|e| e.pid == m.pid) {
                ended.push(m);
            }
        }
        std::thread::sleep(PAUSE);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needles_match_whole_entries_or_prefixes() {
        // (needle, entry, matches)
        let table: &[(Needle, &[u8], bool)] = &[
            (Needle::Exact("V", "1-2"), b"V=1-2", true),
            (Needle::Exact("V", "1-2"), b"V=1-23", false),
            (Needle::Exact("V", "1-2"), b"V=11-2", false),
            (Needle::Exact("V", "1-2"), b"VV=1-2", false),
            (Needle::Exact("V", "1-2"), b"V:1-2", false),
            (Needle::Exact("V", ""), b"V=", true),
            (Needle::Prefix("V=7-"), b"V=7-0", true),
            (Needle::Prefix("V=7-"), b"V=77-0", false),
        ];
        for (needle, entry, want) in table {
            assert_eq!(
                needle.matches(entry),
                *want,
                "{needle:?} {:?}",
                String::from_utf8_lossy(entry)
            );
        }
    }

    #[test]
    fn newer_pids_count_up_and_wrap() {
        // (pid, first, last, newer)
        let table = [
            (101, 100, 200, true),
            (200, 100, 200, true),
            (100, 100, 200, false),
            (201, 100, 200, false),
            (50, 100, 200, false),
            (100, 100, 100, false),
            // Wrapped round pid_max: after 30000 came 300, then up to 5.
            (30001, 30000, 5, true),
            (3, 30000, 5, true),
            (6, 30000, 5, false),
            (29999, 30000, 5, false),
        ];
        for (pid, first, last, want) in table {
            assert_eq!(
                newer(pid, first, last),
                want,
                "{pid} after {first} up to {last}"
            );
        }
    }

    #[test]
    fn marks_are_unique_and_carry_the_prefix() {
        let (a, b) = (new_mark(), new_mark());
        assert_ne!(a, b);
        let entry = format!("{MARK_VAR}={a}");
        assert!(Needle::Prefix(&own_prefix()).matches(entry.as_bytes()));
    }

    /// A real detached process marked with a value is found and ended; one without it is not.
    #[cfg(target_os = "linux")]
    #[test]
    fn ends_the_marked_detached_process_and_only_it() {
        let spawn = |value: &str| {
            std::process::Command::new("setsid")
                .args(["sleep", "300"])
                .env("HOOKCHECK_MARK_TEST", value)
                .spawn()
                .expect("setsid sleep")
        };
        let value = format!("mark-test-{}", std::process::id());
        let mut marked = spawn(&value);
        let mut other = spawn("someone-else");
        // setsid execs sleep after spawn returns; while a process execs, its environment
        // cannot be read. Wait (boundedly) until both run sleep, as a finished hook's
        // leftovers do when they are looked for.
        for pid in [marked.id(), other.id()] {
            let comm = format!("/proc/{pid}/comm");
            for _ in 0..1000 {
                if std::fs::read_to_string(&comm).is_ok_and(|c| c.trim() == "sleep") {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
        let needle = Needle::Exact("HOOKCHECK_MARK_TEST", &value);
        // Both started after this test process: the cheap scan sees them too.
        let after = carrying_after(needle, std::process::id());
        let ended = end(needle);
        // Never wait out the sleep when the scan missed it: the assertions below say so.
        if ended.is_empty() {
            let _ = marked.kill();
        }
        let _ = marked.wait();
        let other_alive = alive(other.id());
        let _ = other.kill();
        let _ = other.wait();
        assert_eq!(after.len(), 1, "found {after:?}");
        assert_eq!(ended.len(), 1, "ended {ended:?}");
        // The pids, not the groups: setsid may not have made its session yet when scanned.
        assert_eq!(ended[0].pid, after[0].pid);
        assert!(
            !kernel_thread(std::process::id()),
            "this test is no kernel thread"
        );
        assert!(other_alive, "a process of another run was killed");
        assert!(carrying(needle).is_empty());
    }
}
