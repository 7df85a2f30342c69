//! Factory droid.
//!
//! Droid is closed source. Sources (read 2026-11-30): docs/reference/real-agents.md (droid
//! 0.215.0 run headless against a fake model, 2026-11-30); the `hook run` behaviour spec
//! (docs/reference/seeds/002_868b68abc3040bdc.txt: env, shell, timeout, replies, sample
//! events, assumed results); Factory-AI/factory docs `docs/reference/hooks-reference.mdx`
//! @2a4debc and `docs/cli/configuration/hooks-reference.mdx` @2e13f66, and Factory's own
//! `.factory/hooks/guard_execute.py` (matches `Execute`, reads snake_case fields), as collected
//! in docs/reference/protocols/protocols-b.md §3.

pub mod live;
pub mod native;

use serde_json::{Map, Value, json};

use super::shared::{self, assumed, json_object, looks_like_json, str_field};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch};
use crate::trigger::Trigger;
use crate::verdict::{Effect, Reading};

/// Factory droid's contract.
pub static TOOL: Tool = Tool {
    id: "factory",
    name: "Factory droid",
    checked: "2026-11-30",
    sources: &[
        "real agent: Factory droid 0.215.0 (docs/reference/real-agents.md, 2026-11-30)",
        "real agent: Factory droid 0.215.0, captured 2026-12-01 (fixtures/live/inputs/factory--bash.json): the shell",
        "docs: https://docs.factory.ai/reference/hooks-reference (Factory-AI/factory docs @2a4debc, @2e13f66)",
        "behaviour spec: hook run (seed 002)",
    ],
    events: EVENTS,
    shell: "sh -c, any command, whatever $SHELL says (real agent: droid 0.215.0, captured 2026-12-01, fixtures/live/inputs/factory--bash.json)",
    timeouts: "60 s",
    session_vars: &[
        "FACTORY_PROJECT_DIR",
        "DROID_PROJECT_DIR",
        "DROID_ENV_FILE",
        "DROID_PLUGIN_ROOT",
    ],
    notes: &[
        "droid snapshots hooks at startup: edits made outside droid apply only after review in its /hooks menu",
        "droid's shell tool is Execute and its file tools Create, Edit, MultiEdit and ApplyPatch: a matcher written for Bash or Write never fires",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "Notification",
    "UserPromptSubmit",
    "Stop",
    "SubagentStop",
    "PreCompact",
    "SessionStart",
    "SessionEnd",
];

const TOOL_EVENTS: &[&str] = &["PreToolUse", "PostToolUse"];

/// Exit 2 cannot stop anything here, so it reads as error (behaviour spec, "Factory replies").
const EXIT2_CANNOT_BLOCK: &[&str] = &[
    "Notification",
    "SubagentStop",
    "PreCompact",
    "SessionStart",
    "SessionEnd",
];

/// Events on which `decision: "block"` blocks (behaviour spec; not PreToolUse: real droid
/// 0.215.0 ignores it there).
const DECISION_BLOCKS: &[&str] = &["PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop"];

/// Events on which plain stdout at exit 0 becomes context (hooks reference).
const STDOUT_CONTEXT: &[&str] = &["UserPromptSubmit", "SessionStart"];

/// Variables the docs give for a script's path, which count as a plain word there.
const PATH_VARS: &[&str] = &["FACTORY_PROJECT_DIR", "DROID_PROJECT_DIR"];

/// The docs' default timeout, seconds.
const DEFAULT_TIMEOUT: u64 = 60;

fn portable(on: On, matches: Option<&PortableMatch>) -> (String, String) {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::PromptSubmit => "UserPromptSubmit",
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        On::Stop => "Stop",
        On::SessionEnd => "SessionEnd",
    };
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => {
            "Create|Edit|MultiEdit|ApplyPatch".to_string()
        }
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "Execute".into(),
        (_, Some(PortableMatch::Read)) => "Read".into(),
        (_, Some(PortableMatch::Web)) => "WebSearch|FetchUrl".into(),
        (_, Some(PortableMatch::Mcp(server))) => format!("mcp__{server}__.*"),
    };
    (event.to_string(), matcher)
}

/// Behaviour spec: empty or `*` matches everything, letters and `|` list exact names, anything
/// else is a case-sensitive regex. Droid is a Node app, so the regex is read as JavaScript,
/// unanchored as in Claude Code, whose hook format droid copies (the docs say neither).
fn matcher_matches(pattern: &str, name: &str) -> Result<bool, String> {
    if matcher::is_match_all(pattern) {
        return Ok(true);
    }
    if matcher::is_exact_list(pattern) {
        return Ok(matcher::exact_list_matches(pattern, name));
    }
    Ok(matcher::JsRegex::new(pattern)?.is_match(name))
}

