//! Crush's config files.
//!
//! Source: protocols-b.md §2 Config (charmbracelet/crush v0.90.0 @37f36e9:
//! `internal/config/{config,load}.go`, `internal/hooks/runner.go`, docs/hooks/README.md):
//! project `crush.json` and `.crush.json` (also `crushrc` / `.crushrc`, and the same files in
//! each folder from the git root down, not read here), user `~/.config/crush/crush.json` and
//! the data config `~/.local/share/crush/crush.json`; flat shape
//! `{"hooks": {"PreToolUse": [{"name", "matcher", "command", "timeout"}]}}`, timeout in s; event
//! keys case-insensitive, snake form accepted. A matcher that does not compile as a Go regular
//! expression (a bare `*` included) is a load error for the whole merged config.

use std::path::Path;

use crate::matcher;
use crate::native::loader::{Layout, Loader, Writer, command_shape};
use crate::native::shape::{self, Shape};
use crate::native::{JsonCursor, NativeError, NativeHandler, Unit, parse_json, shape_error};

/// Crush's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| vec![root.join("crush.json"), root.join(".crush.json")],
    user_files: |home| {
        vec![
            // The machine's file, merged first (protocols-b.md Crush Files, its docs; not
            // observed: Crush has no live run here).
            std::path::PathBuf::from("/etc/crush/crush.json"),
            home.join(".config/crush/crush.json"),
            home.join(".local/share/crush/crush.json"),
        ]
    },
    parse,
    renames: &[
        ("BeforeTool", "PreToolUse"),
        ("preToolUse", "PreToolUse"),
        ("beforeShellExecution", "PreToolUse"),
    ],
    // protocols-b.md §2 Events (MCP tools are `mcp_<server>_<tool>`).
    tool_names: &[
        "bash",
        "edit",
        "multiedit",
        "write",
        "view",
        "glob",
        "grep",
        "ls",
        "fetch",
        "download",
        "sourcegraph",
        "agent",
        "mcp_server_tool",
    ],
    project_glob: "crush.json, .crush.json",
    // config.go's flat hook list (protocols-b.md §2).
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes a hook into crush.json.
static WRITER: Writer = Writer::grouped("crush.json", Unit::Seconds)
    .layout(Layout::Flat)
    .handler(r#"{"command":"$COMMAND","timeout":"$TIMEOUT"}"#);

const SHAPE: Shape = command_shape(
    "crush",
    Unit::Seconds,
    "Crush cannot load its config: it does not start with this file",
);

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let v = parse_json(path, text, SHAPE.consequence)?;
    let mut out = shape::flat(&SHAPE, path, text, &v)?;
    let mut cursor = JsonCursor::new(text);
    for h in &mut out {
        // Event keys are case-insensitive and accept the snake form (protocols-b.md §2).
        if h.event.to_lowercase().replace('_', "") == "pretooluse" {
            h.event = "PreToolUse".into();
        }
        if h.matcher.is_empty() {
            continue;
        }
        // runner.go compiles every matcher when the config loads; one bad regex fails it all.
        let line = cursor.line_of(&h.matcher);
        if let Err(e) = matcher::go_regex_matches(&h.matcher, "") {
            return Err(shape_error(
                path,
                Some(line),
                format!(
                    "matcher \"{}\" does not compile as a Go regular expression ({e})",
                    h.matcher
                ),
                SHAPE.consequence,
            ));
        }
    }
    Ok(out)
}
