//! How to run each agent headless for live mode: its config in its own dialect, its command
//! line, its environment, its version probe and the shell tool the fake model calls. The
//! [`Driver`] type and the helpers drivers share; each agent's driver lives in its folder
//! (`src/tools/<agent>/live.rs`) and [`super::agents`] walks them. Recipes:
//! docs/reference/real-agents.md ("How each agent was driven").

use crate::error::Error;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Everything a driver needs to set an agent up for one run.
pub struct Setup<'a> {
    /// The agent's executable.
    pub binary: &'a Path,
    /// The throwaway home folder.
    pub home: &'a Path,
    /// The throwaway workspace (the agent's working directory).
    pub workspace: &'a Path,
    /// The fake model's base URL (`http://127.0.0.1:PORT`).
    pub base_url: &'a str,
    /// The hook's command line, as the agent's shell will run it.
    pub hook_command: &'a str,
    /// Further hooks on the same event, each its own entry after the first, in order (a spec
    /// with several commands).
    pub more_commands: &'a [String],
    /// The hook's timeout in seconds (`None`: the spec gives none, so the hook file has none
    /// and the agent's default applies).
    pub timeout_s: Option<u64>,
    /// The first hook's own timeout in seconds, where it differs from the others'
    /// (`--first-timeout`).
    pub first_timeout_s: Option<u64>,
    /// Leave the scripted call to the agent's own permission mode (`--ask`): no tool is
    /// approved up front.
    pub ask: bool,
    /// `--every-event`: every event of the agent's (its name, whether it is a tool event), each
    /// with the hook, `{event}` in the command replaced by its name; empty: the hook's event.
    pub every_event: &'a [(String, bool)],
    /// The event the last command is on instead of [`Setup::event`] (`--also-event`, the
    /// agent's spelling, the same matcher).
    pub also_event: Option<&'a str>,
    /// What the fake model asks the agent to do (`None`: it only answers, for a prompt or a
    /// Stop).
    pub action: Option<&'a Action<'a>>,
    /// The hook's event, in the agent's spelling (`PreToolUse`, `BeforeTool`, `Stop`).
    pub event: &'a str,
    /// The tool name the hook is matched on, for a tool event (the scripted call's tool), or
    /// a native spec's matcher.
    pub matcher: Option<&'a str>,
    /// [`Setup::matcher`] is a native spec's, to be written as it is: a driver that spells
    /// the scripted tool its own way (Codex's `Bash`) must not respell it.
    pub matcher_as_written: bool,
    /// The prompt given to the agent.
    pub prompt: &'a str,
    /// The final answer the fake model gives.
    pub final_text: &'a str,
    /// Put the hook in the workspace's hook files instead of the user's (`None`: the user's).
    pub repo_hooks: Option<RepoHooks>,
    /// An MCP server to register in the agent's own MCP config (`--mcp`); a driver that
    /// cannot refuses.
    pub mcp: Option<&'a McpServer>,
}

/// Where in the workspace a driver puts the hook, and whether the folder is trusted: to check
/// an agent's trust gate live. A driver with no such file refuses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RepoHooks {
    /// Which of the workspace's hook files.
    pub file: RepoFile,
    /// Whether the agent's trust store lists the workspace.
    pub trusted: bool,
    /// Write the same hook into the user's file too: the same hook in two files.
    pub also_user: bool,
}

/// A workspace hook file a driver can write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RepoFile {
    /// The agent's own project hook file.
    Own,
    /// The agent's local project settings file (`settings.local.json`: Claude Code's, Qwen
    /// Code's, Copilot CLI's `.github/copilot/`; Gemini CLI's `.gemini/` to see it has none).
    Local,
    /// Claude Code's `.claude/settings.json`, and no hook file of the agent's own: does the
    /// agent run a hook written in another agent's format.
    Claude,
    /// The files `hookcheck sync HOOK` writes, for every agent, into a copy of the project's
    /// spec folders that is the workspace: live mode writes them, the driver only the
    /// agent's trust (and model) and no hook of its own.
    Synced,
    /// A plugin (or extension) of the agent's, in the throwaway home, made active the way the
    /// agent allows offline, the hook in the plugin's hooks file: where a plugin's hook runs and
    /// what it is given (`--record-inputs`).
    Plugin,
    /// The hook inline in the project's settings or config file, where the agent also reads
    /// a separate hooks file (`--repo-hooks own`): Codex's `.codex/config.toml` `[hooks]`,
    /// Copilot CLI's `.github/copilot/settings.json`, droid's `.factory/settings.json`.
    Config,
}

