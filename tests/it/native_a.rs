//! Installed hooks of Devin CLI (windsurf), Kiro, Cline and Factory droid through the binary:
//! run --installed by each agent's rules, list --installed with file:line, and the lint rules
//! this group adds.

use crate::common;

use common::{Project, guard, target};
use serde_json::Value;

fn run_json(p: &Project, args: &[&str]) -> (i32, Value) {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let run = p.run(&all);
    let v = serde_json::from_str(&run.stdout())
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", run.stdout(), run.stderr()));
    (run.code(), v)
}

const DEVIN: &str = r#"{
  "PreToolUse": [
    {"matcher": "exec", "hooks": [{"type": "command", "command": "./hooks/g.sh", "timeout": 10}]}
  ]
}
"#;

const KIRO: &str = r#"{
  "version": "v1",
  "hooks": [
    {"name": "guard", "trigger": "PreToolUse", "matcher": "shell",
     "action": {"type": "command", "command": "./hooks/g.sh"}, "timeout": 10},
    {"name": "ask", "trigger": "PreToolUse", "matcher": "shell",
     "action": {"type": "command", "command": "./hooks/ask.sh"}, "confirm": true},
    {"name": "off", "trigger": "PreToolUse", "matcher": "shell",
     "action": {"type": "command", "command": "./hooks/off.sh"}, "enabled": false}
  ]
}
"#;

/// A Cline hook: Cline ignores the exit code and reads `cancel` from the control line.
const CLINE: &str = "#!/bin/sh\nif grep -q 'rm -rf'; then printf 'HOOK_CONTROL\\t{\"cancel\":true,\"errorMessage\":\"no\"}\\n'; fi\nexit 0\n";

const FACTORY: &str = r#"{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Execute", "hooks": [{"type": "command", "command": "./hooks/g.sh", "timeout": 60}]}
    ]
  }
}
"#;

fn kiro_payload(command: &str) -> String {
    serde_json::json!({
        "hook_event_name": "preToolUse",
        "cwd": "/tmp",
        "tool_name": "shell",
        "tool_input": { "command": command }
    })
    .to_string()
}

fn project() -> Project {
    Project::new()
        .script("hooks/g.sh", &guard("rm -rf"))
        .script("hooks/ask.sh", &guard("rm -rf"))
        .file(".devin/hooks.v1.json", DEVIN)
        .file(".kiro/hooks/guard.json", KIRO)
        .script(".clinerules/hooks/PreToolUse", CLINE)
        .file(".factory/settings.json", FACTORY)
        .file("rm.json", &kiro_payload("rm -rf build"))
        .file("ls.json", &kiro_payload("ls"))
}

