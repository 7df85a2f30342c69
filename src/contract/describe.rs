//! A contract in words, for `hookcheck tools`: made from the same data the planner and the
//! reader walk, so what is printed is what runs.

use std::collections::BTreeMap;

use serde_json::Value;

use super::reply::{Ended, Ev, From, Rule, Shape, SpecIf, Test, Text};
use super::template::{self, Values};
use super::{Blocks, Contract, Event, Kind, MatchOn, Shell, Var};

/// How the agent runs a command, in one line.
pub fn shell(c: &Contract) -> String {
    let mut out = match c.run.shell {
        Shell::Argv(argv) => format!("{} COMMAND", argv.join(" ")),
        Shell::ScriptPath(_) => {
            "sh -c COMMAND (assumed; the docs show script paths only)".to_string()
        }
        Shell::Assumed => "sh -c COMMAND (assumed)".to_string(),
    };
    match c.run.exec_form {
        Ok(()) => out.push_str("; exec form (`args`) with no shell"),
        Err(_) => out.push_str("; no exec form"),
    }
    match c.run.loads_env_refs {
        Some((_, super::EnvRefs::WithDefaults)) => {
            out.push_str("; $VAR and ${VAR:-default} resolved from its own environment as it loads")
        }
        Some((_, super::EnvRefs::Plain)) => {
            out.push_str("; $VAR and ${VAR} resolved from its own environment as it loads")
        }
        None => {}
    }
    if c.run.expands.is_some() {
        out.push_str("; $VAR of its own variables replaced in the command text first");
    }
    if c.run.reads_to_eof {
        out.push_str("; waits for stdout and stderr to close (a child holding them times it out)");
    }
    if let Some(n) = c.run.output_limit {
        out.push_str(&format!(
            "; reads the first {} of each stream",
            bytes_text(n)
        ));
    }
    for d in c.run.launch.differences() {
        out.push_str(&format!("; {d}"));
    }
    if c.run.project_dir == super::ProjectDir::Start {
        out.push_str("; started in a subfolder, runs hooks there (not at the git root)");
    }
    if c.run.project_files == super::ProjectDir::Start {
        out.push_str("; started in a subfolder, does not read the root's project hook files");
    }
    out
}

/// `n` bytes for people: `1 MiB`, or `1000 bytes`.
pub fn bytes_text(n: usize) -> String {
    if n > 0 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else {
        format!("{n} bytes")
    }
}

/// The default timeouts: the most common one, then the exceptions.
pub fn timeouts(c: &Contract) -> String {
    let mut by: BTreeMap<u64, Vec<&str>> = BTreeMap::new();
    for e in c.events {
        by.entry(e.timeout).or_default().push(e.name);
    }
    let Some((&common, _)) = by
        .iter()
        .max_by_key(|(t, names)| (names.len(), std::cmp::Reverse(**t)))
    else {
        return "none".to_string();
    };
    let mut out = format!("{common} s");
    for (t, names) in by.iter().rev().filter(|(t, _)| **t != common) {
        out.push_str(&format!("; {t} s on {}", names.join(", ")));
    }
    if c.run.timeout_assumed {
        out.push_str(" (assumed: the docs give none)");
    }
    out
}

/// The assumptions left where neither the docs nor a capture say what the agent does, each
/// with why it is unsettled; `none` when every one is settled.
pub fn assumptions(c: &Contract) -> String {
    let mut left = Vec::new();
    if matches!(c.run.shell, Shell::ScriptPath(_) | Shell::Assumed) {
        left.push("shell `sh -c` (the docs name none and no capture shows it)");
    }
    if c.run.cwd_assumed {
        left.push("cwd, the project root (the docs do not say and no capture shows it)");
    }
    if c.run.timeout_assumed {
        left.push("default timeouts (the docs give none)");
    }
    if left.is_empty() {
        "none".to_string()
    } else {
        left.join("; ")
    }
}

