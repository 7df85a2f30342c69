//! hookcheck: test AI coding agents' hooks the way each agent runs them.
//!
//! One hook spec and one trigger go through the pipeline
//! `spec → plan (per tool) → execute → read (per tool) → combine → judge → report`.

pub mod exec;
pub mod matcher;
pub mod shell;
pub mod tools;
