//! The subcommands: resolve the user's input, run, print, and choose the exit status.
//!
//! Exit status: 0 the check passed, 1 it failed, 2 hookcheck could not run it.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::cli::{
    Cli, ColorWhen, Command, Format, LintFormat, ListArgs, ListFormat, RunArgs, TestArgs, ToolsArgs,
};
use crate::exec::Limits;
use crate::judge::EXIT_USAGE;
use crate::judge::Expect;
use crate::native;
use crate::report;
use crate::run::{self, Check};
use crate::spec::{self, When};
use crate::suite;
use crate::tools;
use crate::trigger;
use crate::workspace::{
    CheckRequest, Workspace, add_expect, jobs, project_root, select_tools, spec_dirs,
};

/// Runs the parsed command line and returns the exit status.
pub fn main(cli: Cli) -> i32 {
    match cli.color {
        ColorWhen::Auto => {}
        ColorWhen::Always => anstream::ColorChoice::Always.write_global(),
        ColorWhen::Never => anstream::ColorChoice::Never.write_global(),
    }
    match cli.command {
        Command::Run(args) if args.live => crate::live::cmd::from_run(args),
        Command::Run(args) => run_cmd(args),
        Command::List(args) if args.installed => list_installed(args),
        Command::Live(args) => crate::live::cmd::main(args),
        Command::List(args) => list_cmd(args),
        Command::Lint(args) => lint_cmd(args),
        Command::Tools(args) => tools_cmd(args),
        Command::Test(args) => test_cmd(args),
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut cmd, "hookcheck", &mut out);
            print(&String::from_utf8_lossy(&out));
            0
        }
        Command::Man => {
            let cmd = <Cli as clap::CommandFactory>::command();
            let mut out = Vec::new();
            if let Err(e) = clap_mangen::Man::new(cmd).render(&mut out) {
                return fail(Format::Text, &format!("cannot write the man page: {e}"));
            }
            print(&String::from_utf8_lossy(&out));
            0
        }
        Command::Schema => {
            let schema = report::schema();
            print_json(&format!(
                "{}\n",
                serde_json::to_string_pretty(&schema).unwrap_or_default()
            ));
            0
        }
    }
}

/// Prints text for people; in a GitHub Actions step no line of it can be read as a workflow
/// command (it holds hook output, and hook output must not forge or stop annotations).
fn print(s: &str) {
    if in_github_actions() {
        write_stdout(&suite::github::neutralise_text(s));
    } else {
        write_stdout(s);
    }
}

/// Prints JSON; in a GitHub Actions step with `##[` spelt so the runner cannot read it.
fn print_json(s: &str) {
    if in_github_actions() {
        write_stdout(&suite::github::neutralise_json(s));
    } else {
        write_stdout(s);
    }
}

/// Standard output for JSON written as it streams; in a GitHub Actions step with `##[` spelt
/// so the runner cannot read it.
fn json_stdout() -> Box<dyn std::io::Write> {
    if in_github_actions() {
        Box::new(suite::github::NeutralJson::new(anstream::stdout()))
    } else {
        Box::new(anstream::stdout())
    }
}

/// Prints hookcheck's own workflow commands, as they are.
fn print_command(s: &str) {
    write_stdout(s);
}

fn write_stdout(s: &str) {
    let mut out = anstream::stdout();
    // A closed pipe (`hookcheck ... | head`) is not an error worth a panic.
    let _ = out.write_all(s.as_bytes());
    let _ = out.flush();
}

fn fail(format: Format, message: &str) -> i32 {
    if format == Format::Json {
        print_json(&format!("{}\n", report::json::render_error(message)));
    }
    let mut err = anstream::stderr();
    let message = if in_github_actions() {
        suite::github::neutralise_text(message)
    } else {
        message.to_string()
    };
    let _ = writeln!(err, "hookcheck: error: {message}");
    EXIT_USAGE
}

