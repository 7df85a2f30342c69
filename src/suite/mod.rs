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
//! ```
//! Paths in a case (`edit`, `payload`) are taken from the project root.

pub mod github;
pub mod junit;
pub mod text;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::app::{CheckRequest, Workspace};
use crate::exec;
use crate::report::{Report, SCHEMA_VERSION};
use crate::run;

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
    prompt: Option<String>,
    payload: Option<String>,
    expect: Option<RawExpect>,
    #[serde(default)]
    targets: Vec<String>,
    #[serde(default)]
    include_assumed: bool,
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
pub fn load(path: &Path) -> Result<Vec<Case>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read the cases file: {e}", path.display()))?;
    // JSON is YAML too, so one parser (with line numbers) reads both.
    let opts = serde_saphyr::options! { strict_booleans: true, };
    let raw: RawFile = serde_saphyr::from_str_with_options(&text, opts).map_err(|e| {
        let loc = e.location().map(|l| format!(":{}:{}", l.line(), l.column())).unwrap_or_default();
        let first = e.to_string().lines().next().unwrap_or_default().to_string();
        format!("{}{loc}: {first}; a cases file is `cases:` followed by a list of cases (hook, a trigger, expect)", path.display())
    })?;
    let mut cases = Vec::new();
    for spanned in raw.cases {
        let line = spanned.referenced.line();
        let c = spanned.value;
        let at = |msg: String| format!("{}:{line}: {msg}", path.display());
        let triggers = [&c.bash, &c.edit, &c.prompt, &c.payload]
            .iter()
            .filter(|t| t.is_some())
            .count();
        if triggers > 1 {
            return Err(at(
                "a case takes at most one trigger of bash, edit, prompt, payload".into(),
            ));
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
                bash: c.bash,
                edit: c.edit.map(PathBuf::from),
                prompt: c.prompt,
                payload: c.payload.map(PathBuf::from),
                targets: c.targets,
                expect,
                include_assumed: c.include_assumed,
            },
        });
    }
    Ok(cases)
}

/// One case's result.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CaseReport {
    /// The case's name.
    pub name: String,
    /// The cases file.
    pub file: String,
    /// The line the case starts on.
    pub line: u64,
    /// The hook it checks.
    pub hook: String,
    /// Whether it passed.
    pub passed: bool,
    /// Why the case could not run (exit status 2).
    pub error: Option<String>,
    /// The check's report, when it ran.
    pub report: Option<Report>,
}

/// What `hookcheck test` found.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SuiteReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// Every case run, in file order.
    pub cases: Vec<CaseReport>,
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed.
    pub failed: usize,
    /// Cases that could not run.
    pub errors: usize,
    /// 0 all passed, 1 a case failed, 2 a case could not run.
    pub exit_code: i32,
}

/// Runs the cases: every command of every case in one pool of `jobs`, so a hook that hangs
/// costs its timeout once, beside the others. `on_case` is told of each case as it finishes.
pub fn run(
    ws: &Workspace,
    cases: &[Case],
    jobs: usize,
    on_case: &mut dyn FnMut(&CaseReport),
) -> SuiteReport {
    struct Pending {
        check: Result<run::Check, String>,
        planned: Option<run::Planned>,
        outcomes: Vec<Option<exec::Outcome>>,
        left: usize,
        report: Option<CaseReport>,
    }
    let mut pending: Vec<Pending> = cases
        .iter()
        .map(|c| {
            let check = ws.check(&c.request, &ws.root, jobs);
            let planned = check.as_ref().ok().map(run::plan);
            let n = planned.as_ref().map_or(0, |p| p.invocations().len());
            Pending {
                check,
                planned,
                outcomes: vec![None; n],
                left: n,
                report: None,
            }
        })
        .collect();
    // Which case and which of its commands each pooled invocation is.
    let mut owner = Vec::new();
    let mut all = Vec::new();
    for (ci, p) in pending.iter().enumerate() {
        if let Some(planned) = &p.planned {
            for (k, inv) in planned.invocations().into_iter().enumerate() {
                owner.push((ci, k));
                all.push(inv);
            }
        }
    }
    let mut finish = |case: &Case, p: &mut Pending| {
        let report = case_report(
            case,
            p.check.as_ref(),
            p.planned.take(),
            std::mem::take(&mut p.outcomes),
        );
        on_case(&report);
        p.report = Some(report);
    };
    for (case, p) in cases.iter().zip(pending.iter_mut()) {
        if p.left == 0 {
            finish(case, p);
        }
    }
    exec::run_all_with_progress(&all, jobs, &exec::Limits::default(), &mut |i, outcome| {
        let (ci, k) = owner[i];
        let p = &mut pending[ci];
        p.outcomes[k] = Some(outcome.clone());
        p.left -= 1;
        if p.left == 0 {
            finish(&cases[ci], p);
        }
    });
    let reports: Vec<CaseReport> = pending.into_iter().filter_map(|p| p.report).collect();
    let errors = reports.iter().filter(|r| r.error.is_some()).count();
    let passed = reports.iter().filter(|r| r.passed).count();
    let failed = reports.len() - passed - errors;
    let exit_code = if errors > 0 {
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
    }
}

fn case_report(
    case: &Case,
    check: Result<&run::Check, &String>,
    planned: Option<run::Planned>,
    outcomes: Vec<Option<exec::Outcome>>,
) -> CaseReport {
    let (passed, error, report) = match (check, planned) {
        (Ok(check), Some(planned)) => {
            let outcomes = outcomes.into_iter().flatten().collect();
            let report = run::finish(check, planned, outcomes);
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
            "target": target, "decision": decision, "passed": passed, "error": error,
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
