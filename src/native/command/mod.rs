//! What a handler's command runs, as the agent that reads it would start it: the command split
//! with the shell splitter ([`crate::shell::simple_commands`]), each program resolved (a name on
//! the PATH, or a path from the agent's working directory after any `cd`, with the variables
//! that agent sets), and what breaks before the hook does anything. Shared by `lint` (one
//! finding per problem), `run --installed` (warnings) and the doubles check (what runs, not the
//! text).

use std::os::unix::fs::PermissionsExt as _;
use std::path::{Component, Path, PathBuf};

use super::NativeHandler;
use serde::Serialize;

use super::agents::FileAgent;

mod vars;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The hook does not do what it says (exit 1).
    Error,
    /// Likely a mistake.
    Warning,
    /// Worth knowing.
    Info,
}

/// One program a command starts, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// The program: a path (shown relative to the project root when below it) or a name.
    pub program: String,
    /// Its arguments, the script path resolved the same way.
    pub args: Vec<String>,
}

/// Something that stops the hook from doing its job, with what the agent does then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The lint rule.
    pub rule: &'static str,
    /// How bad it is.
    pub severity: Severity,
    /// What is wrong and what the agent does about it.
    pub message: String,
    /// How to fix it.
    pub fix: String,
    /// The part of `message` every agent reading the hook shares, before what this agent then
    /// does ([`Finding::cause`](crate::native::finding::Finding::cause)).
    pub cause: Option<String>,
}

/// What one handler's command runs under one agent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Analysis {
    /// The programs it starts, in order; empty when the command cannot be split.
    pub runs: Vec<Program>,
    /// What breaks.
    pub problems: Vec<Problem>,
}

/// Shell builtins and keywords: nothing to look up.
const BUILTINS: &[&str] = &[
    ":", "[", "[[", "alias", "break", "continue", "declare", "echo", "eval", "exit", "export",
    "false", "local", "printf", "pwd", "read", "return", "set", "shift", "test", "trap", "true",
    "type", "ulimit", "umask", "unset", "wait",
];

/// The command of `h` as agent `l` starts it, from the project `root`.
pub fn analyse(l: FileAgent, h: &NativeHandler, root: &Path) -> Analysis {
    let mut cx = Cx {
        l,
        h,
        root,
        dir: match (&h.cwd, &h.plugin_root) {
            (Some(d), _) => clean(&root.join(d)),
            // An agent that runs a plugin's hooks in the plugin's folder.
            (None, Some(plugin)) if l.plugins.is_some_and(|p| p.runs_in_plugin) => {
                clean(&root.join(plugin))
            }
            (None, _) => root.to_path_buf(),
        },
        out: Analysis::default(),
        decides: true,
    };
    if let Some(args) = &h.args {
        // Exec form: no shell; the program resolves from the handler's cwd.
        let mut words = vec![h.command.clone()];
        words.extend(args.iter().cloned());
        cx.program(&words, true);
        return cx.out;
    }
    let Ok(commands) = crate::shell::simple_commands(&h.command) else {
        return cx.out;
    };
    for c in commands {
        cx.decides = c.decides;
        cx.program(&c.words, l.launch.no_shell);
    }
    cx.out
}

struct Cx<'a> {
    l: FileAgent,
    h: &'a NativeHandler,
    root: &'a Path,
    /// The directory the next command starts in (`cd` moves it).
    dir: PathBuf,
    out: Analysis,
    /// The command being read sets the hook's exit status ([`crate::shell::SimpleCommand::decides`]).
    decides: bool,
}