/// The input field a matcher is compared with (tool events, plus SessionStart's source and
/// PreCompact's trigger as in Claude Code); other events ignore the matcher.
fn matcher_field(event: &str) -> Option<&'static str> {
    Some(match event {
        "PreToolUse" | "PostToolUse" => "tool_name",
        "SessionStart" => "source",
        "PreCompact" => "trigger",
        _ => return None,
    })
}

fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match shared::resolve(cx, "Factory droid", EVENTS, portable) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    let payload = match input(cx, &event, &matcher) {
        Ok(p) => p,
        Err(plan) => return plan,
    };
    let label = matcher_field(&event)
        .and_then(|f| payload.get(f))
        .and_then(Value::as_str)
        .map(str::to_string);
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
                        "matcher \"{matcher}\" is not a valid regular expression ({e}): droid cannot match it"
                    ),
                };
            }
        }
    }
    if cx.spec.args.is_some() {
        return Plan::NotRun {
            event: Some(event),
            reason: "Factory droid has no exec form (`args`): a hook is one command".into(),
        };
    }
    let root = cx.root.display().to_string();
    // FACTORY_PROJECT_DIR (seed env table; older docs, still read by Factory's own hook) and
    // DROID_PROJECT_DIR (newer docs) are both the project root.
    let env = shared::merge_env(
        cx.env,
        PATH_VARS
            .iter()
            .map(|k| (k.to_string(), root.clone()))
            .chain(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
    );
    let timeout = cx.spec.timeout().unwrap_or(DEFAULT_TIMEOUT);
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| PlannedCommand {
            display: command.clone(),
            // The docs name no shell. real agent: droid 0.215.0 runs `sh -c` (sh from PATH,
            // whatever $SHELL says), captured 2026-12-01 (fixtures/live/inputs/factory--bash.json).
            invocation: Ok(shared::invocation(
                "sh",
                vec!["-c".into(), command.clone()],
                env.clone(),
                cx.root,
                &stdin,
                timeout,
            )),
            is_async: cx.spec.is_async(),
        })
        .collect();
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions: vec![assumed::cwd(cx.root)],
        notes: Vec::new(),
    })
}

fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<Value, Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        return Ok(value.clone());
    }
    let session = shared::session_id("factory");
    // Newer docs and Factory's own guard script use snake_case fields.
    let mut payload = json!({
        "session_id": session,
        "transcript_path": cx.home.join(".factory/sessions").join(format!("{session}.jsonl")),
        "cwd": cx.root,
        "permission_mode": "default",
        "hook_event_name": event,
    });
    let obj = payload
        .as_object_mut()
        .ok_or_else(|| not_run("internal: payload is not an object".into()))?;
    if TOOL_EVENTS.contains(&event) {
        let (tool_name, tool_input, response) = match cx.trigger {
            Trigger::Bash(c) => (
                "Execute",
                json!({ "command": c }),
                json!("hookcheck: placeholder command output"),
            ),
            Trigger::Edit { path, .. } => {
                let file = path.display().to_string();
                let fires = |t: &str| matcher_matches(matcher, t).unwrap_or(false);
                if !fires("Create") {
                    // Only Create's input is documented (behaviour spec, "Factory sample events").
                    if let Some(other) = ["Edit", "MultiEdit", "ApplyPatch"]
                        .into_iter()
                        .find(|t| fires(t))
                    {
                        return Err(not_run(format!(
                            "matcher \"{matcher}\" picks {other}, whose input droid's docs do not show; hookcheck builds only Create: pass --payload"
                        )));
                    }
                    return Err(Plan::Skipped {
                        event: event.to_string(),
                        trigger: Some("Create".into()),
                        reason: format!("matcher \"{matcher}\" does not match Create"),
                    });
                }
                (
                    "Create",
                    json!({ "file_path": file, "content": "" }),
                    json!({ "success": true, "file_path": file }),
                )
            }
            t => {
                return Err(not_run(shared::wrong_trigger(
                    event,
                    t,
                    "a tool call: pass --bash, --edit or --payload",
                )));
            }
        };
        obj.insert("tool_name".into(), json!(tool_name));
        obj.insert("tool_input".into(), tool_input);
        if event == "PostToolUse" {
            obj.insert("tool_response".into(), response);
        }
        return Ok(payload);
    }
    match (event, cx.trigger) {
        ("UserPromptSubmit", Trigger::Prompt(p)) => {
            obj.insert("prompt".into(), json!(p));
        }
        ("UserPromptSubmit", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a prompt: pass --prompt or --payload",
            )));
        }
        ("Stop" | "SubagentStop", Trigger::None) => {
            obj.insert("stop_hook_active".into(), json!(false));
        }
        ("SessionStart", Trigger::None) => {
            obj.insert(
                "source".into(),
                json!(shared::first_alternative(matcher, "startup")),
            );
        }
        ("SessionEnd", Trigger::None) => {
            obj.insert("reason".into(), json!("other"));
        }
        ("PreCompact", Trigger::None) => {
            obj.insert(
                "trigger".into(),
                json!(shared::first_alternative(matcher, "manual")),
            );
            obj.insert("custom_instructions".into(), json!(""));
        }
        ("Notification", Trigger::None) => {
            obj.insert("message".into(), json!("Droid is waiting for your input"));
        }
        (_, t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "no trigger (or --payload)",
            )));
        }
    }
    Ok(payload)
}

