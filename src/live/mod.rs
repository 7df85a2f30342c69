//! Live mode: run the real agents headless against a scripted fake model, in a sandbox, and
//! observe what they did with a hook, in one situation (a shell call, a file write, a prompt,
//! a Stop; the hook on the event before or after the tool): what [`Seen`] records, and the
//! verdict it comes to ([`Observed`]): the action went ahead (allow), was stopped and the agent
//! carried on (block), the turn ended (halted), or the scripted call never happened (no-call:
//! a harness problem, never a verdict).

pub mod agents;
pub mod campaign;
pub mod capture;
pub mod cmd;
pub mod driver;
pub mod events;
pub mod mcp;
pub mod output;
pub mod predict;
pub mod reap;
pub mod record;
pub mod sandbox;
mod seen;
pub mod server;
mod show;
pub mod synced;

use crate::error::Error;
use seen::{FINAL, seen_in};
pub use seen::{
    HookText, Input, Needle, Observation, Observed, Phase, Seen, Trigger, TriggerFields, needles,
    quote,
};

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::exec::{self, Invocation, Limits};
use crate::live::agents::LiveAgent;
use crate::live::driver::{Action, Launch, RepoHooks, Setup};
use server::{FakeModel, Script, ScriptedCall};

/// The file the trigger command creates in the workspace when it really runs.
pub const MARKER: &str = ".hookcheck-ran";

/// The file in the run's `$TMPDIR` a hook may append lines to (`echo second >>
/// "$TMPDIR/hookcheck-trace"`): read after the agent is gone and kept in the observation, so a
/// hook whose reply never reaches the model (the second after a block) still shows it ran.
pub const TRACE: &str = "hookcheck-trace";

/// Written in a spec's command, replaced by the trace file's absolute path as live mode writes
/// the hook: a hook the agent runs without live mode's `$TMPDIR` still leaves its line, so a
/// line missing from the trace means the hook did not run.
pub const TRACE_PATH: &str = "{trace}";

/// What the user or the model does in a live run, from `hookcheck live`'s options.
fn trigger_of(args: &crate::cli::LiveArgs) -> Trigger {
    if let Some(m) = &args.mcp {
        return Trigger::Mcp(m.clone());
    }
    match (&args.bash, &args.edit, &args.prompt) {
        (Some(b), _, _) => Trigger::Bash(b.clone()),
        (_, Some(e), _) => Trigger::Edit(e.clone()),
        (_, _, Some(p)) => Trigger::Prompt(p.clone()),
        _ => Trigger::None,
    }
}

/// A native spec's matcher, which the agent's hook file gets as it is (hookcheck predicts with
/// it verbatim); `None` for a portable spec, whose hook is matched on the scripted call's tool.
pub fn native_matcher(spec: &crate::spec::HookSpec) -> Option<&str> {
    match &spec.when {
        crate::spec::When::Native { matcher, .. } => Some(matcher.as_str()),
        crate::spec::When::Portable { .. } => None,
    }
}

/// One live run to make.
pub struct Run<'a> {
    /// The agent's executable.
    pub binary: &'a Path,
    /// The hook's command line, as the agent's shell runs it.
    pub hook_command: &'a str,
    /// The spec's further commands, each its own hook on the same event after the first.
    pub more_commands: &'a [String],
    /// The hook's timeout in seconds (`None`: the agent's default).
    pub timeout_s: Option<u64>,
    /// The first hook's own timeout in seconds (`--first-timeout`).
    pub first_timeout_s: Option<u64>,
    /// The event the last command is on instead (`--also-event`, the agent's spelling).
    pub also_event: Option<&'a str>,
    /// Approve no tool up front (`--ask`).
    pub ask: bool,
    /// `--every-event`: the hook on every event of the agent's.
    pub every_event: bool,
    /// What the user or the model does (a shell command gets the marker appended).
    pub trigger: &'a Trigger,
    /// The hook's event, in the agent's spelling, and what live mode can tell apart on it.
    pub event: &'a str,
    /// The spec's own matcher (native form: `event` and `matcher`, verbatim for every agent,
    /// as hookcheck predicts with it); `None`: the scripted call's tool name.
    pub matcher: Option<&'a str>,
    /// The phase of that event.
    pub phase: Phase,
    /// The hook's text to look for in later requests ([`needles`]).
    pub needles: &'a [Needle],
    /// The caller's PATH (the agent and its interpreter are found on it).
    pub path_var: &'a str,
    /// How long the agent may take.
    pub limit: Duration,
    /// bubblewrap, to give the agent a read-only view of the file system (None: writable).
    pub read_only: Option<&'a Path>,
    /// Capture what the hook is given ([`capture`]).
    pub capture: bool,
    /// The hook in the workspace's hook files, trusted or not (`None`: the user's).
    pub repo_hooks: Option<RepoHooks>,
    /// With `--repo-hooks synced`: the synced project the workspace starts as.
    pub synced: Option<&'a synced::Synced>,
    /// The folder of the workspace the agent starts in (`None`: the workspace itself).
    pub start_in: Option<&'a str>,
    /// Make the workspace a git repository before the agent starts.
    pub git: bool,
}

