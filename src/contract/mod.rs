//! An agent's hook contract as plain data: its events, tool names, matcher flavour, the input
//! it gives a hook, how it runs a command, and how it reads the reply.
//!
//! Every agent folder under `src/tools/` fills one [`Contract`]; the generic planner
//! ([`crate::plan`]) and the reply reader ([`reply`]) walk it, so the steps are written once
//! and a rule learned from a real agent is one row of data. Functions appear only where an
//! agent really is special ([`Quirks`]).

pub mod describe;
pub mod presets;
pub mod reply;
pub mod template;
#[cfg(test)]
pub mod testing;

use std::path::Path;

use serde_json::Value;

use crate::matcher::MatchError;
use crate::spec::{HookSpec, On, PortableMatch};
use crate::trigger::Trigger;

pub use presets::{last_stated, strongest};
pub use reply::{Reply, Rule};

/// One agent's hook contract.
pub struct Contract {
    /// Every hook event, in the agent's spelling.
    pub events: &'static [Event],
    /// Spellings that differ only in case name the same event (`preToolUse`, `PreToolUse`).
    pub fold_case: bool,
    /// How a portable spec maps to the agent's event and matcher.
    pub portable: Portable,
    /// The agent's tools, by kind.
    pub tools: Tools,
    /// How the matcher is compared with the name it sees.
    pub matcher: Flavour,
    /// The input the agent writes to the hook's stdin.
    pub input: Input,
    /// How the agent runs a command.
    pub run: Run,
    /// How the agent reads the reply.
    pub reply: Reply,
    /// What no table can say.
    pub quirks: Quirks,
}

/// One hook event.
pub struct Event {
    /// The event's name, in the agent's spelling.
    pub name: &'static str,
    /// What fires it.
    pub kind: Kind,
    /// The default timeout, in seconds.
    pub timeout: u64,
    /// What a blocking reply does on this event.
    pub blocks: Blocks,
    /// Whether plain stdout at exit 0 reaches the model as context.
    pub stdout_context: bool,
    /// What the matcher is compared with.
    pub matches: MatchOn,
    /// The fields the input adds after [`Input::common`] (a [`template`]); `None`: hookcheck
    /// builds no input for this event, and `--payload` is needed.
    pub input: Option<&'static str>,
    /// The agent does not wait for this event's hooks, whatever the spec says.
    pub detached: bool,
    /// The [`Reply::context`] and [`Reply::rewrites`] fields of a JSON reply count on this
    /// event.
    pub json_fields: bool,
    /// The input field shown as what the hook fired on, in place of the one the matcher
    /// sees (Goose's shell events match the command but fire on the `shell` tool).
    pub label: Option<&'static str>,
    /// The tools this event fires on, when not every tool (`"an MCP tool call"`): no trigger
    /// hookcheck builds is one, so it is not fired by `--bash`, `--edit` or `--read`.
    pub only: Option<&'static str>,
}

/// What fires an event, which decides the trigger it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Before a tool call (`--bash`, `--edit`, `--read`).
    BeforeTool,
    /// After a tool call.
    AfterTool,
    /// Another event about one tool call (a permission request, a failure).
    Tool,
    /// The user submits a prompt (`--prompt`).
    Prompt,
    /// The agent is about to stop.
    Stop,
    /// The session starts.
    SessionStart,
    /// The session ends.
    SessionEnd,
    /// The agent runs a shell command, as such rather than as a tool call (`--bash` only).
    Shell,
    /// A file was edited (`--edit` only).
    Edited,
    /// The agent is about to read a file, as such rather than as a tool call (`--read` only).
    Read,
    /// Anything else (no trigger).
    Other,
}

impl Kind {
    /// Whether the event is about one tool call (it takes `--bash` or `--edit`).
    pub const fn is_tool(self) -> bool {
        matches!(self, Kind::BeforeTool | Kind::AfterTool | Kind::Tool)
    }
}

