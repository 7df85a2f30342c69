//! `--also-event`: several events on one call. The spec's last command goes on another event
//! of the agent's (a permission event beside the generic before-tool one), in the project's
//! own hook file (`--repo-hooks own`), and hookcheck predicts from that file as `run
//! --installed` plans it: the handlers of the event that decides, the others named as not
//! run. The files are recorded (`--record`), the project root in them as [`ROOT`], so the
//! prediction is made again from them with no agent installed.

use std::path::Path;

use crate::error::Error;
use crate::report::Report;
use crate::workspace::{CheckRequest, Installed, Workspace};

/// What stands for the project root in recorded hook files (the hooks `cd` into it).
pub const ROOT: &str = "<root>";

/// `files` (relative path, text) with `root` written as [`ROOT`].
pub fn relative(files: &[(String, String)], root: &Path) -> Vec<(String, String)> {
    let root = root.display().to_string();
    files
        .iter()
        .map(|(p, t)| (p.clone(), t.replace(&root, ROOT)))
        .collect()
}

/// hookcheck's prediction for `req` (its targets) from `files` (relative path, text, with
/// [`ROOT`] for `ws.root`) written into a fresh project with an empty home: every handler in
/// them, as each agent's loader reads them (`run --installed` there).
pub fn predict(
    ws: &Workspace,
    req: &CheckRequest,
    files: &[(String, String)],
) -> Result<Report, Error> {
    let dir = super::scratch()?;
    let result = predict_in(ws, req, files, &dir);
    crate::exec::scratch::remove(&dir);
    result
}

/// The verdict [`predict`] gives `req`'s one target from the files the driver wrote (paths
/// relative to the workspace, the root as written), as an observation in `phase` shows it.
pub fn predicted(
    ws: &Workspace,
    req: &CheckRequest,
    written: &[(String, String)],
    phase: Option<super::Phase>,
) -> Option<&'static str> {
    predicted_from(ws, req, written, phase, false)
}

/// [`predicted`], or with `unread_allows` (a hook file in another agent's format,
/// `--repo-hooks claude`) `allow` where the agent's loader reads no handler in the files:
/// nothing stands in the call's way.
pub fn predicted_from(
    ws: &Workspace,
    req: &CheckRequest,
    written: &[(String, String)],
    phase: Option<super::Phase>,
    unread_allows: bool,
) -> Option<&'static str> {
    let report = predict(ws, req, &relative(written, &ws.root)).ok()?;
    let id = req.targets.first()?;
    let t = report.targets.iter().find(|t| t.target == *id)?;
    if unread_allows && t.commands.is_empty() && !t.fired {
        return Some("allow");
    }
    phase.unwrap_or(super::Phase::BeforeTool).predicted_for(t)
}

fn predict_in(
    ws: &Workspace,
    req: &CheckRequest,
    files: &[(String, String)],
    dir: &Path,
) -> Result<Report, Error> {
    let root = dir.join("work");
    let abs = ws.root.display().to_string();
    for (path, text) in files {
        if path.starts_with('/') || path.split('/').any(|c| c == "..") {
            return Err(Error::live(format!(
                "{path}: a hook file outside the project"
            )));
        }
        super::driver::write_text(&root.join(path), &text.replace(ROOT, &abs))?;
    }
    let project = Workspace {
        cwd: root.clone(),
        root: root.clone(),
        home: dir.join("home"),
        spec_dirs: Vec::new(),
        env: ws.env.clone(),
    };
    let installed = CheckRequest {
        installed: Some(Installed::default()),
        ..req.clone()
    };
    let check = crate::installed::resolve(&project, &installed, &root, 4)?;
    Ok(crate::run::run_check(
        &check,
        crate::report::Keep::text(64 << 10),
    ))
}
