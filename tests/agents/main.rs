//! Integration tests per agent, through the built binary with real hook scripts.
//! One module per agent.

#[path = "../common/mod.rs"]
mod common;

mod antigravity;
mod claude;
mod codex;
mod crush;
mod gemini;
mod goose;
mod plugins;
mod spettro;
