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

use super::agents::{FileAgent, generated_as, generator_targets};
use super::{JsonCursor, shown};

mod aha;

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
    pub targets: Vec<(String, Option<FileAgent>)>,
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
            if !out.contains(&l.id()) {
                out.push(l.id());
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
    let text = strip_jsonc(&crate::textfile::read_regular(path)?);
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
fn targets(g: &Generator, names: Vec<String>) -> Vec<(String, Option<FileAgent>)> {
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
}
