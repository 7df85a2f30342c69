//! Which JavaScript-regex features a stricter, portable JS-flavour check refuses.

/// JavaScript-regex features a stricter JS-flavour check refuses (inline flags `(?i)`,
/// lookaround, backreferences, `(?P<name>`, POSIX classes `[[:alpha:]]`, Go/PCRE-only escapes
/// `\A \z \Z`): returns the first such feature found, described for a user.
///
/// These either fail in V8, mean something else there, or fail in the other engines agents use.
pub fn non_portable_regex_feature(pattern: &str) -> Option<String> {
    let chars: Vec<char> = pattern.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let mut i = 0;
    let mut in_class = false;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' {
            match at(i + 1) {
                Some(d @ '1'..='9') if !in_class => {
                    return Some(format!("backreference `\\{d}`"));
                }
                Some('k') if !in_class && at(i + 2) == Some('<') => {
                    return Some("named backreference `\\k<`".into());
                }
                Some(e @ ('A' | 'z' | 'Z')) => {
                    return Some(format!("`\\{e}` (not a JavaScript escape)"));
                }
                _ => {}
            }
            i += 2;
            continue;
        }
        if in_class {
            if c == ']' {
                in_class = false;
            } else if c == '[' && at(i + 1) == Some(':') {
                let rest: String = chars[i..].iter().collect();
                if let Some(end) = rest.find(":]") {
                    return Some(format!("POSIX class `{}`", &rest[..end + 2]));
                }
            }
            i += 1;
            continue;
        }
        match c {
            '[' => {
                in_class = true;
                // `[]` and `[^]` are complete JS classes; otherwise a leading `]` is the end.
                if at(i + 1) == Some('^') {
                    i += 1;
                }
            }
            '(' if at(i + 1) == Some('?') => {
                let found = match (at(i + 2), at(i + 3)) {
                    (Some('<'), Some('=')) => Some("lookbehind `(?<=`".to_string()),
                    (Some('<'), Some('!')) => Some("negative lookbehind `(?<!`".to_string()),
                    (Some('='), _) => Some("lookahead `(?=`".to_string()),
                    (Some('!'), _) => Some("negative lookahead `(?!`".to_string()),
                    (Some('P'), Some('<')) => Some("Python named group `(?P<`".to_string()),
                    (Some('P'), Some('=')) => Some("Python backreference `(?P=`".to_string()),
                    (Some('#'), _) => Some("comment group `(?#`".to_string()),
                    (Some(f), _) if f.is_ascii_alphabetic() || f == '-' => {
                        let flags: String = chars[i + 2..]
                            .iter()
                            .take_while(|c| c.is_ascii_alphabetic() || **c == '-')
                            .collect();
                        Some(format!("inline flags `(?{flags}`"))
                    }
                    _ => None,
                };
                if found.is_some() {
                    return found;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::non_portable_regex_feature;

    #[test]
    fn finds_first_non_portable_feature() {
        let rows: &[(&str, Option<&str>)] = &[
            ("Edit|Write", None),
            ("^Bash$", None),
            ("mcp__.*__create_.*", None),
            ("(?:Edit|Write)", None),
            ("(?<name>Edit)", None),
            ("[(?i)]", None),
            (r"\(?i\)", None),
            (r"[\1]", None),
            ("(?i)bash", Some("inline flags `(?i`")),
            ("(?i:bash)", Some("inline flags `(?i`")),
            ("(?-i:bash)", Some("inline flags `(?-i`")),
            ("(?<=@)x", Some("lookbehind `(?<=`")),
            ("(?<!@)x", Some("negative lookbehind `(?<!`")),
            ("Bash(?=Output)", Some("lookahead `(?=`")),
            ("Bash(?!Output)", Some("negative lookahead `(?!`")),
            (r"(a)\1", Some("backreference `\\1`")),
            (r"(?<n>a)\k<n>", Some("named backreference `\\k<`")),
            ("(?P<n>a)", Some("Python named group `(?P<`")),
            ("(?P=n)", Some("Python backreference `(?P=`")),
            ("[[:alpha:]]", Some("POSIX class `[:alpha:]`")),
            (r"\ABash", Some("`\\A` (not a JavaScript escape)")),
            (r"Bash\z", Some("`\\z` (not a JavaScript escape)")),
            (r"Bash\Z", Some("`\\Z` (not a JavaScript escape)")),
            ("(?#note)Bash", Some("comment group `(?#`")),
            (r"(?i)a(?<=b)", Some("inline flags `(?i`")),
            ("[^]]]", None),
        ];
        for (pattern, want) in rows {
            assert_eq!(
                non_portable_regex_feature(pattern).as_deref(),
                *want,
                "{pattern:?}"
            );
        }
    }
}
