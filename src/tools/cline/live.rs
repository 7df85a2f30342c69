//! Cline CLI, headless: `cline --json -P openai-compatible` against OpenAI Chat Completions, the
//! provider in `~/.cline/data/settings/providers.json` (what `cline auth -p openai-compatible
//! -k KEY -m MODEL -b URL` writes in 3.0.65), the hook the executable file
//! `~/.cline/hooks/PreToolUse` (recipe: real-agents.md). Cline starts a detached hub daemon:
//! live mode ends it by pid afterwards.

use crate::error::Error;
use serde_json::{Value, json};

use crate::live::driver::write_claude_settings;
use crate::live::driver::{
    Action, Driver, Launch, RepoFile, Setup, mcp_call, owned_args, write_json, write_text,
};

/// Cline CLI's live driver.
pub static DRIVER: Driver = Driver {
    binary: "cline",
    calls,
    setup,
    package: "cline@3.0.65",
    quiet_env: &[],
    ask: None,
};

fn calls(action: &Action) -> Vec<(String, Value)> {
    let trigger = match action {
        Action::Shell(command) => *command,
        // The contract's `editor {path, new_text}` for a new file (`mod.rs`).
        Action::Write { path, content } => {
            return vec![("editor".into(), json!({"path": path, "new_text": content}))];
        }
        Action::Mcp { tool, .. } => return vec![mcp_call(tool)],
    };
    vec![
        (
            "execute_command".into(),
            json!({"command": trigger, "requires_approval": false}),
        ),
        ("run_commands".into(), json!({"commands": [trigger]})),
        ("bash".into(), json!({"command": trigger})),
    ]
}

fn setup(s: &Setup) -> Result<Launch, Error> {
    let providers = json!({"version": 1, "lastUsedProvider": "openai-compatible", "modes": {},
        "providers": {"openai-compatible": {"settings": {"provider": "openai-compatible",
            "apiKey": "dummy", "model": "fake-model", "baseUrl": format!("{}/v1", s.base_url)},
            "updatedAt": "2026-01-01T00:00:00.000Z", "tokenSource": "manual"}}});
    // Live mode's MCP server (`--mcp`), in the MCP settings file beside the providers
    // (`@cline/shared` 0.0.86 names it `cline_mcp_settings.json`).
    if let Some(m) = s.mcp {
        write_json(
            &s.home.join(".cline/data/settings/cline_mcp_settings.json"),
            &json!({"mcpServers": {&m.name: m.entry()}}),
        )?;
    }
    write_json(
        &s.home.join(".cline/data/settings/providers.json"),
        &providers,
    )?;
    if !s.more_commands.is_empty() {
        return Err(Error::live(
            "Cline's hook is one script file per event (~/.cline/hooks/EVENT): several hooks on one event have no place in it",
        ));
    }
    let hooks = match s.repo_hooks.map(|r| r.file) {
        None => Some(s.home.join(".cline/hooks")),
        Some(RepoFile::Own) => Some(s.workspace.join(".clinerules/hooks")),
        // Whether it runs Claude Code's file (its sources say no).
        Some(RepoFile::Claude) => {
            write_claude_settings(s)?;
            None
        }
        // The workspace holds the synced scripts.
        Some(RepoFile::Synced) => None,
        Some(RepoFile::Plugin) => {
            return Err(Error::live("Cline has no plugins with hooks"));
        }
        Some(RepoFile::Local) => {
            return Err(Error::live("Cline has no local project settings file"));
        }
        Some(RepoFile::Config) => {
            return Err(Error::live(
                "Cline's hooks are scripts, in no settings file",
            ));
        }
    };
    // --also-user: the same hook in the user's folder too.
    let user = s
        .repo_hooks
        .filter(|r| r.also_user)
        .map(|_| s.home.join(".cline/hooks"));
    // --every-event: one script per event of its, each naming its event.
    let events: Vec<&str> = match s.every_event.is_empty() {
        true => vec![s.event],
        false => s.every_event.iter().map(|(e, _)| e.as_str()).collect(),
    };
    for dir in hooks.into_iter().chain(user) {
        for event in &events {
            let hook = dir.join(event);
            let command = s.hook_command.replace("{event}", event);
            write_text(&hook, &format!("#!/bin/sh\n{command}\n"))?;
            make_executable(&hook)?;
        }
    }
    let args = [
        "--json",
        "-P",
        "openai-compatible",
        "-m",
        "fake-model",
        s.prompt,
    ];
    Ok(Launch {
        args: owned_args(&args),
        env: vec![("SHELL".into(), "/bin/sh".into())],
        written: None,
    })
}

#[cfg(unix)]
fn make_executable(path: &std::path::Path) -> Result<(), Error> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| Error::live(format!("cannot chmod {}: {e}", path.display())))
}

#[cfg(not(unix))]
fn make_executable(_: &std::path::Path) -> Result<(), Error> {
    Ok(())
}
