//! JSON with comments and trailing commas (JSONC), read with the byte span of every value, so
//! that `sync` can replace one array of a hook file and leave every other byte as it was.

use std::ops::Range;

/// A value and where it is in the text.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// An object: its members, in order.
    Object {
        /// From `{` to `}` inclusive.
        span: Range<usize>,
        /// Its members.
        members: Vec<Member>,
    },
    /// An array: its items, in order.
    Array {
        /// From `[` to `]` inclusive.
        span: Range<usize>,
        /// Its items.
        items: Vec<Node>,
    },
    /// A string, number, boolean or null.
    Scalar {
        /// The token.
        span: Range<usize>,
    },
}

/// One member of an object.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// The key, unescaped.
    pub key: String,
    /// Where the member starts (its key's opening quote).
    pub start: usize,
    /// Its value.
    pub value: Node,
}

impl Node {
    /// Where the value is.
    pub fn span(&self) -> Range<usize> {
        match self {
            Node::Object { span, .. } | Node::Array { span, .. } | Node::Scalar { span } => {
                span.clone()
            }
        }
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Member> {
        match self {
            Node::Object { members, .. } => members.iter().find(|m| m.key == key),
            _ => None,
        }
    }
}

/// Where and why a text stops being JSON(C).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// What was found there.
    pub what: &'static str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at line {}", self.what, self.line)
    }
}

/// Parses `text` (JSON, `//` and `/* */` comments, trailing commas); `Err` says where it stops.
pub fn parse(text: &str) -> Result<Node, SyntaxError> {
    let mut p = Parser {
        b: text.as_bytes(),
        at: 0,
    };
    p.blank()?;
    let node = p.value(0)?;
    p.blank()?;
    if p.at < p.b.len() {
        return Err(p.error("text after the value"));
    }
    Ok(node)
}

/// Nesting deeper than this is refused: a hook file is a few levels deep.
const MAX_DEPTH: usize = 128;

