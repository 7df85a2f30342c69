//! Trust gates: the hook files an agent holds back until the user trusts them (each agent's
//! [`Trust`] in its loader), checked where the agent keeps that trust, and said by `lint` (one
//! finding per file) and `run --installed` (one warning per agent).

use super::agents::FileAgent;
use super::inventory::Inventory;
use super::loader::{Gate, Trust};

/// One gated file an agent loads, with the line of its first handler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gated {
    /// The file, as shown.
    pub file: String,
    /// The line of its first handler this agent loads.
    pub line: u64,
}

/// The files with handlers that `l` loads and holds back until trusted, in load order; none
/// when the agent has no gate or the trust is found where it keeps it.
pub fn gated(l: FileAgent, inv: &Inventory) -> Vec<Gated> {
    let Some(t) = l.trust else {
        return Vec::new();
    };
    if (t.trusted)(&inv.home, &inv.root) == Some(true) {
        return Vec::new();
    }
    let mut out: Vec<Gated> = Vec::new();
    for (h, _) in inv.loaded_by(l) {
        let file = h.file.display().to_string();
        // A plugin's hooks run from the copy the agent installed in the user's folder, whether
        // or not the project is trusted (the plugin layouts under src/tools cite the recording
        // that showed it).
        let project =
            inv.files.iter().any(|f| f.project && f.shown == h.file) && h.plugin_root.is_none();
        if (t.gates == Gate::ProjectFiles && !project)
            || !t.may_hold(&h.file)
            || out.iter().any(|g| g.file == file)
        {
            continue;
        }
        out.push(Gated { file, line: h.line });
    }
    out
}

/// What the agent does with `files` until trusted, for people.
pub fn message(l: FileAgent, t: &Trust, files: &[String], inv: &Inventory) -> String {
    let files = files.join(", ");
    match (t.gates, (t.trusted)(&inv.home, &inv.root)) {
        (Gate::ProjectFiles, Some(_)) => format!(
            "{} runs the hooks in {files} only in a trusted folder, and this folder is not trusted (not recorded in {}): until it is, {}",
            l.name(),
            t.kept,
            t.until
        ),
        (Gate::ProjectFiles, None) => format!(
            "{} runs the hooks in {files} only in a trusted folder ({}, which hookcheck cannot read): until it is, {}",
            l.name(),
            t.kept,
            t.until
        ),
        (Gate::EveryHook, _) => format!(
            "{} runs the hooks in {files} only once each is trusted ({}, which hookcheck cannot check): until then, {}",
            l.name(),
            t.kept,
            t.until
        ),
    }
}

/// The `run --installed` warning for agent `l`: every gated file it loads, and how to trust.
pub fn warning(l: FileAgent, inv: &Inventory) -> Option<String> {
    let t = l.trust?;
    let files: Vec<String> = gated(l, inv).into_iter().map(|g| g.file).collect();
    if files.is_empty() {
        return None;
    }
    Some(format!(
        "{}{}; to trust: {}",
        crate::report::NOT_TRUSTED,
        message(l, t, &files, inv),
        t.how
    ))
}
