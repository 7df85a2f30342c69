//! Generators' canonical sources: the one file a team edits, from which a generator writes
//! each agent's hook file. hookcheck says which file is a source (not any agent's file) and
//! `lint` compares what each generated file runs against what the source asks for.
//!
//! This module names no agent: a source's target names map to agents through each agent's
//! `GENERATED_AS` table in `tools` ([`generated_as`]).
//!
//! rulesync: `.rulesync/hooks.json` or `.rulesync/hooks.jsonc`,
//! `{"version": 1, "hooks": {"<camelCaseEvent>": [{"matcher", "command", "timeout"}]},
//! "<target>": {"hooks": {...}}}`; a target's own `hooks` replace the shared list of the same
//! event; `timeout` in seconds; the targets generated are `targets` in `rulesync.jsonc`
//! (or `rulesync.json`) beside `.rulesync/`, else the targets the file has a block for.
//! Sources: https://github.com/dyoshikawa/rulesync/blob/cfebcd751ddadb07fbcb6f657a8200e5803b4d1b/docs/reference/file-formats.md
//! (2026-08-18), "`.rulesync/hooks.json`" (the `timeout` field: "Per-hook timeout in seconds"),
//! and its src/features/hooks/copilot-hooks.ts at the same commit (the Copilot output
//! skips every definition with a `matcher`: `if (def.matcher) continue;`), the behaviour the
//! issue measured on rulesync 17.0.0; read 2026-12-01.
//!
//! agent-harness-adapter 0.2.2: see `generators/aha.rs`; an agent that loads two of its
//! dispatches for one event: `generators/twice.rs`.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::finding::{Finding, Severity};
use super::inventory::Inventory;
use super::{JsonCursor, shown};
use crate::tools::native::{Loader, generated_as, generator_targets, loaders};

mod aha;
mod twice;

/// A generator whose canonical source hookcheck reads.
pub struct Generator {
    /// Its name, as its users call it.
    pub name: &'static str,
    /// Its source files under the project root, in the order it prefers them.
    pub files: &'static [&'static str],
    /// Its project config files, whose `targets` list the targets it generates.
    pub config: &'static [&'static str],
    /// How to regenerate, for fixes.
    pub regenerate: &'static str,
    /// What an agent it generates for runs instead of the source, after "<agent> does not
    /// read it: it runs".
    pub runs: &'static str,
    /// The program its generated hooks run at hook time and how to install it, when they run
    /// one of its own (a dispatcher) rather than the source's commands.
    pub dispatcher: Option<(&'static str, &'static str)>,
    /// Reads its source under a project root, when the project has one.
    pub read: fn(&'static Generator, &Path) -> Option<Source>,
}

/// The generators hookcheck knows.
pub static GENERATORS: &[Generator] = &[
    Generator {
        name: "rulesync",
        files: &[".rulesync/hooks.jsonc", ".rulesync/hooks.json"],
        config: &["rulesync.jsonc", "rulesync.json"],
        regenerate: "rulesync generate",
        runs: "what rulesync wrote into its own files",
        dispatcher: None,
        read: read_rulesync,
    },
    aha::GENERATOR,
];

/// One hook the source asks for.
#[derive(Debug, Clone)]
pub struct SourceHook {
    /// The event, in the source's spelling.
    pub event: String,
    /// The matcher (empty when absent).
    pub matcher: String,
    /// The command.
    pub command: String,
    /// The timeout in seconds.
    pub timeout_s: Option<u64>,
    /// The 1-based line of its command.
    pub line: u64,
    /// For a generator's dispatch hook, the source's commands it runs (empty: it runs
    /// `command` itself).
    pub runs: Vec<String>,
}

/// A canonical source found in a project.
pub struct Source {
    /// The generator.
    pub generator: &'static Generator,
    /// The file, as shown.
    pub file: PathBuf,
    /// The targets it generates, with the agent each is (when hookcheck knows it).
    pub targets: Vec<(String, Option<&'static Loader>)>,
    /// Per target: the hooks the source asks that target for.
    pub hooks: Vec<(String, Vec<SourceHook>)>,
    /// Hooks in the source that the generator writes for no target, each with why.
    pub unrun: Vec<(SourceHook, String)>,
    /// The start of the generator's dispatch commands for this source, followed by the target
    /// and the event, when its agents run the source through a dispatcher.
    pub dispatch: Option<String>,
}

impl Source {
    /// The agents it generates, named, without repeats.
    pub fn agents(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for l in self.targets.iter().filter_map(|(_, l)| *l) {
            if !out.contains(&l.id) {
                out.push(l.id);
            }
        }
        out
    }

