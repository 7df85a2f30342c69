//! Installed hooks through the binary: run --installed, cross-reads, stale-file warnings,
//! the inventory and lint.

use crate::common;

use common::{Project, decision, guard, target};
use serde_json::Value;

const CLAUDE: &str = r#"{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./hooks/g.sh", "timeout": 10}]}
    ]
  }
}
"#;

fn installed() -> Project {
    Project::new()
        .script("hooks/g.sh", &guard("rm -rf"))
        .file(".claude/settings.json", CLAUDE)
}

fn run_json(p: &Project, args: &[&str]) -> (i32, Value) {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let run = p.run(&all);
    let v = serde_json::from_str(&run.stdout())
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", run.stdout(), run.stderr()));
    (run.code(), v)
}

#[test]
fn run_installed_runs_each_agents_handlers_with_file_and_line() {
    let p = installed();
    for (cmd, want) in [("rm -rf build", "block"), ("ls", "allow")] {
        let (code, v) = run_json(&p, &["run", "--installed", "--bash", cmd, "-t", "claude"]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(decision(&v, "claude"), want, "{cmd}");
        let c = &target(&v, "claude")["commands"][0]["command"];
        assert_eq!(c, "./hooks/g.sh  (.claude/settings.json:4)");
    }
}

#[test]
fn copilot_cross_reads_claude_settings_and_warns_on_a_double_run() {
    let copilot = r#"{"version": 1, "hooks": {"PreToolUse": [{"type": "command", "bash": "./hooks/g.sh", "matcher": "Bash"}]}}"#;
    for (own, commands, doubled) in [(false, 1, false), (true, 2, true)] {
        let mut p = installed();
        if own {
            p = p.file(".github/hooks/h.json", copilot);
        }
        let (_, v) = run_json(
            &p,
            &["run", "--installed", "--bash", "rm -rf x", "-t", "copilot"],
        );
        let t = target(&v, "copilot");
        assert_eq!(t["decision"], "block", "{t}");
        assert_eq!(
            t["commands"].as_array().map(Vec::len),
            Some(commands),
            "{t}"
        );
        let warned = t["warnings"].to_string().contains("runs twice");
        assert_eq!(warned, doubled, "{t}");
    }
}

/// Copilot CLI 1.0.102 ran a `.claude/settings.json` hook under `"Bash"` but never under
/// `"matcher": ""` (fixtures/live/trust/copilot.json); Claude Code runs both.
#[test]
fn copilot_runs_no_claude_hook_under_an_empty_matcher_and_says_so() {
    let both = r#"{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./hooks/g.sh", "timeout": 10}]},
      {"matcher": "", "hooks": [{"type": "command", "command": "./hooks/all.sh", "timeout": 10}]}
    ]
  }
}
"#;
    let p = Project::new()
        .script("hooks/g.sh", &guard("rm -rf"))
        .script("hooks/all.sh", &guard("ls"))
        .file(".claude/settings.json", both);
    let (_, v) = run_json(
        &p,
        &["run", "--installed", "--bash", "ls", "-t", "claude,copilot"],
    );
    let (claude, copilot) = (target(&v, "claude"), target(&v, "copilot"));
    assert_eq!(decision(&v, "claude"), "block", "{claude}");
    assert_eq!(
        claude["commands"].as_array().map(Vec::len),
        Some(2),
        "{claude}"
    );
    assert_eq!(decision(&v, "copilot"), "allow", "{copilot}");
    assert_eq!(
        copilot["commands"].as_array().map(Vec::len),
        Some(1),
        "{copilot}"
    );
    // After the trust warning (the folder is not trusted here).
    let warnings = copilot["warnings"].as_array().expect("warnings");
    assert_eq!(warnings.len(), 2, "{copilot}");
    assert_eq!(
        warnings[1],
        ".claude/settings.json:5: matcher \"\" runs on every call in Claude Code but never in Copilot CLI; fix: drop the matcher key or write \"*\"",
        "{copilot}"
    );
}

