//! Each agent's own hook files: where they are, what shape they have, and which other
//! agents' files the agent also loads. The [`Loader`] type; each agent's loader lives in its
//! folder (`src/tools/<agent>/native.rs`) and [`loaders`] lists them.

use std::path::{Path, PathBuf};

use crate::native::shape::{self, Shape};
use crate::native::{NativeError, NativeHandler, Unit, parse_json};

/// Reads one file into handlers and the entries the agent discards, or fails for the file.
pub type ParseEntries =
    fn(&Path, &str) -> Result<(Vec<NativeHandler>, Vec<NativeError>), NativeError>;

/// How to find and read one agent's hook files.
pub struct Loader {
    /// The agent's id (a [`super::Tool`] id when hookcheck can run the agent's hooks).
    pub id: &'static str,
    /// The agent's name for people.
    pub name: &'static str,
    /// The hook files the agent reads under the project root (existing or not).
    pub project_files: fn(&Path) -> Vec<PathBuf>,
    /// The hook files the agent reads under the user's home folder.
    pub user_files: fn(&Path) -> Vec<PathBuf>,
    /// Reads one file's text into handlers, or says why the agent cannot load it.
    pub parse: fn(&Path, &str) -> Result<Vec<NativeHandler>, NativeError>,
    /// For an agent that discards a malformed entry and loads the rest: reads one file into
    /// handlers and the entries discarded (used instead of `parse`).
    pub parse_entries: Option<ParseEntries>,
    /// The agent decodes a file that is not UTF-8 with replacement characters and loads it
    /// (Node's `readFileSync(…, "utf8")`), instead of refusing it.
    pub lossy_utf8: bool,
    /// Other agents (ids) whose files this agent also loads and runs by its own rules.
    pub also_reads: &'static [&'static str],
    /// The agent's events, when it has no [`super::Tool`] that lists them.
    pub events: &'static [&'static str],
    /// Other agents' event names and this agent's name for the same event.
    pub renames: &'static [(&'static str, &'static str)],
    /// The tool names the agent's matchers are compared with.
    pub tool_names: &'static [&'static str],
    /// The project files as people write them (`.github/hooks/*.json`).
    pub project_glob: &'static str,
    /// Handler fields beyond command, matcher and timeout that a spec must agree with.
    pub compares: &'static [Field],
    /// The unit timeouts are written in, for people (`s`, `ms`).
    pub unit: &'static str,
    /// The agent runs some of these files' hooks only once the user trusts them.
    pub trust: Option<&'static Trust>,
    /// How the agent starts a hook's command, for the command analysis.
    pub launch: Launch,
    /// Where the paths and shapes come from.
    pub sources: &'static [&'static str],
    /// The day the sources were read.
    pub checked: &'static str,
    /// The names generators give this agent in their target lists, `(generator, target)`
    /// (rulesync's `claudecode`, ...), so a generator's canonical source maps to the agent.
    pub generated_as: &'static [(&'static str, &'static str)],
    /// The agents whose files this one cross-reads and whose `"matcher": ""` it runs on no call.
    pub empty_matchers: &'static [EmptyMatcher],
}

impl Loader {
    /// What most loaders share, for `..Loader::DEFAULT`: one parse for the whole file, UTF-8
    /// only, no cross-reads, events from the tool, no renames, no tool names, no extra fields,
    /// timeouts in seconds, no trust gate, a shell starts the command, no generator names.
    /// Every loader names its own id, name, files, parse, glob, sources and day (the empty
    /// ones here fail tests/registry.rs, and a file read with this parse fails).
    pub const DEFAULT: Loader = Loader {
        id: "",
        name: "",
        project_files: |_| Vec::new(),
        user_files: |_| Vec::new(),
        parse: |path, _| {
            Err(NativeError {
                file: path.to_path_buf(),
                line: None,
                message: "this loader names no parser".into(),
                consequence: "hookcheck cannot read the file".into(),
            })
        },
        parse_entries: None,
        lossy_utf8: false,
        also_reads: &[],
        events: &[],
        renames: &[],
        tool_names: &[],
        project_glob: "",
        compares: &[],
        unit: "s",
        trust: None,
        launch: Launch::SHELL,
        sources: &[],
        checked: "",
        generated_as: &[],
        empty_matchers: &[],
    };

