//! Live mode: run the real agents headless against a scripted fake model, in a sandbox, and
//! observe what they did with a hook.

pub mod server;