fn block_reading(event: &str) -> Reading {
    match event {
        "PostToolUse" => Reading::block()
            .effect(Effect::Proceeds)
            .note("the tool already ran: the reason goes back to droid"),
        "Stop" | "SubagentStop" => {
            Reading::block().note("droid does not stop: the reason goes back to the model")
        }
        "UserPromptSubmit" => Reading::block().note("droid erases the prompt"),
        _ => Reading::block(),
    }
}

/// Behaviour spec ("Factory replies") corrected by the real agent: exit 2 blocks except where
/// nothing can be stopped; other exits are non-blocking errors; JSON is read at exit 0 only.
fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    if out.timed_out {
        return Reading::timeout().note("droid lets the action through after a timeout");
    }
    if let Some(e) = &out.start_error {
        return Reading::error().note(format!("the command did not start: {e}"));
    }
    let Some(code) = out.exit_code else {
        return Reading::error().note("the hook was killed by a signal");
    };
    let stdout = out.stdout.text();
    match code {
        2 if EXIT2_CANNOT_BLOCK.contains(&event) => Reading::error().note(format!(
            "exit 2 cannot stop anything on {event}; stderr is shown to the user"
        )),
        2 => {
            let r = block_reading(event);
            if out.stderr.text().trim().is_empty() {
                // Real droid 0.215.0 blocks on exit 2 with empty stderr too.
                r.note("exit 2 with empty stderr still blocks, with no reason for the model")
            } else {
                r
            }
        }
        0 => read_exit_zero(event, &stdout),
        n => Reading::error().note(format!(
            "exit {n} is a non-blocking error in droid: the action goes ahead"
        )),
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
        return if STDOUT_CONTEXT.contains(&event) {
            Reading::allow()
                .context(true)
                .note("plain stdout is added to the model's context")
        } else {
            Reading::allow().note("plain stdout only goes to the transcript")
        };
    };
    read_json(event, &obj)
}