    /// The agent's events: its tool's, or the loader's own list.
    pub fn events(&self) -> Vec<&'static str> {
        super::find(self.id).map_or(self.events.to_vec(), |t| t.event_names())
    }
}

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

/// The shape of an agent whose handlers hold the command in `command` and the timeout in
/// `timeout`, with no exec form.
pub const fn command_shape(tool: &'static str, unit: Unit, consequence: &'static str) -> Shape {
    Shape {
        tool,
        unit,
        consequence,
        command_keys: &["command"],
        exec_key: None,
        timeout_keys: &["timeout"],
    }
}

/// Reads a JSON file in the grouped shape (event, matcher groups, handlers); a file that is not
/// JSON fails with the shape's consequence.
pub fn grouped_json(
    shape: &Shape,
    path: &Path,
    text: &str,
) -> Result<Vec<NativeHandler>, NativeError> {
    shape::grouped(
        shape,
        path,
        text,
        &parse_json(path, text, shape.consequence)?,
    )
}

/// Reads a JSON file in the flat shape (event, handlers); a file that is not JSON fails with the
/// shape's consequence.
pub fn flat_json(
    shape: &Shape,
    path: &Path,
    text: &str,
) -> Result<Vec<NativeHandler>, NativeError> {
    shape::flat(
        shape,
        path,
        text,
        &parse_json(path, text, shape.consequence)?,
    )
}

/// How an agent starts a hook's command: what `lint` and `run --installed` need to say what
/// breaks before the hook runs at all.
pub struct Launch {
    /// Variables the agent sets for its hooks, or replaces in the command, beyond its tool's
    /// `session_vars` (Gemini CLI replaces `$CLAUDE_PROJECT_DIR`).
    pub sets: &'static [&'static str],
    /// The variables it sets are known (documented, or seen in a real run): a variable of
    /// another agent that it does not set is then reported as empty.
    pub env_known: bool,
    /// It starts the command's first word itself, with no shell: a script without `#!` cannot
    /// start.
    pub no_shell: bool,
    /// What the agent does when a hook before a tool cannot start (exit 126 or 127); `None` when
    /// it lets the call through, so the guard silently does nothing.
    pub broken: Option<&'static str>,
}

impl Launch {
    /// A shell runs the command; no variables beyond the tool's, and those not known to be all;
    /// a hook that cannot start lets the call through.
    pub const SHELL: Launch = Launch {
        sets: &[],
        env_known: false,
        no_shell: false,
        broken: None,
    };
}

/// A trust gate: hook files an agent loads only once the user trusts them, where it keeps
/// that trust, and what it does until then. `lint` and `run --installed` say it for every
/// gated file whose trust they cannot find where the agent keeps it.
pub struct Trust {
    /// Which files wait for trust.
    pub gates: Gate,
    /// What the agent does with the hooks until then ("Copilot CLI runs none of them").
    pub until: &'static str,
    /// Where the agent keeps the trust, for people.
    pub kept: &'static str,
    /// How to give it.
    pub how: &'static str,
    /// Whether the user has trusted the project (home, project root), read where the agent
    /// keeps it; `None` when hookcheck cannot tell (a hash in the agent's own state).
    pub trusted: fn(&Path, &Path) -> Option<bool>,
    /// Where this comes from.
    pub source: &'static str,
}

/// Which hook files a [`Trust`] gate holds back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    /// The project's files, its own and those of other agents it cross-reads, until the
    /// folder is trusted.
    ProjectFiles,
    /// Every hook, user and project, until that hook is trusted.
    EveryHook,
}

/// The JSON file at `path`, when it exists and parses.
pub fn json_file(path: &Path) -> Option<serde_json::Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// `root` and the folders above it, as written and resolved (`/tmp` may be a symlink), for
/// matching the folder paths agents keep in their trust stores.
pub fn folder_and_parents(root: &Path) -> Vec<PathBuf> {
    let mut starts = vec![root.to_path_buf()];
    if let Ok(real) = root.canonicalize()
        && real != root
    {
        starts.push(real);
    }
    starts
        .iter()
        .flat_map(|s| s.ancestors().map(Path::to_path_buf))
        .collect()
}

