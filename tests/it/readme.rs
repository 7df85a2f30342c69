//! The docs run as written: every `$ hookcheck ...` and `$ cargo run -- ...` line in README.md,
//! docs/guide/*.md and docs/dev/*.md is run from the repository root against the built binary,
//! and must end with the exit status the line states (`# exit status N`; 0 when it states
//! none). The outputs they show are what hookcheck prints now, the files they name exist, and
//! docs/dev/architecture.md names every module. `.ci/run` runs the README's set-up section's
//! commands themselves, taken from the README by `ci/readme-commands.sh`.

use crate::common;

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
    doc("README.md")
}

/// A doc by its path from the repository root.
fn doc(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The Markdown files of one docs folder, by path from the repository root, in name order.
fn docs_in(folder: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root().join(folder))
        .unwrap_or_else(|e| panic!("{folder}: {e}"))
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("{folder}/{name}"))
        .collect();
    out.sort();
    out
}

/// Every doc whose commands run: the README, then the guide, then the contributors' docs.
fn docs() -> Vec<String> {
    let guide = docs_in("docs/guide");
    let dev = docs_in("docs/dev");
    // The README points at them: the folders are not empty.
    assert!(guide.len() >= 8, "docs/guide: {guide:?}");
    assert!(dev.len() >= 4, "docs/dev: {dev:?}");
    std::iter::once("README.md".to_string())
        .chain(guide)
        .chain(dev)
        .collect()
}

