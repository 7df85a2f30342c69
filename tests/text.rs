//! The text report on the built binary, whole: concise by default (agents grouped by
//! decision, only the ones that differ, fail or error in full), every agent with `-v`, and
//! what each command is started with under `-vv`, environment names and never values.

mod common;

use common::{Project, stable};

/// A project with a guard that blocks the right way (`good`), one that explains itself on
/// stdout (`stdout-guard`, which Codex reads as an error), and one that needs a secret.
fn project() -> Project {
    Project::new()
        .spec(
            "good",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/good.sh\ntimeout: 10\n",
        )
        .spec(
            "stdout-guard",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/out.sh\ntimeout: 10\n",
        )
        .spec(
            "secret",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/good.sh\ntimeout: 7\nenv: {API_TOKEN: hunter2-value}\n",
        )
        .spec(
            "jq-guard",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/jq.sh\ntimeout: 10\n",
        )
        .spec(
            "file-guard",
            "on: before-tool\nmatch: edit\ncommand: ./hooks/file.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/jq.sh",
            "#!/bin/sh\nin=$(cat)\n[ \"$(echo \"$in\" | jq -r .tool_name)\" = Bash ] || exit 1\nif echo \"$in\" | jq -r .tool_input.command | grep -q 'rm -rf'; then echo 'no rm -rf here' >&2; exit 2; fi\n",
        )
        .script(
            "hooks/file.sh",
            "#!/bin/sh\ncase $(jq -r '.tool_input.file_path // empty') in *.env) echo 'not .env' >&2; exit 2;; esac\n",
        )
        .spec(
            "watcher-guard",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/watcher.sh\ntimeout: 2\n",
        )
        .script(
            "hooks/watcher.sh",
            "#!/bin/sh\nsleep 30 &\nif grep -q 'rm -rf'; then echo 'no rm -rf here' >&2; exit 2; fi\n",
        )
        .script(
            "hooks/good.sh",
            "#!/bin/sh\nif grep -q 'rm -rf'; then echo 'no rm -rf here' >&2; exit 2; fi\n",
        )
        .script(
            "hooks/out.sh",
            "#!/bin/sh\nif grep -q 'rm -rf'; then echo 'no rm -rf here'; exit 2; fi\n",
        )
}

fn text(p: &Project, args: &[&str], code: i32) -> String {
    let run = p.run(args);
    assert_eq!(run.code(), code, "{}{}", run.stdout(), run.stderr());
    stable(&run.stdout(), p)
}

#[test]
fn an_agreeing_run_is_a_few_lines() {
    let p = project();
    let out = text(&p, &["run", "good", "--bash", "rm -rf build"], 0);
    insta::assert_snapshot!("text_agreeing", out);
    assert!(out.lines().count() <= 15, "{out}");
}

#[test]
fn a_differing_run_details_only_the_agent_that_differs() {
    let p = project();
    let out = text(
        &p,
        &[
            "run",
            "stdout-guard",
            "--bash",
            "rm -rf build",
            "-t",
            "claude,codex,gemini,cursor,opencode",
        ],
        1,
    );
    insta::assert_snapshot!("text_differing", out);
}

/// A guard that knows one agent's tool name exits 1 on an agent that names the tool otherwise:
/// that agent is named, with the rule that decided and `help:` lines with the fix.
#[test]
fn a_fails_open_run_says_where_and_how_to_fix_it() {
    let p = project();
    let out = text(
        &p,
        &[
            "run",
            "jq-guard",
            "--bash",
            "rm -rf build",
            "-t",
            "claude,gemini,codex",
        ],
        1,
    );
    insta::assert_snapshot!("text_fails_open", out);
}

