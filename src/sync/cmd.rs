//! `hookcheck sync`: plan, merge, write (or show the diff, or check), then prove what was
//! written by running it as the agents will load it.

use std::path::{Path, PathBuf};

use super::{Action, Handler, Part, Place, merge, plan};
use crate::agent::Agent;
use crate::cli::{SyncArgs, SyncFormat};
use crate::console::{print, print_command};
use crate::error::{Error, Kind};
use crate::native::loader::{Layout, Writer};
use crate::spec::{self, HookSpec};
use crate::workspace::{CheckRequest, Installed, Workspace, select_tools};

/// One file sync looks after: its agent, its writer, what it holds now and what it should.
pub struct FileChange {
    /// The file, relative to the project root (`~/`, then relative to the home folder, with
    /// `--user`).
    pub file: String,
    /// Where it is.
    pub path: PathBuf,
    /// The agent that owns it.
    pub agent: &'static str,
    /// Its text now (`None`: it does not exist).
    pub old: Option<String>,
    /// Its text as sync writes it (`None`: sync removes it, a script of sync's own that no
    /// spec wants any more).
    pub new: Option<String>,
}

impl FileChange {
    /// Whether sync changes it.
    pub fn changes(&self) -> bool {
        self.old != self.new
    }
}

/// Runs `hookcheck sync` and returns the exit status.
pub fn main(args: SyncArgs) -> Result<i32, Error> {
    let ws = Workspace::from_process(&args.specs)?;
    let agents = select_tools(&args.targets)?;
    let all = load_specs(&ws.spec_dirs)?;
    let chosen: Vec<&HookSpec> = if args.hooks.is_empty() {
        all.iter().collect()
    } else {
        let mut out = Vec::new();
        for name in &args.hooks {
            let path = spec::find_spec(name, &ws.spec_dirs)?;
            let Some(s) = all.iter().find(|s| s.file.path == path) else {
                return Err(Error::usage(format!("no hook named `{name}`")));
            };
            out.push(s);
        }
        out
    };
    if chosen.is_empty() {
        return Err(Error::usage(format!(
            "no hook specs to sync in {}: write one (`hookcheck list` shows where hookcheck looks)",
            show_dirs(&ws.spec_dirs)
        )));
    }
    let (plans, changes) = plan_files(&ws, &agents, &chosen, args.hooks.is_empty(), args.user)?;
    // Nothing passes on nothing: a sync (or --check) that has no file to write checked none.
    if changes.is_empty() {
        let ids: Vec<&str> = agents.iter().map(|a| a.id).collect();
        return Err(Error::usage(format!(
            "nothing to sync: no agent asked for ({}) has a hook file `hookcheck sync` writes for these specs",
            ids.join(", ")
        ))
        .help("`hookcheck sync --dry-run` without -t lists each agent with why it is not written"));
    }
    let changed: Vec<&FileChange> = changes.iter().filter(|c| c.changes()).collect();
    let mut out = String::new();
    if args.check || args.dry_run {
        for c in &changed {
            out.push_str(&super::diff::unified(
                &c.file,
                c.old.as_deref(),
                c.new.as_deref().unwrap_or_default(),
            ));
        }
        if args.check && args.format == SyncFormat::Github {
            let notes: String = changed
                .iter()
                .map(|c| {
                    crate::report::suite::github::error_line(
                        &c.file,
                        1,
                        "hookcheck sync --check",
                        &format!(
                            "{} differs from what `hookcheck sync` writes from the specs: run it",
                            c.file
                        ),
                    ) + "\n"
                })
                .collect();
            print(&out);
            print_command(&notes);
        } else {
            print(&out);
        }
        let mode = if args.check {
            Mode::Check
        } else {
            Mode::DryRun
        };
        print(&summary(&plans, &changes, mode));
        return Ok(i32::from(args.check && !changed.is_empty()));
    }
    for c in &changed {
        write(c)?;
    }
    out.push_str(&summary(&plans, &changes, Mode::Write));
    print(&out);
    if args.no_proof {
        return Ok(0);
    }
    let proof = super::cmd::prove(&ws, &plans, args.user)?;
    print(&proof.text);
    Ok(i32::from(!proof.agrees))
}

/// Each spec with what sync does for it, agent by agent.
type Plans<'s> = Vec<(&'s HookSpec, Vec<Part>)>;

