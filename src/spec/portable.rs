//! The portable form: `on` (when) and `match` (on which tool calls), mapped by each tool.

/// When a portable hook runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum On {
    /// The session starts.
    SessionStart,
    /// The user submits a prompt.
    PromptSubmit,
    /// Before a tool call.
    BeforeTool,
    /// After a tool call.
    AfterTool,
    /// After a file edit.
    AfterEdit,
    /// The agent is about to stop.
    Stop,
    /// The session ends.
    SessionEnd,
}

impl On {
    /// Every value with its spelling in a spec.
    pub const ALL: &'static [(&'static str, On)] = &[
        ("session-start", On::SessionStart),
        ("prompt-submit", On::PromptSubmit),
        ("before-tool", On::BeforeTool),
        ("after-tool", On::AfterTool),
        ("after-edit", On::AfterEdit),
        ("stop", On::Stop),
        ("session-end", On::SessionEnd),
    ];

    /// Parses the spelling used in a spec.
    pub fn parse(s: &str) -> Option<On> {
        On::ALL.iter().find(|(k, _)| *k == s).map(|(_, v)| *v)
    }

    /// The spelling used in a spec.
    pub fn as_str(self) -> &'static str {
        On::ALL
            .iter()
            .find(|(_, v)| *v == self)
            .map_or("", |(k, _)| k)
    }

    /// Whether the event is about one tool call.
    pub fn is_tool_event(self) -> bool {
        matches!(self, On::BeforeTool | On::AfterTool | On::AfterEdit)
    }
}

/// Which tool calls a portable hook runs on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PortableMatch {
    /// Shell commands.
    Shell,
    /// File edits and writes.
    Edit,
    /// File reads.
    Read,
    /// Web fetches and searches.
    Web,
    /// Every tool.
    Any,
    /// Every tool of one MCP server.
    Mcp(String),
}

impl PortableMatch {
    /// The values a spec may use (for messages).
    pub const SPELLINGS: &'static [&'static str] =
        &["shell", "edit", "read", "web", "any", "mcp:SERVER"];

    /// Parses the spelling used in a spec.
    pub fn parse(s: &str) -> Option<PortableMatch> {
        Some(match s {
            "shell" => PortableMatch::Shell,
            "edit" => PortableMatch::Edit,
            "read" => PortableMatch::Read,
            "web" => PortableMatch::Web,
            "any" => PortableMatch::Any,
            _ => {
                let server = s.strip_prefix("mcp:")?;
                if server.is_empty() {
                    return None;
                }
                PortableMatch::Mcp(server.to_string())
            }
        })
    }
}
