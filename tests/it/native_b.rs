//! Installed hooks through the binary for Qoder, Trae, OpenHands, Crush, Antigravity, Augment,
//! Goose and Spettro: `run --installed` runs each agent's handler by its rules, and
//! `list --installed` shows it with file:line; Spettro's project rules replace global ones.

use crate::common;

use common::{Project, decision, target};
use serde_json::Value;

/// Denies (a JSON deny on stdout, reason on stderr, exit 2) when the payload has `rm -rf`,
/// else allows with a JSON allow: each agent here but Antigravity reads one of them as a block.
const GUARD: &str = "#!/bin/sh\nif grep -q 'rm -rf'; then echo '{\"decision\":\"deny\",\"reason\":\"no rm\"}'; echo 'no rm' >&2; exit 2; fi\necho '{\"decision\":\"allow\"}'\n";

/// The same, exiting 0: Antigravity gives exit 2 no meaning and reads only the JSON decision.
const JSON_GUARD: &str = "#!/bin/sh\nif grep -q 'rm -rf'; then echo '{\"decision\":\"deny\",\"reason\":\"no rm\"}'; exit 0; fi\necho '{\"decision\":\"allow\"}'\n";

fn run_json(p: &Project, args: &[&str]) -> (i32, Value) {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let run = p.run(&all);
    let v = serde_json::from_str(&run.stdout())
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", run.stdout(), run.stderr()));
    (run.code(), v)
}

/// (agent, file, text, the handler's line, its event, its timeout in s).
type Case = (
    &'static str,
    &'static str,
    &'static str,
    u64,
    &'static str,
    Option<u64>,
);

const CASES: &[Case] = &[
    (
        "qoder",
        ".qoder/settings.json",
        "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"./hooks/g.sh\", \"timeout\": 30}]}\n    ]\n  }\n}\n",
        4,
        "PreToolUse",
        Some(30),
    ),
    (
        "trae",
        ".trae/hooks.json",
        "{\n  \"version\": 1,\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"RunCommand\", \"hooks\": [\n        {\"type\": \"command\", \"command\": \"./hooks/g.sh\"}\n      ]}\n    ]\n  }\n}\n",
        6,
        "PreToolUse",
        None,
    ),
    (
        "openhands",
        ".openhands/hooks.json",
        "{\n  \"pre_tool_use\": [\n    {\"matcher\": \"terminal\", \"hooks\": [{\"command\": \"./hooks/g.sh\", \"timeout\": 10}]}\n  ]\n}\n",
        3,
        "PreToolUse",
        Some(10),
    ),
    (
        "crush",
        "crush.json",
        "{\n  \"hooks\": {\n    \"pre_tool_use\": [\n      {\"name\": \"no-rm\", \"matcher\": \"^bash$\", \"command\": \"./hooks/g.sh\", \"timeout\": 10}\n    ]\n  }\n}\n",
        4,
        "PreToolUse",
        Some(10),
    ),
    (
        "antigravity",
        ".agents/hooks.json",
        "{\n  \"guard\": {\n    \"enabled\": true,\n    \"PreToolUse\": [\n      {\"matcher\": \"run_command\", \"hooks\": [{\"type\": \"command\", \"command\": \"./hooks/g.sh\", \"timeout\": 5}]}\n    ]\n  }\n}\n",
        5,
        "PreToolUse",
        Some(5),
    ),
    (
        "augment",
        ".augment/settings.json",
        "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"launch-process\", \"hooks\": [\n        {\"type\": \"command\", \"command\": \"./hooks/g.sh\", \"timeout\": 5000}\n      ]}\n    ]\n  }\n}\n",
        5,
        "PreToolUse",
        Some(5),
    ),
    (
        "goose",
        ".agents/plugins/guard/hooks/hooks.json",
        "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"shell\", \"hooks\": [{\"command\": \"${PLUGIN_ROOT}/g.sh\", \"timeout\": 10}]}\n    ]\n  }\n}\n",
        4,
        "PreToolUse",
        Some(10),
    ),
    (
        "spettro",
        ".spettro/hooks.json",
        "{\n  \"hooks\": [\n    {\n      \"id\": \"deny-rm-rf\",\n      \"event\": \"PreToolUse\",\n      \"matcher\": \"bash\",\n      \"command\": \"./hooks/g.sh\",\n      \"timeout_sec\": 5\n    }\n  ]\n}\n",
        7,
        "PreToolUse",
        Some(5),
    ),
];

fn project(agent: &str, file: &str, text: &str) -> Project {
    let p = Project::new().file(file, text);
    // Goose runs `${PLUGIN_ROOT}/g.sh`: the script sits in the plugin's folder.
    match agent {
        "goose" => p.script(".agents/plugins/guard/g.sh", GUARD),
        "antigravity" => p.script("hooks/g.sh", JSON_GUARD),
        _ => p.script("hooks/g.sh", GUARD),
    }
}

