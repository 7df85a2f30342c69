//! Augment (the Auggie CLI).
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §6 (Auggie is closed
//! source: docs.augmentcode.com/cli/hooks (1.x prerelease) and /cli/v0/hooks (0.x),
//! /cli/hooks-examples; augmentcode/auggie #130; payloads observed by augment-agent-dashboard);
//! the `hook run` behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt: shell table,
//! "Augment replies", "Augment sample events").

pub mod native;

use std::path::Path;

use serde_json::{Map, Value, json};

use super::shared::{self, json_object, looks_like_json, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch, When};
use crate::trigger::Trigger;
use crate::verdict::{Effect, Reading};

/// Augment's contract.
pub static TOOL: Tool = Tool {
    id: "augment",
    name: "Augment",
    checked: "2026-11-30",
    sources: &[
        "docs: https://docs.augmentcode.com/cli/hooks and /cli/v0/hooks (via protocols-b.md §6)",
        "2nd: augment-agent-dashboard hook handlers (observed payloads)",
        "spec: hook run behaviour spec (seed 002)",
    ],
    events: EVENTS,
    shell: "no shell: only a .sh, .ps1, .cmd or .bat script path, run directly (powershell.exe -Command / cmd.exe /c on Windows)",
    timeouts: "60 s (settings give milliseconds: 60000)",
    session_vars: &[
        "AUGMENT_PROJECT_DIR",
        "AUGMENT_CONVERSATION_ID",
        "AUGMENT_HOOK_EVENT",
        "AUGMENT_TOOL_NAME",
    ],
    notes: &[
        "workspace hooks (.augment/settings.json) apply to the Auggie CLI only; the IDE extensions ignore them",
        "Augment's settings give timeouts in milliseconds: `\"timeout\": 30` means 30 ms",
        "the payload shape is unconfirmed: hookcheck sends the documented tool_name/tool_input and the observed toolUse",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("Auggie needs an Augment account: no offline model endpoint"),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// docs.augmentcode.com/cli/v0/hooks. Auggie 1.x announces prompt-submit and Notification
/// events whose names and payloads are not documented, so they are left out.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "SessionStart",
    "SessionEnd",
];

const TOOL_EVENTS: &[&str] = &["PreToolUse", "PostToolUse"];

/// The edit tools `--edit` may call, in the order tried (seed 002).
const EDIT_TOOLS: &[&str] = &["str-replace-editor", "save-file"];

/// The script kinds Augment runs (seed 002, shell table).
const SCRIPT_EXTENSIONS: &[&str] = &[".sh", ".ps1", ".cmd", ".bat"];

fn portable(on: On, matches: Option<&PortableMatch>) -> Result<(String, String), String> {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::PromptSubmit => return Err("Augment has no prompt event".into()),
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        On::Stop => "Stop",
        On::SessionEnd => "SessionEnd",
    };
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => {
            "str-replace-editor|save-file".to_string()
        }
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "launch-process".into(),
        (_, Some(PortableMatch::Read)) => "view".into(),
        (_, Some(PortableMatch::Web)) => "web-fetch|web-search".into(),
        // docs: "mcp:*" style names for MCP tools.
        (_, Some(PortableMatch::Mcp(server))) => format!("mcp:.*{server}"),
    };
    Ok((event.to_string(), matcher))
}

