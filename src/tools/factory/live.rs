//! Factory droid, headless: `droid exec --auto high` with a custom model
//! (`generic-chat-completion-api`, OpenAI Chat Completions) from `~/.factory/config.json`, the
//! hook in `~/.factory/settings.json` (`PreToolUse`, matcher `Execute`; recipe: real-agents.md).

use crate::error::Error;
use serde_json::{Value, json};

use crate::live::driver::{
    Action, Driver, Launch, RepoFile, Setup, file_path_write, hook_events, mcp_call, owned_args,
    write_json,
};
use crate::live::driver::{PLUGIN_NAME, write_claude_settings, write_plugin};

/// Factory droid's live driver.
pub static DRIVER: Driver = Driver {
    binary: "droid",
    calls,
    setup,
    package: "droid@0.215.0",
    quiet_env: &[],
    ask: None,
};

fn calls(action: &Action) -> Vec<(String, Value)> {
    match action {
        // 0.215.0's `Execute` requires summary (3-8 words, sentence case), command,
        // riskLevelReason and riskLevel (its Chat tool schema).
        Action::Shell(command) => vec![(
            "Execute".into(),
            json!({"summary": "Run the requested command", "command": command,
                "riskLevelReason": "It touches one scratch file in the workspace.",
                "riskLevel": "low"}),
        )],
        // The contract's `Create {file_path, content}` (`mod.rs`).
        Action::Write { path, content } => vec![file_path_write("Create", path, content)],
        Action::Mcp { tool, .. } => vec![mcp_call(tool)],
    }
}

fn setup(s: &Setup) -> Result<Launch, Error> {
    let config = json!({"custom_models": [{"model_display_name": "hookcheck",
        "model": "fake-model", "base_url": format!("{}/v1", s.base_url), "api_key": "dummy",
        "provider": "generic-chat-completion-api", "max_tokens": 4096}]});
    write_json(&s.home.join(".factory/config.json"), &config)?;
    // Live mode's MCP server (`--mcp`), in the user's MCP config.
    if let Some(m) = s.mcp {
        let mut entry = m.entry();
        entry["type"] = json!("stdio");
        write_json(
            &s.home.join(".factory/mcp.json"),
            &json!({"mcpServers": {&m.name: entry}}),
        )?;
    }
    let events = hook_events(s, 1);
    let user = json!({"hooks": events.clone()});
    let user_file = s.home.join(".factory/settings.json");
    // --also-user: the same hook in the user's file too.
    if s.repo_hooks.is_some_and(|r| r.also_user) {
        write_json(&user_file, &user)?;
    }
    match s.repo_hooks.map(|r| r.file) {
        // The workspace's own hooks.json, keyed by event name (harness/hooks); droid keeps no
        // trust store for it.
        Some(RepoFile::Own) => write_json(&s.workspace.join(".factory/hooks.json"), &events)?,
        // Whether it runs Claude Code's file (its sources say no).
        Some(RepoFile::Claude) => write_claude_settings(s)?,
        // The local settings file beside the project's (hooks-reference: settings.local.json).
        Some(RepoFile::Local) => {
            write_json(&s.workspace.join(".factory/settings.local.json"), &user)?
        }
        // The project's settings file, which holds hooks inline too (hooks-reference).
        Some(RepoFile::Config) => write_json(&s.workspace.join(".factory/settings.json"), &user)?,
        None => write_json(&user_file, &user)?,
        // A plugin folder in the home, registered as installed and enabled by hand, as
        // `droid plugin install` would (docs/reference/agents/plugin-hooks.md).
        Some(RepoFile::Plugin) => {
            let id = format!("{PLUGIN_NAME}@hookcheck");
            let dir = s.home.join(PLUGIN_NAME);
            write_plugin(s, &dir, ".factory-plugin/plugin.json", 1)?;
            let when = "2026-01-01T00:00:00.000Z";
            write_json(
                &s.home
                    .join(".factory/plugins/installed_plugins")
                    .join(format!("{PLUGIN_NAME}.json")),
                &json!({"schemaVersion": 1, "pluginId": id, "entry": {"scope": "user",
                    "installPath": dir.display().to_string(), "version": "local",
                    "installedAt": when, "lastUpdated": when, "source": "hookcheck"}}),
            )?;
            write_json(&user_file, &json!({"enabledPlugins": {id: true}}))?;
        }
        // The workspace holds the synced .factory/settings.json, which droid runs with no
        // trust store (protocols-b.md §3).
        Some(RepoFile::Synced) => {}
    }
    // The custom model's id is `custom:` + display name + `-` + its index.
    let args = [
        "exec",
        s.prompt,
        "--auto",
        "high",
        "-o",
        "stream-json",
        "-m",
        "custom:hookcheck-0",
    ];
    let mut args = owned_args(&args);
    // `droid exec` lists a configured MCP server's tools (as deferred, behind its ToolSearch
    // tool) only when selected: `--add-tools MCP:<server>` (its `exec --help`, 0.215.0; without
    // it no request named the server).
    if let Some(m) = s.mcp {
        args.extend(["--add-tools".to_string(), format!("MCP:{}", m.name)]);
    }
    let env = vec![("SHELL".to_string(), "/bin/sh".to_string())];
    Ok(Launch {
        args,
        env,
        written: None,
    })
}
