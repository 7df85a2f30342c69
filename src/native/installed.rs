//! `run --installed`: each installed handler as a native-form spec, planned by the agent's own
//! contract, so matchers, inputs, env and timeouts are decided in one place.

use super::NativeHandler;

pub use super::to_spec;
use crate::spec::HookSpec;

use super::agents::{FileAgent, find as loader};
use super::inventory::{Inventory, doubles};
use crate::tools::Agent;

/// What `run --installed` checks: the tools (of those asked for) that have a loader, each
/// one's handlers as specs, and each one's warnings (unreadable files, double runs, trust).
pub struct InstalledPlan {
    /// The tools, in the order given.
    pub tools: Vec<&'static Agent>,
    /// Each tool's handlers, own files first, then the files it cross-reads.
    pub specs: Vec<Vec<HookSpec>>,
    /// Each tool's warnings.
    pub warnings: Vec<Vec<String>>,
    /// Each tool's notes: what it would also load or run that this check leaves out.
    pub notes: Vec<Vec<String>>,
    /// The hook files that exist, as shown.
    pub files: Vec<String>,
}

/// Builds the installed check's parts from an inventory.
pub fn plan(tools: &[&'static Agent], inv: &Inventory) -> InstalledPlan {
    let mut out = InstalledPlan {
        tools: Vec::new(),
        specs: Vec::new(),
        warnings: Vec::new(),
        notes: Vec::new(),
        files: inv
            .files
            .iter()
            .filter(|f| f.exists)
            .map(|f| f.shown.display().to_string())
            .collect(),
    };
    for tool in tools {
        let Some(l) = loader(tool.id) else { continue };
        let loaded = inv.loaded_by(l);
        let mut warnings: Vec<String> = inv
            .errors
            .iter()
            .chain(&inv.discarded)
            .chain(&inv.decoded)
            .chain(&inv.skipped)
            .filter(|e| {
                inv.files
                    .iter()
                    .any(|f| f.shown == e.file && (f.tool == l.id() || inv.cross_reads(l, f)))
            })
            .map(ToString::to_string)
            .collect();
        warnings.extend(
            doubles(l, &loaded, &inv.root)
                .into_iter()
                .map(|d| d.message),
        );
        // What breaks before a hook runs at all, as this agent starts it.
        for (h, _) in loaded.iter().filter(|(h, _)| l.fires_on(&h.event)) {
            for p in super::command::analyse(l, h, &inv.root).problems {
                warnings.push(format!("{}: {}; fix: {}", h.place(), p.message, p.fix));
            }
        }
        warnings.extend(super::trust::warning(l, inv));
        // A cross-read handler the agent runs on no call is no spec: it is a warning.
        let never = |h: &NativeHandler, cross: bool| {
            cross && crate::native::agents::empty_matcher_runs_nothing(l.id(), h).is_some()
        };
        for (h, cross) in loaded.iter().filter(|(h, _)| l.fires_on(&h.event)) {
            if never(h, *cross) {
                warnings.push(empty_matcher_warning(l, h));
            }
        }
        out.tools.push(tool);
        out.specs.push(
            loaded
                .iter()
                .filter(|(h, cross)| !never(h, *cross))
                .map(|(h, cross)| {
                    let mut h = (*h).clone();
                    if let Some(event) = cross_event(tool, l, &h, *cross) {
                        h.event = event;
                    }
                    // A plugin's hooks run with the agent's plugin-root variables set to the
                    // plugin's folder.
                    if let Some(dir) = &h.plugin_root {
                        let root_env = l.plugins.is_some_and(|p| p.root_env);
                        for var in tool
                            .session_vars
                            .iter()
                            .filter(|v| root_env && crate::native::plugins::is_root_var(v))
                        {
                            h.env
                                .entry((*var).to_string())
                                .or_insert_with(|| inv.root.join(dir).display().to_string());
                        }
                        // Its data folder, where the agent was seen naming one.
                        if let Some(data) = l.plugins.and_then(|p| p.data) {
                            let folder = crate::native::plugins::data_folder(tool.id, dir, data);
                            for var in tool
                                .session_vars
                                .iter()
                                .filter(|v| crate::native::plugins::is_data_var(v))
                            {
                                h.env
                                    .entry((*var).to_string())
                                    .or_insert_with(|| folder.display().to_string());
                            }
                        }
                        // An agent that runs them in the plugin's folder.
                        if l.plugins.is_some_and(|p| p.runs_in_plugin) && h.cwd.is_none() {
                            h.cwd = Some(inv.root.join(dir).display().to_string());
                        }
                    }
                    to_spec(&h)
                })
                // A hook that runs no command is planned too, to be said not run where it
                // would fire (and only there).
                .chain(
                    inv.not_commands_of(l)
                        .into_iter()
                        .filter(|(h, _)| l.fires_on(&h.event))
                        .map(|(h, cross)| {
                            let mut h = h.clone();
                            if let Some(event) = cross_event(tool, l, &h, cross) {
                                h.event = event;
                            }
                            to_spec(&h)
                        }),
                )
                .collect(),
        );
        out.warnings.push(warnings);
        let mut notes = inv.switched_off(l);
        let mut plugins: Vec<String> = loaded
            .iter()
            .filter(|(h, _)| h.plugin_root.is_some())
            .map(|(h, _)| h.file.display().to_string())
            .collect();
        plugins.dedup();
        if !plugins.is_empty() {
            notes.push(format!(
                "{} is a plugin's hooks file: {} runs it only while the plugin is installed and enabled, or loaded for development",
                plugins.join(", "),
                l.name()
            ));
            // The one part of the agent's launch of a plugin's hook hookcheck gives otherwise.
            if l.plugins.is_some_and(|p| p.data.is_some()) {
                let vars: Vec<&str> = tool
                    .session_vars
                    .iter()
                    .copied()
                    .filter(|v| crate::native::plugins::is_data_var(v))
                    .collect();
                notes.push(format!(
                    "{} {} a data folder of hookcheck's run, as a fresh install has it, not {}'s own: state an earlier session left there is not in it",
                    vars.join(" and "),
                    if vars.len() > 1 { "name" } else { "names" },
                    l.name()
                ));
            }
        }
        out.notes.push(notes);
    }
    out
}

/// A cross-read handler's event in the reader's own name, when the reader does not have the
/// file's name but renames it (Cursor maps Claude Code's event names to its own:
/// cursor.com/docs/reference/third-party-hooks).
/// What a user should know of a cross-read handler under `"matcher": ""` that `l`'s agent runs
/// on no call, and the fix.
pub fn empty_matcher_note(l: FileAgent, h: &NativeHandler) -> (String, String) {
    let owner = loader(h.tool).map_or(h.tool, |o| o.name());
    if h.tool == l.id() {
        return (
            format!("matcher \"\" runs this hook on no call in {owner}: it reads it as no tool"),
            "drop the matcher key to run it on every call".to_string(),
        );
    }
    (
        format!(
            "matcher \"\" runs on every call in {owner} but never in {}",
            l.name()
        ),
        "drop the matcher key or write \"*\"".to_string(),
    )
}

/// [`empty_matcher_note`] as one warning line.
fn empty_matcher_warning(l: FileAgent, h: &NativeHandler) -> String {
    let (message, fix) = empty_matcher_note(l, h);
    format!("{}: {message}; fix: {fix}", h.place())
}

fn cross_event(tool: &Agent, l: FileAgent, h: &NativeHandler, cross: bool) -> Option<String> {
    if !cross || tool.event_names().contains(&h.event.as_str()) {
        return None;
    }
    l.renames
        .iter()
        .find(|(from, _)| *from == h.event)
        .map(|(_, to)| (*to).to_string())
}
