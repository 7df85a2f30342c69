//! Gemini CLI, headless: `gemini -p --yolo` against the fake model's Gemini API at
//! `GOOGLE_GEMINI_BASE_URL` (`gemini-api-key` auth, `security.auth.selectedType` in
//! `~/.gemini/settings.json`; http is allowed for 127.0.0.1: `validateBaseUrl` in
//! @google/gemini-cli 0.61.0), the hook in the same settings (`BeforeTool`, timeout in ms;
//! recipe: real-agents.md).

use crate::error::Error;
use serde_json::{Value, json};

use crate::live::driver::{
    Action, Driver, Launch, Setup, file_path_write, mcp_call, owned_args,
    settings_and_trusted_folders,
};

/// Gemini CLI's live driver.
pub static DRIVER: Driver = Driver {
    binary: "gemini",
    calls,
    setup,
    package: "@google/gemini-cli@0.61.0",
    quiet_env: &[],
    ask: None,
};

/// The tools of the contract (`mod.rs`): `run_shell_command {command}`,
/// `write_file {file_path, content}`.
fn calls(action: &Action) -> Vec<(String, Value)> {
    match action {
        Action::Shell(command) => vec![(
            "run_shell_command".into(),
            json!({"command": command, "description": "run it"}),
        )],
        Action::Write { path, content } => vec![file_path_write("write_file", path, content)],
        Action::Mcp { tool, .. } => vec![mcp_call(tool)],
    }
}

fn setup(s: &Setup) -> Result<Launch, Error> {
    let mut base = json!({"security": {"auth": {"selectedType": "gemini-api-key"}}});
    // Live mode's MCP server (`--mcp`) in the user's settings, trusted (no confirmation).
    if let Some(m) = s.mcp {
        let mut entry = m.entry();
        entry["trust"] = json!(true);
        base["mcpServers"] = json!({ &m.name: entry });
    }
    settings_and_trusted_folders(s, ".gemini", base, 1000)?;
    // Headless, the workspace is trusted unless --repo-hooks says it is not.
    let trusted = s.repo_hooks.is_none_or(|r| r.trusted);
    let args = [
        "-p",
        s.prompt,
        "--yolo",
        "-m",
        "gemini-2.5-pro",
        "--output-format",
        "stream-json",
    ];
    Ok(Launch {
        args: owned_args(&args),
        env: vec![
            ("GEMINI_API_KEY".into(), "dummy".into()),
            ("GOOGLE_GEMINI_BASE_URL".into(), s.base_url.into()),
            // 0.61.0 refuses to run headless in an untrusted folder without this (its own
            // message).
            ("GEMINI_CLI_TRUST_WORKSPACE".into(), trusted.to_string()),
        ],
        written: None,
    })
}
