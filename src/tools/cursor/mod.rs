//! Cursor (the editor's agent and the `cursor-agent` CLI, which read the same hooks.json).
//!
//! Sources (read 2026-11-30): the `hook run` behaviour spec
//! (docs/reference/seeds/002_868b68abc3040bdc.txt: env table, shell/timeout table, "Cursor
//! replies", "Cursor sample events", "Assumed results"); docs/reference/protocols/
//! protocols-a.md §5 and protocols-a.yaml (cursor.com/docs/agent/hooks reached only through
//! secondary material: Cupcake's Cursor harness reference, third-party summaries, public
//! hooks.json files). Cursor is closed source and was not run: every rule below is [doc/2nd].

pub mod native;

use serde_json::{Map, Value, json};

use super::shared::{self, assumed, json_object, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch};
use crate::trigger::Trigger;
use crate::verdict::Reading;

/// Cursor's contract.
pub static TOOL: Tool = Tool {
    id: "cursor",
    name: "Cursor",
    checked: "2026-11-30",
    sources: &[
        "docs: https://cursor.com/docs/agent/hooks via secondary summaries (protocols-a.md §5; not read directly)",
        "spec: hook run behaviour spec (seeds/002_868b68abc3040bdc.txt), Cursor rows",
    ],
    events: EVENTS,
    shell: "not documented: hookcheck assumes sh -c, for a script path with plain or single-quoted arguments only",
    timeouts: "not documented: hookcheck assumes 30 s",
    session_vars: &[
        "CURSOR_PROJECT_DIR",
        "CURSOR_VERSION",
        "CURSOR_PLUGIN_ROOT",
        "CURSOR_USER_EMAIL",
        "CURSOR_TRANSCRIPT_PATH",
    ],
    notes: &[
        "Cursor also runs Claude Code's settings hooks when third-party configs are on, under Cursor's reply rules",
        "Cursor's hook docs were read only through secondary sources; its shell and default timeout are assumed",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("an IDE; cursor-agent needs a Cursor account"),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// Agent, Tab and app events (protocols-a.md §5).
const EVENTS: &[&str] = &[
    "sessionStart",
    "sessionEnd",
    "preToolUse",
    "postToolUse",
    "postToolUseFailure",
    "subagentStart",
    "subagentStop",
    "beforeShellExecution",
    "afterShellExecution",
    "beforeMCPExecution",
    "afterMCPExecution",
    "beforeReadFile",
    "afterFileEdit",
    "beforeSubmitPrompt",
    "preCompact",
    "stop",
    "afterAgentResponse",
    "afterAgentThought",
    "beforeTabFileRead",
    "afterTabFileEdit",
    "workspaceOpen",
];

/// Events whose reply is a `permission` (behaviour spec, "Cursor replies").
const PERMISSION_EVENTS: &[&str] = &[
    "beforeShellExecution",
    "beforeMCPExecution",
    "beforeReadFile",
    "beforeTabFileRead",
    "subagentStart",
    "preToolUse",
];

/// Cursor does not wait for these (behaviour spec, "Async replies").
const ASYNC_EVENTS: &[&str] = &["sessionStart", "sessionEnd"];

/// The timeout assumed when the spec sets none (behaviour spec, "Assumed results").
const ASSUMED_TIMEOUT: u64 = 30;

/// Whether a hook on `event` can stop anything.
fn blockable(event: &str) -> bool {
    PERMISSION_EVENTS.contains(&event) || event == "beforeSubmitPrompt"
}

fn portable(on: On, matches: Option<&PortableMatch>) -> (String, String) {
    let event = match on {
        On::SessionStart => "sessionStart",
        On::PromptSubmit => "beforeSubmitPrompt",
        On::BeforeTool => "preToolUse",
        On::AfterTool => "postToolUse",
        On::AfterEdit => "afterFileEdit",
        On::Stop => "stop",
        On::SessionEnd => "sessionEnd",
    };
    // Tool names on preToolUse/postToolUse (protocols-a.md §5, [2nd]).
    let matcher = match (on, matches) {
        (On::AfterEdit, _) | (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "Shell".into(),
        (_, Some(PortableMatch::Edit)) => "Write|StrReplace|Edit|Delete".into(),
        (_, Some(PortableMatch::Read)) => "Read".into(),
        (_, Some(PortableMatch::Web)) => "WebSearch|WebFetch".into(),
        // Cursor names MCP tools `MCP:<tool>`, without the server (protocols-a.md §5).
        (_, Some(PortableMatch::Mcp(_))) => "MCP:.*".into(),
    };
    (event.to_string(), matcher)
}

/// The input field Cursor compares the matcher with on `event`: the field its docs name
/// (behaviour spec, "Matcher replies"); `None` where the matcher is ignored.
fn matcher_field(event: &str) -> Option<&'static str> {
    Some(match event {
        "preToolUse" | "postToolUse" | "postToolUseFailure" | "beforeMCPExecution"
        | "afterMCPExecution" => "tool_name",
        "beforeShellExecution" | "afterShellExecution" => "command",
        "beforeReadFile" | "afterFileEdit" | "beforeTabFileRead" | "afterTabFileEdit" => {
            "file_path"
        }
        "beforeSubmitPrompt" => "prompt",
        "subagentStart" | "subagentStop" => "subagent_type",
        _ => return None,
    })
}

/// An unanchored JavaScript regex; empty or `*` matches all (behaviour spec, "Cursor sample
/// events").
fn matcher_matches(pattern: &str, value: &str) -> Result<bool, String> {
    if matcher::is_match_all(pattern) {
        return Ok(true);
    }
    Ok(matcher::JsRegex::new(pattern)?.is_match(value))
}

fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match shared::resolve(cx, "Cursor", EVENTS, portable) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    let payload = match input(cx, &event) {
        Ok(p) => p,
        Err(plan) => return plan,
    };
    let field = matcher_field(&event);
    let seen = field
        .and_then(|f| payload.get(f))
        .and_then(Value::as_str)
        .map(str::to_string);
    if let Some(value) = &seen {
        match matcher_matches(&matcher, value) {
            Ok(true) => {}
            Ok(false) => {
                return Plan::Skipped {
                    event,
                    trigger: label(&payload),
                    reason: format!("matcher \"{matcher}\" does not match {value}"),
                };
            }
            Err(e) => {
                return Plan::NotRun {
                    event: Some(event),
                    reason: format!(
                        "matcher \"{matcher}\" is not a valid regex ({e}): Cursor cannot match it"
                    ),
                };
            }
        }
    }
    if cx.spec.args.is_some() {
        return Plan::NotRun {
            event: Some(event),
            reason: "Cursor has no exec form (`args`): a hook is one command".into(),
        };
    }
    let mut assumptions = vec![assumed::shell()];
    let timeout = match cx.spec.timeout() {
        Some(t) => t,
        None => {
            assumptions.push(assumed::timeout(ASSUMED_TIMEOUT));
            ASSUMED_TIMEOUT
        }
    };
    let root = cx.root.display().to_string();
    // Env table of the behaviour spec: CURSOR_VERSION is set, empty.
    let own = [
        ("CURSOR_PROJECT_DIR", root.clone()),
        ("CURSOR_VERSION", String::new()),
        ("CLAUDE_PROJECT_DIR", root),
    ];
    let env = shared::merge_env(
        cx.env,
        own.iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .chain(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
    );
    let is_async = cx.spec.is_async() || ASYNC_EVENTS.contains(&event.as_str());
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| PlannedCommand {
            display: command.clone(),
            invocation: assumed::script_path_shell(command, &[]).map(|(program, args)| {
                shared::invocation(&program, args, env.clone(), cx.root, &stdin, timeout)
            }),
            is_async,
        })
        .collect();
    Plan::Run(RunPlan {
        event,
        trigger: label(&payload),
        commands,
        assumptions,
        notes: Vec::new(),
    })
}

/// What the report shows the hook fired on: the tool name, else nothing.
fn label(payload: &Value) -> Option<String> {
    payload
        .get("tool_name")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// Builds the event input (protocols-a.md §5, "Events" and "Example payloads").
fn input(cx: &PlanContext, event: &str) -> Result<Value, Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        return Ok(value.clone());
    }
    let root = cx.root;
    let mut payload = json!({
        "conversation_id": shared::session_id("cursor"),
        "generation_id": "hookcheck-cursor-generation-0001",
        "model": "default",
        "hook_event_name": event,
        "cursor_version": "",
        "workspace_roots": [root],
        "user_email": Value::Null,
        "transcript_path": Value::Null,
    });
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| not_run("internal: payload is not an object".into()))?;
    let mut put = |k: &str, v: Value| {
        obj.insert(k.to_string(), v);
    };
    match (event, cx.trigger) {
        ("beforeShellExecution", Trigger::Bash(c)) => {
            put("command", json!(c));
            put("cwd", json!(root));
        }
        ("afterShellExecution", Trigger::Bash(c)) => {
            put("command", json!(c));
            put("cwd", json!(root));
            put("output", json!(""));
            put("duration", json!(0));
        }
        ("preToolUse" | "postToolUse", Trigger::Bash(c)) => {
            put("tool_name", json!("Shell"));
            put("tool_input", json!({ "command": c }));
            put("tool_use_id", json!("hookcheck-cursor-tool-0001"));
            put("cwd", json!(root));
            if event == "postToolUse" {
                put("tool_output", json!(""));
                put("duration", json!(0));
            }
        }
        ("preToolUse" | "postToolUse", Trigger::Edit { .. }) => {
            // Seed: "--edit builds afterFileEdit only"; the edit tools' input is unconfirmed.
            return Err(not_run(format!(
                "Cursor's {event} input for an edit tool is not documented: hookcheck builds only afterFileEdit for --edit; pass --payload"
            )));
        }
        ("afterFileEdit", Trigger::Edit { path, .. }) => {
            put("file_path", json!(path));
            put("edits", json!([{ "old_string": "", "new_string": "" }]));
        }
        ("beforeSubmitPrompt", Trigger::Prompt(p)) => {
            put("prompt", json!(p));
            put("attachments", json!([]));
        }
        ("stop" | "subagentStop", Trigger::None) => {
            put("status", json!("completed"));
            put("loop_count", json!(0));
        }
        ("sessionStart" | "sessionEnd", Trigger::None) => {
            put("session_id", json!(shared::session_id("cursor")));
        }
        ("beforeShellExecution" | "afterShellExecution" | "preToolUse" | "postToolUse", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a shell call: pass --bash or --payload",
            )));
        }
        ("afterFileEdit", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a file edit: pass --edit or --payload",
            )));
        }
        ("beforeSubmitPrompt", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a prompt: pass --prompt or --payload",
            )));
        }
        ("stop" | "subagentStop" | "sessionStart" | "sessionEnd", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "no trigger (or --payload)",
            )));
        }
        _ => {
            return Err(not_run(format!(
                "hookcheck builds no {event} input for Cursor: pass --payload"
            )));
        }
    }
    Ok(payload)
}