fn commands(t: &Value) -> Vec<String> {
    t["commands"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| c["command"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn run_installed_runs_each_agents_handlers_by_its_rules_with_file_and_line() {
    let p = project();
    // (agent, trigger flag, blocked trigger, allowed trigger, the command as shown)
    let cases: &[(&str, &str, &str, &str, &str)] = &[
        (
            "windsurf",
            "--bash",
            "rm -rf x",
            "ls",
            "./hooks/g.sh  (.devin/hooks.v1.json:3)",
        ),
        (
            "kiro",
            "--payload",
            "rm.json",
            "ls.json",
            "./hooks/g.sh  (.kiro/hooks/guard.json:5)",
        ),
        (
            "cline",
            "--bash",
            "rm -rf x",
            "ls",
            "sh .clinerules/hooks/PreToolUse  (.clinerules/hooks/PreToolUse:1)",
        ),
        (
            "factory",
            "--bash",
            "rm -rf x",
            "ls",
            "./hooks/g.sh  (.factory/settings.json:4)",
        ),
    ];
    for (agent, flag, bad, good, shown) in cases {
        for (trigger, want) in [(bad, "block"), (good, "allow")] {
            let (code, v) = run_json(
                &p,
                &[
                    "run",
                    "--installed",
                    flag,
                    trigger,
                    "-t",
                    agent,
                    "--include-assumed",
                ],
            );
            let t = target(&v, agent);
            assert_eq!(t["decision"], *want, "{agent} {trigger}: {t}");
            assert_eq!(code, 0, "{agent}: {v}");
            assert!(
                commands(t).iter().any(|c| c == shown),
                "{agent}: {:?}",
                commands(t)
            );
        }
    }
}

#[test]
fn kiro_skips_disabled_hooks_and_does_not_answer_a_confirm_for_the_user() {
    // (hook fields beyond the command, whether the blocking guard runs)
    for (extra, runs) in [
        ("", true),
        (r#", "confirm": false"#, true),
        (r#", "confirm": true"#, false),
        (r#", "enabled": false"#, false),
    ] {
        let kiro = format!(
            r#"{{"version": "v1", "hooks": [{{"trigger": "PreToolUse", "matcher": "shell", "action": {{"type": "command", "command": "./hooks/g.sh"}}{extra}}}]}}"#
        );
        let p = Project::new()
            .script("hooks/g.sh", &guard("rm -rf"))
            .file(".kiro/hooks/k.json", &kiro)
            .file("rm.json", &kiro_payload("rm -rf build"));
        let (_, v) = run_json(
            &p,
            &["run", "--installed", "--payload", "rm.json", "-t", "kiro"],
        );
        let t = target(&v, "kiro");
        assert_eq!(t["decision"] == "block", runs, "{extra}: {t}");
        assert_eq!(!commands(t).is_empty(), runs, "{extra}: {t}");
    }
}

#[test]
fn devin_cli_cross_reads_claude_settings_by_its_own_matcher_rules() {
    // Devin's shell tool is `exec`: Claude's `Bash` matcher never fires there, an empty one does.
    for (matcher, runs) in [("Bash", false), ("", true)] {
        let claude = format!(
            r#"{{"hooks": {{"PreToolUse": [{{"matcher": "{matcher}", "hooks": [{{"type": "command", "command": "./hooks/c.sh"}}]}}]}}}}"#
        );
        let p = Project::new()
            .script("hooks/c.sh", &guard("rm -rf"))
            .file(".claude/settings.json", &claude);
        let (_, v) = run_json(
            &p,
            &[
                "run",
                "--installed",
                "--bash",
                "rm -rf x",
                "-t",
                "windsurf",
                "--include-assumed",
            ],
        );
        let t = target(&v, "windsurf");
        let blocked = t["decision"] == "block";
        assert_eq!(blocked, runs, "matcher {matcher:?}: {t}");
        assert!(
            t.to_string().contains(".claude/settings.json:1"),
            "the cross-read handler is listed: {t}"
        );
    }
}

#[test]
fn list_installed_shows_each_agents_handlers_with_file_and_line() {
    let p = project();
    let (code, v) = run_json(&p, &["list", "--installed"]);
    assert_eq!(code, 0, "{v}");
    let rows: Vec<(String, String, String, Option<u64>)> = v["handlers"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["agent"].as_str().unwrap_or_default().to_string(),
                r["event"].as_str().unwrap_or_default().to_string(),
                format!("{}:{}", r["file"].as_str().unwrap_or_default(), r["line"]),
                r["timeout_s"].as_u64(),
            )
        })
        .collect();
    let want = [
        ("kiro", "PreToolUse", ".kiro/hooks/guard.json:5", Some(10)),
        ("kiro", "PreToolUse", ".kiro/hooks/guard.json:7", None),
        (
            "cline",
            "PreToolUse",
            ".clinerules/hooks/PreToolUse:1",
            None,
        ),
        ("windsurf", "PreToolUse", ".devin/hooks.v1.json:3", Some(10)),
        (
            "factory",
            "PreToolUse",
            ".factory/settings.json:4",
            Some(60),
        ),
    ]
    .map(|(a, e, f, t)| (a.to_string(), e.to_string(), f.to_string(), t));
    assert_eq!(rows, want);
    let text = p.run(&["list", "--installed"]).stdout();
    for place in [".devin/hooks.v1.json:3", ".clinerules/hooks/PreToolUse:1"] {
        assert!(text.contains(place), "{text}");
    }
    // A wrapped hooks.v1.json does not load in the Devin CLI: placed, with the consequence.
    let p = project().file(
        ".devin/hooks.v1.json",
        "{\n  \"hooks\": {\"PreToolUse\": []}\n}\n",
    );
    let run = p.run(&["list", "--installed"]);
    assert_eq!(run.code(), 1, "{}", run.stdout());
    assert!(
        common::errors_in_one_line(&run.stderr())
            .contains(".devin/hooks.v1.json:2:1: a top-level `hooks` wrapper"),
        "{}",
        run.stdout()
    );
}

#[test]
fn lint_rules_fire_on_their_fixture_only() {
    let cases: &[(&str, &str, &str, &str)] = &[
        // (rule, file, text that triggers it, text that does not)
        (
            "matcher-regex-flavour",
            ".github/hooks/h.json",
            r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "./hooks/g.sh", "matcher": "(?i)bash"}]}}"#,
            r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "./hooks/g.sh", "matcher": "bash|powershell"}]}}"#,
        ),
        (
            "matcher-never-matches",
            ".devin/hooks.v1.json",
            r#"{"PreToolUse": [{"matcher": "Bash", "hooks": [{"command": "./hooks/g.sh"}]}]}"#,
            DEVIN,
        ),
        (
            "matcher-never-matches",
            ".factory/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"command": "./hooks/g.sh"}]}]}}"#,
            FACTORY,
        ),
        // An MCP matcher in another agent's spelling matches no MCP call here (wirevow/gitvow's
        // Gemini settings copy Claude's `mcp__.*`; droid names a tool SERVER___TOOL).
        (
            "mcp-spelled-elsewhere",
            ".gemini/settings.json",
            r#"{"hooks": {"BeforeTool": [{"matcher": "run_shell_command|mcp__.*", "hooks": [{"type": "command", "command": "./hooks/g.sh"}]}]}}"#,
            r#"{"hooks": {"BeforeTool": [{"matcher": "run_shell_command|mcp_.*", "hooks": [{"type": "command", "command": "./hooks/g.sh"}]}]}}"#,
        ),
        (
            "mcp-spelled-elsewhere",
            ".factory/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Execute|mcp__github__.*", "hooks": [{"command": "./hooks/g.sh"}]}]}}"#,
            r#"{"hooks": {"PreToolUse": [{"matcher": "Execute|^github___", "hooks": [{"command": "./hooks/g.sh"}]}]}}"#,
        ),
        (
            "mcp-spelled-elsewhere",
            ".github/hooks/h.json",
            r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "./hooks/g.sh", "matcher": "bash|mcp__.*"}]}}"#,
            r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "./hooks/g.sh", "matcher": "bash|github-.*"}]}}"#,
        ),
        // Claude Code's own tools reference names these; an MCP matcher in its shape may
        // match a server's tools (issue 27: valid files that lint called broken).
        (
            "matcher-never-matches",
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bahs", "hooks": [{"type": "command", "command": "./hooks/g.sh"}]}]}}"#,
            r#"{"hooks": {"PreToolUse": [{"matcher": "Skill|AskUserQuestion|ExitPlanMode", "hooks": [{"type": "command", "command": "./hooks/g.sh"}]}, {"matcher": "mcp__memory__.*", "hooks": [{"type": "command", "command": "./hooks/g.sh"}]}]}}"#,
        ),
        // A script behind an interpreter by its full path, `env`, or a package runner must
        // exist as much as `python3 x.py`'s (issue 27: these were not checked).
        (
            "script-missing",
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/usr/bin/env sh hooks/missing.sh"}]}]}}"#,
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/usr/bin/env sh hooks/g.sh"}]}]}}"#,
        ),
        (
            "script-missing",
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/bin/sh hooks/missing.sh"}]}]}}"#,
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/bin/sh hooks/g.sh"}]}]}}"#,
        ),
        (
            "script-missing",
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "npx tsx hooks/missing.ts"}]}]}}"#,
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "npx tsx hooks/g.sh"}]}]}}"#,
        ),
        // Milliseconds in a seconds field (issue 27: `600000` passed lint).
        (
            "timeout-unit",
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./hooks/g.sh", "timeout": 600000}]}]}}"#,
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./hooks/g.sh", "timeout": 600}]}]}}"#,
        ),
        (
            "matcher-does-not-compile",
            ".agents/plugins/guard/hooks/hooks.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"command": "./hooks/g.sh"}]}]}}"#,
            r#"{"hooks": {"PreToolUse": [{"matcher": ".*", "hooks": [{"command": "./hooks/g.sh"}]}]}}"#,
        ),
        (
            "unknown-event",
            ".kiro/hooks/k.json",
            r#"{"version": "v1", "hooks": [{"trigger": "preToolUse", "action": {"type": "command", "command": "./hooks/g.sh"}}]}"#,
            KIRO,
        ),
    ];
    for (rule, file, bad, good) in cases {
        for (text, fires) in [(bad, true), (good, false)] {
            let p = Project::new()
                .script("hooks/g.sh", &guard("rm -rf"))
                .script("hooks/ask.sh", &guard("rm -rf"))
                .script("hooks/off.sh", &guard("rm -rf"))
                .file(file, text);
            let (code, v) = run_json(&p, &["lint"]);
            let hit = v["findings"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|f| f["rule"] == *rule);
            assert_eq!(hit.is_some(), fires, "{rule} on {text}: {v}");
            if let Some(f) = hit {
                assert!(f["line"].as_u64().is_some(), "{f}");
                assert!(f["fix"].as_str().is_some_and(|s| !s.is_empty()), "{f}");
            }
            let errors = v["findings"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|f| f["severity"] == "error");
            assert_eq!(code, i32::from(errors), "{v}");
        }
    }
    // A Cline script named after no event: Cline never runs it.
    for (name, fires) in [("pre-tool-use.sh", true), ("PreToolUse", false)] {
        let p = Project::new().script(&format!(".clinerules/hooks/{name}"), CLINE);
        let (_, v) = run_json(&p, &["lint"]);
        let hit = any_finding(&v, |f| {
            f["rule"] == "unknown-event" && f["agent"] == "cline"
        });
        assert_eq!(hit, fires, "{name}: {v}");
    }
}