/// What a blocking reply does on an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocks {
    /// It stops the action.
    Yes,
    /// The action already happened: the reason goes back to the model (the note says how).
    After(&'static str),
    /// The agent carries on with the reason (a Stop hook's continuation; the note says how).
    Continues(&'static str),
    /// Nothing can be stopped on this event.
    No,
}

/// What an event's matcher is compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchOn {
    /// The tool name (at [`Input::tool_path`]).
    Tool,
    /// A field of the input (`source`, `reason`).
    Field(&'static str),
    /// A field of the input that is no name (a command, a prompt, a path): compared, but not
    /// shown as what the hook fired on.
    Value(&'static str),
    /// A field of the input that is no name, compared always: a null or missing field is
    /// the empty text (Goose's `matcher_context`).
    Context(&'static str),
    /// The matcher is ignored.
    Nothing,
}

/// How a portable spec maps to the agent's terms. An event or matcher written `$NONE:reason`
/// says the agent has no such event or tool, for `reason`.
pub struct Portable {
    /// The event for each `on` the agent has.
    pub events: &'static [(On, &'static str)],
    /// The matcher for `match: shell`.
    pub shell: &'static str,
    /// The matcher for `match: edit` and for `on: after-edit` without `match`.
    pub edit: &'static str,
    /// The matcher for `match: read` (empty: the agent names no read tool).
    pub read: &'static str,
    /// The matcher for `match: web` (empty: the agent names no web tool).
    pub web: &'static str,
    /// The matcher for `match: mcp:SERVER`, `{server}` standing for the server.
    pub mcp: &'static str,
}

impl Portable {
    /// The portable events of an agent with no matchers to write: every `match` narrows
    /// nothing (the matchers are empty).
    pub const fn no_matchers(events: &'static [(On, &'static str)]) -> Portable {
        Portable {
            events,
            shell: "",
            edit: "",
            read: "",
            web: "",
            mcp: "",
        }
    }

    /// The agent's event and matcher for `on` and `match`, or why it has none.
    pub fn map(
        &self,
        agent: &str,
        on: On,
        m: Option<&PortableMatch>,
    ) -> Result<(String, String), NotRun> {
        let Some((_, event)) = self.events.iter().find(|(o, _)| *o == on) else {
            return Err(NotRun(format!("{agent} has no {} event", on.as_str())));
        };
        if let Some(why) = event.strip_prefix("$NONE:") {
            return Err(NotRun(why.to_string()));
        }
        let matcher = match (on, m) {
            (On::AfterEdit, None) | (_, Some(PortableMatch::Edit)) => self.edit.to_string(),
            (_, None) | (_, Some(PortableMatch::Any)) => String::new(),
            (_, Some(PortableMatch::Shell)) => self.shell.to_string(),
            (_, Some(PortableMatch::Read)) => self.read.to_string(),
            (_, Some(PortableMatch::Web)) => self.web.to_string(),
            (_, Some(PortableMatch::Mcp(server))) => self.mcp.replace("{server}", server),
        };
        if let Some(why) = matcher.strip_prefix("$NONE:") {
            return Err(NotRun(why.to_string()));
        }
        Ok((event.to_string(), matcher))
    }
}

/// The agent's tools, by kind: what `--bash`, `--edit` and `--read` call, and what a sweep
/// tries.
pub struct Tools {
    /// The shell tool.
    pub shell: ToolCall,
    /// The edit tools, in the order `--edit` tries them against the matcher.
    pub edit: &'static [ToolCall],
    /// The read tools, in the order `--read` tries them against the matcher.
    pub read: &'static [&'static str],
    /// The read tools' input (a [`template`], `$FILE` the path), or `"$NONE:why"` when the
    /// agent documents none.
    pub read_input: &'static str,
    /// The web tools.
    pub web: &'static [&'static str],
    /// How an MCP tool is named, `{server}` and `{tool}` standing for its parts.
    pub mcp: &'static str,
    /// Fields the agent adds to (or replaces in) a tool event's input for an MCP tool's call (a
    /// JSON object, `{server}` and `{tool}` in its strings standing for the parts, a string
    /// `"{input}"` for the call's arguments); empty: none.
    pub mcp_input: &'static str,
}

