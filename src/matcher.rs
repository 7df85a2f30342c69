//! Matcher flavours: the pattern languages agents use to pick the tools a hook fires on.
//!
//! Each flavour is a plain function or type; the per-agent files choose which one applies.

mod go;
mod js;
mod portability;
mod python;
mod simple;

pub use go::go_regex_matches;
pub use js::{DEFAULT_MATCH_TIMEOUT, JsRegex, MatchTimedOut, take_budget_hits};
pub use portability::non_portable_regex_feature;
pub use python::python_fullmatch;
pub use simple::{exact_list_matches, is_exact_list, is_match_all, wildcard_matches};

/// Copies the opening of a character class at `chars[i]` (`[`, then `^` if it follows) into
/// `out`, a `]` first in the class as the literal `\]` (Go and Python read it so; the regex
/// crate would not), and returns the index after it.
fn open_class(chars: &[char], mut i: usize, out: &mut String) -> usize {
    out.push('[');
    i += 1;
    if chars.get(i) == Some(&'^') {
        out.push('^');
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        out.push_str(r"\]");
        i += 1;
    }
    i
}

/// Rust `regex` crate, unanchored `is_match` (the engine Rust-written agents use).
///
/// `Err` carries the compile error when the pattern is not valid `regex` syntax.
pub fn rust_regex_matches(pattern: &str, haystack: &str) -> Result<bool, String> {
    regex::Regex::new(pattern)
        .map(|re| re.is_match(haystack))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::rust_regex_matches;

    #[test]
    fn rust_regex_wrapper() {
        // (pattern, haystack, expected): Ok(bool) or Err (invalid pattern).
        let rows: &[(&str, &str, Option<bool>)] = &[
            ("Edit|Write", "MultiEdit", Some(true)),
            ("^Bash$", "BashOutput", Some(false)),
            ("", "anything", Some(true)),
            ("(", "x", None),
            ("a{", "a{", None),
            ("(?<=@)b", "a@b", None),
            ("*", "Bash", None),
        ];
        for (pattern, haystack, expected) in rows {
            let got = rust_regex_matches(pattern, haystack);
            match expected {
                Some(want) => assert_eq!(got, Ok(*want), "{pattern:?} vs {haystack:?}"),
                None => assert!(got.is_err(), "{pattern:?} should not compile: {got:?}"),
            }
        }
    }
}
