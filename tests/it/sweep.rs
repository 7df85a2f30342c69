//! `hookcheck sweep`: the four ways real guards fail in the field, each written here in the
//! shape the issue describes, must come out as the right finding on the right agents; a
//! portable guard sweeps clean.

use crate::common;

use common::{Project, needs};

fn sweep(p: &Project, hook: &str, targets: &str) -> (i32, String) {
    let run = p.run(&["sweep", hook, "-t", targets]);
    assert_eq!(run.stderr(), "", "sweep {hook} wrote to stderr");
    (run.code(), run.stdout())
}

fn findings(p: &Project, hook: &str, targets: &str) -> Vec<(String, String)> {
    findings_of(&sweep_json(p, &[hook, "-t", targets]))
}

fn sweep_json(p: &Project, args: &[&str]) -> serde_json::Value {
    let run = p.run(&[&["sweep", "--format", "json"], args].concat());
    serde_json::from_str(&run.stdout()).expect("sweep json")
}

fn findings_of(v: &serde_json::Value) -> Vec<(String, String)> {
    v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            (
                f["kind"].as_str().unwrap_or_default().to_string(),
                f["agent"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// A project whose spec `name` runs `./hooks/<name>.sh` (holding `script`) before each shell
/// call.
fn shell_guard(name: &str, script: &str) -> Project {
    Project::new()
        .spec(
            name,
            &format!("on: before-tool\nmatch: shell\ncommand: ./hooks/{name}.sh\ntimeout: 10\n"),
        )
        .script(&format!("hooks/{name}.sh"), script)
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, a)| (k.to_string(), a.to_string()))
        .collect()
}

/// A guard written against Claude Code's payload: it reads `permission_mode`, which only Claude
/// Code sends, and crashes with exit 1 elsewhere, where the agent goes ahead.
#[test]
fn a_python_guard_that_assumes_claude_fields_fails_open_elsewhere() {
    if !needs(
        "python3",
        "to run a Python guard",
        "apt-get install python3",
    ) {
        return;
    }
    let p = Project::new()
        .spec(
            "py-guard",
            "on: before-tool\nmatch: shell\ncommand: python3 hooks/py_guard.py\ntimeout: 10\n",
        )
        .file(
            "hooks/py_guard.py",
            "import json, sys\n\
             d = json.load(sys.stdin)\n\
             mode = d[\"permission_mode\"]  # Claude Code sends it\n\
             cmd = d[\"tool_input\"][\"command\"]\n\
             if \"push --force\" in cmd or \"rm -rf\" in cmd:\n\
             \x20   print(f\"blocked ({mode})\", file=sys.stderr)\n\
             \x20   sys.exit(2)\n",
        );
    let (code, text) = sweep(&p, "py-guard", "claude,gemini");
    assert_eq!(code, 1, "{text}");
    insta::assert_snapshot!("sweep_python_guard", text);
    assert_eq!(
        findings(&p, "py-guard", "claude,gemini"),
        pairs(&[
            ("fails-open", "gemini"),
            ("fails-open", "gemini"),
            ("fails-open", "gemini")
        ])
    );
}

/// A guard that calls a program that is not installed: exit 127 blocks every call on Gemini
/// CLI (fails closed) and lets every call through on Claude Code (fails open).
#[test]
fn a_guard_calling_a_missing_program_fails_closed_on_gemini_and_open_on_claude() {
    let p = shell_guard(
        "policy",
        "#!/bin/sh\nhookcheck-policy-check-not-installed \"$(cat)\"\n",
    );
    let (code, text) = sweep(&p, "policy", "claude,gemini");
    assert_eq!(code, 1, "{text}");
    insta::assert_snapshot!("sweep_missing_program", text);
    assert_eq!(
        findings(&p, "policy", "claude,gemini"),
        pairs(&[
            ("fails-open", "claude"),
            ("fails-open", "claude"),
            ("fails-open", "claude"),
            ("fails-closed", "gemini"),
        ])
    );
}

/// A Stop hook that exits 2 every time: the agent never stops, and the finding says so, not
/// that it "blocks every call" of an empty sample (defect 29 of fixtures/repos/README.md).
#[test]
fn a_stop_hook_that_always_blocks_keeps_the_agent_from_stopping() {
    let p = Project::new()
        .spec("gate", "on: stop\ncommand: ./hooks/gate.sh\ntimeout: 10\n")
        .script(
            "hooks/gate.sh",
            "#!/bin/sh\necho 'tests first' >&2\nexit 2\n",
        );
    let (_, text) = sweep(&p, "gate", "claude");
    assert!(
        text.contains(
            "fails-closed: Claude Code never lets the agent stop: it blocks every Stop (exit 2: tests first)"
        ),
        "{text}"
    );
    assert!(!text.contains("``"), "{text}");
}

/// A file guard whose matcher names only the shell: it stops `echo ... > .env`, but the
/// agent's edit tools write `.env` without the hook ever running.
#[test]
fn a_shell_only_file_guard_has_a_blind_spot_on_edit_tools() {
    let p = Project::new()
        .spec(
            "env-guard",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/env.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/env.sh",
            "#!/bin/sh\nif grep -q '[.]env'; then echo 'not .env' >&2; exit 2; fi\nexit 0\n",
        );
    let (code, text) = sweep(&p, "env-guard", "claude,gemini");
    // A blind spot is reported, not failed on: the guard does what it says on the shell.
    assert_eq!(code, 0, "{text}");
    insta::assert_snapshot!("sweep_shell_only", text);
    assert_eq!(
        findings(&p, "env-guard", "claude,gemini"),
        pairs(&[("blind-spot", "claude"), ("blind-spot", "gemini")])
    );
}

#[test]
fn the_markdown_grid_is_for_a_step_summary() {
    let p = Project::new()
        .spec(
            "policy",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/policy.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/policy.sh",
            "#!/bin/sh\nhookcheck-policy-check-not-installed \"$(cat)\"\n",
        );
    let run = p.run(&[
        "sweep",
        "policy",
        "-t",
        "claude,gemini",
        "--format",
        "markdown",
    ]);
    assert_eq!(run.code(), 1);
    insta::assert_snapshot!("sweep_markdown", run.stdout());
}

#[test]
fn bad_arguments_are_usage_errors() {
    let p = common::guard_project();
    for (args, want) in [
        (
            vec!["sweep", "g", "--allow", "nope"],
            "error: `--allow nope`: no such finding kind (the kinds are fails-open, fails-closed, inconsistent, blind-spot, uncounted, undecided, not-run-fixable)\n",
        ),
        (
            vec!["sweep", "g", "--sample", "shell:ls"],
            "error: `shell` is not a sample kind: use bash, edit or prompt\n",
        ),
        (
            vec!["sweep", "--installed", "-t", "codex"],
            "error: no agent asked for has a hook in the hook files it reads here\n\
             help: `hookcheck list --installed` shows the files each agent reads\n",
        ),
    ] {
        let run = p.run(&args);
        assert_eq!((run.code(), run.stderr().as_str()), (2, want), "{args:?}");
    }
}

/// The repository's own portable guard sweeps clean: every agent whose result is firm blocks
/// the force push and lets everything else through.
#[test]
fn the_example_guard_sweeps_clean() {
    if !needs("jq", "by the example guard", "apt-get install jq") {
        return;
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let home = tempfile::tempdir().expect("temp home");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hookcheck"))
        .args(["sweep", "no-force-push"])
        .current_dir(root)
        .env("NO_COLOR", "1")
        .env("HOME", home.path())
        .env("SHELL", "/bin/sh")
        .env_remove("GITHUB_ACTIONS")
        .output()
        .expect("run hookcheck");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    insta::assert_snapshot!("sweep_example_guard", text);
}

/// A file guard written against one agent's field (`tool_input.file_path`) lets every edit
/// through on an agent that sends the path elsewhere (Spettro: `tool_args.path`): the same
/// sample is blocked on one and allowed on the other, and the help says where each puts it.
#[test]
fn a_guard_reading_one_agents_field_is_inconsistent_where_the_field_is_elsewhere() {
    if !needs("jq", "by the field-reading guard", "apt-get install jq") {
        return;
    }
    let p = Project::new()
        .spec(
            "env-file",
            "on: before-tool\nmatch: edit\ncommand: ./hooks/env-file.sh\ntimeout: 10\n",
        )
        .script(
            "hooks/env-file.sh",
            "#!/bin/sh\n\
             path=$(jq -r '.tool_input.file_path // empty')\n\
             case \"$path\" in *.env) echo 'not .env' >&2; exit 2;; esac\n\
             exit 0\n",
        );
    let run = p.run(&[
        "sweep",
        "env-file",
        "-t",
        "claude,spettro",
        "--format",
        "json",
    ]);
    assert_eq!(run.code(), 1, "{}", run.stdout());
    let v: serde_json::Value = serde_json::from_str(&run.stdout()).expect("sweep json");
    let found: Vec<(String, String, String)> = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            let s = |k: &str| f[k].as_str().unwrap_or_default().to_string();
            (s("kind"), s("agent"), s("help"))
        })
        .collect();
    assert_eq!(
        found,
        vec![(
            "inconsistent".to_string(),
            "spettro".to_string(),
            "Spettro sends the file path at `tool_args.path` (tool `file-write`), Claude Code at `tool_input.file_path` (tool `Write`): read both"
                .to_string()
        )]
    );
}