/// One tool call as the agent describes it to a hook.
pub struct ToolCall {
    /// The tool's name.
    pub name: &'static str,
    /// Its input (a [`template`]).
    pub input: &'static str,
    /// Its input when the edited file does not exist yet (`None`: the same).
    pub new_file: Option<&'static str>,
    /// What it returned, for events after the call (a [`template`]).
    pub response: &'static str,
}

/// How a matcher is compared with the name it sees.
#[derive(Clone, Copy)]
pub enum Flavour {
    /// `*` or empty: all; only `[A-Za-z0-9_|]`: exact names; else an unanchored JavaScript
    /// regex (Claude Code's rule).
    ExactOrJsRegex,
    /// `*` or empty: all; tool events: an unanchored JavaScript regex, falling back to
    /// equality when it does not compile; other events: equality (Gemini CLI's rule).
    JsRegexOrEqual,
    /// `*` or empty: all; else an unanchored JavaScript regex, no exact-name shortcut.
    JsRegex,
    /// `*` or empty: all; else a Go regex that must match the whole name.
    GoRegexWhole,
    /// The agent's own rule.
    Custom(fn(event: &str, pattern: &str, name: &str) -> Result<bool, MatchError>),
    /// Another flavour's rule, with the agent's own words for a pattern it cannot compile
    /// (`a valid regular expression`).
    Worded(&'static Flavour, &'static str),
    /// Another flavour's rule, where a pattern that does not compile skips the hook (it never
    /// fires, the action goes ahead) for this reason, `{matcher}` and `{error}` filled.
    SkipsInvalid(&'static Flavour, &'static str),
}

impl Flavour {
    /// Whether `pattern` picks `name` on `event`; an error when the agent cannot compile it.
    pub fn matches(
        self,
        tool_event: bool,
        event: &str,
        pattern: &str,
        name: &str,
    ) -> Result<bool, MatchError> {
        use crate::matcher;
        match self {
            Flavour::ExactOrJsRegex => {
                if matcher::is_match_all(pattern) {
                    return Ok(true);
                }
                if matcher::is_exact_list(pattern) {
                    return Ok(matcher::exact_list_matches(pattern, name));
                }
                matcher::JsRegex::new(pattern)?.is_match(name)
            }
            Flavour::JsRegexOrEqual => {
                let p = pattern.trim();
                if matcher::is_match_all(p) {
                    return Ok(true);
                }
                if !tool_event {
                    return Ok(p == name);
                }
                match matcher::JsRegex::new(p) {
                    Ok(re) => re.is_match(name),
                    Err(_) => Ok(p == name),
                }
            }
            Flavour::JsRegex => {
                if matcher::is_match_all(pattern) {
                    return Ok(true);
                }
                matcher::JsRegex::new(pattern)?.is_match(name)
            }
            Flavour::GoRegexWhole => {
                if matcher::is_match_all(pattern) {
                    return Ok(true);
                }
                matcher::go_regex_matches(&format!("^(?:{pattern})$"), name)
            }
            Flavour::Custom(f) => f(event, pattern, name),
            Flavour::Worded(f, _) | Flavour::SkipsInvalid(f, _) => {
                f.matches(tool_event, event, pattern, name)
            }
        }
    }

    /// What the agent calls a pattern it cannot compile, for the not-run reason.
    pub fn what(self) -> &'static str {
        match self {
            Flavour::ExactOrJsRegex | Flavour::JsRegexOrEqual => "a valid JavaScript regex",
            Flavour::GoRegexWhole => "a valid regular expression",
            Flavour::JsRegex => "a valid regex",
            Flavour::Custom(_) => "a valid matcher",
            Flavour::Worded(_, what) => what,
            Flavour::SkipsInvalid(f, _) => f.what(),
        }
    }

    /// Why the agent skips a hook whose pattern does not compile, when it skips it rather
    /// than refusing the file ([`Flavour::SkipsInvalid`]).
    pub fn skips_invalid(self, pattern: &str, error: &str) -> Option<String> {
        match self {
            Flavour::SkipsInvalid(_, why) => {
                Some(why.replace("{matcher}", pattern).replace("{error}", error))
            }
            _ => None,
        }
    }
}