/// Every file under `dir`, sorted (none when it does not exist).
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

const PROMPT: &str = "Run the shell command you are asked for, then stop.";
/// What an edit writes.
const EDIT_TEXT: &str = "written by hookcheck live\n";

/// The prompt of an MCP tool call.
const MCP_PROMPT: &str = "Call the MCP tool you are asked for, then stop.";

/// Live mode's MCP server for `--mcp SERVER:TOOL`: this hookcheck (`hookcheck mcp-probe`),
/// serving `tool`, writing `marker` when it is called.
fn mcp_probe(server: &str, tool: &str, marker: &Path) -> Result<driver::McpServer, Error> {
    let me = std::env::current_exe()
        .map_err(|e| Error::live(format!("cannot find hookcheck's own program: {e}")))?;
    Ok(driver::McpServer {
        name: server.to_string(),
        command: me.display().to_string(),
        args: vec![
            "mcp-probe".into(),
            "--tool".into(),
            tool.into(),
            "--marker".into(),
            marker.display().to_string(),
        ],
    })
}

/// The command the fake model asks for: the user's, then the marker.
pub fn trigger_command(bash: &str) -> String {
    format!("{bash}; touch {MARKER}")
}

/// A fresh folder under the system temp folder.
fn scratch() -> Result<PathBuf, Error> {
    static N: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let dir = std::env::temp_dir().join(format!(
        "hookcheck-live-{}-{}-{nanos}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(dir.join("work"))
        .map_err(|e| Error::live(format!("cannot create {}: {e}", dir.display())))?;
    // It holds the agent's config and session keys: gone on every exit path.
    crate::exec::scratch::remove_on_exit(&dir);
    Ok(dir)
}

fn base_env(home: &Path, path_var: &str, binary: &Path) -> Vec<(String, String)> {
    // The agent's own folder first: npm's .bin links need `node` from the same PATH.
    let mut path = String::new();
    if let Some(dir) = binary.parent() {
        path.push_str(&dir.display().to_string());
        path.push(':');
    }
    path.push_str(path_var);
    vec![
        ("HOME".into(), home.display().to_string()),
        ("PATH".into(), path),
        ("USER".into(), "hookcheck".into()),
        ("LANG".into(), "C.UTF-8".into()),
        ("TERM".into(), "dumb".into()),
        ("NO_COLOR".into(), "1".into()),
        ("CI".into(), "1".into()),
        ("TMPDIR".into(), home.join("tmp").display().to_string()),
        (
            "XDG_CONFIG_HOME".into(),
            home.join(".config").display().to_string(),
        ),
        (
            "XDG_CACHE_HOME".into(),
            home.join(".cache").display().to_string(),
        ),
    ]
}

/// The agent's version: the first line of `BINARY --version`, run with the driver's quiet
/// variables.
pub fn version(
    driver: &LiveAgent,
    binary: &Path,
    path_var: &str,
    read_only: Option<&Path>,
) -> Option<String> {
    let home = scratch().ok()?;
    // The probe runs the agent too: it gets the same sandbox, and whatever it leaves behind is
    // ended like a run's.
    let token = home.display().to_string();
    let mut env = base_env(&home, path_var, binary);
    env.extend(quiet_env(driver));
    env.push((reap::RUN_VAR.into(), token.clone()));
    let args = vec!["--version".to_string()];
    let (program, args) = match read_only {
        Some(bwrap) => {
            let tmp = std::env::temp_dir();
            sandbox::read_only_argv(bwrap, &binary.display().to_string(), &args, &[&home, &tmp])
        }
        None => (binary.display().to_string(), args),
    };
    let inv = Invocation {
        program,
        args,
        env,
        cwd: home.join("work"),
        stdin: Default::default(),
        // Generous: an agent that imports its whole runtime to print its version (a Python
        // CLI) takes over a minute on a loaded machine, and a missed probe records no version.
        timeout: Duration::from_secs(180),
        until_eof: false,
        stdio_socket: false,
        new_session: false,
    };
    let out = exec::run_all(&[inv], 1, &Limits::default()).pop();
    reap::end_all(&token);
    crate::exec::scratch::remove(&home);
    let out = out?;
    out.stdout
        .text()
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(String::from)
}

/// Why a run killed at `--agent-timeout` before `what` observed nothing.
fn out_of_time(driver: &LiveAgent, run: &Run, what: &str) -> Error {
    Error::live(format!(
        "{} ran out of its {} s (--agent-timeout) before it {what}: nothing was observed (a \
         loaded machine starts an agent slowly: raise --agent-timeout)",
        driver.name(),
        run.limit.as_secs()
    ))
}

/// Runs one agent once and observes what it did with the hook.
pub fn observe(driver: &LiveAgent, run: &Run) -> Result<Observation, Error> {
    let dir = scratch()?;
    let result = observe_in(driver, run, &dir);
    // The scratch folder goes whatever happened; the agent's process group is already gone.
    crate::exec::scratch::remove(&dir);
    result
}

fn observe_in(driver: &LiveAgent, run: &Run, dir: &Path) -> Result<Observation, Error> {
    let (home, workspace) = (dir.to_path_buf(), dir.join("work"));
    let _ = std::fs::create_dir_all(home.join("tmp"));
    let command;
    let edit_path;
    let mut mcp_server = None;
    let (action, prompt) = match run.trigger {
        Trigger::Bash(bash) => {
            command = trigger_command(bash);
            (Some(Action::Shell(&command)), PROMPT)
        }
        Trigger::Edit(path) => {
            edit_path = workspace.join(path).display().to_string();
            let action = Action::Write {
                path: &edit_path,
                content: EDIT_TEXT,
            };
            (Some(action), PROMPT)
        }
        Trigger::Prompt(text) => (None, text.as_str()),
        Trigger::Mcp(st) => {
            let (server, tool) = st.split_once(':').ok_or_else(|| {
                Error::usage(format!("--mcp {st:?}: not SERVER:TOOL"))
                    .help("for example: --mcp probe:ping")
            })?;
            mcp_server = Some(mcp_probe(server, tool, &workspace.join(MARKER))?);
            (Some(Action::Mcp { server, tool }), MCP_PROMPT)
        }
        Trigger::None => (None, PROMPT),
    };
    let calls = action.as_ref().map(driver.calls).unwrap_or_default();
    let matcher = match run.phase {
        Phase::BeforeTool | Phase::AfterTool => run
            .matcher
            .map(str::to_string)
            // The scripted call's name, unless only a suffix is known (an MCP tool's).
            .or_else(|| {
                calls
                    .first()
                    .map(|c| c.0.clone())
                    .filter(|t| !t.starts_with('*'))
            }),
        _ => None,
    };
    let script = Script {
        calls: calls
            .clone()
            .into_iter()
            .map(|(tool, arguments)| ScriptedCall { tool, arguments })
            .collect(),
        final_text: FINAL.into(),
    };
    let server = FakeModel::start(script)?;
    let base_url = server.base_url();
    let capture_dir = home.join("capture");
    let hook_command = run.hook_command.replace(
        TRACE_PATH,
        &quote(&home.join("tmp").join(TRACE).display().to_string()),
    );
    let hook_command = if run.capture {
        capture::install(&capture_dir, &hook_command)?
    } else {
        hook_command
    };
    // --every-event: the agent's events, from its contract.
    let every_event: Vec<(String, bool)> = match run.every_event {
        true => crate::tools::find(driver.id())
            .and_then(|t| t.contract())
            .map(|c| {
                c.events
                    .iter()
                    .map(|e| (e.name.to_string(), e.kind.is_tool()))
                    .collect()
            })
            .unwrap_or_default(),
        false => Vec::new(),
    };
    let setup = Setup {
        binary: run.binary,
        home: &home,
        workspace: &workspace,
        base_url: &base_url,
        hook_command: &hook_command,
        more_commands: run.more_commands,
        timeout_s: run.timeout_s,
        first_timeout_s: run.first_timeout_s,
        also_event: run.also_event,
        ask: run.ask,
        every_event: &every_event,
        action: action.as_ref(),
        event: run.event,
        matcher: matcher.as_deref(),
        matcher_as_written: run.matcher.is_some(),
        prompt,
        final_text: FINAL,
        repo_hooks: run.repo_hooks,
        mcp: mcp_server.as_ref(),
    };
    if let Some(synced) = run.synced {
        synced.copy_into(&workspace)?;
    }
    let start = prepare_workspace(&workspace, run.start_in, run.git)?;
    let before = files_under(&workspace);
    let Launch { args, env, written } = (driver.setup)(&setup)?;
    // The workspace's hook files as the driver wrote them (before the agent runs).
    let hook_files: Vec<(String, String)> = files_under(&workspace)
        .into_iter()
        .filter(|f| !before.contains(f))
        .filter_map(|f| {
            let text = std::fs::read_to_string(&f).ok()?;
            let rel = f.strip_prefix(&workspace).ok()?.display().to_string();
            Some((rel, text))
        })
        .collect();
    // A plugin's files are in the home, not the workspace.
    let own_file = run
        .repo_hooks
        .is_some_and(|r| !matches!(r.file, driver::RepoFile::Synced | driver::RepoFile::Plugin));
    if own_file && files_under(&workspace) == before {
        return Err(Error::live(format!(
            "{}'s live driver cannot put the hook in the workspace (--repo-hooks)",
            driver.name()
        )));
    }
    let mut full_env = base_env(&home, run.path_var, run.binary);
    // The driver's quiet variables first, so its launch can still set one otherwise.
    full_env.extend(quiet_env(driver));
    full_env.extend(env);
    // Every descendant inherits this mark, so leftovers are found by pid afterwards.
    let token = dir.display().to_string();
    full_env.push((reap::RUN_VAR.into(), token.clone()));
    let agent_path = full_env
        .iter()
        .rev()
        .find(|(k, _)| k == "PATH")
        .map(|(_, v)| v.clone());
    let mut agent_env: Vec<String> = full_env.iter().map(|(k, _)| k.clone()).collect();
    // exec marks every process it starts (the agent too) to find its leftovers by pid.
    agent_env.push(exec::mark::MARK_VAR.into());
    if run.read_only.is_some() {
        // bubblewrap sets PWD for the process it starts: the agent is given it, not its hooks.
        agent_env.push("PWD".into());
    }
    let (program, args) = match run.read_only {
        Some(bwrap) => {
            let tmp = std::env::temp_dir();
            sandbox::read_only_argv(
                bwrap,
                &run.binary.display().to_string(),
                &args,
                &[dir, &tmp],
            )
        }
        None => (run.binary.display().to_string(), args),
    };
    let inv = Invocation {
        program,
        args,
        env: full_env,
        cwd: start.clone(),
        stdin: Default::default(),
        timeout: run.limit,
        // The agent is read until it exits; what it leaves is ended by its mark.
        until_eof: false,
        stdio_socket: false,
        new_session: false,
    };
    let started = Instant::now();
    // exec::run starts the agent in its own process group and kills the whole group when the
    // agent exits or times out; daemons that left the group are ended by reap::end_all.
    let outcome = exec::run_all(&[inv], 1, &Limits::default())
        .pop()
        .ok_or_else(|| Error::live("hookcheck lost the agent's outcome"))?;
    let ended_pids = reap::end_all(&token);
    let elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    if let Some(e) = &outcome.start_error {
        return Err(Error::live(format!(
            "cannot start {}: {e}",
            run.binary.display()
        )));
    }
    let action_ran = match run.trigger {
        // The trigger runs where the agent started.
        Trigger::Bash(_) => Some(start.join(MARKER).exists()),
        Trigger::Edit(path) => Some(workspace.join(path).exists()),
        // live mode's MCP server writes it when the tool is called.
        Trigger::Mcp(_) => Some(workspace.join(MARKER).exists()),
        _ => None,
    };
    let mut seen = Seen {
        action_ran,
        ..Seen::default()
    };
    let reqs: Vec<server::Recorded> = server
        .requests()
        .into_iter()
        .filter(server::Recorded::is_turn)
        .collect();
    // Killed at the limit before it asked the model anything, the agent showed nothing
    // of what it does with the hook: a blocked prompt ends a run, a hung start does not.
    if reqs.is_empty() && outcome.timed_out {
        return Err(out_of_time(driver, run, "sent the model anything"));
    }
    let after = reqs.iter().skip_while(|r| !r.got_call).skip(1);
    let result = after
        .filter_map(|r| serde_json::from_str::<Value>(&r.body).ok())
        .find_map(|b| server::tool_result(&b));
    let bodies: Vec<&str> = reqs.iter().map(|r| r.body.as_str()).collect();
    let call_at = reqs.iter().position(|r| r.got_call);
    // The final answer goes to the first request after the call (or the first of all).
    let final_at = match call_at {
        Some(i) => (i + 1 < reqs.len()).then_some(i + 1),
        None => (!reqs.is_empty()).then_some(0),
    };
    let (p, on, again, text) = seen_in(&bodies, call_at, final_at, prompt, run.needles);
    seen.prompt_reached_model = p;
    seen.turn_went_on = match run.phase {
        Phase::BeforeTool | Phase::AfterTool => on,
        Phase::Stop => again,
        Phase::Prompt | Phase::Session => p,
    };
    seen.asked_again_after_stop = again;
    seen.hook_text = text;
    // A Stop the hook let through ends the run; killed at the limit without asking
    // again, the agent was still on its way (a loaded machine), not done.
    if run.phase == Phase::Stop && !again && outcome.timed_out {
        return Err(out_of_time(
            driver,
            run,
            "either asked the model again or ended",
        ));
    }
    let (called, tool_result) = (server.called().is_some(), result);
    // A tool result the turn did not go on with never reached the model (the fake server sees
    // one only in a later request).
    let came_back = tool_result.is_some() && seen.turn_went_on;
    let observed = run.phase.verdict(&seen, called, came_back);
    let stderr = outcome.stderr.text();
    let tail: Vec<&str> = stderr.lines().rev().take(8).collect();
    let trace = std::fs::read_to_string(home.join("tmp").join(TRACE))
        .map(|t| t.lines().map(String::from).collect())
        .unwrap_or_default();
    Ok(Observation {
        agent: driver.id().to_string(),
        version: None,
        observed,
        seen,
        tool_result,
        exit_code: outcome.exit_code,
        timed_out: outcome.timed_out,
        elapsed_ms,
        stderr_tail: tail.into_iter().rev().collect::<Vec<_>>().join("\n"),
        ended_pids,
        trace,
        hook_files,
        input: run.capture.then(|| Input {
            calls: capture::read_all(&capture_dir),
            agent_env,
            agent_path,
            home: home.display().to_string(),
            written,
        }),
    })
}

/// The flags of how live mode set the agent up, as a command line gives them (` --repo-hooks
/// own --also-user --git --start-in sub --first-timeout 1`; empty for the user's hook file in
/// the root of a plain folder; `--ask`, `--every-event` as the pair says).
pub fn setup_flags(
    repo: Option<RepoHooks>,
    git: bool,
    start_in: Option<&str>,
    first_timeout: Option<u64>,
    also_event: Option<&str>,
    (ask, every_event): (bool, bool),
) -> String {
    let mut out = String::new();
    if let Some(r) = repo
        && let Some(v) = clap::ValueEnum::to_possible_value(&r.file)
    {
        out.push_str(&format!(" --repo-hooks {}", v.get_name()));
        if !r.trusted {
            out.push_str(" --untrusted");
        }
        if r.also_user {
            out.push_str(" --also-user");
        }
    }
    if git {
        out.push_str(" --git");
    }
    if let Some(d) = start_in {
        out.push_str(&format!(" --start-in {d}"));
    }
    if let Some(t) = first_timeout {
        out.push_str(&format!(" --first-timeout {t}"));
    }
    if let Some(e) = also_event {
        out.push_str(&format!(" --also-event {e}"));
    }
    if ask {
        out.push_str(" --ask");
    }
    if every_event {
        out.push_str(" --every-event");
    }
    out
}

/// Makes the workspace a git repository (`git`) and the folder the agent starts in
/// (`start_in`), and returns that folder.
fn prepare_workspace(
    workspace: &Path,
    start_in: Option<&str>,
    git: bool,
) -> Result<PathBuf, Error> {
    if git {
        let out = std::process::Command::new("git")
            .args(["init", "--quiet"])
            .current_dir(workspace)
            .output()
            .map_err(|e| Error::live(format!("--git: cannot run `git init`: {e}")))?;
        if !out.status.success() {
            return Err(Error::live(format!(
                "--git: `git init` failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
    }
    let start = match start_in {
        Some(dir) => workspace.join(dir),
        None => workspace.to_path_buf(),
    };
    std::fs::create_dir_all(&start)
        .map_err(|e| Error::live(format!("cannot create {}: {e}", start.display())))?;
    Ok(start)
}

/// The driver's quiet variables, which every run of the agent gets (the `--version` probe
/// too).
fn quiet_env(driver: &LiveAgent) -> impl Iterator<Item = (String, String)> {
    driver
        .quiet_env
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
}

/// The command lines of a spec's commands after the first, each run from the project root:
/// each is its own hook on the event, after the first, in the spec's order.
pub fn more_commands(root: &Path, commands: &[String]) -> Vec<String> {
    commands
        .iter()
        .skip(1)
        .map(|c| format!("cd {} && {c}", quote(&root.display().to_string())))
        .collect()
}

/// The hook's command line for an agent's config: run from the project root, as hookcheck
/// runs it, whatever the agent's working directory.
pub fn hook_command(root: &Path, commands: &[String], args: Option<&[String]>) -> String {
    let cmd = match args {
        Some(a) => std::iter::once(commands.first().cloned().unwrap_or_default())
            .chain(a.iter().map(|x| quote(x)))
            .collect::<Vec<_>>()
            .join(" "),
        None => commands.first().cloned().unwrap_or_default(),
    };
    format!("cd {} && {cmd}", quote(&root.display().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::{Decision, Effect};

    /// What tells that a driver honoured --repo-hooks: the workspace's files changed.
    #[test]
    fn files_under_lists_nested_files_sorted() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert!(files_under(&dir.path().join("none")).is_empty());
        std::fs::create_dir_all(dir.path().join("a/b")).expect("dirs");
        std::fs::write(dir.path().join("z"), "").expect("z");
        std::fs::write(dir.path().join("a/b/c.json"), "").expect("c");
        assert_eq!(
            files_under(dir.path()),
            [dir.path().join("a/b/c.json"), dir.path().join("z")]
        );
    }

    #[test]
    fn needles_are_reasons_from_stderr_and_reason_fields_context_from_plain_stdout() {
        let got = |out: &str, err: &str| -> Vec<(String, bool)> {
            needles(out, err)
                .into_iter()
                .map(|n| (n.text, n.reason))
                .collect()
        };
        assert_eq!(
            got("", "  blocked by policy\n"),
            [("blocked by policy".to_string(), true)]
        );
        assert_eq!(
            got("extra context\n", ""),
            [("extra context".to_string(), false)]
        );
        assert_eq!(
            got(
                r#"{"decision":"block","reason":"nope!","hookSpecificOutput":{"additionalContext":"see docs"}}"#,
                ""
            ),
            [("nope!".to_string(), true), ("see docs".to_string(), false)]
        );
        // The reason behind a byte-order mark is looked for too.
        assert_eq!(
            got("\u{feff}{\"decision\":\"block\",\"reason\":\"nope\"}\n", ""),
            [("nope".to_string(), true)]
        );
        // JSON on stderr: the whole text, and its reason as the agent may send it.
        assert_eq!(
            got("", "{\"decision\":\"block\",\"reason\":\"nope\"}\n"),
            [
                (
                    "{\"decision\":\"block\",\"reason\":\"nope\"}".to_string(),
                    true
                ),
                ("nope".to_string(), true)
            ]
        );
        // Too short to tell apart from anything else the model is sent.
        assert!(got("ok", "x").is_empty());
    }

    /// A reason already in the requests before the tool call (here "fine" in a system
    /// prompt's "define") is no sign the hook's reason reached the model; one that first
    /// shows after the call is.
    #[test]
    fn a_hook_text_counts_only_when_it_was_not_there_before_the_call() {
        let needles = seen::needles(
            r#"{"hookSpecificOutput":{"permissionDecisionReason":"fine"}}"#,
            "",
        );
        let bodies = ["we define tools; run it", "tool said hi"];
        let (_, _, _, text) = seen_in(&bodies, Some(0), Some(1), "run it", &needles);
        assert!(!text.as_reason);
        let bodies = ["run it", "hook says: fine"];
        let (_, _, _, text) = seen_in(&bodies, Some(0), Some(1), "run it", &needles);
        assert!(text.as_reason);
    }

    #[test]
    fn each_phase_comes_to_its_verdict() {
        let seen = |ran: Option<bool>, on: bool, prompt: bool, again: bool, reason: bool| Seen {
            action_ran: ran,
            turn_went_on: on,
            prompt_reached_model: prompt,
            asked_again_after_stop: again,
            hook_text: HookText {
                as_reason: reason,
                as_context: false,
            },
        };
        let table = [
            (
                Phase::BeforeTool,
                seen(Some(true), true, true, false, false),
                true,
                true,
                Observed::Allow,
            ),
            (
                Phase::BeforeTool,
                seen(Some(false), true, true, false, true),
                true,
                true,
                Observed::Block,
            ),
            (
                Phase::BeforeTool,
                seen(Some(false), false, true, false, false),
                true,
                false,
                Observed::Halted,
            ),
            (
                Phase::BeforeTool,
                seen(Some(false), false, true, false, false),
                false,
                false,
                Observed::NoCall,
            ),
            (
                Phase::AfterTool,
                seen(Some(true), false, true, false, false),
                true,
                true,
                Observed::Halted,
            ),
            (
                Phase::AfterTool,
                seen(Some(true), true, true, false, true),
                true,
                true,
                Observed::Block,
            ),
            (
                Phase::AfterTool,
                seen(Some(true), true, true, false, false),
                true,
                true,
                Observed::Allow,
            ),
            (
                Phase::Prompt,
                seen(None, true, true, false, false),
                false,
                false,
                Observed::Allow,
            ),
            (
                Phase::Prompt,
                seen(None, false, false, false, false),
                false,
                false,
                Observed::Block,
            ),
            (
                Phase::Stop,
                seen(None, true, true, true, true),
                false,
                false,
                Observed::Block,
            ),
            (
                Phase::Stop,
                seen(None, false, true, false, false),
                false,
                false,
                Observed::Allow,
            ),
            (
                Phase::Session,
                seen(None, false, false, false, false),
                false,
                false,
                Observed::Halted,
            ),
        ];
        for (phase, s, called, result, want) in table {
            assert_eq!(phase.verdict(&s, called, result), want, "{phase:?} {s:?}");
        }
    }

    #[test]
    fn predictions_are_compared_as_each_phase_can_show_them() {
        use Decision::{Allow, Block};
        let table = [
            (Phase::BeforeTool, Effect::Proceeds, Block, "allow"),
            (Phase::AfterTool, Effect::Proceeds, Block, "block"),
            (Phase::AfterTool, Effect::Proceeds, Allow, "allow"),
            (Phase::AfterTool, Effect::Halted, Block, "halted"),
            (Phase::Prompt, Effect::Halted, Allow, "block"),
            (Phase::Stop, Effect::Halted, Allow, "allow"),
            (Phase::Stop, Effect::Blocked, Block, "block"),
        ];
        for (phase, effect, decision, want) in table {
            assert_eq!(
                phase.predicted(effect, decision),
                want,
                "{phase:?} {effect:?}"
            );
        }
    }

    #[test]
    fn hook_commands_run_from_the_root_and_quote_exec_args() {
        let table = [
            (
                vec!["specs/x.sh".to_string()],
                None,
                "cd '/p r' && specs/x.sh",
            ),
            (
                vec!["node".to_string()],
                Some(vec!["it's.js".to_string()]),
                r"cd '/p r' && node 'it'\''s.js'",
            ),
        ];
        for (commands, args, want) in table {
            assert_eq!(
                hook_command(Path::new("/p r"), &commands, args.as_deref()),
                want
            );
        }
    }
}
