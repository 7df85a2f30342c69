//! Shell command text: splitting into simple commands, and the "plain script path" check.
//!
//! Both functions are small hand-written lexers, not a full shell parser. What they accept is
//! listed here exactly; anything else is an error ([`simple_commands`]) or `None`
//! ([`plain_script_words`]).
//!
//! # The language [`simple_commands`] accepts (a subset of bash)
//!
//! - **Separators** split a line into simple commands: `&&`, `||`, `;`, `|`, `|&`, `&`, newline.
//!   Operators inside quotes do not split.
//! - **Words** are runs of: plain characters; `\c` escapes (a backslash-newline is a line
//!   continuation); `'single quotes'`; `"double quotes"` (where `\` escapes only `$`, `` ` ``,
//!   `"`, `\` and newline); `$'ANSI-C'` quotes (escapes `\n \t \r \a \b \e \f \v \\ \' \" \?`,
//!   `\cX`, octal `\nnn`, `\xHH`, `\uHHHH`, `\UHHHHHHHH` decoded, each code as one character;
//!   any other `\c` kept as written); `$"locale"` strings (read as double quotes).
//!   Quote removal is applied; expansions are kept as written.
//! - **Expansions** mark the command `has_expansion`: `$NAME`, `$0`…`$9`, `$@ $* $# $? $$ $! $-`,
//!   `${...}`, `$(...)`, `` `...` ``, `$((...))`, and process substitution `<(...)` / `>(...)`.
//!   The commands inside `$(...)`, backticks and process substitutions (also inside double
//!   quotes, `${...}` and redirection targets) are returned too, recursively, up to
//!   [`MAX_DEPTH`] levels. `$((...))` is arithmetic: it is skipped, commands inside it are not
//!   looked for.
//! - **Redirections** are removed with their target word: `<`, `>`, `>>`, `>|`, `<>`, `<&`,
//!   `>&`, `&>`, `&>>`, `<<<`, with an optional file-descriptor number (`2>&1`). Here-documents
//!   (`<<WORD`, `<<-WORD`) are read: the body runs to the line equal to the delimiter (or to the
//!   end of the text, as bash allows); when the delimiter is unquoted, commands inside `$(...)`
//!   and backticks in the body are returned as well.
//! - **Grouping:** `( ... )` subshells and `{ ...; }` groups are looked into. The reserved words
//!   `!`, `{`, `}`, `if`, `then`, `elif`, `else`, `fi`, `while`, `until`, `do`, `done` are dropped
//!   from the start of a command, and a `for`/`select` header (`for x in a b`) is not a command.
//!   `[[ ... ]]` is read as ordinary words.
//! - **Comments:** `#` at the start of a word runs to the end of the line.
//! - **Not supported, an error:** `case ... esac`, function definitions (`f() {...}`,
//!   `function f`), array assignments (`a=(1 2)`), `;;`, unbalanced quotes or parentheses.
//!
//! Each [`SimpleCommand`] has its leading `NAME=value` assignments dropped (only a prefix: a
//! `NAME=value` after the command name stays an argument), then the wrappers in [`WRAPPERS`],
//! repeatedly (`nohup timeout 30 nice git` is `git`).
//!
//! # The language [`plain_script_words`] accepts
//!
//! ```text
//! line  := blank* path (blank+ arg)* blank*          blank := ' ' | '\t'
//! path  := [A-Za-z0-9_.+-]* '/' [A-Za-z0-9_./+-]+    ("./x.sh", "hooks/x.sh", "/abs/x.sh")
//!        | var '/' [A-Za-z0-9_./+-]+                 (var names one of `allowed_vars`)
//! var   := '"$' NAME '"' | '"${' NAME '}"'
//! arg   := [A-Za-z0-9_./=:,@%+-]+ | "'" [^']* "'"
//! ```
//!
//! This is the probe grammar of crates.md §4, except that `~` is not accepted: where no shell
//! runs the command, `~` is not expanded, so `~/x.sh` would name a file literally called `~`.

use std::fmt;

/// How deep `$(...)`, backticks, process substitutions and subshells may nest.
pub const MAX_DEPTH: usize = 16;