fn run_cmd(args: RunArgs) -> i32 {
    let format = args.format;
    let strict = args.strict;
    match prepare(args) {
        Ok(check) => {
            let format = if format == Format::Text && in_github_actions() {
                Format::Github
            } else {
                format
            };
            let mut report = run::run_check(&check, report::Keep::for_format(format));
            if strict {
                apply_strict(&mut report);
            }
            match format {
                Format::Text => print(&report::text::render(&report)),
                // A closed pipe (`hookcheck ... | head`) is not an error worth a word.
                Format::Json => {
                    let _ = report::json::write(&report, json_stdout());
                }
                Format::Ndjson => {
                    for t in &report.targets {
                        print_json(&format!(
                            "{}\n",
                            serde_json::to_string(t).unwrap_or_default()
                        ));
                    }
                }
                Format::Github => {
                    print(&report::text::render(&report));
                    if !report.summary.passed {
                        let line = report_line(&report);
                        let title = format!("hookcheck: {}", report.hook);
                        print_command(&format!(
                            "{}\n",
                            suite::github::error_line(
                                &report.spec,
                                line,
                                &title,
                                &report.summary.message
                            )
                        ));
                    }
                }
            }
            report.summary.exit_code
        }
        Err(message) => fail(format, &message),
    }
}

fn prepare(args: RunArgs) -> Result<Check, String> {
    let ws = Workspace::from_process(&args.specs)?;
    let jobs = jobs(args.jobs)?;
    if args.installed {
        return installed_check(&ws, args, jobs);
    }
    let req = CheckRequest {
        hook: args.hook.unwrap_or_default(),
        bash: args.bash,
        edit: args.edit,
        prompt: args.prompt,
        payload: args.payload,
        targets: args.targets,
        expect: args.expect,
        include_assumed: args.include_assumed,
    };
    let mut check = ws.check(&req, &ws.cwd, jobs)?;
    let inv = native::inventory::load(&ws.root, &ws.home, false);
    check.warnings = native::stale::for_check(&check, &inv);
    Ok(check)
}

/// `run --installed`: every handler in the agents' own files, by each agent's rules.
fn installed_check(ws: &Workspace, args: RunArgs, jobs: usize) -> Result<Check, String> {
    let tools = select_tools(&args.targets)?;
    let mut expect = Expect::default();
    for e in &args.expect {
        add_expect(&mut expect, e)?;
    }
    let trigger = trigger::from_flags(args.bash, args.edit, args.prompt, args.payload, &ws.cwd)?;
    let mut inv = native::inventory::load(&ws.root, &ws.home, args.user);
    inv.third_party = args.third_party;
    let parts = native::installed::plan(&tools, &inv);
    if parts.tools.is_empty() {
        return Err("none of the tools asked for has hook files hookcheck can read".into());
    }
    Ok(Check {
        subject: run::Subject::Installed {
            specs: parts.specs,
            files: parts.files,
        },
        warnings: parts.warnings,
        notes: parts.notes,
        trigger,
        tools: parts.tools,
        expect,
        include_assumed: args.include_assumed,
        jobs,
        root: ws.root.clone(),
        home: ws.home.clone(),
        env: ws.env.clone(),
        limits: Limits::default(),
        peers: Vec::new(),
    })
}

/// `--strict`: any warning fails the check.
fn apply_strict(report: &mut report::Report) {
    let warned: Vec<String> = report
        .targets
        .iter()
        .filter(|t| !t.warnings.is_empty())
        .map(|t| t.target.clone())
        .collect();
    if warned.is_empty() {
        return;
    }
    for id in &warned {
        report
            .summary
            .failures
            .push(format!("{id}: warnings fail the run under --strict"));
        if !report.summary.failed_targets.contains(id) {
            report.summary.failed_targets.push(id.clone());
        }
    }
    report.summary.passed = false;
    report.summary.exit_code = 1;
    report.summary.message = format!(
        "hook {}: {}",
        report.hook,
        report.summary.failures.join("; ")
    );
}

/// Whether this runs as a GitHub Actions step.
fn in_github_actions() -> bool {
    std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true")
}

/// The spec line an annotation points at: where the event is set.
fn report_line(report: &report::Report) -> u64 {
    let text = std::fs::read_to_string(&report.spec).unwrap_or_default();
    let file = spec::SpecFile {
        path: PathBuf::from(&report.spec),
        text,
    };
    file.line_of("event")
        .or_else(|| file.line_of("on"))
        .unwrap_or(1)
}

