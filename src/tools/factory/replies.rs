//! How Factory droid reads a hook's reply: one row a rule, first decision wins. The
//! behaviour spec ("Factory replies") corrected by the real agent: exit 2 blocks except where
//! nothing can be stopped; other exits are non-blocking errors; JSON is read at exit 0 only.

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, Text, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// Factory droid 0.215.0 run headless against a fake model (docs/reference/real-agents.md).
const REAL: &str = "real agent: Factory droid 0.215.0, 2026-11-30 (docs/reference/real-agents.md)";
/// The hooks reference (Factory-AI/factory docs `docs/reference/hooks-reference.mdx` @2a4debc,
/// `docs/cli/configuration/hooks-reference.mdx` @2e13f66).
const DOCS: &str = "docs: https://docs.factory.ai/reference/hooks-reference (Factory-AI/factory @2a4debc, @2e13f66)";
/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt, "Factory replies").
const SPEC: &str =
    "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt (Factory replies)";

/// The behaviour campaign on the real agent: `cell("exit3_none_none")` names its cell.
macro_rules! cell {
    ($cell:literal) => {
        concat!(
            "real agent: Factory droid 0.215.0 (droid exec --auto high), behaviour campaign of 2026-12-01, cell ",
            $cell,
            " (fixtures/live/campaign/observations/shell/factory.json)"
        )
    };
}

/// A live situation on the real agent: `situation!("post-bash--json-block")` names its cell.
macro_rules! situation {
    ($cell:literal) => {
        concat!(
            "real agent: Factory droid 0.215.0 (droid exec --auto high), live situation of 2026-12-01, cell ",
            $cell,
            " (fixtures/live/situations/observations/",
            $cell,
            "--factory.json)"
        )
    };
}

/// Exit 2 cannot stop anything here, so it reads as error (behaviour spec).
const EXIT2_CANNOT_BLOCK: &[&str] = &[
    "Notification",
    "SubagentStop",
    "PreCompact",
    "SessionStart",
    "SessionEnd",
];
/// Events on which `decision: "block"` blocks (behaviour spec; not PreToolUse nor PostToolUse:
/// real droid 0.215.0 ignores it there).
const DECISION_BLOCKS: &[&str] = &["Stop", "SubagentStop"];
const PROMPT: Ev = Ev::Is(&["UserPromptSubmit"]);
const PRE: Ev = Ev::Is(&["PreToolUse"]);
const POST: Ev = Ev::Is(&["PostToolUse"]);
/// The campaign after a shell call (situation post-bash).
const AFTER: &str = "real agent: Factory droid 0.215.0 (droid exec --auto high), behaviour campaign of 2026-12-01, situation post-bash, cells exit1_continue-false_none, exit2_continue-false_none, exit2_decision-block_none, exit3_none_none, exit3_none_text, exit3_none_blank (fixtures/live/campaign/observations/post-bash/factory.json); exit 3 is droid's abort code (droid 0.215.0 binary, executeUserPromptSubmitHooks: `exitCode===3` \"aborted by hook\")";
const BLOCK: &[Test] = &[Test::Is("decision", "block")];
const HSO_DECISION: &str = "hookSpecificOutput.permissionDecision";
const BAD_DECISION: Test = Test::StrNot("decision", &["block", "approve"]);

/// `droid exec PROMPT` runs no UserPromptSubmit hook for the prompt on its command line.
const EXEC_PROMPT: &str = "droid exec fires no UserPromptSubmit for the prompt on its command line: nothing the hook replies holds it back (real agent 0.215.0); droid's interactive session, and exec with --input-format stream-jsonrpc, do run the hook, and there exit 2, exit 3 or continue: false reject the prompt";
/// The prompt campaign, a one-off marker hook, and the code of the exec path.
const EXEC_PROMPT_SRC: &str = "real agent: Factory droid 0.215.0 (droid exec --auto high), behaviour campaign of 2026-12-01, situation prompt, all 38 cells: the prompt reached the model whatever the hook replied (fixtures/live/campaign/observations/prompt/factory.json), and on 2026-12-02 a hook that appends its stdin to a file was never called (hookcheck live --prompt --show-input: no captured call); source: droid 0.215.0 (npm droid@0.215.0, binary @factory/cli-linux-x64), src/entrypoints/exec/run.ts runExecAction: the plain exec path hands the prompt to the agent loop (XDA, then vc8), and UserPromptSubmit runs only in the JSON-RPC session's processUserMessage (executeUserPromptSubmitHooks: exitCode===2 || continue===false blocks, exitCode===3 aborts)";

