//! A generator that runs its source through a dispatcher (agent-harness-adapter, `generators/aha.rs`)
//! writes one dispatch per agent and event; an agent that also loads another agent's file loads
//! two, and runs every source hook of that event twice. The adapter warns about it at install
//! ("copilot may load the hooks twice", fixtures/corpus/aha-generated/README.md); hookcheck's
//! `loaded-twice` does not see it, since the commands differ in the harness argument.

use super::{Finding, Severity, Source};
use crate::native::NativeHandler;
use crate::native::agents;
use crate::native::inventory::Inventory;

/// `items` as `a`, `b` between `before` and `after`; nothing when there are none.
pub(super) fn quoted_list(before: &str, items: &[String], after: &str) -> String {
    if items.is_empty() {
        return String::new();
    }
    let list: Vec<String> = items.iter().map(|c| format!("`{c}`")).collect();
    format!("{before}{}{after}", list.join(", "))
}

/// Each agent that loads two of the generator's dispatch hooks for one event (its own and a
/// cross-read agent's): every source hook of that event runs twice each time it fires.
pub(super) fn dispatched_twice(s: &Source, prefix: &str, inv: &Inventory) -> Vec<Finding> {
    let mut out = Vec::new();
    let file = s.file.display().to_string();
    for l in agents::all() {
        // Its own files come first (`loaded_by`), so the first of two is its own.
        let mut seen: Vec<(&str, &str, &NativeHandler)> = Vec::new();
        for (g, _) in inv.loaded_by(l) {
            let Some(rest) = g.command.trim().strip_prefix(prefix) else {
                continue;
            };
            let mut words = rest.split_whitespace();
            let (Some(target), Some(event), None) = (words.next(), words.next(), words.next())
            else {
                continue;
            };
            let Some((_, own, first)) = seen.iter().find(|(e, _, _)| *e == event) else {
                seen.push((event, target, g));
                continue;
            };
            let asked = s
                .hooks
                .iter()
                .find(|(t, _)| t == target)
                .and_then(|(_, hs)| hs.iter().find(|h| h.command.trim() == g.command.trim()));
            let (event, runs) = asked.map_or((event, &[][..]), |h| (h.event.as_str(), &h.runs[..]));
            out.push(Finding {
                cause: None,
                severity: Severity::Warning,
                rule: "generator-dispatched-twice",
                agent: Some(l.id()),
                file: g.file.display().to_string(),
                line: Some(g.line),
                message: format!(
                    "{} runs {}'s dispatch of {file} twice on {}, from {} and {}: each of its {} hooks{} runs twice each time it fires",
                    l.name(),
                    s.generator.name,
                    g.event,
                    first.place(),
                    g.place(),
                    event,
                    quoted_list(" (", runs, ")"),
                ),
                fix: format!(
                    "make each of those hooks safe to run twice, or move one that is not (a log, a notification) out of {file} into one agent's own settings; {} warns about this itself at install (\"{own} may load the hooks twice\")",
                    s.generator.name
                ),
            });
        }
    }
    out
}

/// The agents' names for people, joined; "the agents" when there are none.
pub(super) fn agent_names(ids: &[&str]) -> String {
    let names: Vec<&str> = ids
        .iter()
        .filter_map(|id| agents::all().find(|l| l.id() == *id).map(|l| l.name()))
        .collect();
    if names.is_empty() {
        "the agents".to_string()
    } else {
        names.join(", ")
    }
}