/// Whether a `trustedFolders.json` (a map of folder to `TRUST_FOLDER`, `TRUST_PARENT` or
/// `DO_NOT_TRUST`, the Gemini CLI format Qwen Code keeps too) trusts `root`: `TRUST_FOLDER`
/// trusts the folder and those below it, `TRUST_PARENT` the folder's parent and those below it,
/// `DO_NOT_TRUST` marks the folder itself untrusted (geminicli.com/docs/cli/trusted-folders,
/// read 2026-12-01). `Some(false)` when the file holds no rule for `root`.
pub fn trusted_folders_json(path: &Path, root: &Path) -> Option<bool> {
    let Some(v) = json_file(path) else {
        return Some(false);
    };
    let rules = v.as_object()?;
    let folders = folder_and_parents(root);
    for (folder, level) in rules {
        let level = level.as_str().unwrap_or_default();
        let at = Path::new(folder.trim_end_matches('/'));
        if level == "DO_NOT_TRUST" && folders.iter().take(1).any(|f| f == at) {
            return Some(false);
        }
        let covers = match level {
            "TRUST_FOLDER" => Some(at),
            "TRUST_PARENT" => at.parent(),
            _ => None,
        };
        if covers.is_some_and(|c| folders.iter().any(|f| f == c)) {
            return Some(true);
        }
    }
    Some(false)
}

/// Whether `a` names the folder `b` (a trailing `/` aside).
pub fn same_folder(a: &str, b: &Path) -> bool {
    let a = a.trim_end_matches('/');
    !a.is_empty() && Path::new(a) == b
}

/// A handler field the stale-file check compares with the spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// `env` (keys only in messages).
    Env,
    /// `failClosed`.
    FailClosed,
    /// `cwd`.
    Cwd,
    /// `confirm`.
    Confirm,
    /// The Windows command (`commandWindows`), compared off Windows too.
    CommandWindows,
}

/// Every loader, in registry order (the agents of [`super::ALL`] that have hook files).
pub fn loaders() -> impl Iterator<Item = &'static Loader> + Clone {
    super::ALL.iter().filter_map(|t| t.loader())
}
/// The loader of the agent that `generator` writes for under the target name `target`.
pub fn generated_as(generator: &str, target: &str) -> Option<&'static Loader> {
    loaders().find(|l| {
        l.generated_as
            .iter()
            .any(|&(g, t)| g == generator && t == target)
    })
}

/// Every target name `generator` has for an agent hookcheck knows, in registry order.
pub fn generator_targets(generator: &str) -> Vec<&'static str> {
    loaders()
        .flat_map(|l| l.generated_as.iter())
        .filter(|(g, _)| *g == generator)
        .map(|(_, t)| *t)
        .collect()
}

/// A cross-read an agent makes only when one of its own settings is on, a setting that lives
/// in the agent's app rather than in a file hookcheck can read.
pub struct SwitchedRead {
    /// The agent that reads.
    pub reader: &'static str,
    /// The agent whose files it reads.
    pub reads: &'static str,
    /// Whether it reads that agent's user files too (with `--user`), not only project files.
    pub user_files: bool,
    /// The setting, as people find it.
    pub setting: &'static str,
}

/// Cross-reads behind a setting; hookcheck makes them with `--third-party`. Kept beside
/// [`loaders`] so that adding one touches no loader.
pub static SWITCHED_READS: &[SwitchedRead] = &[
    // cursor.com/docs/reference/third-party-hooks: Cursor loads `.claude/settings.local.json`,
    // `.claude/settings.json` and `~/.claude/settings.json` after its own files, mapping
    // Claude's event names to its own, only with this setting on and the feature enabled for
    // the account (protocols-a.md §5 "third-party hooks"). The setting is in Cursor's UI.
    SwitchedRead {
        reader: "cursor",
        reads: "claude",
        user_files: true,
        setting: "\"Include third-party Plugins, Skills, and other configs\" (Cursor Settings → Rules, Skills, Subagents)",
    },
];

