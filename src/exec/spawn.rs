//! Starting a hook without `fork`: `posix_spawn(3)`, which glibc runs as a `vfork` (the child
//! borrows hookcheck's memory until its `exec`), with the hook's stdio, working directory,
//! process group or session, and a clean signal state; and waiting for it on a pidfd.
//!
//! The standard library's `Command` forks as soon as a child must call `setsid` (a
//! `pre_exec` closure; `CommandExt::setsid` is unstable, rust-lang/rust#105376), and a fork
//! copies hookcheck's page tables and makes every page it writes afterwards fault once. With
//! about a sixth of a run's hooks leading a session (the agents that make one,
//! `Launch::session`), that was 2.8% of a suite's wall time (issue 30). `POSIX_SPAWN_SETSID`
//! (glibc 2.26) does the same in the `vfork`ed child, so every hook starts the one way.

use std::ffi::{CString, OsStr};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::ExitStatus;
use std::time::Duration;

use nix::libc;
use tokio::io::unix::AsyncFd;

/// What a hook is started with: everything is resolved, nothing is looked up here.
pub(crate) struct Start<'a> {
    /// The file to execute: a path (a bare name is never searched for here).
    pub path: &'a Path,
    /// `argv[0]` and the arguments.
    pub argv: Vec<&'a OsStr>,
    /// `KEY=value` for every variable, and nothing else.
    pub env: Vec<Vec<u8>>,
    /// The working directory.
    pub cwd: &'a Path,
    /// The hook's ends of stdin, stdout and stderr (closed here once it has them).
    pub stdio: [OwnedFd; 3],
    /// A new session (`setsid`) rather than a new process group in hookcheck's session.
    pub new_session: bool,
}

/// A hook started by [`spawn`]: its pid, until it is reaped.
#[derive(Debug)]
pub(crate) struct Leader {
    pid: libc::pid_t,
    /// Readable once the process has ended; None where the kernel has no pidfds (before
    /// Linux 5.3): the wait then polls.
    pidfd: Option<AsyncFd<OwnedFd>>,
    status: Option<ExitStatus>,
}

/// Starts the process. A program that cannot be run (missing, not executable, a missing
/// working directory) is an error here, with the `exec` or `chdir` error as the process
/// would have met it.
pub(crate) fn spawn(start: Start) -> io::Result<Leader> {
    let path = cstring(start.path.as_os_str().as_bytes())?;
    let cwd = cstring(start.cwd.as_os_str().as_bytes())?;
    let argv = start
        .argv
        .iter()
        .map(|a| cstring(a.as_bytes()))
        .collect::<io::Result<Vec<_>>>()?;
    let env = start
        .env
        .into_iter()
        .map(|kv| CString::new(kv).map_err(|_| nul_error()))
        .collect::<io::Result<Vec<_>>>()?;
    let argv_ptrs = null_terminated(&argv);
    let env_ptrs = null_terminated(&env);
    let [stdin, stdout, stderr] = &start.stdio;
    let mut actions = FileActions::new()?;
    actions.dup2(stdin.as_raw_fd(), 0)?;
    actions.dup2(stdout.as_raw_fd(), 1)?;
    actions.dup2(stderr.as_raw_fd(), 2)?;
    actions.chdir(&cwd)?;
    let attr = Attr::new(start.new_session)?;
    let mut pid: libc::pid_t = 0;
    // SAFETY: every pointer is to a live, NUL-terminated string or a null-terminated array
    // of them, owned by this frame until the call returns; `actions` and `attr` are
    // initialised. glibc's posix_spawn returns an error number and never touches errno.
    let err = unsafe {
        libc::posix_spawn(
            &mut pid,
            path.as_ptr(),
            &actions.0,
            &attr.0,
            argv_ptrs.as_ptr(),
            env_ptrs.as_ptr(),
        )
    };
    // The hook has its ends of the pipes now; ours only must be left open.
    drop(start.stdio);
    if err != 0 {
        return Err(io::Error::from_raw_os_error(err));
    }
    Ok(Leader {
        pid,
        pidfd: pidfd_open(pid),
        status: None,
    })
}

