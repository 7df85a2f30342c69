//! Merging the handlers sync wants into an agent's hook file: every entry sync did not write
//! stays as it was, byte for byte (comments too); an entry it owns is recognised by its
//! command, updated where it stands, or removed when no spec asks for it any more.

use serde_json::{Map, Value};

use crate::error::{Error, Kind, Place};
use crate::jsonc::{self, Node};
use crate::native::loader::{Layout, Writer};

/// One handler as sync writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handler {
    /// The event, as the agent names it.
    pub event: String,
    /// The matcher, in the agent's dialect (empty: every call).
    pub matcher: String,
    /// The command.
    pub command: String,
    /// The timeout in the agent's unit.
    pub timeout: Option<u64>,
}

/// The new text of a hook file: `old` (absent: a new file) with the entries sync owns
/// (`owned`, by their command) replaced by `wanted`; `Err` when `old` cannot be read as
/// JSON(C) with an object at its top.
pub fn merge(
    old: Option<&str>,
    w: &Writer,
    wanted: &[Handler],
    owned: &dyn Fn(&str) -> bool,
) -> Result<String, Error> {
    let Some(old) = old else {
        return Ok(new_file(w, wanted));
    };
    let unreadable = |what: String, place: Option<Place>| {
        let e = Error::new(Kind::HookFile, format!("{}: {what}", w.file)).help(format!(
            "hookcheck sync merges into {} only when it reads as JSON: fix the file, or move it away",
            w.file
        ));
        match place {
            Some(place) => e.at(place),
            None => e,
        }
    };
    let root = jsonc::parse(old).map_err(|e| {
        let place = Place {
            file: w.file.to_string(),
            line: Some(e.line as u64),
            column: Some(e.column as u64),
            width: Some(1),
            source_line: old.lines().nth(e.line - 1).map(str::to_string),
        };
        unreadable(e.to_string(), Some(place))
    })?;
    let Node::Object { span, .. } = &root else {
        return Err(unreadable(
            "the file is not a JSON object".to_string(),
            None,
        ));
    };
    let events = events(wanted);
    // The event map: under `hooks`, or the file itself.
    let (map, indent) = match w.hooks_key {
        None => (&root, indent_of(old, span.start)),
        Some(key) => {
            let Some(hooks) = root.get(key) else {
                if wanted.is_empty() {
                    return Ok(old.to_string());
                }
                let body = render(&hooks_value(w, wanted), 2);
                return Ok(insert_member(old, span.clone(), key, &body, 2));
            };
            (&hooks.value, indent_of(old, hooks.start))
        }
    };
    if w.layout == Layout::List {
        let Node::Array { span, items } = map else {
            return Err(unreadable(
                "its `hooks` is not a JSON list".to_string(),
                None,
            ));
        };
        let all: Vec<&Handler> = wanted.iter().collect();
        let inner = indent + 2;
        let mut text = old.to_string();
        if let Some(new) = merged_array(old, w, items, &all, inner, owned) {
            text.replace_range(span.clone(), &new);
        }
        return Ok(text);
    }
    let Node::Object {
        span: hooks_span,
        members,
    } = map
    else {
        return Err(unreadable(
            "its `hooks` is not a JSON object".to_string(),
            None,
        ));
    };
    // Edits, applied from the end of the text so earlier offsets stay right.
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for m in members {
        let Node::Array { span, items } = &m.value else {
            continue;
        };
        let mine: Vec<&Handler> = wanted.iter().filter(|h| h.event == m.key).collect();
        // The items one level in from the event's own line.
        let inner = indent_of(old, m.start) + 2;
        if let Some(new) = merged_array(old, w, items, &mine, inner, owned) {
            edits.push((span.clone(), new));
        }
    }
    // Events sync writes that the file does not have yet: new members of `hooks`.
    let mut added: Vec<String> = Vec::new();
    for event in events {
        if members.iter().any(|m| m.key == event) {
            continue;
        }
        let mine: Vec<&Handler> = wanted.iter().filter(|h| h.event == event).collect();
        let items: Vec<String> = entries(w, &mine)
            .iter()
            .map(|v| render(v, indent + 4))
            .collect();
        added.push(format!(
            "{}: {}",
            Value::String(event.clone()),
            array_text(&items, indent + 4)
        ));
    }
    let mut text = old.to_string();
    if !added.is_empty() {
        // After the last member's value (and its trailing comma, JSONC allows one), or after
        // the `{`: whatever followed it (a comment, the `}` on its own line) stays after the
        // new members.
        let close = hooks_span.end - 1;
        let (at, sep) = match members.last() {
            None => (hooks_span.start + 1, ""),
            Some(last) => {
                let end = last.value.span().end;
                let rest = &text[end..close];
                match rest.trim_start().strip_prefix(',') {
                    Some(after) => (close - after.len(), ""),
                    None => (end, ","),
                }
            }
        };
        let pad = " ".repeat(indent + 2);
        let body = added.join(&format!(",\n{pad}"));
        let end = if text[at..close].contains('\n') {
            String::new()
        } else {
            format!("\n{}", " ".repeat(indent))
        };
        edits.push((at..at, format!("{sep}\n{pad}{body}{end}")));
    }
    edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    for (range, with) in edits {
        text.replace_range(range, &with);
    }
    Ok(text)
}

