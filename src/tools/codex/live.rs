//! Codex, headless: `codex exec` against OpenAI Responses (SSE) from a provider in
//! `$CODEX_HOME/config.toml`, the hook in `$CODEX_HOME/hooks.json`, trusted with
//! `--dangerously-bypass-hook-trust` (recipe: real-agents.md).

use crate::error::Error;
use serde_json::{Value, json};

use crate::live::driver::{
    Action, Driver, Launch, PLUGIN_NAME, RepoFile, RepoHooks, Setup, hook_events, mcp_call,
    owned_args, write_claude_settings, write_json, write_text,
};

/// Codex's live driver.
pub static DRIVER: Driver = Driver {
    binary: "codex",
    calls,
    setup,
    package: "@openai/codex@0.171.0",
    quiet_env: &[],
    ask: None,
};

/// The tools of the contract (`mod.rs`): a shell tool, and for an edit the freeform
/// `apply_patch` tool (its raw input a patch that adds the file, the path relative to the
/// workspace). No shell fallback for an edit: Codex applies an `apply_patch` heredoc sent to
/// `exec_command` itself, and a hook matched on `apply_patch` never runs for it (the edit
/// record of 2026-12-01 made before [`model_slug`]: every cell allowed, no hook ran).
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
            return vec![("apply_patch".into(), json!(patch))];
        }
        Action::Mcp { tool, .. } => return vec![mcp_call(tool)],
    };
    // Codex offers one of these shell tools depending on the model family.
    vec![
        ("shell_command".into(), json!({"command": trigger})),
        ("exec_command".into(), json!({"cmd": trigger})),
        ("shell".into(), json!({"command": ["bash", "-lc", trigger]})),
    ]
}

/// The model Codex is told it talks to. Codex offers its tools by the model's entry in its
/// bundled catalog: a slug it does not know (`fake-model`) gets no `apply_patch` tool, so an
/// edit could only be an `apply_patch` heredoc on `exec_command`. A catalog slug gets the
/// freeform (`custom`) `apply_patch` tool, as every model of the catalog does
/// (`apply_patch_tool_type: freeform`). Real agent: Codex 0.171.0, 2026-12-01, the tools of
/// its first request with `fake-model` and with `gpt-5.5`.
fn model_slug(action: Option<&Action>) -> &'static str {
    match action {
        Some(Action::Write { .. }) => "gpt-5.5",
        _ => "fake-model",
    }
}

/// Where the plugin of `--repo-hooks plugin` is installed: Codex's cache, marketplace
/// `hookcheck`, version 1.0.0.
fn plugin_dir(codex_home: &std::path::Path) -> std::path::PathBuf {
    codex_home
        .join("plugins/cache/hookcheck")
        .join(PLUGIN_NAME)
        .join("1.0.0")
}

/// Hooks (`{EVENT: [groups]}`) as the inline tables of a `config.toml` (hook_config.rs:
/// `[[hooks.EVENT]]`, each group's handlers `[[hooks.EVENT.hooks]]`). A JSON string, number
/// or boolean is written as it is: each is TOML too.
fn toml_hooks(events: &Value) -> String {
    let mut out = String::new();
    let entries = |v: &Value| -> Vec<(String, Value)> {
        let map = v.as_object().cloned().unwrap_or_default();
        map.into_iter().filter(|(k, _)| k != "hooks").collect()
    };
    for (event, groups) in events.as_object().into_iter().flatten() {
        for group in groups.as_array().into_iter().flatten() {
            out.push_str(&format!("[[hooks.{event}]]\n"));
            for (k, v) in entries(group) {
                out.push_str(&format!("{k} = {v}\n"));
            }
            for handler in group["hooks"].as_array().into_iter().flatten() {
                out.push_str(&format!("[[hooks.{event}.hooks]]\n"));
                for (k, v) in entries(handler) {
                    out.push_str(&format!("{k} = {v}\n"));
                }
            }
        }
    }
    out
}

