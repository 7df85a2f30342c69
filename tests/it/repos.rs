//! The real-repository corpus (issue 27): hook files as public repositories commit them, at a
//! pinned commit, in `fixtures/repos/<owner>--<name>/tree/`: the hook entries word for word,
//! and for the scripts they run, stand-ins of our own that do what the original does where
//! hookcheck can see it (the repositories' code stays theirs). Each has its `case.yaml`
//! (where it comes from, its formats, `lint`'s exit status, and why each finding is right). Each is run through `list --installed`, `lint` and `sweep --installed`
//! on a PATH of a few known programs, and what they print is pinned in one snapshot per
//! repository (`tests/it/snapshots/it__repos__*.snap`). A defect found on a real file becomes a
//! repository here, or a row of one.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::Project;
use common::corpus::{bin, copy_tree, every_finding_is_placed_and_says_what_to_do, run, trust};
use serde::Deserialize;

/// A repository's `case.yaml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    /// `owner/name` on GitHub.
    repo: String,
    /// The commit the files are copied from (40 hex digits).
    commit: String,
    /// When they were copied (YYYY-MM-DD).
    fetched: String,
    /// The repository's licence, as its licence file names it ("none stated" when it has none).
    license: String,
    /// The hook-file formats it holds (`claude-settings`, `copilot-hooks`, ...).
    formats: Vec<String>,
    /// Every file under `tree/`, by its path in the repository, with what it is: the hook file
    /// as committed (its hook entries word for word, settings hookcheck does not read left
    /// out), or a stand-in of hookcheck's own for a script, saying what the original does.
    files: std::collections::BTreeMap<String, String>,
    /// `lint`'s exit status.
    lint: i32,
    /// Triggers to run the installed hooks on, each the words after `run --installed`
    /// (`[--bash, "git push -f"]`), printed as text in the snapshot.
    #[serde(default)]
    runs: Vec<Vec<String>>,
    /// Why each finding in the snapshot is right, or why the files have none.
    judged: String,
}

/// The programs the hooks may find: the whole PATH, the same on every machine.
const PROGRAMS: &[&str] = &["sh", "bash", "cat", "grep", "node", "python3", "jq"];

/// The least the corpus holds (issue 27).
const REPOSITORIES: usize = 40;
const FORMATS: usize = 12;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/repos")
}

/// Every repository folder, in name order.
fn folders() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(corpus())
        .expect("fixtures/repos")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

fn case(folder: &str) -> Case {
    let path = corpus().join(folder).join("case.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{folder}: {e}"));
    serde_saphyr::from_str(&text).unwrap_or_else(|e| panic!("{folder}/case.yaml: {e}"))
}

/// Every file under `dir`, by its path from `dir`.
fn files_under(dir: &Path, from: &Path, out: &mut BTreeSet<String>) {
    for e in std::fs::read_dir(dir).expect("read dir").flatten() {
        let path = e.path();
        if path.is_dir() {
            files_under(&path, from, out);
        } else {
            let rel = path.strip_prefix(from).expect("under tree");
            out.insert(rel.display().to_string());
        }
    }
}

#[test]
fn every_repository_is_pinned_and_judged() {
    let folders = folders();
    let mut formats = BTreeSet::new();
    let mut wrong = Vec::new();
    let date = regex::Regex::new(r"^\d{4}-\d{2}-\d{2}$").expect("regex");
    for folder in &folders {
        let c = case(folder);
        formats.extend(c.formats.iter().cloned());
        let (owner, name) = c.repo.split_once('/').unwrap_or_default();
        if folder != &format!("{owner}--{name}") {
            wrong.push(format!("{folder}: the folder is not `{owner}--{name}`"));
        }
        if c.commit.len() != 40 || !c.commit.bytes().all(|b| b.is_ascii_hexdigit()) {
            wrong.push(format!(
                "{folder}: commit `{}` is not 40 hex digits",
                c.commit
            ));
        }
        if !date.is_match(&c.fetched) {
            wrong.push(format!(
                "{folder}: fetched `{}` is not YYYY-MM-DD",
                c.fetched
            ));
        }
        for (field, text) in [("license", &c.license), ("judged", &c.judged)] {
            if text.trim().is_empty() {
                wrong.push(format!("{folder}: `{field}` is empty"));
            }
        }
        if c.formats.is_empty() {
            wrong.push(format!("{folder}: no formats"));
        }
        let tree = corpus().join(folder).join("tree");
        let mut held = BTreeSet::new();
        files_under(&tree, &tree, &mut held);
        let listed: BTreeSet<String> = c.files.keys().cloned().collect();
        for (file, what) in &c.files {
            if what.trim().is_empty() {
                wrong.push(format!("{folder}: `{file}` does not say what it is"));
            }
        }
        if held != listed {
            wrong.push(format!(
                "{folder}: tree/ holds {held:?}, case.yaml lists {listed:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(
        folders.len() >= REPOSITORIES && formats.len() >= FORMATS,
        "{} repositories in {} formats ({formats:?}): the corpus holds at least {REPOSITORIES} in {FORMATS}",
        folders.len(),
        formats.len()
    );
}

#[test]
fn every_repository_prints_what_each_agent_does() {
    // The repositories are independent: a few at once, the snapshots compared as each ends.
    let folders = folders();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let wrong: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..3)
            .map(|_| {
                scope.spawn(|| {
                    let mut wrong = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(folder) = folders.get(i) else {
                            return wrong;
                        };
                        let (shown, lint) = shown(folder);
                        wrong.extend(lint);
                        insta::assert_snapshot!(folder.as_str(), shown);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    });
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What hookcheck prints on one repository, and what is wrong with its `lint` status.
fn shown(folder: &str) -> (String, Option<String>) {
    let c = case(folder);
    let p = Project::new();
    copy_tree(&corpus().join(folder).join("tree"), p.root());
    trust(&p.root().join(".test-home"), p.root());
    let bin = bin(&p, PROGRAMS);
    let mut shown = format!("{} at {}\n\n", c.repo, c.commit);
    let mut wrong = None;
    for args in [
        &["list", "--installed"][..],
        &["lint"],
        &["sweep", "--installed"],
    ] {
        let (code, out, err) = run(&p, &bin, args);
        if args == ["lint"] && code != c.lint {
            wrong = Some(format!(
                "{folder}: lint exited {code}, case.yaml says {}\n{out}{err}",
                c.lint
            ));
        }
        shown.push_str(&format!(
            "$ hookcheck {}   (exit {code})\n{out}{err}\n",
            args.join(" ")
        ));
    }
    for trigger in &c.runs {
        let mut args = vec!["run", "--installed"];
        args.extend(trigger.iter().map(String::as_str));
        let (code, out, err) = run(&p, &bin, &args);
        shown.push_str(&format!(
            "$ hookcheck {}   (exit {code})\n{out}{err}\n",
            args.join(" ")
        ));
    }
    every_finding_is_placed_and_says_what_to_do(&p, &bin, folder);
    (common::stable(&shown, &p), wrong)
}
