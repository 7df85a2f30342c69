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

/// An agent that runs one script per event: each script loads as one handler on its event,
/// that runs the commands of the event's handlers, in order.
fn scripts_load_as_meant(
    id: &str,
    loader: &crate::native::loader::Loader,
    w: &Writer,
    wanted: &[Handler],
) {
    let mut events: Vec<&str> = wanted.iter().map(|h| h.event.as_str()).collect();
    events.dedup();
    for event in events {
        let mine: Vec<&Handler> = wanted.iter().filter(|h| h.event == event).collect();
        let text = super::script::script(w.file, event, &mine);
        let path = Path::new("/project").join(w.file).join(event);
        let loaded = (loader.parse)(&path, &text).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(loaded.len(), 1, "{id}: {text}");
        assert_eq!(loaded[0].event, event, "{id}: {text}");
        let commands: Vec<String> = mine.iter().map(|h| h.command.clone()).collect();
        assert_eq!(loaded[0].synced_commands, commands, "{id}:\n{text}");
    }
}

#[test]
fn every_file_sync_writes_loads_by_its_agents_own_loader_as_meant() {
    let root = Path::new("/project");
    let at = Place {
        root,
        home: root,
        user: false,
    };
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
        if w.layout == Layout::ScriptPerEvent {
            scripts_load_as_meant(agent.id, loader, w, &wanted);
            checked += 1;
            continue;
        }
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
    assert!(checked >= 15, "only {checked} agents' files were checked");
}

fn on(event: &str, matcher: &str, command: &str) -> Handler {
    Handler {
        timeout: None,
        ..guard(event, matcher, command)
    }
}

#[test]
fn a_script_per_event_runs_each_hook_on_the_input_behind_its_tool_check() {
    let (a, b) = (
        on("PreToolUse", "run_commands", ".hookcheck/hooks/a.sh"),
        on("PreToolUse", "", "echo one\necho two"),
    );
    let text = super::script::script("d/hooks", "PreToolUse", &[&a, &b]);
    assert_eq!(
        text,
        r#"#!/bin/sh
# Written by `hookcheck sync` from the hook specs: edit the specs and run it again, not this file.
# The agent runs this script on PreToolUse with its input on stdin: each hook below gets
# that input, and they share this script's stdout.
cd "$(dirname "$0")/../.." || exit 1
input=$(cat)
tool=$(printf '%s' "$input" | grep -o '"toolName" *: *"[^"]*"' | head -n 1 | sed 's/.*"\([^"]*\)"$/\1/')
case "$tool" in
  run_commands)
    printf '%s\n' "$input" | {
      .hookcheck/hooks/a.sh
    }
    ;;
esac
printf '%s\n' "$input" | {
  echo one
  echo two
}
"#
    );
    // Read back, the commands are the handlers', a multi-line one whole.
    assert_eq!(
        super::script::commands(&text),
        [".hookcheck/hooks/a.sh", "echo one\necho two"]
    );
}

/// The script really runs: on the shell tool's input the guard's reply is its stdout, from
/// the project root; on another tool it never runs.
#[cfg(unix)]
#[test]
fn a_written_script_runs_the_hook_from_the_root_only_for_its_tools() {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("dir");
    let root = dir.path();
    std::fs::create_dir_all(root.join("d/hooks")).expect("dirs");
    let guard = on(
        "PreToolUse",
        "run_commands",
        "read -r line; printf 'cwd=%s in=%s' \"$(pwd)\" \"$line\"",
    );
    let text = super::script::script("d/hooks", "PreToolUse", &[&guard]);
    let path = root.join("d/hooks/PreToolUse");
    std::fs::write(&path, &text).expect("script");
    let run = |input: &str| {
        let mut child = std::process::Command::new("sh")
            .arg(&path)
            .current_dir("/")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("sh");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.as_bytes())
            .expect("write");
        let out = child.wait_with_output().expect("wait");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let shell =
        r#"{"hookName":"PreToolUse","preToolUse":{"toolName":"run_commands","parameters":{}}}"#;
    let root = root.canonicalize().expect("root");
    assert_eq!(run(shell), format!("cwd={} in={shell}", root.display()));
    let edit = r#"{"preToolUse": {"toolName": "editor"}}"#;
    assert_eq!(run(edit), "");
}

