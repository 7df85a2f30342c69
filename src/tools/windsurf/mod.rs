//! Windsurf / Devin CLI: the Devin CLI's Claude-compatible hooks (`.devin/hooks.v1.json`).
//!
//! Sources (read 2026-11-30): docs.devin.ai/cli/extensibility/hooks (overview and
//! lifecycle-hooks; payload example, `exec` tool, exit 2 or `decision: block`), as collected in
//! docs/reference/protocols/protocols-a.md §6b; docs/reference/seeds/002_868b68abc3040bdc.txt
//! (agnostic-ai `hook run`: Windsurf replies, Windsurf sample events, assumed results).
//! Windsurf Cascade's own snake_case hooks (§6a) are a different system and are not modelled.

pub mod native;

use serde_json::{Map, Value, json};

use super::shared::{self, assumed, json_object, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch, When};
use crate::trigger::Trigger;
use crate::verdict::{Effect, Reading};

/// Windsurf / Devin CLI's contract.
pub static TOOL: Tool = Tool {
    id: "windsurf",
    name: "Windsurf / Devin CLI",
    checked: "2026-11-30",
    sources: &[
        "docs: https://docs.devin.ai/cli/extensibility/hooks/overview, .../lifecycle-hooks",
        "spec: agnostic-ai hook run (docs/reference/seeds/002_868b68abc3040bdc.txt): Windsurf replies and sample events",
    ],
    events: EVENTS,
    shell: "script path only (assumed sh -c); \"$DEVIN_PROJECT_DIR\" counts as a plain word",
    timeouts: "assumed 30 s when the spec sets none",
    session_vars: &["DEVIN_PROJECT_DIR"],
    notes: &[
        "the Devin CLI also picks up Claude Code hooks from .claude/, which then run under Devin's reply rules",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("no live driver yet: the Devin CLI has not been tried headless here"),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PermissionRequest",
    "UserPromptSubmit",
    "Stop",
    "SessionStart",
    "SessionEnd",
    "PreCompact",
    "PostCompact",
    "PostCompaction",
];

const TOOL_EVENTS: &[&str] = &["PreToolUse", "PostToolUse", "PermissionRequest"];

/// The events where exit 2 or `decision: block` has a documented meaning.
const CAN_BLOCK: &[&str] = &[
    "PreToolUse",
    "PermissionRequest",
    "UserPromptSubmit",
    "Stop",
];

/// Where `hookSpecificOutput.additionalContext` reaches the model (seed, "Windsurf replies").
const CONTEXT_EVENTS: &[&str] = &["UserPromptSubmit", "SessionStart", "PostToolUse"];

/// The assumed timeout when the spec sets none (seed, "Assumed results").
const ASSUMED_TIMEOUT: u64 = 30;

fn portable(on: On, matches: Option<&PortableMatch>) -> Result<(String, String), String> {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::PromptSubmit => "UserPromptSubmit",
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        On::Stop => "Stop",
        On::SessionEnd => "SessionEnd",
    };
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => "^edit$".to_string(),
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "^exec$".into(),
        (_, Some(PortableMatch::Mcp(server))) => format!("^mcp__{server}__"),
        (_, Some(m @ (PortableMatch::Read | PortableMatch::Web))) => {
            return Err(format!(
                "the Devin CLI docs name no {} tool: write a native matcher",
                if *m == PortableMatch::Read {
                    "read"
                } else {
                    "web"
                }
            ));
        }
    };
    Ok((event.to_string(), matcher))
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
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.clone()),
        reason,
    };
    if !EVENTS.contains(&event.as_str()) {
        return not_run(format!("the Devin CLI has no {event} event"));
    }
    let (payload, label) = match input(cx, &event) {
        Ok(x) => x,
        Err(reason) => return not_run(reason),
    };
    let m = matcher.trim();
    if TOOL_EVENTS.contains(&event.as_str()) {
        let tool = label.clone().unwrap_or_default();
        // Empty or omitted matches all; `*` as in Claude Code's format, which Devin reads.
        if !matcher::is_match_all(m) {
            match matcher::JsRegex::new(m) {
                Ok(re) if re.is_match(&tool) => {}
                Ok(_) => {
                    return Plan::Skipped {
                        event,
                        trigger: label,
                        reason: format!("matcher \"{m}\" does not match {tool}"),
                    };
                }
                Err(e) => {
                    return not_run(format!(
                        "matcher \"{m}\" is not a valid regular expression ({e})"
                    ));
                }
            }
        }
    } else if matches!(event.as_str(), "PreCompact" | "PostCompact") {
        if !m.is_empty() {
            let parts: Vec<&str> = m.split('|').map(str::trim).collect();
            if parts.iter().any(|p| !matches!(*p, "manual" | "auto")) {
                return not_run(format!(
                    "matcher \"{m}\": {event} accepts only manual or auto"
                ));
            }
            let source = label.clone().unwrap_or_default();
            if !parts.contains(&source.as_str()) {
                return Plan::Skipped {
                    event,
                    trigger: label,
                    reason: format!("matcher \"{m}\" does not match {source}"),
                };
            }
        }
    } else if !m.is_empty() {
        return not_run(format!(
            "the Devin CLI takes no matcher on {event}, and its docs do not say what one does"
        ));
    }
    if cx.spec.args.is_some() {
        return not_run("the Devin CLI has no exec form (`args`): a hook is one command".into());
    }
    let mut assumptions = vec![assumed::shell(), assumed::cwd(cx.root)];
    let timeout = match cx.spec.timeout() {
        Some(t) => t,
        None => {
            assumptions.push(assumed::timeout(ASSUMED_TIMEOUT));
            ASSUMED_TIMEOUT
        }
    };
    let mut add = vec![(
        "DEVIN_PROJECT_DIR".to_string(),
        cx.root.display().to_string(),
    )];
    add.extend(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone())));
    let env = shared::merge_env(cx.env, add);
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| PlannedCommand {
            display: command.clone(),
            invocation: assumed::script_path_shell(command, &["DEVIN_PROJECT_DIR"]).map(
                |(program, args)| {
                    shared::invocation(&program, args, env.clone(), cx.root, &stdin, timeout)
                },
            ),
            is_async: cx.spec.is_async(),
        })
        .collect();
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions,
        notes: Vec::new(),
    })
}

