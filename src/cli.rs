//! The command line, as clap definitions only.

use std::path::PathBuf;

use clap::{ArgAction, ArgGroup, Args, Parser, Subcommand, ValueEnum};

const EXAMPLES: &str = "\
Examples:
  hookcheck run protect-files --edit .github/workflows/ci.yml --expect block
  hookcheck run no-force-push --bash 'git push -f origin main' --format json
  hookcheck run no-force-push --payload fixtures/payloads/force-push.json -t claude -t codex
  hookcheck list
  hookcheck tools
  hookcheck schema

Exit status: 0 the check passed; 1 the check failed; 2 hookcheck could not run the check.";

/// Test AI coding agents' hooks the way each agent runs them.
///
/// hookcheck takes one hook spec and one trigger, runs the hook the way each agent would (its
/// input JSON, shell, environment and timeout), reads each reply by that agent's rules, and
/// compares the verdicts.
#[derive(Debug, Parser)]
#[command(name = "hookcheck", version = env!("HOOKCHECK_VERSION"), after_help = EXAMPLES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// When to use colour: auto (a terminal, honouring NO_COLOR and CLICOLOR_FORCE), always, never.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, global = true)]
    pub color: ColorWhen,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a hook the way each agent would, and compare the verdicts.
    #[command(after_help = EXAMPLES)]
    Run(RunArgs),
    /// List the hook specs found: name, event or on/match, targets, file.
    List(ListArgs),
    /// Check specs and the agents' hook files without running any hook.
    Lint(LintArgs),
    /// Show every agent's contract: events, shell, default timeouts, sources, date checked.
    Tools(ToolsArgs),
    /// Run a suite of cases in one process (default: .hookcheck/cases.yaml).
    #[command(after_help = TEST_EXAMPLES)]
    Test(TestArgs),
    /// Run the real agents headless against a built-in fake model, offline, and compare what
    /// they did with hookcheck's prediction.
    Live(LiveArgs),
    /// Where does this hook fail open? Every agent, every tool its matcher fires on, a benign
    /// and a hostile sample of each action, judged as one grid.
    #[command(after_help = SWEEP_EXAMPLES)]
    Sweep(SweepArgs),
    /// Write each agent's own hook file from the specs (its event names, tool names, matcher
    /// dialect, timeout unit and file shape), merged into what is there, then run the cases
    /// from the files to prove them; `--check` fails when the files differ.
    #[command(after_help = SYNC_EXAMPLES)]
    Sync(SyncArgs),
    /// Print the JSON Schema of one JSON output: run, dry-run, test, list, list-installed,
    /// tools, lint, live, sweep or error (without KIND: run, test and error in one).
    Schema {
        /// The output.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(crate::report::listing::KINDS))]
        kind: Option<String>,
    },
    /// Print a shell completion script.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    Man,
    /// The MCP server live mode gives an agent for `--mcp`: serves one tool on stdio until
    /// stdin closes; a call writes the marker file. Started by the agent, not by people.
    #[command(name = "mcp-probe", hide = true)]
    McpProbe {
        /// The tool's name.
        #[arg(long)]
        tool: String,
        /// The file a call writes.
        #[arg(long)]
        marker: PathBuf,
    },
}

impl Command {
    /// Whether the command was asked for JSON, so that an error it cannot run past is JSON on
    /// stdout too (beside the text on stderr).
    pub fn wants_json(&self) -> bool {
        match self {
            Command::Run(a) => a.format == Format::Json,
            Command::Test(a) => a.format == Some(Format::Json),
            Command::Live(a) => a.format == Format::Json,
            Command::Sweep(a) => a.format == SweepFormat::Json,
            Command::Lint(a) => a.format == LintFormat::Json,
            Command::List(a) => a.format == ListFormat::Json,
            Command::Tools(a) => a.format == ListFormat::Json,
            _ => false,
        }
    }
}

