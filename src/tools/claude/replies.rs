//! How Claude Code reads a hook's reply: one row a rule, first decision wins.

use crate::contract::reply::{self, Ended, Ev, Rule, Shape, SpecIf, Test, Text, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// Claude Code 2.1.332 run headless against a fake model (docs/reference/real-agents.md).
const REAL: &str = "real agent: Claude Code 2.1.332, 2026-11-30 (docs/reference/real-agents.md)";
/// The hooks reference (code.claude.com/docs/en/hooks, summaries of 2026-09-14 and 2026-10-06).
const DOCS: &str = "docs: https://code.claude.com/docs/en/hooks (2026-10-06)";
/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt).
const SPEC: &str = "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt";
/// claude-agent-sdk 0.3.328 types (= Claude Code 2.1.328), `onFailure` and changelog 2.1.295.
const TYPES: &str = "types: @anthropic-ai/claude-agent-sdk 0.3.328 sdk.d.ts";

/// `failClosed` is ignored on these (sdk types; behaviour spec).
const NO_FAIL_CLOSED: &[&str] = &["Stop", "SubagentStop", "TaskCompleted", "TeammateIdle"];
const CLOSED: Ev = Ev::BlockingNot(NO_FAIL_CLOSED);
const HSO_DECISION: &str = "hookSpecificOutput.permissionDecision";
/// The several-events probes.
const EVENTS: &str = "real agent: Claude Code 2.1.332, 2026-12-04 (fixtures/live/events/ask/events-json-allow-also-blocks--claude.json: the call ran though the PermissionRequest hook exits 2)";

const PRE: Ev = Ev::Is(&["PreToolUse"]);

/// The rules, in the order Claude Code applies them: `failClosed` first, then what the real
/// agent was seen doing where the documents say otherwise, then the rest.
pub const RULES: &[Rule] = &reply::concat::<{ FAIL_CLOSED.len() + OBSERVED.len() + AS_CLAUDE.len() }>(
    FAIL_CLOSED,
    &reply::concat::<{ OBSERVED.len() + AS_CLAUDE.len() }>(OBSERVED, AS_CLAUDE),
);

/// Claude Code 2.1.332 where it contradicts the hooks reference (which says stdout is ignored
/// on any exit but 0, that `continue: false` stops before the call, and that a
/// hookSpecificOutput is read by its own fields): it reads the JSON on stdout whatever the exit
/// code, and drops a reply whose hookSpecificOutput names another event.
#[rustfmt::skip]
const OBSERVED: &[Rule] = &[
    rule(Allow).ended(Ended::ExitOther(&[2])).json(&[Test::Has("hookSpecificOutput"), Test::Lacks("hookSpecificOutput.hookEventName"), Test::Lacks("decision")])
        .says("a hookSpecificOutput without hookEventName makes {agent} drop the whole reply (real agent 2.1.332)")
        .fix("add \"hookEventName\": \"{event}\" to hookSpecificOutput")
        .src(CAMPAIGN_AND_BUNDLE),
    rule(Allow).ended(Ended::ExitOther(&[2])).json(&[Test::NotEvent("hookSpecificOutput.hookEventName"), Test::Lacks("decision")])
        .says("a hookSpecificOutput for {value} makes {agent} drop the whole reply on {event} (real agent 2.1.332)")
        .fix("set hookSpecificOutput.hookEventName to \"{event}\", the event the hook runs on")
        .src(EVENT_CELLS),
    rule(Allow).on(PRE).ended(Ended::ExitOther(&[2])).json(&[Test::Bool("continue", false)])
        .says("continue: false lets the call run, then ends {agent}'s turn (real agent 2.1.332; the hooks reference says it stops first)")
        .src(CONTINUE_CELLS),
    rule(Block).on(Ev::Blocking).ended(Ended::ExitOther(&[0])).json(&[Test::Bool("continue", false)])
        .effect(Effect::Halted)
        .says("{agent} reads the JSON on stdout whatever the exit code: continue: false on exit {exit} stops it (real agent 2.1.332; the hooks reference says stdout is ignored)")
        .src(CONTINUE_CELLS),
    rule(Block).on(Ev::Blocking).ended(Ended::ExitOther(&[0, 2])).json(&[Test::Is("decision", "block")])
        .says("{agent} reads the JSON on stdout whatever the exit code: decision \"block\" on exit {exit} still blocks (real agent 2.1.332; the hooks reference says stdout is ignored)")
        .src(BLOCK_CELLS),
    rule(Block).on(PRE).ended(Ended::ExitOther(&[0, 2])).json(&[Test::Is(HSO_DECISION, "deny")])
        .says("{agent} reads the JSON on stdout whatever the exit code: permissionDecision \"deny\" on exit {exit} still blocks (real agent 2.1.332; the hooks reference says stdout is ignored)")
        .src(CAMPAIGN_AND_BUNDLE),
    rule(Block).on(PRE).exit(0).json(&[Test::Is(HSO_DECISION, "ask")])
        .says("permissionDecision \"ask\" with no one to ask (claude -p): {agent} refuses the call and its permissionDecisionReason is the tool result (real agent 2.1.332); in a session the user is asked")
        .src(ASK_CELL),
    rule(Allow).on(Ev::Is(&["SessionStart"])).exit(0).json(&[Test::Bool("continue", false)])
        .says("continue: false on SessionStart does not stop {agent} headless (claude -p): the prompt still reaches the model (real agent 2.1.332; the hooks reference says it stops)")
        .src(SESSION_CELL),
];

