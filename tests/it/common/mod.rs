//! A scratch project for integration tests: a temp folder with `.git`, hook specs under
//! `.hookcheck/hooks/`, real hook scripts, and a way to run the built `hookcheck` in it.

#![allow(dead_code)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

pub mod corpus;

/// A throwaway project.
pub struct Project {
    dir: tempfile::TempDir,
}

impl Project {
    /// An empty project (a folder with `.git` and `.hookcheck/hooks/`).
    pub fn new() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join(".git")).expect("mkdir .git");
        std::fs::create_dir_all(dir.path().join(".hookcheck/hooks")).expect("mkdir hooks");
        Project { dir }
    }

    /// The project root.
    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    /// Writes a spec `.hookcheck/hooks/<name>.yaml`.
    pub fn spec(self, name: &str, yaml: &str) -> Self {
        self.file(&format!(".hookcheck/hooks/{name}.yaml"), yaml)
    }

    /// Writes an executable script at `path` (relative to the root).
    pub fn script(self, path: &str, body: &str) -> Self {
        let p = self.root().join(path);
        write(&p, body);
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        self
    }

    /// Writes a file at `path` (relative to the root).
    pub fn file(self, path: &str, body: &str) -> Self {
        write(&self.root().join(path), body);
        self
    }

    /// `hookcheck` set up to run in the project root, with no colour, a plain login shell, an
    /// empty home and the agents' machine-wide settings in `.test-policy`: Spettro runs hooks under
    /// `bash -lc`, and neither a developer's profile (a `pyenv init` that rehashes under a
    /// lock, say) nor the machine's managed settings may decide what the tests see.
    pub fn command(&self) -> std::process::Command {
        let home = self.root().join(".test-home");
        std::fs::create_dir_all(&home).expect("mkdir home");
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_hookcheck"));
        cmd.current_dir(self.root())
            .env("NO_COLOR", "1")
            .env("HOME", home)
            .env(
                "CLAUDE_CODE_MANAGED_SETTINGS_PATH",
                self.root().join(".test-policy"),
            )
            .env(
                "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
                self.root().join(".test-policy/gemini-settings.json"),
            )
            .env(
                "QWEN_CODE_SYSTEM_SETTINGS_PATH",
                self.root().join(".test-policy/qwen-settings.json"),
            )
            .env(
                "GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
                self.root().join(".test-policy/gemini-defaults.json"),
            )
            .env(
                "QWEN_CODE_SYSTEM_DEFAULTS_PATH",
                self.root().join(".test-policy/qwen-defaults.json"),
            )
            .env("SHELL", "/bin/sh")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("GITHUB_ACTIONS");
        cmd
    }

    /// Runs `hookcheck ARGS` in the project root.
    pub fn run(&self, args: &[&str]) -> Run {
        let output = self.command().args(args).output().expect("run hookcheck");
        Run { output }
    }

    /// Runs `hookcheck run HOOK ARGS --format json` and parses the report.
    pub fn json(&self, hook: &str, args: &[&str]) -> (i32, Value) {
        let mut all = vec!["run", hook];
        all.extend_from_slice(args);
        self.json_of(&all)
    }

    /// Runs `hookcheck ARGS --format json` and parses what it prints.
    pub fn json_of(&self, args: &[&str]) -> (i32, Value) {
        let mut all = args.to_vec();
        all.extend_from_slice(&["--format", "json"]);
        let run = self.run(&all);
        let v: Value = serde_json::from_str(&run.stdout()).unwrap_or_else(|e| {
            panic!("not JSON ({e}): {}\nstderr: {}", run.stdout(), run.stderr())
        });
        (run.code(), v)
    }
}

fn write(p: &PathBuf, body: &str) {
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).expect("mkdir");
    }
    std::fs::write(p, body).expect("write");
}

/// A finished `hookcheck` run.
pub struct Run {
    pub output: Output,
}

impl Run {
    /// The exit status.
    pub fn code(&self) -> i32 {
        self.output.status.code().unwrap_or(-1)
    }
    /// Stdout as text.
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }
    /// Stderr as text.
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }
    /// Asserts the exit status, showing both streams when it differs; chains.
    #[track_caller]
    pub fn status(self, want: i32) -> Self {
        assert_eq!(
            self.code(),
            want,
            "exit status\nstdout:\n{}\nstderr:\n{}",
            self.stdout(),
            self.stderr()
        );
        self
    }
    /// Asserts the whole of stdout; chains.
    #[track_caller]
    pub fn stdout_is(self, want: &str) -> Self {
        assert_eq!(self.stdout(), want, "stderr:\n{}", self.stderr());
        self
    }
    /// Asserts the whole of stderr; chains.
    #[track_caller]
    pub fn stderr_is(self, want: &str) -> Self {
        assert_eq!(self.stderr(), want, "stdout:\n{}", self.stdout());
        self
    }
}

/// The ids of the agents live mode drives, sorted.
pub fn live_agents() -> Vec<&'static str> {
    let mut ids: Vec<&str> = hookcheck::live::agents::all().map(|d| d.id()).collect();
    ids.sort();
    ids
}

