//! Reading every agent's hook files: the handlers each agent loads, its own and cross-read.

use std::path::{Path, PathBuf};

use super::agents::{self, FileAgent};
use super::{NativeError, NativeHandler};

/// One hook file an agent reads.
#[derive(Debug, Clone)]
pub struct FileRead {
    /// The agent whose file it is.
    pub tool: &'static str,
    /// The path as shown (relative to the project root for project files).
    pub shown: PathBuf,
    /// Whether it exists.
    pub exists: bool,
    /// A project file (not a user one).
    pub project: bool,
}

/// Everything found in the agents' hook files.
#[derive(Debug, Clone, Default)]
pub struct Inventory {
    /// Every file looked at.
    pub files: Vec<FileRead>,
    /// Every command handler, in loader and file order.
    pub handlers: Vec<NativeHandler>,
    /// The hooks that run no command (a `prompt`, `http` or `agent` hook), kept apart from
    /// [`Inventory::handlers`] so that nothing reads them as commands: listed and said not run
    /// ([`NativeHandler::not_command`]).
    pub not_commands: Vec<NativeHandler>,
    /// Files the agents cannot load.
    pub errors: Vec<NativeError>,
    /// Entries the agents discard while loading the rest of their file.
    pub discarded: Vec<NativeError>,
    /// Files whose hooks an agent skips because another file of the same scope holds its
    /// hooks ([`crate::native::loader::Loader::fallbacks`]), each placed at its first hook.
    pub skipped: Vec<NativeError>,
    /// Files that are not UTF-8 which the agents decode with replacement characters.
    pub decoded: Vec<NativeError>,
    /// The agents' settings for cross-reads ([`crate::native::loader::Loader::switched_reads`]) are taken as on.
    pub third_party: bool,
    /// The project root the files were read under.
    pub root: PathBuf,
    /// The home folder the user files (and the agents' trust stores) are under.
    pub home: PathBuf,
}

/// Reads the project files (and the user's, with `user`) of every loader.
pub fn load(root: &Path, home: &Path, user: bool) -> Inventory {
    let mut inv = Inventory {
        root: root.to_path_buf(),
        home: home.to_path_buf(),
        ..Inventory::default()
    };
    // A generator's source at an agent's path is not that agent's file (generators::aha).
    let claimed = super::generators::claimed(root);
    for loader in agents::all() {
        let mut paths: Vec<(PathBuf, bool)> = (loader.project_files)(root)
            .into_iter()
            .filter(|p| !claimed.contains(p))
            .map(|p| (p, true))
            .collect();
        if user {
            paths.extend((loader.user_files)(home).into_iter().map(|p| (p, false)));
        }
        for (path, project) in paths {
            let shown = super::shown(root, &path);
            let within = if project { root } else { home };
            let text = read(loader, &path, within, &shown, &mut inv.decoded);
            inv.files.push(FileRead {
                tool: loader.id(),
                shown: shown.clone(),
                // Something is there, even when it cannot be read (a FIFO, a link out).
                exists: path.symlink_metadata().is_ok(),
                project,
            });
            let text = match text {
                Ok(Some(text)) => text,
                Ok(None) => continue,
                Err(e) => {
                    inv.errors.push(NativeError {
                        agent: Some(loader.id()),
                        ..e
                    });
                    continue;
                }
            };
            // A plugin's hooks file, read by the agent's plugin parser and marked with the
            // plugin's folder.
            let plugin = loader.plugins.and_then(|l| {
                let folder = match project {
                    true => super::plugins::folder_of(l, root, &shown),
                    false => super::plugins::installed_folder_of(l, home, &path),
                };
                folder.map(|f| (l, f))
            });
            let parsed = match (plugin.as_ref(), loader.parse_entries) {
                (Some((layout, _)), _) => (layout.parse)(&shown, &text),
                (None, Some(parse)) => parse(&shown, &text).map(|(hs, discarded)| {
                    inv.discarded.extend(discarded);
                    hs
                }),
                (None, None) => (loader.parse)(&shown, &text),
            };
            match parsed {
                Ok(mut hs) => {
                    if let Some((layout, folder)) = &plugin {
                        // What the agent puts in place of its references as it loads the file.
                        let refs = layout
                            .load_refs
                            .map(|refs| {
                                // `root.join("")` would end in a `/`.
                                let folder: PathBuf = root.join(folder).components().collect();
                                refs(&path, &folder, root)
                            })
                            .unwrap_or_default();
                        for h in &mut hs {
                            h.plugin_root = Some(folder.clone());
                            h.command = super::plugins::resolve_load_refs(&h.command, &refs);
                        }
                    }
                    if let Some(e) = skipped(loader, &path, within, &hs) {
                        inv.skipped.push(e);
                        continue;
                    }
                    let (not, commands): (Vec<_>, Vec<_>) =
                        hs.into_iter().partition(|h| h.not_command.is_some());
                    inv.handlers.extend(commands);
                    inv.not_commands.extend(not);
                }
                Err(e) => inv.errors.push(NativeError {
                    agent: Some(loader.id()),
                    ..e
                }),
            }
        }
    }
    for loader in agents::all() {
        inv.skipped.extend(unread(loader, root, &mut inv.decoded));
    }
    replace_by_key(&mut inv);
    inv
}