/// The new text of a list of entries (`items` of `old`) with the entries sync owns replaced
/// by `mine`'s, where the first of them stood (else at the end), items at `inner`; `None`
/// when nothing changes.
fn merged_array(
    old: &str,
    w: &Writer,
    items: &[Node],
    mine: &[&Handler],
    inner: usize,
    owned: &dyn Fn(&str) -> bool,
) -> Option<String> {
    let kept: Vec<(bool, String)> = items
        .iter()
        .map(|item| {
            let text = &old[item.span()];
            (is_owned(w, text, owned), text.to_string())
        })
        .collect();
    let ours = entries(w, mine);
    let mut out: Vec<String> = Vec::new();
    let mut placed = false;
    for (own, text) in &kept {
        if *own {
            if !placed {
                out.extend(ours.iter().map(|v| render(v, inner)));
                placed = true;
            }
        } else {
            out.push(text.clone());
        }
    }
    if !placed {
        out.extend(ours.iter().map(|v| render(v, inner)));
    }
    let unchanged = out.len() == kept.len() && out.iter().zip(&kept).all(|(a, (_, b))| a == b);
    (!unchanged).then(|| array_text(&out, inner))
}

/// The events of `wanted`, each once, in order.
fn events(wanted: &[Handler]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for h in wanted {
        if !out.contains(&h.event) {
            out.push(h.event.clone());
        }
    }
    out
}

/// A new file: the writer's top fields, then `hooks` (or the event map as the file).
fn new_file(w: &Writer, wanted: &[Handler]) -> String {
    let mut top: Map<String, Value> = serde_json::from_str(w.top).unwrap_or_default();
    match (w.hooks_key, hooks_value(w, wanted)) {
        (Some(key), hooks) => {
            top.insert(key.into(), hooks);
        }
        (None, Value::Object(events)) => top.extend(events),
        (None, _) => {}
    }
    render(&Value::Object(top), 0) + "\n"
}

/// `hooks` as the writer lays it out: one list of every entry, or an object with each
/// event's entries in order.
fn hooks_value(w: &Writer, wanted: &[Handler]) -> Value {
    if w.layout == Layout::List {
        let all: Vec<&Handler> = wanted.iter().collect();
        return Value::Array(entries(w, &all));
    }
    let mut out = Map::new();
    for event in events(wanted) {
        let mine: Vec<&Handler> = wanted.iter().filter(|h| h.event == event).collect();
        out.insert(event, Value::Array(entries(w, &mine)));
    }
    Value::Object(out)
}

/// The entries of one event's handlers in the writer's layout: a matcher group per matcher,
/// or one handler each.
fn entries(w: &Writer, handlers: &[&Handler]) -> Vec<Value> {
    match w.layout {
        // Scripts are written whole (`script.rs`): no JSON entries.
        Layout::ScriptPerEvent => Vec::new(),
        // The template names the event and the matcher itself.
        Layout::List => handlers.iter().map(|h| handler(w, h)).collect(),
        Layout::Flat | Layout::FlatNoMatcher => handlers
            .iter()
            .map(|h| {
                let mut v = handler(w, h);
                if w.layout == Layout::Flat
                    && !h.matcher.is_empty()
                    && let Value::Object(m) = &mut v
                {
                    m.insert("matcher".into(), Value::String(h.matcher.clone()));
                }
                v
            })
            .collect(),
        Layout::Grouped => {
            let mut groups: Vec<(String, Vec<Value>)> = Vec::new();
            for h in handlers {
                match groups.iter_mut().find(|(m, _)| *m == h.matcher) {
                    Some((_, list)) => list.push(handler(w, h)),
                    None => groups.push((h.matcher.clone(), vec![handler(w, h)])),
                }
            }
            groups
                .into_iter()
                .map(|(matcher, hooks)| {
                    let mut g = Map::new();
                    if !matcher.is_empty() {
                        g.insert("matcher".into(), Value::String(matcher));
                    }
                    g.insert("hooks".into(), Value::Array(hooks));
                    Value::Object(g)
                })
                .collect()
        }
    }
}

