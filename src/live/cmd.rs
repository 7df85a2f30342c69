//! `hookcheck live` (and `run --live`): predict, observe, compare, report.
//!
//! Exit status: 0 every installed agent agreed with the prediction (and `--expect`); 1 a
//! disagreement or a failed expectation; 2 hookcheck could not run (no sandbox, a no-call,
//! nothing installed).

use std::path::PathBuf;
use std::time::Duration;

use serde_json::json;

use super::{Observation, Observed, Run, capture, record, sandbox};
use crate::cli::{Format, LiveArgs, RunArgs};
use crate::judge::EXIT_USAGE;
use crate::run;
use crate::tools::live::{self as drivers, Driver};
use crate::verdict::Effect;
use crate::workspace::{CheckRequest, Workspace};

/// `hookcheck run ... --live`: the same check, live.
pub fn from_run(args: RunArgs) -> i32 {
    let Some(bash) = args.bash else {
        return fail(
            args.format,
            "--live needs --bash (live mode drives a shell call)",
        );
    };
    let Some(hook) = args.hook else {
        return fail(
            args.format,
            "--live needs a hook spec (it cannot drive --installed handlers)",
        );
    };
    main(LiveArgs {
        hook,
        bash,
        agents: args.targets,
        agent_bins: Vec::new(),
        no_sandbox: false,
        record: None,
        specs: args.specs,
        expect: args.expect,
        format: args.format,
        agent_timeout: 240,
        show_input: false,
        record_inputs: None,
    })
}

fn fail(format: Format, message: &str) -> i32 {
    if format == Format::Json {
        println!("{}", json!({"error": message}));
    }
    eprintln!("hookcheck: error: {message}");
    EXIT_USAGE
}

/// One agent's row.
struct Row {
    driver: &'static Driver,
    predicted: Option<&'static str>,
    result: Result<Observation, String>,
}

fn effect_word(e: Effect) -> &'static str {
    match e {
        Effect::Proceeds => "allow",
        Effect::Blocked => "block",
        Effect::Halted => "halted",
    }
}

