//! How the Devin CLI reads a hook's reply (docs.devin.ai lifecycle hooks via protocols-a.md
//! §6b; the seed's "Windsurf replies"): one row a rule, first decision wins. Exit 2 or
//! `decision: block` blocks where the docs give it a meaning; what they leave unsaid is not
//! counted.

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, note, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};
use crate::verdict::Effect;

/// docs.devin.ai/cli/extensibility/hooks (overview, lifecycle-hooks), read 2026-11-30.
const DOCS: &str =
    "docs: https://docs.devin.ai/cli/extensibility/hooks/lifecycle-hooks (2026-11-30)";
/// The seed (docs/reference/seeds/002_868b68abc3040bdc.txt), "Windsurf replies".
const SEED: &str = "spec: docs/reference/seeds/002_868b68abc3040bdc.txt (Windsurf replies)";

const EXIT_2: &str = "exit 2: stderr is the reason";
const NO_MEANING: &str = "the Devin CLI docs give a block on {event} no meaning";
const BLOCK: Test = Test::Is("decision", "block");
const OWN: Test = Test::IsEvent("hookSpecificOutput.hookEventName");

/// The rules, in the order the Devin CLI applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout).says("the Devin CLI docs do not say what a timeout does").src(SEED),
    rule(Error).ended(Ended::NotStarted).says("the command did not start: {error}").src(SEED),
    rule(Error).ended(Ended::Signal).says("the hook was killed by a signal").src(SEED),
    // Exit 2 blocks; a JSON reply beside it is read only when it says block too.
    rule(Block).on(Ev::Blocking).exit(2).json(&[BLOCK]).says(EXIT_2).src(DOCS),
    rule(Block).on(Ev::Blocking).exit(2).json(&[]).says(EXIT_2)
        .uncounted("the Devin CLI docs do not say how a JSON reply on exit 2 is read").src(SEED),
    rule(Block).on(Ev::Blocking).exit(2).says(EXIT_2).src(DOCS),
    rule(Block).exit(2).effect(Effect::Proceeds).says(EXIT_2).uncounted(NO_MEANING).src(SEED),
    // Any other exit but 0: logged, and the action goes on.
    rule(Error).ended(Ended::NotExit(0)).json(&[]).says("exit {exit}: the Devin CLI logs it and goes on")
        .uncounted("the Devin CLI docs do not say how a JSON reply on exit {exit} is read").fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(SEED),
    rule(Error).ended(Ended::NotExit(0)).says("exit {exit}: the Devin CLI logs it and goes on").fix("{agent} blocks only on exit 2 (any other failure lets the action through): exit 2 with the reason on stderr").src(DOCS),
    // Exit 0.
    rule(Allow).reply(Shape::BadJson)
        .uncounted("the reply is not valid JSON, and the Devin CLI docs do not say how that is read").src(SEED),
    rule(Allow).reply(Shape::NotJson).src(DOCS),
    rule(Block).on(Ev::Blocking).json(&[BLOCK]).src(DOCS),
    rule(Block).json(&[BLOCK]).effect(Effect::Proceeds).uncounted(NO_MEANING).src(SEED),
    rule(Allow).json(&[Test::Is("decision", "approve")]).src(SEED),
    rule(Allow).json(&[Test::StrNot("decision", &[])])
        .uncounted("decision \"{value}\" has no meaning in the Devin CLI docs").src(SEED),
    rule(Allow).json(&[]).src(DOCS),
    // hookSpecificOutput counts only when its hookEventName names the event that ran.
    note("").on(Ev::Is(&["UserPromptSubmit", "SessionStart", "PostToolUse"])).exit(0)
        .json(&[OWN, Test::NotNull("hookSpecificOutput.additionalContext")]).context().src(SEED),
    note("the Devin CLI merges hookSpecificOutput.updatedInput into the tool's arguments")
        .on(Ev::Is(&["PreToolUse"])).exit(0)
        .json(&[OWN, Test::Has("hookSpecificOutput.updatedInput")]).rewrites().src(DOCS),
];