/// Case-sensitive, unanchored regex; empty (default `.*`) matches all. Auggie is a Node
/// program, so the regex is JavaScript's.
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
            reason: format!("Augment has no {event} event"),
        };
    }
    let (payload, label) = match input(cx, &event, &matcher) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    // The matcher is ignored for SessionStart, SessionEnd and Stop (docs).
    if let Some(name) = &label
        && TOOL_EVENTS.contains(&event.as_str())
    {
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
                        "matcher \"{matcher}\" is not a valid regular expression ({e}): Augment cannot match it"
                    ),
                };
            }
        }
    }
    if cx.spec.args.is_some() {
        return Plan::NotRun {
            event: Some(event),
            reason: "Augment has no exec form (`args`): a hook is the path of a script".into(),
        };
    }
    let timeout = cx.spec.timeout().unwrap_or(60);
    let mut own = vec![
        (
            "AUGMENT_PROJECT_DIR".to_string(),
            cx.root.display().to_string(),
        ),
        (
            "AUGMENT_CONVERSATION_ID".to_string(),
            shared::session_id("augment"),
        ),
        ("AUGMENT_HOOK_EVENT".to_string(), event.clone()),
    ];
    if let Some(name) = label
        .as_ref()
        .filter(|_| TOOL_EVENTS.contains(&event.as_str()))
    {
        own.push(("AUGMENT_TOOL_NAME".to_string(), name.clone()));
    }
    let env = shared::merge_env(
        cx.env,
        own.into_iter()
            .chain(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
    );
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| PlannedCommand {
            display: command.clone(),
            invocation: script(command, cx.root).map(|(program, args)| {
                shared::invocation(&program, args, env.clone(), cx.root, &stdin, timeout)
            }),
            is_async: cx.spec.is_async(),
        })
        .collect();
    let mut notes = Vec::new();
    if let Some(t) = cx.spec.timeout() {
        notes.push(format!(
            "Augment's settings give this timeout in milliseconds: \"timeout\": {}",
            t.saturating_mul(1000)
        ));
    }
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions: Vec::new(),
        notes,
    })
}

/// The program Augment starts for `command`: a script path with a known extension, run
/// directly (seed 002); anything else is not run.
fn script(command: &str, root: &Path) -> Result<(String, Vec<String>), String> {
    let refuse = || {
        format!(
            "Augment runs only the path of a .sh, .ps1, .cmd or .bat script, with no shell: move `{command}` into a script and give its path"
        )
    };
    let words = crate::shell::plain_script_words(command, &[]).ok_or_else(refuse)?;
    let [path] = words.as_slice() else {
        return Err(refuse());
    };
    let lower = path.to_ascii_lowercase();
    let Some(ext) = SCRIPT_EXTENSIONS.iter().find(|e| lower.ends_with(**e)) else {
        return Err(refuse());
    };
    // `~` is not a plain word (shell::plain_script_words): with no shell, nothing expands it.
    let full = root.join(path.strip_prefix("./").unwrap_or(path));
    let full = full.display().to_string();
    if cfg!(windows) {
        return Ok(match *ext {
            ".ps1" => ("powershell.exe".into(), vec!["-Command".into(), full]),
            ".cmd" | ".bat" => ("cmd.exe".into(), vec!["/c".into(), full]),
            _ => return Err("Augment runs a .sh script only on macOS and Linux".into()),
        });
    }
    Ok((full, Vec::new()))
}

