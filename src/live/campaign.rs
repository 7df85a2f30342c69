//! The behaviour campaign: a grammar of hook behaviours as data. A hook prints something on
//! stdout, something on stderr, then ends some way; each dimension is a table of [`Part`]s and
//! a [`Crossing`] list says which products are run (the crossings that decide verdicts, not the
//! full product). Each cell runs in every [`Situation`] (a shell call, an edit, after a shell
//! call, a prompt, a Stop): the situation gives the hook's event and the trigger. Every cell is
//! a hook spec like fixtures/live/hooks (`cells`, `spec_text`), written to
//! fixtures/live/campaign/hooks/SITUATION; `scripts/live-campaign.sh` runs them on every live
//! agent installed and records one [`Record`] per agent and situation in
//! fixtures/live/campaign/observations/SITUATION/AGENT.json.

use serde::{Deserialize, Serialize};

use super::{Observed, Phase, Seen, Trigger, TriggerFields};

/// One value of one dimension: a name used in cell names, the shell text, and what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// The short name (in the cell's name).
    pub name: &'static str,
    /// The shell text (empty: nothing). POSIX, so it runs under `sh`, `bash` and `dash` alike,
    /// except the parts that find out which shell runs (`bashism`, `pipefail`, `echo-e`).
    pub sh: &'static str,
    /// What it is, for people.
    pub says: &'static str,
}

const fn part(name: &'static str, sh: &'static str, says: &'static str) -> Part {
    Part { name, sh, says }
}

/// How the hook ends.
pub const ENDINGS: &[Part] = &[
    part("exit0", "exit 0", "exit 0"),
    part("exit1", "exit 1", "exit 1"),
    part("exit2", "exit 2", "exit 2"),
    part("exit3", "exit 3", "exit 3"),
    part("exit124", "exit 124", "exit 124 (what timeout(1) returns)"),
    part("exit127", "exit 127", "exit 127 (command not found)"),
    part("sigkill", "kill -9 $$", "killed by SIGKILL"),
    part("sigterm", "kill -TERM $$", "killed by SIGTERM"),
    part("slow", "sleep 10", "still running at its 2 s timeout"),
    // Process behaviour.
    part(
        "ignore-term",
        "trap '' TERM; sleep 10",
        "ignores SIGTERM, still running at its 2 s timeout",
    ),
    part(
        "bg-exit0",
        "sleep 5 & exit 0",
        "exit 0, leaving a background child that holds stdout and stderr open for 5 s",
    ),
    part(
        "bg-exit2",
        "sleep 5 & exit 2",
        "exit 2, leaving a background child that holds stdout and stderr open for 5 s",
    ),
    part(
        "detached-exit2",
        "setsid sleep 5 </dev/null >/dev/null 2>&1 & exit 2",
        "exit 2, leaving a child in its own session with the pipes closed",
    ),
    // Shell features: the ending the shell takes decides.
    part(
        "bashism",
        "[[ -n x ]] && exit 2; exit 0",
        "exit 2 where `[[ ]]` works (bash), exit 0 where it is not found (dash)",
    ),
    part(
        "pipefail",
        "set -o pipefail; exit 0",
        "`set -o pipefail`, then exit 0 (dash 0.5.12 refuses the option and exits 2)",
    ),
    part(
        "quoted-var",
        "[ '$CLAUDE_PROJECT_DIR' = '$''CLAUDE_PROJECT_DIR' ] || exit 2; exit 0",
        "exit 2 when `'$CLAUDE_PROJECT_DIR'` in single quotes was rewritten before the shell ran",
    ),
    // Probes: the environment and the payload, as guards read them.
    part(
        "env-project-dir",
        r#"[ -n "${CLAUDE_PROJECT_DIR:-}" ] && exit 2; exit 0"#,
        "exit 2 when CLAUDE_PROJECT_DIR is set",
    ),
    part(
        "env-claudecode",
        r#"[ -n "${CLAUDECODE:-}" ] && exit 2; exit 0"#,
        "exit 2 when CLAUDECODE is set",
    ),
    part(
        "jq-event",
        "jq -e .hook_event_name >/dev/null && exit 2; exit 0",
        "exit 2 when `jq` finds the payload's hook_event_name",
    ),
    part(
        "jq-command",
        "jq -e '.tool_input.command | test(\"MARKER\")' >/dev/null && exit 2; exit 0",
        "exit 2 when `jq` finds MARKER in the payload's tool_input.command (the usual guard)",
    ),
    part(
        "jq-tool-name",
        r#"jq -e '.tool_name == "Bash"' >/dev/null && exit 2; exit 0"#,
        "exit 2 when `jq` finds the payload's tool_name is `Bash` (a guard written for one agent)",
    ),
];