/// The input the agent writes on the hook's stdin.
pub struct Input {
    /// The fields every event's input starts with (a [`template`]).
    pub common: &'static str,
    /// Where a payload names the tool (dotted path: `tool_name`, `toolCall.name`).
    pub tool_path: &'static str,
    /// Why `--edit` builds no tool event's input (`{event}` standing for the event), where
    /// the agent names no edit tool; `None`: the common words.
    pub no_edit: Option<&'static str>,
}

/// How the agent runs a command.
pub struct Run {
    /// The program and the arguments before the command text (`["/bin/sh", "-c"]`).
    pub shell: Shell,
    /// Whether `args` (exec form: no shell) is honoured, or why not.
    pub exec_form: Result<(), &'static str>,
    /// Variables the agent sets for the hook.
    pub env: &'static [(&'static str, Var)],
    /// Variables the agent's own process carries (set by its launcher or at start-up), which
    /// every hook inherits: the agent never expands them in the command text.
    pub inherits: &'static [(&'static str, &'static str)],
    /// Variables of the agent's own environment it removes before running a hook (a name
    /// ending in `*` is a prefix).
    pub unset: &'static [&'static str],
    /// The agent also sets one variable per top-level scalar field of the input (string,
    /// number or boolean), named as the field, before [`Run::env`].
    pub exports_scalars: bool,
    /// Whether the spec's `env` reaches the hook, or what the agent does with it instead.
    pub spec_env: Result<(), &'static str>,
    /// The agent replaces `$NAME` of the variables in [`Run::env`] in the command text with
    /// the quoted value before any shell runs (the note says so when it changes the text).
    pub expands: Option<&'static str>,
    /// Before that, when it loads its settings file, the agent replaces `$NAME`, `${NAME}` and
    /// `${NAME:-default}` in the command text with the value of its own environment, as is:
    /// a name it lacks stays as written, or becomes its default (the note says so when it
    /// changes the text).
    pub loads_env_refs: Option<(&'static str, EnvRefs)>,
    /// The default timeouts are assumed, not documented.
    pub timeout_assumed: bool,
    /// What `timeout: 0` in a spec means to the agent.
    pub zero_timeout: Zero,
    /// The working directory is assumed, not documented.
    pub cwd_assumed: bool,
    /// The spec's `cwd` (relative to the root) is where the agent runs the handler, and where
    /// an exec-form path resolves; when the spec gives one, nothing about the cwd is assumed.
    pub handler_cwd: bool,
    /// The program and arguments the agent picks for each command, by the hook's own settings
    /// (a `shell:` key, a script's extension) or by its own dispatch (a shebang), in place of
    /// [`Run::shell`]'s; `None`: the shell.
    pub per_hook: Option<PerHook>,
    /// Variables the agent forces on every hook after the spec's `env` (Crush's
    /// non-interactive terminal settings).
    pub forced: &'static [(&'static str, &'static str)],
    /// Hooks with the same command text run once (the note says so).
    pub dedupes: bool,
    /// The agent runs an event's hooks one after another and runs none after one that stops
    /// the action (a block, or a failure it reads as one), with the recording that shows it;
    /// `None`: it starts them all.
    pub stops_at_block: Option<&'static str>,
    /// The agent has no exec form: it joins `args` onto the command line its shell runs, and
    /// shows the command alone.
    pub joins_args: bool,
    /// The agent waits for every hook, whatever the spec's `async` says.
    pub ignores_async: bool,
    /// The agent keeps only the first this many bytes of stdout and of stderr, and reads the
    /// reply from them; `None`: all of it.
    pub output_limit: Option<usize>,
    /// The agent reads the hook's stdout and stderr to their end under the timeout (Node's
    /// `close` event, Rust's `wait_with_output`), not just until it exits: a child the hook
    /// leaves holding them makes the hook time out, whatever it exited with.
    pub reads_to_eof: bool,
    /// How the agent launches the hook's process: its stdin and where it stands among
    /// process groups and sessions.
    pub launch: Launch,
    /// Where the agent runs its hooks, and the folder its `*_PROJECT_DIR` variables name,
    /// when it is started in a subfolder of a git repository.
    pub project_dir: ProjectDir,
    /// Where the agent looks for its project hook files when started in a subfolder of a git
    /// repository: the repository's root, or only the folder it was started in.
    pub project_files: ProjectDir,
    /// Events the agent fires on the same call after another (`(later, first)`): when
    /// `first`'s hooks let the call through without approving it (a stated allow approves
    /// it), `later`'s run and can still stop it, each read by its own event's rules.
    /// hookcheck runs both events' hooks for the call and combines them as `first`'s, leaving
    /// `later`'s out where `first`'s approved the call; without an entry a later event's
    /// hooks are named, not run.
    pub also_fires: &'static [(&'static str, &'static str)],
}

