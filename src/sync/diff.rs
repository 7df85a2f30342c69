//! A unified diff of two texts, line by line, for `sync --dry-run` and `sync --check`.

/// One line of a diff.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line<'a> {
    Same(&'a str),
    Gone(&'a str),
    Added(&'a str),
}

/// How many unchanged lines a hunk shows around a change.
const CONTEXT: usize = 3;

/// Texts longer than this many lines are shown whole, old then new, rather than compared
/// line by line (the comparison is quadratic; a hook file has tens of lines).
const MAX_LINES: usize = 4000;

/// The unified diff of `old` (absent: a new file) and `new`, as `git diff` writes it, under
/// `--- a/PATH` and `+++ b/PATH`; empty when they are equal.
pub fn unified(path: &str, old: Option<&str>, new: &str) -> String {
    let before: Vec<&str> = old.map(|t| t.lines().collect()).unwrap_or_default();
    let after: Vec<&str> = new.lines().collect();
    if old == Some(new) {
        return String::new();
    }
    let lines = if before.len().max(after.len()) > MAX_LINES {
        before
            .iter()
            .map(|l| Line::Gone(l))
            .chain(after.iter().map(|l| Line::Added(l)))
            .collect()
    } else {
        compare(&before, &after)
    };
    let mut out = match old {
        Some(_) => format!("--- a/{path}\n+++ b/{path}\n"),
        None => format!("--- /dev/null\n+++ b/{path}\n"),
    };
    for hunk in hunks(&lines) {
        out.push_str(&hunk);
    }
    out
}

/// The lines of both texts, by a longest common subsequence.
fn compare<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<Line<'a>> {
    let (n, m) = (a.len(), b.len());
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < n && j < m {
        if a[i] == b[j] {
            out.push(Line::Same(a[i]));
            i += 1;
            j += 1;
        } else if lcs[i + 1][j] >= lcs[i][j + 1] {
            out.push(Line::Gone(a[i]));
            i += 1;
        } else {
            out.push(Line::Added(b[j]));
            j += 1;
        }
    }
    out.extend(a[i..].iter().map(|l| Line::Gone(l)));
    out.extend(b[j..].iter().map(|l| Line::Added(l)));
    out
}

/// The hunks: each change with up to [`CONTEXT`] unchanged lines around it, under its
/// `@@ -start,len +start,len @@` header.
fn hunks(lines: &[Line]) -> Vec<String> {
    let changed: Vec<usize> = (0..lines.len())
        .filter(|&k| !matches!(lines[k], Line::Same(_)))
        .collect();
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for &k in &changed {
        let (from, to) = (
            k.saturating_sub(CONTEXT),
            (k + CONTEXT + 1).min(lines.len()),
        );
        match spans.last_mut() {
            Some(last) if from <= last.1 => last.1 = to,
            _ => spans.push((from, to)),
        }
    }
    let mut out = Vec::new();
    for (from, to) in spans {
        // Line numbers (1-based) of the hunk's first line in each text.
        let old_start = 1 + lines[..from]
            .iter()
            .filter(|l| !matches!(l, Line::Added(_)))
            .count();
        let new_start = 1 + lines[..from]
            .iter()
            .filter(|l| !matches!(l, Line::Gone(_)))
            .count();
        let body = &lines[from..to];
        let old_len = body.iter().filter(|l| !matches!(l, Line::Added(_))).count();
        let new_len = body.iter().filter(|l| !matches!(l, Line::Gone(_))).count();
        let mut text = format!(
            "@@ -{},{old_len} +{},{new_len} @@\n",
            if old_len == 0 {
                old_start - 1
            } else {
                old_start
            },
            if new_len == 0 {
                new_start - 1
            } else {
                new_start
            },
        );
        for l in body {
            let (mark, line) = match l {
                Line::Same(s) => (' ', s),
                Line::Gone(s) => ('-', s),
                Line::Added(s) => ('+', s),
            };
            text.push(mark);
            text.push_str(line);
            text.push('\n');
        }
        out.push(text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::unified;

    #[test]
    fn a_change_is_one_hunk_with_its_context() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\n";
        let new = "a\nb\nc\nd\nE\nf\ng\nh\n";
        assert_eq!(
            unified("x.json", Some(old), new),
            "--- a/x.json\n+++ b/x.json\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n"
        );
    }

    #[test]
    fn a_new_file_is_all_added_and_equal_texts_have_no_diff() {
        assert_eq!(
            unified("n.json", None, "{\n}\n"),
            "--- /dev/null\n+++ b/n.json\n@@ -0,0 +1,2 @@\n+{\n+}\n"
        );
        assert_eq!(unified("s.json", Some("x\n"), "x\n"), "");
    }
}
