//! Integration tests per agent, through the built binary with real hook scripts.
//! One module per agent.

#[path = "../common/mod.rs"]
mod common;

mod augment;
mod claude;
mod codex;
mod gemini;
mod openhands;
mod qoder;
mod trae;
