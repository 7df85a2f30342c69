//! The exit status of `run` on the built binary, as one table: nothing passes on nothing, a
//! tool event with no trigger is a usage error, a hook file an agent cannot load fails the
//! check, and a block that lets the action proceed does not meet `--expect block`.

use crate::common;

use common::{Project, guard};

/// A project with a guard before shell commands (`g`), the same guard after them (`post`),
/// a Stop hook (`stop`), a guard that explains itself on stdout (`out`, which Codex reads as
/// an error), the guard on reads (`read`), and a Claude Code settings file no agent can parse.
fn project() -> Project {
    Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\ntimeout: 10\n",
        )
        .spec(
            "post",
            "on: after-tool\nmatch: shell\ncommand: ./hooks/g.sh\ntimeout: 10\n",
        )
        .spec("stop", "on: stop\ncommand: ./hooks/ok.sh\ntimeout: 10\n")
        .spec(
            "out",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/out.sh\ntimeout: 10\n",
        )
        .spec(
            "read",
            "on: before-tool\nmatch: read\ncommand: ./hooks/g.sh\ntimeout: 10\n",
        )
        .script("hooks/out.sh", "#!/bin/sh\necho 'no'\nexit 2\n")
        .script("hooks/g.sh", &guard("rm -rf"))
        .script("hooks/ok.sh", "#!/bin/sh\nexit 0\n")
}

#[test]
fn exit_status_table() {
    let three = "claude,codex,gemini";
    let rows: &[(&[&str], i32, &str)] = &[
        (&["run", "g", "--bash", "rm -rf x", "-t", three], 0, "agree"),
        (
            &["run", "out", "--bash", "rm -rf x", "-t", three],
            1,
            "agents decide differently",
        ),
        (
            &[
                "run", "read", "--read", "x.env", "-t", "claude", "--expect", "allow",
            ],
            0,
            "a read the guard lets through",
        ),
        (
            &["run", "read", "-t", "claude"],
            2,
            "a read hook with no trigger",
        ),
        (
            &[
                "run", "g", "--bash", "rm -rf x", "-t", three, "--expect", "block",
            ],
            0,
            "block as expected",
        ),
        (
            &[
                "run", "g", "--bash", "rm -rf x", "-t", three, "--expect", "blocked",
            ],
            0,
            "an effect as expected",
        ),
        (
            &[
                "run",
                "g",
                "--bash",
                "rm -rf x",
                "-t",
                three,
                "--expect",
                "claude=proceeds",
            ],
            1,
            "an effect not as expected",
        ),
        (
            &["run", "g", "--bash", "ls", "-t", three, "--expect", "block"],
            1,
            "a decision not as expected",
        ),
        (
            &["run", "g", "-t", three],
            2,
            "a tool event with no trigger",
        ),
        (
            &["run", "g", "-t", three, "--expect", "not-run"],
            2,
            "a tool event with no trigger, even expecting not-run",
        ),
        (
            &[
                "run", "post", "--bash", "rm -rf x", "-t", three, "--expect", "block",
            ],
            1,
            "a block after the tool ran lets the action proceed",
        ),
        (
            &[
                "run", "post", "--bash", "rm -rf x", "-t", three, "--expect", "proceeds",
            ],
            0,
            "the effect of a block after the tool ran",
        ),
        (&["run", "stop", "-t", three], 0, "an event with no input"),
        (&["run", "stop", "-t", "opencode"], 1, "nothing ran"),
        (
            &["run", "stop", "-t", "opencode", "--expect", "allow"],
            1,
            "nothing ran, expecting allow",
        ),
        (
            &[
                "run",
                "stop",
                "-t",
                "opencode,claude",
                "--expect",
                "claude=allow",
            ],
            0,
            "a per-agent expectation met beside an agent that does not run",
        ),
        (
            &["run", "stop", "-t", "opencode", "--expect", "not-run"],
            0,
            "expecting not-run where the agent runs no command hooks",
        ),
        (
            &["run", "--installed", "--bash", "ls", "-t", "claude"],
            1,
            "a hook file the agent cannot load",
        ),
        (
            &["run", "--installed", "-t", "claude"],
            1,
            "an unloadable file, no trigger",
        ),
        (&["run", "nope", "--bash", "ls"], 2, "an unknown hook"),
    ];
    let p = project().file(
        ".claude/settings.json",
        "{\"hooks\": {\n  \"PreToolUse\": [ oops\n",
    );
    let mut failed = Vec::new();
    for (args, want, what) in rows {
        let run = p.run(args);
        if run.code() != *want {
            failed.push(format!(
                "{what}: {args:?} exited {}, not {want}\n{}{}",
                run.code(),
                run.stdout(),
                run.stderr()
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn no_trigger_on_a_tool_event_names_the_flags_to_pass() {
    let p = project();
    let run = p.run(&["run", "g", "-t", "claude,codex"]);
    assert_eq!(run.code(), 2);
    assert_eq!(
        run.stderr(),
        "error: hook g runs on an event that needs a trigger, and none was given, so no agent \
         would run it: pass --bash CMD, or --payload FILE with the event input\n"
    );
    assert_eq!(run.stdout(), "");
}

#[test]
fn an_unloadable_hook_file_fails_with_its_place_and_what_the_agent_does() {
    let p = project().file(
        ".claude/settings.json",
        "{\"hooks\": {\n  \"PreToolUse\": [ oops\n",
    );
    let (code, r) = p.json_of(&["run", "--installed", "--bash", "ls", "-t", "claude"]);
    assert_eq!(code, 1, "{r}");
    assert_eq!(
        r["summary"]["failures"][0],
        ".claude/settings.json:2: not valid JSON: expected value; Claude Code loads no hooks from this file",
        "{r}"
    );
    assert_eq!(r["summary"]["failed_agents"], serde_json::json!(["claude"]));
}
