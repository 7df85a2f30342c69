//! A scripted fake model server on 127.0.0.1: just enough HTTP/1.1 (Content-Length or chunked
//! request bodies, keep-alive) to speak Anthropic Messages (SSE), OpenAI Chat Completions
//! (streaming and not), OpenAI Responses (SSE) and the Gemini API (`generateContent`, and
//! `streamGenerateContent` as SSE).
//!
//! The first request that offers one of the scripted tools gets one call to it; every other
//! request gets a short final text, but a utility request that asks for JSON to a schema (a
//! next-speaker check) gets the shortest JSON that schema allows, and is not a turn. Every request is recorded, so the tool result the agent sent
//! back (its own account of what the hook did) can be read afterwards.
//!
//! Hand-written on tokio rather than hyper/axum: the server answers one client with canned
//! bodies, and a few hundred lines cost less than a web framework in the dependency tree.

use crate::error::Error;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// One tool call the model may ask for: the first name the request offers wins.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptedCall {
    /// The tool's name as the agent offers it (`Bash`, `run_shell_command`, `shell`), or
    /// `*SUFFIX` for the first offered name that ends so ([`ScriptedCall::offered_as`]).
    pub tool: String,
    /// The call's arguments: an object for a function tool; a string is the raw input of a
    /// freeform tool (the Responses API's `custom` tools), sent as a `custom_tool_call`.
    pub arguments: Value,
}

impl ScriptedCall {
    /// Whether an offered tool is this call's: the same name, or, for a name `*SUFFIX`, any
    /// name ending in `SUFFIX` (an MCP tool, which each agent names its own way before the
    /// model sees it: `mcp__srv__probe`, `mcp_srv_probe`, `srv-probe`).
    pub fn offered_as(&self, offered: &str) -> bool {
        match self.tool.strip_prefix('*') {
            Some(suffix) => offered.ends_with(suffix),
            None => offered == self.tool,
        }
    }
}

/// What the fake model says.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    /// Candidate calls, in order of preference; only one is ever made.
    pub calls: Vec<ScriptedCall>,
    /// The final answer.
    pub final_text: String,
}

/// The wire protocol of one request, from its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    /// Anthropic Messages (`/v1/messages`).
    Anthropic,
    /// OpenAI Chat Completions (`/chat/completions`).
    Chat,
    /// OpenAI Responses (`/responses`).
    Responses,
    /// The Gemini API (`/v1beta/models/MODEL:generateContent`, `:streamGenerateContent`).
    Gemini,
    /// Anything else (model lists, token counts, telemetry).
    Other,
}

impl Wire {
    /// The protocol a request path speaks.
    pub fn of_path(path: &str) -> Wire {
        let path = path.split('?').next().unwrap_or_default();
        if path.ends_with("/messages") {
            Wire::Anthropic
        } else if path.ends_with("/chat/completions") {
            Wire::Chat
        } else if path.ends_with("/responses") {
            Wire::Responses
        } else if path.ends_with(":generateContent") || path.ends_with(":streamGenerateContent") {
            Wire::Gemini
        } else {
            Wire::Other
        }
    }
}

/// One request as received.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The request target.
    pub path: String,
    /// The body, as text (lossy).
    pub body: String,
    /// Whether the server answered this request with the scripted tool call.
    pub got_call: bool,
    /// A utility request that asked for JSON to a schema, answered with that JSON.
    pub side: bool,
}

impl Recorded {
    /// A turn of the conversation: a model request of one of the wires, not a side request.
    pub fn is_turn(&self) -> bool {
        Wire::of_path(&self.path) != Wire::Other && !self.side
    }
}

#[derive(Debug)]
struct State {
    script: Script,
    called: Option<String>,
    requests: Vec<Recorded>,
}

/// A running fake model; stopped when dropped.
pub struct FakeModel {
    addr: SocketAddr,
    state: Arc<Mutex<State>>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl FakeModel {
    /// Starts the server on 127.0.0.1 with an ephemeral port, on its own thread.
    pub fn start(script: Script) -> Result<FakeModel, Error> {
        let std_listener = std::net::TcpListener::bind(("127.0.0.1", 0))
            .map_err(|e| Error::live(format!("cannot listen on 127.0.0.1: {e}")))?;
        std_listener
            .set_nonblocking(true)
            .map_err(|e| Error::live(format!("cannot listen on 127.0.0.1: {e}")))?;
        let addr = std_listener
            .local_addr()
            .map_err(|e| Error::live(format!("cannot read the server's address: {e}")))?;
        let state = Arc::new(Mutex::new(State {
            script,
            called: None,
            requests: Vec::new(),
        }));
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let st = Arc::clone(&state);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| Error::live(format!("could not start the async runtime: {e}")))?;
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = TcpListener::from_std(std_listener) else {
                    return;
                };
                tokio::select! {
                    _ = rx => {}
                    _ = accept_loop(listener, st) => {}
                }
            });
        });
        Ok(FakeModel {
            addr,
            state,
            stop: Some(tx),
            thread: Some(thread),
        })
    }

    /// The base URL, `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state
            .lock()
            .map(|s| s.requests.clone())
            .unwrap_or_default()
    }

    /// The tool the scripted call went to, once it was made.
    pub fn called(&self) -> Option<String> {
        self.state.lock().ok().and_then(|s| s.called.clone())
    }
}

