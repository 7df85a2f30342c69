//! Spettro.
//!
//! Sources (read 2026-11-30): Spettro's source, Aploide/spettro `internal/hooks/hooks.go`
//! @3ad1747a (`Match`, `Run`, `RunInput`, `lastNonEmptyLine`) and the agent's hook runtime
//! (`runPreToolHooks`, `runPostToolHooks`, `runPermissionRequestHooks`, `toolHookRules`);
//! the Runtime Hooks docs (docs/reference/seeds/004_1a255fcc2dcff37c.txt). Where the code
//! differs from the docs, the code is followed and a note says so.
//!
//! Not covered here: loading `.spettro/hooks.json` itself (native-file loading).

pub mod native;

use serde_json::{Map, Value, json};

use super::shared;
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch, When};
use crate::trigger::Trigger;
use crate::verdict::{Effect, Reading};

/// Spettro's contract.
pub static TOOL: Tool = Tool {
    id: "spettro",
    name: "Spettro",
    checked: "2026-11-30",
    sources: &[
        "source: Aploide/spettro internal/hooks/hooks.go @3ad1747a and the agent's hook runtime (read 2026-11-30)",
        "docs: Spettro Runtime Hooks (docs/reference/seeds/004_1a255fcc2dcff37c.txt)",
    ],
    events: EVENTS,
    shell: "bash -lc",
    timeouts: "15 s (timeout_sec; 0 or less means 15)",
    session_vars: &[
        "SPETTRO_HOOK_EVENT",
        "SPETTRO_HOOK_TOOL_ID",
        "SPETTRO_HOOK_COMMAND",
    ],
    notes: &[
        "Spettro's code, not its docs: a hook that fails (non-zero exit, timeout) makes a \
         PreToolUse or PermissionRequest tool call fail",
        "project hooks in .spettro/hooks.json replace global ones by (event, matcher, id)",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("no live driver yet: Spettro has not been tried headless here"),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// `supportedEvents` in hooks.go.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PermissionRequest",
    "SessionStart",
];

/// The edit tools `--edit` may call, in the order tried.
const EDIT_TOOLS: &[&str] = &["file-write", "file-edit"];

/// Retired names that were the very same tool: a rule for them fires on every call of the
/// canonical tool (`toolHookRules`, `legacyTools[name].sameTool`; docs "Matcher syntax").
fn same_tool_names(tool: &str) -> &'static [&'static str] {
    match tool {
        "bash" => &["shell-exec", "bash-output"],
        _ => &[],
    }
}

fn portable(on: On, matches: Option<&PortableMatch>) -> Result<(String, String), String> {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        other => return Err(format!("Spettro has no {} event", other.as_str())),
    };
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => {
            "re:^file-(write|edit)$".to_string()
        }
        (_, None) | (_, Some(PortableMatch::Any)) => "*".into(),
        (_, Some(PortableMatch::Shell)) => "bash".into(),
        (_, Some(m)) => {
            return Err(format!(
                "Spettro's docs name no tool id for `match: {}`; use a native matcher",
                match m {
                    PortableMatch::Read => "read",
                    PortableMatch::Web => "web",
                    _ => "mcp",
                }
            ));
        }
    };
    Ok((event.to_string(), matcher))
}

/// `*` or empty: all; `re:` an unanchored Go regex (one that does not compile matches
/// nothing); else a `filepath.Match` glob on the whole id (hooks.go `Match`).
fn matcher_matches(pattern: &str, id: &str) -> bool {
    let m = pattern.trim();
    if m.is_empty() || m == "*" {
        return true;
    }
    if let Some(re) = m.strip_prefix("re:") {
        return matcher::go_regex_matches(re, id).unwrap_or(false);
    }
    matcher::wildcard_matches(m, id)
}

/// Whether a rule fires on a call of `tool`: its canonical id or a same-tool retired name.
fn fires_on(pattern: &str, tool: &str) -> bool {
    matcher_matches(pattern, tool)
        || same_tool_names(tool)
            .iter()
            .any(|n| matcher_matches(pattern, n))
}

fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match &cx.spec.when {
        When::Native { event, matcher } => (event.clone(), matcher.clone()),
        When::Portable { on, matches } => match portable(*on, matches.as_ref()) {
            Ok(x) => x,
            Err(reason) => {
                return Plan::NotRun {
                    event: None,
                    reason,
                };
            }
        },
    };
    if !EVENTS.contains(&event.as_str()) {
        return Plan::NotRun {
            event: Some(event.clone()),
            reason: format!("Spettro has no {event} event"),
        };
    }
    let (payload, tool, command) = match input(cx, &event, &matcher) {
        Ok(x) => x,
        Err(p) => return p,
    };
    let mut notes = Vec::new();
    if let Some(id) = &tool {
        if !fires_on(&matcher, id) {
            return Plan::Skipped {
                event,
                trigger: tool.clone(),
                reason: format!("matcher \"{matcher}\" does not match {id}"),
            };
        }
        if let Some(re) = matcher.trim().strip_prefix("re:")
            && let Err(e) = matcher::go_regex_matches(re, id)
        {
            notes.push(format!("matcher \"{matcher}\" does not compile ({e})"));
        }
    }
    if event == "PreToolUse" {
        // Code: runPreToolHooks sends no `command` (docs show it filled).
        notes.push(
            "Spettro's code sends no `command` before a tool and leaves SPETTRO_HOOK_COMMAND empty; \
             read tool_args.command (its docs say otherwise)"
                .to_string(),
        );
    }
    let timeout = match cx.spec.timeout() {
        Some(0) | None => 15,
        Some(n) => n,
    };
    let env = shared::merge_env(
        cx.env,
        [
            ("SPETTRO_HOOK_EVENT".to_string(), event.clone()),
            (
                "SPETTRO_HOOK_TOOL_ID".to_string(),
                tool.clone().unwrap_or_default(),
            ),
            ("SPETTRO_HOOK_COMMAND".to_string(), command),
        ]
        .into_iter()
        .chain(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
    );
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| {
            let line = match &cx.spec.args {
                Some(args) if !args.is_empty() => format!("{command} {}", args.join(" ")),
                _ => command.clone(),
            };
            PlannedCommand {
                display: command.clone(),
                invocation: Ok(shared::invocation(
                    "bash",
                    vec!["-lc".into(), line],
                    env.clone(),
                    cx.root,
                    &stdin,
                    timeout,
                )),
                is_async: false,
            }
        })
        .collect();
    Plan::Run(RunPlan {
        event,
        trigger: tool,
        commands,
        assumptions: Vec::new(),
        notes,
    })
}

type Input = (Value, Option<String>, String);

/// The stdin object (`RunInput`, empty fields omitted), the tool id, and the command that
/// SPETTRO_HOOK_COMMAND carries.
fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<Input, Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        let tool = value
            .get("tool_id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        let command = value
            .get("command")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        return Ok((value.clone(), tool, command));
    }
    let mut obj = Map::new();
    obj.insert("event".into(), json!(event));
    if event == "SessionStart" {
        if !matches!(cx.trigger, Trigger::None) {
            return Err(not_run(shared::wrong_trigger(
                event,
                cx.trigger,
                "no trigger (or --payload)",
            )));
        }
        return Ok((Value::Object(obj), None, String::new()));
    }
    let (tool, args, command) = match cx.trigger {
        Trigger::Bash(cmd) => ("bash".to_string(), json!({ "command": cmd }), cmd.clone()),
        Trigger::Edit { path, .. } => {
            let file = path.display().to_string();
            let Some(tool) = EDIT_TOOLS.iter().find(|t| fires_on(matcher, t)) else {
                return Err(Plan::Skipped {
                    event: event.to_string(),
                    trigger: Some("file-write".into()),
                    reason: format!("matcher \"{matcher}\" does not match file-write or file-edit"),
                });
            };
            let args = if *tool == "file-write" {
                json!({ "path": file, "content": "" })
            } else {
                json!({ "path": file, "old_string": "", "new_string": "" })
            };
            (tool.to_string(), args, String::new())
        }
        t => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a tool call: pass --bash, --edit or --payload (Spettro has no prompt event)",
            )));
        }
    };
    obj.insert("tool_id".into(), json!(tool));
    match event {
        // runPreToolHooks: {event, tool_id, tool_args}; no command.
        "PreToolUse" => {
            obj.insert("tool_args".into(), args);
            Ok((Value::Object(obj), Some(tool), String::new()))
        }
        // runPostToolHooks: {event, tool_id, tool_args, tool_output}.
        "PostToolUse" => {
            obj.insert("tool_args".into(), args);
            obj.insert("tool_output".into(), json!("hookcheck: placeholder output"));
            Ok((Value::Object(obj), Some(tool), String::new()))
        }
        // runPermissionRequestHooks: {event, tool_id, command}; no tool_args.
        _ => {
            if !command.is_empty() {
                obj.insert("command".into(), json!(command));
            }
            Ok((Value::Object(obj), Some(tool), command))
        }
    }
}

/// The decision on the last non-empty stdout line, a JSON object (hooks.go `Run`).
struct Envelope {
    decision: String,
    updated_args: bool,
}

