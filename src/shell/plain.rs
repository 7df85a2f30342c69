//! [`plain_script_words`]: the "script path with plain or single-quoted arguments" check (the
//! grammar in the module docs).

use super::is_blank;

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