/// Builds the event input (documented fields plus the observed `toolUse`) and the tool name.
fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<(Value, Option<String>), Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        let name = value
            .get("tool_name")
            .and_then(Value::as_str)
            .map(str::to_string);
        return Ok((value.clone(), name));
    }
    let mut payload = json!({
        "hook_event_name": event,
        "conversation_id": shared::session_id("augment"),
        "workspace_roots": [cx.root],
    });
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| not_run("internal: payload is not an object".into()))?;
    if TOOL_EVENTS.contains(&event) {
        let (tool, tool_input) = match cx.trigger {
            Trigger::Bash(command) => ("launch-process", json!({ "command": command })),
            Trigger::Edit { path, .. } => {
                let chosen = EDIT_TOOLS
                    .iter()
                    .find(|t| matcher_matches(matcher, t).unwrap_or(false));
                let Some(tool) = chosen else {
                    return Err(Plan::Skipped {
                        event: event.to_string(),
                        trigger: Some("str-replace-editor".into()),
                        reason: format!(
                            "matcher \"{matcher}\" does not match str-replace-editor or save-file"
                        ),
                    });
                };
                // Augment's file tools take workspace-relative paths.
                let rel = path
                    .strip_prefix(cx.root)
                    .unwrap_or(path)
                    .display()
                    .to_string();
                let input = if *tool == "save-file" {
                    json!({ "path": rel, "file_content": "" })
                } else {
                    json!({ "command": "str_replace", "path": rel, "old_str_1": "", "new_str_1": "" })
                };
                (*tool, input)
            }
            t => {
                return Err(not_run(shared::wrong_trigger(
                    event,
                    t,
                    "a tool call: pass --bash, --edit or --payload",
                )));
            }
        };
        obj.insert("tool_name".into(), json!(tool));
        obj.insert("tool_input".into(), tool_input.clone());
        let mut tool_use = json!({ "name": tool, "input": tool_input });
        if event == "PostToolUse" {
            obj.insert("tool_output".into(), json!(""));
            if let Some(t) = tool_use.as_object_mut() {
                t.insert("output".into(), json!(""));
            }
        }
        obj.insert("toolUse".into(), tool_use);
        return Ok((payload, Some(tool.to_string())));
    }
    match cx.trigger {
        Trigger::None => {
            if event == "Stop" {
                obj.insert(
                    "conversation".into(),
                    json!({ "userPrompt": "", "agentTextResponse": "Done.", "agentCodeResponse": [] }),
                );
            }
            Ok((payload, None))
        }
        t => Err(not_run(shared::wrong_trigger(
            event,
            t,
            "no trigger (or --payload)",
        ))),
    }
}

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    if out.timed_out {
        return Reading::timeout()
            .note("Augment does not document a timeout's effect; hookcheck reads it as letting the action through");
    }
    if let Some(e) = &out.start_error {
        return Reading::error().note(format!("the script did not start: {e}"));
    }
    let Some(code) = out.exit_code else {
        return Reading::error().note("the hook was killed by a signal");
    };
    match code {
        // Exit 2 blocks on PreToolUse only; stderr is the reason (docs).
        2 if event == "PreToolUse" => Reading::block().note("exit 2: stderr is the reason"),
        2 => Reading::error().note(format!(
            "exit 2 blocks only on PreToolUse in Augment; on {event} it is a non-blocking error"
        )),
        0 => read_exit_zero(event, &out.stdout.text()),
        n => Reading::error().note(format!(
            "exit {n} is a non-blocking error in Augment: the action goes ahead"
        )),
    }
}

fn block(event: &str) -> Reading {
    if event == "PostToolUse" {
        Reading::block()
            .effect(Effect::Proceeds)
            .note("the tool already ran: the block sends the reason back to the model")
    } else {
        Reading::block()
    }
}

fn read_exit_zero(event: &str, stdout: &str) -> Reading {
    if stdout.trim().is_empty() {
        return Reading::allow();
    }
    let Some(obj) = json_object(stdout) else {
        if looks_like_json(stdout) {
            return Reading::allow().note("stdout is not valid JSON; it is ignored");
        }
        // Plain stdout is context on SessionStart, as on Claude Code (seed 002).
        let context = event == "SessionStart";
        return Reading::allow().context(context).note(if context {
            "plain stdout is added to the model's context"
        } else {
            "plain stdout is not read on this event"
        });
    };
    read_json(event, &obj)
}

