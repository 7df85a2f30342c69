//! The one reader: walks a contract's reply rows over one command's outcome.

use serde_json::{Map, Value};

use super::{Blocks, Contract, Ended, Ev, From, Prepared, Rule, Shape, SpecIf, Stream, Test, Text};
use crate::contract::ReadContext;
use crate::exec::Outcome;
use crate::verdict::{Decision, Effect, Reading};

/// Reads one command's outcome by the contract's rules, for the agent named `agent`: stdout
/// as the agent prepares it ([`Reply::prepare`]), the rows, then what the agent does after
/// them ([`Reply::after`]).
///
/// [`Reply::prepare`]: super::Reply::prepare
/// [`Reply::after`]: super::Reply::after
pub fn read(agent: &str, c: &Contract, ctx: &ReadContext, out: &Outcome) -> Reading {
    let reading = match c.reply.prepare.map_or(Prepared::AsIs, |p| p(ctx, out)) {
        Prepared::AsIs => rows(agent, c, ctx, out),
        Prepared::Stdout(text) => read_as(agent, c, ctx, out, text),
        Prepared::Void(reading) => reading,
    };
    match c.reply.after {
        Some(after) => after(ctx, reading),
        None => reading,
    }
}

/// Reads `out` by the rows as if its stdout were `stdout`.
pub fn read_as(
    agent: &str,
    c: &Contract,
    ctx: &ReadContext,
    out: &Outcome,
    stdout: String,
) -> Reading {
    let out = Outcome {
        stdout: crate::exec::Captured {
            total: stdout.len() as u64,
            bytes: stdout.into_bytes(),
        },
        ..out.clone()
    };
    rows(agent, c, ctx, &out)
}

/// What the reader saw.
struct Seen<'a> {
    text: &'a str,
    from: &'static str,
    stdout: &'a str,
    stderr: &'a str,
    obj: Option<Map<String, Value>>,
    spec: &'a crate::spec::HookSpec,
    kind: Kind,
}

/// What the text read parses to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Empty,
    Object,
    Array,
    Scalar,
    Text,
}

/// Reads one command's outcome by the contract's rows alone.
fn rows(agent: &str, c: &Contract, ctx: &ReadContext, out: &Outcome) -> Reading {
    let stdout = out.stdout.text();
    let stderr = out.stderr.text();
    let (text, from) = match c.reply.from {
        Stream::StderrAt(n) if out.exit_code == Some(n) => (stderr.trim(), "stderr"),
        Stream::StdoutElseStderr | Stream::StderrAt(_) if stdout.trim().is_empty() => {
            (stderr.trim(), "stderr")
        }
        Stream::LastLine => (
            stdout
                .lines()
                .map(str::trim)
                .rfind(|l| !l.is_empty())
                .unwrap_or_default(),
            "stdout",
        ),
        _ => (stdout.trim(), "stdout"),
    };
    let text = match c.reply.skips_bom {
        true => text.strip_prefix('\u{feff}').unwrap_or(text).trim_start(),
        false => text,
    };
    let (obj, kind) = read_json(text, c.reply.json_in_string);
    let seen = Seen {
        text,
        from,
        stdout: stdout.trim(),
        stderr: stderr.trim(),
        obj,
        spec: ctx.spec,
        kind,
    };
    let fail_closed = ctx.spec.raw.fail_closed && !ctx.spec.is_async();
    let mut decided: Option<(&Rule, String)> = None;
    let mut notes = Vec::new();
    let (mut added_context, mut added_rewrite) = (false, false);
    for r in c.reply.rules {
        let mut bound = String::new();
        if !applies(c, r, ctx, out, &seen, fail_closed, &mut bound) {
            continue;
        }
        if r.decision.is_none() {
            // Note rows count only once the decision is known (they follow it); they may add
            // context or a rewrite too.
            if decided.is_some() {
                if !r.note.is_empty() {
                    notes.push(fill(r.note, agent, ctx.event, out, &seen, &bound));
                }
                added_context |= r.context;
                added_rewrite |= r.rewrites;
            }
            continue;
        }
        if decided.is_none() {
            decided = Some((r, bound));
        }
    }
    let Some((r, bound)) = decided else {
        return Reading::allow();
    };
    let Some(decision) = r.decision else {
        return Reading::allow();
    };
    let mut reading = Reading::new(decision);
    let event = c.event(ctx.event);
    match (r.effect, decision, event.map(|e| e.blocks)) {
        (Some(e), _, _) => reading = reading.effect(e),
        (None, Decision::Block, Some(Blocks::After(n))) => {
            reading = reading.effect(Effect::Proceeds).note(n);
        }
        (None, Decision::Block, Some(Blocks::Continues(n))) => reading = reading.note(n),
        _ => {}
    }
    if !r.note.is_empty() {
        reading = reading.note(fill(r.note, agent, ctx.event, out, &seen, &bound));
    }
    reading.notes.extend(notes);
    if !r.uncounted.is_empty() {
        reading = reading.not_counted(fill(r.uncounted, agent, ctx.event, out, &seen, &bound));
    }
    if r.stated {
        reading = reading.stated();
    }
    if !r.source.is_empty() {
        reading.rule = Some(r.source.to_string());
    }
    reading.why = Some(crate::contract::describe::rule(r));
    if !r.fix.is_empty() {
        reading.fix = Some(fill(r.fix, agent, ctx.event, out, &seen, &bound));
    }
    // Context and rewrites come from a JSON reply the deciding rule read, never from JSON the
    // agent ignored (stdout on exit 2).
    let (ctx_json, rewrites) = match (&seen.obj, r.reply) {
        _ if r.ignores_context => (false, false),
        (Some(o), Shape::Json(_)) => (
            event.is_none_or(|e| e.json_fields)
                && c.reply
                    .context
                    .iter()
                    .any(|p| at(o, p).is_some_and(|v| !v.is_null())),
            event.is_none_or(|e| e.json_fields)
                && !r.drops_rewrite
                && c.reply.rewrites.iter().any(|p| at(o, p).is_some()),
        ),
        _ => (false, false),
    };
    // A reply the agent takes nothing from adds nothing, whatever a note row says.
    let (added_context, added_rewrite) = match r.ignores_context {
        true => (false, false),
        false => (added_context, added_rewrite && !r.drops_rewrite),
    };
    reading
        .context(r.context || ctx_json || added_context)
        .rewrites(rewrites || r.rewrites || added_rewrite)
}

