//! The event that fires: `--event` for specs and installed hooks, and a payload's
//! `hook_event_name`, matched across agents' spellings (Claude Code's PreToolUse is Gemini
//! CLI's BeforeTool).

use crate::common;

use common::{Project, decision, target};

fn project() -> Project {
    Project::new()
        .spec(
            "pre",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/block.sh\ntimeout: 10\n",
        )
        .spec("stop", "on: stop\ncommand: ./hooks/block.sh\ntimeout: 10\n")
        .script("hooks/block.sh", "#!/bin/sh\necho no >&2\nexit 2\n")
        .file(
            "stop.json",
            "{\"hook_event_name\": \"Stop\", \"session_id\": \"s\", \"stop_hook_active\": false}",
        )
        .file(
            ".claude/settings.json",
            r#"{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "exit 0"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "echo stop >&2; exit 2"}]}]
}}"#,
        )
}

#[test]
fn a_payloads_event_decides_which_hooks_run() {
    let p = project();
    let (code, r) = p.json("pre", &["--payload", "stop.json", "-t", "claude,gemini"]);
    assert_eq!(code, 1, "a Stop payload runs no PreToolUse hook: {r}");
    assert_eq!(
        target(&r, "claude")["reason"],
        "Claude Code fires Stop here (the payload's hook_event_name), and this hook is on PreToolUse"
    );
    assert_eq!(
        target(&r, "gemini")["reason"],
        "Gemini CLI fires Stop here (the payload's hook_event_name), and this hook is on BeforeTool"
    );
    // The same payload runs a Stop hook, on Gemini CLI's AfterAgent too.
    let (code, r) = p.json(
        "stop",
        &[
            "--payload",
            "stop.json",
            "-t",
            "claude,gemini",
            "--expect",
            "block",
        ],
    );
    assert_eq!(code, 0, "{r}");
    assert_eq!(target(&r, "gemini")["event"], "AfterAgent", "{r}");
}

#[test]
fn event_picks_across_spellings_and_installed_handlers() {
    let p = project();
    // Gemini CLI's spelling picks Claude Code's PreToolUse hook too.
    let (code, r) = p.json(
        "pre",
        &[
            "--bash",
            "ls",
            "--event",
            "BeforeTool",
            "-t",
            "claude,gemini",
        ],
    );
    assert_eq!(code, 0, "{r}");
    assert_eq!(
        (decision(&r, "claude"), decision(&r, "gemini")),
        ("block".to_string(), "block".to_string())
    );
    // Installed: only the Stop handler runs, with no trigger.
    let (code, r) = p.json_of(&["run", "--installed", "--event", "stop", "-t", "claude"]);
    assert_eq!(code, 0, "{r}");
    let claude = target(&r, "claude");
    assert_eq!(claude["event"], "Stop", "{r}");
    assert_eq!(claude["decision"], "block", "{r}");
    assert_eq!(claude["commands"].as_array().map(Vec::len), Some(1), "{r}");
}

#[test]
fn an_unknown_event_is_a_usage_error_with_a_suggestion() {
    let p = project();
    let run = p.run(&["run", "pre", "--bash", "ls", "--event", "PreToolUze"]);
    assert_eq!(run.code(), 2);
    assert_eq!(
        run.stderr(),
        "error: --event `PreToolUze` is not an event of any agent: did you mean \
         `PreToolUse`? name one as an agent spells it (`hookcheck tools` lists them) or a \
         portable one (session-start, prompt-submit, before-tool, after-tool, after-edit, stop, \
         session-end)\n"
    );
}
