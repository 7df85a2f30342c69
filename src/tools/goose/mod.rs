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

use super::{Agent, Files, Hooks, Live, Plan, PlanContext};
use crate::contract::reply::Reply;
use crate::contract::{Blocks, Command, Contract, Event, Flavour, Input, Kind, Portable};
use crate::contract::{Quirks, Run, Started, Stop};
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
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Goose does, as data.
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
        mcp_input: "",
    },
    // Empty: every call; else an unanchored Rust regex on matcher_context (null reads as "");
    // one that does not compile drops the rule with a warning (load_hooks_file), so the hook
    // never fires.
    matcher: Flavour::SkipsInvalid(
        &Flavour::Custom(|_, pattern, context| {
            if pattern.is_empty() {
                return Ok(true);
            }
            matcher::rust_regex_matches(pattern, context)
        }),
        "matcher \"{matcher}\" is not a valid regular expression ({error}): Goose skips the rule, so it never fires",
    ),
    input: Input::common(r#"{"event":"$EVENT","session_id":"$SESSION"}"#),
    // `hook_command`: sh -c on every platform, `args` joined onto the line, ${PLUGIN_ROOT}
    // replaced first ([`start`]); Goose waits for every hook.
    run: Run::argv(&["sh", "-c"])
        .env(&[("PLUGIN_ROOT", Var::Root)])
        .joins_args()
        .per_hook(start)
        .ignores_async(),
    reply: Reply::stdout(replies::RULES),
    quirks: Quirks::NONE
        .resolve(resolve)
        .refuse(on_failure_refused)
        .gate(on_failure_note)
        .input(edited_file),
};

/// A tool event's fields after the common ones (`HookContext`): its `matcher_context` is the
/// tool name, then the call.
macro_rules! tool_call {
    ($extra:literal) => {
        concat!(
            r#"{"matcher_context":"$TOOL","tool_call_id":"call_hookcheck_0001","tool_name":"$TOOL","tool_input":"$INPUT","#,
            $extra,
            r#""working_dir":"$ROOT"}"#
        )
    };
}

/// A shell event's fields: its `matcher_context` is the command (agent.rs
/// `emit_pre_tool_extended_hooks`), fired on the `shell` tool.
const SHELL: &str = r#"{"matcher_context":"$COMMAND","tool_name":"shell","tool_input":{"command":"$COMMAND"},"working_dir":"$ROOT"}"#;

/// An event about no tool: its `matcher_context` is null, which the matcher reads as "".
const NO_CONTEXT: &str = r#"{"matcher_context":null,"working_dir":"$ROOT"}"#;