fn applies(
    c: &Contract,
    r: &Rule,
    ctx: &ReadContext,
    out: &Outcome,
    seen: &Seen,
    fail_closed: bool,
    bound: &mut String,
) -> bool {
    let event = ctx.event;
    let ev = c.event(event);
    let blocking = ev.is_some_and(|e| e.blocks != Blocks::No);
    let on = match r.on {
        Ev::Any => true,
        Ev::Is(l) => l.contains(&event),
        Ev::Not(l) => !l.contains(&event),
        Ev::Blocking => blocking,
        Ev::NotBlocking => !blocking,
        Ev::StdoutContext => ev.is_some_and(|e| e.stdout_context),
        Ev::BlockingNot(l) => blocking && !l.contains(&event),
        Ev::Input(p, v) => {
            ctx.input
                .as_object()
                .and_then(|o| at(o, p))
                .and_then(Value::as_str)
                == Some(v)
        }
    };
    let spec = match r.spec {
        SpecIf::Any => true,
        SpecIf::FailClosed => fail_closed,
        SpecIf::Custom(f) => f(seen.spec),
    };
    let ran = !out.timed_out && out.start_error.is_none();
    let ended = match r.ended {
        Ended::Any => true,
        Ended::Timeout => out.timed_out,
        Ended::NotStarted => !out.timed_out && out.start_error.is_some(),
        Ended::Signal => ran && out.exit_code.is_none(),
        Ended::Exit(n) => ran && out.exit_code == Some(n),
        Ended::ExitOther(l) => ran && out.exit_code.is_some_and(|n| !l.contains(&n)),
        Ended::NotExit(n) => ran && out.exit_code != Some(n),
    };
    let text = seen.text;
    let looks_json = text.starts_with('{') || text.starts_with('[');
    let reply = match r.reply {
        Shape::Any => true,
        Shape::Empty => text.is_empty(),
        Shape::Some => !text.is_empty(),
        Shape::NotJson => !text.is_empty() && seen.obj.is_none(),
        Shape::Plain => !text.is_empty() && seen.obj.is_none() && !looks_json,
        Shape::BadJson => seen.obj.is_none() && looks_json,
        Shape::NotUtf8 => std::str::from_utf8(&out.stdout.bytes).is_err(),
        Shape::NotObject => {
            seen.obj.is_none() && serde_json::from_str::<Value>(text).is_ok_and(|v| !v.is_object())
        }
        Shape::Json(tests) => seen
            .obj
            .as_ref()
            .is_some_and(|o| tests.iter().all(|t| passes(o, t, event, bound))),
        Shape::Array => seen.kind == Kind::Array,
        Shape::Scalar => seen.kind == Kind::Scalar,
        Shape::Text => seen.kind == Kind::Text,
    };
    let stream = |t: Text, s: &str| match t {
        Text::Any => true,
        Text::Empty => s.is_empty(),
        Text::Some => !s.is_empty(),
    };
    let streams = stream(r.stdout, seen.stdout) && stream(r.stderr, seen.stderr);
    let from = r.read_from == From::Any || seen.from == "stderr";
    on && spec && ended && reply && streams && from
}