fn last_line_envelope(stdout: &str) -> Option<Envelope> {
    let last = stdout.lines().map(str::trim).rfind(|l| !l.is_empty())?;
    let obj = shared::json_object(last)?;
    // decisionEnvelope: string fields; another type fails the unmarshal (no decision).
    let strings_ok = ["decision", "message", "reason"]
        .iter()
        .all(|k| obj.get(*k).is_none_or(|v| v.is_null() || v.is_string()));
    if !strings_ok {
        return None;
    }
    Some(Envelope {
        decision: shared::str_field(&obj, "decision")
            .unwrap_or_default()
            .trim()
            .to_lowercase(),
        updated_args: obj.get("updated_args").is_some_and(|v| !v.is_null()),
    })
}

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    let gates = matches!(event, "PreToolUse" | "PermissionRequest");
    let failed = |r: Reading, what: String| -> Reading {
        if gates {
            // Code: the error propagates and the tool call fails (docs: allow).
            Reading::new(r.decision)
                .effect(Effect::Blocked)
                .note(format!(
                    "{what}: Spettro's code fails the tool call (its docs say a failing hook allows)"
                ))
        } else if event == "PostToolUse" {
            r.note(format!(
                "{what}: Spettro ignores a PostToolUse hook's failure"
            ))
        } else {
            r.note(format!("{what}: Spettro's session start reports the error"))
        }
    };
    if out.timed_out {
        return failed(
            Reading::timeout(),
            "the hook timed out and counts as failed".into(),
        );
    }
    if let Some(e) = &out.start_error {
        return failed(Reading::error(), format!("the hook did not start ({e})"));
    }
    match out.exit_code {
        Some(0) => {}
        Some(n) => {
            let r = if gates {
                Reading::block()
            } else {
                Reading::error()
            };
            return failed(r, format!("exit {n}"));
        }
        None => return failed(Reading::error(), "killed by a signal".into()),
    }
    let env = last_line_envelope(&out.stdout.text());
    let decision = env.as_ref().map(|e| e.decision.as_str()).unwrap_or("");
    match event {
        "PreToolUse" | "PermissionRequest" => match decision {
            // runPreToolHooks / runPermissionRequestHooks: "deny" and "block" both deny.
            "deny" | "block" => Reading::block(),
            "allow" => {
                let r = if event == "PermissionRequest" {
                    Reading::allow().note("allow approves the permission request")
                } else {
                    Reading::allow()
                };
                // Only a bash call's args may be rewritten.
                r.rewrites(event == "PreToolUse" && env.as_ref().is_some_and(|e| e.updated_args))
            }
            "" => Reading::allow(),
            other => Reading::allow().note(format!("decision \"{other}\" means allow in Spettro")),
        },
        // runPostToolHooks discards the reply (docs: allow or deny).
        "PostToolUse" => {
            let r = Reading::allow();
            if matches!(decision, "deny" | "block") {
                r.note("Spettro's code ignores a PostToolUse decision (its docs say deny works)")
            } else {
                r
            }
        }
        _ => Reading::allow(),
    }
}

