//! The command analysis (`native::command`) read by each agent's loader: the forms the agents'
//! docs recommend, resolved as each agent starts them. Kept here because it names agents.

use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

use crate::native::NativeHandler;
use crate::native::agents::find as loader;
use crate::native::command::{analyse, runs_key};

fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let write = |path: &str, body: &str, mode: u32| {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap_or(dir.path())).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&p, body).unwrap_or_else(|e| panic!("{e}"));
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(mode))
            .unwrap_or_else(|e| panic!("{e}"));
    };
    write("hooks/g.sh", "#!/bin/sh\ncat >/dev/null\n", 0o755);
    write("bin/run-hook.sh", "#!/bin/sh\ncat >/dev/null\n", 0o755);
    write("tools/ok.sh", "#!/bin/sh\ncat >/dev/null\n", 0o755);
    write("hooks/plain.sh", "#!/bin/sh\ncat >/dev/null\n", 0o644);
    write("hooks/bare.sh", "cat >/dev/null\n", 0o755);
    write(
        "hooks/args.sh",
        "#!/bin/sh\ncase \"$1\" in *rm*) exit 2;; esac\n",
        0o755,
    );
    dir
}

/// The rules found for `command` in a `.claude/settings.json` PreToolUse handler, as agent
/// `reader` runs it; `program-not-found` for the interpreters is left out (it depends on
/// this machine's PATH).
fn rules(root: &Path, reader: &str, command: &str) -> Vec<&'static str> {
    let l = loader(reader).unwrap_or_else(|| panic!("no loader {reader}"));
    let h = NativeHandler::new(
        "claude",
        Path::new(".claude/settings.json"),
        3,
        "PreToolUse",
        command,
    );
    analyse(l, &h, root)
        .problems
        .iter()
        .filter(|p| {
            p.rule != "program-not-found"
                || !["python3", "node", "uv"]
                    .iter()
                    .any(|i| p.message.starts_with(&format!("`{i}`")))
        })
        .map(|p| p.rule)
        .collect()
}

#[test]
fn commands_in_the_forms_agents_document_are_resolved() {
    let dir = project();
    let root = dir.path();
    for (reader, command, want) in [
        ("claude", "\"$CLAUDE_PROJECT_DIR\"/hooks/g.sh", &[][..]),
        ("claude", "${CLAUDE_PROJECT_DIR}/hooks/g.sh --strict", &[]),
        // The real Copilot CLI 1.0.102 sets CLAUDE_PROJECT_DIR for every hook
        // (fixtures/live/inputs/copilot--bash.json, captured 2026-12-01).
        ("copilot", "\"$CLAUDE_PROJECT_DIR\"/hooks/g.sh", &[]),
        ("gemini", "\"$CLAUDE_PROJECT_DIR\"/hooks/g.sh", &[]),
        (
            "claude",
            "\"$CLAUDE_PROJECT_DIR\"/hooks/nope.sh",
            &["script-missing"],
        ),
        ("claude", "python3 hooks/missing.py", &["script-missing"]),
        ("claude", "python3 -c 'print(1)'", &[]),
        (
            "claude",
            "node .claude/hooks/guard.mjs",
            &["script-missing"],
        ),
        (
            "claude",
            "uv run --with rich hooks/policy.py",
            &["script-missing"],
        ),
        ("claude", "cd tools && ./ok.sh", &[]),
        ("claude", "cd tools && ./lint.sh", &["script-missing"]),
        ("claude", "bash hooks/plain.sh", &[]),
        ("claude", "./hooks/plain.sh", &["script-not-executable"]),
        ("claude", "./hooks/bare.sh", &[]),
        ("augment", "./hooks/bare.sh", &["no-shebang"]),
        ("claude", "./hooks/args.sh", &["reads-argument"]),
        (
            "claude",
            "${CLAUDE_PLUGIN_ROOT}/hooks/g.sh",
            &["unset-variable"],
        ),
        // droid 0.215.0 sets its plugin roots for every hook (fixtures/live/inputs/
        // factory--bash.json, captured 2026-12-01): set, to a value not captured.
        ("factory", "${CLAUDE_PLUGIN_ROOT}/hooks/g.sh", &[]),
        (
            "claude",
            "hookcheck-test-no-such-dispatcher pre-tool",
            &["program-not-found"],
        ),
        ("claude", "echo done && exit 0", &[]),
        ("claude", ". hooks/g.sh", &[]),
        ("claude", "source hooks/gone.sh", &["script-missing"]),
        ("claude", "$HOME/hooks/g.sh", &[]),
    ] {
        assert_eq!(rules(root, reader, command), want, "{reader}: {command}");
    }
}

#[test]
fn one_script_written_three_ways_runs_the_same_thing() {
    let dir = project();
    let l = loader("claude").unwrap_or_else(|| panic!("no claude loader"));
    let key = |command: &str| {
        let h = NativeHandler::new("claude", Path::new("s.json"), 1, "PreToolUse", command);
        runs_key(&analyse(l, &h, dir.path()))
    };
    let want = Some("bin/run-hook.sh pre".to_string());
    assert_eq!(key("bin/run-hook.sh pre"), want);
    assert_eq!(key("./bin/run-hook.sh  pre"), want);
    assert_eq!(key("\"$CLAUDE_PROJECT_DIR\"/bin/run-hook.sh 'pre'"), want);
    assert_eq!(key("cd bin && ./run-hook.sh pre"), want);
    assert_ne!(key("bin/run-hook.sh post"), want);
}

#[test]
fn a_missing_script_says_what_the_agent_does() {
    let dir = project();
    let h = NativeHandler::new(
        "gemini",
        Path::new(".gemini/settings.json"),
        5,
        "BeforeTool",
        "$GEMINI_PROJECT_DIR/.gemini/hooks/guard.sh",
    );
    let say = |id: &str| {
        let l = loader(id).unwrap_or_else(|| panic!("no loader {id}"));
        analyse(l, &h, dir.path())
            .problems
            .first()
            .map(|p| p.message.clone())
            .unwrap_or_default()
    };
    assert_eq!(
        say("gemini"),
        "`$GEMINI_PROJECT_DIR/.gemini/hooks/guard.sh` is `.gemini/hooks/guard.sh` here, which does not exist: the hook cannot start (exit 127); Gemini CLI denies every call this hook fires on (fails closed)"
    );
}
