//! Codex, headless: `codex exec` against OpenAI Responses (SSE) from a provider in
//! `$CODEX_HOME/config.toml`, the hook in `$CODEX_HOME/hooks.json`, trusted with
//! `--dangerously-bypass-hook-trust` (recipe: real-agents.md).

use serde_json::{Value, json};

use crate::tools::live::{
    Action, Driver, Launch, Model, Setup, hook_group, no_output_result, owned_args, write_json,
    write_text,
};

/// Codex's live driver.
pub static DRIVER: Driver = Driver {
    id: "codex",
    name: "Codex",
    binary: "codex",
    model: Model::Server,
    calls,
    setup,
    result_from_output: no_output_result,
    package: "@openai/codex@0.171.0",
};

/// The tools of the contract (`mod.rs`): a shell tool, `apply_patch` (a patch that adds the
/// file, its path relative to the workspace; not run live yet).
fn calls(action: &Action) -> Vec<(String, Value)> {
    let trigger = match action {
        Action::Shell(command) => *command,
        Action::Write { path, content } => {
            let name = std::path::Path::new(path)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let body: String = content.lines().map(|l| format!("+{l}\n")).collect();
            let patch = format!("*** Begin Patch\n*** Add File: {name}\n{body}*** End Patch\n");
            // The patch tool where the model family offers it, else the shell with the
            // `apply_patch` command Codex intercepts as the same patch.
            let heredoc = format!("apply_patch <<'PATCH'\n{patch}PATCH\n");
            return vec![
                ("apply_patch".into(), json!({"input": patch})),
                ("shell_command".into(), json!({"command": heredoc})),
                ("exec_command".into(), json!({"cmd": heredoc})),
                ("shell".into(), json!({"command": ["apply_patch", patch]})),
            ];
        }
    };
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
    // Codex matches its shell tool as `Bash` (its hooks' own name for it).
    let mut group = hook_group(s, s.timeout_s);
    if let Some(m) = s.matcher {
        group["matcher"] = json!(if m == "apply_patch" { m } else { "Bash" });
    }
    let hooks = json!({"hooks": {s.event: [group]}});
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
        args: owned_args(&args),
        env: vec![
            ("CODEX_HOME".into(), codex_home.display().to_string()),
            ("HOOKCHECK_FAKE_KEY".into(), "dummy".into()),
            // Not the shell Codex runs hooks with (it runs /bin/bash whatever SHELL says,
            // fixtures/live/inputs/codex--bash.json); set so a capture can show that.
            ("SHELL".into(), "/bin/sh".into()),
        ],
    })
}
