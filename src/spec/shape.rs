//! Why a file that parses as YAML or JSON does not fit its shape, said for people: the field
//! at the place the parser stopped, and the form that field takes. Used by specs and cases
//! files alike, so the message names the field and what to write instead of a parser's
//! "invalid u64".

use crate::error::{Error, Place};

/// The form a field's value takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// A string.
    Text,
    /// `true` or `false`.
    Bool,
    /// A whole number of seconds.
    Seconds,
    /// A list of strings.
    Texts,
    /// A string, or a list of strings.
    TextOrTexts,
    /// A map of names to strings.
    TextMap,
    /// A string, or a map of names to strings.
    TextOrTextMap,
    /// Anything (checked by whoever reads it).
    Any,
}

impl Form {
    /// The form in a few words, for the message.
    pub fn noun(self) -> &'static str {
        match self {
            Form::Text => "a string",
            Form::Bool => "true or false",
            Form::Seconds => "a whole number of seconds",
            Form::Texts => "a list of strings",
            Form::TextOrTexts => "a string or a list of strings",
            Form::TextMap => "a map of names to strings",
            Form::TextOrTextMap => "a decision or a map of agent to decision",
            Form::Any => "a value hookcheck can read",
        }
    }

    /// What to write, for a `help:` line.
    pub fn describe(self, key: &str) -> String {
        match self {
            Form::Text => {
                format!("`{key}` is a string: quote it if it looks like a number or a list")
            }
            Form::Bool => format!("`{key}` is true or false (`yes`/`no` and numbers are not)"),
            Form::Seconds => {
                format!("`{key}` is a whole number of seconds, e.g. `{key}: 10`")
            }
            Form::Texts => format!("`{key}` is a list of strings, e.g. `{key}: [claude, codex]`"),
            Form::TextOrTexts => {
                format!("`{key}` is a string, or a list of strings (one handler each)")
            }
            Form::TextMap => {
                format!("`{key}` is a map of names to strings, e.g. `{key}: {{NAME: value}}`")
            }
            Form::TextOrTextMap => format!(
                "`{key}` is a string (`{key}: block`), or a map of agent to decision (`{key}: {{claude: block}}`)"
            ),
            Form::Any => format!("see the documentation of `{key}`"),
        }
    }
}

/// The key a YAML or JSON line sets (`  - timeout: 3` → `timeout`).
fn key_of(line: &str) -> Option<&str> {
    let t = line.trim_start().trim_start_matches("- ").trim_start();
    let (key, _) = t.split_once(':')?;
    let key = key.trim().trim_matches('"');
    (!key.is_empty() && !key.contains(char::is_whitespace)).then_some(key)
}

/// The last JSON key (`"timeout":`) that starts before byte `column` of `line`.
fn json_key_before(line: &str, column: usize) -> Option<String> {
    let re = regex::Regex::new(r#""([^"\\]+)"\s*:"#).ok()?;
    let byte = line
        .char_indices()
        .nth(column)
        .map_or(line.len(), |(i, _)| i);
    let upto = &line[..byte];
    re.captures_iter(upto)
        .last()
        .and_then(|c| c.get(1))
        .map(|m| m.as_str().to_string())
}

/// The field set where the parser stopped (`line`, 1-based, and `column`), or on the nearest
/// line above that sets one (a list item under `targets:`), with its form; `None` when no
/// line there sets a field.
pub fn field_at<'a>(
    text: &str,
    line: u64,
    column: Option<u64>,
    fields: &'a [(&'a str, Form)],
) -> Option<(u64, String, Option<Form>)> {
    let lines: Vec<&str> = text.lines().collect();
    let last = usize::try_from(line).ok()?.min(lines.len());
    let form = |key: &str| fields.iter().find(|(k, _)| *k == key).map(|(_, f)| *f);
    // JSON writes many keys on one line: the one before the column.
    if let (Some(l), Some(c)) = (lines.get(last.checked_sub(1)?), column)
        && l.trim_start().starts_with('{')
        && let Some(key) = json_key_before(l, usize::try_from(c).ok()?)
    {
        let f = form(&key);
        return Some((last as u64, key, f));
    }
    (1..=last).rev().find_map(|n| {
        let key = key_of(lines.get(n - 1)?)?;
        Some((n as u64, key.to_string(), form(key)))
    })
}

