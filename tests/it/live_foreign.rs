//! A hook file in another agent's format, observed: `hookcheck live claude-file --repo-hooks
//! claude` writes the hook into the workspace's `.claude/settings.json` (Claude Code's format)
//! and no hook of the agent's own, the folder trusted (fixtures/live/foreign). The agent ran it
//! (block) or not (allow); hookcheck's prediction from the recorded file, as its loader for
//! that agent reads it (nothing read: allow), must say the same.

use std::path::Path;

use hookcheck::live::{cmd, events, record};
use hookcheck::workspace::Workspace;

#[test]
fn claude_settings_are_run_by_exactly_the_agents_seen_to_run_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("fixtures/live/foreign");
    let spec = std::fs::read_to_string(dir.join("hooks/claude-file.yaml")).expect("spec");
    let fixtures = record::load_all(&dir.join("observations")).expect("observations");
    assert_eq!(
        fixtures.len(),
        7,
        "one recording per live agent but Claude Code"
    );
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
    for (file, f) in &fixtures {
        assert_eq!(f.spec, spec, "{file}: the spec changed: record it again");
        let made_with = f.made_with.as_deref().unwrap_or_default();
        assert!(
            made_with.contains(" --repo-hooks claude "),
            "{file}: {made_with}"
        );
        let files: Vec<(String, String)> = f
            .hook_files
            .iter()
            .map(|h| (h.path.clone(), h.text.clone()))
            .collect();
        assert_eq!(
            files.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(),
            [".claude/settings.json"],
            "{file}: the agent's own hook file was written too"
        );
        let req = cmd::request(
            &f.hook,
            &f.trigger.live_trigger(),
            None,
            vec![f.agent.clone()],
        );
        let predicted = events::predicted_from(&ws, &req, &files, Some(f.live_phase()), true);
        assert_eq!(predicted, Some(f.observed.as_str()), "{file}: {}", f.agent);
        seen.push(format!("{} {}", f.agent, f.observed.as_str()));
    }
    seen.sort();
    // Of the live agents only Copilot CLI runs Claude Code's project settings.
    assert_eq!(
        seen,
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

/// The agent's local project settings file, observed (`--repo-hooks local`,
/// fixtures/live/lifecycle/local): Claude Code and Copilot CLI run it; Gemini CLI (which has
/// none), Qwen Code 0.24.4 and droid 0.215.0 do not, though Qwen's docs (1.x) and droid's hooks
/// reference name one. hookcheck's prediction from the recorded file, as its loader for the
/// agent reads it (nothing read: allow), must say what the agent did.
#[test]
fn local_settings_files_are_read_by_exactly_the_agents_seen_to_run_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let fixtures =
        record::load_all(&root.join("fixtures/live/lifecycle/local")).expect("local recordings");
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
    for (file, f) in &fixtures {
        let made_with = f.made_with.as_deref().unwrap_or_default();
        assert!(
            made_with.contains(" --repo-hooks local "),
            "{file}: {made_with}"
        );
        let files: Vec<(String, String)> = f
            .hook_files
            .iter()
            .map(|h| (h.path.clone(), h.text.clone()))
            .collect();
        assert!(
            files.len() == 1 && files[0].0.ends_with("settings.local.json"),
            "{file}: {files:?}"
        );
        let req = cmd::request(
            &f.hook,
            &f.trigger.live_trigger(),
            None,
            vec![f.agent.clone()],
        );
        let predicted = events::predicted_from(&ws, &req, &files, Some(f.live_phase()), true);
        assert_eq!(predicted, Some(f.observed.as_str()), "{file}: {}", f.agent);
        seen.push(format!("{} {}", f.agent, f.observed.as_str()));
    }
    seen.sort();
    assert_eq!(
        seen,
        [
            "claude block",
            "copilot block",
            "factory allow",
            "gemini allow",
            "qwen allow"
        ]
    );
}
