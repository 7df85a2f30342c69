//! The subcommands: resolve the user's input, run, print, and choose the exit status.
//!
//! Exit status: 0 the check passed, 1 it failed, 2 hookcheck could not run it.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::cli::{
    Cli, ColorWhen, Command, Format, LintFormat, ListArgs, ListFormat, RunArgs, TestArgs, ToolsArgs,
};
use crate::console::{in_github_actions, json_stdout, print, print_command, print_json};
use crate::error::{Error, Kind};
use crate::judge::EXIT_USAGE;
use crate::native;
use crate::report;
use crate::run::{self, Check};
use crate::spec::{self, When};
use crate::suite;
use crate::tools;
use crate::trigger;
use crate::workspace::{CheckRequest, Workspace, jobs, project_root, spec_dirs};

/// Runs the parsed command line and returns the exit status. Every subcommand returns its
/// status or an [`Error`], which is rendered here and nowhere else: as cargo writes one on
/// stderr, and as JSON on stdout too when the command was asked for JSON.
pub fn main(cli: Cli) -> i32 {
    match cli.color {
        ColorWhen::Auto => {}
        ColorWhen::Always => anstream::ColorChoice::Always.write_global(),
        ColorWhen::Never => anstream::ColorChoice::Never.write_global(),
    }
    let json = cli.command.wants_json();
    let status = match run(cli.command) {
        Ok(status) => status,
        Err(e) => crate::console::report_error(&e, json),
    };
    // hookcheck's own match worker is no hook's leftover.
    crate::matcher::js_worker::stop();
    // What a hook left behind outside its group and mark (re-parented to hookcheck, the
    // child subreaper) ends with hookcheck, never outlives it.
    let left = crate::exec::orphans::end();
    if left > 0 {
        let _ = writeln!(
            anstream::stderr(),
            "hookcheck: warning: ended {left} process(es) a hook left behind outside its process group, with its environment cleared"
        );
    }
    // The run's own folders (the transcripts the hooks' inputs name) go with it.
    crate::exec::scratch::remove_all();
    // A report that could not be written is lost: never an exit 0 (or 1) on nothing.
    crate::console::lost_report().unwrap_or(status)
}

fn run(command: Command) -> Result<i32, Error> {
    match command {
        Command::Run(args) if args.live => crate::live::cmd::from_run(args),
        Command::Run(args) => run_cmd(args),
        Command::List(args) if args.installed => list_installed(args),
        Command::Live(args) => crate::live::cmd::main(args),
        Command::List(args) => list_cmd(args),
        Command::Lint(args) => lint_cmd(args),
        Command::Tools(args) => tools_cmd(args),
        Command::Test(args) => test_cmd(args),
        Command::Sweep(args) => crate::sweep::cmd::main(args),
        Command::Sync(args) => crate::sync::cmd::main(args),
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut cmd, "hookcheck", &mut out);
            print(&String::from_utf8_lossy(&out));
            Ok(0)
        }
        Command::McpProbe { tool, marker } => Ok(crate::live::mcp::serve(&tool, &marker)),
        Command::Man => {
            let cmd = <Cli as clap::CommandFactory>::command();
            let mut out = Vec::new();
            clap_mangen::Man::new(cmd)
                .render(&mut out)
                .map_err(|e| Error::new(Kind::Output, format!("cannot write the man page: {e}")))?;
            print(&String::from_utf8_lossy(&out));
            Ok(0)
        }
        Command::Schema { kind } => {
            let schema = match kind.as_deref() {
                None => Some(report::schema()),
                // The sweep's shape is its own module's (report/ does not import sweep/).
                Some("sweep") => {
                    serde_json::to_value(schemars::schema_for!(crate::sweep::SweepReport)).ok()
                }
                // Live mode's shape is its own module's, as the sweep's is.
                Some("live") => {
                    serde_json::to_value(schemars::schema_for!(crate::live::cmd::LiveReport)).ok()
                }
                Some(k) => report::listing::schema(k),
            };
            let Some(schema) = schema else {
                return Err(Error::usage(
                    "no such output: see `hookcheck schema --help`",
                ));
            };
            print_json(&format!(
                "{}\n",
                serde_json::to_string_pretty(&schema).unwrap_or_default()
            ));
            Ok(0)
        }
    }
}