/// A cross-read whose reader takes a matcher key written empty (`"matcher": ""`) as matching
/// no call, where the file's own agent takes it as every call (an absent key still matches
/// every call for both). Listed in the reader's [`Loader::empty_matchers`].
pub struct EmptyMatcher {
    /// The agent whose files it reads.
    pub reads: &'static str,
    /// Where the rule comes from.
    pub source: &'static str,
}

/// The rule of `reader` for a handler it cross-reads whose matcher key is written empty, if
/// the reader runs it on no call.
pub fn empty_matcher_runs_nothing(
    reader: &str,
    h: &NativeHandler,
) -> Option<&'static EmptyMatcher> {
    if !h.matcher_written_empty {
        return None;
    }
    loaders()
        .filter(|l| l.id == reader)
        .flat_map(|l| l.empty_matchers)
        .find(|e| e.reads == h.tool)
}

/// How an agent reads a matcher as a regular expression, for lint's flavour checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegexFlavour {
    /// JavaScript, anchored at both ends (`^(?:…)$`).
    JsAnchored,
    /// The Rust `regex` crate, where a pattern that does not compile skips the rule.
    RustSkipsInvalid,
}

/// Agents whose matchers lint checks against their regex flavour. Kept beside [`loaders`]
/// rather than in [`Loader`] so that adding one touches no other loader.
pub static REGEX_FLAVOURS: &[(&str, RegexFlavour)] = &[
    // An anchored JavaScript regex (protocols-a.md §4 "Matcher"; seed 002 "Copilot sample events").
    ("copilot", RegexFlavour::JsAnchored),
    // A matcher that does not compile (`*`) skips the rule (protocols-b.md, Goose; seed 002
    // "Goose sample events").
    ("goose", RegexFlavour::RustSkipsInvalid),
];

/// The regex flavour of agent `id`'s matchers, when lint checks it.
pub fn regex_flavour(id: &str) -> Option<RegexFlavour> {
    REGEX_FLAVOURS
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, f)| *f)
}

/// Whether `a` and `b` are one event of agent `id`: the same name, the same name with its
/// first letter in the other case (`PreToolUse`, `preToolUse`, as `lint` folds them), or a
/// pair the agent's loader lists in [`Loader::renames`] (Copilot's `Stop` is its `agentStop`).
pub fn same_event(id: &str, a: &str, b: &str) -> bool {
    if a == b || crate::native::event_key(a) == crate::native::event_key(b) {
        return true;
    }
    loader(id).is_some_and(|l| {
        l.renames
            .iter()
            .any(|(from, to)| (*from == a && *to == b) || (*from == b && *to == a))
    })
}

/// The loader of agent `id`.
pub fn loader(id: &str) -> Option<&'static Loader> {
    super::find(id).and_then(|t| t.loader())
}

/// The `*.json` files directly in `dir`, sorted by name.
pub fn json_files_in(dir: &Path) -> Vec<PathBuf> {
    files_ending_in(dir, ".json")
}

/// The files directly in `dir` whose name ends with `suffix` (`.kiro.hook`), sorted by name.
pub fn files_ending_in(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with(suffix))
        })
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod commands;

#[cfg(test)]
mod tests {
    use super::*;

    fn load(id: &str, file: &str) -> Result<Vec<NativeHandler>, NativeError> {
        let l = loader(id).unwrap_or_else(|| panic!("no loader {id}"));
        let path = PathBuf::from(format!("fixtures/native/{id}/{file}"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        (l.parse)(&path, &text)
    }

    /// (agent, file, handlers: (event, matcher, command, timeout_s, line)).
    type Row = (
        &'static str,
        &'static str,
        &'static [(&'static str, &'static str, &'static str, Option<u64>, u64)],
    );

