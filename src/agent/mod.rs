//! One agent as one value: who it is, where its rules come from, and what hookcheck knows of
//! it — its hook contract, its hook files and how live mode runs it.
//!
//! Each folder under `src/tools/` defines one `pub static AGENT: Agent`; the contract, the
//! file loader and the live driver it points at carry no identity of their own (no id, name,
//! date or sources), so nothing about an agent is said twice.

pub mod shared;
#[cfg(test)]
pub mod testing;

use crate::contract::{Contract, PlanContext, ReadContext};
use crate::exec::Outcome;
use crate::live::driver::Driver;
use crate::native::loader::Loader;
use crate::plan::Plan;
use crate::verdict::Reading;

/// One agent.
pub struct Agent {
    /// The id used on the command line (`-t claude`).
    pub id: &'static str,
    /// The agent's name for people, the one used in every message.
    pub name: &'static str,
    /// The day the sources were read.
    pub checked: &'static str,
    /// Where the rules in the agent's folder come from (its contract, its files, its live
    /// recipe), most authoritative first.
    pub sources: &'static [&'static str],
    /// Variables the agent sets in its own sessions; removed from every other agent's hooks.
    pub session_vars: &'static [&'static str],
    /// Facts a user needs that running the hook cannot show (trust gates, ...).
    pub notes: &'static [&'static str],
    /// The agent's hooks: commands by a contract, or why it has none.
    pub hooks: Hooks,
    /// How hookcheck reads the agent's own hook files, or why it has none to read.
    pub files: Files,
    /// How live mode runs the real agent, or why it cannot here.
    pub live: Live,
}

/// What an agent's hooks are.
#[derive(Clone, Copy)]
pub enum Hooks {
    /// Commands, planned by the one planner and read by the one reader over this contract:
    /// where no table can say what the agent does, the contract's hook points
    /// ([`crate::contract::Quirks`], [`crate::contract::reply::Reply::prepare`]) do.
    Commands(&'static Contract),
    /// Not commands (in-process plugins, extensions), for this reason: hookcheck runs none.
    NotCommands(&'static str),
}

/// An agent's own hook files.
pub enum Files {
    /// Read by this loader (the agent folder's `native.rs`).
    Loader(&'static Loader),
    /// The agent keeps no hook commands in a file, for this reason.
    None(&'static str),
}

/// The real agent in live mode.
pub enum Live {
    /// Run by this driver (the agent folder's `live.rs`).
    Driver(&'static Driver),
    /// Not run live here, for this reason.
    Cannot(&'static str),
}

impl Agent {
    /// The agent's contract, when its hooks are commands.
    pub fn contract(&self) -> Option<&'static Contract> {
        match self.hooks {
            Hooks::Commands(c) => Some(c),
            Hooks::NotCommands(_) => None,
        }
    }

    /// The agent's hook events, in its own spelling.
    pub fn event_names(&self) -> Vec<&'static str> {
        self.contract()
            .map(|c| c.event_names().collect())
            .unwrap_or_default()
    }

    /// What the agent would run for this spec and trigger.
    pub fn plan(&self, cx: &PlanContext) -> Plan {
        crate::plan::plan(self, cx)
    }

    /// One command's outcome, read by the agent's rules.
    pub fn read(&self, cx: &ReadContext, out: &Outcome) -> Reading {
        let Some(c) = self.contract() else {
            return Reading::allow().not_counted(self.why_no_commands());
        };
        // An agent that keeps only the start of each stream reads its reply from that.
        let cut = c.run.output_limit.and_then(|n| Some((n, out.cut_to(n)?)));
        let seen = cut.as_ref().map_or(out, |(_, o)| o);
        let mut reading = crate::contract::reply::read(self.name, c, cx, seen);
        if let Some((n, _)) = cut {
            reading.notes.push(format!(
                "{} keeps only the first {} of stdout and of stderr: the reply is read from \
                 that, as it reads it",
                self.name,
                crate::contract::describe::bytes_text(n)
            ));
        }
        reading
    }

    /// The most bytes of a stream this agent reads: its own limit, if it has one.
    pub fn output_limit(&self) -> Option<usize> {
        self.contract().and_then(|c| c.run.output_limit)
    }

    /// The readings of the commands that ran, folded into the agent's verdict.
    pub fn combine(&self, cx: &ReadContext, readings: &[Reading]) -> Reading {
        match self.contract() {
            Some(c) => (c.reply.combine)(cx, readings),
            None => crate::contract::strongest(cx, readings),
        }
    }

    /// Why the agent's hooks are not commands; empty when they are.
    pub fn why_no_commands(&self) -> &'static str {
        match self.hooks {
            Hooks::NotCommands(why) => why,
            Hooks::Commands(_) => "",
        }
    }

    /// The loader of the agent's own hook files, when it has one.
    pub fn loader(&self) -> Option<&'static Loader> {
        match self.files {
            Files::Loader(l) => Some(l),
            Files::None(_) => None,
        }
    }

    /// The agent's live driver, when it has one.
    pub fn driver(&self) -> Option<&'static Driver> {
        match self.live {
            Live::Driver(d) => Some(d),
            Live::Cannot(_) => None,
        }
    }

    /// Whether the agent's contract says what `timeout: 0` means (no limit, or its default).
    /// For every other agent 0 is undocumented, and a hook stopped at once or never gives a
    /// verdict that changes run to run.
    pub fn documents_zero_timeout(&self) -> bool {
        self.contract()
            .is_some_and(|c| c.run.zero_timeout != crate::contract::Zero::AsGiven)
    }
}