/// A wrapper command that runs the command given after its own options and arguments.
#[derive(Debug, Clone, Copy)]
pub struct Wrapper {
    /// The wrapper's command name.
    pub name: &'static str,
    /// Options that take the next word as their value (`-n 5`).
    pub options_with_value: &'static [&'static str],
    /// Options after which the rest is not a command to run (`command -v git` only looks `git` up).
    pub stop_options: &'static [&'static str],
    /// Positional arguments before the wrapped command (`timeout`'s duration).
    pub positional: usize,
    /// Whether `NAME=value` words may follow the options (`env A=1 cmd`).
    pub assignments: bool,
}

/// The wrappers dropped from the front of a simple command, with the options each one takes
/// (GNU coreutils `timeout`, `nice`, `nohup`, `stdbuf`, `env`; GNU `time`; bash `command`,
/// `exec`). `sudo`, `xargs`, `watch` and the like are not wrappers here: they stay the command.
pub const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        name: "timeout",
        options_with_value: &["-s", "--signal", "-k", "--kill-after"],
        stop_options: &[],
        positional: 1,
        assignments: false,
    },
    Wrapper {
        name: "time",
        options_with_value: &["-f", "--format", "-o", "--output"],
        stop_options: &[],
        positional: 0,
        assignments: false,
    },
    Wrapper {
        name: "nice",
        options_with_value: &["-n", "--adjustment"],
        stop_options: &[],
        positional: 0,
        assignments: false,
    },
    Wrapper {
        name: "nohup",
        options_with_value: &[],
        stop_options: &[],
        positional: 0,
        assignments: false,
    },
    Wrapper {
        name: "stdbuf",
        options_with_value: &["-i", "-o", "-e", "--input", "--output", "--error"],
        stop_options: &[],
        positional: 0,
        assignments: false,
    },
    Wrapper {
        name: "env",
        options_with_value: &["-u", "--unset", "-C", "--chdir"],
        // `env -S 'a b'` splits a string into the command: not followed here.
        stop_options: &["-S", "--split-string"],
        positional: 0,
        assignments: true,
    },
    Wrapper {
        name: "command",
        options_with_value: &[],
        stop_options: &["-v", "-V"],
        positional: 0,
        assignments: false,
    },
    Wrapper {
        name: "exec",
        options_with_value: &["-a"],
        stop_options: &[],
        positional: 0,
        assignments: false,
    },
];

/// One simple command found in a command line: its words after quote removal, with leading
/// `VAR=value` assignments and the [`WRAPPERS`] dropped.
///
/// A command made only of assignments or redirections (`X=$(id)`, `> out`) has no words; so has
/// a loop header, a group's redirection or a here-document body when it has an expansion
/// (`for f in $X`, `( a ) > $F`, `<<EOF` then `$HOME`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimpleCommand {
    /// The words after quote removal; expansions are kept as written (`$HOME`, `$(id)`).
    pub words: Vec<String>,
    /// Whether any word of the command as written (including the dropped assignments, wrapper
    /// arguments and redirection targets) has `$VAR`, `${..}`, `$(..)`, `` `..` `` or `<(..)`.
    pub has_expansion: bool,
}

/// Why a command line could not be split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong, with the character offset where it was found.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// Splits a command line into its simple commands (see the module docs for the language).
///
/// Commands come in source order; the commands inside a command's substitutions follow it.
pub fn simple_commands(line: &str) -> Result<Vec<SimpleCommand>, ParseError> {
    let mut parser = Parser::new(line, 0);
    let mut out = Vec::new();
    parser.parse_list(false, &mut out)?;
    Ok(out)
}

/// A word as lexed: text after quote removal, plus what the lexer saw in it.
#[derive(Debug, Default)]
struct Word {
    text: String,
    expansion: bool,
    /// Any quoting, escaping or expansion: such a word is never a reserved word.
    quoted: bool,
    /// An unquoted `NAME=` or `NAME+=` at its start.
    assignment: bool,
}

/// The simple command being read.
#[derive(Default)]
struct Builder {
    words: Vec<Word>,
    /// Commands found inside this command's substitutions.
    inner: Vec<SimpleCommand>,
    expansion: bool,
    redirected: bool,
    /// A `( ... )` just closed: only redirections and operators may follow.
    after_group: bool,
}

/// A here-document whose body starts after the next newline.
struct HereDoc {
    delimiter: String,
    quoted: bool,
    strip_tabs: bool,
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    heredocs: Vec<HereDoc>,
}