pub(super) fn passes(o: &Map<String, Value>, t: &Test, event: &str, bound: &mut String) -> bool {
    match *t {
        Test::Is(p, v) => at(o, p).and_then(Value::as_str) == Some(v),
        Test::Bool(p, b) => at(o, p).and_then(Value::as_bool) == Some(b),
        Test::Has(p) => at(o, p).is_some(),
        Test::Lacks(p) => at(o, p).is_none(),
        Test::StrOrNull(p) => at(o, p).is_none_or(|v| v.is_null() || v.is_string()),
        Test::SomeText(paths) => paths.iter().any(|p| match at(o, p) {
            Some(Value::String(s)) => !s.is_empty(),
            Some(Value::Array(items)) => {
                items.iter().all(Value::is_string)
                    && items
                        .iter()
                        .any(|i| i.as_str().is_some_and(|s| !s.is_empty()))
            }
            _ => false,
        }),
        Test::StrNot(p, l) => match at(o, p).and_then(Value::as_str) {
            Some(s) if !l.contains(&s) => {
                *bound = s.to_string();
                true
            }
            _ => false,
        },
        Test::IsNoCase(p, v) => at(o, p)
            .and_then(Value::as_str)
            .is_some_and(|s| s.eq_ignore_ascii_case(v)),
        Test::NotStr(p) => at(o, p).is_some_and(|v| !v.is_string()),
        Test::Mistyped(p) => at(o, p).is_some_and(|v| !v.is_string() && !v.is_null()),
        Test::Word(p, v) => at(o, p)
            .and_then(Value::as_str)
            .is_some_and(|s| s.trim().eq_ignore_ascii_case(v)),
        Test::Falsy(p) => at(o, p).is_some_and(|v| match v {
            Value::Null => true,
            Value::Bool(b) => !b,
            Value::Number(n) => n.as_f64() == Some(0.0),
            Value::String(s) => s.is_empty(),
            Value::Array(a) => a.is_empty(),
            Value::Object(m) => m.is_empty(),
        }),
        Test::NotNull(p) => at(o, p).is_some_and(|v| !v.is_null()),
        Test::IsEvent(p) => at(o, p).and_then(Value::as_str) == Some(event),
        Test::NotEvent(p) => match at(o, p).and_then(Value::as_str) {
            Some(s) if s != event => {
                *bound = s.to_string();
                true
            }
            _ => false,
        },
        Test::NonBlank(p) => at(o, p)
            .and_then(Value::as_str)
            .is_some_and(|s| !s.trim().is_empty()),
        Test::KeyNotIn(l) => match o.keys().find(|k| !l.contains(&k.as_str())) {
            Some(k) => {
                *bound = k.clone();
                true
            }
            None => false,
        },
    }
}

/// The value at a dotted path of an object.
pub fn at<'a>(o: &'a Map<String, Value>, path: &str) -> Option<&'a Value> {
    let mut parts = path.split('.');
    let mut v = o.get(parts.next()?)?;
    for p in parts {
        v = v.as_object()?.get(p)?;
    }
    Some(v)
}

/// What `text` parses to (a JSON string parsed again when `json_in_string`), parsed once:
/// the object when it is one, and its kind. (It was parsed twice, once for each: a tenth of
/// reading a reply, most of it building the error for text that is not JSON.)
fn read_json(text: &str, json_in_string: bool) -> (Option<Map<String, Value>>, Kind) {
    if text.is_empty() {
        return (None, Kind::Empty);
    }
    let v = match serde_json::from_str::<Value>(text) {
        Ok(Value::String(s)) if json_in_string => match serde_json::from_str::<Value>(&s) {
            Ok(inner) => inner,
            Err(_) => return (None, Kind::Text),
        },
        Ok(v) => v,
        Err(_) => return (None, Kind::Text),
    };
    match v {
        Value::Object(m) => (Some(m), Kind::Object),
        Value::Array(_) => (None, Kind::Array),
        _ => (None, Kind::Scalar),
    }
}

fn fill(note: &str, agent: &str, event: &str, out: &Outcome, seen: &Seen, bound: &str) -> String {
    let exit = out.exit_code.map(|n| n.to_string()).unwrap_or_default();
    note.replace("{agent}", agent)
        .replace("{event}", event)
        .replace("{exit}", &exit)
        .replace("{from}", seen.from)
        .replace("{error}", out.start_error.as_deref().unwrap_or_default())
        .replace("{value}", bound)
}