#[test]
fn run_installed_runs_each_agents_handler_by_its_rules() {
    for (agent, file, text, line, _, _) in CASES {
        let p = project(agent, file, text);
        // Exit 2 alone is an error to Antigravity, not a block: its own rule.
        if *agent == "antigravity" {
            let p = Project::new().file(file, text).script("hooks/g.sh", GUARD);
            let (_, v) = run_json(
                &p,
                &["run", "--installed", "--bash", "rm -rf x", "-t", agent],
            );
            assert_eq!(decision(&v, agent), "error", "{v}");
        }
        for (cmd, want) in [("rm -rf build", "block"), ("ls", "allow")] {
            let (code, v) = run_json(&p, &["run", "--installed", "--bash", cmd, "-t", agent]);
            assert_eq!(code, 0, "{agent} {cmd}: {v}");
            let t = target(&v, agent);
            assert_eq!(decision(&v, agent), want, "{agent} {cmd}: {t}");
            let shown = t["commands"][0]["command"].as_str().unwrap_or_default();
            assert!(
                shown.ends_with(&format!("({file}:{line})")),
                "{agent}: {shown}"
            );
        }
    }
}

#[test]
fn list_installed_shows_each_agents_handler_with_file_and_line() {
    for (agent, file, text, line, event, timeout) in CASES {
        let p = project(agent, file, text);
        let (code, v) = run_json(&p, &["list", "--installed"]);
        assert_eq!(code, 0, "{agent}: {v}");
        let rows: Vec<(String, String, Option<u64>, String)> = v["handlers"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|r| {
                (
                    r["agent"].as_str().unwrap_or_default().to_string(),
                    r["event"].as_str().unwrap_or_default().to_string(),
                    r["timeout_s"].as_u64(),
                    format!("{}:{}", r["file"].as_str().unwrap_or_default(), r["line"]),
                )
            })
            .collect();
        let want = (
            agent.to_string(),
            event.to_string(),
            *timeout,
            format!("{file}:{line}"),
        );
        assert_eq!(rows, vec![want], "{agent}");
        let text = p.run(&["list", "--installed"]).stdout();
        assert!(text.contains(&format!("{file}:{line}")), "{agent}: {text}");
    }
}

#[test]
fn spettro_project_rules_replace_global_ones_by_event_matcher_and_id() {
    let rule = |id: &str, command: &str, enabled: bool| {
        format!(
            r#"{{"hooks": [{{"id": "{id}", "event": "PreToolUse", "matcher": "bash", "command": "{command}", "enabled": {enabled}}}]}}"#
        )
    };
    // (project rule id, enabled, commands that run, decision on `rm -rf`).
    for (id, enabled, commands, want) in [
        // Same (event, matcher, id): the project rule replaces the global guard.
        ("guard", true, vec!["./hooks/ok.sh"], "allow"),
        // Switched off in the project, it still replaces the global one: nothing runs.
        ("guard", false, vec![], "not run"),
        // Another id: both stay.
        (
            "other",
            true,
            vec!["./hooks/g.sh", "./hooks/ok.sh"],
            "block",
        ),
    ] {
        let p = Project::new()
            .script("hooks/g.sh", GUARD)
            .script(
                "hooks/ok.sh",
                "#!/bin/sh\necho '{\"decision\":\"allow\"}'\n",
            )
            .file(
                ".test-home/.spettro/hooks.json",
                &rule("guard", "./hooks/g.sh", true),
            )
            .file(".spettro/hooks.json", &rule(id, "./hooks/ok.sh", enabled));
        let (_, v) = run_json(
            &p,
            &[
                "run",
                "--installed",
                "--user",
                "--bash",
                "rm -rf x",
                "-t",
                "spettro",
            ],
        );
        let t = target(&v, "spettro");
        let ran: Vec<&str> = t["commands"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c["command"].as_str())
            .filter_map(|c| c.split("  (").next())
            .collect();
        let mut ran = ran;
        ran.sort_unstable();
        assert_eq!(ran, commands, "{id} {enabled}: {t}");
        assert_eq!(decision(&v, "spettro"), want, "{id} {enabled}: {t}");
    }
}

#[test]
fn crush_config_with_a_matcher_that_does_not_compile_loads_no_hooks() {
    let bad = "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"^bash$\", \"command\": \"./hooks/g.sh\"},\n      {\"matcher\": \"*\", \"command\": \"./hooks/g.sh\"}\n    ]\n  }\n}\n";
    let good = bad.replace("\"*\"", "\".*\"");
    for (text, loads) in [(bad.to_string(), false), (good, true)] {
        let p = Project::new()
            .script("hooks/g.sh", GUARD)
            .file("crush.json", &text);
        let run = p.run(&["list", "--installed"]);
        let out = run.stdout();
        let errors = common::errors_in_one_line(&run.stderr());
        assert_eq!(
            errors.contains("crush.json:5:1: matcher \"*\" does not compile"),
            !loads,
            "{errors}"
        );
        assert_eq!(out.contains("crush.json:4"), loads, "{out}");
        let (_, v) = run_json(
            &p,
            &["run", "--installed", "--bash", "rm -rf x", "-t", "crush"],
        );
        let t = target(&v, "crush");
        let warned = t["warnings"]
            .to_string()
            .contains("Crush cannot load its config");
        assert_eq!(warned, !loads, "{t}");
        assert_eq!(decision(&v, "crush") == "block", loads, "{t}");
    }
}
