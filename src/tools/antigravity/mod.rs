//! Google Antigravity (`agy` CLI).
//!
//! Closed source. Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §5
//! (google-antigravity/antigravity-cli docs; DefenseClaw @db1172f measured on agy 1.0.x;
//! skillsaw for agy 1.1.25; safe-chains for 1.1.2; rtk), and the behaviour spec
//! (docs/reference/seeds/002_868b68abc3040bdc.txt: "Antigravity replies", "Antigravity sample
//! events", "Assumed results").

pub mod native;

use serde_json::{Value, json};

use super::shared::{self, assumed};
use super::{Files, Live, Plan, PlanContext, PlannedCommand, ReadContext, RunPlan, Tool};
use crate::exec::Outcome;
use crate::matcher;
use crate::spec::{On, PortableMatch, When};
use crate::trigger::Trigger;
use crate::verdict::Reading;

/// Antigravity's contract.
pub static TOOL: Tool = Tool {
    id: "antigravity",
    name: "Antigravity",
    checked: "2026-11-30",
    sources: &[
        "reference: docs/reference/protocols/protocols-b.md §5 (third-party measurements of agy 1.0.x-1.2.x, 2026-11-30)",
        "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt",
    ],
    events: EVENTS,
    shell: "script path only (assumed sh -c); agy 1.0.x executes the path with no shell",
    timeouts: "30 s",
    session_vars: &[],
    notes: &[
        "Antigravity's hook files and shapes changed between agy 1.0, 1.1 and 1.2; results are \
         for the documented reply shape",
        "agy 1.1.x denies a call when a hook prints nothing; print {\"decision\": \"allow\"} explicitly",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("no live driver yet: agy has not been tried headless here"),
    plan,
    read,
    combine: shared::strongest,
    contract: None,
};

/// Events (protocols-b.md §5; seed 002).
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PreInvocation",
    "PostInvocation",
    "Stop",
    "SessionStart",
];

/// Events whose input is a tool call.
const TOOL_EVENTS: &[&str] = &["PreToolUse", "PostToolUse"];

/// The edit tools `--edit` may call, in the order tried (seed 002).
const EDIT_TOOLS: &[&str] = &[
    "write_to_file",
    "replace_file_content",
    "multi_replace_file_content",
];

fn portable(on: On, matches: Option<&PortableMatch>) -> Result<(String, String), String> {
    let event = match on {
        On::SessionStart => "SessionStart",
        On::BeforeTool => "PreToolUse",
        On::AfterTool | On::AfterEdit => "PostToolUse",
        On::Stop => "Stop",
        On::PromptSubmit => return Err("Antigravity has no prompt event".into()),
        On::SessionEnd => return Err("Antigravity has no session-end event".into()),
    };
    let matcher = match (on, matches) {
        (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => {
            "write_to_file|replace_file_content|multi_replace_file_content".to_string()
        }
        (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
        (_, Some(PortableMatch::Shell)) => "run_command".into(),
        (_, Some(PortableMatch::Read)) => "view_file".into(),
        (_, Some(PortableMatch::Web)) => "read_url_content|search_web".into(),
        (_, Some(PortableMatch::Mcp(server))) => format!("mcp_{server}_.*"),
    };
    Ok((event.to_string(), matcher))
}

/// Empty or `*`: all; else a regex that must match the whole tool name (seed 002).
fn matcher_matches(pattern: &str, name: &str) -> Result<bool, String> {
    if matcher::is_match_all(pattern) {
        return Ok(true);
    }
    matcher::go_regex_matches(&format!("^(?:{pattern})$"), name)
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
            reason: format!("Antigravity has no {event} event"),
        };
    }
    let (payload, tool) = match input(cx, &event, &matcher) {
        Ok(x) => x,
        Err(p) => return p,
    };
    if let Some(name) = &tool
        && TOOL_EVENTS.contains(&event.as_str())
    {
        match matcher_matches(&matcher, name) {
            Ok(true) => {}
            Ok(false) => {
                return Plan::Skipped {
                    event,
                    trigger: tool.clone(),
                    reason: format!("matcher \"{matcher}\" does not match {name}"),
                };
            }
            Err(e) => {
                return Plan::NotRun {
                    event: Some(event),
                    reason: format!(
                        "matcher \"{matcher}\" is not a valid regular expression ({e})"
                    ),
                };
            }
        }
    }
    let mut notes = Vec::new();
    if !cx.spec.raw.env.is_empty() {
        // Unknown handler keys such as env are discarded (protocols-b.md §5, DefenseClaw).
        notes.push("Antigravity discards a handler's env; the spec's env is not set".to_string());
    }
    // 30 s is documented (seed 002, "Assumed results").
    let timeout = cx.spec.timeout().unwrap_or(30);
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
                display: line.clone(),
                invocation: assumed::script_path_shell(&line, &[]).map(|(program, args)| {
                    shared::invocation(&program, args, cx.env.to_vec(), cx.root, &stdin, timeout)
                }),
                is_async: false,
            }
        })
        .collect();
    Plan::Run(RunPlan {
        event,
        trigger: tool,
        commands,
        assumptions: vec![assumed::shell(), assumed::cwd(cx.root)],
        notes,
    })
}

