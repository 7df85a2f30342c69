//! Every agent hookcheck knows, one folder each, and the registry that lists them.
//!
//! A tool is plain data plus three functions: `plan` turns a spec and a trigger into what the
//! agent would run (or why it would not), `read` turns one command's outcome into a decision by
//! the agent's rules, and `combine` folds a tool's command readings into one. The contract also
//! names the agent's native-file loader and live driver (or why it has none), so [`ALL`] is the
//! one registry: adding an agent is one new folder and one line there.

pub mod shared;

pub mod live;
pub mod native;

#[cfg(test)]
pub mod testing;

use crate::contract::Contract;
use crate::exec::Outcome;
use crate::verdict::Reading;

pub use crate::contract::{PlanContext, ReadContext};
pub use crate::plan::{Plan, PlannedCommand, RunPlan};

/// One agent: who it is, where its rules come from, and its contract.
pub struct Tool {
    /// The id used on the command line (`-t claude`).
    pub id: &'static str,
    /// The agent's name for people.
    pub name: &'static str,
    /// The day the sources were read.
    pub checked: &'static str,
    /// Where the rules in the tool's folder come from, most authoritative first.
    pub sources: &'static [&'static str],
    /// Variables the agent sets in its own sessions; removed from every other tool's hooks.
    pub session_vars: &'static [&'static str],
    /// Facts a user needs that running the hook cannot show (trust gates, ...).
    pub notes: &'static [&'static str],
    /// How hookcheck reads the agent's own hook files, or why it has none to read.
    pub files: Files,
    /// How live mode runs the real agent, or why it cannot here.
    pub live: Live,
    /// The agent's hooks: commands by a contract, or why it has none.
    pub hooks: Hooks,
}

