//! Crush (charmbracelet/crush).
//!
//! Sources (read 2026-11-30): charmbracelet/crush source: `internal/hooks/runner.go` @1a7bd4d4
//! (matcher compile and skip, exit 2 / 49, timeout), `internal/hooks/hooks.go` @0388f5f4
//! (decisions, aggregation), `internal/hooks/input.go` (payload, `BuildEnv`, `parseStdout`,
//! Claude Code compatibility), `internal/shell/run.go` (handler stack, built-in jq,
//! non-interactive variables), `internal/shell/dispatch.go` (script dispatch),
//! `internal/shell/exec_unix.go` (exit statuses); docs/reference/protocols/protocols-b.md §2
//! (v0.90.0, 37f36e9, 2026-08-21); the behaviour spec (seeds/002_868b68abc3040bdc.txt).

mod dispatch;
pub mod native;
mod replies;
mod typed;

use crate::agent::shared;

use dispatch::dispatch;

use super::{Agent, Files, Hooks, Live, Plan, PlanContext};
use crate::contract::event;
use crate::contract::reply::Reply;
use crate::contract::{
    Contract, Flavour, Input, Kind, Portable, Quirks, Run, ToolCall, Tools, Var, Zero,
};
use crate::matcher::{self, MatchError};
use crate::spec::{On, When};
use crate::trigger::Trigger;

