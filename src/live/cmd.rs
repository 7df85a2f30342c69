//! `hookcheck live` (and `run --live`): predict, observe, compare, report.
//!
//! Exit status: 0 every installed agent agreed with the prediction (and `--expect`); 1 a
//! disagreement or a failed expectation; 2 hookcheck could not run (no sandbox, a no-call,
//! nothing installed).

use std::path::PathBuf;
use std::time::Duration;

pub use super::output::{LiveReport, LiveRow, SCHEMA_VERSION};
use super::{
    Input, Needle, Observation, Observed, Phase, Run, Trigger, capture, record, sandbox, show,
};
use crate::cli::{Format, LiveArgs, RunArgs};
use crate::error::Error;
use crate::judge::EXIT_USAGE;
use crate::live::agents::{self as drivers, LiveAgent};
use crate::live::driver::{RepoFile, which};
use crate::run;
use crate::workspace::Workspace;

/// `hookcheck run ... --live`: the same check, live.
pub fn from_run(args: RunArgs) -> Result<i32, Error> {
    if args.payload.is_some() {
        return Err(Error::usage(
            "--live cannot send a --payload: the real agent builds its own input",
        ));
    }
    if args.mcp_input.is_some() {
        return Err(Error::usage(
            "--live cannot send --mcp-input: live mode's MCP tool takes no arguments",
        )
        .help("leave --mcp-input out; the agent calls the tool with {}"));
    }
    let Some(hook) = args.hook else {
        return Err(Error::usage(
            "--live needs a hook spec (it cannot drive --installed handlers)",
        ));
    };
    main(LiveArgs {
        hook,
        bash: args.bash,
        edit: args.edit.map(|p| p.display().to_string()),
        prompt: args.prompt,
        mcp: args.mcp,
        event: args.event,
        agents: args.targets,
        agent_bins: Vec::new(),
        no_sandbox: false,
        record: None,
        specs: args.specs,
        expect: args.expect,
        format: args.format,
        agent_timeout: 240,
        repo_hooks: None,
        untrusted: false,
        also_user: false,
        show_input: false,
        record_inputs: None,
        start_in: None,
        git: false,
        first_timeout: None,
        also_event: None,
        ask: false,
        every_event: false,
    })
}

/// One agent's row.
struct Row {
    driver: LiveAgent,
    predicted: Option<&'static str>,
    phase: Option<Phase>,
    result: Result<Observation, Error>,
}

/// The situation's name in input fixtures: the trigger's kind, `post-` before it for the
/// event after a tool, `session` for the session's start.
pub fn situation(trigger: &Trigger, phase: Phase) -> String {
    match phase {
        Phase::AfterTool => format!("post-{}", trigger.kind()),
        Phase::Session => "session".into(),
        _ => trigger.kind().into(),
    }
}

