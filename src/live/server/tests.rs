//! The fake model against request shapes of each wire protocol, over a real TCP connection.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

use serde_json::{Value, json};

use super::*;

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/fixtures/live/requests/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn script() -> Script {
    Script {
        calls: vec![
            ScriptedCall {
                tool: "Bash".into(),
                arguments: json!({"command": "touch MARKER"}),
            },
            ScriptedCall {
                tool: "run_shell_command".into(),
                arguments: json!({"command": "touch MARKER"}),
            },
            ScriptedCall {
                tool: "shell".into(),
                arguments: json!({"command": ["bash", "-lc", "touch MARKER"]}),
            },
        ],
        final_text: "All done.".into(),
    }
}

/// A raw HTTP/1.1 client: sends one request on `conn`, reads one response (Content-Length).
fn exchange(conn: &mut BufReader<TcpStream>, path: &str, body: &str, chunked: bool) -> String {
    let head = if chunked {
        format!("POST {path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
    } else {
        format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
    };
    let mut out = head.into_bytes();
    if chunked {
        // Two chunks, to exercise reassembly.
        let (a, b) = body.split_at(body.len() / 2);
        for part in [a, b] {
            out.extend(format!("{:x}\r\n{part}\r\n", part.len()).bytes());
        }
        out.extend(b"0\r\n\r\n");
    } else {
        out.extend(body.bytes());
    }
    conn.get_mut().write_all(&out).expect("write");
    let mut status = String::new();
    conn.read_line(&mut status).expect("status line");
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    let mut length = 0;
    loop {
        let mut h = String::new();
        conn.read_line(&mut h).expect("header");
        if h.trim().is_empty() {
            break;
        }
        if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().expect("length");
        }
    }
    let mut body = vec![0; length];
    conn.read_exact(&mut body).expect("body");
    String::from_utf8(body).expect("utf-8")
}

/// The JSON payloads of an SSE body (`data:` lines, less `[DONE]`).
fn sse_data(body: &str) -> Vec<Value> {
    body.lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .filter(|d| *d != "[DONE]")
        .map(|d| serde_json::from_str(d).expect("json event"))
        .collect()
}

/// What the client got: the tool name called, or the text answered.
fn answer(path: &str, body: &str) -> (Option<String>, Option<String>, Option<String>) {
    let json: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    let events = sse_data(body);
    let find = |pointer: &str| {
        std::iter::once(&json)
            .chain(events.iter())
            .find_map(|e| e.pointer(pointer).and_then(Value::as_str).map(String::from))
    };
    match Wire::of_path(path) {
        Wire::Anthropic => (
            find("/content_block/name").or_else(|| find("/content/0/name")),
            find("/delta/partial_json").or_else(|| {
                json.pointer("/content/0/input")
                    .filter(|v| !v.is_null())
                    .map(Value::to_string)
            }),
            find("/delta/text").or_else(|| find("/content/0/text")),
        ),
        Wire::Chat => (
            find("/choices/0/delta/tool_calls/0/function/name")
                .or_else(|| find("/choices/0/message/tool_calls/0/function/name")),
            find("/choices/0/delta/tool_calls/0/function/arguments")
                .or_else(|| find("/choices/0/message/tool_calls/0/function/arguments")),
            find("/choices/0/delta/content").or_else(|| find("/choices/0/message/content")),
        ),
        Wire::Responses => (
            find("/item/name").or_else(|| find("/output/0/name")),
            find("/item/arguments").or_else(|| find("/output/0/arguments")),
            find("/item/content/0/text").or_else(|| find("/output/0/content/0/text")),
        ),
        Wire::Gemini => (
            find("/candidates/0/content/parts/0/functionCall/name"),
            std::iter::once(&json)
                .chain(events.iter())
                .find_map(|e| e.pointer("/candidates/0/content/parts/0/functionCall/args"))
                .map(Value::to_string),
            find("/candidates/0/content/parts/0/text"),
        ),
        Wire::Other => (None, None, None),
    }
}