const TEST_EXAMPLES: &str = "\
Examples:
  hookcheck test
  hookcheck test ci/hook-cases.yaml -k workflows --junit target/hookcheck.xml
  hookcheck test --format ndjson | jq -c 'select(.passed == false)'

A cases file:
  cases:
    - name: workflows are protected
      hook: protect-files
      edit: .github/workflows/ci.yml
      expect: block                # or {claude: block, gemini: allow}
      targets: [claude, codex]     # optional

Exit status: 0 every case passed; 1 a case failed; 2 a case could not run.";

const SYNC_EXAMPLES: &str = "\
Examples:
  hookcheck sync                     write every agent's hook file from .hookcheck/hooks/
  hookcheck sync no-force-push -t claude,gemini
  hookcheck sync --dry-run           show the diff, write nothing
  hookcheck sync --check             in CI: exit 1 when the files differ from the specs";

const SWEEP_EXAMPLES: &str = "\
Examples:
  hookcheck sweep no-force-push
  hookcheck sweep protect-files --sample 'bash:cp x .env' --allow inconsistent
  hookcheck sweep no-force-push --format markdown >> \"$GITHUB_STEP_SUMMARY\"

Exit status: 0 clean (or only findings of --allow'ed kinds, fails-closed and blind spots);
1 the hook fails open or decides differently somewhere, or nothing ran; 2 the sweep could not run.";

/// `--installed` and the files it also reads, for `run` and `sweep`.
#[derive(Debug, Clone, Copy, Args)]
pub struct InstalledFlags {
    /// Take the handlers installed in the agents' own hook files instead of a spec.
    #[arg(long)]
    pub installed: bool,
    /// With --installed: also read the user's hook files (under $HOME).
    #[arg(long, requires = "installed")]
    pub user: bool,
    /// With --installed: take as on the agent settings that make an agent also load another
    /// agent's hook files (kept in the agent's app, not in a file; `hookcheck tools` names
    /// them).
    #[arg(long, requires = "installed")]
    pub third_party: bool,
}

/// `hookcheck sweep`.
#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The hook spec's name (not with --installed).
    #[arg(required_unless_present = "installed", conflicts_with = "installed")]
    pub hook: Option<String>,
    /// What is installed, instead of a spec.
    #[command(flatten)]
    pub installed: InstalledFlags,
    /// Only these agents (repeatable or comma-separated).
    #[arg(
        short = 't',
        long = "target",
        value_name = "TOOL",
        value_delimiter = ','
    )]
    pub targets: Vec<String>,
    /// Also try this sample, counted as one the hook must stop: bash:CMD, edit:PATH or
    /// prompt:TEXT (repeatable).
    #[arg(long = "sample", value_name = "KIND:VALUE")]
    pub samples: Vec<String>,
    /// Findings of this kind do not fail the sweep: fails-open, inconsistent, not-run-fixable
    /// (repeatable).
    #[arg(long, value_name = "KIND")]
    pub allow: Vec<String>,
    /// An agent whose result is not counted (assumed) that lets a sample through where
    /// counted agents block it fails the sweep too (an `uncounted` finding).
    #[arg(long)]
    pub strict: bool,
    /// Judge results that rest on assumptions where an agent's docs are silent (the `?`
    /// cells) as counted, as if the assumption held (as `run --include-assumed` counts them).
    #[arg(long)]
    pub include_assumed: bool,
    /// Explain each cell under the grid: the sample, what the hook did (exit, the reply and
    /// how the agent read it) and the agent's rule that made the verdict.
    #[arg(short = 'v', long = "verbose", action = ArgAction::Count)]
    pub verbose: u8,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SweepFormat::Text)]
    pub format: SweepFormat,
    /// Where the specs are (repeatable). Default: .hookcheck/hooks and .agnostic-ai/hooks
    /// under the project root.
    #[arg(long = "specs", value_name = "DIR")]
    pub specs: Vec<PathBuf>,
    /// How many hooks may run at once, 1 to 1024. Default: 4 per CPU.
    #[arg(long, value_name = "N", value_parser = jobs_value)]
    pub jobs: Option<usize>,
}

