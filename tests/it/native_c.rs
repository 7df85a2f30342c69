//! Installed hooks through the binary, part three: Cursor's switched cross-read of Claude Code's
//! settings (`--third-party`).

use crate::common;

use common::{Project, decision, guard, target};
use serde_json::Value;

fn run_json(p: &Project, args: &[&str]) -> (i32, Value) {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let run = p.run(&all);
    let v = serde_json::from_str(&run.stdout())
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", run.stdout(), run.stderr()));
    (run.code(), v)
}

/// A Claude Code settings file whose PreToolUse hook on Cursor's `Shell` tool blocks `rm -rf`.
const CLAUDE: &str = "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"Shell\", \"hooks\": [{\"type\": \"command\", \"command\": \"./hooks/guard.sh\"}]}\n    ]\n  }\n}\n";

fn project() -> Project {
    Project::new()
        .script("hooks/guard.sh", &guard("rm -rf"))
        .file(".claude/settings.json", CLAUDE)
}

fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect()
}

#[test]
fn cursor_runs_claude_settings_hooks_only_with_third_party_on() {
    // (extra flags, Cursor's decision, the command ran from the Claude file, a note says why not)
    let table: &[(&[&str], &str, bool, bool)] = &[
        (&[], "not run", false, true),
        (&["--third-party"], "block", true, false),
    ];
    for (flags, want, ran, noted) in table {
        let p = project();
        let mut args = vec!["run", "--installed", "--bash", "rm -rf /", "-t", "cursor"];
        args.extend_from_slice(flags);
        let (_, v) = run_json(&p, &args);
        let t = target(&v, "cursor");
        assert_eq!(decision(&v, "cursor"), *want, "{flags:?}: {t}");
        let commands: Vec<String> = t["commands"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c["command"].as_str().map(str::to_string))
            .collect();
        assert_eq!(
            commands
                .iter()
                .any(|c| c.contains(".claude/settings.json:4")),
            *ran,
            "{flags:?}: {commands:?}"
        );
        // Run by Cursor's rules: under its own event name.
        if *ran {
            assert_eq!(t["event"], "preToolUse", "{t}");
        }
        let notes = strs(&t["notes"]);
        assert_eq!(
            notes.iter().any(|n| n.contains("--third-party")
                && n.contains(".claude/settings.json")
                && n.contains("Include third-party")),
            *noted,
            "{flags:?}: {notes:?}"
        );
    }
}

