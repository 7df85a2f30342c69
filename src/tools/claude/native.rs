//! Claude Code's settings files.
//!
//! Source: protocols-a.md §1 Config (claude-agent-sdk 0.3.328 settings schema; hooks reference
//! at code.claude.com/docs/en/hooks): project `.claude/settings.json` and
//! `.claude/settings.local.json`, user `~/.claude/settings.json`; shape
//! `{"hooks": {"<Event>": [{"matcher": "…", "hooks": [{"type": "command", …}]}]}}`, timeout in s.
//!
//! Handler types (hooks reference, "Hook handler fields", https://code.claude.com/docs/en/hooks,
//! checked 2026-12-04): hookcheck runs the one that starts a command and lists the others as
//! not run, with why (`crate::native::not_a_command`):
//!
//! | `type`    | what Claude Code does                                   | hookcheck |
//! |-----------|---------------------------------------------------------|-----------|
//! | `command` | runs `command` in a shell, the event's JSON on stdin   | runs it   |
//! | `http`    | POSTs the event's JSON to `url`, reads the JSON reply   | not run   |
//! | `prompt`  | sends `prompt` to a model (single turn), reads its answer | not run |
//! | `agent`   | hands `prompt` to a subagent with tools, reads its answer | not run |

use std::path::{Path, PathBuf};

use crate::native::loader::{Field, Gate, Launch, Loader, Trust, Writer, json_file};
use crate::native::plugins::{self, PluginLayout};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json};

/// Claude Code's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        let mut files = vec![
            root.join(".claude/settings.json"),
            root.join(".claude/settings.local.json"),
        ];
        files.extend(PLUGINS.hook_files(root));
        files
    },
    user_files: |home| vec![home.join(".claude/settings.json"), managed_settings()],
    parse,
    // A Node program (docs/reference/real-agents.md, npm package): readFileSync(…, "utf8")
    // puts U+FFFD for a byte that is not UTF-8 and loads the rest.
    lossy_utf8: true,
    renames: CLAUDE_RENAMES,
    tool_names: TOOL_NAMES,
    project_glob: ".claude/settings.json, .claude/settings.local.json",
    // Fields compared with a spec: behaviour spec (seed 002), "Stale tool file replies".
    compares: &[Field::FailClosed],
    trust: Some(&TRUST),
    // Its variables: protocols-a.md §1 Process "Env".
    launch: Launch {
        env_known: true,
        ..Launch::SHELL
    },
    generated_as: GENERATED_AS,
    // the grouped shape its loader reads (code.claude.com/docs/en/hooks, "Configuration").
    writes: Ok(&WRITER),
    plugins: Some(&PLUGINS),
    ..Loader::DEFAULT
};

/// The machine's managed settings file, whose hooks Claude Code runs beside the user's and the
/// project's: `managed-settings.json` in its policy folder, `$CLAUDE_CODE_MANAGED_SETTINGS_PATH`
/// when set (its bundle: "this machine's policy folder (or the one
/// CLAUDE_CODE_MANAGED_SETTINGS_PATH names)"), else `/etc/claude-code` on Linux and
/// `/Library/Application Support/ClaudeCode` on macOS (npm @anthropic-ai/claude-code 2.1.332
/// bin/claude.exe, read 2026-12-05). Real agent: 2.1.332 ran a blocking hook from
/// `/etc/claude-code/managed-settings.json` (fixtures/live/lifecycle/managed, 2026-12-05).
pub fn managed_settings() -> std::path::PathBuf {
    crate::native::loader::machine_path(
        Some("CLAUDE_CODE_MANAGED_SETTINGS_PATH"),
        "/etc/claude-code",
        "/Library/Application Support/ClaudeCode",
    )
    .join("managed-settings.json")
}

/// How `hookcheck sync` writes a hook into .claude/settings.json.
static WRITER: Writer = Writer::grouped(".claude/settings.json", Unit::Seconds);