impl Cx<'_> {
    /// The agent runs this handler in its plugin's folder (not the project's).
    fn runs_in_plugin(&self) -> bool {
        self.h.cwd.is_none()
            && self.h.plugin_root.is_some()
            && self.l.plugins.is_some_and(|p| p.runs_in_plugin)
    }

    /// One simple command's words (already split, quotes removed).
    fn program(&mut self, words: &[String], exec: bool) {
        let Some((first, rest)) = words.split_first() else {
            return;
        };
        let known = self.out.problems.len();
        let Some(first_r) = self.expand(first) else {
            // A program hookcheck cannot resolve (`$(…)`, `$HOME`): keep the text.
            self.push(first.clone(), rest);
            return;
        };
        if first_r == "cd" {
            if let Some(to) = rest.first().and_then(|w| self.expand(w)) {
                self.dir = clean(&self.dir.join(to));
            }
            return;
        }
        if first_r.contains('/') {
            let path = clean(&self.dir.join(&first_r));
            let base = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_string();
            // `/usr/bin/env python3 x.py`: env runs the program named after its options.
            if base == "env" && path.is_file() {
                let i = rest
                    .iter()
                    .position(|w| !w.starts_with('-') && !w.contains('='))
                    .unwrap_or(rest.len());
                return self.program(&rest[i..], false);
            }
            // `/usr/bin/python3 x.py`, `/bin/bash x.sh`: an interpreter by its full path runs
            // a script that must exist as much as `python3 x.py`'s.
            if crate::shell::runs_a_script(&base) && path.is_file() {
                return self.interpreted(&self.shown(&path), &base, rest);
            }
            self.push(self.shown(&path), rest);
            // A variable this agent leaves empty already says the hook cannot start.
            if self.out.problems.len() == known {
                self.check_script(&path, first, true, exec);
            }
            return;
        }
        let name = first_r.as_str();
        if BUILTINS.contains(&name) {
            self.push(first_r.clone(), rest);
            return;
        }
        // `source` and `.` are shell builtins: only the script they read needs to exist.
        let sourced = matches!(name, "source" | ".") && !exec;
        if !sourced && !on_path(name) {
            let what = format!(
                "`{name}` is not on the PATH here: {}",
                self.fails_to_start(127)
            );
            let consequence = self.cannot_start();
            self.problem_because(
                "program-not-found",
                Severity::Warning,
                what,
                consequence,
                format!(
                    "install `{name}` where {} runs{}, or call it by its full path",
                    self.l.name(),
                    super::generators::dispatcher_install(name)
                        .map_or_else(String::new, |how| format!(" ({how})"))
                ),
            );
        }
        if name == "uv" && rest.first().is_some_and(|w| w == "run") {
            return self.uv_run(&rest[1..]);
        }
        // `npm run X`, `bun run X`: X is a package.json script first, then a file.
        if matches!(name, "npm" | "pnpm" | "yarn" | "bun")
            && rest.first().is_some_and(|w| w == "run")
            && rest.get(1).is_some_and(|w| self.package_script(w))
        {
            self.push(first_r.clone(), rest);
            return;
        }
        // `npx tsx x.ts`, `pnpm exec`, `yarn dlx`, `bunx`: the runner fetches the program if it
        // must, so only the script the program runs has to exist.
        if let Some(skip) = runner(name, rest) {
            let rest = &rest[skip..];
            let i = rest
                .iter()
                .position(|w| !w.starts_with('-'))
                .unwrap_or(rest.len());
            if let Some((inner, args)) = rest[i..].split_first()
                && crate::shell::runs_a_script(inner)
            {
                return self.interpreted(&format!("{name} {inner}"), inner, args);
            }
            self.push(first_r.clone(), rest);
            return;
        }
        if crate::shell::runs_a_script(name) {
            return self.interpreted(name, name, rest);
        }
        self.push(name.to_string(), rest);
    }

    /// `program` (as shown) runs the script its arguments name, as interpreter `base` does
    /// (`python3 x.py`, `bash -e x.sh`, `bun run x.ts`): that script must exist.
    fn interpreted(&mut self, program: &str, base: &str, rest: &[String]) {
        let mut args: Vec<String> = rest.to_vec();
        if let Some(i) = crate::shell::script_arg(base, rest) {
            let known = self.out.problems.len();
            if let Some(s) = self.expand(&rest[i]) {
                let path = clean(&self.dir.join(&s));
                args[i] = self.shown(&path);
                if self.out.problems.len() == known {
                    self.check_script(&path, &rest[i], false, false);
                }
            }
        }
        self.out.runs.push(Program {
            program: program.to_string(),
            args,
        });
    }

    /// Whether `name` is a script of the package.json in the command's folder or the
    /// project root (`bun run typecheck` runs `scripts.typecheck`).
    fn package_script(&self, name: &str) -> bool {
        [
            self.dir.join("package.json"),
            self.root.join("package.json"),
        ]
        .iter()
        .filter_map(|p| crate::textfile::read_regular(p))
        .filter_map(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .any(|v| v["scripts"].get(name).is_some())
    }

    /// `uv run [options] X …`: X is a script (`.py`) or another program.
    fn uv_run(&mut self, rest: &[String]) {
        const WITH_VALUE: &[&str] = &[
            "--with",
            "--project",
            "--directory",
            "--python",
            "-p",
            "--package",
            "--extra",
            "--group",
            "--env-file",
            "--index",
        ];
        let mut i = 0;
        while let Some(w) = rest.get(i) {
            if WITH_VALUE.contains(&w.as_str()) {
                i += 2;
            } else if w.starts_with('-') {
                i += 1;
            } else {
                break;
            }
        }
        let Some(w) = rest.get(i) else { return };
        if w.ends_with(".py") {
            // uv runs the script with its own Python: only the script needs to exist.
            if let Some(s) = self.expand(w) {
                let path = clean(&self.dir.join(&s));
                let mut args = rest[i..].to_vec();
                args[0] = self.shown(&path);
                self.out.runs.push(Program {
                    program: "uv run".into(),
                    args,
                });
                self.check_script(&path, w, false, false);
            }
            return;
        }
        self.program(&rest[i..], false);
    }

    fn push(&mut self, program: String, rest: &[String]) {
        self.out.runs.push(Program {
            program,
            args: rest.to_vec(),
        });
    }

    /// A script the command starts: `as_program` when the path itself is run (it must be
    /// executable), `exec` when nothing but the kernel reads its first line (no shell falls
    /// back to running it as shell source).
    fn check_script(&mut self, path: &Path, written: &str, as_program: bool, exec: bool) {
        let shown = self.shown(path);
        let named = if written == shown {
            format!("`{shown}`")
        } else {
            format!("`{written}` is `{shown}` here, which")
        };
        let Ok(meta) = std::fs::metadata(path) else {
            // An absolute path outside the project and outside any one user's home is a
            // program installed on the machine (`/usr/local/bin/x`), not a file the
            // repository should hold: missing here, it may be there, as a program missing
            // from the PATH may. One in a home folder (`/home/peter/...`) names one person's
            // machine: for everyone else the script is missing.
            let homes = ["/home/", "/Users/", "/root/"];
            let in_a_home = homes.iter().any(|h| path.starts_with(h));
            if as_program && path.is_absolute() && !path.starts_with(self.root) && !in_a_home {
                let consequence = self.cannot_start();
                self.problem_because(
                    "program-not-found",
                    Severity::Warning,
                    format!(
                        "{named} is not installed here: {}",
                        self.fails_to_start(127)
                    ),
                    consequence,
                    format!(
                        "install it at that path where {} runs, or call it from the PATH",
                        self.l.name()
                    ),
                );
                return;
            }
            let fix = match self.runs_in_plugin() {
                true => {
                    "create the script, or correct the path (relative paths start from the plugin's folder)"
                }
                false => {
                    "create the script, or correct the path (relative paths start from the project root)"
                }
            };
            if as_program {
                let cause = format!("{named} does not exist: {}", self.fails_to_start(127));
                let consequence = self.cannot_start();
                self.problem_because(
                    "script-missing",
                    Severity::Error,
                    cause,
                    consequence,
                    fix.into(),
                );
                return;
            }
            let message = {
                // The interpreter starts and fails (python3 exits 2, node 1, bash 127): what the
                // agent makes of that exit is its own reply rule.
                format!(
                    "{named} does not exist: the interpreter fails on every call and the hook never checks anything (`hookcheck run --installed` shows what {} makes of the failure)",
                    self.l.name()
                )
            };
            self.problem("script-missing", Severity::Error, message, fix.into());
            return;
        };
        if !meta.is_file() {
            return;
        }
        if as_program && meta.permissions().mode() & 0o111 == 0 {
            let consequence = self.cannot_start();
            self.problem_because(
                "script-not-executable",
                Severity::Error,
                format!("`{shown}` is not executable: {}", self.fails_to_start(126)),
                consequence,
                format!(
                    "chmod +x {shown}, and commit the mode (git update-index --chmod=+x {shown})"
                ),
            );
        }
        let head = read_head(path);
        if as_program && exec && !head.starts_with(b"#!") && !head.starts_with(b"\x7fELF") {
            let consequence = format!(
                "{} starts it with no shell, so it cannot start; {}",
                self.l.name(),
                self.cannot_start()
            );
            self.problem_because(
                "no-shebang",
                Severity::Error,
                format!("`{shown}` has no `#!` line: started with no shell, it fails (exec format error)"),
                consequence,
                format!("make `#!/bin/sh` (or the interpreter it needs) the first line of {shown}"),
            );
        }
        if let Some(reads) = reads_argument(path) {
            self.problem_because(
                "reads-argument",
                Severity::Warning,
                format!("`{shown}` reads its input from {reads}, which a hook is not given"),
                format!(
                    "{} passes the event as JSON on stdin and no arguments: the guard decides on an empty value",
                    self.l.name()
                ),
                "read the event from stdin (`input=$(cat)` in sh, `json.load(sys.stdin)` in Python)"
                    .into(),
            );
        }
    }

    /// What the agent does with a hook that cannot start ([`super::consequence`]); for a
    /// command whose status is not the hook's (`x || exit 2`, `x; y`, `$(x)`), that the hook
    /// goes on past it.
    fn cannot_start(&self) -> String {
        if !self.decides {
            return format!(
                "the hook goes on past it: what follows it (`||`, `;`, a pipe) or the command around its `$(...)` sets the exit status {} reads",
                self.l.name()
            );
        }
        super::consequence::cannot_start(self.l, self.h)
    }

    /// "the hook cannot start (exit `code`)", or for a command whose status is not the hook's,
    /// "that command cannot start (exit `code`)".
    fn fails_to_start(&self, code: i32) -> String {
        let what = if self.decides {
            "the hook"
        } else {
            "that command"
        };
        format!("{what} cannot start (exit {code})")
    }

    fn problem(&mut self, rule: &'static str, severity: Severity, message: String, fix: String) {
        self.out.problems.push(Problem {
            rule,
            severity,
            message,
            fix,
            cause: None,
        });
    }

    /// A problem whose `cause` is the same for every agent, followed by what this agent then
    /// does (`consequence`).
    fn problem_because(
        &mut self,
        rule: &'static str,
        severity: Severity,
        cause: String,
        consequence: String,
        fix: String,
    ) {
        self.out.problems.push(Problem {
            rule,
            severity,
            message: format!("{cause}; {consequence}"),
            fix,
            cause: Some(cause),
        });
    }

    fn shown(&self, path: &Path) -> String {
        super::shown(self.root, path).display().to_string()
    }
}