/// `sweep --installed` sweeps what the agents' own files run: a guard committed in Claude
/// Code's settings, which Devin CLI also loads, never fires there (its shell tool is `exec`,
/// the matcher says `Bash`); a Python guard in Gemini CLI's settings that reads a field only
/// Claude Code sends crashes on Gemini's payload and fails open.
#[test]
fn sweep_installed_judges_the_agents_own_hook_files() {
    if !needs(
        "python3",
        "to run a Python guard",
        "apt-get install python3",
    ) {
        return;
    }
    let p = Project::new()
        .script(
            "hooks/guard.sh",
            "#!/bin/sh\ncmd=$(jq -r '.tool_input.command // empty')\n\
             case \"$cmd\" in *'push --force'*|*'rm -rf'*) echo \"blocked: $cmd\" >&2; exit 2;; esac\n",
        )
        .file(
            ".claude/settings.json",
            r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./hooks/guard.sh"}]}]}}"#,
        )
        .file(
            "hooks/py_guard.py",
            "import json, sys\n\
             d = json.load(sys.stdin)\n\
             mode = d[\"permission_mode\"]\n\
             if \"rm -rf\" in d[\"tool_input\"][\"command\"]:\n\
             \x20   sys.exit(2)\n",
        )
        .file(
            ".gemini/settings.json",
            r#"{"hooks":{"BeforeTool":[{"matcher":"run_shell_command","hooks":[{"type":"command","command":"python3 hooks/py_guard.py"}]}]}}"#,
        );
    let run = p.run(&["sweep", "--installed", "-t", "claude,gemini,windsurf"]);
    assert_eq!(run.stderr(), "");
    assert_eq!(run.code(), 1, "{}", run.stdout());
    insta::assert_snapshot!("sweep_installed", run.stdout());
    let v = sweep_json(&p, &["--installed", "-t", "claude,gemini,windsurf"]);
    insta::assert_json_snapshot!("sweep_installed_json", v);
    assert_eq!(v["hook"], "installed");
    assert_eq!(
        findings_of(&v),
        pairs(&[
            ("fails-open", "gemini"),
            ("fails-open", "gemini"),
            ("fails-open", "gemini"),
            ("blind-spot", "windsurf")
        ])
    );
}

