//! What the corpus tests share: a fixture folder copied into a scratch project, the agents'
//! trust stores, a PATH of a few known programs, and `hookcheck` run there.

use std::path::Path;

use serde_json::Value;

use super::Project;

/// Records `root` as trusted in each agent's trust store under `home`, as the agents write it.
pub fn trust(home: &Path, root: &Path) {
    let root = root.display().to_string();
    let write = |path: &str, v: Value| {
        let p = home.join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, v.to_string()).expect("write trust");
    };
    write(
        ".copilot/config.json",
        serde_json::json!({ "trusted_folders": [root] }),
    );
    write(
        ".claude.json",
        serde_json::json!({ "projects": { root.clone(): { "hasTrustDialogAccepted": true } } }),
    );
    write(
        ".gemini/trustedFolders.json",
        serde_json::json!({ root.clone(): "TRUST_FOLDER" }),
    );
    write(
        ".qwen/trustedFolders.json",
        serde_json::json!({ root: "TRUST_FOLDER" }),
    );
}

/// Copies `from` into `to`, keeping each file's mode (scripts stay executable).
pub fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("read fixture folder") {
        let entry = entry.expect("fixture entry");
        let dest = to.join(entry.file_name());
        let kind = entry.file_type().expect("file type");
        if kind.is_dir() {
            std::fs::create_dir_all(&dest).expect("mkdir");
            copy_tree(&entry.path(), &dest);
        } else if kind.is_symlink() {
            let target = std::fs::read_link(entry.path()).expect("read link");
            std::os::unix::fs::symlink(target, &dest).expect("symlink");
        } else {
            std::fs::copy(entry.path(), &dest).expect("copy");
        }
    }
}

/// A folder under the project with links to `programs` (found on this machine's PATH), to be
/// the whole PATH: "not on the PATH" findings are then the same on every machine.
/// The interpreter itself, for a name a version manager may have on the PATH as a shim
/// (pyenv's `python3` is a script that needs `pyenv` on the PATH).
fn interpreter(name: &str) -> Option<std::path::PathBuf> {
    if name != "python3" {
        return None;
    }
    let out = std::process::Command::new(name)
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()?;
    let path = String::from_utf8(out.stdout).ok()?;
    Some(std::path::PathBuf::from(path.trim())).filter(|p| p.is_file())
}

pub fn bin(p: &Project, programs: &[&str]) -> std::path::PathBuf {
    let dir = p.root().join(".test-bin");
    std::fs::create_dir_all(&dir).expect("mkdir bin");
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in programs {
        let found = std::env::split_paths(&path)
            .map(|d| d.join(name))
            .find(|f| f.is_file())
            .unwrap_or_else(|| panic!("{name} is not on the PATH"));
        std::os::unix::fs::symlink(interpreter(name).unwrap_or(found), dir.join(name))
            .expect("link");
    }
    dir
}

/// `hookcheck ARGS` in the project with the corpus PATH: (exit status, stdout).
pub fn run(p: &Project, bin: &Path, args: &[&str]) -> (i32, String, String) {
    let out = p
        .command()
        .env("PATH", bin)
        .args(args)
        .output()
        .expect("run hookcheck");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every finding names its file and line, the agent, what the agent does and how to fix it.
pub fn every_finding_is_placed_and_says_what_to_do(p: &Project, bin: &Path, case: &str) {
    let (_, out, _) = run(p, bin, &["lint", "--format", "json"]);
    let findings: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{case}: {e}"));
    for f in findings["findings"].as_array().expect("lint findings") {
        let text = |k: &str| f[k].as_str().is_some_and(|s| !s.trim().is_empty());
        assert!(
            text("file") && f["line"].as_u64().is_some_and(|l| l >= 1),
            "{case}: unplaced {f}"
        );
        assert!(text("agent"), "{case}: no agent in {f}");
        assert!(
            text("message") && text("fix"),
            "{case}: no message or fix in {f}"
        );
        // What the agent does: the message names it.
        let agent = f["agent"].as_str().unwrap_or_default();
        // An agent's name, or a lower-case last word people call it by ("droid" for Factory
        // droid; not "Code" or "CLI").
        let names: Vec<String> = std::iter::once(agent.to_string())
            .chain(hookcheck::tools::ids().map(hookcheck::help::name))
            .flat_map(|n| {
                let last = n
                    .rsplit_once(' ')
                    .map(|(_, w)| w.to_string())
                    .filter(|w| w.starts_with(|c: char| c.is_lowercase()));
                std::iter::once(n).chain(last)
            })
            .collect();
        assert!(
            names
                .iter()
                .any(|n| f["message"].as_str().unwrap_or_default().contains(n)),
            "{case}: the message does not say what the agent does: {f}"
        );
    }
}
