//! Copilot CLI, headless: `copilot -p` in offline BYOK mode (`COPILOT_OFFLINE`,
//! `COPILOT_PROVIDER_*`) against OpenAI Chat Completions, the hook in `~/.copilot/settings.json`
//! `hooks.preToolUse` (the `.github/hooks/*.json` schema; recipe: real-agents.md).

use crate::error::Error;
use serde_json::{Value, json};

use crate::live::driver::write_json;
use crate::live::driver::{Action, Driver, Launch, RepoFile, RepoHooks, Setup, Written, mcp_call};

/// Copilot CLI's live driver.
pub static DRIVER: Driver = Driver {
    binary: "copilot",
    calls,
    setup,
    package: "@github/copilot@1.0.102",
    quiet_env: &[],
    ask: None,
};

fn calls(action: &Action) -> Vec<(String, Value)> {
    match action {
        // 1.0.102's `bash` tool requires `command` and `description` (its Chat tool schema).
        Action::Shell(command) => vec![(
            "bash".into(),
            json!({"command": command, "description": "Run the requested command", "mode": "sync"}),
        )],
        // 1.0.102's `create` tool, run live 2026-12-01 (fixtures/live/inputs/copilot--edit.json).
        Action::Write { path, content } => {
            vec![("create".into(), json!({"path": path, "file_text": content}))]
        }
        Action::Mcp { tool, .. } => vec![mcp_call(tool)],
    }
}

fn setup(s: &Setup) -> Result<Launch, Error> {
    let (file, written) = hook_file(s)?;
    if let Some((path, hooks)) = file {
        write_json(&path, &hooks)?;
    }
    // --also-user: the same hook in the user's file too.
    if s.repo_hooks.is_some_and(|r| r.also_user) {
        write_json(&user_file(s), &json!({"hooks": own_events(s)}))?;
    }
    // Live mode's MCP server (`--mcp`), in the user's MCP config: a local (stdio) server with
    // every tool.
    if let Some(m) = s.mcp {
        let mut entry = m.entry();
        entry["type"] = json!("local");
        entry["tools"] = json!(["*"]);
        write_json(
            &s.home.join(".copilot/mcp-config.json"),
            &json!({"mcpServers": {&m.name: entry}}),
        )?;
    }
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
        written,
    })
}

/// Where the hook goes and that file's text: the user's `~/.copilot/settings.json`, or with
/// [`RepoHooks`] the workspace's `.github/hooks/hookcheck.json` or `.claude/settings.json` (its
/// PascalCase event, returned: Copilot gives a PascalCase event the Claude-shaped input), or
/// none where the workspace holds the synced files, the workspace in `trusted_folders` of
/// `~/.copilot/config.json` or not.
#[allow(clippy::type_complexity)]
fn hook_file(s: &Setup) -> Result<(Option<(std::path::PathBuf, Value)>, Option<Written>), Error> {
    let own = own_events(s);
    let Some(RepoHooks { file, trusted, .. }) = s.repo_hooks else {
        return Ok((Some((user_file(s), json!({"hooks": own}))), None));
    };
    let folders: Vec<String> = if trusted {
        vec![s.workspace.display().to_string()]
    } else {
        Vec::new()
    };
    write_json(
        &s.home.join(".copilot/config.json"),
        &json!({"trusted_folders": folders}),
    )?;
    Ok(match file {
        RepoFile::Plugin => {
            return Err(Error::live(
                "Copilot CLI's plugins are probed by scripts/live-copilot-plugins.py (it installs them with `copilot plugin install`)",
            ));
        }
        RepoFile::Own => (
            Some((
                s.workspace.join(".github/hooks/hookcheck.json"),
                json!({"version": 1, "hooks": own}),
            )),
            None,
        ),
        // Its repository settings' inline hooks (native.rs SETTINGS_FILES).
        RepoFile::Config => (
            Some((
                s.workspace.join(".github/copilot/settings.json"),
                json!({ "hooks": own }),
            )),
            None,
        ),
        RepoFile::Local => (
            Some((
                s.workspace.join(".github/copilot/settings.local.json"),
                json!({ "hooks": own }),
            )),
            None,
        ),
        RepoFile::Synced => (None, None),
        RepoFile::Claude if !s.more_commands.is_empty() => {
            return Err(Error::live(
                "live mode writes one hook into .claude/settings.json for Copilot",
            ));
        }
        RepoFile::Claude => {
            let event = claude_event(s.event).ok_or_else(|| {
                Error::live(format!(
                    "Copilot's {} has no event in .claude/settings.json",
                    s.event
                ))
            })?;
            let mut handler = json!({"type": "command", "command": s.hook_command});
            if let Some(t) = s.first_timeout_s.or(s.timeout_s) {
                handler["timeout"] = json!(t);
            }
            let mut group = json!({"hooks": [handler]});
            let mut matcher = String::new();
            // Claude's name of the shell tool. On a shell call 1.0.102 ran the hook under
            // "Bash", "*" and no matcher key, and not under `"matcher": ""` (one run each,
            // 2026-12-01; fixtures/live/trust/copilot.json notes).
            if event.ends_with("ToolUse") {
                if !matches!(s.action, Some(Action::Shell(_))) {
                    return Err(Error::live(
                        "in .claude/settings.json live mode matches only a shell call: pass --bash",
                    ));
                }
                matcher = "Bash".into();
                group["matcher"] = json!(matcher);
            }
            (
                Some((
                    s.workspace.join(".claude/settings.json"),
                    json!({"hooks": {event: [group]}}),
                )),
                Some(Written {
                    event: event.into(),
                    matcher,
                }),
            )
        }
    })
}

