//! The two hook-file shapes most agents share, read into [`NativeHandler`]s:
//! *grouped* (`{"hooks": {"<Event>": [{"matcher": "…", "hooks": [<handler>…]}]}}`) and *flat*
//! (`{"hooks": {"<event>": [<handler with its own matcher>…]}}`). Each loader says which keys its
//! agent reads and in which unit.

use std::path::Path;

use serde_json::{Map, Value};

use super::{JsonCursor, NativeError, NativeHandler, Unit, shape_error};

/// How one agent writes a handler.
pub struct Shape {
    /// The agent id.
    pub tool: &'static str,
    /// The unit of `timeout`.
    pub unit: Unit,
    /// What the agent does with a file it cannot read ("X loads no hooks from this file").
    pub consequence: &'static str,
    /// The keys that hold the command, first found wins.
    pub command_keys: &'static [&'static str],
    /// The key of an exec-form program (its arguments in `args`), if the agent has one.
    pub exec_key: Option<&'static str>,
    /// The keys that hold the timeout, first found wins.
    pub timeout_keys: &'static [&'static str],
}

/// Reads the grouped shape. A file with no `hooks` key has no handlers.
pub fn grouped(
    shape: &Shape,
    path: &Path,
    text: &str,
    root: &Value,
) -> Result<Vec<NativeHandler>, NativeError> {
    grouped_into(shape, path, text, root, None)
}

/// Reads the grouped shape as an agent that discards a malformed entry and loads the rest
/// (its loader's `parse_entries` says which): the handlers, and each discarded entry placed with
/// `discarded` as its consequence. A file that is not an object, or whose `hooks` is not one,
/// is still an error for the whole file.
pub fn grouped_per_entry(
    shape: &Shape,
    path: &Path,
    text: &str,
    root: &Value,
    discarded: &'static str,
) -> Result<(Vec<NativeHandler>, Vec<NativeError>), NativeError> {
    let mut sink = (discarded, Vec::new());
    let handlers = grouped_into(shape, path, text, root, Some(&mut sink))?;
    Ok((handlers, sink.1))
}

/// Where a lenient read puts the entries it discards: their consequence, and the list.
type Sink<'s> = Option<&'s mut (&'static str, Vec<NativeError>)>;

fn grouped_into(
    shape: &Shape,
    path: &Path,
    text: &str,
    root: &Value,
    mut sink: Sink,
) -> Result<Vec<NativeHandler>, NativeError> {
    let mut cursor = JsonCursor::new(text);
    let mut out = Vec::new();
    // An entry that is wrong: the whole file's error, or one discarded entry.
    let bad = |sink: &mut Sink, line: u64, message: String| -> Result<(), NativeError> {
        match sink {
            Some((consequence, list)) => {
                list.push(shape_error(path, Some(line), message, consequence));
                Ok(())
            }
            None => Err(err(shape, path, line, message)),
        }
    };
    for (event, groups) in events(shape, path, root)? {
        let line = cursor.line_of(event);
        let Some(groups) = groups.as_array() else {
            bad(
                &mut sink,
                line,
                format!("`hooks.{event}` must be a list of matcher groups"),
            )?;
            continue;
        };
        for group in groups {
            let Some(group) = group.as_object() else {
                bad(
                    &mut sink,
                    line,
                    format!("an entry of `hooks.{event}` is not an object"),
                )?;
                continue;
            };
            let matcher = match group.get("matcher") {
                None | Some(Value::Null) => String::new(),
                Some(Value::String(m)) => m.clone(),
                Some(_) => {
                    let line = cursor.line_of_object(group).unwrap_or(line);
                    bad(
                        &mut sink,
                        line,
                        format!("a matcher under `hooks.{event}` is not a string"),
                    )?;
                    continue;
                }
            };
            let handlers = match group.get("hooks") {
                Some(Value::Array(h)) => h,
                _ => {
                    let line = cursor.line_of_object(group).unwrap_or(line);
                    bad(
                        &mut sink,
                        line,
                        format!("a group under `hooks.{event}` has no `hooks` list"),
                    )?;
                    continue;
                }
            };
            for h in handlers {
                let Some(h) = h.as_object() else {
                    bad(
                        &mut sink,
                        line,
                        format!("a handler under `hooks.{event}` is not an object"),
                    )?;
                    continue;
                };
                match handler(shape, path, &mut cursor, event, h) {
                    Ok(Some(mut handler)) => {
                        handler.matcher = matcher.clone();
                        handler.matcher_written_empty =
                            group.get("matcher").and_then(Value::as_str) == Some("");
                        out.push(handler);
                    }
                    Ok(None) => {}
                    Err(e) => bad(&mut sink, e.line.unwrap_or(line), e.message)?,
                }
            }
        }
    }
    Ok(out)
}

/// Reads the flat shape: every handler carries its own `matcher`.
pub fn flat(
    shape: &Shape,
    path: &Path,
    text: &str,
    root: &Value,
) -> Result<Vec<NativeHandler>, NativeError> {
    let mut cursor = JsonCursor::new(text);
    let mut out = Vec::new();
    for (event, handlers) in events(shape, path, root)? {
        let line = cursor.line_of(event);
        let handlers = handlers.as_array().ok_or_else(|| {
            err(
                shape,
                path,
                line,
                format!("`hooks.{event}` must be a list of handlers"),
            )
        })?;
        for h in handlers {
            let Some(h) = h.as_object() else {
                return Err(err(
                    shape,
                    path,
                    line,
                    format!("a handler under `hooks.{event}` is not an object"),
                ));
            };
            if let Some(mut handler) = handler(shape, path, &mut cursor, event, h)? {
                let matcher = h.get("matcher").and_then(Value::as_str);
                handler.matcher = matcher.unwrap_or_default().to_string();
                handler.matcher_written_empty = matcher == Some("");
                out.push(handler);
            }
        }
    }
    Ok(out)
}

fn err(shape: &Shape, path: &Path, line: u64, message: String) -> NativeError {
    shape_error(path, Some(line), message, shape.consequence)
}

/// The `hooks` object's events, in file order; none when the file has no `hooks`.
fn events<'v>(
    shape: &Shape,
    path: &Path,
    root: &'v Value,
) -> Result<Vec<(&'v str, &'v Value)>, NativeError> {
    let Some(obj) = root.as_object() else {
        return Err(shape_error(
            path,
            Some(1),
            "the file is not a JSON object".into(),
            shape.consequence,
        ));
    };
    match obj.get("hooks") {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Object(m)) => Ok(m.iter().map(|(k, v)| (k.as_str(), v)).collect()),
        Some(_) => Err(shape_error(
            path,
            None,
            "`hooks` must be an object keyed by event".into(),
            shape.consequence,
        )),
    }
}

