//! The parser of [`super::simple_commands`]: the language in the module docs, read character
//! by character.

use super::builder::{Builder, Word, finish};
use super::{
    MAX_DEPTH, ParseError, SimpleCommand, ends_word, is_blank, is_name, is_name_char, is_name_start,
};

/// A here-document whose body starts after the next newline.
struct HereDoc {
    delimiter: String,
    quoted: bool,
    strip_tabs: bool,
}

pub(super) struct Parser {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    heredocs: Vec<HereDoc>,
}

fn err<T>(message: String) -> Result<T, ParseError> {
    Err(ParseError { message })
}

impl Parser {
    pub(super) fn new(text: &str, depth: usize) -> Self {
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
    pub(super) fn parse_list(
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
                finish(cur, out, true);
                return Ok(());
            };
            match c {
                '\n' => {
                    self.pos += 1;
                    finish(std::mem::take(&mut cur), out, false);
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
                    finish(std::mem::take(&mut cur), out, false);
                }
                '&' if self.peek_at(1) == Some('>') => self.read_redirection(&mut cur)?,
                '&' | '|' => {
                    self.pos += 1;
                    // Only `&&` hands a failure on as the line's own.
                    let and = c == '&' && self.peek() == Some('&');
                    if matches!(self.peek(), Some('&' | '|')) {
                        self.pos += 1;
                    }
                    finish(std::mem::take(&mut cur), out, and);
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
                    finish(cur, out, true);
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
                        decides: false,
                    });
                }
                for c in &mut inner {
                    c.decides = false;
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
