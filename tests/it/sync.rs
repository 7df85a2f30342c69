//! `hookcheck sync` on the repository's example hooks (issue 28): it writes every agent's file
//! that it can, the files lint clean, `run --installed` on them decides as `run HOOK` does, a
//! second sync changes nothing, and `sync --check` fails after a hand edit, with the diff.

use crate::common;

use common::{example_project, stable};

/// Every file sync writes, relative to the root, in the order sync lists them.
const WRITTEN: &[&str] = &[
    ".claude/settings.json",
    ".codex/hooks.json",
    ".gemini/settings.json",
    ".qwen/settings.json",
    ".cursor/hooks.json",
    ".kiro/hooks/hookcheck.json",
    ".clinerules/hooks/PreToolUse",
    ".clinerules/hooks/TaskStart",
    ".windsurf/hooks.json",
    ".factory/settings.json",
    ".qoder/settings.json",
    ".trae/hooks.json",
    ".openhands/hooks.json",
    ".augment/settings.json",
    "crush.json",
    ".spettro/hooks.json",
];

#[test]
fn sync_writes_each_agents_file_proves_it_and_then_changes_nothing() {
    let p = example_project();
    let first = p.run(&["sync"]);
    insta::assert_snapshot!("sync_first", stable(&first.stdout(), &p));
    assert_eq!(first.code(), 0, "{}", first.stderr());
    for file in WRITTEN {
        let text =
            std::fs::read_to_string(p.root().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        insta::assert_snapshot!(format!("sync_file_{}", file.replace(['/', '.'], "_")), text);
    }
    // Every agent that reads them loads them: lint has nothing above a trust note to say.
    let lint = p.run(&["lint"]);
    assert_eq!(lint.code(), 0, "{}", lint.stdout());
    let out = lint.stdout();
    let loud: Vec<&str> = out
        .lines()
        .filter(|l| l.contains(": error[") || l.contains(": warning["))
        .collect();
    assert!(loud.is_empty(), "{}", lint.stdout());
    // A second sync writes nothing, and --check agrees.
    let again = p.run(&["sync", "--no-proof"]);
    assert_eq!(again.code(), 0);
    assert!(
        again
            .stdout()
            .ends_with("sync: 16 files up to date with the specs\n"),
        "{}",
        again.stdout()
    );
    let check = p.run(&["sync", "--check"]);
    assert_eq!(check.code(), 0, "{}", check.stdout());
}

#[test]
fn sync_check_fails_after_a_hand_edit_with_the_diff_and_a_github_annotation() {
    let p = example_project();
    assert_eq!(p.run(&["sync", "--no-proof"]).code(), 0);
    let file = p.root().join(".gemini/settings.json");
    let text = std::fs::read_to_string(&file).expect("gemini settings");
    std::fs::write(
        &file,
        text.replacen("\"timeout\": 10000", "\"timeout\": 10", 1),
    )
    .expect("edit");
    let check = p.run(&["sync", "--check"]);
    assert_eq!(check.code(), 1, "{}", check.stdout());
    let diff: String = check
        .stdout()
        .lines()
        .take_while(|l| !l.ends_with(':') || l.starts_with(['+', '-', ' ', '@']))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        diff,
        "--- a/.gemini/settings.json\n+++ b/.gemini/settings.json\n@@ -7,7 +7,7 @@\n           {\n             \"type\": \"command\",\n             \"command\": \".hookcheck/hooks/no-force-push.sh\",\n-            \"timeout\": 10\n+            \"timeout\": 10000\n           },\n           {\n             \"type\": \"command\",\n"
    );
    assert!(
        check
            .stdout()
            .ends_with("sync: 1 of 16 files differ from the specs: .gemini/settings.json\n"),
        "{}",
        check.stdout()
    );
    let github = p.run(&["sync", "--check", "--format", "github"]);
    assert_eq!(github.code(), 1);
    assert!(
        github.stdout().contains(
            "::error file=.gemini/settings.json,line=1,title=hookcheck sync --check::.gemini/settings.json differs from what `hookcheck sync` writes from the specs: run it\n"
        ),
        "{}",
        github.stdout()
    );
    // --dry-run shows the same diff and writes nothing.
    let dry = p.run(&["sync", "--dry-run"]);
    assert_eq!(dry.code(), 0);
    assert!(dry.stdout().starts_with(&diff), "{}", dry.stdout());
    let still = std::fs::read_to_string(&file).expect("gemini settings");
    assert!(still.contains("\"timeout\": 10\n"));
}