    /// "<file>: canonical source for <generator> (generates: <agents>)".
    pub fn note(&self) -> String {
        let agents = self.agents();
        format!(
            "{}: canonical source for {} (generates: {})",
            self.file.display(),
            self.generator.name,
            if agents.is_empty() {
                "no agent hookcheck reads".to_string()
            } else {
                agents.join(", ")
            }
        )
    }
}

/// JSON with comments: `//` and `/* */` comments and trailing commas become spaces, so
/// offsets and lines stay those of the file.
fn strip_jsonc(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let (mut i, mut in_str) = (0, false);
    while i < b.len() {
        let c = b[i];
        if in_str {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                in_str = false;
            }
        } else if c == b'"' {
            in_str = true;
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                out[i] = b' ';
                i += 1;
            }
            continue;
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                if b[i] != b'\n' {
                    out[i] = b' ';
                }
                i += 1;
            }
            let end = (i + 2).min(b.len());
            out[i..end].fill(b' ');
            i += 2;
            continue;
        } else if c == b',' {
            let next = b[i + 1..].iter().find(|c| !c.is_ascii_whitespace());
            if matches!(next, Some(b'}' | b']') | None) {
                out[i] = b' ';
            }
        }
        i += 1;
    }
    String::from_utf8(out).unwrap_or_default()
}

fn read_json(path: &Path) -> Option<(String, Value)> {
    let text = strip_jsonc(&std::fs::read_to_string(path).ok()?);
    let v = serde_json::from_str(&text).ok()?;
    Some((text, v))
}

fn hooks_of(v: &Value, cursor: &mut JsonCursor) -> Vec<SourceHook> {
    let Some(map) = v.as_object() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (event, list) in map {
        for d in list.as_array().into_iter().flatten() {
            let Some(command) = d["command"].as_str() else {
                continue;
            };
            out.push(SourceHook {
                event: event.clone(),
                matcher: d["matcher"].as_str().unwrap_or_default().to_string(),
                command: command.to_string(),
                timeout_s: d["timeout"].as_u64(),
                line: cursor.line_of(command),
                runs: Vec::new(),
            });
        }
    }
    out
}

/// How to install `program` when it is a generator's dispatcher: "<generator>'s dispatcher:
/// <how>".
pub fn dispatcher_install(program: &str) -> Option<String> {
    GENERATORS.iter().find_map(|g| {
        let (p, how) = g.dispatcher?;
        (p == program).then(|| format!("{}'s dispatcher: {how}", g.name))
    })
}

/// The canonical sources under `root`.
pub fn find(root: &Path) -> Vec<Source> {
    GENERATORS
        .iter()
        .filter_map(|g| (g.read)(g, root))
        .collect()
}

/// The source files under `root` that are a generator's and no agent's, though an agent
/// reads a file at that path: each agent's loader skips them.
pub fn claimed(root: &Path) -> Vec<PathBuf> {
    find(root).iter().map(|s| root.join(&s.file)).collect()
}

/// rulesync's source: the first of its files, its targets from its config.
fn read_rulesync(g: &'static Generator, root: &Path) -> Option<Source> {
    let path = g.files.iter().map(|f| root.join(f)).find(|p| p.is_file())?;
    let (text, v) = read_json(&path)?;
    let known = generator_targets(g.name);
    let listed: Option<Vec<String>> = g
        .config
        .iter()
        .find_map(|c| read_json(&root.join(c)))
        .and_then(|(_, c)| c["targets"].as_array().cloned())
        .map(|a| {
            a.iter()
                .filter_map(|t| t.as_str().map(String::from))
                .collect()
        });
    let names: Vec<String> = match listed {
        Some(l) if l.iter().any(|t| t == "*") => known.iter().map(|t| t.to_string()).collect(),
        Some(l) => l,
        None => known
            .iter()
            .filter(|t| v.get(**t).is_some())
            .map(|t| t.to_string())
            .collect(),
    };
    // Lines: the shared list first, then each target's block, in file order.
    let mut cursor = JsonCursor::new(&text);
    let shared = hooks_of(&v["hooks"], &mut cursor);
    let mut hooks = Vec::new();
    for t in &names {
        let own = hooks_of(&v[t.as_str()]["hooks"], &mut JsonCursor::new(&text));
        let mut list: Vec<SourceHook> = shared
            .iter()
            .filter(|h| !own.iter().any(|o| o.event == h.event))
            .cloned()
            .collect();
        list.extend(own);
        hooks.push((t.clone(), list));
    }
    Some(Source {
        generator: g,
        file: shown(root, &path),
        targets: targets(g, names),
        hooks,
        unrun: Vec::new(),
        dispatch: None,
    })
}

