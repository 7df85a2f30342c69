//! The dimensions of the campaign grammar: how a hook ends, what it prints on stdout and on
//! stderr, each a table of [`Part`]s (cited by name from the crossings in the parent module).

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
        "late-exit0",
        "sleep 1; exit 0",
        "exit 0 after 1 s, inside its 2 s timeout",
    ),
    part(
        "late-exit2",
        "sleep 1; exit 2",
        "exit 2 after 1 s, inside its 2 s timeout",
    ),
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