fn setup(s: &Setup) -> Result<Launch, Error> {
    let codex_home = s.home.join(".codex");
    let config = format!(
        "model = \"{}\"\nmodel_provider = \"hookcheck\"\n\n[model_providers.hookcheck]\nname = \"hookcheck\"\nbase_url = \"{}/v1\"\nwire_api = \"responses\"\nenv_key = \"HOOKCHECK_FAKE_KEY\"\n",
        model_slug(s.action),
        s.base_url
    );
    // Codex matches its shell tool as `Bash` (its hooks' own name for it). A native spec's
    // matcher is written as it is (until 2026-12-05 it was respelled `Bash` too, so every
    // spelling "matched").
    // Only a tool event's: with --every-event, a `Bash` matcher on SessionStart (matched on
    // its `source`) kept that hook from running (every-event recording of 2026-12-05, made
    // again after this fix).
    let mut events = hook_events(s, 1);
    let tool_event = |e: &str| s.every_event.iter().all(|(n, tool)| n != e || *tool);
    if let (Some(m), Some(map), false) = (s.matcher, events.as_object_mut(), s.matcher_as_written) {
        for (_, groups) in map.iter_mut().filter(|(e, _)| tool_event(e)) {
            if let Some(group) = groups.get_mut(0) {
                group["matcher"] = json!(if m == "apply_patch" { m } else { "Bash" });
            }
        }
    }
    let hooks = json!({ "hooks": events.clone() });
    let trusted = match s.repo_hooks {
        None => {
            write_json(&codex_home.join("hooks.json"), &hooks)?;
            false
        }
        Some(RepoHooks {
            file,
            trusted,
            also_user,
        }) => {
            match file {
                RepoFile::Own => write_json(&s.workspace.join(".codex/hooks.json"), &hooks)?,
                // The same hooks inline in the project's config layer.
                RepoFile::Config => write_text(
                    &s.workspace.join(".codex/config.toml"),
                    &toml_hooks(&events),
                )?,
                RepoFile::Local => {
                    return Err(Error::live("Codex has no local project settings file"));
                }
                // The workspace holds the synced .codex/hooks.json.
                RepoFile::Synced => {}
                // Whether it runs Claude Code's file (its sources say no).
                RepoFile::Claude => write_claude_settings(s)?,
                // A plugin in Codex's cache, enabled in its config (below); the hook's trust
                // is bypassed as every hook's (docs/reference/agents/plugin-hooks.md).
                RepoFile::Plugin => {
                    write_json(&plugin_dir(&codex_home).join("hooks/hooks.json"), &hooks)?
                }
            }
            if file == RepoFile::Plugin {
                write_json(
                    &plugin_dir(&codex_home).join(".codex-plugin/plugin.json"),
                    &json!({"name": PLUGIN_NAME, "version": "1.0.0"}),
                )?;
            }
            // --also-user: the same hook in the user's file too.
            if also_user {
                write_json(&codex_home.join("hooks.json"), &hooks)?;
            }
            trusted
        }
    };
    // The project's `.codex/` layer loads only in a trusted project (native.rs TRUST); each
    // hook's own trust is bypassed below.
    let config = if trusted {
        format!(
            "{config}\n[projects.\"{}\"]\ntrust_level = \"trusted\"\n",
            s.workspace.display()
        )
    } else {
        config
    };
    let config = match s.repo_hooks.map(|r| r.file) {
        Some(RepoFile::Plugin) => {
            format!("{config}\n[plugins.\"{PLUGIN_NAME}@hookcheck\"]\nenabled = true\n")
        }
        _ => config,
    };
    // Live mode's MCP server (`--mcp`), a `[mcp_servers.NAME]` table (JSON strings are TOML
    // basic strings).
    let config = match s.mcp {
        Some(m) => format!(
            "{config}\n[mcp_servers.{}]\ncommand = {}\nargs = {}\n",
            json!(m.name),
            json!(m.command),
            json!(m.args)
        ),
        None => config,
    };
    write_text(&codex_home.join("config.toml"), &config)?;
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
        written: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An edit runs on a catalog model (so Codex offers `apply_patch`); the rest on the
    /// unknown `fake-model` (the config of the snapshot in src/tools/live/snapshots).
    #[test]
    fn an_edit_runs_on_a_catalog_model_that_has_apply_patch() {
        let write = Action::Write {
            path: "/w/notes.txt",
            content: "hi\n",
        };
        let shell = Action::Shell("touch x");
        assert_eq!(
            [
                model_slug(Some(&write)),
                model_slug(Some(&shell)),
                model_slug(None)
            ],
            ["gpt-5.5", "fake-model", "fake-model"]
        );
    }
}
