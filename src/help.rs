//! `help:` lines: the change that makes a hook portable where agents decide differently.
//! Shared by `run` (under the agent that differs) and `sweep` (under each finding); the
//! agent-specific hints are data on the reply rows ([`crate::contract::reply::Rule::fix`]),
//! these are the ones read from the contracts' inputs.

use crate::contract::describe;

/// The agent's name, or its id when it is not known.
pub fn name(id: &str) -> String {
    crate::tools::find(id).map_or_else(|| id.to_string(), |t| t.name.to_string())
}

/// What the trigger gives the hook to read, by the trigger's flag name (`bash`, `edit`,
/// `prompt`, `read`): the words, and the input field where `agent` puts it on `event` (its
/// first such event when `None`).
fn asked(agent: &str, kind: &str, event: Option<&str>) -> Option<(&'static str, Option<String>)> {
    let field = |pick: fn(describe::Fields) -> Option<String>| {
        crate::tools::find(agent)
            .and_then(|t| t.contract())
            .and_then(|c| pick(describe::fields_on(c, event)))
    };
    Some(match kind {
        "bash" => ("the command", field(|f| f.command)),
        "edit" | "read" => ("the file path", field(|f| f.file)),
        "prompt" => ("the prompt", field(|f| f.prompt)),
        _ => return None,
    })
}

/// Where `agent` puts what the guard reads, against where the first of `blockers` that says
/// puts it: "Spettro sends the file path at `tool_args.path`, Claude Code at
/// `tool_input.file_path`: read both". `tool` names the tool each agent called, when known:
/// where the names differ, a guard that tests the name is told both. `event` names the event
/// each agent fired, when known: its fields are that event's.
pub fn field(
    agent: &str,
    kind: &str,
    blockers: &[&str],
    tool: impl Fn(&str) -> Option<String>,
    event: impl Fn(&str) -> Option<String>,
) -> String {
    let asked_on = |id: &str| asked(id, kind, event(id).as_deref());
    let Some((what, mine)) = asked_on(agent) else {
        return "compare the input this agent sends with the others'".to_string();
    };
    let theirs = blockers
        .iter()
        .find_map(|b| asked_on(b).and_then(|(_, p)| p).map(|p| (*b, p)));
    // The two tools' names, when both are known and differ.
    let names = |other: &str| match (tool(agent), tool(other)) {
        (Some(a), Some(b)) if a != b => Some((a, b)),
        _ => None,
    };
    match (mine, theirs) {
        (Some(m), Some((other, t))) if m != t => {
            let (a, b) = match names(other) {
                Some((a, b)) => (format!(" (tool `{a}`)"), format!(" (tool `{b}`)")),
                None => Default::default(),
            };
            format!(
                "{} sends {what} at `{m}`{a}, {} at `{t}`{b}: read both",
                name(agent),
                name(other)
            )
        }
        // The same field as the blocker's: what the hook decides on is something else.
        (Some(m), Some((other, _))) => {
            let such = names(other)
                .map(|(a, b)| {
                    format!(
                        ", such as the tool's name (`{a}` here, `{b}` on {})",
                        name(other)
                    )
                })
                .unwrap_or_default();
            format!(
                "{} sends {what} at `{m}`, as {} does: the hook decides on something else that differs{such} (`-vv` shows each agent's input and variables)",
                name(agent),
                name(other)
            )
        }
        (Some(m), None) => format!(
            "{} sends {what} at `{m}`: check that the hook reads it",
            name(agent)
        ),
        _ => "compare the input this agent sends with the others'".to_string(),
    }
}

/// The top-level input keys `other` sends for this trigger that `agent` does not.
fn missing_keys(agent: &str, other: &str, kind: &str) -> Vec<String> {
    let kind = match kind {
        "bash" | "edit" | "read" => crate::contract::Kind::BeforeTool,
        "prompt" => crate::contract::Kind::Prompt,
        _ => return Vec::new(),
    };
    let keys = |id: &str| {
        crate::tools::find(id)
            .and_then(|t| t.contract())
            .map(|c| describe::input_keys(c, kind))
            .unwrap_or_default()
    };
    let mine = keys(agent);
    keys(other)
        .into_iter()
        .filter(|k| !mine.contains(k))
        .collect()
}

