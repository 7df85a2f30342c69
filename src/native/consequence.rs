//! What an agent does with a hook that cannot start: read by the agent's own reply rules, on
//! the handler's event and with its `failClosed`, so a finding states what `run` would show
//! (a missing script fails closed in one agent and open in another).

use super::NativeHandler;
use super::agents::FileAgent;

/// What the agent does with a hook that cannot start, read by its own reply rules on the
/// handler's event (its `failClosed` included): the shell's exit 127 and "not found".
pub fn cannot_start(l: FileAgent, h: &NativeHandler) -> String {
    use crate::verdict::{Decision, Effect};
    let n = l.name();
    let event = &h.event;
    let Some(c) = l.agent.contract() else {
        return format!("{n} fails it each time {event} fires, so the hook does nothing");
    };
    let spec = super::to_spec(h);
    let stderr = "sh: 1: hook: not found\n";
    let out = crate::exec::Outcome {
        exit_code: Some(127),
        signal: None,
        stdout: Default::default(),
        stderr: crate::exec::Captured {
            bytes: stderr.as_bytes().to_vec(),
            total: stderr.len() as u64,
        },
        timed_out: false,
        start_error: None,
        elapsed: Default::default(),
        leftovers: false,
        pipes_held: false,
        held_open: false,
    };
    let cx = crate::contract::ReadContext {
        event,
        spec: &spec,
        input: &serde_json::Value::Null,
        peers: &[],
    };
    let r = l.agent.read(&cx, &out);
    use crate::contract::Kind;
    let ev = c.event(event);
    let stops = ev.is_some_and(|e| matches!(e.blocks, crate::contract::Blocks::Yes));
    // What the event guards, in words: a call, a prompt, the agent's stopping.
    let kind = ev.map_or(Kind::Other, |e| e.kind);
    // A reading the agent's own state decides, or that its docs do not give: say so, not a
    // guess (an agent whose docs give no exit code a meaning).
    if !r.counted {
        let why = r.notes.first().map_or_else(String::new, |n| {
            format!(" ({})", n.strip_prefix("not counted: ").unwrap_or(n))
        });
        return format!("what {n} does then is not known{why}");
    }
    match (r.decision, r.effect) {
        (_, Effect::Blocked | Effect::Halted) if stops => match kind {
            Kind::Prompt => format!("{n} refuses every prompt (fails closed)"),
            Kind::Stop => format!("{n} never lets the agent stop: it keeps going (fails closed)"),
            Kind::SessionStart | Kind::SessionEnd | Kind::Other => {
                format!("{n} stops each time {event} fires (fails closed)")
            }
            _ => format!("{n} denies every call this hook fires on (fails closed)"),
        },
        (Decision::Block, _) => format!(
            "{n} reads that as a block each time {event} fires{}",
            r.notes
                .first()
                .map_or_else(String::new, |note| format!(" ({note})"))
        ),
        _ if stops => match kind {
            Kind::Prompt => {
                format!("{n} lets every prompt through: the guard silently does nothing")
            }
            Kind::Stop => {
                format!("{n} lets the agent stop every time: the check silently does nothing")
            }
            Kind::SessionStart | Kind::SessionEnd | Kind::Other => {
                format!("{n} fails it each time {event} fires, so the hook does nothing")
            }
            _ => format!("{n} lets every call through: the guard silently does nothing"),
        },
        _ => format!("{n} fails it each time {event} fires, so the hook does nothing"),
    }
}