/// The live situations that show a session start's unread JSON reaching the model as text.
const SESSION_TEXT: &str = "real agent: Factory droid 0.215.0 (droid exec), 2026-12-01, situations session--json-context-top, session--json-context-modification (fixtures/live/situations/observations/session--json-context-*--factory.json)";

/// The rules, in the order Factory droid applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    // droid exec: the prompt on its command line fires no hook.
    rule(Allow).on(PROMPT).says(EXEC_PROMPT).src(EXEC_PROMPT_SRC),
    // How the command ended.
    rule(Block).on(PRE).ended(Ended::Timeout).json(&[Test::Is(HSO_DECISION, "deny")])
        .says("the hook ran past its timeout, but droid reads the deny it printed before: the call is blocked (real agent 0.215.0)")
        .src(cell!("slow_hso-deny_none")),
    rule(Timeout).ended(Ended::Timeout)
        .says("droid lets the action through after a timeout").src(REAL),
    rule(Error).ended(Ended::NotStarted).says("the command did not start: {error}").src(DOCS),
    rule(Error).ended(Ended::Signal).says("the hook was killed by a signal").src(DOCS),
    // Exit 2 blocks where something can be stopped; stderr is the reason.
    rule(Error).on(Ev::Is(EXIT2_CANNOT_BLOCK)).exit(2)
        .says("exit 2 cannot stop anything on {event}; stderr is shown to the user").src(SPEC),
    rule(Block).on(PRE).exit(2).json(&[Test::Bool("continue", false)]).effect(Effect::Halted)
        .says("exit 2 with continue: false on stdout: droid reads the JSON and ends the turn, no tool result (real agent 0.215.0)")
        .src(cell!("exit2_continue-false_none")),
    rule(Block).on(POST).ended(Ended::NotExit(0)).json(&[Test::Bool("continue", false)]).effect(Effect::Halted)
        .says("exit {exit} after a tool: droid still reads the JSON on stdout (exits 1 and 2 seen); continue: false ends the turn, the model is not asked again (real agent 0.215.0)")
        .src(AFTER),
    rule(Allow).on(POST).exit(2).stderr(Text::Empty).json(BLOCK)
        .says("exit 2 after a tool sends only stderr back to the model; stderr is empty and droid does not read the reason on stdout, so nothing reaches the model (real agent 0.215.0)")
        .fix("{agent} sends a reason back after the tool only on exit 2: write it to stderr and exit 2")
        .src(AFTER),
    rule(Block).exit(2).src(REAL),
    note("exit 2 with empty stderr still blocks, with no reason for the model")
        .on(Ev::Not(EXIT2_CANNOT_BLOCK)).exit(2).stderr(Text::Empty).src(REAL),
    rule(Block).on(PRE).exit(1).json(&[Test::Bool("continue", false)]).effect(Effect::Halted)
        .says("exit 1: droid still reads the JSON on stdout; continue: false ends the turn, no tool result (real agent 0.215.0)")
        .src(cell!("exit1_continue-false_none")),
    rule(Block).on(Ev::Is(DECISION_BLOCKS)).exit(1).json(BLOCK)
        .says("exit 1 on {event}: droid still reads the JSON on stdout, and decision \"block\" keeps it going (real agent 0.215.0)")
        .src("real agent: Factory droid 0.215.0 (droid exec --auto high), behaviour campaign of 2026-12-01, situation stop, cell exit1_decision-block_none (fixtures/live/campaign/observations/stop/factory.json)"),
    rule(Block).on(PRE).exit(1).json(&[Test::Is(HSO_DECISION, "deny")])
        .says("exit 1: droid still reads the JSON on stdout, and the deny blocks (real agent 0.215.0)")
        .src(cell!("exit1_hso-deny_none")),
    rule(Block).on(PRE).exit(3).effect(Effect::Halted)
        .says("exit 3 ends droid's turn: the call does not run and no tool result reaches the model (real agent 0.215.0; exits 1, 124 and 127 let it run)")
        .src(cell!("exit3_none_none, exit3_none_text, exit3_none_blank")),
    rule(Block).on(POST).exit(3).effect(Effect::Halted)
        .says("exit 3 after a tool ends droid's turn: the model is not asked again (real agent 0.215.0; exits 1, 124 and 127 let it go on)")
        .src(AFTER),
    rule(Error).ended(Ended::NotExit(0))
        .says("exit {exit} is a non-blocking error in droid: the action goes ahead").fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(REAL),
    // Exit 0: nothing, text, or JSON.
    rule(Allow).exit(0).reply(Shape::Empty).src(REAL),
    rule(Allow).exit(0).reply(Shape::BadJson)
        .says("stdout is not valid JSON; it is ignored").src(DOCS),
    rule(Allow).on(Ev::StdoutContext).exit(0).reply(Shape::Plain).context()
        .says("plain stdout is added to the model's context").src(DOCS),
    rule(Allow).exit(0).reply(Shape::Plain).says("plain stdout only goes to the transcript").src(DOCS),
    rule(Allow).on(Ev::Is(&["SessionEnd"])).exit(0).json(&[Test::Bool("continue", false)])
        .says("continue: false means nothing on SessionEnd").src(SPEC),
    rule(Allow).on(Ev::Is(&["SessionStart"])).exit(0).json(&[Test::Bool("continue", false)])
        .says("continue: false on SessionStart does not stop droid exec: the prompt still reaches the model (real agent 0.215.0)")
        .src("real agent: Factory droid 0.215.0 (droid exec), 2026-12-01, situation session--continue-false (fixtures/live/situations/observations/session--continue-false--factory.json)"),
    rule(Allow).on(Ev::Is(&["SessionStart"])).exit(0).json(&[Test::Has("additionalContext")]).context()
        .says("JSON with no field droid reads on SessionStart is added to the model's context as it is (real agent 0.215.0)")
        .src(SESSION_TEXT),
    rule(Allow).on(Ev::Is(&["SessionStart"])).exit(0).json(&[Test::Has("contextModification")]).context()
        .says("JSON with no field droid reads on SessionStart is added to the model's context as it is (real agent 0.215.0)")
        .src(SESSION_TEXT),
    rule(Block).exit(0).json(&[Test::Bool("continue", false)]).effect(Effect::Halted)
        .says("continue: false stops droid").src(SPEC),
    rule(Block).on(Ev::Is(&["PreToolUse"])).exit(0).json(&[Test::Is(HSO_DECISION, "deny")]).src(REAL),
    rule(Allow).on(PRE).exit(0).json(&[Test::Is(HSO_DECISION, "ask")])
        .says("permissionDecision \"ask\" headless (droid exec --auto high): the call runs, nobody is asked (real agent 0.215.0; the behaviour spec says it stops the call for the user)")
        .src(cell!("exit0_hso-ask_none")),
    rule(Block).on(Ev::Is(DECISION_BLOCKS)).exit(0).json(BLOCK).src(SPEC),
    rule(Allow).on(Ev::Is(&["PostToolUse"])).exit(0).json(BLOCK)
        .says("droid ignores decision \"block\" after a tool (real agent 0.215.0): the turn goes on and the reason never reaches the model; exit 2 with the reason on stderr does reach it")
        .fix("{agent} sends a reason back after the tool only on exit 2: write it to stderr and exit 2")
        .src(situation!("post-bash--json-block")),
    rule(Allow).on(Ev::Is(&["PreToolUse"])).exit(0).json(BLOCK)
        .says("droid ignores decision \"block\" before a tool (real agent 0.215.0): use hookSpecificOutput.permissionDecision \"deny\"")
        .src(REAL),
    rule(Allow).exit(0).json(BLOCK).says("decision \"block\" means nothing on {event}").src(SPEC),
    rule(Allow).exit(0).json(&[BAD_DECISION])
        .says("decision \"{value}\" means nothing to droid: only \"block\" does").src(REAL),
    rule(Allow).exit(0).json(&[Test::Has("permissionDecision")]).says(TOP_LEVEL).src(REAL),
    note(TOP_LEVEL).exit(0).json(&[BAD_DECISION, Test::Has("permissionDecision")]).src(REAL),
    rule(Allow).exit(0).json(&[]).src(DOCS),
];

const TOP_LEVEL: &str =
    "a top-level permissionDecision is ignored by droid: it belongs in hookSpecificOutput";
