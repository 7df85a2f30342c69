//! Hook files an agent may or may not read, observed, each run predicted from the recorded file
//! as hookcheck's loader for the agent reads it (nothing read: allow):
//! - another agent's format: `hookcheck live claude-file --repo-hooks claude` writes the hook
//!   into the workspace's `.claude/settings.json` (Claude Code's format) and no hook of the
//!   agent's own, the folder trusted (fixtures/live/foreign);
//! - the agent's local project settings file: `--repo-hooks local`
//!   (fixtures/live/lifecycle/local);
//! - the hook inline in the project's settings or config file, beside the agent's separate
//!   hooks file: `--repo-hooks config` (fixtures/live/lifecycle/config).

use std::path::Path;

use hookcheck::live::{events, predict, record};
use hookcheck::workspace::Workspace;

/// Each recording in `dir` (made with `--repo-hooks FLAG`, its one hook file ending in one of
/// `files`) predicted from its file: `AGENT OBSERVED` per recording, sorted.
fn predicted_from_the_recorded_files(dir: &str, flag: &str, files: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let fixtures = record::load_all(&root.join(dir)).expect("recordings");
    let tmp = tempfile::tempdir().expect("tmp");
    let mut env: Vec<(String, String)> = std::env::vars().filter(|(k, _)| k != "TMPDIR").collect();
    env.push(("TMPDIR".into(), tmp.path().display().to_string()));
    let ws = Workspace {
        cwd: root.to_path_buf(),
        root: root.to_path_buf(),
        home: root.to_path_buf(),
        spec_dirs: Vec::new(),
        env,
    };
    let mut seen = Vec::new();
    for (name, f) in &fixtures {
        let made_with = f.made_with.as_deref().unwrap_or_default();
        assert!(
            made_with.contains(&format!(" --repo-hooks {flag} ")),
            "{name}: {made_with}"
        );
        let written: Vec<(String, String)> = f
            .hook_files
            .iter()
            .map(|h| (h.path.clone(), h.text.clone()))
            .collect();
        assert!(
            written.len() == 1 && files.iter().any(|e| written[0].0.ends_with(e)),
            "{name}: the agent's own hook file was written too, or none: {written:?}"
        );
        let req = predict::request(
            &f.hook,
            &f.trigger.live_trigger(),
            None,
            vec![f.agent.clone()],
        );
        let predicted = events::predicted_from(&ws, &req, &written, Some(f.live_phase()), true);
        assert_eq!(predicted, Some(f.observed.as_str()), "{name}: {}", f.agent);
        seen.push(format!("{} {}", f.agent, f.observed.as_str()));
    }
    seen.sort();
    seen
}

/// Of the live agents only Copilot CLI runs Claude Code's project settings.
#[test]
fn claude_settings_are_run_by_exactly_the_agents_seen_to_run_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/foreign");
    let spec = std::fs::read_to_string(dir.join("hooks/claude-file.yaml")).expect("spec");
    for (name, f) in record::load_all(&dir.join("observations")).expect("recordings") {
        assert_eq!(f.spec, spec, "{name}: the spec changed: record it again");
    }
    assert_eq!(
        predicted_from_the_recorded_files(
            "fixtures/live/foreign/observations",
            "claude",
            &[".claude/settings.json"]
        ),
        [
            "cline allow",
            "codex allow",
            "copilot block",
            "factory allow",
            "gemini allow",
            "openhands allow",
            "qwen allow"
        ]
    );
}

/// Copilot CLI runs Claude Code's local project settings too, `.claude/settings.local.json`
/// (recorded by hand: fixtures/live/lifecycle/claude-local, its `made_with` says how), as
/// hookcheck's loader for it reads that file.
#[test]
fn copilot_runs_claudes_local_settings_file() {
    assert_eq!(
        predicted_from_the_recorded_files(
            "fixtures/live/lifecycle/claude-local",
            "claude",
            &[".claude/settings.local.json"]
        ),
        ["copilot block"]
    );
}

