//! Generator drift: each canonical source said so where an agent would read it, and each
//! generated file compared with what its source asks for (a hook the generator dropped, a
//! matcher copied into an agent whose tool names differ, a timeout in the wrong unit, a hook
//! dispatched twice). Apart from [`super::generators`], which only finds and reads the sources,
//! because this side needs the loaded inventory and the inventory needs the sources.

use std::path::Path;

use super::agents::{self, FileAgent};
use super::finding::{Finding, Severity};
use super::generators::{Source, SourceHook, find};
use super::inventory::Inventory;

mod twice;

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
            .filter_map(|id| agents::all().find(|l| l.id() == id))
        {
            out.push(Finding {
                cause: None,
                severity: Severity::Info,
                rule: "generator-source",
                agent: Some(l.id()),
                file: file.clone(),
                line: Some(1),
                message: format!(
                    "{}; {} does not read it: it runs {}",
                    s.note(),
                    l.name(),
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
                cause: None,
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
            let &Some(l) = loader else { continue };
            let own: Vec<_> = inv
                .files_of(l.id())
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
            // The generated handler runs the source's command when the text is the same, or
            // when both start the same programs as the agent resolves them (a generator may
            // write `scripts/x.sh` as `$PROJECT_DIR_VAR/scripts/x.sh`).
            let runs = |g: &super::NativeHandler, command: &str| {
                if g.command.trim() == command.trim() {
                    return true;
                }
                let mut source = g.clone();
                source.command = command.to_string();
                source.args = None;
                let key = |h: &super::NativeHandler| {
                    super::command::runs_key(&super::command::analyse(l, h, root))
                };
                key(g).is_some_and(|k| Some(k) == key(&source))
            };
            for h in hooks {
                let got: Vec<_> = inv
                    .handlers
                    .iter()
                    .filter(|g| g.tool == l.id() && runs(g, &h.command))
                    .collect();
                if got.is_empty() {
                    let elsewhere = inv
                        .loaded_by(l)
                        .into_iter()
                        .find(|(g, _)| runs(g, &h.command))
                        .map(|(g, _)| g.place());
                    let does = match elsewhere {
                        Some(at) => {
                            format!("{} runs it only through its cross-read of {at}", l.name())
                        }
                        None => format!("{} never runs it", l.name()),
                    };
                    out.push(Finding {
                        cause: None,
                        severity: Severity::Error,
                        rule: "generator-dropped-hook",
                        agent: Some(l.id()),
                        file: file.clone(),
                        line: Some(h.line),
                        message: format!(
                            "{}: the {} source asks target `{target}` for `{}` on {}{}{}, but {} has no hook running it: {does}",
                            l.name(),
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
    l: FileAgent,
    h: &SourceHook,
    g: &super::NativeHandler,
    target: &str,
    source: &str,
) -> Option<Finding> {
    // Only a tool event's matcher names tools (a SessionStart's `startup|resume` names
    // sources).
    let on_tools = l
        .agent
        .contract()
        .and_then(|c| c.event(&g.event))
        .is_none_or(|e| e.matches == crate::contract::MatchOn::Tool);
    if l.tool_names.is_empty() || g.matcher != h.matcher || !on_tools {
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
        cause: None,
        severity: Severity::Error,
        rule: "generator-copied-matcher",
        agent: Some(l.id()),
        file: g.file.display().to_string(),
        line: Some(g.line),
        message: format!(
            "{}: the matcher `{}` was copied from {source}:{} but {} has no tool named {}: the hook never fires for the tools it was written for",
            l.name(),
            h.matcher,
            h.line,
            l.name(),
            missing
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        fix: format!(
            "give target `{target}` its own matcher in {source} (`\"{target}\": {{\"hooks\": …}}`) with {}'s tool names ({}), then regenerate",
            l.name(),
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
    l: FileAgent,
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
        cause: None,
        severity: Severity::Error,
        rule: "generator-timeout-unit",
        agent: Some(l.id()),
        file: g.file.display().to_string(),
        line: Some(g.line),
        message: format!(
            "{}: timeout {v} {} here, but {source}:{} asks for {t} s: {} waits {waits}, off by 1000",
            l.name(),
            l.unit,
            h.line,
            l.name()
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
    fn every_rule_here_is_in_the_sarif_rule_list() {
        let text = [
            include_str!("generators.rs"),
            include_str!("generators/aha.rs"),
            include_str!("drift.rs"),
            include_str!("drift/twice.rs"),
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
