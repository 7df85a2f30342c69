//! `hookcheck test`: a cases file runs many checks in one process, concurrently and bounded,
//! with one report.
//!
//! A cases file (YAML or JSON) holds a list of cases under `cases:`:
//!
//! ```yaml
//! cases:
//!   - name: workflows are protected
//!     hook: protect-files
//!     edit: .github/workflows/ci.yml
//!     expect: block                 # or {claude: block, gemini: allow}, or "block,codex=allow"
//!     targets: [claude, codex]      # optional
//!     include_assumed: false        # optional
//!     strict: false                 # optional: warnings and `✗?` results fail the case
//! ```
//! Paths in a case (`edit`, `payload`) are taken from the project root.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::cli::Format;
use crate::error::{Error, Place};
use crate::exec;
use crate::report::{Keep, Keeps, SCHEMA_VERSION};
use crate::run;
use crate::spec::shape::{self, Form};
use crate::workspace::{CheckRequest, Workspace};

pub use crate::report::suite::{CaseReport, SuiteReport};

/// The cases file used when none is named.
pub const DEFAULT_FILE: &str = ".hookcheck/cases.yaml";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    cases: Vec<serde_saphyr::Spanned<RawCase>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    name: Option<String>,
    hook: String,
    bash: Option<String>,
    edit: Option<String>,
    read: Option<String>,
    mcp: Option<String>,
    mcp_input: Option<serde_json::Value>,
    prompt: Option<String>,
    payload: Option<String>,
    expect: Option<RawExpect>,
    #[serde(default)]
    targets: Vec<String>,
    #[serde(default)]
    include_assumed: bool,
    #[serde(default)]
    strict: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum RawExpect {
    Words(String),
    PerTool(BTreeMap<String, String>),
}

/// One case of a cases file.
#[derive(Debug, Clone)]
pub struct Case {
    /// Its name (the hook and trigger when the file gives none).
    pub name: String,
    /// The cases file.
    pub file: PathBuf,
    /// The 1-based line the case starts on.
    pub line: u64,
    /// The check it asks for.
    pub request: CheckRequest,
}

/// Reads a cases file.
/// Every field of a case with the form its value takes.
const CASE_FORMS: &[(&str, Form)] = &[
    ("name", Form::Text),
    ("hook", Form::Text),
    ("bash", Form::Text),
    ("edit", Form::Text),
    ("read", Form::Text),
    ("mcp", Form::Text),
    ("mcp_input", Form::Any),
    ("prompt", Form::Text),
    ("payload", Form::Text),
    ("expect", Form::TextOrTextMap),
    ("targets", Form::Texts),
    ("include_assumed", Form::Bool),
    ("strict", Form::Bool),
    ("cases", Form::Any),
];