fn read_json(event: &str, obj: &Map<String, Value>) -> Reading {
    let hso = obj.get("hookSpecificOutput").and_then(Value::as_object);
    let context = hso
        .and_then(|h| h.get("additionalContext"))
        .is_some_and(|v| !v.is_null());
    let rewrites = hso.is_some_and(|h| h.contains_key("updatedInput"));
    let finish = |r: Reading| r.context(context).rewrites(rewrites);
    if obj.get("continue") == Some(&Value::Bool(false)) {
        if event == "SessionEnd" {
            return finish(Reading::allow().note("continue: false means nothing on SessionEnd"));
        }
        return finish(
            Reading::block()
                .effect(Effect::Halted)
                .note("continue: false stops droid"),
        );
    }
    if event == "PreToolUse" {
        match hso.and_then(|h| str_field(h, "permissionDecision")) {
            Some("deny") => return finish(Reading::block()),
            Some("ask") => {
                return finish(
                    Reading::block().note("permissionDecision \"ask\" stops the call for the user"),
                );
            }
            _ => {}
        }
    }
    let decision = str_field(obj, "decision");
    if decision == Some("block") {
        if DECISION_BLOCKS.contains(&event) {
            return finish(block_reading(event));
        }
        let r = Reading::allow();
        return finish(if event == "PreToolUse" {
            r.note("droid ignores decision \"block\" before a tool (real agent 0.215.0): use hookSpecificOutput.permissionDecision \"deny\"")
        } else {
            r.note(format!("decision \"block\" means nothing on {event}"))
        });
    }
    let mut r = Reading::allow();
    if let Some(d) = decision.filter(|d| *d != "approve") {
        r = r.note(format!(
            "decision \"{d}\" means nothing to droid: only \"block\" does"
        ));
    }
    if obj.contains_key("permissionDecision") {
        r = r.note(
            "a top-level permissionDecision is ignored by droid: it belongs in hookSpecificOutput",
        );
    }
    finish(r)
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

    const PRE: &str = "event: PreToolUse\nmatcher: Execute\ncommand: ./hook.sh\n";
    const DENY: &str =
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#;

    /// Every reply rule, with its source. R = real-agents.md (droid 0.215.0), S = behaviour
    /// spec (seed 002, "Factory replies"), D = hooks reference.
    #[test]
    fn reader_table() {
        use Decision::*;
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            (
                "R exit 0, no output",
                "PreToolUse",
                exit(0, "", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R exit 2 + stderr",
                "PreToolUse",
                exit(2, "", "no"),
                Block,
                Effect::Blocked,
            ),
            (
                "R exit 2, empty stderr",
                "PreToolUse",
                exit(2, "", ""),
                Block,
                Effect::Blocked,
            ),
            (
                "R exit 1 + stderr",
                "PreToolUse",
                exit(1, "", "oops"),
                Error,
                Effect::Proceeds,
            ),
            (
                "R hookSpecificOutput deny",
                "PreToolUse",
                exit(0, DENY, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "R decision block ignored before a tool",
                "PreToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R decision deny means nothing",
                "PreToolUse",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R top-level permissionDecision",
                "PreToolUse",
                exit(0, r#"{"permissionDecision":"deny"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R cancel means nothing",
                "PreToolUse",
                exit(0, r#"{"cancel":true}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "R timeout fails open",
                "PreToolUse",
                timed_out(),
                Timeout,
                Effect::Proceeds,
            ),
            (
                "R missing script (127)",
                "PreToolUse",
                exit(127, "", "sh: ./x: not found"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S permissionDecision ask blocks",
                "PreToolUse",
                exit(
                    0,
                    r#"{"hookSpecificOutput":{"permissionDecision":"ask"}}"#,
                    "",
                ),
                Block,
                Effect::Blocked,
            ),
            (
                "S continue false halts",
                "PreToolUse",
                exit(0, r#"{"continue":false}"#, ""),
                Block,
                Effect::Halted,
            ),
            (
                "S continue false on Notification halts",
                "Notification",
                exit(0, r#"{"continue":false}"#, ""),
                Block,
                Effect::Halted,
            ),
            (
                "S continue false ignored on SessionEnd",
                "SessionEnd",
                exit(0, r#"{"continue":false}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "S PostToolUse decision block: tool already ran",
                "PostToolUse",
                exit(0, r#"{"decision":"block","reason":"x"}"#, ""),
                Block,
                Effect::Proceeds,
            ),
            (
                "S PostToolUse exit 2",
                "PostToolUse",
                exit(2, "", "x"),
                Block,
                Effect::Proceeds,
            ),
            (
                "S UserPromptSubmit decision block",
                "UserPromptSubmit",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S Stop decision block",
                "Stop",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S SubagentStop decision block",
                "SubagentStop",
                exit(0, r#"{"decision":"block"}"#, ""),
                Block,
                Effect::Blocked,
            ),
            (
                "S SubagentStop exit 2 is error",
                "SubagentStop",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S Notification exit 2 is error",
                "Notification",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S PreCompact exit 2 is error",
                "PreCompact",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S SessionStart exit 2 is error",
                "SessionStart",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S SessionEnd exit 2 is error",
                "SessionEnd",
                exit(2, "", "x"),
                Error,
                Effect::Proceeds,
            ),
            (
                "S Stop exit 2 blocks",
                "Stop",
                exit(2, "", "x"),
                Block,
                Effect::Blocked,
            ),
            (
                "S SessionStart decision block means nothing",
                "SessionStart",
                exit(0, r#"{"decision":"block"}"#, ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "D JSON ignored on exit 1",
                "PreToolUse",
                exit(1, DENY, ""),
                Error,
                Effect::Proceeds,
            ),
            (
                "D invalid JSON ignored",
                "PreToolUse",
                exit(0, "{oops", ""),
                Allow,
                Effect::Proceeds,
            ),
            (
                "D failed start",
                "PreToolUse",
                not_started(),
                Error,
                Effect::Proceeds,
            ),
            (
                "D killed by a signal",
                "PreToolUse",
                signalled(9),
                Error,
                Effect::Proceeds,
            ),
        ];
        for (name, event, outcome, decision, effect) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!((r.decision, r.effect), (decision, effect), "{name}: {r:?}");
        }
        let r = testing::read(&TOOL, PRE, "SessionStart", &exit(0, "branch main", ""));
        assert!(r.adds_context, "plain stdout on SessionStart is context");
        let r = testing::read(&TOOL, PRE, "PreToolUse", &exit(0, "hello", ""));
        assert!(!r.adds_context, "plain stdout on PreToolUse is not");
        let out =
            r#"{"hookSpecificOutput":{"updatedInput":{"command":"ls"},"additionalContext":"x"}}"#;
        let r = testing::read(&TOOL, PRE, "PreToolUse", &exit(0, out, ""));
        assert!(r.rewrites_input && r.adds_context && r.decision == Decision::Allow);
    }

    #[test]
    fn inputs() {
        let cases = [
            ("bash", PRE, bash("git push -f")),
            (
                "edit_create",
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n",
                edit("a/b.txt", true),
            ),
            (
                "post_bash",
                "event: PostToolUse\nmatcher: Execute\ncommand: ./h.sh\n",
                bash("ls"),
            ),
            (
                "prompt",
                "on: prompt-submit\ncommand: ./h.sh\n",
                prompt("fix the test"),
            ),
            (
                "stop",
                "on: stop\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
            ),
            (
                "session_start_resume",
                "event: SessionStart\nmatcher: resume\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("factory_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn matchers() {
        let rows = [
            ("Execute", "Execute", true),
            ("", "Execute", true),
            ("*", "Execute", true),
            ("Bash", "Execute", false),
            ("Exec", "Execute", false),    // exact name, not a prefix
            ("execute", "Execute", false), // case-sensitive
            ("Create|Edit", "Edit", true),
            ("Exec.*", "Execute", true), // regex
            ("mcp__mem__.*", "mcp__mem__get", true),
            ("^Ex", "Execute", true), // unanchored
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
    fn plans_that_do_not_run() {
        let cases = [
            (PRE, prompt("hi"), "PreToolUse is not fired by --prompt"),
            (
                "event: BeforeTool\ncommand: ./h.sh\n",
                bash("ls"),
                "Factory droid has no BeforeTool event",
            ),
            (
                "event: PreToolUse\nmatcher: Edit\ncommand: ./h.sh\n",
                edit("a.txt", true),
                "picks Edit",
            ),
            (
                "event: PreToolUse\nmatcher: ApplyPatch\ncommand: ./h.sh\n",
                edit("a.txt", true),
                "picks ApplyPatch",
            ),
            (
                "event: PreToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n",
                bash("ls"),
                "not a valid regular expression",
            ),
            (
                "event: PreToolUse\ncommand: ./h.sh\nargs: [a]\n",
                bash("ls"),
                "no exec form",
            ),
        ];
        for (yaml, trigger, want) in cases {
            let text = format!("{:?}", plan(&TOOL, yaml, &trigger));
            assert!(text.contains(want), "{yaml}: {text}");
        }
        let p = plan(
            &TOOL,
            "event: PreToolUse\nmatcher: Read\ncommand: ./h.sh\n",
            &edit("a.txt", true),
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
    }

    #[test]
    fn shell_env_and_timeout() {
        let Plan::Run(run) = plan(
            &TOOL,
            "event: PreToolUse\ncommand: ./h.sh 'a b'\nenv: {K: v}\n",
            &bash("ls"),
        ) else {
            panic!()
        };
        let items: Vec<&str> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
        // The shell is known from the real agent (fixtures/live/inputs/factory--bash.json).
        assert_eq!(items, ["cwd"]);
        let Ok(inv) = &run.commands[0].invocation else {
            panic!("{:?}", run.commands)
        };
        assert_eq!(inv.program, "sh");
        assert_eq!(inv.args, ["-c", "./h.sh 'a b'"]);
        assert_eq!(inv.timeout.as_secs(), 60);
        assert!(
            inv.env
                .contains(&("FACTORY_PROJECT_DIR".into(), "/project".into()))
        );
        assert!(inv.env.contains(&("K".into(), "v".into())));
        let Plan::Run(run) = plan(
            &TOOL,
            "event: PreToolUse\ncommand: ./h.sh | tee x\n",
            &bash("ls"),
        ) else {
            panic!()
        };
        // droid 0.215.0 runs inline commands under sh -c.
        let Ok(inv) = &run.commands[0].invocation else {
            panic!("{:?}", run.commands)
        };
        assert_eq!(inv.args, ["-c", "./h.sh | tee x"]);
    }
}