/// The note for a file whose hooks `loader` skips because the file it falls back from exists
/// in the same scope; `None` when it reads them.
fn skipped(
    loader: FileAgent,
    path: &Path,
    within: &Path,
    hs: &[NativeHandler],
) -> Option<NativeError> {
    let rel = path.strip_prefix(within).ok()?;
    let (first, _, source) = loader
        .fallbacks
        .iter()
        .find(|(first, fallback, _)| rel == Path::new(fallback) && within.join(first).is_file())?;
    let h = hs.first()?;
    Some(NativeError {
        file: h.file.clone(),
        line: Some(h.line),
        message: format!(
            "{} reads the hooks in this file only when {first} is absent, and {first} is here",
            loader.name()
        ),
        consequence: format!(
            "{} runs none of its {} hook(s) ({source})",
            loader.name(),
            hs.len()
        ),
        agent: None,
    })
}

/// The hooks in the project files the agent runs none of ([`Loader::unread`]), one error per
/// file that holds any, placed at its first hook.
fn unread(loader: FileAgent, root: &Path, decoded: &mut Vec<NativeError>) -> Vec<NativeError> {
    let mut out = Vec::new();
    for (pattern, source) in loader.unread {
        for path in expand(root, pattern) {
            let shown = super::shown(root, &path);
            let Ok(Some(text)) = read(loader, &path, root, &shown, decoded) else {
                continue;
            };
            let Some(h) = (loader.parse)(&shown, &text).ok().and_then(|hs| {
                let n = hs.len();
                hs.into_iter().next().map(|h| (h, n))
            }) else {
                continue;
            };
            let (h, n) = h;
            out.push(NativeError {
                file: shown,
                line: Some(h.line),
                message: format!("{} reads no hooks from this file", loader.name()),
                consequence: format!("{} runs none of its {n} hook(s) ({source})", loader.name()),
                agent: Some(loader.id()),
            });
        }
    }
    out
}

/// `pattern` (a path from `root`, one segment of which may be `*`) as the paths that exist.
fn expand(root: &Path, pattern: &str) -> Vec<PathBuf> {
    let Some((before, after)) = pattern.split_once("/*/") else {
        let path = root.join(pattern);
        return if path.is_file() {
            vec![path]
        } else {
            Vec::new()
        };
    };
    let Ok(entries) = std::fs::read_dir(root.join(before)) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path().join(after))
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

