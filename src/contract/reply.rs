//! Reply rules as rows, and the one reader that walks them.
//!
//! A [`Rule`] says: on these events, for this outcome (exit, timeout, ...), with this reply on
//! the stream the agent reads, the agent decides this. Rows are tried in order; the first that
//! decides wins, and every [`Rule::note`] row that matches adds its note. A rule learned from a
//! real agent is one row, with its source beside it.
//!
//! Notes and not-counted reasons may say `{agent}`, `{event}`, `{exit}`, `{from}` (the stream read), `{error}` (why
//! the command did not start) and `{value}` (the string a [`Test::StrNot`] found).

use serde_json::{Map, Value};

use super::ReadContext;
use super::{Blocks, Contract};
use crate::exec::Outcome;
use crate::verdict::{Decision, Effect, Reading};

/// How an agent reads a reply, and its rules.
pub struct Reply {
    /// Which stream holds the reply.
    pub from: Stream,
    /// Also take a JSON string that holds a JSON object (parsed twice).
    pub json_in_string: bool,
    /// Skip a UTF-8 byte-order mark before the reply (seen in the real Claude Code 2.1.332,
    /// Gemini CLI 0.61.0 and Qwen Code 0.24.4: a BOM then a block blocks).
    pub skips_bom: bool,
    /// Fields whose presence (not null) in a JSON reply adds context for the model.
    pub context: &'static [&'static str],
    /// Fields whose presence in a JSON reply rewrites the tool's input or output.
    pub rewrites: &'static [&'static str],
    /// The rules, in the order the agent applies them.
    pub rules: &'static [Rule],
    /// Folds the readings of one event's commands into the agent's verdict.
    pub combine: fn(&ReadContext, &[Reading]) -> Reading,
}

/// Which stream an agent reads the reply from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// Stdout.
    Stdout,
    /// Stdout, or stderr when stdout is empty.
    StdoutElseStderr,
    /// The last non-empty line of stdout.
    LastLine,
    /// Stderr alone when the command exits with this code; otherwise stdout, or stderr when
    /// stdout is empty (Qwen Code reads only stderr on exit 2).
    StderrAt(i32),
}

/// One reply rule.
#[derive(Clone, Copy)]
pub struct Rule {
    /// The events it applies to.
    pub on: Ev,
    /// What the spec must say.
    pub spec: SpecIf,
    /// How the command ended.
    pub ended: Ended,
    /// The reply on the stream read.
    pub reply: Shape,
    /// Stdout (whichever stream the reply was read from).
    pub stdout: Text,
    /// Stderr.
    pub stderr: Text,
    /// Which stream the reply was read from.
    pub read_from: From,
    /// What the agent decides; `None`: the row only adds its note.
    pub decision: Option<Decision>,
    /// What happens to the action; `None`: what the event's [`Blocks`] says for a block, the
    /// action proceeds otherwise.
    pub effect: Option<Effect>,
    /// The reply adds context for the model.
    pub context: bool,
    /// The reply stated the decision itself (for agents that merge replies in order).
    pub stated: bool,
    /// The reply rewrites the tool's input or output (beside [`Reply::rewrites`]).
    pub rewrites: bool,
    /// The agent takes no context and no rewrite from this reply (it rejects the reply, or
    /// the event reads neither).
    pub ignores_context: bool,
    /// The agent drops any rewrite the reply holds (a denied call runs no patched input).
    pub drops_rewrite: bool,
    /// Not counted, for this reason ("" = counted).
    pub uncounted: &'static str,
    /// What a user should know.
    pub note: &'static str,
    /// Where the rule comes from.
    pub source: &'static str,
}

