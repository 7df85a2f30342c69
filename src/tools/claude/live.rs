//! Claude Code, headless: `claude -p` against Anthropic Messages (SSE) at `ANTHROPIC_BASE_URL`,
//! the hook in `~/.claude/settings.json` (recipe: real-agents.md).

use serde_json::{Value, json};

use crate::tools::live::{Driver, Launch, Model, Setup, no_output_result, write_json};

/// Claude Code's live driver.
pub static DRIVER: Driver = Driver {
    id: "claude",
    name: "Claude Code",
    binary: "claude",
    package: "@anthropic-ai/claude-code@2.1.332",
    model: Model::Server,
    calls,
    setup,
    result_from_output: no_output_result,
};

fn calls(trigger: &str) -> Vec<(String, Value)> {
    vec![(
        "Bash".into(),
        json!({"command": trigger, "description": "run it"}),
    )]
}

fn setup(s: &Setup) -> Result<Launch, String> {
    let settings = json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command", "command": s.hook_command, "timeout": s.timeout_s}]}]}});
    write_json(&s.home.join(".claude/settings.json"), &settings)?;
    let args = [
        "-p",
        s.prompt,
        "--output-format",
        "stream-json",
        "--verbose",
        "--include-hook-events",
        "--allowedTools",
        "Bash",
        "--model",
        "claude-sonnet-4-5",
    ];
    Ok(Launch {
        args: args.iter().map(|a| a.to_string()).collect(),
        env: vec![
            ("ANTHROPIC_BASE_URL".into(), s.base_url.into()),
            ("ANTHROPIC_API_KEY".into(), "dummy".into()),
            (
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC".into(),
                "1".into(),
            ),
            ("DISABLE_AUTOUPDATER".into(), "1".into()),
        ],
    })
}
