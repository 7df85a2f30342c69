//! Windsurf / Devin CLI's hook files.
//!
//! Source: protocols-a.md §6b Devin CLI (docs.devin.ai/cli/extensibility/hooks): project
//! `.devin/hooks.v1.json` is the event map itself, with no top-level `"hooks"` wrapper (a
//! wrapped file does not load); user hooks under the `hooks` key of `~/.config/devin/config.json`
//! (second-hand); Claude Code's `.claude/` hook settings are picked up too. Shape per event:
//! `[{"matcher": "exec", "hooks": [{"type": "command", "command": "…", "timeout": 10}]}]`,
//! timeout in s. Windsurf Cascade's own `.windsurf/hooks.json` (§6a) is a different system.

use std::path::Path;

use serde_json::{Value, json};

use crate::native::loader::{Loader, Writer, command_shape};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json, shape_error};

/// Windsurf / Devin CLI's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| vec![root.join(".devin/hooks.v1.json")],
    user_files: |home| vec![home.join(".config/devin/config.json")],
    parse,
    also_reads: &["claude"],
    renames: &[
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
        ("BeforeAgent", "UserPromptSubmit"),
        ("preToolUse", "PreToolUse"),
        ("postToolUse", "PostToolUse"),
        ("pre_run_command", "PreToolUse"),
        ("pre_write_code", "PreToolUse"),
        ("pre_user_prompt", "UserPromptSubmit"),
    ],
    // The payload examples' tool names (protocols-a.md §6b).
    tool_names: &["exec", "edit", "mcp__server__tool"],
    project_glob: ".devin/hooks.v1.json",
    generated_as: GENERATED_AS,
    // the grouped shape under `hooks` (protocols-a.md, Devin CLI lifecycle hooks).
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes a hook into .devin/hooks.v1.json.
static WRITER: Writer = Writer::grouped(".devin/hooks.v1.json", Unit::Seconds).at_top();

const SHAPE: Shape = command_shape(
    "windsurf",
    Unit::Seconds,
    "the Devin CLI loads no hooks from this file",
);

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, SHAPE.consequence)?;
    // The user config keeps hooks under `hooks`, beside other settings.
    if path.file_name().is_some_and(|n| n == "config.json") {
        return shape::grouped(&SHAPE, path, text, &v);
    }
    let Some(map) = v.as_object() else {
        return Err(shape_error(
            path,
            Some(1),
            "the file is not a JSON object".into(),
            SHAPE.consequence,
        ));
    };
    if map.get("hooks").is_some_and(Value::is_object) {
        let line = crate::native::JsonCursor::new(text).line_of("hooks");
        return Err(shape_error(
            path,
            Some(line),
            "a top-level `hooks` wrapper: hooks.v1.json is the event map itself".into(),
            SHAPE.consequence,
        ));
    }
    shape::grouped(&SHAPE, path, text, &json!({ "hooks": v }))
}

/// The target names generators write this agent's hook file under.
/// agent-harness-adapter 0.2.2 writes it as harness `devin` (agent-harness-adapter-core 0.2.2
/// src/devin/adapter.rs `ID`, github.com/six5536/agent-harness-adapter @19b385a6, read 2026-12-01;
/// fixtures/corpus/aha-generated).
static GENERATED_AS: &[(&str, &str)] = &[("agent-harness-adapter", "devin")];