/// What sync plans for `chosen` over `agents` in `ws`, and each file it touches as it is and
/// as it should be (`all`: every spec is synced, so a removed spec's entries go).
fn plan_files<'s>(
    ws: &Workspace,
    agents: &[&'static Agent],
    chosen: &[&'s HookSpec],
    all: bool,
    user: bool,
) -> Result<(Plans<'s>, Vec<FileChange>), Error> {
    let at = Place {
        root: &ws.root,
        home: &ws.home,
        user,
    };
    let plans: Vec<(&HookSpec, Vec<Part>)> =
        chosen.iter().map(|s| (*s, plan(s, agents, &at))).collect();
    let owned = ownership(ws, chosen, all);
    let changes = files(&at, agents, &plans, &owned)?;
    Ok((plans, changes))
}

/// `hookcheck sync HOOK...` for every agent in the project of `ws`, with no proof and nothing
/// printed: each file it wrote (or found up to date), relative to the root, with its text.
/// Live mode syncs a hook into a copy of the project with it, so that the real agents load
/// the files `sync` writes.
pub fn write_project(ws: &Workspace, specs: &[&HookSpec]) -> Result<Vec<FileChange>, Error> {
    let (_, changes) = plan_files(ws, crate::tools::ALL, specs, false, false)?;
    for c in changes.iter().filter(|c| c.changes()) {
        write(c)?;
    }
    Ok(changes)
}

/// Every spec in `dirs`, loaded; a spec that does not load is an error (sync writes nothing
/// from a folder with a broken spec).
fn load_specs(dirs: &[PathBuf]) -> Result<Vec<HookSpec>, Error> {
    spec::discover(dirs)
        .into_iter()
        .map(|(_, path)| crate::workspace::load_spec(&path))
        .collect()
}

fn show_dirs(dirs: &[PathBuf]) -> String {
    dirs.iter()
        .map(|d| d.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Which commands sync owns in the agents' files: the commands of the specs it syncs, and,
/// when it syncs them all, any command that names a file in the spec folders (the command of
/// a spec since removed).
fn ownership(ws: &Workspace, chosen: &[&HookSpec], all: bool) -> impl Fn(&str) -> bool + use<> {
    let commands: Vec<String> = chosen
        .iter()
        .flat_map(|s| s.commands.iter().cloned())
        .collect();
    let dirs: Vec<String> = if all {
        ws.spec_dirs
            .iter()
            .filter_map(|d| d.strip_prefix(&ws.root).ok())
            .map(|d| d.display().to_string())
            .filter(|d| !d.is_empty())
            .collect()
    } else {
        Vec::new()
    };
    move |command: &str| {
        commands.iter().any(|c| c == command)
            || dirs.iter().any(|d| {
                command.split_whitespace().any(|w| {
                    let w = w.trim_matches(['"', '\'']);
                    w.starts_with(&format!("{d}/")) || w.starts_with(&format!("./{d}/"))
                })
            })
    }
}

/// The file of each agent sync writes for, as it is and as it should be.
fn files(
    at: &Place,
    agents: &[&'static Agent],
    plans: &[(&HookSpec, Vec<Part>)],
    owned: &dyn Fn(&str) -> bool,
) -> Result<Vec<FileChange>, Error> {
    let mut out = Vec::new();
    for a in agents {
        let Some(w) = writer(a) else { continue };
        let wanted: Vec<Handler> = plans
            .iter()
            .flat_map(|(_, parts)| parts.iter())
            .filter(|p| p.agent == a.id)
            .filter_map(|p| match &p.action {
                Action::Write(h) => Some(h.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        let (path, file) = match at.user {
            false if w.layout == Layout::ScriptPerEvent => {
                out.extend(scripts(at.root, a.id, w, &wanted)?);
                continue;
            }
            false => (at.root.join(w.file), w.file.to_string()),
            true => match super::user_file(a, w, at.home) {
                Some(path) => (path, format!("~/{}", w.file)),
                None => continue,
            },
        };
        let old = read(&path, &file)?;
        if old.is_none() && wanted.is_empty() {
            continue;
        }
        let new = merge(old.as_deref(), w, &wanted, owned)?;
        out.push(FileChange {
            file,
            path,
            agent: a.id,
            old,
            new: Some(new),
        });
    }
    Ok(out)
}

/// A file's text (`None`: there is none); `file` is how it is shown.
fn read(path: &Path, file: &str) -> Result<Option<String>, Error> {
    match std::fs::read_to_string(path) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::new(
            Kind::HookFile,
            format!("{file}: cannot read it: {e}"),
        )),
    }
}

/// The scripts of an agent that runs one per event: one for each event `wanted` is on, and
/// each script of sync's own already in the folder (removed when no spec is on its event).
fn scripts(
    root: &Path,
    agent: &'static str,
    w: &Writer,
    wanted: &[Handler],
) -> Result<Vec<FileChange>, Error> {
    let mut events: Vec<String> = Vec::new();
    for h in wanted {
        if !events.contains(&h.event) {
            events.push(h.event.clone());
        }
    }
    if let Ok(entries) = std::fs::read_dir(root.join(w.file)) {
        let mut found: Vec<String> = entries
            .flatten()
            .filter(|e| e.path().is_file())
            .filter(|e| std::fs::read_to_string(e.path()).is_ok_and(|t| super::script::is_ours(&t)))
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !events.contains(n))
            .collect();
        found.sort();
        events.extend(found);
    }
    let mut out = Vec::new();
    for event in events {
        let file = script_file(w, &event);
        let path = root.join(&file);
        let old = read(&path, &file)?;
        let mine: Vec<&Handler> = wanted.iter().filter(|h| h.event == event).collect();
        let new = super::script::merge(&file, w.file, &event, old.as_deref(), &mine)?;
        out.push(FileChange {
            file,
            path,
            agent,
            old,
            new,
        });
    }
    Ok(out)
}

/// The file the writer puts `event`'s hooks in: its one file, or the event's script in its
/// folder.
fn script_file(w: &Writer, event: &str) -> String {
    match w.layout {
        Layout::ScriptPerEvent => format!("{}/{event}", w.file),
        _ => w.file.to_string(),
    }
}

/// The agent's writer, when sync writes its files.
fn writer(a: &Agent) -> Option<&'static Writer> {
    a.loader().and_then(|l| l.writes.ok())
}

/// Writes one file, making its folder (a script executable), or removes it.
fn write(c: &FileChange) -> Result<(), Error> {
    let path = &c.path;
    let Some(new) = &c.new else {
        return std::fs::remove_file(path)
            .map_err(|e| Error::new(Kind::Output, format!("cannot remove {}: {e}", c.file)));
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| {
            Error::new(
                Kind::Output,
                format!("cannot create {}: {e}", dir.display()),
            )
        })?;
    }
    std::fs::write(path, new)
        .map_err(|e| Error::new(Kind::Output, format!("cannot write {}: {e}", c.file)))?;
    #[cfg(unix)]
    if new.starts_with("#!") {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| Error::new(Kind::Output, format!("cannot chmod {}: {e}", c.file)))?;
    }
    Ok(())
}

/// What sync did (or would do), for people: per hook, each agent's entry or how it runs the
/// hook without one, and the agents it writes nothing for (said once when the reason is the
/// same for every hook).
fn summary(plans: &[(&HookSpec, Vec<Part>)], changes: &[FileChange], mode: Mode) -> String {
    let mut out = String::new();
    let reason = |p: &Part| match &p.action {
        Action::Cannot(why) => Some(why.clone()),
        _ => None,
    };
    // An agent sync writes nothing for, for the same reason, whatever the hook.
    let always: Vec<(&'static str, String)> = plans
        .first()
        .map(|(_, parts)| {
            parts
                .iter()
                .filter_map(|p| Some((p.agent, reason(p)?)))
                .filter(|(agent, why)| {
                    plans.iter().all(|(_, ps)| {
                        ps.iter()
                            .find(|q| q.agent == *agent)
                            .and_then(reason)
                            .is_some_and(|w| w == *why)
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    for (spec, parts) in plans {
        out.push_str(&format!("{}:\n", spec.name));
        for p in parts {
            match &p.action {
                Action::Write(hs) => {
                    let first = hs.first();
                    // The agent's one file, or the script of the handlers' event.
                    let mine: Vec<&FileChange> =
                        changes.iter().filter(|c| c.agent == p.agent).collect();
                    let file = match mine.as_slice() {
                        [one] => one.file.clone(),
                        _ => crate::tools::find(p.agent)
                            .and_then(writer)
                            .zip(first)
                            .map(|(w, h)| script_file(w, &h.event))
                            .unwrap_or_default(),
                    };
                    // A file with no timeout field cannot carry the spec's: say so.
                    let no_timeout = crate::tools::find(p.agent)
                        .and_then(|a| a.loader())
                        .and_then(|l| l.writes.ok())
                        .is_some_and(|w| !w.handler.contains("$TIMEOUT"));
                    let timeout = match spec.timeout() {
                        Some(t) if no_timeout => format!(
                            "; its file has no timeout field: the spec's {t} s is not written, the agent's default applies"
                        ),
                        _ => String::new(),
                    };
                    out.push_str(&format!(
                        "  {:<17} {file}: {}{}{timeout}\n",
                        p.agent,
                        first.map_or(String::new(), |h| h.event.clone()),
                        first
                            .filter(|h| !h.matcher.is_empty())
                            .map_or(String::new(), |h| format!(" ({})", h.matcher))
                    ));
                }
                Action::Through { via, file } => out.push_str(&format!(
                    "  {:<17} runs it from {file} ({via}'s), which it also reads: nothing more written\n",
                    p.agent
                )),
                Action::Cannot(why) if !always.iter().any(|(a, _)| *a == p.agent) => {
                    out.push_str(&format!("  {:<17} not written: {why}\n", p.agent));
                }
                Action::Cannot(_) => {}
            }
        }
    }
    if !always.is_empty() {
        out.push_str("not written for any hook:\n");
        for (agent, why) in &always {
            out.push_str(&format!("  {agent:<17} {why}\n"));
        }
    }
    // A script of sync's own that no spec wants any more is removed, not written: said so.
    let changed: Vec<String> = changes
        .iter()
        .filter(|c| c.changes())
        .map(|c| match c.new {
            Some(_) => c.file.clone(),
            None => format!("{} (removed)", c.file),
        })
        .collect();
    let verb = match mode {
        Mode::Write => "written",
        Mode::DryRun => "would be written",
        Mode::Check => "differ from the specs",
    };
    out.push_str(&match changed.len() {
        0 => format!("sync: {} files up to date with the specs\n", changes.len()),
        n => format!(
            "sync: {n} of {} files {verb}: {}\n",
            changes.len(),
            changed.join(", ")
        ),
    });
    out
}

/// What `sync` was asked to do with the files.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Write them.
    Write,
    /// Show the diff.
    DryRun,
    /// Show the diff and fail when there is one.
    Check,
}

/// What the proof found.
pub struct Proof {
    /// For people.
    pub text: String,
    /// Every agent decided from its files as from the spec.
    pub agrees: bool,
}

/// Runs each case of the cases file for a synced hook twice, from the spec and from the files
/// the agents load (`run --installed`), over the agents sync wrote for, and says where they
/// differ: the files the agents will load do what the spec says.
/// With `user`, the files include the agents' user-level files.
pub fn prove(ws: &Workspace, plans: &[(&HookSpec, Vec<Part>)], user: bool) -> Result<Proof, Error> {
    let cases_file = ws.root.join(crate::suite::DEFAULT_FILE);
    let cases = if cases_file.exists() {
        crate::suite::load(&cases_file)?
    } else {
        Vec::new()
    };
    let mut text = String::from("proof: each case run from the spec and from the files written\n");
    let mut agrees = true;
    let mut ran = 0;
    let mut assumed_any = false;
    for (spec, parts) in plans {
        let targets: Vec<String> = parts
            .iter()
            .filter(|p| matches!(p.action, Action::Write(_) | Action::Through { .. }))
            .map(|p| p.agent.to_string())
            .collect();
        if targets.is_empty() {
            continue;
        }
        let mine: Vec<_> = cases
            .iter()
            .filter(|c| c.request.hook == spec.name)
            .collect();
        if mine.is_empty() {
            text.push_str(&format!(
                "  {}: no case in {}: `hookcheck run --installed` with its trigger checks it\n",
                spec.name,
                crate::suite::DEFAULT_FILE
            ));
            continue;
        }
        for case in mine {
            let base = CheckRequest {
                targets: targets.clone(),
                expect: Vec::new(),
                ..case.request.clone()
            };
            let installed = CheckRequest {
                installed: Some(Installed {
                    user,
                    ..Installed::default()
                }),
                ..base.clone()
            };
            let by_spec = decisions(ws, &base)?;
            let by_files = decisions(ws, &installed)?;
            let mut same = Vec::new();
            let mut differ = Vec::new();
            let mut unknown = Vec::new();
            let mut assumed = 0;
            for (agent, d, why, spec_assumed) in &by_spec {
                match by_files.iter().find(|(a, ..)| a == agent) {
                    // Not run from the spec either (hookcheck builds no input for it): the
                    // files were not checked, whatever they hold.
                    Some((_, f, ..)) if f == d && d == "not run" => {
                        let why = why.as_deref().unwrap_or("hookcheck did not run it");
                        unknown.push(format!("{agent}: {}", reasons(why)));
                    }
                    Some((_, f, _, files_assumed)) if f == d => {
                        // Agreement on an input or rule hookcheck assumes for this agent
                        // proves less: marked as `sweep` marks such cells.
                        let mark = if *spec_assumed || *files_assumed {
                            assumed += 1;
                            "?"
                        } else {
                            ""
                        };
                        same.push(format!("{agent}={d}{mark}"));
                    }
                    // The files run, but hookcheck builds no input for the event they put the
                    // hook on: shown, neither a pass nor a failure.
                    Some((_, f, Some(why), _)) if f == "not run" => {
                        unknown.push(format!("{agent}: {}", reasons(why)));
                    }
                    Some((_, f, ..)) => differ.push(format!("{agent}: spec {d}, files {f}")),
                    None => differ.push(format!("{agent}: spec {d}, files: not run")),
                }
            }
            assumed_any |= assumed > 0;
            ran += 1;
            let mut line = format!("  {}: ", case.name);
            if differ.is_empty() {
                let of_them = if assumed > 0 {
                    format!(" ({assumed} assumed, marked ?)")
                } else {
                    String::new()
                };
                line.push_str(&format!(
                    "same on {} agents{of_them}: {}",
                    same.len(),
                    same.join(" ")
                ));
            } else {
                agrees = false;
                line.push_str(&format!("✗ {}", differ.join("; ")));
            }
            text.push_str(&line);
            text.push('\n');
            for u in unknown {
                text.push_str(&format!("    ? not checked from the files: {u}\n"));
            }
        }
    }
    if ran == 0 {
        text.push_str("  no case ran\n");
    }
    if assumed_any {
        text.push_str(
            "  ? the input or reply rule hookcheck used for this agent is assumed, not confirmed \
             (`hookcheck tools AGENT` says which): the two agree under that assumption\n",
        );
    }
    Ok(Proof { text, agrees })
}

/// The reasons a target gives for not running (`; `-joined, one per handler of its files,
/// each after the handler's `file:line: `), once each, leaving out the handlers whose event the
/// trigger does not fire: what a person needs to see why the files were not checked.
fn reasons(why: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for part in why.split("; ") {
        let bare = match part.split_once(": ") {
            Some((place, rest))
                if place
                    .rsplit_once(':')
                    .is_some_and(|(_, n)| n.parse::<u32>().is_ok()) =>
            {
                rest
            }
            _ => part,
        };
        if !crate::plan::build::is_wrong_trigger(bare) && !out.contains(&bare) {
            out.push(bare);
        }
    }
    if out.is_empty() {
        why.to_string()
    } else {
        out.join("; ")
    }
}

/// One agent's decision: its id, the decision, the reason when it did not run, and whether it
/// rests on an assumption (not counted for that alone).
type Decided = (String, String, Option<String>, bool);

/// Each agent's decision for `req`.
fn decisions(ws: &Workspace, req: &CheckRequest) -> Result<Vec<Decided>, Error> {
    let check = crate::installed::resolve(ws, req, &ws.root, crate::run::default_jobs())?;
    let report = crate::run::run_check(&check, crate::report::Keep::text(1024));
    Ok(report
        .targets
        .iter()
        .map(|t| {
            (
                t.target.clone(),
                t.decision.to_string(),
                t.reason.clone(),
                t.assumed_only(),
            )
        })
        .collect())
}
