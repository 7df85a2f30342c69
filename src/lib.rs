//! hookcheck: test AI coding agents' hooks the way each agent runs them.
//!
//! One hook spec and one trigger go through the pipeline
//! `spec → plan (per agent) → execute → read (per agent) → combine → judge → report`:
//!
//! - [`spec`] loads and validates the spec; [`trigger`] builds what the agent is about to do.
//! - [`tools`] is the registry: one folder per agent, each one [`agent::Agent`] value with its
//!   [`contract::Contract`] as data, its hook files' [`native::loader::Loader`] and its
//!   [`live::driver::Driver`]. Nothing outside `src/tools/` names an agent.
//! - [`plan`] is the one planner and [`contract::reply`] the one reader: they walk a contract,
//!   calling its hook points ([`contract::Quirks`]) where no table can say what it does.
//! - [`exec`] runs processes and knows no agent; [`run`] orchestrates one check, [`suite`] and
//!   [`sweep`] many; [`judge`] decides the exit status and [`report`] only formats.
//! - [`native`] reads the agents' own hook files (`lint`, `run --installed`); [`live`] runs the
//!   real agents headless against a fake model.
//! - [`error::Error`] is the one error type; [`app`] runs a subcommand and [`console`] renders
//!   its error once.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

// A build for Windows says why it cannot be, before the errors of the Unix-only code behind it
// (`cargo install hookcheck` there; the release, the wheels and the npm packages have no Windows
// binary, and the npm launcher and the Action say so too).
#[cfg(not(unix))]
compile_error!(
    "hookcheck does not support Windows: it needs Unix process groups and signals. Run it under WSL or in a Linux container."
);

pub mod agent;
pub mod app;
pub mod cli;
pub mod console;
pub mod contract;
pub mod error;
pub mod event;
pub mod exec;
#[doc(hidden)]
pub mod fuzz;
pub mod help;
pub mod installed;
pub mod jsonc;
pub mod judge;
pub mod live;
pub mod matcher;
pub mod native;
pub mod plan;
pub mod report;
pub mod run;
pub mod shell;
pub mod spec;
pub mod suite;
pub mod sweep;
pub mod sync;
pub mod textfile;
pub mod tools;
pub mod trigger;
pub mod verdict;
pub mod workspace;
