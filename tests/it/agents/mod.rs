//! Integration tests per agent, through the built binary with real hook scripts.
//! One module per agent.

mod antigravity;
mod augment;
mod claude;
mod cline;
mod codex;
mod copilot;
mod crush;
mod cursor;
mod factory;
mod gemini;
mod goose;
mod kiro;
mod openhands;
mod plugins;
mod qoder;
mod qwen;
mod spettro;
mod trae;
mod windsurf;
