//! Go RE2 (`regexp`) emulated on the `regex` crate: a lexical pre-pass for syntax Go reads as
//! literal text, then an AST walk that rejects what Go rejects and rewrites the Perl classes to
//! Go's ASCII meaning (crates.md §2.4; Go's rules from `regexp/syntax/parse.go`).
//!
//! No Go toolchain runs here, so the tests are the documented table, not generated fixtures.

use super::MatchError;
use regex_syntax::ast::{self, Ast, ClassSet, ClassSetItem};

/// Go's largest counted repetition (`regexp/syntax`: "invalid repeat count" above 1000).
const MAX_REPEAT: u32 = 1000;

/// Go RE2 `regexp.MatchString` (unanchored). `Err` = Go would fail to compile the pattern.
pub fn go_regex_matches(pattern: &str, haystack: &str) -> Result<bool, MatchError> {
    if let Some(found) = super::plain_text_match(pattern, haystack) {
        return Ok(found);
    }
    static COMPILED: super::memo::Memo<Result<regex::Regex, String>> = super::memo::Memo::new();
    let re = COMPILED.get(pattern, compile).map_err(MatchError::Syntax)?;
    Ok(re.is_match(haystack))
}

/// Translates and compiles `pattern` as Go would read it.
fn compile(pattern: &str) -> Result<regex::Regex, String> {
    let lexed = prepass(pattern)?;
    let parsed = ast::parse::ParserBuilder::new()
        .octal(true)
        .build()
        .parse(&lexed)
        .map_err(|e| e.to_string())?;
    let mut edits = Vec::new();
    walk(&parsed, &mut edits)?;
    let rewritten = apply(&lexed, edits);
    regex::RegexBuilder::new(&rewritten)
        .octal(true)
        .build()
        .map_err(|e| e.to_string())
}

/// One textual replacement on the pre-passed pattern: byte range and new text.
type Edit = (std::ops::Range<usize>, String);

/// Applies non-overlapping edits (in any order) to `text`.
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|(range, _)| range.start);
    let mut out = String::with_capacity(text.len() + 16 * edits.len());
    let mut at = 0;
    for (range, replacement) in edits {
        out.push_str(&text[at..range.start]);
        out.push_str(&replacement);
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Rewrites what Go reads as literal text into escaped `regex` syntax: `\Q…\E`, a `{` that
/// does not start a valid repeat (`a{`, `a{,5}`), and `[`, `&&`, `~~` inside a class.
fn prepass(pattern: &str) -> Result<String, String> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut i = 0;
    let mut in_class = false;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' {
            let Some(&e) = chars.get(i + 1) else {
                return Err("trailing backslash at end of expression".into());
            };
            if e == 'Q' && !in_class {
                let rest: String = chars[i + 2..].iter().collect();
                let (literal, len) = match rest.find(r"\E") {
                    Some(end) => (&rest[..end], end + 2),
                    None => (rest.as_str(), rest.len()),
                };
                out.push_str(&regex_syntax::escape(literal));
                i += 2 + literal.chars().count() + (len - literal.len()).min(2);
                continue;
            }
            out.push(c);
            out.push(e);
            i += 2;
            // `\x{..}`, `\p{..}`, `\P{..}`: the braces belong to the escape.
            if matches!(e, 'x' | 'p' | 'P') && chars.get(i) == Some(&'{') {
                while let Some(&b) = chars.get(i) {
                    out.push(b);
                    i += 1;
                    if b == '}' {
                        break;
                    }
                }
            }
            continue;
        }
        if in_class {
            match c {
                ']' => in_class = false,
                // `[:alpha:]` is a class name in Go; any other `[` is literal.
                '[' if chars.get(i + 1) == Some(&':') => {}
                '[' => {
                    out.push_str(r"\[");
                    i += 1;
                    continue;
                }
                '&' | '~' if chars.get(i + 1) == Some(&c) => {
                    out.push('\\');
                    out.push(c);
                    i += 1;
                    continue;
                }
                _ => {}
            }
            out.push(c);
            i += 1;
            continue;
        }
        match c {
            '[' => {
                in_class = true;
                i = super::open_class(&chars, i, &mut out);
                continue;
            }
            '{' => match repeat_len(&chars[i..])? {
                Some(len) => {
                    out.extend(&chars[i..i + len]);
                    i += len;
                    continue;
                }
                None => out.push_str(r"\{"),
            },
            _ => out.push(c),
        }
        i += 1;
    }
    Ok(out)
}

