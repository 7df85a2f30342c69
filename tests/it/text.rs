//! The text report on the built binary, whole: concise by default (agents grouped by
//! decision, only the ones that differ, fail or error in full), every agent with `-v`, and
//! what each command is started with under `-vv`, environment names and never values.

use crate::common;

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
    // Every agent but Cline (which reads no exit code) and Antigravity (whose docs give exit
    // codes no meaning): those two let the call through, and are pinned below.
    let out = text(
        &p,
        &[
            "run",
            "good",
            "--bash",
            "rm -rf build",
            "-t",
            "claude,codex,gemini,qwen,cursor,copilot,kiro,windsurf,windsurf-cascade,vscode,factory,qoder,trae,openhands,goose,augment,crush,spettro,opencode,kilo,zed,pi",
        ],
        0,
    );
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

/// A guard that blocks where the agent sets `CLAUDE_PROJECT_DIR` and allows where it does
/// not: Devin CLI, whose result rests on assumptions, lets the call through. The check still
/// passes on the counted agents, but nothing hides it: `✗?`, in full with its `help:`, named
/// in the summary line, in JSON and in JUnit; `--strict` fails on it.
#[test]
fn an_assumed_agent_that_lets_it_through_is_shown_and_strict_fails_on_it() {
    let p = Project::new()
        .spec(
            "env-guard",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/env.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/env.sh",
            "#!/bin/sh\n[ -n \"$CLAUDE_PROJECT_DIR\" ] && { echo blocked >&2; exit 2; }\nexit 0\n",
        )
        .file(
            ".hookcheck/cases.yaml",
            "cases:\n  - name: env guard\n    hook: env-guard\n    bash: rm -rf build\n    targets: [claude, windsurf]\n    expect: block\n  - name: strict, assumed agents too\n    hook: env-guard\n    bash: rm -rf build\n    targets: [claude, windsurf]\n    expect: block\n    strict: true\n",
        );
    let args = [
        "run",
        "env-guard",
        "--bash",
        "rm -rf build",
        "-t",
        "claude,windsurf",
        "--expect",
        "block",
    ];
    let out = text(&p, &args, 0);
    assert_eq!(
        out,
        "env-guard: --bash 'rm -rf build' on 2 agents, expecting block
  block       claude
  assumed     windsurf=allow ✗?  (not counted: --include-assumed counts them)
  warning: 2 agents have no hook file of their own yet, so would not run this hook (-v or --strict lists them)

windsurf: allow (exit 0, [ms]; assumed: shell, cwd; not counted)
  assumed shell: sh -c (the agent's docs do not name the shell that runs a hook command)
  assumed cwd: [root] (the agent's docs do not say where a hook command runs; hookcheck uses the project root)
  event: PreToolUse (exec)
  command: ./hooks/env.sh
  help: Devin CLI sends the command at `tool_input.command`, as Claude Code does: the hook decides on something else that differs, such as the tool's name (`exec` here, `Bash` on Claude Code) (`-vv` shows each agent's input and variables)
hook env-guard: as expected (block) on the counted agents; 1 agent not counted lets it through: windsurf=allow (assumed: shell, cwd) (--strict fails on it); 1 counted, 1 not counted (1 assumed; --include-assumed to count)
"
    );
    let (code, r) = p.json_of(&args);
    assert_eq!(code, 0);
    assert_eq!(
        r["summary"]["doubtful_agents"],
        serde_json::json!(["windsurf"])
    );
    assert_eq!(r["summary"]["flagged"], serde_json::json!(["windsurf"]));
    let mut strict = args.to_vec();
    strict.push("--strict");
    let run = p.run(&strict);
    assert_eq!(run.code(), 1, "{}", run.stdout());
    assert!(
        run.stdout().contains(
            "windsurf: not counted (assumed: shell, cwd), but allow: --strict fails on it"
        ),
        "{}",
        run.stdout()
    );
    // `test` with JUnit: a <skipped> with the message, never a silent one.
    let xml = p.root().join("junit.xml");
    let suite = p.run(&[
        "test",
        "-k",
        "env guard",
        "--junit",
        xml.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(suite.code(), 0, "{}", suite.stdout());
    // A case with `strict: true` fails on it, as `run --strict` does.
    let strict = p.run(&["test", "-k", "strict"]);
    assert_eq!(strict.code(), 1, "{}", strict.stdout());
    let junit = std::fs::read_to_string(&xml).expect("junit written");
    assert!(
        junit.contains("<skipped message=\"✗? windsurf decided allow, against the check, but is not counted (--strict fails on it): hook env-guard: as expected (block) on the counted agents; 1 agent not counted lets it through: windsurf=allow (assumed: shell, cwd) (--strict fails on it); 1 counted, 1 not counted (1 assumed; --include-assumed to count)\"/>"),
        "{junit}"
    );
}

/// `help:` follows what decided, never a field-name guess when something else did: a reply the
/// agent reads otherwise (Gemini CLI's JSON on stdout winning over exit 2), an exit code an
/// agent does not read as a block (Cline), a matcher that does not pick the agent's tool
/// (Devin CLI's `exec` under Claude Code's `Bash`), and only when the hook ended otherwise,
/// where the agent puts what it reads.
#[test]
fn help_follows_the_rule_that_decided() {
    let p = Project::new()
        .spec(
            "json-allow",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/j.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/j.sh",
            "#!/bin/sh\necho '{\"decision\":\"allow\"}'\necho no >&2\nexit 2\n",
        )
        .spec(
            "exit2",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/e.sh\ntimeout: 10\n",
        )
        .script("hooks/e.sh", "#!/bin/sh\necho no >&2\nexit 2\n")
        .spec(
            "claude-field",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/c.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/c.sh",
            "#!/bin/sh\njq -e '.tool_input.command' >/dev/null || exit 0\necho no >&2\nexit 2\n",
        )
        .file(
            ".claude/settings.json",
            r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./hooks/e.sh"}]}]}}"#,
        );
    // Cline shares one script per event among the three specs, so its result is not counted:
    // it passes, shown `✗?` with the same help.
    for (args, agent, code, help) in [
        (
            vec!["run", "json-allow", "-t", "claude,gemini"],
            "gemini",
            1,
            "the hook exits 2 on Gemini CLI as on Claude Code, and Gemini CLI reads that reply as allow: reply in the form Gemini CLI reads as a block (`hookcheck tools gemini` lists its rules)",
        ),
        (
            vec!["run", "exit2", "-t", "claude,cline"],
            "cline",
            0,
            "the hook exits 2 on Cline as on Claude Code, and Cline reads that reply as allow: reply in the form Cline reads as a block (`hookcheck tools cline` lists its rules)",
        ),
        (
            vec!["run", "--installed", "-t", "claude,windsurf"],
            "windsurf",
            1,
            "the hook's matcher does not pick `exec`, the tool Devin CLI calls: add it to the matcher (`hookcheck tools windsurf` lists Devin CLI's tool names)",
        ),
        (
            vec!["run", "claude-field", "-t", "claude,copilot"],
            "copilot",
            1,
            "Copilot CLI sends the command at `toolArgs.command` (tool `bash`), Claude Code at `tool_input.command` (tool `Bash`): read both",
        ),
    ] {
        let mut all = args.clone();
        all.extend(["--bash", "rm -rf build"]);
        let (got, r) = p.json_of(&all);
        assert_eq!(got, code, "{args:?}: {r}");
        assert_eq!(
            common::target(&r, agent)["help"],
            serde_json::json!([help]),
            "{args:?}: {r}"
        );
    }
}