#[test]
fn stale_file_warnings_name_the_file_and_never_fail_unless_strict() {
    let spec = "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/g.sh\ntimeout: 10\n";
    let gemini_spec = "event: BeforeTool\nmatcher: run_shell_command\ncommand: ./hooks/g.sh\nenv:\n  TOKEN: s3cret\n";
    let cases: &[(&str, &str, &str, Option<&str>, &str)] = &[
        // (spec, tool, file path, file text (None: missing), expected warning)
        (
            spec,
            "claude",
            ".claude/settings.json",
            None,
            "hook file missing",
        ),
        (
            spec,
            "claude",
            ".claude/settings.json",
            Some(
                r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"command": "./other.sh", "timeout": 10}]}]}}"#,
            ),
            "no PreToolUse handler in .claude/settings.json runs `./hooks/g.sh`",
        ),
        (
            spec,
            "claude",
            ".claude/settings.json",
            Some(
                r#"{"hooks": {"PreToolUse": [{"matcher": "Bash|Write", "hooks": [{"command": "./hooks/g.sh", "timeout": 10}]}]}}"#,
            ),
            "matcher \"Bash|Write\" differs",
        ),
        (
            spec,
            "claude",
            ".claude/settings.json",
            Some(
                r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"command": "./hooks/g.sh", "timeout": 30}]}]}}"#,
            ),
            "timeout 30 s differs from the spec's 10 s",
        ),
        (
            spec,
            "claude",
            ".claude/settings.json",
            Some(
                r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"command": "./hooks/g.sh", "timeout": 10, "onFailure": "block"}]}]}}"#,
            ),
            "failClosed is true",
        ),
        (
            gemini_spec,
            "gemini",
            ".gemini/settings.json",
            Some(
                r#"{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"command": "./hooks/g.sh", "env": {"TOKEN": "other"}}]}]}}"#,
            ),
            "env differs from the spec in TOKEN",
        ),
        (
            spec,
            "copilot",
            ".github/hooks/g.json",
            Some(
                r#"{"version": 1, "hooks": {"PreToolUse": [{"bash": "./hooks/g.sh", "matcher": "Bash", "timeoutSec": 10, "cwd": "hooks"}]}}"#,
            ),
            "cwd hooks differs",
        ),
    ];
    for (spec, tool, path, text, want) in cases {
        let mut p = Project::new()
            .spec("g", spec)
            .script("hooks/g.sh", &guard("rm -rf"));
        if let Some(t) = text {
            p = p.file(path, t);
        }
        let (code, v) = run_json(&p, &["run", "g", "--bash", "rm -rf x", "-t", tool]);
        let w: Vec<&str> = target(&v, tool)["warnings"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let w = w.join("\n");
        assert!(w.contains(want), "{tool} {want}: {w}");
        assert!(
            !w.contains("s3cret") && !w.contains("\"other\""),
            "values leak: {w}"
        );
        assert_eq!(code, 0, "a warning does not fail the run: {v}");
        let (strict, _) = run_json(
            &p,
            &["run", "g", "--bash", "rm -rf x", "-t", tool, "--strict"],
        );
        assert_eq!(strict, 1, "--strict: {want}");
    }
    // An up-to-date file: no warning.
    let p = installed().spec("g", spec);
    let (_, v) = run_json(&p, &["run", "g", "--bash", "rm -rf x", "-t", "claude"]);
    assert_eq!(target(&v, "claude")["warnings"], serde_json::json!([]));
}

#[test]
fn list_installed_is_one_row_per_handler_with_seconds() {
    let p = installed().file(
        ".gemini/settings.json",
        r#"{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"command": "./hooks/g.sh", "timeout": 1500}]}]}}"#,
    );
    let (code, v) = run_json(&p, &["list", "--installed"]);
    assert_eq!(code, 0, "{v}");
    let rows: Vec<(String, String, u64, String)> = v["handlers"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["agent"].as_str().unwrap_or_default().to_string(),
                r["event"].as_str().unwrap_or_default().to_string(),
                r["timeout_s"].as_u64().unwrap_or(0),
                format!("{}:{}", r["file"].as_str().unwrap_or_default(), r["line"]),
            )
        })
        .collect();
    let want = [
        ("claude", "PreToolUse", 10, ".claude/settings.json:4"),
        ("gemini", "BeforeTool", 2, ".gemini/settings.json:1"),
        ("copilot", "PreToolUse", 10, ".claude/settings.json:4"),
        ("windsurf", "PreToolUse", 10, ".claude/settings.json:4"),
        ("vscode", "PreToolUse", 10, ".claude/settings.json:4"),
    ]
    .map(|(a, e, t, f)| (a.to_string(), e.to_string(), t, f.to_string()));
    assert_eq!(rows, want);
    let text = p.run(&["list", "--installed"]).stdout();
    assert!(text.contains("copilot (cross-read)"), "{text}");
    // A broken file: the error, placed, and exit 1 (a finding, as in lint).
    let p = installed().file(".cursor/hooks.json", "{\"hooks\": [}\n");
    let run = p.run(&["list", "--installed"]);
    assert_eq!(run.code(), 1);
    assert!(
        common::errors_in_one_line(&run.stderr())
            .contains(".cursor/hooks.json:1:1: not valid JSON"),
        "{}",
        run.stderr()
    );
}

