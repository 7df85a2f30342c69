//! `hookcheck test`: cases files, one process, JUnit, GitHub output, JSON and NDJSON.

use crate::common;

use common::Project;

const CASES: &str = "\
cases:
  - name: force push blocked
    hook: push
    bash: git push -f origin main
    expect: block
    targets: [claude, codex]
  - name: reason on stdout
    hook: stdout-guard
    bash: rm -rf /
    expect: {claude: block, codex: block}
    targets: [claude, codex]
";

fn project() -> Project {
    Project::new()
        .spec(
            "push",
            "event: PreToolUse\nmatcher: Bash\ncommand: ./hooks/push.sh\n",
        )
        .script(
            "hooks/push.sh",
            "#!/bin/sh\nif grep -q 'push -f'; then echo 'no force push' >&2; exit 2; fi\n",
        )
        .spec(
            "stdout-guard",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/out.sh\n",
        )
        .script("hooks/out.sh", "#!/bin/sh\necho 'no rm -rf here'\nexit 2\n")
        .file(".hookcheck/cases.yaml", CASES)
}

/// Output with what changes run to run (times, temp paths) replaced.
fn stable(s: &str, p: &Project) -> String {
    let s = s.replace(&p.root().display().to_string(), "[root]");
    let ms = regex::Regex::new(r"\d+ms").unwrap();
    let time = regex::Regex::new(r#"time="[0-9.]+""#).unwrap();
    time.replace_all(&ms.replace_all(&s, "[ms]"), "time=\"[t]\"")
        .into_owned()
}

#[test]
fn text_report_lists_cases_shows_failures_in_full_and_tallies() {
    let p = project();
    let run = p.run(&["test"]);
    assert_eq!(run.code(), 1);
    insta::assert_snapshot!("suite_text", stable(&run.stdout(), &p));
}

#[test]
fn exit_statuses_and_k() {
    let p = project();
    assert_eq!(p.run(&["test", "-k", "force"]).code(), 0);
    assert_eq!(
        p.run(&["test", "-k", "STDOUT"]).code(),
        1,
        "-k is case-insensitive"
    );
    let run = p.run(&["test", "-k", "nothing-matches"]);
    assert_eq!(run.code(), 2);
    assert!(run.stderr().contains("no cases to run"), "{}", run.stderr());
    let p = p.file(
        "broken.yaml",
        "cases:\n  - hook: push\n    bash: ls\n    edit: x\n",
    );
    let run = p.run(&["test", "broken.yaml"]);
    assert_eq!(run.code(), 2);
    assert!(
        common::errors_in_one_line(&run.stderr())
            .contains("broken.yaml:2:1: a case takes at most one trigger"),
        "{}",
        run.stderr()
    );
    let p = p.file("unknown.yaml", "cases:\n  - hook: nope\n    bash: ls\n");
    let run = p.run(&["test", "unknown.yaml"]);
    assert_eq!(
        run.code(),
        2,
        "a case that cannot run makes the suite exit 2"
    );
    assert!(
        run.stdout().contains("ERROR nope ls (unknown.yaml:2)"),
        "{}",
        run.stdout()
    );
    let p = p.file("typo.yaml", "cases:\n  - hook: push\n    bsh: ls\n");
    let run = p.run(&["test", "typo.yaml"]);
    assert_eq!(run.code(), 2);
    assert!(run.stderr().contains("typo.yaml:3:"), "{}", run.stderr());
}

#[test]
fn junit_validates_against_the_junit_schema() {
    if !common::needs(
        "xmllint",
        "to check JUnit XML against its schema",
        "Debian libxml2-utils",
    ) {
        return;
    }
    let p = project();
    let xml = p.root().join("report.xml");
    p.run(&["test", "--junit", xml.to_str().unwrap()]);
    let schema = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/junit/junit.xsd");
    let out = std::process::Command::new("xmllint")
        .args(["--noout", "--schema", schema])
        .arg(&xml)
        .output()
        .expect("run xmllint");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&xml).unwrap();
    insta::assert_snapshot!("suite_junit", stable(&text, &p));
}