// Where the reply is read in the agent's own code (minified, so the names are the bundle's):
// npm @anthropic-ai/claude-code 2.1.332, bin/claude.exe (bundled JavaScript). The command hook
// runner parses stdout as JSON on every exit status and hands it to `rse`, which sets
// preventContinuation on continue: false, blocks on decision "block", and throws "Hook returned
// incorrect event name" when hookSpecificOutput.hookEventName is not the event that ran (unless
// decision is "block": then only hookSpecificOutput is dropped, `rws`).

/// The cells that show `continue: false` read on every exit code, and the code.
const CONTINUE_CELLS: &str = "real agent: Claude Code 2.1.332, behaviour campaign of 2026-12-01, situations edit, post-bash, prompt, stop, cells exit0_continue-false_none, exit1_continue-false_none, exit2_continue-false_none (fixtures/live/campaign/observations/{edit,post-bash,prompt,stop}/claude.json; situation shell: fixtures/live/campaign/observations/shell/claude.json); code: npm @anthropic-ai/claude-code 2.1.332 bin/claude.exe, the command hook runner (stdout parsed as JSON on every exit status) and `rse` (continue: false sets preventContinuation)";

/// The cells that show decision block read on exit 1, and the code.
const BLOCK_CELLS: &str = "real agent: Claude Code 2.1.332, behaviour campaign of 2026-12-01, situations edit, post-bash, prompt, stop, cell exit1_decision-block_none (fixtures/live/campaign/observations/{edit,post-bash,prompt,stop}/claude.json; situation shell: fixtures/live/campaign/observations/shell/claude.json); code: npm @anthropic-ai/claude-code 2.1.332 bin/claude.exe, the command hook runner (stdout parsed as JSON on every exit status) and `rse` (decision \"block\" sets blockingError)";

/// The cell that shows permissionDecision deny read on exit 1, and the code.
const CAMPAIGN_AND_BUNDLE: &str = "real agent: Claude Code 2.1.332, behaviour campaign of 2026-12-01, situation shell, cells exit1_hso-deny_none, exit0_hso-deny-noevent_none (fixtures/live/campaign/observations/shell/claude.json); code: npm @anthropic-ai/claude-code 2.1.332 bin/claude.exe, the command hook runner (stdout parsed as JSON on every exit status) and `rse` (hookSpecificOutput read only when its hookEventName is the event that ran)";

/// The cells that show a PreToolUse hookSpecificOutput dropped on other events, and the code.
const EVENT_CELLS: &str = "real agent: Claude Code 2.1.332, behaviour campaign of 2026-12-01, situations post-bash, prompt, stop, cell exit0_hso-deny_none (fixtures/live/campaign/observations/{post-bash,prompt,stop}/claude.json; situation shell, cell exit0_hso-deny-otherevent_none: fixtures/live/campaign/observations/shell/claude.json); code: npm @anthropic-ai/claude-code 2.1.332 bin/claude.exe, `rse` (throws \"Hook returned incorrect event name\" when hookSpecificOutput.hookEventName is not the event that ran, unless decision is \"block\")";

/// The live situation that shows `continue: false` ignored at the session's start.
const SESSION_CELL: &str = "real agent: Claude Code 2.1.332 (claude -p), 2026-12-01, situation session--continue-false (fixtures/live/situations/observations/session--continue-false--claude.json)";

/// The campaign cell that shows `ask` refused headless.
const ASK_CELL: &str = "real agent: Claude Code 2.1.332 (claude -p), behaviour campaign of 2026-12-01, cell exit0_hso-ask_none (fixtures/live/campaign/observations/shell/claude.json)";

