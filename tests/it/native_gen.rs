//! Hook files as public generators write them, read back by hookcheck: the `.agents/hooks.json`
//! dispatcher's Claude-format entry (seed 001), agnostic-ai's Codex entry with its
//! `export AGNOSTIC_AI_TARGET=codex;` prefix (seed 002), and `gemini hooks migrate
//! --from-claude`, which copies a Claude timeout in seconds into Gemini's milliseconds
//! (protocols-a.md §3).

use crate::common;

use common::{Project, guard, target};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/native/generated");

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{FIXTURES}/{name}")).expect(name)
}

fn project() -> Project {
    Project::new()
        .file(".claude/settings.json", &fixture("claude-settings.json"))
        .file(".codex/hooks.json", &fixture("codex-hooks.json"))
        .file(".gemini/settings.json", &fixture("gemini-settings.json"))
        .script("scripts/guard.sh", &guard("rm -rf"))
}

#[test]
fn generated_files_run_by_each_agents_rules() {
    let p = project();
    let run = p.run(&[
        "run",
        "--installed",
        "--bash",
        "rm -rf build",
        "-t",
        "claude,codex,gemini",
        "--format",
        "json",
    ]);
    let r: serde_json::Value = serde_json::from_str(&run.stdout()).expect("json");
    for id in ["claude", "codex", "gemini"] {
        assert_eq!(target(&r, id)["decision"], "block", "{id}: {r}");
    }
    let run = p.run(&[
        "run",
        "--installed",
        "--bash",
        "ls",
        "-t",
        "claude,codex,gemini",
    ]);
    assert_eq!(run.code(), 0, "{}", run.stdout());
}

#[test]
fn a_migrated_gemini_timeout_in_seconds_is_flagged() {
    let p = project();
    let run = p.run(&["lint", "--format", "json"]);
    let findings: serde_json::Value = serde_json::from_str(&run.stdout()).expect("json");
    let unit = findings["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|f| f["rule"] == "timeout-unit")
        .unwrap_or_else(|| panic!("no timeout-unit finding: {findings}"));
    assert_eq!(unit["agent"], "gemini", "{unit}");
    assert_eq!(unit["file"], ".gemini/settings.json", "{unit}");
    let run = p.run(&["list", "--installed", "--format", "json"]);
    assert!(
        run.stdout()
            .contains("export AGNOSTIC_AI_TARGET=codex; scripts/guard.sh"),
        "{}",
        run.stdout()
    );
}
