//! Claude Code's settings files.
//!
//! Source: protocols-a.md §1 Config (claude-agent-sdk 0.3.328 settings schema; hooks reference
//! at code.claude.com/docs/en/hooks): project `.claude/settings.json` and
//! `.claude/settings.local.json`, user `~/.claude/settings.json`; shape
//! `{"hooks": {"<Event>": [{"matcher": "…", "hooks": [{"type": "command", …}]}]}}`, timeout in s.

use std::path::{Path, PathBuf};

use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json};
use crate::tools::native::{Field, Loader};

/// Claude Code's loader.
pub static LOADER: Loader = Loader {
    id: "claude",
    name: "Claude Code",
    project_files: |root| {
        vec![
            root.join(".claude/settings.json"),
            root.join(".claude/settings.local.json"),
        ]
    },
    user_files: |home| vec![home.join(".claude/settings.json")],
    parse,
    also_reads: &[],
    events: &[],
    renames: &[
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
        ("BeforeAgent", "UserPromptSubmit"),
        ("preToolUse", "PreToolUse"),
        ("postToolUse", "PostToolUse"),
    ],
    tool_names: &[
        "Bash",
        "Read",
        "Write",
        "Edit",
        "MultiEdit",
        "NotebookEdit",
        "Glob",
        "Grep",
        "WebFetch",
        "WebSearch",
        "Task",
        "TodoWrite",
        "mcp__server__tool",
    ],
    project_glob: ".claude/settings.json, .claude/settings.local.json",
    // Fields compared with a spec: behaviour spec (seed 002), "Stale tool file replies".
    compares: &[Field::FailClosed],
    unit: "s",
    trust: None,
    sources: &[
        "protocols-a.md §1 Config (claude-agent-sdk 0.3.328; code.claude.com/docs/en/hooks)",
    ],
    checked: "2026-11-30",
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
    let v = parse_json(path, text, SHAPE.consequence)?;
    shape::grouped(&SHAPE, path, text, &v)
}

/// The project files, for other loaders that cross-read them.
pub fn project_files(root: &Path) -> Vec<PathBuf> {
    (LOADER.project_files)(root)
}
