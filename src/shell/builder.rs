//! The simple command being read, and how it ends: reserved words, assignments and wrappers
//! dropped ([`finish`]).

use super::{SimpleCommand, strip_wrappers};

/// A word as lexed: text after quote removal, plus what the lexer saw in it.
#[derive(Debug, Default)]
pub(super) struct Word {
    pub(super) text: String,
    pub(super) expansion: bool,
    /// Any quoting, escaping or expansion: such a word is never a reserved word.
    pub(super) quoted: bool,
    /// An unquoted `NAME=` or `NAME+=` at its start.
    pub(super) assignment: bool,
}

/// The simple command being read.
#[derive(Default)]
pub(super) struct Builder {
    pub(super) words: Vec<Word>,
    /// Commands found inside this command's substitutions.
    pub(super) inner: Vec<SimpleCommand>,
    pub(super) expansion: bool,
    pub(super) redirected: bool,
    /// A `( ... )` just closed: only redirections and operators may follow.
    pub(super) after_group: bool,
}

const RESERVED_DROPPED: &[&str] = &[
    "!", "{", "}", "if", "then", "elif", "else", "fi", "while", "until", "do", "done",
];

/// Ends the command being read: drops reserved words, assignments and wrappers, then records
/// it (if anything is left) followed by the commands found inside it. `decides`: what follows
/// it lets its exit status be the line's ([`SimpleCommand::decides`]).
pub(super) fn finish(cur: Builder, out: &mut Vec<SimpleCommand>, decides: bool) {
    let Builder {
        words,
        mut inner,
        expansion,
        redirected,
        after_group,
    } = cur;
    let mut words = words.into_iter().peekable();
    let mut assigned = false;
    let mut reserved = false;
    let mut header = false;
    let mut condition = false;
    while let Some(w) = words.peek().filter(|w| !w.quoted) {
        if RESERVED_DROPPED.contains(&w.text.as_str()) {
            condition |= matches!(w.text.as_str(), "!" | "if" | "elif" | "while" | "until");
            words.next();
            reserved = true;
        } else {
            header = matches!(w.text.as_str(), "for" | "select");
            break;
        }
    }
    while words.peek().is_some_and(|w| w.assignment) {
        words.next();
        assigned = true;
    }
    let words: Vec<String> = if header {
        Vec::new()
    } else {
        words.map(|w| w.text).collect()
    };
    // A substitution's status is its command's own only in a command of bare assignments
    // (`root=$(git rev-parse --show-toplevel) && ...` exits 127 without git).
    let bare_assignment = words.is_empty() && assigned;
    // A substitution that builds the program's path, or the path of the script a shell or
    // interpreter runs (`bash "$(git rev-parse --show-toplevel)/x.sh"`), leaves a path that
    // names nothing when it fails, and the command fails with it: its status counts too.
    let builds_path = builds_a_path(&words);
    // A group's or keyword's own redirections (`( make ) > log`, `done < f`) make no command;
    // an empty command is still kept when it carries an expansion.
    let bare_redirection = redirected && !after_group && !reserved && !header;
    if !words.is_empty() || assigned || expansion || bare_redirection {
        out.push(SimpleCommand {
            words: strip_wrappers(words),
            has_expansion: expansion,
            decides: decides && !condition,
        });
    }
    // A substitution that builds the program's path, or the path of the script a shell or
    // interpreter runs (`bash "$(git rev-parse --show-toplevel)/x.sh"`), leaves a path that
    // names nothing when it fails, and the command fails with it: its status counts too.
    for c in &mut inner {
        c.decides &= decides && (bare_assignment || builds_path);
    }
    out.append(&mut inner);
}

/// Whether a substitution is in the program word, or in the script path a shell or an
/// interpreter is given.
fn builds_a_path(words: &[String]) -> bool {
    let substituted = |w: &str| w.contains("$(") || w.contains('`');
    let Some((first, rest)) = words.split_first() else {
        return false;
    };
    if substituted(first) {
        return true;
    }
    let base = first.rsplit('/').next().unwrap_or(first);
    super::runs_a_script(base)
        && super::script_arg(base, rest).is_some_and(|i| substituted(&rest[i]))
}
