//! Gemini CLI's settings files.
//!
//! Source: protocols-a.md §3 Config (gemini-cli @5411f113 `settingsSchema.ts`, docs
//! `docs/hooks/reference.md`): project `.gemini/settings.json`, user `~/.gemini/settings.json`;
//! grouped shape; timeout in **milliseconds**; `env` per handler.

use std::path::Path;

use crate::native::loader::{
    Field, Gate, Launch, Loader, Trust, Writer, command_shape, grouped_json, trusted_folders_json,
};
use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json};

/// Gemini CLI's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| vec![root.join(".gemini/settings.json")],
    user_files: |home| vec![home.join(".gemini/settings.json")],
    parse: |path, text| grouped_json(&SHAPE, path, text),
    // hookRegistry.ts discards one malformed entry and loads the rest.
    parse_entries: Some(parse_entries),
    // A Node program (docs/reference/real-agents.md, npm package): readFileSync(…, "utf8")
    // puts U+FFFD for a byte that is not UTF-8 and loads the rest.
    lossy_utf8: true,
    // `hooks migrate` maps Claude's names to these (gemini-cli commands/hooks/migrate.ts).
    renames: &[
        ("PreToolUse", "BeforeTool"),
        ("PostToolUse", "AfterTool"),
        ("UserPromptSubmit", "BeforeAgent"),
        ("Stop", "AfterAgent"),
        ("PreCompact", "PreCompress"),
    ],
    tool_names: &[
        "run_shell_command",
        "write_file",
        "replace",
        "read_file",
        "read_many_files",
        "glob",
        "search_file_content",
        "list_directory",
        "web_fetch",
        "google_web_search",
        "save_memory",
        "write_todos",
        "mcp_server_tool",
    ],
    project_glob: ".gemini/settings.json",
    // Fields compared with a spec: behaviour spec (seed 002), "Stale tool file replies".
    compares: &[Field::Env],
    unit: "ms",
    trust: Some(&TRUST),
    // Gemini CLI replaces $CLAUDE_PROJECT_DIR in the command too (tools::gemini `shell`);
    // an exit 127 that prints "not found" is a deny (docs/reference/real-agents.md, Gemini CLI
    // 0.61.0: "a mistyped script path (exit 127, \"No such file\" on stderr) blocks every
    // matching call").
    launch: Launch {
        env_known: true,
        no_shell: false,
    },
    generated_as: GENERATED_AS,
    // settingsSchema.ts: timeout in milliseconds (protocols-a.md §3).
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes a hook into .gemini/settings.json.
static WRITER: Writer = Writer::grouped(".gemini/settings.json", Unit::Millis);

/// Project hooks run only in a trusted folder, checked again at run time (protocols-a.md §3
/// "Trust"; docs/reference/real-agents.md, Gemini CLI 0.61.0). The choice is kept in
/// `~/.gemini/trustedFolders.json` (geminicli.com/docs/cli/trusted-folders, read 2026-12-01).
static TRUST: Trust = Trust {
    gates: Gate::ProjectFiles,
    until: "Gemini CLI loads none of them",
    kept: "~/.gemini/trustedFolders.json",
    how: "start `gemini` in the folder and choose \"Trust folder\" (kept in ~/.gemini/trustedFolders.json)",
    trusted: |home, root| trusted_folders_json(&home.join(".gemini/trustedFolders.json"), root),
    source: "protocols-a.md §3 Trust; geminicli.com/docs/cli/trusted-folders",
};

const SHAPE: Shape = command_shape(
    "gemini",
    Unit::Millis,
    "Gemini CLI cannot load this settings file, so none of its hooks run",
);

/// hookRegistry.ts (google-gemini/gemini-cli @0469749e, read 2026-12-01): a definition that is
/// not an object or has no `hooks` list, and a hook with no `command`, are each discarded with
/// a warning; the rest of the file loads. A file that is not JSON loads nothing.
fn parse_entries(
    path: &Path,
    text: &str,
) -> Result<(Vec<NativeHandler>, Vec<NativeError>), NativeError> {
    let v = parse_json(path, text, SHAPE.consequence)?;
    shape::grouped_per_entry(
        &SHAPE,
        path,
        text,
        &v,
        "Gemini CLI discards this entry and runs the rest of the file",
    )
}

/// The target names generators write Gemini CLI's settings under: rulesync's `geminicli`
/// (https://github.com/dyoshikawa/rulesync/blob/cfebcd751ddadb07fbcb6f657a8200e5803b4d1b/docs/reference/file-formats.md,
/// 2026-08-18, read 2026-12-01).
/// agent-harness-adapter 0.2.2 writes it as harness `gemini` (agent-harness-adapter-core 0.2.2
/// src/gemini/adapter.rs `ID`, github.com/six5536/agent-harness-adapter @19b385a6, read 2026-12-01;
/// fixtures/corpus/aha-generated).
static GENERATED_AS: &[(&str, &str)] = &[
    ("rulesync", "geminicli"),
    ("agent-harness-adapter", "gemini"),
];
