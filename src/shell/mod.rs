//! Shell command text: splitting into simple commands, and the "plain script path" check.
//!
//! Both functions are small hand-written lexers, not a full shell parser. What they accept is
//! listed here exactly; anything else is an error ([`simple_commands`]) or `None`
//! ([`plain_script_words`]).
//!
//! # The language [`simple_commands`] accepts (a subset of bash)
//!
//! - **Separators** split a line into simple commands: `&&`, `||`, `;`, `|`, `|&`, `&`, newline.
//!   Operators inside quotes do not split.
//! - **Words** are runs of: plain characters; `\c` escapes (a backslash-newline is a line
//!   continuation); `'single quotes'`; `"double quotes"` (where `\` escapes only `$`, `` ` ``,
//!   `"`, `\` and newline); `$'ANSI-C'` quotes (escapes `\n \t \r \a \b \e \f \v \\ \' \" \?`,
//!   `\cX`, octal `\nnn`, `\xHH`, `\uHHHH`, `\UHHHHHHHH` decoded, each code as one character;
//!   any other `\c` kept as written); `$"locale"` strings (read as double quotes).
//!   Quote removal is applied; expansions are kept as written.
//! - **Expansions** mark the command `has_expansion`: `$NAME`, `$0`…`$9`, `$@ $* $# $? $$ $! $-`,
//!   `${...}`, `$(...)`, `` `...` ``, `$((...))`, and process substitution `<(...)` / `>(...)`.
//!   The commands inside `$(...)`, backticks and process substitutions (also inside double
//!   quotes, `${...}` and redirection targets) are returned too, recursively, up to
//!   [`MAX_DEPTH`] levels. `$((...))` is arithmetic: it is skipped, commands inside it are not
//!   looked for.
//! - **Redirections** are removed with their target word: `<`, `>`, `>>`, `>|`, `<>`, `<&`,
//!   `>&`, `&>`, `&>>`, `<<<`, with an optional file-descriptor number (`2>&1`). Here-documents
//!   (`<<WORD`, `<<-WORD`) are read: the body runs to the line equal to the delimiter (or to the
//!   end of the text, as bash allows); when the delimiter is unquoted, commands inside `$(...)`
//!   and backticks in the body are returned as well.
//! - **Grouping:** `( ... )` subshells and `{ ...; }` groups are looked into. The reserved words
//!   `!`, `{`, `}`, `if`, `then`, `elif`, `else`, `fi`, `while`, `until`, `do`, `done` are dropped
//!   from the start of a command, and a `for`/`select` header (`for x in a b`) is not a command.
//!   `[[ ... ]]` is read as ordinary words.
//! - **Comments:** `#` at the start of a word runs to the end of the line.
//! - **Not supported, an error:** `case ... esac`, function definitions (`f() {...}`,
//!   `function f`), array assignments (`a=(1 2)`), `;;`, unbalanced quotes or parentheses.
//!
//! Each [`SimpleCommand`] has its leading `NAME=value` assignments dropped (only a prefix: a
//! `NAME=value` after the command name stays an argument), then the wrappers in [`WRAPPERS`],
//! repeatedly (`nohup timeout 30 nice git` is `git`).
//!
//! # The language [`plain_script_words`] accepts
//!
//! ```text
//! line  := blank* path (blank+ arg)* blank*          blank := ' ' | '\t'
//! path  := [A-Za-z0-9_.+-]* '/' [A-Za-z0-9_./+-]+    ("./x.sh", "hooks/x.sh", "/abs/x.sh")
//!        | var '/' [A-Za-z0-9_./+-]+                 (var names one of `allowed_vars`)
//! var   := '"$' NAME '"' | '"${' NAME '}"'
//! arg   := [A-Za-z0-9_./=:,@%+-]+ | "'" [^']* "'"
//! ```
//!
//! This is the probe grammar of crates.md §4, except that `~` is not accepted: where no shell
//! runs the command, `~` is not expanded, so `~/x.sh` would name a file literally called `~`.

use std::fmt;

mod builder;
mod parser;
mod plain;

use parser::Parser;
pub use plain::plain_script_words;

/// How deep `$(...)`, backticks, process substitutions and subshells may nest.
pub const MAX_DEPTH: usize = 16;

/// A wrapper command that runs the command given after its own options and arguments.
#[derive(Debug, Clone, Copy)]
pub struct Wrapper {
    /// The wrapper's command name.
    pub name: &'static str,
    /// Options that take the next word as their value (`-n 5`).
    pub options_with_value: &'static [&'static str],
    /// Options after which the rest is not a command to run (`command -v git` only looks `git` up).
    pub stop_options: &'static [&'static str],
    /// Positional arguments before the wrapped command (`timeout`'s duration).
    pub positional: usize,
    /// Whether `NAME=value` words may follow the options (`env A=1 cmd`).
    pub assignments: bool,
}