/// The variables the agent sets for a hook.
pub fn env(c: &Contract) -> String {
    let run = &c.run;
    if run.env.is_empty() && run.inherits.is_empty() && run.unset.is_empty() && !run.exports_scalars
    {
        return "none".to_string();
    }
    let scalars = c
        .run
        .exports_scalars
        .then(|| "each top-level scalar field of the input, by its name".to_string());
    let unset = c.run.unset.iter().map(|k| format!("{k} removed"));
    scalars
        .into_iter()
        .chain(c.run.env.iter().map(|(k, v)| format!("{k}={}", var(v))))
        .chain(
            c.run
                .inherits
                .iter()
                .map(|(k, v)| format!("{k}={v} (inherited)")),
        )
        .chain(unset)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A variable's value in words.
fn var(v: &Var) -> String {
    match v {
        Var::Root => "<project root>".to_string(),
        Var::Session => "<session id>".to_string(),
        Var::Literal(s) => s.to_string(),
        Var::Event => "<the event>".to_string(),
        Var::Prompt => "<the prompt>".to_string(),
        Var::Tool => "<the tool name>".to_string(),
        Var::Field(f) => format!("<the input's {f}>"),
        Var::Present(f) => format!("<the input's {f}, when set>"),
        Var::Only(events, v) => format!("{} (only on {})", var(v), events.join(", ")),
        Var::Except(events, v) => format!("{} (not on {})", var(v), events.join(", ")),
    }
}

/// One event in words: kind, timeout, what a block does, what the matcher sees.
pub fn event(e: &Event) -> String {
    let kind = match e.kind {
        Kind::BeforeTool => "before a tool",
        Kind::AfterTool => "after a tool",
        Kind::Tool => "a tool call",
        Kind::Prompt => "a prompt",
        Kind::Stop => "stop",
        Kind::SessionStart => "session start",
        Kind::SessionEnd => "session end",
        Kind::Shell => "a shell call",
        Kind::Edited => "a file edit",
        Kind::Read => "a file read",
        Kind::Other => "other",
    };
    let blocks = match e.blocks {
        Blocks::Yes => "blocks",
        Blocks::After(_) => "after the action",
        Blocks::Continues(_) => "continues the turn",
        Blocks::No => "cannot block",
    };
    let matcher = match e.matches {
        MatchOn::Tool => "matcher: tool name".to_string(),
        MatchOn::Field(f) => format!("matcher: {f}"),
        MatchOn::Value(f) | MatchOn::Context(f) => format!("matcher: the {f}"),
        MatchOn::Nothing => "matcher ignored".to_string(),
    };
    let mut out = format!(
        "{:<22} {kind:<14} {:>4} s  {blocks:<18} {matcher}",
        e.name, e.timeout
    );
    if e.stdout_context {
        out.push_str("; stdout is context");
    }
    if e.input.is_none() {
        out.push_str("; input: --payload only");
    }
    out
}

/// Where the agent puts what a guard reads: the command, the file path, the prompt and the
/// tool name, as dotted paths into its input (`None`: the agent has no such input).
pub struct Fields {
    /// The shell command (`tool_input.command`).
    pub command: Option<String>,
    /// The edited file's path.
    pub file: Option<String>,
    /// The prompt.
    pub prompt: Option<String>,
    /// The tool's name.
    pub tool: Option<String>,
}

/// Finds [`Fields`] by filling the contract's templates with markers and looking for them.
pub fn fields(c: &Contract) -> Fields {
    fields_on(c, None)
}

/// [`fields`] as `event` sends them, where it is an event of the kind with an input (an agent
/// with two input formats, one per spelling of its events); else as the first such event does.
pub fn fields_on(c: &Contract, event: Option<&str>) -> Fields {
    const CMD: &str = "\u{1}command";
    const FILE: &str = "\u{1}file";
    const PROMPT: &str = "\u{1}prompt";
    const TOOL: &str = "\u{1}tool";
    let find =
        |kind: fn(Kind) -> bool, call: Option<&super::ToolCall>, marker: &str| -> Option<String> {
            let usable = |e: &&super::Event| kind(e.kind) && e.input.is_some();
            let e = event
                .and_then(|n| c.events.iter().filter(usable).find(|e| e.name == n))
                .or_else(|| c.events.iter().find(usable))?;
            let picks = |_: &str| true;
            let mut v = Values {
                root: "/project",
                home: "/home",
                transcripts: "/transcripts",
                session: "s",
                event: e.name,
                command: CMD,
                file: FILE,
                relfile: FILE,
                prompt: PROMPT,
                tool: TOOL,
                input: &Value::Null,
                response: &Value::Null,
                matcher: "",
                picks: &picks,
            };
            let input = match call {
                Some(t) => template::fill_value(t.input, &v).ok()?,
                None => Value::Null,
            };
            v.input = &input;
            let mut all = template::fill(c.input.common, &v).ok()?;
            all.extend(template::fill(e.input?, &v).ok()?);
            path_of(&Value::Object(all), marker)
        };
    let before = |k: Kind| k == Kind::BeforeTool;
    // An agent with no tool events has one event per kind of action: the shell and edit ones.
    let per_kind = !c.events.iter().any(|e| before(e.kind));
    let or_per_kind = |found: Option<String>, kind: fn(Kind) -> bool, marker: &str| match found {
        None if per_kind => find(kind, None, marker),
        found => found,
    };
    Fields {
        command: or_per_kind(
            find(before, Some(&c.tools.shell), CMD),
            |k| k == Kind::Shell,
            CMD,
        ),
        file: or_per_kind(
            c.tools
                .edit
                .first()
                .and_then(|t| find(before, Some(t), FILE)),
            |k| k == Kind::Edited,
            FILE,
        ),
        prompt: find(|k| k == Kind::Prompt, None, PROMPT),
        tool: find(before, Some(&c.tools.shell), TOOL),
    }
}

/// The dotted path of the first string in `v` that contains `marker`.
fn path_of(v: &Value, marker: &str) -> Option<String> {
    match v {
        Value::String(s) if s.contains(marker) => Some(String::new()),
        Value::Object(m) => m.iter().find_map(|(k, x)| {
            path_of(x, marker).map(|p| {
                if p.is_empty() {
                    k.clone()
                } else {
                    format!("{k}.{p}")
                }
            })
        }),
        Value::Array(a) => a.iter().enumerate().find_map(|(i, x)| {
            path_of(x, marker).map(|p| {
                if p.is_empty() {
                    i.to_string()
                } else {
                    format!("{i}.{p}")
                }
            })
        }),
        _ => None,
    }
}

/// One reply rule in words: `when … → decision (effect)`.
pub fn rule(r: &Rule) -> String {
    let mut when: Vec<String> = Vec::new();
    match r.spec {
        SpecIf::Any => {}
        SpecIf::FailClosed => when.push("failClosed".into()),
        SpecIf::Custom(_) => when.push("when the spec's own setting says so".into()),
    }
    match r.on {
        Ev::Any => {}
        Ev::Is(l) => when.push(format!("on {}", l.join(", "))),
        Ev::Not(l) => when.push(format!("not on {}", l.join(", "))),
        Ev::Blocking => when.push("where a block blocks".into()),
        Ev::NotBlocking => when.push("where nothing can be blocked".into()),
        Ev::StdoutContext => when.push("where stdout is context".into()),
        Ev::BlockingNot(l) => when.push(format!("where a block blocks, not on {}", l.join(", "))),
        Ev::Input(p, v) => when.push(format!("when the input's {p} is \"{v}\"")),
    }
    match r.ended {
        Ended::Any => {}
        Ended::Timeout => when.push("timeout".into()),
        Ended::NotStarted => when.push("failed start".into()),
        Ended::Signal => when.push("killed by a signal".into()),
        Ended::Exit(n) => when.push(format!("exit {n}")),
        Ended::ExitOther(l) => when.push(format!("exit other than {}", ints(l))),
        Ended::NotExit(n) => when.push(format!("anything but exit {n}")),
    }
    match r.reply {
        Shape::Any => {}
        Shape::Empty => when.push("no output".into()),
        Shape::Some => when.push("output".into()),
        Shape::NotJson => when.push("text, not a JSON object".into()),
        Shape::Plain => when.push("plain text".into()),
        Shape::BadJson => when.push("invalid JSON".into()),
        Shape::Array => when.push("a JSON array".into()),
        Shape::Scalar => when.push("a JSON scalar".into()),
        Shape::Text => when.push("text".into()),
        Shape::NotUtf8 => when.push("not UTF-8".into()),
        Shape::NotObject => when.push("JSON that is not an object".into()),
        Shape::Json([]) => when.push("a JSON object".into()),
        Shape::Json(tests) => when.push(format!(
            "JSON {}",
            tests.iter().map(test).collect::<Vec<_>>().join(" and ")
        )),
    }
    match r.stderr {
        Text::Any => {}
        Text::Empty => when.push("empty stderr".into()),
        Text::Some => when.push("stderr".into()),
    }
    if r.read_from == From::Stderr {
        when.push("read from stderr".into());
    }
    let when = if when.is_empty() {
        "otherwise".to_string()
    } else {
        when.join(", ")
    };
    let then = match (r.decision, r.effect) {
        (None, _) => "note".to_string(),
        (Some(d), Some(e)) => format!("{d} ({})", effect(e)),
        (Some(d), None) => d.to_string(),
    };
    let mut out = format!("{when} → {then}");
    if !r.uncounted.is_empty() {
        out.push_str(" (not counted)");
    }
    out
}

fn effect(e: crate::verdict::Effect) -> &'static str {
    match e {
        crate::verdict::Effect::Proceeds => "proceeds",
        crate::verdict::Effect::Blocked => "blocked",
        crate::verdict::Effect::Halted => "halted",
    }
}

