//! Every JSON output against the schema `hookcheck schema KIND` prints for it: real output of
//! the built binary, one vocabulary (`agents[].agent`), each validated.

use crate::common;

use common::{Project, guard};
use serde_json::Value;

fn project() -> Project {
    Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\ntimeout: 10\n",
        )
        .spec("bad", "event: PreToolUse\nmatchr: Bash\ncommand: x\n")
        .script("hooks/g.sh", &guard("rm -rf"))
        .file(
            ".hookcheck/cases.yaml",
            "cases:\n  - name: blocked\n    hook: g\n    bash: rm -rf x\n    expect: block\n    targets: [claude, codex]\n",
        )
        .file(
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./hooks/g.sh", "timeout": 0}]}]}}"#,
        )
        .file(".gemini/settings.json", "{\"hooks\": [")
        .script(
            "fake-agent",
            "#!/bin/sh\nexit 0\n",
        )
}

fn schema(p: &Project, kind: &str) -> jsonschema::Validator {
    let run = p.run(&["schema", kind]);
    assert_eq!(run.code(), 0, "{kind}: {}", run.stderr());
    let schema: Value = serde_json::from_str(&run.stdout()).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("a valid schema")
}

#[test]
fn every_json_output_matches_its_schema() {
    let p = project();
    let fake = p.root().join("fake-agent").display().to_string();
    let outputs: Vec<(&str, Vec<&str>)> = vec![
        (
            "run",
            vec![
                "run",
                "g",
                "--bash",
                "rm -rf x",
                "-t",
                "claude,codex,opencode",
            ],
        ),
        ("dry-run", vec!["run", "g", "--bash", "ls", "--dry-run"]),
        ("error", vec!["run", "nope", "--bash", "ls"]),
        ("test", vec!["test"]),
        ("list", vec!["list"]),
        ("list-installed", vec!["list", "--installed"]),
        ("tools", vec!["tools"]),
        ("tools", vec!["tools", "claude"]),
        ("tools", vec!["tools", "--fields"]),
        (
            "run",
            vec!["run", "g", "--read", ".env", "-t", "claude,crush,gemini"],
        ),
        ("lint", vec!["lint"]),
        ("sweep", vec!["sweep", "g", "-t", "claude,gemini"]),
        (
            "live",
            vec![
                "live",
                "g",
                "--bash",
                "true",
                "--agent",
                "claude",
                "--no-sandbox",
                "--agent-bin",
            ],
        ),
    ];
    for (kind, mut args) in outputs {
        let claude_bin = format!("claude={fake}");
        if kind == "live" {
            args.push(&claude_bin);
        }
        args.extend(["--format", "json"]);
        let run = p.run(&args);
        let v: Value = serde_json::from_str(&run.stdout())
            .unwrap_or_else(|e| panic!("{kind}: not JSON ({e}): {}{}", run.stdout(), run.stderr()));
        let errors: Vec<String> = schema(&p, kind)
            .iter_errors(&v)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{kind}: {errors:?}\n{v}");
        // One vocabulary: an agent's id is `agent`, a list of agents is `agents`.
        let text = v.to_string();
        for old in [
            "\"target\":",
            "\"targets\":",
            "\"id\":",
            "\"failed_targets\":",
        ] {
            assert!(!text.contains(old), "{kind} still says {old}: {v}");
        }
        assert_eq!(v["schema_version"], 2, "{kind}: {v}");
    }
}

#[test]
fn schema_without_a_kind_covers_run_test_and_errors_and_an_unknown_kind_is_refused() {
    let p = project();
    let run = p.run(&["schema"]);
    assert_eq!(run.code(), 0);
    let run = p.run(&["schema", "runs"]);
    assert_eq!(run.code(), 2);
    assert!(
        run.stderr().starts_with("error: invalid value 'runs'"),
        "{}",
        run.stderr()
    );
}

/// A differing run's JSON names, under the agent that differs, the rule that decided and the
/// fix (`help`), and the schema has the fields.
#[test]
fn a_differing_run_carries_its_rule_and_help_in_json_and_schema() {
    let p = project()
        .spec(
            "out",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/out.sh\ntimeout: 10\n",
        )
        .script("hooks/out.sh", "#!/bin/sh\necho 'no'\nexit 2\n");
    let run = p.run(&[
        "run",
        "out",
        "--bash",
        "ls",
        "-t",
        "claude,codex",
        "--format",
        "json",
    ]);
    assert_eq!(run.code(), 1, "{}", run.stderr());
    let v: Value = serde_json::from_str(&run.stdout()).expect("JSON");
    let errors: Vec<String> = schema(&p, "run")
        .iter_errors(&v)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let agents = v["agents"].as_array().expect("agents");
    let codex = &agents[1];
    assert_eq!(codex["decision"], "error", "{v}");
    assert_eq!(
        codex["help"],
        serde_json::json!([
            "this hook fails open on Codex: it exits 2 there too, which Claude Code reads as a block and Codex does not",
            "Codex blocks only with a reason on stderr: write it with >&2"
        ]),
        "{v}"
    );
    assert_eq!(
        codex["fix"], "Codex blocks only with a reason on stderr: write it with >&2",
        "{v}"
    );
    assert!(
        codex["rule"].as_str().is_some_and(|r| r.contains("Codex")),
        "{v}"
    );
    // Two groups of one flag both agents; Claude Code's block has no fix and no help.
    assert_eq!(agents[0]["help"], serde_json::json!([]), "{v}");
    let schema = p.run(&["schema", "run"]).stdout();
    let s: Value = serde_json::from_str(&schema).expect("schema");
    let target = &s["$defs"]["TargetReport"];
    assert!(
        target["required"]
            .as_array()
            .is_some_and(|r| r.iter().any(|f| f == "help")),
        "help not required: {target}"
    );
    for field in ["rule", "fix"] {
        assert!(
            target["properties"][field].is_object(),
            "{field} not in the schema: {target}"
        );
    }
}

/// Live JSON from the real agents (fixtures/live/json, `hookcheck live ... --format json` on
/// Claude Code 2.1.332, one file per situation) against `hookcheck schema live`: the typed
/// observation as a real run fills it, not only the empty rows of a fake agent.
#[test]
fn recorded_live_json_matches_the_live_schema() {
    let p = project();
    let validator = schema(&p, "live");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/json");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/live/json")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    assert!(
        files.len() >= 4,
        "one recorded live run per situation: {files:?}"
    );
    for path in files {
        let text = std::fs::read_to_string(&path).expect("live json");
        let v: Value = serde_json::from_str(&text).expect("JSON");
        let errors: Vec<String> = validator
            .iter_errors(&v)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        assert_eq!(v["schema_version"], 2, "{}", path.display());
        let seen = &v["agents"][0]["observation"]["seen"];
        assert!(
            seen["turn_went_on"].is_boolean(),
            "{}: {seen}",
            path.display()
        );
    }
}
