//! Python `re.fullmatch`, emulated on `fancy-regex` after a pass that fixes the syntax the two
//! read differently.

use super::MatchError;

/// Python `re.fullmatch(pattern, haystack)` (str patterns, no flags).
///
/// `Err` means `re.compile` would raise, or the emulation hit its backtracking limit.
pub fn python_fullmatch(pattern: &str, haystack: &str) -> Result<bool, MatchError> {
    static COMPILED: super::memo::Memo<Result<fancy_regex::Regex, MatchError>> =
        super::memo::Memo::new();
    let anchored = COMPILED.get(pattern, compile)?;
    anchored.is_match(haystack).map_err(|_| MatchError::Budget {
        pattern: pattern.to_string(),
        haystack: haystack.to_string(),
    })
}

/// `pattern` as `re.fullmatch` reads it, compiled, or why `re.compile` would raise.
fn compile(pattern: &str) -> Result<fancy_regex::Regex, MatchError> {
    let syntax = |e: fancy_regex::Error| MatchError::syntax(e.to_string());
    let translated = translate(pattern).map_err(MatchError::Syntax)?;
    // Compile the bare pattern first: wrapping can make an invalid one valid (`a)(b`).
    fancy_regex::Regex::new(&translated).map_err(syntax)?;
    fancy_regex::Regex::new(&format!(r"^(?:{translated})\z")).map_err(syntax)
}

/// Escapes valid outside a class (Python `sre_parse.CATEGORIES`/`ESCAPES`, 3.11).
const OUTSIDE_ESCAPES: &str = "AbBdDsSwWZafnrtvxuUN";
/// Escapes valid inside a class (3.11 `sre_parse._class_escape`).
const CLASS_ESCAPES: &str = "abfnrtvxuUNdDsSwW";

/// Rewrites Python syntax into fancy-regex syntax with the same meaning, or says why Python
/// rejects it.
fn translate(pattern: &str) -> Result<String, String> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut i = 0;
    let mut in_class = false;
    // Whether the previous atom was a quantifier: Python refuses a second one ("multiple repeat").
    let mut after_repeat = false;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let mut is_repeat = false;
        if c == '\\' {
            let Some(e) = next else {
                return Err("bad escape (end of pattern)".into());
            };
            if e.is_ascii_digit() {
                i += 1;
                out.push_str(&digit_escape(&chars, &mut i, in_class)?);
                after_repeat = false;
                continue;
            }
            i += 2;
            if e.is_ascii_alphabetic() {
                let allowed = if in_class {
                    CLASS_ESCAPES
                } else {
                    OUTSIDE_ESCAPES
                };
                if !allowed.contains(e) {
                    return Err(format!("bad escape \\{e}"));
                }
            }
            // Python's `\s` also matches U+001C..U+001F (str.isspace); fancy-regex's does not.
            match (in_class, e) {
                (false, 's') => out.push_str(r"[\s\x1c-\x1f]"),
                (false, 'S') => out.push_str(r"[^\s\x1c-\x1f]"),
                (true, 's') => out.push_str(r"\s\x1c-\x1f"),
                // `\Z` in Python is the end of the string only.
                (false, 'Z') => out.push_str(r"\z"),
                // `[\b]` is a backspace in Python.
                (true, 'b') => out.push_str(r"\x08"),
                _ => {
                    out.push('\\');
                    out.push(e);
                }
            }
            after_repeat = false;
            continue;
        }
        if in_class {
            match c {
                ']' => {
                    in_class = false;
                    out.push(']');
                }
                // `[` is literal in a Python class (no nesting, no POSIX classes).
                '[' => out.push_str(r"\["),
                // `&&` and `~~` are literal in Python, set operations in fancy-regex.
                '&' | '~' => {
                    out.push('\\');
                    out.push(c);
                }
                _ => out.push(c),
            }
            i += 1;
            continue;
        }
        match c {
            '[' => {
                in_class = true;
                i = super::open_class(&chars, i, &mut out);
                after_repeat = false;
                continue;
            }
            '(' if next == Some('?') => {
                // `(?<name>` is not Python syntax (3.11): only `(?<=` and `(?<!`.
                if chars.get(i + 2) == Some(&'<')
                    && !matches!(chars.get(i + 3), Some('=') | Some('!'))
                {
                    return Err("unknown extension ?<".into());
                }
                out.push(c);
            }
            '*' | '+' | '?' => {
                if after_repeat {
                    return Err(format!("multiple repeat at position {i}"));
                }
                out.push(c);
                is_repeat = true;
            }
            '{' => match parse_repeat(&chars[i..]) {
                Some((min, max, len)) => {
                    if after_repeat {
                        return Err(format!("multiple repeat at position {i}"));
                    }
                    // Python reads `{,n}` as `{0,n}`.
                    out.push_str(&format!("{{{},{}}}", min.as_deref().unwrap_or("0"), max));
                    i += len;
                    // A lazy `?` or possessive `+` may follow one quantifier.
                    if let Some(&m) = chars.get(i)
                        && (m == '?' || m == '+')
                    {
                        out.push(m);
                        i += 1;
                    }
                    after_repeat = true;
                    continue;
                }
                None => out.push_str(r"\{"),
            },
            '}' => out.push_str(r"\}"),
            _ => out.push(c),
        }
        i += 1;
        if is_repeat {
            // A lazy `?` or possessive `+` (3.11) may follow one quantifier.
            if let Some(&m) = chars.get(i)
                && (m == '?' || m == '+')
            {
                out.push(m);
                i += 1;
            }
        }
        after_repeat = is_repeat;
    }
    Ok(out)
}

