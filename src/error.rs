//! hookcheck's own errors (exit status 2), one type rendered one way, as cargo writes them:
//! `error: WHAT`, then ` --> file:line:col` and the offending line with a caret when the
//! error is in a file, then `help:` lines. The prefix is clap's, so a bad flag and a bad spec
//! read alike.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

/// Where in a file an error is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The file, as shown.
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<u64>,
    /// 1-based column, when known.
    pub column: Option<u64>,
    /// How many bytes from the column to mark (default: the value there).
    pub width: Option<usize>,
    /// The text of the line, when known.
    pub source_line: Option<String>,
}

/// What kind of input an error is about: JSON error reports carry it, so a CI step can
/// tell a broken spec from a bad flag without reading the words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// The command line or the environment asks for something that cannot be done.
    Usage,
    /// A hook spec (or a cases file of specs) is wrong.
    Spec,
    /// An agent's own hook file cannot be read or loaded.
    HookFile,
    /// A matcher does not compile, or ran out of its time budget.
    Matcher,
    /// A permission rule (Claude Code's `if`) does not parse.
    PermissionRule,
    /// An agent contract's input template is wrong (a bug in hookcheck's data).
    Template,
    /// Live mode could not set up or run a real agent.
    Live,
    /// hookcheck could not write its report (a full disk, a closed descriptor).
    Output,
}

/// Something hookcheck cannot run with (exit status 2): what is wrong, where, and what to
/// do about it. Every subcommand returns it; `main` renders it once, as text or as JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// What kind of input it is about.
    pub kind: Kind,
    /// What is wrong.
    pub message: String,
    /// Where, when it is in a file.
    pub place: Option<Box<Place>>,
    /// What to do about it.
    pub help: Vec<String>,
}

impl Error {
    /// An error of `kind`.
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            place: None,
            help: Vec::new(),
        }
    }

    /// A usage error.
    pub fn usage(message: impl Into<String>) -> Self {
        Error::new(Kind::Usage, message)
    }

    /// Live mode could not set up or run a real agent.
    pub fn live(message: impl Into<String>) -> Self {
        Error::new(Kind::Live, message)
    }

    /// An error placed in a file (a spec, unless [`Error::kind`] says otherwise).
    pub fn in_file(message: impl Into<String>, place: Place) -> Self {
        Error::new(Kind::Spec, message).at(place)
    }

    /// The same error, placed in a file.
    pub fn at(mut self, place: Place) -> Self {
        self.place = Some(Box::new(place));
        self
    }

    /// The same error, of this kind.
    pub fn kind(mut self, kind: Kind) -> Self {
        self.kind = kind;
        self
    }

    /// Adds a `help:` line.
    pub fn help(mut self, line: impl Into<String>) -> Self {
        self.help.push(line.into());
        self
    }

    /// What is wrong, without place or help.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The error on one line (`file:line:col: what; help`), for JSON and for lists.
    pub fn one_line(&self) -> String {
        let message = match &self.place {
            Some(place) => format!("{}: {}", place_text(place), self.message),
            None => self.message.clone(),
        };
        std::iter::once(message)
            .chain(self.help.iter().cloned())
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The error as cargo writes one, ending in a newline.
    pub fn render(&self) -> String {
        let (message, place, help) = (&self.message, self.place.as_deref(), &self.help);
        if place.is_none() {
            // No snippet to hang the help under: `error:` then each `help:` line, as clap and
            // cargo write theirs.
            let mut out = format!("error: {message}\n");
            for h in help {
                out.push_str(&format!("help: {h}\n"));
            }
            return out;
        }
        let title = Level::ERROR.primary_title(message.as_str());
        let first = match place {
            Some(p) => match (&p.source_line, p.line) {
                (Some(text), Some(line)) => {
                    // The renderer writes `file:line:col` itself, from the annotation; with
                    // no column, the whole line is marked.
                    let (at, end) = match p
                        .column
                        .and_then(|c| usize::try_from(c.saturating_sub(1)).ok())
                    {
                        Some(c) => {
                            let at = char_offset(text, c);
                            let end = match p.width {
                                Some(w) => boundary(text, at + w.max(1)),
                                None => token_end(text, at),
                            };
                            (at, end)
                        }
                        None => (0, text.len()),
                    };
                    let snippet = Snippet::source(text.as_str())
                        .line_start(usize::try_from(line).unwrap_or(1))
                        .path(p.file.as_str())
                        .annotation(AnnotationKind::Primary.span(at..end));
                    title.element(snippet)
                }
                _ => title.element(annotate_snippets::Origin::path(place_text(p))),
            },
            None => Group::with_title(title),
        };
        let mut report = vec![first];
        for h in help {
            report.push(Group::with_title(Level::HELP.secondary_title(h.as_str())));
        }
        let mut out = Renderer::plain().render(&report);
        out.push('\n');
        out
    }
}

fn place_text(p: &Place) -> String {
    match (p.line, p.column) {
        (Some(l), Some(c)) => format!("{}:{l}:{c}", p.file),
        (Some(l), None) => format!("{}:{l}", p.file),
        _ => p.file.clone(),
    }
}

/// The byte offset of the `n`th character of `text` (its end when shorter).
fn char_offset(text: &str, n: usize) -> usize {
    text.char_indices().nth(n).map_or(text.len(), |(i, _)| i)
}

/// Where the token starting at `at` ends: the value up to a comment or the line's end,
/// trailing blanks left out; at least one character.
fn token_end(text: &str, at: usize) -> usize {
    let rest = &text[at..];
    let cut = rest.find(" #").unwrap_or(rest.len());
    let len = rest[..cut].trim_end().len();
    if len > 0 {
        at + len
    } else {
        // One character, whatever its width in bytes.
        rest.chars().next().map_or(at, |c| at + c.len_utf8())
    }
}

/// `at`, moved forward to a character boundary of `text` (its end at most).
fn boundary(text: &str, at: usize) -> usize {
    (at..=text.len())
        .find(|i| text.is_char_boundary(*i))
        .unwrap_or(text.len())
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.one_line())
    }
}

impl std::error::Error for Error {}