fn read_json(event: &str, obj: &Map<String, Value>) -> Reading {
    let hso = obj.get("hookSpecificOutput").and_then(Value::as_object);
    let context = hso
        .and_then(|h| h.get("additionalContext"))
        .is_some_and(|v| !v.is_null());
    if obj.get("continue") == Some(&Value::Bool(false)) {
        return Reading::block()
            .effect(Effect::Halted)
            .context(context)
            .note("continue: false stops Augment");
    }
    if event == "PreToolUse" && hso.and_then(|h| str_field(h, "permissionDecision")) == Some("deny")
    {
        return block(event).context(context);
    }
    // decision "block" sits inside hookSpecificOutput on Stop and PostToolUse (seed 002).
    let decision_holder = if matches!(event, "Stop" | "PostToolUse") {
        hso
    } else {
        Some(obj)
    };
    if decision_holder.and_then(|o| str_field(o, "decision")) == Some("block") {
        if matches!(event, "SessionStart" | "SessionEnd") {
            return Reading::error().context(context).note(format!(
                "decision \"block\" cannot stop anything on {event}"
            ));
        }
        let mut r = block(event).context(context);
        if event == "Stop" {
            r = r.note("a Stop block keeps the agent working");
        }
        return r;
    }
    let mut r = Reading::allow().context(context);
    if matches!(event, "Stop" | "PostToolUse") && str_field(obj, "decision") == Some("block") {
        r = r.note(format!(
            "on {event} Augment reads decision \"block\" inside hookSpecificOutput, not at the top level"
        ));
    }
    if obj.contains_key("permissionDecision") {
        r = r.note("a top-level permissionDecision is ignored: it belongs in hookSpecificOutput");
    }
    r
}

#[cfg(test)]
mod tests {
    use super::TOOL;
    use crate::tools::Plan;
    use crate::tools::testing::{
        self, bash, edit, exit, not_started, payload, plan, planned_input, prompt, timed_out,
    };
    use crate::verdict::{Decision, Effect};