/// Runs `hookcheck live`.
pub fn main(args: LiveArgs) -> i32 {
    let format = args.format;
    // Enter the sandbox before any thread exists (user namespaces need a single thread).
    let sandbox = match sandbox::decide(args.no_sandbox, sandbox::enter_net_namespace) {
        Ok(s) => s,
        Err(e) => return fail(format, &e),
    };
    let selected: Vec<&'static Driver> = if args.agents.is_empty() {
        drivers::drivers().collect()
    } else {
        let mut out = Vec::new();
        for id in &args.agents {
            match drivers::find(id.trim()) {
                Some(d) => out.push(d),
                None => {
                    let known: Vec<_> = drivers::drivers().map(|d| d.id).collect();
                    return fail(
                        format,
                        &format!(
                            "no live driver for `{id}`: the agents are {}",
                            known.join(", ")
                        ),
                    );
                }
            }
        }
        out
    };
    let mut bins = Vec::new();
    for b in &args.agent_bins {
        let Some((id, path)) = b.split_once('=') else {
            return fail(format, &format!("--agent-bin {b}: expected ID=PATH"));
        };
        bins.push((id.trim().to_string(), PathBuf::from(path)));
    }
    let ws = match Workspace::from_process(&args.specs) {
        Ok(ws) => ws,
        Err(e) => return fail(format, &e),
    };
    // The prediction, for the agents hookcheck has a contract for.
    let predict_ids: Vec<String> = selected
        .iter()
        .filter(|d| crate::tools::find(d.id).is_some())
        .map(|d| d.id.to_string())
        .collect();
    let req = CheckRequest {
        hook: args.hook.clone(),
        bash: Some(args.bash.clone()),
        targets: predict_ids.clone(),
        ..Default::default()
    };
    let check = match ws.check(&req, &ws.cwd, 4) {
        Ok(c) => c,
        Err(e) => return fail(format, &e),
    };
    let report = if predict_ids.is_empty() {
        None
    } else {
        // Live mode compares effects only: the report keeps none of the output.
        Some(run::run_check(&check, crate::report::Keep::text(0)))
    };
    let predicted = |id: &str| {
        report
            .as_ref()?
            .targets
            .iter()
            .find(|t| t.target == id)?
            .effect
            .map(effect_word)
    };
    let crate::run::Subject::Spec(spec) = &check.subject else {
        return fail(format, "live mode checks one hook spec");
    };
    let hook_command = super::hook_command(&ws.root, &spec.commands, spec.args.as_deref());
    let timeout_s = spec.timeout().unwrap_or(60);
    let path_var = std::env::var("PATH").unwrap_or_default();
    // A read-only view of the file system where bubblewrap is installed (never with --no-sandbox).
    let read_only = match sandbox {
        sandbox::Sandbox::None => None,
        _ => sandbox::bwrap(&path_var),
    };
    let sandbox_text = match (&read_only, sandbox) {
        (_, sandbox::Sandbox::None) => sandbox.as_str().to_string(),
        (Some(_), _) => format!("{}, read-only file system (bubblewrap)", sandbox.as_str()),
        (None, _) => format!(
            "{}; the file system is writable (install bubblewrap for a read-only view)",
            sandbox.as_str()
        ),
    };
    let mut rows = Vec::new();
    for driver in selected {
        let binary = bins
            .iter()
            .find(|(id, _)| id == driver.id)
            .map(|(_, p)| p.clone())
            .or_else(|| drivers::which(driver.binary, &path_var));
        let result = match binary {
            None => Err(format!(
                "not installed: `{}` is not on PATH (npm install -g {}, or --agent-bin {}=PATH)",
                driver.binary, driver.package, driver.id
            )),
            Some(binary) => {
                let run = Run {
                    binary: &binary,
                    hook_command: &hook_command,
                    timeout_s,
                    bash: &args.bash,
                    path_var: &path_var,
                    limit: Duration::from_secs(args.agent_timeout),
                    read_only: read_only.as_deref(),
                    capture: args.show_input || args.record_inputs.is_some(),
                };
                super::observe(driver, &run).map(|mut o| {
                    o.version = super::version(&binary, &path_var, read_only.as_deref());
                    o
                })
            }
        };
        rows.push(Row {
            driver,
            predicted: predicted(driver.id),
            result,
        });
    }
    if let Some(dir) = &args.record {
        for row in &rows {
            if let Ok(o) = &row.result
                && o.observed != Observed::NoCall
                && let Err(e) = record::write(
                    dir,
                    &spec.name,
                    &spec.file.text,
                    &args.bash,
                    row.predicted,
                    o,
                )
            {
                return fail(format, &e);
            }
        }
    }
    if let Some(dir) = &args.record_inputs {
        for row in &rows {
            let Ok(o) = &row.result else { continue };
            let Some(input) = &o.input else { continue };
            let Some(call) = input.calls.first() else {
                continue;
            };
            let cx = capture::Context {
                agent: row.driver.id,
                version: o.version.as_deref(),
                hook: &spec.name,
                spec: &spec.file.text,
                trigger: &args.bash,
                root: &ws.root,
                home: &input.home,
                agent_env: &input.agent_env,
            };
            if let Err(e) = capture::write_fixture(dir, &capture::fixture(&cx, call)) {
                return fail(format, &e);
            }
        }
    }
    let caller_env: Vec<String> = ws.env.iter().map(|(k, _)| k.clone()).collect();
    let planned_input = |id: &str| -> Option<capture::Shape> {
        let req = CheckRequest {
            hook: args.hook.clone(),
            bash: Some(args.bash.clone()),
            targets: vec![id.to_string()],
            ..Default::default()
        };
        let check = ws.check(&req, &ws.cwd, 1).ok()?;
        let inv = run::plan(&check).invocations().into_iter().next()?;
        Some(capture::planned_shape(
            &inv,
            spec.commands.first()?,
            &caller_env,
        ))
    };
    let expectation = |id: &str| {
        args.expect
            .iter()
            .rev()
            .find_map(|e| match e.split_once('=') {
                Some((k, v)) if k.trim() == id => Some(v.trim().to_string()),
                Some(_) => None,
                None => Some(e.trim().to_string()),
            })
    };
    let mut status = 0;
    let mut ran_any = false;
    let mut out = format!(
        "{}: --bash {:?}, sandbox: {}\n",
        spec.name, args.bash, sandbox_text
    );
    let mut json_rows = Vec::new();
    for row in &rows {
        let id = row.driver.id;
        match &row.result {
            Err(e) => {
                if !e.starts_with("not installed") {
                    status = status.max(EXIT_USAGE);
                }
                out.push_str(&format!("  {:<8} {e}\n", id));
                json_rows.push(json!({"agent": id, "error": e}));
            }
            Ok(o) => {
                ran_any = true;
                let seen = o.observed.as_str();
                let (verdict, bad) = match (o.observed, row.predicted) {
                    (Observed::NoCall, _) => (
                        "HARNESS: the scripted call never happened (not a verdict)".to_string(),
                        EXIT_USAGE,
                    ),
                    (_, None) if crate::tools::find(id).is_some() => (
                        "no prediction: hookcheck did not run the hook for this agent (`hookcheck run` says why)".into(),
                        0,
                    ),
                    (_, None) => (
                        "no prediction: hookcheck has no contract for this agent".into(),
                        0,
                    ),
                    (_, Some(p)) if p == seen => ("agrees".into(), 0),
                    (_, Some(p)) => (
                        format!("DISAGREES: hookcheck predicted {p}, the agent did {seen}"),
                        1,
                    ),
                };
                let expect_bad = expectation(id).is_some_and(|e| e != seen);
                status = status.max(bad).max(u8::from(expect_bad).into());
                out.push_str(&format!(
                    "  {:<8} observed {:<8} predicted {:<8} {verdict}{}\n           {} · {} ms{}\n",
                    id,
                    seen,
                    row.predicted.unwrap_or("-"),
                    if expect_bad { " · FAILS --expect" } else { "" },
                    o.version.as_deref().unwrap_or("version unknown"),
                    o.elapsed_ms,
                    o.tool_result
                        .as_deref()
                        .map(|t| format!(
                            " · tool result: {}",
                            t.chars().take(200).collect::<String>()
                        ))
                        .unwrap_or_default()
                ));
                if !o.ended_pids.is_empty() {
                    let pids: Vec<String> = o.ended_pids.iter().map(i32::to_string).collect();
                    out.push_str(&format!(
                        "           left behind and ended by pid: {}\n",
                        pids.join(", ")
                    ));
                }
                let mut input_json = None;
                if let Some(input) = o.input.as_ref().filter(|_| args.show_input) {
                    let (text, value) = show_input(input, planned_input(id).as_ref());
                    out.push_str(&text);
                    input_json = Some(value);
                }
                if o.observed == Observed::NoCall && !o.stderr_tail.is_empty() {
                    out.push_str(&format!(
                        "           stderr: {}\n",
                        o.stderr_tail.replace('\n', "\n                   ")
                    ));
                }
                let mut row_json = json!({"agent": id, "observation": o,
                    "predicted": row.predicted, "agrees": row.predicted.map(|p| p == seen)});
                if let Some(v) = input_json {
                    row_json["input"] = v;
                }
                json_rows.push(row_json);
            }
        }
    }
    if !ran_any {
        status = EXIT_USAGE;
        out.push_str("no agent could run: install one (see above) or pass --agent-bin\n");
    }
    match format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&json!({"hook": spec.name, "trigger": args.bash,
                "sandbox": sandbox_text, "agents": json_rows, "exit_code": status}))
            .unwrap_or_default()
        ),
        _ => print!("{out}"),
    }
    status
}

