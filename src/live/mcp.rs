//! The MCP server live mode gives an agent for `--mcp SERVER:TOOL` (`hookcheck mcp-probe`, a
//! hidden subcommand the agent starts): one tool, on stdio, newline-delimited JSON-RPC 2.0 as
//! the Model Context Protocol's stdio transport has it
//! (<https://modelcontextprotocol.io/specification/2025-06-18/basic/transports>, read
//! 2026-12-05). Calling the tool writes the run's marker file, so live mode sees whether the
//! agent really called it after its hooks had their say; it does nothing else.

use std::io::{BufRead, Write};
use std::path::Path;

use serde_json::{Value, json};

/// The protocol version answered when the client names none.
const VERSION: &str = "2025-06-18";

/// Serves `tool` on stdin and stdout until stdin closes; a call writes `marker`.
pub fn serve(tool: &str, marker: &Path) -> i32 {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Ok(message) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        if message.get("method").and_then(Value::as_str) == Some("tools/call") {
            // Made before the reply (the agent has the result only once the file exists), and
            // never truncated: a path given by mistake loses nothing.
            let _ = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(marker);
        }
        if let Some(reply) = reply(&message, tool) {
            let sent = writeln!(stdout, "{reply}").and_then(|()| stdout.flush());
            if sent.is_err() {
                break;
            }
        }
    }
    0
}

/// The answer to one message: `None` for a notification (no `id`) or a response.
pub fn reply(message: &Value, tool: &str) -> Option<Value> {
    let id = message.get("id")?.clone();
    let method = message.get("method")?.as_str()?;
    let result = match method {
        "initialize" => json!({
            "protocolVersion": message
                .pointer("/params/protocolVersion")
                .and_then(Value::as_str)
                .unwrap_or(VERSION),
            "capabilities": {"tools": {"listChanged": false}},
            "serverInfo": {"name": "hookcheck-probe", "version": env!("CARGO_PKG_VERSION")},
        }),
        "ping" => json!({}),
        "tools/list" => json!({"tools": [{
            "name": tool,
            "description": "hookcheck's probe: records that it was called and returns a short text",
            "inputSchema": {"type": "object", "properties": {}},
        }]}),
        "tools/call" => json!({
            "content": [{"type": "text", "text": "hookcheck probe ran"}],
            "isError": false,
        }),
        "resources/list" => json!({"resources": []}),
        "resources/templates/list" => json!({"resourceTemplates": []}),
        "prompts/list" => json!({"prompts": []}),
        _ => {
            return Some(json!({
                "jsonrpc": "2.0",
                "id": id,
                "error": {"code": -32601, "message": format!("method not found: {method}")},
            }));
        }
    };
    Some(json!({"jsonrpc": "2.0", "id": id, "result": result}))
}

/// For an MCP call (`--mcp`), a portable spec's matcher in agent `id`'s own dialect, as
/// `hookcheck sync` writes it (`match: mcp:SERVER` is `mcp__SERVER__.*` for Claude Code,
/// `^mcp_SERVER_` for Gemini CLI): the scripted call's name, which each agent spells its own
/// way, cannot stand for it. `None` for a native spec (its matcher is written as it is), or
/// another trigger.
pub fn matcher(id: &str, spec: &crate::spec::HookSpec, trigger: &super::Trigger) -> Option<String> {
    let (super::Trigger::Mcp(_), crate::spec::When::Portable { on, matches }) =
        (trigger, &spec.when)
    else {
        return None;
    };
    let c = crate::tools::find(id)?.contract()?;
    c.portable
        .map(id, *on, matches.as_ref())
        .ok()
        .map(|(_, m)| m)
        // No matcher: none written (Copilot CLI matches nothing under `"matcher": ""`).
        .filter(|m| !m.is_empty())
}

#[cfg(test)]
mod tests {
    use super::reply;
    use serde_json::json;

    /// Each request gets its answer under its own id; notifications and responses get none.
    #[test]
    fn answers_the_requests_an_agent_sends() {
        let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"protocolVersion": "2025-03-26", "capabilities": {}}});
        assert_eq!(
            reply(&init, "probe"),
            Some(json!({"jsonrpc": "2.0", "id": 0, "result": {
                "protocolVersion": "2025-03-26",
                "capabilities": {"tools": {"listChanged": false}},
                "serverInfo": {"name": "hookcheck-probe", "version": env!("CARGO_PKG_VERSION")},
            }}))
        );
        let list = json!({"jsonrpc": "2.0", "id": "a", "method": "tools/list"});
        assert_eq!(
            reply(&list, "probe").and_then(|r| r.pointer("/result/tools/0/name").cloned()),
            Some(json!("probe"))
        );
        let call = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
            "params": {"name": "probe", "arguments": {}}});
        assert_eq!(
            reply(&call, "probe"),
            Some(json!({"jsonrpc": "2.0", "id": 7, "result": {
                "content": [{"type": "text", "text": "hookcheck probe ran"}], "isError": false}}))
        );
        let other = json!({"jsonrpc": "2.0", "id": 8, "method": "sampling/createMessage"});
        assert_eq!(
            reply(&other, "probe"),
            Some(json!({"jsonrpc": "2.0", "id": 8, "error": {"code": -32601,
                "message": "method not found: sampling/createMessage"}}))
        );
        let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        assert_eq!(reply(&note, "probe"), None);
    }
}
