//! Qwen Code, headless: `qwen -p --yolo` against OpenAI Chat Completions at `OPENAI_BASE_URL`,
//! the hook in `~/.qwen/settings.json` (`PreToolUse`, timeout in ms; recipe: real-agents.md).

use serde_json::{Value, json};

use crate::tools::live::{Driver, Launch, Model, Setup, no_output_result, write_json};

/// Qwen Code's live driver.
pub static DRIVER: Driver = Driver {
    id: "qwen",
    name: "Qwen Code",
    binary: "qwen",
    package: "@qwen-code/qwen-code@0.24.4",
    model: Model::Server,
    calls,
    setup,
    result_from_output: no_output_result,
};

fn calls(trigger: &str) -> Vec<(String, Value)> {
    vec![(
        "run_shell_command".into(),
        json!({"command": trigger, "description": "run it", "is_background": false}),
    )]
}

fn setup(s: &Setup) -> Result<Launch, String> {
    let settings = json!({
        "security": {"auth": {"selectedType": "openai"}},
        "hooks": {"PreToolUse": [{"matcher": "run_shell_command", "hooks": [
            {"type": "command", "command": s.hook_command, "timeout": s.timeout_s * 1000}]}]},
    });
    write_json(&s.home.join(".qwen/settings.json"), &settings)?;
    let args = ["-p", s.prompt, "--yolo", "--output-format", "stream-json"];
    Ok(Launch {
        args: args.iter().map(|a| a.to_string()).collect(),
        env: vec![
            ("OPENAI_BASE_URL".into(), format!("{}/v1", s.base_url)),
            ("OPENAI_API_KEY".into(), "dummy".into()),
            ("OPENAI_MODEL".into(), "fake-model".into()),
        ],
    })
}