/// What an agent's hooks are.
#[derive(Clone, Copy)]
pub enum Hooks {
    /// Commands, planned and read by this contract with the one planner and reader.
    Commands(&'static Contract),
    /// Commands by this contract, with the agent's own planner or reader where no table can
    /// say what it does (its folder says why).
    Own(&'static Contract, Own),
    /// Not commands (in-process plugins, extensions), for this reason: hookcheck runs none.
    NotCommands(&'static str),
}

/// An agent's own planner and reader; `None`: the one over the contract.
#[derive(Clone, Copy)]
pub struct Own {
    /// The agent's own planner.
    pub plan: Option<fn(&PlanContext) -> Plan>,
    /// The agent's own reader.
    pub read: Option<fn(&ReadContext, &Outcome) -> Reading>,
}

impl Own {
    /// The agent's own planner; the one reader over the contract's rules.
    pub const fn plan(plan: fn(&PlanContext) -> Plan) -> Own {
        Own {
            plan: Some(plan),
            read: None,
        }
    }

    /// The agent's own planner and reader.
    pub const fn both(
        plan: fn(&PlanContext) -> Plan,
        read: fn(&ReadContext, &Outcome) -> Reading,
    ) -> Own {
        Own {
            plan: Some(plan),
            read: Some(read),
        }
    }
}

/// An agent's own hook files.
pub enum Files {
    /// Read by this loader (the agent folder's `native.rs`).
    Loader(&'static native::Loader),
    /// The agent keeps no hook commands in a file, for this reason.
    None(&'static str),
}

/// The real agent in live mode.
pub enum Live {
    /// Run by this driver (the agent folder's `live.rs`).
    Driver(&'static live::Driver),
    /// Not run live here, for this reason.
    Cannot(&'static str),
}

impl Tool {
    /// The agent's contract, when its hooks are commands.
    pub fn contract(&self) -> Option<&'static Contract> {
        match self.hooks {
            Hooks::Commands(c) | Hooks::Own(c, _) => Some(c),
            Hooks::NotCommands(_) => None,
        }
    }

    /// The agent's own planner and reader, when it has either.
    fn own(&self) -> Own {
        match self.hooks {
            Hooks::Own(_, own) => own,
            _ => Own {
                plan: None,
                read: None,
            },
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
        match (self.contract(), self.own().plan) {
            (None, _) => shared::never_runs(cx, self.why_no_commands()),
            (Some(_), Some(own)) => own(cx),
            (Some(c), None) => crate::plan::plan(self.id, c, cx),
        }
    }

    /// One command's outcome, read by the agent's rules.
    pub fn read(&self, cx: &ReadContext, out: &Outcome) -> Reading {
        let Some(c) = self.contract() else {
            return Reading::allow().not_counted(self.why_no_commands());
        };
        // An agent that keeps only the start of each stream reads its reply from that.
        let cut = c.run.output_limit.and_then(|n| Some((n, out.cut_to(n)?)));
        let seen = cut.as_ref().map_or(out, |(_, o)| o);
        let mut reading = match self.own().read {
            Some(own) => own(cx, seen),
            None => crate::contract::reply::read(c, cx, seen),
        };
        if let Some((n, _)) = cut {
            reading.notes.push(format!(
                "{} keeps only the first {} of stdout and of stderr: the reply is read from \
                 that, as it reads it",
                c.agent,
                bytes_text(n)
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
            None => shared::strongest(cx, readings),
        }
    }

    /// Why the agent's hooks are not commands; empty when they are.
    pub fn why_no_commands(&self) -> &'static str {
        match self.hooks {
            Hooks::NotCommands(why) => why,
            Hooks::Commands(_) | Hooks::Own(..) => "",
        }
    }

    /// The loader of the agent's own hook files, when it has one.
    pub fn loader(&self) -> Option<&'static native::Loader> {
        match self.files {
            Files::Loader(l) => Some(l),
            Files::None(_) => None,
        }
    }

    /// The agent's live driver, when it has one.
    pub fn driver(&self) -> Option<&'static live::Driver> {
        match self.live {
            Live::Driver(d) => Some(d),
            Live::Cannot(_) => None,
        }
    }
}

/// Declares each agent's folder and lists its `TOOL` in [`ALL`], in one place: adding an agent
/// is its folder and its name here.
// rustfmt does not follow the module declarations this macro makes: `cargo fmt -- src/tools/*/mod.rs`
// formats the agent folders (.ci/run checks them so).
macro_rules! registry {
    ($($agent:ident),* $(,)?) => {
        $(pub mod $agent;)*

        /// The registry: every tool, in the order they are reported.
        pub static ALL: &[&Tool] = &[$(&$agent::TOOL),*];
    };
}

registry!(
    claude,
    codex,
    gemini,
    qwen,
    cursor,
    copilot,
    kiro,
    cline,
    windsurf,
    windsurf_cascade,
    vscode,
    factory,
    qoder,
    trae,
    openhands,
    goose,
    augment,
    crush,
    antigravity,
    spettro,
    opencode,
    kilo,
    zed,
    pi,
);

/// The tool with this id.
pub fn find(id: &str) -> Option<&'static Tool> {
    ALL.iter().copied().find(|t| t.id == id)
}

/// The agents whose contracts say what `timeout: 0` means (Kiro: no limit; Crush and Spettro:
/// their default). For every other agent 0 is undocumented, and a hook stopped at once or
/// never gives a verdict that changes run to run.
pub const ZERO_TIMEOUT_DOCUMENTED: &[&str] = &["kiro", "crush", "spettro"];

/// Every event name some agent knows (its own spelling), each once, in registry order: the
/// events of every tool and of every agent whose hook files hookcheck reads.
pub fn all_events() -> Vec<&'static str> {
    events_of(ALL)
}

/// Every event of `tools` and of every native loader, each once.
pub fn events_of(tools: &[&'static Tool]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    let each = tools
        .iter()
        .flat_map(|t| t.event_names())
        .chain(native::loaders().flat_map(|l| l.events.iter().copied()));
    for e in each {
        if !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

/// The ids of every tool, in registry order.
pub fn ids() -> impl Iterator<Item = &'static str> + Clone {
    ALL.iter().map(|t| t.id)
}

/// The caller's environment less every variable any agent sets in its sessions, so that a
/// hook run for one agent does not see another's (or the caller's own agent's) session.
pub fn scrub_env(vars: impl IntoIterator<Item = (String, String)>) -> Vec<(String, String)> {
    vars.into_iter()
        .filter(|(k, _)| !ALL.iter().any(|t| t.session_vars.contains(&k.as_str())))
        .collect()
}

/// `n` bytes for people: `1 MiB`, or `1000 bytes`.
pub fn bytes_text(n: usize) -> String {
    if n > 0 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else {
        format!("{n} bytes")
    }
}