/// Length of a Go counted repeat at the start of `s` (`{n}`, `{n,}`, `{n,m}`), or `None`
/// when Go reads the `{` literally. Counts above 1000 are an error, as in Go.
fn repeat_len(s: &[char]) -> Result<Option<usize>, String> {
    let Some(close) = s.iter().position(|&c| c == '}') else {
        return Ok(None);
    };
    let body: String = s[1..close].iter().collect();
    let (lo, hi) = match body.split_once(',') {
        Some((lo, hi)) => (lo, Some(hi)),
        None => (body.as_str(), None),
    };
    // Go's parseInt: at least one digit, no leading zero unless the number is `0`.
    let number = |t: &str| {
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if t.len() > 1 && t.starts_with('0') {
            return None;
        }
        // More than 8 digits is "too big" in Go: still a repeat, then rejected below.
        Some(t.parse::<u64>().unwrap_or(u64::MAX))
    };
    let Some(min) = number(lo) else {
        return Ok(None);
    };
    let max = match hi {
        None => Some(min),
        Some("") => None,
        Some(h) => match number(h) {
            Some(m) => Some(m),
            None => return Ok(None),
        },
    };
    let limit = u64::from(MAX_REPEAT);
    if min > limit || max.is_some_and(|m| m > limit || m < min) {
        return Err(format!(
            "invalid repeat count: `{}`",
            &s[..=close].iter().collect::<String>()
        ));
    }
    Ok(Some(close + 1))
}

/// Go's Perl classes are ASCII (`regexp/syntax` doc: `\d` = `[0-9]`, `\s` = `[\t\n\f\r ]`,
/// `\w` = `[0-9A-Za-z_]`). Written as Unicode-mode classes so `(?i)` folds them as Go does.
fn perl_body(class: &ast::ClassPerl) -> &'static str {
    match class.kind {
        ast::ClassPerlKind::Digit => "0-9",
        ast::ClassPerlKind::Space => r"\t\n\x0C\r\x20",
        ast::ClassPerlKind::Word => "0-9A-Za-z_",
    }
}

/// The rewrite of a Perl class; inside a bracket class a positive one is spliced in bare.
fn perl_rewrite(class: &ast::ClassPerl, in_bracket: bool) -> String {
    let body = perl_body(class);
    match (class.negated, in_bracket) {
        (false, true) => body.to_string(),
        (false, false) => format!("[{body}]"),
        (true, _) => format!("[^{body}]"),
    }
}

/// Walks the AST: rejects Go-invalid syntax, records rewrites.
fn walk(node: &Ast, edits: &mut Vec<Edit>) -> Result<(), String> {
    match node {
        Ast::Empty(_) | Ast::Dot(_) => Ok(()),
        Ast::Flags(set) => check_flags(&set.flags),
        Ast::Literal(lit) => check_literal(lit),
        Ast::Assertion(a) => {
            let span = a.span.start.offset..a.span.end.offset;
            match a.kind {
                ast::AssertionKind::StartLine
                | ast::AssertionKind::EndLine
                | ast::AssertionKind::StartText
                | ast::AssertionKind::EndText => {}
                // Go's `\b` is ASCII (`isWordChar`).
                ast::AssertionKind::WordBoundary => edits.push((span, r"(?-u:\b)".into())),
                ast::AssertionKind::NotWordBoundary => edits.push((span, r"(?-u:\B)".into())),
                // Go: "Escaped non-word characters are always themselves", so `\<` is `<`.
                ast::AssertionKind::WordBoundaryStartAngle => edits.push((span, "<".into())),
                ast::AssertionKind::WordBoundaryEndAngle => edits.push((span, ">".into())),
                // `\b{start}` etc. cannot reach here: the pre-pass escapes `{start}`.
                _ => return Err("unsupported word-boundary assertion".into()),
            }
            Ok(())
        }
        Ast::ClassUnicode(u) => check_unicode_class(u),
        Ast::ClassPerl(p) => {
            edits.push((
                p.span.start.offset..p.span.end.offset,
                perl_rewrite(p, false),
            ));
            Ok(())
        }
        Ast::ClassBracketed(b) => walk_class_set(&b.kind, edits),
        Ast::Repetition(rep) => {
            if matches!(*rep.ast, Ast::Repetition(_)) {
                return Err(format!(
                    "invalid nested repetition operator at offset {}",
                    rep.op.span.start.offset
                ));
            }
            walk(&rep.ast, edits)
        }
        Ast::Group(g) => {
            match &g.kind {
                ast::GroupKind::CaptureIndex(_) => {}
                ast::GroupKind::CaptureName { name, .. } => {
                    // Go: a capture name is ASCII letters, digits and `_` only.
                    if !name
                        .name
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_')
                    {
                        return Err(format!("invalid named capture: `{}`", name.name));
                    }
                }
                ast::GroupKind::NonCapturing(flags) => check_flags(flags)?,
            }
            walk(&g.ast, edits)
        }
        Ast::Alternation(alt) => alt.asts.iter().try_for_each(|a| walk(a, edits)),
        Ast::Concat(cat) => cat.asts.iter().try_for_each(|a| walk(a, edits)),
    }
}