#[test]
fn lint_rules_fire_on_their_fixture_only() {
    let ok_gemini = r#"{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"command": "./hooks/g.sh", "timeout": 5000}]}]}}"#;
    let cases: &[(&str, &str, &str, &str)] = &[
        // (rule, file, text that triggers it, text that does not)
        (
            "unknown-event",
            ".gemini/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "run_shell_command", "hooks": [{"command": "./hooks/g.sh", "timeout": 5000}]}]}}"#,
            ok_gemini,
        ),
        (
            "matcher-never-matches",
            ".cursor/hooks.json",
            r#"{"version": 1, "hooks": {"preToolUse": [{"command": "./hooks/g.sh", "matcher": "Bash"}]}}"#,
            r#"{"version": 1, "hooks": {"preToolUse": [{"command": "./hooks/g.sh", "matcher": "Shell"}]}}"#,
        ),
        (
            "timeout-unit",
            ".gemini/settings.json",
            r#"{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"command": "./hooks/g.sh", "timeout": 30}]}]}}"#,
            ok_gemini,
        ),
        (
            "script-missing",
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"command": "./hooks/nope.sh"}]}]}}"#,
            CLAUDE,
        ),
        (
            "script-not-executable",
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"command": "./hooks/plain.sh"}]}]}}"#,
            CLAUDE,
        ),
        (
            "loaded-twice",
            ".github/hooks/h.json",
            r#"{"version": 1, "hooks": {"PreToolUse": [{"bash": "./hooks/g.sh", "matcher": "Bash"}]}}"#,
            r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "./hooks/other.sh", "matcher": "bash"}]}}"#,
        ),
        (
            "needs-trust",
            ".codex/hooks.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"command": "./hooks/g.sh"}]}]}}"#,
            "{}",
        ),
        (
            "unreadable-file",
            ".cursor/hooks.json",
            "{\"hooks\": [}",
            r#"{"version": 1, "hooks": {}}"#,
        ),
        (
            "empty-matcher-cross-read",
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "", "hooks": [{"command": "./hooks/g.sh"}]}]}}"#,
            r#"{"hooks": {"PreToolUse": [{"hooks": [{"command": "./hooks/g.sh"}]}]}}"#,
        ),
    ];
    for (rule, file, bad, good) in cases {
        for (text, fires) in [(bad, true), (good, false)] {
            let p = installed()
                .script("hooks/other.sh", "#!/bin/sh\n")
                .file("hooks/plain.sh", "#!/bin/sh\n")
                .file(file, text);
            let (code, v) = run_json(&p, &["lint"]);
            let hit = v["findings"]
                .as_array()
                .into_iter()
                .flatten()
                // In the file the row is about: other files have findings of their own (Claude
                // Code's settings need a trusted folder).
                .find(|f| f["rule"] == *rule && f["file"] == *file);
            assert_eq!(hit.is_some(), fires, "{rule} on {text}: {v}");
            if let Some(f) = hit {
                assert!(f["file"].as_str().is_some_and(|s| !s.is_empty()), "{f}");
                assert!(f["fix"].as_str().is_some_and(|s| !s.is_empty()), "{f}");
                let errors = v["findings"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|f| f["severity"] == "error");
                assert_eq!(code, i32::from(errors), "{v}");
            }
        }
    }
}

/// A native file's timeout runs in that file's unit, to the millisecond: Gemini CLI's
/// `"timeout": 300` is 300 ms, not the 1 s it rounds up to (a hook that sleeps past it is a
/// timeout, and the call goes through); Qwen Code reads 1000 or more as legacy milliseconds;
/// Claude Code reads seconds. JSON shows the value applied in both units.
#[test]
fn a_native_timeout_runs_in_the_files_unit() {
    let slow = "#!/bin/sh\nsleep 1\necho no >&2\nexit 2\n";
    let grouped = |event: &str, matcher: &str, timeout: u64| {
        format!(
            r#"{{"hooks": {{"{event}": [{{"matcher": "{matcher}", "hooks": [{{"type": "command", "command": "./hooks/slow.sh", "timeout": {timeout}}}]}}]}}}}"#
        )
    };
    for (agent, file, text, ms, want) in [
        (
            "gemini",
            ".gemini/settings.json",
            grouped("BeforeTool", "run_shell_command", 300),
            300_u64,
            "timeout",
        ),
        (
            "augment",
            ".augment/settings.json",
            grouped("PreToolUse", "launch-process", 300),
            300,
            "timeout",
        ),
        (
            "qwen",
            ".qwen/settings.json",
            grouped("PreToolUse", "run_shell_command", 4500),
            4500,
            "block",
        ),
        (
            "claude",
            ".claude/settings.json",
            grouped("PreToolUse", "Bash", 5),
            5000,
            "block",
        ),
    ] {
        let p = Project::new()
            .script("hooks/slow.sh", slow)
            .file(file, &text);
        let (_, v) = run_json(&p, &["run", "--installed", "--bash", "ls", "-t", agent]);
        let c = &target(&v, agent)["commands"][0];
        assert_eq!(
            (c["timeout_ms"].as_u64(), c["timeout_s"].as_u64()),
            (Some(ms), Some(ms.div_ceil(1000))),
            "{agent}: {v}"
        );
        assert_eq!(decision(&v, agent), want, "{agent}: {v}");
    }
}

