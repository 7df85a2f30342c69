//! Augment (the Auggie CLI).
//!
//! Sources (read 2026-11-30): docs/reference/protocols/protocols-b.md §6 (Auggie is closed
//! source: docs.augmentcode.com/cli/hooks (1.x prerelease) and /cli/v0/hooks (0.x),
//! /cli/hooks-examples; augmentcode/auggie #130; payloads observed by augment-agent-dashboard);
//! the `hook run` behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt: shell table,
//! "Augment replies", "Augment sample events"); how a hook starts: docs/reference/agents/
//! augment-launch.md (read from the @augmentcode/auggie 0.25.2 and 0.36.0 npm bundles on
//! 2026-12-04), which replaces the seed's "a script path, no shell".

pub mod native;
mod replies;

use std::path::Path;

use serde_json::Value;

use super::{Agent, Files, Hooks, Live, PlanContext};
use crate::agent::shared;
use crate::contract::reply::Reply;
use crate::contract::{Blocks, Contract, Event, Flavour, Input, Kind, Portable, Quirks, Run, Stop};
use crate::contract::{Started, ToolCall, Tools, Var, event};
use crate::spec::On;

/// Augment's contract.
pub static AGENT: Agent = Agent {
    id: "augment",
    name: "Augment",
    checked: "2026-11-30",
    sources: &[
        "docs: https://docs.augmentcode.com/cli/hooks and /cli/v0/hooks (via protocols-b.md §6)",
        "2nd: augment-agent-dashboard hook handlers (observed payloads)",
        "spec: hook run behaviour spec (seed 002)",
        "bundle: npm @augmentcode/auggie 0.36.0 (shasum ef88efd28084792a9d4598881175a4689de67944) and 0.25.2 (1b919d1a8529b29e208397f37a6b1c22ef682d26), package/augment.mjs, read 2026-12-04: the launch rule (docs/reference/agents/augment-launch.md)",
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
        mcp_input: "",
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
    // Replaced per hook by [`launch`]: bash -c for shell syntax, else the words run directly.
    run: Run::argv(&["sh", "-c"])
        .per_hook(|c| {
            let args = c.spec.args.as_deref().unwrap_or_default();
            launch(c.text, args, c.env, c.root)
        })
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

/// What Auggie starts for a hook on Linux and macOS (docs/reference/agents/augment-launch.md,
/// read from the @augmentcode/auggie 0.25.2 and 0.36.0 bundles): `bash -c` for a command that
/// starts with `~`, or has no `args` and holds one of `| & ; > < $` or a backtick; else, with
/// no `args` and a blank in it, its words as Auggie's splitter cuts them (a whole `"..."` or
/// `'...'` word unquoted, nothing else), run with no shell; else the command with its `args`.
/// Before that, 0.36.0 replaces `${NAME}` and `${NAME:-default}` from its own environment
/// (not the hook's): the second value says what it replaced.
pub(crate) fn launch(
    command: &str,
    args: &[String],
    env: &[(String, String)],
    root: &Path,
) -> Started {
    if cfg!(windows) {
        return Started::program(Err(
            "hookcheck runs Augment's Linux and macOS launch rule only".into(),
        ));
    }
    let (command, replaced) = own_env_refs(command, env);
    let program = |p: &str| match p.contains('/') && !p.starts_with('/') {
        true => root
            .join(p.strip_prefix("./").unwrap_or(p))
            .display()
            .to_string(),
        false => p.to_string(),
    };
    let shell_syntax = command.contains(['|', '&', ';', '>', '<', '$', '`']);
    let started = if command.starts_with('~') || (args.is_empty() && shell_syntax) {
        let line = match args.is_empty() {
            true => command.clone(),
            false => format!("{command} {}", args.join(" ")),
        };
        ("bash".to_string(), vec!["-c".to_string(), line])
    } else if args.is_empty() && command.contains(' ') {
        let words = auggie_words(&command);
        match words.split_first() {
            Some((first, rest)) => (program(first), rest.to_vec()),
            None => (command.clone(), Vec::new()),
        }
    } else {
        (program(&command), args.to_vec())
    };
    Started {
        program: Ok(started),
        notes: replaced.into_iter().collect(),
        assumptions: Vec::new(),
    }
}

/// Auggie's command splitter (`QIt` in 0.36.0): each `"..."` (backslash escapes kept as
/// written), `'...'` or run of non-blanks is a word, the quotes taken off.
fn auggie_words(command: &str) -> Vec<String> {
    static WORD: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#""([^"]*(?:\\.[^"]*)*)"|'([^']*(?:\\.[^']*)*)'|(\S+)"#).ok()
    });
    let Some(re) = WORD.as_ref() else {
        return vec![command.to_string()];
    };
    re.captures_iter(command)
        .filter_map(|c| c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3)))
        .map(|m| m.as_str().to_string())
        .collect()
}

