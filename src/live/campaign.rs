//! The behaviour campaign: a grammar of hook behaviours as data. A hook prints something on
//! stdout, something on stderr, then ends some way; each dimension is a table of [`Part`]s and
//! a [`Crossing`] list says which products are run (the crossings that decide verdicts, not the
//! full product). The cells run in each [`Situation`] (a shell call, an edit, after a shell
//! call, a prompt, a Stop; the shell call runs every block, the others [`EVENT_CROSSINGS`]):
//! the situation gives the hook's event and the trigger. Every cell is
//! a hook spec like fixtures/live/hooks (`cells`, `spec_text`), written to
//! fixtures/live/campaign/hooks/SITUATION; `scripts/live-campaign.sh` runs them on every live
//! agent installed and records one [`Record`] per agent and situation in
//! fixtures/live/campaign/observations/SITUATION/AGENT.json.

use crate::error::Error;
use serde::{Deserialize, Serialize};

use super::{Observed, Phase, Seen, Trigger, TriggerFields};

mod parts;

pub use parts::{ENDINGS, Part, STDERRS, STDOUTS};

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
        why: "a hook slow but inside its timeout, with a reason",
        endings: &["late-exit2"],
        stdouts: &["none"],
        stderrs: &["text"],
    },
    Crossing {
        why: "a decision printed by a hook slow but inside its timeout",
        endings: &["late-exit0"],
        stdouts: &["hso-deny", "decision-block"],
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
    pub fn cells(&self) -> Result<Vec<Cell>, Error> {
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

fn find(table: &[Part], name: &str) -> Result<Part, Error> {
    table
        .iter()
        .copied()
        .find(|p| p.name == name)
        .ok_or_else(|| Error::live(format!("campaign grammar: no part named `{name}`")))
}

/// Every cell of `crossings`, in order, each once.
fn cells_of(crossings: &[Crossing]) -> Result<Vec<Cell>, Error> {
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
