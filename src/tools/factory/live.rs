//! Factory droid, headless: `droid exec --auto high` with a custom model
//! (`generic-chat-completion-api`, OpenAI Chat Completions) from `~/.factory/config.json`, the
//! hook in `~/.factory/settings.json` (`PreToolUse`, matcher `Execute`; recipe: real-agents.md).

use serde_json::{Value, json};

use crate::tools::live::{Driver, Launch, Model, Setup, no_output_result, write_json};

/// Factory droid's live driver.
pub static DRIVER: Driver = Driver {
    id: "factory",
    name: "Factory droid",
    binary: "droid",
    package: "droid@0.215.0",
    model: Model::Server,
    calls,
    setup,
    result_from_output: no_output_result,
};

fn calls(trigger: &str) -> Vec<(String, Value)> {
    // 0.215.0's `Execute` requires summary (3-8 words, sentence case), command, riskLevelReason
    // and riskLevel (its Chat tool schema).
    vec![(
        "Execute".into(),
        json!({"summary": "Run the requested command", "command": trigger,
            "riskLevelReason": "It touches one scratch file in the workspace.",
            "riskLevel": "low"}),
    )]
}

fn setup(s: &Setup) -> Result<Launch, String> {
    let config = json!({"custom_models": [{"model_display_name": "hookcheck",
        "model": "fake-model", "base_url": format!("{}/v1", s.base_url), "api_key": "dummy",
        "provider": "generic-chat-completion-api", "max_tokens": 4096}]});
    write_json(&s.home.join(".factory/config.json"), &config)?;
    let settings = json!({"hooks": {"PreToolUse": [{"matcher": "Execute", "hooks": [
        {"type": "command", "command": s.hook_command, "timeout": s.timeout_s}]}]}});
    write_json(&s.home.join(".factory/settings.json"), &settings)?;
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
    Ok(Launch {
        args: args.iter().map(|a| a.to_string()).collect(),
        env: vec![("SHELL".into(), "/bin/sh".into())],
    })
}