impl Drop for FakeModel {
    fn drop(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

async fn accept_loop(listener: TcpListener, state: Arc<Mutex<State>>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let st = Arc::clone(&state);
        tokio::spawn(async move {
            let _ = serve(stream, st).await;
        });
    }
}

/// One parsed request.
struct Request {
    method: String,
    path: String,
    close: bool,
    body: Vec<u8>,
}

/// Reads one request; `None` at a clean end of the connection.
async fn read_request<R: tokio::io::AsyncBufRead + Unpin>(
    r: &mut R,
    w: &mut (impl AsyncWriteExt + Unpin),
) -> std::io::Result<Option<Request>> {
    let mut line = String::new();
    if r.read_line(&mut line).await? == 0 {
        return Ok(None);
    }
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or_default().to_string();
    let path = parts.next().unwrap_or_default().to_string();
    let http10 = parts.next() == Some("HTTP/1.0");
    let (mut length, mut chunked, mut close, mut expect) = (0usize, false, http10, false);
    loop {
        let mut h = String::new();
        if r.read_line(&mut h).await? == 0 {
            return Ok(None);
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        let Some((name, value)) = h.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim().to_ascii_lowercase(), value.trim());
        match name.as_str() {
            "content-length" => length = value.parse().unwrap_or(0),
            "transfer-encoding" => chunked = value.to_ascii_lowercase().contains("chunked"),
            "connection" => close = value.eq_ignore_ascii_case("close"),
            "expect" => expect = value.eq_ignore_ascii_case("100-continue"),
            _ => {}
        }
    }
    if expect {
        w.write_all(b"HTTP/1.1 100 Continue\r\n\r\n").await?;
    }
    let body = if chunked {
        read_chunked(r).await?
    } else {
        let mut body = vec![0; length.min(64 << 20)];
        r.read_exact(&mut body).await?;
        body
    };
    Ok(Some(Request {
        method,
        path,
        close,
        body,
    }))
}

async fn read_chunked<R: tokio::io::AsyncBufRead + Unpin>(r: &mut R) -> std::io::Result<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let mut size = String::new();
        r.read_line(&mut size).await?;
        let hex = size.trim().split(';').next().unwrap_or_default();
        let n = usize::from_str_radix(hex, 16).map_err(std::io::Error::other)?;
        if n == 0 {
            // Trailers, then the empty line.
            loop {
                let mut t = String::new();
                if r.read_line(&mut t).await? == 0 || t.trim().is_empty() {
                    return Ok(body);
                }
            }
        }
        let start = body.len();
        body.resize(start + n.min(64 << 20), 0);
        r.read_exact(&mut body[start..]).await?;
        let mut crlf = String::new();
        r.read_line(&mut crlf).await?;
    }
}

async fn serve(stream: TcpStream, state: Arc<Mutex<State>>) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    while let Some(req) = read_request(&mut read, &mut write).await? {
        let body_text = String::from_utf8_lossy(&req.body).into_owned();
        let parsed: Value = serde_json::from_str(&body_text).unwrap_or(Value::Null);
        let wire = Wire::of_path(&req.path);
        let side = json_schema(&parsed);
        let call = if wire == Wire::Other || side.is_some() {
            None
        } else {
            take_call(&state, &parsed)
        };
        if let Ok(mut s) = state.lock() {
            s.requests.push(Recorded {
                method: req.method.clone(),
                path: req.path.clone(),
                body: body_text,
                got_call: call.is_some(),
                side: side.is_some(),
            });
        }
        let final_text = state
            .lock()
            .map(|s| s.script.final_text.clone())
            .unwrap_or_default();
        let model = parsed
            .get("model")
            .and_then(Value::as_str)
            .or_else(|| model_in_path(&req.path))
            .unwrap_or("fake-model")
            .to_string();
        let stream = parsed.get("stream").and_then(Value::as_bool) == Some(true)
            || req.path.contains(":streamGenerateContent");
        let (content_type, body) = respond::respond(
            wire,
            &req.path,
            stream,
            &model,
            call.as_ref(),
            &final_text,
            side,
        );
        let head = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n{}\r\n",
            body.len(),
            if req.close {
                "Connection: close\r\n"
            } else {
                ""
            }
        );
        write.write_all(head.as_bytes()).await?;
        write.write_all(body.as_bytes()).await?;
        write.flush().await?;
        if req.close {
            break;
        }
    }
    Ok(())
}