#[test]
fn the_installed_files_decide_as_the_specs_do() {
    let p = example_project();
    assert_eq!(p.run(&["sync", "--no-proof"]).code(), 0);
    for (hook, trigger) in [
        ("no-force-push", ["--bash", "git push -f origin main"]),
        ("protect-files", ["--edit", ".github/workflows/ci.yml"]),
    ] {
        let targets = "claude,codex,gemini,qwen,cursor,cline,windsurf-cascade,factory,qoder,openhands,augment,crush,spettro";
        let mut spec = vec!["run", hook, "-t", targets];
        spec.extend_from_slice(&trigger);
        let (_, by_spec) = p.json_of(&spec);
        let mut installed = vec!["run", "--installed", "-t", targets];
        installed.extend_from_slice(&trigger);
        let (_, by_files) = p.json_of(&installed);
        for id in targets.split(',') {
            assert_eq!(
                common::decision(&by_files, id),
                common::decision(&by_spec, id),
                "{hook} on {id}"
            );
        }
    }
    // Kiro's tool input is not documented for --bash: with its payload, the file sync wrote
    // blocks the force push as the spec does, and lets a plain push through.
    for (command, want) in [
        ("git push -f origin main", "block"),
        ("git push origin main", "allow"),
    ] {
        let payload = p.root().join("kiro-payload.json");
        let input = serde_json::json!({"hook_event_name": "PreToolUse", "cwd": p.root(),
            "tool_name": "shell", "tool_input": {"command": command}});
        std::fs::write(&payload, input.to_string()).expect("payload");
        let payload = payload.display().to_string();
        let args = ["-t", "kiro", "--payload", &payload, "--include-assumed"];
        let (_, by_spec) = p.json_of(&[&["run", "no-force-push"][..], &args].concat());
        let (_, by_files) = p.json_of(&[&["run", "--installed"][..], &args].concat());
        assert_eq!(common::decision(&by_spec, "kiro"), want, "{by_spec}");
        assert_eq!(common::decision(&by_files, "kiro"), want, "{by_files}");
    }
}

#[test]
fn sync_keeps_a_files_comments_and_the_teams_own_hooks() {
    let p = example_project().file(
        ".claude/settings.json",
        "{\n  // the team's formatter\n  \"hooks\": {\n    \"PostToolUse\": [\n      {\"matcher\": \"Edit\", \"hooks\": [{\"type\": \"command\", \"command\": \"npx prettier --write\"}]}\n    ]\n  }\n}\n",
    );
    assert_eq!(p.run(&["sync", "--no-proof", "-t", "claude"]).code(), 0);
    let text = std::fs::read_to_string(p.root().join(".claude/settings.json")).expect("file");
    assert!(
        text.starts_with("{\n  // the team's formatter\n  \"hooks\": {\n    \"PostToolUse\": [\n      {\"matcher\": \"Edit\", \"hooks\": [{\"type\": \"command\", \"command\": \"npx prettier --write\"}]}\n    ],\n    \"PreToolUse\": ["),
        "{text}"
    );
    // The spec removed: its entries go, the team's stay.
    std::fs::remove_file(p.root().join(".hookcheck/hooks/session-context.yaml")).expect("rm");
    assert_eq!(p.run(&["sync", "--no-proof", "-t", "claude"]).code(), 0);
    let after = std::fs::read_to_string(p.root().join(".claude/settings.json")).expect("file");
    assert!(!after.contains("session-context.sh"), "{after}");
    assert!(after.contains("npx prettier --write"), "{after}");
}