/// Crush's contract.
pub static AGENT: Agent = Agent {
    id: "crush",
    name: "Crush",
    checked: "2026-11-30",
    sources: &[
        "source: charmbracelet/crush internal/hooks/{runner,hooks,input}.go (runner.go @1a7bd4d4), read 2026-11-30",
        "source: charmbracelet/crush internal/shell/{run,dispatch,exec_unix}.go",
        "reference: docs/reference/protocols/protocols-b.md §2 (v0.90.0, 37f36e9)",
        "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt",
        "protocols-b.md §2 Config (charmbracelet/crush v0.90.0 @37f36e9 config/load.go)",
    ],
    session_vars: &[
        "CRUSH",
        "AGENT",
        "AI_AGENT",
        "CRUSH_EVENT",
        "CRUSH_TOOL_NAME",
        "CRUSH_SESSION_ID",
        "CRUSH_CWD",
        "CRUSH_PROJECT_DIR",
        "CRUSH_TOOL_INPUT_COMMAND",
        "CRUSH_TOOL_INPUT_FILE_PATH",
    ],
    notes: &["Crush runs hooks only for the top-level agent's tools, not for sub-agents"],
    files: Files::Loader(&native::LOADER),
    // Tried offline 2026-12-04: `npm install @charmland/crush` (0.96.1) fetches its binary from
    // github.com releases in its install script (`node install.js`), which failed here
    // (getaddrinfo ENOTFOUND github.com), so nothing was installed to run.
    live: Live::Cannot(
        "no headless mode that takes a custom model endpoint and runs hooks; npm @charmland/crush 0.96.1 downloads its binary from github.com at install, unreachable here (tried 2026-12-04)",
    ),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Crush does, as data: its script dispatch is [`dispatch`], its typed reading of a reply
/// `typed::prepare`; the reply rules are rows.
pub static CONTRACT: Contract = Contract {
    // Only PreToolUse fires (v0.90.0; protocols-b.md §2), 30 s (0 or less means 30).
    events: &[event("PreToolUse", Kind::BeforeTool, 30)
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#)],
    // Event keys are case-insensitive and accept the snake form (protocols-b.md §2).
    fold_case: true,
    portable: Portable {
        events: &[(On::BeforeTool, "PreToolUse")],
        shell: "^bash$",
        edit: "^(edit|multiedit|write)$",
        read: "^view$",
        web: "^fetch$",
        // MCP tools are `mcp_<server>_<tool>` (protocols-b.md §2).
        mcp: "^mcp_{server}_",
    },
    tools: Tools {
        shell: ToolCall::new(
            "bash",
            r#"{"command":"$COMMAND","description":"Run the command"}"#,
            "{}",
        ),
        // The edit tools `--edit` may call, in the order tried (seed 002, Crush sample events).
        edit: &[
            ToolCall::new(
                "edit",
                r#"{"file_path":"$FILE","old_string":"","new_string":"","replace_all":false}"#,
                "{}",
            ),
            ToolCall::new("write", r#"{"file_path":"$FILE","content":""}"#, "{}"),
        ],
        read: &["view"],
        // view {file_path, offset, limit} (protocols-b.md, Crush).
        read_input: r#"{"file_path":"$FILE"}"#,
        web: &["fetch"],
        mcp: "mcp_{server}_{tool}",
        mcp_input: "",
    },
    // An unanchored Go RE2 regex on the tool name; empty matches all; one that does not
    // compile skips the hook (runner.go).
    matcher: Flavour::SkipsInvalid(
        &Flavour::Custom(|_, pattern, tool| matches(pattern, tool)),
        "matcher \"{matcher}\" does not compile as a Go regular expression ({error}): \
         Crush skips the hook (and its config check may reject the file)",
    ),
    input: Input::common(r#"{"event":"$EVENT","session_id":"$SESSION","cwd":"$ROOT"}"#),
    // Each line goes through Crush's script dispatch ([`dispatch`]: a shebang, a binary, shell
    // source, which of its in-process built-ins the line reaches), `args` joined onto it.
    run: Run::argv(&["sh", "-c"])
        // A timeout of 0 or less means the default (config.go TimeoutDuration).
        .zero_timeout(Zero::Default)
        // Hooks with the same command run once (runner.go, dedup by command string).
        .dedupes()
        .joins_args()
        .per_hook(|c| dispatch(c.text, c.root, c.env))
        .ignores_async()
        // Crush's markers and hook variables (input.go `BuildEnv`), then after the spec's
        // env the forced non-interactive ones (run.go `withNonInteractiveEnv`).
        .env(&[
            ("CRUSH", Var::Literal("1")),
            ("AGENT", Var::Literal("crush")),
            ("AI_AGENT", Var::Literal("crush")),
            ("CRUSH_EVENT", Var::Event),
            ("CRUSH_TOOL_NAME", Var::Tool),
            ("CRUSH_SESSION_ID", Var::Session),
            ("CRUSH_CWD", Var::Root),
            ("CRUSH_PROJECT_DIR", Var::Root),
            (
                "CRUSH_TOOL_INPUT_COMMAND",
                Var::Present("tool_input.command"),
            ),
            (
                "CRUSH_TOOL_INPUT_FILE_PATH",
                Var::Present("tool_input.file_path"),
            ),
        ])
        .forced(NON_INTERACTIVE),
    reply: Reply::stdout(replies::RULES)
        .context(&["hookSpecificOutput.additionalContext"])
        .rewrites(&["hookSpecificOutput.updatedInput", "updated_input"])
        .prepare(typed::prepare),
    quirks: Quirks::NONE.resolve(event_for).refuse(no_tool_call),
};

/// Forced on every Crush shell so nothing waits for a terminal (run.go `nonInteractiveEnvVars`).
const NON_INTERACTIVE: &[(&str, &str)] = &[
    ("TERM", "xterm-256color"),
    ("GIT_EDITOR", "false"),
    ("EDITOR", "false"),
    ("VISUAL", "false"),
    ("JJ_EDITOR", "false"),
    ("JJ_PAGER", "cat"),
    ("GIT_PAGER", "cat"),
    ("PAGER", "cat"),
];

fn event_for(cx: &PlanContext) -> Result<(String, String), Plan> {
    let only = |event: Option<String>, name: &str| Plan::NotRun {
        event,
        reason: format!("Crush has no {name} event: only PreToolUse runs hooks"),
    };
    match &cx.spec.when {
        // The snake form (`pre_tool_use`) too.
        When::Native { event, .. } if CONTRACT.event(&event.replace('_', "")).is_none() => {
            Err(only(Some(event.clone()), event))
        }
        When::Portable { on, .. } if *on != On::BeforeTool => Err(only(None, on.as_str())),
        _ => {
            let (_, matcher) = crate::plan::resolve(&AGENT, cx)?;
            Ok(("PreToolUse".into(), matcher))
        }
    }
}

/// A trigger that is no tool call: Crush fires on nothing else.
fn no_tool_call(cx: &PlanContext, event: &str) -> Option<String> {
    match cx.trigger {
        Trigger::Prompt(_) | Trigger::None => Some(shared::wrong_trigger(
            event,
            cx.trigger,
            "a tool call: pass --bash, --edit, --read or --payload (Crush has no prompt or stop event)",
        )),
        _ => None,
    }
}

/// An unanchored Go RE2 regex on the tool name; empty matches all (runner.go).
fn matches(pattern: &str, tool: &str) -> Result<bool, MatchError> {
    if pattern.is_empty() {
        return Ok(true);
    }
    matcher::go_regex_matches(pattern, tool)
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use super::dispatch::{dispatch, parse_shebang};
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: ^bash$\ncommand: ./hook.sh\n";

    /// Every reply rule. S = source (runner.go, input.go, hooks.go), B = behaviour spec
    /// (seed 002), P = protocols-b.md §2.
    #[test]
    fn reader_table() {
        use Decision::*;
        let deny_hso = testing::PRE_DENY;
        #[rustfmt::skip]
        let rows: Vec<(&str, crate::exec::Outcome, Decision, Effect)> = vec![
            ("S exit 0, no output", exit(0, "", ""), Allow, Effect::Proceeds),
            ("S exit 2 blocks", exit(2, "", "no"), Block, Effect::Blocked),
            ("S exit 2, empty stderr blocks", exit(2, "", ""), Block, Effect::Blocked),
            ("S exit 49 halts the turn", exit(49, "", "stop"), Block, Effect::Halted),
            ("S exit 1 is no opinion", exit(1, "", "oops"), Error, Effect::Proceeds),
            ("S exit 127 is no opinion", exit(127, "", "not found"), Error, Effect::Proceeds),
            ("S timeout is no opinion", timed_out(), Timeout, Effect::Proceeds),
            ("S failed start", not_started(), Error, Effect::Proceeds),
            ("S signal", signalled(9), Error, Effect::Proceeds),
            ("S decision deny", exit(0, r#"{"decision":"deny","reason":"r"}"#, ""), Block, Effect::Blocked),
            ("S decision DENY (case-insensitive)", exit(0, r#"{"decision":"DENY"}"#, ""), Block, Effect::Blocked),
            ("S decision allow", exit(0, r#"{"decision":"allow"}"#, ""), Allow, Effect::Proceeds),
            ("P decision block is no opinion", exit(0, r#"{"decision":"block"}"#, ""), Allow, Effect::Proceeds),
            ("S halt true halts", exit(0, r#"{"halt":true}"#, ""), Block, Effect::Halted),
            ("S halt with allow still halts", exit(0, r#"{"decision":"allow","halt":true}"#, ""), Block, Effect::Halted),
            ("B wrong type voids the reply", exit(0, r#"{"decision":"deny","halt":"yes"}"#, ""), Allow, Effect::Proceeds),
            ("B wrong version type voids", exit(0, r#"{"decision":"deny","version":"1"}"#, ""), Allow, Effect::Proceeds),
            ("S deny on exit 1 is ignored", exit(1, r#"{"decision":"deny"}"#, ""), Error, Effect::Proceeds),
            ("S not JSON is no opinion", exit(0, "hello", ""), Allow, Effect::Proceeds),
            ("B hookSpecificOutput deny", exit(0, deny_hso, ""), Block, Effect::Blocked),
            ("B top-level fields ignored with hookSpecificOutput", exit(0, r#"{"decision":"deny","hookSpecificOutput":{"permissionDecision":"allow"}}"#, ""), Allow, Effect::Proceeds),
            ("S hookSpecificOutput Deny (case-insensitive)", exit(0, r#"{"hookSpecificOutput":{"permissionDecision":"Deny"}}"#, ""), Block, Effect::Blocked),
            ("S hookSpecificOutput wrong type voids", exit(0, r#"{"hookSpecificOutput":{"permissionDecision":1}}"#, ""), Allow, Effect::Proceeds),
            ("S hookSpecificOutput decision.behavior is not read", exit(0, r#"{"hookSpecificOutput":{"decision":{"behavior":"deny"}}}"#, ""), Allow, Effect::Proceeds),
        ];
        for (name, outcome, decision, effect) in rows {
            let r = testing::read(&AGENT, PRE, "PreToolUse", &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
    }

    #[test]
    fn context_and_rewrites() {
        let r = testing::read(
            &AGENT,
            PRE,
            "PreToolUse",
            &exit(0, r#"{"context":["a",""]}"#, ""),
        );
        assert!(r.adds_context, "{r:?}");
        let r = testing::read(
            &AGENT,
            PRE,
            "PreToolUse",
            &exit(0, r#"{"additionalContext":"x"}"#, ""),
        );
        assert!(r.adds_context, "{r:?}");
        let r = testing::read(
            &AGENT,
            PRE,
            "PreToolUse",
            &exit(0, r#"{"updated_input":{"command":"ls"}}"#, ""),
        );
        assert!(r.rewrites_input && r.decision == Decision::Allow, "{r:?}");
        let r = testing::read(
            &AGENT,
            PRE,
            "PreToolUse",
            &exit(
                0,
                r#"{"decision":"deny","updated_input":{"command":"ls"}}"#,
                "",
            ),
        );
        assert!(!r.rewrites_input, "a denied call drops the patch: {r:?}");
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "crush", [
            ("bash", PRE, bash("rm -rf build")),
            ("edit", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("main.go", true)),
            ("edit_only_write", "event: PreToolUse\nmatcher: ^write$\ncommand: ./h.sh\n", edit("new.go", false)),
        ]);
    }

    #[test]
    fn matchers() {
        let rows = [
            ("bash", "bash", true),
            ("^bash$", "bash", true),
            ("", "edit", true),
            ("Bash", "bash", false),
            ("edit|write", "multiedit", true), // unanchored
            ("^(edit|write)$", "multiedit", false),
        ];
        testing::check_matchers(
            &AGENT,
            "PreToolUse",
            &rows,
            |tool| serde_json::json!({"tool_name": tool, "tool_input": {}}),
        );
        let reason = skipped_reason(
            &AGENT,
            "event: PreToolUse\nmatcher: \"*\"\ncommand: ./h.sh\n",
            &bash("ls"),
        );
        assert!(reason.contains("Crush skips the hook"), "{reason}");
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_not_run(&AGENT, [
            (PRE, prompt("hi"), "Crush has no prompt or stop event"),
            ("event: PostToolUse\ncommand: ./h.sh\n", bash("ls"), "only PreToolUse"),
            ("on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "only PreToolUse"),
        ]);
        // The snake form of the event is accepted.
        let p = plan(
            &AGENT,
            "event: pre_tool_use\ncommand: ./h.sh\n",
            &bash("ls"),
        );
        assert!(matches!(p, Plan::Run(_)), "{p:?}");
    }

    #[test]
    fn env() {
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ncommand: echo hi\nenv: {EDITOR: vim}\n",
            &bash("git push"),
        );
        let inv = first_invocation(&run);
        for (k, v) in [
            ("CRUSH", "1"),
            ("AGENT", "crush"),
            ("AI_AGENT", "crush"),
            ("CRUSH_EVENT", "PreToolUse"),
            ("CRUSH_TOOL_NAME", "bash"),
            ("CRUSH_CWD", "/project"),
            ("CRUSH_PROJECT_DIR", "/project"),
            ("CRUSH_TOOL_INPUT_COMMAND", "git push"),
            ("EDITOR", "false"), // forced over the spec's value
            ("PAGER", "cat"),
        ] {
            assert!(
                inv.env.contains(&(k.into(), v.into())),
                "{k}={v} in {:?}",
                inv.env
            );
        }
        assert_eq!(inv.timeout.as_secs(), 30);
        assert!(run.assumptions.is_empty());
    }

    #[test]
    fn shebangs() {
        type Want<'a> = Result<(&'a str, Vec<&'a str>), ()>;
        #[rustfmt::skip]
        let rows: [(&[u8], Want); 6] = [
            (b"#!/bin/sh\necho", Ok(("/bin/sh", vec![]))),
            (b"#! /bin/bash -eu\n", Ok(("/bin/bash", vec!["-eu"]))),
            (b"#!/usr/bin/env python3\n", Ok(("python3", vec![]))),
            (b"#!/usr/bin/env -S bash -e -u\r\n", Ok(("bash", vec!["-e", "-u"]))),
            (b"#!/usr/bin/env -i bash\n", Err(())),
            (b"#!\n", Err(())),
        ];
        for (probe, want) in rows {
            let got = parse_shebang(probe);
            match want {
                Ok((i, a)) => assert_eq!(
                    got,
                    Ok((i.to_string(), a.iter().map(|s| s.to_string()).collect())),
                    "{probe:?}"
                ),
                Err(()) => assert!(got.is_err(), "{probe:?}: {got:?}"),
            }
        }
    }

    /// Dispatch on real files: shebang, none, binary, bare path, inline with jq.
    #[test]
    fn dispatch_table() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = dir.path();
        let write = |p: &str, body: &[u8]| {
            let path = root.join(p);
            std::fs::create_dir_all(path.parent().unwrap_or(root))
                .unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(path, body).unwrap_or_else(|e| panic!("{e}"));
        };
        write("hooks/sb.sh", b"#!/bin/sh\nexit 0\n");
        write("hooks/plain.sh", b"echo hi | jq .\n");
        write("hooks/bin", b"\x7fELF\x02\x01");
        let env = vec![("PATH".to_string(), "/usr/bin:/bin".to_string())];
        let r = root.display().to_string();
        type Program = Option<(String, Vec<String>)>;
        #[rustfmt::skip]
        let rows: Vec<(&str, Program, Vec<&str>)> = vec![
            ("./hooks/sb.sh a", Some(("/bin/sh".into(), vec![format!("{r}/hooks/sb.sh"), "a".into()])), vec![]),
            ("./hooks/plain.sh", Some(("sh".into(), vec![format!("{r}/hooks/plain.sh")])), vec!["jq"]),
            ("./hooks/bin", Some((format!("{r}/hooks/bin"), vec![])), vec![]),
            ("hooks/plain.sh", Some((format!("{r}/hooks/plain.sh"), vec![])), vec![]),
            ("hooks/sb.sh", Some((format!("{r}/hooks/sb.sh"), vec![])), vec![]),
            ("./hooks/missing.sh", Some((format!("{r}/hooks/missing.sh"), vec![])), vec![]),
            ("cat | jq -r .tool_name", Some(("sh".into(), vec!["-c".into(), "cat | jq -r .tool_name".into()])), vec!["jq"]),
            ("echo hi", Some(("sh".into(), vec!["-c".into(), "echo hi".into()])), vec![]),
        ];
        for (line, want, assumed) in rows {
            let d = dispatch(line, root, &env);
            assert_eq!(d.program.ok(), want, "{line}");
            let items: Vec<&str> = d.assumptions.iter().map(|a| a.item.as_str()).collect();
            assert_eq!(items, assumed, "{line}");
        }
    }
}