fn walk_class_set(set: &ClassSet, edits: &mut Vec<Edit>) -> Result<(), String> {
    match set {
        // `&&` and `~~` were escaped by the pre-pass, so this is `--`, which Go reads as a
        // range ending at `-` (usually "invalid character class range").
        ClassSet::BinaryOp(op) => Err(format!(
            "`--` in a character class at offset {} (Go reads it as a range)",
            op.span.start.offset
        )),
        ClassSet::Item(item) => walk_class_item(item, edits),
    }
}

fn walk_class_item(item: &ClassSetItem, edits: &mut Vec<Edit>) -> Result<(), String> {
    match item {
        ClassSetItem::Empty(_) | ClassSetItem::Ascii(_) => Ok(()),
        ClassSetItem::Literal(lit) => check_literal(lit),
        ClassSetItem::Range(r) => {
            check_literal(&r.start)?;
            check_literal(&r.end)
        }
        ClassSetItem::Unicode(u) => check_unicode_class(u),
        ClassSetItem::Perl(p) => {
            edits.push((
                p.span.start.offset..p.span.end.offset,
                perl_rewrite(p, true),
            ));
            Ok(())
        }
        ClassSetItem::Bracketed(b) => walk_class_set(&b.kind, edits),
        ClassSetItem::Union(u) => u.items.iter().try_for_each(|i| walk_class_item(i, edits)),
    }
}

/// Go's flags are `i`, `m`, `s` and `U` only.
fn check_flags(flags: &ast::Flags) -> Result<(), String> {
    for item in &flags.items {
        if let ast::FlagsItemKind::Flag(flag) = &item.kind {
            let name = match flag {
                ast::Flag::CaseInsensitive
                | ast::Flag::MultiLine
                | ast::Flag::DotMatchesNewLine
                | ast::Flag::SwapGreed => continue,
                ast::Flag::Unicode => 'u',
                ast::Flag::CRLF => 'R',
                ast::Flag::IgnoreWhitespace => 'x',
            };
            return Err(format!("invalid or unsupported Perl syntax: flag `{name}`"));
        }
    }
    Ok(())
}

/// Go has no `\u`/`\U` escapes and reads `\1`..`\7` (one digit) as an unsupported backreference.
fn check_literal(lit: &ast::Literal) -> Result<(), String> {
    match &lit.kind {
        ast::LiteralKind::HexFixed(kind) | ast::LiteralKind::HexBrace(kind)
            if *kind != ast::HexLiteralKind::X =>
        {
            Err("invalid escape sequence: `\\u`/`\\U`".into())
        }
        ast::LiteralKind::Octal
            if lit.span.end.offset - lit.span.start.offset == 2 && lit.c != '\0' =>
        {
            Err(format!(
                "invalid escape sequence: backreference `\\{}`",
                lit.c as u32
            ))
        }
        _ => Ok(()),
    }
}

/// Go's Unicode classes: `\pX` for one-letter categories, `\p{Name}` for a general category,
/// a script (case-sensitive canonical name) or `Any`; no `name=value` forms.
fn check_unicode_class(class: &ast::ClassUnicode) -> Result<(), String> {
    const CATEGORIES: &[&str] = &[
        "C", "Cc", "Cf", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N",
        "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm",
        "So", "Z", "Zl", "Zp", "Zs", "Any",
    ];
    let name = match &class.kind {
        ast::ClassUnicodeKind::OneLetter(c) => c.to_string(),
        ast::ClassUnicodeKind::Named(n) => n.clone(),
        ast::ClassUnicodeKind::NamedValue { .. } => {
            return Err("invalid character class range: `name=value` form".into());
        }
    };
    if CATEGORIES.contains(&name.as_str()) || is_script_name(&name) {
        Ok(())
    } else {
        Err(format!("invalid character class range: `\\p{{{name}}}`"))
    }
}

/// Whether `name` is a Unicode script written the way Go's `unicode.Scripts` keys are
/// (`Greek`, `Old_Italic`): canonical spelling, known to `regex` as a script.
fn is_script_name(name: &str) -> bool {
    let canonical = name.split('_').all(|part| {
        part.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && part.chars().all(|c| c.is_ascii_alphabetic())
    });
    canonical
        && regex_syntax::Parser::new()
            .parse(&format!(r"\p{{Script={name}}}"))
            .is_ok()
}

#[cfg(test)]
mod tests {
    use super::go_regex_matches;