struct Parser<'a> {
    b: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn error(&self, what: &'static str) -> SyntaxError {
        let before = &self.b[..self.at.min(self.b.len())];
        let line_start = before
            .iter()
            .rposition(|c| *c == b'\n')
            .map_or(0, |i| i + 1);
        SyntaxError {
            what,
            line: before.iter().filter(|c| **c == b'\n').count() + 1,
            column: String::from_utf8_lossy(&before[line_start..])
                .chars()
                .count()
                + 1,
        }
    }

    /// Skips white space and comments.
    fn blank(&mut self) -> Result<(), SyntaxError> {
        loop {
            while self.at < self.b.len() && self.b[self.at].is_ascii_whitespace() {
                self.at += 1;
            }
            match (self.b.get(self.at), self.b.get(self.at + 1)) {
                (Some(b'/'), Some(b'/')) => {
                    while self.at < self.b.len() && self.b[self.at] != b'\n' {
                        self.at += 1;
                    }
                }
                (Some(b'/'), Some(b'*')) => {
                    let end = self.b[self.at + 2..]
                        .windows(2)
                        .position(|w| w == b"*/")
                        .ok_or_else(|| self.error("a comment that does not end"))?;
                    self.at += 2 + end + 2;
                }
                _ => return Ok(()),
            }
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node, SyntaxError> {
        if depth > MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        match self.b.get(self.at) {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => {
                let start = self.at;
                self.string()?;
                Ok(Node::Scalar {
                    span: start..self.at,
                })
            }
            Some(_) => {
                let start = self.at;
                while self.at < self.b.len()
                    && !matches!(self.b[self.at], b',' | b']' | b'}' | b'/')
                    && !self.b[self.at].is_ascii_whitespace()
                {
                    self.at += 1;
                }
                let token = std::str::from_utf8(&self.b[start..self.at]).unwrap_or_default();
                if token.is_empty() || serde_json::from_str::<serde_json::Value>(token).is_err() {
                    return Err(self.error("not a JSON value"));
                }
                Ok(Node::Scalar {
                    span: start..self.at,
                })
            }
            None => Err(self.error("the text ends before a value")),
        }
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        let start = self.at;
        self.at += 1;
        while self.at < self.b.len() {
            match self.b[self.at] {
                b'\\' => self.at += 2,
                b'"' => {
                    self.at += 1;
                    let raw = std::str::from_utf8(&self.b[start..self.at])
                        .map_err(|_| self.error("a string that is not UTF-8"))?;
                    return serde_json::from_str(raw).map_err(|_| self.error("a bad string"));
                }
                _ => self.at += 1,
            }
        }
        Err(self.error("a string that does not end"))
    }

    fn object(&mut self, depth: usize) -> Result<Node, SyntaxError> {
        let start = self.at;
        self.at += 1;
        let mut members = Vec::new();
        loop {
            self.blank()?;
            match self.b.get(self.at) {
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Node::Object {
                        span: start..self.at,
                        members,
                    });
                }
                Some(b'"') => {
                    let key_start = self.at;
                    let key = self.string()?;
                    self.blank()?;
                    if self.b.get(self.at) != Some(&b':') {
                        return Err(self.error("a key with no `:`"));
                    }
                    self.at += 1;
                    self.blank()?;
                    let value = self.value(depth + 1)?;
                    members.push(Member {
                        key,
                        start: key_start,
                        value,
                    });
                    self.blank()?;
                    match self.b.get(self.at) {
                        Some(b',') => self.at += 1,
                        Some(b'}') => {}
                        _ => return Err(self.error("a member not followed by `,` or `}`")),
                    }
                }
                _ => return Err(self.error("an object key that is not a string")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Node, SyntaxError> {
        let start = self.at;
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.blank()?;
            if self.b.get(self.at) == Some(&b']') {
                self.at += 1;
                return Ok(Node::Array {
                    span: start..self.at,
                    items,
                });
            }
            items.push(self.value(depth + 1)?);
            self.blank()?;
            match self.b.get(self.at) {
                Some(b',') => self.at += 1,
                Some(b']') => {}
                _ => return Err(self.error("an item not followed by `,` or `]`")),
            }
        }
    }
}

/// The text of `text` without its comments (for serde, which reads no JSONC), every byte
/// offset kept: a comment becomes blanks (its line breaks kept).
pub fn strip_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match (b[i], b.get(i + 1)) {
            (b'"', _) => {
                let start = i;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
                out.extend_from_slice(&b[start..i]);
            }
            (b'/', Some(b'/')) => {
                while i < b.len() && b[i] != b'\n' {
                    out.push(b' ');
                    i += 1;
                }
            }
            (b'/', Some(b'*')) => {
                let end = b[i + 2..]
                    .windows(2)
                    .position(|w| w == b"*/")
                    .map_or(b.len(), |p| i + 2 + p + 2);
                for &c in &b[i..end] {
                    out.push(if c == b'\n' { b'\n' } else { b' ' });
                }
                i = end;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_cover_each_value_and_comments_are_skipped() {
        let text = "{\n  // a comment\n  \"a\": [1, {\"b\": \"x\"},],\n  /* c */ \"d\": null\n}";
        let root = parse(text).unwrap_or_else(|e| panic!("{e}"));
        let a = root.get("a").unwrap_or_else(|| panic!("a"));
        let Node::Array { items, span } = &a.value else {
            panic!("array")
        };
        assert_eq!(&text[span.clone()], "[1, {\"b\": \"x\"},]");
        assert_eq!(items.len(), 2);
        assert_eq!(&text[items[1].span()], "{\"b\": \"x\"}");
        assert_eq!(
            &text[root.get("d").map(|m| m.value.span()).unwrap_or(0..0)],
            "null"
        );
        let stripped = strip_comments(text);
        assert_eq!(stripped.len(), text.len());
        assert!(!stripped.contains("comment"));
    }

    #[test]
    fn broken_text_says_where() {
        for (text, want) in [
            ("{\"a\": }", "not a JSON value at line 1"),
            ("{\"a\" 1}", "a key with no `:` at line 1"),
            ("[1 2]", "an item not followed by `,` or `]` at line 1"),
            ("{\n/* x", "a comment that does not end at line 2"),
            ("\"x", "a string that does not end at line 1"),
        ] {
            assert_eq!(
                parse(text).map_err(|e| e.to_string()),
                Err(want.to_string()),
                "{text}"
            );
        }
        let deep = "[".repeat(200) + &"]".repeat(200);
        assert_eq!(
            parse(&deep).map_err(|e| e.to_string()),
            Err("nesting too deep at line 1".to_string())
        );
    }
}