/// Reads a cases file.
pub fn load(path: &Path) -> Result<Vec<Case>, Error> {
    let shown = path.display().to_string();
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let within = crate::workspace::project_root(abs.parent().unwrap_or(Path::new("/")));
    let text = crate::textfile::read_text(&abs, &within).map_err(|e| {
        Error::usage(match e {
            crate::textfile::Refused::Missing => {
                format!("{shown}: cannot read the cases file: no such file")
            }
            crate::textfile::Refused::Not(why) => {
                format!("{shown}: cannot read the cases file: {why}")
            }
        })
    })?;
    // JSON is YAML too, so one parser (with line numbers) reads both.
    let opts = crate::spec::load::yaml_options();
    let raw: RawFile = match serde_saphyr::from_str_with_options(&text, opts.clone()) {
        Ok(raw) => raw,
        Err(e) => {
            let (line, column, said) = shape::yaml_failure(&e);
            let parses =
                serde_saphyr::from_str_with_options::<serde_json::Value>(&text, opts).is_ok();
            return Err(shape::Failure {
                file: &shown,
                text: &text,
                at: (line, column),
                said,
                parses,
                syntax: "YAML",
                fields: CASE_FORMS,
                what: "a case",
                syntax_help: "a cases file is `cases:` followed by a list of cases (hook, a \
                              trigger, expect): look for an unclosed bracket or quote here or \
                              just above",
            }
            .explain());
        }
    };
    let mut cases = Vec::new();
    for spanned in raw.cases {
        let line = spanned.referenced.line();
        let c = spanned.value;
        let at = |msg: String| {
            Error::in_file(
                msg,
                Place {
                    file: shown.clone(),
                    line: Some(line),
                    column: None,
                    width: None,
                    source_line: text
                        .lines()
                        .nth(usize::try_from(line).unwrap_or(1).saturating_sub(1))
                        .map(str::to_string),
                },
            )
        };
        let triggers = [&c.bash, &c.edit, &c.read, &c.mcp, &c.prompt, &c.payload]
            .iter()
            .filter(|t| t.is_some())
            .count();
        if triggers > 1 {
            return Err(at(
                "a case takes at most one trigger of bash, edit, read, mcp, prompt, payload".into(),
            ));
        }
        if c.mcp_input.is_some() && c.mcp.is_none() {
            return Err(at(
                "mcp_input gives the arguments of an MCP tool call, and this case has no mcp"
                    .into(),
            )
            .help("add `mcp: SERVER:TOOL` to the case"));
        }
        let expect = match c.expect {
            None => Vec::new(),
            Some(RawExpect::Words(w)) => vec![w],
            Some(RawExpect::PerTool(map)) => map
                .into_iter()
                .map(|(k, v)| {
                    if k == "all" || k == "*" {
                        v
                    } else {
                        format!("{k}={v}")
                    }
                })
                .collect(),
        };
        let name = c.name.clone().unwrap_or_else(|| {
            let trig = c
                .bash
                .as_deref()
                .or(c.edit.as_deref())
                .or(c.read.as_deref())
                .or(c.mcp.as_deref())
                .or(c.prompt.as_deref())
                .or(c.payload.as_deref());
            match trig {
                Some(t) => format!("{} {t}", c.hook),
                None => c.hook.clone(),
            }
        });
        cases.push(Case {
            name,
            file: path.to_path_buf(),
            line,
            request: CheckRequest {
                hook: c.hook,
                trigger: crate::trigger::Flags {
                    bash: c.bash,
                    edit: c.edit.map(PathBuf::from),
                    read: c.read.map(PathBuf::from),
                    mcp: c.mcp,
                    mcp_input: c.mcp_input.map(|v| v.to_string()),
                    prompt: c.prompt,
                    payload: c.payload.map(PathBuf::from),
                },
                targets: c.targets,
                expect,
                include_assumed: c.include_assumed,
                strict: c.strict,
                ..Default::default()
            },
        });
    }
    Ok(cases)
}

/// The bytes of each stream kept of a case that passed, in `--format json` (the text report
/// shows no more of a failing one).
pub const PASSED_BYTES: usize = crate::report::text::SHOW_BYTES;

/// How much of each command's output `hookcheck test` keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keeping {
    /// In the report a case gets when it finishes, by whether it passed.
    pub report: Keeps,
    /// Once `in_order` has seen the case: what the reports written at the end show of it (the
    /// text of failing cases, JUnit's stderr).
    pub after: Keep,
}

impl Keeping {
    /// What a suite printed in `format` keeps: JSON writes each case as it is reached and
    /// keeps the first bytes of a passing case; the other formats show what the text report
    /// shows of a failing one.
    pub fn for_format(format: Format) -> Self {
        let text = Keep::for_format(Format::Text);
        match format {
            Format::Json => Keeping {
                report: Keeps {
                    passed: Keep::json(PASSED_BYTES),
                    failed: Keep::for_format(Format::Json),
                },
                after: text,
            },
            Format::Text | Format::Ndjson | Format::Github => Keeping {
                report: Keeps::all(text),
                after: text,
            },
        }
    }
}

/// How many bytes of output the finished cases still waiting to be written (behind an earlier
/// case that is still running) may hold before no later case's command starts: out-of-order
/// cases keep their full reports until they are written, so how far ahead the pool runs is
/// bounded by what they hold.
pub const AHEAD_BYTES: usize = 16 << 20;

/// A case on its way: planned when the pool reaches it, its outcomes read as they come in,
/// then its report.
struct Pending {
    check: Result<run::Check, String>,
    planned: Option<run::Planned>,
    left: usize,
    /// Bytes of output its reads keep, until it is written.
    held: usize,
    report: Option<CaseReport>,
}

/// A suite being run: the cases are planned and their commands handed to the pool in file
/// order, as the pool has room.
struct Suite<'a, 'b> {
    ws: &'a Workspace,
    cases: &'a [Case],
    jobs: usize,
    keep: Keeping,
    /// The specs and hook files read for the cases planned so far.
    reads: crate::installed::Reads,
    pending: Vec<Pending>,
    /// The case whose commands are handed out next, and its next command.
    at: (usize, usize),
    /// Per invocation handed out: its case and its index there.
    owner: Vec<(usize, usize)>,
    /// Invocations running.
    running: usize,
    /// The first case not yet written.
    next: usize,
    /// Bytes held by the cases not yet written.
    held: usize,
    on_case: &'b mut dyn FnMut(&CaseReport),
    in_order: &'b mut dyn FnMut(&CaseReport),
}