#[test]
fn sync_check_fails_before_the_first_sync_and_tools_shows_each_file_shape() {
    let p = example_project();
    let check = p.run(&["sync", "--check", "-t", "gemini"]);
    assert_eq!(check.code(), 1, "{}", check.stdout());
    assert!(
        check
            .stdout()
            .ends_with("sync: 1 of 1 files differ from the specs: .gemini/settings.json\n"),
        "{}",
        check.stdout()
    );
    assert!(!p.root().join(".gemini/settings.json").exists());
    // `hookcheck tools AGENT` shows the entry the same writer writes.
    let tools = p.run(&["tools", "gemini"]);
    let shape = tools.stdout();
    let shape = &shape[shape.find("  file: ").expect("a file section")..];
    assert_eq!(
        shape,
        "  file: .gemini/settings.json (what `hookcheck sync` writes for a shell guard with a 10 s timeout):\n    {\n      \"hooks\": {\n        \"BeforeTool\": [\n          {\n            \"matcher\": \"^run_shell_command$\",\n            \"hooks\": [\n              {\n                \"type\": \"command\",\n                \"command\": \".hookcheck/hooks/guard.sh\",\n                \"timeout\": 10000\n              }\n            ]\n          }\n        ]\n      }\n    }\n"
    );
    // Where sync writes no file, it says why, with the source.
    for (agent, why) in [
        (
            "goose",
            "Goose runs hooks only from a plugin (`.agents/plugins/<p>/hooks/hooks.json`) that is enabled in its settings (`enabledPlugins` in .config/goose/settings.json, or `plugins:` in config.yaml; protocols-b.md §1, aaif-goose/goose @0825b57 plugins/discovery.rs): hookcheck sync does not write plugins or enable them",
        ),
        (
            "antigravity",
            "Antigravity is closed source and its hook files moved and changed shape between agy 1.0, 1.1 and 1.2 (1.1.11 loaded only plugin hooks, not .agents/hooks.json; protocols-b.md §5): hookcheck sync does not write one it cannot show agy loads",
        ),
    ] {
        let none = p.run(&["tools", agent]).stdout();
        assert!(
            none.ends_with(&format!("  file: hookcheck sync writes none: {why}\n")),
            "{none}"
        );
        let sync = p.run(&["sync", "--dry-run", "--no-proof"]).stdout();
        assert!(sync.contains(&format!("  {agent:<17} {why}\n")), "{sync}");
    }
    // Cline's file is the event's script.
    let cline = p.run(&["tools", "cline"]).stdout();
    assert!(
        cline.contains("  file: .clinerules/hooks/PreToolUse (what `hookcheck sync` writes for a shell guard with a 10 s timeout):\n    #!/bin/sh\n"),
        "{cline}"
    );
}

/// Every agent's file in its own timeout unit, read back as that agent reads it: a spec's
/// `timeout: 3` is written as each agent spells 3 s (3000 in Gemini CLI's and Augment's
/// milliseconds), and `run --installed` runs each under 3000 ms; a millisecond file's 300 runs
/// under 300 ms, not the second it rounds up to (issue 24).
#[test]
fn every_agents_timeout_unit_round_trips_to_the_millisecond() {
    let p = common::Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\ntimeout: 3\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\nexit 0\n");
    let sync = p.run(&["sync", "--no-proof"]);
    assert_eq!(sync.code(), 0);
    // Windsurf Cascade's file has no timeout field: sync says so, and it runs its default
    // (Cline's neither: it waits 120 s on tool hooks).
    assert!(
        sync.stdout().contains("  windsurf-cascade  .windsurf/hooks.json: pre_run_command; its file has no timeout field: the spec's 3 s is not written, the agent's default applies\n"),
        "{}",
        sync.stdout()
    );
    let (_, v) = p.json_of(&["run", "--installed", "--bash", "ls"]);
    let mut checked = Vec::new();
    for t in v["agents"].as_array().expect("agents") {
        // Windsurf Cascade's and Cline's files have no timeout field: each agent's own.
        let want = match t["agent"].as_str() {
            Some("windsurf-cascade") => 30000,
            Some("cline") => 120_000,
            _ => 3000,
        };
        for c in t["commands"].as_array().into_iter().flatten() {
            assert_eq!(c["timeout_ms"], want, "{}: {c}", t["agent"]);
            checked.push(t["agent"].as_str().unwrap_or_default().to_string());
        }
    }
    checked.dedup();
    assert!(checked.len() >= 10, "{checked:?}");
    for file in [".gemini/settings.json", ".augment/settings.json"] {
        let path = p.root().join(file);
        let text = std::fs::read_to_string(&path).expect(file);
        assert!(text.contains("\"timeout\": 3000"), "{file}: {text}");
        std::fs::write(&path, text.replace("\"timeout\": 3000", "\"timeout\": 300")).expect(file);
    }
    let (_, v) = p.json_of(&["run", "--installed", "--bash", "ls", "-t", "gemini,augment"]);
    for id in ["gemini", "augment"] {
        assert_eq!(
            common::target(&v, id)["commands"][0]["timeout_ms"],
            300,
            "{id}: {v}"
        );
    }
}