/// The user's settings file, which holds hooks inline.
fn user_file(s: &Setup) -> std::path::PathBuf {
    s.home.join(".copilot/settings.json")
}

/// The hook in Copilot's own format: one entry per command, in the spec's order.
fn own_entries(s: &Setup) -> Vec<Value> {
    s.hooks().map(|(c, t)| own_entry(s, c, t)).collect()
}

/// One entry in Copilot's own format, with the matcher (an entry's own `matcher`, which
/// 1.0.36 began to honour: changelog.json) and no `timeoutSec` when the spec gives no timeout.
/// Until 2026-12-05 no entry had a matcher, so every matcher spelling "matched".
fn own_entry(s: &Setup, command: &str, timeout_s: Option<u64>) -> Value {
    let mut e = json!({"type": "command", "bash": command});
    if let Some(t) = timeout_s {
        e["timeoutSec"] = json!(t);
    }
    if let Some(m) = s.matcher {
        e["matcher"] = json!(m);
    }
    e
}

/// The hook's events in Copilot's own format: `{EVENT: [entries]}`, and with `--also-event`
/// the last command under the other event.
fn own_events(s: &Setup) -> Value {
    if !s.every_event.is_empty() {
        return every_event(s);
    }
    let mut out = json!({ s.event: own_entries(s) });
    if let Some((event, command, t)) = s.also() {
        out[event] = json!([own_entry(s, command, t)]);
    }
    out
}

/// `--every-event`: one entry on each of its events, both spellings of the twins (camelCase
/// and PascalCase), the command naming its event, a tool event's matched as the spec says (a
/// PascalCase matcher equal to the runtime name matches too).
fn every_event(s: &Setup) -> Value {
    let mut out = serde_json::Map::new();
    for (event, tool) in s.every_event {
        let command = s.hook_command.replace("{event}", event);
        let mut e = json!({"type": "command", "bash": command});
        if let Some(t) = s.timeout_s {
            e["timeoutSec"] = json!(t);
        }
        if let (true, Some(m)) = (*tool, s.matcher) {
            e["matcher"] = json!(m);
        }
        out.insert(event.clone(), json!([e]));
    }
    Value::Object(out)
}

/// The PascalCase (Claude format) twin of a camelCase event live mode drives (a PascalCase
/// event is its own twin).
fn claude_event(event: &str) -> Option<&'static str> {
    const TWINS: [(&str, &str); 6] = [
        ("sessionStart", "SessionStart"),
        ("preToolUse", "PreToolUse"),
        ("permissionRequest", "PermissionRequest"),
        ("postToolUse", "PostToolUse"),
        ("userPromptSubmitted", "UserPromptSubmit"),
        ("agentStop", "Stop"),
    ];
    TWINS
        .iter()
        .find(|(camel, pascal)| *camel == event || *pascal == event)
        .map(|(_, pascal)| *pascal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup<'a>(home: &'a std::path::Path, repo_hooks: Option<RepoHooks>) -> Setup<'a> {
        Setup {
            binary: home,
            home,
            workspace: home,
            base_url: "http://127.0.0.1:1",
            hook_command: "./h.sh",
            more_commands: &[],
            timeout_s: Some(5),
            first_timeout_s: None,
            also_event: None,
            ask: false,
            every_event: &[],
            action: None,
            event: "preToolUse",
            matcher: None,
            matcher_as_written: false,
            prompt: "p",
            final_text: "f",
            repo_hooks,
            mcp: None,
        }
    }

    fn read(path: std::path::PathBuf) -> Value {
        serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json")
    }

    #[test]
    fn repo_hooks_go_into_the_workspace_trusted_or_not() {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path();
        let ws = home.display().to_string();

        (DRIVER.setup)(&setup(home, None)).expect("user");
        assert_eq!(
            read(home.join(".copilot/settings.json")),
            json!({"hooks": {"preToolUse": [{"type": "command", "bash": "./h.sh", "timeoutSec": 5}]}})
        );
        assert!(!home.join(".copilot/config.json").exists());

        let own = RepoHooks {
            file: RepoFile::Own,
            trusted: true,
            also_user: false,
        };
        (DRIVER.setup)(&setup(home, Some(own))).expect("own");
        assert_eq!(
            read(home.join(".github/hooks/hookcheck.json")),
            json!({"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "./h.sh", "timeoutSec": 5}]}})
        );
        assert_eq!(
            read(home.join(".copilot/config.json")),
            json!({"trusted_folders": [ws]})
        );

        let claude = RepoHooks {
            file: RepoFile::Claude,
            trusted: false,
            also_user: false,
        };
        let err = (DRIVER.setup)(&setup(home, Some(claude))).expect_err("no shell call");
        assert!(err.message().contains("--bash"), "{err}");
        let shell = Action::Shell("ls");
        let mut s = setup(home, Some(claude));
        s.action = Some(&shell);
        (DRIVER.setup)(&s).expect("claude");
        assert_eq!(
            read(home.join(".claude/settings.json")),
            json!({"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./h.sh", "timeout": 5}], "matcher": "Bash"}]}})
        );
        assert_eq!(
            read(home.join(".copilot/config.json")),
            json!({"trusted_folders": []})
        );

        let mut s = setup(home, Some(claude));
        s.event = "sessionEnd";
        let err = (DRIVER.setup)(&s).expect_err("no Claude twin");
        assert!(err.message().contains("sessionEnd"), "{err}");
    }
}