/// A Cursor edit: the failClosed preToolUse guard could stop it, but its input for an edit
/// tool is not documented, and afterFileEdit runs after the edit. The logger's result is not
/// the verdict: `run` says it does not know, and the sweep names the samples it could not
/// decide, failing only under `--strict` (fixtures/repos defect 41, wirevow/gitvow).
#[test]
fn an_edit_whose_deciding_hook_cannot_run_is_undecided_not_decided_by_a_later_one() {
    let p = Project::new()
        .script("hooks/guard.sh", "#!/bin/sh\nexit 2\n")
        .script("hooks/log.sh", "#!/bin/sh\nexit 0\n")
        .file(
            ".cursor/hooks.json",
            r#"{"version":1,"hooks":{"preToolUse":[{"command":"./hooks/guard.sh","failClosed":true}],"afterFileEdit":[{"command":"./hooks/log.sh"}]}}"#,
        );
    let run = p.run(&["run", "--installed", "--edit", ".env", "-t", "cursor"]);
    assert_eq!(
        run.stdout(),
        format!(
            "installed: --edit {}/.env on 1 agent\n  not run     cursor  (.cursor/hooks.json:1 \
             (preToolUse) could stop this call but is not run: Cursor's preToolUse input for an \
             edit tool is not documented: hookcheck builds only afterFileEdit for --edit; pass \
             --payload; afterFileEdit runs only after it, so whether Cursor lets it through is \
             unknown)\nhook installed: nothing ran: none of the 1 tools checked runs this hook \
             for this trigger\n",
            p.root().display()
        )
    );
    assert_eq!(run.code(), 1);
    let v = sweep_json(&p, &["--installed", "-t", "cursor"]);
    let undecided: Vec<&serde_json::Value> = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["kind"] == "undecided")
        .collect();
    assert_eq!(undecided.len(), 1, "{v}");
    assert_eq!(
        undecided[0]["message"]
            .as_str()
            .unwrap_or_default()
            .split(": unknown:")
            .next(),
        Some("Cursor on `.env`, `.github/workflows/x.yml`"),
    );
    let strict = p.run(&["sweep", "--installed", "-t", "cursor", "--strict"]);
    assert_eq!(strict.code(), 1, "{}", strict.stdout());
}