/// The wrappers dropped from the front of a simple command, with the options each one takes
/// (GNU coreutils `timeout`, `nice`, `nohup`, `stdbuf`, `env`; GNU `time`; bash `command`,
/// `exec`). `sudo`, `xargs`, `watch` and the like are not wrappers here: they stay the command.
pub const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        name: "timeout",
        options_with_value: &["-s", "--signal", "-k", "--kill-after"],
        stop_options: &[],
        positional: 1,
        assignments: false,
    },
    Wrapper {
        name: "time",
        options_with_value: &["-f", "--format", "-o", "--output"],
        stop_options: &[],
        positional: 0,
        assignments: false,
    },
    Wrapper {
        name: "nice",
        options_with_value: &["-n", "--adjustment"],
        stop_options: &[],
        positional: 0,
        assignments: false,
    },
    Wrapper {
        name: "nohup",
        options_with_value: &[],
        stop_options: &[],
        positional: 0,
        assignments: false,
    },
    Wrapper {
        name: "stdbuf",
        options_with_value: &["-i", "-o", "-e", "--input", "--output", "--error"],
        stop_options: &[],
        positional: 0,
        assignments: false,
    },
    Wrapper {
        name: "env",
        options_with_value: &["-u", "--unset", "-C", "--chdir"],
        // `env -S 'a b'` splits a string into the command: not followed here.
        stop_options: &["-S", "--split-string"],
        positional: 0,
        assignments: true,
    },
    Wrapper {
        name: "command",
        options_with_value: &[],
        stop_options: &["-v", "-V"],
        positional: 0,
        assignments: false,
    },
    Wrapper {
        name: "exec",
        options_with_value: &["-a"],
        stop_options: &[],
        positional: 0,
        assignments: false,
    },
];

/// One simple command found in a command line: its words after quote removal, with leading
/// `VAR=value` assignments and the [`WRAPPERS`] dropped.
///
/// A command made only of assignments or redirections (`X=$(id)`, `> out`) has no words; so has
/// a loop header, a group's redirection or a here-document body when it has an expansion
/// (`for f in $X`, `( a ) > $F`, `<<EOF` then `$HOME`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimpleCommand {
    /// The words after quote removal; expansions are kept as written (`$HOME`, `$(id)`).
    pub words: Vec<String>,
    /// Whether any word of the command as written (including the dropped assignments, wrapper
    /// arguments and redirection targets) has `$VAR`, `${..}`, `$(..)`, `` `..` `` or `<(..)`.
    pub has_expansion: bool,
    /// Its exit status can be the whole line's: it is not inside a substitution, not a
    /// condition (`if`, `while`, `until`, `!`), and not followed by `||`, `|`, `&`, `;` or a
    /// newline (after which another command's status counts).
    pub decides: bool,
}

/// Shells, which run the script named by their first argument that is not an option (or,
/// after `-c`, a command text).
const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh"];

/// Interpreters and shell builtins that run the script named by their first argument that is
/// not an option.
const INTERPRETERS: &[&str] = &[
    "python", "python3", "node", "deno", "bun", "tsx", "ts-node", "ruby", "perl", "php", "source",
    ".",
];

/// Whether `name` (a program's base name) runs the script its first plain argument names.
pub fn runs_a_script(name: &str) -> bool {
    SHELLS.contains(&name) || INTERPRETERS.contains(&name) || name.starts_with("python3.")
}

/// Options after which an interpreter runs inline code, not a script.
const INLINE_OPTIONS: &[&str] = &["-c", "-e", "-m", "--eval", "-p", "--print"];

/// The index in `rest` of the script the interpreter `base` runs, if any: none after an
/// option that gives inline code (`-c`, `-e`, and a shell's clusters such as `-lc`).
pub fn script_arg(base: &str, rest: &[String]) -> Option<usize> {
    let mut i = 0;
    // `deno run x.ts`, `bun run x.ts`.
    if matches!(base, "deno" | "bun") && rest.first().is_some_and(|w| w == "run") {
        i = 1;
    }
    let shell = SHELLS.contains(&base);
    while let Some(w) = rest.get(i) {
        // A shell's `-c` may sit in a cluster (`-lc`), and its `-e` is errexit, not code.
        let inline = match shell {
            true => !w.starts_with("--") && w.starts_with('-') && w.contains('c'),
            false => INLINE_OPTIONS.contains(&w.as_str()),
        };
        if inline {
            return None;
        }
        if !w.starts_with('-') {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Why a command line could not be split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong, with the character offset where it was found.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// Splits a command line into its simple commands (see the module docs for the language).
///
/// Commands come in source order; the commands inside a command's substitutions follow it.
pub fn simple_commands(line: &str) -> Result<Vec<SimpleCommand>, ParseError> {
    let mut parser = Parser::new(line, 0);
    let mut out = Vec::new();
    parser.parse_list(false, &mut out)?;
    Ok(out)
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn is_name(s: &str) -> bool {
    let mut it = s.chars();
    it.next().is_some_and(is_name_start) && it.all(is_name_char)
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// Characters that end an unquoted word.
fn ends_word(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | ';' | '&' | '|' | '(' | ')' | '<' | '>'
    )
}

/// Drops the [`WRAPPERS`] from the front of `words`, repeatedly.
fn strip_wrappers(mut words: Vec<String>) -> Vec<String> {
    while let Some(skip) = words.first().and_then(|w| wrapper_length(&words, w)) {
        words.drain(..skip);
    }
    words
}

/// How many words the wrapper at the front of `words` takes, when a command follows it.
fn wrapper_length(words: &[String], first: &str) -> Option<usize> {
    let wrapper = WRAPPERS.iter().find(|w| w.name == first)?;
    let mut i = 1;
    while let Some(w) = words.get(i) {
        if w == "--" {
            i += 1;
            break;
        }
        if !w.starts_with('-') || w.len() == 1 {
            break;
        }
        if wrapper.stop_options.contains(&w.as_str()) {
            return None;
        }
        i += if wrapper.options_with_value.contains(&w.as_str()) {
            2
        } else {
            1
        };
    }
    if wrapper.assignments {
        while words
            .get(i)
            .is_some_and(|w| w.split_once('=').is_some_and(|(name, _)| is_name(name)))
        {
            i += 1;
        }
    }
    i += wrapper.positional;
    (i < words.len()).then_some(i)
}

#[cfg(test)]
mod tests;