#[test]
fn cursor_reads_the_users_claude_settings_too_and_warns_of_a_double_run() {
    let p = project()
        .file(
            ".cursor/hooks.json",
            "{\"version\": 1, \"hooks\": {\"preToolUse\": [{\"matcher\": \"Shell\", \"command\": \"./hooks/guard.sh\"}]}}\n",
        )
        .file(".test-home/.claude/settings.json", CLAUDE.replace("guard", "user").as_str());
    let (_, v) = run_json(&p, &["list", "--installed", "--user", "--third-party"]);
    let cursor: Vec<(String, bool)> = v["handlers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["agent"] == "cursor")
        .map(|r| {
            (
                r["file"].as_str().unwrap_or_default().to_string(),
                r["cross_read"] == true,
            )
        })
        .collect();
    // The test home is inside the project, so its file is shown relative to the root.
    assert_eq!(
        cursor,
        [
            (".cursor/hooks.json".to_string(), false),
            (".claude/settings.json".to_string(), true),
            (".test-home/.claude/settings.json".to_string(), true),
        ]
    );
    // Without the switch, Cursor lists its own file only.
    let (_, v) = run_json(&p, &["list", "--installed", "--user"]);
    let n = v["handlers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["agent"] == "cursor")
        .count();
    assert_eq!(n, 1, "{v}");
    // The same guard in both files runs twice under Cursor with the switch on.
    for (flags, doubled) in [(&[][..], false), (&["--third-party"][..], true)] {
        let mut args = vec!["run", "--installed", "--bash", "ls", "-t", "cursor"];
        args.extend_from_slice(flags);
        let (_, v) = run_json(&p, &args);
        let warnings = strs(&target(&v, "cursor")["warnings"]);
        assert_eq!(
            warnings.iter().any(|w| w.contains("runs twice")),
            doubled,
            "{flags:?}: {warnings:?}"
        );
    }
}

/// Codex runs `commandWindows` (TOML `command_windows`) instead of `command` on Windows: off
/// Windows the stale-file check still finds the handler by `command`, and warns when the
/// file's Windows command is missing or differs from the spec's.
#[test]
fn codex_stale_file_warning_compares_command_windows() {
    let json = |extra: &str| {
        format!(
            "{{\"hooks\": {{\"PreToolUse\": [{{\"matcher\": \"Bash\", \"hooks\": [{{\"type\": \"command\", \"command\": \"./hooks/guard.sh\", \"timeout\": 10{extra}}}]}}]}}}}\n"
        )
    };
    let toml = |extra: &str| {
        format!(
            "[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./hooks/guard.sh\"\ntimeout = 10\n{extra}"
        )
    };
    let spec_with = "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/guard.sh\ncommandWindows: hooks\\guard.cmd\ntimeout: 10\n";
    let spec_without = "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/guard.sh\ntimeout: 10\n";
    // (spec, file, its text, a commandWindows warning)
    let table: Vec<(&str, &str, String, bool)> = vec![
        (spec_with, ".codex/hooks.json", json(""), true),
        (
            spec_with,
            ".codex/hooks.json",
            json(r#", "commandWindows": "hooks\\guard.cmd""#),
            false,
        ),
        (
            spec_with,
            ".codex/hooks.json",
            json(r#", "commandWindows": "hooks\\old.cmd""#),
            true,
        ),
        (spec_without, ".codex/hooks.json", json(""), false),
        (
            spec_without,
            ".codex/hooks.json",
            json(r#", "commandWindows": "hooks\\guard.cmd""#),
            true,
        ),
        (spec_with, ".codex/config.toml", toml(""), true),
        (
            spec_with,
            ".codex/config.toml",
            toml("command_windows = 'hooks\\guard.cmd'\n"),
            false,
        ),
    ];
    for (spec, file, text, warned) in table {
        let p = Project::new()
            .spec("g", spec)
            .script("hooks/guard.sh", &guard("rm -rf"))
            .file(file, &text);
        let (code, v) = run_json(&p, &["run", "g", "--bash", "ls", "-t", "codex"]);
        let w = strs(&target(&v, "codex")["warnings"]);
        assert!(
            !w.iter().any(|w| w.contains("stale")),
            "{file} {text}: the handler is found by `command` off Windows: {w:?}"
        );
        assert_eq!(
            w.iter()
                .any(|w| w.contains("commandWindows") && w.contains(file)),
            warned,
            "{spec} {file} {text}: {w:?}"
        );
        assert_eq!(code, 0, "a warning does not fail the run: {v}");
    }
}

/// OpenHands loads the first found of `.openhands/hooks.json` and `~/.openhands/hooks.json`
/// (software-agent-sdk hooks/config.py): a project file hides the user file.
#[test]
fn openhands_project_hooks_hide_the_user_file() {
    let file = |script: &str| {
        format!(
            "{{\"pre_tool_use\": [{{\"matcher\": \"terminal\", \"hooks\": [{{\"command\": \"./hooks/{script}.sh\"}}]}}]}}\n"
        )
    };
    // (project file, the files OpenHands' handlers come from)
    for (project, want) in [
        (true, vec![".openhands/hooks.json"]),
        (false, vec![".test-home/.openhands/hooks.json"]),
    ] {
        let mut p = Project::new().file(".test-home/.openhands/hooks.json", &file("user"));
        if project {
            p = p.file(".openhands/hooks.json", &file("project"));
        }
        let (_, v) = run_json(&p, &["list", "--installed", "--user"]);
        let got: Vec<String> = v["handlers"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r["agent"] == "openhands")
            .filter_map(|r| r["file"].as_str().map(str::to_string))
            .collect();
        assert_eq!(got, want, "project file: {project}");
    }
}

/// `run --installed`: a handler hookcheck does not run (Kiro's `confirm` asks the user first)
/// is named in a note beside the handlers that run, not left out silently.
#[test]
fn installed_handlers_not_run_are_noted() {
    let kiro = r#"{"version": "v1", "hooks": [
  {"trigger": "PreToolUse", "matcher": "shell", "action": {"type": "command", "command": "./hooks/guard.sh"}},
  {"trigger": "PreToolUse", "matcher": "shell", "action": {"type": "command", "command": "./hooks/ask.sh"}, "confirm": true}
]}
"#;
    let payload = serde_json::json!({
        "hook_event_name": "preToolUse", "cwd": "/tmp", "tool_name": "shell",
        "tool_input": { "command": "rm -rf build" }
    });
    let p = Project::new()
        .script("hooks/guard.sh", &guard("rm -rf"))
        .script("hooks/ask.sh", &guard("rm -rf"))
        .file(".kiro/hooks/k.json", kiro)
        .file("rm.json", &payload.to_string());
    let (_, v) = run_json(
        &p,
        &["run", "--installed", "--payload", "rm.json", "-t", "kiro"],
    );
    let t = target(&v, "kiro");
    assert_eq!(t["decision"], "block", "{t}");
    let notes = strs(&t["notes"]);
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with(".kiro/hooks/k.json:3: not run")),
        "{notes:?}"
    );
    assert!(
        !notes.iter().any(|n| n.contains("k.json:2")),
        "the handler that ran is not noted: {notes:?}"
    );
}

/// Gemini CLI and Qwen Code run their extensions' hooks from the user's folder only, with the
/// references they replace as the file loads (docs/reference/agents/gemini-extensions.md, read in
/// their bundles and run on the binaries 2026-12-05): Gemini's `hooks/hooks.json` wrapped in
/// `hooks`, from a manifest with a name and a version; Qwen's inline manifest hooks or
/// `hooks/hooks.json` with its events at the top level. A project's `.gemini/extensions/` is
/// not read, nor a Gemini manifest without a version.
#[test]
fn gemini_and_qwen_extensions_run_from_the_users_folder_with_their_references_resolved() {
    let gemini = ".test-home/.gemini/extensions";
    let qwen = ".test-home/.qwen/extensions";
    let gemini_hooks = r#"{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "${extensionPath}${/}g.sh"}]}]}}"#;
    let p = Project::new()
        .file(
            &format!("{gemini}/g/gemini-extension.json"),
            r#"{"name": "g", "version": "1.0.0"}"#,
        )
        .file(&format!("{gemini}/g/hooks/hooks.json"), gemini_hooks)
        .script(&format!("{gemini}/g/g.sh"), &guard("rm -rf"))
        .file(
            &format!("{gemini}/no-version/gemini-extension.json"),
            r#"{"name": "no-version"}"#,
        )
        .file(&format!("{gemini}/no-version/hooks/hooks.json"), gemini_hooks)
        .file(".gemini/extensions/p/gemini-extension.json", r#"{"name": "p", "version": "1"}"#)
        .file(".gemini/extensions/p/hooks/hooks.json", gemini_hooks)
        .file(
            &format!("{qwen}/inline/qwen-extension.json"),
            r#"{"name": "inline", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "'${extensionPath}/g.sh'"}]}]}}"#,
        )
        .script(&format!("{qwen}/inline/g.sh"), &guard("rm -rf"))
        .file(&format!("{qwen}/top/qwen-extension.json"), r#"{"name": "top"}"#)
        .file(
            &format!("{qwen}/top/hooks/hooks.json"),
            r#"{"PreToolUse": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/g.sh"}]}]}"#,
        )
        .script(&format!("{qwen}/top/g.sh"), &guard("rm -rf"));
    let home = p.root().join(".test-home");
    let (code, v) = p.json_of(&[
        "run",
        "--installed",
        "--user",
        "--bash",
        "rm -rf x",
        "-t",
        "gemini,qwen",
    ]);
    assert_eq!(code, 0, "{v}");
    let commands = |agent: &str| -> Vec<String> {
        target(&v, agent)["commands"]
            .as_array()
            .expect("commands")
            .iter()
            .map(|c| c["command"].as_str().expect("command").to_string())
            .collect()
    };
    let ext = |agent: &str, name: &str| home.join(agent).join("extensions").join(name);
    // Each command as the agent runs it, and where it is written.
    let at = |agent: &str, name: &str, file: &str| {
        format!(".test-home/{agent}/extensions/{name}/{file}")
    };
    assert_eq!(
        commands("gemini"),
        [format!(
            "{}/g.sh  ({}:1)",
            ext(".gemini", "g").display(),
            at(".gemini", "g", "hooks/hooks.json")
        )]
    );
    assert_eq!(
        commands("qwen"),
        [
            format!(
                "'{}/g.sh'  ({}:1)",
                ext(".qwen", "inline").display(),
                at(".qwen", "inline", "qwen-extension.json")
            ),
            format!(
                "{}/g.sh  ({}:1)",
                ext(".qwen", "top").display(),
                at(".qwen", "top", "hooks/hooks.json")
            ),
        ]
    );
    assert_eq!(decision(&v, "gemini"), "block", "{v}");
    assert_eq!(decision(&v, "qwen"), "block", "{v}");
}

/// droid 0.215.0 writes a plugin's folder in place of `${DROID_PLUGIN_ROOT}` as it loads the
/// plugin's hooks, and gives the hook a placeholder under that name (its bundle, run on the
/// binary by hand 2026-12-05): the command finds its script, a script that reads the variable
/// does not find its folder.
#[test]
fn a_droid_plugins_root_is_in_the_command_text_and_not_in_the_hooks_environment() {
    let p = Project::new()
        .file(".factory-plugin/plugin.json", r#"{"name": "p"}"#)
        .file(
            "hooks/hooks.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Execute", "hooks": [{"type": "command", "command": "${DROID_PLUGIN_ROOT}/g.sh"}]}]}}"#,
        )
        .script("g.sh", "#!/bin/sh\necho \"root: $DROID_PLUGIN_ROOT\" >&2\nexit 2\n");
    let (_, v) = p.json_of(&["run", "--installed", "--bash", "ls", "-t", "factory"]);
    let command = &target(&v, "factory")["commands"][0];
    assert_eq!(
        command["command"],
        format!("{}/g.sh  (hooks/hooks.json:1)", p.root().display()),
        "{v}"
    );
    assert_eq!(
        command["stderr"], "root: /PLUGIN_ROOT_NOT_EXPANDED_ERROR\n",
        "{v}"
    );
    assert_eq!(decision(&v, "factory"), "block", "{v}");
}

