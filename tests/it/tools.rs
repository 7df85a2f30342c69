//! `hookcheck tools`: every agent's contract in words, printed from the same data the planner
//! and the reader walk, so what it says is what runs.

use crate::common;

use common::Project;

#[test]
fn one_agent_in_full_is_its_contract() {
    let p = Project::new();
    for id in ["claude", "gemini"] {
        let run = p.run(&["tools", id]);
        assert_eq!(run.code(), 0, "{}", run.stderr());
        insta::assert_snapshot!(format!("tools_{id}"), run.stdout());
    }
}

#[test]
fn where_each_agent_puts_things() {
    let run = Project::new().run(&["tools", "--fields"]);
    assert_eq!(run.code(), 0, "{}", run.stderr());
    insta::assert_snapshot!("tools_fields", run.stdout());
}

#[test]
fn every_rule_printed_has_its_source() {
    let run = Project::new().run(&["tools", "claude", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout()).expect("json");
    let rules = v["agents"][0]["rules"].as_array().expect("rules");
    assert!(rules.len() > 20, "{rules:?}");
    for r in rules {
        assert!(
            r["source"].as_str().is_some_and(|s| !s.is_empty()),
            "a rule without a source: {r}"
        );
    }
}

#[test]
fn an_unknown_agent_is_a_usage_error() {
    let run = Project::new().run(&["tools", "claud"]);
    assert_eq!(run.code(), 2);
    assert_eq!(run.stdout(), "");
    assert_eq!(
        run.stderr(),
        "error: no agent `claud`: did you mean `claude`?\n"
    );
}

/// Per agent, what was verified on the real binary: the version, the day and the number of
/// recorded observations, counted from fixtures/live when hookcheck is built; agents with no
/// record say they rest on documents only.
#[test]
fn each_agent_says_what_was_verified_live() {
    let run = Project::new().run(&["tools", "--format", "json"]);
    assert_eq!(run.code(), 0, "{}", run.stderr());
    let v: serde_json::Value = serde_json::from_str(&run.stdout()).expect("json");
    let lines: Vec<String> = v["agents"]
        .as_array()
        .expect("agents")
        .iter()
        .map(|a| {
            format!(
                "{}: {}",
                a["agent"].as_str().unwrap_or("?"),
                a["verified_live"].as_str().unwrap_or("?")
            )
        })
        .collect();
    insta::assert_snapshot!("tools_verified_live", lines.join("\n"));
}
