//! The `hookcheck` binary: parse the arguments, run, exit with the status.

use clap::Parser;

fn main() {
    let cli = hookcheck::cli::Cli::parse();
    std::process::exit(hookcheck::app::main(cli));
}
