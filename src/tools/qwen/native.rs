//! Qwen Code's settings files.
//!
//! Source: protocols-b.md §9 Config (QwenLM/qwen-code `packages/core/src/hooks/`,
//! `hook-timeout.ts`; docs/users/features/hooks.md @00d06c8): project `.qwen/settings.json` and
//! `.qwen/settings.local.json` (1.x), user `~/.qwen/settings.json`; grouped shape. Timeout: the
//! newer runner reads seconds, and any value of 1000 or more as milliseconds (legacy).
//! hookcheck has no Qwen contract yet, so its hooks are listed and linted, not run.

use crate::native::Unit;
use crate::native::loader::{
    Gate, Launch, Loader, Trust, Writer, command_shape, grouped_json, trusted_folders_json,
};
use crate::native::shape::Shape;

/// Qwen Code's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        vec![
            root.join(".qwen/settings.json"),
            root.join(".qwen/settings.local.json"),
        ]
    },
    user_files: |home| vec![home.join(".qwen/settings.json")],
    parse: |path, text| grouped_json(&SHAPE, path, text),
    // A Node program (docs/reference/real-agents.md, npm package): readFileSync(…, "utf8")
    // puts U+FFFD for a byte that is not UTF-8 and loads the rest.
    lossy_utf8: true,
    renames: &[
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
        ("BeforeAgent", "UserPromptSubmit"),
    ],
    tool_names: &[
        "run_shell_command",
        "write_file",
        "edit",
        "read_file",
        "read_many_files",
        "glob",
        "grep_search",
        "list_directory",
        "web_fetch",
        "web_search",
        "save_memory",
        "todo_write",
        "Shell",
        "WriteFile",
        "Edit",
        "ReadFile",
    ],
    project_glob: ".qwen/settings.json, .qwen/settings.local.json",
    unit: "s (1000 and more: ms)",
    trust: Some(&TRUST),
    // Qwen Code replaces $GEMINI_PROJECT_DIR and $CLAUDE_PROJECT_DIR in the command (tools::qwen
    // `shell`); a missing binary lets the call through (docs/reference/real-agents.md, Qwen Code
    // 0.24.4).
    launch: Launch {
        env_known: true,
        no_shell: false,
    },
    generated_as: GENERATED_AS,
    // hook-timeout.ts reads seconds (protocols-b.md §9).
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes a hook into .qwen/settings.json.
static WRITER: Writer = Writer::grouped(".qwen/settings.json", Unit::Seconds);

/// Project settings, and so project hooks, load only in a trusted folder (protocols-b.md §9
/// Files); the choice is kept in `~/.qwen/trustedFolders.json`
/// (qwenlm.github.io/qwen-code-docs/en/cli/trusted-folders, read 2026-12-01).
static TRUST: Trust = Trust {
    gates: Gate::ProjectFiles,
    until: "Qwen Code loads none of them",
    kept: "~/.qwen/trustedFolders.json",
    how: "start `qwen` in the folder and choose \"Trust folder\" (kept in ~/.qwen/trustedFolders.json)",
    trusted: |home, root| trusted_folders_json(&home.join(".qwen/trustedFolders.json"), root),
    source: "protocols-b.md §9 Files; qwenlm.github.io/qwen-code-docs/en/cli/trusted-folders",
};

const SHAPE: Shape = command_shape(
    "qwen",
    Unit::SecondsOrLegacyMillis,
    "Qwen Code cannot load this settings file, so none of its hooks run",
);

/// The target names generators write this agent's hook file under.
/// agent-harness-adapter 0.2.2 writes it as harness `qwen` (agent-harness-adapter-core 0.2.2
/// src/qwen/adapter.rs `ID`, github.com/six5536/agent-harness-adapter @19b385a6, read 2026-12-01;
/// fixtures/corpus/aha-generated).
static GENERATED_AS: &[(&str, &str)] = &[("agent-harness-adapter", "qwen")];
