//! Bad input gets a message for people and exit status 2, never a panic and never a silent
//! pass; verdicts do not hang on luck or size.

use crate::common;

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use common::{Project, decision, guard, guard_project, target};

#[test]
fn jobs_out_of_range_is_a_usage_error_for_run_and_test() {
    let p = guard_project().file(
        ".hookcheck/cases.yaml",
        "cases:\n  - name: c\n    hook: g\n    bash: ls\n    expect: allow\n",
    );
    let cases = [
        (
            "0",
            "error: invalid value '0' for '--jobs <N>': at least one hook must be able to run: use 1 to 1024\n",
        ),
        (
            "1025",
            "error: invalid value '1025' for '--jobs <N>': more than 1024 hooks at once is not supported: use 1 to 1024\n",
        ),
        (
            "4611686018427387905",
            "error: invalid value '4611686018427387905' for '--jobs <N>': more than 1024 hooks at once is not supported: use 1 to 1024\n",
        ),
        (
            "99999999999999999999999999999999999999",
            "error: invalid value '99999999999999999999999999999999999999' for '--jobs <N>': more than 1024 hooks at once is not supported: use 1 to 1024\n",
        ),
        (
            "-3",
            "error: invalid value '-3' for '--jobs <N>': `-3` is not a whole number: use 1 to 1024\n",
        ),
    ];
    for (n, want) in cases {
        let jobs = format!("--jobs={n}");
        for args in [
            vec!["run", "g", "--bash", "ls", jobs.as_str()],
            vec!["test", jobs.as_str()],
        ] {
            let run = p.run(&args);
            assert_eq!(run.code(), 2, "{args:?}: {}", run.stderr());
            assert_eq!(
                run.stderr(),
                format!("{want}\nFor more information, try '--help'.\n"),
                "{args:?}"
            );
        }
    }
    // The bound itself is fine.
    let run = p.run(&["run", "g", "--bash", "ls", "--jobs", "1024", "-t", "claude"]);
    assert_eq!(run.code(), 0, "{}", run.stderr());
}

#[test]
fn edit_with_a_non_utf8_path_runs_every_agent_without_a_panic() {
    let p = Project::new()
        .spec(
            "e",
            "on: before-tool\nmatch: edit\ncommand: ./hooks/e.sh\ntimeout: 10\n",
        )
        .script("hooks/e.sh", &guard("secret"));
    let path = OsStr::from_bytes(b"secret-\xff\xfe.txt");
    let output = p
        .command()
        .args(["run", "e", "--format", "json", "--edit"])
        .arg(path)
        .output()
        .expect("run hookcheck");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {stderr}"));
    // Cline reads no exit code (and counts): the guard's exit 2 lets the edit through there.
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert_eq!(report["summary"]["flagged"], serde_json::json!(["cline"]));
    // The agents that build an edit input carry the path lossily, and the guard still sees it
    // (Cline never reads the exit code: its guard's exit 2 shows the path reached it).
    for id in ["claude", "qoder"] {
        assert_eq!(
            decision(&report, id),
            "block",
            "{id}: {}",
            target(&report, id)
        );
    }
    assert_eq!(
        target(&report, "cline")["commands"][0]["exit_code"],
        2,
        "{}",
        target(&report, "cline")
    );
}

/// Output with what changes run to run (times, temp paths) replaced.
fn stable(s: &str, p: &Project) -> String {
    let s = s.replace(&p.root().display().to_string(), "[root]");
    let ms = regex::Regex::new(r"\d+ms").expect("a valid pattern");
    ms.replace_all(&s, "[ms]").into_owned()
}