fn test_cmd(args: TestArgs) -> i32 {
    let format = args.format.unwrap_or(if in_github_actions() {
        Format::Github
    } else {
        Format::Text
    });
    let ws = match Workspace::from_process(&args.specs) {
        Ok(ws) => ws,
        Err(e) => return fail(format, &e),
    };
    let jobs = match jobs(args.jobs) {
        Ok(j) => j,
        Err(e) => return fail(format, &e),
    };
    let files: Vec<PathBuf> = if args.files.is_empty() {
        vec![ws.root.join(suite::DEFAULT_FILE)]
    } else {
        args.files
            .iter()
            .map(|f| trigger::absolute(&ws.cwd, f))
            .collect()
    };
    let mut cases = Vec::new();
    for f in &files {
        match suite::load(&display_path(&ws.cwd, f)) {
            Ok(c) => cases.extend(c),
            Err(e) => return fail(format, &e),
        }
    }
    let cases = suite::select(cases, args.filter.as_deref());
    if cases.is_empty() {
        return fail(
            format,
            "no cases to run (check the file, or the -k pattern)",
        );
    }
    let progress = format != Format::Ndjson && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let total = cases.len();
    let mut done = 0;
    let mut on_case = |c: &suite::CaseReport| {
        done += 1;
        if format == Format::Ndjson {
            for line in suite::ndjson_lines(c) {
                print_json(&format!("{line}\n"));
            }
        }
        if progress {
            let mut err = anstream::stderr();
            let _ = write!(err, "\r\x1b[2K[{done}/{total}] {}", c.name);
            let _ = err.flush();
        }
    };
    // JSON is written case by case as the suite reaches them; a closed pipe ends the writing.
    let mut json = (format == Format::Json)
        .then(|| suite::json::Stream::begin(std::io::BufWriter::new(json_stdout())).ok())
        .flatten();
    let mut in_order = |c: &suite::CaseReport| {
        if json.as_mut().is_some_and(|s| s.case(c).is_err()) {
            json = None;
        }
    };
    let keep = suite::Keeping::for_format(format);
    let result = suite::run(&ws, &cases, jobs, keep, &mut on_case, &mut in_order);
    if progress {
        let _ = write!(anstream::stderr(), "\r\x1b[2K");
    }
    match format {
        Format::Text => print(&suite::text::render(&result)),
        Format::Json => {
            if let Some(s) = json {
                let _ = s.end(&result);
            }
        }
        Format::Ndjson => {}
        Format::Github => {
            print(&suite::text::render(&result));
            print_command(&suite::github::annotations(&result));
        }
    }
    if in_github_actions()
        && let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY")
    {
        let summary = suite::github::step_summary(&result);
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut f| f.write_all(summary.as_bytes()));
        if let Err(e) = written {
            let _ = writeln!(
                anstream::stderr(),
                "hookcheck: warning: cannot append to GITHUB_STEP_SUMMARY: {e}"
            );
        }
    }
    if let Some(path) = &args.junit {
        match suite::junit::render(&result) {
            Ok(xml) => {
                if let Err(e) = std::fs::write(path, xml) {
                    return fail(
                        format,
                        &format!("--junit {}: cannot write it: {e}", path.display()),
                    );
                }
            }
            Err(e) => return fail(format, &e),
        }
    }
    result.exit_code
}

/// `path` shown relative to `cwd` when it is below it.
fn display_path(cwd: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(cwd)
        .map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}

