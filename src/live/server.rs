//! A scripted fake model server on 127.0.0.1: just enough HTTP/1.1 (Content-Length or chunked
//! request bodies, keep-alive) to speak Anthropic Messages (SSE), OpenAI Chat Completions
//! (streaming and not) and OpenAI Responses (SSE).
//!
//! The first request that offers one of the scripted tools gets one call to it; every other
//! request gets a short final text. Every request is recorded, so the tool result the agent sent
//! back (its own account of what the hook did) can be read afterwards.
//!
//! Hand-written on tokio rather than hyper/axum: the server answers one client with canned
//! bodies, and a few hundred lines cost less than a web framework in the dependency tree.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// One tool call the model may ask for: the first name the request offers wins.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptedCall {
    /// The tool's name as the agent offers it (`Bash`, `run_shell_command`, `shell`).
    pub tool: String,
    /// The call's arguments: an object for a function tool; a string is the raw input of a
    /// freeform tool (the Responses API's `custom` tools), sent as a `custom_tool_call`.
    pub arguments: Value,
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
    pub fn start(script: Script) -> Result<FakeModel, String> {
        let std_listener = std::net::TcpListener::bind(("127.0.0.1", 0))
            .map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))?;
        std_listener
            .set_nonblocking(true)
            .map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))?;
        let addr = std_listener
            .local_addr()
            .map_err(|e| format!("cannot read the server's address: {e}"))?;
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
            .map_err(|e| format!("could not start the async runtime: {e}"))?;
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
        let call = if wire == Wire::Other {
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
            });
        }
        let final_text = state
            .lock()
            .map(|s| s.script.final_text.clone())
            .unwrap_or_default();
        let model = parsed
            .get("model")
            .and_then(Value::as_str)
            .unwrap_or("fake-model")
            .to_string();
        let stream = parsed.get("stream").and_then(Value::as_bool) == Some(true);
        let (content_type, body) =
            respond(wire, &req.path, stream, &model, call.as_ref(), &final_text);
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

/// The scripted call, if this request offers one of its tools and no call was made yet.
fn take_call(state: &Arc<Mutex<State>>, body: &Value) -> Option<ScriptedCall> {
    let mut s = state.lock().ok()?;
    if s.called.is_some() {
        return None;
    }
    let offered = offered_tools(body);
    let call = s
        .script
        .calls
        .iter()
        .find(|c| offered.iter().any(|o| o == &c.tool))?
        .clone();
    s.called = Some(call.tool.clone());
    Some(call)
}

