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
    CheckRequest, Installed, Specs, Workspace, add_expect, firing, needs_no_trigger, select_tools,
};

/// The check `req` asks for: of the installed handlers when it says so, else of its spec.
pub fn resolve(
    ws: &Workspace,
    req: &CheckRequest,
    base: &Path,
    jobs: usize,
) -> Result<Check, Error> {
    resolve_with(ws, req, base, jobs, &mut Reads::default())
}

/// What the checks of one workspace read alike, read once into it for every check that
/// needs it (a suite's cases): the specs of each hook named, and the agents' hook files
/// (without and with the user's). Read as the first case that needs it is planned.
#[derive(Default)]
pub struct Reads {
    specs: Specs,
    /// The hook files as [`native::inventory::load`] reads them, without (0) and with (1)
    /// the user's.
    inventories: [Option<Inventory>; 2],
}

impl Reads {
    /// The agents' hook files of `ws` (with the user's when `user`).
    fn inventory(&mut self, ws: &Workspace, user: bool) -> &Inventory {
        self.inventories[usize::from(user)]
            .get_or_insert_with(|| native::inventory::load(&ws.root, &ws.home, user))
    }
}

/// [`resolve`], reading what `reads` has not read yet into it.
pub fn resolve_with(
    ws: &Workspace,
    req: &CheckRequest,
    base: &Path,
    jobs: usize,
    reads: &mut Reads,
) -> Result<Check, Error> {
    let mut check = match req.installed {
        Some(how) => {
            let mut inv = reads.inventory(ws, how.user).clone();
            inv.third_party = how.third_party;
            check_in(ws, req, base, jobs, &inv)?
        }
        None => {
            let mut check = ws.resolve_with(req, base, jobs, &mut reads.specs)?;
            // A spec's check: what the agents' own files say about it (stale, or missing).
            let inv = reads.inventory(ws, false);
            check.warnings = native::stale::for_check(&check, inv);
            check.missing_files = missing_files(&check, inv);
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
    check_in(ws, req, base, jobs, &inventory(ws, how))
}

/// [`check`] against the hook files `inv` read.
fn check_in(
    ws: &Workspace,
    req: &CheckRequest,
    base: &Path,
    jobs: usize,
    inv: &Inventory,
) -> Result<Check, Error> {
    let tools = select_tools(&req.targets)?;
    let mut expect = Expect::default();
    for e in &req.expect {
        add_expect(&mut expect, e)?;
    }
    let trigger = req.trigger(base)?;
    let parts = native::installed::plan(&tools, inv);
    if parts.tools.is_empty() {
        return Err(Error::usage(
            "none of the tools asked for has hook files hookcheck can read",
        ));
    }
    let unloadable = unloadable(&parts.tools, inv);
    let mut warnings = parts.warnings;
    warnings.resize(parts.tools.len(), Vec::new());
    for (w, t) in warnings.iter_mut().zip(&parts.tools) {
        w.extend(unread_from_here(ws, t, inv));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workspace::CheckRequest;

    /// A project with two specs and a Claude Code settings file that runs one of them.
    fn project() -> (tempfile::TempDir, Workspace) {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().to_path_buf();
        let write = |rel: &str, text: &str| {
            let path = root.join(rel);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        };
        write(".git/HEAD", "");
        write(
            ".hookcheck/hooks/guard.yaml",
            "on: before-tool\nmatch: shell\ncommand: ./guard.sh\ntimeout: 10\n",
        );
        write(
            ".hookcheck/hooks/log.yaml",
            "on: before-tool\nmatch: shell\ncommand: ./log.sh\n",
        );
        write(
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}"#,
        );
        let ws = Workspace {
            cwd: root.clone(),
            home: root.join("home"),
            spec_dirs: crate::workspace::spec_dirs(&[], &root, &root),
            root,
            env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        };
        (dir, ws)
    }

    /// What a check holds that its reads decide, as text.
    fn read_parts(check: &Check) -> String {
        let subject = match &check.subject {
            run::Subject::Spec(s) => format!("{s:?}"),
            run::Subject::Installed { specs, files } => format!("{specs:?} {files:?}"),
        };
        format!(
            "{subject}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
            check.peers,
            check.warnings,
            check.missing_files,
            check.unloadable.len(),
            check.tools.iter().map(|t| t.id).collect::<Vec<_>>()
        )
    }

    /// Every case of a suite resolved through one `Reads` gets the check it gets when it
    /// reads everything itself, in spec and installed checks alike, and a hook that cannot be
    /// found is an error every time.
    #[test]
    fn shared_reads_resolve_as_fresh_reads_do() {
        let (_dir, ws) = project();
        let mut reads = Reads::default();
        let installed = Some(Installed::default());
        for (hook, installed) in [("guard", None), ("log", None), ("guard", installed)] {
            for bash in ["ls", "rm -rf build"] {
                let req = CheckRequest {
                    hook: hook.into(),
                    trigger: crate::trigger::Flags {
                        bash: Some(bash.into()),
                        ..Default::default()
                    },
                    installed,
                    ..Default::default()
                };
                let shared = resolve_with(&ws, &req, &ws.root, 1, &mut reads).expect("shared");
                let fresh = resolve(&ws, &req, &ws.root, 1).expect("fresh");
                assert_eq!(read_parts(&shared), read_parts(&fresh), "{hook} {bash}");
                assert_eq!(shared.trigger, fresh.trigger);
            }
        }
        let missing = CheckRequest {
            hook: "nope".into(),
            trigger: crate::trigger::Flags {
                bash: Some("ls".into()),
                ..Default::default()
            },
            ..Default::default()
        };
        for _ in 0..2 {
            let err = resolve_with(&ws, &missing, &ws.root, 1, &mut reads).err();
            assert!(err.is_some_and(|e| e.one_line().contains("no hook named `nope`")));
        }
    }
}