/// Reads one reply by the behaviour spec's "Cursor replies" and protocols-a.md §5.
fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    let can_block = blockable(event);
    let fail_closed = ctx.spec.raw.fail_closed && can_block;
    // A failure fails open, or blocks with failClosed: true (behaviour spec).
    let failure = |r: Reading, what: &str| {
        if fail_closed {
            Reading::block().note(format!("failClosed: {what} blocks in Cursor"))
        } else {
            r
        }
    };
    if out.timed_out {
        return failure(
            Reading::timeout().note("Cursor lets the action through after a timeout"),
            "a timeout",
        );
    }
    if let Some(e) = &out.start_error {
        return failure(
            Reading::error().note(format!(
                "the command did not start: {e}; Cursor lets the action through"
            )),
            "a failed start",
        );
    }
    let Some(code) = out.exit_code else {
        return failure(
            Reading::error()
                .note("the hook was killed by a signal; Cursor lets the action through"),
            "a crash",
        );
    };
    match code {
        // Exit 2 blocks "for compatibility" with Claude Code (protocols-a.md §5).
        2 if can_block => Reading::block().note("exit 2 blocks in Cursor"),
        2 => Reading::error().note(format!("exit 2 cannot stop anything on {event}")),
        0 => read_exit_zero(event, &out.stdout.text(), fail_closed),
        n => failure(
            Reading::error().note(format!(
                "exit {n}: the hook failed and Cursor lets the action through"
            )),
            &format!("exit {n}"),
        ),
    }
}

