//! Matchers that need no regex engine: match-all, exact names and `*`/`?` wildcards.

/// `""`, `"*"` (after trimming): matches everything in most agents.
pub fn is_match_all(pattern: &str) -> bool {
    matches!(pattern.trim(), "" | "*")
}

/// Only ASCII letters, digits, `_` and `|`: an exact name or a `|` list of exact names.
///
/// The empty string is not an exact list (it is the match-all pattern).
pub fn is_exact_list(pattern: &str) -> bool {
    !pattern.is_empty()
        && pattern
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'|')
}

/// Whether `name` equals one of the `|`-separated names in `pattern` (case-sensitive, whole name).
pub fn exact_list_matches(pattern: &str, name: &str) -> bool {
    pattern.split('|').any(|alt| alt == name)
}

/// How every regex engine an agent uses (Rust `regex`, Go RE2, JavaScript) answers a
/// pattern that is plain text: ASCII letters, digits, `_` and `-`, with `|` between such
/// words, searched for anywhere in `haystack`, or, when wrapped as `^(?:...)$` (the whole
/// haystack), compared with all of it; and one such word anchored as `^word$`, `^word` or
/// `word$` (`^` and `$` are the haystack's start and end in all three engines, with no flags).
/// `None` for any other pattern: it needs its engine. Such a pattern always compiles, so
/// answering it without compiling changes no verdict; it spares a compile per agent (the
/// first hook of a `run` waits for the first agent's).
pub fn plain_text_match(pattern: &str, haystack: &str) -> Option<bool> {
    let plain = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-');
    if let Some(body) = pattern
        .strip_prefix("^(?:")
        .and_then(|p| p.strip_suffix(")$"))
    {
        return body
            .bytes()
            .all(|b| plain(b) || b == b'|')
            .then(|| body.split('|').any(|word| word == haystack));
    }
    let (start, rest) = match pattern.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, pattern),
    };
    let (end, body) = match rest.strip_suffix('$') {
        Some(body) => (true, body),
        None => (false, rest),
    };
    if !(start || end) {
        return pattern
            .bytes()
            .all(|b| plain(b) || b == b'|')
            .then(|| pattern.split('|').any(|word| haystack.contains(word)));
    }
    body.bytes().all(plain).then(|| match (start, end) {
        (true, true) => haystack == body,
        (true, false) => haystack.starts_with(body),
        _ => haystack.ends_with(body),
    })
}

/// Shell-style glob with `*` (any run, possibly empty) and `?` (one character) on a plain name.
///
/// Every other character is literal; the whole name must match.
pub fn wildcard_matches(pattern: &str, name: &str) -> bool {
    let pat: Vec<char> = pattern.chars().collect();
    let txt: Vec<char> = name.chars().collect();
    let (mut p, mut t) = (0, 0);
    // Position of the last `*` seen and the text position it was tried at (classic greedy
    // backtracking: linear memory, at most O(len(pattern) * len(name)) steps).
    let mut star: Option<(usize, usize)> = None;
    while t < txt.len() {
        match pat.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == '?' || c == txt[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    p = sp + 1;
                    t = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    pat[p..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_all() {
        let rows = [
            ("", true),
            ("*", true),
            ("  * ", true),
            ("   ", true),
            ("**", false),
            (".*", false),
            ("Bash", false),
        ];
        for (pattern, want) in rows {
            assert_eq!(is_match_all(pattern), want, "{pattern:?}");
        }
    }

    #[test]
    fn exact_list() {
        // (pattern, is_exact_list, name, exact_list_matches)
        let rows = [
            ("Bash", true, "Bash", true),
            ("Bash", true, "BashOutput", false),
            ("Bash", true, "bash", false),
            ("Edit|Write", true, "Write", true),
            ("Edit|Write", true, "MultiEdit", false),
            (
                "mcp__github__create_issue",
                true,
                "mcp__github__create_issue",
                true,
            ),
            ("Edit|", true, "", true),
            ("", false, "", true),
            ("Edit.*", false, "Edit", false),
            ("^Bash$", false, "Bash", false),
            ("Bash ", false, "Bash", false),
            ("Édit", false, "Édit", true),
        ];
        for (pattern, exact, name, matches) in rows {
            assert_eq!(is_exact_list(pattern), exact, "is_exact_list({pattern:?})");
            assert_eq!(
                exact_list_matches(pattern, name),
                matches,
                "exact_list_matches({pattern:?}, {name:?})"
            );
        }
    }

    #[test]
    fn wildcard() {
        let rows = [
            ("fs_*", "fs_read", true),
            ("fs_*", "fs_", true),
            ("fs_*", "xfs_read", false),
            ("*", "", true),
            ("*", "anything", true),
            ("", "", true),
            ("", "a", false),
            ("?", "a", true),
            ("?", "", false),
            ("?", "é", true),
            ("a?c", "abc", true),
            ("a?c", "ac", false),
            ("*_read", "fs_read", true),
            ("*a*b*", "xxaxxbxx", true),
            ("*a*b", "xxaxxbxxc", false),
            (
                "a*a*a*a*a*b",
                "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                false,
            ),
            ("@server/*", "@server/tool", true),
            ("Bash", "bash", false),
            ("[ab]", "a", false),
            ("[ab]", "[ab]", true),
        ];
        for (pattern, name, want) in rows {
            assert_eq!(
                wildcard_matches(pattern, name),
                want,
                "{pattern:?} vs {name:?}"
            );
        }
    }
}
