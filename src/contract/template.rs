//! Input templates: an agent's hook input written as the JSON it sends, with placeholders.
//!
//! A template is a JSON object. Inside any string, `$ROOT`, `$HOME`, `$SESSION`, `$SLUG`
//! (the root with `/` and `.` as `-`), `$TRANSCRIPTS` (the folder standing in for the home
//! folder in a transcript's path: `plan::transcript`), `$EVENT`, `$COMMAND`, `$FILE`, `$RELFILE` (relative to
//! the root), `$PROMPT` and `$TOOL` stand for their values. A string that is exactly one of
//! these stands for a JSON value:
//!
//! - `$INPUT`: the tool call's input; `$RESPONSE`: what the tool returned;
//! - `$MATCH:default`: the first alternative of the matcher (`startup|resume` → `startup`),
//!   `default` when the matcher is empty or `*`;
//! - `$PICK:a|b|c`: the first of these the matcher picks (none: the hook does not fire);
//! - `$NONE:reason`: hookcheck cannot build this input (the agent does not document it), so
//!   the hook is not run, for `reason` (placeholders filled, `$MATCHER` being the matcher).
//!
//! Keys keep their order, so the input reads as the agent writes it.

use serde_json::{Map, Value};

/// The values placeholders stand for.
pub struct Values<'a> {
    /// `$ROOT`.
    pub root: &'a str,
    /// `$HOME`.
    pub home: &'a str,
    /// `$TRANSCRIPTS`.
    pub transcripts: &'a str,
    /// `$SESSION`.
    pub session: &'a str,
    /// `$EVENT`.
    pub event: &'a str,
    /// `$COMMAND`.
    pub command: &'a str,
    /// `$FILE`.
    pub file: &'a str,
    /// `$RELFILE`.
    pub relfile: &'a str,
    /// `$PROMPT`.
    pub prompt: &'a str,
    /// `$TOOL`.
    pub tool: &'a str,
    /// `$INPUT`.
    pub input: &'a Value,
    /// `$RESPONSE`.
    pub response: &'a Value,
    /// The matcher, for `$MATCH` and `$PICK`.
    pub matcher: &'a str,
    /// Whether the matcher picks a name, for `$PICK`.
    pub picks: &'a dyn Fn(&str) -> bool,
}

/// Why a template gave no input.
#[derive(Debug, PartialEq)]
pub enum Unfilled {
    /// The template is not a JSON object (a bug in the contract's data).
    Invalid(String),
    /// `$PICK` found nothing the matcher picks: the candidates, for the reason.
    NoPick(Vec<String>),
    /// `$NONE`: the input is not known, for this reason.
    Unknown(String),
}

/// Parses `template` and fills its placeholders.
pub fn fill(template: &str, v: &Values) -> Result<Map<String, Value>, Unfilled> {
    match serde_json::from_str::<Value>(template) {
        Ok(Value::Object(m)) => {
            let mut out = Map::new();
            for (k, x) in m {
                out.insert(k, value(x, v)?);
            }
            Ok(out)
        }
        Ok(_) => Err(Unfilled::Invalid(format!("not an object: {template}"))),
        Err(e) => Err(Unfilled::Invalid(format!("{e}: {template}"))),
    }
}

/// The value `template` (a JSON value) stands for.
pub fn fill_value(template: &str, v: &Values) -> Result<Value, Unfilled> {
    match serde_json::from_str::<Value>(template) {
        Ok(x) => value(x, v),
        Err(e) => Err(Unfilled::Invalid(format!("{e}: {template}"))),
    }
}

fn value(x: Value, v: &Values) -> Result<Value, Unfilled> {
    Ok(match x {
        Value::String(s) => string(&s, v)?,
        Value::Array(a) => Value::Array(
            a.into_iter()
                .map(|x| value(x, v))
                .collect::<Result<_, _>>()?,
        ),
        Value::Object(m) => {
            let mut out = Map::new();
            for (k, x) in m {
                out.insert(k, value(x, v)?);
            }
            Value::Object(out)
        }
        other => other,
    })
}

