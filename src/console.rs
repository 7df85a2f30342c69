//! Where hookcheck writes: stdout for results (neutralised in a GitHub Actions step, so hook
//! output never becomes a workflow command), stderr for errors, as cargo writes them.

use std::io::Write as _;

use crate::error::Error;
use crate::judge::EXIT_USAGE;
use crate::report;

/// Prints text for people; in a GitHub Actions step no line of it can be read as a workflow
/// command (it holds hook output, and hook output must not forge or stop annotations).
pub fn print(s: &str) {
    if in_github_actions() {
        write_stdout(&report::suite::github::neutralise_text(s));
    } else {
        write_stdout(s);
    }
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
        Box::new(report::suite::github::NeutralJson::new(anstream::stdout()))
    } else {
        Box::new(anstream::stdout())
    }
}

/// Prints hookcheck's own workflow commands, as they are.
pub fn print_command(s: &str) {
    write_stdout(s);
}

fn write_stdout(s: &str) {
    let mut out = anstream::stdout();
    // A closed pipe (`hookcheck ... | head`) is not an error worth a panic.
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
    let text = error.render();
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