impl Leader {
    /// The process id, until it is reaped.
    pub(crate) fn id(&self) -> Option<u32> {
        self.status
            .is_none()
            .then(|| u32::try_from(self.pid).ok())
            .flatten()
    }

    /// Waits for the process to end and reaps it; its status (again on a later call).
    pub(crate) async fn wait(&mut self) -> io::Result<ExitStatus> {
        let mut pause = Duration::from_millis(1);
        loop {
            if let Some(status) = self.try_wait()? {
                return Ok(status);
            }
            match &self.pidfd {
                Some(fd) => fd.readable().await?.clear_ready(),
                None => {
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(Duration::from_millis(50));
                }
            }
        }
    }

    /// Reaps the process if it has ended, without waiting.
    fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        if let Some(status) = self.status {
            return Ok(Some(status));
        }
        let mut raw = 0;
        // SAFETY: waitpid writes the status into a local; WNOHANG never blocks.
        let got = unsafe { libc::waitpid(self.pid, &mut raw, libc::WNOHANG) };
        match got {
            0 => Ok(None),
            p if p == self.pid => {
                let status = ExitStatus::from_raw(raw);
                self.status = Some(status);
                Ok(Some(status))
            }
            _ => {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    Ok(None)
                } else {
                    Err(e)
                }
            }
        }
    }

    /// Sends SIGKILL to the process itself (not its group), unless it was reaped.
    pub(crate) fn start_kill(&mut self) {
        if self.status.is_none() {
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(self.pid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
    }
}

impl Drop for Leader {
    /// A hook abandoned before it was reaped (a run cut short) is killed, and reaped if it
    /// has ended; one still dying is reaped with hookcheck's other children at its exit.
    fn drop(&mut self) {
        if self.status.is_none() {
            self.start_kill();
            let _ = self.try_wait();
        }
    }
}

/// A pidfd for `pid`, registered with the runtime; None where there is none to have (a
/// kernel before Linux 5.3, or not Linux: the wait then polls).
#[cfg(not(target_os = "linux"))]
fn pidfd_open(_pid: libc::pid_t) -> Option<AsyncFd<OwnedFd>> {
    None
}

/// A pidfd for `pid`, registered with the runtime; None where there is none to have.
#[cfg(target_os = "linux")]
fn pidfd_open(pid: libc::pid_t) -> Option<AsyncFd<OwnedFd>> {
    // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    let fd = RawFd::try_from(fd).ok().filter(|fd| *fd >= 0)?;
    // SAFETY: the descriptor was just returned to us and is owned by nothing else.
    let owned = unsafe { OwnedFd::from_raw_fd(fd) };
    // SAFETY: the OwnedFd stays open, and the same descriptor, for as long as the AsyncFd
    // owns it. (Called on the runtime, which has a reactor.)
    unsafe { AsyncFd::register_with_interest(owned, tokio::io::Interest::READABLE) }.ok()
}

/// `bytes` as a C string; an interior NUL is an error, as the standard library makes it.
fn cstring(bytes: &[u8]) -> io::Result<CString> {
    CString::new(bytes).map_err(|_| nul_error())
}

fn nul_error() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "nul byte found in provided data",
    )
}

/// The pointers of `strings`, then a null pointer: argv and envp as exec takes them.
fn null_terminated(strings: &[CString]) -> Vec<*mut libc::c_char> {
    strings
        .iter()
        .map(|s| s.as_ptr().cast_mut())
        .chain(std::iter::once(std::ptr::null_mut()))
        .collect()
}

/// `posix_spawn_file_actions_t`, destroyed when dropped.
struct FileActions(libc::posix_spawn_file_actions_t);

impl FileActions {
    fn new() -> io::Result<Self> {
        // SAFETY: an all-zero value is a valid place for init to write into.
        let mut this = Self(unsafe { std::mem::zeroed() });
        // SAFETY: init writes an empty action list into it.
        check(unsafe { libc::posix_spawn_file_actions_init(&mut this.0) })?;
        Ok(this)
    }

