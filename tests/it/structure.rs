//! The shape of the source tree that issue 11 asks for, checked on every `cargo test`: no file
//! over 600 lines outside its tests, nothing outside src/tools/ names an agent in code, and no
//! two files depend on each other through `crate::`/`super::` paths (an import circle).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every `.rs` file under src/, as (path relative to src/, its code before `#[cfg(test)]` with
/// comment lines left out).
fn sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut dirs = vec![src.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("source");
                // Up to the unit tests (a test-only module declared at the top does not end the code).
                let code = text
                    .split("#[cfg(test)]\nmod tests")
                    .next()
                    .unwrap_or_default();
                let code: Vec<&str> = code
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .collect();
                let rel = path.strip_prefix(&src).expect("under src");
                out.push((rel.display().to_string(), code.join("\n")));
            }
        }
    }
    out.sort();
    out
}

/// A test file: its whole text is tests.
fn is_tests(rel: &str) -> bool {
    rel.ends_with("/tests.rs") || rel.contains("/tests/")
}

#[test]
fn no_file_is_over_600_lines_outside_its_tests() {
    let long: Vec<String> = sources()
        .into_iter()
        .filter(|(rel, _)| !is_tests(rel))
        .filter_map(|(rel, code)| {
            let n = code.lines().count();
            (n > 600).then(|| format!("src/{rel}: {n} lines of code"))
        })
        .collect();
    assert!(long.is_empty(), "split these files:\n{}", long.join("\n"));
}

