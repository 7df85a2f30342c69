//! Gemini CLI, headless: no server; `--fake-responses-non-strict FILE` replays scripted model
//! turns (one JSON line per call: `{"method", "response"}`, FakeContentGenerator in
//! @google/gemini-cli 0.61.0), the hook in `~/.gemini/settings.json` (`BeforeTool`, timeout in
//! ms; recipe: real-agents.md).

use serde_json::{Value, json};

use crate::tools::live::{
    Action, Driver, Launch, Model, Setup, file_path_write, hook_group, write_json, write_text,
};

/// Gemini CLI's live driver.
pub static DRIVER: Driver = Driver {
    id: "gemini",
    name: "Gemini CLI",
    binary: "gemini",
    model: Model::Scripted,
    calls,
    setup,
    result_from_output,
    package: "@google/gemini-cli@0.61.0",
    quiet_env: &[],
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
    }
}

fn turn(parts: Value) -> Value {
    json!({"method": "generateContentStream", "response": [{"candidates": [{"content":
        {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}}]})
}

fn setup(s: &Setup) -> Result<Launch, String> {
    let group = hook_group(s, s.timeout_s * 1000);
    let settings = json!({"hooks": {s.event: [group]}});
    write_json(&s.home.join(".gemini/settings.json"), &settings)?;
    let mut lines = Vec::new();
    if let Some((tool, args)) = s.action.and_then(|a| calls(a).into_iter().next()) {
        lines.push(turn(
            json!([{"functionCall": {"name": tool, "args": args}}]),
        ));
    }
    lines.push(turn(json!([{"text": s.final_text}])));
    // Spare answers for side calls (next-speaker checks and the like) in non-strict mode.
    for _ in 0..4 {
        lines.push(json!({"method": "generateContent", "response": {"candidates": [{"content":
            {"role": "model", "parts": [{"text": "{\"next_speaker\": \"user\", \"reasoning\": \"done\"}"}]},
            "finishReason": "STOP", "index": 0}]}}));
        lines.push(json!({"method": "countTokens", "response": {"totalTokens": 1}}));
    }
    let file = s.home.join("fake-responses.jsonl");
    let text = lines
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n");
    write_text(&file, &text)?;
    let args = [
        "-p".to_string(),
        s.prompt.to_string(),
        "--yolo".into(),
        "-m".into(),
        "gemini-2.5-pro".into(),
        "--output-format".into(),
        "stream-json".into(),
        "--fake-responses-non-strict".into(),
        file.display().to_string(),
    ];
    Ok(Launch {
        args: args.to_vec(),
        // 0.61.0 refuses to run headless in an untrusted folder without this (its own message).
        env: vec![
            ("GEMINI_API_KEY".into(), "dummy".into()),
            ("GEMINI_CLI_TRUST_WORKSPACE".into(), "true".into()),
        ],
        written: None,
    })
}

/// The `tool_result` event of `--output-format stream-json`: its output or error text.
fn result_from_output(stdout: &str) -> Option<String> {
    stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|e| e.get("type").and_then(Value::as_str) == Some("tool_result"))
        .map(|e| {
            let pick = |k: &str| {
                e.get(k)
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), String::from))
            };
            pick("output")
                .or_else(|| {
                    e.pointer("/error/message")
                        .and_then(Value::as_str)
                        .map(String::from)
                })
                .or_else(|| pick("error"))
                .unwrap_or_else(|| e.to_string())
        })
}
