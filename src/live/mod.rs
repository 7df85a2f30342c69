//! Live mode: run the real agents headless against a scripted fake model, in a sandbox, and
//! observe what they did with a hook: the trigger command ran (allow), did not run and a tool
//! result came back (block), the turn ended with no result (halted), or the scripted call never
//! happened (no-call: a harness problem, never a verdict).

pub mod campaign;
pub mod capture;
pub mod cmd;
pub mod reap;
pub mod record;
pub mod sandbox;
pub mod server;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::exec::{self, Invocation, Limits};
use crate::tools::live::{Driver, Launch, Model, Setup};
use server::{FakeModel, Script, ScriptedCall};

/// The file the trigger command creates in the workspace when it really runs.
pub const MARKER: &str = ".hookcheck-ran";

/// What the agent did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Observed {
    /// The trigger command ran.
    Allow,
    /// It did not run and a tool result came back to the model.
    Block,
    /// It did not run and no tool result came back: the turn or task was cancelled.
    Halted,
    /// The scripted call never happened: the harness failed, not the hook.
    NoCall,
}

impl Observed {
    /// The word used in reports and fixtures.
    pub fn as_str(self) -> &'static str {
        match self {
            Observed::Allow => "allow",
            Observed::Block => "block",
            Observed::Halted => "halted",
            Observed::NoCall => "no-call",
        }
    }
}

/// One observation of one agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Observation {
    /// The tool id.
    pub agent: String,
    /// The agent's version, as it reports it.
    pub version: Option<String>,
    /// The verdict.
    pub observed: Observed,
    /// The tool result the agent handed back to the model.
    pub tool_result: Option<String>,
    /// The agent's exit code.
    pub exit_code: Option<i32>,
    /// The agent ran past hookcheck's limit and was stopped.
    pub timed_out: bool,
    /// Time taken, in milliseconds.
    pub elapsed_ms: u64,
    /// The tail of the agent's stderr, for a no-call.
    pub stderr_tail: String,
    /// Processes the agent left running after it exited, ended by pid (daemons outside its
    /// process group).
    #[serde(default)]
    pub ended_pids: Vec<i32>,
    /// What the hook was given, when the run captured it (`--show-input`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<Input>,
}

/// What the hook was given in one live run, and what the agent itself was given, so the two
/// can be told apart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Input {
    /// Every hook call, oldest first.
    pub calls: Vec<capture::Captured>,
    /// The names of the variables the agent was started with.
    pub agent_env: Vec<String>,
    /// The throwaway home (the agent's workspace is its `work` folder); gone after the run.
    pub home: String,
}

/// One live run to make.
pub struct Run<'a> {
    /// The agent's executable.
    pub binary: &'a Path,
    /// The hook's command line, as the agent's shell runs it.
    pub hook_command: &'a str,
    /// The hook's timeout in seconds.
    pub timeout_s: u64,
    /// The user's trigger command (the marker is appended).
    pub bash: &'a str,
    /// The caller's PATH (the agent and its interpreter are found on it).
    pub path_var: &'a str,
    /// How long the agent may take.
    pub limit: Duration,
    /// bubblewrap, to give the agent a read-only view of the file system (None: writable).
    pub read_only: Option<&'a Path>,
    /// Capture what the hook is given ([`capture`]).
    pub capture: bool,
}

const PROMPT: &str = "Run the shell command you are asked for, then stop.";
const FINAL: &str = "Done.";

/// The command the fake model asks for: the user's, then the marker.
pub fn trigger_command(bash: &str) -> String {
    format!("{bash}; touch {MARKER}")
}

/// A fresh folder under the system temp folder.
fn scratch() -> Result<PathBuf, String> {
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
        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
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

/// The agent's version: the first line of `BINARY --version`.
pub fn version(binary: &Path, path_var: &str, read_only: Option<&Path>) -> Option<String> {
    let home = scratch().ok()?;
    // The probe runs the agent too: it gets the same sandbox, and whatever it leaves behind is
    // ended like a run's.
    let token = home.display().to_string();
    let mut env = base_env(&home, path_var, binary);
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
        timeout: Duration::from_secs(60),
    };
    let out = exec::run_all(&[inv], 1, &Limits::default()).pop();
    reap::end_all(&token);
    let _ = std::fs::remove_dir_all(&home);
    let out = out?;
    out.stdout
        .text()
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(String::from)
}

