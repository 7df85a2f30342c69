//! How Kiro CLI 3 reads a hook's reply: one row a rule, first decision wins. Only the exit
//! code decides, except a Stop hook's `decision: block`.

use crate::contract::reply::{Ended, Ev, Rule, Shape, Test, Text, rule};
use crate::verdict::Decision::{Allow, Block, Error, Timeout};

/// The behaviour spec (docs/reference/seeds/002_868b68abc3040bdc.txt, "Kiro replies",
/// "Assumed results").
const SPEC: &str = "behaviour spec: docs/reference/seeds/002_868b68abc3040bdc.txt (Kiro replies)";
/// kiro.dev/docs/cli/v3/hooks, and the CLI 2 engine it descends from.
const DOCS: &str = "docs: https://kiro.dev/docs/cli/v3/hooks; source: aws/amazon-q-developer-cli @15cc8f3c crates/chat-cli/src/cli/agent/hook.rs";

const PRE: Ev = Ev::Is(&["PreToolUse"]);
const PROMPT: Ev = Ev::Is(&["UserPromptSubmit"]);
const STOP: Ev = Ev::Is(&["Stop"]);
const CLI_SENDS: &str = "only the Kiro IDE blocks prompts; the CLI sends the prompt on";
const KEEPS: &str = "exit 1: Kiro keeps the agent running with the hook's reason";
const KEEPS_JSON: &str = "decision: block: Kiro keeps the agent running with the hook's reason";
const BLOCK: Test = Test::Is("decision", "block");

/// The rules, in the order Kiro applies them.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    rule(Timeout).ended(Ended::Timeout).says("Kiro shows a warning and goes on after a timeout").src(DOCS),
    rule(Error).ended(Ended::NotStarted)
        .says("the command did not start: {error}; Kiro shows a warning and goes on").src(DOCS),
    rule(Error).ended(Ended::Signal).says("the hook was killed by a signal; Kiro goes on").src(DOCS),
    // PreToolUse: exit 2 blocks; JSON is not read.
    rule(Allow).on(PRE).exit(0).src(DOCS),
    rule(Block).on(PRE).exit(2).says("exit 2: stderr goes back to the model as the tool result").src(SPEC),
    rule(Error).on(PRE)
        .uncounted("exit {exit}: Kiro's docs disagree on whether a non-zero exit other than 2 blocks PreToolUse")
        .src(SPEC),
    // UserPromptSubmit: the CLI never blocks; output is context.
    rule(Allow).on(PROMPT).exit(0).reply(Shape::Some).context().says(CLI_SENDS).src(SPEC),
    rule(Allow).on(PROMPT).exit(0).says(CLI_SENDS).src(SPEC),
    rule(Allow).on(PROMPT).context()
        .says("only the Kiro IDE blocks prompts; the CLI sends the prompt on; exit {exit} adds the hook's output and exit code to the context")
        .src(SPEC),
    // Stop: exit 1, or exit 0 with `decision: block`, keeps the agent running; the reason
    // (stderr, else stdout; or the JSON `reason`) goes to the model.
    rule(Block).on(STOP).exit(1).stderr(Text::Some).context().says(KEEPS).src(SPEC),
    rule(Block).on(STOP).exit(1).reply(Shape::Some).context().says(KEEPS).src(SPEC),
    rule(Block).on(STOP).exit(1).says(KEEPS).src(SPEC),
    rule(Block).on(STOP).exit(0).json(&[BLOCK, Test::StrNot("reason", &[""])]).context().says(KEEPS_JSON).src(SPEC),
    rule(Block).on(STOP).exit(0).json(&[BLOCK]).says(KEEPS_JSON).src(SPEC),
    rule(Allow).on(STOP).exit(0).src(SPEC),
    rule(Error).on(STOP).says("exit {exit}: Kiro shows a warning and lets the agent stop").src(SPEC),
    // Every other event.
    rule(Allow).exit(0).src(DOCS),
    rule(Error).says("exit {exit}: Kiro shows a warning and goes on").src(SPEC),
];
