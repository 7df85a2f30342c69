//! Claude Code, headless: `claude -p` against Anthropic Messages (SSE) at `ANTHROPIC_BASE_URL`,
//! the hook in `~/.claude/settings.json` (recipe: real-agents.md).

use crate::error::Error;
use serde_json::{Value, json};

use crate::live::driver::{
    Action, Driver, Launch, PLUGIN_NAME, RepoFile, RepoHooks, Setup, file_path_write, hook_events,
    owned_args, write_json, write_plugin,
};

/// Claude Code's live driver.
pub static DRIVER: Driver = Driver {
    binary: "claude",
    calls,
    setup,
    package: "@anthropic-ai/claude-code@2.1.332",
    quiet_env: &[],
    // Without `--allowedTools`: `-p` then asks PermissionRequest hooks, else refuses the call.
    ask: Some("no --allowedTools"),
};

/// The tools of the contract (`mod.rs`): `Bash {command}`, `Write {file_path, content}`.
fn calls(action: &Action) -> Vec<(String, Value)> {
    match action {
        Action::Shell(command) => vec![(
            "Bash".into(),
            json!({"command": command, "description": "run it"}),
        )],
        Action::Write { path, content } => vec![file_path_write("Write", path, content)],
    }
}

/// Where `--repo-hooks plugin` writes its plugin: a folder of the throwaway home.
fn plugin_dir(s: &Setup) -> std::path::PathBuf {
    s.home.join(PLUGIN_NAME)
}

fn setup(s: &Setup) -> Result<Launch, Error> {
    let settings = json!({"hooks": hook_events(s, 1)});
    match s.repo_hooks {
        None => write_json(&s.home.join(".claude/settings.json"), &settings)?,
        Some(RepoHooks {
            file,
            trusted,
            also_user,
        }) => {
            // The project's own settings file is Claude Code's `.claude/settings.json`;
            // synced, the workspace already holds it; a plugin is a folder `--plugin-dir`
            // loads (below).
            match file {
                RepoFile::Plugin => {
                    write_plugin(s, &plugin_dir(s), ".claude-plugin/plugin.json", 1)?
                }
                RepoFile::Synced => {}
                RepoFile::Local => {
                    write_json(&s.workspace.join(".claude/settings.local.json"), &settings)?
                }
                RepoFile::Config => {
                    return Err(Error::live(
                        "Claude Code's .claude/settings.json is its hook file: pass --repo-hooks own",
                    ));
                }
                _ => write_json(&s.workspace.join(".claude/settings.json"), &settings)?,
            }
            // --also-user: the same hook in the user's file too.
            if also_user {
                write_json(&s.home.join(".claude/settings.json"), &settings)?;
            }
            // The trust dialog's answer, per folder (native.rs TRUST); `-p` does not ask.
            let projects = json!({s.workspace.display().to_string():
                {"hasTrustDialogAccepted": trusted}});
            write_json(&s.home.join(".claude.json"), &json!({"projects": projects}))?;
        }
    }
    let mut args = owned_args(&[
        "-p",
        s.prompt,
        "--output-format",
        "stream-json",
        "--verbose",
        "--include-hook-events",
    ]);
    // The scripted tools approved up front, unless --ask leaves them to the permission mode.
    if !s.ask {
        args.extend(owned_args(&["--allowedTools", "Bash Write"]));
    }
    args.extend(owned_args(&["--model", "claude-sonnet-4-5"]));
    // `--plugin-dir` loads a plugin for the session (2.1.332, docs/reference/agents/
    // plugin-hooks.md).
    if s.repo_hooks.is_some_and(|r| r.file == RepoFile::Plugin) {
        args.extend([
            "--plugin-dir".to_string(),
            plugin_dir(s).display().to_string(),
        ]);
    }
    Ok(Launch {
        args,
        env: vec![
            ("ANTHROPIC_BASE_URL".into(), s.base_url.into()),
            ("ANTHROPIC_API_KEY".into(), "dummy".into()),
            (
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC".into(),
                "1".into(),
            ),
            ("DISABLE_AUTOUPDATER".into(), "1".into()),
        ],
        written: None,
    })
}
