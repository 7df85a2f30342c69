//! `hookcheck lint --format sarif`: a SARIF 2.1.0 log valid against the OASIS schema (kept in
//! docs/reference/sarif/, with its source), one result per finding with its rule id, file:line
//! and fix.

use crate::common;

use common::{Project, guard};
use serde_json::Value;

fn schema() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/reference/sarif/sarif-schema-2.1.0.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("the vendored schema"))
        .expect("the schema is JSON")
}

fn json(p: &Project, args: &[&str]) -> (i32, Value) {
    let run = p.run(args);
    let v = serde_json::from_str(&run.stdout())
        .unwrap_or_else(|e| panic!("{e}: {}{}", run.stdout(), run.stderr()));
    (run.code(), v)
}

/// A project with findings of several rules, at known lines, for several agents.
fn broken() -> Project {
    Project::new()
        .script("hooks/g.sh", &guard("rm -rf"))
        .file("hooks/plain.sh", "#!/bin/sh\ncat >/dev/null\n")
        .file(
            ".claude/settings.json",
            r#"{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [
        {"type": "command", "command": "./hooks/missing.sh"},
        {"type": "command", "command": "./hooks/plain.sh"},
        {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/hooks/g.sh"}
      ]}
    ]
  }
}
"#,
        )
        .file(
            ".gemini/settings.json",
            r#"{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"command": "./hooks/g.sh", "timeout": 30}]}]}}"#,
        )
}

#[test]
fn lint_sarif_is_valid_sarif_2_1_0_with_one_result_per_finding() {
    let schema = schema();
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let p = broken();
    let (code, findings) = json(&p, &["lint", "--format", "json"]);
    let (sarif_code, log) = json(&p, &["lint", "--format", "sarif", "--trust-notes"]);
    assert_eq!(
        sarif_code, code,
        "the same exit status as the other formats"
    );
    assert_eq!(code, 1, "{findings}");
    let errors: Vec<String> = validator.iter_errors(&log).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // The schema does check: a result with no message, a level SARIF lacks, are refused.
    let mut bad = log.clone();
    bad["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(
        !validator.is_valid(&bad),
        "level \"fatal\" passed the schema"
    );
    let mut bad = log.clone();
    bad["runs"][0]["results"][0]["message"] = serde_json::json!({});
    assert!(
        !validator.is_valid(&bad),
        "an empty message passed the schema"
    );
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "hookcheck");
    let rules: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["id"].as_str())
        .collect();
    let results = run["results"].as_array().expect("results");
    let findings = findings["findings"].as_array().expect("findings");
    assert_eq!(results.len(), findings.len(), "{log}");
    // Each result is its finding: rule, level, file:line, agent, and the fix in the message.
    let got: Vec<Value> = results
        .iter()
        .map(|r| {
            let loc = &r["locations"][0]["physicalLocation"];
            serde_json::json!({
                "rule": r["ruleId"],
                "rule_listed": rules.get(r["ruleIndex"].as_u64().unwrap_or(u64::MAX) as usize)
                    .is_some_and(|id| *id == r["ruleId"]),
                "level": r["level"],
                "file": loc["artifactLocation"]["uri"],
                "line": loc["region"]["startLine"],
                "agent": r["properties"]["agent"],
                "fix_in_message": r["message"]["text"].as_str().is_some_and(|m| {
                    m.ends_with(&format!("\nFix: {}", r["properties"]["fix"].as_str().unwrap_or("?")))
                }),
            })
        })
        .collect();
    let want: Vec<Value> = findings
        .iter()
        .map(|f| {
            serde_json::json!({
                "rule": f["rule"],
                "rule_listed": true,
                "level": match f["severity"].as_str() {
                    Some("info") => "note",
                    other => other.unwrap_or_default(),
                },
                "file": f["file"],
                "line": f["line"],
                "agent": f["agent"],
                "fix_in_message": true,
            })
        })
        .collect();
    assert_eq!(got, want);
    // The rules this project trips, each at its own line.
    let placed: Vec<(String, String, u64)> = findings
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap_or_default().to_string(),
                f["agent"].as_str().unwrap_or_default().to_string(),
                f["line"].as_u64().unwrap_or_default(),
            )
        })
        .filter(|(rule, _, _)| rule != "needs-trust")
        .collect();
    let want: Vec<(String, String, u64)> = [
        ("timeout-unit", "gemini", 1),
        ("script-missing", "claude", 5),
        ("script-not-executable", "claude", 6),
        ("script-missing", "copilot", 5),
        ("script-not-executable", "copilot", 6),
        ("script-missing", "windsurf", 5),
        ("script-not-executable", "windsurf", 6),
        // VS Code reads Claude's settings too (code.visualstudio.com/docs/agent-customization/hooks).
        ("script-missing", "vscode", 5),
        ("script-not-executable", "vscode", 6),
        // Neither lists CLAUDE_PROJECT_DIR among the variables it sets, and `run` runs the
        // hook without it: the assumption is a warning (fixtures/repos defect 5).
        ("unset-variable", "windsurf", 7),
        ("unset-variable", "vscode", 7),
    ]
    .iter()
    .map(|(r, a, l)| (r.to_string(), a.to_string(), *l))
    .collect();
    let mut sorted = placed.clone();
    sorted.sort();
    let mut want_sorted = want;
    want_sorted.sort();
    assert_eq!(sorted, want_sorted, "{placed:?}");
}

#[test]
fn a_clean_project_is_an_empty_valid_log() {
    let schema = schema();
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let p = Project::new().file(".cursor/hooks.json", r#"{"version": 1, "hooks": {}}"#);
    let (code, log) = json(&p, &["lint", "--format", "sarif"]);
    assert_eq!(code, 0);
    assert!(validator.is_valid(&log), "{log}");
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
}

/// A CI runner is never a trusted folder, so the trust notes (`needs-trust`) would be
/// uploaded as code-scanning notes on every run: SARIF leaves them out unless
/// `--trust-notes` (issue 27); text and JSON keep them, and the exit status is the same.
#[test]
fn sarif_leaves_the_trust_notes_out_unless_asked() {
    let p = broken();
    let (_, findings) = json(&p, &["lint", "--format", "json"]);
    let notes = findings["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["rule"] == "needs-trust")
        .count();
    assert!(notes > 0, "the project has trust notes: {findings}");
    let rules = |log: &Value| -> Vec<String> {
        log["runs"][0]["results"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r["ruleId"].as_str().map(str::to_string))
            .collect()
    };
    let (code, plain) = json(&p, &["lint", "--format", "sarif"]);
    let (asked_code, asked) = json(&p, &["lint", "--format", "sarif", "--trust-notes"]);
    assert_eq!((code, asked_code), (1, 1));
    assert!(!rules(&plain).iter().any(|r| r == "needs-trust"), "{plain}");
    assert_eq!(
        rules(&asked).iter().filter(|r| *r == "needs-trust").count(),
        notes
    );
    assert_eq!(rules(&asked).len(), rules(&plain).len() + notes);
}