/// A `postToolUse` logger written before Cursor's `beforeShellExecution` guard (a real
/// repository's file, fixtures/repos/Asymptote-Labs--agent-beacon): the guard, which can stop
/// the call, decides it; the logger, after the call, does not.
#[test]
fn an_after_tool_hook_listed_first_does_not_decide_the_call() {
    let p = Project::new()
        .file(
            ".cursor/hooks.json",
            r#"{"version":1,"hooks":{"postToolUse":[{"command":"./ok.sh"}],"beforeShellExecution":[{"command":"./deny.sh"}]}}"#,
        )
        .script("deny.sh", "#!/bin/sh\necho '{\"permission\":\"deny\"}'\nexit 2\n")
        .script("ok.sh", "#!/bin/sh\nexit 0\n");
    let (_, v) = run_json(
        &p,
        &[
            "run",
            "--installed",
            "--bash",
            "rm -rf /",
            "-t",
            "cursor",
            "--include-assumed",
        ],
    );
    let t = target(&v, "cursor");
    assert_eq!(
        (&t["decision"], &t["event"], &t["notes"]),
        (
            &Value::from("block"),
            &Value::from("beforeShellExecution"),
            &serde_json::json!([
                "handlers on later events are not run here: .cursor/hooks.json:1 (postToolUse)"
            ])
        )
    );
}

/// `hookcheck run --installed --bash 'rm -rf x' -t TARGETS [--user]` started in `dir`.
fn rm_rf_from(p: &Project, dir: &std::path::Path, targets: &str, user: bool) -> Value {
    let mut cmd = p.command();
    cmd.current_dir(dir)
        .args(["run", "--installed", "--bash", "rm -rf x", "-t", targets])
        .args(["--format", "json"]);
    if user {
        cmd.arg("--user");
    }
    let out = cmd.output().expect("run hookcheck");
    serde_json::from_slice(&out.stdout).expect("json")
}

/// Started in a subfolder of the project: an agent that reads its project hook files only
/// where it was started (fixtures/live/lifecycle/repo-hooks) is warned about, one that finds
/// them at the root is not; the hook runs in the folder the agent runs it in (the subfolder
/// for an agent that runs hooks where it started, fixtures/live/start-in), so a relative
/// script path no longer resolves there.
#[test]
fn started_in_a_subfolder_each_agent_runs_where_it_was_seen_to() {
    let codex = r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./hooks/g.sh", "timeout": 10}]}]}}"#;
    let p = installed()
        .file(".codex/hooks.json", codex)
        .file("sub/.keep", "");
    let v = rm_rf_from(&p, &p.root().join("sub"), "claude,codex", false);
    let (claude, codex) = (target(&v, "claude"), target(&v, "codex"));
    let warned = |t: &Value| {
        t["warnings"]
            .to_string()
            .contains("not at the project root")
    };
    assert!(warned(claude), "{claude}");
    assert!(!warned(codex), "{codex}");
    // Both run the hook in sub/, where ./hooks/g.sh is not: a missing script, no block.
    for t in [claude, codex] {
        assert_ne!(t["decision"], "block", "{t}");
    }
    // From the root the same hooks block.
    let v = rm_rf_from(&p, p.root(), "claude,codex", false);
    assert_eq!(decision(&v, "claude"), "block", "{v}");
    assert_eq!(decision(&v, "codex"), "block", "{v}");
}

/// The same hook in the user's file and the project's: an agent that dedups hooks by command
/// runs it once, one that does not runs it twice (fixtures/live/lifecycle/observations,
/// `two-files`).
#[test]
fn the_same_hook_in_two_files_runs_once_where_the_agent_dedups() {
    let p = installed();
    let home = p.root().join(".test-home");
    let hook = p.root().join("hooks/g.sh").display().to_string();
    let both = CLAUDE.replace("./hooks/g.sh", &hook);
    for (agent, file, runs) in [
        ("claude", ".claude/settings.json", 1),
        ("codex", ".codex/hooks.json", 2),
    ] {
        for dir in [p.root(), home.as_path()] {
            std::fs::create_dir_all(dir.join(file).parent().expect("dir")).expect("mkdir");
            std::fs::write(dir.join(file), &both).expect("hook file");
        }
        let v = rm_rf_from(&p, p.root(), agent, true);
        let t = target(&v, agent);
        assert_eq!(t["decision"], "block", "{t}");
        assert_eq!(t["commands"].as_array().map(Vec::len), Some(runs), "{t}");
        assert_eq!(
            t.to_string().contains("dedups hooks by command"),
            runs == 1,
            "{t}"
        );
    }
}

