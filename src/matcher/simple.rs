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
/// haystack), compared with all of it. `None` for any other pattern: it needs its engine.
/// Such a pattern always compiles, so answering it without compiling changes no verdict; it
/// spares a compile per agent (the first hook of a `run` waits for the first agent's).
pub fn plain_text_match(pattern: &str, haystack: &str) -> Option<bool> {
    let (body, whole) = match pattern
        .strip_prefix("^(?:")
        .and_then(|p| p.strip_suffix(")$"))
    {
        Some(body) => (body, true),
        None => (pattern, false),
    };
    let plain = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'|');
    if !body.bytes().all(plain) {
        return None;
    }
    Some(body.split('|').any(|word| match whole {
        true => word == haystack,
        false => haystack.contains(word),
    }))
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
