//! The command line through the built binary: exit statuses, expectations, errors for people,
//! JSON and its schema.

use crate::common;

use common::{Project, decision, guard, guard_project, stable, target};

#[test]
fn exit_0_when_counted_tools_agree_and_1_when_they_differ() {
    let p = guard_project();
    let run = p.run(&[
        "run",
        "g",
        "--bash",
        "rm -rf build",
        "-t",
        "claude,gemini",
        "-v",
    ]);
    assert_eq!(run.code(), 0, "{}", run.stdout());
    assert!(
        run.stdout().contains("claude: block (exit 2"),
        "{}",
        run.stdout()
    );

    // The classic: a reason on stdout, exit 2. Claude blocks, Codex does not.
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\necho 'no rm -rf here'\nexit 2\n");
    let run = p.run(&[
        "run",
        "g",
        "--bash",
        "rm -rf build",
        "-t",
        "claude",
        "-t",
        "codex",
    ]);
    assert_eq!(run.code(), 1, "{}", run.stdout());
    assert!(
        run.stdout()
            .contains("tools decide differently: claude block, codex error"),
        "{}",
        run.stdout()
    );
}

#[test]
fn expect_global_and_per_tool() {
    let p = guard_project();
    let cases: &[(&[&str], i32)] = &[
        (&["--expect", "block"], 0),
        (&["--expect", "allow"], 1),
        (&["--expect", "claude=block,gemini=block"], 0),
        (&["--expect", "claude=allow"], 1),
        (&["--expect", "claude=block", "--expect", "codex=block"], 0),
    ];
    for (flags, want) in cases {
        let mut args = vec![
            "run",
            "g",
            "--bash",
            "rm -rf x",
            "-t",
            "claude,codex,gemini",
        ];
        args.extend_from_slice(flags);
        let run = p.run(&args);
        assert_eq!(run.code(), *want, "{flags:?}: {}", run.stdout());
    }
}

#[test]
fn a_counted_error_fails_the_check() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\necho crash >&2\nexit 1\n");
    let (code, r) = p.json("g", &["--bash", "ls", "-t", "claude"]);
    assert_eq!((code, decision(&r, "claude").as_str()), (1, "error"), "{r}");
    let (code, _) = p.json("g", &["--bash", "ls", "-t", "claude", "--expect", "error"]);
    assert_eq!(code, 0);
}

#[test]
fn expect_with_nothing_counted_fails_and_says_why() {
    // Codex has no exec form, so with -t codex the hook is not run at all.
    let p = Project::new().spec("g", "event: PreToolUse\ncommand: ./x.sh\nargs: [a]\n");
    let run = p.run(&[
        "run", "g", "--bash", "ls", "-t", "codex", "--expect", "block",
    ]);
    assert_eq!(run.code(), 1, "{}", run.stdout());
    assert!(
        run.stdout().contains("nothing was counted"),
        "{}",
        run.stdout()
    );
    let run = p.run(&[
        "run", "g", "--bash", "ls", "-t", "codex", "--expect", "not-run",
    ]);
    assert_eq!(run.code(), 0, "{}", run.stdout());
}

#[test]
fn a_matcher_that_does_not_fire_is_an_allow_with_the_reason() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: Write\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
    let run = p.run(&["run", "g", "--bash", "ls", "-t", "claude", "-v"]);
    assert!(
        run.stdout()
            .contains("claude: allow (not run: matcher \"Write\" does not match Bash)"),
        "{}",
        run.stdout()
    );
}

