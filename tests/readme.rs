//! The README runs as written: every `$ hookcheck ...` and `$ cargo run -- ...` line in it is
//! run from the repository root against the built binary, and must end with the exit status
//! the line states (`# exit status N`; 0 when it states none). `.ci/run` runs the set-up
//! section's commands themselves, taken from the README by `ci/readme-commands.sh`.

mod common;

use std::path::Path;
use std::process::Command;

/// One command the README shows: where, what, and the exit status it promises.
#[derive(Debug, PartialEq, Eq)]
struct Shown {
    section: String,
    line: usize,
    command: String,
    status: i32,
}

/// Every `    $ ` line of `readme`, with its section and the status its comment states.
fn shown(readme: &str) -> Vec<Shown> {
    let mut section = String::new();
    let mut out = Vec::new();
    for (i, line) in readme.lines().enumerate() {
        if let Some(title) = line.strip_prefix("## ") {
            section = title.to_string();
        }
        let Some(rest) = line.strip_prefix("    $ ") else {
            continue;
        };
        let (command, comment) = match rest.find("  # ") {
            Some(at) => (rest[..at].trim_end(), rest[at + 4..].trim()),
            None => (rest.trim_end(), ""),
        };
        let status = comment.strip_prefix("exit status ").map_or(0, |n| {
            n.trim().parse().expect("`# exit status N` with a number")
        });
        out.push(Shown {
            section: section.clone(),
            line: i + 1,
            command: command.to_string(),
            status,
        });
    }
    out
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md")
}

#[test]
fn the_set_up_section_holds_the_main_job_and_the_test_command() {
    let setup: Vec<String> = shown(&readme())
        .into_iter()
        .filter(|s| s.section == "The two set-up commands")
        .map(|s| s.command)
        .collect();
    assert_eq!(
        setup,
        [
            "cargo run -- run protect-files --edit .github/workflows/ci.yml --expect block",
            "cargo nextest run --no-fail-fast",
        ]
    );
    // .ci/run takes them from the README (so it cannot drift from it) and runs them.
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    assert!(
        ci.contains(r#"ci/readme-commands.sh "The two set-up commands""#),
        ".ci/run no longer runs the README's set-up commands"
    );
    let out = Command::new("sh")
        .arg("ci/readme-commands.sh")
        .arg("The two set-up commands")
        .current_dir(root())
        .output()
        .expect("sh");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        setup.join("\n") + "\n"
    );
}

/// `cmd` run from the repository root as a user with an empty home, a plain shell, no colour
/// and no CI: what the README's reader sees.
fn as_a_user<'a>(cmd: &'a mut Command, home: &Path) -> &'a mut Command {
    cmd.current_dir(root())
        .env("HOME", home)
        .env("SHELL", "/bin/sh")
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_ACTIONS")
        .env_remove("CLICOLOR_FORCE")
}

