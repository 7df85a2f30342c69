//! Qwen Code, headless: `qwen -p --yolo` against OpenAI Chat Completions at `OPENAI_BASE_URL`,
//! the hook in `~/.qwen/settings.json` (`PreToolUse`, timeout in ms; recipe: real-agents.md).

use crate::error::Error;
use serde_json::{Value, json};

use crate::live::driver::{
    Action, Driver, Launch, Setup, file_path_write, mcp_call, owned_args,
    settings_and_trusted_folders,
};

/// Qwen Code's live driver.
pub static DRIVER: Driver = Driver {
    binary: "qwen",
    calls,
    setup,
    package: "@qwen-code/qwen-code@0.24.4",
    quiet_env: &[],
    ask: Some("no --yolo"),
};

/// The tools of the contract (`mod.rs`): `run_shell_command {command}`,
/// `write_file {file_path, content}`.
fn calls(action: &Action) -> Vec<(String, Value)> {
    match action {
        Action::Shell(command) => vec![(
            "run_shell_command".into(),
            json!({"command": command, "description": "run it", "is_background": false}),
        )],
        Action::Write { path, content } => vec![file_path_write("write_file", path, content)],
        Action::Mcp { tool, .. } => vec![mcp_call(tool)],
    }
}

fn setup(s: &Setup) -> Result<Launch, Error> {
    let mut base = json!({"security": {"auth": {"selectedType": "openai"}}});
    // Live mode's MCP server (`--mcp`) in the user's settings, trusted (no confirmation),
    // its tools offered to the model: 0.24.4 offers an MCP server's tools only behind its
    // tool_search bridge unless the server says `alwaysLoadTools` (its bundle's
    // `DiscoveredMCPTool`; the first run offered only `tool_search`).
    if let Some(m) = s.mcp {
        let mut entry = m.entry();
        entry["trust"] = json!(true);
        entry["alwaysLoadTools"] = json!(true);
        base["mcpServers"] = json!({ &m.name: entry });
    }
    settings_and_trusted_folders(s, ".qwen", base, 1000)?;
    let mut args = owned_args(&["-p", s.prompt]);
    // Every tool approved up front, unless --ask leaves them to the approval mode.
    if !s.ask {
        args.push("--yolo".into());
    }
    args.extend(owned_args(&["--output-format", "stream-json"]));
    Ok(Launch {
        args,
        env: vec![
            ("OPENAI_BASE_URL".into(), format!("{}/v1", s.base_url)),
            ("OPENAI_API_KEY".into(), "dummy".into()),
            ("OPENAI_MODEL".into(), "fake-model".into()),
        ],
        written: None,
    })
}