fn list_cmd(args: ListArgs) -> i32 {
    let Ok(cwd) = std::env::current_dir() else {
        return fail(Format::Text, "cannot read the current folder");
    };
    let root = project_root(&cwd);
    let dirs = spec_dirs(&args.specs, &cwd, &root);
    let mut rows = Vec::new();
    let mut status = 0;
    for (name, path) in spec::discover(&dirs) {
        let row = match spec::load_file(&path) {
            Ok(s) => {
                let (when, what) = match &s.when {
                    When::Native { event, matcher } => (format!("event: {event}"), matcher.clone()),
                    When::Portable { on, .. } => (
                        format!("on: {}", on.as_str()),
                        s.raw.match_.clone().unwrap_or_default(),
                    ),
                };
                serde_json::json!({
                    "name": s.name, "when": when, "match": what,
                    "targets": s.raw.targets.clone().unwrap_or_else(|| vec!["all".into()]),
                    "file": path.display().to_string(), "error": null,
                })
            }
            Err(e) => {
                status = EXIT_USAGE;
                serde_json::json!({ "name": name, "file": path.display().to_string(), "error": e.to_string() })
            }
        };
        rows.push(row);
    }
    match args.format {
        ListFormat::Json => print_json(&format!(
            "{}\n",
            serde_json::to_string_pretty(&rows).unwrap_or_default()
        )),
        ListFormat::Text => {
            if rows.is_empty() {
                let where_ = dirs
                    .iter()
                    .map(|d| d.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ");
                print(&format!("no hook specs in {where_}\n"));
            }
            let mut out = String::new();
            for r in &rows {
                let s = |k: &str| {
                    r.get(k)
                        .and_then(|v| v.as_str())
                        .unwrap_or_default()
                        .to_string()
                };
                if let Some(e) = r.get("error").and_then(|v| v.as_str()) {
                    out.push_str(&format!("{}  invalid: {e}\n", s("name")));
                    continue;
                }
                let targets = r["targets"].as_array().map(|a| {
                    a.iter()
                        .filter_map(|v| v.as_str())
                        .collect::<Vec<_>>()
                        .join(",")
                });
                let m = s("match");
                let m = if m.is_empty() {
                    String::new()
                } else {
                    format!(" [{m}]")
                };
                out.push_str(&format!(
                    "{}  {}{}  targets: {}  {}\n",
                    s("name"),
                    s("when"),
                    m,
                    targets.unwrap_or_default(),
                    s("file")
                ));
            }
            print(&out);
        }
    }
    status
}

fn tools_cmd(args: ToolsArgs) -> i32 {
    match args.format {
        ListFormat::Json => {
            let list: Vec<_> = tools::ALL
                .iter()
                .map(|t| {
                    serde_json::json!({
                        "id": t.id, "name": t.name, "checked": t.checked, "sources": t.sources,
                        "events": t.events, "shell": t.shell, "default_timeouts": t.timeouts,
                        "notes": t.notes,
                    })
                })
                .collect();
            print_json(&format!(
                "{}\n",
                serde_json::to_string_pretty(&list).unwrap_or_default()
            ));
        }
        ListFormat::Text => {
            let mut out = String::new();
            for t in tools::ALL {
                out.push_str(&format!("{} ({}), checked {}\n", t.id, t.name, t.checked));
                out.push_str(&format!(
                    "  events: {}\n",
                    if t.events.is_empty() {
                        "none".into()
                    } else {
                        t.events.join(", ")
                    }
                ));
                out.push_str(&format!("  shell: {}\n", t.shell));
                out.push_str(&format!("  default timeouts: {}\n", t.timeouts));
                for n in t.notes {
                    out.push_str(&format!("  note: {n}\n"));
                }
                for s in t.sources {
                    out.push_str(&format!("  source: {s}\n"));
                }
            }
            out.push_str(&crate::live::cmd::tools_section());
            print(&out);
        }
    }
    0
}

fn list_installed(args: ListArgs) -> i32 {
    let ws = match Workspace::from_process(&[]) {
        Ok(ws) => ws,
        Err(e) => return fail(Format::Text, &e),
    };
    let mut inv = native::inventory::load(&ws.root, &ws.home, args.user);
    inv.third_party = args.third_party;
    let rows = inv.rows();
    let status = if inv.errors.is_empty() { 0 } else { EXIT_USAGE };
    match args.format {
        ListFormat::Json => {
            let json = |list: &mut dyn Iterator<Item = &native::NativeError>| -> Vec<_> {
                list.map(|e| {
                    serde_json::json!({
                        "file": e.file.display().to_string(), "line": e.line,
                        "message": e.message, "consequence": e.consequence,
                    })
                })
                .collect()
            };
            let errors = json(&mut inv.errors.iter());
            let warnings = json(&mut inv.discarded.iter().chain(&inv.decoded));
            let out =
                serde_json::json!({ "handlers": rows, "errors": errors, "warnings": warnings });
            print_json(&format!(
                "{}\n",
                serde_json::to_string_pretty(&out).unwrap_or_default()
            ));
        }
        ListFormat::Text => {
            let warnings: Vec<_> = inv.discarded.iter().chain(&inv.decoded).cloned().collect();
            print(&native::inventory::table(&rows, &inv.errors, &warnings))
        }
    }
    status
}

fn lint_cmd(args: crate::cli::LintArgs) -> i32 {
    let ws = match Workspace::from_process(&args.specs) {
        Ok(ws) => ws,
        Err(e) => return fail(Format::Text, &e),
    };
    let mut inv = native::inventory::load(&ws.root, &ws.home, args.user);
    inv.third_party = args.third_party;
    let findings = native::lint::lint(&ws.root, &ws.spec_dirs, &inv);
    match args.format {
        LintFormat::Json => print_json(&format!(
            "{}\n",
            serde_json::to_string_pretty(&findings).unwrap_or_default()
        )),
        LintFormat::Sarif => print_json(&format!(
            "{}\n",
            serde_json::to_string_pretty(&native::sarif::log(&findings)).unwrap_or_default()
        )),
        LintFormat::Text => print(&native::lint::render(&findings)),
    }
    i32::from(
        findings
            .iter()
            .any(|f| f.severity == native::lint::Severity::Error),
    )
}