/// Which references an agent resolves in the command text as it loads its settings file
/// ([`Run::loads_env_refs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnvRefs {
    /// `$NAME`, `${NAME}` and `${NAME:-default}`: a name it lacks stays as written, or becomes
    /// its default.
    WithDefaults,
    /// `$NAME` and `${NAME}`: a name it lacks stays as written, and so does any other text in
    /// braces (`${NAME:-default}` reaches the shell as written).
    Plain,
}

/// The folder an agent runs its hooks in (and names in its `*_PROJECT_DIR` variables).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProjectDir {
    /// The project root: the nearest folder upward holding `.git`, else the folder it was
    /// started in.
    Root,
    /// The folder it was started in, even below a git repository's root.
    Start,
}

/// How an agent launches a hook's process, as a hook can test it (`[ -p /dev/stdin ]`,
/// `kill 0`, `ps -o pgid,sid`), seen on the real agent or assumed to be hookcheck's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Launch {
    /// The kind of file the hook's stdin (and stdout, stderr) is.
    pub stdio: Stdio,
    /// Whose process group the hook's shell is in.
    pub group: Place,
    /// Whose session the hook's shell is in.
    pub session: Place,
    /// The capture it was seen in (`fixtures/live/inputs/AGENT--bash.json`, which names the
    /// version and date); `None`: assumed to be as hookcheck's runner launches.
    pub seen_in: Option<&'static str>,
}

/// The kind of file a hook's standard streams are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stdio {
    /// A pipe (`[ -p /dev/stdin ]` holds): Rust's and Go's `Command`.
    Pipe,
    /// A Unix socket pair (`[ -p /dev/stdin ]` fails, `[ -S /dev/stdin ]` holds): Node's
    /// `child_process` (libuv).
    Socket,
}

/// Where a hook's shell stands: leading a new process group or session, or in the agent's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The shell leads its own (`kill 0` reaches the hook's processes only).
    Own,
    /// The agent's own (a hook's `kill 0` reaches the agent).
    Agents,
}

impl Launch {
    /// How hookcheck's runner launches the hooks of an agent never captured (src/exec/run.rs
    /// `command`: piped stdio, `process_group(0)`, no new session). An agent seen giving
    /// sockets or a new session gets them from the runner too.
    pub const RUNNER: Launch = Launch {
        stdio: Stdio::Pipe,
        group: Place::Own,
        session: Place::Agents,
        seen_in: None,
    };

    /// Seen on the real agent, in the capture `fixture`.
    pub const fn seen(stdio: Stdio, group: Place, session: Place, fixture: &'static str) -> Launch {
        Launch {
            stdio,
            group,
            session,
            seen_in: Some(fixture),
        }
    }

    /// Where the agent's launch differs from hookcheck's runner, in words; empty when it
    /// does not. The kind of stdin, stdout and stderr and the session are not among them: the
    /// runner gives each agent's hooks its own (`Invocation::stdio_socket`,
    /// `Invocation::new_session`). The process group is: the runner always gives the hook one
    /// of its own, as a `kill 0` in the agent's group would end hookcheck.
    pub fn differences(&self) -> Vec<String> {
        let r = Launch::RUNNER;
        let mut out = Vec::new();
        if self.group != r.group {
            out.push(format!(
                "the hook's process group is {}{} (hookcheck: {})",
                self.group.words(),
                match self.group {
                    Place::Agents => ": its `kill 0` reaches the agent",
                    Place::Own => "",
                },
                r.group.runner_words()
            ));
        }
        out
    }
}