fn input(cx: &PlanContext, event: &str) -> Result<(Value, Option<String>), String> {
    if let Trigger::Payload { value, .. } = cx.trigger {
        let field = if TOOL_EVENTS.contains(&event) {
            "tool_name"
        } else {
            "trigger"
        };
        return Ok((
            value.clone(),
            value.get(field).and_then(Value::as_str).map(str::to_string),
        ));
    }
    let mut payload = json!({
        "session_id": shared::session_id("windsurf"),
        "prompt_id": "hookcheck-prompt-0001",
        "hook_event_name": event,
    });
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| "internal: payload is not an object".to_string())?;
    match (event, cx.trigger) {
        (_, Trigger::Edit { .. }) => {
            Err("the Devin CLI docs do not show the edit tool's input: pass --payload".to_string())
        }
        ("PreToolUse" | "PostToolUse" | "PermissionRequest", Trigger::Bash(c)) => {
            obj.insert("tool_name".into(), json!("exec"));
            obj.insert(
                "tool_input".into(),
                json!({ "command": c, "shell_id": "main" }),
            );
            if event == "PostToolUse" {
                obj.insert(
                    "tool_response".into(),
                    json!({ "success": true, "output": "", "error": Value::Null }),
                );
            }
            Ok((payload, Some("exec".to_string())))
        }
        ("PreToolUse" | "PostToolUse" | "PermissionRequest", t) => Err(shared::wrong_trigger(
            event,
            t,
            "a tool call: pass --bash or --payload",
        )),
        ("UserPromptSubmit", Trigger::Prompt(p)) => {
            obj.insert("prompt".into(), json!(p));
            Ok((payload, None))
        }
        ("UserPromptSubmit", t) => Err(shared::wrong_trigger(
            event,
            t,
            "a prompt: pass --prompt or --payload",
        )),
        ("Stop" | "PostCompaction", Trigger::None) => Ok((payload, None)),
        ("SessionStart" | "SessionEnd" | "PreCompact" | "PostCompact", Trigger::None) => Err(
            format!("hookcheck builds no {event} input for the Devin CLI: pass --payload"),
        ),
        (_, t) => Err(shared::wrong_trigger(event, t, "no trigger (or --payload)")),
    }
}

