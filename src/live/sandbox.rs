//! The sandbox live mode runs agents in: a network namespace with loopback only, entered by
//! this process (so the fake model on 127.0.0.1 and the agent share it), which everything
//! started afterwards inherits; and, where bubblewrap (`bwrap`, Debian's `bubblewrap`) is
//! installed, a read-only view of the file system in which only the run's throwaway folder
//! (HOME and workspace) and the temp folder can be written.

use crate::error::Error;
use std::path::Path;

/// How the agents are run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sandbox {
    /// A private network namespace: loopback only.
    NetNamespace,
    /// No sandbox (`--no-sandbox`).
    None,
}

impl Sandbox {
    /// A word for reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Sandbox::NetNamespace => "network namespace (loopback only)",
            Sandbox::None => "none (--no-sandbox)",
        }
    }
}

/// The `bwrap` on `path_var`, when bubblewrap is installed.
pub fn bwrap(path_var: &str) -> Option<std::path::PathBuf> {
    std::env::split_paths(path_var)
        .map(|d| d.join("bwrap"))
        .find(|p| p.is_file())
}

/// The argv that runs `program args` under bubblewrap with the whole file system read-only
/// except `writable` (bound read-write at the same paths), sharing this process's network
/// namespace and dying with it.
pub fn read_only_argv(
    bwrap: &Path,
    program: &str,
    args: &[String],
    writable: &[&Path],
) -> (String, Vec<String>) {
    let mut argv: Vec<String> = [
        "--ro-bind",
        "/",
        "/",
        "--dev-bind",
        "/dev",
        "/dev",
        "--proc",
        "/proc",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    for w in writable {
        let w = w.display().to_string();
        argv.extend(["--bind".to_string(), w.clone(), w]);
    }
    argv.push("--die-with-parent".into());
    argv.push("--".into());
    argv.push(program.to_string());
    argv.extend(args.iter().cloned());
    (bwrap.display().to_string(), argv)
}

/// Chooses the sandbox from `--no-sandbox` and the outcome of trying to enter one: without a
/// usable sandbox live mode refuses (issue 5: "Without a sandbox it refuses").
pub fn decide(
    no_sandbox: bool,
    enter: impl FnOnce() -> Result<(), Error>,
) -> Result<Sandbox, Error> {
    if no_sandbox {
        return Ok(Sandbox::None);
    }
    enter().map(|()| Sandbox::NetNamespace).map_err(|e| {
        Error::live(format!(
            "live mode runs agents in a sandbox, and none is usable here ({}); \
             run as root or allow unprivileged user namespaces, or pass --no-sandbox \
             to run the agents with this machine's network",
            e.message()
        ))
    })
}

/// Moves the calling thread (and every process and thread it starts later) into a new network
/// namespace and brings its loopback up. Call it before starting any thread.
#[cfg(target_os = "linux")]
pub fn enter_net_namespace() -> Result<(), Error> {
    use nix::sched::{CloneFlags, unshare};
    unshare(CloneFlags::CLONE_NEWNET)
        .or_else(|_| unshare(CloneFlags::CLONE_NEWUSER | CloneFlags::CLONE_NEWNET))
        .map_err(|e| Error::live(format!("unshare(CLONE_NEWNET): {e}")))?;
    // A new namespace's loopback starts down.
    let status = std::process::Command::new("ip")
        .args(["link", "set", "lo", "up"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .map_err(|e| Error::live(format!("`ip link set lo up`: {e}")))?;
    if !status.success() {
        return Err(Error::live(format!("`ip link set lo up` failed: {status}")));
    }
    Ok(())
}

/// No network namespaces outside Linux.
#[cfg(not(target_os = "linux"))]
pub fn enter_net_namespace() -> Result<(), Error> {
    Err("network namespaces exist only on Linux".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_without_a_sandbox_unless_told() {
        type Case = (bool, Result<(), Error>, Result<Sandbox, ()>);
        let table: [Case; 4] = [
            (false, Ok(()), Ok(Sandbox::NetNamespace)),
            (false, Err(Error::live("EPERM")), Err(())),
            (true, Err(Error::live("EPERM")), Ok(Sandbox::None)),
            (true, Ok(()), Ok(Sandbox::None)),
        ];
        for (no_sandbox, entered, want) in table {
            let got = decide(no_sandbox, || entered.clone());
            match (got, want) {
                (Ok(g), Ok(w)) => assert_eq!(g, w),
                (Err(e), Err(())) => {
                    assert!(e.message().contains("--no-sandbox") && e.message().contains("EPERM"))
                }
                (g, w) => panic!("{no_sandbox}: got {g:?}, want {w:?}"),
            }
        }
    }

    /// The real namespace, entered on this test's own thread (namespaces are per thread):
    /// loopback works, the host's listeners are out of reach.
    #[cfg(target_os = "linux")]
    #[test]
    #[ignore = "needs root or unprivileged user namespaces: scripts/live-tier.sh runs it"]
    fn the_namespace_keeps_loopback_and_cuts_the_host_off() {
        let host = std::net::TcpListener::bind(("127.0.0.1", 0)).expect("bind on the host");
        let host_addr = host.local_addr().expect("addr");
        let handle = std::thread::spawn(move || {
            enter_net_namespace()?;
            let inner = std::net::TcpListener::bind(("127.0.0.1", 0))
                .map_err(|e| Error::live(e.to_string()))?;
            let inner_ok = std::net::TcpStream::connect(
                inner.local_addr().map_err(|e| Error::live(e.to_string()))?,
            )
            .is_ok();
            let host_reached = std::net::TcpStream::connect(host_addr).is_ok();
            Ok::<_, Error>((inner_ok, host_reached))
        });
        match handle.join().expect("thread") {
            Ok::<_, Error>((inner_ok, host_reached)) => {
                assert!(inner_ok, "loopback inside the namespace");
                assert!(!host_reached, "the host's 127.0.0.1 is another namespace");
            }
            // Not permitted here (no root, no user namespaces): say so, do not pass silently.
            Err(e) => panic!("cannot enter a network namespace on this machine: {e}"),
        }
    }
}

#[cfg(test)]
mod read_only_tests {
    use super::read_only_argv;
    use std::path::Path;

    #[test]
    fn everything_is_read_only_but_the_named_folders() {
        let (prog, argv) = read_only_argv(
            Path::new("/usr/bin/bwrap"),
            "agent",
            &["-p".into(), "hi".into()],
            &[Path::new("/tmp/run"), Path::new("/tmp")],
        );
        assert_eq!(prog, "/usr/bin/bwrap");
        assert_eq!(
            argv.join(" "),
            "--ro-bind / / --dev-bind /dev /dev --proc /proc --bind /tmp/run /tmp/run --bind /tmp /tmp --die-with-parent -- agent -p hi"
        );
    }
}
