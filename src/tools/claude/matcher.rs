//! Claude Code's matcher, as 2.1.332 runs it (its bundle's `Pqn` and the name-list grammar
//! beside it, read in `claude.exe` 2026-12-05; the hooks reference says less). Observed on the
//! shell call (`matcher-*` in fixtures/live/lifecycle/observations, 2026-12-05): `*`, `""`,
//! `^Bash$`, `Bash` and ` Bash ` fire, `bash`, `run_shell_command` and `mcp__.*` do not.

use crate::matcher::JsRegex;
use crate::matcher::MatchError;

/// The events whose matcher may be a list of names with spaces and commas (`Bash, Read`):
/// the bundle's name-grammar set. Other events take `[A-Za-z0-9_|]` lists only.
const NAME_LIST_EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PermissionRequest",
    "PermissionDenied",
    "UserPromptExpansion",
    "SessionStart",
    "SessionEnd",
    "Setup",
    "PreCompact",
    "PostCompact",
    "PreModelSwitch",
    "PostModelSwitch",
    "Notification",
    "SubagentStart",
    "SubagentStop",
    "Elicitation",
    "ElicitationResult",
    "ConfigChange",
    "InstructionsLoaded",
    "DirectoryAdded",
    "PreSkillShellCommand",
];

/// Old tool names a matcher may still use, and the tool they now name (the bundle's map).
const LEGACY: &[(&str, &str)] = &[
    ("Task", "Agent"),
    ("KillShell", "TaskStop"),
    ("KillBash", "TaskStop"),
    ("ListPeers", "ListAgents"),
    ("Brief", "SendUserMessage"),
    ("ListMcpResources", "ListMcpResourcesTool"),
    ("ReadMcpResource", "ReadMcpResourceTool"),
    ("ReadMcpResourceDir", "ReadMcpResourceDirTool"),
    ("ProposeGoal", "SetGoal"),
];

/// `""` and `*` match all. A matcher of names only (`[A-Za-z0-9_|]`, and on
/// [`NAME_LIST_EVENTS`] also spaces, commas and `-`) is a list split at `|` (and `,`), each
/// entry trimmed and its legacy name updated, compared exactly: ` Bash ` fires, `bash` and
/// `Bas` do not, and a blank one matches nothing. Anything else is an unanchored JavaScript
/// regex, tried on the name and on its legacy names; one that does not compile runs no hook
/// (the error is a line in Claude Code's debug log).
pub fn matches(event: &str, pattern: &str, name: &str) -> Result<bool, MatchError> {
    if pattern.is_empty() || pattern == "*" {
        return Ok(true);
    }
    let lists = NAME_LIST_EVENTS.contains(&event);
    if let Some(names) = name_list(pattern, lists) {
        return Ok(names.into_iter().any(|n| current(n) == name));
    }
    let re = JsRegex::new(pattern)?;
    if re.is_match(name)? {
        return Ok(true);
    }
    for (old, _) in LEGACY.iter().filter(|(_, new)| *new == name) {
        if re.is_match(old)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The names of a list matcher, trimmed, blanks dropped; `None` for a regex.
fn name_list(pattern: &str, lists: bool) -> Option<Vec<&str>> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '|';
    let listy = |c: char| allowed(c) || (lists && matches!(c, ',' | ' ' | '-'));
    if !pattern.chars().all(listy) {
        return None;
    }
    let split: Vec<&str> = if lists {
        pattern.split(['|', ',']).collect()
    } else {
        pattern.split('|').collect()
    };
    Some(
        split
            .into_iter()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect(),
    )
}

/// A tool's current name for an old one (`Task` is `Agent`).
fn current(name: &str) -> &str {
    LEGACY
        .iter()
        .find(|(old, _)| *old == name)
        .map_or(name, |(_, new)| new)
}

#[cfg(test)]
mod tests {
    use super::matches;

    /// The rows the bundle's own function gave when run in Node (2026-12-05), and the five
    /// observed on the real binary.
    #[test]
    fn matchers_as_the_bundle_runs_them() {
        let rows = [
            ("*", "Bash", true),
            ("", "Bash", true),
            (" ", "Bash", false),
            ("^Bash$", "Bash", true),
            ("bash", "Bash", false),
            (" Bash ", "Bash", true),
            ("Bash, Read", "Bash", true),
            ("Bash Read", "Bash", false),
            ("Bash|Read", "Bash", true),
            ("Bas", "Bash", false),
            ("Bas.*", "Bash", true),
            ("^Bash", "BashOutput", true),
            ("mcp__memory", "mcp__memory__create", false),
            ("mcp__memory__.*", "mcp__memory__create", true),
            ("mcp__memory__create", "mcp__memory__create", true),
            ("Task", "Agent", true),
            ("^KillShell$", "TaskStop", true),
            ("run_shell_command", "Bash", false),
        ];
        for (pattern, name, fires) in rows {
            assert_eq!(
                matches("PreToolUse", pattern, name),
                Ok(fires),
                "{pattern:?} {name}"
            );
        }
        // Spaces make a list only on the name-grammar events.
        assert_eq!(matches("Stop", " Bash ", "Bash"), Ok(false));
        assert!(matches("PreToolUse", "[", "Bash").is_err());
    }
}