/// The text of one hook file: `None` when there is no file (nothing there, the usual case);
/// an error naming the file when something is there that the agent cannot read (not UTF-8, a
/// folder, a symlink loop or a dangling symlink, no permission).
fn read(
    loader: FileAgent,
    path: &Path,
    within: &Path,
    shown: &Path,
    warnings: &mut Vec<NativeError>,
) -> Result<Option<String>, NativeError> {
    let error = |message: String| NativeError {
        file: shown.to_path_buf(),
        line: None,
        message,
        consequence: format!("{} loads no hooks from it", loader.name()),
        agent: None,
    };
    let bytes = match crate::textfile::read(path, within) {
        Ok(bytes) => bytes,
        Err(crate::textfile::Refused::Missing) => return Ok(None),
        Err(crate::textfile::Refused::Not(why)) => return Err(error(why)),
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Some(text)),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            if !loader.lossy_utf8 {
                return Err(error(format!(
                    "not UTF-8 text (invalid byte at offset {at})"
                )));
            }
            let bytes = e.into_bytes();
            let text = String::from_utf8_lossy(&bytes).into_owned();
            warnings.push(NativeError {
                file: shown.to_path_buf(),
                line: Some(super::line_at(&text, at)),
                message: format!("not UTF-8 text (invalid byte at offset {at})"),
                consequence: format!(
                    "{} decodes it with U+FFFD in place of each such byte and loads the rest: a command or matcher holding one is not what was written",
                    loader.name()
                ),
                agent: None,
            });
            Ok(Some(text))
        }
    }
}