/// The target entry for `id` in a JSON report.
pub fn target<'a>(report: &'a Value, id: &str) -> &'a Value {
    report["agents"]
        .as_array()
        .and_then(|ts| ts.iter().find(|t| t["agent"] == id))
        .unwrap_or_else(|| panic!("no target {id} in {report}"))
}

/// The decision of `id` in a JSON report.
pub fn decision(report: &Value, id: &str) -> String {
    target(report, id)["decision"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// A project with one portable spec `g` whose guard blocks shell commands holding `rm -rf`.
pub fn guard_project() -> Project {
    Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\ntimeout: 10\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"))
}

/// A guard script that reads the payload and blocks (exit 2 + stderr) when it contains `needle`.
pub fn guard(needle: &str) -> String {
    format!(
        "#!/bin/sh\nif grep -q '{needle}'; then echo 'blocked by guard' >&2; exit 2; fi\nexit 0\n"
    )
}

/// Whether `program` (a tool from outside Rust that one test needs) is on the PATH. When it is
/// not, the test is skipped with the reason printed (as ripgrep's tests do), except under CI
/// (`CI` set, as `.ci/run` and GitHub Actions set it), where `.ci/run` installs it, so a
/// missing one is a failure, never a silent pass.
pub fn needs(program: &str, what_for: &str, install: &str) -> bool {
    let found = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            std::fs::metadata(dir.join(program))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
    });
    if found {
        return true;
    }
    let message = format!("{program} is not installed ({install}); it is needed {what_for}");
    if std::env::var_os("CI").is_some() {
        panic!("{message}: .ci/run installs it");
    }
    eprintln!("skipped: {message}");
    false
}

/// An error as hookcheck prints it, cargo-style (`error: WHAT`, ` --> PLACE`, the line, `help:`),
/// as the one line `PLACE: WHAT`; any other text as it is.
pub fn error_in_one_line(stderr: &str) -> String {
    let mut lines = stderr.lines();
    let what = lines.next().unwrap_or_default();
    let what = what.strip_prefix("error: ").unwrap_or(what);
    match lines
        .next()
        .and_then(|l| l.trim_start().strip_prefix("--> "))
    {
        Some(place) => format!("{place}: {what}"),
        None => stderr.to_string(),
    }
}

/// Output with what changes run to run (times, the temp root) replaced.
pub fn stable(s: &str, p: &Project) -> String {
    let s = s.replace(&p.root().display().to_string(), "[root]");
    // The folder a run's transcripts are in (`plan::transcript`) is named after its pid.
    let transcripts = regex::Regex::new(r#"(/[^\s"']*)?/hookcheck-\d+-transcripts"#).unwrap();
    let s = transcripts.replace_all(&s, "[transcripts]");
    let ms = regex::Regex::new(r#"\d+ms|"elapsed_ms": \d+|"timeout_ms": \d+"#).unwrap();
    ms.replace_all(&s, "[ms]").into_owned()
}

/// Every error in `stderr` as the one line `PLACE: WHAT` (the place as ` --> ` gives it,
/// `file:line:col`), or `WHAT` when it has no place; one per line.
pub fn errors_in_one_line(stderr: &str) -> String {
    let mut out = Vec::new();
    let mut lines = stderr.lines().peekable();
    while let Some(l) = lines.next() {
        let Some(what) = l.strip_prefix("error: ") else {
            continue;
        };
        // A message may run over several lines before its place.
        let mut place = None;
        while let Some(n) = lines.peek() {
            if n.starts_with("error: ") {
                break;
            }
            if let Some(p) = n.trim_start().strip_prefix("--> ") {
                place = Some(p.to_string());
                break;
            }
            lines.next();
        }
        match place {
            Some(place) => out.push(format!("{place}: {what}")),
            None => out.push(what.to_string()),
        }
    }
    out.join("\n")
}

/// A project holding a copy of the repository's `.hookcheck/` (the example hooks, their
/// scripts and the cases file).
pub fn example_project() -> Project {
    let mut p = Project::new();
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".hookcheck");
    for entry in walk(&src) {
        let rel = entry.strip_prefix(&src).expect("under .hookcheck");
        let text = std::fs::read_to_string(&entry).expect("example file");
        let at = format!(".hookcheck/{}", rel.display());
        p = if entry.extension().is_some_and(|e| e == "sh") {
            p.script(&at, &text)
        } else {
            p.file(&at, &text)
        };
    }
    p
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("read dir").flatten() {
        let path = e.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// A project holding the spec `exit0` at its root and an executable `fake-agent` whose script
/// `agent(root)` writes, with the `hookcheck live` arguments that run it as Claude Code,
/// without the sandbox: live mode's runner and cleanup, with no real agent.
pub fn fake_live_agent(agent: impl FnOnce(&Path) -> String) -> (Project, Vec<String>) {
    let p = Project::new().file(
        "exit0.yaml",
        "on: before-tool\nmatch: shell\ncommand: 'exit 0'\ntimeout: 2\n",
    );
    let script = agent(p.root());
    let p = p.script("fake-agent", &script);
    let args = [
        "live",
        "exit0",
        "--bash",
        "true",
        "--agent",
        "claude",
        "--agent-bin",
        &format!("claude={}", p.root().join("fake-agent").display()),
        "--specs",
        &p.root().display().to_string(),
        "--no-sandbox",
    ]
    .map(String::from)
    .to_vec();
    (p, args)
}
