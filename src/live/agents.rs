//! The agents live mode can run, walked from the one registry: each with its driver.

use std::ops::Deref;

use super::driver::Driver;
use crate::agent::{Agent, Live};

/// An agent live mode runs, with its driver. It reads as its driver (`live.setup`,
/// `live.package`); who it is comes from the agent.
#[derive(Clone, Copy)]
pub struct LiveAgent {
    /// The agent.
    pub agent: &'static Agent,
    /// How live mode runs it.
    pub driver: &'static Driver,
}

impl LiveAgent {
    /// The agent's id.
    pub fn id(&self) -> &'static str {
        self.agent.id
    }

    /// The agent's name for people.
    pub fn name(&self) -> &'static str {
        self.agent.name
    }
}

impl Deref for LiveAgent {
    type Target = Driver;

    fn deref(&self) -> &Driver {
        self.driver
    }
}

/// Every agent with a live driver, in registry order.
pub fn all() -> impl Iterator<Item = LiveAgent> + Clone {
    crate::tools::ALL
        .iter()
        .filter_map(|&agent| agent.driver().map(|driver| LiveAgent { agent, driver }))
}

/// The agent `id`, when live mode can run it.
pub fn find(id: &str) -> Option<LiveAgent> {
    all().find(|l| l.id() == id)
}

/// Agents hookcheck knows but cannot run live here: (name, why), in registry order.
pub fn not_live() -> impl Iterator<Item = (&'static str, &'static str)> {
    crate::tools::ALL.iter().filter_map(|a| match a.live {
        Live::Driver(_) => None,
        Live::Cannot(why) => Some((a.name, why)),
    })
}

/// The live-mode part of `hookcheck tools`: which agents run live, and which cannot and why.
pub fn tools_section() -> String {
    let mut out = String::from("\nlive mode (`hookcheck live`) runs:\n");
    for d in all() {
        out.push_str(&format!("  {} ({}): {}\n", d.id(), d.name(), d.install()));
    }
    out.push_str("live mode cannot run here:\n");
    for (name, why) in not_live() {
        out.push_str(&format!("  {name}: {why}\n"));
    }
    out
}