#[test]
fn github_annotations_and_step_summary() {
    let p = project();
    let summary = p.root().join("summary.md");
    let out = p
        .command()
        .arg("test")
        .env("GITHUB_ACTIONS", "true")
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let ann = stdout
        .lines()
        .filter(|l| l.starts_with("::error"))
        .collect::<Vec<_>>();
    assert_eq!(
        ann,
        [
            "::error file=.hookcheck/cases.yaml,line=7,title=hookcheck%3A reason on stdout::hook stdout-guard: codex: expected block, got error"
        ]
    );
    insta::assert_snapshot!(
        "suite_step_summary",
        std::fs::read_to_string(&summary).unwrap()
    );
    // `--format github` outside GitHub Actions writes the same summary.
    let elsewhere = p.root().join("elsewhere.md");
    let out = p
        .command()
        .args(["test", "--format", "github"])
        .env_remove("GITHUB_ACTIONS")
        .env("GITHUB_STEP_SUMMARY", &elsewhere)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(&elsewhere).expect("a step summary"),
        std::fs::read_to_string(&summary).unwrap()
    );
}

#[test]
fn json_matches_the_schema_and_ndjson_streams_a_line_per_case_and_agent() {
    let p = project();
    let run = p.run(&["test", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout()).expect("json");
    assert_eq!(
        (
            v["passed"].as_u64(),
            v["failed"].as_u64(),
            v["exit_code"].as_i64()
        ),
        (Some(1), Some(1), Some(1))
    );
    let schema: serde_json::Value = serde_json::from_str(&p.run(&["schema"]).stdout()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");

    let run = p.run(&["test", "--format", "ndjson"]);
    let lines: Vec<serde_json::Value> = run
        .stdout()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 4, "2 cases × 2 agents: {}", run.stdout());
    let failed: Vec<(&str, &str)> = lines
        .iter()
        .filter(|l| l["passed"] == false)
        .map(|l| (l["case"].as_str().unwrap(), l["agent"].as_str().unwrap()))
        .collect();
    assert_eq!(failed, [("reason on stdout", "codex")]);
}

#[test]
fn cases_run_concurrently_in_one_pool() {
    // Each hook waits until all three have started; run one after another, each would time out.
    let wait = "#!/bin/sh\ntouch \"started.$$\"\ni=0\nwhile [ \"$(ls started.* | wc -l)\" -lt 3 ]; do\n  i=$((i+1)); [ $i -gt 200 ] && exit 0\n  sleep 0.05\ndone\necho all-started >&2\nexit 2\n";
    let p = Project::new()
        .spec("w", "event: PreToolUse\ncommand: ./hooks/w.sh\ntimeout: 30\n")
        .script("hooks/w.sh", wait)
        .file(
            "cases.yaml",
            "cases:\n  - {name: a, hook: w, bash: ls, targets: [claude], expect: block}\n  - {name: b, hook: w, bash: ls, targets: [claude], expect: block}\n  - {name: c, hook: w, bash: ls, targets: [claude], expect: block}\n",
        );
    let run = p.run(&["test", "cases.yaml", "--jobs", "3"]);
    assert_eq!(run.code(), 0, "{}", run.stdout());
    assert!(
        run.stdout().contains("3 passed, 0 failed"),
        "{}",
        run.stdout()
    );
}

#[test]
fn completions_and_man_page() {
    let p = Project::new();
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let run = p.run(&["completions", shell]);
        assert_eq!(run.code(), 0, "{shell}");
        assert!(run.stdout().contains("hookcheck"), "{shell}");
    }
    let run = p.run(&["man"]);
    assert!(
        run.stdout().starts_with(".ie") || run.stdout().contains(".TH hookcheck"),
        "{}",
        &run.stdout()[..200.min(run.stdout().len())]
    );
}