/// `hookSpecificOutput`, only when its `hookEventName` names the event that ran (seed).
fn own_output<'a>(obj: &'a Map<String, Value>, event: &str) -> Option<&'a Map<String, Value>> {
    obj.get("hookSpecificOutput")
        .and_then(Value::as_object)
        .filter(|h| str_field(h, "hookEventName") == Some(event))
}

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    if out.timed_out {
        return Reading::timeout().note("the Devin CLI docs do not say what a timeout does");
    }
    if let Some(e) = &out.start_error {
        return Reading::error().note(format!("the command did not start: {e}"));
    }
    let Some(code) = out.exit_code else {
        return Reading::error().note("the hook was killed by a signal");
    };
    let stdout = out.stdout.text();
    let reply = json_object(&stdout);
    let decision = reply
        .as_ref()
        .and_then(|o| str_field(o, "decision"))
        .map(str::to_string);
    let can_block = CAN_BLOCK.contains(&event);
    let block = || {
        if can_block {
            Reading::block()
        } else {
            Reading::block()
                .effect(Effect::Proceeds)
                .not_counted(format!(
                    "the Devin CLI docs give a block on {event} no meaning"
                ))
        }
    };
    match code {
        0 => {}
        2 => {
            let r = block().note("exit 2: stderr is the reason");
            return match (&reply, decision.as_deref()) {
                (None, _) | (Some(_), Some("block")) => r,
                (Some(_), _) => r.not_counted(
                    "the Devin CLI docs do not say how a JSON reply on exit 2 is read",
                ),
            };
        }
        n => {
            let r = Reading::error().note(format!("exit {n}: the Devin CLI logs it and goes on"));
            return match reply {
                Some(_) => r.not_counted(format!(
                    "the Devin CLI docs do not say how a JSON reply on exit {n} is read"
                )),
                None => r,
            };
        }
    }
    let Some(obj) = reply else {
        if shared::looks_like_json(&stdout) {
            return Reading::allow().not_counted(
                "the reply is not valid JSON, and the Devin CLI docs do not say how that is read",
            );
        }
        return Reading::allow();
    };
    let own = own_output(&obj, event);
    let context = CONTEXT_EVENTS.contains(&event)
        && own.is_some_and(|h| h.get("additionalContext").is_some_and(|v| !v.is_null()));
    let rewrites = event == "PreToolUse" && own.is_some_and(|h| h.contains_key("updatedInput"));
    let r = match decision.as_deref() {
        Some("block") => block(),
        None | Some("approve") => Reading::allow(),
        Some(other) => Reading::allow().not_counted(format!(
            "decision \"{other}\" has no meaning in the Devin CLI docs"
        )),
    };
    let r = r.context(context).rewrites(rewrites);
    if rewrites {
        r.note("the Devin CLI merges hookSpecificOutput.updatedInput into the tool's arguments")
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::TOOL;
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, timed_out,
    };
    use crate::trigger::Trigger;
    use crate::verdict::{Decision, Effect};
    use serde_json::json;

    const PRE: &str = "event: PreToolUse\nmatcher: exec\ncommand: ./hook.sh\n";

    /// Every reply rule. D = Devin CLI docs (protocols-a.md §6b), S = the seed's "Windsurf replies".
    #[test]
    fn reader_table() {
        use Decision::*;
        let hso = |ev: &str, key: &str| {
            format!(r#"{{"hookSpecificOutput":{{"hookEventName":"{ev}","{key}":{{"a":1}}}}}}"#)
        };
        let rows: Vec<(
            &str,
            &str,
            crate::exec::Outcome,
            Decision,
            Effect,
            bool,
            bool,
        )> = vec![
            // (name, event, outcome, decision, effect, counted, adds context)
            (
                "D exit 0",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "D exit 2 blocks",
                "PreToolUse",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
                true,
                false,
            ),
            (
                "D decision block",
                "PreToolUse",
                exit(0, r#"{"decision":"block","reason":"no"}"#, ""),
                Block,
                Effect::Blocked,
                true,
                false,
            ),
            (
                "D exit 1 is error",
                "PreToolUse",
                exit(1, "", "x"),
                Error,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S approve",
                "PreToolUse",
                exit(0, r#"{"decision":"approve"}"#, ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S plain stdout",
                "PreToolUse",
                exit(0, "hello", ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S no decision",
                "PreToolUse",
                exit(0, "{}", ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S other decision not counted",
                "PreToolUse",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S exit 2 + decision block",
                "PreToolUse",
                exit(2, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
                true,
                false,
            ),
            (
                "S exit 2 + other reply not counted",
                "PreToolUse",
                exit(2, r#"{"decision":"approve"}"#, ""),
                Block,
                Effect::Blocked,
                false,
                false,
            ),
            (
                "S exit 1 + reply not counted",
                "PreToolUse",
                exit(1, r#"{"decision":"block"}"#, ""),
                Error,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S PermissionRequest exit 2",
                "PermissionRequest",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
                true,
                false,
            ),
            (
                "S prompt decision block",
                "UserPromptSubmit",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
                true,
                false,
            ),
            (
                "S stop exit 2",
                "Stop",
                exit(2, "", "go on"),
                Block,
                Effect::Blocked,
                true,
                false,
            ),
            (
                "S block on PostToolUse not counted",
                "PostToolUse",
                exit(2, "", "x"),
                Block,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S block on SessionStart not counted",
                "SessionStart",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S block on PostCompaction not counted",
                "PostCompaction",
                exit(2, "", ""),
                Block,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S block on PreCompact not counted",
                "PreCompact",
                exit(2, "", ""),
                Block,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S context on the named event",
                "UserPromptSubmit",
                exit(0, &hso("UserPromptSubmit", "additionalContext"), ""),
                Allow,
                Effect::Proceeds,
                true,
                true,
            ),
            (
                "S context on another event's name",
                "UserPromptSubmit",
                exit(0, &hso("SessionStart", "additionalContext"), ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S context on PostToolUse",
                "PostToolUse",
                exit(0, &hso("PostToolUse", "additionalContext"), ""),
                Allow,
                Effect::Proceeds,
                true,
                true,
            ),
            (
                "S no context on PreToolUse",
                "PreToolUse",
                exit(0, &hso("PreToolUse", "additionalContext"), ""),
                Allow,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S invalid JSON not counted",
                "PreToolUse",
                exit(0, "{nope", ""),
                Allow,
                Effect::Proceeds,
                false,
                false,
            ),
            (
                "S timeout",
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Proceeds,
                true,
                false,
            ),
            (
                "S not started",
                "PreToolUse",
                not_started(),
                Error,
                Effect::Proceeds,
                true,
                false,
            ),
        ];
        for (name, event, outcome, decision, effect, counted, context) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!(
                (r.decision, r.effect, r.counted, r.adds_context),
                (decision, effect, counted, context),
                "{name}: {r:?}"
            );
        }
        let r = testing::read(
            &TOOL,
            PRE,
            "PreToolUse",
            &exit(0, &hso("PreToolUse", "updatedInput"), ""),
        );
        assert!(
            r.rewrites_input && !r.notes.is_empty(),
            "updatedInput is merged: {r:?}"
        );
        let r = testing::read(
            &TOOL,
            PRE,
            "PreToolUse",
            &exit(0, &hso("PostToolUse", "updatedInput"), ""),
        );
        assert!(
            !r.rewrites_input,
            "updatedInput under another event's name: {r:?}"
        );
    }

    #[test]
    fn inputs() {
        let cases = [
            ("bash", PRE, bash("rm -rf build")),
            (
                "post_bash",
                "event: PostToolUse\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (
                "permission_request",
                "event: PermissionRequest\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (
                "prompt",
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("fix the test"),
            ),
            ("stop", "on: stop\ncommand: ./h.sh\n", Trigger::None),
            (
                "post_compaction",
                "event: PostCompaction\ncommand: ./h.sh\n",
                Trigger::None,
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("windsurf_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn matchers() {
        // (yaml, trigger, Some(true) runs / Some(false) skipped / None not run)
        let pc = |t: &str| payload(json!({"trigger": t}));
        let rows = [
            (PRE.to_string(), bash("ls"), Some(true)),
            (
                "event: PreToolUse\nmatcher: Bash\ncommand: ./h.sh\n".into(),
                bash("ls"),
                Some(false),
            ),
            (
                "event: PreToolUse\nmatcher: ex\ncommand: ./h.sh\n".into(),
                bash("ls"),
                Some(true),
            ),
            (
                "event: PreToolUse\ncommand: ./h.sh\n".into(),
                bash("ls"),
                Some(true),
            ),
            (
                "on: before-tool\nmatch: shell\ncommand: ./h.sh\n".into(),
                bash("ls"),
                Some(true),
            ),
            (
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n".into(),
                bash("ls"),
                Some(false),
            ),
            (
                "event: PreToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n".into(),
                bash("ls"),
                None,
            ),
            (
                "event: PreCompact\nmatcher: manual\ncommand: ./h.sh\n".into(),
                pc("manual"),
                Some(true),
            ),
            (
                "event: PreCompact\nmatcher: auto\ncommand: ./h.sh\n".into(),
                pc("manual"),
                Some(false),
            ),
            (
                "event: PostCompact\nmatcher: manual|auto\ncommand: ./h.sh\n".into(),
                pc("auto"),
                Some(true),
            ),
            (
                "event: PreCompact\nmatcher: startup\ncommand: ./h.sh\n".into(),
                pc("manual"),
                None,
            ),
            (
                "event: Stop\nmatcher: x\ncommand: ./h.sh\n".into(),
                Trigger::None,
                None,
            ),
            (
                "event: UserPromptSubmit\nmatcher: x\ncommand: ./h.sh\n".into(),
                prompt("p"),
                None,
            ),
        ];
        for (yaml, trigger, want) in rows {
            let p = plan(&TOOL, &yaml, &trigger);
            let got = match p {
                Plan::Run(_) => Some(true),
                Plan::Skipped { .. } => Some(false),
                Plan::NotRun { .. } => None,
            };
            assert_eq!(got, want, "{yaml}");
        }
    }

    #[test]
    fn refusals_env_and_assumptions() {
        for (yaml, trigger) in [
            (PRE, edit("a.rs", true)),
            ("event: SessionStart\ncommand: ./h.sh\n", Trigger::None),
            ("event: SessionEnd\ncommand: ./h.sh\n", Trigger::None),
            ("event: PreCompact\ncommand: ./h.sh\n", Trigger::None),
            ("event: Notification\ncommand: ./h.sh\n", Trigger::None),
            (
                "on: before-tool\nmatch: read\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (PRE, prompt("x")),
        ] {
            let p = plan(&TOOL, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{yaml}: {p:?}");
        }
        let Plan::Run(run) = plan(&TOOL, PRE, &bash("ls")) else {
            panic!()
        };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert!(
            inv.env
                .contains(&("DEVIN_PROJECT_DIR".into(), "/project".into()))
        );
        assert_eq!(inv.timeout.as_secs(), 30);
        let items: Vec<&str> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
        assert_eq!(items, ["shell", "cwd", "timeout"]);
        let Plan::Run(run) = plan(
            &TOOL,
            "event: Stop\ntimeout: 5\ncommand: ./h.sh\n",
            &Trigger::None,
        ) else {
            panic!()
        };
        assert!(!run.assumptions.iter().any(|a| a.item == "timeout"));
    }
}