/// `run --installed --user --bash ls -t AGENT` in `p`, with `$TRACE` a file in the project:
/// what the hooks appended to it.
fn trace_of_installed_run(p: &Project, agent: &str) -> String {
    let trace = p.root().join("trace");
    let run = p
        .command()
        .env("TRACE", &trace)
        .args(["run", "--installed", "--user", "--bash", "ls", "-t", agent])
        .output()
        .expect("run");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stdout)
    );
    std::fs::read_to_string(&trace).expect("trace")
}

/// Cline runs the user's and the project's script for one event one after the other
/// (fixtures/live/lifecycle/observations/two-files-trace--cline.json: `start end start end`),
/// and so does hookcheck for it.
#[test]
fn clines_user_and_project_scripts_for_one_event_run_one_after_the_other() {
    let script = "#!/bin/sh\necho start >> \"$TRACE\"; sleep 0.3; echo end >> \"$TRACE\"\n";
    let p = Project::new()
        .script(".clinerules/hooks/PreToolUse", script)
        .script(".test-home/.cline/hooks/PreToolUse", script);
    assert_eq!(
        trace_of_installed_run(&p, "cline"),
        "start\nend\nstart\nend\n"
    );
}

/// Copilot CLI runs the same hook in the user's settings and the project's hook file twice,
/// one after the other (fixtures/live/lifecycle/observations/two-files-trace--copilot.json:
/// `start end start end`; its reply hides the count), and so does hookcheck for it.
#[test]
fn copilots_same_hook_in_the_users_and_the_projects_file_runs_twice_in_order() {
    let command = "echo start >> \"$TRACE\"; sleep 0.3; echo end >> \"$TRACE\"";
    let hooks = serde_json::json!({"preToolUse": [{"type": "command", "bash": command}]});
    let p = Project::new()
        .file(
            ".github/hooks/h.json",
            &serde_json::json!({"version": 1, "hooks": hooks}).to_string(),
        )
        .file(
            ".test-home/.copilot/settings.json",
            &serde_json::json!({ "hooks": hooks }).to_string(),
        );
    assert_eq!(
        trace_of_installed_run(&p, "copilot"),
        "start\nend\nstart\nend\n"
    );
}