/// The tool names a request offers, in any of the three dialects
/// (`tools[].name`, `tools[].function.name`, `tools[].type` for built-ins like `local_shell`).
pub fn offered_tools(body: &Value) -> Vec<String> {
    let Some(tools) = body.get("tools").and_then(Value::as_array) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for t in tools {
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

/// The text of the first tool result found in a request body, in any dialect: an Anthropic
/// `tool_result` block, a Chat `role: tool` message, a Responses `function_call_output` item.
pub fn tool_result(body: &Value) -> Option<String> {
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

fn sse(events: &[Value], named: bool, done: bool) -> String {
    let mut out = String::new();
    for e in events {
        if named && let Some(t) = e.get("type").and_then(Value::as_str) {
            out.push_str(&format!("event: {t}\n"));
        }
        out.push_str(&format!("data: {e}\n\n"));
    }
    if done {
        out.push_str("data: [DONE]\n\n");
    }
    out
}

/// The response to one request: content type and body.
fn respond(
    wire: Wire,
    path: &str,
    stream: bool,
    model: &str,
    call: Option<&ScriptedCall>,
    text: &str,
) -> (&'static str, String) {
    const SSE: &str = "text/event-stream";
    const JSON: &str = "application/json";
    let args = call.map(|c| c.arguments.to_string()).unwrap_or_default();
    match wire {
        Wire::Anthropic => {
            let usage = json!({"input_tokens": 1, "output_tokens": 1});
            let (block, stop) = match call {
                Some(c) => (
                    json!({"type": "tool_use", "id": "toolu_hookcheck_1", "name": c.tool, "input": c.arguments}),
                    "tool_use",
                ),
                None => (json!({"type": "text", "text": text}), "end_turn"),
            };
            if !stream {
                let msg = json!({"id": "msg_hookcheck", "type": "message", "role": "assistant",
                    "model": model, "content": [block], "stop_reason": stop,
                    "stop_sequence": null, "usage": usage});
                return (JSON, msg.to_string());
            }
            let (start, delta) = match call {
                Some(c) => (
                    json!({"type": "tool_use", "id": "toolu_hookcheck_1", "name": c.tool, "input": {}}),
                    json!({"type": "input_json_delta", "partial_json": args}),
                ),
                None => (
                    json!({"type": "text", "text": ""}),
                    json!({"type": "text_delta", "text": text}),
                ),
            };
            let events = [
                json!({"type": "message_start", "message": {"id": "msg_hookcheck", "type": "message",
                    "role": "assistant", "model": model, "content": [], "stop_reason": null,
                    "stop_sequence": null, "usage": usage}}),
                json!({"type": "content_block_start", "index": 0, "content_block": start}),
                json!({"type": "content_block_delta", "index": 0, "delta": delta}),
                json!({"type": "content_block_stop", "index": 0}),
                json!({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": null},
                    "usage": {"output_tokens": 1}}),
                json!({"type": "message_stop"}),
            ];
            (SSE, sse(&events, true, false))
        }
        Wire::Chat => {
            let usage = json!({"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2});
            let (message, finish) = match call {
                Some(c) => (
                    json!({"role": "assistant", "content": null, "tool_calls": [{"index": 0,
                        "id": "call_hookcheck_1", "type": "function",
                        "function": {"name": c.tool, "arguments": args}}]}),
                    "tool_calls",
                ),
                None => (json!({"role": "assistant", "content": text}), "stop"),
            };
            let base = |choices: Value, object: &str| {
                json!({"id": "chatcmpl-hookcheck", "object": object, "created": 0,
                    "model": model, "choices": choices})
            };
            if !stream {
                let mut b = base(
                    json!([{"index": 0, "message": message, "finish_reason": finish}]),
                    "chat.completion",
                );
                b["usage"] = usage;
                return (JSON, b.to_string());
            }
            let chunk = "chat.completion.chunk";
            let mut last = base(json!([]), chunk);
            last["usage"] = usage;
            let events = [
                base(
                    json!([{"index": 0, "delta": message, "finish_reason": null}]),
                    chunk,
                ),
                base(
                    json!([{"index": 0, "delta": {}, "finish_reason": finish}]),
                    chunk,
                ),
                last,
            ];
            (SSE, sse(&events, false, true))
        }
        Wire::Responses => {
            let item = match call {
                Some(ScriptedCall {
                    tool,
                    arguments: Value::String(input),
                }) => json!({"type": "custom_tool_call", "id": "ctc_hookcheck_1",
                    "call_id": "call_hookcheck_1", "name": tool, "input": input,
                    "status": "completed"}),
                Some(c) => json!({"type": "function_call", "id": "fc_hookcheck_1",
                    "call_id": "call_hookcheck_1", "name": c.tool, "arguments": args,
                    "status": "completed"}),
                None => json!({"type": "message", "id": "msg_hookcheck", "role": "assistant",
                    "status": "completed",
                    "content": [{"type": "output_text", "text": text, "annotations": []}]}),
            };
            let usage = json!({"input_tokens": 1, "input_tokens_details": null,
                "output_tokens": 1, "output_tokens_details": null, "total_tokens": 2});
            let response = json!({"id": "resp_hookcheck", "object": "response",
                "model": model, "status": "completed", "output": [item], "usage": usage});
            if !stream {
                return (JSON, response.to_string());
            }
            let events = [
                json!({"type": "response.created", "response": {"id": "resp_hookcheck"}}),
                json!({"type": "response.output_item.added", "output_index": 0, "item": item}),
                json!({"type": "response.output_item.done", "output_index": 0, "item": item}),
                json!({"type": "response.completed", "response": response}),
            ];
            (SSE, sse(&events, true, false))
        }
        Wire::Other => {
            let body = if path.contains("count_tokens") {
                json!({"input_tokens": 1})
            } else if path.contains("/models") {
                json!({"object": "list", "data": [{"id": model, "object": "model"}], "models": []})
            } else {
                json!({})
            };
            (JSON, body.to_string())
        }
    }
}

#[cfg(test)]
mod tests;
