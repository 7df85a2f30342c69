//! Trae (Trae IDE international and Trae CN).
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §7 (Trae is closed
//! source: docs.trae.ai/ide/hook-configuration-reference and /ide/automate-actions-with-hooks as
//! quoted in Chemaclass/agnostic-ai #729 and Fmarzochi/EGC #1079; rullerzhou-afk/clawd-on-desk
//! `hooks/traecode-hook.js` (PR #886, 2026-08-15), rtk-ai/rtk `src/hooks/init/trae.rs`
//! (PR #3008, 2026-09-17)); the `hook run` behaviour spec
//! (docs/reference/seeds/002_868b68abc3040bdc.txt: "Trae replies: As Claude Code").

pub mod native;

use serde_json::{Value, json};

use super::shared::{self, claude_reply};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch, When};
use crate::trigger::Trigger;
use crate::verdict::Reading;

/// Trae's contract.
pub static TOOL: Tool = Tool {
    id: "trae",
    name: "Trae",
    checked: "2026-11-30",
    sources: &[
        "docs: https://docs.trae.ai/ide/hook-configuration-reference (quoted in Chemaclass/agnostic-ai #729, 2026-09-11)",
        "2nd: rullerzhou-afk/clawd-on-desk hooks/traecode-hook.js (PR #886, 2026-08-15); rtk-ai/rtk src/hooks/init/trae.rs (PR #3008)",
        "spec: hook run behaviour spec (seed 002): replies as Claude Code",
    ],
    events: EVENTS,
    shell: "bash -c; PowerShell on Windows",
    timeouts: "30 s",
    session_vars: &["TRAE_PROJECT_DIR"],
    notes: &[
        "hooks are off until switched on in Trae's settings",
        "the shell tool is RunCommand: a Bash matcher never fires",
        "on Windows a quoted program path needs PowerShell's call operator (`& \"C:\\node.exe\" hook.js`), or the hook silently does nothing",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("no live driver yet: Trae has not been tried headless here"),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// protocols-b.md §7 (no SessionEnd, PermissionRequest or PreCompact).
const EVENTS: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "Notification",
];

const TOOL_EVENTS: &[&str] = &["PreToolUse", "PostToolUse"];

/// Claude Code's reply rules on Trae's events (seed 002: "As Claude Code").
const RULES: claude_reply::Rules = claude_reply::Rules {
    agent: "Trae",
    cannot_block: &["SessionStart", "Notification"],
    after_action: &["PostToolUse"],
    stdout_context: &["UserPromptSubmit", "SessionStart"],
    // failClosed is a Claude Code setting; Trae has none.
    fail_closed_ignored: EVENTS,
};

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    claude_reply::read(&RULES, ctx, out)
}

fn portable(on: On, matches: Option<&PortableMatch>) -> Result<(String, String), String> {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::PromptSubmit => "UserPromptSubmit",
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        On::Stop => "Stop",
        On::SessionEnd => return Err("Trae has no SessionEnd event".into()),
    };
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => {
            return Err("Trae documents no edit tool name or input".into());
        }
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "RunCommand".into(),
        // Tool names seen in third-party configs (protocols-b.md §7).
        (_, Some(PortableMatch::Read)) => "ReadFile".into(),
        (_, Some(PortableMatch::Web)) => {
            return Err("Trae documents no web tool name".into());
        }
        (_, Some(PortableMatch::Mcp(server))) => format!("mcp.*{server}"),
    };
    Ok((event.to_string(), matcher))
}