impl Place {
    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            Place::Own => "its own",
            Place::Agents => "the agent's",
        }
    }

    /// In words, for hookcheck's runner (its caller is hookcheck).
    pub fn runner_words(self) -> &'static str {
        match self {
            Place::Own => "its own",
            Place::Agents => "hookcheck's",
        }
    }
}

/// Picks the program and arguments for one command of a spec, or says why the agent would not
/// run it, with what had to be said or assumed on the way.
pub type PerHook = fn(&Command) -> Started;

/// One command of a spec, as the agent is about to start it.
pub struct Command<'a> {
    /// The spec.
    pub spec: &'a HookSpec,
    /// The command as written.
    pub text: &'a str,
    /// The project root (absolute).
    pub root: &'a Path,
    /// The environment the hook gets.
    pub env: &'a [(String, String)],
    /// What the agent's shell would start for it, or why it could not.
    pub shell: Result<(String, Vec<String>), String>,
}

/// What an agent starts for one command.
#[derive(Debug, Clone, PartialEq)]
pub struct Started {
    /// The program and its arguments, or why the agent would not start it.
    pub program: Result<(String, Vec<String>), String>,
    /// What a user should know about how it starts.
    pub notes: Vec<String>,
    /// What had to be assumed.
    pub assumptions: Vec<crate::verdict::Assumption>,
}

impl Started {
    /// This program, or this refusal, with nothing to say.
    pub fn program(program: Result<(String, Vec<String>), String>) -> Self {
        Started {
            program,
            notes: Vec::new(),
            assumptions: Vec::new(),
        }
    }
}

/// The shell a command runs under.
#[derive(Clone, Copy)]
pub enum Shell {
    /// This program and these arguments, then the command text (captured or documented).
    Argv(&'static [&'static str]),
    /// Undocumented, and the docs show script paths only: `sh -c`, assumed, for any command; an
    /// inline one is a further assumption (variables allowed at a script path's start).
    ScriptPath(&'static [&'static str]),
    /// Undocumented, but seen running any command: `sh -c`, assumed.
    Assumed,
}

/// What `timeout: 0` means to an agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zero {
    /// Undocumented: 0 is used as given.
    AsGiven,
    /// The event's default timeout (a note says so).
    Default,
    /// No limit: hookcheck still stops the command after the event's default (assumed).
    NoLimit,
}