/// Claude Code, Gemini CLI and Qwen Code run the hooks of the machine's own settings file
/// beside the user's (fixtures/live/lifecycle/managed), Gemini CLI and Qwen Code those of its
/// system defaults file too (fixtures/live/lifecycle/managed-defaults): `run --installed --user`
/// reads each, where the agent's variable points (here into the project's `.test-policy`), and
/// a check of the project's files alone does not.
#[test]
fn the_machines_settings_are_read_with_the_users_files() {
    let settings = |file: &str| {
        if file == "managed-settings.json" {
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo machine blocks >&2; exit 2"}]}]}}"#
        } else if file.starts_with("gemini") {
            r#"{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "echo machine blocks >&2; exit 2"}]}]}}"#
        } else {
            r#"{"hooks": {"PreToolUse": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "echo machine blocks >&2; exit 2"}]}]}}"#
        }
    };
    for (agent, file) in [
        ("claude", "managed-settings.json"),
        ("gemini", "gemini-settings.json"),
        ("qwen", "qwen-settings.json"),
        ("gemini", "gemini-defaults.json"),
        ("qwen", "qwen-defaults.json"),
    ] {
        // One machine file at a time.
        let p = Project::new().file(&format!(".test-policy/{file}"), settings(file));
        let (code, v) = p.json_of(&[
            "run",
            "--installed",
            "--user",
            "--bash",
            "echo hi",
            "-t",
            agent,
        ]);
        assert_eq!((code, decision(&v, agent)), (0, "block".to_string()), "{v}");
        let command = &target(&v, agent)["commands"][0];
        assert_eq!(
            (command["command"].as_str(), command["stderr"].as_str()),
            (
                Some(format!("echo machine blocks >&2; exit 2  (.test-policy/{file}:1)").as_str()),
                Some("machine blocks\n")
            ),
            "{v}"
        );
        let (code, v) = p.json_of(&["run", "--installed", "--bash", "echo hi", "-t", agent]);
        assert_eq!(code, 1, "{v}");
        assert_eq!(target(&v, agent)["fired"], false, "{v}");
    }
}