/// Omitted or empty: all; otherwise an unanchored regular expression (docs: `Edit|Write`,
/// `mcp.*`). Trae is an Electron app, so the regex is JavaScript's.
fn matcher_matches(pattern: &str, name: &str) -> Result<bool, String> {
    if pattern.is_empty() {
        return Ok(true);
    }
    Ok(matcher::JsRegex::new(pattern)?.is_match(name))
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
            reason: format!("Trae has no {event} event"),
        };
    }
    let (payload, label) = match input(cx, &event) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    // The matcher means something only on tool events and Notification (protocols-b.md §7).
    if let Some(name) = &label {
        match matcher_matches(&matcher, name) {
            Ok(true) => {}
            Ok(false) => {
                return Plan::Skipped {
                    event,
                    trigger: label.clone(),
                    reason: format!("matcher \"{matcher}\" does not match {name}"),
                };
            }
            Err(e) => {
                return Plan::NotRun {
                    event: Some(event),
                    reason: format!(
                        "matcher \"{matcher}\" is not a valid regular expression ({e}): Trae cannot match it"
                    ),
                };
            }
        }
    }
    if cx.spec.args.is_some() {
        return Plan::NotRun {
            event: Some(event),
            reason: "Trae has no exec form (`args`): a hook is one command run by the shell".into(),
        };
    }
    let timeout = cx.spec.timeout().unwrap_or(30);
    let root = cx.root.display().to_string();
    // TRAE_PROJECT_DIR and CLAUDE_PROJECT_DIR (seed 002, environment table).
    let env = shared::merge_env(
        cx.env,
        [
            ("TRAE_PROJECT_DIR".to_string(), root.clone()),
            ("CLAUDE_PROJECT_DIR".to_string(), root),
        ]
        .into_iter()
        .chain(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
    );
    let (program, flag) = if cfg!(windows) {
        ("powershell.exe", "-Command")
    } else {
        ("bash", "-c")
    };
    // Notification runs asynchronously and never blocks (protocols-b.md §7).
    let is_async = cx.spec.is_async() || event == "Notification";
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| PlannedCommand {
            display: command.clone(),
            invocation: Ok(shared::invocation(
                program,
                vec![flag.into(), command.clone()],
                env.clone(),
                cx.root,
                &stdin,
                timeout,
            )),
            is_async,
        })
        .collect();
    let mut notes = Vec::new();
    if cx.spec.raw.fail_closed {
        notes.push("failClosed is a Claude Code setting; Trae ignores it".to_string());
    }
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions: Vec::new(),
        notes,
    })
}