/// What the hook prints on stdout. JSON goes through `printf '%s'` so no shell reads it.
pub const STDOUTS: &[Part] = &[
    part("none", "", "nothing"),
    part("text", "echo 'checked: fine'", "plain text"),
    part(
        "hso-deny",
        r#"printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"nope"}}'"#,
        "hookSpecificOutput permissionDecision deny with a reason",
    ),
    part(
        "hso-deny-noreason",
        r#"printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'"#,
        "hookSpecificOutput permissionDecision deny, no reason",
    ),
    part(
        "hso-deny-noevent",
        r#"printf '%s\n' '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"nope"}}'"#,
        "hookSpecificOutput permissionDecision deny, no hookEventName",
    ),
    part(
        "hso-deny-otherevent",
        r#"printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny","permissionDecisionReason":"nope"}}'"#,
        "hookSpecificOutput permissionDecision deny under hookEventName PostToolUse",
    ),
    part(
        "hso-ask",
        r#"printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}'"#,
        "hookSpecificOutput permissionDecision ask",
    ),
    part(
        "hso-allow",
        r#"printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"fine"}}'"#,
        "hookSpecificOutput permissionDecision allow",
    ),
    part(
        "decision-block",
        r#"printf '%s\n' '{"decision":"block","reason":"nope"}'"#,
        "decision block with a reason",
    ),
    part(
        "decision-deny",
        r#"printf '%s\n' '{"decision":"deny","reason":"nope"}'"#,
        "decision deny with a reason",
    ),
    part(
        "continue-false",
        r#"printf '%s\n' '{"continue":false}'"#,
        "continue false",
    ),
    part(
        "continue-false-reason",
        r#"printf '%s\n' '{"continue":false,"stopReason":"halt now"}'"#,
        "continue false with a stopReason",
    ),
    part(
        "top-deny",
        r#"printf '%s\n' '{"permissionDecision":"deny"}'"#,
        "permissionDecision deny at the top level",
    ),
    part(
        "malformed",
        r#"printf '%s\n' '{"decision": "block"'"#,
        "malformed JSON",
    ),
    part(
        "text-then-json",
        r#"printf 'checking\n%s\n' '{"decision":"block","reason":"nope"}'"#,
        "a line of text, then decision block",
    ),
    part(
        "json-then-text",
        r#"printf '%s\ndone\n' '{"decision":"block","reason":"nope"}'"#,
        "decision block, then a line of text",
    ),
    part(
        "array",
        r#"printf '%s\n' '[{"decision":"block","reason":"nope"}]'"#,
        "a JSON array holding decision block",
    ),
    part(
        "bom",
        r#"printf '\357\273\277%s\n' '{"decision":"block","reason":"nope"}'"#,
        "a UTF-8 byte-order mark, then decision block",
    ),
    part(
        "crlf",
        r#"printf '%s\r\n' '{"decision":"block","reason":"nope"}'"#,
        "decision block ended by CRLF",
    ),
    part(
        "padded",
        r#"printf '\n\n   %s   \n\n' '{"decision":"block","reason":"nope"}'"#,
        "decision block between blank lines and spaces",
    ),
    part(
        "cancel",
        r#"printf '%s\n' '{"cancel":true,"errorMessage":"nope"}'"#,
        "cancel true with an errorMessage (the dialect of agents that read only `cancel`)",
    ),
    part(
        "echo-e",
        r#"echo -e '{"decision":"block","reason":"nope"}'"#,
        "decision block through `echo -e` (dash prints the `-e` too)",
    ),
    part(
        "huge-text",
        r"head -c 1100000 /dev/zero | tr '\0' x; echo",
        "1.1 MB of plain text (over a MiB)",
    ),
    part(
        "huge-block",
        r#"printf '{"decision":"block","reason":"nope'; head -c 1100000 /dev/zero | tr '\0' x; printf '"}\n'"#,
        "decision block whose reason takes it past a MiB",
    ),
    part(
        "huge-deny",
        r#"printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"nope'; head -c 1100000 /dev/zero | tr '\0' x; printf '"}}\n'"#,
        "hookSpecificOutput permissionDecision deny whose reason takes it past a MiB",
    ),
];

