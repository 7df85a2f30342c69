//! Goose.
//!
//! Sources (read 2026-11-30): block/goose (now aaif-goose/goose) source:
//! `crates/goose/src/hooks/mod.rs` @0825b570 (events, `HookContext`, `classify_output`,
//! `apply_verdict`, `load_hooks_file`, `hook_command`), `crates/goose/src/agents/agent.rs`
//! (`categorize_tool`, `emit_pre_tool_extended_hooks`, `with_post_tool_hook`),
//! `crates/goose/src/agents/platform_extensions/developer/mod.rs` @0dcb08ac (the flat tool
//! names `write`, `edit`, `shell`, `tree`); docs/reference/protocols/protocols-b.md §1
//! (2026-11-30); the behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt).

pub mod native;
mod replies;

use serde_json::{Map, Value, json};

use super::shared;
use super::{Agent, Files, Hooks, Live, Own, Plan, PlanContext, PlannedCommand, RunPlan};
use crate::contract::reply::Reply;
use crate::contract::{Blocks, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::matcher;
use crate::spec::{HookSpec, On, PortableMatch, When};
use crate::trigger::Trigger;

/// Goose's contract.
pub static AGENT: Agent = Agent {
    id: "goose",
    name: "Goose",
    checked: "2026-11-30",
    sources: &[
        "source: block/goose crates/goose/src/hooks/mod.rs @0825b570 (read 2026-11-30)",
        "source: block/goose crates/goose/src/agents/agent.rs, platform_extensions/developer/mod.rs @0dcb08ac",
        "reference: docs/reference/protocols/protocols-b.md §1 (2026-11-30)",
        "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt",
        "protocols-b.md §1 Config (aaif-goose/goose hooks/mod.rs @0825b57, plugins/discovery.rs)",
    ],
    session_vars: &["PLUGIN_ROOT"],
    notes: &[
        "Goose runs hooks only from plugins (`<plugin>/hooks/hooks.json` under .agents/plugins/), not from config.yaml",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot(
        "not published on npm; its binary release needs a download outside the sandbox",
    ),
    hooks: Hooks::Own(&CONTRACT, Own::plan(plan)),
};

/// What Goose does, as data. [`plan`] is its own (see there); the reply rules are rows.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: &[
            (On::SessionStart, "SessionStart"),
            (On::PromptSubmit, "UserPromptSubmit"),
            (On::BeforeTool, "PreToolUse"),
            (On::AfterTool, "PostToolUse"),
            // AfterFileEdit fires on every successful write or edit; its matcher sees the path,
            // so [`resolve`] gives it none.
            (On::AfterEdit, "AfterFileEdit"),
            (On::Stop, "Stop"),
            (On::SessionEnd, "SessionEnd"),
        ],
        // Tool names are flat for the developer extension and `<extension>__<tool>` for the
        // rest (developer/mod.rs `developer_tools_are_flat`; agent.rs `categorize_tool`).
        shell: "^shell$",
        edit: "^(write|edit)$",
        read: "(^|__)(read|view|cat|read_file)$",
        web: "(^|__)(fetch|web_fetch|web_search)$",
        // The server is regex-escaped by [`resolve`].
        mcp: "^{server}__",
    },
    tools: Tools {
        shell: ToolCall::new("shell", r#"{"command":"$COMMAND"}"#, "{}"),
        edit: &[
            ToolCall::new("write", r#"{"path":"$FILE","content":""}"#, "{}"),
            ToolCall::new("edit", r#"{"path":"$FILE","before":"","after":""}"#, "{}"),
        ],
        read: &["read", "view", "cat", "read_file"],
        read_input: "$NONE:Goose's read tools come from extensions with no documented input: pass --payload",
        web: &["fetch", "web_fetch", "web_search"],
        mcp: "{server}__{tool}",
    },
    // Empty: every call; else an unanchored Rust regex on matcher_context; one that does not
    // compile drops the rule (load_hooks_file). [`plan`] applies it.
    matcher: Flavour::Custom(|_, pattern, context| {
        if pattern.is_empty() {
            return Ok(true);
        }
        matcher::rust_regex_matches(pattern, context)
    }),
    input: Input::common(r#"{"event":"$EVENT","session_id":"$SESSION"}"#),
    // `hook_command`: sh -c on every platform, ${PLUGIN_ROOT} replaced first.
    run: Run::argv(&["sh", "-c"]).env(&[("PLUGIN_ROOT", Var::Root)]),
    reply: Reply::stdout(replies::RULES),
    quirks: Quirks::NONE,
};

/// `HookEvent` in hooks/mod.rs @0825b570, 30 s each; only PreToolUse and Stop read a
/// decision (`emit_blocking`).
const EVENTS: &[Event] = &[
    event("PreToolUse", Kind::BeforeTool, 30),
    event("PreToolUseResult", Kind::Tool, 30).blocks(Blocks::No),
    event("PostToolUse", Kind::AfterTool, 30).blocks(Blocks::No),
    event("PostToolUseFailure", Kind::Tool, 30).blocks(Blocks::No),
    event("SessionStart", Kind::SessionStart, 30).blocks(Blocks::No),
    event("SessionEnd", Kind::SessionEnd, 30).blocks(Blocks::No),
    event("UserPromptSubmit", Kind::Prompt, 30).blocks(Blocks::No),
    event("BeforeReadFile", Kind::Other, 30).blocks(Blocks::No),
    event("AfterFileEdit", Kind::Other, 30).blocks(Blocks::No),
    event("BeforeShellExecution", Kind::Other, 30).blocks(Blocks::No),
    event("AfterShellExecution", Kind::Other, 30).blocks(Blocks::No),
    event("Stop", Kind::Stop, 30),
];

/// Whether the event's `matcher_context` is the tool name.
fn is_tool_event(event: &str) -> bool {
    CONTRACT.event(event).is_some_and(|e| e.kind.is_tool())
}

/// The event and matcher, as the contract maps them, less what its table cannot say:
/// `on: after-edit` needs no matcher (AfterFileEdit's sees the path), and an MCP server name
/// is regex-escaped.
fn resolve(cx: &PlanContext) -> Result<(String, String), Plan> {
    let (event, matcher) = crate::plan::resolve(&AGENT, cx)?;
    let matcher = match &cx.spec.when {
        When::Portable {
            on: On::AfterEdit, ..
        } => String::new(),
        When::Portable {
            matches: Some(PortableMatch::Mcp(server)),
            ..
        } => CONTRACT
            .portable
            .mcp
            .replace("{server}", &regex_escape(server)),
        _ => matcher,
    };
    if CONTRACT.event(&event).is_none() {
        return Err(Plan::NotRun {
            reason: format!("Goose has no {event} event"),
            event: Some(event),
        });
    }
    Ok((event, matcher))
}

fn regex_escape(s: &str) -> String {
    s.chars()
        .flat_map(|c| {
            let special = "\\.+*?()|[]{}^$#&-~".contains(c);
            special
                .then_some('\\')
                .into_iter()
                .chain(std::iter::once(c))
        })
        .collect()
}

/// Whether `x-goose.on_failure: block` turns a failure into a denial.
fn fails_closed(spec: &HookSpec) -> bool {
    on_failure_blocks(spec).unwrap_or(false)
}

/// The `x-goose.on_failure` setting: `Ok(true)` for `block`.
fn on_failure_blocks(spec: &HookSpec) -> Result<bool, String> {
    let Some(v) = spec.extension("goose").and_then(|x| x.get("on_failure")) else {
        return Ok(false);
    };
    match v.as_str() {
        Some("block") => Ok(true),
        Some("allow") => Ok(false),
        // An unknown on_failure value rejects the whole hooks.json (load_hooks_file).
        _ => Err(format!(
            "x-goose.on_failure must be \"allow\" or \"block\", not {v}: Goose rejects the plugin's hooks.json"
        )),
    }
}

/// Goose's own plan: its matcher sees `matcher_context`, which each event fills from
/// something else (the tool name, the command, the path, the prompt, or nothing: `""`); a
/// rule whose regex does not compile never fires (Skipped, not "not run"); the file events
/// pick their tool by whether the file exists; `${PLUGIN_ROOT}` is replaced in the text and
/// `args` join the `sh -c` line. No flavour or template says these.
fn plan(cx: &PlanContext) -> Plan {
    let (event, matcher) = match resolve(cx) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    let on_failure = match on_failure_blocks(cx.spec) {
        Ok(b) => b,
        Err(reason) => {
            return Plan::NotRun {
                event: Some(event),
                reason,
            };
        }
    };
    let (payload, context, label) = match input(cx, &event, &matcher) {
        Ok(x) => x,
        Err(plan) => return plan,
    };
    // Empty matcher: every call; else an unanchored Rust regex on matcher_context (null reads
    // as ""); one that does not compile drops the rule with a warning (load_hooks_file).
    if !matcher.is_empty() {
        let haystack = context.as_deref().unwrap_or("");
        match CONTRACT.matcher.matches(false, &event, &matcher, haystack) {
            Ok(true) => {}
            Ok(false) => {
                return Plan::Skipped {
                    event,
                    trigger: label,
                    reason: format!("matcher \"{matcher}\" does not match {haystack:?}"),
                };
            }
            Err(e) => {
                return Plan::Skipped {
                    event,
                    trigger: label,
                    reason: format!(
                        "matcher \"{matcher}\" is not a valid regular expression ({e}): Goose skips the rule, so it never fires"
                    ),
                };
            }
        }
    }
    let mut notes = Vec::new();
    if on_failure && event != "PreToolUse" {
        notes.push(format!(
            "x-goose.on_failure: block applies to PreToolUse only; Goose ignores it on {event}"
        ));
    }
    let timeout = cx
        .spec
        .timeout()
        .or(CONTRACT.event(&event).map(|e| e.timeout))
        .unwrap_or(30);
    let root = cx.root.display().to_string();
    let env = shared::merge_env(
        cx.env,
        std::iter::once(("PLUGIN_ROOT".to_string(), root.clone()))
            .chain(cx.spec.raw.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
    );
    let stdin = shared::stdin_bytes(cx.trigger, &payload);
    let commands = cx
        .spec
        .commands
        .iter()
        .map(|command| {
            if command.contains("PLUGIN_ROOT") {
                notes.push(
                    "hookcheck sets PLUGIN_ROOT to the project root; Goose sets it to the plugin's folder"
                        .to_string(),
                );
            }
            // ${PLUGIN_ROOT} is replaced textually before `sh -c` (expand_plugin_root).
            let expanded = command.replace("${PLUGIN_ROOT}", &root);
            let line = match &cx.spec.args {
                Some(args) if !args.is_empty() => format!("{expanded} {}", args.join(" ")),
                _ => expanded,
            };
            PlannedCommand {
                display: command.clone(),
                invocation: Ok(shared::invocation(
                    "sh",
                    vec!["-c".into(), line],
                    env.clone(),
                    cx.root,
                    &stdin,
                    timeout,
                )),
                is_async: false,
                pasted: Vec::new(),
            }
        })
        .collect();
    notes.dedup();
    Plan::Run(RunPlan {
        event,
        trigger: label,
        commands,
        assumptions: Vec::new(),
        notes,
    })
}

type Built = (Value, Option<String>, Option<String>);

/// The event input, its `matcher_context`, and the label shown as the trigger.
fn input(cx: &PlanContext, event: &str, matcher: &str) -> Result<Built, Plan> {
    let not_run = |reason: String| Plan::NotRun {
        event: Some(event.to_string()),
        reason,
    };
    if let Trigger::Payload { value, .. } = cx.trigger {
        let context = value
            .get("matcher_context")
            .and_then(Value::as_str)
            .map(str::to_string);
        let label = value
            .get("tool_name")
            .and_then(Value::as_str)
            .map(str::to_string)
            .or_else(|| context.clone());
        return Ok((value.clone(), context, label));
    }
    let root = cx.root.display().to_string();
    let mut obj = Map::new();
    obj.insert("event".into(), json!(event));
    obj.insert("session_id".into(), json!(shared::session_id("goose")));
    let edit_tool = |path: &std::path::Path, exists: bool| -> (String, Value) {
        let file = path.display().to_string();
        if exists {
            (
                "edit".into(),
                json!({ "path": file, "before": "", "after": "" }),
            )
        } else {
            ("write".into(), json!({ "path": file, "content": "" }))
        }
    };
    let (context, tool): (Option<String>, Option<(String, Value)>) = match (event, cx.trigger) {
        (e, Trigger::Bash(cmd)) if is_tool_event(e) => (
            Some("shell".into()),
            Some(("shell".into(), json!({ "command": cmd }))),
        ),
        (e, Trigger::Edit { path, .. }) if is_tool_event(e) => {
            let file = path.display().to_string();
            let chosen = CONTRACT.tools.edit.iter().map(|t| t.name).find(|t| {
                CONTRACT
                    .matcher
                    .matches(true, event, matcher, t)
                    .unwrap_or(false)
            });
            let Some(tool) = chosen else {
                return Err(Plan::Skipped {
                    event: event.to_string(),
                    trigger: Some("write".into()),
                    reason: format!("matcher \"{matcher}\" does not match write or edit"),
                });
            };
            let args = if tool == "write" {
                json!({ "path": file, "content": "" })
            } else {
                json!({ "path": file, "before": "", "after": "" })
            };
            (Some(tool.to_string()), Some((tool.to_string(), args)))
        }
        (e, t) if is_tool_event(e) => {
            return Err(not_run(shared::wrong_trigger(
                e,
                t,
                "a tool call: pass --bash, --edit or --payload",
            )));
        }
        // Shell events: matcher_context is the command (emit_pre_tool_extended_hooks).
        ("BeforeShellExecution" | "AfterShellExecution", Trigger::Bash(cmd)) => (
            Some(cmd.clone()),
            Some(("shell".into(), json!({ "command": cmd }))),
        ),
        ("BeforeShellExecution" | "AfterShellExecution", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a shell command: pass --bash or --payload",
            )));
        }
        // File events: matcher_context is the path.
        ("AfterFileEdit", Trigger::Edit { path, exists }) => (
            Some(path.display().to_string()),
            Some(edit_tool(path, *exists)),
        ),
        ("BeforeReadFile", Trigger::Read(path)) => (
            Some(path.display().to_string()),
            // The developer extension has no read tool; an extension tool named `read` is one
            // Goose files under reads (categorize_tool).
            Some(("read".into(), json!({ "path": path.display().to_string() }))),
        ),
        ("AfterFileEdit", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a file path: pass --edit or --payload",
            )));
        }
        ("BeforeReadFile", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a file read: pass --read or --payload",
            )));
        }
        ("UserPromptSubmit", Trigger::Prompt(p)) => {
            obj.insert("matcher_context".into(), json!(p));
            obj.insert("message".into(), json!(p));
            obj.insert("working_dir".into(), json!(root));
            return Ok((Value::Object(obj), Some(p.clone()), None));
        }
        ("UserPromptSubmit", t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "a prompt: pass --prompt or --payload",
            )));
        }
        (_, Trigger::None) => (None, None),
        (_, t) => {
            return Err(not_run(shared::wrong_trigger(
                event,
                t,
                "no trigger (or --payload)",
            )));
        }
    };
    obj.insert("matcher_context".into(), json!(context));
    if let Some((name, args)) = &tool {
        if is_tool_event(event) {
            obj.insert("tool_call_id".into(), json!("call_hookcheck_0001"));
        }
        obj.insert("tool_name".into(), json!(name));
        obj.insert("tool_input".into(), args.clone());
    }
    if event == "PreToolUseResult" {
        obj.insert("decision".into(), json!("allow"));
        obj.insert("policy_evaluated".into(), json!(true));
    }
    if event == "Stop" {
        obj.insert("last_assistant_message".into(), json!("Done."));
    }
    obj.insert("working_dir".into(), json!(root));
    let label = tool.map(|(n, _)| n).or_else(|| context.clone());
    Ok((Value::Object(obj), context, label))
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::tools::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: shell\ncommand: ./hook.sh\n";
    const ON_FAIL: &str = "event: PreToolUse\ncommand: ./hook.sh\nx-goose:\n  on_failure: block\n";
    const STOP_ON_FAIL: &str = "event: Stop\ncommand: ./hook.sh\nx-goose:\n  on_failure: block\n";

    /// Every reply rule. S = source (hooks/mod.rs `classify_output`, `apply_verdict`),
    /// B = behaviour spec (seed 002), P = protocols-b.md §1.
    #[test]
    fn reader_table() {
        use Decision::*;
        #[rustfmt::skip]
        let rows: Vec<(&str, &str, &str, crate::exec::Outcome, Decision, Effect)> = vec![
            ("S exit 0, no output", PRE, "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds),
            ("S exit 0, decision allow", PRE, "PreToolUse", exit(0, r#"{"decision":"allow"}"#, ""), Allow, Effect::Proceeds),
            ("S exit 2 blocks", PRE, "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked),
            ("S exit 2, empty stderr blocks", PRE, "PreToolUse", exit(2, "", ""), Block, Effect::Blocked),
            ("S decision block at exit 0", PRE, "PreToolUse", exit(0, r#"{"decision":"block","reason":"r"}"#, ""), Block, Effect::Blocked),
            ("B decision block at exit 1", PRE, "PreToolUse", exit(1, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("B decision deny is no decision", PRE, "PreToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Error, Effect::Proceeds),
            ("S empty object is no decision", PRE, "PreToolUse", exit(0, "{}", ""), Error, Effect::Proceeds),
            ("S stray log line is no decision", PRE, "PreToolUse", exit(0, "checking...", ""), Error, Effect::Proceeds),
            ("S allow at exit 1 is no decision", PRE, "PreToolUse", exit(1, r#"{"decision":"allow"}"#, ""), Error, Effect::Proceeds),
            ("S reason of the wrong type voids block", PRE, "PreToolUse", exit(0, r#"{"decision":"block","reason":5}"#, ""), Error, Effect::Proceeds),
            ("S text before the JSON voids it", PRE, "PreToolUse", exit(0, "x {\"decision\":\"block\"}", ""), Error, Effect::Proceeds),
            ("S exit 1 fails open", PRE, "PreToolUse", exit(1, "", "oops"), Error, Effect::Proceeds),
            ("S timeout fails open", PRE, "PreToolUse", timed_out(), Timeout, Effect::Proceeds),
            ("S failed start fails open", PRE, "PreToolUse", not_started(), Error, Effect::Proceeds),
            ("S signal fails open", PRE, "PreToolUse", signalled(9), Error, Effect::Proceeds),
            ("B on_failure block: exit 1 blocks", ON_FAIL, "PreToolUse", exit(1, "", ""), Block, Effect::Blocked),
            ("B on_failure block: timeout blocks", ON_FAIL, "PreToolUse", timed_out(), Block, Effect::Blocked),
            ("B on_failure block: stray stdout blocks", ON_FAIL, "PreToolUse", exit(0, "debug", ""), Block, Effect::Blocked),
            ("S on_failure ignored on Stop", STOP_ON_FAIL, "Stop", exit(1, "", ""), Error, Effect::Proceeds),
            ("S Stop exit 2 blocks (keeps going)", PRE, "Stop", exit(2, "", "more"), Block, Effect::Blocked),
            ("S Stop decision block", PRE, "Stop", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("P PostToolUse cannot block", PRE, "PostToolUse", exit(2, "", "x"), Error, Effect::Proceeds),
            ("P PostToolUse ignores stdout", PRE, "PostToolUse", exit(0, r#"{"decision":"block"}"#, ""), Allow, Effect::Proceeds),
            ("P BeforeShellExecution observes only", PRE, "BeforeShellExecution", exit(2, "", ""), Error, Effect::Proceeds),
            ("P UserPromptSubmit output discarded", PRE, "UserPromptSubmit", exit(0, r#"{"decision":"block"}"#, ""), Allow, Effect::Proceeds),
            ("P SessionStart banner", PRE, "SessionStart", exit(0, r#"{"banner":"hi"}"#, ""), Allow, Effect::Proceeds),
            ("P observer timeout", PRE, "SessionEnd", timed_out(), Timeout, Effect::Proceeds),
        ];
        testing::check_rows_each(&AGENT, rows);
    }

    #[test]
    fn invalid_utf8_is_no_decision() {
        let mut out = exit(0, "", "");
        out.stdout.bytes = vec![b'{', 0xff, b'}'];
        let r = testing::read(&AGENT, PRE, "PreToolUse", &out);
        assert_eq!(r.decision, Decision::Error, "{r:?}");
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "goose", [
            ("bash", PRE, bash("rm -rf build")),
            ("edit_write", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("src/main.rs", false)),
            ("edit_only_edit", "event: PreToolUse\nmatcher: ^edit$\ncommand: ./h.sh\n", edit("src/main.rs", true)),
            ("before_shell", "event: BeforeShellExecution\nmatcher: rm\ncommand: ./h.sh\n", bash("rm -rf build")),
            ("after_file_edit", "on: after-edit\ncommand: ./h.sh\n", edit("src/main.rs", true)),
            ("before_read_file", "event: BeforeReadFile\ncommand: ./h.sh\n", crate::tools::testing::read_file(".env")),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the tests")),
            ("stop", "on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
            ("session_start", "on: session-start\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
        ]);
    }

    /// The matcher is an unanchored Rust regex on matcher_context; one that does not compile
    /// skips the rule (load_hooks_file).
    #[test]
    fn matchers() {
        let rows: [(&str, &str, &str, bool); 8] = [
            ("PreToolUse", "shell", "shell", true),
            ("PreToolUse", "", "shell", true),
            ("PreToolUse", "^sh", "shell", true),
            ("PreToolUse", "write|edit", "shell", false),
            ("PreToolUse", "*", "shell", false),
            ("PreToolUse", "Shell", "shell", false),
            ("PreToolUse", "developer__", "developer__shell", true),
            ("PreToolUse", "^shell$", "dev__shell", false),
        ];
        for (event, matcher, tool, fires) in rows {
            let yaml = format!("event: {event}\nmatcher: \"{matcher}\"\ncommand: ./h.sh\n");
            let p = plan(
                &AGENT,
                &yaml,
                &payload(serde_json::json!({"matcher_context": tool, "tool_name": tool})),
            );
            assert_eq!(
                matches!(p, Plan::Run(_)),
                fires,
                "{matcher} vs {tool}: {p:?}"
            );
        }
        // `*` is reported as a skipped rule with the reason.
        let reason = skipped_reason(
            &AGENT,
            "event: PreToolUse\nmatcher: \"*\"\ncommand: ./h.sh\n",
            &bash("ls"),
        );
        assert!(
            reason.contains("not a valid regular expression"),
            "{reason}"
        );
        // The shell events match the command text, not the tool name.
        let yaml = "event: BeforeShellExecution\nmatcher: \"git push\"\ncommand: ./h.sh\n";
        assert!(matches!(
            plan(&AGENT, yaml, &bash("git push -f")),
            Plan::Run(_)
        ));
        assert!(matches!(
            plan(&AGENT, yaml, &bash("ls")),
            Plan::Skipped { .. }
        ));
        // A literal matcher on Stop sees "" and never fires.
        let yaml = "event: Stop\nmatcher: Stop\ncommand: ./h.sh\n";
        assert!(matches!(
            plan(&AGENT, yaml, &crate::trigger::Trigger::None),
            Plan::Skipped { .. }
        ));
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_not_run(&AGENT, [
            ("event: Notification\ncommand: ./h.sh\n", bash("ls"), "Goose has no Notification event"),
            (PRE, prompt("hi"), "PreToolUse is not fired by --prompt"),
            ("event: BeforeShellExecution\ncommand: ./h.sh\n", edit("a", true), "pass --bash"),
            ("event: AfterFileEdit\ncommand: ./h.sh\n", bash("ls"), "pass --edit"),
            ("event: PreToolUse\ncommand: ./h.sh\nx-goose:\n  on_failure: deny\n", bash("ls"), "rejects the plugin's hooks.json"),
        ]);
    }

    #[test]
    fn shell_env_and_plugin_root() {
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ncommand: ${PLUGIN_ROOT}/hooks/x.sh\nenv: {K: v}\n",
            &bash("ls"),
        );
        let inv = first_invocation(&run);
        assert_eq!(inv.program, "sh");
        assert_eq!(inv.args, ["-c", "/project/hooks/x.sh"]);
        assert!(inv.env.contains(&("PLUGIN_ROOT".into(), "/project".into())));
        assert!(inv.env.contains(&("K".into(), "v".into())));
        assert_eq!(inv.timeout.as_secs(), 30);
        assert!(
            run.notes.iter().any(|n| n.contains("plugin's folder")),
            "{:?}",
            run.notes
        );
    }
}