/// Runs `hookcheck live`.
pub fn main(args: LiveArgs) -> Result<i32, Error> {
    let format = args.format;
    // Enter the sandbox before any thread exists (user namespaces need a single thread).
    let sandbox = sandbox::decide(args.no_sandbox, sandbox::enter_net_namespace)?;
    let selected: Vec<LiveAgent> = if args.agents.is_empty() {
        drivers::all().collect()
    } else {
        let mut out = Vec::new();
        for id in &args.agents {
            match drivers::find(id.trim()) {
                Some(d) => out.push(d),
                None => {
                    let known: Vec<_> = drivers::all().map(|d| d.id()).collect();
                    return Err(Error::usage(format!(
                        "no live driver for `{id}`: the agents are {}",
                        known.join(", ")
                    )));
                }
            }
        }
        out
    };
    let mut bins = Vec::new();
    for b in &args.agent_bins {
        let Some((id, path)) = b.split_once('=') else {
            return Err(Error::usage(format!("--agent-bin {b}: expected ID=PATH")));
        };
        bins.push((id.trim().to_string(), PathBuf::from(path)));
    }
    let ws = Workspace::from_process(&args.specs)?;
    // The prediction, for the agents hookcheck has a contract for.
    let predict_ids: Vec<String> = selected
        .iter()
        .filter(|d| crate::tools::find(d.id()).is_some())
        .map(|d| d.id().to_string())
        .collect();
    let trigger = super::trigger_of(&args);
    if let Trigger::Edit(p) = &trigger
        && (p.starts_with('/') || p.split('/').any(|c| c == ".."))
    {
        return Err(Error::usage(format!(
            "--edit {p}: give a path inside the agent's workspace (relative, no `..`)"
        )));
    }
    if let Some(d) = &args.start_in
        && (d.is_empty() || d.starts_with('/') || d.split('/').any(|c| c == ".."))
    {
        return Err(Error::usage(format!(
            "--start-in {d}: give a folder inside the agent's workspace (relative, no `..`)"
        )));
    }
    let req = super::predict::request(
        &args.hook,
        &trigger,
        args.event.as_deref(),
        predict_ids.clone(),
    );
    let check = ws.resolve(&req, &ws.cwd, 4)?;
    let crate::run::Subject::Spec(spec) = &check.subject else {
        return Err(Error::usage("live mode checks one hook spec"));
    };
    if args.also_event.is_some() && args.repo_hooks != Some(RepoFile::Own) {
        return Err(Error::usage(
            "--also-event needs --repo-hooks own: hookcheck predicts from the project's hook file",
        ));
    }
    let synced = match args.repo_hooks {
        Some(RepoFile::Synced) if args.show_input || args.record_inputs.is_some() => {
            return Err(Error::usage(
                "--repo-hooks synced runs the commands as sync wrote them, with no capture: it cannot be given --show-input or --record-inputs",
            ));
        }
        Some(RepoFile::Synced) => Some(super::synced::prepare(&ws, spec)?),
        _ => None,
    };
    let report = match &synced {
        _ if predict_ids.is_empty() => None,
        // The prediction for the files sync wrote.
        Some(s) => Some(s.predict(&req)?),
        // Live mode compares effects; the output is kept to look for the hook's text.
        None => Some(super::predict::own_run(&check)),
    };
    let target = |id: &str| report.as_ref()?.targets.iter().find(|t| t.target == id);
    let predicted = |id: &str, phase: Option<Phase>| {
        phase
            .unwrap_or(Phase::BeforeTool)
            .predicted_for(target(id)?)
    };
    // The event each agent fires, in its spelling, and its phase.
    let event_of = |id: &str| -> Result<(String, Phase), Error> {
        let tool = crate::tools::find(id)
            .ok_or_else(|| Error::live("hookcheck has no contract for it"))?;
        let event = target(id)
            .and_then(|t| t.event.clone())
            .or_else(|| args.event.clone())
            .ok_or_else(|| {
                Error::live("hookcheck plans no event for it (`hookcheck run` says why)")
            })?;
        // An event the agent fires on a tool call after its before-tool one (`also_fires`, a
        // permission event) is seen as that one is.
        let after_before_tool = tool.contract().is_some_and(|c| {
            c.run
                .also_fires
                .iter()
                .any(|(later, _)| crate::native::agents::same_event(tool.id, later, &event))
        });
        crate::event::portable_of(tool, &event, &ws.root, &ws.home)
            .and_then(Phase::of)
            .or(after_before_tool.then_some(Phase::BeforeTool))
            .map(|p| (event.clone(), p))
            .ok_or_else(|| Error::live(format!("live mode cannot drive its event {event}")))
    };
    let needles_of = |id: &str| -> Vec<Needle> {
        target(id)
            .and_then(|t| t.commands.first())
            .map(|c| super::needles(&c.stdout, &c.stderr))
            .unwrap_or_default()
    };
    let hook_command = super::hook_command(&ws.root, &spec.commands, spec.args.as_deref());
    let more_commands = super::more_commands(&ws.root, &spec.commands);
    // No timeout in the spec: none in the hook file, so the agent's default applies, as
    // hookcheck predicts.
    let timeout_s = spec.timeout();
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
        let situation = event_of(driver.id());
        let phase = situation.as_ref().ok().map(|s| s.1);
        let binary = bins
            .iter()
            .find(|(id, _)| id == driver.id())
            .map(|(_, p)| p.clone())
            .or_else(|| which(driver.binary, &path_var));
        let result = match (binary, situation) {
            (None, _) => Err(Error::live(format!(
                "not installed: `{}` is not on PATH ({}, or --agent-bin {}=PATH)",
                driver.binary,
                driver.install(),
                driver.id()
            ))),
            (_, Err(e)) => Err(Error::live(format!("cannot drive this hook: {e}"))),
            (Some(_), Ok(_)) if args.ask && driver.ask.is_none() => Err(Error::live(
                "--ask: its live driver approves the scripted call up front and has no other way",
            )),
            (Some(binary), Ok((event, phase))) => {
                let needles = needles_of(driver.id());
                let mcp_matcher = super::mcp::matcher(driver.id(), spec, &trigger);
                let run = Run {
                    binary: &binary,
                    hook_command: &hook_command,
                    more_commands: &more_commands,
                    timeout_s,
                    first_timeout_s: args.first_timeout,
                    also_event: args.also_event.as_deref(),
                    ask: args.ask,
                    every_event: args.every_event,
                    trigger: &trigger,
                    event: &event,
                    matcher: super::native_matcher(spec).or(mcp_matcher.as_deref()),
                    phase,
                    needles: &needles,
                    path_var: &path_var,
                    limit: Duration::from_secs(args.agent_timeout),
                    read_only: read_only.as_deref(),
                    capture: args.show_input || args.record_inputs.is_some(),
                    repo_hooks: args.repo(),
                    start_in: args.start_in.as_deref(),
                    git: args.git,
                    synced: synced.as_ref(),
                };
                // The version probe starts the agent a second time: it runs beside the
                // observation, so a slow-starting agent is waited for once.
                std::thread::scope(|scope| {
                    let probe = scope.spawn(|| {
                        super::version(&driver, &binary, &path_var, read_only.as_deref())
                    });
                    let observed = super::observe(&driver, &run);
                    let version = probe.join().ok().flatten();
                    observed.map(|mut o| {
                        o.version = version;
                        o
                    })
                })
            }
        };
        // --also-event, --repo-hooks claude, local and config: predicted from the hook file
        // the driver wrote, as `run --installed` reads it (`allow` where the agent reads
        // none);
        // --every-event: the observation is the hooks' trace, nothing is predicted.
        let claude = matches!(
            args.repo_hooks,
            Some(RepoFile::Claude | RepoFile::Local | RepoFile::Config)
        );
        let req =
            || super::predict::request(&args.hook, &trigger, None, vec![driver.id().to_string()]);
        let predicted = match (args.also_event.is_some() || claude, &result) {
            _ if args.every_event => None,
            (true, Ok(o)) => {
                super::events::predicted_from(&ws, &req(), &o.hook_files, phase, claude)
            }
            (true, Err(_)) => None,
            (false, _) => predicted(driver.id(), phase),
        };
        rows.push(Row {
            driver,
            predicted,
            phase,
            result,
        });
    }
    if let Some(dir) = &args.record {
        let specs: String = args
            .specs
            .iter()
            .map(|d| format!(" --specs {}", d.display()))
            .collect();
        let event = args
            .event
            .as_deref()
            .map(|e| format!(" --event {e}"))
            .unwrap_or_default();
        let setup = super::setup_flags(
            args.repo(),
            args.git,
            args.start_in.as_deref(),
            args.first_timeout,
            args.also_event.as_deref(),
            (args.ask, args.every_event),
        );
        let made_with = format!(
            "hookcheck live {}{specs} {}{event}{setup} --agent {{agent}} --record {}",
            spec.name,
            trigger.flags(),
            dir.display()
        )
        .replace("  ", " ");
        let today = capture::today();
        for row in &rows {
            let hook_files = row
                .result
                .as_ref()
                .ok()
                .filter(|_| {
                    args.also_event.is_some()
                        || matches!(
                            args.repo_hooks,
                            Some(RepoFile::Claude | RepoFile::Local | RepoFile::Config)
                        )
                })
                .map(|o| super::events::relative(&o.hook_files, &ws.root));
            if let Ok(o) = &row.result
                && o.observed != Observed::NoCall
                && let Err(e) = record::write(
                    dir,
                    &record::Case {
                        hook: &spec.name,
                        spec: &spec.file.text,
                        trigger: &trigger,
                        event: args.event.as_deref(),
                        phase: row.phase,
                        made_with: Some(&made_with),
                        date: Some(&today),
                        synced: synced.as_ref().map(|s| s.files.as_slice()),
                        hook_files: hook_files.as_deref(),
                    },
                    row.predicted,
                    o,
                )
            {
                return Err(e);
            }
        }
    }
    if let Some(dir) = &args.record_inputs {
        // The spec folders as given, for `made_with` (one: the command names it once).
        let specs_given = match args.specs.as_slice() {
            [one] => Some(one.display().to_string()),
            _ => None,
        };
        for row in &rows {
            let Ok(o) = &row.result else { continue };
            let Some(input) = &o.input else { continue };
            let Some(call) = input.calls.first() else {
                continue;
            };
            let Some(phase) = row.phase else { continue };
            // A hook file that spells the event its own way is its own situation: the agent
            // gives that spelling its own input.
            let situation = match &input.written {
                Some(w) => format!("{}--{}", situation(&trigger, phase), w.event),
                None => situation(&trigger, phase),
            };
            let cx = capture::Context {
                agent: row.driver.id(),
                version: o.version.as_deref(),
                hook: &spec.name,
                spec: &spec.file.text,
                trigger: &trigger,
                event: args.event.as_deref(),
                repo_hooks: args.repo_hooks,
                written: input.written.as_ref(),
                situation: &situation,
                root: &ws.root,
                home: &input.home,
                agent_env: &input.agent_env,
                agent_path: input.agent_path.as_deref(),
                start_in: args.start_in.as_deref(),
                git: args.git,
                specs: specs_given.as_deref(),
            };
            let mut fixture = capture::fixture(&cx, call);
            // The folder it was recorded into, as given.
            fixture.made_with = fixture.made_with.replace(
                "--record-inputs fixtures/live/inputs",
                &format!("--record-inputs {}", dir.display()),
            );
            capture::write_fixture(dir, &fixture)?;
        }
    }
    // Planned as if hookcheck were started with the environment live mode gave the agent, so
    // what the agent adds or removes compares with what the contract adds or removes.
    let planned_input = |id: &str, input: &Input| -> Option<capture::Shape> {
        let agent_env = &input.agent_env;
        let req = super::predict::request(
            &args.hook,
            &trigger,
            args.event.as_deref(),
            vec![id.to_string()],
        );
        let given = Workspace {
            cwd: ws.cwd.clone(),
            root: ws.root.clone(),
            home: ws.home.clone(),
            spec_dirs: ws.spec_dirs.clone(),
            env: agent_env.iter().map(|k| (k.clone(), "x".into())).collect(),
        };
        let mut check = given.resolve(&req, &ws.cwd, 1).ok()?;
        if let Some(w) = &input.written {
            capture::plan_as_written(&mut check, w);
        }
        let inv = run::plan(&check).invocations().into_iter().next()?;
        Some(capture::planned_shape(
            &inv,
            spec.commands.first()?,
            agent_env,
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
    let flags = trigger.flags();
    let mut out = format!(
        "{}: {}{}, sandbox: {}\n",
        spec.name,
        if flags.is_empty() {
            "no trigger"
        } else {
            &flags
        },
        args.event
            .as_deref()
            .map(|e| format!(" --event {e}"))
            .unwrap_or_default(),
        sandbox_text
    );
    let mut json_rows = Vec::new();
    for row in &rows {
        let id = row.driver.id();
        match &row.result {
            Err(e) => {
                if !e.message().starts_with("not installed") {
                    status = status.max(EXIT_USAGE);
                }
                out.push_str(&format!("  {:<8} {}\n", id, e.one_line()));
                json_rows.push(LiveRow {
                    agent: id.to_string(),
                    error: Some(e.one_line()),
                    phase: row.phase,
                    observation: None,
                    predicted: None,
                    agrees: None,
                    input: None,
                });
            }
            Ok(o) => {
                ran_any = true;
                let seen = o.observed.as_str();
                let (verdict, bad) = match (o.observed, row.predicted) {
                    (Observed::NoCall, _) => (
                        "HARNESS: the scripted call never happened (not a verdict)".to_string(),
                        EXIT_USAGE,
                    ),
                    // An observation, not a check: what it saw is the verdict line.
                    (_, None) if args.every_event => (
                        format!("events seen: {} (--every-event predicts nothing)", o.trace.join(" ")),
                        0,
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
                out.push_str(&format!("           seen: {}\n", o.seen.describe()));
                if !o.ended_pids.is_empty() {
                    let pids: Vec<String> = o.ended_pids.iter().map(i32::to_string).collect();
                    out.push_str(&format!(
                        "           left behind and ended by pid: {}\n",
                        pids.join(", ")
                    ));
                }
                let mut input_json = None;
                if let Some(input) = o.input.as_ref().filter(|_| args.show_input) {
                    let (text, value) = show::show_input(input, planned_input(id, input).as_ref());
                    out.push_str(&text);
                    input_json = Some(value);
                }
                if o.observed == Observed::NoCall && !o.stderr_tail.is_empty() {
                    out.push_str(&format!(
                        "           stderr: {}\n",
                        o.stderr_tail.replace('\n', "\n                   ")
                    ));
                }
                json_rows.push(LiveRow {
                    agent: id.to_string(),
                    error: None,
                    phase: row.phase,
                    observation: Some(o.clone()),
                    predicted: row.predicted.map(String::from),
                    agrees: row.predicted.map(|p| p == seen),
                    input: input_json,
                });
            }
        }
    }
    if !ran_any {
        status = EXIT_USAGE;
        out.push_str("no agent could run: install one (see above) or pass --agent-bin\n");
    }
    match format {
        Format::Json => crate::console::print_json(&format!(
            "{}\n",
            serde_json::to_string_pretty(&LiveReport {
                schema_version: SCHEMA_VERSION,
                hook: spec.name.clone(),
                trigger: trigger.clone(),
                event: args.event.clone(),
                sandbox: sandbox_text,
                agents: json_rows,
                exit_code: status,
            })
            .unwrap_or_default()
        )),
        _ => crate::console::print(&out),
    }
    Ok(status)
}