#[test]
fn a_script_sync_did_not_write_is_never_overwritten_and_its_own_goes_when_unwanted() {
    let guard = on("PreToolUse", "", ".hookcheck/hooks/g.sh");
    let theirs = "#!/bin/sh\n./team-guard.sh\n";
    let e = super::script::merge(
        "d/hooks/PreToolUse",
        "d/hooks",
        "PreToolUse",
        Some(theirs),
        &[&guard],
    )
    .expect_err("the team's script");
    assert_eq!(e.kind, crate::error::Kind::HookFile);
    assert!(e.message().contains("not sync's"), "{e}");
    // Wanted nowhere, the team's script stays and sync's own goes.
    let keep = super::script::merge("f", "d", "PreToolUse", Some(theirs), &[]);
    assert_eq!(keep.ok().flatten().as_deref(), Some(theirs));
    let ours = super::script::script("d", "PreToolUse", &[&guard]);
    let gone = super::script::merge("f", "d", "PreToolUse", Some(&ours), &[]);
    assert_eq!(gone.ok(), Some(None));
}

/// One list of hooks, each naming its event and matcher, the command nested under `action`.
const LIST: Writer = Writer {
    hooks_key: Some("hooks"),
    file: "x.json",
    layout: Layout::List,
    top: r#"{"version":"v1"}"#,
    handler: r#"{"name":"$COMMAND","trigger":"$EVENT","matcher":"$MATCHER","action":{"type":"command","command":"$COMMAND"},"timeout":"$TIMEOUT"}"#,
    unit: Unit::Seconds,
};

#[test]
fn a_list_of_hooks_keeps_the_teams_entries_and_updates_its_own_in_place() {
    let text = merged(
        None,
        &LIST,
        &[guard("PreToolUse", "shell", ".hookcheck/g.sh")],
    );
    assert_eq!(
        text,
        r#"{
  "version": "v1",
  "hooks": [
    {
      "name": ".hookcheck/g.sh",
      "trigger": "PreToolUse",
      "matcher": "shell",
      "action": {
        "type": "command",
        "command": ".hookcheck/g.sh"
      },
      "timeout": 10
    }
  ]
}
"#
    );
    let old = r#"{
  "version": "v1",
  "hooks": [
    {"name": "lint", "trigger": "PostToolUse", "action": {"type": "command", "command": "npm run lint"}},
    {"name": "mine", "trigger": "PreToolUse", "action": {"type": "command", "command": ".hookcheck/old.sh"}}
  ]
}
"#;
    let wanted = [
        guard("PreToolUse", "shell", ".hookcheck/g.sh"),
        guard("Stop", "", ".hookcheck/s.sh"),
    ];
    let text = merged(Some(old), &LIST, &wanted);
    assert!(
        text.starts_with("{\n  \"version\": \"v1\",\n  \"hooks\": [\n    {\"name\": \"lint\", \"trigger\": \"PostToolUse\", \"action\": {\"type\": \"command\", \"command\": \"npm run lint\"}},\n    {\n      \"name\": \".hookcheck/g.sh\","),
        "{text}"
    );
    assert!(!text.contains("old.sh"), "{text}");
    // The Stop hook has no matcher key; the loader reads both back.
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(v["hooks"][2]["trigger"], "Stop");
    assert!(v["hooks"][2].get("matcher").is_none(), "{text}");
    assert_eq!(merged(Some(&text), &LIST, &wanted), text);
    // No spec left: the team's entry alone stays.
    let removed = merged(Some(&text), &LIST, &[]);
    assert!(
        removed.contains("npm run lint") && !removed.contains(".hookcheck/"),
        "{removed}"
    );
}