/// The event input (camelCase envelope, PascalCase tool args; protocols-b.md §5) and the tool.
fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<(Value, Option<String>), Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        let tool = value
            .pointer("/toolCall/name")
            .and_then(Value::as_str)
            .map(str::to_string);
        return Ok((value.clone(), tool));
    }
    if !TOOL_EVENTS.contains(&event) {
        return Err(not_run(format!(
            "hookcheck builds no {event} input for Antigravity: pass --payload"
        )));
    }
    let root = cx.root.display().to_string();
    let (name, args) = match cx.trigger {
        Trigger::Bash(cmd) => (
            "run_command".to_string(),
            json!({ "CommandLine": cmd, "Cwd": root }),
        ),
        Trigger::Edit { path, .. } => {
            let file = path.display().to_string();
            let Some(tool) = EDIT_TOOLS
                .iter()
                .find(|t| matcher_matches(matcher, t).unwrap_or(false))
            else {
                return Err(Plan::Skipped {
                    event: event.to_string(),
                    trigger: Some("write_to_file".into()),
                    reason: format!(
                        "matcher \"{matcher}\" does not match write_to_file, replace_file_content or multi_replace_file_content"
                    ),
                });
            };
            // Only TargetFile is confirmed by third-party hooks; the other args are placeholders.
            let args = match *tool {
                "write_to_file" => json!({ "TargetFile": file, "CodeContent": "" }),
                "replace_file_content" => {
                    json!({ "TargetFile": file, "TargetContent": "", "ReplacementContent": "" })
                }
                _ => json!({
                    "TargetFile": file,
                    "ReplacementChunks": [{ "TargetContent": "", "ReplacementContent": "" }]
                }),
            };
            (tool.to_string(), args)
        }
        t => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a tool call: pass --bash, --edit or --payload (Antigravity has no prompt event)",
            )));
        }
    };
    let mut payload = json!({
        "hookEventName": event,
        "conversationId": shared::session_id("antigravity"),
        "stepIdx": 1,
        "toolCall": { "name": name, "args": args },
        "transcriptPath": cx.home.join(".gemini/antigravity/transcripts/hookcheck.jsonl"),
        "workspacePaths": [root],
        "artifactDirectoryPath": cx.home.join(".gemini/antigravity/artifacts/hookcheck"),
    });
    if event == "PostToolUse"
        && let Some(obj) = payload.as_object_mut()
    {
        obj.insert("toolResponse".into(), json!({ "output": "" }));
    }
    Ok((payload, Some(name)))
}

