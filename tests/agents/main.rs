//! Integration tests per agent, through the built binary with real hook scripts.
//! One module per agent.

#[path = "../common/mod.rs"]
mod common;

mod claude;
mod cline;
mod codex;
mod copilot;
mod cursor;
mod factory;
mod gemini;
mod kiro;
mod qwen;
mod windsurf;