/// One handler from the writer's template: `"$COMMAND"`, `"$EVENT"` and `"$MATCHER"` (its key
/// left out for every tool) and `"$TIMEOUT"` (left out when there is none) filled in, in
/// nested objects too.
fn handler(w: &Writer, h: &Handler) -> Value {
    let template: Map<String, Value> = serde_json::from_str(w.handler).unwrap_or_default();
    fill(template, h)
}

fn fill(template: Map<String, Value>, h: &Handler) -> Value {
    let mut out = Map::new();
    for (k, v) in template {
        let value = match v {
            Value::Object(inner) => Some(fill(inner, h)),
            Value::String(s) => match s.as_str() {
                "$COMMAND" => Some(Value::String(h.command.clone())),
                "$EVENT" => Some(Value::String(h.event.clone())),
                "$MATCHER" => (!h.matcher.is_empty()).then(|| Value::String(h.matcher.clone())),
                "$TIMEOUT" => h.timeout.map(Value::from),
                _ => Some(Value::String(s)),
            },
            other => Some(other),
        };
        if let Some(value) = value {
            out.insert(k, value);
        }
    }
    Value::Object(out)
}

/// The keys, from the handler's top, under which the writer puts the command: the deepest
/// place it stands (a name that repeats it is not what runs).
fn command_path(w: &Writer) -> Vec<String> {
    fn all(v: &Map<String, Value>, at: &[String], out: &mut Vec<Vec<String>>) {
        for (k, v) in v {
            let here = [at, std::slice::from_ref(k)].concat();
            match v {
                Value::String(s) if s == "$COMMAND" => out.push(here),
                Value::Object(inner) => all(inner, &here, out),
                _ => {}
            }
        }
    }
    let template: Map<String, Value> = serde_json::from_str(w.handler).unwrap_or_default();
    let mut paths = Vec::new();
    all(&template, &[], &mut paths);
    paths
        .into_iter()
        .max_by_key(Vec::len)
        .unwrap_or_else(|| vec!["command".to_string()])
}

/// Whether sync wrote this entry: every handler in it has a command sync owns.
fn is_owned(w: &Writer, text: &str, owned: &dyn Fn(&str) -> bool) -> bool {
    let Ok(v) = serde_json::from_str::<Value>(&jsonc::strip_comments(text)) else {
        return false;
    };
    let path = command_path(w);
    let command_of = |h: &Value| {
        path.iter()
            .try_fold(h, |v, k| v.get(k))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let commands: Vec<Option<String>> = match w.layout {
        Layout::Grouped => match v.get("hooks").and_then(Value::as_array) {
            Some(hs) => hs.iter().map(command_of).collect(),
            None => return false,
        },
        Layout::Flat | Layout::FlatNoMatcher | Layout::List => vec![command_of(&v)],
        Layout::ScriptPerEvent => return false,
    };
    !commands.is_empty() && commands.iter().all(|c| c.as_deref().is_some_and(owned))
}

/// An array of these item texts, one per line at `indent` (its brackets one level up).
fn array_text(items: &[String], indent: usize) -> String {
    if items.is_empty() {
        return "[]".to_string();
    }
    let pad = " ".repeat(indent);
    let close = " ".repeat(indent.saturating_sub(2));
    format!("[\n{pad}{}\n{close}]", items.join(&format!(",\n{pad}")))
}

/// `v` as pretty JSON whose lines after the first are indented by `indent` more.
fn render(v: &Value, indent: usize) -> String {
    let text = serde_json::to_string_pretty(v).unwrap_or_default();
    let pad = " ".repeat(indent);
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                l.to_string()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// How far the line holding byte `at` is indented.
fn indent_of(text: &str, at: usize) -> usize {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..at].len() - text[line_start..at].trim_start().len()
}

/// `object` (the span of the top-level object) with a new member `key: body` at its end.
fn insert_member(
    text: &str,
    object: std::ops::Range<usize>,
    key: &str,
    body: &str,
    indent: usize,
) -> String {
    let close = object.end - 1;
    let inner = text[object.start + 1..close].trim();
    let start = text[..close].trim_end().len();
    let sep = if inner.is_empty() { "" } else { "," };
    let mut out = String::with_capacity(text.len() + body.len() + 16);
    out.push_str(&text[..start]);
    out.push_str(&format!(
        "{sep}\n{}{}: {body}\n",
        " ".repeat(indent),
        Value::String(key.to_string())
    ));
    out.push_str(&text[close..]);
    out
}