/// The model a Gemini API path names (`/v1beta/models/MODEL:generateContent`).
fn model_in_path(path: &str) -> Option<&str> {
    let (_, rest) = path.split_once("/models/")?;
    rest.split(':').next().filter(|m| !m.is_empty())
}

/// The JSON schema a request asks its answer to follow (the Gemini API's
/// `generationConfig.responseJsonSchema` or `responseSchema`): a utility request, not a turn.
fn json_schema(body: &Value) -> Option<&Value> {
    let config = body.get("generationConfig")?;
    config
        .get("responseJsonSchema")
        .or_else(|| config.get("responseSchema"))
}

/// The scripted call, if this request offers one of its tools and no call was made yet.
fn take_call(state: &Arc<Mutex<State>>, body: &Value) -> Option<ScriptedCall> {
    let mut s = state.lock().ok()?;
    if s.called.is_some() {
        return None;
    }
    let mut offered = offered_tools(body);
    offered.extend(deferred_tools(body));
    let call = s.script.calls.iter().find_map(|c| {
        let name = offered.iter().find(|o| c.offered_as(o))?;
        Some(ScriptedCall {
            tool: name.clone(),
            arguments: c.arguments.clone(),
        })
    })?;
    s.called = Some(call.tool.clone());
    Some(call)
}

/// The tool names a request offers, in any of the four dialects (`tools[].name`,
/// `tools[].function.name`, `tools[].type` for built-ins like `local_shell`,
/// `tools[].functionDeclarations[].name`).
pub fn offered_tools(body: &Value) -> Vec<String> {
    let Some(tools) = body.get("tools").and_then(Value::as_array) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for t in tools {
        // A Responses `namespace` of tools (Codex's MCP servers): each as `NAMESPACE.NAME`
        // (a dot is never in a function's name), called with its `namespace` field.
        if t.get("type").and_then(Value::as_str) == Some("namespace") {
            let ns = t.get("name").and_then(Value::as_str).unwrap_or_default();
            for f in t
                .get("tools")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                out.extend(
                    f.get("name")
                        .and_then(Value::as_str)
                        .map(|name| format!("{ns}.{name}")),
                );
            }
            continue;
        }
        for d in t
            .get("functionDeclarations")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            out.extend(d.get("name").and_then(Value::as_str).map(String::from));
        }
        for name in [
            t.get("name"),
            t.pointer("/function/name"),
            t.get("type").filter(|_| t.get("name").is_none()),
        ]
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        {
            out.push(name.to_string());
        }
    }
    out
}

/// The tool names a request lists as deferred, not offered: an agent that loads them only
/// through its own search tool still runs one called by name. droid 0.215.0 lists an MCP
/// server's tools so (a `Deferred tools:` reminder, one name a line; its `mcp_tool_search`
/// flag on) and ran `probe___ping` called directly (2026-12-05).
pub fn deferred_tools(body: &Value) -> Vec<String> {
    // Read in the body's JSON text, where a newline is the two characters `\n`.
    const HEAD: &str = r"Deferred tools:\n";
    let text = body.to_string();
    let mut out = Vec::new();
    for (at, _) in text.match_indices(HEAD) {
        for name in text[at + HEAD.len()..].split(r"\n") {
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            {
                break;
            }
            out.push(name.to_string());
        }
    }
    out
}

/// The text of the first tool result found in a request body, in any dialect: an Anthropic
/// `tool_result` block, a Chat `role: tool` message, a Responses `function_call_output` item, a
/// Gemini `functionResponse` part (its `response`'s `output` or `error`).
pub fn tool_result(body: &Value) -> Option<String> {
    for part in body
        .get("contents")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("parts").and_then(Value::as_array))
        .flatten()
    {
        if let Some(response) = part.pointer("/functionResponse/response") {
            let said = response.get("output").or_else(|| response.get("error"));
            return Some(said.map_or_else(|| response.to_string(), text_of));
        }
    }
    for m in body
        .get("messages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if m.get("role").and_then(Value::as_str) == Some("tool") {
            return Some(text_of(m.get("content")?));
        }
        for block in m
            .get("content")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if block.get("type").and_then(Value::as_str) == Some("tool_result") {
                return Some(block.get("content").map(text_of).unwrap_or_default());
            }
        }
    }
    for item in body
        .get("input")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let kind = item.get("type").and_then(Value::as_str).unwrap_or_default();
        if kind.ends_with("call_output") {
            return Some(item.get("output").map(text_of).unwrap_or_default());
        }
    }
    None
}

/// A content value as text: a string, text blocks joined, or the JSON itself.
fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .map(|i| {
                i.get("text")
                    .and_then(Value::as_str)
                    .map_or_else(|| text_of(i), str::to_string)
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Value::Object(o) => o
            .get("content")
            .or_else(|| o.get("output"))
            .map_or_else(|| v.to_string(), text_of),
        other => other.to_string(),
    }
}

mod respond;

#[cfg(test)]
mod tests;
