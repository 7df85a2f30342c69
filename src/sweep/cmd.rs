//! `hookcheck sweep`: resolve the arguments, sweep, print, and choose the exit status.

use super::{Kind, samples};
use crate::cli::{SweepArgs, SweepFormat};
use crate::console::{print, print_json};
use crate::error::Error;
use crate::report;
use crate::workspace::{Workspace, jobs, select_tools};

/// Runs `hookcheck sweep` and returns the exit status.
pub fn main(args: SweepArgs) -> Result<i32, Error> {
    let r = sweep(&args)?;
    match args.format {
        SweepFormat::Text => print(&report::sweep::text(&r, args.verbose > 0)),
        SweepFormat::Markdown => print(&report::sweep::markdown(&r)),
        SweepFormat::Json => print_json(&format!(
            "{}\n",
            serde_json::to_string_pretty(&r).unwrap_or_default()
        )),
    }
    Ok(r.exit_code)
}

fn sweep(args: &SweepArgs) -> Result<super::SweepReport, Error> {
    let ws = Workspace::from_process(&args.specs)?;
    let jobs = jobs(args.jobs)?;
    let tools = select_tools(&args.targets)?;
    let mut allow = Vec::new();
    for a in &args.allow {
        let kind = Kind::parse(a).ok_or_else(|| {
            let known: Vec<&str> = Kind::ALL.iter().map(|(s, _)| *s).collect();
            Error::usage(format!(
                "`--allow {a}`: no such finding kind (the kinds are {})",
                known.join(", ")
            ))
        })?;
        allow.push(kind);
    }
    let mut all = samples::built_in();
    for s in &args.samples {
        all.push(samples::parse(s)?);
    }
    let what = match (&args.hook, crate::workspace::installed(args.installed)) {
        (_, Some(how)) => super::What::Installed(how),
        (Some(hook), None) => super::What::Hook(hook.clone()),
        // clap requires one of the two.
        (None, None) => return Err(Error::usage("give a hook's name or --installed")),
    };
    let judging = super::Judging {
        allow,
        strict: args.strict,
        include_assumed: args.include_assumed,
    };
    super::run(&ws, &what, &tools, all, jobs, &judging)
}
