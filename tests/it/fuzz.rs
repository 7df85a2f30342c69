//! Property tests over everything a user or a hook can write: spec files, every agent's native
//! hook file, matcher patterns, shell command lines, triggers and replies. None may panic.
//!
//! The inputs are shaped like the real thing (the keys and values specs, hook files and replies
//! use, mixed with arbitrary text), so the cases reach past the first parse error. The case
//! count is bounded for `cargo test`; `PROPTEST_CASES=100000 cargo test --test it fuzz::` digs
//! deeper, and `fuzz/` has cargo-fuzz targets over the same entry points for nightly.

use std::path::{Path, PathBuf};

use hookcheck::fuzz::{self, Reply};
use hookcheck::trigger::Trigger;
use proptest::prelude::*;
use serde_json::Value;

/// Words specs, hook files and replies are made of.
const WORDS: &[&str] = &[
    "hooks",
    "event",
    "on",
    "match",
    "matcher",
    "command",
    "commands",
    "args",
    "type",
    "timeout",
    "timeoutSec",
    "targets",
    "async",
    "if",
    "failClosed",
    "shell",
    "cwd",
    "env",
    "decision",
    "reason",
    "continue",
    "stopReason",
    "cancel",
    "permissionDecision",
    "permissionDecisionReason",
    "hookSpecificOutput",
    "hookEventName",
    "additionalContext",
    "systemMessage",
    "suppressOutput",
    "updatedInput",
    "version",
    "bash",
    "PreToolUse",
    "PostToolUse",
    "preToolUse",
    "BeforeTool",
    "Stop",
    "UserPromptSubmit",
    "SessionStart",
    "before-tool",
    "after-tool",
    "prompt-submit",
    "stop",
    "session-start",
    "shell",
    "edit",
    "any",
    "mcp:",
    "Bash",
    "Write|Edit",
    "*",
    ".*",
    "block",
    "deny",
    "allow",
    "ask",
    "approve",
    "x-goose",
    "x-kiro",
    "x-gemini",
    "",
];

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(WORDS).prop_map(str::to_string),
        1 => "\\PC{0,12}",
    ]
}

/// JSON values built from [`WORDS`], nested a few levels.
fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        proptest::sample::select(&[0i64, -1, 1, 2, 5, 60, 600, 1000, 600_000][..])
            .prop_map(Value::from),
        word().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            proptest::collection::vec((word(), inner), 0..6)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// A YAML document: lines of `key: value` from [`WORDS`], nesting, lists and arbitrary text.
fn yaml() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        (word(), word()).prop_map(|(k, v)| format!("{k}: {v}")),
        (word(), json()).prop_map(|(k, v)| format!("{k}: {v}")),
        (word(), word()).prop_map(|(k, v)| format!("  {k}: {v}")),
        word().prop_map(|v| format!("  - {v}")),
        "\\PC{0,30}",
    ];
    proptest::collection::vec(line, 0..10).prop_map(|lines| lines.join("\n"))
}

/// Bytes a hook may print: JSON replies, text, both, and raw bytes.
fn output() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => json().prop_map(|v| v.to_string().into_bytes()),
        1 => (word(), json()).prop_map(|(t, v)| format!("{t}\n{v}\n").into_bytes()),
        1 => json().prop_map(|v| format!("\u{feff}{v}\r\n").into_bytes()),
        1 => proptest::collection::vec(any::<u8>(), 0..64),
    ]
}

fn reply_parts() -> impl Strategy<Value = (Option<i32>, Option<i32>, Vec<u8>, Vec<u8>, u8)> {
    (
        proptest::option::of(prop_oneof![
            proptest::sample::select(&[0, 1, 2, 3, 124, 126, 127, 255][..]),
            any::<i32>()
        ]),
        proptest::option::weighted(0.1, proptest::sample::select(&[2, 9, 11, 15][..])),
        output(),
        output(),
        0u8..10,
    )
}

fn trigger() -> impl Strategy<Value = Trigger> {
    prop_oneof![
        Just(Trigger::None),
        "\\PC{0,40}".prop_map(Trigger::Bash),
        ("[a-zA-Z0-9 ./_-]{0,30}", any::<bool>()).prop_map(|(p, exists)| Trigger::Edit {
            path: Path::new("/project").join(p),
            exists
        }),
        // A path that is not UTF-8 (a Latin-1 file name, say) is a valid Unix path.
        (proptest::collection::vec(any::<u8>(), 1..12), any::<bool>()).prop_map(|(b, exists)| {
            use std::os::unix::ffi::OsStrExt;
            let name = std::ffi::OsStr::from_bytes(&b).to_os_string();
            Trigger::Edit {
                path: Path::new("/project").join(name),
                exists,
            }
        }),
        "\\PC{0,40}".prop_map(Trigger::Prompt),
        json().prop_map(|value| Trigger::Payload {
            path: PathBuf::from("payload.json"),
            stdin: value.to_string().into_bytes().into(),
            value,
        }),
    ]
}

/// Every native fixture, as text, to mutate.
fn fixtures() -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/native")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                out.push(text);
            }
        }
    }
    out.sort();
    assert!(out.len() > 20, "the native fixtures are missing");
    out
}

/// A fixture with a few bytes replaced or cut, as text (lossy).
fn mutated_fixture() -> impl Strategy<Value = String> {
    let all = fixtures();
    (
        0..all.len(),
        proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        any::<prop::sample::Index>(),
    )
        .prop_map(move |(i, edits, cut)| {
            let mut bytes = all[i].clone().into_bytes();
            for (at, b) in edits {
                if !bytes.is_empty() {
                    let k = at.index(bytes.len());
                    bytes[k] = b;
                }
            }
            if !bytes.is_empty() && cut.index(4) == 0 {
                bytes.truncate(cut.index(bytes.len()));
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(cases),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn spec_files_never_panic(text in prop_oneof![yaml(), json().prop_map(|v| v.to_string()), "\\PC{0,80}"]) {
        fuzz::spec_text(&text);
    }

    #[test]
    fn native_hook_files_never_panic(text in prop_oneof![
        2 => json().prop_map(|v| v.to_string()),
        2 => mutated_fixture(),
        1 => yaml(),
    ]) {
        fuzz::native_file(&text);
    }

    #[test]
    fn matchers_never_panic(pattern in "[a-zA-Z_|()*+?.^$\\\\{}\\[\\]:,0-9 -]{0,16}", name in "[a-zA-Z_:.0-9-]{0,12}") {
        fuzz::matchers(&pattern, &name);
    }

    #[test]
    fn shell_lines_never_panic(line in prop_oneof![
        "[a-z $'\"\\\\|&;<>(){}#=*?~`\n.-]{0,40}",
        "\\PC{0,40}",
    ]) {
        fuzz::shell_line(&line);
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn planners_and_readers_never_panic(trigger in trigger(), parts in reply_parts()) {
        let (exit_code, signal, stdout, stderr, flag) = parts;
        let reply = Reply {
            exit_code,
            signal,
            stdout: &stdout,
            stderr: &stderr,
            timed_out: flag == 0,
            start_error: flag == 1,
        };
        fuzz::plan_and_read(&trigger, &reply);
    }
}
