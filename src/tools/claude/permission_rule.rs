//! Claude-style permission rules (`Bash(git *)`, `Edit(path)`, `Tool(param:value)`), as used by
//! a hook's `if` field: the hook only runs when the tool call matches the rule.
//!
//! Rule forms (source: the spec's "Claude Code `if` rules" and Claude Code's permission docs):
//!
//! - `Tool`: every call of that tool. `Edit` also covers Write, MultiEdit and NotebookEdit;
//!   `mcp__server` covers every `mcp__server__*` tool; `*` in a name is a wildcard.
//! - `Bash(pattern)`: matches when any simple command of `tool_input.command` (split by
//!   [`crate::shell::simple_commands`], so also inside `$()` and backticks, after assignments
//!   and wrappers), its words joined by single spaces, matches the pattern. `*` is any run of
//!   characters; a trailing ` *` or `:*` also matches the bare command. A pattern of more than
//!   one word matches any line with an expansion, and any line that does not parse matches;
//!   both with a note. `Bash(*)` is `Bash`.
//! - `Edit(path)` (Edit, Write, MultiEdit, NotebookEdit) and `Read(path)` (Read): gitignore
//!   patterns against `tool_input.file_path` (`notebook_path` for NotebookEdit). `//path` is
//!   from the filesystem root, `~/path` from home, `/path`, `./path` and `path` from the
//!   project root; a bare name such as `.env` matches at any depth.
//! - `Tool(param:value)`: the top-level `tool_input[param]` (a string, or a number or bool as
//!   written in JSON) matches `value`, where `*` is a wildcard. `WebFetch(domain:host)` reads
//!   the host of `tool_input.url`.
//! - Any other `Tool(content)`: matched on the tool name only, with a note.

use crate::error::{Error, Kind};
use std::path::{Component, Path, PathBuf};

use ignore::gitignore::GitignoreBuilder;
use regex::Regex;
use serde_json::Value;

use crate::shell::simple_commands;

/// Where relative rule paths start.
#[derive(Debug, Clone, Copy)]
pub struct RuleContext<'a> {
    /// The project root: `/path` and `path` rules, and relative file paths, start here.
    pub project_root: &'a Path,
    /// The home directory: `~/path` rules start here.
    pub home: &'a Path,
}

/// The tools an `Edit(...)` rule covers (Claude Code docs: "Edit rules apply to all built-in
/// tools that edit files").
const EDIT_TOOLS: &[&str] = &["Edit", "Write", "MultiEdit", "NotebookEdit"];

/// Whether a hook with this `if` rule would run for this call; the String is a note to show
/// the user when the answer was a fallback (unparsable command, expansion in a long pattern,
/// content not understood). Err when the rule text itself is invalid.
pub fn rule_matches(
    rule: &str,
    tool_name: &str,
    tool_input: &Value,
    ctx: &RuleContext,
) -> Result<(bool, Option<String>), Error> {
    rule_decides(rule, tool_name, tool_input, ctx)
        .map_err(|why| Error::new(Kind::PermissionRule, why))
}

/// [`rule_matches`], the rule's fault in words.
fn rule_decides(
    rule: &str,
    tool_name: &str,
    tool_input: &Value,
    ctx: &RuleContext,
) -> Result<(bool, Option<String>), String> {
    let (tool, content) = parse_rule(rule)?;
    if !tool_covers(tool, tool_name)? {
        return Ok((false, None));
    }
    let Some(content) = content else {
        return Ok((true, None));
    };
    match tool {
        "Bash" => bash_rule(content, tool_input),
        "Edit" | "Read" => path_rule(content, tool_name, tool_input, ctx),
        _ if content == "*" => Ok((true, None)),
        _ => match content.split_once(':') {
            Some((param, value)) if is_param_name(param) => {
                param_rule(tool_name, param, value, tool_input).map(|m| (m, None))
            }
            _ => Ok((
                true,
                Some(format!(
                    "the rule content {content:?} is not understood for {tool}; matched on the tool name only"
                )),
            )),
        },
    }
}