/// A guard that leaves a child holding its output blocks where the agent reads it at exit, and
/// times out where the agent waits for the output to close (recorded: campaign shell cell
/// bg-exit2_none_text): the run says so, and how to start the child.
#[test]
fn a_child_holding_the_output_is_named_with_its_fix() {
    let p = project();
    let out = text(
        &p,
        &[
            "run",
            "watcher-guard",
            "--bash",
            "rm -rf build",
            "-t",
            "claude,codex",
        ],
        1,
    );
    insta::assert_snapshot!("text_held_open", out);
}

/// A guard that allows on the agent whose file tools send the path under another key is told
/// where that agent puts it.
#[test]
fn an_allowing_agent_is_told_where_its_input_differs() {
    let p = project();
    let out = text(
        &p,
        &[
            "run",
            "file-guard",
            "--edit",
            ".env",
            "-t",
            "claude,gemini,spettro",
        ],
        1,
    );
    insta::assert_snapshot!("text_field_differs", out);
}

#[test]
fn a_failing_run_details_the_agents_that_miss_the_expectation() {
    let p = project();
    let out = text(
        &p,
        &[
            "run",
            "good",
            "--bash",
            "ls",
            "-t",
            "claude,codex,gemini",
            "--expect",
            "block,gemini=allow",
        ],
        1,
    );
    insta::assert_snapshot!("text_failing", out);
}

#[test]
fn verbose_shows_every_agent_and_very_verbose_what_ran() {
    let p = project();
    let args = [
        "run",
        "secret",
        "--bash",
        "rm -rf build",
        "-t",
        "claude,codex",
    ];
    let concise = text(&p, &args, 0);
    let mut v = args.to_vec();
    v.push("-v");
    let blocks = text(&p, &v, 0);
    for id in ["claude: block", "codex: block"] {
        assert!(!concise.contains(id), "{concise}");
        assert!(blocks.contains(id), "{blocks}");
    }
    assert!(!blocks.contains("argv:"), "{blocks}");
    v.push("-v");
    let all = p.run(&v);
    assert_eq!(all.code(), 0);
    let out = all.stdout();
    assert!(!out.contains("hunter2-value"), "an env value leaked: {out}");
    let lines: Vec<&str> = out.lines().map(str::trim).collect();
    assert!(
        lines.contains(&"argv: /bin/sh -c ./hooks/good.sh")
            && lines.contains(&"argv: /bin/bash -c ./hooks/good.sh"),
        "{out}"
    );
    assert!(lines.contains(&"timeout: 7s"), "{out}");
    assert!(
        lines.contains(&format!("cwd: {}", p.root().display()).as_str()),
        "{out}"
    );
    let set: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("env set by the agent: "))
        .collect();
    // Claude Code's and Codex's own variables (fixtures/live/inputs, captured 2026-12-01):
    // names only, as for the spec's API_TOKEN.
    assert_eq!(
        set,
        [
            "AI_AGENT API_TOKEN CLAUDECODE CLAUDE_CODE_CHILD_NOTES_DIR CLAUDE_CODE_CHILD_SESSION CLAUDE_CODE_ENTRYPOINT CLAUDE_CODE_MESSAGING_SOCKET CLAUDE_CODE_MESSAGING_TOKEN CLAUDE_CODE_SESSION_ATTENDED CLAUDE_CODE_SESSION_ID CLAUDE_PID CLAUDE_PROJECT_DIR COREPACK_ENABLE_AUTO_PIN NoDefaultCurrentDirectoryInExePath",
            "API_TOKEN CODEX_MANAGED_BY_NPM CODEX_MANAGED_PACKAGE_ROOT",
        ],
        "{out}"
    );
    assert!(
        !out.contains("placeholder>"),
        "a variable's value (even a placeholder) was printed: {out}"
    );
    let stdin = lines
        .iter()
        .find_map(|l| l.strip_prefix("stdin: "))
        .expect("a stdin line");
    let v: serde_json::Value = serde_json::from_str(stdin).expect("the stdin is JSON");
    assert_eq!(v["tool_input"]["command"], "rm -rf build", "{v}");
}