/// Two hooks on one event, the first passing and the second failing: the cell is the
/// failing one's, its exit code and stderr, not the passing hook's exit 0 (fixtures/repos
/// defect 27, HemSoft/hs-buddy).
#[test]
fn a_cell_shows_the_hook_that_decided_it() {
    let p = Project::new()
        .spec(
            "two",
            "on: before-tool\nmatch: shell\ncommand:\n  - ./hooks/ok.sh\n  - ./hooks/bad.sh\n",
        )
        .script("hooks/ok.sh", "#!/bin/sh\nexit 0\n")
        .script("hooks/bad.sh", "#!/bin/sh\necho boom >&2\nexit 1\n");
    let v = sweep_json(&p, &["two", "-t", "claude"]);
    let cell = v["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .find(|c| c["sample"] == 0)
        .expect("the ls cell");
    assert_eq!(cell["decision"], "error", "{cell}");
    assert_eq!(cell["exit_code"], 1, "{cell}");
    assert_eq!(cell["stderr"], "boom", "{cell}");
}

/// `sweep -v` says why each cell shows what it shows: the sample, what the hook did (its
/// exit, its reply and how the agent read it), the agent's rule that decided and where that
/// rule comes from, and what a `?` cell rests on (issue 27, item 5).
#[test]
fn sweep_v_explains_each_cell() {
    let p = shell_guard(
        "policy",
        "#!/bin/sh\nif grep -q 'rm -rf'; then echo 'policy: no rm -rf' >&2; exit 2; fi\n",
    );
    let run = p.run(&["sweep", "policy", "-t", "claude,gemini,cursor", "-v"]);
    assert_eq!(run.stderr(), "");
    assert_eq!(run.code(), 0, "{}", run.stdout());
    insta::assert_snapshot!("sweep_verbose", run.stdout());
}

/// `--include-assumed` judges the `?` cells as if their assumptions held, as `run
/// --include-assumed` counts them: a guard that blocks only when its input has Claude Code's
/// `permission_mode` lets `rm -rf /` through on Cursor, an `uncounted` finding that passes without the flag and
/// an `inconsistent` one that fails the sweep with it.
#[test]
fn include_assumed_judges_the_question_mark_cells() {
    let p = shell_guard(
        "claude-only",
        "#!/bin/sh\nin=$(cat)\ncase \"$in\" in *permission_mode*'rm -rf'*|*'rm -rf'*permission_mode*) echo 'no rm -rf' >&2; exit 2;; esac\n",
    );
    let plain = p.run(&["sweep", "claude-only", "-t", "claude,cursor"]);
    assert_eq!(plain.code(), 0, "{}", plain.stdout());
    let assumed = p.run(&[
        "sweep",
        "claude-only",
        "-t",
        "claude,cursor",
        "--include-assumed",
    ]);
    assert_eq!(assumed.stderr(), "");
    assert_eq!(assumed.code(), 1, "{}", assumed.stdout());
    insta::assert_snapshot!(
        "sweep_include_assumed",
        format!(
            "$ hookcheck sweep claude-only -t claude,cursor\n{}\n$ hookcheck sweep claude-only -t claude,cursor --include-assumed\n{}",
            plain.stdout(),
            assumed.stdout()
        )
    );
}

/// A guard written in exec form (`args`) runs on Claude Code, which takes one, and on no agent
/// that runs a hook as one command line. That is no sample the agent cannot take (`-`): the
/// hook as written never guards there, and one change to it (the command and its args as one
/// line) makes it run, so the cell is `~`, a `not-run-fixable` finding that fails the sweep
/// and names the change, unless `--allow not-run-fixable` lets it pass.
#[test]
fn a_hook_not_run_as_written_is_its_own_finding_with_the_change_that_runs_it() {
    let p = Project::new()
        .spec(
            "exec-guard",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/exec-guard.sh\nargs: [pre]\ntimeout: 10\n",
        )
        .script(
            "hooks/exec-guard.sh",
            "#!/bin/sh\ncase \"$(cat)\" in *'push --force'*|*'rm -rf'*) echo blocked >&2; exit 2;; esac\n",
        );
    let (code, text) = sweep(&p, "exec-guard", "claude,codex,gemini");
    assert_eq!(code, 1, "{text}");
    insta::assert_snapshot!("sweep_not_run_fixable", text);
    let v = sweep_json(&p, &["exec-guard", "-t", "claude,codex,gemini"]);
    let fixable = |agent: &str| {
        v["cells"]
            .as_array()
            .expect("cells")
            .iter()
            .filter(|c| c["agent"] == agent && c["outcome"] == "not-run-fixable")
            .count()
    };
    // Every shell sample on the two agents with no exec form, none on Claude Code, and the edit
    // samples, on which the `match: shell` hook does not fire anywhere, stay `o`.
    assert_eq!(
        (fixable("claude"), fixable("codex"), fixable("gemini")),
        (0, 4, 4)
    );
    assert_eq!(
        findings_of(&v)
            .iter()
            .filter(|(k, _)| k == "not-run-fixable")
            .count(),
        8
    );
    let allowed = p.run(&[
        "sweep",
        "exec-guard",
        "-t",
        "claude,codex,gemini",
        "--allow",
        "not-run-fixable",
    ]);
    assert_eq!(allowed.code(), 0, "{}", allowed.stdout());
}

/// The agents' own files: a shell guard with `timeout: 0` (no agent here says what 0 means)
/// and an edit guard whose matcher does not compile. Both are the hook's to fix: `~` on every
/// agent that loads the file, beside the Devin CLI's `-` on edits, whose input its docs do not
/// give (no change to the hook makes that cell run). An edit matched by neither guard's
/// matcher is `~`, not `o`: the edit guard would fire once its matcher compiles.
#[test]
fn installed_hooks_not_run_as_written_say_where_and_what_to_change() {
    let p = Project::new()
        .script(
            "hooks/guard.sh",
            "#!/bin/sh\ncase \"$(cat)\" in *'push --force'*|*'rm -rf'*|*.env*) echo blocked >&2; exit 2;; esac\n",
        )
        .file(
            ".claude/settings.json",
            r#"{"hooks":{"PreToolUse":[
  {"matcher":"Bash","hooks":[{"type":"command","command":"./hooks/guard.sh","timeout":0}]},
  {"matcher":"Edit|Write(","hooks":[{"type":"command","command":"./hooks/guard.sh","timeout":10}]}
]}}"#,
        );
    let args = ["sweep", "--installed", "-t", "claude,copilot,windsurf"];
    let run = p.run(&args);
    assert_eq!(run.stderr(), "");
    assert_eq!(run.code(), 1, "{}", run.stdout());
    insta::assert_snapshot!("sweep_installed_not_run_fixable", run.stdout());
    let run = p.run(&["sweep", "--installed", "-t", "claude", "-v"]);
    insta::assert_snapshot!("sweep_installed_not_run_fixable_verbose", run.stdout());
}