#[test]
fn kiro_stale_file_warning_compares_confirm() {
    let spec = "event: PreToolUse\nmatcher: shell\ncommand: ./hooks/g.sh\ntimeout: 10\n";
    let file = |extra: &str| {
        format!(
            r#"{{"version": "v1", "hooks": [{{"trigger": "PreToolUse", "matcher": "shell", "action": {{"type": "command", "command": "./hooks/g.sh"}}, "timeout": 10{extra}}}]}}"#
        )
    };
    for (extra, stale) in [("", false), (r#", "confirm": true"#, true)] {
        let p = Project::new()
            .spec("g", spec)
            .script("hooks/g.sh", &guard("rm -rf"))
            .file(".kiro/hooks/k.json", &file(extra))
            .file("rm.json", &kiro_payload("rm -rf build"));
        let (code, v) = run_json(&p, &["run", "g", "--payload", "rm.json", "-t", "kiro"]);
        let w = target(&v, "kiro")["warnings"].to_string();
        assert_eq!(w.contains("confirm differs"), stale, "{extra}: {w}");
        assert!(w.contains(".kiro/hooks/k.json") || !stale, "{w}");
        assert_eq!(code, 0, "a warning does not fail the run: {v}");
    }
}

/// `bun run typecheck` runs package.json's `scripts.typecheck`, not a file named
/// `typecheck`: no script-missing finding while the script is there, one when it is not
/// (issue 27: a defined script was called a missing file).
#[test]
fn a_package_script_is_not_a_missing_file() {
    let hook = r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "bun run typecheck"}]}]}}"#;
    for (package, fires) in [
        (r#"{"scripts": {"typecheck": "tsc --noEmit"}}"#, false),
        (r#"{"scripts": {"build": "tsc"}}"#, true),
    ] {
        let p = Project::new()
            .file(".claude/settings.json", hook)
            .file("package.json", package);
        let (_, v) = run_json(&p, &["lint"]);
        let missing = v["findings"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|f| f["rule"] == "script-missing");
        assert_eq!(missing, fires, "{package}: {v}");
    }
}

/// droid reads a scope's settings.json hooks only when that scope has no hooks.json (its hooks
/// reference): with both, the settings hook is not listed and lint says `file-skipped`.
#[test]
fn droid_skips_the_settings_hooks_while_hooks_json_exists() {
    let keyed = r#"{"PreToolUse": [{"matcher": "Execute", "hooks": [{"type": "command", "command": "exit 0"}]}]}"#;
    let settings = r#"{"hooks": {"PreToolUse": [{"matcher": "Execute", "hooks": [{"type": "command", "command": "exit 2"}]}]}}"#;
    for with_hooks_json in [true, false] {
        let mut p = Project::new().file(".factory/settings.json", settings);
        if with_hooks_json {
            p = p.file(".factory/hooks.json", keyed);
        }
        let list = p.run(&["list", "--installed"]).stdout();
        let listed = list
            .lines()
            .any(|l| l.starts_with("factory") && l.ends_with(".factory/settings.json:1"));
        assert_eq!(listed, !with_hooks_json, "{list}");
        let (_, v) = run_json(&p, &["lint"]);
        let skipped = any_finding(&v, |f| {
            f["rule"] == "file-skipped" && f["file"] == ".factory/settings.json"
        });
        assert_eq!(skipped, with_hooks_json, "{v}");
    }
}

/// Whether lint's JSON holds a finding for which `pick` is true.
fn any_finding(v: &Value, pick: impl Fn(&Value) -> bool) -> bool {
    v["findings"].as_array().into_iter().flatten().any(pick)
}