/// Translates the digits of an escape starting at `chars[*i]` (just after the backslash),
/// advancing `*i`: Python's octal escapes become `\x{..}`, backreferences stay as they are
/// (3.11 `sre_parse._escape` / `_class_escape`).
fn digit_escape(chars: &[char], i: &mut usize, in_class: bool) -> Result<String, String> {
    let is_octal = |k: usize| chars.get(k).is_some_and(|c| ('0'..='7').contains(c));
    let first = chars[*i];
    // Octal: `\0` plus up to two octal digits, three octal digits, or any octal digits in a class.
    let octal_len = if first == '0' || in_class {
        if !is_octal(*i) {
            return Err(format!("bad escape \\{first}"));
        }
        1 + usize::from(is_octal(*i + 1)) + usize::from(is_octal(*i + 1) && is_octal(*i + 2))
    } else if is_octal(*i) && is_octal(*i + 1) && is_octal(*i + 2) {
        3
    } else {
        0
    };
    if octal_len > 0 {
        let digits: String = chars[*i..*i + octal_len].iter().collect();
        *i += octal_len;
        let value = u32::from_str_radix(&digits, 8).map_err(|e| e.to_string())?;
        if value > 0o377 {
            return Err(format!(
                "octal escape value \\{digits} outside of range 0-0o377"
            ));
        }
        return Ok(format!("\\x{{{value:X}}}"));
    }
    // A backreference: one or two decimal digits.
    let len = 1 + usize::from(chars.get(*i + 1).is_some_and(|c| c.is_ascii_digit()));
    let digits: String = chars[*i..*i + len].iter().collect();
    *i += len;
    Ok(format!("\\{digits}"))
}

/// Parses a Python counted repeat at the start of `s` (`{m}`, `{m,}`, `{,n}`, `{m,n}`, `{,}`).
///
/// Returns `(min, max text, length)`; `None` when Python reads the `{` as a literal.
fn parse_repeat(s: &[char]) -> Option<(Option<String>, String, usize)> {
    let close = s.iter().position(|&c| c == '}')?;
    let body: String = s.get(1..close)?.iter().collect();
    let digits = |t: &str| t.chars().all(|c| c.is_ascii_digit());
    let (min, max) = match body.split_once(',') {
        None if !body.is_empty() && digits(&body) => (Some(body.clone()), body),
        Some((lo, hi)) if digits(lo) && digits(hi) => {
            ((!lo.is_empty()).then(|| lo.to_string()), hi.to_string())
        }
        _ => return None,
    };
    Some((min, max, close + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The expected values come from CPython itself (`fixtures/matcher/gen_py.py`).
    #[test]
    fn agrees_with_cpython() {
        let text = include_str!("../../fixtures/matcher/py_cases.json");
        crate::matcher::check_fixture(text, |pattern, haystack, case| {
            let got = match python_fullmatch(pattern, haystack) {
                Ok(b) => Value::Bool(b),
                Err(_) => Value::String("error".into()),
            };
            if got == case["fullmatch"] {
                return Vec::new();
            }
            vec![format!(
                "{pattern:?} vs {haystack:?}: CPython {}, ours {got}",
                case["fullmatch"]
            )]
        });
    }
}
