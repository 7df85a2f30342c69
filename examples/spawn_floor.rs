//! The spawn floor (issue 30): the least any tool could take to run the hook processes that
//! `hookcheck` runs. It reads `hookcheck run ... --dry-run --format json` reports and spawns
//! exactly the invocations they print (the same argv, working directory and stdin), `JOBS` at a
//! time, reading each one's stdout and stderr to the end and waiting for it, and nothing else:
//! no reading of replies, no timeouts, no process groups, no cleanup.
//!
//!     spawn_floor JOBS REPORT.json...
//!
//! It prints how many processes it ran; reports that hold none are an error (exit 2).
//! `bench/floor.sh` times `hookcheck test` and `hookcheck run` against it and prints the ratios.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One hook process as a dry run prints it.
struct Invocation {
    argv: Vec<String>,
    cwd: String,
    stdin: String,
}

/// Every invocation in one report, in its order: each agent's commands that would run.
fn invocations(report: &serde_json::Value) -> Vec<Invocation> {
    let mut out = Vec::new();
    for agent in report["agents"].as_array().into_iter().flatten() {
        for command in agent["commands"].as_array().into_iter().flatten() {
            let inv = &command["invocation"];
            if !command["not_run"].is_null() || inv.is_null() {
                continue;
            }
            let argv: Vec<String> = inv["argv"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|a| a.as_str().map(str::to_string))
                .collect();
            if argv.is_empty() {
                continue;
            }
            out.push(Invocation {
                argv,
                cwd: inv["cwd"].as_str().unwrap_or(".").to_string(),
                stdin: inv["stdin"].as_str().unwrap_or_default().to_string(),
            });
        }
    }
    out
}

/// Runs one invocation to its end: stdin written and closed, both streams read to EOF.
fn run(inv: &Invocation) -> std::io::Result<()> {
    let mut child = Command::new(&inv.argv[0])
        .args(&inv.argv[1..])
        .current_dir(&inv.cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        // A hook that exits without reading its input is normal: EPIPE is ignored.
        let _ = stdin.write_all(inv.stdin.as_bytes());
    }
    child.wait_with_output().map(|_| ())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let jobs: usize = match args.next().and_then(|j| j.parse().ok()) {
        Some(j) if j > 0 => j,
        _ => {
            eprintln!("usage: spawn_floor JOBS REPORT.json...");
            std::process::exit(2);
        }
    };
    let mut all = Vec::new();
    for path in args {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            eprintln!("spawn_floor: {path}: {e}");
            std::process::exit(2);
        });
        let report: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| {
            eprintln!("spawn_floor: {path}: {e}");
            std::process::exit(2);
        });
        all.extend(invocations(&report));
    }
    // Nothing to spawn is no floor: a benchmark against it would time nothing.
    if all.is_empty() {
        eprintln!("spawn_floor: the reports hold no invocation that runs");
        std::process::exit(2);
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                while let Some(inv) = all.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(e) = run(inv) {
                        eprintln!("spawn_floor: {}: {e}", inv.argv.join(" "));
                        failed.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    println!("{} processes", all.len());
    if failed.load(Ordering::Relaxed) > 0 {
        std::process::exit(1);
    }
}