/// Each agent's machine-wide hook file is among the files `--user` reads (Linux paths):
/// observed for Codex (fixtures/live/lifecycle/managed; Claude's, Gemini's and Qwen's are
/// checked above through their variables), from each agent's docs for the others
/// (docs/reference/protocols: Cursor's enterprise file, Windsurf's and Augment's system file,
/// Crush's machine config).
#[cfg(target_os = "linux")]
#[test]
fn each_agents_machine_hook_file_is_read_with_the_users() {
    let home = std::path::Path::new("/home/u");
    for (agent, file) in [
        ("codex", "/etc/codex/hooks.json"),
        ("cursor", "/etc/cursor/hooks.json"),
        ("windsurf-cascade", "/etc/windsurf/hooks.json"),
        ("augment", "/etc/augment/settings.json"),
        ("crush", "/etc/crush/crush.json"),
    ] {
        let loader = hookcheck::native::agents::find(agent).expect(agent).loader;
        let files = (loader.user_files)(home);
        assert!(
            files.contains(&std::path::PathBuf::from(file)),
            "{agent}: {files:?}"
        );
    }
}

/// Copilot CLI runs no hook of its own files whose matcher is written `""`, on either casing
/// (fixtures/live/lifecycle/observations/matcher-empty--copilot.json, camel-empty--copilot.json):
/// lint says so as an error, and `run --installed` does not run it.
#[test]
fn an_empty_matcher_in_copilots_own_file_is_a_hook_that_never_runs() {
    let p = Project::new()
        .file(
            ".github/hooks/h.json",
            r#"{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "./g.sh", "matcher": ""}]}}"#,
        )
        .script("g.sh", &guard("rm -rf"));
    let lint = p.run(&["lint"]);
    assert_eq!(lint.code(), 1, "{}", lint.stdout());
    assert!(
        lint.stdout().starts_with(
            ".github/hooks/h.json:1: error[empty-matcher-runs-nothing]: matcher \"\" runs this hook on no call in Copilot CLI: it reads it as no tool\n  fix: drop the matcher key to run it on every call\n"
        ),
        "{}",
        lint.stdout()
    );
    let (_, v) = p.json_of(&["run", "--installed", "--bash", "rm -rf x", "-t", "copilot"]);
    assert_eq!(decision(&v, "copilot"), "allow", "{v}");
    assert_eq!(target(&v, "copilot")["fired"], false, "{v}");
}

