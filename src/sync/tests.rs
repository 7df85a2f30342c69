//! Merging never clobbers, and every file sync writes loads, by its agent's own loader, into
//! the handlers sync meant.

use std::path::Path;

use super::{Action, Handler, Place, merge, plan};
use crate::native::loader::{Layout, Writer};
use crate::native::{NativeHandler, Unit};
use crate::tools::ALL;

const GROUPED: Writer = Writer {
    hooks_key: Some("hooks"),
    file: "x.json",
    layout: Layout::Grouped,
    top: "{}",
    handler: r#"{"type":"command","command":"$COMMAND","timeout":"$TIMEOUT"}"#,
    unit: Unit::Seconds,
};

const FLAT: Writer = Writer {
    hooks_key: Some("hooks"),
    file: "x.json",
    layout: Layout::Flat,
    top: r#"{"version":1}"#,
    handler: r#"{"bash":"$COMMAND","timeoutSec":"$TIMEOUT"}"#,
    unit: Unit::Seconds,
};

fn guard(event: &str, matcher: &str, command: &str) -> Handler {
    Handler {
        event: event.into(),
        matcher: matcher.into(),
        command: command.into(),
        timeout: Some(10),
    }
}

fn ours(command: &str) -> bool {
    command.starts_with(".hookcheck/")
}

fn merged(old: Option<&str>, w: &Writer, wanted: &[Handler]) -> String {
    merge(old, w, wanted, &ours).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_new_file_holds_the_writers_top_fields_and_the_handlers() {
    let text = merged(
        None,
        &FLAT,
        &[guard("preToolUse", "bash", ".hookcheck/g.sh")],
    );
    assert_eq!(
        text,
        r#"{
  "version": 1,
  "hooks": {
    "preToolUse": [
      {
        "bash": ".hookcheck/g.sh",
        "timeoutSec": 10,
        "matcher": "bash"
      }
    ]
  }
}
"#
    );
}

#[test]
fn json_comments_and_entries_sync_did_not_write_stay_byte_for_byte() {
    let old = r#"{
  // the team's own settings
  "model": "x",
  "hooks": {
    /* formatter */
    "PostToolUse": [
      {"matcher": "Edit", "hooks": [{"type": "command", "command": "npx prettier --write"}]}
    ],
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./team-guard.sh"}]},
    ],
  }
}
"#;
    let text = merged(
        Some(old),
        &GROUPED,
        &[guard("PreToolUse", "Bash", ".hookcheck/g.sh")],
    );
    assert_eq!(
        text,
        r#"{
  // the team's own settings
  "model": "x",
  "hooks": {
    /* formatter */
    "PostToolUse": [
      {"matcher": "Edit", "hooks": [{"type": "command", "command": "npx prettier --write"}]}
    ],
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./team-guard.sh"}]},
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": ".hookcheck/g.sh",
            "timeout": 10
          }
        ]
      }
    ],
  }
}
"#
    );
    // A second sync changes nothing.
    let again = merged(
        Some(&text),
        &GROUPED,
        &[guard("PreToolUse", "Bash", ".hookcheck/g.sh")],
    );
    assert_eq!(again, text);
}

#[test]
fn an_owned_entry_is_updated_where_it_stands_and_removed_when_no_spec_wants_it() {
    let old = r#"{"hooks": {"preToolUse": [
  {"bash": ".hookcheck/old.sh", "timeoutSec": 5, "matcher": "bash"},
  {"bash": "./theirs.sh"}
]}}"#;
    let updated = merged(
        Some(old),
        &FLAT,
        &[guard("preToolUse", "bash", ".hookcheck/g.sh")],
    );
    assert_eq!(
        updated,
        r#"{"hooks": {"preToolUse": [
  {
    "bash": ".hookcheck/g.sh",
    "timeoutSec": 10,
    "matcher": "bash"
  },
  {"bash": "./theirs.sh"}
]}}"#
    );
    let removed = merged(Some(&updated), &FLAT, &[]);
    assert_eq!(
        removed,
        "{\"hooks\": {\"preToolUse\": [\n  {\"bash\": \"./theirs.sh\"}\n]}}"
    );
}