#[test]
fn nothing_outside_the_agent_folders_names_an_agent_in_code() {
    let ids: Vec<&str> = hookcheck::tools::ALL.iter().map(|t| t.id).collect();
    let mut found = Vec::new();
    for (rel, code) in sources() {
        if rel.starts_with("tools/") || is_tests(&rel) {
            continue;
        }
        for (n, line) in code.lines().enumerate() {
            for id in &ids {
                let module = id.replace('-', "_");
                if line.contains(&format!("\"{id}\"")) || line.contains(&format!("{module}::")) {
                    found.push(format!("src/{rel}:{}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "only src/tools/ may name an agent:\n{}",
        found.join("\n")
    );
}

/// The module a file is (`native/mod.rs` and `native.rs` are `native`).
fn module_of(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

#[test]
fn no_two_files_depend_on_each_other() {
    let files = sources();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|(rel, _)| module_of(rel)).collect();
    // The deepest module a path names.
    let resolve = |path: &[String]| {
        (1..=path.len())
            .rev()
            .map(|i| path[..i].to_vec())
            .find(|m| modules.contains(m))
    };
    let path_re = regex::Regex::new(
        r"\b(crate|super(?:::super)*)::((?:[a-z_][a-z0-9_]*::)*[a-z_][a-z0-9_]*|\{[^}]*\})",
    )
    .expect("regex");
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (rel, code) in &files {
        let me = module_of(rel);
        for c in path_re.captures_iter(code) {
            let base: Vec<String> = match &c[1] {
                "crate" => Vec::new(),
                s => me[..me.len().saturating_sub(s.matches("super").count())].to_vec(),
            };
            let tails: Vec<String> = match c[2].strip_prefix('{') {
                Some(list) => list
                    .trim_end_matches('}')
                    .split(',')
                    .map(String::from)
                    .collect(),
                None => vec![c[2].to_string()],
            };
            for tail in tails {
                let mut path = base.clone();
                path.extend(
                    tail.trim()
                        .split("::")
                        .take_while(|w| {
                            w.chars().all(|ch| {
                                ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_'
                            }) && !w.is_empty()
                        })
                        .map(String::from),
                );
                if let Some(to) = resolve(&path).filter(|to| *to != me) {
                    edges.entry(me.clone()).or_default().insert(to);
                }
            }
        }
    }
    // Each edge whose far end reaches back to its near end closes a circle.
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for to in edges.get(&m).into_iter().flatten() {
                if seen.insert(to.clone()) {
                    todo.push(to.clone());
                }
            }
        }
        seen
    };
    let mut circles = Vec::new();
    for (from, tos) in &edges {
        for to in tos {
            if reach(to).contains(from) {
                circles.push(format!(
                    "{} -> {} -> ... -> {}",
                    from.join("/"),
                    to.join("/"),
                    from.join("/")
                ));
            }
        }
    }
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

/// The agents' folders, by file: `src/tools/<agent>/...` (not the registry, not test helpers).
fn agent_files() -> Vec<(String, String)> {
    sources()
        .into_iter()
        .filter(|(rel, _)| rel.starts_with("tools/") && rel.matches('/').count() >= 2)
        .collect()
}

#[test]
fn every_agent_plans_and_reads_through_the_one_planner_and_reader() {
    // An agent that calls the planner or the reader itself wraps them: it says in code what
    // a hook point of the contract says as data (issue 25: no own planners).
    let mut found = Vec::new();
    for (rel, code) in agent_files() {
        for (n, line) in code.lines().enumerate() {
            for call in [
                "plan::plan(",
                "plan::plan_by(",
                "reply::read(",
                "reply::read_as(",
            ] {
                if line.contains(call) {
                    found.push(format!("src/{rel}:{}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "an agent folder runs the planner or reader itself; give its contract a hook point \
         instead:\n{}",
        found.join("\n")
    );
}

#[test]
fn each_agent_folder_is_one_agent_value_in_the_registry() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tools");
    let registry = std::fs::read_to_string(src.join("mod.rs")).expect("src/tools/mod.rs");
    let listed = registry
        .split("registry!(")
        .nth(1)
        .and_then(|r| r.split(");").next())
        .expect("the registry! call");
    let listed: Vec<&str> = listed
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let mut folders: Vec<String> = std::fs::read_dir(&src)
        .expect("src/tools")
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    folders.sort();
    let mut sorted = listed.clone();
    sorted.sort_unstable();
    assert_eq!(
        folders, sorted,
        "src/tools/ holds only agent folders, each listed once in registry!"
    );
    for agent in &listed {
        let text = std::fs::read_to_string(src.join(agent).join("mod.rs")).expect("mod.rs");
        assert_eq!(
            text.matches("pub static AGENT: Agent = Agent {").count(),
            1,
            "src/tools/{agent}/mod.rs defines one `pub static AGENT: Agent`"
        );
        // The contract, loader and driver carry no identity: the agent has it once.
        for (file, marker) in [
            ("native.rs", "Loader = Loader {"),
            ("live.rs", "Driver = Driver {"),
        ] {
            let Ok(text) = std::fs::read_to_string(src.join(agent).join(file)) else {
                continue;
            };
            let body = text.split(marker).nth(1).unwrap_or_default();
            let body = body.split("\n};").next().unwrap_or_default();
            for field in ["    id:", "    name:", "    checked:", "    sources:"] {
                assert!(
                    !body.contains(field),
                    "src/tools/{agent}/{file} repeats the agent's `{}`",
                    field.trim()
                );
            }
        }
    }
    let ids: Vec<String> = hookcheck::tools::ids()
        .map(|id| id.replace('-', "_"))
        .collect();
    assert_eq!(ids, listed, "the registry's order is its ids'");
}

#[test]
fn errors_are_rendered_once_by_the_console() {
    // Every subcommand returns its error to `app::main`, which hands it to
    // `console::report_error`: no subcommand prints an error of its own, and no string turns
    // into an error of no kind on the way (issue 25).
    let mut found = Vec::new();
    for (rel, code) in sources() {
        for (n, line) in code.lines().enumerate() {
            let at = || format!("src/{rel}:{}: {}", n + 1, line.trim());
            if line.contains("fn fail(") {
                found.push(at());
            }
            if line.contains("render_error(") && rel != "console.rs" && rel != "report/json.rs" {
                found.push(at());
            }
            if line.contains("impl From<String> for Error")
                || line.contains("impl From<&str> for Error")
            {
                found.push(at());
            }
            if line.contains("println!") || line.contains("eprintln!") {
                found.push(at());
            }
        }
    }
    assert!(
        found.is_empty(),
        "errors are rendered by console::report_error alone:\n{}",
        found.join("\n")
    );
    let app = sources()
        .into_iter()
        .find(|(rel, _)| rel == "app.rs")
        .expect("src/app.rs")
        .1;
    for sub in [
        "fn run_cmd(",
        "fn test_cmd(",
        "fn list_cmd(",
        "fn tools_cmd(",
        "fn list_installed(",
        "fn lint_cmd(",
    ] {
        let sig = app
            .split(sub)
            .nth(1)
            .and_then(|rest| rest.split('{').next())
            .unwrap_or_else(|| panic!("src/app.rs has no {sub}"));
        assert!(
            sig.contains("-> Result<i32, Error>"),
            "{sub} returns its status or an Error: {sig}"
        );
    }
}

/// The public fields of `pub struct NAME` in `src/REL`.
fn fields_of(rel: &str, name: &str) -> Vec<String> {
    let code = sources()
        .into_iter()
        .find(|(r, _)| r == rel)
        .unwrap_or_else(|| panic!("src/{rel}"))
        .1;
    let body = code
        .split(&format!("pub struct {name} {{"))
        .nth(1)
        .and_then(|b| b.split("\n}").next())
        .unwrap_or_else(|| panic!("src/{rel} has no pub struct {name}"));
    body.lines()
        .filter_map(|l| l.trim().strip_prefix("pub "))
        .filter_map(|l| l.split(':').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_recipe_for_an_agent_names_every_field_of_the_agent_and_its_contract() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/dev/adding-an-agent.md"),
    )
    .expect("docs/dev/adding-an-agent.md");
    let mut missing = Vec::new();
    for (rel, name, shown) in [
        ("agent/mod.rs", "Agent", ""),
        ("contract/mod.rs", "Contract", ""),
        ("contract/mod.rs", "Quirks", "Quirks::"),
    ] {
        let fields = fields_of(rel, name);
        assert!(fields.len() >= 5, "{name}: {fields:?}");
        for f in fields {
            if !doc.contains(&format!("`{shown}{f}`")) {
                missing.push(format!("{name}.{f}"));
            }
        }
    }
    for point in ["Run::per_hook", "Reply::prepare", "Reply::after"] {
        if !doc.contains(&format!("`{point}`")) {
            missing.push(point.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "docs/dev/adding-an-agent.md does not describe: {}",
        missing.join(", ")
    );
}

/// Reporters only format what the judge decided: nothing under `src/report/` calls into the
/// judge or the runner (issue 24: the text reporter once asked the judge which agents were
/// assumed).
#[test]
fn the_report_layer_imports_nothing_from_the_judge_or_the_runner() {
    let path = regex::Regex::new(r"\bcrate::(judge|run)\b").expect("regex");
    let mut found = Vec::new();
    for (rel, code) in sources() {
        if !rel.starts_with("src/report/") {
            continue;
        }
        for (i, line) in code.lines().enumerate() {
            if path.is_match(line) && !line.trim_start().starts_with("//") {
                found.push(format!("{rel}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn no_public_function_returns_a_bare_string_as_its_error() {
    // A failure is an `Error` of a kind (with its place and help), a matcher's `MatchError`
    // (syntax or budget), a parser's own syntax error, or `NotRun`: why a hook is not run,
    // in the words of the report (issue 25). A `String` error says none of these.
    let sig = regex::Regex::new(r"\bpub\s+(?:const\s+)?fn\s+\w+[^{;]*").expect("regex");
    let string_error =
        regex::Regex::new(r"->\s*Result<.*,\s*String>\s*(where.*)?$").expect("regex");
    let mut found = Vec::new();
    for (rel, code) in sources() {
        for m in sig.find_iter(&code) {
            let text = m.as_str().split_whitespace().collect::<Vec<_>>().join(" ");
            if string_error.is_match(&text) {
                let line = code[..m.start()].lines().count() + 1;
                found.push(format!("src/{rel}:~{line}: {text}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "public functions returning Result<_, String>:\n{}",
        found.join("\n")
    );
}