/// Runs one agent once and observes what it did with the hook.
pub fn observe(driver: &Driver, run: &Run) -> Result<Observation, String> {
    let dir = scratch()?;
    let result = observe_in(driver, run, &dir);
    // The scratch folder goes whatever happened; the agent's process group is already gone.
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn observe_in(driver: &Driver, run: &Run, dir: &Path) -> Result<Observation, String> {
    let (home, workspace) = (dir.to_path_buf(), dir.join("work"));
    let _ = std::fs::create_dir_all(home.join("tmp"));
    let trigger = trigger_command(run.bash);
    let script = Script {
        calls: (driver.calls)(&trigger)
            .into_iter()
            .map(|(tool, arguments)| ScriptedCall { tool, arguments })
            .collect(),
        final_text: FINAL.into(),
    };
    let server = match driver.model {
        Model::Server => Some(FakeModel::start(script)?),
        Model::Scripted => None,
    };
    let base_url = server.as_ref().map(FakeModel::base_url).unwrap_or_default();
    let capture_dir = home.join("capture");
    let hook_command = if run.capture {
        capture::install(&capture_dir, run.hook_command)?
    } else {
        run.hook_command.to_string()
    };
    let setup = Setup {
        binary: run.binary,
        home: &home,
        workspace: &workspace,
        base_url: &base_url,
        hook_command: &hook_command,
        timeout_s: run.timeout_s,
        trigger: &trigger,
        prompt: PROMPT,
        final_text: FINAL,
    };
    let Launch { args, env } = (driver.setup)(&setup)?;
    let mut full_env = base_env(&home, run.path_var, run.binary);
    full_env.extend(env);
    // Every descendant inherits this mark, so leftovers are found by pid afterwards.
    let token = dir.display().to_string();
    full_env.push((reap::RUN_VAR.into(), token.clone()));
    let mut agent_env: Vec<String> = full_env.iter().map(|(k, _)| k.clone()).collect();
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
        cwd: workspace.clone(),
        stdin: Default::default(),
        timeout: run.limit,
    };
    let started = Instant::now();
    // exec::run starts the agent in its own process group and kills the whole group when the
    // agent exits or times out; daemons that left the group are ended by reap::end_all.
    let outcome = exec::run_all(&[inv], 1, &Limits::default())
        .pop()
        .ok_or("hookcheck lost the agent's outcome")?;
    let ended_pids = reap::end_all(&token);
    let elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    if let Some(e) = &outcome.start_error {
        return Err(format!("cannot start {}: {e}", run.binary.display()));
    }
    let ran = workspace.join(MARKER).exists();
    let stdout = outcome.stdout.text();
    let (called, tool_result) = match &server {
        Some(s) => {
            let reqs = s.requests();
            let after = reqs.iter().skip_while(|r| !r.got_call).skip(1);
            let result = after
                .filter_map(|r| serde_json::from_str::<Value>(&r.body).ok())
                .find_map(|b| server::tool_result(&b));
            (s.called().is_some(), result)
        }
        None => {
            let result = (driver.result_from_output)(&stdout);
            let called = result.is_some() || stdout.contains("\"tool_use\"");
            (called, result)
        }
    };
    let observed = match (called, ran, &tool_result) {
        (false, false, _) => Observed::NoCall,
        (_, true, _) => Observed::Allow,
        (true, false, Some(_)) => Observed::Block,
        (true, false, None) => Observed::Halted,
    };
    let stderr = outcome.stderr.text();
    let tail: Vec<&str> = stderr.lines().rev().take(8).collect();
    Ok(Observation {
        agent: driver.id.to_string(),
        version: None,
        observed,
        tool_result,
        exit_code: outcome.exit_code,
        timed_out: outcome.timed_out,
        elapsed_ms,
        stderr_tail: tail.into_iter().rev().collect::<Vec<_>>().join("\n"),
        ended_pids,
        input: run.capture.then(|| Input {
            calls: capture::read_all(&capture_dir),
            agent_env,
            home: home.display().to_string(),
        }),
    })
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

/// Single-quotes `s` for a POSIX shell.
pub fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
