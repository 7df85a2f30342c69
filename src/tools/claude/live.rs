//! Claude Code, headless: `claude -p` against Anthropic Messages (SSE) at `ANTHROPIC_BASE_URL`,
//! the hook in `~/.claude/settings.json` (recipe: real-agents.md).

use crate::error::Error;
use serde_json::{Value, json};

use crate::live::driver::{
    Action, Driver, Launch, PLUGIN_NAME, RepoFile, RepoHooks, Setup, file_path_write, hook_events,
    mcp_call, owned_args, write_json, write_plugin,
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
        Action::Mcp { tool, .. } => vec![mcp_call(tool)],
    }
}

/// Where `--repo-hooks plugin` writes its plugin: a folder of the throwaway home.
fn plugin_dir(s: &Setup) -> std::path::PathBuf {
    s.home.join(PLUGIN_NAME)
}

fn setup(s: &Setup) -> Result<Launch, Error> {
    let settings = json!({"hooks": hook_events(s, 1)});
    // The user's settings: the hook (unless it goes in the workspace), and, for live mode's
    // MCP server (`--mcp`), the approval of the project's `.mcp.json` servers, which the
    // server is in: where a project's hook checks see them (the hook's input says
    // `mcp_server.source: "project"` there, `"dynamic"` under `--mcp-config`; 2.1.332,
    // 2026-12-05).
    let mut user = match s.repo_hooks {
        None => settings.clone(),
        Some(r) if r.also_user => settings.clone(),
        Some(_) => json!({}),
    };
    if let Some(m) = s.mcp {
        write_json(
            &s.workspace.join(".mcp.json"),
            &json!({"mcpServers": {&m.name: m.entry()}}),
        )?;
        user["enableAllProjectMcpServers"] = json!(true);
    }
    if user.as_object().is_some_and(|u| !u.is_empty()) {
        write_json(&s.home.join(".claude/settings.json"), &user)?;
    }
    match s.repo_hooks {
        None => {}
        Some(RepoHooks {
            file,
            trusted,
            also_user: _,
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
    // The scripted tools approved up front, unless --ask leaves them to the permission mode:
    // an MCP server's tools by the server's rule name (`mcp__SERVER`).
    if !s.ask {
        let mut allowed = "Bash Write".to_string();
        if let Some(m) = s.mcp {
            allowed.push_str(&format!(" mcp__{}", m.name));
        }
        args.extend(["--allowedTools".to_string(), allowed]);
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
    let mut env = vec![
        ("ANTHROPIC_BASE_URL".into(), s.base_url.into()),
        ("ANTHROPIC_API_KEY".into(), "dummy".into()),
        (
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC".into(),
            "1".into(),
        ),
        ("DISABLE_AUTOUPDATER".into(), "1".into()),
    ];
    // An MCP server's tools offered to the model, not deferred behind its ToolSearch tool
    // (2.1.332 offered only `ToolSearch` with a server attached; `false` is its "standard"
    // mode, from the binary's own parsing of the variable).
    if s.mcp.is_some() {
        env.push(("ENABLE_TOOL_SEARCH".into(), "false".into()));
    }
    Ok(Launch {
        args,
        env,
        written: None,
    })
}
