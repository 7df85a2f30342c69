//! The `hookcheck` binary: parse the arguments, run, exit with the status.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use clap::Parser;

fn main() {
    let cli = hookcheck::cli::Cli::parse();
    std::process::exit(hookcheck::app::main(cli));
}
