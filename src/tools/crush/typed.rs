//! Crush's typed reading of a reply (input.go `parseStdout`), before any rule reads it.

use serde_json::{Map, Value};

use crate::agent::shared;
use crate::contract::reply::Prepared;
use crate::exec::Outcome;
use crate::tools::ReadContext;
use crate::verdict::Reading;

/// Crush unmarshals stdout into typed Go structs (input.go `parseStdout`) before any rule
/// reads it: a field of the wrong type voids the whole reply, `hookSpecificOutput` keeps four
/// fields, nulls read as absent, and decisions compare lowercased. No row can type-check a
/// field, so this step is code; the rows read what it leaves.
pub(super) fn prepare(_: &ReadContext, out: &Outcome) -> Prepared {
    let ran = out.exit_code == Some(0) && !out.timed_out && out.start_error.is_none();
    let reply = if ran {
        shared::json_object(&out.stdout.text())
    } else {
        None
    };
    let Some(obj) = reply else {
        return Prepared::AsIs;
    };
    match unmarshal(&obj) {
        Ok(typed) => Prepared::Stdout(Value::Object(typed).to_string()),
        Err(notes) => Prepared::Void(notes.into_iter().fold(Reading::allow(), Reading::note)),
    }
}

/// The reply as Crush's typed structs hold it, or the notes saying why it is void.
fn unmarshal(obj: &Map<String, Value>) -> Result<Map<String, Value>, Vec<&'static str>> {
    const READ_AS_CLAUDE: &str =
        "hookSpecificOutput is read as Claude Code's; top-level fields are ignored";
    let present = |o: &Map<String, Value>, k: &str| o.get(k).filter(|v| !v.is_null()).cloned();
    let lower = |v: Value| match v {
        Value::String(s) => Value::String(s.to_lowercase()),
        v => v,
    };
    if let Some(hso) = obj.get("hookSpecificOutput") {
        let Some(h) = hso.as_object() else {
            return Err(vec![
                "hookSpecificOutput is not an object: no opinion",
                READ_AS_CLAUDE,
            ]);
        };
        let strings = [
            "permissionDecision",
            "permissionDecisionReason",
            "additionalContext",
        ];
        if strings
            .iter()
            .any(|k| h.get(*k).is_some_and(|v| !v.is_null() && !v.is_string()))
        {
            return Err(vec![
                "a hookSpecificOutput field of the wrong type voids Crush's reply: no opinion",
                READ_AS_CLAUDE,
            ]);
        }
        let mut kept = Map::new();
        for k in [
            "permissionDecision",
            "permissionDecisionReason",
            "updatedInput",
            "additionalContext",
        ] {
            if let Some(v) = present(h, k) {
                let v = if k == "permissionDecision" {
                    lower(v)
                } else {
                    v
                };
                kept.insert(k.into(), v);
            }
        }
        return Ok(Map::from_iter([(
            "hookSpecificOutput".to_string(),
            Value::Object(kept),
        )]));
    }
    let typed = |k: &str, ok: fn(&Value) -> bool| obj.get(k).is_none_or(|v| v.is_null() || ok(v));
    if !(typed("version", |v| v.as_i64().is_some())
        && typed("decision", Value::is_string)
        && typed("halt", Value::is_boolean)
        && typed("reason", Value::is_string))
    {
        return Err(vec![
            "a field of the wrong type voids Crush's whole reply: no opinion",
        ]);
    }
    let mut out = Map::new();
    for (k, v) in obj {
        let kept = match (k.as_str(), v) {
            (_, Value::Null) => None,
            ("decision", v) => Some(lower(v.clone())),
            // A patch is an object or a string (json.RawMessage read as either).
            ("updated_input", v) if !(v.is_object() || v.is_string()) => None,
            (_, v) => Some(v.clone()),
        };
        if let Some(v) = kept {
            out.insert(k.clone(), v);
        }
    }
    Ok(out)
}
