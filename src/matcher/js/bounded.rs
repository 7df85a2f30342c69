//! Which JavaScript matches cannot backtrack for long, so they run in place, without the
//! worker process ([`super::worker`]).
//!
//! A backtracking engine takes exponential or high-polynomial time only when the pattern
//! gives it many ways to split the input: a quantified group (`(a+)+`), several
//! quantifiers (`a*a*a*`, `a?a?a?`), alternations in sequence (`(a|a)(a|a)…`), a
//! backreference, or a lookaround that repeats the work inside it. A pattern with none of
//! these (literals, classes, `.`, anchors, plain groups, one flat list of alternatives and
//! at most one quantifier on a single atom) tries each alternative once per start position
//! and its one quantifier at most once per input position, so a match costs at most
//! about (pattern length + input length) steps per start position. With both lengths
//! capped, that bounds the work to a few million steps, well inside the budget: the tool
//! names and paths agents match (`Bash`, `Edit|Write`, `mcp__github__.*`) all fall here.

/// The longest pattern (in characters) that may run in place.
const PATTERN_MAX: usize = 1024;
/// The longest haystack (in UTF-16 units, as the match counts) that may run in place.
const HAYSTACK_MAX: usize = 4096;

/// True when matching `pattern` against `haystack` is bounded by the shape above.
pub(super) fn runs_in_place(pattern: &str, haystack: &str) -> bool {
    haystack.len() <= HAYSTACK_MAX
        && haystack.encode_utf16().count() <= HAYSTACK_MAX
        && pattern.chars().count() <= PATTERN_MAX
        && simple_shape(pattern)
}

/// The pattern has the shape of the module's doc: at most one quantifier, on a single atom;
/// no quantified group, `{…}`, backreference or lookaround; alternatives in one group only.
fn simple_shape(pattern: &str) -> bool {
    let chars: Vec<char> = pattern.chars().collect();
    let mut quantifiers = 0;
    // The groups open now, each by where it opened (`None`: the whole pattern).
    let mut open: Vec<Option<usize>> = vec![None];
    let mut with_alternatives: Option<Option<usize>> = None;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => match chars.get(i + 1) {
                // `\1`…`\9` and `\k<name>` are backreferences.
                Some(c) if c.is_ascii_digit() && *c != '0' => return false,
                Some('k') => return false,
                Some(_) => i += 1,
                None => {}
            },
            '[' => i = class_end(&chars, i),
            '(' => {
                if chars.get(i + 1) == Some(&'?') {
                    match (chars.get(i + 2), chars.get(i + 3)) {
                        (Some('='), _) | (Some('!'), _) => return false,
                        (Some('<'), Some('=')) | (Some('<'), Some('!')) => return false,
                        // `(?:` or `(?<name>`: the `?` is no quantifier.
                        _ => i += 1,
                    }
                }
                open.push(Some(i));
            }
            ')' => {
                if matches!(chars.get(i + 1), Some('*' | '+' | '?' | '{')) {
                    return false;
                }
                if open.len() > 1 {
                    open.pop();
                }
            }
            '|' => {
                let here = open.last().copied().flatten();
                match with_alternatives {
                    Some(group) if group != here => return false,
                    _ => with_alternatives = Some(here),
                }
            }
            '{' => return false,
            '*' | '+' | '?' => {
                quantifiers += 1;
                if quantifiers > 1 {
                    return false;
                }
                // A lazy quantifier (`*?`) is still one quantifier.
                if chars.get(i + 1) == Some(&'?') {
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    true
}

/// The index of the `]` that closes the class opening at `start` (JavaScript: the first
/// unescaped one, so `[]` is an empty class), or the last index when none does.
fn class_end(chars: &[char], start: usize) -> usize {
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            ']' => return i,
            _ => {}
        }
        i += 1;
    }
    chars.len().saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_matchers_agents_document_run_in_place() {
        for pattern in [
            "Bash",
            "Edit|Write|MultiEdit",
            "^(?:Edit|Write)$",
            "mcp__memory__.*",
            "^(?:mcp__github__.*)$",
            "[Ee]dit",
            "run_shell_command",
            ".*",
            "Notebook\\.Edit",
            "[*+?]x",
        ] {
            assert!(runs_in_place(pattern, "Bash"), "{pattern}");
        }
    }

    #[test]
    fn shapes_that_can_backtrack_for_long_go_to_the_worker() {
        for pattern in [
            "(a+)+$",
            "(a|a)*b",
            "a*a*b",
            "a?a?a?aaa",
            "(a|b)(c|d)",
            "a{1,30}b",
            "(a)\\1",
            "(?<x>a)\\k<x>",
            "(?=a*)b",
            "(?!a)b",
            "(?<=a)b",
            "(?<!a)b",
            "^(?:(a+)+)$",
            ".*x.*",
        ] {
            assert!(!runs_in_place(pattern, "Bash"), "{pattern}");
        }
    }

    #[test]
    fn long_patterns_and_haystacks_go_to_the_worker() {
        assert!(!runs_in_place(&"a".repeat(PATTERN_MAX + 1), "Bash"));
        assert!(runs_in_place("Bash", &"a".repeat(HAYSTACK_MAX)));
        assert!(!runs_in_place("Bash", &"a".repeat(HAYSTACK_MAX + 1)));
    }
}