/// Other agents' names for the tool events and the Claude Code names for them: Gemini CLI's
/// (`BeforeTool`) and Copilot's camelCase (`preToolUse`), then Gemini CLI's `BeforeAgent`: the
/// renames of a Claude-shaped agent that has `UserPromptSubmit`.
pub const CLAUDE_RENAMES: &[(&str, &str)] = &[
    ("BeforeTool", "PreToolUse"),
    ("AfterTool", "PostToolUse"),
    ("preToolUse", "PreToolUse"),
    ("postToolUse", "PostToolUse"),
    ("BeforeAgent", "UserPromptSubmit"),
];

/// [`CLAUDE_RENAMES`] of the tool events only, for an agent with no `UserPromptSubmit`.
pub const TOOL_RENAMES: &[(&str, &str)] = CLAUDE_RENAMES.split_at(4).0;

/// Project hooks load only once the workspace trust dialog is accepted; `-p` (headless) runs a
/// repository's hooks without it (protocols-a.md §1 "Trust"). The answer is kept per folder as
/// `projects.<folder>.hasTrustDialogAccepted` in `~/.claude.json`, matched exactly when the
/// project has hooks (github.com/iloom-ai/iloom-cli/issues/804, Claude Code 2.1.58 read
/// 2026-02-26; github.com/anthropics/claude-code/issues/90220 says 2.1.241 may run hooks with
/// it false, so a missing answer is "not known to be trusted", not "never runs").
static TRUST: Trust = Trust {
    gates: Gate::ProjectFiles,
    until: "interactive Claude Code loads none of them (`claude -p` runs them without asking)",
    kept: "`projects.<folder>.hasTrustDialogAccepted` in ~/.claude.json",
    how: "start `claude` in the project folder once and accept the workspace trust dialog",
    trusted: |home, root| {
        let v = json_file(&home.join(".claude.json"));
        let projects = v.as_ref().and_then(|v| v.get("projects"));
        let mut roots = vec![root.to_path_buf()];
        roots.extend(root.canonicalize().ok());
        Some(roots.iter().any(|r| {
            projects
                .and_then(|p| p.get(r.display().to_string()))
                .and_then(|p| p.get("hasTrustDialogAccepted"))
                .and_then(serde_json::Value::as_bool)
                == Some(true)
        }))
    },
    exempt: &[],
    source: "protocols-a.md §1 Trust; github.com/iloom-ai/iloom-cli/issues/804; github.com/anthropics/claude-code/issues/90220",
};

const SHAPE: Shape = Shape {
    tool: "claude",
    unit: Unit::Seconds,
    // An invalid settings file is skipped whole (Claude Code reports a settings error).
    consequence: "Claude Code loads no hooks from this file",
    command_keys: &["command"],
    exec_key: None,
    timeout_keys: &["timeout"],
};

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    read(path, text, false)
}

fn parse_plugin(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    read(path, text, true)
}

fn read(path: &Path, text: &str, plugin: bool) -> Result<Vec<NativeHandler>, NativeError> {
    let shape = if plugin { &PLUGIN_SHAPE } else { &SHAPE };
    let v = parse_json(path, text, shape.consequence)?;
    // Claude Code checks a plugin's hooks file against `{"hooks": {...}}` and refuses one
    // without it, the events at the top level included ("Hook load failed: ... path hooks:
    // expected record, received undefined"; anthropics/claude-code#31763, Claude Code 2.1.71,
    // and Claudate/project-multilevel-index#1, read 2026-12-03). A settings file without
    // `hooks` merely has none.
    if plugin && v.get("hooks").is_none() {
        let events: Vec<&str> = v
            .as_object()
            .into_iter()
            .flat_map(|o| o.keys())
            .map(String::as_str)
            .filter(|k| super::EVENTS.iter().any(|e| e.name == *k))
            .collect();
        let message = match events.first() {
            Some(first) => format!(
                "the events (`{first}`, ...) are at the top level: a plugin's hooks file holds them under `\"hooks\"`"
            ),
            None => {
                "a plugin's hooks file holds its events under `\"hooks\"`, and this one has none"
                    .to_string()
            }
        };
        return Err(NativeError {
            file: path.to_path_buf(),
            line: Some(1),
            message,
            consequence: shape.consequence.to_string(),
            agent: None,
        });
    }
    shape::grouped(shape, path, text, &v)
}