/// `--show-input` for one agent: what its hook was given, then how hookcheck's plan differs
/// (text, and the same as JSON).
fn show_input(
    input: &super::Input,
    planned: Option<&capture::Shape>,
) -> (String, serde_json::Value) {
    let pad = "           ";
    let Some(call) = input.calls.first() else {
        return (
            format!("{pad}input: the hook never ran, nothing was captured\n"),
            json!({"captured": null}),
        );
    };
    let real = capture::shape(
        &capture::command_argv(&call.argv, call.command_file),
        |a| a == capture::COMMAND,
        &call.stdin,
        &call.env,
        &input.agent_env,
    );
    let mut out = format!(
        "{pad}input: {} · cwd {} · stdin {} · env +{} -{}\n",
        capture::shell_of(&capture::command_argv(&call.argv, None)),
        call.cwd,
        real.stdin.keys().cloned().collect::<Vec<_>>().join(" "),
        real.env_added.join(" +"),
        real.env_removed.join(" -"),
    );
    let diff = planned.map(|p| capture::diff(&real, p));
    match &diff {
        None => out.push_str(&format!("{pad}hookcheck plans no command for this agent\n")),
        Some(d) if d.is_empty() => out.push_str(&format!("{pad}hookcheck's plan gives the same\n")),
        Some(d) => {
            for line in d {
                out.push_str(&format!("{pad}differs: {line}\n"));
            }
        }
    }
    if input.calls.len() > 1 {
        out.push_str(&format!(
            "{pad}the hook ran {} times; the first is shown\n",
            input.calls.len()
        ));
    }
    let value = json!({"captured": {"argv": real.argv, "cwd": call.cwd, "stdin": real.stdin,
        "env": call.env, "env_added": real.env_added, "env_removed": real.env_removed,
        "calls": input.calls.len()}, "planned": planned, "differences": diff});
    (out, value)
}

/// The live-mode part of `hookcheck tools`: which agents run live, and which cannot and why.
pub fn tools_section() -> String {
    let mut out = String::from("\nlive mode (`hookcheck live`) runs:\n");
    for d in drivers::drivers() {
        out.push_str(&format!(
            "  {} ({}): npm install {}\n",
            d.id, d.name, d.package
        ));
    }
    out.push_str("live mode cannot run here:\n");
    for (name, why) in drivers::not_live() {
        out.push_str(&format!("  {name}: {why}\n"));
    }
    out
}