fn run_cmd(args: RunArgs) -> Result<i32, Error> {
    let format = args.format;
    let text = report::text::Options {
        verbosity: report::text::Verbosity::from_count(args.verbose),
        strict: args.strict,
    };
    let dry = args.dry_run;
    if !dry {
        // The signal handling comes up beside the loading and planning.
        crate::exec::prepare();
    }
    match prepare(args) {
        Ok(check) if dry => {
            let report = run::dry_run(&check);
            if format == Format::Json {
                print_json(&format!(
                    "{}\n",
                    serde_json::to_string_pretty(&report).unwrap_or_default()
                ));
            } else {
                print(&report::dry::render(&report));
            }
            // Nothing is judged; a dry run that would start nothing says so with status 1.
            Ok(i32::from(report.would_start == 0))
        }
        Ok(check) => {
            let format = if format == Format::Text && in_github_actions() {
                Format::Github
            } else {
                format
            };
            let report = run::run_check(&check, report::Keep::for_format(format));
            match format {
                Format::Text => print(&report::text::render(&report, text)),
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
                    print(&report::text::render(&report, text));
                    if !report.summary.passed {
                        let line = report_line(&report);
                        let title = format!("hookcheck: {}", report.hook);
                        print_command(&format!(
                            "{}\n",
                            report::suite::github::error_line(
                                &report.spec,
                                line,
                                &title,
                                &report.summary.message
                            )
                        ));
                    }
                }
            }
            Ok(report.summary.exit_code)
        }
        Err(e) => Err(e),
    }
}

fn prepare(args: RunArgs) -> Result<Check, Error> {
    let ws = Workspace::from_process(&args.specs)?;
    let jobs = jobs(args.jobs)?;
    let req = CheckRequest {
        hook: args.hook.unwrap_or_default(),
        trigger: crate::trigger::Flags {
            bash: args.bash,
            edit: args.edit,
            read: args.read,
            mcp: args.mcp,
            mcp_input: args.mcp_input,
            prompt: args.prompt,
            payload: args.payload,
        },
        targets: args.targets,
        expect: args.expect,
        include_assumed: args.include_assumed,
        strict: args.strict,
        event: args.event,
        installed: crate::workspace::installed(args.installed),
    };
    let mut check = crate::installed::resolve(&ws, &req, &ws.cwd, jobs)?;
    check.show_invocations = args.verbose >= 2;
    Ok(check)
}