    const PRE: &str = "event: PreToolUse\nmatcher: launch-process\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. D = Augment docs (protocols-b.md §6),
    /// S = behaviour spec (seed 002, "Augment replies").
    #[test]
    fn reader_table() {
        use Decision::*;
        let hso = |event: &str, body: &str| {
            format!(r#"{{"hookSpecificOutput":{{"hookEventName":"{event}",{body}}}}}"#)
        };
        let pre_deny = hso("PreToolUse", r#""permissionDecision":"deny""#);
        let stop_block = hso("Stop", r#""decision":"block","reason":"tests fail""#);
        let post_block = hso("PostToolUse", r#""decision":"block""#);
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "D exit 0",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "D {} allows",
                "PreToolUse",
                exit(0, "{}", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "D exit 2 blocks PreToolUse",
                "PreToolUse",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "S exit 2 on Stop is an error",
                "Stop",
                exit(2, "", "no"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S exit 2 on PostToolUse is an error",
                "PostToolUse",
                exit(2, "", "no"),
                Error,
                Effect::Proceeds,
            ),
            (
                "D exit 1 is non-blocking",
                "PreToolUse",
                exit(1, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S permissionDecision deny",
                "PreToolUse",
                exit(0, &pre_deny, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S decision block on PreToolUse",
                "PreToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "D Stop decision block (in hookSpecificOutput)",
                "Stop",
                exit(0, &stop_block, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S top-level decision block on Stop is not read",
                "Stop",
                exit(0, r#"{"decision":"block"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S PostToolUse block: tool already ran",
                "PostToolUse",
                exit(0, &post_block, ""),
                Block,
                Effect::Proceeds,
            ),
            (
                "S continue false halts",
                "PreToolUse",
                exit(0, r#"{"continue":false}"#, ""),
                Block,
                Effect::Halted,
            ),
            (
                "S exit 2 ignores JSON allow",
                "PreToolUse",
                exit(2, r#"{"decision":"approve"}"#, "x"),
                Block,
                Effect::Blocked,
            ),
            (
                "S timeout",
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Proceeds,
            ),
            (
                "S failed start",
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
    }

    #[test]
    fn context() {
        let r = testing::read(&TOOL, PRE, "SessionStart", &exit(0, "branch main", ""));
        assert!(r.adds_context, "plain stdout on SessionStart is context");
        let r = testing::read(&TOOL, PRE, "PreToolUse", &exit(0, "hello", ""));
        assert!(!r.adds_context, "plain stdout on PreToolUse is not");
        let out =
            r#"{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"x"}}"#;
        let r = testing::read(&TOOL, PRE, "PostToolUse", &exit(0, out, ""));
        assert!(r.adds_context && r.decision == Decision::Allow, "{r:?}");
    }

    #[test]
    fn inputs() {
        let cases = [
            ("bash", PRE, bash("rm -rf build")),
            (
                "edit_str_replace",
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n",
                edit("src/a.rs", true),
            ),
            (
                "edit_save_file",
                "event: PreToolUse\nmatcher: save-file\ncommand: ./h.sh\n",
                edit("a.txt", false),
            ),
            (
                "post_bash",
                "event: PostToolUse\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (
                "stop",
                "on: stop\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("augment_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn plans_that_do_not_run() {
        let cases = [
            (
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("hi"),
                "no prompt event",
            ),
            (
                "event: UserPromptSubmit\ncommand: ./h.sh\n",
                prompt("hi"),
                "Augment has no UserPromptSubmit",
            ),
            (
                "event: PreToolUse\ncommand: h.sh\nargs: [a]\n",
                bash("ls"),
                "exec form",
            ),
            (
                "event: PreToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n",
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

    /// Only a script path with a known extension runs, directly (seed 002 shell table).
    #[test]
    fn scripts() {
        let rows: [(&str, Option<&str>); 7] = [
            ("./hooks/g.sh", Some("/project/hooks/g.sh")),
            ("hooks/g.sh", Some("/project/hooks/g.sh")),
            ("/etc/augment/hooks/v.sh", Some("/etc/augment/hooks/v.sh")),
            ("~/hooks/v.sh", None),
            ("./hooks/g.py", None),
            ("./hooks/g.sh | cat", None),
            ("bash ./hooks/g.sh", None),
        ];
        for (command, program) in rows {
            let yaml = format!("event: PreToolUse\ncommand: \"{command}\"\n");
            let p = plan(&TOOL, &yaml, &bash("ls"));
            let Plan::Run(run) = &p else {
                panic!("{command}: {p:?}")
            };
            match (&run.commands[0].invocation, program) {
                (Ok(inv), Some(want)) => {
                    assert_eq!(inv.program, want, "{command}");
                    assert!(inv.args.is_empty(), "{command}");
                }
                (Err(why), None) => assert!(why.contains(".sh, .ps1, .cmd or .bat"), "{why}"),
                (got, want) => panic!("{command}: {got:?}, wanted {want:?}"),
            }
        }
    }

    #[test]
    fn matchers_env_timeout() {
        let rows = [
            ("launch-process", "launch-process", true),
            ("", "launch-process", true),
            ("launch", "launch-process", true), // unanchored
            ("Bash", "launch-process", false),
            ("str-replace-editor", "save-file", false),
        ];
        for (matcher, tool, fires) in rows {
            let yaml = format!("event: PreToolUse\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
            let p = plan(
                &TOOL,
                &yaml,
                &payload(serde_json::json!({"tool_name": tool})),
            );
            assert_eq!(
                matches!(p, Plan::Run(_)),
                fires,
                "{matcher} vs {tool}: {p:?}"
            );
        }
        let p = plan(
            &TOOL,
            "event: PreToolUse\ncommand: ./h.sh\ntimeout: 5\nenv: {K: v}\n",
            &bash("ls"),
        );
        let Plan::Run(run) = p else { panic!("{p:?}") };
        let Ok(inv) = &run.commands[0].invocation else {
            panic!()
        };
        for (k, v) in [
            ("AUGMENT_PROJECT_DIR", "/project"),
            ("AUGMENT_HOOK_EVENT", "PreToolUse"),
            ("AUGMENT_TOOL_NAME", "launch-process"),
            ("K", "v"),
        ] {
            assert!(inv.env.contains(&(k.into(), v.into())), "{k}");
        }
        assert_eq!(inv.timeout.as_secs(), 5);
        assert!(
            run.notes.iter().any(|n| n.contains("\"timeout\": 5000")),
            "{:?}",
            run.notes
        );
    }
}