/// Runs `hookcheck ARGS` as a GitHub Actions step; its stdout and exit status.
fn in_github_step(p: &Project, args: &[&str]) -> (String, Option<i32>) {
    let out = p
        .command()
        .args(args)
        .env("GITHUB_ACTIONS", "true")
        .env("GITHUB_STEP_SUMMARY", p.root().join("summary.md"))
        .output()
        .expect("run hookcheck");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

/// The lines the runner would read as workflow commands (it splits at CR too).
fn workflow_commands(stdout: &str) -> Vec<&str> {
    stdout
        .split(['\n', '\r'])
        .filter(|l| l.trim_start().starts_with("::") || l.contains("##["))
        .collect()
}

#[test]
fn hook_output_never_becomes_a_github_workflow_command() {
    let p = Project::new()
        .spec(
            "forge",
            "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/forge.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/forge.sh",
            "#!/bin/sh\nprintf '::error file=x::forged\\n  ::stop-commands::abc\\r::add-mask::m\\nold ##[error]x\\n' >&2\nexit 0\n",
        )
        .file(
            ".hookcheck/cases.yaml",
            "cases:\n  - name: forged\n    hook: forge\n    bash: ls\n    expect: block\n    targets: [claude]\n",
        );
    let (stdout, code) = in_github_step(&p, &["test", "--format", "github"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        workflow_commands(&stdout),
        [
            "::error file=.hookcheck/cases.yaml,line=2,title=hookcheck%3A forged::hook forge: claude: expected block, got allow"
        ]
    );
    insta::assert_snapshot!("github_output_neutralised", stable(&stdout, &p));
    assert!(
        !std::fs::read_to_string(p.root().join("summary.md"))
            .expect("a step summary")
            .contains("::"),
        "the step summary holds no hook output"
    );

    // `run` in a GitHub step: the same, and its JSON keeps the data while the runner sees none.
    let (stdout, _) = in_github_step(
        &p,
        &[
            "run", "forge", "--bash", "ls", "-t", "claude", "--expect", "block",
        ],
    );
    assert_eq!(
        workflow_commands(&stable(&stdout, &p)),
        [
            "::error file=[root]/.hookcheck/hooks/forge.yaml,line=1,title=hookcheck%3A forge::hook forge: claude: expected block, got allow"
        ],
        "{stdout}"
    );
    let args = [
        "run", "forge", "--bash", "ls", "-t", "claude", "--format", "json",
    ];
    let (stdout, _) = in_github_step(&p, &args);
    assert_eq!(workflow_commands(&stdout), Vec::<&str>::new());
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(
        target(&report, "claude")["commands"][0]["stderr"],
        "::error file=x::forged\n  ::stop-commands::abc\r::add-mask::m\nold ##[error]x\n"
    );
}

#[test]
fn a_timeout_of_zero_or_less_is_a_spec_error_unless_every_target_says_what_0_means() {
    let help = "help: write a number of seconds from 1 up, or leave `timeout` out for each agent's default (only Kiro, Crush, Spettro say what 0 means: list only them in `targets` to keep 0)";
    let p = Project::new()
        .spec("zero", "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/g.sh\ntimeout: 0\n")
        .spec("neg", "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/g.sh\ntimeout:  -5\n")
        .spec(
            "documented-zero",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\ntimeout: 0\ntargets: [crush, spettro]\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let root = p.root().display().to_string();
    let run = p.run(&["run", "zero", "--bash", "ls"]);
    assert_eq!(run.code(), 2);
    assert_eq!(
        run.stderr(),
        format!(
            "error: `timeout: 0` is no time limit hookcheck can run: an agent that does not say what 0 means stops the hook at once or never, and the verdict changes run to run
 --> {root}/.hookcheck/hooks/zero.yaml:4:10
  |
4 | timeout: 0
  |          ^
  |
{help}\n"
        )
    );
    let run = p.run(&["run", "neg", "--bash", "ls"]);
    assert_eq!(run.code(), 2);
    assert_eq!(
        run.stderr(),
        format!(
            "error: `timeout: -5` is negative: a timeout is a number of seconds
 --> {root}/.hookcheck/hooks/neg.yaml:4:11
  |
4 | timeout:  -5
  |           ^^
  |
{help}\n"
        )
    );
    // Crush and Spettro say 0 is their default: for them 0 is taken.
    let (code, report) = p.json(
        "documented-zero",
        &["--bash", "rm -rf x", "--expect", "block"],
    );
    assert_eq!(code, 0, "{report}");
    assert_eq!(
        (decision(&report, "crush"), decision(&report, "spettro")),
        ("block".to_string(), "block".to_string()),
        "{report}"
    );
}

#[test]
fn a_native_timeout_of_zero_is_a_lint_finding_and_never_run() {
    let p = Project::new().script("hooks/g.sh", &guard("rm -rf")).file(
        ".claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./hooks/g.sh", "timeout": 0}]}]}}"#,
    );
    let run = p.run(&["lint", "--format", "json"]);
    let findings: serde_json::Value = serde_json::from_str(&run.stdout()).expect("JSON");
    let zero: Vec<&serde_json::Value> = findings["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["rule"] == "timeout-zero")
        .collect();
    assert_eq!(
        zero,
        [&serde_json::json!({
            "severity": "warning", "rule": "timeout-zero", "agent": "claude",
            "file": ".claude/settings.json", "line": 1,
            "message": "timeout 0: Claude Code does not say what 0 means, so the hook may be stopped at once or never",
            "fix": "write a timeout of 1 s or more, or leave it out for the default",
        })]
    );
    // The same run every time: not run, with the reason, never allow one time and timeout the next.
    for _ in 0..3 {
        let run = p.run(&[
            "run",
            "--installed",
            "--bash",
            "rm -rf x",
            "-t",
            "claude",
            "--format",
            "json",
        ]);
        let report: serde_json::Value = serde_json::from_str(&run.stdout()).expect("JSON");
        let t = target(&report, "claude");
        assert_eq!(t["decision"], "not run", "{t}");
        assert_eq!(
            t["reason"],
            ".claude/settings.json:1: timeout 0: Claude Code does not say what 0 means, so the verdict would change run to run (fixable: write a timeout above 0, or leave it out for the default)",
            "{t}"
        );
    }
}

