use crate::common::{Project, decision, guard, target};

#[test]
fn blocks_and_allows_a_shell_call() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let (code, r) = p.json("g", &["-t", "qwen", "--bash", "rm -rf build"]);
    assert_eq!((code, decision(&r, "qwen").as_str()), (0, "block"), "{r}");
    let (code, r) = p.json("g", &["-t", "qwen", "--bash", "ls"]);
    assert_eq!((code, decision(&r, "qwen").as_str()), (0, "allow"), "{r}");
}

#[test]
fn a_json_deny_blocks_even_on_exit_1() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: run_shell_command\ncommand: ./hooks/g.sh\n",
        )
        .script(
            "hooks/g.sh",
            "#!/bin/sh\necho '{\"decision\":\"deny\",\"reason\":\"no\"}'\nexit 1\n",
        );
    let (_, r) = p.json("g", &["-t", "qwen", "--bash", "ls"]);
    assert_eq!(decision(&r, "qwen"), "block", "{r}");
}

#[test]
fn exit_2_with_empty_stderr_lets_the_call_run() {
    let p = Project::new()
        .spec("g", "event: PreToolUse\ncommand: ./hooks/g.sh\n")
        .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "qwen", "-t", "claude", "--bash", "ls"]);
    assert_eq!(decision(&r, "qwen"), "error", "{r}");
    assert_eq!(target(&r, "qwen")["effect"], "proceeds", "{r}");
    assert_eq!(decision(&r, "claude"), "block", "{r}");
}

/// Qwen Code 0.24.4 fires `Bash` (Claude Code's name, one of its shell tool's aliases) and not
/// `bash` on its shell call (recorded: fixtures/live/lifecycle/observations/matcher-claude--qwen.json
/// and matcher-lower--qwen.json).
#[test]
fn a_claude_tool_name_fires_and_a_lowercase_one_does_not() {
    for (matcher, decision, fired) in [("Bash", "block", true), ("bash", "allow", false)] {
        let p = Project::new()
            .spec(
                "g",
                &format!("event: PreToolUse\nmatcher: {matcher}\ncommand: ./hooks/g.sh\n"),
            )
            .script("hooks/g.sh", "#!/bin/sh\necho no >&2\nexit 2\n");
        let (_, r) = p.json("g", &["-t", "qwen", "--bash", "ls"]);
        let t = target(&r, "qwen");
        assert_eq!(
            (t["decision"].as_str(), t["fired"].as_bool()),
            (Some(decision), Some(fired)),
            "{matcher}: {r}"
        );
    }
}

#[test]
fn a_refused_trigger_is_not_run() {
    let p = Project::new().spec("g", "event: UserPromptSubmit\ncommand: ./hooks/g.sh\n");
    let (_, r) = p.json("g", &["-t", "qwen", "--bash", "ls"]);
    let t = target(&r, "qwen");
    assert_eq!(t["decision"], "not run", "{r}");
    assert!(
        t["reason"].as_str().unwrap_or_default().contains("prompt"),
        "{r}"
    );
}