impl Suite<'_, '_> {
    /// Plans case `ci`; one that starts nothing is complete at once.
    fn plan(&mut self, ci: usize) {
        let Some(case) = self.cases.get(ci) else {
            return;
        };
        let check = crate::installed::resolve_with(
            self.ws,
            &case.request,
            &self.ws.root,
            self.jobs,
            &mut self.reads,
        )
        .map_err(|e| e.one_line());
        let planned = check.as_ref().ok().map(run::plan);
        let left = planned.as_ref().map_or(0, run::Planned::len);
        self.pending.push(Pending {
            check,
            planned,
            left,
            held: 0,
            report: None,
        });
        if left == 0 {
            self.complete(ci);
        }
    }

    /// Judges case `ci`, whose outcomes are all in, and writes what can be written.
    fn complete(&mut self, ci: usize) {
        if let (Some(case), Some(p)) = (self.cases.get(ci), self.pending.get_mut(ci)) {
            complete(case, p, self.keep.report, self.on_case);
        }
        self.write_in_order();
    }

    /// Hands `in_order` the finished cases from `next` on, up to the first still running, and
    /// cuts what is kept of each to `after`.
    fn write_in_order(&mut self) {
        while let Some(p) = self.pending.get_mut(self.next)
            && let Some(report) = p.report.as_mut()
        {
            (self.in_order)(report);
            for c in report
                .report
                .iter_mut()
                .flat_map(|r| &mut r.targets)
                .flat_map(|t| &mut t.commands)
            {
                self.keep
                    .after
                    .trim(&mut c.stdout, &mut c.stdout_dropped_bytes);
                self.keep
                    .after
                    .trim(&mut c.stderr, &mut c.stderr_dropped_bytes);
            }
            self.held = self.held.saturating_sub(std::mem::take(&mut p.held));
            self.next += 1;
        }
    }
}

impl exec::Feed for Suite<'_, '_> {
    fn next(&mut self) -> Option<exec::Invocation> {
        // A command its agent held back until the one before it was read.
        for ci in self.next..self.pending.len() {
            let ready = self.pending[ci]
                .planned
                .as_mut()
                .and_then(run::Planned::take_ready);
            if let Some((k, inv)) = ready {
                self.owner.push((ci, k));
                self.running += 1;
                return Some(inv);
            }
        }
        loop {
            let (ci, k) = self.at;
            if ci >= self.cases.len() {
                return None;
            }
            if self.pending.len() <= ci {
                self.plan(ci);
            }
            let n = self.pending[ci]
                .planned
                .as_ref()
                .map_or(0, run::Planned::len);
            if k >= n {
                self.at = (ci + 1, 0);
                continue;
            }
            // A later case waits while the ones finished ahead hold too much; the first case
            // not yet written, or an idle pool, always goes on.
            if ci > self.next && self.running > 0 && self.held > AHEAD_BYTES {
                return None;
            }
            self.at = (ci, k + 1);
            let inv = self.pending[ci].planned.as_mut().and_then(|p| p.start(k));
            if let Some(inv) = inv {
                self.owner.push((ci, k));
                self.running += 1;
                return Some(inv);
            }
            self.count_skipped(ci);
        }
    }

    fn done(&mut self, i: usize, outcome: exec::Outcome) {
        self.running = self.running.saturating_sub(1);
        let Some(&(ci, k)) = self.owner.get(i) else {
            return;
        };
        let Some(p) = self.pending.get_mut(ci) else {
            return;
        };
        if let (Ok(check), Some(planned)) = (&p.check, &mut p.planned) {
            let kept = planned.read(check, k, outcome, self.keep.report);
            p.held += kept;
            self.held += kept;
        }
        p.left = p.left.saturating_sub(1);
        if p.left == 0 {
            self.complete(ci);
        }
        self.count_skipped(ci);
    }
}

impl Suite<'_, '_> {
    /// Counts the commands of case `ci` that will never start (a hook before them stopped
    /// the action) as finished, completing the case when none is left.
    fn count_skipped(&mut self, ci: usize) {
        let Some(p) = self.pending.get_mut(ci) else {
            return;
        };
        let skipped = p.planned.as_mut().map_or(0, run::Planned::take_skipped);
        if skipped > 0 && p.left > 0 {
            p.left = p.left.saturating_sub(skipped);
            if p.left == 0 {
                self.complete(ci);
            }
        }
    }
}