#[test]
fn a_reply_cut_at_the_capture_limit_is_not_counted_and_says_so() {
    // A valid JSON reply of 5 MiB + 32 bytes that blocks: cut at the 4 MiB hookcheck reads it
    // would read as "not valid JSON" (allow).
    let p = Project::new()
        .spec(
            "big",
            "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/big.sh\ntimeout: 20\ntargets: [claude]\n",
        )
        .script(
            "hooks/big.sh",
            "#!/bin/sh\nprintf '{\"decision\":\"block\",\"reason\":\"'\nhead -c 5242880 /dev/zero | tr '\\0' a\nprintf '\"}'\n",
        );
    let (code, report) = p.json("big", &["--bash", "ls", "--expect", "allow"]);
    let t = target(&report, "claude");
    assert_eq!(t["counted"], false, "{t}");
    let c = &t["commands"][0];
    assert_eq!(
        (c["counted"].clone(), c["stdout_dropped_bytes"].clone()),
        // The report keeps 1 MiB as JSON writes it: the reply's 7 quotes take 2 bytes each.
        (false.into(), 4_194_343.into()),
        "{c}"
    );
    assert_eq!(
        c["notes"].as_array().and_then(|n| n.last()),
        Some(&serde_json::json!(
            "stdout over 4 MiB was cut (1048608 bytes dropped): hookcheck cannot read the reply as Claude Code would, so this result is not counted"
        )),
        "{c}"
    );
    // Nothing counted is left to compare: that is not a pass.
    assert_ne!(code, 0, "{}", report["summary"]);
}