/// Drops the user handlers that a project handler of the same agent replaces (same
/// `replace_key`), then the handlers their file switches off.
fn replace_by_key(inv: &mut Inventory) {
    let project = |inv: &Inventory, h: &NativeHandler| {
        inv.files
            .iter()
            .any(|f| f.project && f.tool == h.tool && f.shown == h.file)
    };
    let replaced: Vec<(&'static str, String)> = inv
        .handlers
        .iter()
        .filter(|h| project(inv, h))
        .filter_map(|h| h.replace_key.clone().map(|k| (h.tool, k)))
        .collect();
    let keep: Vec<bool> = inv
        .handlers
        .iter()
        .map(|h| {
            h.enabled
                && (project(inv, h)
                    || h.replace_key
                        .as_ref()
                        .is_none_or(|k| !replaced.contains(&(h.tool, k.clone()))))
        })
        .collect();
    let mut keep = keep.into_iter();
    inv.handlers.retain(|_| keep.next().unwrap_or(true));
}

impl Inventory {
    /// The agents whose files `loader` also reads, each with whether it reads their user
    /// files too: its fixed cross-reads, and with [`Inventory::third_party`] its switched ones.
    pub fn reads(&self, loader: FileAgent) -> Vec<(&'static str, bool)> {
        let mut out: Vec<(&'static str, bool)> =
            loader.also_reads.iter().map(|o| (*o, false)).collect();
        if self.third_party {
            out.extend(
                loader
                    .switched_reads
                    .iter()
                    .map(|s| (s.reads, s.user_files)),
            );
        }
        out
    }

    /// Whether `loader` reads file `f` of another agent.
    pub fn cross_reads(&self, loader: FileAgent, f: &FileRead) -> bool {
        self.reads(loader)
            .iter()
            .any(|(other, user)| f.tool == *other && (f.project || *user))
    }

    /// The handlers agent `loader` loads: its own, then those of the files it cross-reads
    /// (each marked `true`).
    pub fn loaded_by(&self, loader: FileAgent) -> Vec<(&NativeHandler, bool)> {
        self.loaded_from(&self.handlers, loader)
    }

    /// The hooks that run no command agent `loader` loads, as [`Inventory::loaded_by`] reads
    /// them.
    pub fn not_commands_of(&self, loader: FileAgent) -> Vec<(&NativeHandler, bool)> {
        self.loaded_from(&self.not_commands, loader)
    }

    fn loaded_from<'a>(
        &self,
        list: &'a [NativeHandler],
        loader: FileAgent,
    ) -> Vec<(&'a NativeHandler, bool)> {
        let mut out: Vec<(&NativeHandler, bool)> = list
            .iter()
            .filter(|h| h.tool == loader.id())
            .map(|h| (h, false))
            .collect();
        for (other, _) in self.reads(loader) {
            let read: Vec<&PathBuf> = self
                .files
                .iter()
                .filter(|f| f.tool == other && self.cross_reads(loader, f))
                .map(|f| &f.shown)
                .collect();
            out.extend(
                list.iter()
                    // A plugin's hooks are loaded by the plugin's agent, not by cross-readers.
                    .filter(|h| {
                        h.tool == other && read.contains(&&h.file) && h.plugin_root.is_none()
                    })
                    .map(|h| (h, true)),
            );
        }
        out
    }

    /// For each switched cross-read of `loader` left off: a note saying which handlers the
    /// agent would also run with the setting on.
    pub fn switched_off(&self, loader: FileAgent) -> Vec<String> {
        if self.third_party {
            return Vec::new();
        }
        loader
            .switched_reads
            .iter()
            .filter_map(|s| {
                let files: Vec<String> = self
                    .files
                    .iter()
                    .filter(|f| f.tool == s.reads && f.exists && (f.project || s.user_files))
                    .filter(|f| self.handlers.iter().any(|h| h.file == f.shown))
                    .map(|f| f.shown.display().to_string())
                    .collect();
                (!files.is_empty()).then(|| {
                    format!(
                        "{} also runs the hooks in {} when {} is on; not checked here (pass --third-party to check them)",
                        loader.name(),
                        files.join(", "),
                        s.setting
                    )
                })
            })
            .collect()
    }

    /// The files of agent `id` that were looked at.
    pub fn files_of(&self, id: &str) -> Vec<&FileRead> {
        self.files.iter().filter(|f| f.tool == id).collect()
    }

    /// One row per handler and agent that loads it, for `list --installed`.
    pub fn rows(&self) -> Vec<serde_json::Value> {
        let mut rows = Vec::new();
        for loader in agents::all() {
            let not = self.not_commands_of(loader);
            for (h, cross) in self.loaded_by(loader).into_iter().chain(not) {
                let mut row = serde_json::json!({
                    "agent": loader.id(),
                    "event": h.event,
                    "matcher": h.matcher,
                    "command": h.display(),
                    "timeout_s": h.timeout_s,
                    "timeout": h.timeout_raw,
                    "file": h.file.display().to_string(),
                    "line": h.line,
                    "cross_read": cross,
                });
                if let Some(why) = &h.not_command {
                    row["not_run"] = format!("not a command: {why}").into();
                }
                rows.push(row);
            }
        }
        rows
    }
}

/// Two handlers an agent runs that start the same thing on one event.
#[derive(Debug, Clone)]
pub struct Double<'a> {
    /// The one loaded first.
    pub first: &'a NativeHandler,
    /// The one loaded after it: the one to remove.
    pub second: &'a NativeHandler,
    /// What both run, for people.
    pub message: String,
}