#[test]
fn every_hookcheck_command_in_the_readme_ends_as_it_says() {
    let bin = Path::new(env!("CARGO_BIN_EXE_hookcheck"));
    let bin_dir = bin.parent().expect("the binary's folder");
    let home = tempfile::tempdir().expect("temp home");
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let runnable: Vec<Shown> = shown(&readme())
        .into_iter()
        .filter(|s| s.command.starts_with("hookcheck ") || s.command.starts_with("cargo run -- "))
        .collect();
    // Nothing passes on nothing: the README shows these commands.
    assert!(runnable.len() >= 10, "{runnable:#?}");
    let mut wrong = Vec::new();
    for s in &runnable {
        let command = match s.command.strip_prefix("cargo run -- ") {
            Some(args) => format!("hookcheck {args}"),
            None => s.command.clone(),
        };
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(&command).env("PATH", &path);
        let out = as_a_user(&mut cmd, home.path()).output().expect("sh");
        let status = out.status.code().unwrap_or(-1);
        if status != s.status {
            wrong.push(format!(
                "README.md:{} ({}): `{}` exited {status}, the README says {}\nstdout:\n{}\nstderr:\n{}",
                s.line,
                s.section,
                s.command,
                s.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn shown_reads_the_status_and_drops_the_comment() {
    let text = "## A\n\n    $ hookcheck run x  # exit status 1\n    $ hookcheck list   # a row each\n    hookcheck synopsis\n## B\n    $ cargo nextest run\n";
    assert_eq!(
        shown(text),
        [
            Shown {
                section: "A".into(),
                line: 3,
                command: "hookcheck run x".into(),
                status: 1
            },
            Shown {
                section: "A".into(),
                line: 4,
                command: "hookcheck list".into(),
                status: 0
            },
            Shown {
                section: "B".into(),
                line: 7,
                command: "cargo nextest run".into(),
                status: 0
            },
        ]
    );
}

#[test]
fn the_readme_shows_the_main_jobs_default_output_as_it_is() {
    let home = tempfile::tempdir().expect("temp home");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hookcheck"));
    cmd.args([
        "run",
        "protect-files",
        "--edit",
        ".github/workflows/ci.yml",
        "--expect",
        "block",
    ]);
    let out = as_a_user(&mut cmd, home.path())
        .output()
        .expect("run hookcheck");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout)
        .replace(&root().display().to_string(), "/path/to/repo");
    assert!(text.lines().count() <= 15, "{text}");
    let shown: String = text.lines().map(|l| format!("    {l}\n")).collect();
    assert!(
        readme().contains(&format!(
            "which prints (the repository's path shortened):\n\n{shown}"
        )),
        "the README's main job output is not what it prints now:\n{text}"
    );
}

/// The README shows `hookcheck tools --fields` and the example guard's sweep as they print now.
#[test]
fn the_readme_shows_the_fields_table_and_the_sweep_as_they_are() {
    if !common::needs("jq", "by the example guard", "apt-get install jq") {
        return;
    }
    let home = tempfile::tempdir().expect("temp home");
    for args in [vec!["tools", "--fields"], vec!["sweep", "no-force-push"]] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_hookcheck"));
        cmd.args(&args);
        let out = as_a_user(&mut cmd, home.path())
            .output()
            .expect("run hookcheck");
        let text = String::from_utf8_lossy(&out.stdout);
        let shown: String = text
            .lines()
            .map(|l| {
                if l.is_empty() {
                    "\n".to_string()
                } else {
                    format!("    {l}\n")
                }
            })
            .collect();
        let block = format!("    $ hookcheck {}\n\n{shown}", args.join(" "));
        assert!(
            readme().contains(&block),
            "the README does not show `hookcheck {}` as it prints now:\n{text}",
            args.join(" ")
        );
    }
}

/// Milliseconds vary from run to run: `19ms` reads `Nms` on both sides.
fn no_ms(text: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    let mut rest = text.chars().peekable();
    while let Some(c) = rest.next() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let ms = c == 'm' && rest.peek() == Some(&'s');
            out.push_str(if ms { "N" } else { &digits });
            digits.clear();
        }
        out.push(c);
    }
    out.push_str(&digits);
    out
}

#[test]
fn the_readme_shows_the_failure_it_catches_with_its_fix_as_it_prints() {
    let home = tempfile::tempdir().expect("temp home");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hookcheck"));
    cmd.args([
        "run",
        "rm-guard",
        "--bash",
        "rm -rf build",
        "-t",
        "claude,codex,gemini",
    ]);
    let out = as_a_user(&mut cmd, home.path())
        .output()
        .expect("run hookcheck");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("  help: "), "{text}");
    let shown: Vec<String> = text
        .lines()
        .map(|l| no_ms(format!("    {l}").trim_end()))
        .collect();
    let readme = readme();
    let start = readme
        .find("    $ hookcheck run rm-guard --bash 'rm -rf build' -t claude,codex,gemini")
        .expect("the README shows the failure it catches");
    let block: Vec<String> = readme[start..]
        .lines()
        .skip(1)
        .take(shown.len())
        .map(no_ms)
        .collect();
    assert_eq!(
        block, shown,
        "the README's failure example is not what it prints now"
    );
}