/// The error for a file that parses but does not fit: at `line`, the field there is unknown
/// (with a "did you mean") or its value is not of its form. `None` when no field is found.
pub fn explain(
    file: &str,
    text: &str,
    (line, column): (u64, Option<u64>),
    fields: &[(&str, Form)],
    what: &str,
) -> Option<Error> {
    let (at, key, form) = field_at(text, line, column, fields)?;
    let source_line = text
        .lines()
        .nth(usize::try_from(at).ok()?.checked_sub(1)?)?
        .to_string();
    let key_col = source_line
        .find(&format!("\"{key}\""))
        .or_else(|| source_line.find(&key))
        .unwrap_or(0);
    let value_col = source_line[key_col..]
        .find(':')
        .map(|i| {
            let after = key_col + i + 1;
            after + (source_line.len() - after - source_line[after..].trim_start().len())
        })
        .unwrap_or(key_col);
    let place = |col: usize, width: Option<usize>| Place {
        file: file.to_string(),
        line: Some(at),
        column: Some(source_line[..col].chars().count() as u64 + 1),
        width,
        source_line: Some(source_line.clone()),
    };
    Some(match form {
        None => {
            let names: Vec<&str> = fields.iter().map(|(k, _)| *k).collect();
            let help = match super::did_you_mean(&key, names.iter().copied()) {
                Some(h) => format!("did you mean `{h}`?"),
                None => format!("the fields of {what} are: {}", names.join(", ")),
            };
            let width = source_line[key_col..].find(':').unwrap_or(key.len());
            Error::in_file(
                format!("unknown field `{key}` in {what}"),
                place(key_col, Some(width)),
            )
            .help(help)
        }
        Some(form) => {
            let rest = &source_line[value_col..];
            // On a JSON line the value ends at the next `,` or `}`.
            let value = if source_line.trim_start().starts_with('{') {
                rest.split([',', '}']).next().unwrap_or(rest)
            } else {
                rest
            }
            .trim();
            let shown = if value.is_empty() {
                format!("`{key}`")
            } else {
                format!("`{key}: {value}`")
            };
            Error::in_file(
                format!("{shown} is not {}", form.noun()),
                place(value_col, None),
            )
            .help(form.describe(&key))
        }
    })
}

/// Where a YAML parser stopped and what it said there, the position left out of the words.
pub fn yaml_failure(e: &serde_saphyr::Error) -> (Option<u64>, Option<u64>, String) {
    let loc = e.location();
    let text = e.to_string();
    let first = text.lines().next().unwrap_or_default();
    let rest = first.strip_prefix("error: ").unwrap_or(first);
    let what = match rest.strip_prefix("line ").and_then(|r| r.split_once(": ")) {
        Some((_, what)) => what,
        None => rest,
    };
    (
        loc.map(|l| l.line()),
        loc.map(|l| l.column()),
        what.to_string(),
    )
}

/// A file that failed to parse as `what`, explained: when its text is not even YAML (or
/// JSON), the parser's words at its place with `syntax_help`; else the field where it stopped
/// and the form that field takes (or the parser's words when no field is found).
pub struct Failure<'a> {
    /// The file, as shown.
    pub file: &'a str,
    /// Its text.
    pub text: &'a str,
    /// Where the parser stopped: line and column, 1-based.
    pub at: (Option<u64>, Option<u64>),
    /// What the parser said.
    pub said: String,
    /// Whether the text parses as YAML (or JSON) at all.
    pub parses: bool,
    /// `YAML` or `JSON`.
    pub syntax: &'a str,
    /// The fields and their forms.
    pub fields: &'a [(&'a str, Form)],
    /// What the file is, for messages (`a spec`, `a case`).
    pub what: &'a str,
    /// The `help:` line for a syntax error.
    pub syntax_help: &'a str,
}

impl Failure<'_> {
    /// The error for people.
    pub fn explain(self) -> Error {
        let (line, column) = self.at;
        let source_line = line.and_then(|l| {
            self.text
                .lines()
                .nth(usize::try_from(l).ok()?.checked_sub(1)?)
                .map(str::to_string)
        });
        let place = Place {
            file: self.file.to_string(),
            line,
            column,
            width: None,
            source_line,
        };
        if !self.parses {
            return Error::in_file(format!("not valid {}: {}", self.syntax, self.said), place)
                .help(self.syntax_help);
        }
        line.and_then(|l| explain(self.file, self.text, (l, column), self.fields, self.what))
            .unwrap_or_else(|| Error::in_file(self.said, place))
    }
}
