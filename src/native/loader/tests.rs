//! The loaders read real-world files, and the shape helpers they share. Test-only.

mod commands;

use std::path::PathBuf;

use super::*;
use crate::native::agents::{find as loader, same_event};
use crate::native::{NativeError, NativeHandler};

/// The command handlers the loader reads from `fixtures/native/<id>/<file>`.
fn load(id: &str, file: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let all = load_all(id, file)?;
    Ok(all
        .into_iter()
        .filter(|h| h.not_command.is_none())
        .collect())
}

/// Every hook the loader reads, those that run no command included.
fn load_all(id: &str, file: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let l = loader(id).unwrap_or_else(|| panic!("no loader {id}"));
    let path = PathBuf::from(format!("fixtures/native/{id}/{file}"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    (l.parse)(&path, &text)
}

/// A hook that runs no command (an `http`, `prompt` or `agent` hook) is read, at its line,
/// shown by its URL or prompt, and marked with why it is not run.
#[test]
fn hooks_that_are_not_commands_are_read_and_marked() {
    for (id, file, want) in [
        (
            "claude",
            "settings.json",
            (
                "http hook: http://localhost:9000/hook",
                15,
                "an `http` hook posts",
            ),
        ),
        (
            "qoder",
            "settings.json",
            (
                "prompt hook: Check the work",
                12,
                "a `prompt` hook asks a model",
            ),
        ),
        (
            "windsurf",
            "hooks.v1.json",
            (
                "prompt hook: Check the request",
                13,
                "a `prompt` hook asks a model",
            ),
        ),
        (
            "kiro",
            "guard.json",
            (
                "agent hook: Ensure tests are updated for this change",
                16,
                "an `agent` hook hands a prompt to a subagent",
            ),
        ),
    ] {
        let all = load_all(id, file).unwrap_or_else(|e| panic!("{id} {file}: {e}"));
        let not: Vec<_> = all.iter().filter(|h| h.not_command.is_some()).collect();
        let [h] = not.as_slice() else {
            panic!("{id} {file}: {not:?}");
        };
        let why = h.not_command.as_deref().unwrap_or_default();
        assert_eq!(
            (h.command.as_str(), h.line),
            (want.0, want.1),
            "{id} {file}"
        );
        assert!(why.starts_with(want.2), "{id} {file}: {why}");
    }
}

/// (agent, file, handlers: (event, matcher, command, timeout_s, line)).
type Row = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str, &'static str, Option<u64>, u64)],
);

#[test]
fn trusted_folders_json_reads_each_trust_level() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let root = dir.path().join("work/app");
    let store = dir.path().join("trustedFolders.json");
    let work = dir.path().join("work").display().to_string();
    let app = root.display().to_string();
    for (rules, want) in [
        (serde_json::json!({}), false),
        (serde_json::json!({ app.clone(): "TRUST_FOLDER" }), true),
        (serde_json::json!({ work.clone(): "TRUST_FOLDER" }), true),
        (serde_json::json!({ app.clone(): "TRUST_PARENT" }), true),
        (
            serde_json::json!({ format!("{app}/x"): "TRUST_PARENT" }),
            true,
        ),
        (
            serde_json::json!({ format!("{app}/x"): "TRUST_FOLDER" }),
            false,
        ),
        (serde_json::json!({ app.clone(): "DO_NOT_TRUST" }), false),
    ] {
        std::fs::write(&store, rules.to_string()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(trusted_folders_json(&store, &root), Some(want), "{rules}");
    }
    let _ = std::fs::remove_file(&store);
    assert_eq!(trusted_folders_json(&store, &root), Some(false), "no file");
}

#[test]
fn spellings_of_one_event_are_the_same_event() {
    for (id, a, b, same) in [
        ("copilot", "PreToolUse", "preToolUse", true),
        ("copilot", "Stop", "agentStop", true),
        ("copilot", "agentStop", "Stop", true),
        ("copilot", "UserPromptSubmit", "userPromptSubmitted", true),
        ("copilot", "PreToolUse", "postToolUse", false),
        ("copilot", "Stop", "sessionEnd", false),
        ("claude", "PreToolUse", "PreToolUse", true),
        ("claude", "PreToolUse", "PostToolUse", false),
    ] {
        assert_eq!(same_event(id, a, b), same, "{id}: {a} / {b}");
    }
}

#[test]
fn loaders_read_real_world_files() {
    let table: &[Row] = &[
        (
            "claude",
            "settings.json",
            &[
                (
                    "PreToolUse",
                    "Bash",
                    "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh",
                    Some(10),
                    8,
                ),
                (
                    "PreToolUse",
                    "Write|Edit|MultiEdit",
                    "npx prettier --write",
                    None,
                    14,
                ),
                ("Stop", "", "notify-send done", None, 19),
            ],
        ),
        (
            "codex",
            "hooks.json",
            &[(
                "PreToolUse",
                "Bash",
                "python3 .codex/hooks/guard.py",
                Some(30),
                1,
            )],
        ),
        (
            "codex",
            "config.toml",
            &[(
                "PreToolUse",
                "apply_patch",
                ".codex/hooks/protect.sh",
                Some(5),
                8,
            )],
        ),
        (
            "gemini",
            "settings.json",
            &[(
                "BeforeTool",
                "write_file|replace",
                "$GEMINI_PROJECT_DIR/.gemini/hooks/guard.sh",
                Some(5),
                8,
            )],
        ),
        (
            "cursor",
            "hooks.json",
            &[
                ("beforeShellExecution", "", "./hooks/audit.sh", None, 4),
                ("preToolUse", "Shell", "./hooks/guard.sh", Some(30), 5),
                ("stop", "", "./hooks/stop.sh", None, 6),
            ],
        ),
        (
            "copilot",
            "guard.json",
            &[
                ("preToolUse", "bash", "./scripts/guard.sh", Some(15), 5),
                ("sessionStart", "", "node", None, 7),
            ],
        ),
        (
            "qwen",
            "settings.json",
            &[
                (
                    "PreToolUse",
                    "run_shell_command",
                    "$QWEN_PROJECT_DIR/.qwen/hooks/guard.sh",
                    Some(30),
                    2,
                ),
                (
                    "PreToolUse",
                    "run_shell_command",
                    "./legacy.sh",
                    Some(60),
                    3,
                ),
            ],
        ),
        (
            "spettro",
            "hooks.json",
            &[
                ("PreToolUse", "bash", "./hooks/guard.sh", Some(5), 7),
                (
                    "PostToolUse",
                    "file-*",
                    "read input; echo \"$input\" >> /tmp/spettro-edits.log",
                    None,
                    13,
                ),
                ("PreToolUse", "", "./hooks/off.sh", None, 18),
            ],
        ),
        (
            "qoder",
            "settings.json",
            &[
                ("PreToolUse", "Bash", "~/.qoder/hooks/guard.sh", Some(30), 7),
                ("Stop", "", "notify-send done", None, 12),
            ],
        ),
        (
            "trae",
            "hooks.json",
            &[
                ("PreToolUse", "RunCommand", "rtk hook trae", Some(10), 8),
                (
                    "PostToolUse",
                    "Edit|Write",
                    "npx prettier --write .",
                    None,
                    12,
                ),
            ],
        ),
        (
            "openhands",
            "hooks.json",
            &[
                (
                    "PreToolUse",
                    "terminal",
                    ".openhands/hooks/block_dangerous.sh",
                    Some(10),
                    5,
                ),
                ("Stop", "*", ".openhands/hooks/require_tests.sh", None, 9),
            ],
        ),
        (
            "crush",
            "crush.json",
            &[
                ("PreToolUse", "^bash$", "./hooks/no-rm.sh", Some(10), 5),
                (
                    "PreToolUse",
                    "",
                    "echo \"$CRUSH_TOOL_NAME\" >> .crush/tools.log",
                    None,
                    6,
                ),
                (
                    "PreToolUse",
                    "^(edit|write)$",
                    "./hooks/protect.sh",
                    None,
                    9,
                ),
            ],
        ),
        (
            "antigravity",
            "hooks.json",
            &[
                (
                    "PreToolUse",
                    "run_command",
                    "/opt/hooks/guard.sh",
                    Some(5),
                    7,
                ),
                ("Stop", "", "/opt/hooks/stop.sh", None, 10),
            ],
        ),
        (
            "augment",
            "settings.json",
            &[
                (
                    "PreToolUse",
                    "launch-process",
                    "/etc/augment/hooks/validate-command.sh",
                    Some(5),
                    7,
                ),
                ("SessionStart", "", ".augment/hooks/start.sh", None, 12),
            ],
        ),
        (
            "goose",
            "hooks.json",
            &[
                (
                    "PreToolUse",
                    "shell",
                    "fixtures/native/scripts/guard.sh",
                    Some(10),
                    7,
                ),
                ("Stop", "", "echo done", None, 12),
            ],
        ),
        (
            "windsurf",
            "hooks.v1.json",
            &[
                (
                    "PreToolUse",
                    "exec",
                    "\"$DEVIN_PROJECT_DIR\"/.devin/hooks/guard.sh",
                    Some(10),
                    6,
                ),
                (
                    "UserPromptSubmit",
                    "",
                    "./.devin/hooks/log-prompt.sh",
                    None,
                    14,
                ),
            ],
        ),
        (
            "kiro",
            "guard.json",
            &[
                (
                    "PreToolUse",
                    "shell",
                    "./.kiro/scripts/guard.sh",
                    Some(30),
                    8,
                ),
                ("Stop", "", "./.kiro/scripts/deploy-check.sh", None, 29),
            ],
        ),
        (
            "cline",
            "PreToolUse",
            &[(
                "PreToolUse",
                "",
                "python3 fixtures/native/cline/PreToolUse",
                None,
                1,
            )],
        ),
        (
            "cline",
            "taskcomplete.sh",
            &[(
                "TaskComplete",
                "",
                "bash fixtures/native/cline/taskcomplete.sh",
                None,
                1,
            )],
        ),
        (
            "cline",
            "pre-tool-use.sh",
            &[(
                "pre-tool-use",
                "",
                "bash fixtures/native/cline/pre-tool-use.sh",
                None,
                1,
            )],
        ),
        (
            "factory",
            "settings.json",
            &[
                (
                    "PreToolUse",
                    "Execute",
                    "\"$FACTORY_PROJECT_DIR\"/.factory/hooks/guard_execute.py",
                    Some(60),
                    11,
                ),
                (
                    "PostToolUse",
                    "Edit|Create",
                    "npx prettier --write",
                    None,
                    20,
                ),
            ],
        ),
        (
            "factory",
            "hooks.json",
            &[(
                "SessionStart",
                "startup",
                "~/.factory/hooks/load-context.sh",
                Some(5),
                5,
            )],
        ),
    ];
    for (id, file, want) in table {
        let got = load(id, file).unwrap_or_else(|e| panic!("{id} {file}: {e}"));
        let got: Vec<_> = got
            .iter()
            .map(|h| {
                (
                    h.event.as_str(),
                    h.matcher.as_str(),
                    h.command.as_str(),
                    h.timeout_s,
                    h.line,
                )
            })
            .collect();
        assert_eq!(got, want.to_vec(), "{id} {file}");
    }
}

#[test]
fn handler_fields_keep_the_files_settings() {
    let claude = load("claude", "settings.json").unwrap_or_default();
    assert!(claude[1].fail_closed, "onFailure: block is failClosed");
    assert!(claude[2].is_async);
    let gemini = load("gemini", "settings.json").unwrap_or_default();
    assert_eq!(gemini[0].timeout_raw.as_deref(), Some("5000 ms"));
    assert_eq!(
        gemini[0].env.keys().collect::<Vec<_>>(),
        ["AGNOSTIC_AI_TARGET"]
    );
    let cursor = load("cursor", "hooks.json").unwrap_or_default();
    assert!(cursor[1].fail_closed);
    let copilot = load("copilot", "guard.json").unwrap_or_default();
    assert_eq!(copilot[0].cwd.as_deref(), Some("scripts/.."));
    assert_eq!(copilot[1].args, Some(vec!["scripts/start.js".to_string()]));
    let kiro = load("kiro", "guard.json").unwrap_or_default();
    assert_eq!(kiro[0].confirm, None);
    assert_eq!(kiro[1].confirm, Some(true), "confirm asks the user first");
    let augment = load("augment", "settings.json").unwrap_or_default();
    assert_eq!(augment[0].timeout_raw.as_deref(), Some("5000 ms"));
    let goose = load("goose", "hooks.json").unwrap_or_default();
    assert!(goose[0].fail_closed, "on_failure: block");
    assert!(!goose[1].fail_closed);
    let spettro = load("spettro", "hooks.json").unwrap_or_default();
    let keys: Vec<_> = spettro
        .iter()
        .map(|h| (h.replace_key.as_deref(), h.enabled))
        .collect();
    assert_eq!(
        keys,
        [
            (Some("PreToolUse|bash|deny-rm-rf"), true),
            (
                Some("PostToolUse|file-*|fixtures/native/spettro/hooks.json-2"),
                true
            ),
            (Some("PreToolUse||off"), false),
        ]
    );
}

#[test]
fn broken_files_are_placed_with_the_agents_consequence() {
    for (id, file, line, consequence) in [
        (
            "claude",
            "broken.json",
            Some(6),
            "Claude Code loads no hooks",
        ),
        (
            "codex",
            "broken.toml",
            Some(1),
            "Codex cannot read this config file",
        ),
        ("gemini", "broken.json", Some(1), "Gemini CLI cannot load"),
        ("cursor", "broken.json", Some(1), "Cursor loads no hooks"),
        ("copilot", "broken.json", None, "Copilot rejects this file"),
        ("qwen", "broken.json", Some(2), "Qwen Code cannot load"),
        (
            "windsurf",
            "broken.json",
            Some(2),
            "the Devin CLI loads no hooks",
        ),
        ("kiro", "broken.json", Some(4), "Kiro loads no hooks"),
        ("factory", "broken.json", Some(4), "droid loads no hooks"),
        (
            "spettro",
            "broken.json",
            Some(2),
            "Spettro cannot load its hooks",
        ),
        ("qoder", "broken.json", Some(4), "Qoder cannot read"),
        ("trae", "broken.json", Some(4), "Trae cannot read"),
        ("openhands", "broken.json", None, "OpenHands cannot load"),
        (
            "crush",
            "broken.json",
            Some(5),
            "Crush cannot load its config",
        ),
        (
            "antigravity",
            "broken.json",
            Some(1),
            "Antigravity silently drops",
        ),
        ("augment", "broken.json", Some(3), "Augment cannot read"),
        ("goose", "broken.json", None, "Goose cannot load"),
    ] {
        let e = load(id, file)
            .err()
            .unwrap_or_else(|| panic!("{id} {file} parsed"));
        assert_eq!(e.line, line, "{id} {file}: {e}");
        assert!(e.consequence.starts_with(consequence), "{id}: {e}");
    }
}