/// How many words after `name` to skip to reach the program a package runner starts: `npx`
/// and `bunx` none, `pnpm exec`/`pnpm dlx`/`yarn dlx`/`yarn exec`/`bun x` one; `None` when
/// `name` is no runner.
fn runner(name: &str, rest: &[String]) -> Option<usize> {
    let sub = rest.first().map(String::as_str);
    match (name, sub) {
        ("npx" | "bunx", _) => Some(0),
        ("pnpm", Some("exec" | "dlx")) | ("yarn", Some("exec" | "dlx")) | ("bun", Some("x")) => {
            Some(1)
        }
        _ => None,
    }
}

/// `path` with `.` and `..` removed, without touching the file system.
fn clean(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Whether `name` is an executable file in a PATH folder.
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            std::fs::metadata(dir.join(name))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
    })
}

fn read_head(path: &Path) -> Vec<u8> {
    use std::io::Read as _;
    let mut buf = [0u8; 4];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut buf))
        .unwrap_or(0);
    buf[..n].to_vec()
}

/// How a script reads its input from its arguments and never from stdin: `$1`,
/// `sys.argv[1]`, `process.argv[2]`; `None` when it reads stdin or no argument.
fn reads_argument(path: &Path) -> Option<&'static str> {
    // A hook script is small; anything large is not read through.
    // A regular file only: a symlink to /dev/zero or a FIFO is never read.
    let m = std::fs::metadata(path).ok()?;
    if !m.is_file() || m.len() > 256 * 1024 {
        return None;
    }
    let mut text = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(std::fs::File::open(path).ok()?, 256 * 1024),
        &mut text,
    )
    .ok()?;
    let text = String::from_utf8_lossy(&text);
    const STDIN: &[&str] = &[
        "cat",
        "read ",
        "jq",
        "/dev/stdin",
        "<&0",
        "stdin",
        "input(",
        "readFileSync(0",
    ];
    if STDIN.iter().any(|s| text.contains(s)) {
        return None;
    }
    [
        ("\"$1\"", "`$1`"),
        ("$1", "`$1`"),
        ("${1", "`${1}`"),
        ("sys.argv[1]", "`sys.argv[1]`"),
        ("process.argv[2]", "`process.argv[2]`"),
    ]
    .iter()
    .find(|(needle, _)| text.contains(needle))
    .map(|(_, shown)| *shown)
}

/// What runs, as one comparable key: the programs and their arguments, resolved.
pub fn runs_key(a: &Analysis) -> Option<String> {
    if a.runs.is_empty() {
        return None;
    }
    Some(
        a.runs
            .iter()
            .map(|p| {
                let mut s = p.program.clone();
                for arg in &p.args {
                    s.push(' ');
                    s.push_str(arg);
                }
                s
            })
            .collect::<Vec<_>>()
            .join(" ; "),
    )
}