    /// Expected values from the Go `regexp/syntax` documentation and parser source, as tabled
    /// in crates.md §2.4 (Go is not installed here, so these are not generated).
    #[test]
    fn behaves_like_go_re2() {
        // (pattern, haystack, Some(match) or None = Go refuses to compile)
        let rows: &[(&str, &str, Option<bool>)] = &[
            ("Edit|Write", "MultiEdit", Some(true)),
            ("^Bash$", "BashOutput", Some(false)),
            ("^Bash", "BashOutput", Some(true)),
            ("", "x", Some(true)),
            // ASCII-only Perl classes and word boundary
            (r"\d", "\u{663}", Some(false)),
            (r"\d", "7", Some(true)),
            (r"\w", "é", Some(false)),
            (r"[\w]", "é", Some(false)),
            (r"[\w.]", ".", Some(true)),
            (r"\W", "é", Some(true)),
            (r"[^\W]", "é", Some(false)),
            (r"\s", "\u{85}", Some(false)),
            (r"\s", "\u{b}", Some(false)),
            (r"\s", "\t", Some(true)),
            (r"\S", "\u{85}", Some(true)),
            (r"\bfoo\b", "éfooé", Some(true)),
            (r"\Bfoo", "éfoo", Some(false)),
            // Go folds `\w` under (?i): K matches the Kelvin sign
            (r"(?i)\w", "\u{212a}", Some(true)),
            // `\Q…\E` is literal
            (r"\Q.*\E", "a.*b", Some(true)),
            (r"\Q.*\E", "ab", Some(false)),
            (r"\Q.*", "x.*", Some(true)),
            // octal escapes; one-digit `\1` is a backreference, refused
            (r"\101", "A", Some(true)),
            (r"\0", "\0", Some(true)),
            (r"(a)\1", "aa", None),
            // a `{` that is not a repeat is literal
            ("a{,5}", "a{,5}", Some(true)),
            ("a{,5}", "aaa", Some(false)),
            ("a{", "a{", Some(true)),
            ("a{01}", "a{01}", Some(true)),
            ("a{2}", "aa", Some(true)),
            ("a{2,}", "aaa", Some(true)),
            ("a{1000}", "a", Some(false)),
            ("a{1001}", "a", None),
            ("a{2,1001}", "a", None),
            ("a{3,2}", "a", None),
            // nested repetition
            ("a**", "a", None),
            ("a{2}{3}", "aaaaaa", None),
            ("a*?", "a", Some(true)),
            ("(a*)*", "a", Some(true)),
            // flags: only imsU
            ("(?i)bash", "Bash", Some(true)),
            ("(?i:bash)", "Bash", Some(true)),
            ("(?U)a+", "a", Some(true)),
            ("(?x)a b", "ab", None),
            ("(?u)a", "a", None),
            ("(?R)a", "a", None),
            // escapes
            (r"\<", "<", Some(true)),
            (r"\>", ">", Some(true)),
            (r"\b{start}x", "a{start}x", Some(true)),
            (r"\b{start}x", "{start}x", Some(false)),
            (r"\u0041", "A", None),
            (r"\x41", "A", Some(true)),
            (r"\x{41}", "A", Some(true)),
            (r"\Z", "a", None),
            (r"a\z", "a", Some(true)),
            (r"\Aa", "a", Some(true)),
            // classes: set operators are literal, `[` is literal, POSIX names work
            ("[a&&b]", "&", Some(true)),
            ("[a~~b]", "~", Some(true)),
            ("[a[b]", "[", Some(true)),
            ("[[:alpha:]]", "a", Some(true)),
            ("[[:alpha:]]", "1", Some(false)),
            ("[[:word:]]", "_", Some(true)),
            ("[]a]", "]", Some(true)),
            // Unicode classes
            (r"\pL", "é", Some(true)),
            (r"\p{Greek}", "α", Some(true)),
            (r"\p{Old_Italic}", "a", Some(false)),
            (r"\p{greek}", "α", None),
            (r"\p{Letter}", "a", None),
            (r"\p{sc=Greek}", "α", None),
            // groups
            ("(?P<n>x)", "x", Some(true)),
            ("(?<n>x)", "x", Some(true)),
            ("(?=x)", "x", None),
            ("(?<=x)y", "xy", None),
            // plain errors
            ("(", "x", None),
            ("*", "x", None),
            ("\\", "x", None),
        ];
        for (pattern, haystack, expected) in rows {
            let got = go_regex_matches(pattern, haystack);
            match expected {
                Some(want) => assert_eq!(got, Ok(*want), "{pattern:?} vs {haystack:?}"),
                None => assert!(got.is_err(), "{pattern:?} should not compile: {got:?}"),
            }
        }
    }
}