#[test]
fn a_matcher_that_runs_out_of_its_budget_is_its_own_result() {
    let p = Project::new()
        .spec(
            "evil",
            "event: PreToolUse\nmatcher: (a+)+$\ncommand: ./hooks/g.sh\ntimeout: 10\ntargets: [claude]\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"))
        .file(
            "payload.json",
            &format!(r#"{{"tool_name": "{}!", "tool_input": {{}}}}"#, "a".repeat(40)),
        );
    // Before, the budget hit read as "does not match": allow, and `--expect allow` passed.
    let (code, report) = p.json("evil", &["--payload", "payload.json", "--expect", "allow"]);
    let t = target(&report, "claude");
    assert_eq!(t["decision"], "not run", "{t}");
    assert_eq!(
        t["reason"],
        format!(
            "matcher \"(a+)+$\" ran past hookcheck's 250 ms match budget on \"{}!\" (catastrophic backtracking): Claude Code may hang or give up here, so whether it matches is unknown",
            "a".repeat(40)
        ),
        "{t}"
    );
    assert_eq!(
        (code, &report["summary"]["failures"]),
        (
            1,
            &serde_json::json!(["nothing was counted: no tool gave a result --expect can check"])
        ),
        "{}",
        report["summary"]
    );
}

#[test]
fn an_event_no_agent_knows_is_a_spec_error_with_did_you_mean() {
    let p = Project::new()
        .spec(
            "typo",
            "event: PreToolUze\nmatcher: Bash\ncommand: ./x.sh\n",
        )
        .spec("number", "event: 5\ncommand: ./x.sh\n")
        .spec("badon", "on: befor-tool\ncommand: ./x.sh\n");
    let root = p.root().display().to_string();
    let cases = [
        (
            "typo",
            format!(
                "error: `event: PreToolUze` is not an event of any agent
 --> {root}/.hookcheck/hooks/typo.yaml:1:8
  |
1 | event: PreToolUze
  |        ^^^^^^^^^^
  |
help: did you mean `PreToolUse`? (`hookcheck tools` lists each agent's events)\n"
            ),
        ),
        (
            "number",
            format!(
                "error: `event: 5` is not an event of any agent
 --> {root}/.hookcheck/hooks/number.yaml:1:8
  |
1 | event: 5
  |        ^
  |
help: name an event as an agent spells it (`hookcheck tools` lists each agent's events), or write `on:` (portable form, e.g. `on: before-tool`)\n"
            ),
        ),
        (
            "badon",
            format!(
                "error: `on: befor-tool` is not a portable event: did you mean `before-tool`? use one of session-start, prompt-submit, before-tool, after-tool, after-edit, stop, session-end
 --> {root}/.hookcheck/hooks/badon.yaml:1:1
  |
1 | on: befor-tool
  | ^^^^^^^^^^^^^^\n"
            ),
        ),
    ];
    for (name, want) in cases {
        let run = p.run(&["run", name, "--bash", "ls"]);
        assert_eq!((run.code(), run.stderr()), (2, want), "{name}");
    }
}

#[test]
fn an_empty_target_or_expectation_is_a_usage_error() {
    let p = guard_project();
    let run = p.run(&["run", "g", "--bash", "ls", "-t", ""]);
    assert_eq!(
        (run.code(), run.stderr()),
        (2, "error: -t: an empty tool name checks nothing: name a tool, e.g. `-t claude`, or leave -t out for every tool (the tools are claude, codex, gemini, qwen, cursor, copilot, kiro, cline, windsurf, windsurf-cascade, vscode, factory, qoder, trae, openhands, goose, augment, crush, antigravity, spettro, opencode, kilo, zed, pi)\n".to_string())
    );
    for expect in ["", " ", "block,"] {
        let run = p.run(&["run", "g", "--bash", "ls", "--expect", expect]);
        assert_eq!(
            (run.code(), run.stderr()),
            (
                2,
                format!(
                    "error: --expect `{expect}`: an empty expectation checks nothing: write a decision (allow, block, error, timeout, not-run) or tool=decision, e.g. `--expect block` or `--expect claude=block`\n"
                )
            ),
            "{expect:?}"
        );
    }
}

#[test]
fn a_hook_file_the_agent_cannot_read_is_named_not_skipped() {
    let p = Project::new()
        .script("hooks/g.sh", &guard("rm -rf"))
        .file(".gemini/settings.json/keep", "");
    // Codex (Rust) refuses a file that is not UTF-8; Node-based agents decode it lossily
    // (tests/it/corpus.rs, latin1-settings).
    std::fs::create_dir_all(p.root().join(".codex")).expect("mkdir");
    std::fs::write(p.root().join(".codex/hooks.json"), b"{\"hooks\": \xff}").expect("write");
    std::fs::create_dir_all(p.root().join(".cursor")).expect("mkdir");
    std::os::unix::fs::symlink("hooks.json", p.root().join(".cursor/hooks.json"))
        .expect("symlink loop");
    let want = [
        (
            ".codex/hooks.json",
            "not UTF-8 text (invalid byte at offset 10); Codex loads no hooks from it",
        ),
        (
            ".gemini/settings.json",
            "a folder, not a file; Gemini CLI loads no hooks from it",
        ),
    ];
    let run = p.run(&["lint", "--format", "json"]);
    let findings: serde_json::Value = serde_json::from_str(&run.stdout()).expect("JSON");
    let unreadable: Vec<(String, String)> = findings["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["rule"] == "unreadable-file")
        .map(|f| {
            (
                f["file"].as_str().unwrap_or_default().to_string(),
                f["message"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(run.code(), 1, "{findings}");
    let mut all: Vec<(String, String)> = want
        .iter()
        .map(|(f, m)| (f.to_string(), m.to_string()))
        .collect();
    all.push((
        ".cursor/hooks.json".into(),
        "cannot read it: Too many levels of symbolic links (os error 40); Cursor loads no hooks from it".into(),
    ));
    assert_eq!(unreadable, all);
    // list --installed names them, and so does run --installed, as warnings.
    let run = p.run(&["list", "--installed", "--format", "json"]);
    assert_eq!(run.code(), 1);
    let listed: serde_json::Value = serde_json::from_str(&run.stdout()).expect("JSON");
    let files: Vec<&str> = listed["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["file"].as_str())
        .collect();
    assert_eq!(
        files,
        [
            ".codex/hooks.json",
            ".gemini/settings.json",
            ".cursor/hooks.json"
        ]
    );
    let args = ["run", "--installed", "--bash", "ls", "-t", "codex,gemini"];
    let (_, report) = {
        let run = p.run(&[&args[..], &["--format", "json"]].concat());
        let v: serde_json::Value = serde_json::from_str(&run.stdout()).expect("JSON");
        (run.code(), v)
    };
    assert_eq!(
        (
            &target(&report, "codex")["warnings"],
            &target(&report, "gemini")["warnings"]
        ),
        (
            &serde_json::json!([
                ".codex/hooks.json: not UTF-8 text (invalid byte at offset 10); Codex loads no hooks from it"
            ]),
            &serde_json::json!([
                ".gemini/settings.json: a folder, not a file; Gemini CLI loads no hooks from it"
            ]),
        )
    );
}

/// An extension block is `x-` and an agent's id, read only by that agent; one that names no
/// agent is an error, not a block nobody reads.
#[test]
fn an_extension_block_must_name_an_agent() {
    let p = Project::new()
        .spec(
            "ok",
            "event: PreToolUse\ncommand: ./h.sh\nx-goose:\n  on_failure: block\n",
        )
        .spec(
            "typo",
            "event: PreToolUse\ncommand: ./h.sh\nx-goos:\n  on_failure: block\n",
        )
        .script("h.sh", "#!/bin/sh\nexit 0\n");
    let run = p.run(&["run", "ok", "--bash", "ls", "-t", "goose"]);
    assert_eq!(run.code(), 0, "{}{}", run.stdout(), run.stderr());
    let run = p.run(&["run", "typo", "--bash", "ls", "-t", "goose"]);
    assert_eq!(run.code(), 2);
    let root = p.root().display().to_string();
    assert_eq!(
        run.stderr().replace(&root, "[root]"),
        "error: `x-goos` names no agent, so no agent reads it\n --> [root]/.hookcheck/hooks/typo.yaml:3:1\n  |\n3 | x-goos:\n  | ^^^^^^\n  |\nhelp: did you mean `x-goose`?\n"
    );
}

#[test]
fn every_transcript_an_input_names_is_a_file_that_goes_with_hookcheck() {
    // A hook that reads the session's transcript failed only under hookcheck, where the path
    // named no file (tests/it repos Archival-Memory--hooks, defect 20).
    let reader = r#"#!/bin/sh
path=$(sed -n 's/.*"transcript_\{0,1\}[pP]ath":"\([^"]*\)".*/\1/p')
[ -n "$path" ] || { echo "no transcript named" >&2; exit 2; }
[ -f "$path" ] || { echo "no file at $path" >&2; exit 2; }
echo "$path" >> transcripts.txt
"#;
    let agents = "claude,codex,gemini,qwen,qoder,factory,vscode,antigravity";
    let p = Project::new()
        .spec(
            "t",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/t.sh\ntimeout: 10\n",
        )
        .script("hooks/t.sh", reader);
    let (_, report) = p.json("t", &["--bash", "ls", "-t", agents, "--include-assumed"]);
    let decided: Vec<String> = agents
        .split(',')
        .map(|a| format!("{a}={}", target(&report, a)["commands"][0]["exit_code"]))
        .collect();
    // Exit 0: each found its transcript (exit 2 says what it did not find).
    assert_eq!(
        decided.join(" "),
        "claude=0 codex=0 gemini=0 qwen=0 qoder=0 factory=0 vscode=0 antigravity=0",
        "{report}"
    );
    let named = std::fs::read_to_string(p.root().join("transcripts.txt")).expect("hooks ran");
    let paths: Vec<&str> = named.lines().collect();
    assert_eq!(paths.len(), 8, "{named}");
    for path in paths {
        // In hookcheck's own folder for the run, never the user's home, and gone with it.
        assert!(
            path.contains("/hookcheck-") && !path.contains(".test-home"),
            "{path}"
        );
        assert!(
            !std::path::Path::new(path).exists(),
            "{path} outlived hookcheck"
        );
    }
}

/// The run's transcript folder goes in the user's runtime folder (`$XDG_RUNTIME_DIR`, private
/// and in memory) when there is one, made private to the user (0700), and goes with hookcheck.
#[test]
fn the_transcript_folder_is_private_and_in_the_runtime_folder() {
    let runtime = tempfile::tempdir().expect("runtime dir");
    let reader = r#"#!/bin/sh
path=$(sed -n 's/.*"transcript_path":"\([^"]*\)".*/\1/p')
top=${path%%-transcripts/*}-transcripts
stat -c '%a' "$top" > mode.txt
echo "$top" > top.txt
"#;
    let p = Project::new()
        .spec(
            "t",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/t.sh\ntimeout: 10\n",
        )
        .script("hooks/t.sh", reader);
    let run = p
        .command()
        .args(["run", "t", "--bash", "ls", "-t", "claude"])
        .env("XDG_RUNTIME_DIR", runtime.path())
        .output()
        .expect("run");
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let read = |f: &str| std::fs::read_to_string(p.root().join(f)).expect(f);
    assert_eq!(read("mode.txt"), "700\n");
    let top = read("top.txt");
    let top = std::path::Path::new(top.trim());
    assert_eq!(top.parent(), Some(runtime.path()), "{}", top.display());
    assert!(!top.exists(), "{} outlived hookcheck", top.display());
}