impl RepoFile {
    /// Its name on the command line (`--repo-hooks NAME`).
    pub fn name(self) -> String {
        clap::ValueEnum::to_possible_value(&self)
            .map(|v| v.get_name().to_string())
            .unwrap_or_default()
    }
}

/// What the fake model asks the agent to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action<'a> {
    /// Run this shell command with the agent's shell tool.
    Shell(&'a str),
    /// Write this text to this file (an absolute path) with the agent's write tool.
    Write {
        /// The file.
        path: &'a str,
        /// Its new text.
        content: &'a str,
    },
    /// Call this tool of live mode's MCP server ([`Setup::mcp`]), with no arguments.
    Mcp {
        /// The server's name in the agent's MCP config.
        server: &'a str,
        /// The tool's name as the server lists it.
        tool: &'a str,
    },
}

/// An MCP server for the agent's config: live mode's probe (`hookcheck mcp-probe`), started
/// by the agent over stdio.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpServer {
    /// Its name in the agent's MCP config (`SERVER` of `--mcp SERVER:TOOL`).
    pub name: String,
    /// The program (hookcheck itself, by its absolute path).
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
}

impl McpServer {
    /// The `{"command": ..., "args": [...]}` entry most agents' `mcpServers` maps take.
    pub fn entry(&self) -> Value {
        serde_json::json!({"command": self.command, "args": self.args})
    }
}

/// One agent run, ready to start: files are written, this is the process.
#[derive(Debug, Clone, PartialEq)]
pub struct Launch {
    /// Arguments after the binary.
    pub args: Vec<String>,
    /// Variables added to the minimal environment (HOME, PATH and the like are set by the caller).
    pub env: Vec<(String, String)>,
    /// The hook's entry as written, where the file is in another agent's format (a Claude
    /// Code settings file read by another agent): its event and matcher decide the input the
    /// agent gives the hook, so hookcheck plans that entry.
    pub written: Option<Written>,
}

/// A hook entry as a hook file spells it.
#[derive(
    Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct Written {
    /// The event's name.
    pub event: String,
    /// The matcher (empty for none).
    pub matcher: String,
}

/// One agent's live driver.
pub struct Driver {
    /// The executable looked up on PATH.
    pub binary: &'static str,
    /// The package and the version the recorded truth was taken with: npm's `name@version`,
    /// or PyPI's `name==version`.
    pub package: &'static str,
    /// The scripted calls (tool name, arguments) that do the action with the agent's own tool
    /// (its real name and argument names), in order of preference.
    pub calls: fn(action: &Action) -> Vec<(String, Value)>,
    /// Writes the agent's config into the throwaway home and returns the command line.
    pub setup: fn(&Setup) -> Result<Launch, Error>,
    /// Variables that keep the agent quiet and off the network at start (no price-list fetch,
    /// no banner). Every run gets them, and so does the `--version` probe, which otherwise
    /// waits out the same retries.
    pub quiet_env: &'static [(&'static str, &'static str)],
    /// How the driver leaves the scripted call to the agent's own permission mode (`--ask`),
    /// instead of approving it up front; `None`: it cannot (its headless run has no such
    /// mode, or none was tried).
    pub ask: Option<&'static str>,
}

impl Driver {
    /// How to install the pinned package: `pip install` for a PyPI pin (`name==version`),
    /// else `npm install`.
    pub fn install(&self) -> String {
        let client = if self.package.contains("==") {
            "pip"
        } else {
            "npm"
        };
        format!("{client} install {}", self.package)
    }
}

/// The scripted call of live mode's MCP tool: under whatever name the agent offers it to the
/// model, ending in the tool's name ([`crate::live::server::ScriptedCall::offered_as`]), with
/// no arguments.
pub fn mcp_call(tool: &str) -> (String, Value) {
    (format!("*{tool}"), Value::Object(Default::default()))
}

/// Writes `value` as pretty JSON to `path`, creating its folders.
pub fn write_json(path: &Path, value: &Value) -> Result<(), Error> {
    write_text(
        path,
        &serde_json::to_string_pretty(value).unwrap_or_default(),
    )
}

