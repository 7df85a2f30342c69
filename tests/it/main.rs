//! hookcheck's integration tests: one test binary (`cargo test --test it`), a module per area,
//! each running the built `hookcheck` (`CARGO_BIN_EXE_hookcheck`) on real files, shells and
//! processes. One binary links the library once, where a binary per file linked it 35 times.
//! `common` is the scratch-project builder every module shares:
//! `Project::new().spec(..).script(..).run(&args).status(1)`.
//!
//! Pick an area with a filter: `cargo test --test it readme::`, or under nextest
//! `cargo nextest run -E 'test(/^readme::/)'`.

mod common;

mod action;
mod agents;
mod cli;
mod corpus;
mod dry_run;
mod errors;
mod events;
mod exit_status;
mod fuzz;
mod help_table;
mod hostile;
mod hostile2;
mod live_cleanup;
mod live_events;
mod live_foreign;
mod live_mcp;
mod live_plugins;
mod live_timeouts;
mod live_truth;
mod mcp;
mod native;
mod native_a;
mod native_b;
mod native_c;
mod native_gen;
mod not_commands;
mod precommit;
mod process;
mod read;
mod readme;
mod registry;
mod repos;
mod sarif;
mod schema;
mod structure;
mod suite;
mod sweep;
mod sync;
mod text;
mod tools;
mod trust;
mod valid;
mod version;
