//! `hookcheck sync`: write each agent's own hook file from the specs, right for that agent —
//! its event name, its matcher dialect and tool names, its timeout unit, its file's shape —
//! and merge into what is there, never clobbering an entry it did not write.
//!
//! [`plan`] decides, per spec and agent, what to write or why not; [`merge`] turns a file's
//! text and the wanted handlers into its new text; [`cmd`] is the command.

pub mod cmd;
pub mod diff;
mod merge;
pub mod script;

use std::path::Path;

use crate::agent::Agent;
use crate::contract::PlanContext;
use crate::native::Unit;
use crate::native::loader::Writer;
use crate::plan::Plan;
use crate::spec::HookSpec;
use crate::trigger::Trigger;

pub use merge::{Handler, merge};

/// What sync does for one spec and one agent.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Writes these handlers into the agent's file.
    Write(Vec<Handler>),
    /// Writes nothing: the agent already runs the hook from another agent's file it reads.
    Through {
        /// The agent whose file it reads.
        via: &'static str,
        /// That file.
        file: &'static str,
    },
    /// Writes nothing: the agent cannot run the spec (or sync cannot write its file), why.
    Cannot(String),
}

/// One agent's part of a spec.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// The agent.
    pub agent: &'static str,
    /// What sync does.
    pub action: Action,
}

/// Where a sync plans: the project, and the caller's environment.
pub struct Place<'a> {
    /// The project root.
    pub root: &'a Path,
    /// The user's home folder.
    pub home: &'a Path,
    /// `--user`: the agents' user-level files are written, not the project's.
    pub user: bool,
}

/// The user-level file `w`'s agent reads in the shape `w` writes: the one of its user files
/// at the same path under `home` as `w`'s file under the project (none for a script folder).
pub fn user_file(a: &Agent, w: &Writer, home: &Path) -> Option<std::path::PathBuf> {
    if w.layout == crate::native::loader::Layout::ScriptPerEvent {
        return None;
    }
    let loader = a.loader()?;
    let want = home.join(w.file);
    (loader.user_files)(home).into_iter().find(|p| *p == want)
}