/// Splits `Tool(content)` into its parts, checking the syntax.
fn parse_rule(rule: &str) -> Result<(&str, Option<&str>), String> {
    let rule = rule.trim();
    if rule.is_empty() {
        return Err("the rule is empty".to_string());
    }
    let (tool, content) = match rule.find('(') {
        None if rule.contains(')') => {
            return Err(format!("rule {rule:?} has a ')' without a '('"));
        }
        None => (rule, None),
        Some(open) => {
            let Some(content) = rule[open + 1..].strip_suffix(')') else {
                return Err(format!("rule {rule:?} does not end with ')'"));
            };
            let mut depth = 0i32;
            for c in content.chars() {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                if depth < 0 {
                    return Err(format!("rule {rule:?} has unbalanced parentheses"));
                }
            }
            if depth != 0 {
                return Err(format!("rule {rule:?} has unbalanced parentheses"));
            }
            if content.trim().is_empty() {
                return Err(format!(
                    "rule {rule:?} has empty parentheses; write the tool name alone to match every call"
                ));
            }
            (&rule[..open], Some(content.trim()))
        }
    };
    if tool.is_empty() {
        return Err(format!("rule {rule:?} names no tool"));
    }
    if !tool
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-*".contains(c))
    {
        return Err(format!(
            "rule {rule:?}: {tool:?} is not a tool name (letters, digits, '_', '-', '*')"
        ));
    }
    Ok((tool, content))
}

/// Whether a rule naming `tool` applies to calls of `tool_name`.
fn tool_covers(tool: &str, tool_name: &str) -> Result<bool, String> {
    if tool == tool_name || (tool == "Edit" && EDIT_TOOLS.contains(&tool_name)) {
        return Ok(true);
    }
    // Claude Code docs: `mcp__puppeteer` matches any tool of the puppeteer server.
    if tool.starts_with("mcp__") && !tool[5..].contains("__") && !tool.contains('*') {
        return Ok(tool_name
            .strip_prefix(tool)
            .is_some_and(|rest| rest.starts_with("__")));
    }
    if tool.contains('*') {
        return Ok(wildcard(tool)?.is_match(tool_name));
    }
    Ok(false)
}