/// What the hook prints on stderr.
pub const STDERRS: &[Part] = &[
    part("none", "", "nothing"),
    part("blank", r"printf '  \n\t\n' >&2", "whitespace only"),
    part("text", "echo 'blocked by policy' >&2", "text"),
    part(
        "json",
        r#"printf '%s\n' '{"decision":"block","reason":"nope"}' >&2"#,
        "decision block (JSON on stderr)",
    ),
    part(
        "huge",
        r"echo 'blocked by policy' >&2; head -c 1100000 /dev/zero | tr '\0' x >&2",
        "a reason, then 1.1 MB of text",
    ),
];

/// One block of the campaign: every ending × stdout × stderr named here.
#[derive(Debug, Clone, Copy)]
pub struct Crossing {
    /// What this block finds out.
    pub why: &'static str,
    /// Names from [`ENDINGS`].
    pub endings: &'static [&'static str],
    /// Names from [`STDOUTS`].
    pub stdouts: &'static [&'static str],
    /// Names from [`STDERRS`].
    pub stderrs: &'static [&'static str],
}

const ALL_ENDINGS: &[&str] = &[
    "exit0", "exit1", "exit2", "exit3", "exit124", "exit127", "sigkill", "sigterm", "slow",
];

/// Every ending, with and without a reason on stderr (run in every situation).
const EVERY_ENDING: Crossing = Crossing {
    why: "how each ending is read, with and without a reason on stderr",
    endings: ALL_ENDINGS,
    stdouts: &["none"],
    stderrs: &["none", "text"],
};

/// The failing exits with only whitespace on stderr (run in every situation).
const BLANK_STDERR: Crossing = Crossing {
    why: "whether whitespace on stderr counts as a reason",
    endings: &["exit1", "exit2", "exit3"],
    stdouts: &["none"],
    stderrs: &["blank"],
};