/// What sync does for `spec` with each of `agents` (in registry order).
pub fn plan(spec: &HookSpec, agents: &[&'static Agent], at: &Place) -> Vec<Part> {
    let mut parts: Vec<Part> = agents
        .iter()
        .filter(|a| spec.targets_tool(a.id))
        .map(|a| Part {
            agent: a.id,
            action: match handlers(spec, a, at) {
                Ok(h) => Action::Write(h),
                Err(why) => Action::Cannot(why),
            },
        })
        .collect();
    // Which other agents' user files an agent reads is not known: at the user level each is
    // written its own file.
    if !at.user {
        through_cross_reads(&mut parts, agents);
    }
    parts
}

/// The handlers `spec` becomes in agent `a`'s file, or why there are none.
fn handlers(spec: &HookSpec, a: &'static Agent, at: &Place) -> Result<Vec<Handler>, String> {
    let Some(c) = a.contract() else {
        return Err(a.why_no_commands().to_string());
    };
    let Some(loader) = a.loader() else {
        return Err(match a.files {
            crate::agent::Files::None(why) => why.to_string(),
            crate::agent::Files::Loader(_) => String::new(),
        });
    };
    let writer = loader.writes.map_err(str::to_string)?;
    if at.user && user_file(a, writer, at.home).is_none() {
        return Err(format!(
            "{} reads no user-level file in the shape of its {}: hookcheck sync --user does not write one",
            a.name, writer.file
        ));
    }
    if spec.args.is_some() {
        return Err(
            "the spec's `args` (exec form): hookcheck sync writes commands only, for now"
                .to_string(),
        );
    }
    let env: Vec<(String, String)> = Vec::new();
    let payload = serde_json::json!({});
    let trigger = Trigger::Payload {
        path: "sync".into(),
        stdin: std::sync::Arc::new(b"{}".to_vec()),
        value: payload,
    };
    let cx = PlanContext {
        spec,
        trigger: &trigger,
        root: at.root,
        start: at.root,
        home: at.home,
        env: &env,
    };
    let (event, matcher) =
        crate::plan::event_and_matcher(a, &cx).map_err(|p| why_not(&p, a.name))?;
    if c.event(&event).is_none() {
        return Err(format!("{} has no {event} event", a.name));
    }
    // What the agent would start for each command: a command it cannot start is not written.
    if let Plan::Run(run) = crate::plan::plan(a, &cx) {
        for command in &run.commands {
            if let Err(why) = &command.invocation {
                return Err(why.clone());
            }
        }
    }
    let timeout = spec.timeout().map(|t| in_unit(t, writer));
    Ok(spec
        .commands
        .iter()
        .map(|command| Handler {
            event: event.clone(),
            matcher: matcher.clone(),
            command: command.clone(),
            timeout,
        })
        .collect())
}

/// The file shape `hookcheck tools AGENT` shows: the entry sync writes into the agent's own
/// file for a shell guard (`on: before-tool`, `match: shell`, a 10 s timeout), from the same
/// writer `sync` uses, or why sync writes no file for the agent.
pub fn shape(a: &'static Agent) -> String {
    const GUARD: &str =
        "on: before-tool\nmatch: shell\ncommand: .hookcheck/hooks/guard.sh\ntimeout: 10\n";
    let spec = match crate::spec::load::from_text(Path::new("guard.yaml"), GUARD) {
        Ok(s) => s,
        Err(e) => return format!("  file: (the example spec does not load: {})\n", e.message),
    };
    let at = Place {
        root: Path::new("/project"),
        home: Path::new("/home/you"),
        user: false,
    };
    let writer = a.loader().map(|l| l.writes);
    let (Some(Ok(w)), Ok(wanted)) = (writer, handlers(&spec, a, &at)) else {
        let why = match (writer, handlers(&spec, a, &at)) {
            (Some(Err(why)), _) => why.to_string(),
            (_, Err(why)) => why,
            _ => format!("{} reads no hook file hookcheck knows", a.name),
        };
        return format!("  file: hookcheck sync writes none: {why}\n");
    };
    let (file, text) = match w.layout {
        crate::native::loader::Layout::ScriptPerEvent => {
            let event = wanted.first().map_or("", |h| h.event.as_str());
            let all: Vec<&Handler> = wanted.iter().collect();
            (
                format!("{}/{event}", w.file),
                script::script(w.file, event, &all),
            )
        }
        _ => (
            w.file.to_string(),
            merge::merge(None, w, &wanted, &|_| false).unwrap_or_else(|e| e.to_string()),
        ),
    };
    let mut out = format!(
        "  file: {file} (what `hookcheck sync` writes for a shell guard with a 10 s timeout):\n"
    );
    for line in text.lines() {
        out.push_str(&format!("    {line}\n"));
    }
    out
}

/// The words of a plan that does not run.
fn why_not(p: &Plan, agent: &str) -> String {
    match p {
        Plan::NotRun { reason, .. } | Plan::Skipped { reason, .. } => reason.clone(),
        Plan::Run(_) => format!("{agent} runs it"),
    }
}

/// A timeout of `seconds` in the unit the writer's agent reads.
fn in_unit(seconds: u64, w: &Writer) -> u64 {
    match w.unit {
        Unit::Millis => seconds.saturating_mul(1000),
        Unit::Seconds | Unit::SecondsOrLegacyMillis => seconds,
    }
}

/// An agent that also reads another's file, where sync writes the hook, runs it from there:
/// writing its own file too would run the hook twice. The file read is written with a matcher
/// that names the reader's tools too (Claude Code's `Bash` alone is a blind spot for the Devin
/// CLI, whose shell tool is `exec`), when the file's agent can compile the two as one.
fn through_cross_reads(parts: &mut [Part], agents: &[&'static Agent]) {
    let find = |id: &str| agents.iter().copied().find(|a| a.id == id);
    for i in 0..parts.len() {
        let Some(reader) = find(parts[i].agent) else {
            continue;
        };
        let Some(loader) = reader.loader() else {
            continue;
        };
        let Action::Write(own) = parts[i].action.clone() else {
            continue;
        };
        for read in loader.also_reads {
            let Some(j) = parts.iter().position(|p| p.agent == *read) else {
                continue;
            };
            let (Some(owner), Action::Write(theirs)) = (find(read), &parts[j].action) else {
                continue;
            };
            let Some(widened) = widen(owner, reader, theirs, &own) else {
                continue;
            };
            let Some(file) = owner.loader().and_then(|l| l.writes.ok()).map(|w| w.file) else {
                continue;
            };
            parts[j].action = Action::Write(widened);
            parts[i].action = Action::Through { via: read, file };
            break;
        }
    }
}

/// `theirs` (the owner's handlers) with matchers that also pick the reader's tools, where
/// the owner's flavour compiles them; `None` when it cannot, or the events differ.
fn widen(
    owner: &Agent,
    reader: &Agent,
    theirs: &[Handler],
    own: &[Handler],
) -> Option<Vec<Handler>> {
    let c = owner.contract()?;
    let reader_c = reader.contract()?;
    let mut out = Vec::new();
    for (t, o) in theirs.iter().zip(own) {
        let matcher = match (t.matcher.as_str(), o.matcher.as_str()) {
            (a, b) if a == b || b.is_empty() || a.is_empty() => t.matcher.clone(),
            (a, b) => {
                // `^exec$` as `exec`: a list of plain names stays one in every dialect that
                // reads such a list as exact names (Claude Code's).
                let plain = |n: &str| {
                    let bare = n.strip_prefix('^').and_then(|n| n.strip_suffix('$'));
                    match bare {
                        Some(x) if x.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                            x.to_string()
                        }
                        _ => n.to_string(),
                    }
                };
                let mut names: Vec<String> = a.split('|').map(plain).collect();
                for n in b.split('|').map(plain) {
                    if !names.contains(&n) {
                        names.push(n);
                    }
                }
                names.join("|")
            }
        };
        let tool_event = c.event(&t.event).is_some_and(|e| e.kind.is_tool());
        c.matcher.matches(tool_event, &t.event, &matcher, "").ok()?;
        // The reader must read the owner's event as its own.
        let reads_event = reader_c.event(&t.event).is_some()
            || reader
                .loader()
                .is_some_and(|l| l.renames.iter().any(|(from, _)| *from == t.event));
        if !reads_event {
            return None;
        }
        out.push(Handler {
            matcher,
            ..t.clone()
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests;
