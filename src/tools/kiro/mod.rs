//! Kiro CLI 3 (standalone hook files, `.kiro/hooks/<name>.json`).
//!
//! Sources (read 2026-11-30): docs/reference/seeds/002_868b68abc3040bdc.txt (agnostic-ai
//! `hook run`: Kiro replies, Kiro matchers, sample events, assumed results); kiro.dev/docs/cli/v3/
//! hooks (trigger table, `timeout` in seconds, action types) and kiro.dev/docs/hooks/types
//! (categories read/write/shell/web, `@` prefixes, USER_PROMPT); aws/amazon-q-developer-cli
//! @15cc8f3c `crates/chat-cli/src/cli/agent/hook.rs` (the CLI 2 engine: payload shape, exit 2 on
//! preToolUse), as collected in docs/reference/protocols/protocols-a.md §7.

pub mod native;
mod replies;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, PlanContext};
use crate::contract::reply::Reply;
use crate::contract::{Blocks, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run};
use crate::contract::{ToolCall, Tools, Var, Zero, event};
use crate::matcher::{self, MatchError};
use crate::trigger::Trigger;

/// Kiro's contract.
pub static AGENT: Agent = Agent {
    id: "kiro",
    name: "Kiro",
    checked: "2026-11-30",
    sources: &[
        "spec: agnostic-ai hook run (docs/reference/seeds/002_868b68abc3040bdc.txt): Kiro replies, Kiro matchers, assumed results",
        "docs: https://kiro.dev/docs/cli/v3/hooks, https://kiro.dev/docs/hooks/types",
        "source: aws/amazon-q-developer-cli @15cc8f3c crates/chat-cli/src/cli/agent/hook.rs (CLI 2 engine)",
        "protocols-a.md §7a (kiro.dev/docs/cli/v3/hooks); seed 002 (confirm)",
        "IDE .kiro.hook: kiro.dev/docs/hooks/types, kiro.dev/docs/hooks/actions (read 2026-12-01)",
    ],
    session_vars: &["USER_PROMPT"],
    notes: &[
        "Kiro CLI 3 reads hooks from .kiro/hooks/*.json; embedded agent-config hooks keep CLI 2 rules (timeout_ms, camelCase triggers)",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("an IDE and a CLI that sign in to AWS: no offline model endpoint"),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Kiro CLI 3 does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        // Claude Code's names; Kiro has no session end (the last of them).
        events: super::claude::PORTABLE_EVENTS.split_at(6).0,
        // Tool categories (kiro.dev/docs/hooks/types).
        shell: "shell",
        edit: "write",
        read: "read",
        web: "web",
        mcp: "@{server}",
    },
    tools: Tools {
        // Kiro's tool input is undocumented: [`plan`] refuses --bash and --edit, so no tool
        // input is ever built from these.
        shell: ToolCall::new("execute_bash", r#"{"command":"$COMMAND"}"#, "{}"),
        edit: &[],
        read: &["fs_read", "glob", "grep"],
        read_input: "$NONE:Kiro's docs give no read tool's input, so hookcheck builds none for --read: pass --payload",
        web: &["web_fetch", "web_search"],
        mcp: "@{server}/{tool}",
        mcp_input: "",
    },
    matcher: Flavour::Custom(|_, selector, tool| selects(selector, tool)),
    // The docs show camelCase event names in the event JSON (kiro.dev/docs/cli/hooks); CLI 3
    // documents no payload of its own.
    input: Input::common(r#"{"cwd":"$ROOT"}"#),
    run: Run::script_path(&[])
        .no_exec_form("Kiro has no exec form (`args`): a hook action is one command")
        // kiro.dev/docs/hooks/types: the prompt is in USER_PROMPT.
        .env(&[("USER_PROMPT", Var::Prompt)])
        .zero_timeout(Zero::NoLimit),
    reply: Reply::stdout(replies::RULES),
    quirks: Quirks::NONE.refuse(refuse).gate(gate),
};

/// The CLI 3 trigger table (kiro.dev/docs/cli/v3/hooks), `timeout` 60 s. CLI 3 ignores the
/// matcher on UserPromptSubmit and Stop (seed, "Kiro sample events").
const EVENTS: &[Event] = &[
    event("SessionStart", Kind::SessionStart, 60).blocks(Blocks::No),
    event("UserPromptSubmit", Kind::Prompt, 60)
        .blocks(Blocks::No)
        .input(r#"{"hook_event_name":"userPromptSubmit","prompt":"$PROMPT"}"#),
    event("PreToolUse", Kind::BeforeTool, 60),
    event("PostToolUse", Kind::AfterTool, 60).blocks(Blocks::No),
    event("Stop", Kind::Stop, 60).input(r#"{"hook_event_name":"stop"}"#),
    event("PreTaskExec", Kind::Other, 60).blocks(Blocks::No),
    event("PostTaskExec", Kind::Other, 60).blocks(Blocks::No),
    event("PostFileCreate", Kind::Other, 60).blocks(Blocks::No),
    event("PostFileSave", Kind::Other, 60).blocks(Blocks::No),
    event("PostFileDelete", Kind::Other, 60).blocks(Blocks::No),
    event("Manual", Kind::Other, 60).blocks(Blocks::No),
];

/// The triggers whose event data the docs show; every other one is not run (seed, "Not run (Kiro)").
const RUNNABLE: &[&str] = &["UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"];

/// What Kiro's documented tool categories hold (kiro.dev/docs/hooks/types), with the CLI 2
/// ids the CLI 3 tools still answer to.
const CATEGORIES: &[(&str, &[&str])] = &[
    ("read", &["read", "fs_read", "glob", "grep"]),
    ("write", &["write", "fs_write"]),
    ("shell", &["shell", "execute_bash", "execute_pwsh"]),
    ("web", &["web_fetch", "web_search"]),
];

/// Selectors whose tool membership is undocumented (seed, "Kiro matchers").
const UNDOCUMENTED: &[&str] = &["@powers", "spec", "subagent", "context"];

/// Characters that make a matcher a regular expression rather than a name or wildcard.
const REGEX_SYNTAX: &[char] = &['^', '$', '(', ')', '[', ']', '{', '}', '|', '+', '\\', '.'];

/// An MCP tool id: `@server/tool` (CLI 2 naming) or `mcp_server_tool`.
fn is_mcp(tool: &str) -> bool {
    tool.starts_with('@') || tool.starts_with("mcp_")
}

/// Whether `selector` picks `tool`, by Kiro's rules (seed, "Kiro matchers"): categories, `@`
/// prefixes, wildcards and regexes, which no matcher flavour says; `Err` when Kiro's own answer
/// is undocumented, so hookcheck does not run the hook.
fn selects(selector: &str, tool: &str) -> Result<bool, MatchError> {
    let s = selector.trim();
    if s.is_empty() || s == "*" {
        return Ok(true);
    }
    if UNDOCUMENTED.contains(&s) {
        return Err(MatchError::syntax(
            "it selects tools Kiro does not list; use an anchored regular expression against the tool ID",
        ));
    }
    if s.contains(REGEX_SYNTAX) {
        // Kiro CLI descends from the Rust amazon-q-developer-cli; the flavour is not documented.
        return matcher::rust_regex_matches(s, tool)
            .map_err(|e| MatchError::syntax(format!("not a valid regular expression: {e}")));
    }
    match s {
        "@mcp" => return Ok(is_mcp(tool)),
        "@builtin" => return Ok(!is_mcp(tool)),
        _ => {}
    }
    if let Some(named) = s.strip_prefix('@') {
        return mcp_selects(named, tool);
    }
    if let Some((_, members)) = CATEGORIES.iter().find(|(c, _)| *c == s)
        && members.contains(&tool)
    {
        return Ok(true);
    }
    // execute_bash and execute_pwsh selectors match each other (seed).
    let shell_alias = matches!(s, "execute_bash" | "execute_pwsh")
        && matches!(tool, "execute_bash" | "execute_pwsh");
    let regex_hit = matcher::rust_regex_matches(s, tool).unwrap_or(false);
    Ok(s == tool || shell_alias || matcher::wildcard_matches(s, tool) || regex_hit)
}

/// `@server` or `@server/tool` against an MCP tool id.
fn mcp_selects(named: &str, tool: &str) -> Result<bool, MatchError> {
    let (server, name) = match named.split_once('/') {
        Some((s, t)) => (s, Some(t)),
        None => (named, None),
    };
    if let Some(rest) = tool.strip_prefix('@') {
        let (ts, tt) = rest.split_once('/').unwrap_or((rest, ""));
        return Ok(matcher::wildcard_matches(server, ts)
            && name.is_none_or(|n| matcher::wildcard_matches(n, tt)));
    }
    if let Some(rest) = tool.strip_prefix("mcp_") {
        if server.contains('_') {
            // mcp_<server>_<tool>: underscores hide where the server ends (seed).
            return Err(MatchError::syntax(format!(
                "underscores make the server/tool boundary of `{tool}` ambiguous; use an anchored regular expression against the tool ID"
            )));
        }
        let want = match name {
            Some(n) => format!("{server}_{n}"),
            None => format!("{server}_*"),
        };
        return Ok(matcher::wildcard_matches(&want, rest));
    }
    Ok(false)
}

/// A hook of an agent config (`x-kiro.agent`) runs only while that agent is the active one,
/// and under CLI 2's engine (`kiro-cli --v2` in 3.x; kiro #10003 says V3 drops them): said as
/// the assumption it is.
fn gate(
    cx: &PlanContext,
    _event: &str,
    _payload: &Value,
) -> Result<Vec<String>, crate::contract::Stop> {
    let agent = cx
        .spec
        .extension("kiro")
        .and_then(|x| x.get("agent"))
        .and_then(Value::as_str);
    Ok(agent
        .map(|name| {
            format!(
                "this hook is in agent config `{name}`: Kiro CLI runs it only while `{name}` is the active agent (`kiro-cli --agent {name}`, or `chat.defaultAgent`), and CLI 3's V3 engine may not run it at all"
            )
        })
        .into_iter()
        .collect())
}

/// The `x-kiro` block: `confirm: true` asks the user first, `action: agent` runs no command.
fn x_kiro_refusal(x: Option<&Value>) -> Option<String> {
    let x = x?;
    if x.get("confirm").and_then(Value::as_bool) == Some(true) {
        return Some(
            "x-kiro.confirm: Kiro asks the user before running this hook, and hookcheck cannot answer for them"
                .into(),
        );
    }
    let action = x.get("action");
    let kind = action
        .and_then(Value::as_str)
        .or_else(|| action.and_then(|a| a.get("type")).and_then(Value::as_str));
    if kind == Some("agent") {
        return Some(
            "x-kiro.action is agent: an agent action sends a prompt and runs no command".into(),
        );
    }
    None
}

/// What Kiro decides before any input exists: an event whose data the docs do not show is
/// never run, nor a hook Kiro asks the user about (`x-kiro.confirm`) or that runs no command
/// (an agent action); a tool event takes only a --payload that names its tool. No table says
/// these: they look at the spec's `x-kiro` block and refuse even a --payload.
fn refuse(cx: &PlanContext, event: &str) -> Option<String> {
    let ev = CONTRACT.event(event)?;
    if !RUNNABLE.contains(&event) {
        return Some(format!(
            "Kiro's docs do not show the event data of {event}, so hookcheck does not run it"
        ));
    }
    if let Some(reason) = x_kiro_refusal(cx.spec.extension("kiro")) {
        return Some(reason);
    }
    if !ev.kind.is_tool() {
        return None;
    }
    match cx.trigger {
        Trigger::Payload { value, .. } if value.get("tool_name").is_none_or(|t| !t.is_string()) => {
            Some(format!(
                "the --payload for {event} has no tool_name, so Kiro's matcher has nothing to match"
            ))
        }
        Trigger::Payload { .. } => None,
        Trigger::None => Some(format!("{event} needs a tool call: pass --payload")),
        // A prompt is no tool call: the event does not fire on it.
        t @ Trigger::Prompt(_) => Some(crate::agent::shared::wrong_trigger(
            event,
            t,
            "a tool call: pass --payload with tool_name and tool_input",
        )),
        t => Some(format!(
            "Kiro's tool input for --{} is not documented: pass --payload with tool_name and tool_input",
            t.kind()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::{AGENT, selects};
    use crate::agent::testing::{self, *};
    use crate::trigger::Trigger;
    use serde_json::json;

    const PRE: &str = "event: PreToolUse\nmatcher: shell\ncommand: ./hook.sh\n";

    /// Every reply rule. S = the seed's "Kiro replies" and "Assumed results", D = kiro.dev docs
    /// / amazon-q-developer-cli hook.rs.
    #[test]
    fn reader_table() {
        use Decision::*;
        #[rustfmt::skip]
        let rows: Vec<CountedRow> = vec![
            // (name, event, outcome, decision, effect, counted, adds context)
            ("D exit 0", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds, true, false),
            ("S exit 2 blocks PreToolUse", "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked, true, false),
            ("S exit 1 on PreToolUse not counted", "PreToolUse", exit(1, "", "x"), Error, Effect::Proceeds, false, false),
            ("S exit 127 on PreToolUse not counted", "PreToolUse", exit(127, "", "not found"), Error, Effect::Proceeds, false, false),
            ("D JSON is not read on PreToolUse", "PreToolUse", exit(0, r#"{"decision":"block"}"#, ""), Allow, Effect::Proceeds, true, false),
            ("S prompt exit 0 stdout is context", "UserPromptSubmit", exit(0, "ctx", ""), Allow, Effect::Proceeds, true, true),
            ("S prompt exit 2 allows, adds context", "UserPromptSubmit", exit(2, "", "no"), Allow, Effect::Proceeds, true, true),
            ("S prompt exit 1 allows", "UserPromptSubmit", exit(1, "", ""), Allow, Effect::Proceeds, true, true),
            ("S stop exit 1 keeps running", "Stop", exit(1, "", "tests fail"), Block, Effect::Blocked, true, true),
            ("S stop decision block", "Stop", exit(0, r#"{"decision":"block","reason":"go on"}"#, ""), Block, Effect::Blocked, true, true),
            ("S stop exit 0 allows", "Stop", exit(0, "", ""), Allow, Effect::Proceeds, true, false),
            ("S stop exit 2 is error", "Stop", exit(2, "", "x"), Error, Effect::Proceeds, true, false),
            ("S PostToolUse exit 2 is error", "PostToolUse", exit(2, "", "x"), Error, Effect::Proceeds, true, false),
            ("S PostToolUse exit 0", "PostToolUse", exit(0, "", ""), Allow, Effect::Proceeds, true, false),
            ("D timeout fails open", "PreToolUse", timed_out(), Timeout, Effect::Proceeds, true, false),
            ("D spawn error", "PreToolUse", not_started(), Error, Effect::Proceeds, true, false),
            ("D signal", "PreToolUse", signalled(9), Error, Effect::Proceeds, true, false),
        ];
        testing::check_counted_rows(&AGENT, PRE, rows);
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "kiro", [
            ("prompt", "on: prompt-submit\ncommand: ./h.sh\n", prompt("fix the test")),
            ("stop", "on: stop\ncommand: ./h.sh\n", Trigger::None),
        ]);
        let p = payload(
            json!({"hook_event_name": "preToolUse", "tool_name": "execute_bash", "tool_input": {"command": "ls"}}),
        );
        assert_eq!(
            planned_input(&plan(&AGENT, PRE, &p))["tool_input"]["command"],
            "ls",
            "a payload goes through unchanged"
        );
    }

    #[test]
    fn user_prompt_env() {
        let run = run_plan(
            &AGENT,
            "on: prompt-submit\ncommand: ./h.sh\n",
            &prompt("hi there"),
        );
        let inv = first_invocation(&run);
        assert!(inv.env.contains(&("USER_PROMPT".into(), "hi there".into())));
        assert_eq!((inv.program.as_str(), inv.args[0].as_str()), ("sh", "-c"));
        assert_eq!(run.assumptions[0].item, "shell");
    }

    #[test]
    fn matchers() {
        let rows: &[(&str, &str, Result<bool, ()>)] = &[
            ("", "execute_bash", Ok(true)),
            ("*", "fs_write", Ok(true)),
            ("shell", "execute_bash", Ok(true)),
            ("shell", "shell", Ok(true)),
            ("write", "fs_write", Ok(true)),
            ("write", "execute_bash", Ok(false)),
            ("read", "glob", Ok(true)),
            ("web", "web_fetch", Ok(true)),
            ("fs_*", "fs_write", Ok(true)),
            ("fs_?rite", "fs_write", Ok(true)),
            ("execute_bash", "execute_pwsh", Ok(true)),
            ("execute_pwsh", "execute_bash", Ok(true)),
            ("fs_write", "write", Ok(false)),
            ("bash", "execute_bash", Ok(true)),
            ("^shell$", "execute_bash", Ok(false)),
            ("^execute_(bash|pwsh)$", "execute_pwsh", Ok(true)),
            ("@mcp", "@git/status", Ok(true)),
            ("@mcp", "execute_bash", Ok(false)),
            ("@builtin", "execute_bash", Ok(true)),
            ("@builtin", "@git/status", Ok(false)),
            ("@git", "@git/status", Ok(true)),
            ("@git/status", "@git/status", Ok(true)),
            ("@git/log", "@git/status", Ok(false)),
            ("@git", "mcp_git_status", Ok(true)),
            ("@my_git", "mcp_my_git_status", Err(())),
            ("@powers", "execute_bash", Err(())),
            ("spec", "execute_bash", Err(())),
            ("subagent", "execute_bash", Err(())),
            ("context", "execute_bash", Err(())),
            ("(", "execute_bash", Err(())),
        ];
        for (m, tool, want) in rows {
            let got = selects(m, tool).map_err(|_| ());
            assert_eq!(&got, want, "{m} vs {tool}");
        }
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        let rows = [
            ("--bash refused", PRE, bash("ls")),
            ("--edit refused", "event: PostToolUse\ncommand: ./h.sh\n", edit("a.rs", true)),
            ("tool event needs a payload", PRE, Trigger::None),
            ("no SessionEnd", "on: session-end\ncommand: ./h.sh\n", Trigger::None),
            ("SessionStart data undocumented", "event: SessionStart\ncommand: ./h.sh\n", Trigger::None),
            ("PostFileSave undocumented", "event: PostFileSave\ncommand: ./h.sh\n", Trigger::None),
            ("unknown event", "event: Notification\ncommand: ./h.sh\n", Trigger::None),
            ("confirm", "event: Stop\ncommand: ./h.sh\nx-kiro:\n  confirm: true\n", Trigger::None),
            ("agent action", "event: Stop\ncommand: ./h.sh\nx-kiro:\n  action: agent\n", Trigger::None),
            ("agent action object", "event: Stop\ncommand: ./h.sh\nx-kiro:\n  action:\n    type: agent\n", Trigger::None),
            ("--prompt on Stop", "event: Stop\ncommand: ./h.sh\n", prompt("x")),
        ];
        for (name, yaml, trigger) in rows {
            let p = plan(&AGENT, yaml, &trigger);
            assert!(matches!(p, Plan::NotRun { .. }), "{name}: {p:?}");
        }
        let p = plan(
            &AGENT,
            "event: PreToolUse\nmatcher: write\ncommand: ./h.sh\n",
            &payload(json!({"tool_name": "execute_bash", "tool_input": {}})),
        );
        assert!(matches!(p, Plan::Skipped { .. }), "{p:?}");
        // Stop and prompt matchers are ignored.
        let p = plan(
            &AGENT,
            "event: Stop\nmatcher: nothing\ncommand: ./h.sh\n",
            &Trigger::None,
        );
        assert!(matches!(p, Plan::Run(_)), "{p:?}");
    }

    #[test]
    fn timeouts() {
        let pay = payload(json!({"tool_name": "execute_bash", "tool_input": {}}));
        for (yaml_timeout, secs, assumed_timeout) in [
            ("", 60, false),
            ("timeout: 5\n", 5, false),
            ("timeout: 0\ntargets: [kiro]\n", 60, true),
        ] {
            let yaml = format!("{PRE}{yaml_timeout}");
            let run = run_plan(&AGENT, &yaml, &pay);
            let inv = first_invocation(&run);
            assert_eq!(inv.timeout.as_secs(), secs, "{yaml}");
            assert_eq!(
                run.assumptions.iter().any(|a| a.item == "timeout"),
                assumed_timeout,
                "{yaml}"
            );
        }
        let run = run_plan(
            &AGENT,
            "event: Stop\ncommand: ./a.sh | tee x\n",
            &Trigger::None,
        );
        // Shell syntax runs on the assumed sh -c, and says so.
        assert!(run.commands[0].invocation.is_ok(), "{run:?}");
        assert!(
            run.assumptions.iter().any(|a| a.item == "inline command"),
            "{run:?}"
        );
    }

    /// A hook read from an agent config carries its agent (`x-kiro.agent`): the plan says it
    /// runs only while that agent is the active one; a prompt fires no tool event.
    #[test]
    fn an_agent_configs_hook_says_which_agent_it_needs() {
        let p = plan(
            &AGENT,
            "event: Stop\ncommand: ./h.sh\nx-kiro:\n  agent: reviewer\n",
            &Trigger::None,
        );
        let Plan::Run(run) = &p else { panic!("{p:?}") };
        assert_eq!(
            run.notes,
            [
                "this hook is in agent config `reviewer`: Kiro CLI runs it only while `reviewer` is the active agent (`kiro-cli --agent reviewer`, or `chat.defaultAgent`), and CLI 3's V3 engine may not run it at all"
            ]
        );
        let p = plan(&AGENT, PRE, &prompt("hi"));
        let Plan::NotRun { reason, .. } = &p else {
            panic!("{p:?}")
        };
        assert!(crate::plan::build::is_wrong_trigger(reason), "{reason}");
    }
}