/// The blocks run on the shell call, the situation every dimension was first crossed in. A cell
/// in two blocks runs once.
pub const CROSSINGS: &[Crossing] = &[
    EVERY_ENDING,
    BLANK_STDERR,
    Crossing {
        why: "which stdout shapes decide on exit 0",
        endings: &["exit0"],
        stdouts: &[
            "text",
            "hso-deny",
            "hso-deny-noreason",
            "hso-deny-noevent",
            "hso-deny-otherevent",
            "hso-ask",
            "hso-allow",
            "decision-block",
            "decision-deny",
            "continue-false",
            "continue-false-reason",
            "top-deny",
            "malformed",
            "text-then-json",
            "json-then-text",
            "array",
            "bom",
            "crlf",
            "padded",
        ],
        stderrs: &["none"],
    },
    Crossing {
        why: "whether JSON is read on a non-zero exit",
        endings: &["exit1", "exit2"],
        stdouts: &["hso-deny", "hso-allow", "decision-block", "continue-false"],
        stderrs: &["none"],
    },
    Crossing {
        why: "stdout JSON against a stderr reason",
        endings: &["exit0", "exit2"],
        stdouts: &["hso-allow", "decision-block"],
        stderrs: &["text"],
    },
    Crossing {
        why: "the cancel dialect, on each exit that decides and past the timeout",
        endings: &["exit0", "exit1", "exit2", "slow"],
        stdouts: &["cancel"],
        stderrs: &["none"],
    },
    Crossing {
        why: "a decision printed before the hook runs past its timeout",
        endings: &["slow"],
        stdouts: &["hso-deny", "decision-block"],
        stderrs: &["none"],
    },
    Crossing {
        why: "JSON on stderr, on exit 0 and on the failing exits",
        endings: &["exit0", "exit1", "exit2"],
        stdouts: &["none"],
        stderrs: &["json"],
    },
    Crossing {
        why: "stderr past a MiB behind a reason",
        endings: &["exit2"],
        stdouts: &["none"],
        stderrs: &["huge"],
    },
    Crossing {
        why: "stdout past a MiB, and `echo -e` under each shell",
        endings: &["exit0"],
        stdouts: &["huge-text", "huge-block", "huge-deny", "echo-e"],
        stderrs: &["none"],
    },
    Crossing {
        why: "a hook that ignores SIGTERM past its timeout",
        endings: &["ignore-term"],
        stdouts: &["none", "decision-block"],
        stderrs: &["text"],
    },
    Crossing {
        why: "children left behind: holding the pipes, or detached",
        endings: &["bg-exit2", "detached-exit2"],
        stdouts: &["none"],
        stderrs: &["text"],
    },
    Crossing {
        why: "a decision on stdout, then a child holding the pipes",
        endings: &["bg-exit0"],
        stdouts: &["hso-deny", "decision-block"],
        stderrs: &["none"],
    },
    Crossing {
        why: "the shell the agent runs, and what it does to the command text",
        endings: &["bashism", "pipefail", "quoted-var"],
        stdouts: &["none"],
        stderrs: &["text"],
    },
    Crossing {
        why: "the environment and the payload as a guard reads them (`jq` on stdin)",
        endings: &[
            "env-project-dir",
            "env-claudecode",
            "jq-event",
            "jq-command",
            "jq-tool-name",
        ],
        stdouts: &["none"],
        stderrs: &["text"],
    },
];

/// The blocks run in every other situation: every ending, and the stdout shapes that decide on
/// exit 0 and on a non-zero exit. The JSON is the same text as on the shell call (its
/// `hookEventName` says `PreToolUse`): the grammar is what hooks print, and copying a
/// before-tool reply to another event is a mistake hooks make.
pub const EVENT_CROSSINGS: &[Crossing] = &[
    EVERY_ENDING,
    BLANK_STDERR,
    Crossing {
        why: "which stdout shapes decide on exit 0",
        endings: &["exit0"],
        stdouts: &[
            "text",
            "hso-deny",
            "hso-allow",
            "decision-block",
            "decision-deny",
            "continue-false",
            "continue-false-reason",
            "malformed",
            "text-then-json",
            "array",
            "bom",
            "crlf",
            "cancel",
        ],
        stderrs: &["none"],
    },
    Crossing {
        why: "whether JSON is read on a non-zero exit",
        endings: &["exit1", "exit2"],
        stdouts: &["decision-block", "continue-false"],
        stderrs: &["none"],
    },
    Crossing {
        why: "JSON as the reason on stderr, on this event",
        endings: &["exit2"],
        stdouts: &["none"],
        stderrs: &["json"],
    },
    Crossing {
        why: "a child holding the pipes, on this event",
        endings: &["bg-exit2"],
        stdouts: &["none"],
        stderrs: &["text"],
    },
];

/// Where a cell runs: the hook's event and matcher, and what the user asks the agent to do.
#[derive(Debug, Clone, Copy)]
pub struct Situation {
    /// The name (the folder under fixtures/live/campaign/hooks and observations).
    pub name: &'static str,
    /// The spec's `on:`.
    pub on: &'static str,
    /// The spec's `match:`, if any.
    pub matcher: Option<&'static str>,
    /// The `hookcheck live` trigger flag (`--bash`, `--edit`, `--prompt`; empty: none).
    pub flag: &'static str,
    /// The trigger flag's value.
    pub value: &'static str,
    /// What live mode tells apart there.
    pub phase: Phase,
    /// The blocks run there.
    pub crossings: &'static [Crossing],
}

