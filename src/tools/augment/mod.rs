//! Augment (the Auggie CLI).
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §6 (Auggie is closed
//! source: docs.augmentcode.com/cli/hooks (1.x prerelease) and /cli/v0/hooks (0.x),
//! /cli/hooks-examples; augmentcode/auggie #130; payloads observed by augment-agent-dashboard);
//! the `hook run` behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt: shell table,
//! "Augment replies", "Augment sample events").

pub mod native;
mod replies;

use std::path::Path;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, PlanContext};
use crate::agent::shared;
use crate::contract::reply::Reply;
use crate::contract::{Blocks, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run, Stop};
use crate::contract::{ToolCall, Tools, Var, event};
use crate::spec::{HookSpec, On};

/// Augment's contract.
pub static AGENT: Agent = Agent {
    id: "augment",
    name: "Augment",
    checked: "2026-11-30",
    sources: &[
        "docs: https://docs.augmentcode.com/cli/hooks and /cli/v0/hooks (via protocols-b.md §6)",
        "2nd: augment-agent-dashboard hook handlers (observed payloads)",
        "spec: hook run behaviour spec (seed 002)",
        "protocols-b.md §6 Config (docs.augmentcode.com/cli/hooks, closed source)",
    ],
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
    live: Live::Cannot(
        "Auggie needs an Augment account: no offline model endpoint (@augmentcode/auggie 0.36.0, tried offline 2026-12-01: `auggie --print` stops at \"No auth provided. Please log in with `auggie login` or set the AUGMENT_SESSION_AUTH environment variable\")",
    ),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Augment does, as data.
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: &[
            (On::SessionStart, "SessionStart"),
            (On::PromptSubmit, "$NONE:Augment has no prompt event"),
            (On::BeforeTool, "PreToolUse"),
            (On::AfterTool, "PostToolUse"),
            (On::AfterEdit, "PostToolUse"),
            (On::Stop, "Stop"),
            (On::SessionEnd, "SessionEnd"),
        ],
        shell: "launch-process",
        edit: "str-replace-editor|save-file",
        read: "view",
        web: "web-fetch|web-search",
        // docs: "mcp:*" style names for MCP tools.
        mcp: "mcp:.*{server}",
    },
    tools: Tools {
        shell: ToolCall::new("launch-process", r#"{"command":"$COMMAND"}"#, "null"),
        // The edit tools `--edit` may call, in the order tried (seed 002); Augment's file
        // tools take workspace-relative paths.
        edit: &[
            ToolCall::new(
                "str-replace-editor",
                r#"{"command":"str_replace","path":"$RELFILE","old_str_1":"","new_str_1":""}"#,
                "null",
            ),
            ToolCall::new(
                "save-file",
                r#"{"path":"$RELFILE","file_content":""}"#,
                "null",
            ),
        ],
        read: &["view"],
        read_input: "$NONE:Augment's docs give no read tool's input, so hookcheck builds none for --read: pass --payload",
        web: &["web-fetch", "web-search"],
        mcp: "mcp:{server}:{tool}",
    },
    // Case-sensitive, unanchored regex; empty (default `.*`) matches all. Auggie is a Node
    // program, so the regex is JavaScript's.
    matcher: Flavour::Worded(
        &Flavour::Custom(shared::js_regex),
        "a valid regular expression",
    ),
    input: Input::common(
        r#"{"hook_event_name":"$EVENT","conversation_id":"$SESSION","workspace_roots":["$ROOT"]}"#,
    ),
    // Replaced per hook by [`script`]: Augment runs a script path directly, no shell.
    run: Run::argv(&["sh", "-c"])
        .per_hook(|c| {
            crate::contract::Started::program(c.shell.clone().and(script(c.spec, c.text, c.root)))
        })
        .no_exec_form("Augment has no exec form (`args`): a hook is the path of a script")
        .env(&[
            ("AUGMENT_PROJECT_DIR", Var::Root),
            ("AUGMENT_CONVERSATION_ID", Var::Session),
            ("AUGMENT_HOOK_EVENT", Var::Event),
            ("AUGMENT_TOOL_NAME", Var::Tool),
        ]),
    reply: Reply::stdout(replies::RULES).context(&["hookSpecificOutput.additionalContext"]),
    quirks: Quirks::NONE.gate(gate),
};