#[test]
fn a_terminal_gets_a_progress_line_and_a_pipe_does_not() {
    let p = project();
    // `script` (util-linux) gives hookcheck a pseudo-terminal, as a developer's shell would.
    let bin = env!("CARGO_BIN_EXE_hookcheck");
    let out = std::process::Command::new("script")
        .args(["-qec", &format!("{bin} test -k force"), "/dev/null"])
        .current_dir(p.root())
        .env("NO_COLOR", "1")
        .env("SHELL", "/bin/sh")
        .env("HOME", p.root())
        .output()
        .expect("script (util-linux)");
    let tty = String::from_utf8_lossy(&out.stdout);
    assert!(tty.contains("[1/1] force push blocked"), "{tty}");
    let piped = p.run(&["test", "-k", "force"]);
    assert!(!piped.stderr().contains("[1/1]"), "{}", piped.stderr());
}

#[test]
fn json_keeps_the_first_bytes_of_a_passing_case_and_a_mib_of_a_failing_one() {
    let p = Project::new()
        .spec(
            "flood",
            "on: before-tool\nmatch: shell\ncommand: ./flood.sh\n",
        )
        .script(
            "flood.sh",
            "#!/bin/sh\nhead -c 2097152 /dev/zero | tr '\\0' x >&2\necho 'context'\n",
        )
        .file(
            "cases.yaml",
            "cases:\n  \
             - {name: passes, hook: flood, bash: ls, expect: allow, targets: [claude]}\n  \
             - {name: fails, hook: flood, bash: ls, expect: block, targets: [claude]}\n",
        );
    let run = p.run(&["test", "cases.yaml", "--format", "json"]);
    assert_eq!(run.code(), 1, "{}", run.stderr());
    let v: serde_json::Value = serde_json::from_str(&run.stdout()).expect("JSON");
    let cmd = |i: usize| v["cases"][i]["report"]["agents"][0]["commands"][0].clone();
    let (pass, fail) = (cmd(0), cmd(1));
    assert_eq!(v["cases"][0]["passed"], true);
    assert_eq!(v["cases"][1]["passed"], false);
    // The flood is on stderr: a stdout cut at the capture limit would not be counted.
    assert_eq!(pass["stderr"], "x".repeat(2000));
    assert_eq!(pass["stderr_dropped_bytes"], 2097152 - 2000);
    assert_eq!(fail["stderr"], "x".repeat(1 << 20));
    assert_eq!(fail["stderr_dropped_bytes"], 2097152 - (1 << 20));
    for c in [&pass, &fail] {
        assert_eq!(c["stdout"], "context\n");
        assert_eq!(c["stdout_dropped_bytes"], 0);
    }
}