/// Every situation the campaign runs in.
pub const SITUATIONS: &[Situation] = &[
    Situation {
        name: "shell",
        on: "before-tool",
        matcher: Some("shell"),
        flag: "--bash",
        value: "touch MARKER",
        phase: Phase::BeforeTool,
        crossings: CROSSINGS,
    },
    Situation {
        name: "edit",
        on: "before-tool",
        matcher: Some("edit"),
        flag: "--edit",
        value: "notes.txt",
        phase: Phase::BeforeTool,
        crossings: EVENT_CROSSINGS,
    },
    Situation {
        name: "post-bash",
        on: "after-tool",
        matcher: Some("shell"),
        flag: "--bash",
        value: "echo hi",
        phase: Phase::AfterTool,
        crossings: EVENT_CROSSINGS,
    },
    Situation {
        name: "prompt",
        on: "prompt-submit",
        matcher: None,
        flag: "--prompt",
        value: "Say hello, then stop.",
        phase: Phase::Prompt,
        crossings: EVENT_CROSSINGS,
    },
    Situation {
        name: "stop",
        on: "stop",
        matcher: None,
        flag: "",
        value: "",
        phase: Phase::Stop,
        crossings: EVENT_CROSSINGS,
    },
];

impl Situation {
    /// The situation named `name`.
    pub fn find(name: &str) -> Option<&'static Situation> {
        SITUATIONS.iter().find(|s| s.name == name)
    }

    /// The trigger it runs with.
    pub fn trigger(&self) -> Trigger {
        match self.flag {
            "--bash" => Trigger::Bash(self.value.to_string()),
            "--edit" => Trigger::Edit(self.value.to_string()),
            "--prompt" => Trigger::Prompt(self.value.to_string()),
            _ => Trigger::None,
        }
    }

    /// The trigger as the script reads it (fixtures/live/campaign/hooks/SITUATION/trigger):
    /// the flag on one line, its value on the next; empty for none.
    pub fn trigger_file(&self) -> String {
        match self.flag {
            "" => String::new(),
            f => format!("{f}\n{}\n", self.value),
        }
    }

    /// Every cell of its crossings, in order, each once.
    pub fn cells(&self) -> Result<Vec<Cell>, String> {
        cells_of(self.crossings)
    }

    /// The hook spec of `cell` here (YAML; the command as a double-quoted scalar).
    pub fn spec_text(&self, cell: &Cell) -> String {
        let description = format!(
            "{}; stdout: {}; stderr: {}",
            cell.ending.says, cell.stdout.says, cell.stderr.says
        );
        let matcher = self
            .matcher
            .map(|m| format!("match: {m}\n"))
            .unwrap_or_default();
        format!(
            "description: {}\non: {}\n{matcher}command: {}\ntimeout: {TIMEOUT_S}\n",
            json_string(&description),
            self.on,
            json_string(&cell.command())
        )
    }
}

/// The hook timeout every cell runs with, in seconds.
pub const TIMEOUT_S: u64 = 2;

/// One cell: a hook behaviour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// How it ends.
    pub ending: Part,
    /// What it prints on stdout.
    pub stdout: Part,
    /// What it prints on stderr.
    pub stderr: Part,
}

impl Cell {
    /// `ENDING_STDOUT_STDERR`, the spec's name.
    pub fn name(&self) -> String {
        format!(
            "{}_{}_{}",
            self.ending.name, self.stdout.name, self.stderr.name
        )
    }

