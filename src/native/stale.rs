//! stale
