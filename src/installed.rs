//! Checks of the handlers installed in the agents' own hook files (`run --installed`,
//! `sweep --installed`): every handler each agent loads, planned by that agent's rules; and
//! [`resolve`], the one way from any request to its check.

use std::path::Path;

use crate::error::Error;
use crate::exec::Limits;
use crate::judge::{Expect, Unloadable};
use crate::native;
use crate::native::inventory::Inventory;
use crate::run::{self, Check};
use crate::tools::Agent;
use crate::workspace::{
    CheckRequest, Installed, Workspace, add_expect, firing, needs_no_trigger, select_tools,
};

/// The check `req` asks for: of the installed handlers when it says so, else of its spec.
pub fn resolve(
    ws: &Workspace,
    req: &CheckRequest,
    base: &Path,
    jobs: usize,
) -> Result<Check, Error> {
    let mut check = match req.installed {
        Some(how) => check(ws, req, how, base, jobs)?,
        None => {
            let mut check = ws.resolve(req, base, jobs)?;
            // A spec's check: what the agents' own files say about it (stale, or missing).
            let inv = native::inventory::load(&ws.root, &ws.home, false);
            check.warnings = native::stale::for_check(&check, &inv);
            check.missing_files = missing_files(&check, &inv);
            check
        }
    };
    check.strict = req.strict;
    Ok(check)
}

/// Per tool of a spec check: the agent would load the spec but has no hook file of its own
/// in the project (the stale warning says which; the text report gives all of them one line).
fn missing_files(check: &Check, inv: &Inventory) -> Vec<bool> {
    let crate::run::Subject::Spec(spec) = &check.subject else {
        return Vec::new();
    };
    check
        .tools
        .iter()
        .map(|t| {
            spec.targets_tool(t.id)
                && t.loader().is_some()
                && !inv.files_of(t.id).iter().any(|f| f.project && f.exists)
        })
        .collect()
}

/// The hook files of `tools` that hookcheck can read, as [`load`]ed for `ws`.
pub fn inventory(ws: &Workspace, how: Installed) -> Inventory {
    let mut inv = native::inventory::load(&ws.root, &ws.home, how.user);
    inv.third_party = how.third_party;
    inv
}

/// The check of `req`'s trigger against every handler installed for `req`'s agents; paths in
/// the trigger are taken from `base`.
pub fn check(
    ws: &Workspace,
    req: &CheckRequest,
    how: Installed,
    base: &Path,
    jobs: usize,
) -> Result<Check, Error> {
    let tools = select_tools(&req.targets)?;
    let mut expect = Expect::default();
    for e in &req.expect {
        add_expect(&mut expect, e)?;
    }
    let trigger = req.trigger(base)?;
    let inv = inventory(ws, how);
    let parts = native::installed::plan(&tools, &inv);
    if parts.tools.is_empty() {
        return Err(Error::usage(
            "none of the tools asked for has hook files hookcheck can read",
        ));
    }
    let unloadable = unloadable(&parts.tools, &inv);
    let mut warnings = parts.warnings;
    warnings.resize(parts.tools.len(), Vec::new());
    for (w, t) in warnings.iter_mut().zip(&parts.tools) {
        w.extend(unread_from_here(ws, t, &inv));
    }
    let firing = firing(
        req.event.as_deref(),
        &trigger,
        &parts.tools,
        &ws.root,
        &ws.home,
    )?;
    let check = Check {
        subject: run::Subject::Installed {
            specs: parts.specs,
            files: parts.files,
        },
        warnings,
        notes: parts.notes,
        trigger,
        tools: parts.tools,
        expect,
        include_assumed: req.include_assumed,
        strict: false,
        show_invocations: false,
        firing,
        unloadable,
        missing_files: Vec::new(),
        jobs,
        root: ws.root.clone(),
        start: ws.cwd.clone(),
        home: ws.home.clone(),
        env: ws.env.clone(),
        limits: Limits::default(),
        peers: Vec::new(),
    };
    needs_no_trigger(&check)?;
    Ok(check)
}

/// Started below the project root, an agent that reads its project hook files only where it
/// was started ([`crate::contract::Run::project_files`]) would not read the root's: said as a
/// warning naming them (hookcheck still runs their hooks, as from the root).
fn unread_from_here(ws: &Workspace, tool: &Agent, inv: &Inventory) -> Option<String> {
    let reads_root = tool
        .contract()
        .is_none_or(|c| c.run.project_files == crate::contract::ProjectDir::Root);
    if reads_root || ws.cwd == ws.root {
        return None;
    }
    let files: Vec<String> = inv
        .files
        .iter()
        .filter(|f| f.tool == tool.id && f.project && f.exists)
        .map(|f| f.shown.display().to_string())
        .collect();
    (!files.is_empty()).then(|| {
        format!(
            "{} started in {} reads its project hook files there, not at the project root: \
             it would not run the hooks of {} (hookcheck runs them as if started at the root)",
            tool.name,
            ws.cwd.display(),
            files.join(", ")
        )
    })
}

/// The hook files that an agent of `tools` loads and cannot parse: each fails the check.
fn unloadable(tools: &[&'static Agent], inv: &Inventory) -> Vec<Unloadable> {
    inv.errors
        .iter()
        .filter_map(|e| {
            let agents: Vec<String> = tools
                .iter()
                .filter(|t| {
                    crate::native::agents::find(t.id).is_some_and(|l| {
                        inv.files
                            .iter()
                            .any(|f| f.shown == e.file && (f.tool == t.id || inv.cross_reads(l, f)))
                    })
                })
                .map(|t| t.id.to_string())
                .collect();
            (!agents.is_empty()).then(|| Unloadable {
                place: match e.line {
                    Some(l) => format!("{}:{l}", e.file.display()),
                    None => e.file.display().to_string(),
                },
                message: e.message.clone(),
                consequence: e.consequence.clone(),
                agents,
            })
        })
        .collect()
}
