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

/// What a not-run reason says before the change that makes the hook run: the hook is not run
/// as written (by hookcheck, nor, where the agent refuses it, by the agent), and a simple
/// change to the hook itself, not to the agent or the machine, would make it run. The sweep
/// shows such a cell apart from one that does not apply (`not-run-fixable`).
pub const FIXABLE: &str = " (fixable: ";

/// A not-run reason whose cause is a property of the hook as written: `why`, then `fix`, the
/// change to the hook that makes it run (one clause, with no `)` and no `; ` in it, so that
/// [`fixes`] finds it again in reasons joined with `; `).
pub fn fixable(why: impl std::fmt::Display, fix: &str) -> String {
    debug_assert!(
        !fix.contains(')') && !fix.contains("; "),
        "a fix is one clause: {fix}"
    );
    format!("{why}{FIXABLE}{fix})")
}

/// The fixes a not-run reason names ([`fixable`]), in order, each once; none when the hook
/// is not run for a reason no change to it can remove.
pub fn fixes(reason: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for (at, _) in reason.match_indices(FIXABLE) {
        let rest = &reason[at + FIXABLE.len()..];
        let fix = rest.split_once(')').map_or(rest, |(f, _)| f);
        if !out.contains(&fix) {
            out.push(fix);
        }
    }
    out
}

/// A not-run reason without the fixes it names ([`fixable`]): the cause alone.
pub fn without_fixes(reason: &str) -> String {
    let mut out = String::new();
    let mut rest = reason;
    while let Some(at) = rest.find(FIXABLE) {
        out.push_str(&rest[..at]);
        let after = &rest[at + FIXABLE.len()..];
        rest = after.split_once(')').map_or("", |(_, r)| r);
    }
    out.push_str(rest);
    out
}

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
    /// The input on its stdin as it was built (the bytes there encode it), so that its reply
    /// is read against it without parsing them again; None when the agent sends the user's
    /// payload unchanged (read from the trigger) or it was not kept.
    pub input: Option<std::sync::Arc<serde_json::Value>>,
}

#[cfg(test)]
mod tests {
    use super::{fixable, fixes, without_fixes};

    #[test]
    fn a_fixable_reason_gives_back_its_fixes_and_its_cause() {
        let one = fixable(
            "timeout 0: the agent does not say",
            "give the hook a timeout above 0",
        );
        let two = fixable(
            "matcher \"(\" is not a valid regex (unclosed group)",
            "write the matcher as a valid regex",
        );
        let joined = format!("a.json:3: {one}; a.json:9: {two}; a.json:12: {one}");
        assert_eq!(
            fixes(&joined),
            [
                "give the hook a timeout above 0",
                "write the matcher as a valid regex"
            ]
        );
        assert_eq!(
            without_fixes(&joined),
            "a.json:3: timeout 0: the agent does not say; a.json:9: matcher \"(\" is not a valid regex (unclosed group); a.json:12: timeout 0: the agent does not say"
        );
        assert!(fixes("the agent has no Stop event").is_empty());
        assert_eq!(
            without_fixes("the agent has no Stop event"),
            "the agent has no Stop event"
        );
    }
}