/// A hook file an agent cannot load, as an error placed in the file, with what the agent does.
fn native_error(root: &Path, e: &native::NativeError) -> Error {
    let source_line = e.line.and_then(|l| {
        let text = std::fs::read_to_string(root.join(&e.file)).ok()?;
        text.lines()
            .nth(usize::try_from(l).ok()?.checked_sub(1)?)
            .map(str::to_string)
    });
    Error::new(Kind::HookFile, e.message.clone())
        .at(crate::error::Place {
            file: e.file.display().to_string(),
            line: e.line,
            column: None,
            width: None,
            source_line,
        })
        .help(e.consequence.clone())
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

fn test_cmd(args: TestArgs) -> Result<i32, Error> {
    let text = report::text::Options {
        verbosity: report::text::Verbosity::from_count(args.verbose),
        strict: false,
    };
    let format = args.format.unwrap_or(if in_github_actions() {
        Format::Github
    } else {
        Format::Text
    });
    let ws = Workspace::from_process(&args.specs)?;
    let jobs = jobs(args.jobs)?;
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
        cases.extend(suite::load(&display_path(&ws.cwd, f))?);
    }
    let cases = suite::select(cases, args.filter.as_deref());
    if cases.is_empty() {
        return Err(Error::usage(
            "no cases to run (check the file, or the -k pattern)",
        ));
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
        .then(|| report::suite::json::Stream::begin(std::io::BufWriter::new(json_stdout())).ok())
        .flatten();
    let mut in_order = |c: &suite::CaseReport| {
        if json.as_mut().is_some_and(|s| s.case(c).is_err()) {
            json = None;
        }
    };
    let keep = suite::Keeping::for_format(format);
    // A signal ends the running hooks, and the cases that finished are still reported.
    crate::exec::defer_interrupts();
    let result = suite::run(&ws, &cases, jobs, keep, &mut on_case, &mut in_order);
    if progress {
        let _ = write!(anstream::stderr(), "\r\x1b[2K");
    }
    match format {
        Format::Text => print(&report::suite::text::render(&result, text)),
        Format::Json => {
            if let Some(s) = json {
                let _ = s.end(&result);
            }
        }
        Format::Ndjson => {}
        Format::Github => {
            print(&report::suite::text::render(&result, text));
            print_command(&report::suite::github::annotations(&result));
        }
    }
    // In GitHub Actions, or asked for with `--format github` (as the README says).
    if (in_github_actions() || format == Format::Github)
        && let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY")
    {
        let summary = report::suite::github::step_summary(&result);
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
        let xml = report::suite::junit::render(&result)?;
        std::fs::write(path, xml).map_err(|e| {
            Error::new(
                Kind::Output,
                format!("--junit {}: cannot write it: {e}", path.display()),
            )
        })?;
    }
    if let Some(signal) = &result.interrupted {
        let _ = writeln!(
            anstream::stderr(),
            "hookcheck: interrupted ({signal}): stopped the running hooks; the {} case(s) that finished are reported",
            result.cases.len()
        );
    }
    Ok(result.exit_code)
}

/// `path` shown relative to `cwd` when it is below it.
fn display_path(cwd: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(cwd)
        .map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}

fn list_cmd(args: ListArgs) -> Result<i32, Error> {
    let Ok(cwd) = std::env::current_dir() else {
        return Err(Error::usage("cannot read the current folder"));
    };
    let root = project_root(&cwd);
    let dirs = spec_dirs(&args.specs, &cwd, &root);
    let mut rows = Vec::new();
    let mut status = 0;
    for (name, path) in spec::discover(&dirs) {
        let file = path.display().to_string();
        rows.push(match spec::load_file(&path) {
            Ok(s) => {
                let (when, what) = match &s.when {
                    When::Native { event, matcher } => (format!("event: {event}"), matcher.clone()),
                    When::Portable { on, .. } => (
                        format!("on: {}", on.as_str()),
                        s.raw.match_.clone().unwrap_or_default(),
                    ),
                };
                report::listing::SpecRow {
                    name: s.name,
                    file,
                    when: Some(when),
                    match_: Some(what),
                    agents: Some(s.raw.targets.unwrap_or_else(|| vec!["all".into()])),
                    error: None,
                }
            }
            Err(e) => {
                status = EXIT_USAGE;
                report::listing::SpecRow {
                    name,
                    file,
                    when: None,
                    match_: None,
                    agents: None,
                    error: Some(e.to_string()),
                }
            }
        });
    }
    match args.format {
        ListFormat::Json => print_json_value(&report::listing::SpecList {
            schema_version: report::SCHEMA_VERSION,
            hooks: rows,
        }),
        ListFormat::Text => print(&report::listing::specs_text(&rows, &dirs)),
    }
    Ok(status)
}

/// Prints a value as pretty JSON.
fn print_json_value(v: &impl serde::Serialize) {
    print_json(&format!(
        "{}\n",
        serde_json::to_string_pretty(v).unwrap_or_default()
    ));
}

fn tools_cmd(args: ToolsArgs) -> Result<i32, Error> {
    let chosen: Vec<&tools::Agent> = match &args.agent {
        None => tools::ALL.to_vec(),
        Some(id) => match tools::find(id) {
            Some(t) => vec![t],
            None => {
                let known: Vec<&str> = tools::ids().collect();
                let help = crate::spec::did_you_mean(id, known.iter().copied())
                    .map(|m| format!("did you mean `{m}`?"))
                    .unwrap_or_else(|| format!("the agents are: {}", known.join(", ")));
                return Err(Error::usage(format!("no agent `{id}`: {help}")));
            }
        },
    };
    match args.format {
        ListFormat::Json => {
            print_json_value(&report::listing::ToolList {
                schema_version: report::SCHEMA_VERSION,
                agents: chosen.iter().map(|t| report::tools::row(t)).collect(),
            });
        }
        ListFormat::Text if args.fields => print(&report::tools::fields_table(&chosen)),
        ListFormat::Text => {
            let mut out = String::new();
            for t in &chosen {
                match args.agent {
                    Some(_) => {
                        out.push_str(&report::tools::detail(t));
                        out.push_str(&report::lifecycle::section(t.id));
                        out.push_str(&crate::sync::shape(t));
                    }
                    None => out.push_str(&report::tools::summary(t)),
                }
            }
            if args.agent.is_none() {
                out.push_str(&crate::live::agents::tools_section());
            }
            print(&out);
        }
    }
    Ok(0)
}

fn list_installed(args: ListArgs) -> Result<i32, Error> {
    let ws = Workspace::from_process(&[])?;
    let mut inv = native::inventory::load(&ws.root, &ws.home, args.user);
    inv.third_party = args.third_party;
    let rows = inv.rows();
    // A hook file an agent cannot load is a finding about the project, as in `lint` and
    // `run --installed` (status 1), not a command hookcheck could not run (2): the rest is
    // listed all the same.
    let status = if inv.errors.is_empty() { 0 } else { 1 };
    match args.format {
        ListFormat::Json => {
            let rows_of = |list: &mut dyn Iterator<Item = &native::NativeError>| -> Vec<_> {
                list.map(|e| report::listing::FileError {
                    file: e.file.display().to_string(),
                    line: e.line,
                    message: e.message.clone(),
                    consequence: e.consequence.clone(),
                })
                .collect()
            };
            let errors = rows_of(&mut inv.errors.iter());
            let warnings =
                rows_of(&mut inv.discarded.iter().chain(&inv.decoded).chain(&inv.skipped));
            let handlers = report::listing::handler_rows(rows)?;
            let sources = native::generators::find(&ws.root)
                .iter()
                .map(|s| report::listing::SourceRow {
                    file: s.file.display().to_string(),
                    generator: s.generator.name.to_string(),
                    generates: s.agents().iter().map(|a| a.to_string()).collect(),
                })
                .collect();
            print_json_value(&report::listing::InstalledList {
                schema_version: report::SCHEMA_VERSION,
                handlers,
                errors,
                warnings,
                sources,
            });
        }
        ListFormat::Text => {
            let warnings: Vec<_> = inv
                .discarded
                .iter()
                .chain(&inv.decoded)
                .chain(&inv.skipped)
                .cloned()
                .collect();
            print(&native::inventory::table(&rows, &[], &warnings));
            print(&native::generators::notes(&ws.root));
            // A file an agent cannot load is an error: on stderr, placed, as cargo writes it.
            let mut err = anstream::stderr();
            for e in &inv.errors {
                let text = native_error(&ws.root, e).render();
                let _ = err.write_all(text.as_bytes());
            }
        }
    }
    Ok(status)
}

fn lint_cmd(args: crate::cli::LintArgs) -> Result<i32, Error> {
    let ws = Workspace::from_process(&args.specs)?;
    let mut inv = native::inventory::load(&ws.root, &ws.home, args.user);
    inv.third_party = args.third_party;
    let findings = native::lint::lint(&ws.root, &ws.spec_dirs, &inv);
    match args.format {
        LintFormat::Json => print_json_value(&report::listing::lint_report(&findings)?),
        LintFormat::Sarif => {
            // A CI runner is never trusted: the trust notes would come back on every run.
            let uploaded: Vec<native::lint::Finding> = findings
                .iter()
                .filter(|f| args.trust_notes || f.rule != "needs-trust")
                .cloned()
                .collect();
            print_json(&format!(
                "{}\n",
                serde_json::to_string_pretty(&native::sarif::log(&uploaded)).unwrap_or_default()
            ))
        }
        LintFormat::Text => print(&native::lint::render(&findings)),
    }
    Ok(i32::from(
        findings
            .iter()
            .any(|f| f.severity == native::lint::Severity::Error),
    ))
}