#[test]
fn bad_input_exits_2_with_a_message_that_says_what_to_do() {
    let p = guard_project()
        .spec("typo", "event: PreToolUse\nmatchr: Bash\ncommand: x\n")
        .file("bad.json", "{\"tool_name\": }");
    let cases: &[(&[&str], &str)] = &[
        (
            &["run", "g", "--bash", "ls", "-t", "nope"],
            "unknown tool `nope`: the tools are claude, codex, gemini",
        ),
        (
            &["run", "g", "--bash", "ls", "-t", "claud"],
            "did you mean `claude`?",
        ),
        (&["run", "gg", "--bash", "ls"], "no hook named `gg`"),
        (
            &["run", "typo", "--bash", "ls"],
            "typo.yaml:2:1: unknown field `matchr` in a spec",
        ),
        (
            &["run", "g", "--payload", "bad.json"],
            "bad.json:1:15: not valid JSON",
        ),
        (
            &["run", "g", "--payload", "missing.json"],
            "--payload missing.json: cannot read it",
        ),
        (
            &["run", "g", "--bash", "ls", "--expect", "blocks"],
            "`blocks` is not a decision; use one of allow, block, error, timeout, not-run",
        ),
        (
            &["run", "g", "--bash", "ls", "--jobs", "0"],
            "invalid value '0' for '--jobs <N>': at least one hook must be able to run: use 1 to 1024",
        ),
    ];
    for (args, want) in cases {
        let run = p.run(args);
        assert_eq!(run.code(), 2, "{args:?}: {}", run.stderr());
        let said = common::error_in_one_line(&run.stderr());
        assert!(said.contains(want), "{args:?}: {}", run.stderr());
        assert!(!run.stderr().contains("panicked"), "{args:?}");
    }
    // Two triggers at once is a usage error too.
    let run = p.run(&["run", "g", "--bash", "ls", "--prompt", "hi"]);
    assert_eq!(run.code(), 2);
}

#[test]
fn invalid_specs_name_file_line_and_fix() {
    let cases = [
        (
            "both",
            "event: PreToolUse\non: before-tool\ncommand: x\n",
            "both.yaml:2:1: a spec has either `event`",
        ),
        (
            "noevent",
            "command: x\n",
            "noevent.yaml:1:1: the spec says neither `event`",
        ),
        (
            "badon",
            "on: before-tol\ncommand: x\n",
            "badon.yaml:1:1: `on: before-tol` is not a portable event: did you mean `before-tool`?",
        ),
        (
            "badmatch",
            "on: before-tool\nmatch: shel\ncommand: x\n",
            "badmatch.yaml:2:1: `match: shel` is not a portable match",
        ),
        (
            "nocmd",
            "event: Stop\n",
            "nocmd.yaml: the spec needs a non-empty `command`",
        ),
        (
            "badtarget",
            "event: Stop\ncommand: x\ntargets: [claude, cursr]\n",
            "badtarget.yaml:3:1: unknown tool `cursr`",
        ),
        (
            "badyaml",
            "event: [PreToolUse\ncommand: x\n",
            "badyaml.yaml:",
        ),
        (
            "yesbool",
            "event: Stop\ncommand: x\nasync: yes\n",
            "yesbool.yaml:3:8",
        ),
    ];
    let mut p = Project::new();
    for (name, yaml, _) in cases {
        p = p.spec(name, yaml);
    }
    for (name, _, want) in cases {
        let run = p.run(&["run", name]);
        assert_eq!(run.code(), 2, "{name}");
        let said = common::error_in_one_line(&run.stderr());
        assert!(said.contains(want), "{name}: {}", run.stderr());
    }
    let run = p.run(&["list"]);
    assert_eq!(
        run.code(),
        2,
        "list reports invalid specs: {}",
        run.stdout()
    );
}