/// `run` and `test` are one pipeline: each case of the repository's example cases file (the
/// README's) gives the same JSON report through `hookcheck test` as through `hookcheck run`
/// with the same hook, trigger, agents and expectation, but for wall times.
#[test]
fn run_and_test_give_the_same_report_for_every_example_case() {
    if !common::needs("jq", "by the example hooks", "apt-get install jq") {
        return;
    }
    let p = common::example_project();
    let suite = p.run(&["test", "--format", "json"]);
    let suite: serde_json::Value = serde_json::from_str(&suite.stdout()).expect("suite JSON");
    let text = std::fs::read_to_string(p.root().join(".hookcheck/cases.yaml")).expect("cases");
    let file: serde_json::Value = serde_saphyr::from_str(&text).expect("cases YAML");
    let cases = file["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), suite["cases"].as_array().map_or(0, Vec::len));
    // Wall times differ run to run; nothing else may.
    fn timeless(mut v: serde_json::Value) -> serde_json::Value {
        for t in v["agents"].as_array_mut().into_iter().flatten() {
            for c in t["commands"].as_array_mut().into_iter().flatten() {
                c["elapsed_ms"] = 0.into();
            }
        }
        v
    }
    for (case, reported) in cases.iter().zip(suite["cases"].as_array().expect("cases")) {
        let mut args = vec![
            "run".to_string(),
            case["hook"].as_str().expect("hook").into(),
        ];
        for flag in ["bash", "edit", "prompt"] {
            if let Some(v) = case[flag].as_str() {
                args.push(format!("--{flag}"));
                args.push(v.to_string());
            }
        }
        match &case["expect"] {
            serde_json::Value::String(w) => args.extend(["--expect".into(), w.clone()]),
            serde_json::Value::Object(per) => {
                let list: Vec<String> = per
                    .iter()
                    .map(|(a, w)| format!("{a}={}", w.as_str().unwrap_or_default()))
                    .collect();
                args.extend(["--expect".into(), list.join(",")]);
            }
            _ => {}
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, run) = p.json_of(&args);
        assert_eq!(
            timeless(run),
            timeless(reported["report"].clone()),
            "{}: `hookcheck {}` and `hookcheck test` differ",
            case["name"],
            args.join(" ")
        );
    }
}

/// Copilot CLI and OpenHands run an event's hooks in order and none after one that blocks
/// (fixtures/live/multi/observations/multi-block-trace--*.json); Claude Code starts them all.
/// The second hook leaves a file: under `run` and in a suite, it is left only where the agent
/// would have run it, and the suite's cases finish (a hook never started counts as done).
#[test]
fn a_block_stops_the_next_hook_only_where_the_agent_runs_them_in_order() {
    let p = Project::new()
        .file(".git/HEAD", "ref: refs/heads/main\n")
        .spec(
            "two",
            "on: before-tool\nmatch: shell\ncommand: [\"echo no >&2; exit 2\", \"touch second-ran\"]\ntimeout: 10\n",
        );
    let ran = p.root().join("second-ran");
    // Said so in the text, with the recording it comes from.
    let text = common::stable(
        &p.run(&["run", "two", "--bash", "ls", "-t", "copilot", "-v"])
            .stdout(),
        &p,
    );
    let said: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  command:") || l.starts_with("    note: not run"))
        .collect();
    assert_eq!(
        said,
        [
            "  command: echo no >&2; exit 2 → block (exit 2, [ms])",
            "  command: touch second-ran → not run",
            "    note: not run: an earlier hook on preToolUse stopped the action, and Copilot CLI runs none after it (real agent: Copilot CLI 1.0.102, fixtures/live/multi/observations/multi-block-trace--copilot.json)",
        ],
        "{text}"
    );
    let _ = std::fs::remove_file(&ran);
    for (agent, second) in [("copilot", false), ("openhands", false), ("claude", true)] {
        let run = p.run(&[
            "run", "two", "--bash", "ls", "-t", agent, "--format", "json",
        ]);
        let v: serde_json::Value = serde_json::from_str(&run.stdout()).expect("json");
        let commands = &v["agents"][0]["commands"];
        assert_eq!(commands[0]["decision"], "block", "{agent}: {v}");
        let want = if second { "allow" } else { "not run" };
        assert_eq!(commands[1]["decision"], want, "{agent}: {v}");
        assert_eq!(ran.exists(), second, "{agent}");
        let _ = std::fs::remove_file(&ran);
        let cases = format!(
            "cases:\n  - {{name: a, hook: two, bash: \"ls\", expect: block, targets: [{agent}]}}\n  - {{name: b, hook: two, bash: \"ls x\", expect: block, targets: [{agent}]}}\n"
        );
        std::fs::write(p.root().join("cases.yaml"), cases).expect("cases");
        let suite = p.run(&["test", "cases.yaml"]);
        assert_eq!(suite.code(), 0, "{agent}: {}", suite.stdout());
        assert_eq!(ran.exists(), second, "{agent} in a suite");
        let _ = std::fs::remove_file(&ran);
    }
}