/// Why a hook that fails on `agent` (and blocks on `blockers`) may fail: keys the others send
/// that this agent does not, or else where it puts what the guard reads.
pub fn failing(agent: &str, kind: &str, blockers: &[&str]) -> String {
    let lacks = blockers.iter().find_map(|b| {
        let missing = missing_keys(agent, b, kind);
        (!missing.is_empty()).then_some((*b, missing))
    });
    match lacks {
        Some((other, keys)) => format!(
            "{}'s input has no {} ({} sends them): read them only when present",
            name(agent),
            keys.join(", "),
            name(other)
        ),
        None => field(agent, kind, blockers, |_| None, |_| None),
    }
}

/// For a hook that exits but leaves a child holding its output, on an agent that waits for
/// the output to close: what happens, and the fix.
pub fn held_open(agent: &str) -> String {
    let n = name(agent);
    format!(
        "this hook fails open on {n}: it exits, but a child it leaves holds stdout and stderr \
         open, and {n} waits for them to close until the timeout; start the child with its \
         output redirected (`cmd >/dev/null 2>&1 &`)"
    )
}

/// "this hook fails open on Gemini CLI: it exits 1 on Gemini CLI's payload", for a hook that
/// ended `how` ("exits 1", "times out") where others block; when `blocker` ended the same way
/// and blocks, the agent's reading is the difference, not the payload.
pub fn fails_open(agent: &str, how: &str, blocker: Option<&str>) -> String {
    let n = name(agent);
    match blocker {
        Some(b) => format!(
            "this hook fails open on {n}: it {how} there too, which {} reads as a block and {n} does not",
            name(b)
        ),
        None => format!("this hook fails open on {n}: it {how} on {n}'s payload"),
    }
}

/// For a hook whose matcher did not pick the call on `agent` (`tool`: the tool the agent
/// calls, when known): the hook never ran there, so the fix is the matcher, not what the
/// hook reads.
pub fn not_picked(agent: &str, tool: Option<&str>) -> String {
    let n = name(agent);
    match tool {
        Some(t) => format!(
            "the hook's matcher does not pick `{t}`, the tool {n} calls: add it to the matcher (`hookcheck tools {agent}` lists {n}'s tool names)"
        ),
        None => format!(
            "the hook's matcher does not pick the tool {n} calls: match {n}'s tool names (`hookcheck tools {agent}`)"
        ),
    }
}

/// For a hook that ends the same way (`how`: "exits 2") on `agent` as on `blocker`, which
/// blocks, where `agent` allows: its reply rule reads the same reply otherwise (the note
/// above the line says how), so the reply is what to change, not what the hook reads.
pub fn read_otherwise(agent: &str, how: &str, blocker: &str) -> String {
    let n = name(agent);
    format!(
        "the hook {how} on {n} as on {}, and {n} reads that reply as allow: \
         reply in the form {n} reads as a block (`hookcheck tools {agent}` lists its rules)",
        name(blocker)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hints are read from the contracts: an agent whose file tools send the path under
    /// another key than Claude Code's is told to read both; an unknown trigger says compare.
    #[test]
    fn field_hints_come_from_the_contracts() {
        let ids: Vec<&str> = crate::tools::ALL.iter().map(|t| t.id).collect();
        let claude = ids[0];
        let other = ids
            .iter()
            .find(|id| {
                let f = |id: &str| asked(id, "edit", None).and_then(|(_, p)| p);
                f(id).is_some() && f(id) != f(claude)
            })
            .expect("an agent that puts the file path elsewhere");
        let line = field(other, "edit", &[claude], |_| None, |_| None);
        assert!(line.ends_with(": read both"), "{line}");
        assert!(line.starts_with(&name(other)), "{line}");
        assert_eq!(
            field(other, "none", &[claude], |_| None, |_| None),
            "compare the input this agent sends with the others'"
        );
        assert_eq!(
            fails_open(claude, "exits 1", None),
            format!(
                "this hook fails open on {0}: it exits 1 on {0}'s payload",
                name(claude)
            )
        );
    }
}