#[test]
fn each_protocol_gets_one_call_then_text_on_one_kept_alive_connection() {
    // (path, first request, follow-up request, expected tool, expected command in arguments)
    let table = [
        (
            "/v1/messages?beta=true",
            "anthropic-first.json",
            "anthropic-result.json",
            "Bash",
        ),
        (
            "/v1/chat/completions",
            "chat-first.json",
            "chat-result.json",
            "run_shell_command",
        ),
        (
            "/v1/responses",
            "responses-first.json",
            "responses-result.json",
            "shell",
        ),
        (
            "/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse",
            "gemini-first.json",
            "gemini-result.json",
            "run_shell_command",
        ),
    ];
    for (path, first, second, tool) in table {
        for chunked in [false, true] {
            let server = FakeModel::start(script()).expect("server");
            let url = server.base_url();
            let addr = url.trim_start_matches("http://");
            let mut conn = BufReader::new(TcpStream::connect(addr).expect("connect"));
            let r1 = exchange(&mut conn, path, &fixture(first), chunked);
            let (name, args, _) = answer(path, &r1);
            assert_eq!(name.as_deref(), Some(tool), "{path} first: {r1}");
            assert!(
                args.unwrap_or_default().contains("touch MARKER"),
                "{path}: {r1}"
            );
            // The same connection (keep-alive): the follow-up gets the final text, no call.
            let r2 = exchange(&mut conn, path, &fixture(second), chunked);
            let (name, _, text) = answer(path, &r2);
            assert_eq!(name, None, "{path} second: {r2}");
            assert_eq!(text.as_deref(), Some("All done."), "{path} second: {r2}");
            let reqs = server.requests();
            assert_eq!(reqs.len(), 2, "{path}");
            assert!(reqs[0].got_call && !reqs[1].got_call, "{path}");
            assert_eq!(server.called().as_deref(), Some(tool));
            let body: Value = serde_json::from_str(&reqs[1].body).expect("recorded json");
            assert!(tool_result(&body).is_some(), "{path}: no tool result read");
        }
    }
}

#[test]
fn non_streaming_requests_get_plain_json() {
    let table = [
        ("/v1/messages", "anthropic-first.json", "Bash"),
        ("/chat/completions", "chat-first.json", "run_shell_command"),
        ("/v1/responses", "responses-first.json", "shell"),
        (
            "/v1beta/models/gemini-2.5-pro:generateContent",
            "gemini-first.json",
            "run_shell_command",
        ),
    ];
    for (path, first, tool) in table {
        let mut body: Value = serde_json::from_str(&fixture(first)).expect("fixture");
        body["stream"] = json!(false);
        let server = FakeModel::start(script()).expect("server");
        let addr = server.base_url().trim_start_matches("http://").to_string();
        let mut conn = BufReader::new(TcpStream::connect(addr).expect("connect"));
        let r = exchange(&mut conn, path, &body.to_string(), false);
        assert!(!r.contains("data: "), "{path}: {r}");
        assert_eq!(answer(path, &r).0.as_deref(), Some(tool), "{path}: {r}");
    }
}

