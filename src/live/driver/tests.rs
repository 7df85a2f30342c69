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
            timeout_s: 7,
            action,
            event,
            matcher,
            prompt: "do it",
            final_text: "done",
            repo_hooks: None,
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