/// Target names with the agent each is, when hookcheck knows it.
fn targets(g: &Generator, names: Vec<String>) -> Vec<(String, Option<&'static Loader>)> {
    names
        .into_iter()
        .map(|t| {
            let l = generated_as(g.name, &t);
            (t, l)
        })
        .collect()
}

/// The lines `list --installed` prints after its table, one per source found.
pub fn notes(root: &Path) -> String {
    find(root)
        .iter()
        .map(|s| format!("{}\n", s.note()))
        .collect()
}

/// Tool names a matcher lists (`Bash|Edit`), when it is a plain list of names.
fn matcher_names(m: &str) -> Vec<&str> {
    if m.is_empty() || m == "*" || m.contains(|c: char| "()[]{}.*+?^$\\".contains(c)) {
        return Vec::new();
    }
    m.split('|')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// Findings: each source said so, and each generated file compared with its source.
pub fn drift(root: &Path, inv: &Inventory) -> Vec<Finding> {
    let mut out = Vec::new();
    for s in find(root) {
        let file = s.file.display().to_string();
        // Said once per agent it generates: what that agent runs is the generated file.
        for l in s
            .agents()
            .into_iter()
            .filter_map(|id| loaders().find(|l| l.id == id))
        {
            out.push(Finding {
                severity: Severity::Info,
                rule: "generator-source",
                agent: Some(l.id),
                file: file.clone(),
                line: Some(1),
                message: format!(
                    "{}; {} does not read it: it runs {}",
                    s.note(),
                    l.name,
                    s.generator.runs
                ),
                fix: format!(
                    "edit the hooks here, not in the generated files, and run `{}`",
                    s.generator.regenerate
                ),
            });
        }
        for (h, why) in &s.unrun {
            let agents = s.agents();
            out.push(Finding {
                severity: Severity::Warning,
                rule: "generator-unrun-hook",
                agent: agents.first().copied(),
                file: file.clone(),
                line: Some(h.line),
                message: format!(
                    "`{}` on {}: {why}, so {} writes it into no agent's file: {} never run it",
                    h.command,
                    h.event,
                    s.generator.name,
                    twice::agent_names(&agents),
                ),
                fix: format!(
                    "move it to an event {} runs, or into each agent's own settings by hand",
                    s.generator.name
                ),
            });
        }
        if let Some(prefix) = &s.dispatch {
            out.extend(twice::dispatched_twice(&s, prefix, inv));
        }
        for ((target, loader), (_, hooks)) in s.targets.iter().zip(&s.hooks) {
            let Some(l) = loader else { continue };
            let own: Vec<_> = inv
                .files_of(l.id)
                .into_iter()
                .filter(|f| f.project)
                .collect();
            if !own.iter().any(|f| f.exists) {
                continue;
            }
            let shown_files: Vec<String> = own
                .iter()
                .filter(|f| f.exists)
                .map(|f| f.shown.display().to_string())
                .collect();
            for h in hooks {
                let got: Vec<_> = inv
                    .handlers
                    .iter()
                    .filter(|g| g.tool == l.id && g.command.trim() == h.command.trim())
                    .collect();
                if got.is_empty() {
                    let elsewhere = inv
                        .loaded_by(l)
                        .into_iter()
                        .find(|(g, _)| g.command.trim() == h.command.trim())
                        .map(|(g, _)| g.place());
                    let does = match elsewhere {
                        Some(at) => {
                            format!("{} runs it only through its cross-read of {at}", l.name)
                        }
                        None => format!("{} never runs it", l.name),
                    };
                    out.push(Finding {
                        severity: Severity::Error,
                        rule: "generator-dropped-hook",
                        agent: Some(l.id),
                        file: file.clone(),
                        line: Some(h.line),
                        message: format!(
                            "{}: the {} source asks target `{target}` for `{}` on {}{}{}, but {} has no hook running it: {does}",
                            l.name,
                            s.generator.name,
                            h.command,
                            h.event,
                            if h.matcher.is_empty() { String::new() } else { format!(" (matcher `{}`)", h.matcher) },
                            twice::quoted_list(" (which runs ", &h.runs, ")"),
                            shown_files.join(", "),
                        ),
                        fix: format!(
                            "run `{}` and check its warnings; if it still leaves the hook out, add it to {} by hand{}",
                            s.generator.regenerate,
                            shown_files.join(" or "),
                            if h.matcher.is_empty() { "" } else { " (the generator drops hooks with a matcher for some targets)" }
                        ),
                    });
                    continue;
                }
                for g in got {
                    out.extend(copied_matcher(l, h, g, target, &file));
                    out.extend(wrong_unit(l, h, g, &file));
                }
            }
        }
    }
    out
}

fn copied_matcher(
    l: &Loader,
    h: &SourceHook,
    g: &super::NativeHandler,
    target: &str,
    source: &str,
) -> Option<Finding> {
    if l.tool_names.is_empty() || g.matcher != h.matcher {
        return None;
    }
    let missing: Vec<&str> = matcher_names(&h.matcher)
        .into_iter()
        .filter(|n| !l.tool_names.contains(n))
        .collect();
    if missing.is_empty() {
        return None;
    }
    Some(Finding {
        severity: Severity::Error,
        rule: "generator-copied-matcher",
        agent: Some(l.id),
        file: g.file.display().to_string(),
        line: Some(g.line),
        message: format!(
            "{}: the matcher `{}` was copied from {source}:{} but {} has no tool named {}: the hook never fires for the tools it was written for",
            l.name,
            h.matcher,
            h.line,
            l.name,
            missing
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        fix: format!(
            "give target `{target}` its own matcher in {source} (`\"{target}\": {{\"hooks\": …}}`) with {}'s tool names ({}), then regenerate",
            l.name,
            l.tool_names
                .iter()
                .take(3)
                .copied()
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}

fn wrong_unit(
    l: &Loader,
    h: &SourceHook,
    g: &super::NativeHandler,
    source: &str,
) -> Option<Finding> {
    let (t, v) = (h.timeout_s?, g.timeout_value?);
    let (waits, want) = match l.unit {
        "ms" if v == t && t > 0 => (format!("{t} ms"), t * 1000),
        "s" if v == t.saturating_mul(1000) && t > 0 => (format!("{v} s"), t),
        _ => return None,
    };
    Some(Finding {
        severity: Severity::Error,
        rule: "generator-timeout-unit",
        agent: Some(l.id),
        file: g.file.display().to_string(),
        line: Some(g.line),
        message: format!(
            "{}: timeout {v} {} here, but {source}:{} asks for {t} s: {} waits {waits}, off by 1000",
            l.name, l.unit, h.line, l.name
        ),
        fix: format!(
            "write the timeout as {want} ({}) in {}",
            l.unit,
            g.file.display()
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsonc_comments_and_trailing_commas_become_spaces_on_the_same_lines() {
        let t = "{ // c\n \"a\": [1, /* x\n y */ 2,],\n}";
        let s = strip_jsonc(t);
        assert_eq!(s.lines().count(), t.lines().count());
        assert_eq!(
            serde_json::from_str::<Value>(&s).unwrap(),
            serde_json::json!({"a": [1, 2]})
        );
        assert_eq!(
            strip_jsonc("{\"u\": \"http://x,\"}"),
            "{\"u\": \"http://x,\"}"
        );
    }

    #[test]
    fn every_rule_here_is_in_the_sarif_rule_list() {
        let text = [
            include_str!("generators.rs"),
            include_str!("generators/aha.rs"),
            include_str!("generators/twice.rs"),
        ]
        .concat();
        let ids: Vec<&str> = text
            .match_indices("rule: \"generator-")
            .map(|(at, _)| text[at + 7..].split('"').next().unwrap_or_default())
            .collect();
        assert_eq!(ids.len(), 6);
        for id in ids {
            assert!(
                super::super::sarif::RULES.iter().any(|(r, _)| *r == id),
                "{id} is not in sarif::RULES"
            );
        }
    }

    #[test]
    fn matcher_names_are_plain_lists_only() {
        assert_eq!(matcher_names("Bash|Edit"), ["Bash", "Edit"]);
        assert!(matcher_names("mcp__.*").is_empty());
        assert!(matcher_names("*").is_empty());
    }
}