fn err<T>(message: String) -> Result<T, ParseError> {
    Err(ParseError { message })
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn is_name(s: &str) -> bool {
    let mut it = s.chars();
    it.next().is_some_and(is_name_start) && it.all(is_name_char)
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// Characters that end an unquoted word.
fn ends_word(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | ';' | '&' | '|' | '(' | ')' | '<' | '>'
    )
}

const RESERVED_DROPPED: &[&str] = &[
    "!", "{", "}", "if", "then", "elif", "else", "fi", "while", "until", "do", "done",
];

impl Parser {
    fn new(text: &str, depth: usize) -> Self {
        Parser {
            chars: text.chars().collect(),
            pos: 0,
            depth,
            heredocs: Vec::new(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).copied()
    }

    fn raw(&self, from: usize) -> String {
        self.chars[from..self.pos].iter().collect()
    }

    fn deeper(&mut self) -> Result<(), ParseError> {
        if self.depth >= MAX_DEPTH {
            return err(format!(
                "nesting deeper than {MAX_DEPTH} levels at offset {}",
                self.pos
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// Reads commands until the end of the text, or (when `in_parens`) the matching `)`.
    fn parse_list(
        &mut self,
        in_parens: bool,
        out: &mut Vec<SimpleCommand>,
    ) -> Result<(), ParseError> {
        let start = self.pos;
        let mut cur = Builder::default();
        loop {
            while self.peek().is_some_and(is_blank) {
                self.pos += 1;
            }
            let Some(c) = self.peek() else {
                if in_parens {
                    return err(format!(
                        "'(' at offset {} is never closed",
                        start.saturating_sub(1)
                    ));
                }
                finish(cur, out);
                return Ok(());
            };
            match c {
                '\n' => {
                    self.pos += 1;
                    finish(std::mem::take(&mut cur), out);
                    self.read_heredoc_bodies(out)?;
                }
                '#' => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.pos += 1;
                    }
                }
                '\\' if self.peek_at(1) == Some('\n') => self.pos += 2,
                ';' => {
                    if self.peek_at(1) == Some(';') {
                        return err(format!(
                            "';;' at offset {} (case statements are not supported)",
                            self.pos
                        ));
                    }
                    self.pos += 1;
                    finish(std::mem::take(&mut cur), out);
                }
                '&' if self.peek_at(1) == Some('>') => self.read_redirection(&mut cur)?,
                '&' | '|' => {
                    self.pos += 1;
                    if matches!(self.peek(), Some('&' | '|')) {
                        self.pos += 1;
                    }
                    finish(std::mem::take(&mut cur), out);
                }
                '(' => {
                    if !cur.words.is_empty() || cur.after_group {
                        return err(format!(
                            "unexpected '(' at offset {} (function definitions and arrays are not supported)",
                            self.pos
                        ));
                    }
                    self.pos += 1;
                    self.deeper()?;
                    self.parse_list(true, out)?;
                    self.depth -= 1;
                    cur.after_group = true;
                }
                ')' => {
                    if !in_parens {
                        return err(format!("unmatched ')' at offset {}", self.pos));
                    }
                    self.pos += 1;
                    finish(cur, out);
                    return Ok(());
                }
                '<' | '>' if self.peek_at(1) != Some('(') => self.read_redirection(&mut cur)?,
                _ if self.fd_redirection_ahead() => {
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.pos += 1;
                    }
                    self.read_redirection(&mut cur)?;
                }
                _ => {
                    if cur.after_group {
                        return err(format!("unexpected word after ')' at offset {}", self.pos));
                    }
                    let word = self.read_word(&mut cur.inner)?;
                    if cur.words.is_empty()
                        && !word.quoted
                        && matches!(word.text.as_str(), "case" | "function" | "coproc")
                    {
                        return err(format!(
                            "'{}' is not supported (at offset {})",
                            word.text, self.pos
                        ));
                    }
                    cur.expansion |= word.expansion;
                    cur.words.push(word);
                }
            }
        }
    }

    /// Digits followed by `<` or `>`: a redirection of that file descriptor.
    fn fd_redirection_ahead(&self) -> bool {
        let mut i = self.pos;
        while self.chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        i > self.pos && matches!(self.chars.get(i), Some('<' | '>'))
    }

    /// Reads a redirection operator and its target; at `<`, `>` or `&>`.
    fn read_redirection(&mut self, cur: &mut Builder) -> Result<(), ParseError> {
        let at = self.pos;
        let rest: String = self.chars[self.pos..].iter().take(3).collect();
        let (len, heredoc) = if rest.starts_with("&>>") || rest.starts_with("<<<") {
            (3, None)
        } else if rest.starts_with("<<-") {
            (3, Some(true))
        } else if rest.starts_with("<<") {
            (2, Some(false))
        } else if ["&>", ">>", ">|", "<>", "<&", ">&"]
            .iter()
            .any(|op| rest.starts_with(op))
        {
            (2, None)
        } else {
            (1, None)
        };
        self.pos += len;
        while self.peek().is_some_and(is_blank) {
            self.pos += 1;
        }
        let starts_word = match self.peek() {
            None => false,
            Some('<' | '>') => self.peek_at(1) == Some('('),
            Some(c) => !ends_word(c),
        };
        if !starts_word {
            return err(format!("redirection at offset {at} has no target"));
        }
        let target = self.read_word(&mut cur.inner)?;
        cur.expansion |= target.expansion;
        cur.redirected = true;
        if let Some(strip_tabs) = heredoc {
            self.heredocs.push(HereDoc {
                delimiter: target.text,
                quoted: target.quoted,
                strip_tabs,
            });
        }
        Ok(())
    }

    /// Reads the bodies of the here-documents opened on the line just ended.
    fn read_heredoc_bodies(&mut self, out: &mut Vec<SimpleCommand>) -> Result<(), ParseError> {
        for doc in std::mem::take(&mut self.heredocs) {
            let mut body = String::new();
            while self.pos < self.chars.len() {
                let line_start = self.pos;
                while self.peek().is_some_and(|c| c != '\n') {
                    self.pos += 1;
                }
                let line = self.raw(line_start);
                if self.peek() == Some('\n') {
                    self.pos += 1;
                }
                let compared = if doc.strip_tabs {
                    line.trim_start_matches('\t')
                } else {
                    line.as_str()
                };
                if compared == doc.delimiter {
                    break;
                }
                body.push_str(&line);
                body.push('\n');
            }
            if !doc.quoted {
                let mut sub = Parser::new(&body, self.depth);
                sub.deeper()?;
                let mut inner = Vec::new();
                let mut sink = Word::default();
                sub.read_double_quoted(None, &mut sink, &mut inner)?;
                if sink.expansion {
                    // The body's expansions belong to no simple command; keep them visible.
                    out.push(SimpleCommand {
                        words: Vec::new(),
                        has_expansion: true,
                    });
                }
                out.append(&mut inner);
            }
        }
        Ok(())
    }

    /// Reads one word at the current position (which does not end a word).
    fn read_word(&mut self, inner: &mut Vec<SimpleCommand>) -> Result<Word, ParseError> {
        let mut word = Word::default();
        // Whether everything so far was plain characters (for `NAME=` detection).
        let mut plain = true;
        while let Some(c) = self.peek() {
            match c {
                '<' | '>' if self.peek_at(1) == Some('(') => {
                    let from = self.pos;
                    self.pos += 2;
                    self.deeper()?;
                    self.parse_list(true, inner)?;
                    self.depth -= 1;
                    word.text.push_str(&self.raw(from));
                    word.expansion = true;
                    word.quoted = true;
                    plain = false;
                }
                c if ends_word(c) => break,
                '\\' => {
                    self.pos += 1;
                    match self.peek() {
                        Some('\n') => self.pos += 1,
                        Some(e) => {
                            word.text.push(e);
                            self.pos += 1;
                        }
                        None => word.text.push('\\'),
                    }
                    word.quoted = true;
                    plain = false;
                }
                '\'' => {
                    let at = self.pos;
                    self.pos += 1;
                    loop {
                        match self.peek() {
                            None => {
                                return err(format!("unterminated single quote at offset {at}"));
                            }
                            Some('\'') => break,
                            Some(q) => word.text.push(q),
                        }
                        self.pos += 1;
                    }
                    self.pos += 1;
                    word.quoted = true;
                    plain = false;
                }
                '"' => {
                    self.pos += 1;
                    self.read_double_quoted(Some(self.pos - 1), &mut word, inner)?;
                    word.quoted = true;
                    plain = false;
                }
                '$' if self.peek_at(1) == Some('\'') => {
                    self.read_ansi_c(&mut word)?;
                    word.quoted = true;
                    plain = false;
                }
                '$' if self.peek_at(1) == Some('"') => {
                    self.pos += 2;
                    self.read_double_quoted(Some(self.pos - 2), &mut word, inner)?;
                    word.quoted = true;
                    plain = false;
                }
                '$' | '`' => {
                    self.read_expansion(&mut word, inner)?;
                    plain = plain && !word.quoted;
                }
                '=' if plain && !word.assignment => {
                    let name = word.text.strip_suffix('+').unwrap_or(&word.text);
                    word.assignment = is_name(name);
                    word.text.push('=');
                    self.pos += 1;
                }
                c => {
                    word.text.push(c);
                    self.pos += 1;
                }
            }
        }
        Ok(word)
    }

    /// Reads double-quoted text after the opening quote, up to the closing `"`; with
    /// `opened_at == None`, up to the end of the text (a here-document body).
    fn read_double_quoted(
        &mut self,
        opened_at: Option<usize>,
        word: &mut Word,
        inner: &mut Vec<SimpleCommand>,
    ) -> Result<(), ParseError> {
        loop {
            match self.peek() {
                None => {
                    return match opened_at {
                        Some(at) => err(format!("unterminated double quote at offset {at}")),
                        None => Ok(()),
                    };
                }
                Some('"') if opened_at.is_some() => {
                    self.pos += 1;
                    return Ok(());
                }
                Some('\\') => {
                    self.pos += 1;
                    match self.peek() {
                        Some('\n') => self.pos += 1,
                        Some(e @ ('$' | '`' | '"' | '\\')) => {
                            word.text.push(e);
                            self.pos += 1;
                        }
                        _ => word.text.push('\\'),
                    }
                }
                Some('$' | '`') => self.read_expansion(word, inner)?,
                Some(c) => {
                    word.text.push(c);
                    self.pos += 1;
                }
            }
        }
    }

    /// Reads `$'...'`, decoding the common escapes.
    fn read_ansi_c(&mut self, word: &mut Word) -> Result<(), ParseError> {
        let at = self.pos;
        self.pos += 2;
        loop {
            match self.peek() {
                None => return err(format!("unterminated $'...' quote at offset {at}")),
                Some('\'') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some('\\') => {
                    self.pos += 1;
                    let Some(e) = self.peek() else {
                        return err(format!("unterminated $'...' quote at offset {at}"));
                    };
                    self.pos += 1;
                    let decoded = match e {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        'a' => '\u{7}',
                        'b' => '\u{8}',
                        'e' | 'E' => '\u{1b}',
                        'f' => '\u{c}',
                        'v' => '\u{b}',
                        '\\' | '\'' | '"' | '?' => e,
                        'c' => match self.peek() {
                            Some(x) => {
                                self.pos += 1;
                                char::from(x as u8 & 0x1f)
                            }
                            None => {
                                return err(format!("unterminated $'...' quote at offset {at}"));
                            }
                        },
                        'x' => self.read_code(16, 2).unwrap_or_else(|| {
                            word.text.push('\\');
                            'x'
                        }),
                        'u' => self.read_code(16, 4).unwrap_or_else(|| {
                            word.text.push('\\');
                            'u'
                        }),
                        'U' => self.read_code(16, 8).unwrap_or_else(|| {
                            word.text.push('\\');
                            'U'
                        }),
                        '0'..='7' => {
                            self.pos -= 1;
                            self.read_code(8, 3).unwrap_or('\0')
                        }
                        other => {
                            word.text.push('\\');
                            other
                        }
                    };
                    word.text.push(decoded);
                }
                Some(c) => {
                    word.text.push(c);
                    self.pos += 1;
                }
            }
        }
    }

    /// Reads up to `max` digits in `radix` as a character code (`\\x41`); `None` when there
    /// is no digit or the code is no character.
    fn read_code(&mut self, radix: u32, max: usize) -> Option<char> {
        let from = self.pos;
        while self.pos - from < max && self.peek().is_some_and(|c| c.is_digit(radix)) {
            self.pos += 1;
        }
        let code = u32::from_str_radix(&self.raw(from), radix).ok()?;
        char::from_u32(code)
    }

    /// Reads an expansion at `$` or `` ` ``; a `$` that starts none is a plain `$`.
    fn read_expansion(
        &mut self,
        word: &mut Word,
        inner: &mut Vec<SimpleCommand>,
    ) -> Result<(), ParseError> {
        let from = self.pos;
        if self.peek() == Some('`') {
            self.read_backticks(inner)?;
        } else {
            match self.peek_at(1) {
                Some('(') if self.peek_at(2) == Some('(') => self.skip_arithmetic()?,
                Some('(') => {
                    self.pos += 2;
                    self.deeper()?;
                    self.parse_list(true, inner)?;
                    self.depth -= 1;
                }
                Some('{') => self.read_braced(inner)?,
                Some(c) if is_name_start(c) => {
                    self.pos += 2;
                    while self.peek().is_some_and(is_name_char) {
                        self.pos += 1;
                    }
                }
                Some(c) if c.is_ascii_digit() || "@*#?$!-".contains(c) => self.pos += 2,
                _ => {
                    word.text.push('$');
                    self.pos += 1;
                    return Ok(());
                }
            }
        }
        word.text.push_str(&self.raw(from));
        word.expansion = true;
        word.quoted = true;
        Ok(())
    }

    /// Reads `` `...` `` and the commands inside it.
    fn read_backticks(&mut self, inner: &mut Vec<SimpleCommand>) -> Result<(), ParseError> {
        let at = self.pos;
        self.pos += 1;
        let mut body = String::new();
        loop {
            match self.peek() {
                None => return err(format!("unterminated backquote at offset {at}")),
                Some('`') => break,
                Some('\\') => {
                    self.pos += 1;
                    match self.peek() {
                        Some(e @ ('$' | '`' | '\\')) => body.push(e),
                        Some(e) => {
                            body.push('\\');
                            body.push(e);
                        }
                        None => return err(format!("unterminated backquote at offset {at}")),
                    }
                }
                Some(c) => body.push(c),
            }
            self.pos += 1;
        }
        self.pos += 1;
        let mut sub = Parser::new(&body, self.depth);
        sub.deeper()?;
        sub.parse_list(false, inner).map_err(|e| ParseError {
            message: format!("in the backquote at offset {at}: {}", e.message),
        })
    }

    /// Skips `$((...))`, balancing parentheses.
    fn skip_arithmetic(&mut self) -> Result<(), ParseError> {
        let at = self.pos;
        self.pos += 3;
        let mut open = 2usize;
        while open > 0 {
            match self.peek() {
                None => return err(format!("unterminated $(( at offset {at}")),
                Some('(') => open += 1,
                Some(')') => open -= 1,
                _ => {}
            }
            self.pos += 1;
        }
        Ok(())
    }

    /// Reads `${...}`, looking for substitutions inside it (`${x:-$(id)}`).
    fn read_braced(&mut self, inner: &mut Vec<SimpleCommand>) -> Result<(), ParseError> {
        let at = self.pos;
        self.pos += 2;
        self.deeper()?;
        let mut sink = Word::default();
        loop {
            match self.peek() {
                None => return err(format!("unterminated ${{ at offset {at}")),
                Some('}') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(());
                }
                Some('\\') => self.pos += 2,
                Some('\'') => {
                    self.pos += 1;
                    while self.peek().is_some_and(|c| c != '\'') {
                        self.pos += 1;
                    }
                    if self.peek().is_none() {
                        return err(format!("unterminated single quote in ${{ at offset {at}"));
                    }
                    self.pos += 1;
                }
                Some('"') => {
                    self.pos += 1;
                    self.read_double_quoted(Some(self.pos - 1), &mut sink, inner)?;
                }
                Some('$' | '`') => self.read_expansion(&mut sink, inner)?,
                Some(_) => self.pos += 1,
            }
        }
    }
}

/// Ends the command being read: drops reserved words, assignments and wrappers, then records
/// it (if anything is left) followed by the commands found inside it.
fn finish(cur: Builder, out: &mut Vec<SimpleCommand>) {
    let Builder {
        words,
        mut inner,
        expansion,
        redirected,
        after_group,
    } = cur;
    let mut words = words.into_iter().peekable();
    let mut assigned = false;
    let mut reserved = false;
    let mut header = false;
    while let Some(w) = words.peek().filter(|w| !w.quoted) {
        if RESERVED_DROPPED.contains(&w.text.as_str()) {
            words.next();
            reserved = true;
        } else {
            header = matches!(w.text.as_str(), "for" | "select");
            break;
        }
    }
    while words.peek().is_some_and(|w| w.assignment) {
        words.next();
        assigned = true;
    }
    let words: Vec<String> = if header {
        Vec::new()
    } else {
        words.map(|w| w.text).collect()
    };
    // A group's or keyword's own redirections (`( make ) > log`, `done < f`) make no command;
    // an empty command is still kept when it carries an expansion.
    let bare_redirection = redirected && !after_group && !reserved && !header;
    if !words.is_empty() || assigned || expansion || bare_redirection {
        out.push(SimpleCommand {
            words: strip_wrappers(words),
            has_expansion: expansion,
        });
    }
    out.append(&mut inner);
}

/// Drops the [`WRAPPERS`] from the front of `words`, repeatedly.
fn strip_wrappers(mut words: Vec<String>) -> Vec<String> {
    while let Some(skip) = words.first().and_then(|w| wrapper_length(&words, w)) {
        words.drain(..skip);
    }
    words
}

/// How many words the wrapper at the front of `words` takes, when a command follows it.
fn wrapper_length(words: &[String], first: &str) -> Option<usize> {
    let wrapper = WRAPPERS.iter().find(|w| w.name == first)?;
    let mut i = 1;
    while let Some(w) = words.get(i) {
        if w == "--" {
            i += 1;
            break;
        }
        if !w.starts_with('-') || w.len() == 1 {
            break;
        }
        if wrapper.stop_options.contains(&w.as_str()) {
            return None;
        }
        i += if wrapper.options_with_value.contains(&w.as_str()) {
            2
        } else {
            1
        };
    }
    if wrapper.assignments {
        while words
            .get(i)
            .is_some_and(|w| w.split_once('=').is_some_and(|(name, _)| is_name(name)))
        {
            i += 1;
        }
    }
    i += wrapper.positional;
    (i < words.len()).then_some(i)
}

/// Characters of a plain argument in [`plain_script_words`].
fn is_plain_arg_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_./=:,@%+-".contains(c)
}

/// Characters of a script path after its first `/`.
fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_./+-".contains(c)
}

