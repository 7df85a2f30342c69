//! The corpus: hook files in the shapes real projects commit (`fixtures/corpus/<case>/`), each
//! run through `list --installed`, `lint` and `run --installed`, with what they print pinned in
//! one snapshot per case. Each case is a defect hookcheck once missed (issue 14): its snapshot
//! and its row's facts fail if the defect comes back.

use crate::common;

use std::path::Path;

use common::corpus::{bin, copy_tree, every_finding_is_placed_and_says_what_to_do, run, trust};
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
    // One dispatcher run from two Copilot files, written two ways (`bin/x.sh pre-tool`,
    // `./bin/x.sh 'pre-tool'`): doubles by what runs, placed at the lines of the two handlers,
    // not at the agent's first handler (issue 14).
    Case {
        name: "copilot-doubles",
        dir: "copilot-doubles",
        trusted: true,
        runs: &[("--bash", "ls", "copilot")],
        decisions: &[&[("copilot", "allow")]],
        lint_code: 0,
    },
    // `"$CLAUDE_PROJECT_DIR"/…` in a Claude file that Copilot CLI also loads: the docs read
    // for issue 14 gave Copilot no CLAUDE_PROJECT_DIR, but the real Copilot CLI 1.0.102 sets
    // it for every hook (fixtures/live/inputs/copilot--*.json, captured 2026-12-01), so both
    // agents run the guard and nothing is wrong with the file (issue 12).
    Case {
        name: "claude-dir-under-copilot",
        dir: "claude-dir-under-copilot",
        trusted: true,
        runs: &[("--bash", "ls", "copilot,claude")],
        decisions: &[&[("copilot", "allow"), ("claude", "allow")]],
        lint_code: 0,
    },
    // Scripts and programs that are not there, in the forms the agents' docs recommend; a
    // script committed without its executable bit; a guard that reads `$1` (issue 14).
    Case {
        name: "missing-scripts",
        dir: "missing-scripts",
        trusted: true,
        runs: &[("--bash", "ls", "claude,gemini")],
        decisions: &[&[("claude", "block"), ("gemini", "block")]],
        lint_code: 1,
    },
    // One malformed entry: Gemini CLI discards it and runs the rest (hookRegistry.ts), so the
    // guard still blocks; hookcheck used to drop the whole file (issue 14).
    Case {
        name: "gemini-one-bad-entry",
        dir: "gemini-one-bad-entry",
        trusted: true,
        runs: &[("--bash", "rm -rf build", "gemini")],
        decisions: &[&[("gemini", "block")]],
        lint_code: 1,
    },
    // One Latin-1 byte: Node-based agents decode the file with U+FFFD and run its hooks;
    // hookcheck used to treat it as absent (issue 14).
    Case {
        name: "latin1-settings",
        dir: "latin1-settings",
        trusted: true,
        runs: &[("--bash", "rm -rf build", "claude,copilot")],
        decisions: &[&[("claude", "block"), ("copilot", "block")]],
        lint_code: 0,
    },
    // A repository that is a Claude Code plugin: its `hooks/hooks.json`, with
    // `${CLAUDE_PLUGIN_ROOT}` set to the plugin's folder, loaded by Claude Code and by Copilot
    // CLI, which takes `.claude-plugin/plugin.json` as a plugin manifest too (real agent:
    // fixtures/live/plugins/copilot.json).
    Case {
        name: "claude-plugin",
        dir: "claude-plugin",
        trusted: true,
        runs: &[("--bash", "rm -rf build", "claude,copilot")],
        decisions: &[&[("claude", "block"), ("copilot", "block")]],
        lint_code: 1,
    },
    // Kiro IDE hooks: one `.kiro.hook` file each; only `runCommand` runs a command.
    Case {
        name: "kiro-ide",
        dir: "kiro-ide",
        trusted: true,
        // Kiro documents no tool input for --bash: the IDE 1.x payload shape, as captured.
        runs: &[("--payload", "payload.json", "kiro")],
        decisions: &[&[("kiro", "block")]],
        lint_code: 1,
    },
    // Inline commands (`node .cursor/hooks/guard.mjs`, `bash x.sh`, `cd dir && sh x.sh`) for
    // the agents whose docs show script paths only: run on the stated `sh -c` assumption and
    // not counted, where hookcheck used to refuse them (issue 14). agy 1.0.x, which starts the
    // command with no shell, is a note.
    Case {
        name: "inline-commands",
        dir: "inline-commands",
        trusted: true,
        runs: &[
            ("--bash", "rm -rf build", "cursor,windsurf,antigravity"),
            ("--payload", "payload.json", "kiro"),
        ],
        decisions: &[
            &[
                ("cursor", "block"),
                ("windsurf", "block"),
                ("antigravity", "block"),
            ],
            &[("kiro", "block")],
        ],
        lint_code: 0,
    },
    // Windsurf Cascade's own `.windsurf/hooks.json`: snake_case events, no matchers (a
    // `matcher` is ignored), only exit 2 on a pre-hook blocks and a JSON `decision` is not
    // read; hookcheck used not to read the file at all (issue 14).
    Case {
        name: "windsurf-cascade",
        dir: "windsurf-cascade",
        trusted: true,
        runs: &[
            ("--bash", "rm -rf build", "windsurf-cascade"),
            ("--edit", ".github/workflows/ci.yml", "windsurf-cascade"),
        ],
        decisions: &[
            &[("windsurf-cascade", "block")],
            &[("windsurf-cascade", "allow")],
        ],
        lint_code: 1,
    },
    // VS Code reads `.github/hooks/*.json` and Claude's settings, and ignores matchers: a
    // Claude guard meant for `Write|Edit` blocks a terminal command there, while Claude Code
    // never fires it and Copilot CLI (its own matcher rules) does not either (issue 14).
    Case {
        name: "vscode-matchers",
        dir: "vscode-matchers",
        trusted: true,
        runs: &[("--bash", "ls", "vscode,claude,copilot")],
        decisions: &[&[
            ("vscode", "block"),
            ("claude", "allow"),
            ("copilot", "allow"),
        ]],
        lint_code: 0,
    },
    // rulesync's source asks Copilot for a `Bash` guard; rulesync's Copilot output skips
    // every hook with a matcher (copilot-hooks.ts `if (def.matcher) continue;`), the real
    // case of issue 14. Copilot still blocks here only through its cross-read of Claude's file.
    Case {
        name: "rulesync-copilot-dropped",
        dir: "rulesync-copilot-dropped",
        trusted: true,
        runs: &[("--bash", "rm -rf build", "claude,copilot")],
        decisions: &[&[("claude", "block"), ("copilot", "block")]],
        lint_code: 1,
    },
    // The source's `Bash` matcher copied into Gemini CLI's settings: Gemini has no `Bash`
    // tool, so its guard never fires while Claude Code's does.
    Case {
        name: "rulesync-copied-matcher",
        dir: "rulesync-copied-matcher",
        trusted: true,
        runs: &[("--bash", "rm -rf build", "claude,gemini")],
        decisions: &[&[("claude", "block"), ("gemini", "allow")]],
        lint_code: 1,
    },
    // A real agent-harness-adapter 0.2.2 run (fixtures/corpus/aha-generated/README.md):
    // `.agents/hooks.json` is the adapter's source (its config says so), not Antigravity's own
    // file; each agent runs one dispatch hook per event, and the dispatcher is not installed
    // here, so each is a missing program (Gemini CLI blocks on the exit 127, Claude Code goes
    // ahead); the source's `Notification` hook runs nowhere.
    Case {
        name: "aha-generated",
        dir: "aha-generated",
        trusted: true,
        runs: &[("--bash", "rm -rf build", "claude,gemini")],
        decisions: &[&[("claude", "error"), ("gemini", "block")]],
        lint_code: 0,
    },
    // A `Stop` hook added to the adapter's source after `agent-harness-adapter install`
    // (the generator's `status` says "stale"): no agent's file dispatches Stop yet.
    Case {
        name: "aha-dropped",
        dir: "aha-dropped",
        trusted: true,
        runs: &[],
        decisions: &[],
        lint_code: 1,
    },
    // The adapter's Gemini dispatch timeout edited by hand to `10` (Claude Code's seconds):
    // Gemini CLI reads 10 ms, and `install` leaves a part edited by hand alone.
    Case {
        name: "aha-timeout-unit",
        dir: "aha-timeout-unit",
        trusted: true,
        runs: &[],
        decisions: &[],
        lint_code: 1,
    },
    // The source's 30 s written as Gemini CLI's `timeout: 30`, which Gemini reads as 30 ms.
    // No run: a 30 ms limit makes the guard's verdict depend on the machine's speed.
    Case {
        name: "rulesync-timeout-unit",
        dir: "rulesync-timeout-unit",
        trusted: true,
        runs: &[],
        decisions: &[],
        lint_code: 1,
    },
];