/// `hookcheck sync`.
#[derive(Debug, Args)]
pub struct SyncArgs {
    /// The hooks to sync (their spec files' names). Default: every spec, and the entries of
    /// specs since removed are removed.
    pub hooks: Vec<String>,
    /// Only these agents' files (repeatable or comma-separated).
    #[arg(
        short = 't',
        long = "target",
        value_name = "TOOL",
        value_delimiter = ','
    )]
    pub targets: Vec<String>,
    /// Print the diff of what sync would write, and write nothing.
    #[arg(long, conflicts_with = "check")]
    pub dry_run: bool,
    /// Exit 1, with the diff, when the files differ from what sync would write (for CI).
    #[arg(long)]
    pub check: bool,
    /// Do not run the cases from the written files afterwards.
    #[arg(long)]
    pub no_proof: bool,
    /// Write each agent's user-level file under $HOME (the one it reads there in the same
    /// shape) instead of the project's. Without it nothing is written outside the project.
    #[arg(long)]
    pub user: bool,
    /// Output format (`github`: with --check, an annotation on each file that differs).
    #[arg(long, value_enum, default_value_t = SyncFormat::Text)]
    pub format: SyncFormat,
    /// Where the specs are (repeatable). Default: .hookcheck/hooks and .agnostic-ai/hooks
    /// under the project root.
    #[arg(long = "specs", value_name = "DIR")]
    pub specs: Vec<PathBuf>,
}

/// Output formats of `sync`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SyncFormat {
    /// For people.
    Text,
    /// With --check, a workflow annotation on each file that differs.
    Github,
}

/// Output formats of `sweep`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SweepFormat {
    /// The grid and the findings, for people.
    Text,
    /// JSON.
    Json,
    /// A Markdown grid, for a GitHub step summary.
    Markdown,
}

/// `hookcheck test`.
#[derive(Debug, Args)]
pub struct TestArgs {
    /// Cases files (YAML or JSON). Default: .hookcheck/cases.yaml under the project root.
    pub files: Vec<PathBuf>,
    /// Run only the cases whose name contains PATTERN (case-insensitive).
    #[arg(short = 'k', value_name = "PATTERN")]
    pub filter: Option<String>,
    /// Also write a JUnit XML report to PATH.
    #[arg(long, value_name = "PATH")]
    pub junit: Option<PathBuf>,
    /// Output format (`github` is the default when GITHUB_ACTIONS=true).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Where the specs are (repeatable).
    #[arg(long = "specs", value_name = "DIR")]
    pub specs: Vec<PathBuf>,
    /// How many hooks may run at once, 1 to 1024. Default: 4 per CPU.
    #[arg(long, value_name = "N", value_parser = jobs_value)]
    pub jobs: Option<usize>,
    /// Say more about failing cases: `-v` every agent in full; `-vv` also what each command is
    /// started with.
    #[arg(short = 'v', long = "verbose", action = ArgAction::Count)]
    pub verbose: u8,
}

/// The most hooks `--jobs` lets run at once: more only exhausts the machine's processes.
pub const MAX_JOBS: usize = 1024;

/// Parses `--jobs`: a whole number from 1 to [`MAX_JOBS`].
fn jobs_value(s: &str) -> Result<usize, String> {
    let n: u128 = s
        .parse()
        .map_err(|_| format!("`{s}` is not a whole number: use 1 to {MAX_JOBS}"))?;
    if n == 0 {
        return Err(format!(
            "at least one hook must be able to run: use 1 to {MAX_JOBS}"
        ));
    }
    usize::try_from(n)
        .ok()
        .filter(|n| *n <= MAX_JOBS)
        .ok_or_else(|| {
            format!("more than {MAX_JOBS} hooks at once is not supported: use 1 to {MAX_JOBS}")
        })
}

