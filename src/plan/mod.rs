//! What an agent would run for a hook and a trigger: the plan types, and the one planner that
//! builds a plan from an agent's [`Contract`](crate::contract::Contract).

pub mod assumed;
pub mod build;
mod generic;
mod input;
pub mod transcript;

pub use generic::{event_and_matcher, expand, never_runs, plan, resolve, resolve_env_refs};

use crate::exec::Invocation;
use crate::verdict::Assumption;

/// What a tool would do with a hook for a trigger.
#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    /// The agent would not run the hook: no such event, a trigger it cannot build, a shell it
    /// does not have here.
    NotRun {
        /// The event, when it is known.
        event: Option<String>,
        /// Why, and what to do about it.
        reason: String,
    },
    /// The event fires but the matcher (or `if` rule) does not pick the hook, so the action
    /// goes ahead.
    Skipped {
        /// The event.
        event: String,
        /// The tool name or source the matcher saw.
        trigger: Option<String>,
        /// Why the hook does not fire.
        reason: String,
    },
    /// The agent runs these commands.
    Run(RunPlan),
}

/// The commands an agent would run for one event.
#[derive(Debug, Clone, PartialEq)]
pub struct RunPlan {
    /// The event, in the agent's spelling.
    pub event: String,
    /// The tool name or source the hook fired on (`Write`, `startup`).
    pub trigger: Option<String>,
    /// One entry per handler.
    pub commands: Vec<PlannedCommand>,
    /// What had to be assumed.
    pub assumptions: Vec<Assumption>,
    /// What a user should know.
    pub notes: Vec<String>,
}

/// One handler: what is shown, and what runs (or why it does not).
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedCommand {
    /// The command as the user wrote it.
    pub display: String,
    /// The process to start, or why this command is not run.
    pub invocation: Result<Invocation, String>,
    /// The agent does not wait for it, so its result is shown but not judged.
    pub is_async: bool,
    /// The event it is on, when not the plan's: one the agent fires on the same call after
    /// the plan's ([`crate::contract::Run::also_fires`]), whose reply is read by its own rules.
    pub event: Option<String>,
    /// Variables of the caller's environment whose values the agent pastes into the command
    /// text (name, value): what hookcheck shows of the command says `$NAME` instead, so a
    /// value never reaches the output.
    pub pasted: Vec<(String, String)>,
}