/// Handlers agent `l` would run twice: under one event (any of its spellings) and the same
/// matcher (or one that matches every call), two handlers that start the same programs with the same arguments once resolved (paths
/// from the agent's working directory, its project-dir variables), whatever the text (quoting,
/// `./`, a quoted project-dir variable); own and cross-read files alike.
pub fn doubles<'a>(
    l: FileAgent,
    loaded: &[(&'a NativeHandler, bool)],
    root: &Path,
) -> Vec<Double<'a>> {
    let keys: Vec<String> = loaded
        .iter()
        .map(|(h, _)| {
            super::command::runs_key(&super::command::analyse(l, h, root))
                .unwrap_or_else(|| h.display())
        })
        .collect();
    // An agent that dedups hooks by command text runs the same text under the same matcher
    // once, whichever files hold it (`Run::dedupes`).
    let dedupes = crate::tools::find(l.id())
        .and_then(|t| t.contract())
        .is_some_and(|c| c.run.dedupes);
    let mut out = Vec::new();
    for (i, (a, _)) in loaded.iter().enumerate() {
        for (j, (b, _)) in loaded.iter().enumerate().skip(i + 1) {
            if dedupes && a.display() == b.display() && a.matcher == b.matcher {
                continue;
            }
            // A matcher that matches every call overlaps any other.
            let all = |m: &str| m.trim().is_empty() || crate::matcher::is_match_all(m.trim());
            let overlap = a.matcher == b.matcher || all(&a.matcher) || all(&b.matcher);
            // Two named configurations are never active at once (`only_with`).
            if !crate::native::agents::same_event(l.id(), &a.event, &b.event)
                || !overlap
                || keys[i] != keys[j]
                || a.only_with != b.only_with
            {
                continue;
            }
            let message = if a.display() == b.display() {
                format!(
                    "`{}` runs twice on {}: {} and {}",
                    a.display(),
                    a.event,
                    a.place(),
                    b.place()
                )
            } else {
                format!(
                    "`{}` ({}) and `{}` ({}) both run `{}` on {}: it runs twice",
                    a.display(),
                    a.place(),
                    b.display(),
                    b.place(),
                    keys[i],
                    a.event
                )
            };
            out.push(Double {
                first: a,
                second: b,
                message,
            });
        }
    }
    out
}

/// The inventory as a text table, then the files that cannot be loaded, then what the agents
/// load with a loss (entries discarded, bytes replaced).
pub fn table(
    rows: &[serde_json::Value],
    errors: &[NativeError],
    warnings: &[NativeError],
) -> String {
    let s = |r: &serde_json::Value, k: &str| r[k].as_str().unwrap_or_default().to_string();
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|r| {
            let via = if r["cross_read"] == true {
                " (cross-read)"
            } else {
                ""
            };
            [
                format!("{}{via}", s(r, "agent")),
                s(r, "event"),
                s(r, "matcher"),
                s(r, "command"),
                r["timeout_s"]
                    .as_u64()
                    .map_or("-".into(), |t| format!("{t}s")),
                format!("{}:{}", s(r, "file"), r["line"]),
            ]
        })
        .collect();
    let head = ["AGENT", "EVENT", "MATCHER", "COMMAND", "TIMEOUT", "FILE"].map(String::from);
    let mut width = [0usize; 6];
    for row in std::iter::once(&head).chain(&cells) {
        for (w, c) in width.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    if cells.is_empty() {
        out.push_str("no installed hooks found\n");
    } else {
        for row in std::iter::once(&head).chain(&cells) {
            let line: Vec<String> = row
                .iter()
                .zip(width)
                .map(|(c, w)| format!("{c:<w$}"))
                .collect();
            out.push_str(line.join("  ").trim_end());
            out.push('\n');
        }
    }
    // A hook that runs no command: one line per place, with the agents that load it.
    let mut not_run: Vec<(String, Vec<String>, String)> = Vec::new();
    for r in rows {
        let Some(why) = r["not_run"].as_str() else {
            continue;
        };
        let place = format!("{}:{}", s(r, "file"), r["line"]);
        match not_run.iter_mut().find(|(p, _, _)| *p == place) {
            Some((_, agents, _)) => agents.push(s(r, "agent")),
            None => not_run.push((place, vec![s(r, "agent")], why.to_string())),
        }
    }
    for (place, agents, why) in not_run {
        out.push_str(&format!(
            "not run: {place} ({}): {why}\n",
            agents.join(", ")
        ));
    }
    for e in errors {
        out.push_str(&format!("error: {e}\n"));
    }
    for w in warnings {
        out.push_str(&format!("warning: {w}\n"));
    }
    out
}
