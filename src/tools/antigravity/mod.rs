//! Google Antigravity (`agy` CLI).
//!
//! Closed source. Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §5
//! (google-antigravity/antigravity-cli docs; DefenseClaw @db1172f measured on agy 1.0.x;
//! skillsaw for agy 1.1.25; safe-chains for 1.1.2; rtk), and the behaviour spec
//! (docs/reference/seeds/002_868b68abc3040bdc.txt: "Antigravity replies", "Antigravity sample
//! events", "Assumed results").

pub mod native;
mod replies;

use super::{Agent, Files, Hooks, Live};
use crate::contract::reply::Reply;
use crate::contract::{Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run, ToolCall};
use crate::contract::{Tools, event};
use crate::spec::On;

/// Antigravity's contract.
pub static AGENT: Agent = Agent {
    id: "antigravity",
    name: "Antigravity",
    checked: "2026-11-30",
    sources: &[
        "reference: docs/reference/protocols/protocols-b.md §5 (third-party measurements of agy 1.0.x-1.2.x, 2026-11-30)",
        "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt",
        "protocols-b.md §5 Config (skillsaw for agy 1.1.25; DefenseClaw @db1172f for 1.0.x)",
    ],
    session_vars: &[],
    notes: &[
        "Antigravity's hook files and shapes changed between agy 1.0, 1.1 and 1.2; results are \
         for the documented reply shape",
        "agy 1.1.x denies a call when a hook prints nothing; print {\"decision\": \"allow\"} explicitly",
    ],
    files: Files::Loader(&native::LOADER),
    live: Live::Cannot("no live driver yet: agy has not been tried headless here"),
    hooks: Hooks::Commands(&CONTRACT),
};