#[cfg(test)]
mod tests {
    use super::TOOL;
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, signalled,
        timed_out,
    };
    use crate::verdict::{Decision, Effect};

    const PRE: &str = "event: PreToolUse\nmatcher: bash\ncommand: ./hook.sh\n";

    /// Every reply rule. C = code (hooks.go `Run`, the agent's hook runtime), D = docs (seed 004).
    #[test]
    fn reader_table() {
        use Decision::*;
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "D exit 0, no output",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "D deny on the last line",
                "PreToolUse",
                exit(0, r#"{"decision":"deny","reason":"r"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "C block denies too",
                "PreToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "C decision is lowercased",
                "PreToolUse",
                exit(0, r#"{"decision":" DENY "}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "D allow",
                "PreToolUse",
                exit(0, r#"{"decision":"allow"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "D noise before the decision line",
                "PreToolUse",
                exit(0, "checking\n{\"decision\":\"deny\"}\n\n", ""),
                Block,
                Effect::Blocked,
            ),
            (
                "D decision not on the last line",
                "PreToolUse",
                exit(0, "{\"decision\":\"deny\"}\ndone\n", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "D anything else allows",
                "PreToolUse",
                exit(0, r#"{"decision":"maybe"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "C wrong type is no decision",
                "PreToolUse",
                exit(0, r#"{"decision":"deny","reason":5}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "C exit 1 fails the call",
                "PreToolUse",
                exit(1, "", "oops"),
                Block,
                Effect::Blocked,
            ),
            (
                "C exit 1 wins over allow",
                "PreToolUse",
                exit(1, r#"{"decision":"allow"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "C timeout fails the call",
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Blocked,
            ),
            (
                "C failed start fails the call",
                "PreToolUse",
                not_started(),
                Error,
                Effect::Blocked,
            ),
            (
                "C signal fails the call",
                "PreToolUse",
                signalled(9),
                Error,
                Effect::Blocked,
            ),
            (
                "C PermissionRequest deny",
                "PermissionRequest",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "C PermissionRequest allow",
                "PermissionRequest",
                exit(0, r#"{"decision":"allow"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "C PostToolUse decision ignored",
                "PostToolUse",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "C PostToolUse failure ignored",
                "PostToolUse",
                exit(1, "", ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "D SessionStart has no decision",
                "SessionStart",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "C SessionStart failure",
                "SessionStart",
                exit(3, "", ""),
                Error,
                Effect::Proceeds,
            ),
        ];
        for (name, event, outcome, decision, effect) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
        let r = testing::read(
            &TOOL,
            PRE,
            "PreToolUse",
            &exit(
                0,
                r#"{"decision":"allow","updated_args":"pip install x --no-cache-dir"}"#,
                "",
            ),
        );
        assert!(r.rewrites_input, "{r:?}");
    }

    #[test]
    fn inputs() {
        let cases = [
            ("bash", PRE, bash("rm -rf /tmp/x")),
            (
                "post_bash",
                "event: PostToolUse\nmatcher: bash\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (
                "permission_bash",
                "event: PermissionRequest\nmatcher: bash\ncommand: ./h.sh\n",
                bash("rm -rf /tmp/x"),
            ),
            (
                "edit",
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n",
                edit("main.go", true),
            ),
            (
                "edit_only_edit",
                "event: PreToolUse\nmatcher: file-edit\ncommand: ./h.sh\n",
                edit("main.go", true),
            ),
            (
                "session_start",
                "on: session-start\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("spettro_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn matchers() {
        let rows = [
            ("*", "bash", true),
            ("", "bash", true),
            ("bash", "bash", true),
            ("bas", "bash", false),
            ("file-*", "file-write", true),
            ("file-*", "bash", false),
            ("re:^git", "git-status", true),
            ("re:(bash|pty-start)", "bash", true),
            ("re:ash", "bash", true),     // unanchored
            ("re:(", "bash", false),      // does not compile: matches nothing
            ("shell-exec", "bash", true), // a retired name of the same tool
            ("bash-output", "bash", true),
            ("multi-edit", "file-edit", false), // a narrower retired name
            ("Bash", "bash", false),
        ];
        for (matcher, tool, fires) in rows {
            let yaml = format!("event: PreToolUse\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
            let p = plan(
                &TOOL,
                &yaml,
                &payload(serde_json::json!({"event": "PreToolUse", "tool_id": tool})),
            );
            assert_eq!(
                matches!(p, Plan::Run(_)),
                fires,
                "{matcher} vs {tool}: {p:?}"
            );
        }
    }

    #[test]
    fn plans_that_do_not_run() {
        let cases = [
            (
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("hi"),
                "Spettro has no prompt-submit event",
            ),
            (
                "on: stop\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
                "Spettro has no stop event",
            ),
            (
                "event: Stop\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
                "Spettro has no Stop event",
            ),
            (PRE, prompt("hi"), "not fired by --prompt"),
            (
                "on: before-tool\nmatch: read\ncommand: ./h.sh\n",
                edit("a", true),
                "no tool id",
            ),
        ];
        for (yaml, trigger, want) in cases {
            let p = plan(&TOOL, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{yaml}: {p:?}");
            assert!(format!("{p:?}").contains(want), "{yaml}: {p:?}");
        }
    }

    #[test]
    fn shell_env_timeout() {
        let p = plan(
            &TOOL,
            "event: PermissionRequest\ncommand: ./h.sh\n",
            &bash("git push"),
        );
        let Plan::Run(run) = p else { panic!("{p:?}") };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert_eq!(inv.program, "bash");
        assert_eq!(inv.args, ["-lc", "./h.sh"]);
        assert_eq!(inv.timeout.as_secs(), 15);
        for (k, v) in [
            ("SPETTRO_HOOK_EVENT", "PermissionRequest"),
            ("SPETTRO_HOOK_TOOL_ID", "bash"),
            ("SPETTRO_HOOK_COMMAND", "git push"),
        ] {
            assert!(inv.env.contains(&(k.into(), v.into())), "{k}");
        }
        // Before a tool the command is empty (code, not docs).
        let p = plan(&TOOL, PRE, &bash("git push"));
        let Plan::Run(run) = p else { panic!("{p:?}") };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert!(
            inv.env
                .contains(&("SPETTRO_HOOK_COMMAND".into(), String::new()))
        );
    }
}