/// One program missing from the PATH, called by five hooks of one file that four agents read:
/// lint's text gives it once, placed at all five lines, with what each agent then does on
/// each line and its fix, where it gave twenty findings that repeated the cause. The JSON and
/// SARIF keep one per place and agent: a SARIF result has one location, and code scanning
/// shows each where it is.
#[test]
fn lint_gives_one_finding_per_cause_with_each_agents_consequence() {
    let hook = |event: &str, matcher: &str| {
        format!(
            r#""{event}": [{{"matcher": "{matcher}", "hooks": [{{"type": "command", "command": "hookcheck-missing-tool check"}}]}}]"#
        )
    };
    let settings = format!(
        "{{\n  \"hooks\": {{\n    {},\n    {},\n    {},\n    {},\n    {}\n  }}\n}}\n",
        hook("PreToolUse", "Bash"),
        hook("PostToolUse", "Bash"),
        hook("UserPromptSubmit", ""),
        hook("Stop", ""),
        hook("SessionStart", "")
    );
    let p = Project::new().file(".claude/settings.json", &settings);
    let run = p.run(&["lint"]);
    assert_eq!(run.stderr(), "");
    assert_eq!(run.code(), 0, "{}", run.stdout());
    insta::assert_snapshot!("lint_one_finding_per_cause", run.stdout());
    assert_eq!(
        run.stdout()
            .lines()
            .filter(|l| l.contains("[program-not-found]"))
            .count(),
        1
    );
    let json = p.run(&["lint", "--format", "json"]);
    let v: Value = serde_json::from_str(&json.stdout()).expect("lint json");
    let per_place = |rule: &str| {
        v["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter(|f| f["rule"] == rule)
            .count()
    };
    let sarif = p.run(&["lint", "--format", "sarif"]);
    let s: Value = serde_json::from_str(&sarif.stdout()).expect("sarif");
    let results = s["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter(|r| r["ruleId"] == "program-not-found")
        .count();
    // Every place and agent is still there, one each, in both.
    assert_eq!(per_place("program-not-found"), results);
    assert!(results > 5, "{results}");
}

#[test]
fn a_cline_hook_file_without_its_executable_bit_still_runs() {
    // Cline's hook discovery takes every regular file named for an event, with no mode check,
    // and runs it through an interpreter (docs/dev/lifecycle.md, "non-executable script"), so a
    // hook file committed without +x is no finding and runs.
    let p = Project::new().file(
        ".clinerules/hooks/PreToolUse",
        "#!/bin/sh\ncat >/dev/null\ntouch ran\n",
    );
    let lint = p.run(&["lint"]);
    assert_eq!(
        (lint.code(), lint.stdout()),
        (0, "no findings\n".to_string())
    );
    let (_, v) = run_json(&p, &["run", "--installed", "--bash", "ls", "-t", "cline"]);
    let c = &target(&v, "cline")["commands"][0];
    assert_eq!(
        (c["command"].clone(), c["exit_code"].clone()),
        (
            "sh .clinerules/hooks/PreToolUse  (.clinerules/hooks/PreToolUse:1)".into(),
            0.into()
        ),
        "{v}"
    );
    assert!(p.root().join("ran").exists(), "the hook did not run");
}

#[test]
fn copilot_runs_the_hooks_in_its_settings_files_too() {
    // Copilot CLI runs the top-level `hooks` of the repository's .github/copilot/settings.json
    // and settings.local.json and of the user's ~/.copilot/settings.json beside its hook files
    // (issue 26: "read every hook file the real Copilot CLI reads"); a settings file without
    // `hooks` holds none, and is no finding.
    let hooks = r#""hooks": {"preToolUse": [{"type": "command", "bash": "./hooks/g.sh", "timeoutSec": 10}]}"#;
    let p = Project::new()
        .script("hooks/g.sh", &guard("rm -rf"))
        .file(
            ".github/copilot/settings.json",
            &format!(r#"{{"model": "gpt-5", {hooks}}}"#),
        )
        .file(
            ".github/copilot/settings.local.json",
            r#"{"theme": "dark"}"#,
        )
        .file(
            ".test-home/.copilot/settings.json",
            &format!(r#"{{"trusted_folders": [], {hooks}}}"#),
        );
    let list = p.run(&["list", "--installed", "--user"]);
    assert_eq!(
        (list.code(), list.stdout()),
        (
            0,
            "AGENT    EVENT       MATCHER  COMMAND       TIMEOUT  FILE\n\
             copilot  preToolUse           ./hooks/g.sh  10s      .github/copilot/settings.json:1\n\
             copilot  preToolUse           ./hooks/g.sh  10s      .test-home/.copilot/settings.json:1\n"
                .to_string()
        )
    );
    let (_, v) = run_json(
        &p,
        &[
            "run",
            "--installed",
            "--user",
            "--bash",
            "rm -rf x",
            "-t",
            "copilot",
        ],
    );
    assert_eq!(decision(&v, "copilot"), "block", "{v}");
}

/// The plugin hooks the real Copilot CLI ran (fixtures/live/plugins/copilot.json, recorded by
/// scripts/live-copilot-plugins.py): the same plugins installed in the test home (its
/// config.json, written with Copilot's comment on top, listing each with its folder) and the
/// same trusted workspace; hookcheck runs exactly the hooks Copilot ran, a plugin's in its
/// folder with the variables Copilot gave it. Not reproduced: `*_PLUGIN_DATA`, a folder Copilot
/// names by a hash hookcheck cannot know (so a hook that uses it is run without it).
#[test]
fn copilot_plugins_run_as_recorded() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/plugins/copilot.json"),
    )
    .expect("fixture");
    let rec: Value = serde_json::from_str(&text).expect("json");
    let mut p = Project::new();
    let root = p.root().to_path_buf();
    let cache = root.join(".test-home/.copilot/installed-plugins");
    let mut installed = Vec::new();
    for plugin in rec["plugins"].as_array().expect("plugins") {
        let folder = plugin["folder"].as_str().expect("folder");
        for (path, body) in plugin["files"].as_object().expect("files") {
            let at = format!(".test-home/.copilot/installed-plugins/_direct/{folder}/{path}");
            p = p.file(&at, body.as_str().expect("text"));
        }
        installed.push(serde_json::json!({
            "name": folder, "marketplace": "", "enabled": plugin["enabled"],
            "cache_path": cache.join("_direct").join(folder),
        }));
    }
    for (path, body) in rec["workspace"].as_object().expect("workspace") {
        p = p.file(path, body.as_str().expect("text"));
    }
    let config = serde_json::json!({"installedPlugins": installed, "trusted_folders": [root]});
    let p = p.file(
        ".test-home/.copilot/config.json",
        &format!("// User settings belong in settings.json.\n// This file is managed automatically.\n{config:#}"),
    );
    let log = root.join("probe.log");
    let run = p
        .command()
        .args([
            "run",
            "--installed",
            "--user",
            "--bash",
            "true",
            "-t",
            "copilot",
        ])
        .env("HOOKCHECK_PROBE_LOG", &log)
        .output()
        .expect("run");
    // The plugins whose hooks Copilot ran none of are broken hook files, each said so.
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    let broken: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("hook installed:"))
        .collect();
    assert_eq!(
        broken,
        [
            "hook installed: .test-home/.copilot/installed-plugins/_direct/inline-wrapped/plugin.json:6: the inline `hooks` object is wrapped in another `hooks`, as a hooks file is; inline, it is keyed by event; Copilot CLI runs none of this plugin's hooks (real agent: Copilot CLI 1.0.102, fixtures/live/plugins/copilot.json); \
             .test-home/.copilot/installed-plugins/_direct/bare-file/hooks/hooks.json:2: `preToolUse` is at the top level; Copilot CLI reads a hook file's events only under `hooks`; Copilot rejects this file: none of its hooks load",
        ],
        "{stdout}"
    );
    let lines = std::fs::read_to_string(&log).expect("the hooks ran");
    let mut ran: Vec<&str> = lines.lines().filter(|l| !l.contains('=')).collect();
    ran.sort_unstable();
    let cwd: Vec<String> = lines
        .lines()
        .filter_map(|l| l.strip_prefix("cwd="))
        .map(|c| c.replace(&cache.display().to_string(), "<installed-plugins>"))
        .collect();
    let mut env: Vec<&str> = lines
        .lines()
        .filter_map(|l| l.strip_prefix("env="))
        .collect();
    env.sort_unstable();
    let seen = &rec["observed"];
    assert_eq!(serde_json::json!(ran), seen["ran"]);
    assert_eq!(serde_json::json!(cwd), seen["probe_cwd"]);
    let without_data: Vec<&Value> = seen["probe_env"]
        .as_array()
        .expect("env")
        .iter()
        .filter(|v| !v.as_str().is_some_and(|s| s.ends_with("_PLUGIN_DATA")))
        .collect();
    assert_eq!(serde_json::json!(env), serde_json::json!(without_data));
}

/// A Cursor plugin (`.cursor-plugin/plugin.json` naming its hooks file, as Cursor's own
/// plugins do) is read with `${CURSOR_PLUGIN_ROOT}` set to its folder, and said to run only
/// while installed; a marketplace lists plugin folders (cursor/plugins README.md).
#[test]
fn a_cursor_plugin_runs_its_hooks_from_its_folder() {
    let hooks = r#"{"version": 1, "hooks": {"beforeShellExecution": [{"command": "${CURSOR_PLUGIN_ROOT}/hooks/g.sh", "timeout": 10}]}}"#;
    let p = Project::new()
        .file(
            ".cursor-plugin/marketplace.json",
            r#"{"name": "m", "plugins": [{"name": "guard", "source": "./guard"}]}"#,
        )
        .file(
            "guard/.cursor-plugin/plugin.json",
            r#"{"name": "guard", "hooks": "./hooks/hooks.json"}"#,
        )
        .file("guard/hooks/hooks.json", hooks)
        .script("guard/hooks/g.sh", &guard("rm -rf"));
    let list = p.run(&["list", "--installed"]);
    assert_eq!(
        (list.code(), list.stdout()),
        (
            0,
            "AGENT   EVENT                 MATCHER  COMMAND                           TIMEOUT  FILE\n\
             cursor  beforeShellExecution           ${CURSOR_PLUGIN_ROOT}/hooks/g.sh  10s      guard/hooks/hooks.json:1\n"
                .to_string()
        )
    );
    for (cmd, want) in [("rm -rf build", "block"), ("ls", "allow")] {
        let (_, v) = run_json(&p, &["run", "--installed", "--bash", cmd, "-t", "cursor"]);
        assert_eq!(decision(&v, "cursor"), want, "{cmd}: {v}");
    }
}

/// A plugin's hooks run from the copy the agent installed, trusted project or not (Copilot CLI
/// 1.0.102 ran installed plugins' hooks in an untrusted folder): a project that is a plugin
/// gets no trust warning for them, while its own `.github/hooks/` file still does.
#[test]
fn plugin_hooks_are_not_held_back_by_the_projects_trust() {
    let hooks = r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/g.sh"}]}]}}"#;
    let plugin = Project::new()
        .file(".claude-plugin/plugin.json", r#"{"name": "p"}"#)
        .file("hooks/hooks.json", hooks)
        .script("g.sh", &guard("rm -rf"));
    let args = [
        "run",
        "--installed",
        "--bash",
        "rm -rf x",
        "-t",
        "claude,copilot",
    ];
    let run = plugin.run(&args);
    assert_eq!(run.code(), 0, "{}", run.stdout());
    assert!(!run.stdout().contains("not trusted"), "{}", run.stdout());
    let own = plugin.file(
        ".github/hooks/h.json",
        r#"{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "./g.sh"}]}}"#,
    );
    let run = own.run(&args);
    assert!(
        run.stdout()
            .contains("warning: not trusted here: copilot holds these hooks back"),
        "{}",
        run.stdout()
    );
}

/// A plugin's hooks get the plugin's data folder as the agent gives it (observed:
/// fixtures/live/plugins/data): Claude Code names one in `CLAUDE_PLUGIN_DATA` and has made it,
/// Codex names one in `PLUGIN_DATA` and `CLAUDE_PLUGIN_DATA` and has not. hookcheck names a
/// folder of its run's own, never one in the home: a hook that keeps state there runs as it
/// would on a fresh install (before, it was given no such variable at all).
#[test]
fn a_plugins_hooks_get_its_data_folder_as_each_agent_gives_it() {
    let hooks = r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/state.sh"}]}]}}"#;
    let script = r#"#!/bin/sh
for v in CLAUDE_PLUGIN_DATA PLUGIN_DATA; do
  eval "d=\${$v-}"
  case $d in "") echo "$v unset" >&2; continue;; "$HOME"*) echo "$v in the home" >&2; exit 1;; esac
  if [ -d "$d" ]; then echo "$v made" >&2; else echo "$v named" >&2; fi
done
d=${CLAUDE_PLUGIN_DATA:?no data folder}
mkdir -p "$d" && echo 1 >> "$d/runs"
"#;
    let p = Project::new()
        .file(".claude-plugin/plugin.json", r#"{"name": "p"}"#)
        .file(".codex-plugin/plugin.json", r#"{"name": "p"}"#)
        .file("hooks/hooks.json", hooks)
        .script("state.sh", script);
    let (_, v) = run_json(
        &p,
        &["run", "--installed", "--bash", "ls", "-t", "claude,codex"],
    );
    let said = |id: &str| {
        let t = crate::common::target(&v, id);
        format!(
            "{} {}",
            t["decision"].as_str().unwrap_or("?"),
            t["commands"][0]["stderr"].as_str().unwrap_or("?")
        )
    };
    assert_eq!(
        said("claude"),
        "allow CLAUDE_PLUGIN_DATA made\nPLUGIN_DATA unset\n",
        "{v}"
    );
    assert_eq!(
        said("codex"),
        "allow CLAUDE_PLUGIN_DATA named\nPLUGIN_DATA named\n",
        "{v}"
    );
    // The result says the folder is hookcheck's, not the agent's.
    let note = |id: &str| {
        crate::common::target(&v, id)["notes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|n| n.as_str())
            .find(|n| n.contains("data folder"))
            .map(str::to_string)
    };
    assert_eq!(
        note("claude").as_deref(),
        Some(
            "CLAUDE_PLUGIN_DATA names a data folder of hookcheck's run, as a fresh install has it, not Claude Code's own: state an earlier session left there is not in it"
        )
    );
    assert_eq!(
        note("codex").as_deref(),
        Some(
            "PLUGIN_DATA and CLAUDE_PLUGIN_DATA name a data folder of hookcheck's run, as a fresh install has it, not Codex's own: state an earlier session left there is not in it"
        )
    );
}

/// Copilot CLI runs a plugin's hooks in the plugin's folder (fixtures/live/plugins/copilot.json
/// `probe_cwd`): a relative script path in a marketplace plugin's hooks file is found there by
/// lint and run there, and a missing one is named at its place in the plugin.
#[test]
fn a_copilot_plugins_relative_script_is_found_in_the_plugins_folder() {
    let p = Project::new()
        .file(
            "marketplace.json",
            r#"{"name": "m", "plugins": [{"name": "p", "source": "./plugins/p"}]}"#,
        )
        .file("plugins/p/plugin.json", r#"{"name": "p"}"#)
        .file(
            "plugins/p/hooks.json",
            r#"{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "./g.sh"}]}}"#,
        )
        .script("plugins/p/g.sh", &guard("rm -rf"));
    let lint = p.run(&["lint"]);
    assert_eq!(
        (lint.code(), lint.stdout()),
        (0, "no findings\n".to_string())
    );
    let (_, v) = run_json(
        &p,
        &["run", "--installed", "--bash", "rm -rf x", "-t", "copilot"],
    );
    assert_eq!(decision(&v, "copilot"), "block", "{v}");
    std::fs::remove_file(p.root().join("plugins/p/g.sh")).expect("rm");
    let lint = p.run(&["lint"]);
    assert_eq!(
        (lint.code(), lint.stdout()),
        (
            1,
            "plugins/p/hooks.json:1: error[script-missing]: `./g.sh` is `plugins/p/g.sh` here, which does not exist: the hook cannot start (exit 127); Copilot CLI denies every call this hook fires on (fails closed)\n  \
             fix: create the script, or correct the path (relative paths start from the plugin's folder)\n\
             1 finding(s), 1 error(s)\n"
                .to_string()
        )
    );
}

/// A `plugin.json` in `.github/hooks/` is one of Copilot CLI's hook files, read by their
/// rules (a bad `version` rejects it), not a plugin manifest.
#[test]
fn a_plugin_json_among_copilots_hook_files_is_a_hook_file() {
    let p = Project::new().file(
        ".github/hooks/plugin.json",
        r#"{"version": 2, "hooks": {"preToolUse": [{"type": "command", "bash": "true"}]}}"#,
    );
    let lint = p.run(&["lint"]);
    assert_eq!(
        (lint.code(), lint.stdout()),
        (
            1,
            ".github/hooks/plugin.json: error[unreadable-file]: `version` is 2; Copilot reads version 1; Copilot rejects this file: none of its hooks load\n  \
             fix: fix the file so it parses in the agent's shape\n\
             1 finding(s), 1 error(s)\n"
                .to_string()
        )
    );
}

/// The spec rules of `lint`: a name two spec files claim, and a spec that does not parse,
/// each one finding on its file; a valid spec none (each spec is read once for both rules).
#[test]
fn lint_finds_a_name_claimed_twice_and_a_spec_that_does_not_parse() {
    let spec = "on: before-tool\nmatch: shell\ncommand: ./g.sh\n";
    let p = Project::new()
        .spec("guard", spec)
        .file(
            ".hookcheck/hooks/guard.json",
            r#"{"on": "before-tool", "match": "shell", "command": "./g.sh"}"#,
        )
        .spec("broken", "on: [\n")
        .spec("fine", spec);
    let (code, v) = run_json(&p, &["lint"]);
    let mut found: Vec<(String, String)> = v["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["rule"].as_str().is_some_and(|r| r.ends_with("-spec")))
        .map(|f| (f["rule"].to_string(), f["file"].to_string()))
        .collect();
    found.sort();
    assert_eq!(
        found,
        [
            (
                "\"duplicate-spec\"".to_string(),
                "\".hookcheck/hooks/guard.json\"".to_string()
            ),
            (
                "\"invalid-spec\"".to_string(),
                "\".hookcheck/hooks/broken.yaml\"".to_string()
            ),
        ],
        "{v}"
    );
    assert_eq!(code, 1, "{v}");
}
