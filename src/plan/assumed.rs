//! The assumptions hookcheck makes where an agent's docs are silent: the shell a command runs
//! under, its timeout, its working directory (behaviour spec, "Assumed results").

use crate::contract::NotRun;
use crate::verdict::Assumption;

/// The shell assumed for agents whose docs name no shell and show script paths only
/// ([`Shell::ScriptPath`](crate::contract::Shell::ScriptPath)): `sh -c` for any command. A
/// script path with plain arguments means the same in every shell; any other command (an
/// inline one: `node .cursor/hooks/guard.mjs`, `./a.sh | tee log`) runs on the same stated
/// assumption, and the second value says so with [`inline`]. Returns `(program, args)` and
/// whether the command is inline, or why it is not run.
pub fn script_path_or_inline_shell(
    command: &str,
    allowed_vars: &[&str],
) -> Result<((String, Vec<String>), bool), NotRun> {
    let inline = crate::shell::plain_script_words(command, allowed_vars).is_none();
    any_command_shell(command).map(|invocation| (invocation, inline))
}

/// The assumption recorded when an inline command runs under [`script_path_or_inline_shell`].
pub fn inline(command: &str) -> Assumption {
    Assumption::new(
        "inline command",
        command,
        "the agent's docs show script paths only and name no shell: this command runs here on the \
         assumed sh -c; in the agent a command whose meaning depends on the shell may run \
         differently, and a script path removes this assumption",
    )
}

/// The shell assumed for agents whose docs name no shell but that were seen running inline
/// commands (live mode): `sh -c` for any command. The exact shell is still unknown, so the
/// result stays an assumption.
pub fn any_command_shell(command: &str) -> Result<(String, Vec<String>), NotRun> {
    if cfg!(windows) {
        return Err(NotRun(
            "the agent's shell on Windows is not documented".to_string(),
        ));
    }
    Ok((
        "sh".to_string(),
        vec!["-c".to_string(), command.to_string()],
    ))
}

/// The assumption recorded when a command runs on the assumed `sh -c`.
pub fn shell() -> Assumption {
    Assumption::new(
        "shell",
        "sh -c",
        "the agent's docs do not name the shell that runs a hook command",
    )
}

/// The assumption recorded when a timeout the docs do not give is used.
pub fn timeout(seconds: u64) -> Assumption {
    Assumption::new(
        "timeout",
        format!("{seconds}s"),
        "the agent's docs give no default timeout; set `timeout` in the spec to remove this assumption",
    )
}

/// The assumption recorded when `timeout: 0` turns the agent's limit off: hookcheck still
/// stops the command after `seconds`.
pub fn no_limit(agent: &str, seconds: u64) -> Assumption {
    Assumption::new(
        "timeout",
        format!("{seconds}s"),
        format!(
            "timeout: 0 turns {agent}'s limit off; hookcheck still stops the command after {seconds} seconds"
        ),
    )
}

/// The assumption recorded when the working directory is not documented.
pub fn cwd(root: &std::path::Path) -> Assumption {
    Assumption::new(
        "cwd",
        root.display().to_string(),
        "the agent's docs do not say where a hook command runs; hookcheck uses the project root",
    )
}

/// The assumption recorded when a hook died of `signal` while `agent` runs its hooks in its
/// own process group ([`Place::Agents`](crate::contract::Place::Agents)).
pub fn killed_in_the_agents_group(agent: &str, signal: i32) -> Assumption {
    Assumption::new(
        "process group",
        format!("the hook's own (it died of signal {signal})"),
        format!(
            "{agent} runs a hook in its own process group: if the signal was sent to the group \
             (`kill 0`), it reached {agent} too and ended the session; hookcheck gives the hook a \
             group of its own"
        ),
    )
}