    /// The hook's shell command: stdout, then stderr, then the ending.
    pub fn command(&self) -> String {
        [self.stdout.sh, self.stderr.sh, self.ending.sh]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// A JSON string literal, which is also a YAML double-quoted scalar.
fn json_string(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

fn find(table: &[Part], name: &str) -> Result<Part, String> {
    table
        .iter()
        .copied()
        .find(|p| p.name == name)
        .ok_or_else(|| format!("campaign grammar: no part named `{name}`"))
}

/// Every cell of `crossings`, in order, each once.
fn cells_of(crossings: &[Crossing]) -> Result<Vec<Cell>, String> {
    let mut out: Vec<Cell> = Vec::new();
    for c in crossings {
        for e in c.endings {
            for o in c.stdouts {
                for r in c.stderrs {
                    let cell = Cell {
                        ending: find(ENDINGS, e)?,
                        stdout: find(STDOUTS, o)?,
                        stderr: find(STDERRS, r)?,
                    };
                    if !out.contains(&cell) {
                        out.push(cell);
                    }
                }
            }
        }
    }
    Ok(out)
}

/// One agent's recorded campaign in one situation
/// (fixtures/live/campaign/observations/SITUATION/AGENT.json).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The tool id.
    pub agent: String,
    /// The agent's version, as it reports it.
    pub version: Option<String>,
    /// The day the cells were observed (UTC).
    pub date: String,
    /// The situation ([`Situation::name`]).
    pub situation: String,
    /// The trigger every cell ran with.
    #[serde(flatten)]
    pub trigger: TriggerFields,
    /// One observation per cell.
    pub cells: Vec<RecordedCell>,
}

/// One cell observed on one agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordedCell {
    /// The cell's name ([`Cell::name`]).
    pub hook: String,
    /// The hook command it ran, so a grammar change cannot go unnoticed.
    pub command: String,
    /// What the agent did.
    pub observed: Observed,
    /// The start of the tool result the agent handed back to the model.
    pub tool_result: Option<String>,
    /// What was seen, that the verdict rests on (absent in the first shell records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen: Option<Seen>,
    /// How long the agent's run took, in milliseconds.
    pub elapsed_ms: u64,
    /// hookcheck's prediction when this was recorded (informational).
    pub predicted_at_record: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_part_exists_and_cells_are_unique() {
        for s in SITUATIONS {
            let cells = s.cells().expect("grammar");
            let mut names: Vec<String> = cells.iter().map(Cell::name).collect();
            let n = names.len();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), n, "{}", s.name);
            assert!(n >= 38, "{}: {n} cells", s.name);
            assert_eq!(Situation::find(s.name).map(|f| f.name), Some(s.name));
        }
    }

    #[test]
    fn a_situation_gives_the_event_matcher_and_trigger() {
        let cell = Cell {
            ending: find(ENDINGS, "exit2").unwrap(),
            stdout: find(STDOUTS, "none").unwrap(),
            stderr: find(STDERRS, "text").unwrap(),
        };
        let stop = Situation::find("stop").unwrap();
        assert_eq!(
            stop.spec_text(&cell),
            "description: \"exit 2; stdout: nothing; stderr: text\"\non: stop\ncommand: \"echo 'blocked by policy' >&2; exit 2\"\ntimeout: 2\n"
        );
        assert_eq!(stop.trigger(), Trigger::None);
        assert_eq!(stop.trigger_file(), "");
        let edit = Situation::find("edit").unwrap();
        assert_eq!(
            edit.spec_text(&cell),
            "description: \"exit 2; stdout: nothing; stderr: text\"\non: before-tool\nmatch: edit\ncommand: \"echo 'blocked by policy' >&2; exit 2\"\ntimeout: 2\n"
        );
        assert_eq!(edit.trigger(), Trigger::Edit("notes.txt".into()));
        assert_eq!(edit.trigger_file(), "--edit\nnotes.txt\n");
    }

    #[test]
    fn a_cell_is_stdout_then_stderr_then_its_ending() {
        let cell = Cell {
            ending: find(ENDINGS, "exit2").unwrap(),
            stdout: find(STDOUTS, "hso-deny").unwrap(),
            stderr: find(STDERRS, "text").unwrap(),
        };
        assert_eq!(cell.name(), "exit2_hso-deny_text");
        assert_eq!(
            cell.command(),
            r#"printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"nope"}}'; echo 'blocked by policy' >&2; exit 2"#
        );
    }
}
