//! OpenHands, headless: `openhands --headless --json -t PROMPT --override-with-envs` (the PyPI
//! CLI) against OpenAI Chat Completions at `LLM_BASE_URL` (litellm, model `openai/...`), the
//! hook in `~/.openhands/hooks.json` (or the workspace's `.openhands/hooks.json`), timeout in s
//! (recipe: real-agents.md).

use crate::error::Error;
use serde_json::{Value, json};

use crate::live::driver::write_claude_settings;
use crate::live::driver::{
    Action, Driver, Launch, RepoFile, Setup, hook_events, mcp_call, owned_args, write_json,
};

/// OpenHands' live driver.
pub static DRIVER: Driver = Driver {
    binary: "openhands",
    package: "openhands==1.16.0",
    calls,
    setup,
    // litellm fetches its model price list from GitHub at start, three tries, sleeping between.
    quiet_env: &[
        ("LITELLM_LOCAL_MODEL_COST_MAP", "True"),
        ("OPENHANDS_SUPPRESS_BANNER", "1"),
    ],
    ask: None,
};

/// The tools of the contract (`mod.rs`): `terminal {command}` (`TerminalAction`),
/// `file_editor {command: "create", path, file_text}` (`FileEditorAction`).
fn calls(action: &Action) -> Vec<(String, Value)> {
    match action {
        Action::Shell(command) => vec![(
            "terminal".into(),
            json!({"command": command, "is_input": false, "summary": "run it", "security_risk": "LOW"}),
        )],
        Action::Write { path, content } => vec![(
            "file_editor".into(),
            json!({"command": "create", "path": path, "file_text": content, "summary": "write it", "security_risk": "LOW"}),
        )],
        // Every tool call of its agent carries `security_risk`, an MCP tool's too (1.16.0
        // refused one without it: "Failed to provide security_risk field").
        Action::Mcp { tool, .. } => {
            let (name, _) = mcp_call(tool);
            vec![(name, json!({"security_risk": "LOW"}))]
        }
    }
}

fn setup(s: &Setup) -> Result<Launch, Error> {
    // Live mode's MCP server (`--mcp`), in the user's `~/.openhands/mcp.json` (openhands-cli
    // 1.16.0 `mcp/mcp_utils.py`: `mcpServers`, read at start).
    if let Some(m) = s.mcp {
        write_json(
            &s.home.join(".openhands/mcp.json"),
            &json!({"mcpServers": {&m.name: m.entry()}}),
        )?;
    }
    let hooks = json!({"hooks": hook_events(s, 1)});
    let file = match s.repo_hooks.map(|r| r.file) {
        None => Some(s.home.join(".openhands/hooks.json")),
        Some(RepoFile::Own) => Some(s.workspace.join(".openhands/hooks.json")),
        // Whether it runs Claude Code's file (its sources say no).
        Some(RepoFile::Claude) => {
            write_claude_settings(s)?;
            None
        }
        // The workspace holds the synced .openhands/hooks.json; OpenHands keeps no trust store.
        Some(RepoFile::Synced) => None,
        Some(RepoFile::Plugin) => {
            return Err(Error::live("OpenHands has no plugins with hooks"));
        }
        Some(RepoFile::Local) => {
            return Err(Error::live("OpenHands has no local project settings file"));
        }
        Some(RepoFile::Config) => {
            return Err(Error::live(
                "OpenHands reads hooks from .openhands/hooks.json only",
            ));
        }
    };
    if let Some(file) = file {
        write_json(&file, &hooks)?;
    }
    // --also-user: the same hook in the user's file too.
    if s.repo_hooks.is_some_and(|r| r.also_user) {
        write_json(&s.home.join(".openhands/hooks.json"), &hooks)?;
    }
    let args = [
        "--headless",
        "--json",
        "--override-with-envs",
        "--exit-without-confirmation",
        "-t",
        s.prompt,
    ];
    Ok(Launch {
        args: owned_args(&args),
        env: vec![
            ("LLM_BASE_URL".into(), format!("{}/v1", s.base_url)),
            ("LLM_API_KEY".into(), "dummy".into()),
            ("LLM_MODEL".into(), "openai/fake-model".into()),
        ],
        written: None,
    })
}