/// Claude Code and Copilot CLI run their local project settings file; Gemini CLI (which has
/// none), Qwen Code 0.24.4 and droid 0.215.0 do not, though Qwen's docs (1.x) and droid's hooks
/// reference name one.
#[test]
fn local_settings_files_are_read_by_exactly_the_agents_seen_to_run_them() {
    assert_eq!(
        predicted_from_the_recorded_files(
            "fixtures/live/lifecycle/local",
            "local",
            &["settings.local.json"]
        ),
        [
            "claude block",
            "copilot block",
            "factory allow",
            "gemini allow",
            "qwen allow"
        ]
    );
}

/// Codex runs hooks inline in the project's `.codex/config.toml` (`[hooks]`), Copilot CLI in
/// `.github/copilot/settings.json` and droid in `.factory/settings.json`, each beside the
/// agent's separate hooks file, as hookcheck's loaders read them.
#[test]
fn hooks_inline_in_a_project_config_file_run_as_each_agent_ran_them() {
    assert_eq!(
        predicted_from_the_recorded_files(
            "fixtures/live/lifecycle/config",
            "config",
            &[
                ".codex/config.toml",
                ".github/copilot/settings.json",
                ".factory/settings.json"
            ]
        ),
        ["codex block", "copilot block", "factory block"]
    );
}

/// Claude Code, Codex, Gemini CLI and Qwen Code run a hook from the machine's own settings file
/// (Claude's `/etc/claude-code/managed-settings.json`, Codex's `/etc/codex/hooks.json`, Gemini's
/// `/etc/gemini-cli/settings.json`, Qwen's `/etc/qwen-code/settings.json`, each written by hand
/// for its run:
/// fixtures/live/lifecycle/managed, each `made_with` says what) beside the user's: the user's
/// hook exits 0, the machine's blocks, and its reason reached the model. hookcheck read none of
/// these files then, so it predicted allow; `run --installed --user` has read them since
/// (native_c.rs `the_machines_settings_are_read_with_the_users_files`).
#[test]
fn four_agents_run_a_hook_from_the_machines_settings() {
    machine_file_blocked(
        "fixtures/live/lifecycle/managed",
        &[
            (
                "claude",
                "/etc/claude-code/managed-settings.json",
                "<tool_use_error>PreToolUse:Bash hook error: [echo managed blocks >&2; exit 2]: managed blocks\n",
            ),
            (
                "codex",
                "/etc/codex/hooks.json",
                "Command blocked by PreToolUse hook: system blocks.",
            ),
            (
                "gemini",
                "/etc/gemini-cli/settings.json",
                "Tool execution blocked: system blocks",
            ),
            ("qwen", "/etc/qwen-code/settings.json", "system blocks"),
        ],
    );
}

/// The recordings in `dir`, each a machine file written by hand (`made_with` says so) whose
/// blocking hook the agent ran beside live mode's exit-0 one, where hookcheck predicted allow
/// at the time: per agent (sorted), the file and the start of the reason the model got.
fn machine_file_blocked(dir: &str, want: &[(&str, &str, &str)]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut seen = Vec::new();
    for (name, f) in record::load_all(&dir).expect("recordings") {
        let made_with = f.made_with.as_deref().unwrap_or_default();
        let Some((_, file, reason)) = want.iter().find(|(a, ..)| *a == f.agent) else {
            panic!("{name}: {}", f.agent);
        };
        assert!(
            made_with.starts_with(&format!("with {file} written by hand")),
            "{name}: {made_with}"
        );
        assert_eq!(
            (f.observed.as_str(), f.predicted_at_record.as_deref()),
            ("block", Some("allow")),
            "{name}"
        );
        let result = f.tool_result.as_deref().unwrap_or_default();
        assert!(result.starts_with(reason), "{name}: {result}");
        seen.push(f.agent.clone());
    }
    seen.sort();
    let agents: Vec<&str> = want.iter().map(|(a, ..)| *a).collect();
    assert_eq!(seen, agents);
}

/// Copilot CLI runs a hook in the machine's policy folder, `/etc/github-copilot/policy.d/`,
/// beside the user's (by hand: fixtures/live/lifecycle/managed-policy), as `run --installed
/// --user` reads it (root's files only: `src/tools/copilot/native.rs` `policy_files`).
#[test]
fn copilot_runs_a_hook_from_the_machines_policy_folder() {
    machine_file_blocked(
        "fixtures/live/lifecycle/managed-policy",
        &[(
            "copilot",
            "/etc/github-copilot/policy.d/hookcheck.json",
            "Denied by preToolUse hook: hook exited with code 2",
        )],
    );
}

