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
mod replies;

use serde_json::{Map, Value};

use super::{Agent, Files, Hooks, Live, PlanContext};
use crate::agent::shared;
use crate::contract::reply::{Reply, Stream};
use crate::contract::{
    Blocks, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run, Stop, Zero,
};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::matcher::{self, MatchError};
use crate::spec::On;

/// Spettro's contract.
pub static AGENT: Agent = Agent {
    id: "spettro",
    name: "Spettro",
    checked: "2026-11-30",
    sources: &[
        "source: Aploide/spettro internal/hooks/hooks.go @3ad1747a and the agent's hook runtime (read 2026-11-30)",
        "docs: Spettro Runtime Hooks (docs/reference/seeds/004_1a255fcc2dcff37c.txt)",
        "seed 004 (Spettro Runtime Hooks: Hook file format, File locations)",
        "Aploide/spettro internal/hooks/hooks.go @3ad1747a (LoadEffective, loadConfigFile, mergeKey)",
    ],
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
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Spettro does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: &[
            (On::SessionStart, "SessionStart"),
            (On::BeforeTool, "PreToolUse"),
            (On::AfterTool, "PostToolUse"),
            (On::AfterEdit, "PostToolUse"),
        ],
        shell: "bash",
        edit: "re:^file-(write|edit)$",
        read: "$NONE:Spettro's docs name no tool id for `match: read`; use a native matcher",
        web: "$NONE:Spettro's docs name no tool id for `match: web`; use a native matcher",
        mcp: "$NONE:Spettro's docs name no tool id for `match: mcp`; use a native matcher",
    },
    tools: Tools {
        shell: ToolCall::new("bash", r#"{"command":"$COMMAND"}"#, "null"),
        // The edit tools `--edit` may call, in the order tried.
        edit: &[
            ToolCall::new("file-write", r#"{"path":"$FILE","content":""}"#, "null"),
            ToolCall::new(
                "file-edit",
                r#"{"path":"$FILE","old_string":"","new_string":""}"#,
                "null",
            ),
        ],
        read: &[],
        read_input: "$NONE:Spettro names no read tool",
        web: &[],
        mcp: "$NONE:Spettro's docs name no MCP tool ids",
        mcp_input: "",
    },
    matcher: Flavour::Custom(fires_on),
    // `RunInput`, empty fields omitted.
    input: Input::common(r#"{"event":"$EVENT"}"#).tool_path("tool_id"),
    // `bash -lc` with any `args` joined onto the line, the hook shown as the command alone
    // (hooks.go `Run`); never async.
    run: Run::argv(&["bash", "-lc"])
        // A `timeout_sec` of 0 or less means the default, 15 s (hooks.go `Run`).
        .zero_timeout(Zero::Default)
        .joins_args()
        .ignores_async()
        .env(&[
            ("SPETTRO_HOOK_EVENT", Var::Event),
            ("SPETTRO_HOOK_TOOL_ID", Var::Field("tool_id")),
            ("SPETTRO_HOOK_COMMAND", Var::Field("command")),
        ]),
    reply: Reply::stdout(replies::RULES)
        // hooks.go `Run`: the decision is on the last non-empty stdout line, a JSON object.
        .reads(Stream::LastLine)
        // Only a bash call's args may be rewritten, before it runs.
        .rewrites(&["updated_args"]),
    quirks: Quirks::NONE.gate(gate).input(omit_empty),
};

/// `supportedEvents` in hooks.go, 15 s each (`timeout_sec`).
const EVENTS: &[Event] = &[
    // runPreToolHooks: {event, tool_id, tool_args}; no command.
    event("PreToolUse", Kind::BeforeTool, 15).input(r#"{"tool_id":"$TOOL","tool_args":"$INPUT"}"#),
    // runPostToolHooks: {event, tool_id, tool_args, tool_output}; the reply is discarded.
    event("PostToolUse", Kind::AfterTool, 15)
        .blocks(Blocks::No)
        .json_fields_ignored()
        .input(r#"{"tool_id":"$TOOL","tool_args":"$INPUT","tool_output":"hookcheck: placeholder output"}"#),
    // runPermissionRequestHooks: {event, tool_id, command}; no tool_args.
    event("PermissionRequest", Kind::Tool, 15)
        .json_fields_ignored()
        .input(r#"{"tool_id":"$TOOL","command":"$COMMAND"}"#),
    event("SessionStart", Kind::SessionStart, 15)
        .blocks(Blocks::No)
        .json_fields_ignored()
        .input("{}"),
];

/// Retired names that were the very same tool: a rule for them fires on every call of the
/// canonical tool (`toolHookRules`, `legacyTools[name].sameTool`; docs "Matcher syntax").
fn same_tool_names(tool: &str) -> &'static [&'static str] {
    match tool {
        "bash" => &["shell-exec", "bash-output"],
        _ => &[],
    }
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
fn fires_on(_event: &str, pattern: &str, tool: &str) -> Result<bool, MatchError> {
    Ok(matcher_matches(pattern, tool)
        || same_tool_names(tool)
            .iter()
            .any(|n| matcher_matches(pattern, n)))
}

/// A `re:` matcher that does not compile is said; before a tool Spettro's code sends no
/// `command` (its docs show it filled).
fn gate(cx: &PlanContext, event: &str, payload: &Value) -> Result<Vec<String>, Stop> {
    let mut notes = Vec::new();
    let matcher = shared::spec_matcher(&CONTRACT, cx);
    let id = payload.get("tool_id").and_then(Value::as_str).unwrap_or("");
    if let Some(re) = matcher.trim().strip_prefix("re:")
        && !id.is_empty()
        && let Err(e) = matcher::go_regex_matches(re, id)
    {
        notes.push(format!("matcher \"{matcher}\" does not compile ({e})"));
    }
    if event == "PreToolUse" {
        notes.push(
            "Spettro's code sends no `command` before a tool and leaves SPETTRO_HOOK_COMMAND empty; \
             read tool_args.command (its docs say otherwise)"
                .to_string(),
        );
    }
    Ok(notes)
}

/// `RunInput` omits empty fields: an edit's PermissionRequest carries no command.
fn omit_empty(_cx: &PlanContext, _event: &str, obj: &mut Map<String, Value>) {
    if obj.get("command").and_then(Value::as_str) == Some("") {
        obj.remove("command");
    }
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: bash\ncommand: ./hook.sh\n";

    /// Every reply rule. C = code (hooks.go `Run`, the agent's hook runtime), D = docs (seed 004).
    #[test]
    fn reader_table() {
        use Decision::*;
        #[rustfmt::skip]
        let rows: Vec<Row> = vec![
            ("D exit 0, no output", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds),
            ("D deny on the last line", "PreToolUse", exit(0, r#"{"decision":"deny","reason":"r"}"#, ""), Block, Effect::Blocked),
            ("C block denies too", "PreToolUse", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("C decision is lowercased", "PreToolUse", exit(0, r#"{"decision":" DENY "}"#, ""), Block, Effect::Blocked),
            ("D allow", "PreToolUse", exit(0, r#"{"decision":"allow"}"#, ""), Allow, Effect::Proceeds),
            ("D noise before the decision line", "PreToolUse", exit(0, "checking\n{\"decision\":\"deny\"}\n\n", ""), Block, Effect::Blocked),
            ("D decision not on the last line", "PreToolUse", exit(0, "{\"decision\":\"deny\"}\ndone\n", ""), Allow, Effect::Proceeds),
            ("D anything else allows", "PreToolUse", exit(0, r#"{"decision":"maybe"}"#, ""), Allow, Effect::Proceeds),
            ("C wrong type is no decision", "PreToolUse", exit(0, r#"{"decision":"deny","reason":5}"#, ""), Allow, Effect::Proceeds),
            ("C exit 1 fails the call", "PreToolUse", exit(1, "", "oops"), Block, Effect::Blocked),
            ("C exit 1 wins over allow", "PreToolUse", exit(1, r#"{"decision":"allow"}"#, ""), Block, Effect::Blocked),
            ("C timeout fails the call", "PreToolUse", timed_out(), Timeout, Effect::Blocked),
            ("C failed start fails the call", "PreToolUse", not_started(), Error, Effect::Blocked),
            ("C signal fails the call", "PreToolUse", signalled(9), Error, Effect::Blocked),
            ("C PermissionRequest deny", "PermissionRequest", exit(0, r#"{"decision":"deny"}"#, ""), Block, Effect::Blocked),
            ("C PermissionRequest allow", "PermissionRequest", exit(0, r#"{"decision":"allow"}"#, ""), Allow, Effect::Proceeds),
            ("C PostToolUse decision ignored", "PostToolUse", exit(0, r#"{"decision":"deny"}"#, ""), Allow, Effect::Proceeds),
            ("C PostToolUse failure ignored", "PostToolUse", exit(1, "", ""), Error, Effect::Proceeds),
            ("D SessionStart has no decision", "SessionStart", exit(0, r#"{"decision":"deny"}"#, ""), Allow, Effect::Proceeds),
            ("C SessionStart failure", "SessionStart", exit(3, "", ""), Error, Effect::Proceeds),
        ];
        testing::check_rows(&AGENT, PRE, rows);
        let r = testing::read(
            &AGENT,
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
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "spettro", [
            ("bash", PRE, bash("rm -rf /tmp/x")),
            ("post_bash", "event: PostToolUse\nmatcher: bash\ncommand: ./h.sh\n", bash("ls")),
            ("permission_bash", "event: PermissionRequest\nmatcher: bash\ncommand: ./h.sh\n", bash("rm -rf /tmp/x")),
            ("edit", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("main.go", true)),
            ("edit_only_edit", "event: PreToolUse\nmatcher: file-edit\ncommand: ./h.sh\n", edit("main.go", true)),
            ("session_start", "on: session-start\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
        ]);
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
        testing::check_matchers(
            &AGENT,
            "PreToolUse",
            &rows,
            |tool| serde_json::json!({"event": "PreToolUse", "tool_id": tool}),
        );
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_not_run(&AGENT, [
            ("on: prompt-submit\ncommand: ./h.sh\n", prompt("hi"), "Spettro has no prompt-submit event"),
            ("on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "Spettro has no stop event"),
            ("event: Stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "Spettro has no Stop event"),
            (PRE, prompt("hi"), "not fired by --prompt"),
            ("on: before-tool\nmatch: read\ncommand: ./h.sh\n", edit("a", true), "no tool id"),
        ]);
    }

    #[test]
    fn shell_env_timeout() {
        let run = run_plan(
            &AGENT,
            "event: PermissionRequest\ncommand: ./h.sh\n",
            &bash("git push"),
        );
        let inv = first_invocation(&run);
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
        let run = run_plan(&AGENT, PRE, &bash("git push"));
        let inv = first_invocation(&run);
        assert!(
            inv.env
                .contains(&("SPETTRO_HOOK_COMMAND".into(), String::new()))
        );
    }
}
