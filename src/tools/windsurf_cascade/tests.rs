use super::AGENT;
use crate::agent::testing::{self, bash, edit, exit, not_started, plan, planned_input, prompt};
use crate::tools::Plan;
use crate::verdict::{Decision, Effect};
use serde_json::json;

const PRE_RUN: &str = "event: pre_run_command\ncommand: ./hook.sh\n";

/// Every reply rule: only the exit code counts (D = the Cascade Hooks page).
#[test]
fn reader_table() {
    use Decision::*;
    let rows = [
        ("D exit 0", "pre_run_command", exit(0, "", ""), Allow, true),
        (
            "D JSON decision is not read",
            "pre_run_command",
            exit(0, r#"{"decision":"deny"}"#, ""),
            Allow,
            true,
        ),
        (
            "D exit 2 blocks a pre-hook",
            "pre_write_code",
            exit(2, "", "no"),
            Block,
            true,
        ),
        (
            "D exit 2 on a post-hook",
            "post_run_command",
            exit(2, "", "no"),
            Error,
            true,
        ),
        (
            "R exit 1",
            "pre_run_command",
            exit(1, "", "oops"),
            Error,
            true,
        ),
        (
            "R not started",
            "pre_run_command",
            not_started(),
            Error,
            true,
        ),
        (
            "R timeout",
            "pre_run_command",
            testing::timed_out(),
            Timeout,
            false,
        ),
    ];
    for (name, event, out, want, counted) in rows {
        let r = testing::read(&AGENT, PRE_RUN, event, &out);
        assert_eq!((r.decision, r.counted), (want, counted), "{name}: {r:?}");
        let effect = if want == Block {
            Effect::Blocked
        } else {
            Effect::Proceeds
        };
        assert_eq!(r.effect, effect, "{name}");
    }
}

/// The shell, write and prompt events build their `tool_info`; the others need --payload.
#[test]
fn inputs() {
    let p = plan(&AGENT, PRE_RUN, &bash("rm -rf build"));
    let v = planned_input(&p);
    assert_eq!(v["agent_action_name"], "pre_run_command", "{v}");
    assert_eq!(v["tool_info"]["command_line"], "rm -rf build", "{v}");
    let p = plan(
        &AGENT,
        "event: pre_write_code\ncommand: ./hook.sh\n",
        &edit("src/main.rs", true),
    );
    assert!(
        planned_input(&p)["tool_info"]["file_path"]
            .as_str()
            .is_some_and(|f| f.ends_with("src/main.rs")),
        "{p:?}"
    );
    let p = plan(
        &AGENT,
        "event: pre_user_prompt\ncommand: ./hook.sh\n",
        &prompt("hi"),
    );
    assert_eq!(planned_input(&p)["tool_info"], json!({"user_prompt": "hi"}));
    let p = plan(
        &AGENT,
        "event: pre_read_code\ncommand: ./hook.sh\n",
        &crate::trigger::Trigger::None,
    );
    assert!(format!("{p:?}").contains("--payload"), "{p:?}");
}

/// A portable spec picks the event of its kind; `before-tool` with no `match` cannot.
#[test]
fn portable_specs_pick_the_event_of_their_kind() {
    let rows = [
        ("on: before-tool\nmatch: shell\n", "pre_run_command"),
        ("on: before-tool\nmatch: edit\n", "pre_write_code"),
        ("on: after-tool\nmatch: shell\n", "post_run_command"),
        ("on: prompt-submit\n", "pre_user_prompt"),
    ];
    for (when, want) in rows {
        let yaml = format!("{when}command: ./hook.sh\n");
        let trigger = if want == "pre_user_prompt" {
            prompt("hi")
        } else if want == "pre_write_code" {
            edit("a.rs", true)
        } else {
            bash("ls")
        };
        let Plan::Run(run) = plan(&AGENT, &yaml, &trigger) else {
            panic!("{yaml}")
        };
        assert_eq!(run.event, want, "{yaml}");
    }
    let p = plan(&AGENT, "on: before-tool\ncommand: ./hook.sh\n", &bash("ls"));
    assert!(
        matches!(&p, Plan::NotRun { reason, .. } if reason.contains("one event per kind")),
        "{p:?}"
    );
}

/// A matcher is ignored: the hook runs, and a note says so.
#[test]
fn a_matcher_is_ignored() {
    let Plan::Run(run) = plan(
        &AGENT,
        "event: pre_run_command\nmatcher: git\ncommand: ./hook.sh\n",
        &bash("ls"),
    ) else {
        panic!()
    };
    assert_eq!(
        run.notes,
        [
            "Windsurf Cascade ignores matchers: `git` is ignored and the hook runs on every pre_run_command"
        ]
    );
}

/// The loader reads the flat per-event lists of `.windsurf/hooks.json`.
#[test]
fn the_loader_reads_the_fixture() {
    let path = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/native/windsurf_cascade/hooks.json"
    ));
    let text = std::fs::read_to_string(path).expect("fixture");
    let hs = (super::native::LOADER.parse)(path, &text).expect("parses");
    let got: Vec<(&str, &str, u64)> = hs
        .iter()
        .map(|h| (h.event.as_str(), h.command.as_str(), h.line))
        .collect();
    assert_eq!(
        got,
        [
            ("pre_run_command", "python3 .windsurf/hooks/guard.py", 5),
            ("pre_write_code", "./.windsurf/hooks/protect.sh", 11),
            ("post_cascade_response", "./.windsurf/hooks/log.sh", 14),
        ]
    );
    let broken = (super::native::LOADER.parse)(path, r#"{"hooks": {"pre_run_command": {}}}"#);
    assert!(broken.is_err(), "{broken:?}");
}