fn is_param_name(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A regex matching the whole text, where `*` in `pattern` is any run of characters.
fn wildcard(pattern: &str) -> Result<Regex, String> {
    Regex::new(&format!("(?s)^{}$", wildcard_source(pattern)))
        .map_err(|e| format!("pattern {pattern:?} cannot be compiled: {e}"))
}

/// Regex source for `pattern`, where `*` is any run of characters and all else is literal.
fn wildcard_source(pattern: &str) -> String {
    let parts: Vec<String> = pattern.split('*').map(regex::escape).collect();
    parts.join(".*")
}

/// `Bash(pattern)` against `tool_input.command`: true when any simple command of the command
/// line (see [`crate::shell::simple_commands`]), its words joined by single spaces, matches the
/// pattern. `*` is any run of characters; a trailing ` *` (or `:*`) also matches the bare
/// command. A pattern of more than one word also matches, with a note, a command line with an
/// expansion; a command line that does not parse matches, with a note.
fn bash_rule(pattern: &str, tool_input: &Value) -> Result<(bool, Option<String>), String> {
    if pattern == "*" {
        return Ok((true, None));
    }
    // Claude Code docs: `:*` at the end is the legacy spelling of ` *`.
    let spaced = match pattern.strip_suffix(":*") {
        Some(head) => format!("{head} *"),
        None => pattern.to_string(),
    };
    let normal = spaced.split_whitespace().collect::<Vec<_>>().join(" ");
    let (head, bare_too) = match normal.strip_suffix(" *") {
        Some(head) => (head, true),
        None => (normal.as_str(), false),
    };
    let tail = if bare_too { "(?: .*)?" } else { "" };
    let re = Regex::new(&format!("(?s)^{}{tail}$", wildcard_source(head)))
        .map_err(|e| format!("pattern {pattern:?} cannot be compiled: {e}"))?;
    let names_more = head.split(' ').count() > 1;
    let Some(command) = tool_input.get("command").and_then(Value::as_str) else {
        return Ok((
            true,
            Some("tool_input.command is not a string; the hook runs as for a command that does not parse".to_string()),
        ));
    };
    // Spec, "Claude Code `if` rules": a command that does not parse always runs.
    let cmds = match simple_commands(command) {
        Ok(cmds) => cmds,
        Err(e) => {
            return Ok((
                true,
                Some(format!(
                    "the command does not parse ({e}); Claude Code runs the hook"
                )),
            ));
        }
    };
    if cmds.iter().any(|c| re.is_match(&c.words.join(" "))) {
        return Ok((true, None));
    }
    // Spec, "Claude Code `if` rules": a pattern naming more than the command runs on any
    // $(), backtick or $VAR, anywhere in the command line.
    if names_more && cmds.iter().any(|c| c.has_expansion) {
        return Ok((
            true,
            Some(format!(
                "the command has an expansion ($VAR, $(...) or backticks) and {pattern:?} names more than the command, so the hook runs"
            )),
        ));
    }
    Ok((false, None))
}

/// `Edit(path)` / `Read(path)` against the call's file path.
fn path_rule(
    pattern: &str,
    tool_name: &str,
    tool_input: &Value,
    ctx: &RuleContext,
) -> Result<(bool, Option<String>), String> {
    let field = if tool_name == "NotebookEdit" {
        "notebook_path"
    } else {
        "file_path"
    };
    let Some(file) = tool_input.get(field).and_then(Value::as_str) else {
        return Ok((
            false,
            Some(format!(
                "tool_input.{field} is not a string, so no path rule matches"
            )),
        ));
    };
    let file = normalize(&ctx.project_root.join(file));
    // Claude Code permission docs: `//` filesystem root, `~/` home, `/`, `./` and bare from the
    // project root (the docs say "current directory" for bare paths; the spec says project root).
    let (root, line) = if let Some(abs) = pattern.strip_prefix("//") {
        (PathBuf::from("/"), format!("/{abs}"))
    } else if let Some(home) = pattern.strip_prefix("~/") {
        (normalize(ctx.home), format!("/{home}"))
    } else if let Some(rel) = pattern.strip_prefix("./") {
        (normalize(ctx.project_root), rel.to_string())
    } else {
        (normalize(ctx.project_root), pattern.to_string())
    };
    // A path outside the root cannot match a root-relative rule (and `ignore` panics on one).
    let Some(relative) = file
        .strip_prefix(&root)
        .ok()
        .filter(|r| !r.as_os_str().is_empty())
    else {
        return Ok((false, None));
    };
    let mut builder = GitignoreBuilder::new(&root);
    builder
        .add_line(None, &line)
        .map_err(|e| format!("path pattern {pattern:?} is invalid: {e}"))?;
    let gitignore = builder
        .build()
        .map_err(|e| format!("path pattern {pattern:?} is invalid: {e}"))?;
    let matched = gitignore
        .matched_path_or_any_parents(relative, false)
        .is_ignore();
    Ok((matched, None))
}

/// Resolves `.` and `..` without touching the filesystem.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `Tool(param:value)` against `tool_input[param]`.
fn param_rule(tool_name: &str, param: &str, value: &str, input: &Value) -> Result<bool, String> {
    let actual = match input.get(param) {
        Some(Value::String(s)) => Some(s.clone()),
        Some(v @ (Value::Number(_) | Value::Bool(_))) => Some(v.to_string()),
        Some(_) => None,
        // Claude Code docs: `WebFetch(domain:example.com)` matches fetches of that host.
        None if tool_name == "WebFetch" && param == "domain" => input
            .get("url")
            .and_then(Value::as_str)
            .and_then(url_host)
            .map(|h| h.to_ascii_lowercase()),
        None => None,
    };
    let Some(actual) = actual else {
        return Ok(false);
    };
    if param == "domain" {
        return Ok(wildcard(&value.to_ascii_lowercase())?.is_match(&actual));
    }
    Ok(wildcard(value)?.is_match(&actual))
}

/// The host of a URL: after `scheme://` and any `user@`, before the port, path, query or
/// fragment.
fn url_host(url: &str) -> Option<String> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next()?;
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = if let Some(v6) = host_port.strip_prefix('[') {
        v6.split(']').next()?
    } else {
        host_port.split(':').next()?
    };
    (!host.is_empty()).then(|| host.to_string())
}

#[cfg(test)]
mod tests;