/// Runs the cases: every command of every case in one pool of `jobs`, so a hook that hangs
/// costs its timeout once, beside the others. Each outcome is read as it finishes and cut to
/// what `keep` allows. `on_case` is told of each case as it finishes, `in_order` of each case
/// in file order as soon as it and those before it have (to write them out as they come).
pub fn run(
    ws: &Workspace,
    cases: &[Case],
    jobs: usize,
    keep: Keeping,
    on_case: &mut dyn FnMut(&CaseReport),
    in_order: &mut dyn FnMut(&CaseReport),
) -> SuiteReport {
    let mut suite = Suite {
        ws,
        cases,
        jobs,
        keep,
        reads: crate::installed::Reads::default(),
        pending: Vec::with_capacity(cases.len()),
        at: (0, 0),
        owner: Vec::new(),
        running: 0,
        next: 0,
        held: 0,
        on_case,
        in_order,
    };
    exec::run_fed(&mut suite, jobs, &exec::Limits::default());
    let interrupted = exec::interrupted();
    let reports: Vec<CaseReport> = suite.pending.into_iter().filter_map(|p| p.report).collect();
    let errors = reports.iter().filter(|r| r.error.is_some()).count();
    let passed = reports.iter().filter(|r| r.passed).count();
    let failed = reports.len() - passed - errors;
    let exit_code = if let Some((_, code)) = interrupted {
        code
    } else if errors > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    };
    SuiteReport {
        schema_version: SCHEMA_VERSION,
        cases: reports,
        passed,
        failed,
        errors,
        exit_code,
        interrupted: interrupted.map(|(name, _)| name.to_string()),
    }
}

/// A case whose outcomes are all in: judge it and tell `on_case`.
fn complete(case: &Case, p: &mut Pending, keep: Keeps, on_case: &mut dyn FnMut(&CaseReport)) {
    let report = case_report(case, p.check.as_ref(), p.planned.take(), keep);
    on_case(&report);
    p.report = Some(report);
}

fn case_report(
    case: &Case,
    check: Result<&run::Check, &String>,
    planned: Option<run::Planned>,
    keep: Keeps,
) -> CaseReport {
    let (passed, error, report) = match (check, planned) {
        (Ok(check), Some(planned)) => {
            let report = run::finish(check, planned, keep);
            (report.summary.passed, None, Some(report))
        }
        (Err(e), _) => (false, Some(e.clone()), None),
        (Ok(_), None) => (
            false,
            Some("internal: the case was not planned".into()),
            None,
        ),
    };
    CaseReport {
        name: case.name.clone(),
        file: case.file.display().to_string(),
        line: case.line,
        hook: case.request.hook.clone(),
        passed,
        error,
        report,
    }
}

/// Keeps the cases whose name contains `pattern` (case-insensitive), or all when `None`.
pub fn select(cases: Vec<Case>, pattern: Option<&str>) -> Vec<Case> {
    match pattern {
        None => cases,
        Some(p) => {
            let p = p.to_lowercase();
            cases
                .into_iter()
                .filter(|c| c.name.to_lowercase().contains(&p))
                .collect()
        }
    }
}

/// One JSON line per agent of a finished case (`--format ndjson`).
pub fn ndjson_lines(c: &CaseReport) -> Vec<String> {
    let base = |target: serde_json::Value,
                decision: serde_json::Value,
                passed: bool,
                error: Option<&String>| {
        serde_json::json!({
            "case": c.name, "file": c.file, "line": c.line, "hook": c.hook,
            "agent": target, "decision": decision, "passed": passed, "error": error,
        })
        .to_string()
    };
    let Some(r) = &c.report else {
        return vec![base(
            serde_json::Value::Null,
            serde_json::Value::Null,
            false,
            c.error.as_ref(),
        )];
    };
    let blame_all = !c.passed && r.summary.failed_targets.is_empty();
    r.targets
        .iter()
        .map(|t| {
            let failed = blame_all || r.summary.failed_targets.contains(&t.target);
            let mut v: serde_json::Value = serde_json::from_str(&base(
                serde_json::json!(t.target),
                serde_json::json!(t.decision),
                !failed,
                None,
            ))
            .unwrap_or_default();
            v["counted"] = serde_json::json!(t.counted);
            v["expect"] = serde_json::json!(r.summary.expect);
            v.to_string()
        })
        .collect()
}
