//! Pins what every driver writes and starts, so a shared helper cannot change one agent's setup.

use std::path::Path;

use super::{Action, Setup};
use crate::live::agents::{LiveAgent, all as drivers};

/// Every file under `dir` (path relative to `base`, text with `base` written `<TMP>`), sorted.
fn files(dir: &Path, base: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            files(&p, base, out);
        } else {
            let rel = p.strip_prefix(base).unwrap_or(&p).display().to_string();
            let text = std::fs::read_to_string(&p).unwrap_or_else(|e| format!("<{e}>"));
            out.push(format!(
                "--- {rel}\n{}",
                text.replace(&base.display().to_string(), "<TMP>")
            ));
        }
    }
}

/// One driver's setup for a tool event with a matcher and for a Stop with none: the files it
/// writes, its arguments and environment, with the temporary folder written `<TMP>`.
fn setups(driver: LiveAgent) -> String {
    let mut out = vec![format!("quiet env (every run) {:?}", driver.quiet_env)];
    let shell = Action::Shell("touch x");
    let cases: [(&str, Option<&str>, Option<&Action>); 2] = [
        ("PreToolUse", Some("ToolX"), Some(&shell)),
        ("Stop", None, None),
    ];
    for (event, matcher, action) in cases {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let (home, workspace) = (dir.path().join("home"), dir.path().join("ws"));
        let setup = Setup {
            binary: &dir.path().join("bin/agent"),
            home: &home,
            workspace: &workspace,
            base_url: "http://127.0.0.1:9",
            hook_command: "./hook.sh",
            more_commands: &[],
            timeout_s: Some(7),
            first_timeout_s: None,
            also_event: None,
            ask: false,
            every_event: &[],
            action,
            event,
            matcher,
            matcher_as_written: false,
            prompt: "do it",
            final_text: "done",
            repo_hooks: None,
            mcp: None,
        };
        let launch = (driver.setup)(&setup).unwrap_or_else(|e| panic!("{}: {e}", driver.id()));
        let base = dir.path().display().to_string();
        out.push(format!("=== {event} {matcher:?}"));
        files(dir.path(), dir.path(), &mut out);
        out.push(format!("args {:?}", launch.args).replace(&base, "<TMP>"));
        out.push(format!("env {:?}", launch.env).replace(&base, "<TMP>"));
    }
    let write = Action::Write {
        path: "/w/a.txt",
        content: "hi\n",
    };
    out.push(format!("calls shell {:?}", (driver.calls)(&shell)));
    out.push(format!("calls write {:?}", (driver.calls)(&write)));
    out.join("\n")
}

/// A run's folders under a temporary one: the agent, its home, its workspace.
struct Paths {
    binary: std::path::PathBuf,
    home: std::path::PathBuf,
    workspace: std::path::PathBuf,
}

impl Paths {
    fn under(dir: &Path) -> Paths {
        Paths {
            binary: dir.join("bin/agent"),
            home: dir.join("home"),
            workspace: dir.join("ws"),
        }
    }

    /// A PreToolUse hook on the scripted shell call.
    fn shell_setup<'a>(
        &'a self,
        shell: &'a Action<'a>,
        hook_command: &'a str,
        more_commands: &'a [String],
        repo_hooks: Option<super::RepoHooks>,
    ) -> Setup<'a> {
        Setup {
            binary: &self.binary,
            home: &self.home,
            workspace: &self.workspace,
            base_url: "http://127.0.0.1:9",
            hook_command,
            more_commands,
            timeout_s: Some(7),
            first_timeout_s: None,
            also_event: None,
            ask: false,
            every_event: &[],
            action: Some(shell),
            event: "PreToolUse",
            matcher: Some("ToolX"),
            matcher_as_written: false,
            prompt: "do it",
            final_text: "done",
            repo_hooks,
            mcp: None,
        }
    }
}

#[test]
fn every_driver_writes_and_starts_what_it_did() {
    for driver in drivers() {
        insta::assert_snapshot!(format!("live_setup_{}", driver.id()), setups(driver));
    }
}

/// `hookcheck tools` and a missing agent say how to install it: pip for a PyPI pin, npm else.
#[test]
fn each_driver_says_how_to_install_its_pin() {
    let lines: Vec<String> = drivers()
        .map(|d| format!("{}: {}", d.id(), d.install()))
        .collect();
    insta::assert_snapshot!("live_install", lines.join("\n"));
}

/// A spec with several commands: every driver writes each as its own hook on the event, in
/// order, the first with its own timeout (`--first-timeout`), or says it cannot (one script
/// per event); none drops one silently.
#[test]
fn every_driver_writes_each_command_as_its_own_hook_or_refuses() {
    let shell = Action::Shell("touch x");
    let more = ["./second.sh".to_string(), "./third.sh".to_string()];
    let mut lines = Vec::new();
    for driver in drivers() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let paths = Paths::under(dir.path());
        let mut setup = paths.shell_setup(&shell, "./first.sh", &more, None);
        setup.first_timeout_s = Some(3);
        let line = match (driver.setup)(&setup) {
            Err(e) => format!("{}: refuses: {e}", driver.id()),
            Ok(_) => {
                let mut out = Vec::new();
                files(dir.path(), dir.path(), &mut out);
                let all = out.join("\n");
                let at = |s: &str| all.find(s);
                let order = [at("./first.sh"), at("./second.sh"), at("./third.sh")];
                assert!(
                    order.iter().all(Option::is_some) && order.is_sorted(),
                    "{}: {all}",
                    driver.id()
                );
                // The first hook has its own timeout (3 s, in the agent's unit), the rest 7 s.
                let (a, b, c) = (
                    order[0].unwrap_or(0),
                    order[1].unwrap_or(0),
                    order[2].unwrap_or(0),
                );
                assert!(
                    all[a..b].contains(": 3") && !all[a..b].contains(": 7"),
                    "{}: {all}",
                    driver.id()
                );
                assert!(all[b..c].contains(": 7"), "{}: {all}", driver.id());
                format!("{}: three hooks, in order", driver.id())
            }
        };
        lines.push(line);
    }
    insta::assert_snapshot!("live_several_commands", lines.join("\n"));
}

/// `--repo-hooks synced`: the workspace holds the files sync wrote, so no driver writes the
/// hook anywhere (it would run twice); trusted, each keeps the workspace in its trust store
/// where it has one. Pinned per driver: the files each writes.
#[test]
fn no_driver_writes_the_hook_when_the_workspace_holds_the_synced_files() {
    let shell = Action::Shell("touch x");
    let mut lines = Vec::new();
    for driver in drivers() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let paths = Paths::under(dir.path());
        let synced = super::RepoHooks {
            file: super::RepoFile::Synced,
            trusted: true,
            also_user: false,
        };
        let setup = paths.shell_setup(&shell, "./synced-elsewhere.sh", &[], Some(synced));
        (driver.setup)(&setup).unwrap_or_else(|e| panic!("{}: {e}", driver.id()));
        let mut out = Vec::new();
        files(dir.path(), dir.path(), &mut out);
        let all = out.join("\n");
        assert!(
            !all.contains("synced-elsewhere"),
            "{}: wrote the hook: {all}",
            driver.id()
        );
        let names: Vec<&str> = out
            .iter()
            .filter_map(|f| f.lines().next()?.strip_prefix("--- "))
            .collect();
        lines.push(format!("{}: {}", driver.id(), names.join(", ")));
    }
    insta::assert_snapshot!("live_synced_files", lines.join("\n"));
}
