//! hookcheck's own errors (exit status 2), one type rendered one way, as cargo writes them:
//! `error: WHAT`, then ` --> file:line:col` and the offending line with a caret when the
//! error is in a file, then `help:` lines. The prefix is clap's, so a bad flag and a bad spec
//! read alike.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::spec::SpecError;

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

/// Something hookcheck cannot run with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The command line or the environment asks for something that cannot be done.
    Usage {
        /// What is wrong.
        message: String,
        /// What to do about it.
        help: Vec<String>,
    },
    /// A file hookcheck reads (a spec, a cases file, a payload, an agent's hook file) is wrong.
    File {
        /// What is wrong.
        message: String,
        /// Where.
        place: Box<Place>,
        /// What to do about it.
        help: Vec<String>,
    },
}

impl Error {
    /// A usage error.
    pub fn usage(message: impl Into<String>) -> Self {
        Error::Usage {
            message: message.into(),
            help: Vec::new(),
        }
    }

    /// An error placed in a file.
    pub fn in_file(message: impl Into<String>, place: Place) -> Self {
        Error::File {
            message: message.into(),
            place: Box::new(place),
            help: Vec::new(),
        }
    }

    /// Adds a `help:` line.
    pub fn help(mut self, line: impl Into<String>) -> Self {
        match &mut self {
            Error::Usage { help, .. } | Error::File { help, .. } => help.push(line.into()),
        }
        self
    }

    /// What is wrong, without place or help.
    pub fn message(&self) -> &str {
        match self {
            Error::Usage { message, .. } | Error::File { message, .. } => message,
        }
    }

    /// The error on one line (`file:line:col: what; help`), for JSON and for lists.
    pub fn one_line(&self) -> String {
        let (message, help) = match self {
            Error::Usage { message, help } => (message.clone(), help),
            Error::File {
                message,
                place,
                help,
            } => (format!("{}: {message}", place_text(place)), help),
        };
        std::iter::once(message)
            .chain(help.iter().cloned())
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The error as cargo writes one, ending in a newline.
    pub fn render(&self) -> String {
        let (message, place, help) = match self {
            Error::Usage { message, help } => (message, None, help),
            Error::File {
                message,
                place,
                help,
            } => (message, Some(place), help),
        };
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

impl From<String> for Error {
    fn from(message: String) -> Self {
        Error::usage(message)
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Self {
        Error::usage(message)
    }
}

impl From<SpecError> for Error {
    fn from(e: SpecError) -> Self {
        let mut out = Error::in_file(
            e.message,
            Place {
                file: e.file,
                line: e.line,
                column: e.column,
                width: e.width.and_then(|w| usize::try_from(w).ok()),
                source_line: e.source_line.map(String::from),
            },
        );
        for h in e.help.iter().flat_map(|h| h.lines()) {
            out = out.help(h);
        }
        out
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.one_line())
    }
}

impl std::error::Error for Error {}

/// A typed error as the spec loader reports it (kept here, beside [`Error`], so the spec
/// module does not depend back on this one).
impl From<Error> for SpecError {
    fn from(e: Error) -> Self {
        match e {
            Error::File {
                message,
                place,
                help,
            } => SpecError {
                file: place.file.clone(),
                line: place.line,
                column: place.column,
                width: place.width.and_then(|w| u32::try_from(w).ok()),
                message,
                help: (!help.is_empty()).then(|| help.join("\n").into()),
                source_line: place.source_line.as_deref().map(Box::from),
            },
            Error::Usage { message, help } => SpecError {
                file: String::new(),
                line: None,
                column: None,
                width: None,
                message,
                help: (!help.is_empty()).then(|| help.join("\n").into()),
                source_line: None,
            },
        }
    }
}