/// Files whose hooks the agent runs none of, though its docs name them or a user may expect
/// them to run (fixtures/live/lifecycle/local; docs/reference/agents/gemini-extensions.md):
/// lint lists each as skipped, and `run --installed` runs none of their hooks.
#[test]
fn hooks_in_files_the_agent_does_not_read_are_listed_as_skipped() {
    let grouped = |event: &str, matcher: &str| {
        format!(
            r#"{{"hooks": {{"{event}": [{{"matcher": "{matcher}", "hooks": [{{"type": "command", "command": "./g.sh"}}]}}]}}}}"#
        )
    };
    let p = Project::new()
        .file(
            ".qwen/settings.local.json",
            &grouped("PreToolUse", "run_shell_command"),
        )
        .file(
            ".factory/settings.local.json",
            &grouped("PreToolUse", "Execute"),
        )
        .file(
            ".gemini/extensions/x/hooks/hooks.json",
            &grouped("BeforeTool", "run_shell_command"),
        )
        .script("g.sh", &guard("rm -rf"));
    let lint = p.run(&["lint"]);
    let fix = "  fix: move these hooks into the file the agent reads, or delete them\n";
    assert_eq!(
        lint.stdout(),
        format!(
            ".gemini/extensions/x/hooks/hooks.json:1: warning[file-skipped]: Gemini CLI reads no hooks from this file; Gemini CLI runs none of its 1 hook(s) (Gemini CLI 0.61.0 loads extensions from ~/.gemini/extensions only, run by hand 2026-12-05)\n{fix}\
             .qwen/settings.local.json:1: warning[file-skipped]: Qwen Code reads no hooks from this file; Qwen Code runs none of its 1 hook(s) (real agent: Qwen Code 0.24.4, 2026-12-05, fixtures/live/lifecycle/local/exit2-stderr--qwen.json; its docs name the file for 1.x)\n{fix}\
             .factory/settings.local.json:1: warning[file-skipped]: Factory droid reads no hooks from this file; Factory droid runs none of its 1 hook(s) (real agent: droid 0.215.0, 2026-12-05, fixtures/live/lifecycle/local/exit2-stderr--factory.json; its hooks reference names the file)\n{fix}\
             3 finding(s), 0 error(s)\n"
        )
    );
    assert_eq!(lint.code(), 0, "warnings only");
    let (code, v) = p.json_of(&[
        "run",
        "--installed",
        "--bash",
        "rm -rf x",
        "-t",
        "qwen,factory,gemini",
    ]);
    // Nothing runs, so nothing is checked: not a pass.
    assert_eq!(code, 1, "{v}");
    assert_eq!(
        v["summary"]["message"],
        "hook installed: nothing ran: none of the 3 tools checked runs this hook for this trigger"
    );
}