/// failClosed: a failed start, a timeout, an exit other than 0/2, or invalid JSON counts as
/// exit 2.
#[rustfmt::skip]
const FAIL_CLOSED: &[Rule] = &[
    rule(Block).spec(SpecIf::FailClosed).on(CLOSED).ended(Ended::Timeout)
        .says("failClosed: a timeout counts as exit 2 in {agent}").src(TYPES),
    rule(Block).spec(SpecIf::FailClosed).on(CLOSED).ended(Ended::NotStarted)
        .says("failClosed: a failed start counts as exit 2 in {agent}").src(TYPES),
    rule(Block).spec(SpecIf::FailClosed).on(CLOSED).ended(Ended::Signal)
        .says("failClosed: a crash counts as exit 2 in {agent}").src(TYPES),
    rule(Block).spec(SpecIf::FailClosed).on(CLOSED).ended(Ended::ExitOther(&[0, 2]))
        .says("failClosed: exit {exit} counts as exit 2 in {agent}").src(TYPES),
    rule(Block).spec(SpecIf::FailClosed).on(CLOSED).exit(0).reply(Shape::BadJson)
        .says("failClosed: invalid JSON counts as exit 2").src(TYPES),
];

/// Claude Code's rules but `failClosed` (a Claude Code setting), which the agents that read
/// replies "as Claude Code" share.
#[rustfmt::skip]
pub const AS_CLAUDE: &[Rule] = &[
    // How the command ended.
    rule(Timeout).ended(Ended::Timeout)
        .says("{agent} lets the action through after a timeout").src(REAL),
    rule(Error).ended(Ended::NotStarted).says("the command did not start: {error}").src(DOCS),
    rule(Error).ended(Ended::Signal).says("the hook was killed by a signal").src(DOCS),
    // Exit 2: stdout and any JSON in it are ignored; stderr goes to the model.
    rule(Error).on(Ev::NotBlocking).exit(2)
        .says("exit 2 cannot stop anything on {event}; stderr is shown to the user").src(SPEC),
    rule(Block).exit(2).src(REAL),
    note("stdout is ignored on exit 2").on(Ev::Blocking).exit(2).reply(Shape::Some).src(DOCS),
    note("exit 2 with empty stderr still blocks, with no reason for the model")
        .on(Ev::Blocking).exit(2).stderr(Text::Empty).src(REAL),
    rule(Error).ended(Ended::ExitOther(&[0, 2]))
        .says("exit {exit} is a non-blocking error in {agent}: the action goes ahead").fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(REAL),
    // Exit 0: nothing, text, or JSON.
    rule(Allow).exit(0).reply(Shape::Empty).src(REAL),
    rule(Allow).exit(0).reply(Shape::BadJson)
        .says("stdout is not valid JSON; it is ignored").src(DOCS),
    rule(Allow).on(Ev::StdoutContext).exit(0).reply(Shape::Plain).context()
        .says("plain stdout is added to the model's context").src(DOCS),
    rule(Allow).exit(0).reply(Shape::Plain)
        .says("plain stdout only goes to the transcript; the model never sees it").src(DOCS),
    // `continue: false` stops the agent entirely and wins over any decision.
    rule(Block).exit(0).json(&[Test::Bool("continue", false)]).effect(Effect::Halted)
        .says("continue: false stops {agent} entirely").src(DOCS),
    rule(Block).on(Ev::Blocking).exit(0).json(&[Test::Is(HSO_DECISION, "deny")]).src(REAL),
    rule(Allow).on(Ev::Is(&["PreToolUse"])).exit(0).json(&[Test::Is(HSO_DECISION, "allow")]).stated()
        .says("permissionDecision \"allow\" approves the call: PermissionRequest hooks do not fire").src(EVENTS),
    rule(Allow).exit(0).json(&[Test::Is(HSO_DECISION, "ask")])
        .uncounted("permissionDecision \"ask\" leaves the call to the user").src(DOCS),
    rule(Allow).exit(0).json(&[Test::Is(HSO_DECISION, "defer")])
        .says("permissionDecision \"defer\" defers to the next rule").src(TYPES),
    rule(Block).on(Ev::Blocking).exit(0)
        .json(&[Test::Is("hookSpecificOutput.decision.behavior", "deny")]).src(DOCS),
    rule(Block).on(Ev::Blocking).exit(0).json(&[Test::Is("decision", "block")]).src(REAL),
    rule(Error).on(Ev::NotBlocking).exit(0).json(&[Test::Is("decision", "block")])
        .says("decision \"block\" cannot stop anything on {event}").src(SPEC),
    rule(Allow).exit(0).json(&[Test::StrNot("decision", &["block", "approve"])])
        .says("decision \"{value}\" means nothing to {agent}: only \"block\" and \"approve\" do")
        .src(REAL),
    rule(Allow).exit(0).json(&[Test::Has("permissionDecision")])
        .says("a top-level permissionDecision is ignored by {agent}: it belongs in hookSpecificOutput")
        .src(REAL),
    rule(Allow).exit(0).json(&[]).src(DOCS),
];