fn read_exit_zero(event: &str, stdout: &str, fail_closed: bool) -> Reading {
    if stdout.trim().is_empty() {
        // No output at all fails open (behaviour spec).
        return Reading::allow();
    }
    let reply = json_object(stdout);
    if PERMISSION_EVENTS.contains(&event) {
        let Some(obj) = reply.filter(valid_permission_reply) else {
            // Behaviour spec: output that is not a valid JSON reply blocks a permission event.
            return Reading::block()
                .note("stdout is not a valid JSON reply: Cursor denies the action");
        };
        return read_permission(event, &obj);
    }
    let Some(obj) = reply else {
        let r = Reading::allow().note("stdout is not a JSON reply; Cursor ignores it here");
        return if fail_closed {
            r.note("failClosed does not turn unreadable output into a block on this event")
        } else {
            r
        };
    };
    let context = ["additional_context", "agent_message", "agentMessage"]
        .iter()
        .any(|k| obj.get(*k).is_some_and(|v| !v.is_null()));
    match event {
        "beforeSubmitPrompt" if obj.get("continue") == Some(&Value::Bool(false)) => {
            Reading::block().note("continue: false stops the prompt")
        }
        "stop" | "subagentStop" if str_field(&obj, "followup_message").is_some() => {
            Reading::allow()
                .context(true)
                .note("followup_message is sent as the next prompt (up to loop_limit)")
        }
        "beforeSubmitPrompt" => Reading::allow(),
        _ => Reading::allow().context(context),
    }
}

