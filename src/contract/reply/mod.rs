//! Reply rules as rows, and the one reader that walks them.
//!
//! A [`Rule`] says: on these events, for this outcome (exit, timeout, ...), with this reply on
//! the stream the agent reads, the agent decides this. Rows are tried in order; the first that
//! decides wins, and every [`Rule::note`] row that matches adds its note. A rule learned from a
//! real agent is one row, with its source beside it.
//!
//! Notes, fixes and not-counted reasons may say `{agent}`, `{event}`, `{exit}`, `{from}` (the stream read), `{error}` (why
//! the command did not start) and `{value}` (the string a [`Test::StrNot`] found).

use super::ReadContext;
use super::{Blocks, Contract};
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
    /// Before the rows: what the agent makes of stdout before any rule reads it (drops
    /// progress lines, takes one control line, unmarshals typed fields); `None`: stdout as
    /// it is.
    pub prepare: Option<Prepare>,
    /// After the rows: what the agent does with the reading that no row can say (a hook whose
    /// stdout it shares with others).
    pub after: Option<After>,
}

/// What an agent reads of one command's stdout before its rows do.
pub type Prepare = fn(&ReadContext, &crate::exec::Outcome) -> Prepared;

/// Adjusts a reading after the rows.
pub type After = fn(&ReadContext, crate::verdict::Reading) -> crate::verdict::Reading;

/// What the rows read, once the agent has prepared stdout.
pub enum Prepared {
    /// Stdout as the hook wrote it.
    AsIs,
    /// This text in place of stdout.
    Stdout(String),
    /// No row reads: the agent voids the reply, and this is the reading.
    Void(Reading),
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
    /// The change that makes a hook portable where this row decides differently from other
    /// agents ("" = none known); filled as [`Rule::note`] is.
    pub fix: &'static str,
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
        fix: "",
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
    /// With this fix: what a hook should do so that this agent decides as the others do.
    pub const fn fix(mut self, fix: &'static str) -> Self {
        self.fix = fix;
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

mod read;
pub use read::{at, read, read_as};

#[cfg(test)]
pub(crate) mod tests;
