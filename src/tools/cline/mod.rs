//! Cline: the `cline` CLI on the SDK runtime (file hooks named after their event).
//!
//! Sources (read 2026-11-30): docs/reference/real-agents.md (Cline CLI 3.0.65 run headless
//! against a fake model, 2026-11-30); cline/cline @08a0ae50 `sdk/packages/core/src/hooks/
//! hook-file-hooks.ts` (payloads, which hooks are awaited, HOOK_CONTROL parsing, cancel/context,
//! 120 s tool-call timeout); cline/cline @21cb8d25 `sdk/packages/core/src/hooks/{subprocess,
//! subprocess-runner}.ts` and docs `docs/customization/hooks.mdx` @901d1b5c, as collected in
//! docs/reference/protocols/protocols-a.md §8; docs/reference/seeds/002_868b68abc3040bdc.txt
//! (agnostic-ai: Cline replies, Cline sample events, the shell and timeout table).
//!
//! Cline runs one script per event: every spec on an event becomes part of it, sharing its
//! stdout, and a portable `match` becomes a tool-name check inside it. That is what [`plan`]
//! and [`read`] add to the generic steps.

pub mod live;
pub mod native;
mod replies;

use std::time::Duration;

use serde_json::{Map, Value, json};

use super::{Agent, Files, Hooks, Live, Plan, PlanContext, ReadContext};
use crate::contract::reply::{Prepared, Reply};
use crate::contract::{
    Blocks, Contract, Event, Flavour, Input, Kind, Launch, Place, Portable, Quirks, Run, Stdio,
};
use crate::contract::{ToolCall, Tools, event};
use crate::exec::Outcome;
use crate::spec::{HookSpec, On, PortableMatch, When};
use crate::trigger::Trigger;
use crate::verdict::Reading;