/// Builds the event input and the name the matcher is compared with.
fn input(cx: &PlanContext, event: &str) -> Result<(Value, Option<String>), Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        let field = match event {
            "Notification" => "notification_type",
            _ => "tool_name",
        };
        let label = if TOOL_EVENTS.contains(&event) || event == "Notification" {
            value.get(field).and_then(Value::as_str).map(str::to_string)
        } else {
            None
        };
        return Ok((value.clone(), label));
    }
    // Fields measured by clawd-on-desk (protocols-b.md §7).
    let mut payload = json!({
        "hook_event_name": event,
        "session_id": shared::session_id("trae"),
        "cwd": cx.root,
        "workspace_roots": [cx.root],
    });
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| not_run("internal: payload is not an object".into()))?;
    if TOOL_EVENTS.contains(&event) {
        return match cx.trigger {
            Trigger::Bash(command) => {
                obj.insert("tool_name".into(), json!("RunCommand"));
                obj.insert("tool_input".into(), json!({ "command": command }));
                Ok((payload, Some("RunCommand".into())))
            }
            Trigger::Edit { .. } => Err(not_run(
                "Trae documents no edit tool input: pass --payload with the call you expect".into(),
            )),
            t => Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a tool call: pass --bash or --payload",
            ))),
        };
    }
    match (event, cx.trigger) {
        ("UserPromptSubmit", Trigger::Prompt(p)) => {
            obj.insert("prompt".into(), json!(p));
            Ok((payload, None))
        }
        ("UserPromptSubmit", t) => Err(not_run(shared::wrong_trigger(
            event,
            t,
            "a prompt: pass --prompt or --payload",
        ))),
        ("SessionStart" | "Stop", Trigger::None) => Ok((payload, None)),
        ("Notification", Trigger::None) => Err(not_run(
            "hookcheck builds no Notification input for Trae: pass --payload".into(),
        )),
        (_, t) => Err(not_run(shared::wrong_trigger(
            event,
            t,
            "no trigger (or --payload)",
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::TOOL;
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, timed_out,
    };
    use crate::verdict::{Decision, Effect};

    const PRE: &str = "event: PreToolUse\nmatcher: RunCommand\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. S = behaviour spec (seed 002: "As Claude Code"),
    /// P = protocols-b.md §7 (Trae docs via third parties), C = Claude Code's rules.
    #[test]
    fn reader_table() {
        use Decision::*;
        let deny =
            r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#;
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "S exit 0",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S exit 2 blocks",
                "PreToolUse",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "S exit 1 is an error",
                "PreToolUse",
                exit(1, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "P permissionDecision deny",
                "PreToolUse",
                exit(0, deny, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "P top-level decision allow (clawd) allows",
                "PreToolUse",
                exit(0, r#"{"decision":"allow"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "P {} allows",
                "PreToolUse",
                exit(0, "{}", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "C decision block",
                "UserPromptSubmit",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "C continue false halts",
                "Stop",
                exit(0, r#"{"continue":false}"#, ""),
                Block,
                Effect::Halted,
            ),
            (
                "C exit 2 on SessionStart",
                "SessionStart",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "P Notification never blocks",
                "Notification",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "C PostToolUse: tool already ran",
                "PostToolUse",
                exit(2, "", "x"),
                Block,
                Effect::Proceeds,
            ),
            (
                "C timeout",
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Proceeds,
            ),
            (
                "C failed start",
                "PreToolUse",
                not_started(),
                Error,
                Effect::Proceeds,
            ),
        ];
        for (name, event, outcome, decision, effect) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
        // failClosed is Claude Code's: Trae lets a failing hook through.
        let r = testing::read(
            &TOOL,
            "event: PreToolUse\ncommand: ./h.sh\nfailClosed: true\n",
            "PreToolUse",
            &exit(1, "", ""),
        );
        assert_eq!(r.decision, Error, "{r:?}");
        let r = testing::read(&TOOL, PRE, "UserPromptSubmit", &exit(0, "ctx", ""));
        assert!(
            r.adds_context,
            "plain stdout on UserPromptSubmit is context"
        );
    }

    #[test]
    fn inputs() {
        let cases = [
            ("bash", PRE, bash("rm -rf build")),
            (
                "prompt",
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("fix the tests"),
            ),
            (
                "stop",
                "on: stop\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("trae_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn plans_that_do_not_run() {
        let cases = [
            (PRE, edit("src/a.rs", true), "no edit tool input"),
            (
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n",
                bash("ls"),
                "no edit tool",
            ),
            (
                "on: session-end\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
                "no SessionEnd",
            ),
            (
                "event: PreCompact\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
                "Trae has no PreCompact",
            ),
            (
                "event: PreToolUse\ncommand: h\nargs: [a]\n",
                bash("ls"),
                "exec form",
            ),
            (
                "event: PreToolUse\nmatcher: \"*\"\ncommand: ./h.sh\n",
                bash("ls"),
                "not a valid regular expression",
            ),
        ];
        for (yaml, trigger, want) in cases {
            let p = plan(&TOOL, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{yaml}: {p:?}");
            assert!(format!("{p:?}").contains(want), "{yaml}: {p:?}");
        }
    }

    #[test]
    fn matchers() {
        let rows = [
            ("RunCommand", "RunCommand", true),
            ("", "RunCommand", true),
            ("Bash", "RunCommand", false),
            ("Run", "RunCommand", true), // unanchored
            ("^Command", "RunCommand", false),
            ("Edit|Write", "WriteFile", true),
        ];
        for (matcher, tool, fires) in rows {
            let yaml = format!("event: PreToolUse\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
            let p = plan(
                &TOOL,
                &yaml,
                &payload(serde_json::json!({"tool_name": tool, "tool_input": {}})),
            );
            assert_eq!(
                matches!(p, Plan::Run(_)),
                fires,
                "{matcher} vs {tool}: {p:?}"
            );
        }
    }

    #[test]
    fn shell_env_timeout() {
        let p = plan(
            &TOOL,
            "event: PreToolUse\ncommand: ./h.sh | cat\nenv: {K: v}\n",
            &bash("ls"),
        );
        let Plan::Run(run) = p else { panic!("{p:?}") };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        assert_eq!(
            (inv.program.as_str(), inv.args.as_slice()),
            ("bash", &["-c".to_string(), "./h.sh | cat".to_string()][..])
        );
        for var in ["TRAE_PROJECT_DIR", "CLAUDE_PROJECT_DIR"] {
            assert!(inv.env.contains(&(var.into(), "/project".into())), "{var}");
        }
        assert!(inv.env.contains(&("K".into(), "v".into())));
        assert_eq!(inv.timeout.as_secs(), 30);
        assert!(run.assumptions.is_empty());
    }
}