/// The "script path with plain or single-quoted arguments" check, for agents whose docs name no
/// shell: the words (quotes removed) when `cmd` is in the grammar in the module docs, else
/// `None`.
///
/// A leading `"$VAR"` or `"${VAR}"` (for a name in `allowed_vars`) is returned without its
/// double quotes, as `$VAR/...` or `${VAR}/...`, for the caller to substitute.
pub fn plain_script_words(cmd: &str, allowed_vars: &[&str]) -> Option<Vec<String>> {
    let line = cmd.trim_matches(is_blank);
    let path_end = line.find(is_blank).unwrap_or(line.len());
    let (path, mut rest) = line.split_at(path_end);
    let mut words = vec![plain_path(path, allowed_vars)?];
    loop {
        rest = rest.trim_start_matches(is_blank);
        if rest.is_empty() {
            return Some(words);
        }
        let (word, after) = if let Some(quoted) = rest.strip_prefix('\'') {
            let close = quoted.find('\'')?;
            (quoted[..close].to_string(), &quoted[close + 1..])
        } else {
            let end = rest.find(|c| !is_plain_arg_char(c)).unwrap_or(rest.len());
            if end == 0 {
                return None;
            }
            (rest[..end].to_string(), &rest[end..])
        };
        if after.chars().next().is_some_and(|c| !is_blank(c)) {
            return None;
        }
        words.push(word);
        rest = after;
    }
}

/// The path word of [`plain_script_words`].
fn plain_path(path: &str, allowed_vars: &[&str]) -> Option<String> {
    if let Some(quoted) = path.strip_prefix("\"$") {
        let (var, after) = quoted.split_once('"')?;
        let name = match var.strip_prefix('{') {
            Some(braced) => braced.strip_suffix('}')?,
            None => var,
        };
        if !allowed_vars.contains(&name) {
            return None;
        }
        let tail = after.strip_prefix('/')?;
        if tail.is_empty() || !tail.chars().all(is_path_char) {
            return None;
        }
        return Some(format!("${var}{after}"));
    }
    let (head, tail) = path.split_once('/')?;
    let head_ok = head
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_.+-".contains(c));
    (head_ok && !tail.is_empty() && tail.chars().all(is_path_char)).then(|| path.to_string())
}

#[cfg(test)]
mod tests;
