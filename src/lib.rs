//! hookcheck: test AI coding agents' hooks the way each agent runs them.
//!
//! One hook spec and one trigger go through the pipeline
//! `spec → plan (per tool) → execute → read (per tool) → combine → judge → report`:
//! [`spec`] loads and validates the spec, each file in [`tools`] plans and reads for one agent,
//! [`exec`] runs processes and knows no agent, [`run`] orchestrates, [`judge`] decides the exit
//! status and [`report`] only formats.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

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
pub mod tools;
pub mod trigger;
pub mod verdict;
pub mod workspace;