/// The events a rule applies to.
#[derive(Clone, Copy)]
pub enum Ev {
    /// Every event.
    Any,
    /// These events.
    Is(&'static [&'static str]),
    /// Every event but these.
    Not(&'static [&'static str]),
    /// Events whose [`Blocks`] is not `No`.
    Blocking,
    /// Events whose [`Blocks`] is `No`.
    NotBlocking,
    /// Events where plain stdout is context.
    StdoutContext,
    /// Blocking events, less these.
    BlockingNot(&'static [&'static str]),
    /// Events whose input has this string at this dotted path (a ConfigChange whose `source`
    /// is `policy_settings`).
    Input(&'static str, &'static str),
}

/// A condition on the spec.
#[derive(Clone, Copy)]
pub enum SpecIf {
    /// Any spec.
    Any,
    /// `failClosed: true` on a hook the agent waits for.
    FailClosed,
    /// The agent's own test of the spec (a setting in its `x-*` block).
    Custom(fn(&crate::spec::HookSpec) -> bool),
}

/// How the command ended.
#[derive(Clone, Copy)]
pub enum Ended {
    /// Any way.
    Any,
    /// It ran past its timeout.
    Timeout,
    /// It did not start.
    NotStarted,
    /// A signal killed it.
    Signal,
    /// It exited with this code.
    Exit(i32),
    /// It exited with a code not in this list.
    ExitOther(&'static [i32]),
    /// It ran (exited or was killed), and did not exit with this code.
    NotExit(i32),
}

/// The reply on the stream the agent reads (trimmed).
#[derive(Clone, Copy)]
pub enum Shape {
    /// Anything.
    Any,
    /// Nothing.
    Empty,
    /// Something.
    Some,
    /// Text that is not a JSON object.
    NotJson,
    /// Text that does not look like JSON (does not start with `{` or `[`).
    Plain,
    /// Text that looks like JSON but is not an object.
    BadJson,
    /// A JSON object passing every test.
    Json(&'static [Test]),
    /// A JSON array (for agents that read it as an object with no fields).
    Array,
    /// Valid JSON that is neither an object nor an array (a number, `true`, `null`; with
    /// [`Reply::json_in_string`], a string holding one of these).
    Scalar,
    /// Text that is not valid JSON (with [`Reply::json_in_string`], also a JSON string whose
    /// content is not).
    Text,
    /// Stdout that is not valid UTF-8 (for agents that read it strictly).
    NotUtf8,
    /// Valid JSON that is not an object (a number, a string, an array).
    NotObject,
}

/// A test on a JSON reply; paths are dotted (`hookSpecificOutput.permissionDecision`).
#[derive(Clone, Copy)]
pub enum Test {
    /// The string at the path is this.
    Is(&'static str, &'static str),
    /// The boolean at the path is this.
    Bool(&'static str, bool),
    /// The path is present (any value, null included).
    Has(&'static str),
    /// The path is absent.
    Lacks(&'static str),
    /// A string at the path that is none of these (binds `{value}`).
    StrNot(&'static str, &'static [&'static str]),
    /// The string at the path is this, ignoring ASCII case.
    IsNoCase(&'static str, &'static str),
    /// The path is present and not a string.
    NotStr(&'static str),
    /// The path is present, not null and not a string (a string field Go cannot unmarshal).
    Mistyped(&'static str),
    /// The string at the path, trimmed, is this, ignoring ASCII case.
    Word(&'static str, &'static str),
    /// The path is present and false to Python (`null`, `false`, `0`, `""`, `[]`, `{}`).
    Falsy(&'static str),
    /// A string at the path that is not blank (after trimming).
    NonBlank(&'static str),
    /// A top-level key that is none of these (binds `{value}` to the first such key).
    KeyNotIn(&'static [&'static str]),
    /// The path holds a value that is not null.
    NotNull(&'static str),
    /// The string at the path is the name of the event that ran.
    IsEvent(&'static str),
    /// A string at the path that is not the name of the event that ran (binds `{value}`).
    NotEvent(&'static str),
    /// The path is absent, null, or a string (a field read as an optional string).
    StrOrNull(&'static str),
    /// One of these paths holds a non-empty string, or an array of strings one of which is
    /// non-empty (text an agent keeps).
    SomeText(&'static [&'static str]),
}

/// A condition on a text stream.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Text {
    /// Anything.
    Any,
    /// Empty (after trimming).
    Empty,
    /// Not empty.
    Some,
}

/// The stream a reply was read from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum From {
    /// Either.
    Any,
    /// Stderr (stdout was empty).
    Stderr,
}

/// A rule that decides `decision`, on any event and outcome until narrowed.
pub const fn rule(decision: Decision) -> Rule {
    Rule {
        on: Ev::Any,
        spec: SpecIf::Any,
        ended: Ended::Any,
        reply: Shape::Any,
        stdout: Text::Any,
        stderr: Text::Any,
        read_from: From::Any,
        decision: Some(decision),
        effect: None,
        context: false,
        stated: false,
        rewrites: false,
        ignores_context: false,
        drops_rewrite: false,
        uncounted: "",
        note: "",
        source: "",
    }
}

/// A row that only adds `note` where it matches.
pub const fn note(note: &'static str) -> Rule {
    let mut r = rule(Decision::Allow);
    r.decision = None;
    r.note = note;
    r
}

impl Rule {
    /// On these events.
    pub const fn on(mut self, on: Ev) -> Self {
        self.on = on;
        self
    }
    /// When the spec says this.
    pub const fn spec(mut self, spec: SpecIf) -> Self {
        self.spec = spec;
        self
    }
    /// When the command ended so.
    pub const fn ended(mut self, ended: Ended) -> Self {
        self.ended = ended;
        self
    }
    /// When the command exited with `code`.
    pub const fn exit(self, code: i32) -> Self {
        self.ended(Ended::Exit(code))
    }
    /// When the reply is so.
    pub const fn reply(mut self, reply: Shape) -> Self {
        self.reply = reply;
        self
    }
    /// When the reply is a JSON object passing these tests.
    pub const fn json(self, tests: &'static [Test]) -> Self {
        self.reply(Shape::Json(tests))
    }
    /// When stdout is so.
    pub const fn stdout(mut self, stdout: Text) -> Self {
        self.stdout = stdout;
        self
    }
    /// When stderr is so.
    pub const fn stderr(mut self, stderr: Text) -> Self {
        self.stderr = stderr;
        self
    }
    /// When the reply was read from this stream.
    pub const fn read_from(mut self, from: From) -> Self {
        self.read_from = from;
        self
    }
    /// With this effect.
    pub const fn effect(mut self, effect: Effect) -> Self {
        self.effect = Some(effect);
        self
    }
    /// Adding context (on a [`note`] row too: the reply adds context where the row matches).
    pub const fn context(mut self) -> Self {
        self.context = true;
        self
    }
    /// Stating its decision.
    pub const fn stated(mut self) -> Self {
        self.stated = true;
        self
    }
    /// Rewriting the tool's input or output.
    pub const fn rewrites(mut self) -> Self {
        self.rewrites = true;
        self
    }
    /// Taking no context and no rewrite from the reply.
    pub const fn ignores_context(mut self) -> Self {
        self.ignores_context = true;
        self
    }
    /// Dropping any rewrite the reply holds.
    pub const fn drops_rewrite(mut self) -> Self {
        self.drops_rewrite = true;
        self
    }
    /// Not counted, for this reason.
    pub const fn uncounted(mut self, why: &'static str) -> Self {
        self.uncounted = why;
        self
    }
    /// With this note.
    pub const fn says(mut self, note: &'static str) -> Self {
        self.note = note;
        self
    }
    /// From this source.
    pub const fn src(mut self, source: &'static str) -> Self {
        self.source = source;
        self
    }
}

/// The rows of `a`, then those of `b`, as one table (an agent that reads replies as another
/// does, with rows of its own). `N` is `a.len() + b.len()`; any other length fails to build.
pub const fn concat<const N: usize>(a: &[Rule], b: &[Rule]) -> [Rule; N] {
    assert!(
        a.len() + b.len() == N,
        "concat: N is not the sum of the lengths"
    );
    let mut out = [rule(Decision::Allow); N];
    let mut i = 0;
    while i < N {
        out[i] = if i < a.len() { a[i] } else { b[i - a.len()] };
        i += 1;
    }
    out
}

/// Reads `out` as if its stdout were `stdout`: for an agent that picks or rewrites the reply
/// (drops progress lines, takes one control line, unmarshals typed fields) before its rows
/// read it.
pub fn read_as(c: &Contract, ctx: &ReadContext, out: &Outcome, stdout: String) -> Reading {
    let out = Outcome {
        stdout: crate::exec::Captured {
            total: stdout.len() as u64,
            bytes: stdout.into_bytes(),
        },
        ..out.clone()
    };
    read(c, ctx, &out)
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

/// Reads one command's outcome by the contract's rules.
pub fn read(c: &Contract, ctx: &ReadContext, out: &Outcome) -> Reading {
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
    let seen = Seen {
        text,
        from,
        stdout: stdout.trim(),
        stderr: stderr.trim(),
        obj: parse(text, c.reply.json_in_string),
        spec: ctx.spec,
        kind: kind(text, c.reply.json_in_string),
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
                    notes.push(fill(r.note, c, ctx.event, out, &seen, &bound));
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
        reading = reading.note(fill(r.note, c, ctx.event, out, &seen, &bound));
    }
    reading.notes.extend(notes);
    if !r.uncounted.is_empty() {
        reading = reading.not_counted(fill(r.uncounted, c, ctx.event, out, &seen, &bound));
    }
    if r.stated {
        reading = reading.stated();
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

fn passes(o: &Map<String, Value>, t: &Test, event: &str, bound: &mut String) -> bool {
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

fn parse(text: &str, json_in_string: bool) -> Option<Map<String, Value>> {
    match serde_json::from_str::<Value>(text).ok()? {
        Value::Object(m) => Some(m),
        Value::String(s) if json_in_string => match serde_json::from_str::<Value>(&s).ok()? {
            Value::Object(m) => Some(m),
            _ => None,
        },
        _ => None,
    }
}

/// What `text` parses to, a JSON string parsed again when `json_in_string`.
fn kind(text: &str, json_in_string: bool) -> Kind {
    if text.is_empty() {
        return Kind::Empty;
    }
    let v = match serde_json::from_str::<Value>(text) {
        Ok(Value::String(s)) if json_in_string => match serde_json::from_str::<Value>(&s) {
            Ok(inner) => inner,
            Err(_) => return Kind::Text,
        },
        Ok(v) => v,
        Err(_) => return Kind::Text,
    };
    match v {
        Value::Object(_) => Kind::Object,
        Value::Array(_) => Kind::Array,
        _ => Kind::Scalar,
    }
}

fn fill(note: &str, c: &Contract, event: &str, out: &Outcome, seen: &Seen, bound: &str) -> String {
    let exit = out.exit_code.map(|n| n.to_string()).unwrap_or_default();
    note.replace("{agent}", c.agent)
        .replace("{event}", event)
        .replace("{exit}", &exit)
        .replace("{from}", seen.from)
        .replace("{error}", out.start_error.as_deref().unwrap_or_default())
        .replace("{value}", bound)
}

#[cfg(test)]
mod more_tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::contract::testing::sample;
    use crate::contract::{Event, Kind, event};
    use crate::tools::testing;

    const EVENTS: &[Event] = &[event("Stop", Kind::Stop, 60)];
    #[rustfmt::skip]
    const RULES: &[Rule] = &[
        rule(Decision::Error).on(Ev::Input("source", "policy")).exit(2).says("cannot block"),
        rule(Decision::Block).exit(2),
    ];
    static C: Contract = sample(EVENTS, &[], RULES);

    fn read_with(input: &Value) -> Reading {
        let spec = testing::spec("event: Stop\ncommand: ./h.sh\n");
        let ctx = ReadContext {
            event: "Stop",
            spec: &spec,
            input,
            peers: &[],
        };
        read(&C, &ctx, &testing::exit(2, "", "x"))
    }

    #[test]
    fn concat_keeps_both_tables_in_order() {
        const A: &[Rule] = &[rule(Decision::Block).says("a")];
        const B: &[Rule] = &[note("b"), rule(Decision::Allow).says("c")];
        const AB: [Rule; 3] = concat::<3>(A, B);
        let notes: Vec<&str> = AB.iter().map(|r| r.note).collect();
        assert_eq!(notes, ["a", "b", "c"]);
    }

    #[test]
    fn json_fields_count_only_where_the_event_reads_them() {
        const EVENTS: &[Event] = &[
            event("Stop", Kind::Stop, 60),
            event("PreToolUse", Kind::BeforeTool, 60).json_fields_ignored(),
        ];
        const RULES: &[Rule] = &[rule(Decision::Allow).json(&[])];
        static C: Contract = {
            let mut c = sample(EVENTS, &[], RULES);
            c.reply.context = &["ctx"];
            c.reply.rewrites = &["new"];
            c
        };
        let spec = testing::spec("event: Stop\ncommand: ./h.sh\n");
        for (event, want) in [("Stop", true), ("PreToolUse", false)] {
            let ctx = ReadContext {
                event,
                spec: &spec,
                input: &Value::Null,
                peers: &[],
            };
            let r = read(&C, &ctx, &testing::exit(0, r#"{"ctx":"x","new":1}"#, ""));
            assert_eq!((r.adds_context, r.rewrites_input), (want, want), "{event}");
        }
    }

    #[test]
    fn last_line_reads_only_the_last_non_empty_stdout_line() {
        const RULES: &[Rule] = &[
            rule(Decision::Block).json(&[Test::Is("d", "deny")]),
            rule(Decision::Allow),
        ];
        static C: Contract = {
            let mut c = sample(EVENTS, &[], RULES);
            c.reply.from = Stream::LastLine;
            c
        };
        let spec = testing::spec("event: Stop\ncommand: ./h.sh\n");
        let ctx = ReadContext {
            event: "Stop",
            spec: &spec,
            input: &Value::Null,
            peers: &[],
        };
        for (stdout, want) in [
            ("noise\n{\"d\":\"deny\"}\n\n", Decision::Block),
            ("{\"d\":\"deny\"}\ndone\n", Decision::Allow),
            ("", Decision::Allow),
        ] {
            let r = read(&C, &ctx, &testing::exit(0, stdout, ""));
            assert_eq!(r.decision, want, "{stdout:?}");
        }
    }

    #[test]
    fn python_and_case_blind_tests() {
        let o = |t: &str| serde_json::from_str::<Map<String, Value>>(t).unwrap_or_default();
        let mut b = String::new();
        for (json, test, want) in [
            (r#"{"d":"DENY"}"#, Test::IsNoCase("d", "deny"), true),
            (r#"{"d":"den"}"#, Test::IsNoCase("d", "deny"), false),
            (r#"{"d":null}"#, Test::NotStr("d"), true),
            (r#"{"d":"x"}"#, Test::NotStr("d"), false),
            (r#"{}"#, Test::NotStr("d"), false),
            (r#"{"c":null}"#, Test::Falsy("c"), true),
            (r#"{"c":0}"#, Test::Falsy("c"), true),
            (r#"{"c":""}"#, Test::Falsy("c"), true),
            (r#"{"c":[]}"#, Test::Falsy("c"), true),
            (r#"{"c":true}"#, Test::Falsy("c"), false),
            (r#"{"c":"no"}"#, Test::Falsy("c"), false),
            (r#"{}"#, Test::Falsy("c"), false),
            (r#"{"d":5}"#, Test::Mistyped("d"), true),
            (r#"{"d":null}"#, Test::Mistyped("d"), false),
            (r#"{"d":"x"}"#, Test::Mistyped("d"), false),
            (r#"{"d":" DENY "}"#, Test::Word("d", "deny"), true),
            (r#"{"d":"denied"}"#, Test::Word("d", "deny"), false),
        ] {
            assert_eq!(passes(&o(json), &test, "Stop", &mut b), want, "{json}");
        }
    }

    #[test]
    fn an_input_rule_applies_only_where_the_input_says_so() {
        let r = read_with(&json!({"source": "policy"}));
        assert_eq!(
            (r.decision, r.notes),
            (Decision::Error, vec!["cannot block".to_string()])
        );
        for input in [json!({"source": "user"}), json!({}), Value::Null] {
            assert_eq!(read_with(&input).decision, Decision::Block, "{input}");
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::contract::{Flavour, Kind as EventKind, Shell, ToolCall, event};
    use crate::tools::testing::{exit, spec};
    use crate::verdict::Decision::{Allow, Block, Error};

    #[rustfmt::skip]
    const RULES: &[Rule] = &[
        rule(Block).reply(Shape::Array).says("array"),
        rule(Allow).reply(Shape::Scalar).says("scalar"),
        rule(Error).reply(Shape::Text).stdout(Text::Some).says("text, stdout {from}"),
        rule(Error).reply(Shape::Text).says("text"),
        rule(Allow).json(&[Test::IsEvent("e")]).uncounted("on {event}: {value}"),
        rule(Error).json(&[Test::KeyNotIn(&["a", "b"])]).ignores_context().says("key {value}"),
        rule(Block).json(&[Test::NonBlank("a")]).rewrites(),
        rule(Allow).json(&[]).says("object"),
        note("").json(&[Test::NotNull("n")]).context(),
    ];

    const EVENTS: &[crate::contract::Event] = &[
        event("Stop", EventKind::Stop, 1),
        event("PreToolUse", EventKind::BeforeTool, 1).input(r#"{"tool":"$TOOL"}"#),
        event("beforeShellExecution", EventKind::Shell, 1)
            .matches_value("command")
            .detached()
            .input(r#"{"command":"$COMMAND"}"#),
    ];

    /// A small contract for the engine's own tests.
    pub(crate) static C: Contract = contract(&[ToolCall {
        name: "write",
        input: "{}",
        new_file: None,
        response: "{}",
    }]);
    /// The same, with no edit tool.
    pub(crate) static NO_EDIT: Contract = contract(&[]);

    const fn contract(edit: &'static [ToolCall]) -> Contract {
        let mut c = crate::contract::testing::sample(EVENTS, edit, RULES);
        c.portable.events = &[(crate::spec::On::AfterEdit, "beforeShellExecution")];
        c.portable.edit = "write";
        c.portable.read = "$NONE:A names no read tool: write a native matcher";
        c.tools.shell.name = "sh";
        c.tools.shell.input = "{}";
        c.matcher = Flavour::GoRegexWhole;
        c.input.common = "{}";
        c.run.shell = Shell::Assumed;
        c.run.timeout_assumed = true;
        c.run.cwd_assumed = true;
        c.reply.from = Stream::StderrAt(2);
        c.reply.json_in_string = true;
        c.reply.context = &["b"];
        c
    }

    fn reading(code: i32, stdout: &str, stderr: &str) -> crate::verdict::Reading {
        let s = spec("event: Stop\ncommand: x\n");
        let cx = ReadContext {
            event: "Stop",
            spec: &s,
            input: &Value::Null,
            peers: &[],
        };
        read(&C, &cx, &exit(code, stdout, stderr))
    }

    fn read_one(code: i32, stdout: &str, stderr: &str) -> (Decision, Vec<String>) {
        let r = reading(code, stdout, stderr);
        (r.decision, r.notes)
    }

    #[test]
    fn event_and_null_tests_a_filled_uncounted_reason_and_a_note_row_that_adds_context() {
        let r = reading(0, r#"{"e":"Stop","n":1}"#, "");
        assert_eq!(
            (r.counted, r.notes, r.adds_context),
            (false, vec!["not counted: on Stop: ".to_string()], true)
        );
        let r = reading(0, r#"{"e":"Other","n":null}"#, "");
        assert_eq!((r.counted, r.notes.len(), r.adds_context), (true, 1, false));
        // The note row matches, but the deciding row takes nothing from the reply.
        let r = reading(0, r#"{"e":"Other","n":1}"#, "");
        assert_eq!((r.decision, r.adds_context), (Error, false));
    }

    #[test]
    fn key_and_blank_tests_and_rules_that_ignore_context_or_rewrite() {
        let r = reading(0, r#"{"b":1,"c":2,"d":3}"#, "");
        assert_eq!(
            (r.decision, r.notes, r.adds_context),
            (Error, vec!["key c".to_string()], false)
        );
        let r = reading(0, r#"{"a":"x","b":1}"#, "");
        assert_eq!(
            (r.decision, r.adds_context, r.rewrites_input),
            (Block, true, true)
        );
        let r = reading(0, r#"{"a":"  ","b":1}"#, "");
        assert_eq!(
            (r.decision, r.adds_context, r.rewrites_input),
            (Allow, true, false)
        );
    }

    #[test]
    fn shapes_tell_arrays_scalars_and_text_apart_and_exit_2_reads_stderr_alone() {
        let one = |n: &str| vec![n.to_string()];
        assert_eq!(read_one(0, "[1]", ""), (Block, one("array")));
        assert_eq!(read_one(0, r#""[1]""#, ""), (Block, one("array")));
        assert_eq!(read_one(0, "42", ""), (Allow, one("scalar")));
        assert_eq!(read_one(0, r#""null""#, ""), (Allow, one("scalar")));
        assert_eq!(
            read_one(0, r#""hi""#, ""),
            (Error, one("text, stdout stdout"))
        );
        assert_eq!(read_one(0, "{x", ""), (Error, one("text, stdout stdout")));
        assert_eq!(read_one(1, "", "{}"), (Allow, one("object")));
        // Exit 2: stderr alone, even when stdout holds a reply.
        assert_eq!(read_one(2, "{}", "no"), (Error, one("text, stdout stderr")));
        assert_eq!(read_one(2, "", "no"), (Error, one("text")));
    }
}
#[cfg(test)]
mod read_tests {
    use super::{Rule, Shape, SpecIf, Test, read, rule};
    use crate::contract::testing::{RUN, contract};
    use crate::contract::{Contract, ReadContext};
    use crate::exec::Outcome;
    use crate::spec::HookSpec;
    use crate::tools::testing::{exit, spec};
    use crate::verdict::Decision::{self, Allow, Block, Error};
    use crate::verdict::Reading;

    const PLAIN: &str = "event: SessionStart\ncommand: ./g.sh\n";

    /// How `c` reads `outcome` on SessionStart, for a spec given as YAML.
    fn read_on(c: &Contract, yaml: &str, outcome: &Outcome) -> Reading {
        let spec = spec(yaml);
        let cx = ReadContext {
            event: "SessionStart",
            spec: &spec,
            input: &serde_json::Value::Null,
            peers: &[],
        };
        read(c, &cx, outcome)
    }

    /// The decision of `rules` for `outcome` on SessionStart, for a spec given as YAML.
    fn decide(rules: &'static [Rule], yaml: &str, outcome: &Outcome) -> Decision {
        read_on(&contract(rules, RUN), yaml, outcome).decision
    }

    #[test]
    fn a_spec_test_strict_utf8_json_not_an_object_and_an_optional_string() {
        fn timed(spec: &HookSpec) -> bool {
            spec.timeout().is_some()
        }
        const RULES: &[Rule] = &[
            rule(Error).reply(Shape::NotUtf8),
            rule(Allow).reply(Shape::NotObject).says("not an object"),
            rule(Block).spec(SpecIf::Custom(timed)),
            rule(Block).json(&[Test::StrOrNull("reason")]),
            rule(Allow),
        ];
        let plain = PLAIN;
        let timed_yaml = "event: SessionStart\ncommand: ./g.sh\ntimeout: 5\n";
        let mut bad = exit(0, "", "");
        bad.stdout.bytes = vec![b'{', 0xff, b'}'];
        let rows = [
            (plain, bad, Error),
            (timed_yaml, exit(0, "", ""), Block),
            (plain, exit(0, "", ""), Allow),
            (plain, exit(0, r#"{"reason":null}"#, ""), Block),
            (plain, exit(0, r#"{"reason":"r"}"#, ""), Block),
            (plain, exit(0, r#"{}"#, ""), Block),
            (plain, exit(0, r#"{"reason":5}"#, ""), Allow),
            (timed_yaml, exit(0, "[1]", ""), Allow),
            (timed_yaml, exit(0, "5", ""), Allow),
            (timed_yaml, exit(0, "[1", ""), Block),
        ];
        for (yaml, outcome, want) in rows {
            assert_eq!(decide(RULES, yaml, &outcome), want, "{yaml} {outcome:?}");
        }
    }

    #[test]
    fn a_note_row_adds_context_where_some_text_is_kept() {
        const RULES: &[Rule] = &[
            rule(Allow).json(&[]),
            super::note("kept")
                .json(&[Test::SomeText(&["a", "b"])])
                .context(),
        ];
        let rows = [
            (r#"{"a":"x"}"#, true),
            (r#"{"b":["", "y"]}"#, true),
            (r#"{"a":"","b":[""]}"#, false),
            (r#"{"a":["x", 1]}"#, false),
            (r#"{}"#, false),
        ];
        for (stdout, context) in rows {
            let r = read_on(&contract(RULES, RUN), PLAIN, &exit(0, stdout, ""));
            assert_eq!(
                (r.adds_context, r.notes.len()),
                (context, usize::from(context)),
                "{stdout}"
            );
        }
    }

    #[test]
    fn a_rule_that_drops_the_rewrite_rewrites_nothing() {
        const RULES: &[Rule] = &[
            rule(Block).json(&[Test::Has("deny")]).drops_rewrite(),
            rule(Allow).json(&[]),
        ];
        let mut c = contract(RULES, RUN);
        c.reply.rewrites = &["patch"];
        let r = read_on(&c, PLAIN, &exit(0, r#"{"deny":1,"patch":{}}"#, ""));
        assert!(!r.rewrites_input, "{r:?}");
        let r = read_on(&c, PLAIN, &exit(0, r#"{"patch":{}}"#, ""));
        assert!(r.rewrites_input, "{r:?}");
    }

    #[test]
    fn read_as_reads_the_stdout_it_is_given() {
        const RULES: &[Rule] = &[rule(Block).json(&[Test::Has("x")]), rule(Allow)];
        let c = contract(RULES, RUN);
        let spec = spec(PLAIN);
        let cx = ReadContext {
            event: "SessionStart",
            spec: &spec,
            input: &serde_json::Value::Null,
            peers: &[],
        };
        let out = exit(0, "ignored", "");
        let r = super::read_as(&c, &cx, &out, r#"{"x":1}"#.to_string());
        assert_eq!(r.decision, Block, "{r:?}");
    }

    #[test]
    fn a_not_counted_reason_fills_its_placeholders() {
        const RULES: &[Rule] = &[rule(Error).uncounted("exit {exit} on {event} in {agent}")];
        let r = read_on(&contract(RULES, RUN), PLAIN, &exit(3, "", ""));
        assert_eq!(
            (r.counted, r.notes),
            (
                false,
                vec!["not counted: exit 3 on SessionStart in Test".to_string()]
            )
        );
    }
}