    fn dup2(&mut self, fd: RawFd, to: RawFd) -> io::Result<()> {
        // SAFETY: the list is initialised; the call only records the action.
        check(unsafe { libc::posix_spawn_file_actions_adddup2(&mut self.0, fd, to) })
    }

    fn chdir(&mut self, dir: &CString) -> io::Result<()> {
        // SAFETY: as in `dup2`; glibc copies the path.
        check(unsafe { libc::posix_spawn_file_actions_addchdir_np(&mut self.0, dir.as_ptr()) })
    }
}

impl Drop for FileActions {
    fn drop(&mut self) {
        // SAFETY: the list was initialised by `new` and is destroyed once.
        unsafe {
            libc::posix_spawn_file_actions_destroy(&mut self.0);
        }
    }
}

/// `posix_spawnattr_t` for a hook, destroyed when dropped: no blocked signal, SIGPIPE back to
/// its default (Rust ignores it, and an ignored signal stays ignored across `exec`), and a
/// new process group led by the hook, or a new session.
struct Attr(libc::posix_spawnattr_t);

impl Attr {
    fn new(new_session: bool) -> io::Result<Self> {
        // SAFETY: an all-zero value is a valid place for init to write into.
        let mut this = Self(unsafe { std::mem::zeroed() });
        // SAFETY: init writes default attributes into it.
        check(unsafe { libc::posix_spawnattr_init(&mut this.0) })?;
        let a = &mut this.0;
        // SAFETY: the sigset functions write into locals; the setters copy from them into
        // the initialised attributes.
        unsafe {
            let mut none: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut none);
            let mut pipe: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut pipe);
            libc::sigaddset(&mut pipe, libc::SIGPIPE);
            check(libc::posix_spawnattr_setsigmask(a, &none))?;
            check(libc::posix_spawnattr_setsigdefault(a, &pipe))?;
            let group = if new_session {
                setsid_flag()?
            } else {
                check(libc::posix_spawnattr_setpgroup(a, 0))?;
                libc::POSIX_SPAWN_SETPGROUP as libc::c_short
            };
            let flags = libc::POSIX_SPAWN_SETSIGMASK as libc::c_short
                | libc::POSIX_SPAWN_SETSIGDEF as libc::c_short
                | group;
            check(libc::posix_spawnattr_setflags(a, flags))?;
        }
        Ok(this)
    }
}

impl Drop for Attr {
    fn drop(&mut self) {
        // SAFETY: the attributes were initialised by `new` and are destroyed once.
        unsafe {
            libc::posix_spawnattr_destroy(&mut self.0);
        }
    }
}

/// The flag that makes the spawned process lead a new session. The `libc` crate (0.2.191)
/// names it for Linux (glibc and musl) only; macOS defines it as 0x0400 in `<sys/spawn.h>`
/// (XNU's bsd/sys/spawn.h, github.com/apple-oss-distributions/xnu at commit 5c2921b0, read
/// 2026-12-05); elsewhere there is none, and a hook that must lead a session is refused with
/// this error rather than started in the wrong place. (`SYS_pidfd_open` is Linux's too: see
/// [`pidfd_open`].)
fn setsid_flag() -> io::Result<libc::c_short> {
    #[cfg(target_os = "linux")]
    return Ok(libc::POSIX_SPAWN_SETSID);
    #[cfg(target_vendor = "apple")]
    return Ok(0x0400);
    #[cfg(not(any(target_os = "linux", target_vendor = "apple")))]
    return Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "this system cannot start a hook in a new session (POSIX_SPAWN_SETSID)",
    ));
}

/// An error number from a posix_spawn function as an error.
fn check(err: libc::c_int) -> io::Result<()> {
    match err {
        0 => Ok(()),
        e => Err(io::Error::from_raw_os_error(e)),
    }
}