#[test]
fn the_readme_stays_a_page_a_user_reads() {
    // Issue 30: at most 250 lines; the manual is docs/guide, the contributor's docs/dev.
    let lines = readme().lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines: move detail to docs/guide or docs/dev"
    );
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
fn every_hookcheck_command_in_the_docs_ends_as_it_says() {
    let bin = Path::new(env!("CARGO_BIN_EXE_hookcheck"));
    let bin_dir = bin.parent().expect("the binary's folder");
    let home = tempfile::tempdir().expect("temp home");
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut all: Vec<(String, Shown)> = Vec::new();
    for file in docs() {
        for s in shown(&doc(&file)) {
            if s.command.starts_with("hookcheck ") || s.command.starts_with("cargo run -- ") {
                all.push((file.clone(), s));
            }
        }
    }
    // Nothing passes on nothing: the README, the guide and the contributors' docs show
    // commands.
    let count = |prefix: &str| all.iter().filter(|(f, _)| f.starts_with(prefix)).count();
    let counts = [
        ("README.md", count("README.md"), 10),
        ("docs/guide/", count("docs/guide/"), 30),
        ("docs/dev/", count("docs/dev/"), 1),
    ];
    for (what, n, least) in counts {
        assert!(n >= least, "{what}: {n} commands, fewer than {least}");
    }
    // The commands only read the repository: a few run at once, each reported in doc order.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut wrong: Vec<(usize, String)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..3)
            .map(|_| {
                scope.spawn(|| {
                    let mut wrong = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some((file, s)) = all.get(i) else {
                            return wrong;
                        };
                        let command = match s.command.strip_prefix("cargo run -- ") {
                            Some(args) => format!("hookcheck {args}"),
                            None => s.command.clone(),
                        };
                        let mut cmd = Command::new("sh");
                        cmd.arg("-c").arg(&command).env("PATH", &path);
                        let out = as_a_user(&mut cmd, home.path()).output().expect("sh");
                        let status = out.status.code().unwrap_or(-1);
                        if status != s.status {
                            wrong.push((i, format!(
                                "{file}:{} ({}): `{}` exited {status}, the doc says {}\nstdout:\n{}\nstderr:\n{}",
                                s.line,
                                s.section,
                                s.command,
                                s.status,
                                String::from_utf8_lossy(&out.stdout),
                                String::from_utf8_lossy(&out.stderr)
                            )));
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    });
    wrong.sort();
    let wrong: Vec<String> = wrong.into_iter().map(|(_, w)| w).collect();
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

/// The guide shows `hookcheck tools --fields` (docs/guide/agents.md) and the example guard's
/// sweep (docs/guide/sweep.md) as they print now.
#[test]
fn the_guide_shows_the_fields_table_and_the_sweep_as_they_are() {
    if !common::needs("jq", "by the example guard", "apt-get install jq") {
        return;
    }
    let home = tempfile::tempdir().expect("temp home");
    for (file, args) in [
        ("docs/guide/agents.md", vec!["tools", "--fields"]),
        ("docs/guide/sweep.md", vec!["sweep", "no-force-push"]),
    ] {
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
            doc(file).contains(&block),
            "{file} does not show `hookcheck {}` as it prints now:\n{text}",
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

/// The repository's own folders: a path a doc names in backquotes that starts with one of
/// these is a file of this repository, and must exist.
const OWN: &[&str] = &[
    "src/",
    "tests/",
    "fixtures/",
    "scripts/",
    "bench/",
    "docs/",
    "ci/",
    ".ci/",
    "fuzz/",
    ".config/",
];

/// The part of `path` before its first placeholder (`<id>`, `*`, `AGENT`, `SITUATION`, ...):
/// what must exist of a path written with a placeholder in it.
fn fixed_part(path: &str) -> &str {
    let placeholder = |seg: &str| {
        seg.contains(['<', '*'])
            || ["AGENT", "SITUATION", "FILE", "DIR", "NAME"]
                .iter()
                .any(|p| seg.contains(p))
    };
    let mut end = 0;
    for seg in path.split_inclusive('/') {
        if placeholder(seg) {
            break;
        }
        end += seg.len();
    }
    &path[..end]
}

/// The paths `text` names: each word of a backquoted span that starts with one of [`OWN`],
/// and each relative Markdown link's target (relative to `dir`), with their line numbers.
fn named_paths(text: &str, dir: &Path) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        // Indented blocks are commands and outputs: the commands run, the outputs are checked.
        if line.starts_with("    ") {
            continue;
        }
        for (n, span) in line.split('`').enumerate() {
            if n % 2 == 0 {
                continue;
            }
            for word in span.split_whitespace() {
                let word = word.trim_end_matches([',', ';', ':', ')', '.', '\'', '"']);
                if OWN.iter().any(|p| word.starts_with(p)) {
                    out.push((i + 1, word.to_string()));
                }
            }
        }
        for (at, _) in line.match_indices("](") {
            let target: String = line[at + 2..].chars().take_while(|c| *c != ')').collect();
            let target = target.split('#').next().unwrap_or_default();
            if target.is_empty() || target.contains("://") {
                continue;
            }
            let joined = dir.join(target);
            let rel = joined
                .strip_prefix(root())
                .map(|p| p.display().to_string())
                .unwrap_or_else(|_| joined.display().to_string());
            out.push((i + 1, rel));
        }
    }
    out
}

/// Every file and folder a doc names exists (a path written with a placeholder: up to the
/// placeholder), so a doc cannot point at code that moved.
#[test]
fn every_file_the_docs_name_exists() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for file in docs() {
        let dir = root().join(&file);
        let dir = dir.parent().expect("a doc's folder");
        for (line, path) in named_paths(&doc(&file), dir) {
            checked += 1;
            let fixed = fixed_part(&path);
            // `..` from docs/guide back to the root: normalise by asking the file system.
            let at = root().join(fixed);
            if !at.exists() {
                wrong.push(format!("{file}:{line}: `{path}` does not exist"));
            }
        }
    }
    assert!(checked >= 100, "only {checked} paths named");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn named_paths_reads_spans_and_links_and_stops_at_placeholders() {
    let dir = root().join("docs/guide");
    let text = "See `src/plan/` and `cargo fmt -- src/tools/*/mod.rs`, [x](../dev/a.md#b), \
                [y](https://e.org/src/z) and `other/x`.\n    $ hookcheck `src/not/read`\n";
    let named: Vec<String> = named_paths(text, &dir)
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    assert_eq!(
        named,
        ["src/plan/", "src/tools/*/mod.rs", "docs/guide/../dev/a.md"]
    );
    assert_eq!(fixed_part("src/tools/*/mod.rs"), "src/tools/");
    assert_eq!(fixed_part("src/tools/AGENT/replies.rs"), "src/tools/");
    assert_eq!(
        fixed_part("fixtures/live/inputs/copilot--*.json"),
        "fixtures/live/inputs/"
    );
    assert_eq!(fixed_part("src/exec/mod.rs"), "src/exec/mod.rs");
}

/// docs/dev/architecture.md names every module `src/lib.rs` declares, as `src/NAME.rs` or
/// `src/NAME/`: a module added or removed shows up here.
#[test]
fn the_architecture_names_every_module() {
    let lib = doc("src/lib.rs");
    let architecture = doc("docs/dev/architecture.md");
    let modules: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    assert!(modules.len() >= 20, "{modules:?}");
    let missing: Vec<&&str> = modules
        .iter()
        .filter(|m| {
            !architecture.contains(&format!("`src/{m}.rs`"))
                && !architecture.contains(&format!("`src/{m}/`"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "docs/dev/architecture.md does not name: {missing:?}"
    );
}

/// `cmd` split as `sh` would split these lines: words, and single- or double-quoted words.
fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in cmd.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => out.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(quote.is_none(), "unbalanced quotes in `{cmd}`");
    out.extend(word);
    out
}

/// The case of a cases file that asks for what the `hookcheck run` words `args` ask for;
/// `None` for a run that is not a check (`--dry-run`, `--installed`).
fn as_case(args: &[String]) -> Option<serde_json::Value> {
    if args[0].starts_with('-') {
        return None;
    }
    let mut case = serde_json::Map::new();
    case.insert("hook".into(), args[0].clone().into());
    let mut targets: Vec<String> = Vec::new();
    let mut it = args[1..].iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().expect("a value after the flag").clone();
        match flag.as_str() {
            "--dry-run" | "--installed" => return None,
            "--bash" | "--edit" | "--read" | "--prompt" | "--payload" => {
                case.insert(flag[2..].into(), value().into());
            }
            "-t" | "--target" => targets.extend(value().split(',').map(str::to_string)),
            "--expect" => {
                let v = value();
                let expect = match v.contains('=') {
                    false => serde_json::Value::from(v),
                    true => v
                        .split(',')
                        .filter_map(|p| p.split_once('='))
                        .map(|(a, w)| (a.to_string(), serde_json::Value::from(w)))
                        .collect::<serde_json::Map<_, _>>()
                        .into(),
                };
                case.insert("expect".into(), expect);
            }
            "--strict" => {
                case.insert("strict".into(), true.into());
            }
            "--include-assumed" => {
                case.insert("include_assumed".into(), true.into());
            }
            // How the report is printed, not what is checked.
            "--format" => drop(value()),
            "-v" | "-vv" => {}
            other => panic!("a `hookcheck run` flag no case field says: {other} (add it here)"),
        }
    }
    if !targets.is_empty() {
        case.insert("targets".into(), targets.into());
    }
    Some(case.into())
}

/// The report less what differs run to run (wall times).
fn timeless(mut v: serde_json::Value) -> serde_json::Value {
    for t in v["agents"].as_array_mut().into_iter().flatten() {
        for c in t["commands"].as_array_mut().into_iter().flatten() {
            c["elapsed_ms"] = 0.into();
        }
    }
    v
}

/// `run` and `test` are one pipeline (issue 24): every `hookcheck run` check the docs show
/// gives the same JSON report as a one-case cases file asking the same, but for wall times.
#[test]
fn every_run_in_the_docs_gives_the_same_report_as_its_case() {
    let bin = Path::new(env!("CARGO_BIN_EXE_hookcheck"));
    let home = tempfile::tempdir().expect("temp home");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for file in docs() {
        for s in shown(&doc(&file)) {
            let Some(rest) = s.command.strip_prefix("hookcheck run ") else {
                continue;
            };
            let args = words(rest);
            let Some(case) = as_case(&args) else {
                continue;
            };
            // The words as shown, printing JSON without `-vv`'s invocations (a case has no
            // verbosity of its own).
            let mut shown_args = args.clone();
            if let Some(at) = shown_args.iter().position(|a| a == "--format") {
                shown_args.drain(at..at + 2);
            }
            shown_args.retain(|a| a != "-v" && a != "-vv");
            let mut cmd = Command::new(bin);
            cmd.arg("run").args(&shown_args).args(["--format", "json"]);
            let run = as_a_user(&mut cmd, home.path()).output().expect("run");
            let cases = home.path().join(format!("case-{checked}.json"));
            let body = serde_json::json!({ "cases": [case] });
            std::fs::write(&cases, body.to_string()).expect("cases file");
            let mut cmd = Command::new(bin);
            cmd.arg("test").arg(&cases).args(["--format", "json"]);
            let test = as_a_user(&mut cmd, home.path()).output().expect("test");
            let parse = |out: &std::process::Output| -> serde_json::Value {
                serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
                    panic!(
                        "{file}:{}: not JSON ({e}): {}\nstderr: {}",
                        s.line,
                        String::from_utf8_lossy(&out.stdout),
                        String::from_utf8_lossy(&out.stderr)
                    )
                })
            };
            let (run, test) = (parse(&run), parse(&test));
            let reported = test["cases"][0]["report"].clone();
            if timeless(run.clone()) != timeless(reported.clone()) {
                wrong.push(format!(
                    "{file}:{}: `{}` and its case differ\nrun:  {run}\ntest: {reported}",
                    s.line, s.command
                ));
            }
            checked += 1;
        }
    }
    // Nothing passes on nothing: the README and the guide show checks.
    assert!(
        checked >= 10,
        "only {checked} `hookcheck run` checks in the docs"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn every_uses_line_and_repository_url_is_the_one_cargo_toml_names() {
    // Cargo.toml names the repository once; every place a user copies it from follows.
    let cargo = doc("Cargo.toml");
    let repository = cargo
        .lines()
        .find_map(|l| l.strip_prefix("repository = \""))
        .and_then(|l| l.strip_suffix('"'))
        .expect("Cargo.toml names its repository");
    let slug = repository
        .strip_prefix("https://github.com/")
        .expect("a GitHub repository");
    let tag = format!("v{}", env!("CARGO_PKG_VERSION"));
    let uses = regex::Regex::new(r"uses:\s*([\w.-]+/hookcheck)@(\S+)").unwrap();
    let url = regex::Regex::new(r"https://github\.com/([\w.-]+/hookcheck)\b").unwrap();
    let rev = regex::Regex::new(r"(?m)^\s*rev:\s*(\S+)").unwrap();
    let mut seen = 0;
    for path in docs().iter().map(String::as_str).chain(["action.yml"]) {
        let text = doc(path);
        for m in uses.captures_iter(&text) {
            assert_eq!((&m[1], &m[2]), (slug, tag.as_str()), "{path}: {}", &m[0]);
            seen += 1;
        }
        for m in url.captures_iter(&text) {
            assert_eq!(&m[1], slug, "{path}: {}", &m[0]);
            seen += 1;
        }
        for m in rev.captures_iter(&text) {
            assert_eq!(&m[1], tag, "{path}: {}", &m[0]);
        }
        assert!(
            !text.contains("<owner>"),
            "{path} names a placeholder owner"
        );
    }
    // The README's and the guide's `uses:` lines and the guide's pre-commit `repo:`.
    assert!(seen >= 3, "{seen} uses: lines and URLs");
}