/// A variable's value, known only when planning.
#[derive(Clone, Copy)]
pub enum Var {
    /// The project root.
    Root,
    /// The made-up session id.
    Session,
    /// A fixed value.
    Literal(&'static str),
    /// The event, in the agent's spelling.
    Event,
    /// The tool name the input carries (at [`Input::tool_path`]); unset when it has none.
    Tool,
    /// The string at this dotted path of the input; empty when it has none.
    Field(&'static str),
    /// The value at this dotted path of the input, a string as it is and any other value as
    /// JSON text; unset when it is null or missing.
    Present(&'static str),
    /// The input's `prompt` (the variable is not set when the input has none).
    Prompt,
    /// This value, set only on these events (the agent's spelling).
    Only(&'static [&'static str], &'static Var),
    /// This value, set on every event but these (the agent's spelling).
    Except(&'static [&'static str], &'static Var),
}

/// Why an agent would not run a hook, or hookcheck cannot: the words of a `not run:` line. A
/// reason, not an error: the check goes on and reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotRun(pub String);

impl std::fmt::Display for NotRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<NotRun> for String {
    fn from(why: NotRun) -> String {
        why.0
    }
}

/// Why a quirk stops a hook from running.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    /// The hook does not fire (its `if` rule does not match): the action goes ahead.
    Skip(String),
    /// The agent would not run the hook, for this reason.
    NotRun(String),
}

/// A gate: given the plan context, the event and the input, the notes to add or why the hook
/// does not run.
pub type Gate = fn(&PlanContext, &str, &Value) -> Result<Vec<String>, Stop>;

/// Fills input fields no template can, given the plan context and the event.
pub type Fill = fn(&PlanContext, &str, &mut serde_json::Map<String, Value>);

/// Step 1 of the planner in the agent's own terms: the event and matcher, or the plan that says
/// why there are none.
pub type Resolve = fn(&PlanContext) -> Result<(String, String), crate::plan::Plan>;

/// Why the agent would not run a hook on this event (its spelling) for this trigger; `None`:
/// it would.
pub type Refuse = fn(&PlanContext, &str) -> Option<String>;

/// Adjusts the finished plan where no step can (a note on the agent's units, a command it
/// would not start, a plan it replaces).
pub type Adjust = fn(&PlanContext, &mut crate::plan::Plan);

/// What the tables cannot say: the one planner's hook points, each a function of the agent's
/// own, in the order the planner calls them.
#[derive(Default)]
pub struct Quirks {
    /// In place of the [`Portable`] mapping and the spec's own event: the event and matcher
    /// (Crush's snake-case events, Goose's escaped MCP servers).
    pub resolve: Option<Resolve>,
    /// After the event is known, before any input is built: a refusal (an event whose input
    /// is not documented, a trigger the event does not take).
    pub refuse: Option<Refuse>,
    /// Runs after the matcher picked the hook: notes to add, or the plan that replaces the run
    /// (Claude Code's `if` rules, a shell the agent lacks here).
    pub gate: Option<Gate>,
    /// Fills fields no template can (a patch text, a computed id), after the templates.
    pub input: Option<Fill>,
    /// After the plan is built.
    pub adjust: Option<Adjust>,
}

impl Contract {
    /// The event spelled `name` (folding case where the agent does).
    pub fn event(&self, name: &str) -> Option<&Event> {
        self.events
            .iter()
            .find(|e| e.name == name || (self.fold_case && e.name.eq_ignore_ascii_case(name)))
    }

    /// The event names, in the agent's spelling.
    pub fn event_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.events.iter().map(|e| e.name)
    }
}

/// Everything a tool needs to plan a check.
pub struct PlanContext<'a> {
    /// The hook spec.
    pub spec: &'a HookSpec,
    /// What the agent is about to do.
    pub trigger: &'a Trigger,
    /// The project root (absolute): the nearest folder upward holding `.git`.
    pub root: &'a Path,
    /// The folder the agent is started in (absolute): hookcheck's working directory, the
    /// root itself or a folder under it ([`Run::start_dir`]).
    pub start: &'a Path,
    /// The user's home folder.
    pub home: &'a Path,
    /// The caller's environment, less every agent's session variables.
    pub env: &'a [(String, String)],
}

/// Everything a tool needs to read a reply.
pub struct ReadContext<'a> {
    /// The event, in the agent's spelling.
    pub event: &'a str,
    /// The hook spec (for `failClosed`, `x-*` settings and the like).
    pub spec: &'a HookSpec,
    /// The event input the hook was given (`Null` when unknown).
    pub input: &'a serde_json::Value,
    /// The other specs found beside this one (for agents where hooks on one event share a
    /// file, and so their output).
    pub peers: &'a [HookSpec],
}

/// An event of `kind` with a default `timeout` (seconds): it blocks, plain stdout is not
/// context, the matcher sees the tool name on tool events and nothing elsewhere, and no input
/// is built until [`Event::input`] says one is.
pub const fn event(name: &'static str, kind: Kind, timeout: u64) -> Event {
    Event {
        name,
        kind,
        timeout,
        blocks: Blocks::Yes,
        stdout_context: false,
        matches: if kind.is_tool() {
            MatchOn::Tool
        } else {
            MatchOn::Nothing
        },
        input: None,
        detached: false,
        json_fields: true,
        label: None,
        only: None,
    }
}

