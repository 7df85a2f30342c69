//! Copilot CLI, headless: `copilot -p` in offline BYOK mode (`COPILOT_OFFLINE`,
//! `COPILOT_PROVIDER_*`) against OpenAI Chat Completions, the hook in `~/.copilot/settings.json`
//! `hooks.preToolUse` (the `.github/hooks/*.json` schema; recipe: real-agents.md).

use serde_json::{Value, json};

use crate::tools::live::{Action, Driver, Launch, Model, Setup, no_output_result, write_json};

/// Copilot CLI's live driver.
pub static DRIVER: Driver = Driver {
    id: "copilot",
    name: "Copilot CLI",
    binary: "copilot",
    package: "@github/copilot@1.0.102",
    model: Model::Server,
    calls,
    setup,
    result_from_output: no_output_result,
};

fn calls(action: &Action) -> Vec<(String, Value)> {
    match action {
        // 1.0.102's `bash` tool requires `command` and `description` (its Chat tool schema).
        Action::Shell(command) => vec![(
            "bash".into(),
            json!({"command": command, "description": "Run the requested command", "mode": "sync"}),
        )],
        // 1.0.102's `create` tool, run live 2026-12-01 (fixtures/live/inputs/copilot--edit.json).
        Action::Write { path, content } => vec![(
            "create".into(),
            json!({"path": path, "file_text": content}),
        )],
    }
}

fn setup(s: &Setup) -> Result<Launch, String> {
    let settings = json!({"hooks": {s.event: [
        {"type": "command", "bash": s.hook_command, "timeoutSec": s.timeout_s}]}});
    write_json(&s.home.join(".copilot/settings.json"), &settings)?;
    let args = [
        "-p",
        s.prompt,
        "--allow-all-tools",
        "--output-format",
        "json",
    ];
    Ok(Launch {
        args: args.iter().map(|a| a.to_string()).collect(),
        env: vec![
            ("COPILOT_OFFLINE".into(), "true".into()),
            (
                "COPILOT_PROVIDER_BASE_URL".into(),
                format!("{}/v1", s.base_url),
            ),
            ("COPILOT_PROVIDER_TYPE".into(), "openai".into()),
            ("COPILOT_PROVIDER_API_KEY".into(), "dummy".into()),
            ("COPILOT_MODEL".into(), "fake-model".into()),
            // A plain shell for hooks: a login shell would read the machine's rc files.
            ("SHELL".into(), "/bin/sh".into()),
        ],
    })
}