fn test(t: &Test) -> String {
    match *t {
        Test::Is(p, v) => format!("{p} = \"{v}\""),
        Test::Bool(p, b) => format!("{p} = {b}"),
        Test::Has(p) => format!("has {p}"),
        Test::Lacks(p) => format!("no {p}"),
        Test::StrNot(p, l) => format!("{p} a string other than {}", l.join(", ")),
        Test::IsNoCase(p, v) => format!("{p} = \"{v}\" in any case"),
        Test::NotStr(p) => format!("{p} not a string"),
        Test::Mistyped(p) => format!("{p} neither a string nor null"),
        Test::Word(p, v) => format!("{p} = \"{v}\" trimmed, in any case"),
        Test::Falsy(p) => format!("{p} false to Python"),
        Test::NonBlank(p) => format!("{p} not blank"),
        Test::KeyNotIn(l) => format!("a key other than {}", l.join(", ")),
        Test::NotNull(p) => format!("{p} not null"),
        Test::IsEvent(p) => format!("{p} = the event"),
        Test::NotEvent(p) => format!("{p} another event"),
        Test::StrOrNull(p) => format!("{p} absent, null or a string"),
        Test::SomeText(l) => format!("text in {}", l.join(" or ")),
    }
}

fn ints(l: &[i32]) -> String {
    l.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The top-level keys of the input the agent gives a hook on its first event of `kind`, in
/// order (empty when it builds none).
pub fn input_keys(c: &Contract, kind: Kind) -> Vec<String> {
    let Some(e) = c
        .events
        .iter()
        .find(|e| e.kind == kind && e.input.is_some())
    else {
        return Vec::new();
    };
    let picks = |_: &str| true;
    let v = Values {
        root: "/project",
        home: "/home",
        transcripts: "/transcripts",
        session: "s",
        event: e.name,
        command: "",
        file: "",
        relfile: "",
        prompt: "",
        tool: "",
        input: &Value::Null,
        response: &Value::Null,
        matcher: "",
        picks: &picks,
    };
    let mut keys: Vec<String> = template::fill(c.input.common, &v)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    if let Some(Ok(m)) = e.input.map(|t| template::fill(t, &v)) {
        keys.extend(
            m.keys()
                .filter(|k| !keys.contains(k))
                .cloned()
                .collect::<Vec<_>>(),
        );
    }
    keys
}
