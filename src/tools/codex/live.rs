//! Codex, headless: `codex exec` against OpenAI Responses (SSE) from a provider in
//! `$CODEX_HOME/config.toml`, the hook in `$CODEX_HOME/hooks.json`, trusted with
//! `--dangerously-bypass-hook-trust` (recipe: real-agents.md).

use serde_json::{Value, json};

use crate::tools::live::{Driver, Launch, Model, Setup, no_output_result, write_json, write_text};

/// Codex's live driver.
pub static DRIVER: Driver = Driver {
    id: "codex",
    name: "Codex",
    binary: "codex",
    package: "@openai/codex@0.171.0",
    model: Model::Server,
    calls,
    setup,
    result_from_output: no_output_result,
};

fn calls(trigger: &str) -> Vec<(String, Value)> {
    // Codex offers one of these shell tools depending on the model family.
    vec![
        ("shell_command".into(), json!({"command": trigger})),
        ("exec_command".into(), json!({"cmd": trigger})),
        ("shell".into(), json!({"command": ["bash", "-lc", trigger]})),
    ]
}

fn setup(s: &Setup) -> Result<Launch, String> {
    let codex_home = s.home.join(".codex");
    let config = format!(
        "model = \"fake-model\"\nmodel_provider = \"hookcheck\"\n\n[model_providers.hookcheck]\nname = \"hookcheck\"\nbase_url = \"{}/v1\"\nwire_api = \"responses\"\nenv_key = \"HOOKCHECK_FAKE_KEY\"\n",
        s.base_url
    );
    write_text(&codex_home.join("config.toml"), &config)?;
    let hooks = json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command", "command": s.hook_command, "timeout": s.timeout_s}]}]}});
    write_json(&codex_home.join("hooks.json"), &hooks)?;
    let args = [
        "exec",
        "--json",
        "--skip-git-repo-check",
        "--dangerously-bypass-hook-trust",
        // Codex's default exec sandbox is read-only: the trigger could not leave its marker.
        // hookcheck's own sandbox (loopback-only namespace, throwaway home) stands in for it.
        "--sandbox",
        "danger-full-access",
        s.prompt,
    ];
    Ok(Launch {
        args: args.iter().map(|a| a.to_string()).collect(),
        env: vec![
            ("CODEX_HOME".into(), codex_home.display().to_string()),
            ("HOOKCHECK_FAKE_KEY".into(), "dummy".into()),
            // Not the shell Codex runs hooks with (it runs /bin/bash whatever SHELL says,
            // fixtures/live/inputs/codex--bash.json); set so a capture can show that.
            ("SHELL".into(), "/bin/sh".into()),
        ],
    })
}