/// `HookEvent` in hooks/mod.rs @0825b570, 30 s each; only PreToolUse and Stop read a
/// decision (`emit_blocking`). The matcher sees `matcher_context`, which each event fills from
/// something else: the tool name, the command, the path, the prompt, or nothing.
const EVENTS: &[Event] = &[
    event("PreToolUse", Kind::BeforeTool, 30)
        .matches_context("matcher_context")
        .label("tool_name")
        .input(tool_call!("")),
    event("PreToolUseResult", Kind::Tool, 30)
        .blocks(Blocks::No)
        .matches_context("matcher_context")
        .label("tool_name")
        .input(tool_call!(r#""decision":"allow","policy_evaluated":true,"#)),
    event("PostToolUse", Kind::AfterTool, 30)
        .blocks(Blocks::No)
        .matches_context("matcher_context")
        .label("tool_name")
        .input(tool_call!("")),
    event("PostToolUseFailure", Kind::Tool, 30)
        .blocks(Blocks::No)
        .matches_context("matcher_context")
        .label("tool_name")
        .input(tool_call!("")),
    event("SessionStart", Kind::SessionStart, 30)
        .blocks(Blocks::No)
        .matches_context("matcher_context")
        .input(NO_CONTEXT),
    event("SessionEnd", Kind::SessionEnd, 30)
        .blocks(Blocks::No)
        .matches_context("matcher_context")
        .input(NO_CONTEXT),
    event("UserPromptSubmit", Kind::Prompt, 30)
        .blocks(Blocks::No)
        .matches_context("matcher_context")
        .input(r#"{"matcher_context":"$PROMPT","message":"$PROMPT","working_dir":"$ROOT"}"#),
    // The developer extension has no read tool; an extension tool named `read` is one Goose
    // files under reads (categorize_tool).
    event("BeforeReadFile", Kind::Read, 30)
        .blocks(Blocks::No)
        .matches_context("matcher_context")
        .label("tool_name")
        .input(r#"{"matcher_context":"$FILE","tool_name":"read","tool_input":{"path":"$FILE"},"working_dir":"$ROOT"}"#),
    // The tool that edited the file is put in by [`edited_file`].
    event("AfterFileEdit", Kind::Edited, 30)
        .blocks(Blocks::No)
        .matches_context("matcher_context")
        .label("tool_name")
        .input(r#"{"matcher_context":"$FILE","working_dir":"$ROOT"}"#),
    event("BeforeShellExecution", Kind::Shell, 30)
        .blocks(Blocks::No)
        .matches_context("matcher_context")
        .label("tool_name")
        .input(SHELL),
    event("AfterShellExecution", Kind::Shell, 30)
        .blocks(Blocks::No)
        .matches_context("matcher_context")
        .label("tool_name")
        .input(SHELL),
    event("Stop", Kind::Stop, 30)
        .matches_context("matcher_context")
        .input(r#"{"matcher_context":null,"last_assistant_message":"Done.","working_dir":"$ROOT"}"#),
];

/// The event and matcher, as the contract maps them, less what its table cannot say: an MCP
/// server name is regex-escaped.
fn resolve(cx: &PlanContext) -> Result<(String, String), Plan> {
    let (event, matcher) = crate::plan::resolve(&AGENT, cx)?;
    let matcher = match &cx.spec.when {
        When::Portable {
            matches: Some(PortableMatch::Mcp(server)),
            ..
        } => CONTRACT
            .portable
            .mcp
            .replace("{server}", &regex_escape(server)),
        _ => matcher,
    };
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

/// An unknown `x-goose.on_failure` value rejects the whole hooks.json (load_hooks_file).
fn on_failure_refused(cx: &PlanContext, _: &str) -> Option<String> {
    on_failure_blocks(cx.spec).err()
}

/// `x-goose.on_failure: block` applies to PreToolUse only.
fn on_failure_note(cx: &PlanContext, event: &str, _: &Value) -> Result<Vec<String>, Stop> {
    Ok(match on_failure_blocks(cx.spec) {
        Ok(true) if event != "PreToolUse" => vec![format!(
            "x-goose.on_failure: block applies to PreToolUse only; Goose ignores it on {event}"
        )],
        _ => Vec::new(),
    })
}

/// The `x-goose.on_failure` setting: `Ok(true)` for `block`.
fn on_failure_blocks(spec: &HookSpec) -> Result<bool, String> {
    let Some(v) = spec.extension("goose").and_then(|x| x.get("on_failure")) else {
        return Ok(false);
    };
    match v.as_str() {
        Some("block") => Ok(true),
        Some("allow") => Ok(false),
        _ => Err(format!(
            "x-goose.on_failure must be \"allow\" or \"block\", not {v}: Goose rejects the plugin's hooks.json"
        )),
    }
}

/// `${PLUGIN_ROOT}` is replaced textually before `sh -c` runs the line (expand_plugin_root);
/// hookcheck sets it to the project root, where Goose sets it to the plugin's folder.
fn start(c: &Command) -> Started {
    let root = c.root.display().to_string();
    let mut started = Started::program(c.shell.clone().map(|(program, mut args)| {
        if let Some(line) = args.last_mut() {
            *line = line.replace("${PLUGIN_ROOT}", &root);
        }
        (program, args)
    }));
    if c.text.contains("PLUGIN_ROOT") {
        started.notes.push(
            "hookcheck sets PLUGIN_ROOT to the project root; Goose sets it to the plugin's folder"
                .to_string(),
        );
    }
    started
}

/// AfterFileEdit names the tool that edited the file: `edit` when it existed, else `write`.
fn edited_file(cx: &PlanContext, event: &str, obj: &mut Map<String, Value>) {
    let Trigger::Edit { path, exists } = cx.trigger else {
        return;
    };
    if event != "AfterFileEdit" {
        return;
    }
    let file = path.display().to_string();
    let (tool, input) = if *exists {
        ("edit", json!({ "path": file, "before": "", "after": "" }))
    } else {
        ("write", json!({ "path": file, "content": "" }))
    };
    let dir = obj.shift_remove("working_dir");
    obj.insert("tool_name".into(), json!(tool));
    obj.insert("tool_input".into(), input);
    if let Some(dir) = dir {
        obj.insert("working_dir".into(), dir);
    }
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

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
            ("before_read_file", "event: BeforeReadFile\ncommand: ./h.sh\n", crate::agent::testing::read_file(".env")),
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