/// `hookcheck run`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("trigger").args(["bash", "edit", "read", "mcp", "prompt", "payload"]).multiple(false)))]
pub struct RunArgs {
    /// The hook's name: its spec file without the extension (not with --installed).
    #[arg(required_unless_present = "installed", conflicts_with = "installed")]
    pub hook: Option<String>,
    /// What is installed, instead of a spec.
    #[command(flatten)]
    pub installed: InstalledFlags,
    /// Warnings (stale or doubled hooks, unreadable hook files) fail the run.
    #[arg(long)]
    pub strict: bool,
    /// The agent runs this shell command.
    #[arg(long, value_name = "CMD")]
    pub bash: Option<String>,
    /// The agent writes or edits this file (made absolute).
    #[arg(long, value_name = "PATH")]
    pub edit: Option<PathBuf>,
    /// The agent reads this file with its read tool (made absolute).
    #[arg(long, value_name = "PATH")]
    pub read: Option<PathBuf>,
    /// The agent calls this tool of an MCP server: `SERVER:TOOL`, each named as the agent's
    /// MCP config and the server name them (each agent spells the call its own way:
    /// `mcp__SERVER__TOOL`, `mcp_SERVER_TOOL`, ...).
    #[arg(long, value_name = "SERVER:TOOL")]
    pub mcp: Option<String>,
    /// The MCP tool call's arguments, a JSON object (default `{}`).
    #[arg(long, value_name = "JSON", requires = "mcp")]
    pub mcp_input: Option<String>,
    /// The user submits this prompt.
    #[arg(long, value_name = "TEXT")]
    pub prompt: Option<String>,
    /// Send this JSON file as the event input, as is, for any event (its `hook_event_name`,
    /// when it has one, is the event that fires).
    #[arg(long, value_name = "FILE")]
    pub payload: Option<PathBuf>,
    /// The event that fires, as an agent spells it (`Stop`, `PreToolUse`) or portable
    /// (`stop`, `before-tool`): hooks on other events do not run.
    #[arg(long, value_name = "EVENT")]
    pub event: Option<String>,
    /// Check only these tools (repeatable, or comma-separated). Default: every tool.
    #[arg(
        short = 't',
        long = "target",
        value_name = "TOOL",
        value_delimiter = ','
    )]
    pub targets: Vec<String>,
    /// Expected decision: allow, block, error, timeout or not-run; or per tool,
    /// `claude=block,gemini=allow`. Repeatable.
    #[arg(long, value_name = "EXPECT")]
    pub expect: Vec<String>,
    /// Count results that rest on assumptions where an agent's docs are silent.
    #[arg(long)]
    pub include_assumed: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Where the specs are (repeatable). Default: .hookcheck/hooks and .agnostic-ai/hooks
    /// under the project root.
    #[arg(long = "specs", value_name = "DIR")]
    pub specs: Vec<PathBuf>,
    /// How many hooks may run at once, 1 to 1024. Default: 4 per CPU.
    #[arg(long, value_name = "N", value_parser = jobs_value)]
    pub jobs: Option<usize>,
    /// Also run the installed agents for real (as `hookcheck live`) and show both side by side.
    #[arg(long)]
    pub live: bool,
    /// Print, per agent, what it would run and with what input (argv, cwd, timeout,
    /// environment names, stdin), without running anything.
    #[arg(long, conflicts_with = "live")]
    pub dry_run: bool,
    /// Say more: `-v` every agent in full; `-vv` also what each command is started with (argv,
    /// cwd, timeout, environment names, stdin).
    #[arg(short = 'v', long = "verbose", action = ArgAction::Count)]
    pub verbose: u8,
}

/// `hookcheck lint`.
#[derive(Debug, Args)]
pub struct LintArgs {
    /// Also read the user's hook files (under $HOME).
    #[arg(long)]
    pub user: bool,
    /// Take as on the agent settings that make an agent also load another agent's hook files
    /// (kept in the agent's app, not in a file; `hookcheck tools` names them).
    #[arg(long)]
    pub third_party: bool,
    /// Where the specs are (repeatable).
    #[arg(long = "specs", value_name = "DIR")]
    pub specs: Vec<PathBuf>,
    /// Output format: text, JSON, or SARIF 2.1.0 for GitHub code scanning.
    #[arg(long, value_enum, default_value_t = LintFormat::Text)]
    pub format: LintFormat,
    /// Keep the trust notes (`needs-trust`) in SARIF too. They are left out by default: a CI
    /// runner is never a trusted folder, so each run would upload the same notes again.
    #[arg(long)]
    pub trust_notes: bool,
}