/// The programs the corpus's hooks use: the whole PATH.
const PROGRAMS: &[&str] = &["sh", "bash", "cat", "grep", "node"];

fn project(dir: &str) -> Project {
    let p = Project::new();
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/corpus")
        .join(dir);
    copy_tree(&from, p.root());
    p
}

/// A `run --installed` JSON report in a few lines: per target the decision and event, what it
/// assumed, each command with its decision and exit, then the warnings and notes.
fn summary(v: &Value) -> String {
    let s = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Null => "-".into(),
        other => other.to_string(),
    };
    let mut out = String::new();
    for t in v["agents"].as_array().into_iter().flatten() {
        out.push_str(&format!(
            "{}: {} (event {})\n",
            s(&t["agent"]),
            s(&t["decision"]),
            s(&t["event"])
        ));
        // What the result rests on: it is counted only with --include-assumed.
        let assumed: Vec<String> = t["assumptions"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|a| s(&a["item"]))
            .collect();
        if !assumed.is_empty() {
            out.push_str(&format!("  assumed: {}\n", assumed.join(", ")));
        }
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
        let bin = bin(&p, PROGRAMS);
        let mut shown = String::new();
        let (code, list, _) = run(&p, &bin, &["list", "--installed"]);
        shown.push_str(&format!(
            "$ hookcheck list --installed   (exit {code})\n{list}"
        ));
        let (code, lint, _) = run(&p, &bin, &["lint"]);
        assert_eq!(code, case.lint_code, "{}: {lint}", case.name);
        every_finding_is_placed_and_says_what_to_do(&p, &bin, case.name);
        shown.push_str(&format!("\n$ hookcheck lint   (exit {code})\n{lint}"));
        for ((flag, value, targets), want) in case.runs.iter().zip(case.decisions) {
            let args = [
                "run",
                "--installed",
                flag,
                value,
                "-t",
                targets,
                "--format",
                "json",
            ];
            let (code, out, err) = run(&p, &bin, &args);
            let v: Value = serde_json::from_str(&out)
                .unwrap_or_else(|e| panic!("{}: {e}: {out}{err}", case.name));
            for (id, decision) in *want {
                assert_eq!(
                    target(&v, id)["decision"],
                    *decision,
                    "{} {id}: {}",
                    case.name,
                    summary(&v)
                );
            }
            shown.push_str(&format!(
                "\n$ hookcheck run --installed {flag} '{value}' -t {targets}   (exit {code})\n{}",
                summary(&v)
            ));
        }
        let shown = shown.replace(&root, "[root]");
        insta::assert_snapshot!(case.name, shown);
    }
}

