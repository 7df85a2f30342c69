//! Counts what each agent was verified against live, from the recorded fixtures under
//! fixtures/live (bash cases, campaign cells, situations, captured inputs), so `hookcheck tools` says it
//! from the records and no one types the numbers. Writes `$OUT_DIR/verified_live.rs`.
//!
//! Also sets `HOOKCHECK_VERSION` for `hookcheck --version`: the crate's version and the commit
//! it was built from (`git rev-parse --short HEAD`), or "unknown" outside a git checkout (a
//! crates.io download). It never fails the build.

use std::collections::BTreeMap;
use std::path::Path;

/// What the records say of one agent.
#[derive(Default)]
struct Agent {
    /// The version the newest record reports (campaign first, then inputs, then bash cases).
    version: String,
    /// The newest day any record was made.
    date: String,
    bash_cases: usize,
    campaign_cells: usize,
    /// Campaign cells per situation, in the situations' name order.
    by_situation: BTreeMap<String, usize>,
    situations: usize,
    inputs: usize,
}

/// Adds a record's count to the right kind.
type Add = fn(&mut Agent, usize);

/// Every `*.json` file of `dir` and of its folders (the campaign's situations) parsed, in name
/// order (none when the folder is missing).
fn records(dir: &Path) -> Vec<serde_json::Value> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    let folders: Vec<_> = paths.iter().filter(|p| p.is_dir()).cloned().collect();
    for f in folders {
        paths.extend(
            std::fs::read_dir(f)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path()),
        );
    }
    let mut paths: Vec<_> = paths
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let text =
                std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        })
        .collect()
}

/// The crate's folder, as cargo gives it to this run. Not `env!`: that is the folder this
/// script was compiled in, and cargo reuses a compiled build script for a copy of the crate
/// elsewhere (pre-commit's clone and this checkout share a target folder in CI), which then
/// asked git about a folder that was gone and printed "unknown".
fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_default()
}

/// Runs git in the crate's folder; its trimmed output when it succeeds.
fn git(args: &[&str]) -> Option<String> {
    let out = std::process::Command::new("git")
        .args(args)
        .current_dir(manifest_dir())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

/// The short commit this crate is built from, when its folder is a git checkout's top (not
/// a packaged copy inside another checkout, as `cargo package` builds under target/package).
/// Asks cargo to rebuild when HEAD moves.
fn commit() -> Option<String> {
    let top = git(&["rev-parse", "--show-toplevel"])?;
    let here = manifest_dir().canonicalize().ok()?;
    if Path::new(&top).canonicalize().ok()? != here {
        return None;
    }
    let mut watch = vec!["HEAD".to_string()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watch.push(branch);
    }
    watch.push("packed-refs".into());
    for w in watch {
        if let Some(path) = git(&["rev-parse", "--git-path", &w]) {
            let path = here.join(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    git(&["rev-parse", "--short", "HEAD"])
}

fn main() {
    let commit = commit().unwrap_or_else(|| "unknown".into());
    println!(
        "cargo:rustc-env=HOOKCHECK_VERSION={} ({commit})",
        env!("CARGO_PKG_VERSION")
    );
    let live = Path::new("fixtures/live");
    println!("cargo:rerun-if-changed=fixtures/live");
    println!("cargo:rerun-if-changed=build.rs");
    let mut agents: BTreeMap<String, Agent> = BTreeMap::new();
    // Later kinds do not replace a version an earlier kind gave.
    let mut kinds: Vec<(String, Add)> = Vec::new();
    // The campaign, one folder per situation (the shell call first: its records came first).
    let campaign = live.join("campaign/observations");
    let mut situations: Vec<String> = std::fs::read_dir(&campaign)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    situations.sort_by_key(|s| (s != "shell", s.clone()));
    for s in situations {
        kinds.push((format!("campaign/observations/{s}"), |a, n| {
            a.campaign_cells += n
        }));
    }
    kinds.push(("situations/observations".into(), |a, n| a.situations += n));
    kinds.push(("inputs".into(), |a, n| a.inputs += n));
    kinds.push(("observations".into(), |a, n| a.bash_cases += n));
    for (dir, add) in kinds {
        for r in records(&live.join(&dir)) {
            let Some(id) = r["agent"].as_str() else {
                continue;
            };
            let a = agents.entry(id.to_string()).or_default();
            let n = r["cells"].as_array().map_or(1, Vec::len);
            add(a, n);
            if let Some(s) = dir.strip_prefix("campaign/observations/") {
                *a.by_situation.entry(s.to_string()).or_default() += n;
            }
            if a.version.is_empty() {
                a.version = r["version"].as_str().unwrap_or_default().to_string();
            }
            let date = r["date"].as_str().unwrap_or_default();
            if date > a.date.as_str() {
                a.date = date.to_string();
            }
        }
    }
    let mut out = String::from("&[\n");
    for (id, a) in &agents {
        let mut by: Vec<(&String, &usize)> = a.by_situation.iter().collect();
        by.sort_by_key(|(s, _)| (s.as_str() != "shell", s.as_str()));
        let by: Vec<String> = by.iter().map(|(s, n)| format!("({s:?}, {n})")).collect();
        out.push_str(&format!(
            "    Verified {{ agent: {id:?}, version: {:?}, date: {:?}, bash_cases: {}, campaign_cells: {}, campaign: &[{}], situations: {}, inputs: {} }},\n",
            a.version, a.date, a.bash_cases, a.campaign_cells, by.join(", "), a.situations, a.inputs
        ));
    }
    out.push_str("]\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("verified_live.rs");
    std::fs::write(dest, out).expect("write verified_live.rs");
}