/// Writes `text` to `path`, creating its folders.
pub fn write_text(path: &Path, text: &str) -> Result<(), Error> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::live(format!("cannot create {}: {e}", dir.display())))?;
    }
    std::fs::write(path, text)
        .map_err(|e| Error::live(format!("cannot write {}: {e}", path.display())))
}

/// `binary` on the `PATH` list given, as an absolute path.
pub fn which(binary: &str, path_var: &str) -> Option<PathBuf> {
    std::env::split_paths(path_var)
        .map(|d| d.join(binary))
        .find(|p| p.is_file())
}

impl Setup<'_> {
    /// Every hook's command and its timeout in seconds (`None`: the agent's default), in order.
    pub fn hooks(&self) -> impl Iterator<Item = (&str, Option<u64>)> {
        let first = self.first_timeout_s.or(self.timeout_s);
        // With --also-event the last command is on the other event.
        let more = match self.also_event {
            Some(_) if !self.more_commands.is_empty() => {
                &self.more_commands[..self.more_commands.len() - 1]
            }
            _ => self.more_commands,
        };
        std::iter::once((self.hook_command, first))
            .chain(more.iter().map(|c| (c.as_str(), self.timeout_s)))
    }

    /// The other event and its one hook (command, timeout), with `--also-event`.
    pub fn also(&self) -> Option<(&str, &str, Option<u64>)> {
        let event = self.also_event?;
        let command = self.more_commands.last()?;
        Some((event, command.as_str(), self.timeout_s))
    }
}

/// The hooks as a grouped `hooks` object: `{EVENT: [group]}`, and with `--also-event`
/// `{EVENT: [group], OTHER: [the last command's group]}` (each [`hook_group`]'s shape).
pub fn hook_events(s: &Setup, per_second: u64) -> Value {
    if !s.every_event.is_empty() {
        return every_event(s, per_second);
    }
    let mut out = serde_json::json!({ s.event: [hook_group(s, per_second)] });
    if let Some((event, command, t)) = s.also() {
        let mut group = serde_json::json!({ "hooks": [handler(command, t, per_second)] });
        if let Some(m) = s.matcher {
            group["matcher"] = serde_json::json!(m);
        }
        out[event] = serde_json::json!([group]);
    }
    out
}

/// The hook as one Claude-shaped matcher group, `{"hooks": [{"type": "command", "command",
/// "timeout"}, ...], "matcher"}` (the matcher only for a tool event), one entry per command,
/// the timeout in the agent's unit (`per_second` of them in a second).
pub fn hook_group(s: &Setup, per_second: u64) -> Value {
    let hooks: Vec<Value> = s.hooks().map(|(c, t)| handler(c, t, per_second)).collect();
    let mut group = serde_json::json!({ "hooks": hooks });
    if let Some(m) = s.matcher {
        group["matcher"] = serde_json::json!(m);
    }
    group
}

/// The name live mode gives the plugin it writes (`--repo-hooks plugin`).
pub const PLUGIN_NAME: &str = "hookcheck-probe";

/// A plugin folder `dir` with its manifest (`manifest`, from the folder, holding `{"name",
/// "version"}`) and `hooks/hooks.json` holding `hooks` wrapped in `hooks`, the timeouts in
/// `per_second`ths of a second: the layout every agent with plugins reads.
pub fn write_plugin(s: &Setup, dir: &Path, manifest: &str, per_second: u64) -> Result<(), Error> {
    write_json(
        &dir.join(manifest),
        &serde_json::json!({"name": PLUGIN_NAME, "version": "1.0.0"}),
    )?;
    write_json(
        &dir.join("hooks/hooks.json"),
        &serde_json::json!({"hooks": hook_events(s, per_second)}),
    )
}

/// The hook as Claude Code's `.claude/settings.json` in the workspace holds it (`PreToolUse`
/// on `Bash`, one handler per command), for `--repo-hooks claude` on an agent that is not
/// Claude Code: does it run a hook written in another agent's format. A shell call only.
pub fn write_claude_settings(s: &Setup) -> Result<(), Error> {
    if !matches!(s.action, Some(Action::Shell(_))) {
        return Err(Error::live(
            "in .claude/settings.json live mode matches only a shell call: pass --bash",
        ));
    }
    let hooks: Vec<Value> = s.hooks().map(|(c, t)| handler(c, t, 1)).collect();
    let group = serde_json::json!({"matcher": "Bash", "hooks": hooks});
    write_json(
        &s.workspace.join(".claude/settings.json"),
        &serde_json::json!({"hooks": {"PreToolUse": [group]}}),
    )
}

