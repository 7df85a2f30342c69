//! Cline's hook scripts: one file per event, named after it.
//!
//! Source: protocols-a.md §8 Config (cline/cline @21cb8d25 `hook-file-config.ts`,
//! `sdk/packages/shared/src/storage/paths.ts`; docs `hooks.mdx` @901d1b5c): project
//! `.clinerules/hooks/` and `.cline/hooks/`, user `~/Documents/Cline/Hooks/` and
//! `~/.cline/hooks/`; the file name is the event (matched case-insensitively), with no extension
//! or one of the SDK's script extensions. No matcher, no per-hook timeout. The SDK/CLI starts a
//! script by its shebang, else by its extension, else with bash, so the command is written as
//! that interpreter and the path.

use std::path::{Path, PathBuf};

use crate::native::loader::{Loader, Writer};
use crate::native::{NativeError, NativeHandler};

/// Cline's loader.
pub static LOADER: Loader = Loader {
    project_files: |root| {
        let mut out = scripts_in(&root.join(".clinerules/hooks"));
        out.extend(scripts_in(&root.join(".cline/hooks")));
        out
    },
    user_files: |home| {
        let mut out = scripts_in(&home.join("Documents/Cline/Hooks"));
        out.extend(scripts_in(&home.join(".cline/hooks")));
        out
    },
    parse,
    renames: &[
        ("SessionStart", "TaskStart"),
        ("Stop", "TaskComplete"),
        ("SessionEnd", "SessionShutdown"),
        ("preToolUse", "PreToolUse"),
        ("postToolUse", "PostToolUse"),
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
    ],
    project_glob: ".clinerules/hooks/<Event>",
    // One script per event in the project's documented folder (hooks.mdx @901d1b5c), every
    // spec on the event in it (the behaviour spec, seed 002, "Cline replies").
    writes: Ok(&WRITER),
    ..Loader::DEFAULT
};

/// How `hookcheck sync` writes Cline's hooks: `.clinerules/hooks/<Event>`, a `#!/bin/sh`
/// script with no extension (the SDK starts it by its shebang: `sh FILE`, captured live from
/// Cline 3.0.65, fixtures/live/inputs/cline--bash.json).
static WRITER: Writer = Writer::scripts(".clinerules/hooks");

/// Extensions the SDK accepts on a hook file (hook-file-config.ts); `""` is none.
const EXTENSIONS: &[&str] = &[
    "", "sh", "bash", "zsh", "js", "mjs", "cjs", "ts", "mts", "cts", "py", "ps1",
];

/// The hook scripts in `dir`: files with an accepted extension, sorted by name.
fn scripts_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .filter(|p| {
            let ext = p.extension().map(|e| e.to_string_lossy().to_lowercase());
            EXTENSIONS.contains(&ext.as_deref().unwrap_or(""))
        })
        .collect();
    out.sort();
    out
}

/// The event a file name stands for: Cline's spelling when it names one (any case), else the
/// name as written, so lint can say it is not an event.
fn event_of(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    super::CONTRACT
        .event_names()
        .find(|e| e.eq_ignore_ascii_case(&stem))
        .map_or(stem, |e| (*e).to_string())
}

/// The interpreter the SDK starts a script with (subprocess.ts): the shebang's program
/// (`env X` unwrapped), else by extension, else bash.
fn interpreter(path: &Path, text: &str) -> String {
    if let Some(line) = text.lines().next().and_then(|l| l.strip_prefix("#!")) {
        let mut words = line.split_whitespace();
        let program = words.next().unwrap_or_default();
        let name = program.rsplit('/').next().unwrap_or(program);
        let name = if name == "env" {
            words.find(|w| !w.starts_with('-')).unwrap_or("bash")
        } else {
            name
        };
        if !name.is_empty() {
            return name.to_string();
        }
    }
    let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    match ext.as_deref() {
        Some("js" | "mjs" | "cjs") => "node".into(),
        Some("ts" | "mts" | "cts") => "bun run".into(),
        Some("py") => "python3".into(),
        Some("ps1") => "pwsh".into(),
        _ => "bash".into(),
    }
}

/// Quotes a path for `sh` when it holds anything but plain characters.
fn quoted(path: &str) -> String {
    let plain = path
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+".contains(c));
    if plain {
        path.to_string()
    } else {
        format!("'{}'", path.replace('\'', r"'\''"))
    }
}

fn parse(path: &Path, text: &str) -> Result<Vec<NativeHandler>, NativeError> {
    let command = format!(
        "{} {}",
        interpreter(path, text),
        quoted(&path.display().to_string())
    );
    let mut h = NativeHandler::new("cline", path, 1, &event_of(path), &command);
    h.synced_commands = crate::sync::script::commands(text);
    Ok(vec![h])
}