impl Event {
    /// What a block does here.
    pub const fn blocks(mut self, blocks: Blocks) -> Self {
        self.blocks = blocks;
        self
    }
    /// Plain stdout at exit 0 is context for the model.
    pub const fn stdout_context(mut self) -> Self {
        self.stdout_context = true;
        self
    }
    /// The matcher is compared with this input field.
    pub const fn matches(mut self, field: &'static str) -> Self {
        self.matches = MatchOn::Field(field);
        self
    }
    /// The matcher is compared with this input field, which is not shown as a name.
    pub const fn matches_value(mut self, field: &'static str) -> Self {
        self.matches = MatchOn::Value(field);
        self
    }
    /// The matcher is compared with this input field, null or missing read as empty text.
    pub const fn matches_context(mut self, field: &'static str) -> Self {
        self.matches = MatchOn::Context(field);
        self
    }
    /// It fires only on these tools (`"an MCP tool call"`), none of which a trigger builds.
    pub const fn only(mut self, tools: &'static str) -> Self {
        self.only = Some(tools);
        self
    }
    /// This input field is shown as what the hook fired on.
    pub const fn label(mut self, field: &'static str) -> Self {
        self.label = Some(field);
        self
    }
    /// The agent does not wait for the hook.
    pub const fn detached(mut self) -> Self {
        self.detached = true;
        self
    }
    /// The matcher is ignored.
    pub const fn matches_nothing(mut self) -> Self {
        self.matches = MatchOn::Nothing;
        self
    }
    /// The fields the input adds (a [`template`]).
    pub const fn input(mut self, fields: &'static str) -> Self {
        self.input = Some(fields);
        self
    }
    /// The [`Reply::context`] and [`Reply::rewrites`] fields of a JSON reply mean nothing here.
    pub const fn json_fields_ignored(mut self) -> Self {
        self.json_fields = false;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::Flavour;

    #[test]
    fn a_none_matcher_says_the_agent_has_no_such_tool() {
        use crate::spec::{On, PortableMatch};
        let p = super::Portable {
            events: &[(On::BeforeTool, "Pre"), (On::Stop, "$NONE:no stop here")],
            shell: "Sh",
            edit: "$NONE:no edit tool here",
            read: "",
            web: "",
            mcp: "",
        };
        assert_eq!(
            p.map("A", On::BeforeTool, Some(&PortableMatch::Shell)),
            Ok(("Pre".to_string(), "Sh".to_string()))
        );
        assert_eq!(
            p.map("A", On::BeforeTool, Some(&PortableMatch::Edit)),
            Err(super::NotRun("no edit tool here".to_string()))
        );
        assert_eq!(
            p.map("A", On::Stop, None),
            Err(super::NotRun("no stop here".to_string()))
        );
    }

    #[test]
    fn a_worded_flavour_matches_as_its_own_and_says_its_words() {
        let f = Flavour::Worded(&Flavour::ExactOrJsRegex, "a valid regular expression");
        assert_eq!(f.matches(true, "Pre", "Bash|Edit", "Edit"), Ok(true));
        assert_eq!(f.matches(true, "Pre", "Bas", "Bash"), Ok(false));
        assert_eq!(f.matches(true, "Pre", "^Ba", "Bash"), Ok(true));
        assert!(f.matches(true, "Pre", "(", "Bash").is_err());
        assert_eq!(f.what(), "a valid regular expression");
    }

    #[test]
    fn a_plain_js_regex_has_no_exact_name_shortcut() {
        let m = |p: &str, n: &str| Flavour::JsRegex.matches(true, "E", p, n);
        assert_eq!(m("rm", "rm -rf x"), Ok(true));
        assert_eq!(m("^She", "Shell"), Ok(true));
        assert_eq!(m("", "x"), Ok(true));
        assert_eq!(m("Edit", "Shell"), Ok(false));
        assert!(m("(", "x").is_err());
        // The exact-name flavour compares `rm` with the whole name.
        assert_eq!(
            Flavour::ExactOrJsRegex.matches(true, "E", "rm", "rm -rf x"),
            Ok(false)
        );
    }
}