/// `${NAME}` and `${NAME:-default}` replaced from Auggie's own environment, as 0.36.0 does
/// before it starts a hook (`\${` stays `${`; a name it lacks with no default stays as
/// written). The variables Auggie sets for the hook are not in its own environment. Also says
/// what it replaced, names only, when it replaced anything.
fn own_env_refs(command: &str, env: &[(String, String)]) -> (String, Option<String>) {
    static REF: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(\\)?\$\{([a-zA-Z_][a-zA-Z0-9_]*)(?::-([^}]*))?\}").ok()
    });
    // Every reference starts with `${`: a command without one is left as it is, and the
    // pattern is not compiled.
    if !command.contains("${") {
        return (command.to_string(), None);
    }
    let Some(re) = REF.as_ref() else {
        return (command.to_string(), None);
    };
    let set_for_hook = |k: &str| CONTRACT.run.env.iter().any(|(v, _)| *v == k);
    let mut names: Vec<String> = Vec::new();
    let text = re.replace_all(command, |c: &regex::Captures| {
        let whole = &c[0];
        if c.get(1).is_some() {
            return whole[1..].to_string();
        }
        let name = &c[2];
        let value = env
            .iter()
            .rev()
            .find(|(k, _)| k == name && !set_for_hook(k))
            .map(|(_, v)| v.clone())
            .or_else(|| c.get(3).map(|d| d.as_str().to_string()));
        match value {
            Some(v) => {
                names.push(format!("${{{name}}}"));
                v
            }
            None => whole.to_string(),
        }
    });
    let note = (!names.is_empty()).then(|| {
        format!(
            "Auggie 0.36.0 replaces {} from its own environment before it runs the hook (0.25.2 \
             did not): the hook runs `{text}`",
            names.join(", ")
        )
    });
    (text.into_owned(), note)
}

#[cfg(test)]
mod tests {
    use super::{AGENT, launch};
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
            
            ("event: PreToolUse\nmatcher: \"(\"\ncommand: ./h.sh\n", bash("ls"), "not a valid regular expression"),
        ]);
    }

    /// What Auggie starts, row by row as its bundle's resolver (`dao`, 0.36.0) gave it when
    /// run in node (docs/reference/agents/augment-launch.md).
    #[test]
    fn launches_as_auggie_does() {
        let root = std::path::Path::new("/project");
        let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<String>>();
        type Row<'a> = (&'a str, &'a [&'a str], (&'a str, Vec<String>));
        #[rustfmt::skip]
        let rows: [Row; 9] = [
            ("./hooks/g.sh", &[], ("/project/hooks/g.sh", s(&[]))),
            ("hooks/g.sh", &[], ("/project/hooks/g.sh", s(&[]))),
            ("bash -lc 'echo hi'", &[], ("bash", s(&["-lc", "echo hi"]))),
            ("bash -lc 'cat | jq .tool_name'", &[], ("bash", s(&["-c", "bash -lc 'cat | jq .tool_name'"]))),
            ("./hooks/g.sh | cat", &[], ("bash", s(&["-c", "./hooks/g.sh | cat"]))),
            ("python3 hooks/x.py --flag", &[], ("python3", s(&["hooks/x.py", "--flag"]))),
            ("FOO=1 ./hooks/g.sh", &[], ("FOO=1", s(&["./hooks/g.sh"]))),
            ("--opt=\"a b\"", &[], ("--opt=\"a", s(&["b\""]))),
            ("~/hooks/v.sh", &["x"], ("bash", s(&["-c", "~/hooks/v.sh x"]))),
        ];
        for (command, args, (program, want)) in rows {
            let args = s(args);
            let got = launch(command, &args, &[], root).program;
            assert_eq!(got, Ok((program.to_string(), want)), "{command}");
        }
    }

    /// 0.36.0 replaces `${NAME}` from its own environment first: a guard written for the hook's
    /// `AUGMENT_PROJECT_DIR` gets the default, as in cameron-russell/firstmate.
    #[test]
    fn own_environment_references_are_replaced_first() {
        let root = std::path::Path::new("/project");
        let env = vec![
            ("HOME".to_string(), "/home/u".to_string()),
            ("AUGMENT_PROJECT_DIR".to_string(), "/project".to_string()),
        ];
        let cmd = "bash -lc '[ -n \"${AUGMENT_PROJECT_DIR:-}\" ] || exit 0; exec \"${HOME}/g.sh\" \\${KEEP}'";
        let started = launch(cmd, &[], &env, root);
        let (program, args) = started.program.expect("runs");
        let note = started.notes.first().map(String::as_str);
        assert_eq!(program, "bash");
        assert_eq!(
            args,
            [
                "-c",
                "bash -lc '[ -n \"\" ] || exit 0; exec \"/home/u/g.sh\" ${KEEP}'"
            ]
        );
        assert_eq!(
            note,
            Some(
                "Auggie 0.36.0 replaces ${AUGMENT_PROJECT_DIR}, ${HOME} from its own environment before it runs the hook (0.25.2 did not): the hook runs `bash -lc '[ -n \"\" ] || exit 0; exec \"/home/u/g.sh\" ${KEEP}'`"
            )
        );
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