    #[test]
    fn trusted_folders_json_reads_each_trust_level() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = dir.path().join("work/app");
        let store = dir.path().join("trustedFolders.json");
        let work = dir.path().join("work").display().to_string();
        let app = root.display().to_string();
        for (rules, want) in [
            (serde_json::json!({}), false),
            (serde_json::json!({ app.clone(): "TRUST_FOLDER" }), true),
            (serde_json::json!({ work.clone(): "TRUST_FOLDER" }), true),
            (serde_json::json!({ app.clone(): "TRUST_PARENT" }), true),
            (
                serde_json::json!({ format!("{app}/x"): "TRUST_PARENT" }),
                true,
            ),
            (
                serde_json::json!({ format!("{app}/x"): "TRUST_FOLDER" }),
                false,
            ),
            (serde_json::json!({ app.clone(): "DO_NOT_TRUST" }), false),
        ] {
            std::fs::write(&store, rules.to_string()).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(trusted_folders_json(&store, &root), Some(want), "{rules}");
        }
        let _ = std::fs::remove_file(&store);
        assert_eq!(trusted_folders_json(&store, &root), Some(false), "no file");
    }

    #[test]
    fn spellings_of_one_event_are_the_same_event() {
        for (id, a, b, same) in [
            ("copilot", "PreToolUse", "preToolUse", true),
            ("copilot", "Stop", "agentStop", true),
            ("copilot", "agentStop", "Stop", true),
            ("copilot", "UserPromptSubmit", "userPromptSubmitted", true),
            ("copilot", "PreToolUse", "postToolUse", false),
            ("copilot", "Stop", "sessionEnd", false),
            ("claude", "PreToolUse", "PreToolUse", true),
            ("claude", "PreToolUse", "PostToolUse", false),
        ] {
            assert_eq!(same_event(id, a, b), same, "{id}: {a} / {b}");
        }
    }

    #[test]
    fn loaders_read_real_world_files() {
        let table: &[Row] = &[
            (
                "claude",
                "settings.json",
                &[
                    (
                        "PreToolUse",
                        "Bash",
                        "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh",
                        Some(10),
                        8,
                    ),
                    (
                        "PreToolUse",
                        "Write|Edit|MultiEdit",
                        "npx prettier --write",
                        None,
                        14,
                    ),
                    ("Stop", "", "notify-send done", None, 19),
                ],
            ),
            (
                "codex",
                "hooks.json",
                &[(
                    "PreToolUse",
                    "Bash",
                    "python3 .codex/hooks/guard.py",
                    Some(30),
                    1,
                )],
            ),
            (
                "codex",
                "config.toml",
                &[(
                    "PreToolUse",
                    "apply_patch",
                    ".codex/hooks/protect.sh",
                    Some(5),
                    8,
                )],
            ),
            (
                "gemini",
                "settings.json",
                &[(
                    "BeforeTool",
                    "write_file|replace",
                    "$GEMINI_PROJECT_DIR/.gemini/hooks/guard.sh",
                    Some(5),
                    8,
                )],
            ),
            (
                "cursor",
                "hooks.json",
                &[
                    ("beforeShellExecution", "", "./hooks/audit.sh", None, 4),
                    ("preToolUse", "Shell", "./hooks/guard.sh", Some(30), 5),
                    ("stop", "", "./hooks/stop.sh", None, 6),
                ],
            ),
            (
                "copilot",
                "guard.json",
                &[
                    ("preToolUse", "bash", "./scripts/guard.sh", Some(15), 5),
                    ("sessionStart", "", "node", None, 7),
                ],
            ),
            (
                "qwen",
                "settings.json",
                &[
                    (
                        "PreToolUse",
                        "run_shell_command",
                        "$QWEN_PROJECT_DIR/.qwen/hooks/guard.sh",
                        Some(30),
                        2,
                    ),
                    (
                        "PreToolUse",
                        "run_shell_command",
                        "./legacy.sh",
                        Some(60),
                        3,
                    ),
                ],
            ),
            (
                "spettro",
                "hooks.json",
                &[
                    ("PreToolUse", "bash", "./hooks/guard.sh", Some(5), 7),
                    (
                        "PostToolUse",
                        "file-*",
                        "read input; echo \"$input\" >> /tmp/spettro-edits.log",
                        None,
                        13,
                    ),
                    ("PreToolUse", "", "./hooks/off.sh", None, 18),
                ],
            ),
            (
                "qoder",
                "settings.json",
                &[
                    ("PreToolUse", "Bash", "~/.qoder/hooks/guard.sh", Some(30), 7),
                    ("Stop", "", "notify-send done", None, 12),
                ],
            ),
            (
                "trae",
                "hooks.json",
                &[
                    ("PreToolUse", "RunCommand", "rtk hook trae", Some(10), 8),
                    (
                        "PostToolUse",
                        "Edit|Write",
                        "npx prettier --write .",
                        None,
                        12,
                    ),
                ],
            ),
            (
                "openhands",
                "hooks.json",
                &[
                    (
                        "PreToolUse",
                        "terminal",
                        ".openhands/hooks/block_dangerous.sh",
                        Some(10),
                        5,
                    ),
                    ("Stop", "*", ".openhands/hooks/require_tests.sh", None, 9),
                ],
            ),
            (
                "crush",
                "crush.json",
                &[
                    ("PreToolUse", "^bash$", "./hooks/no-rm.sh", Some(10), 5),
                    (
                        "PreToolUse",
                        "",
                        "echo \"$CRUSH_TOOL_NAME\" >> .crush/tools.log",
                        None,
                        6,
                    ),
                    (
                        "PreToolUse",
                        "^(edit|write)$",
                        "./hooks/protect.sh",
                        None,
                        9,
                    ),
                ],
            ),
            (
                "antigravity",
                "hooks.json",
                &[
                    (
                        "PreToolUse",
                        "run_command",
                        "/opt/hooks/guard.sh",
                        Some(5),
                        7,
                    ),
                    ("Stop", "", "/opt/hooks/stop.sh", None, 10),
                ],
            ),
            (
                "augment",
                "settings.json",
                &[
                    (
                        "PreToolUse",
                        "launch-process",
                        "/etc/augment/hooks/validate-command.sh",
                        Some(5),
                        7,
                    ),
                    ("SessionStart", "", ".augment/hooks/start.sh", None, 12),
                ],
            ),
            (
                "goose",
                "hooks.json",
                &[
                    (
                        "PreToolUse",
                        "shell",
                        "fixtures/native/scripts/guard.sh",
                        Some(10),
                        7,
                    ),
                    ("Stop", "", "echo done", None, 12),
                ],
            ),
            (
                "windsurf",
                "hooks.v1.json",
                &[
                    (
                        "PreToolUse",
                        "exec",
                        "\"$DEVIN_PROJECT_DIR\"/.devin/hooks/guard.sh",
                        Some(10),
                        6,
                    ),
                    (
                        "UserPromptSubmit",
                        "",
                        "./.devin/hooks/log-prompt.sh",
                        None,
                        14,
                    ),
                ],
            ),
            (
                "kiro",
                "guard.json",
                &[
                    (
                        "PreToolUse",
                        "shell",
                        "./.kiro/scripts/guard.sh",
                        Some(30),
                        8,
                    ),
                    ("Stop", "", "./.kiro/scripts/deploy-check.sh", None, 29),
                ],
            ),
            (
                "cline",
                "PreToolUse",
                &[(
                    "PreToolUse",
                    "",
                    "python3 fixtures/native/cline/PreToolUse",
                    None,
                    1,
                )],
            ),
            (
                "cline",
                "taskcomplete.sh",
                &[(
                    "TaskComplete",
                    "",
                    "bash fixtures/native/cline/taskcomplete.sh",
                    None,
                    1,
                )],
            ),
            (
                "cline",
                "pre-tool-use.sh",
                &[(
                    "pre-tool-use",
                    "",
                    "bash fixtures/native/cline/pre-tool-use.sh",
                    None,
                    1,
                )],
            ),
            (
                "factory",
                "settings.json",
                &[
                    (
                        "PreToolUse",
                        "Execute",
                        "\"$FACTORY_PROJECT_DIR\"/.factory/hooks/guard_execute.py",
                        Some(60),
                        11,
                    ),
                    (
                        "PostToolUse",
                        "Edit|Create",
                        "npx prettier --write",
                        None,
                        20,
                    ),
                ],
            ),
            (
                "factory",
                "hooks.json",
                &[(
                    "SessionStart",
                    "startup",
                    "~/.factory/hooks/load-context.sh",
                    Some(5),
                    5,
                )],
            ),
        ];
        for (id, file, want) in table {
            let got = load(id, file).unwrap_or_else(|e| panic!("{id} {file}: {e}"));
            let got: Vec<_> = got
                .iter()
                .map(|h| {
                    (
                        h.event.as_str(),
                        h.matcher.as_str(),
                        h.command.as_str(),
                        h.timeout_s,
                        h.line,
                    )
                })
                .collect();
            assert_eq!(got, want.to_vec(), "{id} {file}");
        }
    }

    #[test]
    fn handler_fields_keep_the_files_settings() {
        let claude = load("claude", "settings.json").unwrap_or_default();
        assert!(claude[1].fail_closed, "onFailure: block is failClosed");
        assert!(claude[2].is_async);
        let gemini = load("gemini", "settings.json").unwrap_or_default();
        assert_eq!(gemini[0].timeout_raw.as_deref(), Some("5000 ms"));
        assert_eq!(
            gemini[0].env.keys().collect::<Vec<_>>(),
            ["AGNOSTIC_AI_TARGET"]
        );
        let cursor = load("cursor", "hooks.json").unwrap_or_default();
        assert!(cursor[1].fail_closed);
        let copilot = load("copilot", "guard.json").unwrap_or_default();
        assert_eq!(copilot[0].cwd.as_deref(), Some("scripts/.."));
        assert_eq!(copilot[1].args, Some(vec!["scripts/start.js".to_string()]));
        let kiro = load("kiro", "guard.json").unwrap_or_default();
        assert_eq!(kiro[0].confirm, None);
        assert_eq!(kiro[1].confirm, Some(true), "confirm asks the user first");
        let augment = load("augment", "settings.json").unwrap_or_default();
        assert_eq!(augment[0].timeout_raw.as_deref(), Some("5000 ms"));
        let goose = load("goose", "hooks.json").unwrap_or_default();
        assert!(goose[0].fail_closed, "on_failure: block");
        assert!(!goose[1].fail_closed);
        let spettro = load("spettro", "hooks.json").unwrap_or_default();
        let keys: Vec<_> = spettro
            .iter()
            .map(|h| (h.replace_key.as_deref(), h.enabled))
            .collect();
        assert_eq!(
            keys,
            [
                (Some("PreToolUse|bash|deny-rm-rf"), true),
                (
                    Some("PostToolUse|file-*|fixtures/native/spettro/hooks.json-2"),
                    true
                ),
                (Some("PreToolUse||off"), false),
            ]
        );
    }

    #[test]
    fn broken_files_are_placed_with_the_agents_consequence() {
        for (id, file, line, consequence) in [
            (
                "claude",
                "broken.json",
                Some(6),
                "Claude Code loads no hooks",
            ),
            (
                "codex",
                "broken.toml",
                Some(1),
                "Codex cannot read this config file",
            ),
            ("gemini", "broken.json", Some(1), "Gemini CLI cannot load"),
            ("cursor", "broken.json", Some(1), "Cursor loads no hooks"),
            ("copilot", "broken.json", None, "Copilot rejects this file"),
            ("qwen", "broken.json", Some(2), "Qwen Code cannot load"),
            (
                "windsurf",
                "broken.json",
                Some(2),
                "the Devin CLI loads no hooks",
            ),
            ("kiro", "broken.json", Some(4), "Kiro loads no hooks"),
            ("factory", "broken.json", Some(4), "droid loads no hooks"),
            (
                "spettro",
                "broken.json",
                Some(2),
                "Spettro cannot load its hooks",
            ),
            ("qoder", "broken.json", Some(4), "Qoder cannot read"),
            ("trae", "broken.json", Some(4), "Trae cannot read"),
            ("openhands", "broken.json", None, "OpenHands cannot load"),
            (
                "crush",
                "broken.json",
                Some(5),
                "Crush cannot load its config",
            ),
            (
                "antigravity",
                "broken.json",
                Some(1),
                "Antigravity silently drops",
            ),
            ("augment", "broken.json", Some(3), "Augment cannot read"),
            ("goose", "broken.json", None, "Goose cannot load"),
        ] {
            let e = load(id, file)
                .err()
                .unwrap_or_else(|| panic!("{id} {file} parsed"));
            assert_eq!(e.line, line, "{id} {file}: {e}");
            assert!(e.consequence.starts_with(consequence), "{id}: {e}");
        }
    }
}