#[test]
fn requests_without_the_tool_get_text_and_do_not_use_up_the_call() {
    let server = FakeModel::start(script()).expect("server");
    let addr = server.base_url().trim_start_matches("http://").to_string();
    let mut conn = BufReader::new(TcpStream::connect(addr).expect("connect"));
    // A side request (a title, a summary) with no tools.
    let side =
        json!({"model": "m", "stream": true, "messages": [{"role": "user", "content": "title?"}]});
    let r = exchange(&mut conn, "/v1/messages", &side.to_string(), false);
    assert_eq!(answer("/v1/messages", &r).0, None);
    let r = exchange(
        &mut conn,
        "/v1/messages",
        &fixture("anthropic-first.json"),
        false,
    );
    assert_eq!(answer("/v1/messages", &r).0.as_deref(), Some("Bash"));
    // Token counting and model lists are answered, not scripted.
    let r = exchange(&mut conn, "/v1/messages/count_tokens", "{}", false);
    assert_eq!(r, r#"{"input_tokens":1}"#);
}

#[test]
fn tool_results_are_read_in_every_dialect() {
    let table = [
        (
            "anthropic-result.json",
            "PreToolUse:Bash hook error: blocked by policy",
        ),
        ("chat-result.json", "Blocked by hook: no"),
        (
            "responses-result.json",
            "command blocked by PreToolUse hook: nope",
        ),
        (
            "gemini-result.json",
            "Tool execution blocked: blocked by policy",
        ),
        ("anthropic-first.json", ""),
        ("gemini-first.json", ""),
    ];
    for (file, want) in table {
        let body: Value = serde_json::from_str(&fixture(file)).expect("fixture");
        assert_eq!(tool_result(&body).unwrap_or_default(), want, "{file}");
    }
}

#[test]
fn a_freeform_tool_is_called_with_its_raw_input_on_responses() {
    let patch = "*** Begin Patch\n*** Add File: notes.txt\n+hi\n*** End Patch\n";
    let server = FakeModel::start(Script {
        calls: vec![ScriptedCall {
            tool: "apply_patch".into(),
            arguments: json!(patch),
        }],
        final_text: "All done.".into(),
    })
    .expect("server");
    let addr = server.base_url().trim_start_matches("http://").to_string();
    let mut conn = BufReader::new(TcpStream::connect(addr).expect("connect"));
    // A Responses request offering the tool as a `custom` (freeform) tool.
    let first = json!({"model": "m", "stream": true, "input": [],
        "tools": [{"type": "custom", "name": "apply_patch", "description": "edit files"}]});
    let r = exchange(&mut conn, "/v1/responses", &first.to_string(), false);
    let done = sse_data(&r)
        .into_iter()
        .find(|e| e["type"] == "response.output_item.done")
        .expect("an output item");
    assert_eq!(
        done["item"],
        json!({"type": "custom_tool_call", "id": "ctc_hookcheck_1", "call_id": "call_hookcheck_1",
            "name": "apply_patch", "input": patch, "status": "completed"})
    );
    // Its result comes back as a `custom_tool_call_output` item.
    let second = json!({"model": "m", "stream": true, "input": [{"type": "custom_tool_call_output",
        "call_id": "call_hookcheck_1", "output": "Success."}]});
    assert_eq!(tool_result(&second).as_deref(), Some("Success."));
}

/// An MCP tool is called by the suffix of its name, under the name the agent offers it: a
/// Responses `namespace` tool with its namespace beside its name (Codex), a tool listed only
/// as deferred (droid), a plain function (the others).
#[test]
fn an_mcp_tool_is_called_under_the_name_the_agent_offers() {
    let call = || Script {
        calls: vec![ScriptedCall {
            tool: "*ping".into(),
            arguments: json!({}),
        }],
        final_text: "All done.".into(),
    };
    let first_item = |path: &str, body: Value| {
        let server = FakeModel::start(call()).expect("server");
        let addr = server.base_url().trim_start_matches("http://").to_string();
        let mut conn = BufReader::new(TcpStream::connect(addr).expect("connect"));
        let r = exchange(&mut conn, path, &body.to_string(), false);
        (sse_data(&r), server.called())
    };
    let namespace = json!({"model": "m", "stream": true, "input": [], "tools": [
        {"type": "function", "name": "exec_command"},
        {"type": "namespace", "name": "mcp__probe", "tools": [{"type": "function", "name": "ping"}]}]});
    let (events, called) = first_item("/v1/responses", namespace);
    let item = events
        .into_iter()
        .find(|e| e["type"] == "response.output_item.done")
        .expect("an output item");
    assert_eq!(
        item["item"],
        json!({"type": "function_call", "id": "fc_hookcheck_1", "call_id": "call_hookcheck_1",
            "namespace": "mcp__probe", "name": "ping", "arguments": "{}", "status": "completed"})
    );
    assert_eq!(called.as_deref(), Some("mcp__probe.ping"));
    let deferred = json!({"model": "m", "stream": true, "max_tokens": 10,
        "tools": [{"name": "ToolSearch"}],
        "messages": [{"role": "user", "content": [
            {"type": "text", "text": "<system-reminder>\nDeferred tools:\nWebSearch\nprobe___ping\n</system-reminder>"}]}]});
    let (events, called) = first_item("/v1/messages", deferred);
    assert_eq!(called.as_deref(), Some("probe___ping"), "{events:?}");
}

/// The whole Gemini API answer to a request (`candidates`, `usageMetadata`, `modelVersion`).
fn gemini_response(part: Value) -> Value {
    json!({"candidates": [{"content": {"role": "model", "parts": [part]},
            "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
        "modelVersion": "gemini-2.5-pro", "responseId": "hookcheck"})
}

#[test]
fn the_gemini_api_streams_one_event_a_turn_and_answers_side_requests_with_json_to_their_schema() {
    let server = FakeModel::start(script()).expect("server");
    let addr = server.base_url().trim_start_matches("http://").to_string();
    let mut conn = BufReader::new(TcpStream::connect(addr).expect("connect"));
    let models = "/v1beta/models/gemini-2.5-pro";
    // Token counting is answered in the Gemini API's shape, and is not a turn.
    let r = exchange(&mut conn, &format!("{models}:countTokens"), "{}", false);
    assert_eq!(r, r#"{"totalTokens":1}"#);
    // A side request (a next-speaker check: JSON to a schema, no tools) before any turn.
    let side = json!({"contents": [{"role": "user", "parts": [{"text": "Who speaks next?"}]}],
        "generationConfig": {"responseMimeType": "application/json", "responseJsonSchema": {
            "type": "object", "properties": {"reasoning": {"type": "string"},
            "next_speaker": {"type": "string", "enum": ["user", "model"]}},
            "required": ["reasoning", "next_speaker"]}}});
    let r = exchange(
        &mut conn,
        &format!("{models}:generateContent"),
        &side.to_string(),
        false,
    );
    let body: Value = serde_json::from_str(&r).expect("json");
    assert_eq!(
        body,
        gemini_response(json!({"text": r#"{"reasoning":"","next_speaker":"user"}"#}))
    );
    // The turn: one SSE event with the call, then the final text after the tool result.
    let stream = format!("{models}:streamGenerateContent?alt=sse");
    let r = exchange(&mut conn, &stream, &fixture("gemini-first.json"), false);
    let call = json!({"functionCall": {"name": "run_shell_command",
        "args": {"command": "touch MARKER"}}});
    assert_eq!(r, format!("data: {}\n\n", gemini_response(call)));
    let r = exchange(&mut conn, &stream, &fixture("gemini-result.json"), false);
    assert_eq!(
        r,
        format!(
            "data: {}\n\n",
            gemini_response(json!({"text": "All done."}))
        )
    );
    let reqs = server.requests();
    let turns: Vec<bool> = reqs.iter().map(Recorded::is_turn).collect();
    assert_eq!(turns, [false, false, true, true]);
    assert!(reqs[1].side && !reqs[1].got_call && reqs[2].got_call);
}

#[test]
fn a_schema_gives_its_shortest_value_in_either_spelling_of_its_types() {
    let schema = json!({"type": "OBJECT", "properties": {"a": {"type": "STRING"},
        "b": {"type": "ARRAY"}, "c": {"type": "integer"}, "d": {"type": "boolean"},
        "e": {"type": "string", "enum": ["x", "y"]}, "f": {"type": "object"}}});
    assert_eq!(
        respond::example_of(&schema),
        json!({"a": "", "b": [], "c": 0, "d": false, "e": "x", "f": {}})
    );
}