fn string(s: &str, v: &Values) -> Result<Value, Unfilled> {
    match s {
        "$INPUT" => return Ok(v.input.clone()),
        "$RESPONSE" => return Ok(v.response.clone()),
        _ => {}
    }
    if let Some(default) = s.strip_prefix("$MATCH:") {
        return Ok(Value::String(
            first_alternative(v.matcher, default).to_string(),
        ));
    }
    if let Some(list) = s.strip_prefix("$PICK:") {
        let names: Vec<&str> = list.split('|').collect();
        return match names.iter().find(|n| (v.picks)(n)) {
            Some(n) => Ok(Value::String(n.to_string())),
            None => Err(Unfilled::NoPick(
                names.iter().map(|n| n.to_string()).collect(),
            )),
        };
    }
    if let Some(why) = s.strip_prefix("$NONE:") {
        return Err(Unfilled::Unknown(text(why, v)));
    }
    if !s.contains('$') {
        return Ok(Value::String(s.to_string()));
    }
    Ok(Value::String(text(s, v)))
}

/// `s` with its placeholders filled.
fn text(s: &str, v: &Values) -> String {
    let slug = v.root.replace(['/', '.'], "-");
    // Longest names first, so `$RELFILE` is not read as `$R...`.
    let subs: [(&str, &str); 12] = [
        ("$TRANSCRIPTS", v.transcripts),
        ("$MATCHER", v.matcher),
        ("$RELFILE", v.relfile),
        ("$COMMAND", v.command),
        ("$SESSION", v.session),
        ("$PROMPT", v.prompt),
        ("$EVENT", v.event),
        ("$ROOT", v.root),
        ("$HOME", v.home),
        ("$SLUG", &slug),
        ("$FILE", v.file),
        ("$TOOL", v.tool),
    ];
    substitute(s, &subs)
}

/// `s` with each placeholder replaced once, left to right (a value is never read again).
fn substitute(s: &str, subs: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        match subs.iter().find(|(k, _)| tail.starts_with(k)) {
            Some((k, val)) => {
                out.push_str(val);
                rest = &tail[k.len()..];
            }
            None => {
                out.push('$');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The first alternative of a matcher written as a `|` list (`startup|resume` → `startup`);
/// `default` when the matcher is empty or `*`.
pub fn first_alternative<'a>(matcher: &'a str, default: &'a str) -> &'a str {
    let m = matcher.trim();
    if m.is_empty() || m == "*" {
        return default;
    }
    m.split('|')
        .map(str::trim)
        .find(|s| !s.is_empty())
        .unwrap_or(default)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn values<'a>(input: &'a Value, picks: &'a dyn Fn(&str) -> bool) -> Values<'a> {
        Values {
            root: "/p.x",
            home: "/h",
            transcripts: "/t",
            session: "s1",
            event: "Pre",
            command: "ls $HOME",
            file: "/p.x/a",
            relfile: "a",
            prompt: "hi",
            tool: "Bash",
            input,
            response: &Value::Null,
            matcher: "resume|startup",
            picks,
        }
    }

    #[test]
    fn placeholders_fill_in_order_and_values_are_never_read_again() {
        let input = json!({"command": "ls"});
        let picks = |n: &str| n == "Explore";
        let got = fill(
            r#"{"t":"$HOME/x/$SLUG/$SESSION.jsonl","c":"$COMMAND","i":"$INPUT","m":"$MATCH:startup","p":"$PICK:general|Explore","n":null,"$ROOT":"$RELFILE$"}"#,
            &values(&input, &picks),
        );
        let want = json!({
            "t": "/h/x/-p-x/s1.jsonl",
            "c": "ls $HOME",
            "i": {"command": "ls"},
            "m": "resume",
            "p": "Explore",
            "n": null,
            "$ROOT": "a$",
        });
        assert_eq!(got, Ok(want.as_object().cloned().unwrap_or_default()));
    }

    #[test]
    fn a_pick_nothing_matches_names_the_candidates() {
        let picks = |_: &str| false;
        let got = fill(r#"{"p":"$PICK:a|b"}"#, &values(&Value::Null, &picks));
        assert_eq!(got, Err(Unfilled::NoPick(vec!["a".into(), "b".into()])));
        assert!(matches!(
            fill("[1]", &values(&Value::Null, &picks)),
            Err(Unfilled::Invalid(_))
        ));
    }

    #[test]
    fn none_says_why_with_the_matcher_and_tool_filled() {
        let picks = |_: &str| true;
        let got = fill_value(
            r#"{"a":"$NONE:matcher \"$MATCHER\" picks $TOOL: pass --payload"}"#,
            &values(&Value::Null, &picks),
        );
        assert_eq!(
            got,
            Err(Unfilled::Unknown(
                "matcher \"resume|startup\" picks Bash: pass --payload".into()
            ))
        );
    }
}