/// An agent that pastes its own environment into the command text as it loads its settings
/// (Gemini CLI) runs the value, but neither the report nor `-vv` shows it: only its name.
#[test]
fn a_value_pasted_into_the_command_text_is_shown_by_its_name() {
    let p = Project::new().spec(
        "g",
        "on: before-tool\nmatch: shell\ncommand: '[ \"$DEPLOY_TOKEN\" = \"${DEPLOY_TOKEN:-}\" ] && echo same >&2 && exit 2'\n",
    );
    let run = |args: &[&str]| {
        let out = p
            .command()
            .env("DEPLOY_TOKEN", "hunter2-pasted")
            .args(args)
            .output()
            .expect("run hookcheck");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let json = run(&[
        "run", "g", "--bash", "ls", "-t", "gemini", "--format", "json",
    ]);
    let report: serde_json::Value = serde_json::from_str(&json).expect("json");
    // The shell got the value twice over, so the hook blocked.
    assert_eq!(decision(&report, "gemini"), "block", "{report}");
    assert_eq!(
        target(&report, "gemini")["notes"],
        serde_json::json!([
            "Gemini CLI resolves its own environment in settings.json as it loads: DEPLOY_TOKEN"
        ]),
        "{report}"
    );
    let text = run(&["run", "g", "--bash", "ls", "-t", "gemini", "-vv"]);
    let dry = run(&["run", "g", "--bash", "ls", "-t", "gemini", "--dry-run"]);
    for out in [&json, &text, &dry] {
        assert!(!out.contains("hunter2-pasted"), "a value leaked: {out}");
    }
    assert!(
        text.contains(r#"[ "$DEPLOY_TOKEN" = "$DEPLOY_TOKEN" ]"#),
        "-vv shows the name where the value went: {text}"
    );
}

#[test]
fn json_report_matches_its_schema_and_hides_env_values() {
    let p = Project::new()
        .spec("g", "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\nenv: {SECRET_TOKEN: hunter2-value}\n")
        .script("hooks/g.sh", "#!/bin/sh\n[ -n \"$SECRET_TOKEN\" ] || exit 1\necho blocked >&2\nexit 2\n");
    let (code, report) = p.json("g", &["--bash", "ls"]);
    // Cline reads no exit code, and its result counts (its cwd and shell were captured):
    // the exit-2 guard lets the call through there, so the agents differ.
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["summary"]["flagged"], serde_json::json!(["cline"]));
    assert!(
        !report.to_string().contains("hunter2-value"),
        "an env value leaked: {report}"
    );
    assert_eq!(
        decision(&report, "claude"),
        "block",
        "the hook saw its env: {report}"
    );
    let t = target(&report, "claude");
    for key in [
        "agent",
        "decision",
        "effect",
        "counted",
        "commands",
        "notes",
        "warnings",
        "assumptions",
        "event",
        "async",
    ] {
        assert!(t.get(key).is_some(), "target lacks {key}");
    }
    let schema: serde_json::Value =
        serde_json::from_str(&p.run(&["schema"]).stdout()).expect("schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let errors: Vec<String> = validator
        .iter_errors(&report)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    // The error object of exit status 2 matches it too.
    let run = p.run(&["run", "nope", "--format", "json"]);
    let err: serde_json::Value = serde_json::from_str(&run.stdout()).expect("error JSON");
    assert_eq!(run.code(), 2);
    assert!(
        err["error"]
            .as_str()
            .unwrap_or_default()
            .contains("no hook named `nope`")
    );
    assert!(validator.is_valid(&err));
}

#[test]
fn list_and_tools() {
    let p = guard_project().spec("n", "event: Stop\ncommand: ./x.sh\ntargets: [claude]\n");
    let run = p.run(&["list"]);
    assert_eq!(run.code(), 0);
    assert!(
        run.stdout()
            .contains("g  on: before-tool [shell]  targets: all"),
        "{}",
        run.stdout()
    );
    assert!(
        run.stdout().contains("n  event: Stop  targets: claude"),
        "{}",
        run.stdout()
    );
    let run = p.run(&["tools"]);
    assert!(
        run.stdout()
            .contains("claude (Claude Code), checked 2026-11-30"),
        "{}",
        run.stdout()
    );
    assert!(
        run.stdout()
            // Codex runs /bin/bash -c, not a login shell (captured from 0.171.0): printed from
            // the contract that plans it.
            .contains("shell: /bin/bash -c COMMAND; no exec form"),
        "{}",
        run.stdout()
    );
    let run = p.run(&["tools", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout()).expect("json");
    let ids: Vec<&str> = v["agents"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["agent"].as_str())
        .collect();
    assert_eq!(
        ids,
        hookcheck::tools::ids().collect::<Vec<_>>(),
        "every agent id, in registry order"
    );
    assert!(v["agents"].as_array().is_some_and(|a| {
        a.iter()
            .all(|t| t["sources"].as_array().is_some_and(|s| !s.is_empty()))
    }));
}

#[test]
fn help_has_examples() {
    let run = Project::new().run(&["run", "--help"]);
    assert!(
        run.stdout().contains("hookcheck run protect-files --edit"),
        "{}",
        run.stdout()
    );
}

/// Every agent's verdict, as `agent: decision (effect, counted)` lines, for a snapshot.
fn verdicts(report: &serde_json::Value) -> String {
    report["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            format!(
                "{}: {} ({}, counted: {})",
                t["agent"].as_str().unwrap(),
                t["decision"].as_str().unwrap(),
                t["effect"].as_str().unwrap_or("-"),
                t["counted"]
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_missing_script_is_read_by_each_agents_rules() {
    let p = Project::new().spec(
        "g",
        "on: before-tool\nmatch: shell\ncommand: ./hooks/missing.sh\ntimeout: 10\n",
    );
    let (code, r) = p.json("g", &["--bash", "rm -rf build", "--include-assumed"]);
    assert_eq!(code, 1, "agents disagree on a missing script");
    insta::assert_snapshot!("missing_script_by_agent", verdicts(&r));
}

#[test]
fn a_hook_killed_by_a_signal_is_read_by_each_agents_rules() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/die.sh\ntimeout: 10\n",
        )
        .script("hooks/die.sh", "#!/bin/sh\necho dying >&2\nkill -KILL $$\n");
    let (_, r) = p.json("g", &["--bash", "rm -rf build", "--include-assumed"]);
    // Codex runs /bin/bash -c, which execs the script: the agent sees the signal. (Claude Code
    // runs /bin/sh -c since the shells were captured from the real agents; dash on Debian
    // waits for the script and exits 137, so its result depends on what /bin/sh is.)
    let codex = target(&r, "codex");
    assert_eq!(codex["commands"][0]["signal"], 9, "{r}");
    assert_eq!(codex["commands"][0]["exit_code"], serde_json::Value::Null);
    insta::assert_snapshot!("signal_by_agent", verdicts(&r));
}

/// A hook that signals its process group (`kill 0`) ends only itself under hookcheck, which
/// gives it a group of its own; where the agent keeps its hooks in its own group (captured in
/// fixtures/live/launch), the signal would have ended the agent, so that agent's result rests
/// on an assumption that says so, and counts only with --include-assumed. No other agent's does.
#[test]
fn a_hook_that_signals_its_group_rests_on_an_assumption_where_that_is_the_agents() {
    let p = Project::new().spec(
        "g",
        "on: before-tool\nmatch: shell\ncommand: 'kill -TERM 0; sleep 5'\ntimeout: 10\n",
    );
    let (_, r) = p.json("g", &["--bash", "ls"]);
    let mut with = Vec::new();
    for t in r["agents"].as_array().expect("agents") {
        let id = t["agent"].as_str().expect("id");
        let signal = &t["commands"][0]["signal"];
        let group: Vec<&serde_json::Value> = t["assumptions"]
            .as_array()
            .map(|a| a.iter().filter(|a| a["item"] == "process group").collect())
            .unwrap_or_default();
        match group.as_slice() {
            [] => {}
            [a] => {
                assert_eq!(signal, 15, "{id}: {t}");
                assert_eq!(
                    t["counted"], false,
                    "{id}: an assumed result does not count"
                );
                let name = t["name"].as_str().expect("name");
                assert_eq!(
                    **a,
                    serde_json::json!({
                        "item": "process group",
                        "value": "the hook's own (it died of signal 15)",
                        "reason": format!("{name} runs a hook in its own process group: if the signal was sent to the group (`kill 0`), it reached {name} too and ended the session; hookcheck gives the hook a group of its own"),
                    })
                );
                with.push(id);
            }
            more => panic!("{id}: {more:?}"),
        }
    }
    with.sort_unstable();
    assert_eq!(with, ["cline", "factory", "gemini", "openhands"]);
}

#[test]
fn async_hooks_run_and_are_shown_but_not_judged() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\nasync: true\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\necho 'would block' >&2\nexit 2\n");
    let (code, r) = p.json("g", &["--bash", "ls", "-t", "claude,codex"]);
    assert_eq!(code, 0, "async results are not judged: {r}");
    let t = target(&r, "claude");
    assert_eq!(
        (t["async"].as_bool(), t["counted"].as_bool()),
        (Some(true), Some(false)),
        "{r}"
    );
    assert_eq!(t["commands"][0]["exit_code"], 2, "the hook really ran: {r}");
    let run = p.run(&["run", "g", "--bash", "ls", "-t", "claude", "-v"]);
    assert!(
        run.stdout().contains("claude: block (exit 2"),
        "{}",
        run.stdout()
    );
    assert!(
        run.stdout().contains("async, not judged"),
        "{}",
        run.stdout()
    );
}

#[test]
fn hooks_do_not_see_other_agents_session_variables() {
    // The spec's env reaches the hook too (HOOK_TAG names the file it writes).
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\nenv: {HOOK_TAG: x}\n",
        )
        .script(
            "hooks/g.sh",
            "#!/bin/sh\nenv | cut -d= -f1 | sort > \"env.$HOOK_TAG\"\n",
        );
    let out = p
        .command()
        .args(["run", "g", "--bash", "ls", "-t", "codex"])
        .env("CLAUDECODE", "1")
        .env("CLAUDE_PROJECT_DIR", "/elsewhere")
        .env("GEMINI_CLI", "1")
        .env("KEEP_ME", "1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let keys = std::fs::read_to_string(p.root().join("env.x")).unwrap();
    let keys: Vec<&str> = keys.lines().collect();
    assert!(
        keys.contains(&"KEEP_ME"),
        "the caller's own variables pass through: {keys:?}"
    );
    for gone in ["CLAUDECODE", "CLAUDE_PROJECT_DIR", "GEMINI_CLI"] {
        assert!(
            !keys.contains(&gone),
            "{gone} leaked into a Codex hook: {keys:?}"
        );
    }
}

#[test]
fn agnostic_ai_specs_load_unchanged_from_their_folder() {
    let p = Project::new()
        .file(
            ".agnostic-ai/hooks/guard.yaml",
            "description: from agnostic-ai\non: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let run = p.run(&["list"]);
    assert!(
        run.stdout().contains("guard  on: before-tool [shell]"),
        "{}",
        run.stdout()
    );
    let (code, r) = p.json(
        "guard",
        &["--bash", "rm -rf x", "-t", "claude", "--expect", "block"],
    );
    assert_eq!(code, 0, "{r}");
}

#[test]
fn text_and_json_reports_snapshot() {
    let p = Project::new()
        .spec(
            "rm-guard",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/rm-guard.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/rm-guard.sh",
            "#!/bin/sh\nif grep -q 'rm -rf'; then echo 'guard: no rm -rf here'; exit 2; fi\n",
        );
    let args = [
        "run",
        "rm-guard",
        "--bash",
        "rm -rf build",
        "-t",
        "claude,codex,gemini,cursor",
    ];
    // `-v`: every agent's block (the concise default is pinned in tests/it/text.rs).
    let mut verbose = args.to_vec();
    verbose.push("-v");
    let run = p.run(&verbose);
    assert_eq!(run.code(), 1);
    insta::assert_snapshot!("run_text", stable(&run.stdout(), &p));
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    insta::assert_snapshot!("run_json", stable(&p.run(&json_args).stdout(), &p));
}

#[test]
fn a_flooding_hooks_json_report_keeps_a_mib_as_written_and_counts_the_rest() {
    // 3 MiB of NULs on stdout (six bytes each once escaped), 2 MiB of `x` on stderr (one).
    let p = Project::new()
        .spec(
            "flood",
            "on: before-tool\nmatch: shell\ncommand: ./flood.sh\n",
        )
        .script(
            "flood.sh",
            "#!/bin/sh\nhead -c 3145728 /dev/zero\nhead -c 2097152 /dev/zero | tr '\\0' x >&2\n",
        );
    let (_, report) = p.json("flood", &["--bash", "ls", "-t", "claude"]);
    let cmd = &target(&report, "claude")["commands"][0];
    let nuls = (1 << 20) / 6;
    assert_eq!(cmd["stdout"], "\0".repeat(nuls));
    assert_eq!(cmd["stdout_dropped_bytes"], 3145728 - nuls);
    assert_eq!(cmd["stderr"], "x".repeat(1 << 20));
    assert_eq!(cmd["stderr_dropped_bytes"], 2097152 - (1 << 20));
    let written = serde_json::to_string(&cmd["stdout"]).expect("a string");
    assert!(written.len() - 2 <= 1 << 20, "{} bytes", written.len());
}
