//! The variables a command names, as the agent that runs it sets them: the project root, a
//! plugin's folder, or empty (and what that does to the command).

use std::path::PathBuf;

use super::{Cx, clean};
use crate::native::lint::Severity;

impl Cx<'_> {
    /// A word with the variables expanded as this agent would: its project-dir variables become
    /// the project root; a variable of some agent that this one never sets becomes empty (and
    /// is reported); `None` for anything else (`$HOME`, `$(…)`, `~`).
    pub(super) fn expand(&mut self, word: &str) -> Option<String> {
        if word.starts_with('~') {
            return None;
        }
        let mut out = String::new();
        let mut rest = word;
        while let Some(i) = rest.find('$') {
            out.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let (name, tail) = match after.strip_prefix('{') {
                Some(b) => {
                    let end = b.find('}')?;
                    (&b[..end], &b[end + 1..])
                }
                None => {
                    let end = after
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(after.len());
                    (&after[..end], &after[end..])
                }
            };
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return None;
            }
            match self.value(name) {
                Value::Root => out.push_str(&self.root.display().to_string()),
                Value::Dir(dir) => out.push_str(&clean(&dir).display().to_string()),
                Value::Unset(why) => {
                    self.unset(name, why, word, Severity::Error);
                }
                Value::Unlisted(why) => {
                    // Said as the assumption it is; nothing more is built on it (a script
                    // "missing" at the path it would have is the same assumption again).
                    self.unset(name, why, word, Severity::Warning);
                    return None;
                }
                Value::Unknown => return None,
            }
            rest = tail;
        }
        out.push_str(rest);
        Some(out)
    }

    pub(super) fn value(&self, name: &str) -> Value {
        if self.h.env.contains_key(name) {
            return Value::Unknown;
        }
        let own_var =
            crate::tools::find(self.l.id()).is_some_and(|t| t.session_vars.contains(&name));
        if crate::native::plugins::is_root_var(name)
            && own_var
            && self.l.id() == self.h.tool
            && let Some(dir) = &self.h.plugin_root
        {
            return Value::Dir(self.root.join(dir));
        }
        let tool = crate::tools::find(self.l.id());
        let in_contract = tool.and_then(|t| t.contract()).is_some_and(|c| {
            c.run.env.iter().any(|(k, _)| *k == name)
                || c.run.inherits.iter().any(|(k, _)| *k == name)
        });
        // droid 0.215.0 sets its plugin roots for every hook (fixtures/live/inputs/factory--*.json,
        // names only): set, to a value the capture does not say.
        let plugin_var = crate::native::plugins::is_plugin_var(name);
        // A plugin's data folder, set for the plugin's own hooks: a path hookcheck does not know.
        let own_plugin = own_var && self.l.id() == self.h.tool && self.h.plugin_root.is_some();
        if plugin_var && (in_contract || own_plugin) {
            return Value::Unknown;
        }
        // In a plugin's file, a plugin variable this agent does not set is one it never sets
        // (below).
        if plugin_var && self.h.plugin_root.is_none() {
            return Value::Unset(
                "is set only for a plugin's hooks, and this file is not a plugin's",
            );
        }
        let sets = tool
            .map(|t| t.session_vars)
            .unwrap_or_default()
            .contains(&name)
            || in_contract;
        if sets {
            return if name.ends_with("_PROJECT_DIR") {
                Value::Root
            } else {
                Value::Unknown
            };
        }
        let some_agent = crate::tools::ALL.iter().any(|t| {
            t.session_vars.contains(&name)
                || t.contract()
                    .is_some_and(|c| c.run.env.iter().any(|(k, _)| *k == name))
        });
        match (
            some_agent || name.ends_with("_PROJECT_DIR"),
            self.l.launch.env_known,
        ) {
            (true, true) => Value::Unset("is never set by this agent"),
            // `run` runs the hook without it, as the agent's docs list it nowhere: lint says
            // the same, as the assumption it is.
            (true, false) => Value::Unlisted(
                "is not among the variables {agent}'s docs say it sets, so hookcheck runs the hook without it",
            ),
            (false, _) => Value::Unknown,
        }
    }

    pub(super) fn unset(&mut self, name: &str, why: &str, word: &str, severity: Severity) {
        if self
            .out
            .problems
            .iter()
            .any(|p| p.rule == "unset-variable" && p.message.contains(&format!("`${name}`")))
        {
            return;
        }
        let consequence = self.cannot_start();
        let agent = self.l.name();
        let why = match why.contains("{agent}") {
            true => why.replace("{agent}", agent),
            false => format!("{why} ({agent})"),
        };
        self.problem(
            "unset-variable",
            severity,
            format!(
                "`${name}` {why}: `{word}` loses its folder and names another file, so the hook cannot start; {consequence}"
            ),
            self.unset_fix(),
        );
    }

    /// The safe change for a path built on a variable the agent leaves empty: in a plugin's
    /// file, the plugin-root variable the agent sets; elsewhere a path from the project root.
    fn unset_fix(&self) -> String {
        let root_var = crate::tools::find(self.l.id()).and_then(|t| {
            t.session_vars
                .iter()
                .find(|v| crate::native::plugins::is_root_var(v))
        });
        match (&self.h.plugin_root, root_var) {
            (Some(_), Some(var)) => format!(
                "write `${{{var}}}`, which {} sets to the plugin's folder",
                self.l.name()
            ),
            _ => format!(
                "write the path relative to the project root, or as \"$(git rev-parse --show-toplevel)\"/…, which every agent that loads {} can run",
                self.h.file.display()
            ),
        }
    }
}

pub(super) enum Value {
    /// The project root.
    Root,
    /// A folder (a plugin's root).
    Dir(PathBuf),
    /// Empty when the agent runs the hook, with why.
    Unset(&'static str),
    /// Empty when hookcheck runs the hook, as the agent's docs list it nowhere (not seen in a
    /// real run either way), with why.
    Unlisted(&'static str),
    /// Not known here.
    Unknown,
}
