//! Windsurf / Devin CLI: the Devin CLI's Claude-compatible hooks (`.devin/hooks.v1.json`).
//!
//! Sources (read 2026-11-30): docs.devin.ai/cli/extensibility/hooks (overview and
//! lifecycle-hooks; payload example, `exec` tool, exit 2 or `decision: block`), as collected in
//! docs/reference/protocols/protocols-a.md §6b; docs/reference/seeds/002_868b68abc3040bdc.txt
//! (agnostic-ai `hook run`: Windsurf replies, Windsurf sample events, assumed results).
//! Windsurf Cascade's own snake_case hooks (§6a) are a different system and are not modelled.

pub mod native;
mod replies;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, PlanContext};
use crate::contract::reply::Reply;
use crate::contract::{Blocks, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run, Stop};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::matcher::{self, MatchError};
use crate::spec::When;

/// Windsurf / Devin CLI's contract.
pub static AGENT: Agent = Agent {
    id: "windsurf",
    name: "Devin CLI",
    checked: "2026-11-30",
    sources: &[
        "docs: https://docs.devin.ai/cli/extensibility/hooks/overview, .../lifecycle-hooks",
        "spec: agnostic-ai hook run (docs/reference/seeds/002_868b68abc3040bdc.txt): Windsurf replies and sample events",
        "protocols-a.md §6b Devin CLI (docs.devin.ai/cli/extensibility/hooks; user config.json second-hand)",
    ],
    session_vars: &["DEVIN_PROJECT_DIR"],
    notes: &[
        "the Devin CLI also picks up Claude Code hooks from .claude/, which then run under Devin's reply rules",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("no live driver yet: the Devin CLI has not been tried headless here"),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What the Devin CLI does, as data (protocols-a.md §6b; the seed's "Windsurf sample events"
/// and "Assumed results").
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: super::claude::PORTABLE_EVENTS,
        shell: "^exec$",
        edit: "^edit$",
        // The Devin CLI docs name no read or web tool.
        read: "$NONE:the Devin CLI names no read tool: write a native matcher",
        web: "$NONE:the Devin CLI names no web tool: write a native matcher",
        mcp: "^mcp__{server}__",
    },
    tools: Tools {
        shell: ToolCall::new(
            "exec",
            r#"{"command":"$COMMAND","shell_id":"main"}"#,
            r#"{"success":true,"output":"","error":null}"#,
        ),
        // The docs do not show the edit tool's input.
        edit: &[],
        read: &[],
        read_input: "$NONE:the Devin CLI names no read tool",
        web: &[],
        mcp: "mcp__{server}__{tool}",
        mcp_input: "",
    },
    matcher: Flavour::Custom(matcher_matches),
    input: Input::common(
        r#"{"session_id":"$SESSION","prompt_id":"hookcheck-prompt-0001","hook_event_name":"$EVENT"}"#,
    ),
    run: Run::script_path(&["DEVIN_PROJECT_DIR"])
        .no_exec_form("the Devin CLI has no exec form (`args`): a hook is one command")
        .env(&[("DEVIN_PROJECT_DIR", Var::Root)])
        .timeout_assumed()
        .cwd_assumed(),
    // Context and rewrites count only under the event's own hookSpecificOutput (replies.rs).
    reply: Reply::stdout(replies::RULES),
    quirks: Quirks::NONE.gate(gate),
};

/// Exit 2 or `decision: block` has a documented meaning only on PreToolUse, PermissionRequest,
/// UserPromptSubmit and Stop; the timeout is assumed (seed, "Assumed results"). The matcher
/// sees the tool name, and on the compact events the trigger.
const EVENTS: &[Event] = &[
    event("PreToolUse", Kind::BeforeTool, 30)
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#),
    event("PostToolUse", Kind::AfterTool, 30)
        .blocks(Blocks::No)
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_response":"$RESPONSE"}"#),
    event("PermissionRequest", Kind::Tool, 30)
        .input(r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#),
    event("UserPromptSubmit", Kind::Prompt, 30).input(r#"{"prompt":"$PROMPT"}"#),
    event("Stop", Kind::Stop, 30).input("{}"),
    event("SessionStart", Kind::SessionStart, 30).blocks(Blocks::No),
    event("SessionEnd", Kind::SessionEnd, 30).blocks(Blocks::No),
    event("PreCompact", Kind::Other, 30)
        .blocks(Blocks::No)
        .matches("trigger"),
    event("PostCompact", Kind::Other, 30)
        .blocks(Blocks::No)
        .matches("trigger"),
    event("PostCompaction", Kind::Other, 30)
        .blocks(Blocks::No)
        .input("{}"),
];

/// Tool events: an unanchored JavaScript regex, empty or `*` matching all (as in Claude
/// Code's format, which Devin reads); the compact events: `manual`, `auto` or both as a `|`
/// list, nothing else. No flavour checks the words a matcher may use.
fn matcher_matches(event: &str, pattern: &str, name: &str) -> Result<bool, MatchError> {
    let m = pattern.trim();
    if matches!(event, "PreCompact" | "PostCompact") {
        if m.is_empty() {
            return Ok(true);
        }
        let parts: Vec<&str> = m.split('|').map(str::trim).collect();
        if parts.iter().any(|p| !matches!(*p, "manual" | "auto")) {
            return Err(MatchError::syntax(format!(
                "{event} accepts only manual or auto"
            )));
        }
        return Ok(parts.contains(&name));
    }
    if matcher::is_match_all(m) {
        return Ok(true);
    }
    matcher::JsRegex::new(m)?.is_match(name)
}

/// A matcher on any other event is not run: the Devin CLI takes none there, and its docs do not
/// say what one does (the table says only what a matcher is compared with).
fn gate(cx: &PlanContext, event: &str, _: &Value) -> Result<Vec<String>, Stop> {
    let takes = CONTRACT
        .event(event)
        .is_some_and(|e| e.matches != crate::contract::MatchOn::Nothing);
    match &cx.spec.when {
        When::Native { matcher, .. } if !takes && !matcher.trim().is_empty() => {
            Err(Stop::NotRun(crate::plan::fixable(
                format!(
                    "the Devin CLI takes no matcher on {event}, and its docs do not say what one does"
                ),
                &format!("drop the matcher on {event}"),
            )))
        }
        _ => Ok(Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};
    use crate::trigger::Trigger;
    use serde_json::json;

    const PRE: &str = "event: PreToolUse\nmatcher: exec\ncommand: ./hook.sh\n";

    /// Every reply rule. D = Devin CLI docs (protocols-a.md §6b), S = the seed's "Windsurf replies".
    #[test]
    fn reader_table() {
        use Decision::*;
        let hso = |ev: &str, key: &str| {
            format!(r#"{{"hookSpecificOutput":{{"hookEventName":"{ev}","{key}":{{"a":1}}}}}}"#)
        };
        #[rustfmt::skip]
        let rows: Vec<CountedRow> = vec![
            // (name, event, outcome, decision, effect, counted, adds context)
            ("D exit 0", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds, true, false),
            ("D exit 2 blocks", "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked, true, false),
            ("D decision block", "PreToolUse", exit(0, r#"{"decision":"block","reason":"no"}"#, ""), Block, Effect::Blocked, true, false),
            ("D exit 1 is error", "PreToolUse", exit(1, "", "x"), Error, Effect::Proceeds, true, false),
            ("S approve", "PreToolUse", exit(0, r#"{"decision":"approve"}"#, ""), Allow, Effect::Proceeds, true, false),
            ("S plain stdout", "PreToolUse", exit(0, "hello", ""), Allow, Effect::Proceeds, true, false),
            ("S no decision", "PreToolUse", exit(0, "{}", ""), Allow, Effect::Proceeds, true, false),
            ("S other decision not counted", "PreToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Allow, Effect::Proceeds, false, false),
            ("S exit 2 + decision block", "PreToolUse", exit(2, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked, true, false),
            ("S exit 2 + other reply not counted", "PreToolUse", exit(2, r#"{"decision":"approve"}"#, ""), Block, Effect::Blocked, false, false),
            ("S exit 1 + reply not counted", "PreToolUse", exit(1, r#"{"decision":"block"}"#, ""), Error, Effect::Proceeds, false, false),
            ("S PermissionRequest exit 2", "PermissionRequest", exit(2, "", "no"), Block, Effect::Blocked, true, false),
            ("S prompt decision block", "UserPromptSubmit", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked, true, false),
            ("S stop exit 2", "Stop", exit(2, "", "go on"), Block, Effect::Blocked, true, false),
            ("S block on PostToolUse not counted", "PostToolUse", exit(2, "", "x"), Block, Effect::Proceeds, false, false),
            ("S block on SessionStart not counted", "SessionStart", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Proceeds, false, false),
            ("S block on PostCompaction not counted", "PostCompaction", exit(2, "", ""), Block, Effect::Proceeds, false, false),
            ("S block on PreCompact not counted", "PreCompact", exit(2, "", ""), Block, Effect::Proceeds, false, false),
            ("S context on the named event", "UserPromptSubmit", exit(0, &hso("UserPromptSubmit", "additionalContext"), ""), Allow, Effect::Proceeds, true, true),
            ("S context on another event's name", "UserPromptSubmit", exit(0, &hso("SessionStart", "additionalContext"), ""), Allow, Effect::Proceeds, true, false),
            ("S context on PostToolUse", "PostToolUse", exit(0, &hso("PostToolUse", "additionalContext"), ""), Allow, Effect::Proceeds, true, true),
            ("S no context on PreToolUse", "PreToolUse", exit(0, &hso("PreToolUse", "additionalContext"), ""), Allow, Effect::Proceeds, true, false),
            ("S invalid JSON not counted", "PreToolUse", exit(0, "{nope", ""), Allow, Effect::Proceeds, false, false),
            ("S timeout", "PreToolUse", timed_out(), Timeout, Effect::Proceeds, true, false),
            ("S not started", "PreToolUse", not_started(), Error, Effect::Proceeds, true, false),
        ];
        testing::check_counted_rows(&AGENT, PRE, rows);
        let r = testing::read(
            &AGENT,
            PRE,
            "PreToolUse",
            &exit(0, &hso("PreToolUse", "updatedInput"), ""),
        );
        assert!(
            r.rewrites_input && !r.notes.is_empty(),
            "updatedInput is merged: {r:?}"
        );
        let r = testing::read(
            &AGENT,
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
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "windsurf", [
            ("bash", PRE, bash("rm -rf build")),
            ("post_bash", "event: PostToolUse\ncommand: ./h.sh\n", bash("ls")),
            ("permission_request", "event: PermissionRequest\ncommand: ./h.sh\n", bash("ls")),
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("stop", "on: stop\ncommand: ./h.sh\n", Trigger::None),
            ("post_compaction", "event: PostCompaction\ncommand: ./h.sh\n", Trigger::None),
        ]);
    }

    #[test]
    fn matchers() {
        // (yaml, trigger, Some(true) runs / Some(false) skipped / None not run)
        let pc = |t: &str| payload(json!({"trigger": t}));
        #[rustfmt::skip]
        let rows = [
            (PRE.to_string(), bash("ls"), Some(true)),
            ("event: PreToolUse\nmatcher: Bash\ncommand: ./h.sh\n".into(), bash("ls"), Some(false)),
            ("event: PreToolUse\nmatcher: ex\ncommand: ./h.sh\n".into(), bash("ls"), Some(true)),
            ("event: PreToolUse\ncommand: ./h.sh\n".into(), bash("ls"), Some(true)),
            ("on: before-tool\nmatch: shell\ncommand: ./h.sh\n".into(), bash("ls"), Some(true)),
            ("on: before-tool\nmatch: edit\ncommand: ./h.sh\n".into(), bash("ls"), Some(false)),
            ("event: PreToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n".into(), bash("ls"), None),
            ("event: PreCompact\nmatcher: manual\ncommand: ./h.sh\n".into(), pc("manual"), Some(true)),
            ("event: PreCompact\nmatcher: auto\ncommand: ./h.sh\n".into(), pc("manual"), Some(false)),
            ("event: PostCompact\nmatcher: manual|auto\ncommand: ./h.sh\n".into(), pc("auto"), Some(true)),
            ("event: PreCompact\nmatcher: startup\ncommand: ./h.sh\n".into(), pc("manual"), None),
            ("event: Stop\nmatcher: x\ncommand: ./h.sh\n".into(), Trigger::None, None),
            ("event: UserPromptSubmit\nmatcher: x\ncommand: ./h.sh\n".into(), prompt("p"), None),
        ];
        for (yaml, trigger, want) in rows {
            let p = plan(&AGENT, &yaml, &trigger);
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
            let p = plan(&AGENT, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{yaml}: {p:?}");
        }
        let run = run_plan(&AGENT, PRE, &bash("ls"));
        let inv = first_invocation(&run);
        assert!(
            inv.env
                .contains(&("DEVIN_PROJECT_DIR".into(), "/project".into()))
        );
        assert_eq!(inv.timeout.as_secs(), 30);
        let items: Vec<&str> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
        assert_eq!(items, ["shell", "cwd", "timeout"]);
        let run = run_plan(
            &AGENT,
            "event: Stop\ntimeout: 5\ncommand: ./h.sh\n",
            &Trigger::None,
        );
        assert!(!run.assumptions.iter().any(|a| a.item == "timeout"));
    }
}
