//! Lint: a matcher that spells MCP tools as another agent names them. Each agent names an MCP
//! server's tool its own way (observed: fixtures/live/mcp): `mcp__SERVER__TOOL`,
//! `mcp_SERVER_TOOL`, `SERVER-TOOL`, `SERVER___TOOL`... A hook file copied from one agent's
//! settings to another's keeps the first one's spelling (wirevow/gitvow's Gemini CLI settings
//! match `mcp__.*`): that part of the matcher then matches no MCP call where it stands, and the
//! guard silently lets every MCP call through there.

use super::NativeHandler;
use super::agents::FileAgent;
use super::finding::{Finding, Severity};

/// The tool name used to try a matcher's MCP part (any tool of the server).
const TOOL: &str = "create_issue";

/// The finding for `h` when a part of its matcher is written for MCP tools (it says `mcp`) and
/// the whole matcher matches no MCP tool of that server as agent `l` names it.
pub fn rule(
    l: FileAgent,
    h: &NativeHandler,
    finding: impl Fn(Severity, &'static str, String, String) -> Finding,
) -> Option<Finding> {
    let m = h.matcher.trim();
    if m.is_empty() || crate::matcher::is_match_all(m) || !h.event.to_lowercase().contains("tool") {
        return None;
    }
    let c = l.agent.contract()?;
    let shape = c.tools.mcp;
    if shape.is_empty() || shape.starts_with("$NONE") {
        return None;
    }
    let part = m
        .split('|')
        .map(str::trim)
        .find(|p| p.to_ascii_lowercase().starts_with("mcp") || p.starts_with("^mcp"))?;
    let server = server_in(part);
    let name = shape
        .replace("{server}", server.unwrap_or("server"))
        .replace("{tool}", TOOL);
    if c.matcher.matches(true, &h.event, m, &name).unwrap_or(true) {
        return None;
    }
    let prefix = shape.split("{server}").next().unwrap_or_default();
    let fix = match (server, c.portable.mcp) {
        (Some(server), p) if !p.is_empty() && !p.starts_with("$NONE") => {
            format!(
                "write `{}` for that server's tools",
                p.replace("{server}", server)
            )
        }
        (None, _) if !prefix.is_empty() => {
            format!("write `{prefix}.*` for every server's tools")
        }
        _ => format!(
            "name each server's tools as {} does: `{}`",
            l.name(),
            shape.replace("{server}", "SERVER").replace("{tool}", ".*")
        ),
    };
    Some(finding(
        Severity::Warning,
        "mcp-spelled-elsewhere",
        format!(
            "matcher \"{m}\": `{part}` spells MCP tools as another agent names them; {} names one `{}` (`{name}`), so no MCP call matches here and the hook lets them through",
            l.name(),
            shape
                .replace("{server}", "SERVER")
                .replace("{tool}", "TOOL"),
        ),
        fix,
    ))
}

/// The server a matcher's MCP part names (`mcp__github__.*` → `github`); `None` when it names
/// none (`mcp__.*`).
fn server_in(part: &str) -> Option<&str> {
    let rest = part.trim_start_matches('^');
    let rest = rest.get(3..).unwrap_or_default().trim_start_matches('_');
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or(rest.len());
    Some(&rest[..end]).filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::server_in;

    #[test]
    fn the_server_is_read_from_each_agents_spelling() {
        for (part, server) in [
            ("mcp__github__.*", Some("github")),
            ("^mcp_github_", Some("github")),
            ("mcp__.*", None),
            ("mcp_.*", None),
            ("MCP:.*", None),
        ] {
            assert_eq!(server_in(part), server, "{part}");
        }
    }
}