/// `list --installed --format json` in the project, which succeeds and says nothing on stderr.
fn listed(p: &Project, bin: &Path) -> Value {
    let (code, stdout, stderr) = run(p, bin, &["list", "--installed", "--format", "json"]);
    assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
    serde_json::from_str(&stdout).expect("JSON")
}

/// `list --installed --format json` names a generator's canonical source, as the text does, so
/// a script sees that `.rulesync/hooks.jsonc` is no agent's own file but what they are made from.
#[test]
fn list_installed_json_names_the_canonical_sources() {
    let p = project("rulesync-copilot-dropped");
    let bin = bin(&p, PROGRAMS);
    let v = listed(&p, &bin);
    assert_eq!(
        v["sources"],
        serde_json::json!([{
            "file": ".rulesync/hooks.jsonc",
            "generator": "rulesync",
            "generates": ["claude", "copilot"]
        }])
    );
    // A project with no generator says so with an empty list, not a missing field.
    let plain = project("copilot-cross-read");
    let v = listed(&plain, &bin);
    assert_eq!(v["sources"], serde_json::json!([]));
}

/// The adapter's source is named in `sources`; without the adapter's config the same
/// `.agents/hooks.json` is Antigravity's own file again, read as Antigravity reads it.
#[test]
fn the_adapters_source_is_its_own_only_with_its_config() {
    let p = project("aha-dropped");
    let bin = bin(&p, PROGRAMS);
    let v = listed(&p, &bin);
    assert_eq!(
        v["sources"],
        serde_json::json!([{
            "file": ".agents/hooks.json",
            "generator": "agent-harness-adapter",
            "generates": ["claude", "copilot", "gemini"]
        }])
    );
    let files = |v: &Value, agent: &str| -> Vec<String> {
        v["handlers"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|h| h["agent"] == agent)
            .map(|h| h["file"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    assert_eq!(files(&v, "antigravity"), Vec::<String>::new());
    std::fs::remove_file(p.root().join(".agents/agent-harness-adapter.toml")).expect("rm config");
    let v = listed(&p, &bin);
    assert_eq!(v["sources"], serde_json::json!([]));
    assert_eq!(
        files(&v, "antigravity"),
        [
            ".agents/hooks.json",
            ".agents/hooks.json",
            ".agents/hooks.json"
        ]
    );
}

/// A result's rule, file and line.
type Placed = (&'static str, &'static str, u64);

/// The adapter's drift in SARIF, valid against the vendored SARIF 2.1.0 schema: each
/// `generator-*` result with its rule, file and line, as the text places them.
#[test]
fn the_adapters_drift_is_in_sarif() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/reference/sarif/sarif-schema-2.1.0.json"
    );
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("schema")).expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    // Copilot CLI and VS Code (and Devin CLI, when installed for) load Claude Code's dispatch
    // too: each event's dispatch twice, placed at the cross-read one.
    const TWICE: &str = "generator-dispatched-twice";
    const CLAUDE: &str = ".claude/settings.json";
    let twice: &[Placed] = &[(TWICE, CLAUDE, 8), (TWICE, CLAUDE, 19)];
    let cases: Vec<(&str, Vec<Placed>)> = vec![
        (
            "aha-generated",
            [
                &[("generator-unrun-hook", ".agents/hooks.json", 11)][..],
                twice,
                twice,
                twice,
            ]
            .concat(),
        ),
        (
            "aha-dropped",
            [
                twice,
                twice,
                &[("generator-dropped-hook", ".agents/hooks.json", 10); 3][..],
            ]
            .concat(),
        ),
        (
            "aha-timeout-unit",
            [
                twice,
                twice,
                &[("generator-timeout-unit", ".gemini/settings.json", 19)][..],
            ]
            .concat(),
        ),
    ];
    for (dir, want) in &cases {
        let p = project(dir);
        let bin = bin(&p, PROGRAMS);
        let (code, out, _) = run(&p, &bin, &["lint", "--format", "sarif"]);
        assert_eq!(code, if *dir == "aha-generated" { 0 } else { 1 }, "{dir}");
        let log: Value = serde_json::from_str(&out).expect("SARIF is JSON");
        assert!(validator.is_valid(&log), "{dir}: {log}");
        let got: Vec<(String, String, u64)> = log["runs"][0]["results"]
            .as_array()
            .expect("results")
            .iter()
            .filter(|r| {
                r["ruleId"]
                    .as_str()
                    .is_some_and(|id| id.starts_with("generator-") && id != "generator-source")
            })
            .map(|r| {
                let loc = &r["locations"][0]["physicalLocation"];
                (
                    r["ruleId"].as_str().unwrap_or_default().to_string(),
                    loc["artifactLocation"]["uri"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string(),
                    loc["region"]["startLine"].as_u64().unwrap_or_default(),
                )
            })
            .collect();
        let want: Vec<(String, String, u64)> = want
            .iter()
            .map(|(r, f, l)| (r.to_string(), f.to_string(), *l))
            .collect();
        assert_eq!(got, want, "{dir}");
    }
}
