//! Entry points for fuzzing the pure functions that take what a user or a hook wrote: the spec
//! loader, every native loader, every matcher flavour, the shell splitter, every agent's
//! planner and reply reader. Each takes arbitrary input and must return without panicking.
//!
//! `tests/it/fuzz.rs` drives them with proptest on stable (bounded cases, in `cargo test`);
//! `fuzz/` holds cargo-fuzz targets over the same functions for whoever has nightly.

use std::path::Path;
use std::time::Duration;

use crate::exec::{Captured, Outcome};
use crate::spec::{self, HookSpec};
use crate::tools::{self, Plan, PlanContext, ReadContext};
use crate::trigger::Trigger;

/// Specs that reach every kind of event, planned by every agent in [`plan_and_read`].
const SPECS: &[&str] = &[
    "on: before-tool\nmatch: any\ncommand: ./h.sh\n",
    "on: after-tool\nmatch: any\ncommand: ./h.sh\n",
    "on: prompt-submit\ncommand: ./h.sh\n",
    "on: stop\ncommand: ./h.sh\n",
    "on: session-start\ncommand: ./h.sh\n",
    "event: PreToolUse\nmatcher: '*'\ncommand: ./h.sh\n",
];

/// Loads `text` as a spec file in each format hookcheck reads (YAML and JSON).
pub fn spec_text(text: &str) {
    for name in ["fuzz.yaml", "fuzz.json"] {
        let _ = spec::load::from_text(Path::new(name), text);
    }
}

/// Parses `text` as every agent's native hook file, at each path the agent reads (its
/// project glob, with `*` and `<Event>` filled in).
pub fn native_file(text: &str) {
    let root = Path::new("/project");
    for id in tools::ids() {
        let Some(loader) = crate::native::agents::find(id) else {
            continue;
        };
        for glob in loader.project_glob.split(", ") {
            let file = glob.replace('*', "h").replace("<Event>", "PreToolUse");
            let _ = (loader.parse)(&root.join(file), text);
        }
    }
}

/// Matches `name` against `pattern` in every matcher flavour; the JavaScript one within a
/// small budget.
pub fn matchers(pattern: &str, name: &str) {
    use crate::matcher;
    let _ = matcher::rust_regex_matches(pattern, name);
    let _ = matcher::go_regex_matches(pattern, name);
    let _ = matcher::python_fullmatch(pattern, name);
    let _ = matcher::non_portable_regex_feature(pattern);
    let _ = matcher::is_match_all(pattern);
    let _ = matcher::is_exact_list(pattern);
    let _ = matcher::exact_list_matches(pattern, name);
    let _ = matcher::wildcard_matches(pattern, name);
    if let Ok(re) = matcher::JsRegex::new(pattern) {
        let _ = re.is_match_within(name, Duration::from_millis(50));
    }
}

/// Splits `line` as a shell command line, as the planners and lint do.
pub fn shell_line(line: &str) {
    let _ = crate::shell::simple_commands(line);
    let _ = crate::shell::plain_script_words(line, &["CLAUDE_PROJECT_DIR", "HOME"]);
}

/// What a hook did, for [`plan_and_read`].
#[derive(Debug, Clone)]
pub struct Reply<'a> {
    /// The exit code (None: killed, timed out or never started, by the flags below).
    pub exit_code: Option<i32>,
    /// The signal that ended it.
    pub signal: Option<i32>,
    /// Its stdout.
    pub stdout: &'a [u8],
    /// Its stderr.
    pub stderr: &'a [u8],
    /// It ran past its timeout.
    pub timed_out: bool,
    /// It could not be started.
    pub start_error: bool,
}

/// Every agent plans every spec in [`SPECS`] for `trigger`, then reads `reply` as the reply of
/// each command it would run, and combines the readings.
pub fn plan_and_read(trigger: &Trigger, reply: &Reply) {
    let specs: Vec<HookSpec> = SPECS
        .iter()
        .filter_map(|s| spec::load::from_text(Path::new("fuzz.yaml"), s).ok())
        .collect();
    let env = vec![("PATH".to_string(), "/usr/bin:/bin".to_string())];
    let outcome = outcome(reply);
    for tool in tools::ALL {
        for spec in &specs {
            let cx = PlanContext {
                spec,
                trigger,
                root: Path::new("/project"),
                start: Path::new("/project"),
                home: Path::new("/home/user"),
                env: &env,
            };
            let Plan::Run(run) = tool.plan(&cx) else {
                continue;
            };
            let input = run
                .commands
                .iter()
                .find_map(|c| c.invocation.as_ref().ok())
                .and_then(|inv| serde_json::from_slice(&inv.stdin).ok())
                .unwrap_or(serde_json::Value::Null);
            let rx = ReadContext {
                event: &run.event,
                spec,
                input: &input,
                peers: &specs,
            };
            let readings: Vec<_> = run
                .commands
                .iter()
                .map(|_| tool.read(&rx, &outcome))
                .collect();
            let _ = tool.combine(&rx, &readings);
        }
    }
}

/// The [`Outcome`] a reader sees for `reply`.
fn outcome(reply: &Reply) -> Outcome {
    let captured = |bytes: &[u8]| Captured {
        bytes: bytes.to_vec(),
        total: bytes.len() as u64,
    };
    Outcome {
        exit_code: if reply.timed_out || reply.start_error || reply.signal.is_some() {
            None
        } else {
            reply.exit_code
        },
        signal: reply.signal,
        stdout: captured(reply.stdout),
        stderr: captured(reply.stderr),
        timed_out: reply.timed_out,
        start_error: reply
            .start_error
            .then(|| "No such file or directory (os error 2)".to_string()),
        elapsed: Duration::from_millis(1),
        leftovers: false,
        pipes_held: false,
        held_open: false,
    }
}