/// docs.augmentcode.com/cli/v0/hooks, 60 s each. Auggie 1.x announces prompt-submit and
/// Notification events whose names and payloads are not documented, so they are left out. The
/// matcher is ignored for SessionStart, SessionEnd and Stop (docs); the payload carries the
/// documented tool_name/tool_input and the observed toolUse.
const EVENTS: &[Event] = &[
    event("PreToolUse", Kind::BeforeTool, 60).input(
        r#"{"tool_name":"$TOOL","tool_input":"$INPUT","toolUse":{"name":"$TOOL","input":"$INPUT"}}"#,
    ),
    event("PostToolUse", Kind::AfterTool, 60)
        .blocks(Blocks::After(
            "the tool already ran: the block sends the reason back to the model",
        ))
        .input(
            r#"{"tool_name":"$TOOL","tool_input":"$INPUT","tool_output":"","toolUse":{"name":"$TOOL","input":"$INPUT","output":""}}"#,
        ),
    event("Stop", Kind::Stop, 60)
        .blocks(Blocks::Continues("a Stop block keeps the agent working"))
        .input(r#"{"conversation":{"userPrompt":"","agentTextResponse":"Done.","agentCodeResponse":[]}}"#),
    event("SessionStart", Kind::SessionStart, 60)
        .blocks(Blocks::No)
        .stdout_context()
        .input("{}"),
    event("SessionEnd", Kind::SessionEnd, 60)
        .blocks(Blocks::No)
        .input("{}"),
];

/// The script kinds Augment runs (seed 002, shell table).
const SCRIPT_EXTENSIONS: &[&str] = &[".sh", ".ps1", ".cmd", ".bat"];

/// Augment's settings give a timeout in milliseconds: say what to write there.
fn gate(cx: &PlanContext, _event: &str, _payload: &Value) -> Result<Vec<String>, Stop> {
    Ok(cx
        .spec
        .timeout()
        .map(|t| {
            format!(
                "Augment's settings give this timeout in milliseconds: \"timeout\": {}",
                t.saturating_mul(1000)
            )
        })
        .into_iter()
        .collect())
}

/// The program Augment starts for `command`: a script path with a known extension, run
/// directly (seed 002); anything else is not run.
fn script(_: &HookSpec, command: &str, root: &Path) -> Result<(String, Vec<String>), String> {
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

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: launch-process\ncommand: ./hook.sh\n";

    /// Every reply rule, with its source. D = Augment docs (protocols-b.md §6),
    /// S = behaviour spec (seed 002, "Augment replies").
    #[test]
    fn reader_table() {
        use Decision::*;
        use testing::hso;
        let pre_deny = hso("PreToolUse", r#""permissionDecision":"deny""#);
        let stop_block = hso("Stop", r#""decision":"block","reason":"tests fail""#);
        let post_block = hso("PostToolUse", r#""decision":"block""#);
        #[rustfmt::skip]
        let rows: Vec<Row> = vec![
            ("D exit 0", "PreToolUse", exit(0, "", ""), Allow, Effect::Proceeds),
            ("D {} allows", "PreToolUse", exit(0, "{}", ""), Allow, Effect::Proceeds),
            ("D exit 2 blocks PreToolUse", "PreToolUse", exit(2, "", "no"), Block, Effect::Blocked),
            ("S exit 2 on Stop is an error", "Stop", exit(2, "", "no"), Error, Effect::Proceeds),
            ("S exit 2 on PostToolUse is an error", "PostToolUse", exit(2, "", "no"), Error, Effect::Proceeds),
            ("D exit 1 is non-blocking", "PreToolUse", exit(1, "", "x"), Error, Effect::Proceeds),
            ("S permissionDecision deny", "PreToolUse", exit(0, &pre_deny, ""), Block, Effect::Blocked),
            ("S decision block on PreToolUse", "PreToolUse", exit(0, r#"{"decision":"block"}"#, ""), Block, Effect::Blocked),
            ("D Stop decision block (in hookSpecificOutput)", "Stop", exit(0, &stop_block, ""), Block, Effect::Blocked),
            ("S top-level decision block on Stop is not read", "Stop", exit(0, r#"{"decision":"block"}"#, ""), Allow, Effect::Proceeds),
            ("S PostToolUse block: tool already ran", "PostToolUse", exit(0, &post_block, ""), Block, Effect::Proceeds),
            ("S continue false halts", "PreToolUse", exit(0, r#"{"continue":false}"#, ""), Block, Effect::Halted),
            ("S exit 2 ignores JSON allow", "PreToolUse", exit(2, r#"{"decision":"approve"}"#, "x"), Block, Effect::Blocked),
            ("S timeout", "PreToolUse", timed_out(), Timeout, Effect::Proceeds),
            ("S failed start", "PreToolUse", not_started(), Error, Effect::Proceeds),
        ];
        testing::check_rows(&AGENT, PRE, rows);
    }

    #[test]
    fn context() {
        let r = testing::read(&AGENT, PRE, "SessionStart", &exit(0, "branch main", ""));
        assert!(r.adds_context, "plain stdout on SessionStart is context");
        let r = testing::read(&AGENT, PRE, "PreToolUse", &exit(0, "hello", ""));
        assert!(!r.adds_context, "plain stdout on PreToolUse is not");
        let out =
            r#"{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"x"}}"#;
        let r = testing::read(&AGENT, PRE, "PostToolUse", &exit(0, out, ""));
        assert!(r.adds_context && r.decision == Decision::Allow, "{r:?}");
    }

    #[test]
    fn inputs() {
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "augment", [
            ("bash", PRE, bash("rm -rf build")),
            ("edit_str_replace", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("src/a.rs", true)),
            ("edit_save_file", "event: PreToolUse\nmatcher: save-file\ncommand: ./h.sh\n", edit("a.txt", false)),
            ("post_bash", "event: PostToolUse\ncommand: ./h.sh\n", bash("ls")),
            ("stop", "on: stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None),
        ]);
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_not_run(&AGENT, [
            ("on: prompt-submit\ncommand: ./h.sh\n", prompt("hi"), "no prompt event"),
            ("event: UserPromptSubmit\ncommand: ./h.sh\n", prompt("hi"), "Augment has no UserPromptSubmit"),
            ("event: PreToolUse\ncommand: h.sh\nargs: [a]\n", bash("ls"), "exec form"),
            ("event: PreToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n", bash("ls"), "not a valid regular expression"),
        ]);
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
            let p = plan(&AGENT, &yaml, &bash("ls"));
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
        testing::check_matchers(
            &AGENT,
            "PreToolUse",
            &rows,
            |tool| serde_json::json!({"tool_name": tool}),
        );
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ncommand: ./h.sh\ntimeout: 5\nenv: {K: v}\n",
            &bash("ls"),
        );
        let inv = first_invocation(&run);
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