#[test]
fn a_file_without_hooks_gets_them_and_a_new_event_joins_the_others() {
    let text = merged(
        Some("{\n  \"theme\": \"dark\"\n}\n"),
        &GROUPED,
        &[guard("Stop", "", ".hookcheck/s.sh")],
    );
    assert_eq!(
        text,
        "{\n  \"theme\": \"dark\",\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \".hookcheck/s.sh\",\n            \"timeout\": 10\n          }\n        ]\n      }\n    ]\n  }\n}\n"
    );
    let two = merged(
        Some(&text),
        &GROUPED,
        &[
            guard("Stop", "", ".hookcheck/s.sh"),
            guard("SessionStart", "", ".hookcheck/c.sh"),
        ],
    );
    assert!(
        two.starts_with(&text[..text.find("\n  }\n}").unwrap_or(0)]),
        "{two}"
    );
    assert!(two.contains("    ],\n    \"SessionStart\": [\n"), "{two}");
    assert_eq!(
        merged(
            Some(&two),
            &GROUPED,
            &[
                guard("Stop", "", ".hookcheck/s.sh"),
                guard("SessionStart", "", ".hookcheck/c.sh"),
            ],
        ),
        two
    );
}

#[test]
fn a_file_that_is_not_json_is_an_error_not_overwritten() {
    for (old, want, at) in [
        (
            "{\"hooks\": ",
            "the text ends before a value at line 1",
            Some((1, 11)),
        ),
        ("[1]", "the file is not a JSON object", None),
        ("{\"hooks\": []}", "its `hooks` is not a JSON object", None),
    ] {
        let e = merge(Some(old), &GROUPED, &[], &ours).expect_err(old);
        assert_eq!(e.kind, crate::error::Kind::HookFile, "{old}");
        assert_eq!(e.message(), format!("{}: {want}", GROUPED.file), "{old}");
        let place = e
            .place
            .as_deref()
            .map(|p| (p.line.unwrap_or(0), p.column.unwrap_or(0)));
        assert_eq!(place, at, "{old}");
    }
}

/// The repository's example hooks, as sync plans them.
fn example_specs() -> Vec<crate::spec::HookSpec> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(".hookcheck/hooks");
    crate::spec::discover(&[dir])
        .into_iter()
        .map(|(_, p)| crate::spec::load_file(&p).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

#[test]
fn every_file_sync_writes_loads_by_its_agents_own_loader_as_meant() {
    let root = Path::new("/project");
    let at = Place { root, home: root };
    let mut checked = 0;
    for agent in ALL {
        let Some(loader) = agent.loader() else {
            continue;
        };
        let Ok(w) = loader.writes else { continue };
        let wanted: Vec<Handler> = example_specs()
            .iter()
            .flat_map(|s| plan(s, &[agent], &at))
            .filter_map(|p| match p.action {
                Action::Write(h) => Some(h),
                _ => None,
            })
            .flatten()
            .collect();
        assert!(!wanted.is_empty(), "{}: nothing to write", agent.id);
        let text = merged(None, w, &wanted);
        let path = root.join(w.file);
        let loaded: Vec<NativeHandler> =
            (loader.parse)(&path, &text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", agent.id));
        let got: Vec<(String, String, String, Option<u64>)> = loaded
            .iter()
            // An absent matcher reads back as `*` where the loader says so (OpenHands): every
            // call, as sync meant.
            .map(|h| {
                let matcher = if h.matcher == "*" {
                    String::new()
                } else {
                    h.matcher.clone()
                };
                (h.event.clone(), matcher, h.command.clone(), h.timeout_s)
            })
            .collect();
        let want: Vec<(String, String, String, Option<u64>)> = wanted
            .iter()
            .map(|h| {
                // The loader reads the timeout back in seconds.
                let secs = h.timeout.map(|t| w.unit.convert(t).0);
                (h.event.clone(), h.matcher.clone(), h.command.clone(), secs)
            })
            .collect();
        let mut got_sorted = got.clone();
        got_sorted.sort();
        let mut want_sorted = want.clone();
        want_sorted.sort();
        // Cascade's file has no timeout key: it runs the hook under its own.
        if w.handler.contains("$TIMEOUT") {
            assert_eq!(got_sorted, want_sorted, "{}:\n{text}", agent.id);
        } else {
            let strip = |v: Vec<(String, String, String, Option<u64>)>| -> Vec<_> {
                v.into_iter().map(|(e, m, c, _)| (e, m, c)).collect()
            };
            assert_eq!(
                strip(got_sorted),
                strip(want_sorted),
                "{}:\n{text}",
                agent.id
            );
        }
        checked += 1;
    }
    assert!(checked >= 14, "only {checked} agents' files were checked");
}
