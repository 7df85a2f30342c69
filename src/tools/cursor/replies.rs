//! How Cursor reads a hook's reply (behaviour spec, "Cursor replies"; protocols-a.md §5):
//! one row a rule, first decision wins. A failure fails open, or blocks with `failClosed: true`
//! where the event can stop anything; exit 2 blocks "for compatibility" with Claude Code; at
//! exit 0 a permission event needs a valid JSON reply, or Cursor denies the action.

use crate::contract::reply::{Ended, Ev, Rule, Shape, SpecIf, Test, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};

/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt), "Cursor replies".
const SPEC: &str = "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt (Cursor replies)";
/// cursor.com/docs/agent/hooks through secondary summaries (protocols-a.md §5), read 2026-11-30.
const DOCS: &str =
    "docs: https://cursor.com/docs/agent/hooks via protocols-a.md §5 [2nd], 2026-11-30";

/// Events whose reply is a `permission`.
const PERMISSION: Ev = Ev::Is(&[
    "beforeShellExecution",
    "beforeMCPExecution",
    "beforeReadFile",
    "beforeTabFileRead",
    "subagentStart",
    "preToolUse",
]);
const PROMPT: Ev = Ev::Is(&["beforeSubmitPrompt"]);
const CLOSED: SpecIf = SpecIf::FailClosed;

/// The rules, in the order Cursor applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    // failClosed, where the event can stop anything: a failure blocks.
    rule(Block).spec(CLOSED).on(Ev::Blocking).ended(Ended::Timeout)
        .says("failClosed: a timeout blocks in {agent}").src(SPEC),
    rule(Block).spec(CLOSED).on(Ev::Blocking).ended(Ended::NotStarted)
        .says("failClosed: a failed start blocks in {agent}").src(SPEC),
    rule(Block).spec(CLOSED).on(Ev::Blocking).ended(Ended::Signal)
        .says("failClosed: a crash blocks in {agent}").src(SPEC),
    rule(Block).spec(CLOSED).on(Ev::Blocking).ended(Ended::ExitOther(&[0, 2]))
        .says("failClosed: exit {exit} blocks in {agent}").src(SPEC),
    // A failure fails open.
    rule(Timeout).ended(Ended::Timeout)
        .says("{agent} lets the action through after a timeout").src(SPEC),
    rule(Error).ended(Ended::NotStarted)
        .says("the command did not start: {error}; {agent} lets the action through").src(SPEC),
    rule(Error).ended(Ended::Signal)
        .says("the hook was killed by a signal; {agent} lets the action through").src(SPEC),
    // Exit 2 blocks "for compatibility" with Claude Code.
    rule(Error).on(Ev::NotBlocking).exit(2).says("exit 2 cannot stop anything on {event}").src(SPEC),
    rule(Block).exit(2).says("exit 2 blocks in {agent}").src(DOCS),
    rule(Error).ended(Ended::ExitOther(&[0, 2]))
        .says("exit {exit}: the hook failed and {agent} lets the action through").fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(SPEC),
    // Exit 0: no output at all fails open.
    rule(Allow).reply(Shape::Empty).src(SPEC),
    // A permission event: `permission` is allow, deny or ask, or absent.
    rule(Block).on(PERMISSION).json(&[Test::Is("permission", "deny")]).says("permission \"deny\"").src(SPEC),
    rule(Allow).on(Ev::Is(&["preToolUse"])).json(&[Test::Is("permission", "ask")])
        .says("permission \"ask\" is not enforced on preToolUse").src(SPEC),
    rule(Block).on(PERMISSION).json(&[Test::Is("permission", "ask")])
        .says("permission \"ask\": Cursor stops and asks the user").src(SPEC),
    rule(Allow).on(PERMISSION).json(&[Test::Is("permission", "allow")]).src(SPEC),
    rule(Allow).on(PERMISSION).json(&[Test::Lacks("permission")]).src(SPEC),
    rule(Block).on(PERMISSION).ignores_context()
        .says("stdout is not a valid JSON reply: Cursor denies the action").src(SPEC),
    // Elsewhere.
    rule(Allow).reply(Shape::NotJson).says("stdout is not a JSON reply; Cursor ignores it here").src(SPEC),
    note("failClosed does not turn unreadable output into a block on this event")
        .spec(CLOSED).on(PROMPT).reply(Shape::NotJson).src(SPEC),
    rule(Block).on(PROMPT).json(&[Test::Bool("continue", false)])
        .says("continue: false stops the prompt").src(DOCS),
    rule(Allow).on(Ev::Is(&["stop", "subagentStop"])).json(&[Test::StrNot("followup_message", &[])])
        .context().says("followup_message is sent as the next prompt (up to loop_limit)").src(DOCS),
    rule(Allow).on(PROMPT).json(&[]).ignores_context().src(DOCS),
    rule(Allow).json(&[]).src(DOCS),
    // updated_input rewrites the call on a permission event only.
    note("").on(PERMISSION).json(&[Test::NotNull("updated_input")]).rewrites().src(SPEC),
];
