//! Helpers several tools share.

pub mod permission_rule;
