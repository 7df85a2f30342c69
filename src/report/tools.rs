//! `hookcheck tools`: every agent's contract in words, from the data the planner and the reader
//! walk (see [`crate::contract::describe`]).

use super::listing::{FieldsRow, RuleRow, ToolRow};
use crate::contract::describe;
use crate::tools::Agent;

/// One agent in a few lines (the list): events, shell, timeouts, notes, sources.
pub fn summary(t: &Agent) -> String {
    let mut out = format!("{} ({}), checked {}\n", t.id, t.name, t.checked);
    let events = t.event_names();
    let events = if events.is_empty() {
        "none".to_string()
    } else {
        events.join(", ")
    };
    out.push_str(&format!("  events: {events}\n"));
    match t.contract() {
        Some(c) => {
            out.push_str(&format!("  shell: {}\n", describe::shell(c)));
            out.push_str(&format!("  default timeouts: {}\n", describe::timeouts(c)));
            out.push_str(&format!("  assumes: {}\n", describe::assumptions(c)));
        }
        None => {
            let why = t.why_no_commands();
            out.push_str(&format!("  shell: none: {why}\n"));
            out.push_str("  default timeouts: none\n");
        }
    }
    out.push_str(&format!(
        "  verified live: {}\n",
        super::verified::words(t.id)
    ));
    for n in t.notes {
        out.push_str(&format!("  note: {n}\n"));
    }
    for s in t.sources {
        // A source that names its own kind `source:` (code at a commit) is not said twice.
        let s = s.strip_prefix("source: ").unwrap_or(s);
        out.push_str(&format!("  source: {s}\n"));
    }
    out
}

/// One agent in full (`hookcheck tools AGENT`): its summary, then every event, where its
/// input puts things, and every reply rule with its source.
pub fn detail(t: &Agent) -> String {
    let mut out = summary(t);
    let Some(c) = t.contract() else {
        return out;
    };
    out.push_str(&format!("  sets: {}\n", describe::env(c)));
    out.push_str("  events:\n");
    for e in c.events {
        out.push_str(&format!("    {}\n", describe::event(e)));
    }
    let f = describe::fields(c);
    out.push_str("  input:\n");
    for (what, at) in [
        ("command", &f.command),
        ("file path", &f.file),
        ("prompt", &f.prompt),
        ("tool name", &f.tool),
    ] {
        out.push_str(&format!(
            "    {what:<10} {}\n",
            at.as_deref().unwrap_or("-")
        ));
    }
    out.push_str("  replies (first rule that decides wins; notes add to it):\n");
    for (i, r) in c.reply.rules.iter().enumerate() {
        out.push_str(&format!("    {:>2}. {}\n", i + 1, describe::rule(r)));
        if !r.note.is_empty() {
            out.push_str(&format!(
                "        says: {}\n",
                r.note.replace("{agent}", t.name)
            ));
        }
        if !r.uncounted.is_empty() {
            out.push_str(&format!("        not counted: {}\n", r.uncounted));
        }
        out.push_str(&format!("        from: {}\n", r.source));
    }
    out
}

/// Where each agent's input puts the command, the file path, the prompt and the tool name,
/// as one table (`hookcheck tools --fields`).
pub fn fields_table(tools: &[&Agent]) -> String {
    let mut rows = vec![[
        "agent".to_string(),
        "command".into(),
        "file path".into(),
        "prompt".into(),
        "tool name".into(),
    ]];
    for t in tools {
        let Some(c) = t.contract() else {
            continue;
        };
        let f = describe::fields(c);
        let s = |x: &Option<String>| x.clone().unwrap_or_else(|| "-".into());
        rows.push([
            t.id.to_string(),
            s(&f.command),
            s(&f.file),
            s(&f.prompt),
            s(&f.tool),
        ]);
    }
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..5).map(width).collect();
    let mut out = String::new();
    for r in &rows {
        let line: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}

/// One agent as JSON (`hookcheck tools --format json`).
pub fn row(t: &Agent) -> ToolRow {
    let strings = |v: &[&str]| v.iter().map(|x| x.to_string()).collect();
    let mut row = ToolRow {
        agent: t.id.to_string(),
        name: t.name.to_string(),
        checked: t.checked.to_string(),
        sources: strings(t.sources),
        events: strings(&t.event_names()),
        shell: "none".to_string(),
        default_timeouts: "none".to_string(),
        notes: strings(t.notes),
        verified_live: super::verified::words(t.id),
        fields: None,
        rules: Vec::new(),
    };
    if let Some(c) = t.contract() {
        let f = describe::fields(c);
        row.shell = describe::shell(c);
        row.default_timeouts = describe::timeouts(c);
        row.fields = Some(FieldsRow {
            command: f.command,
            file: f.file,
            prompt: f.prompt,
            tool: f.tool,
        });
        row.rules = c
            .reply
            .rules
            .iter()
            .map(|r| RuleRow {
                rule: describe::rule(r),
                note: r.note.replace("{agent}", t.name),
                source: r.source.to_string(),
            })
            .collect();
    }
    row
}
