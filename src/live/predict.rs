//! hookcheck's own prediction of a live run: the check `hookcheck run` makes for the same
//! hook, trigger and agent, run as live mode compares it with the real agent.

use std::path::PathBuf;

use super::Trigger;
use crate::run;
use crate::workspace::CheckRequest;

/// The check hookcheck predicts for `trigger` (an edit's path relative to the workspace).
pub fn request(
    hook: &str,
    trigger: &Trigger,
    event: Option<&str>,
    targets: Vec<String>,
) -> CheckRequest {
    let f = super::TriggerFields::new(trigger, event);
    CheckRequest {
        hook: hook.to_string(),
        trigger: crate::trigger::Flags {
            bash: matches!(trigger, Trigger::Bash(_)).then_some(f.trigger),
            edit: f.edit.map(PathBuf::from),
            prompt: f.prompt,
            mcp: f.mcp,
            ..Default::default()
        },
        event: f.event,
        targets,
        ..Default::default()
    }
}

/// hookcheck's own run of `check`, the prediction: a spec's `{trace}` ([`super::TRACE_PATH`])
/// names a throwaway file in the temp folder there, removed after, not a file named `{trace}`
/// in the project (which the runs of 2026-12-05 left in this repository's root).
pub fn own_run(check: &run::Check) -> crate::report::Report {
    let keep = crate::report::Keep::text(64 << 10);
    let run::Subject::Spec(spec) = &check.subject else {
        return run::run_check(check, keep);
    };
    if !spec.commands.iter().any(|c| c.contains(super::TRACE_PATH)) {
        return run::run_check(check, keep);
    }
    let trace =
        std::env::temp_dir().join(format!("hookcheck-{}-prediction-trace", std::process::id()));
    let path = super::quote(&trace.display().to_string());
    let mut own = check.clone();
    if let run::Subject::Spec(spec) = &mut own.subject {
        for c in &mut spec.commands {
            *c = c.replace(super::TRACE_PATH, &path);
        }
    }
    let report = run::run_check(&own, keep);
    let _ = std::fs::remove_file(&trace);
    report
}