/// Cline's contract.
pub static AGENT: Agent = Agent {
    id: "cline",
    name: "Cline",
    checked: "2026-11-30",
    sources: &[
        "real agent: Cline CLI 3.0.65 (docs/reference/real-agents.md, 2026-11-30)",
        "real agent: Cline CLI 3.0.65, captured 2026-12-01 (fixtures/live/inputs/cline--bash.json): the shell",
        "source: cline/cline @08a0ae50 sdk/packages/core/src/hooks/hook-file-hooks.ts",
        "source: cline/cline @21cb8d25 sdk/packages/core/src/hooks/subprocess-runner.ts, subprocess.ts",
        "spec: agnostic-ai hook run (docs/reference/seeds/002_868b68abc3040bdc.txt): Cline replies and sample events",
        "protocols-a.md §8 Config (cline/cline @21cb8d25 hook-file-config.ts, paths.ts; hooks.mdx @901d1b5c)",
    ],
    session_vars: &[],
    notes: &[
        "Cline has no matcher: every hook on an event sees every tool and must filter itself",
        "the Cline VS Code extension does not read stdout when the script exits non-zero, so a reply printed before a failing exit blocks in the CLI and not in the extension",
        "hooks are off under --yolo (SDK README)",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Driver(&live::DRIVER),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Cline does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: &[
            (On::SessionStart, "TaskStart"),
            (On::PromptSubmit, "UserPromptSubmit"),
            (On::BeforeTool, "PreToolUse"),
            (On::AfterTool, "PostToolUse"),
            (On::AfterEdit, "PostToolUse"),
            (On::Stop, "TaskComplete"),
            (On::SessionEnd, "SessionShutdown"),
        ],
        // The tools the script's tool-name check for each kind lets in; empty: Cline's names
        // for the kind are not documented.
        shell: "run_commands",
        edit: "editor|apply_patch",
        read: "read_files",
        web: "",
        // A shell `case` pattern: every tool of the server (below).
        mcp: "{server}__*",
    },
    tools: Tools {
        shell: ToolCall::new("run_commands", r#"{"commands":["$COMMAND"]}"#, "{}"),
        edit: &[ToolCall::new(
            "editor",
            r#"{"path":"$FILE","old_text":"","new_text":""}"#,
            "{}",
        )
        .new_file(r#"{"path":"$FILE","new_text":""}"#)],
        read: &["read_files"],
        // v4 read_files ({files:[{path,…}]}) (protocols-a.md, Cline).
        read_input: r#"{"files":[{"path":"$FILE"}]}"#,
        web: &[],
        // real agent: Cline CLI 3.0.65 offers an MCP tool as SERVER__TOOL and gives a hook that
        // name, 2026-12-05 (fixtures/live/mcp/inputs/mcp-any-stdin--cline.json).
        mcp: "{server}__{tool}",
        mcp_input: "",
    },
    // Cline has no matcher: every hook sees every tool ([`plan`] notes a native one).
    matcher: Flavour::Custom(|_, _, _| Ok(true)),
    // Each event's template holds the common fields: hookName comes second.
    input: Input::common("{}").tool_path("tool_call.name"),
    // real agent: Cline CLI 3.0.65 runs the event script as `sh SCRIPT` (sh from PATH,
    // whatever $SHELL says), captured 2026-12-01 (fixtures/live/inputs/cline--bash.json)
    // with a `#!/bin/sh` script; `sh -c` runs the same text. A `#!/bin/bash` script was
    // not tried.
    run: Run::argv(&["sh", "-c"])
        // Started in a subfolder (of a git repository or not), the hook runs there,
        // not the repository's root. real agent: Cline CLI 3.0.65, captured 2026-12-04
        // (fixtures/live/start-in/cline--bash--git--in-sub.json, cline--bash--in-sub.json).
        .runs_where_started()
        // stdio a socket pair; the shell in the agent's process group and the agent's session.
        // real agent: Cline CLI 3.0.65, captured 2026-12-03 (fixtures/live/launch/cline--bash.json).
        .launch(Launch::seen(
            Stdio::Socket,
            Place::Agents,
            Place::Agents,
            "fixtures/live/launch/cline--bash.json",
        ))
        .no_exec_form("Cline runs one event script: `args` (exec form) has no place in it")
        // The user's and the project's script for one event run one after the other (no
        // reply of Cline 3.0.65's stops a call, so none is skipped). real agent: Cline CLI
        // 3.0.65, live 2026-12-05 (`start end start end`).
        .stops_at_block("real agent: Cline CLI 3.0.65, fixtures/live/lifecycle/observations/two-files-trace--cline.json")
        // The directory the CLI started in, the project root: real agent Cline CLI 3.0.65,
        // captured 2026-12-01 (fixtures/live/inputs/cline--*.json, `"cwd": "<workspace>"`).
        // Its launcher's (real agent Cline CLI 3.0.65, captured 2026-12-01, fixtures/live/
        // inputs/cline--*.json): the build its bundle names "production", and the launch it
        // writes as JSON to CLINE_CONNECTOR_CLI_LAUNCH (a placeholder here). Every hook
        // inherits them.
        .inherits(&[
            ("CLINE_BUILD_ENV", "production"),
            ("CLINE_CONNECTOR_CLI_LAUNCH", "<the CLI's launch, as JSON>"),
        ]),
    reply: Reply::stdout(replies::RULES)
        .rewrites(&["overrideInput"])
        .prepare(control)
        .after(shared_script),
    quirks: Quirks::NONE
        .refuse(refuse)
        .input(legacy_parameters)
        .adjust(adjust),
};

/// An input: the fields every hook file gets (hookName is its SDK runtime name,
/// hook-file-config.ts), then `$fields`.
macro_rules! cline {
    ($hook:literal, $fields:literal) => {
        concat!(
            r#"{"clineVersion":"3.0.65","hookName":""#,
            $hook,
            r#"","timestamp":"2026-11-30T12:00:00.000Z","taskId":"$SESSION","sessionContext":{"rootSessionId":"$SESSION"},"workspaceRoots":["$ROOT"],"workspaceInfo":{"rootPath":"$ROOT","hint":"project"},"userId":"hookcheck","agent_id":"agent_hookcheck_0001","parent_agent_id":null"#,
            $fields,
            "}"
        )
    };
}

/// Hook file names (hook-file-config.ts), including the SDK's TaskError and SessionShutdown.
/// Only tool_call and tool_result hooks are awaited, 120 s whatever the spec sets; the rest run
/// detached (hook-file-hooks.ts). Nothing blocks: cancel halts the task.
const EVENTS: &[Event] = &[
    event("TaskStart", Kind::SessionStart, 120)
        .blocks(Blocks::No)
        .input(cline!("agent_start", r#","taskStart":{"taskMetadata":{}}"#)),
    event("TaskResume", Kind::Other, 120)
        .blocks(Blocks::No)
        .input(cline!("agent_resume", r#","taskResume":{"taskMetadata":{}}"#)),
    event("TaskCancel", Kind::Other, 120)
        .blocks(Blocks::No)
        .input(cline!("agent_abort", r#","taskCancel":{"taskMetadata":{}}"#)),
    // iteration and turn {outputText, status}: real agent Cline CLI 3.0.65, captured 2026-12-01
    // (fixtures/live/inputs/cline--stop.json; the capture keeps types: the status is assumed).
    event("TaskComplete", Kind::Stop, 120)
        .blocks(Blocks::No)
        .input(cline!(
            "agent_end",
            r#","taskComplete":{"taskMetadata":{}},"iteration":1,"turn":{"outputText":"Done.","status":"completed"}"#
        )),
    event("TaskError", Kind::Other, 120).blocks(Blocks::No),
    event("PreToolUse", Kind::BeforeTool, 120)
        .blocks(Blocks::No)
        .matches("tool_call.name")
        .input(cline!(
            "tool_call",
            r#","iteration":1,"tool_call":{"id":"call_hookcheck_0001","name":"$TOOL","input":"$INPUT"},"preToolUse":{"toolName":"$TOOL","parameters":"$INPUT"}"#
        )),
    // tool_result.output is an array (one entry per command of run_commands): real agent Cline
    // CLI 3.0.65, captured 2026-12-01 (fixtures/live/inputs/cline--post-bash.json).
    event("PostToolUse", Kind::AfterTool, 120)
        .blocks(Blocks::No)
        .matches("tool_result.name")
        .input(cline!(
            "tool_result",
            r#","iteration":1,"tool_result":{"id":"call_hookcheck_0001","name":"$TOOL","input":"$INPUT","output":[],"durationMs":5,"startedAt":"2026-11-30T12:00:00.000Z","endedAt":"2026-11-30T12:00:00.005Z"},"postToolUse":{"toolName":"$TOOL","parameters":"$INPUT","result":"","success":true,"executionTimeMs":5}"#
        )),
    event("UserPromptSubmit", Kind::Prompt, 120).blocks(Blocks::No).input(cline!(
        "prompt_submit",
        r#","userPromptSubmit":{"prompt":"$PROMPT","attachments":[]}"#
    )),
    event("PreCompact", Kind::Other, 120).blocks(Blocks::No),
    event("SessionShutdown", Kind::SessionEnd, 120).blocks(Blocks::No),
];

/// The awaited events.
const AWAITED: &[&str] = &["PreToolUse", "PostToolUse"];

/// The runtime's tool-call hook timeout, not configurable per hook (hook-file-hooks.ts).
const TOOL_TIMEOUT: u64 = 120;

/// Where Cline runs a hook.
const CWD: &str =
    "Cline runs a hook in the directory the CLI started in; hookcheck uses the project root";

/// The legacy `preToolUse`/`postToolUse.parameters`: every tool input value as a string
/// (hook-file-hooks.ts); no template can stringify.
fn legacy_parameters(_: &PlanContext, _: &str, obj: &mut Map<String, Value>) {
    for key in ["preToolUse", "postToolUse"] {
        if let Some(Value::Object(legacy)) = obj.get_mut(key)
            && let Some(params) = legacy.get_mut("parameters")
        {
            *params = string_params(params);
        }
    }
}

/// No PreCompact hook runs: the SDK runtime maps no file hook onto compaction
/// (hook-file-hooks.ts); and hookcheck runs no Cline hook on Windows.
fn refuse(_: &PlanContext, event: &str) -> Option<String> {
    if event == "PreCompact" {
        return Some("the Cline CLI runs no PreCompact hook".into());
    }
    cfg!(windows).then(|| "hookcheck does not run Cline hooks on Windows".into())
}

/// What Cline's one script per event adds to the plan: a native matcher is ignored; a portable
/// `match` is a tool-name check inside the script (Skipped when it lets the tool through, not
/// run when Cline's names are undocumented); every hook waits 120 s whatever the spec sets,
/// and only tool hooks are awaited.
fn adjust(cx: &PlanContext, plan: &mut Plan) {
    let Plan::Run(run) = plan else {
        return;
    };
    let event = run.event.clone();
    let (native_matcher, matches) = match &cx.spec.when {
        When::Native { matcher, .. } => (matcher.trim(), None),
        When::Portable {
            on: On::AfterEdit,
            matches: None,
        } => ("", Some(PortableMatch::Edit)),
        When::Portable { matches, .. } => ("", matches.clone()),
    };
    if let (Some(m), Some(tool)) = (&matches, &run.trigger)
        && let Some(checked) = script_check(&event, m, tool)
    {
        *plan = checked;
        return;
    }
    let mut notes = Vec::new();
    if !native_matcher.is_empty() && native_matcher != "*" {
        notes.push(format!(
            "Cline has no matcher: \"{native_matcher}\" is ignored and the hook runs for every tool"
        ));
    }
    if matches!(cx.trigger, Trigger::Edit { .. }) {
        notes.push(
            "a model whose id holds gpt or codex edits with apply_patch instead of editor".into(),
        );
    }
    if event == "UserPromptSubmit" && !matches!(cx.trigger, Trigger::Payload { .. }) {
        notes.push(
            "the Cline CLI may not send UserPromptSubmit: orchestrated sessions seed the prompt without a message-added event".into(),
        );
    }
    let awaited = AWAITED.contains(&event.as_str());
    if let Some(t) = cx.spec.timeout()
        && awaited
        && t != TOOL_TIMEOUT
    {
        notes.push(format!(
            "Cline waits {TOOL_TIMEOUT} s on tool hooks whatever the spec sets (timeout: {t} is dropped)"
        ));
    }
    run.notes.extend(notes);
    for c in &mut run.commands {
        c.is_async |= !awaited;
        if let Ok(inv) = &mut c.invocation {
            inv.timeout = Duration::from_secs(TOOL_TIMEOUT);
        }
    }
    for a in &mut run.assumptions {
        if a.item == "cwd" {
            a.reason = CWD.to_string();
        }
    }
}

/// What the script's tool-name check for a portable match kind does with `tool`: the tools it
/// lets in are the contract's portable matcher for the kind (seed, "Cline sample events").
fn script_check(event: &str, m: &PortableMatch, tool: &str) -> Option<Plan> {
    let p = &CONTRACT.portable;
    let tools = match m {
        PortableMatch::Any => return None,
        PortableMatch::Shell => p.shell,
        PortableMatch::Edit => p.edit,
        PortableMatch::Read => p.read,
        PortableMatch::Web => p.web,
        PortableMatch::Mcp(server) => &p.mcp.replace("{server}", server),
    };
    let skipped = |reason: String| Plan::Skipped {
        event: event.to_string(),
        trigger: Some(tool.to_string()),
        reason,
    };
    let builtin = || {
        let t = &CONTRACT.tools;
        t.shell.name == tool || t.edit.iter().any(|e| e.name == tool) || t.read.contains(&tool)
    };
    match tools {
        "" if builtin() || tool == "apply_patch" => Some(skipped(format!(
            "the script's tool-name check for match \"{}\" lets {tool} through",
            match_spelling(m)
        ))),
        "" => Some(Plan::NotRun {
            event: Some(event.to_string()),
            reason: format!(
                "Cline's tool names for match \"{}\" are not documented, so hookcheck cannot tell whether the script lets {tool} through",
                match_spelling(m)
            ),
        }),
        // Each alternative a name, or a prefix and `*` (the shell `case` pattern sync writes).
        tools
            if !tools.split('|').any(|t| {
                t == tool || t.strip_suffix('*').is_some_and(|pre| tool.starts_with(pre))
            }) =>
        {
            Some(skipped(format!(
                "the script's tool-name check for match \"{}\" ({}) lets {tool} through",
                match_spelling(m),
                tools.replace('|', ", ")
            )))
        }
        _ => None,
    }
}

fn match_spelling(m: &PortableMatch) -> String {
    match m {
        PortableMatch::Shell => "shell".into(),
        PortableMatch::Edit => "edit".into(),
        PortableMatch::Read => "read".into(),
        PortableMatch::Web => "web".into(),
        PortableMatch::Any => "any".into(),
        PortableMatch::Mcp(s) => format!("mcp:{s}"),
    }
}

/// Every parameter value as a string, as the legacy `preToolUse.parameters` (hook-file-hooks.ts).
fn string_params(input: &Value) -> Value {
    let Some(obj) = input.as_object() else {
        return json!({});
    };
    let out: Map<String, Value> = obj
        .iter()
        .map(|(k, v)| {
            let s = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (k.clone(), Value::String(s))
        })
        .collect();
    Value::Object(out)
}

/// The control JSON: the last line starting `HOOK_CONTROL\t`, else the whole trimmed stdout
/// (subprocess-runner.ts).
fn control_text(stdout: &str) -> &str {
    stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("HOOK_CONTROL\t"))
        .unwrap_or(stdout)
        .trim()
}

/// Cline's event for a spec (native as written, portable mapped).
fn event_of(spec: &HookSpec) -> Option<&str> {
    match &spec.when {
        When::Native { event, .. } => Some(event.as_str()),
        When::Portable { on, .. } => CONTRACT
            .portable
            .events
            .iter()
            .find(|(o, _)| o == on)
            .map(|(_, e)| *e),
    }
}

/// The rows read the control text (see [`control_text`]): no row can pick a line.
fn control(_: &ReadContext, out: &Outcome) -> Prepared {
    Prepared::Stdout(control_text(&out.stdout.text()).to_string())
}

/// A hook that shares its event's script with other specs is not counted: no row can look at
/// the peers. Specs on one event become one script with one stdout (the behaviour spec,
/// "Cline replies"), so what this hook prints is not the whole reply Cline reads.
fn shared_script(ctx: &ReadContext, r: Reading) -> Reading {
    let sharing: Vec<&str> = ctx
        .peers
        .iter()
        .filter(|p| p.targets_tool("cline") && event_of(p) == Some(ctx.event))
        .map(|p| p.name.as_str())
        .collect();
    if sharing.is_empty() {
        return r;
    }
    r.not_counted(format!(
        "Cline runs every hook on {} from one script sharing one stdout, and {} also reach it there",
        ctx.event,
        sharing.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};
    use crate::trigger::Trigger;
    use serde_json::json;

    const PRE: &str = "event: PreToolUse\ncommand: ./hook.sh\n";

    /// Every reply rule. R = real-agents.md (Cline CLI 3.0.65), C = hook-file-hooks.ts /
    /// subprocess-runner.ts, S = the seed's "Cline replies".
    #[test]
    fn reader_table() {
        use Decision::*;
        #[rustfmt::skip]
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, Effect, bool, bool)> = vec![
            // (name, event, outcome, decision, effect, adds context, rewrites)
            ("R exit 0, no output", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds, false, false),
            ("R exit 2 + stderr", "PreToolUse", exit(2, "", "no"), Allow, Effect::Proceeds, false, false),
            ("R exit 2, empty stderr", "PreToolUse", exit(2, "", ""), Allow, Effect::Proceeds, false, false),
            ("R exit 1 + stderr", "PreToolUse", exit(1, "", "oops"), Allow, Effect::Proceeds, false, false),
            ("R hookSpecificOutput deny", "PreToolUse", exit(0, r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#, ""), Allow, Effect::Proceeds, false, false),
            ("R decision block", "PreToolUse", exit(0, r#"{"decision":"block"}"#, ""), Allow, Effect::Proceeds, false, false),
            ("R decision deny", "PreToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Allow, Effect::Proceeds, false, false),
            ("R top-level permissionDecision", "PreToolUse", exit(0, r#"{"permissionDecision":"deny"}"#, ""), Allow, Effect::Proceeds, false, false),
            ("R cancel aborts the task", "PreToolUse", exit(0, r#"{"cancel":true}"#, ""), Block, Effect::Halted, false, false),
            ("R hook slept past the spec's 2 s (Cline waits 120 s)", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds, false, false),
            ("R missing binary (127)", "PreToolUse", exit(127, "", "bash: ./x: No such file"), Allow, Effect::Proceeds, false, false),
            ("C cancel on a non-zero exit still cancels", "PreToolUse", exit(1, r#"{"cancel":true}"#, ""), Block, Effect::Halted, false, false),
            ("C cancel after the tool ran", "PostToolUse", exit(0, r#"{"cancel":true}"#, ""), Block, Effect::Halted, false, false),
            ("R prompt hook not awaited: cancel is too late", "UserPromptSubmit", exit(0, r#"{"cancel":true}"#, ""), Allow, Effect::Proceeds, false, false),
            ("C last HOOK_CONTROL line wins", "PreToolUse", exit(0, "log line\nHOOK_CONTROL\t{\"cancel\":true}\nHOOK_CONTROL\t{\"cancel\":false}\n", ""), Allow, Effect::Proceeds, false, false),
            ("C HOOK_CONTROL after log lines", "PreToolUse", exit(0, "starting\nHOOK_CONTROL\t{\"cancel\":true}\n", ""), Block, Effect::Halted, false, false),
            ("C cancel \"true\" string is not a bool", "PreToolUse", exit(0, r#"{"cancel":"true"}"#, ""), Allow, Effect::Proceeds, false, false),
            ("S plain text is error", "PreToolUse", exit(0, "hello", ""), Error, Effect::Proceeds, false, false),
            ("S log lines without HOOK_CONTROL are error", "PreToolUse", exit(0, "a\n{\"cancel\":true}", ""), Error, Effect::Proceeds, false, false),
            ("S context", "PreToolUse", exit(0, r#"{"context":"note"}"#, ""), Allow, Effect::Proceeds, true, false),
            ("S contextModification", "PostToolUse", exit(0, r#"{"contextModification":"note"}"#, ""), Allow, Effect::Proceeds, true, false),
            ("S errorMessage", "PreToolUse", exit(0, r#"{"errorMessage":"careful"}"#, ""), Allow, Effect::Proceeds, true, false),
            ("C overrideInput rewrites", "PreToolUse", exit(0, r#"{"overrideInput":{"commands":["ls"]}}"#, ""), Allow, Effect::Proceeds, false, true),
            ("S timeout", "PreToolUse", timed_out(), Timeout, Effect::Proceeds, false, false),
            ("C spawn error", "PreToolUse", not_started(), Error, Effect::Proceeds, false, false),
            ("C signal, no output", "PreToolUse", signalled(9), Allow, Effect::Proceeds, false, false),
        ];
        for (name, event, outcome, decision, effect, context, rewrites) in rows {
            let r = testing::read(&AGENT, PRE, event, &outcome);
            assert_eq!(
                (r.decision, r.effect, r.adds_context, r.rewrites_input),
                (decision, effect, context, rewrites),
                "{name}: {r:?}"
            );
        }
        let r = testing::read(&AGENT, PRE, "PreToolUse", &exit(3, "", ""));
        assert!(
            r.notes
                .iter()
                .any(|n| n.contains("never reads the exit code")),
            "{r:?}"
        );
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "cline", [
            ("bash", PRE, bash("rm -rf build")),
            ("post_bash", "event: PostToolUse\ncommand: ./h.sh\n", bash("ls")),
            ("edit_existing_file", PRE, edit("src/main.ts", true)),
            ("edit_new_file", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("new.ts", false)),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("task_complete", "on: stop\ncommand: ./h.sh\n", Trigger::None),
        ]);
    }

    #[test]
    fn every_hook_fires_and_portable_kinds_check_the_tool() {
        // (yaml, trigger, runs)
        #[rustfmt::skip]
        let rows = [
            ("event: PreToolUse\nmatcher: Edit\ncommand: ./h.sh\n", bash("ls"), true),
            ("on: before-tool\nmatch: shell\ncommand: ./h.sh\n", bash("ls"), true),
            ("on: before-tool\nmatch: any\ncommand: ./h.sh\n", bash("ls"), true),
            ("on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("a.ts", true), true),
            ("on: after-edit\ncommand: ./h.sh\n", bash("ls"), false),
            ("on: before-tool\nmatch: edit\ncommand: ./h.sh\n", bash("ls"), false),
            ("on: before-tool\nmatch: shell\ncommand: ./h.sh\n", edit("a.ts", true), false),
            ("on: before-tool\nmatch: web\ncommand: ./h.sh\n", bash("ls"), false),
        ];
        for (yaml, trigger, runs) in rows {
            let p = plan(&AGENT, yaml, &trigger);
            assert_eq!(matches!(p, Plan::Run(_)), runs, "{yaml} {trigger:?}: {p:?}");
            if !runs {
                assert!(matches!(p, Plan::Skipped { .. }), "{yaml}: {p:?}");
            }
        }
        let p = plan(
            &AGENT,
            "on: before-tool\nmatch: web\ncommand: ./h.sh\n",
            &payload(json!({"tool_call": {"name": "fetch_web"}})),
        );
        assert!(
            matches!(p, Plan::NotRun { .. }),
            "undocumented names: {p:?}"
        );
    }

    #[test]
    fn timeout_shell_async_and_refusals() {
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ntimeout: 2\ncommand: ./h.sh\n",
            &bash("ls"),
        );
        let inv = first_invocation(&run);
        // `sh SCRIPT` in Cline CLI 3.0.65 (fixtures/live/inputs/cline--bash.json).
        assert_eq!((inv.program.as_str(), inv.timeout.as_secs()), ("sh", 120));
        assert_eq!(inv.args, ["-c", "./h.sh"]);
        assert!(!run.commands[0].is_async);
        // The project root, captured (fixtures/live/inputs/cline--bash.json).
        assert!(run.assumptions.is_empty(), "{:?}", run.assumptions);
        let Plan::Run(run) = plan(&AGENT, "on: prompt-submit\ncommand: ./h.sh\n", &prompt("x"))
        else {
            panic!()
        };
        assert!(run.commands[0].is_async, "prompt hooks run detached");
        for (yaml, trigger) in [
            ("event: PreCompact\ncommand: ./h.sh\n", Trigger::None),
            ("event: Notification\ncommand: ./h.sh\n", Trigger::None),
            (PRE, prompt("x")),
            (PRE, Trigger::None),
            ("event: SessionShutdown\ncommand: ./h.sh\n", Trigger::None),
        ] {
            let p = plan(&AGENT, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{yaml}: {p:?}");
        }
    }
}