const PLUGIN_SHAPE: Shape = Shape {
    consequence: "Claude Code loads none of this plugin's hooks",
    ..SHAPE
};

/// A project that is a Claude Code plugin (a `.claude-plugin/plugin.json` manifest at its
/// root) has its hooks in `hooks/hooks.json`, `{"hooks": {…}}` in the settings shape, with
/// `${CLAUDE_PLUGIN_ROOT}` naming the plugin's folder; the manifest's `hooks` field may name
/// another file (code.claude.com/docs/en/plugins-reference, "Hooks" and "Environment
/// variables", read 2026-12-01). A marketplace (`.claude-plugin/marketplace.json`) lists its
/// plugins' folders in `plugins[].source`, relative to its root
/// (code.claude.com/docs/en/plugins/marketplace-reference, "Plugin sources", read 2026-12-04). Claude
/// Code runs a plugin's hooks while the plugin is installed and enabled.
static PLUGINS: PluginLayout = PluginLayout {
    // `CLAUDE_PLUGIN_DATA` names `~/.claude/plugins/data/NAME-MARKETPLACE` (`NAME-inline` for
    // a `--plugin-dir` plugin), made before the hook runs. real agent: Claude Code 2.1.332,
    // 2026-12-05 (fixtures/live/plugins/data/plugin-data--claude.json).
    data: Some(plugins::DataFolder::Made),
    ..plugins::layout(
        &[".claude-plugin/plugin.json"],
        &[".claude-plugin/marketplace.json"],
        parse_plugin,
    )
};

/// The project files, for other loaders that cross-read them.
pub fn project_files(root: &Path) -> Vec<PathBuf> {
    (LOADER.project_files)(root)
}

/// Claude Code's tool names, which agents that copy its hooks also document: "the exact
/// strings you use in ... hook matchers" (https://code.claude.com/docs/en/tools-reference,
/// as archived 2026-03-25 and read 2026-12-03), with the earlier `MultiEdit`, `Task` and
/// `TodoWrite`, and an MCP tool in its `mcp__<server>__<tool>` shape.
pub const TOOL_NAMES: &[&str] = &[
    "Agent",
    "AskUserQuestion",
    "Bash",
    "CronCreate",
    "CronDelete",
    "CronList",
    "Edit",
    "EnterPlanMode",
    "EnterWorktree",
    "ExitPlanMode",
    "ExitWorktree",
    "Glob",
    "Grep",
    "ListMcpResourcesTool",
    "LSP",
    "MultiEdit",
    "NotebookEdit",
    "PowerShell",
    "Read",
    "ReadMcpResourceTool",
    "Skill",
    "Task",
    "TaskCreate",
    "TodoWrite",
    "WebFetch",
    "WebSearch",
    "Write",
    "mcp__server__tool",
];

/// The target names generators write Claude Code's files under: rulesync's `claudecode`
/// (https://github.com/dyoshikawa/rulesync/blob/cfebcd751ddadb07fbcb6f657a8200e5803b4d1b/docs/reference/file-formats.md,
/// 2026-08-18, read 2026-12-01).
/// agent-harness-adapter 0.2.2 writes it as harness `claude` (agent-harness-adapter-core 0.2.2
/// src/claude/adapter.rs `ID`, github.com/six5536/agent-harness-adapter @19b385a6, read 2026-12-01;
/// fixtures/corpus/aha-generated).
static GENERATED_AS: &[(&str, &str)] = &[
    ("rulesync", "claudecode"),
    ("agent-harness-adapter", "claude"),
];
