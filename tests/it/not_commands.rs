//! Hooks that run no command (Claude Code's `prompt`, `http` and `agent` hooks, Kiro's `agent`
//! and `askAgent` actions) are listed, and said not run with why, by `list --installed`,
//! `run --installed` and `sweep --installed`: never silently dropped (issue 27, item 4).

use crate::common;

use common::{Project, stable};

/// `.claude/settings.json` with a command guard and, beside it, a `prompt` and an `http` hook
/// on the same PreToolUse, and an `agent` hook on Stop.
const CLAUDE: &str = r#"{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [
        {"type": "command", "command": "./hooks/guard.sh"},
        {"type": "prompt", "prompt": "Is this command safe? $ARGUMENTS"},
        {"type": "http", "url": "http://localhost:8080/hook"}
      ]}
    ],
    "Stop": [
      {"hooks": [{"type": "agent", "prompt": "Check that the tests pass"}]}
    ]
  }
}
"#;

fn claude() -> Project {
    Project::new()
        .script(
            "hooks/guard.sh",
            "#!/bin/sh\nif grep -q 'rm -rf'; then echo 'no rm -rf' >&2; exit 2; fi\n",
        )
        .file(".claude/settings.json", CLAUDE)
}

/// Runs `hookcheck ARGS` and gives its exit status, stdout and stderr as one stable text.
fn shown(p: &Project, args: &[&str]) -> String {
    let run = p.run(args);
    let mut out = format!(
        "$ hookcheck {}  # exit status {}\n{}",
        args.join(" "),
        run.code(),
        run.stdout()
    );
    if !run.stderr().is_empty() {
        out.push_str(&format!("--- stderr\n{}", run.stderr()));
    }
    stable(&out, p)
}

#[test]
fn list_installed_lists_the_hooks_that_are_not_commands_with_why() {
    let p = claude();
    let text = shown(&p, &["list", "--installed"]);
    insta::assert_snapshot!("list_installed_not_commands", text);
    let run = p.run(&["list", "--installed", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout()).expect("json");
    let not_run: Vec<(String, u64)> = v["handlers"]
        .as_array()
        .expect("handlers")
        .iter()
        .filter(|h| h["agent"] == "claude" && h["not_run"].is_string())
        .map(|h| {
            (
                h["command"].as_str().unwrap_or_default().to_string(),
                h["line"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        not_run,
        [
            (
                "prompt hook: Is this command safe? $ARGUMENTS".to_string(),
                6
            ),
            ("http hook: http://localhost:8080/hook".to_string(), 7),
            ("agent hook: Check that the tests pass".to_string(), 11),
        ]
    );
}

/// `run --installed` names the hooks on the fired event that are not commands (the Stop
/// hook is not named for `--bash`), and an event whose only hook is not a command is not run,
/// saying why.
#[test]
fn run_installed_says_which_hooks_on_the_event_are_not_commands() {
    let p = claude();
    let bash = ["run", "--installed", "--bash", "rm -rf /", "-t", "claude"];
    let text = [
        shown(&p, &bash),
        shown(&p, &[&bash[..], &["-v"]].concat()),
        shown(
            &p,
            &["run", "--installed", "--event", "Stop", "-t", "claude"],
        ),
    ]
    .join("\n");
    insta::assert_snapshot!("run_installed_not_commands", text);
}

#[test]
fn sweep_installed_lists_the_hooks_it_cannot_run() {
    let p = claude();
    let text = shown(&p, &["sweep", "--installed", "-t", "claude"]);
    insta::assert_snapshot!("sweep_installed_not_commands", text);
    // Only hooks that are not commands: nothing to sweep, and it says which.
    let only = Project::new().file(
        ".claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "prompt", "prompt": "Safe?"}]}]}}"#,
    );
    let run = only.run(&["sweep", "--installed", "-t", "claude"]);
    assert_eq!(run.code(), 2, "{}", run.stdout());
    assert_eq!(
        run.stderr(),
        "error: the hooks the agents asked for load here are not commands: nothing to sweep\n\
         help: hookcheck runs only command hooks; not commands: .claude/settings.json:1 (prompt hook: Safe?)\n"
    );
}

/// Kiro CLI 3's `agent` action and the Kiro IDE's `askAgent` (kiro.dev/docs/cli/v3/hooks,
/// kiro.dev/docs/hooks/actions) are listed as not run, beside the command hook; `run
/// --installed --bash` says why each hook on the fired event is not run, and nothing of the
/// Stop hook, which the call does not fire.
#[test]
fn kiro_agent_actions_are_listed_as_not_run() {
    let p = Project::new()
        .script("guard.sh", "#!/bin/sh\nexit 0\n")
        .file(
            ".kiro/hooks/guard.json",
            r#"{"version": "v1", "hooks": [
  {"name": "guard", "trigger": "PreToolUse", "matcher": "shell", "action": {"type": "command", "command": "./guard.sh"}, "timeout": 30},
  {"name": "review", "trigger": "PreToolUse", "matcher": "shell", "action": {"type": "agent", "prompt": "Review this command"}},
  {"name": "off", "trigger": "PreToolUse", "enabled": false, "action": {"type": "agent", "prompt": "never"}}
]}
"#,
        )
        .file(
            ".kiro/hooks/ask.kiro.hook",
            r#"{"enabled": true, "name": "ask", "when": {"type": "agentStop"}, "then": {"type": "askAgent", "prompt": "Did you run the tests?"}}"#,
        );
    let text = [
        shown(&p, &["list", "--installed"]),
        shown(&p, &["run", "--installed", "--bash", "ls", "-t", "kiro"]),
    ]
    .join("\n");
    insta::assert_snapshot!("kiro_not_commands", text);
}