/// `hookcheck lint` output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LintFormat {
    /// For people.
    Text,
    /// JSON: the findings.
    Json,
    /// SARIF 2.1.0: one result per finding, for GitHub code scanning.
    Sarif,
}

/// `hookcheck list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// List the handlers in the agents' own hook files instead of the specs.
    #[arg(long)]
    pub installed: bool,
    /// With --installed: also read the user's hook files (under $HOME).
    #[arg(long, requires = "installed")]
    pub user: bool,
    /// Take as on the agent settings that make an agent also load another agent's hook files
    /// (kept in the agent's app, not in a file; `hookcheck tools` names them).
    #[arg(long, requires = "installed")]
    pub third_party: bool,
    /// Where the specs are (repeatable).
    #[arg(long = "specs", value_name = "DIR")]
    pub specs: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// `hookcheck tools`.
#[derive(Debug, Args)]
pub struct ToolsArgs {
    /// Show one agent in full: every event, where its input puts things, every reply rule
    /// with its source.
    pub agent: Option<String>,
    /// Show where each agent's input puts the command, the file path, the prompt and the tool
    /// name.
    #[arg(long, conflicts_with = "agent")]
    pub fields: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// Output formats of `list` and `tools`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// For people.
    Text,
    /// JSON.
    Json,
}

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people.
    Text,
    /// One JSON object, described by `hookcheck schema`.
    Json,
    /// One JSON line per case and agent, as each case finishes (`test` only).
    Ndjson,
    /// Text plus GitHub Actions `::error` annotations and a step summary.
    Github,
}