/// One handler object; a handler type that runs no command (`http`, `prompt`, `agent`) is a
/// handler marked [`NativeHandler::not_command`], shown by its prompt or URL.
fn handler(
    shape: &Shape,
    path: &Path,
    cursor: &mut JsonCursor,
    event: &str,
    h: &Map<String, Value>,
) -> Result<Option<NativeHandler>, NativeError> {
    let kind = h.get("type").and_then(Value::as_str).unwrap_or("command");
    if kind != "command" {
        let line = match cursor.line_of_object(h) {
            Some(line) => line,
            None => cursor.line_of(event),
        };
        let what = ["prompt", "url"]
            .iter()
            .find_map(|k| h.get(*k).and_then(Value::as_str))
            .unwrap_or_default();
        return Ok(Some(NativeHandler::not_a_command(
            shape.tool, path, line, event, kind, what,
        )));
    }
    let exec = shape
        .exec_key
        .and_then(|k| h.get(k))
        .and_then(Value::as_str);
    let command = exec.or_else(|| {
        shape
            .command_keys
            .iter()
            .find_map(|k| h.get(*k).and_then(Value::as_str))
    });
    let Some(command) = command.filter(|c| !c.trim().is_empty()) else {
        // The handler's own line (its `name`, say), not the event's next mention.
        let line = match cursor.line_of_object(h) {
            Some(line) => line,
            None => cursor.line_of(event),
        };
        return Err(err(
            shape,
            path,
            line,
            format!(
                "a command handler under `{event}` has no `{}`",
                shape.command_keys.join("` or `")
            ),
        ));
    };
    let line = cursor.line_of(command);
    let mut out = NativeHandler::new(shape.tool, path, line, event, command);
    out.args = h.get("args").and_then(Value::as_array).map(|a| {
        a.iter()
            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
            .collect()
    });
    if let Some(t) = shape.timeout_keys.iter().find_map(|k| h.get(*k)) {
        let v = match t {
            Value::Number(n) => n
                .as_u64()
                .or_else(|| n.as_f64().filter(|f| *f >= 0.0).map(|f| f.ceil() as u64)),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        match v {
            Some(v) => out.set_timeout(shape.unit, v),
            None => out.timeout_unusable = Some(t.to_string()),
        }
    }
    if let Some(Value::Object(env)) = h.get("env") {
        out.env = env
            .iter()
            .map(|(k, v)| {
                (
                    k.clone(),
                    v.as_str().map_or_else(|| v.to_string(), str::to_string),
                )
            })
            .collect();
    }
    let flag = |k: &str| h.get(k).and_then(Value::as_bool).unwrap_or(false);
    out.cwd = h.get("cwd").and_then(Value::as_str).map(str::to_string);
    // `onFailure: "block"` is Claude Code's spelling of failClosed (protocols-a.md §1).
    out.fail_closed =
        flag("failClosed") || h.get("onFailure").and_then(Value::as_str) == Some("block");
    out.is_async = flag("async") || flag("asyncRewake");
    out.if_rule = h.get("if").and_then(Value::as_str).map(str::to_string);
    out.shell = h.get("shell").and_then(Value::as_str).map(str::to_string);
    out.confirm = h.get("confirm").and_then(Value::as_bool);
    Ok(Some(out))
}