/// Nothing passes on nothing: `sync --check` for agents sync writes no file for checked
/// nothing, so it is a usage error (exit 2), not a green "0 files up to date".
#[test]
fn a_sync_with_no_file_to_write_is_a_usage_error() {
    let p = example_project();
    for args in [
        vec!["sync", "--check", "-t", "goose"],
        vec!["sync", "-t", "antigravity,goose"],
    ] {
        let run = p.run(&args);
        assert_eq!(run.code(), 2, "{args:?}: {}", run.stdout());
        assert!(
            run.stderr()
                .starts_with("error: nothing to sync: no agent asked for ("),
            "{}",
            run.stderr()
        );
    }
}

/// Cline runs one script per event: sync writes `.clinerules/hooks/<Event>` whole, leaves the
/// team's scripts for other events alone, never overwrites the team's script on an event it
/// wants (an error, exit 2), removes its own script when no spec is on the event any more, and
/// `--check` fails with the diff after a hand edit.
#[test]
fn cline_scripts_are_written_whole_kept_when_not_syncs_and_removed_when_unwanted() {
    let p = example_project().script(
        ".clinerules/hooks/PostToolUse",
        "#!/bin/sh\n./team-audit.sh\n",
    );
    let sync = p.run(&["sync", "--no-proof", "-t", "cline"]);
    assert_eq!(sync.code(), 0, "{}{}", sync.stdout(), sync.stderr());
    let dir = p.root().join(".clinerules/hooks");
    let team = std::fs::read_to_string(dir.join("PostToolUse")).expect("team script");
    assert_eq!(team, "#!/bin/sh\n./team-audit.sh\n");
    let pre = std::fs::read_to_string(dir.join("PreToolUse")).expect("PreToolUse");
    for hook in ["no-force-push", "protect-files", "rm-guard"] {
        assert!(
            pre.contains(&format!(".hookcheck/hooks/{hook}.sh")),
            "{pre}"
        );
    }
    // Its loader in hookcheck runs it: the installed script decides as the spec.
    for (bash, want) in [
        ("git push -f origin main", "block"),
        ("git push origin main", "allow"),
    ] {
        let (_, v) = p.json_of(&["run", "--installed", "-t", "cline", "--bash", bash]);
        assert_eq!(common::decision(&v, "cline"), want, "{bash}: {v}");
    }
    // A hand edit: --check fails with the diff.
    std::fs::write(
        dir.join("PreToolUse"),
        pre.replace("rm-guard.sh", "rm-guard2.sh"),
    )
    .expect("edit");
    let check = p.run(&["sync", "--check", "--no-proof", "-t", "cline"]);
    assert_eq!(check.code(), 1, "{}", check.stdout());
    assert!(
        check.stdout().starts_with(
            "--- a/.clinerules/hooks/PreToolUse\n+++ b/.clinerules/hooks/PreToolUse\n"
        ),
        "{}",
        check.stdout()
    );
    assert!(
        check.stdout().contains(
            "\n-      .hookcheck/hooks/rm-guard2.sh\n+      .hookcheck/hooks/rm-guard.sh\n"
        ),
        "{}",
        check.stdout()
    );
    // The session spec removed: its script goes.
    std::fs::remove_file(p.root().join(".hookcheck/hooks/session-context.yaml")).expect("rm");
    let removed = p.run(&["sync", "--no-proof", "-t", "cline"]);
    assert_eq!(removed.code(), 0);
    assert!(
        removed.stdout().ends_with(
            "sync: 2 of 2 files written: .clinerules/hooks/PreToolUse, .clinerules/hooks/TaskStart (removed)\n"
        ),
        "{}",
        removed.stdout()
    );
    assert!(!dir.join("TaskStart").exists());
    assert!(dir.join("PostToolUse").exists());
    // The team's own script on an event sync wants: never overwritten.
    std::fs::write(dir.join("PreToolUse"), "#!/bin/sh\n./team-guard.sh\n").expect("team");
    let refused = p.run(&["sync", "--no-proof", "-t", "cline"]);
    assert_eq!(refused.code(), 2, "{}", refused.stdout());
    assert!(refused.stderr().contains(".clinerules/hooks/PreToolUse: the agent runs one script per event, and this one is not sync's"), "{}", refused.stderr());
    assert_eq!(
        std::fs::read_to_string(dir.join("PreToolUse")).expect("kept"),
        "#!/bin/sh\n./team-guard.sh\n"
    );
}

