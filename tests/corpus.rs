//! The corpus: hook files in the shapes real projects commit (`fixtures/corpus/<case>/`), each
//! run through `list --installed`, `lint` and `run --installed`, with what they print pinned in
//! one snapshot per case. Each case is a defect hookcheck once missed (issue 14): its snapshot
//! and its row's facts fail if the defect comes back.

mod common;

use std::path::Path;

use common::{Project, target};
use serde_json::Value;

/// One case: its folder, the `run --installed` calls (trigger flag, value, targets), and
/// each call's expected decision per target.
struct Case {
    /// The snapshot's name.
    name: &'static str,
    /// The folder under `fixtures/corpus/`.
    dir: &'static str,
    /// Record the project as trusted where each agent keeps trust (in the test's HOME).
    trusted: bool,
    runs: &'static [(&'static str, &'static str, &'static str)],
    decisions: &'static [&'static [(&'static str, &'static str)]],
    /// `lint`'s exit status.
    lint_code: i32,
}

const CASES: &[Case] = &[
    // Copilot CLI 1.0.102 runs `.github/hooks/*.json` and `.claude/settings.json` on one call;
    // a deny in either blocks (issue 14). `PreToolUse` and `preToolUse` are one event.
    Case {
        name: "copilot-cross-read",
        dir: "copilot-cross-read",
        trusted: false,
        runs: &[("--bash", "rm -rf build", "copilot,claude")],
        decisions: &[&[("copilot", "block"), ("claude", "block")]],
        lint_code: 0,
    },
    // The same project once trusted where Copilot CLI and Claude Code keep trust: no trust
    // warning, and `lint` has nothing to say.
    Case {
        name: "copilot-cross-read-trusted",
        dir: "copilot-cross-read",
        trusted: true,
        runs: &[("--bash", "rm -rf build", "copilot,claude")],
        decisions: &[&[("copilot", "block"), ("claude", "block")]],
        lint_code: 0,
    },
];

/// Records `root` as trusted in each agent's trust store under `home`, as the agents write it.
fn trust(home: &Path, root: &Path) {
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
fn copy_tree(from: &Path, to: &Path) {
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

fn project(dir: &str) -> Project {
    let p = Project::new();
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/corpus")
        .join(dir);
    copy_tree(&from, p.root());
    p
}

/// A `run --installed` JSON report in a few lines: per target the decision and event, each
/// command with its decision and exit, then the warnings and notes.
fn summary(v: &Value) -> String {
    let s = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Null => "-".into(),
        other => other.to_string(),
    };
    let mut out = String::new();
    for t in v["targets"].as_array().into_iter().flatten() {
        out.push_str(&format!(
            "{}: {} (event {})\n",
            s(&t["target"]),
            s(&t["decision"]),
            s(&t["event"])
        ));
        if !t["reason"].is_null() {
            out.push_str(&format!("  reason: {}\n", s(&t["reason"])));
        }
        for c in t["commands"].as_array().into_iter().flatten() {
            out.push_str(&format!(
                "  command: {} -> {} (exit {})\n",
                s(&c["command"]),
                s(&c["decision"]),
                s(&c["exit_code"])
            ));
        }
        for w in t["warnings"].as_array().into_iter().flatten() {
            out.push_str(&format!("  warning: {}\n", s(w)));
        }
        for n in t["notes"].as_array().into_iter().flatten() {
            out.push_str(&format!("  note: {}\n", s(n)));
        }
    }
    out
}

#[test]
fn corpus_cases_print_what_each_agent_does() {
    for case in CASES {
        let p = project(case.dir);
        if case.trusted {
            trust(&p.root().join(".test-home"), p.root());
        }
        let root = p.root().display().to_string();
        let mut shown = String::new();
        let list = p.run(&["list", "--installed"]);
        shown.push_str(&format!(
            "$ hookcheck list --installed   (exit {})\n{}",
            list.code(),
            list.stdout()
        ));
        let lint = p.run(&["lint"]);
        assert_eq!(
            lint.code(),
            case.lint_code,
            "{}: {}",
            case.dir,
            lint.stdout()
        );
        shown.push_str(&format!(
            "\n$ hookcheck lint   (exit {})\n{}",
            lint.code(),
            lint.stdout()
        ));
        for ((flag, value, targets), want) in case.runs.iter().zip(case.decisions) {
            let run = p.run(&[
                "run",
                "--installed",
                flag,
                value,
                "-t",
                targets,
                "--format",
                "json",
            ]);
            let v: Value = serde_json::from_str(&run.stdout())
                .unwrap_or_else(|e| panic!("{}: {e}: {}{}", case.dir, run.stdout(), run.stderr()));
            for (id, decision) in *want {
                assert_eq!(
                    target(&v, id)["decision"],
                    *decision,
                    "{} {id}: {}",
                    case.dir,
                    summary(&v)
                );
            }
            shown.push_str(&format!(
                "\n$ hookcheck run --installed {flag} '{value}' -t {targets}   (exit {})\n{}",
                run.code(),
                summary(&v)
            ));
        }
        let shown = shown.replace(&root, "[root]");
        insta::assert_snapshot!(case.name, shown);
    }
}
