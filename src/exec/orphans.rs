//! hookcheck as the child subreaper (Linux `PR_SET_CHILD_SUBREAPER`): a hook's descendant
//! that double-forks or calls `setsid` and clears its environment (so it carries no mark)
//! is re-parented to hookcheck instead of init. Each hook's end looks for such processes
//! that started while it ran ([`end_escaped`]) and ends them, and the hook's report says it
//! left processes; whatever is still there is ended when hookcheck leaves, on every exit path
//! (the end of a run, a caught signal). Elsewhere nothing is found and the process group kill
//! and the marks are all.

use std::sync::atomic::{AtomicBool, Ordering};

use super::mark::Needle;

/// Set once hookcheck is the subreaper: before, it has started nothing to look for.
static SUBREAPER: AtomicBool = AtomicBool::new(false);

/// Makes this process the subreaper of everything it starts from now on (once is enough).
pub(crate) fn become_subreaper() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER only sets a flag of this process; a refusal
    // (it returns -1) leaves the default, re-parenting to init, in place.
    let agreed = unsafe { nix::libc::prctl(nix::libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } == 0;
    #[cfg(not(target_os = "linux"))]
    let agreed = false;
    SUBREAPER.store(agreed, Ordering::Relaxed);
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
/// running any more, so every one is something a hook left behind); returns how many. One
/// that is already dying (a member of a hook's group, killed with it, that a loaded machine
/// has not finished ending) was no hook's leftover to end here: it is reaped, not counted.
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
        ended += children.iter().filter(|&&pid| !dying(pid)).count();
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

/// A moment as the kernel dates a process's start (`/proc/<pid>/stat` field 22): clock
/// ticks since boot, on the boot-time clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Ticks(u64);

/// Now, in [`Ticks`]; zero where there is no such clock (nothing is then attributed by time
/// that would not be anyway).
pub(crate) fn now() -> Ticks {
    #[cfg(target_os = "linux")]
    {
        use nix::time::{ClockId, clock_gettime};
        let hz = nix::unistd::sysconf(nix::unistd::SysconfVar::CLK_TCK)
            .ok()
            .flatten()
            .and_then(|hz| u64::try_from(hz).ok())
            .filter(|&hz| hz > 0)
            .unwrap_or(100);
        if let Ok(t) = clock_gettime(ClockId::CLOCK_BOOTTIME) {
            let secs = u64::try_from(t.tv_sec()).unwrap_or(0);
            let nanos = u64::try_from(t.tv_nsec()).unwrap_or(0);
            return Ticks(secs * hz + nanos * hz / 1_000_000_000);
        }
    }
    Ticks(0)
}

/// A child of hookcheck that is no running hook's leader: something a hook left behind,
/// re-parented to hookcheck (the subreaper) when its parent ended. A hook's ordinary
/// children are never hookcheck's, and what hookcheck itself starts outside the hooks stays
/// in its own group.
#[derive(Debug)]
pub(crate) struct Stray {
    pid: i32,
    stat: Stat,
}

impl Stray {
    /// Alive, outside hookcheck's own process group.
    fn outside(&self, own_group: i32) -> bool {
        self.stat.alive() && self.stat.pgrp != own_group
    }
}

/// True once hookcheck is the subreaper of what it starts (Linux, when the kernel agreed).
pub(crate) fn is_subreaper() -> bool {
    SUBREAPER.load(Ordering::Relaxed)
}

/// hookcheck's strays now (`leaders`: the running hooks' leader pids); none unless
/// hookcheck is the subreaper. One file is read (`/proc/self/task/<pid>/children`), and a
/// `stat` per child that is no leader: no scan of every process.
pub(crate) fn strays(leaders: &[u32]) -> Vec<Stray> {
    if !is_subreaper() {
        return Vec::new();
    }
    own_children()
        .into_iter()
        .filter(|&pid| u32::try_from(pid).is_ok_and(|pid| !leaders.contains(&pid)))
        .filter_map(|pid| {
            Some(Stray {
                pid,
                stat: stat(pid)?,
            })
        })
        .collect()
}

/// Reaps the strays of group `pgid` that have ended (a hook's children that ended after
/// their parent): they are done, and until reaped they count as members of the group.
pub(crate) fn reap_ended_in(strays: &[Stray], pgid: u32) {
    for s in strays {
        if !s.stat.alive() && u32::try_from(s.stat.pgrp).is_ok_and(|g| g == pgid) {
            reap(s.pid);
        }
    }
}

/// True when a live stray outside hookcheck's group carries `needle` in its environment.
pub(crate) fn any_carrying(strays: &[Stray], needle: Needle) -> bool {
    let own_group = own_group();
    strays.iter().any(|s| {
        s.outside(own_group)
            && u32::try_from(s.pid).is_ok_and(|pid| super::mark::carries(pid, needle))
    })
}

/// Ends the strays a hook that started at `since` left outside its process group `pgid`
/// with its environment cleared (so with no mark): alive, started at or after `since`,
/// neither in hookcheck's group nor in the hook's (its members are the group kill's, and
/// one that is dying may show no environment at all), carrying no mark of this hookcheck (a
/// marked one is its own hook's to find). Returns how many. Two hooks running at once
/// cannot be told apart this way: the one that ends first is said to have left the process.
pub(crate) fn end_unmarked(strays: &[Stray], since: Ticks, pgid: Option<u32>) -> usize {
    let own_group = own_group();
    let marked = super::mark::own_prefix();
    let in_hooks_group = |s: &Stray| pgid.is_some_and(|g| i64::from(g) == i64::from(s.stat.pgrp));
    let escaped: Vec<i32> = strays
        .iter()
        .filter(|s| s.outside(own_group) && !in_hooks_group(s) && s.stat.start >= since)
        .filter(|s| {
            u32::try_from(s.pid)
                .is_ok_and(|pid| !super::mark::carries(pid, Needle::Prefix(&marked)))
        })
        .map(|s| s.pid)
        .collect();
    for &pid in &escaped {
        kill(pid);
    }
    for &pid in &escaped {
        reap(pid);
    }
    escaped.len()
}

/// What hookcheck reads of a process in `/proc/<pid>/stat`.
#[derive(Debug, PartialEq, Eq)]
struct Stat {
    state: char,
    ppid: i32,
    pgrp: i32,
    start: Ticks,
}

impl Stat {
    /// Not a zombie waiting to be reaped, nor dead.
    fn alive(&self) -> bool {
        !matches!(self.state, 'Z' | 'X')
    }
}

/// Parses `pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
/// utime stime cutime cstime priority nice threads itrealvalue starttime ...`; `comm` may
/// hold spaces and parentheses, so the fields are read after its last `)`.
fn parse_stat(text: &str) -> Option<Stat> {
    let (_, rest) = text.rsplit_once(')')?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(Stat {
        state: fields.first()?.chars().next()?,
        ppid: fields.get(1)?.parse().ok()?,
        pgrp: fields.get(2)?.parse().ok()?,
        start: Ticks(fields.get(19)?.parse().ok()?),
    })
}

fn stat(pid: i32) -> Option<Stat> {
    parse_stat(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// hookcheck's own process group.
fn own_group() -> i32 {
    #[cfg(unix)]
    {
        nix::unistd::getpgrp().as_raw()
    }
    #[cfg(not(unix))]
    {
        0
    }
}

/// The children of this process's main thread (`/proc/self/task/<pid>/children`), where
/// the kernel re-parents an orphan to its subreaper; empty where the file is missing. Read
/// at the end of every hook, twice: the file is opened once and read again from its start
/// (a `seq_file`, made anew on each read from offset 0): one system call instead of five
/// with a walk of `/proc` each time (issue 30).
fn own_children() -> Vec<i32> {
    use std::os::unix::fs::FileExt;
    static FILE: std::sync::OnceLock<Option<std::fs::File>> = std::sync::OnceLock::new();
    let Some(file) = FILE.get_or_init(|| {
        let me = std::process::id();
        std::fs::File::open(format!("/proc/{me}/task/{me}/children")).ok()
    }) else {
        return Vec::new();
    };
    let mut text = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match file.read_at(&mut chunk, text.len() as u64) {
            Ok(n) => {
                text.extend_from_slice(&chunk[..n]);
                // A short read is the end: a seq_file fills what it is asked for.
                if n < chunk.len() {
                    break;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Vec::new(),
        }
    }
    String::from_utf8_lossy(&text)
        .split_whitespace()
        .filter_map(|pid| pid.parse().ok())
        .collect()
}

/// Reaps the killed child `pid`, waiting at most half a second for it to die.
#[cfg(unix)]
fn reap(pid: i32) {
    use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
    let pid = nix::unistd::Pid::from_raw(pid);
    for _ in 0..100 {
        match waitpid(pid, Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) => std::thread::sleep(std::time::Duration::from_millis(5)),
            _ => return,
        }
    }
}

#[cfg(not(unix))]
fn reap(_pid: i32) {}

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

/// Whether process `pid` is on its way out: a SIGKILL pending for it (`ShdPnd` or `SigPnd` in
/// `/proc/<pid>/status`), or already exiting (`PF_EXITING` in the flags of its `stat`).
#[cfg(target_os = "linux")]
fn dying(pid: i32) -> bool {
    const PF_EXITING: u64 = 0x4;
    const SIGKILL_BIT: u64 = 1 << (9 - 1);
    let exiting = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|t| {
            let (_, rest) = t.rsplit_once(')')?;
            rest.split_whitespace().nth(6)?.parse::<u64>().ok()
        })
        .is_some_and(|flags| flags & PF_EXITING != 0);
    let killed = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .is_some_and(|t| {
            t.lines()
                .filter_map(|l| {
                    l.strip_prefix("ShdPnd:")
                        .or_else(|| l.strip_prefix("SigPnd:"))
                })
                .filter_map(|mask| u64::from_str_radix(mask.trim(), 16).ok())
                .any(|mask| mask & SIGKILL_BIT != 0)
        });
    exiting || killed
}

#[cfg(not(target_os = "linux"))]
fn dying(_pid: i32) -> bool {
    false
}

/// The live children of this process: those of each of its threads
/// (`/proc/self/task/<tid>/children`; a thread that ends hands its children to another
/// thread of the process, so together they are all), and only where a kernel without those
/// files leaves no other way, every process in /proc whose parent is this one.
#[cfg(target_os = "linux")]
fn children() -> Vec<i32> {
    let me = i32::try_from(std::process::id()).unwrap_or(0);
    let listed = threads_children(me)
        .or_else(|| {
            let dir = std::fs::read_dir("/proc").ok()?;
            Some(
                dir.filter_map(Result::ok)
                    .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
                    .collect(),
            )
        })
        .unwrap_or_default();
    listed
        .into_iter()
        .filter(|&pid| stat(pid).is_some_and(|s| s.alive() && s.ppid == me))
        .collect()
}

/// The children of every thread of process `me`, each once; `None` when the kernel has no
/// `children` files (CONFIG_PROC_CHILDREN).
#[cfg(target_os = "linux")]
fn threads_children(me: i32) -> Option<Vec<i32>> {
    let mut out: Vec<i32> = Vec::new();
    for task in std::fs::read_dir(format!("/proc/{me}/task"))
        .ok()?
        .flatten()
    {
        match std::fs::read_to_string(task.path().join("children")) {
            Ok(text) => out.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok()),
            ),
            // A thread that ended since the listing: its children are another thread's.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && task.path().exists() => {
                return None;
            }
            Err(_) => {}
        }
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
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

#[cfg(test)]
mod tests {
    use super::{Stat, Ticks, parse_stat};

    /// A running child is not dying; once killed it is (exiting, or a zombie not yet reaped),
    /// so hookcheck's last sweep does not count it as a hook's leftover a second time.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_killed_child_is_dying_and_a_running_one_is_not() {
        let mut child = std::process::Command::new("sleep")
            .arg("100")
            .spawn()
            .expect("sleep");
        let pid = i32::try_from(child.id()).expect("pid");
        assert!(!super::dying(pid));
        super::kill(pid);
        // Killed, not reaped: dying until it is gone.
        for _ in 0..100 {
            if super::dying(pid) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(super::dying(pid));
        let _ = child.wait();
    }

    #[test]
    fn stat_fields_are_read_after_the_last_parenthesis_of_the_name() {
        let line = "4242 (a (weird) name) S 1 4242 4242 0 -1 4194560 99 0 0 0 0 0 0 0 20 0 1 0 123456 2244608 153 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
        assert_eq!(
            parse_stat(line),
            Some(Stat {
                state: 'S',
                ppid: 1,
                pgrp: 4242,
                start: Ticks(123456),
            })
        );
        assert_eq!(parse_stat("4242 (cut"), None);
        assert_eq!(parse_stat("4242 (x) S 1 2"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn now_is_on_the_clock_that_dates_a_process_start() {
        let mine = super::stat(i32::try_from(std::process::id()).unwrap_or(0))
            .map(|s| s.start)
            .unwrap_or(Ticks(u64::MAX));
        assert!(mine <= super::now(), "{mine:?} {:?}", super::now());
    }
}