fn read(ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    // The docs give no exit code a meaning: only exit 0 with a documented reply counts.
    if out.timed_out {
        return Reading::timeout().not_counted("Antigravity documents no timeout behaviour");
    }
    if let Some(e) = &out.start_error {
        return Reading::error().not_counted(format!(
            "the command did not start ({e}); Antigravity documents no result for that"
        ));
    }
    match out.exit_code {
        Some(0) => {}
        Some(n) => {
            return Reading::error().not_counted(format!(
                "exit {n}: Antigravity's docs give no exit code a meaning"
            ));
        }
        None => return Reading::error().not_counted("killed by a signal"),
    }
    let Some(obj) = shared::json_object(&out.stdout.text()) else {
        return Reading::error().not_counted(
            "stdout is not a JSON object; agy 1.1.x reads a missing decision as deny",
        );
    };
    let context = obj.get("additionalContext").is_some_and(|v| !v.is_null());
    let rewrites = obj.get("overwrite").is_some_and(Value::is_object);
    let decision = shared::str_field(&obj, "decision");
    let r = match event {
        "PreToolUse" => match decision {
            Some("deny") => Reading::block(),
            Some("force_ask") => Reading::block().note(
                "force_ask: Antigravity asks the user, ignoring saved permissions",
            ),
            Some("auto_approve") => Reading::allow()
                .note("auto_approve skips Antigravity's review; explicit user rules still apply"),
            Some("allow") => Reading::allow().not_counted(
                "\"allow\" defers to the next hook or the default policy, which hookcheck cannot see",
            ),
            Some(d @ ("ask" | "deny_unless_prior_grant")) => Reading::block().not_counted(format!(
                "\"{d}\" asks unless a saved permission lets the call run, which hookcheck cannot see"
            )),
            Some(d) => Reading::error()
                .not_counted(format!("decision \"{d}\" is not a documented Antigravity reply")),
            None => Reading::error()
                .not_counted("no decision: agy 1.1.x reads a missing decision as deny"),
        },
        // Stop: "continue" keeps the agent running (seed 002).
        "Stop" if decision == Some("continue") => {
            Reading::block().note("decision \"continue\" keeps Antigravity running")
        }
        _ => Reading::allow(),
    };
    let r = r.context(context);
    if rewrites {
        r.rewrites(true)
            .note("overwrite is merged into the tool's arguments")
    } else {
        r
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

    const PRE: &str = "event: PreToolUse\nmatcher: run_command\ncommand: ./hook.sh\n";

    /// Every reply rule. B = behaviour spec (seed 002, "Antigravity replies" and "Assumed
    /// results"), P = protocols-b.md §5.
    #[test]
    fn reader_table() {
        use Decision::*;
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, bool)> = vec![
            (
                "B deny blocks",
                "PreToolUse",
                exit(0, r#"{"decision":"deny","reason":"r"}"#, ""),
                Block,
                true,
            ),
            (
                "B force_ask blocks",
                "PreToolUse",
                exit(0, r#"{"decision":"force_ask"}"#, ""),
                Block,
                true,
            ),
            (
                "B auto_approve allows",
                "PreToolUse",
                exit(0, r#"{"decision":"auto_approve"}"#, ""),
                Allow,
                true,
            ),
            (
                "B allow defers (not counted)",
                "PreToolUse",
                exit(0, r#"{"decision":"allow"}"#, ""),
                Allow,
                false,
            ),
            (
                "B ask reads as block (not counted)",
                "PreToolUse",
                exit(0, r#"{"decision":"ask"}"#, ""),
                Block,
                false,
            ),
            (
                "B deny_unless_prior_grant (not counted)",
                "PreToolUse",
                exit(0, r#"{"decision":"deny_unless_prior_grant"}"#, ""),
                Block,
                false,
            ),
            (
                "B unknown decision",
                "PreToolUse",
                exit(0, r#"{"decision":"block"}"#, ""),
                Error,
                false,
            ),
            (
                "P empty stdout",
                "PreToolUse",
                exit(0, "", ""),
                Error,
                false,
            ),
            ("B not JSON", "PreToolUse", exit(0, "ok", ""), Error, false),
            (
                "B exit 2 has no meaning",
                "PreToolUse",
                exit(2, "", "no"),
                Error,
                false,
            ),
            (
                "B exit 1",
                "PreToolUse",
                exit(1, r#"{"decision":"deny"}"#, ""),
                Error,
                false,
            ),
            ("B timeout", "PreToolUse", timed_out(), Timeout, false),
            ("B failed start", "PreToolUse", not_started(), Error, false),
            ("B signal", "PreToolUse", signalled(9), Error, false),
            (
                "B Stop continue keeps running",
                "Stop",
                exit(0, r#"{"decision":"continue"}"#, ""),
                Block,
                true,
            ),
            (
                "B Stop other value allows",
                "Stop",
                exit(0, r#"{"decision":"stop"}"#, ""),
                Allow,
                true,
            ),
            (
                "B PostToolUse JSON allows",
                "PostToolUse",
                exit(0, r#"{"additionalContext":"x"}"#, ""),
                Allow,
                true,
            ),
            (
                "B SessionStart JSON allows",
                "SessionStart",
                exit(0, "{}", ""),
                Allow,
                true,
            ),
            (
                "B PreInvocation JSON allows",
                "PreInvocation",
                exit(0, r#"{"decision":"deny"}"#, ""),
                Allow,
                true,
            ),
            (
                "B PostInvocation JSON allows",
                "PostInvocation",
                exit(0, "{}", ""),
                Allow,
                true,
            ),
        ];
        for (name, event, outcome, decision, counted) in rows {
            let r = testing::read(&TOOL, PRE, event, &outcome);
            assert_eq!(
                (r.decision, r.counted),
                (decision, counted),
                "{name}: {r:?}"
            );
            if decision == Block && event == "PreToolUse" {
                assert_eq!(r.effect, Effect::Blocked, "{name}");
            }
        }
        let r = testing::read(
            &TOOL,
            PRE,
            "PostToolUse",
            &exit(0, r#"{"additionalContext":"x"}"#, ""),
        );
        assert!(r.adds_context);
        let r = testing::read(
            &TOOL,
            PRE,
            "PreToolUse",
            &exit(
                0,
                r#"{"decision":"auto_approve","overwrite":{"CommandLine":"ls"}}"#,
                "",
            ),
        );
        assert!(r.rewrites_input);
    }

    #[test]
    fn inputs() {
        let cases = [
            ("bash", PRE, bash("rm -rf build")),
            (
                "edit",
                "on: before-tool\nmatch: edit\ncommand: ./h.sh\n",
                edit("a.txt", false),
            ),
            (
                "edit_replace",
                "event: PreToolUse\nmatcher: replace_file_content\ncommand: ./h.sh\n",
                edit("a.txt", true),
            ),
            (
                "post_bash",
                "event: PostToolUse\nmatcher: run_command\ncommand: ./h.sh\n",
                bash("ls"),
            ),
        ];
        for (name, yaml, trigger) in cases {
            insta::assert_json_snapshot!(
                format!("antigravity_input_{name}"),
                planned_input(&plan(&TOOL, yaml, &trigger))
            );
        }
    }

    #[test]
    fn matchers() {
        let rows = [
            ("run_command", "run_command", true),
            ("", "run_command", true),
            ("*", "run_command", true),
            ("run", "run_command", false), // the whole name must match
            ("run_.*", "run_command", true),
            ("write_to_file|run_command", "run_command", true),
        ];
        for (matcher, tool, fires) in rows {
            let yaml = format!("event: PreToolUse\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
            let p = plan(
                &TOOL,
                &yaml,
                &payload(serde_json::json!({"toolCall": {"name": tool, "args": {}}})),
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
                "no prompt event",
            ),
            (
                "event: Stop\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
                "pass --payload",
            ),
            (
                "event: SessionStart\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
                "pass --payload",
            ),
            (
                "event: PreInvocation\ncommand: ./h.sh\n",
                crate::trigger::Trigger::None,
                "pass --payload",
            ),
            (
                "event: UserPromptSubmit\ncommand: ./h.sh\n",
                prompt("hi"),
                "no UserPromptSubmit event",
            ),
            (PRE, prompt("hi"), "not fired by --prompt"),
        ];
        for (yaml, trigger, want) in cases {
            let p = plan(&TOOL, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{yaml}: {p:?}");
            assert!(format!("{p:?}").contains(want), "{yaml}: {p:?}");
        }
        // Shell syntax is not run under the assumed shell.
        let p = plan(
            &TOOL,
            "event: PreToolUse\ncommand: cat | ./h.sh\n",
            &bash("ls"),
        );
        let Plan::Run(run) = p else { panic!("{p:?}") };
        assert!(run.commands[0].invocation.is_err());
        assert_eq!(run.assumptions.len(), 2);
    }
}