/// Copilot CLI runs a hook in the user's hooks folder, `~/.copilot/hooks/*.json` (recorded by
/// hand: fixtures/live/lifecycle/user-hooks, its `made_with` says how), and `run --installed
/// --user` reads that folder as Copilot does; without `--user` it is not read.
#[test]
fn copilot_runs_a_hook_from_the_users_hooks_folder() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/lifecycle/user-hooks");
    let recorded: Vec<String> = record::load_all(&dir)
        .expect("recordings")
        .into_iter()
        .map(|(name, f)| {
            let made_with = f.made_with.unwrap_or_default();
            assert!(
                made_with.contains("~/.copilot/hooks/hookcheck.json"),
                "{name}: {made_with}"
            );
            format!("{} {} {}", f.hook, f.agent, f.observed.as_str())
        })
        .collect();
    assert_eq!(recorded, ["exit2-stderr copilot block"]);
    let p = crate::common::Project::new().file(
        ".test-home/.copilot/hooks/hookcheck.json",
        r#"{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "echo blocked by policy >&2; exit 2", "timeoutSec": 2}]}}"#,
    );
    let decide = |args: &[&str]| {
        let (_, v) = p.json_of(
            &[
                &["run", "--installed", "--bash", "echo hi", "-t", "copilot"],
                args,
            ]
            .concat(),
        );
        crate::common::decision(&v, "copilot")
    };
    assert_eq!(decide(&["--user"]), "block");
    assert_ne!(decide(&[]), "block");
}

/// Gemini CLI and Qwen Code run the hooks of the machine's system defaults file too
/// (`system-defaults.json` beside the system settings file), merged with the user's: each
/// blocked with live mode's exit-0 hook in the user's file, where hookcheck had predicted
/// allow (fixtures/live/lifecycle/managed-defaults, by hand); `--user` reads it now
/// (native_c.rs `the_machines_settings_are_read_with_the_users_files`).
#[test]
fn gemini_and_qwen_run_a_hook_from_the_machines_system_defaults() {
    machine_file_blocked(
        "fixtures/live/lifecycle/managed-defaults",
        &[
            (
                "gemini",
                "/etc/gemini-cli/system-defaults.json",
                "Tool execution blocked: system defaults block",
            ),
            (
                "qwen",
                "/etc/qwen-code/system-defaults.json",
                "system defaults block",
            ),
        ],
    );
}

/// Codex holds back every hook it has not trusted, but not its system layer's: run without
/// `--dangerously-bypass-hook-trust` (by hand: fixtures/live/lifecycle/trust-untrusted and
/// trust-system), the user's untrusted blocking hook was skipped (allow) and a blocking hook in
/// `/etc/codex/hooks.json` blocked. hookcheck's gate exempts that layer (`Trust::exempt`), so a
/// `run --installed --user` does not warn that it waits for trust.
#[test]
fn codex_runs_its_system_layers_hooks_untrusted_and_holds_back_the_users() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/lifecycle");
    let mut seen = Vec::new();
    for dir in ["trust-untrusted", "trust-system"] {
        for (name, f) in record::load_all(&root.join(dir)).expect("recordings") {
            let made_with = f.made_with.as_deref().unwrap_or_default();
            assert!(
                made_with.contains("run without --dangerously-bypass-hook-trust"),
                "{name}: {made_with}"
            );
            seen.push(format!(
                "{dir} {} {} {}",
                f.hook,
                f.agent,
                f.observed.as_str()
            ));
        }
    }
    assert_eq!(
        seen,
        [
            "trust-untrusted exit2-stderr codex allow",
            "trust-system exit0 codex block"
        ]
    );
    let trust = hookcheck::native::agents::find("codex")
        .and_then(|l| l.trust)
        .expect("codex's trust gate");
    assert!(!trust.may_hold(Path::new("/etc/codex/hooks.json")));
    assert!(!trust.may_hold(Path::new("/etc/codex/config.toml")));
    assert!(trust.may_hold(Path::new("/home/u/.codex/hooks.json")));
    assert!(trust.may_hold(Path::new(".codex/hooks.json")));
}
