//! The vocabulary of results: what one command decided, what a tool decided, and what was
//! assumed on the way.

use schemars::JsonSchema;
use serde::Serialize;

/// What a hook's reply means for the action it guards, as one agent reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// The action goes ahead.
    Allow,
    /// The hook stopped the action (or, after a tool, sent a blocking reason back).
    Block,
    /// The hook failed (non-zero exit, bad reply, failed start) and the agent went on.
    Error,
    /// The hook ran past its timeout.
    Timeout,
    /// The agent would not run the hook at all.
    #[serde(rename = "not run")]
    NotRun,
}

impl Decision {
    /// The word used in text output and in `--expect`.
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Block => "block",
            Decision::Error => "error",
            Decision::Timeout => "timeout",
            Decision::NotRun => "not run",
        }
    }

    /// Rank for the default combination rule: block > timeout > error > allow > not run.
    pub fn strength(self) -> u8 {
        match self {
            Decision::Block => 4,
            Decision::Timeout => 3,
            Decision::Error => 2,
            Decision::Allow => 1,
            Decision::NotRun => 0,
        }
    }
}

impl std::fmt::Display for Decision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What happens to the action the hook guards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// The action goes ahead.
    Proceeds,
    /// The action is stopped; the agent carries on with its turn.
    Blocked,
    /// The whole turn or task stops.
    Halted,
}

impl Effect {
    /// The word used in text output and in `--expect`.
    pub fn as_str(self) -> &'static str {
        match self {
            Effect::Proceeds => "proceeds",
            Effect::Blocked => "blocked",
            Effect::Halted => "halted",
        }
    }
}

/// Something hookcheck had to assume because the agent's sources are silent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Assumption {
    /// What was assumed: `shell`, `timeout`, `cwd`, ...
    pub item: String,
    /// The value used.
    pub value: String,
    /// Why it had to be assumed.
    pub reason: String,
}

impl Assumption {
    /// Builds an assumption from its three parts.
    pub fn new(item: &str, value: impl Into<String>, reason: impl Into<String>) -> Self {
        Assumption {
            item: item.to_string(),
            value: value.into(),
            reason: reason.into(),
        }
    }
}

/// One command's reply, read by one agent's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The decision.
    pub decision: Decision,
    /// What happens to the action.
    pub effect: Effect,
    /// The reply adds context the model sees.
    pub adds_context: bool,
    /// The reply rewrites the tool's input.
    pub rewrites_input: bool,
    /// Whether this result is a firm prediction. `false` keeps it out of `--expect` and the
    /// comparison even with `--include-assumed` (the agent's own state decides).
    pub counted: bool,
    /// The reply stated a decision of its own (a `behavior`, a `decision`), as opposed to a
    /// default; agents that merge replies in order look only at these.
    pub decided: bool,
    /// What a user should know about how the reply was read.
    pub notes: Vec<String>,
    /// Where the rule that decided comes from (a reply row's source), when known.
    pub rule: Option<String>,
    /// The change that makes the hook decide here as elsewhere (the deciding row's fix).
    pub fix: Option<String>,
    /// The deciding reply row in words (`exit 2 → block`), when a row decided.
    pub why: Option<String>,
}

impl Reading {
    /// A reading with the usual effect for `decision`: block blocks, anything else proceeds.
    pub fn new(decision: Decision) -> Self {
        let effect = match decision {
            Decision::Block => Effect::Blocked,
            _ => Effect::Proceeds,
        };
        Reading {
            decision,
            effect,
            adds_context: false,
            rewrites_input: false,
            counted: true,
            decided: false,
            notes: Vec::new(),
            rule: None,
            fix: None,
            why: None,
        }
    }

    /// Allow.
    pub fn allow() -> Self {
        Reading::new(Decision::Allow)
    }

    /// Block.
    pub fn block() -> Self {
        Reading::new(Decision::Block)
    }

    /// Error: the hook failed and the agent went on.
    pub fn error() -> Self {
        Reading::new(Decision::Error)
    }

    /// Timeout.
    pub fn timeout() -> Self {
        Reading::new(Decision::Timeout)
    }

    /// Adds a note.
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Sets the effect (e.g. `Halted` when the agent stops the whole turn).
    pub fn effect(mut self, effect: Effect) -> Self {
        self.effect = effect;
        self
    }

    /// Marks that the reply adds context.
    pub fn context(mut self, adds: bool) -> Self {
        self.adds_context |= adds;
        self
    }

    /// Marks that the reply rewrites the tool input.
    pub fn rewrites(mut self, rewrites: bool) -> Self {
        self.rewrites_input |= rewrites;
        self
    }

    /// Marks that the reply stated this decision itself.
    pub fn stated(mut self) -> Self {
        self.decided = true;
        self
    }

    /// Marks the result as not counted, with the reason as a note.
    pub fn not_counted(mut self, reason: impl Into<String>) -> Self {
        self.counted = false;
        self.notes.push(format!("not counted: {}", reason.into()));
        self
    }
}