/// When to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, honouring NO_COLOR and CLICOLOR_FORCE.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// `hookcheck live`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("trigger").args(["bash", "edit", "prompt", "mcp"]).multiple(false)))]
pub struct LiveArgs {
    /// The hook's name: its spec file without the extension.
    pub hook: String,
    /// The agent runs this shell command (hookcheck appends `; touch .hookcheck-ran` to see it ran).
    #[arg(long, value_name = "CMD")]
    pub bash: Option<String>,
    /// The agent writes this file (relative to its throwaway workspace) with its own write tool.
    #[arg(long, value_name = "PATH")]
    pub edit: Option<String>,
    /// The user submits this prompt (the model only answers).
    #[arg(long, value_name = "TEXT")]
    pub prompt: Option<String>,
    /// The agent calls this tool of an MCP server live mode gives it (`hookcheck mcp-probe`,
    /// registered in the agent's own MCP config under SERVER): `SERVER:TOOL`, no arguments.
    #[arg(long, value_name = "SERVER:TOOL")]
    pub mcp: Option<String>,
    /// The event the hook is on, as an agent spells it (`PostToolUse`, `Stop`) or portable
    /// (`after-tool`, `stop`). Default: the spec's. With no trigger, the model only answers
    /// (Stop, SessionStart).
    #[arg(long, value_name = "EVENT")]
    pub event: Option<String>,
    /// The agents to run (comma-separated). Default: every agent with a live driver.
    #[arg(long = "agent", value_name = "ID", value_delimiter = ',')]
    pub agents: Vec<String>,
    /// Use this executable for an agent instead of the one on PATH: `claude=/opt/claude`.
    #[arg(long = "agent-bin", value_name = "ID=PATH")]
    pub agent_bins: Vec<String>,
    /// Run the agents without a network sandbox.
    #[arg(long)]
    pub no_sandbox: bool,
    /// Write one JSON fixture per observation into DIR.
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
    /// Where the specs are (repeatable).
    #[arg(long = "specs", value_name = "DIR")]
    pub specs: Vec<PathBuf>,
    /// Expected observation: allow, block or halted; or per agent, `claude=block`. Repeatable.
    #[arg(long, value_name = "EXPECT", value_delimiter = ',')]
    pub expect: Vec<String>,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// How long one agent run may take, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 240)]
    pub agent_timeout: u64,
    /// Put the hook somewhere other than the user's hook file (own: the agent's own project
    /// file; claude: Claude Code's .claude/settings.json and none of the agent's own, predicted
    /// from that file as the agent's loader reads it; synced: the files `hookcheck sync HOOK`
    /// writes, in a copy of the project's spec folders, predicted from those files as `run
    /// --installed` reads them; plugin: a plugin of the agent's in the throwaway home), with the
    /// folder trusted: to check the agent's trust gate, that the synced files run, what reads
    /// another agent's file, where a plugin's hook runs. A driver without that place refuses it.
    #[arg(long, value_enum, value_name = "FILE")]
    pub repo_hooks: Option<crate::live::driver::RepoFile>,
    /// With --repo-hooks: leave the folder untrusted.
    #[arg(long, requires = "repo_hooks")]
    pub untrusted: bool,
    /// With --repo-hooks: write the same hook into the user's hook file too (the same hook in
    /// two files: does the agent run it once or twice).
    #[arg(long, requires = "repo_hooks")]
    pub also_user: bool,
    /// Capture what the hook is given (its shell's argv, working directory, stdin, environment
    /// variable names) and print it beside hookcheck's plan for that agent, as a diff.
    #[arg(long)]
    pub show_input: bool,
    /// Capture what the hook is given and write one JSON fixture per agent into DIR
    /// (`<agent>--<situation>.json`: bash, edit, prompt, stop, post-bash; variable names only,
    /// paths in relative form).
    #[arg(long, value_name = "DIR")]
    pub record_inputs: Option<PathBuf>,
    /// Start the agent in this folder of its workspace (relative, no `..`; made if missing)
    /// instead of the workspace itself: what a hook is given when the agent starts in a
    /// subfolder of the project. The hook files stay where they are (home, workspace).
    #[arg(long, value_name = "DIR")]
    pub start_in: Option<String>,
    /// Make the workspace a git repository (`git init`) before the agent starts.
    #[arg(long)]
    pub git: bool,
    /// The first hook's own timeout in seconds, the spec's other commands keeping the spec's:
    /// are timeouts per hook or per event when several hooks run. hookcheck's prediction
    /// gives every command the spec's.
    #[arg(long, value_name = "SECS")]
    pub first_timeout: Option<u64>,
    /// Put the spec's last command on this event instead (the agent's spelling, the same
    /// matcher), the others staying on the spec's: several events on one call (a generic
    /// before-tool event and a permission one). Needs `--repo-hooks own`: hookcheck predicts
    /// from the project hook file the driver wrote, as `run --installed` plans it.
    #[arg(long, value_name = "EVENT", requires = "repo_hooks")]
    pub also_event: Option<String>,
    /// Approve no tool up front: the scripted call is left to the agent's own permission mode
    /// (where its driver can), as a project without an allow rule
    /// is. A headless run has no one to ask, so a hook on the agent's permission event decides.
    #[arg(long)]
    pub ask: bool,
    /// Put the hook on every event the agent has, `{event}` in its command standing for the
    /// event's name (a tool event matched on the scripted call's tool): which events fire, in
    /// what order, as the lines the hooks leave. hookcheck predicts nothing then
    #[arg(long)]
    pub every_event: bool,
}

impl LiveArgs {
    /// `--repo-hooks`, `--untrusted` and `--also-user` together.
    pub fn repo(&self) -> Option<crate::live::driver::RepoHooks> {
        self.repo_hooks.map(|file| crate::live::driver::RepoHooks {
            file,
            trusted: !self.untrusted,
            also_user: self.also_user,
        })
    }
}