/// `permission`, when present, is one of allow, deny, ask.
fn valid_permission_reply(obj: &Map<String, Value>) -> bool {
    match obj.get("permission") {
        None => true,
        Some(Value::String(s)) => matches!(s.as_str(), "allow" | "deny" | "ask"),
        Some(_) => false,
    }
}

fn read_permission(event: &str, obj: &Map<String, Value>) -> Reading {
    let rewrites = obj.get("updated_input").is_some_and(|v| !v.is_null());
    let context = ["agent_message", "agentMessage", "additional_context"]
        .iter()
        .any(|k| obj.get(*k).is_some_and(|v| !v.is_null()));
    let r = match str_field(obj, "permission") {
        Some("deny") => Reading::block().note("permission \"deny\""),
        // preToolUse does not enforce ask (behaviour spec, "Cursor replies").
        Some("ask") if event == "preToolUse" => {
            Reading::allow().note("permission \"ask\" is not enforced on preToolUse")
        }
        Some("ask") => Reading::block().note("permission \"ask\": Cursor stops and asks the user"),
        _ => Reading::allow(),
    };
    r.rewrites(rewrites).context(context)
}

#[cfg(test)]
mod tests {
    use super::TOOL;
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, signalled,
        timed_out,
    };
    use crate::trigger::Trigger;
    use crate::verdict::{Decision, Effect};

    const SHELL: &str = "event: beforeShellExecution\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. S = behaviour spec (seed 002, "Cursor replies"),
    /// D = Cursor docs via protocols-a.md §5 [2nd].
    #[test]
    fn reader_table() {
        use Decision::*;
        use Effect::*;
        let fc = "event: preToolUse\ncommand: ./hook.sh\nfailClosed: true\n";
        let rows: Vec<(&str, &str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "S no output fails open",
                SHELL,
                "beforeShellExecution",
                exit(0, "", ""),
                Allow,
                Proceeds,
            ),
            (
                "S exit 2 blocks",
                SHELL,
                "beforeShellExecution",
                exit(2, "", "no"),
                Block,
                Blocked,
            ),
            (
                "S exit 2 on preToolUse",
                SHELL,
                "preToolUse",
                exit(2, "", ""),
                Block,
                Blocked,
            ),
            (
                "S exit 2 on beforeSubmitPrompt",
                SHELL,
                "beforeSubmitPrompt",
                exit(2, "", ""),
                Block,
                Blocked,
            ),
            (
                "S exit 2 on afterFileEdit is error",
                SHELL,
                "afterFileEdit",
                exit(2, "", ""),
                Error,
                Proceeds,
            ),
            (
                "S permission deny",
                SHELL,
                "beforeShellExecution",
                exit(0, r#"{"permission":"deny"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S permission allow",
                SHELL,
                "beforeShellExecution",
                exit(0, r#"{"permission":"allow"}"#, ""),
                Allow,
                Proceeds,
            ),
            (
                "S ask blocks",
                SHELL,
                "beforeShellExecution",
                exit(0, r#"{"permission":"ask"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S ask not enforced on preToolUse",
                SHELL,
                "preToolUse",
                exit(0, r#"{"permission":"ask"}"#, ""),
                Allow,
                Proceeds,
            ),
            (
                "S deny on preToolUse",
                SHELL,
                "preToolUse",
                exit(0, r#"{"permission":"deny"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S not JSON blocks",
                SHELL,
                "beforeShellExecution",
                exit(0, "hello", ""),
                Block,
                Blocked,
            ),
            (
                "S invalid JSON blocks",
                SHELL,
                "beforeReadFile",
                exit(0, "{oops", ""),
                Block,
                Blocked,
            ),
            (
                "S unknown permission is not a valid reply",
                SHELL,
                "preToolUse",
                exit(0, r#"{"permission":"nope"}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S empty object allows",
                SHELL,
                "preToolUse",
                exit(0, "{}", ""),
                Allow,
                Proceeds,
            ),
            (
                "S continue false on beforeSubmitPrompt",
                SHELL,
                "beforeSubmitPrompt",
                exit(0, r#"{"continue":false}"#, ""),
                Block,
                Blocked,
            ),
            (
                "S continue true on beforeSubmitPrompt",
                SHELL,
                "beforeSubmitPrompt",
                exit(0, r#"{"continue":true}"#, ""),
                Allow,
                Proceeds,
            ),
            (
                "S not JSON on beforeSubmitPrompt allows",
                SHELL,
                "beforeSubmitPrompt",
                exit(0, "hi", ""),
                Allow,
                Proceeds,
            ),
            (
                "S exit 1 fails open",
                SHELL,
                "beforeShellExecution",
                exit(1, "", "x"),
                Error,
                Proceeds,
            ),
            (
                "S timeout fails open",
                SHELL,
                "beforeShellExecution",
                timed_out(),
                Timeout,
                Proceeds,
            ),
            (
                "S failed start fails open",
                SHELL,
                "beforeShellExecution",
                not_started(),
                Error,
                Proceeds,
            ),
            (
                "S crash fails open",
                SHELL,
                "beforeShellExecution",
                signalled(9),
                Error,
                Proceeds,
            ),
            (
                "S failClosed: exit 1 blocks",
                fc,
                "preToolUse",
                exit(1, "", ""),
                Block,
                Blocked,
            ),
            (
                "S failClosed: timeout blocks",
                fc,
                "preToolUse",
                timed_out(),
                Block,
                Blocked,
            ),
            (
                "S failClosed: failed start blocks",
                fc,
                "preToolUse",
                not_started(),
                Block,
                Blocked,
            ),
            (
                "S failClosed cannot block afterShellExecution",
                fc,
                "afterShellExecution",
                exit(1, "", ""),
                Error,
                Proceeds,
            ),
            (
                "D stop followup_message allows",
                SHELL,
                "stop",
                exit(0, r#"{"followup_message":"go on"}"#, ""),
                Allow,
                Proceeds,
            ),
            (
                "D deny on postToolUse means nothing",
                SHELL,
                "postToolUse",
                exit(0, r#"{"permission":"deny"}"#, ""),
                Allow,
                Proceeds,
            ),
        ];
        for (name, yaml, event, outcome, decision, effect) in rows {
            let r = testing::read(&TOOL, yaml, event, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
    }

    #[test]
    fn context_and_rewrites() {
        let r = testing::read(
            &TOOL,
            SHELL,
            "preToolUse",
            &exit(
                0,
                r#"{"permission":"allow","updated_input":{"command":"ls"}}"#,
                "",
            ),
        );
        assert!(r.rewrites_input && r.decision == Decision::Allow);
        let r = testing::read(
            &TOOL,
            SHELL,
            "postToolUse",
            &exit(0, r#"{"additional_context":"x"}"#, ""),
        );
        assert!(r.adds_context);
        let r = testing::read(&TOOL, SHELL, "postToolUse", &exit(0, "{}", ""));
        assert!(!r.adds_context);
    }

    #[test]
    fn inputs() {
        let cases = [
            ("before_shell", SHELL, bash("rm -rf build")),
            (
                "after_shell",
                "event: afterShellExecution\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (
                "pre_tool_shell",
                "on: before-tool\nmatch: shell\ncommand: ./h.sh\n",
                bash("git push -f"),
            ),
            (
                "post_tool_shell",
                "event: postToolUse\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (
                "after_file_edit",
                "on: after-edit\ncommand: ./h.sh\n",
                edit("src/a.rs", true),
            ),
            (
                "prompt",
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("fix the test"),
            ),
            ("stop", "on: stop\ncommand: ./h.sh\n", Trigger::None),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("cursor_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn plans_that_do_not_run() {
        let cases = [
            (
                "event: PreToolUse\ncommand: ./h.sh\n",
                bash("ls"),
                "Cursor has no PreToolUse event",
            ),
            (
                "event: preToolUse\ncommand: ./h.sh\n",
                edit("a.rs", true),
                "pass --payload",
            ),
            (
                "event: postToolUse\ncommand: ./h.sh\n",
                edit("a.rs", true),
                "builds only afterFileEdit",
            ),
            (SHELL, prompt("hi"), "not fired by --prompt"),
            (
                "event: beforeMCPExecution\ncommand: ./h.sh\n",
                bash("ls"),
                "pass --payload",
            ),
            (
                "event: preToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n",
                bash("ls"),
                "not a valid regex",
            ),
            (
                "event: preToolUse\ncommand: ./h.sh\nargs: [a]\n",
                bash("ls"),
                "no exec form",
            ),
        ];
        for (yaml, trigger, want) in cases {
            let text = format!("{:?}", plan(&TOOL, yaml, &trigger));
            assert!(text.contains(want), "{yaml}: {text}");
        }
    }

    #[test]
    fn commands_with_shell_syntax_do_not_run() {
        let p = plan(
            &TOOL,
            "event: beforeShellExecution\ncommand: ./a.sh | tee log\n",
            &bash("ls"),
        );
        let Plan::Run(run) = p else { panic!("{p:?}") };
        let reason = run.commands[0].invocation.as_ref().err();
        assert!(reason.is_some_and(|r| r.contains("script path")), "{run:?}");
    }

    /// The matcher sees the field the event names: tool_name, command, prompt, file_path.
    #[test]
    fn matchers() {
        let rows = [
            ("event: preToolUse", "Shell", bash("ls"), true),
            ("event: preToolUse", "Write|Edit", bash("ls"), false),
            ("event: preToolUse", "^She", bash("ls"), true), // unanchored
            ("event: beforeShellExecution", "rm ", bash("rm -rf x"), true),
            ("event: beforeShellExecution", "rm ", bash("ls"), false),
            (
                "event: beforeSubmitPrompt",
                "secret",
                prompt("a secret"),
                true,
            ),
            ("event: afterFileEdit", "\\.rs$", edit("a.rs", true), true),
            ("event: afterFileEdit", "\\.py$", edit("a.rs", true), false),
            ("event: stop", "anything", Trigger::None, true), // ignored
        ];
        for (event, matcher, trigger, fires) in rows {
            let yaml = format!("{event}\nmatcher: '{matcher}'\ncommand: ./h.sh\n");
            let p = plan(&TOOL, &yaml, &trigger);
            assert_eq!(matches!(p, Plan::Run(_)), fires, "{event} {matcher}: {p:?}");
        }
        let p = plan(
            &TOOL,
            "event: preToolUse\nmatcher: Shell\ncommand: ./h.sh\n",
            &payload(serde_json::json!({"tool_name": "Read"})),
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
    }

    #[test]
    fn assumptions_env_and_async() {
        let p = plan(&TOOL, SHELL, &bash("ls"));
        let Plan::Run(run) = p else { panic!("{p:?}") };
        let items: Vec<_> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
        assert_eq!(items, ["shell", "timeout"]);
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert_eq!((inv.program.as_str(), inv.timeout.as_secs()), ("sh", 30));
        assert!(
            inv.env
                .contains(&("CURSOR_PROJECT_DIR".into(), "/project".into()))
        );
        assert!(inv.env.contains(&("CURSOR_VERSION".into(), String::new())));
        assert!(
            inv.env
                .contains(&("CLAUDE_PROJECT_DIR".into(), "/project".into()))
        );

        let p = plan(
            &TOOL,
            "event: beforeShellExecution\ncommand: ./h.sh\ntimeout: 5\n",
            &bash("ls"),
        );
        let Plan::Run(run) = p else { panic!("{p:?}") };
        assert_eq!(run.assumptions.len(), 1, "a spec timeout is not assumed");

        let p = plan(
            &TOOL,
            "event: sessionStart\ncommand: ./h.sh\n",
            &Trigger::None,
        );
        let Plan::Run(run) = p else { panic!("{p:?}") };
        assert!(run.commands[0].is_async, "sessionStart is async in Cursor");
    }
}
