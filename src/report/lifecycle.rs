//! The hook lifecycle checklist per agent (`hookcheck tools AGENT`), read from the one place
//! it is written, `docs/dev/lifecycle.md`: stage by stage, each property with where
//! hookcheck's knowledge of it comes from (O observed on the real agent, S sourced from its
//! code or docs, A assumed, H cannot be observed headless), as that file's tables give it.

/// The checklist, as written (compiled in, so the binary shows what its tests checked).
const CHECKLIST: &str = include_str!("../../docs/dev/lifecycle.md");

/// The checklist's stages, in order (its `## N. Stage` headings).
pub const STAGES: [&str; 7] = [
    "Discover / load",
    "Match",
    "Launch",
    "Run",
    "Read",
    "Combine",
    "Effect",
];

/// One property of one agent: the stage it belongs to, the property, and its cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The stage (`Discover / load`, `Launch`, ...), or the section of the agents with no
    /// live run.
    pub stage: String,
    /// The property, as the table names it.
    pub property: String,
    /// The cell: `O: ...`, `S: ...`, `A`, `H: ...`.
    pub cell: String,
}

/// The cells of a table row, split at its unescaped `|` (a `\|` is a pipe in a cell).
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut out = Vec::new();
    let mut cell = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cell.push('|');
                chars.next();
            }
            '|' => out.push(std::mem::take(&mut cell).trim().to_string()),
            _ => cell.push(c),
        }
    }
    out.push(cell.trim().to_string());
    out
}

/// The column keys the checklist's legend paragraph names (`cl = claude, cx = codex, ...`;
/// an agent's id is the first word after `=`).
fn legend(text: &str) -> Vec<(String, String)> {
    let Some(at) = text.find("Agents in columns: ") else {
        return Vec::new();
    };
    let paragraph = &text[at + "Agents in columns: ".len()..];
    let paragraph = paragraph.split("\n\n").next().unwrap_or_default();
    paragraph
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches('.')
        .split(", ")
        .filter_map(|pair| {
            let (key, id) = pair.split_once(" = ")?;
            let id = id.split_whitespace().next()?;
            Some((key.trim().to_string(), id.to_string()))
        })
        .collect()
}

/// Every row of `text`'s checklist tables for agent `id`, in order.
fn rows_in(text: &str, id: &str) -> Vec<Row> {
    let keys = legend(text);
    let column_of = |header: &str| -> Option<String> {
        keys.iter()
            .find(|(k, _)| k == header)
            .map(|(_, agent)| agent.clone())
            .or_else(|| header.split_whitespace().next().map(str::to_string))
    };
    let mut out = Vec::new();
    let mut stage = String::new();
    // The column of `id` in the table being read, if it has one.
    let mut column: Option<usize> = None;
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            // `## 1. Discover / load` names a stage; another heading its own section.
            stage = heading
                .split_once(". ")
                .filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
                .map_or(heading, |(_, name)| name)
                .to_string();
            column = None;
            continue;
        }
        if !line.starts_with('|') {
            column = None;
            continue;
        }
        let row = cells(line);
        if row.first().is_some_and(|c| c == "property") {
            column = row
                .iter()
                .skip(1)
                .position(|h| column_of(h).as_deref() == Some(id))
                .map(|i| i + 1);
            continue;
        }
        if row.iter().all(|c| c.chars().all(|c| c == '-' || c == ':')) {
            continue;
        }
        if let (Some(i), Some(property)) = (column, row.first())
            && let Some(cell) = row.get(i)
        {
            out.push(Row {
                stage: stage.clone(),
                property: property.clone(),
                cell: cell.clone(),
            });
        }
    }
    out
}

/// Agent `id`'s rows of the checklist (none for an agent it has no column for).
pub fn rows(id: &str) -> Vec<Row> {
    rows_in(CHECKLIST, id)
}

/// The agents the checklist's stage tables have a column for (its legend).
pub fn probed() -> Vec<String> {
    legend(CHECKLIST).into_iter().map(|(_, id)| id).collect()
}

/// The `lifecycle:` part of `hookcheck tools AGENT`.
pub fn section(id: &str) -> String {
    let rows = rows(id);
    if rows.is_empty() {
        return "  lifecycle: not in the checklist (docs/dev/lifecycle.md): no live run or code reading of this agent's launch yet\n".to_string();
    }
    let mut out = String::from(
        "  lifecycle (docs/dev/lifecycle.md; O observed on the real agent, with the recording's key, S sourced, A assumed, H cannot be observed headless):\n",
    );
    let mut stage = "";
    for r in &rows {
        if r.stage != stage {
            stage = &r.stage;
            out.push_str(&format!("    {}:\n", stage.to_lowercase()));
        }
        // The file's bold marks where the agent differs from hookcheck's runner.
        out.push_str(&format!(
            "      {}: {}\n",
            r.property,
            r.cell.replace("**", "")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Row, STAGES, cells, legend, probed, rows, rows_in};

    #[test]
    fn cells_split_at_unescaped_pipes() {
        assert_eq!(
            cells(r"| shell | S: `bash -c` for `\| & ;` | A |"),
            ["shell", "S: `bash -c` for `| & ;`", "A"]
        );
    }

    #[test]
    fn a_column_is_read_under_its_stage_by_legend_key_or_agent_name() {
        let text = "Agents in columns: aa = alpha,\nbb = beta (b).\n\n## 1. Launch\n\n| property | aa | bb |\n|---|---|---|\n| cwd | O: I | A |\n| umask | S | H: why |\n\n## Others\n\n| property | gamma (v2) |\n|---|---|\n| cwd | S: code |\n";
        let row = |stage: &str, property: &str, cell: &str| Row {
            stage: stage.into(),
            property: property.into(),
            cell: cell.into(),
        };
        assert_eq!(
            rows_in(text, "beta"),
            [row("Launch", "cwd", "A"), row("Launch", "umask", "H: why")]
        );
        assert_eq!(rows_in(text, "gamma"), [row("Others", "cwd", "S: code")]);
        assert_eq!(rows_in(text, "delta"), []);
        assert_eq!(legend(text).len(), 2);
    }

    #[test]
    fn every_probed_agent_has_a_cell_for_every_property_of_every_stage() {
        let agents = probed();
        assert!(agents.len() >= 8, "{agents:?}");
        let first = rows(&agents[0]);
        for stage in STAGES {
            assert!(first.iter().any(|r| r.stage == stage), "no {stage} rows");
        }
        for id in &agents {
            assert!(crate::tools::find(id).is_some(), "{id} is no agent");
            let mine = rows(id);
            let properties = |rs: &[Row]| -> Vec<(String, String)> {
                rs.iter()
                    .filter(|r| STAGES.contains(&r.stage.as_str()))
                    .map(|r| (r.stage.clone(), r.property.clone()))
                    .collect()
            };
            assert_eq!(properties(&mine), properties(&first), "{id}");
            for r in &mine {
                assert!(!r.cell.is_empty(), "{id}: {} has no cell", r.property);
            }
        }
    }
}
