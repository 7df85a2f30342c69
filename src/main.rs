//! The `hookcheck` binary: parse the arguments, run, exit with the status.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use clap::Parser;

fn main() {
    use hookcheck::matcher::js_worker;
    // hookcheck started by itself to run JavaScript matches that may never end.
    if std::env::args_os()
        .nth(1)
        .is_some_and(|a| a == js_worker::WORKER_ARG)
    {
        std::process::exit(js_worker::serve());
    }
    js_worker::enable();
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fixed_mmap_threshold();
    let cli = hookcheck::cli::Cli::parse();
    std::process::exit(hookcheck::app::main(cli));
}

/// glibc raises its mmap threshold to the size of each large block freed, so once a hook's
/// 1 MiB capture buffer is freed the next ones come from the heap, where the small pieces
/// kept of them pin it and it never shrinks (84 MiB instead of 44 for a 100-case suite of
/// flooding hooks). A fixed threshold keeps every block over 128 KiB in its own mapping,
/// handed back to the system when it is freed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn fixed_mmap_threshold() {
    // SAFETY: mallopt only sets one of malloc's parameters; it is called before any other
    // thread exists, and a refused value (it returns 0) leaves the default in place.
    unsafe {
        nix::libc::mallopt(nix::libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}