/// What Antigravity does, as data (protocols-b.md §5; seed 002, "Antigravity sample events",
/// "Assumed results").
pub static CONTRACT: Contract = Contract {
    events: EVENTS,
    fold_case: false,
    portable: Portable {
        events: &[
            (On::SessionStart, "SessionStart"),
            (On::PromptSubmit, "$NONE:Antigravity has no prompt event"),
            (On::BeforeTool, "PreToolUse"),
            (On::AfterTool, "PostToolUse"),
            (On::AfterEdit, "PostToolUse"),
            (On::Stop, "Stop"),
        ],
        shell: "run_command",
        edit: "write_to_file|replace_file_content|multi_replace_file_content",
        read: "view_file",
        web: "read_url_content|search_web",
        mcp: "mcp_{server}_.*",
    },
    tools: Tools {
        shell: ToolCall::new("run_command", r#"{"CommandLine":"$COMMAND","Cwd":"$ROOT"}"#, "{}"),
        // The edit tools `--edit` may call, in the order tried (seed 002). Only TargetFile is
        // confirmed by third-party hooks; the other args are placeholders.
        edit: &[
            ToolCall::new("write_to_file", r#"{"TargetFile":"$FILE","CodeContent":""}"#, "{}"),
            ToolCall::new(
                "replace_file_content",
                r#"{"TargetFile":"$FILE","TargetContent":"","ReplacementContent":""}"#,
                "{}",
            ),
            ToolCall::new(
                "multi_replace_file_content",
                r#"{"TargetFile":"$FILE","ReplacementChunks":[{"TargetContent":"","ReplacementContent":""}]}"#,
                "{}",
            ),
        ],
        read: &["view_file"],
        // view_file (AbsolutePath) (protocols-b.md, Antigravity).
        read_input: r#"{"AbsolutePath":"$FILE"}"#,
        web: &["read_url_content", "search_web"],
        mcp: "mcp_{server}_{tool}",
        mcp_input: "",
    },
    // Empty or `*`: all; else a regex that must match the whole tool name (seed 002).
    matcher: Flavour::GoRegexWhole,
    // A camelCase envelope around PascalCase tool args (protocols-b.md §5); only the tool
    // events build one.
    input: Input::common(
        r#"{"hookEventName":"$EVENT","conversationId":"$SESSION","stepIdx":1,"toolCall":{"name":"$TOOL","args":"$INPUT"},"transcriptPath":"$TRANSCRIPTS/.gemini/antigravity/transcripts/hookcheck.jsonl","workspacePaths":["$ROOT"],"artifactDirectoryPath":"$HOME/.gemini/antigravity/artifacts/hookcheck"}"#,
    )
    .tool_path("toolCall.name"),
    // 30 s is documented (seed 002, "Assumed results").
    run: Run::script_path(&[])
        // Unknown handler keys such as env are discarded (protocols-b.md §5, DefenseClaw).
        .drops_spec_env("Antigravity discards a handler's env; the spec's env is not set")
        .cwd_assumed()
        // Antigravity has no async hooks: it waits for every one.
        .ignores_async(),
    reply: Reply::stdout(replies::RULES)
        .context(&["additionalContext"]),
    quirks: Quirks::NONE.adjust(adjust),
};

/// Events (protocols-b.md §5; seed 002); only the tool events' input is known.
const EVENTS: &[Event] = &[
    event("PreToolUse", Kind::BeforeTool, 30).input("{}"),
    event("PostToolUse", Kind::AfterTool, 30).input(r#"{"toolResponse":{"output":""}}"#),
    event("PreInvocation", Kind::Other, 30),
    event("PostInvocation", Kind::Other, 30),
    event("Stop", Kind::Stop, 30),
    event("SessionStart", Kind::SessionStart, 30),
];

/// agy 1.0.x exec()s `command` with no shell; later versions run `rtk hook antigravity`
/// (protocols-b.md §5: DefenseClaw @db1172f, rtk).
const OLD_EXEC: &str = "agy 1.0.x starts `command` directly, with no shell, so a command with \
    arguments never fires there (protocols-b.md §5, DefenseClaw); later versions run it";

/// The note no table can hang on one kind of command, after the plan: an inline command
/// (not a script path) never fires under agy 1.0.x.
fn adjust(_: &crate::contract::PlanContext, plan: &mut crate::plan::Plan) {
    if let crate::plan::Plan::Run(run) = plan
        && run.assumptions.iter().any(|a| a.item == "inline command")
    {
        run.notes.push(OLD_EXEC.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::AGENT;
    use crate::agent::testing::{self, *};

    const PRE: &str = "event: PreToolUse\nmatcher: run_command\ncommand: ./hook.sh\n";

    /// Every reply rule. B = behaviour spec (seed 002, "Antigravity replies" and "Assumed
    /// results"), P = protocols-b.md §5.
    #[test]
    fn reader_table() {
        use Decision::*;
        #[rustfmt::skip]
        let rows: Vec<(&str, &str, crate::exec::Outcome, Decision, bool)> = vec![
            ("B deny blocks", "PreToolUse", exit(0, r#"{"decision":"deny","reason":"r"}"#, ""), Block, true),
            ("B force_ask blocks", "PreToolUse", exit(0, r#"{"decision":"force_ask"}"#, ""), Block, true),
            ("B auto_approve allows", "PreToolUse", exit(0, r#"{"decision":"auto_approve"}"#, ""), Allow, true),
            ("B allow defers (not counted)", "PreToolUse", exit(0, r#"{"decision":"allow"}"#, ""), Allow, false),
            ("B ask reads as block (not counted)", "PreToolUse", exit(0, r#"{"decision":"ask"}"#, ""), Block, false),
            ("B deny_unless_prior_grant (not counted)", "PreToolUse", exit(0, r#"{"decision":"deny_unless_prior_grant"}"#, ""), Block, false),
            ("B unknown decision", "PreToolUse", exit(0, r#"{"decision":"block"}"#, ""), Error, false),
            ("P empty stdout", "PreToolUse", exit(0, "", ""), Error, false),
            ("B not JSON", "PreToolUse", exit(0, "ok", ""), Error, false),
            ("B exit 2 has no meaning", "PreToolUse", exit(2, "", "no"), Error, false),
            ("B exit 1", "PreToolUse", exit(1, r#"{"decision":"deny"}"#, ""), Error, false),
            ("B timeout", "PreToolUse", timed_out(), Timeout, false),
            ("B failed start", "PreToolUse", not_started(), Error, false),
            ("B signal", "PreToolUse", signalled(9), Error, false),
            ("B Stop continue keeps running", "Stop", exit(0, r#"{"decision":"continue"}"#, ""), Block, true),
            ("B Stop other value allows", "Stop", exit(0, r#"{"decision":"stop"}"#, ""), Allow, true),
            ("B PostToolUse JSON allows", "PostToolUse", exit(0, r#"{"additionalContext":"x"}"#, ""), Allow, true),
            ("B SessionStart JSON allows", "SessionStart", exit(0, "{}", ""), Allow, true),
            ("B PreInvocation JSON allows", "PreInvocation", exit(0, r#"{"decision":"deny"}"#, ""), Allow, true),
            ("B PostInvocation JSON allows", "PostInvocation", exit(0, "{}", ""), Allow, true),
        ];
        for (name, event, outcome, decision, counted) in rows {
            let r = testing::read(&AGENT, PRE, event, &outcome);
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
            &AGENT,
            PRE,
            "PostToolUse",
            &exit(0, r#"{"additionalContext":"x"}"#, ""),
        );
        assert!(r.adds_context);
        let r = testing::read(
            &AGENT,
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
        #[rustfmt::skip]
        testing::check_inputs!(AGENT, "antigravity", [
            ("bash", PRE, bash("rm -rf build")),
            ("edit", "on: before-tool\nmatch: edit\ncommand: ./h.sh\n", edit("a.txt", false)),
            ("edit_replace", "event: PreToolUse\nmatcher: replace_file_content\ncommand: ./h.sh\n", edit("a.txt", true)),
            ("post_bash", "event: PostToolUse\nmatcher: run_command\ncommand: ./h.sh\n", bash("ls")),
        ]);
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
        testing::check_matchers(
            &AGENT,
            "PreToolUse",
            &rows,
            |tool| serde_json::json!({"toolCall": {"name": tool, "args": {}}}),
        );
    }

    #[test]
    fn plans_that_do_not_run() {
        #[rustfmt::skip]
        testing::check_not_run(&AGENT, [
            ("on: prompt-submit\ncommand: ./h.sh\n", prompt("hi"), "no prompt event"),
            ("event: Stop\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "pass --payload"),
            ("event: SessionStart\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "pass --payload"),
            ("event: PreInvocation\ncommand: ./h.sh\n", crate::trigger::Trigger::None, "pass --payload"),
            ("event: UserPromptSubmit\ncommand: ./h.sh\n", prompt("hi"), "no UserPromptSubmit event"),
            (PRE, prompt("hi"), "not fired by --prompt"),
        ]);
    }

    /// An inline command runs on the assumed `sh -c`, said as an assumption, with the note
    /// that agy 1.0.x starts it with no shell.
    #[test]
    fn inline_commands_run_on_the_assumed_shell() {
        let run = run_plan(
            &AGENT,
            "event: PreToolUse\ncommand: python3 guard.py --strict\n",
            &bash("ls"),
        );
        let inv = run.commands[0].invocation.as_ref().expect("runs");
        assert_eq!(
            (inv.program.as_str(), inv.args.as_slice()),
            (
                "sh",
                &["-c".to_string(), "python3 guard.py --strict".to_string()][..]
            )
        );
        let items: Vec<&str> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
        assert_eq!(items, ["shell", "inline command", "cwd"]);
        assert_eq!(run.notes, [super::OLD_EXEC]);
        // A script path is no inline command, and has no such note.
        let run = run_plan(&AGENT, PRE, &bash("ls"));
        let items: Vec<&str> = run.assumptions.iter().map(|a| a.item.as_str()).collect();
        assert_eq!(items, ["shell", "cwd"]);
        assert!(run.notes.is_empty(), "{:?}", run.notes);
    }
}