/// Nothing is written outside the project unless `--user`; with it, each agent's user-level
/// file of the same shape under $HOME is written (and nothing in the project), merged as a
/// project file is, loaded by `run --installed --user`, and `--user --check` sees it.
#[test]
fn only_sync_user_writes_under_home_and_then_only_there() {
    let p = example_project();
    let home = tempfile::tempdir().expect("home");
    let run = |args: &[&str]| {
        p.command()
            .env("HOME", home.path())
            .args(args)
            .output()
            .expect("hookcheck")
    };
    let files_under = |dir: &std::path::Path| -> Vec<String> {
        let mut out = Vec::new();
        let mut dirs = vec![dir.to_path_buf()];
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                if e.path().is_dir() {
                    dirs.push(e.path());
                } else {
                    out.push(e.path().display().to_string());
                }
            }
        }
        out.sort();
        out
    };
    assert_eq!(run(&["sync", "--no-proof"]).status.code(), Some(0));
    assert!(files_under(home.path()).is_empty(), "sync wrote under HOME");
    // A fresh project: --user writes under HOME only, keeping what the user's file held.
    let q = example_project();
    let user_claude = home.path().join(".claude/settings.json");
    std::fs::create_dir_all(user_claude.parent().expect("dir")).expect("dir");
    // Claude Code reads its settings as strict JSON: no comment here.
    std::fs::write(&user_claude, "{\n  \"model\": \"x\"\n}\n").expect("user file");
    let before = files_under(q.root());
    let out = q
        .command()
        .env("HOME", home.path())
        .args(["sync", "--user"])
        .output()
        .expect("sync --user");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(
        files_under(q.root()),
        before,
        "sync --user wrote in the project"
    );
    assert!(
        stdout.contains("  claude            ~/.claude/settings.json: PreToolUse (Bash)\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  crush             Crush reads no user-level file in the shape of its crush.json: hookcheck sync --user does not write one\n"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&user_claude).expect("user claude");
    assert!(
        text.starts_with("{\n  \"model\": \"x\",\n  \"hooks\": {"),
        "{text}"
    );
    assert!(text.contains(".hookcheck/hooks/no-force-push.sh"), "{text}");
    // The user's files decide as the spec does.
    let installed = q
        .command()
        .env("HOME", home.path())
        .args([
            "run",
            "--installed",
            "--user",
            "-t",
            "claude,gemini",
            "--bash",
            "git push -f origin main",
            "--format",
            "json",
        ])
        .output()
        .expect("run");
    let v: serde_json::Value = serde_json::from_slice(&installed.stdout).expect("json");
    for id in ["claude", "gemini"] {
        assert_eq!(common::decision(&v, id), "block", "{id}: {v}");
    }
    let check = |args: &[&str]| {
        q.command()
            .env("HOME", home.path())
            .args(args)
            .output()
            .expect("check")
            .status
            .code()
    };
    assert_eq!(check(&["sync", "--user", "--check", "--no-proof"]), Some(0));
    assert_eq!(check(&["sync", "--check", "--no-proof"]), Some(1));
}

/// Kiro's and Spettro's lists: after a hand edit `--check` fails with that file's diff, and a
/// sync puts the entry back where it stood.
#[test]
fn a_hand_edit_of_a_hook_list_fails_the_check_and_sync_restores_it() {
    let p = example_project();
    assert_eq!(
        p.run(&["sync", "--no-proof", "-t", "kiro,spettro"]).code(),
        0
    );
    for (file, from, to) in [
        (
            ".kiro/hooks/hookcheck.json",
            "\"timeout\": 10",
            "\"timeout\": 11",
        ),
        (
            ".spettro/hooks.json",
            "\"timeout_sec\": 10",
            "\"timeout_sec\": 11",
        ),
    ] {
        let path = p.root().join(file);
        let synced = std::fs::read_to_string(&path).expect(file);
        std::fs::write(&path, synced.replacen(from, to, 1)).expect("edit");
        let check = p.run(&["sync", "--check", "--no-proof", "-t", "kiro,spettro"]);
        assert_eq!(check.code(), 1, "{}", check.stdout());
        let out = check.stdout();
        assert!(
            out.starts_with(&format!("--- a/{file}\n+++ b/{file}\n")),
            "{out}"
        );
        assert!(out.contains(&format!("\n-{}{to}", " ".repeat(6))), "{out}");
        assert!(
            out.contains(&format!("\n+{}{from}", " ".repeat(6))),
            "{out}"
        );
        assert_eq!(
            p.run(&["sync", "--no-proof", "-t", "kiro,spettro"]).code(),
            0
        );
        assert_eq!(std::fs::read_to_string(&path).expect(file), synced);
    }
    let check = p.run(&["sync", "--check", "--no-proof", "-t", "kiro,spettro"]);
    assert_eq!(check.code(), 0, "{}", check.stdout());
}
