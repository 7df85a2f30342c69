//! Where hookcheck writes: stdout for results (neutralised in a GitHub Actions step, so hook
//! output never becomes a workflow command), stderr for errors, as cargo writes them.

use std::io::Write as _;
use std::sync::OnceLock;

use crate::error::Error;
use crate::judge::EXIT_USAGE;
use crate::report;

/// Prints text for people; in a GitHub Actions step no line of it can be read as a workflow
/// command (it holds hook output, and hook output must not forge or stop annotations).
pub fn print(s: &str) {
    let s = visible(s);
    if in_github_actions() {
        write_stdout(&report::suite::github::neutralise_text(&s));
    } else {
        write_stdout(&s);
    }
}

/// `s` with every control character but newline and tab shown escaped (`\e`, `\r`,
/// `\u{7}`), so text that holds hook output, a trigger or a file's line cannot drive the
/// terminal or a CI log: no OSC 52 clipboard write, no title change, no cursor move or
/// carriage return that rewrites the verdict above. hookcheck's own colours (SGR sequences,
/// `ESC [ digits ; ... m`) pass: they only colour, whoever wrote them.
pub fn visible(s: &str) -> std::borrow::Cow<'_, str> {
    let raw = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !s.chars().any(raw) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if c == '\x1b' {
            let sgr = rest[1..]
                .strip_prefix('[')
                .map(|r| {
                    r.len()
                        - r.trim_start_matches(|d: char| d.is_ascii_digit() || d == ';')
                            .len()
                })
                .filter(|n| rest[2 + n..].starts_with('m'));
            if let Some(n) = sgr {
                out.push_str(&rest[..3 + n]);
                rest = &rest[3 + n..];
                continue;
            }
        }
        match c {
            '\x1b' => out.push_str("\\e"),
            '\r' => out.push_str("\\r"),
            c if raw(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    std::borrow::Cow::Owned(out)
}

/// Prints JSON; in a GitHub Actions step with `##[` spelt so the runner cannot read it.
pub fn print_json(s: &str) {
    if in_github_actions() {
        write_stdout(&report::suite::github::neutralise_json(s));
    } else {
        write_stdout(s);
    }
}

/// Standard output for JSON written as it streams; in a GitHub Actions step with `##[` spelt
/// so the runner cannot read it.
pub fn json_stdout() -> Box<dyn std::io::Write> {
    if in_github_actions() {
        Box::new(Checked(report::suite::github::NeutralJson::new(
            anstream::stdout(),
        )))
    } else {
        Box::new(Checked(anstream::stdout()))
    }
}

/// The first error writing to stdout other than a closed pipe: a full disk (`> /dev/full`),
/// a closed descriptor. The report is lost, so the run ends with exit status 2 and says why
/// ([`write_error`]), never 0 with an empty report.
static WRITE_ERROR: OnceLock<String> = OnceLock::new();

/// Records `e`, unless it is a closed pipe (`hookcheck ... | head` wants no more).
fn note(e: &std::io::Error) {
    if e.kind() != std::io::ErrorKind::BrokenPipe {
        let _ = WRITE_ERROR.set(e.to_string());
    }
}

/// When the report could not be written to stdout: says so on stderr, as any error, and
/// returns exit status 2.
pub fn lost_report() -> Option<i32> {
    let why = WRITE_ERROR.get()?;
    let e = Error::new(
        crate::error::Kind::Output,
        format!("cannot write the report to stdout: {why}"),
    )
    .help("write it where there is room: `> FILE` on another disk, or a pipe");
    Some(report_error(&e, false))
}

/// A writer whose errors are recorded ([`write_error`]) whatever its caller does with them.
struct Checked<W>(W);

impl<W: std::io::Write> std::io::Write for Checked<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).inspect_err(note)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().inspect_err(note)
    }
}

/// Prints hookcheck's own workflow commands, as they are.
pub fn print_command(s: &str) {
    write_stdout(s);
}

fn write_stdout(s: &str) {
    let mut out = Checked(anstream::stdout());
    // A closed pipe (`hookcheck ... | head`) is not an error worth a word; any other error is
    // recorded, and ends the run with exit status 2.
    let _ = out.write_all(s.as_bytes());
    let _ = out.flush();
}

/// Reports an error hookcheck cannot run with, on stderr as cargo writes one (and as JSON on
/// stdout when the command was asked for JSON), and returns exit status 2. The one renderer
/// of [`Error`]: every subcommand returns its error to `app::main`, which calls this.
pub fn report_error(error: &Error, json: bool) -> i32 {
    if json {
        print_json(&format!("{}\n", report::json::render_error(error)));
    }
    let text = visible(&error.render()).into_owned();
    let text = if in_github_actions() {
        report::suite::github::neutralise_text(&text)
    } else {
        text
    };
    let _ = anstream::stderr().write_all(text.as_bytes());
    EXIT_USAGE
}

/// Whether this runs as a GitHub Actions step.
pub fn in_github_actions() -> bool {
    std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true")
}