/// `--every-event`: one group per event of the agent's, its command naming the event, a tool
/// event's matched on the scripted call's tool.
fn every_event(s: &Setup, per_second: u64) -> Value {
    let mut out = serde_json::Map::new();
    for (event, tool) in s.every_event {
        let command = s.hook_command.replace("{event}", event);
        let mut group = serde_json::json!({
            "hooks": [handler(&command, s.timeout_s, per_second)]
        });
        if let (true, Some(m)) = (*tool, s.matcher) {
            group["matcher"] = serde_json::json!(m);
        }
        out.insert(event.clone(), serde_json::json!([group]));
    }
    Value::Object(out)
}

/// One Claude-shaped handler, `{"type": "command", "command", "timeout"}`, the timeout in
/// `per_second`ths of a second, and no `timeout` key when the spec gives none.
fn handler(command: &str, timeout_s: Option<u64>, per_second: u64) -> Value {
    let mut h = serde_json::json!({"type": "command", "command": command});
    if let Some(t) = timeout_s {
        h["timeout"] = serde_json::json!(t * per_second);
    }
    h
}

/// The hook ([`hook_events`], timeouts in `per_second`ths of a second) for an agent that reads `hooks` in `DIR/settings.json`
/// (`dir`, e.g. `.agent`) under the home and in the workspace, and keeps the folders it trusts
/// in `~/DIR/trustedFolders.json` (`{FOLDER: "TRUST_FOLDER"}`): the user's settings are `base`,
/// with the hook unless [`RepoHooks`] put it in the workspace's file (or the synced files hold
/// it), and the workspace is trusted as `RepoHooks` says.
pub fn settings_and_trusted_folders(
    s: &Setup,
    dir: &str,
    mut base: Value,
    per_second: u64,
) -> Result<(), Error> {
    let hooks = hook_events(s, per_second);
    let home = s.home.join(dir);
    match s.repo_hooks {
        None => base["hooks"] = hooks,
        // An extension in the home, where both agents with this layout load them
        // (docs/reference/agents/gemini-extensions.md); the workspace trusted as for the user's
        // file.
        Some(RepoHooks {
            file: RepoFile::Plugin,
            ..
        }) => {
            let manifest = format!("{}-extension.json", dir.trim_start_matches('.'));
            write_plugin(
                s,
                &home.join("extensions").join(PLUGIN_NAME),
                &manifest,
                per_second,
            )?;
        }
        Some(RepoHooks {
            file,
            trusted,
            also_user,
        }) => {
            // --also-user: the same hook in the user's file too.
            if also_user {
                base["hooks"] = hooks.clone();
            }
            match file {
                RepoFile::Own => write_json(
                    &s.workspace.join(dir).join("settings.json"),
                    &serde_json::json!({ "hooks": hooks }),
                )?,
                RepoFile::Local => write_json(
                    &s.workspace.join(dir).join("settings.local.json"),
                    &serde_json::json!({ "hooks": hooks }),
                )?,
                RepoFile::Synced => {}
                // Whether it runs Claude Code's file (its sources say no).
                RepoFile::Claude => write_claude_settings(s)?,
                // Written above.
                RepoFile::Plugin => {}
                RepoFile::Config => {
                    return Err(Error::live(format!(
                        "the project's {dir}/settings.json is its hook file: pass --repo-hooks own"
                    )));
                }
            }
            let level = if trusted {
                "TRUST_FOLDER"
            } else {
                "DO_NOT_TRUST"
            };
            write_json(
                &home.join("trustedFolders.json"),
                &serde_json::json!({ s.workspace.display().to_string(): level }),
            )?;
        }
    }
    write_json(&home.join("settings.json"), &base)
}

/// The command line's arguments, owned.
pub fn owned_args(list: &[&str]) -> Vec<String> {
    list.iter().map(|a| a.to_string()).collect()
}

/// A scripted call of a write tool that takes `{file_path, content}`.
pub fn file_path_write(tool: &str, path: &str, content: &str) -> (String, Value) {
    (
        tool.into(),
        serde_json::json!({"file_path": path, "content": content}),
    )
}

#[cfg(test)]
mod tests;
