//! The bodies the fake model answers with, one wire protocol at a time.

use serde_json::{Value, json};

use super::{ScriptedCall, Wire};

const SSE: &str = "text/event-stream";
const JSON: &str = "application/json";

/// The shortest value a JSON schema allows, near enough: an object of its properties, the
/// first of an enum, an empty string or list, zero, false. In either spelling of the type
/// (`"string"`, or the Gemini API's `"STRING"`).
pub(super) fn example_of(schema: &Value) -> Value {
    if let Some(first) = schema.pointer("/enum/0") {
        return first.clone();
    }
    let kind = schema
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("object")
        .to_ascii_lowercase();
    match kind.as_str() {
        "string" => json!(""),
        "number" | "integer" => json!(0),
        "boolean" => json!(false),
        "array" => json!([]),
        "null" => Value::Null,
        _ => Value::Object(
            schema
                .get("properties")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .map(|(k, v)| (k.clone(), example_of(v)))
                .collect(),
        ),
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

/// The response to one request: content type and body. `side` is the JSON schema a utility
/// request asks its answer to follow (the Gemini API's `responseJsonSchema`), if any.
pub(super) fn respond(
    wire: Wire,
    path: &str,
    stream: bool,
    model: &str,
    call: Option<&ScriptedCall>,
    text: &str,
    side: Option<&Value>,
) -> (&'static str, String) {
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
                Some(c) => {
                    let mut item = json!({"type": "function_call", "id": "fc_hookcheck_1",
                        "call_id": "call_hookcheck_1", "name": c.tool, "arguments": args,
                        "status": "completed"});
                    // A tool of a namespace (`server::offered_tools`): its own name, and the
                    // namespace beside it.
                    if let Some((ns, name)) = c.tool.split_once('.') {
                        item["namespace"] = json!(ns);
                        item["name"] = json!(name);
                    }
                    item
                }
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
        Wire::Gemini => {
            let part = match (call, side) {
                (Some(c), _) => json!({"functionCall": {"name": c.tool, "args": c.arguments}}),
                (None, Some(schema)) => json!({"text": example_of(schema).to_string()}),
                (None, None) => json!({"text": text}),
            };
            let response = json!({"candidates": [{"content": {"role": "model", "parts": [part]},
                    "finishReason": "STOP", "index": 0}],
                "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1,
                    "totalTokenCount": 2},
                "modelVersion": model, "responseId": "hookcheck"});
            if !stream {
                return (JSON, response.to_string());
            }
            (SSE, sse(&[response], false, false))
        }
        Wire::Other => {
            let body = if path.contains("count_tokens") {
                json!({"input_tokens": 1})
            } else if path.contains(":countTokens") {
                json!({"totalTokens": 1})
            } else if path.contains("/models") {
                json!({"object": "list", "data": [{"id": model, "object": "model"}], "models": []})
            } else {
                json!({})
            };
            (JSON, body.to_string())
        }
    }
}
