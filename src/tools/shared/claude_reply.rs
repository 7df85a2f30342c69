//! Claude Code's reply rules, shared by the agents that read replies "as Claude Code".
//!
//! Source: Claude Code hooks reference (code.claude.com/docs/en/hooks, via dated summaries
//! 2026-09-14 and 2026-10-06), claude-agent-sdk 0.3.328 types, and the real-agent runs in
//! docs/reference/real-agents.md (2026-11-30). Every agent-specific fact comes in [`Rules`].

use serde_json::{Map, Value};

use super::{json_object, looks_like_json, str_field};
use crate::exec::Outcome;
use crate::tools::ReadContext;
use crate::verdict::{Effect, Reading};

/// The per-agent facts the Claude-shaped reader needs.
pub struct Rules {
    /// The agent's name, for notes.
    pub agent: &'static str,
    /// Events on which exit 2 and a block reply cannot stop anything, so they read as error.
    pub cannot_block: &'static [&'static str],
    /// Events on which the action already happened: a block sends the reason back to the model.
    pub after_action: &'static [&'static str],
    /// Events on which plain stdout at exit 0 becomes context for the model.
    pub stdout_context: &'static [&'static str],
    /// Events on which `failClosed` is ignored.
    pub fail_closed_ignored: &'static [&'static str],
}

/// Reads one command's outcome by Claude Code's rules.
pub fn read(rules: &Rules, ctx: &ReadContext, out: &Outcome) -> Reading {
    let event = ctx.event;
    let blockable = !rules.cannot_block.contains(&event);
    let fail_closed = ctx.spec.raw.fail_closed
        && !ctx.spec.is_async()
        && !rules.fail_closed_ignored.contains(&event);
    // onFailure "block": a failed start, a timeout, an exit other than 0/2, or invalid JSON
    // counts as exit 2 (claude-agent-sdk 0.3.328 types; changelog 2.1.295).
    let failure = |r: Reading, what: &str| -> Reading {
        if fail_closed && blockable {
            block_reading(rules, event).note(format!(
                "failClosed: {what} counts as exit 2 in {}",
                rules.agent
            ))
        } else {
            r
        }
    };

    if out.timed_out {
        return failure(
            Reading::timeout().note(format!(
                "{} lets the action through after a timeout",
                rules.agent
            )),
            "a timeout",
        );
    }
    if let Some(e) = &out.start_error {
        return failure(
            Reading::error().note(format!("the command did not start: {e}")),
            "a failed start",
        );
    }
    let Some(code) = out.exit_code else {
        return failure(
            Reading::error().note("the hook was killed by a signal"),
            "a crash",
        );
    };
    let stdout = out.stdout.text();
    let stderr = out.stderr.text();
    match code {
        // Exit 2: stdout and any JSON in it are ignored; stderr goes to the model (hooks reference).
        2 => {
            if !blockable {
                return Reading::error().note(format!(
                    "exit 2 cannot stop anything on {event}; stderr is shown to the user"
                ));
            }
            let mut r = block_reading(rules, event);
            if !stdout.trim().is_empty() {
                r = r.note("stdout is ignored on exit 2");
            }
            if stderr.trim().is_empty() {
                r = r.note("exit 2 with empty stderr still blocks, with no reason for the model");
            }
            r
        }
        0 => read_exit_zero(rules, event, &stdout, blockable, fail_closed),
        n => failure(
            Reading::error().note(format!(
                "exit {n} is a non-blocking error in {}: the action goes ahead",
                rules.agent
            )),
            &format!("exit {n}"),
        ),
    }
}

fn block_reading(rules: &Rules, event: &str) -> Reading {
    if rules.after_action.contains(&event) {
        Reading::block()
            .effect(Effect::Proceeds)
            .note("the tool already ran: the block sends the reason back to the model")
    } else {
        Reading::block()
    }
}

fn read_exit_zero(
    rules: &Rules,
    event: &str,
    stdout: &str,
    blockable: bool,
    fail_closed: bool,
) -> Reading {
    if stdout.trim().is_empty() {
        return Reading::allow();
    }
    let Some(obj) = json_object(stdout) else {
        if looks_like_json(stdout) {
            if fail_closed && blockable {
                return block_reading(rules, event)
                    .note("failClosed: invalid JSON counts as exit 2");
            }
            return Reading::allow().note("stdout is not valid JSON; it is ignored");
        }
        let context = rules.stdout_context.contains(&event);
        let r = Reading::allow().context(context);
        return if context {
            r.note("plain stdout is added to the model's context")
        } else {
            r.note("plain stdout only goes to the transcript; the model never sees it")
        };
    };
    read_json(rules, event, &obj, blockable)
}

/// Reads an exit-0 JSON reply (`SyncHookJSONOutput`).
pub fn read_json(rules: &Rules, event: &str, obj: &Map<String, Value>, blockable: bool) -> Reading {
    let hso = obj.get("hookSpecificOutput").and_then(Value::as_object);
    let adds_context = hso
        .and_then(|h| h.get("additionalContext"))
        .is_some_and(|v| !v.is_null());
    let rewrites = hso
        .is_some_and(|h| h.get("updatedInput").is_some() || h.get("updatedToolOutput").is_some());
    let finish = |r: Reading| r.context(adds_context).rewrites(rewrites);

    // `continue: false` stops the agent entirely and wins over any decision.
    if obj.get("continue") == Some(&Value::Bool(false)) {
        return finish(
            Reading::block()
                .effect(Effect::Halted)
                .note(format!("continue: false stops {} entirely", rules.agent)),
        );
    }
    if let Some(h) = hso {
        if let Some(pd) = str_field(h, "permissionDecision") {
            match pd {
                "deny" if blockable => return finish(block_reading(rules, event)),
                "ask" => {
                    return finish(
                        Reading::allow()
                            .not_counted("permissionDecision \"ask\" leaves the call to the user"),
                    );
                }
                "defer" => {
                    return finish(
                        Reading::allow()
                            .note("permissionDecision \"defer\" defers to the next rule"),
                    );
                }
                _ => {}
            }
        }
        if let Some(behavior) = h
            .get("decision")
            .and_then(|d| d.get("behavior"))
            .and_then(Value::as_str)
            && behavior == "deny"
            && blockable
        {
            return finish(block_reading(rules, event));
        }
    }
    match str_field(obj, "decision") {
        Some("block") if blockable => return finish(block_reading(rules, event)),
        Some("block") => {
            return finish(Reading::error().note(format!(
                "decision \"block\" cannot stop anything on {event}"
            )));
        }
        Some("approve") | None => {}
        Some(other) => {
            return finish(Reading::allow().note(format!(
                "decision \"{other}\" means nothing to {}: only \"block\" and \"approve\" do",
                rules.agent
            )));
        }
    }
    if obj.contains_key("permissionDecision") {
        return finish(Reading::allow().note(format!(
            "a top-level permissionDecision is ignored by {}: it belongs in hookSpecificOutput",
            rules.agent
        )));
    }
    finish(Reading::allow())
}
