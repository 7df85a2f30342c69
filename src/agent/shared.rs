//! Helpers several agents' hook points really share. They take every agent-specific fact as
//! an argument and never branch on which agent is asking.

pub use crate::contract::template::first_alternative;
pub use crate::plan::assumed;
pub use crate::plan::build::{exec_program, invocation, merge_env, session_id, shell_quote};
pub use crate::plan::build::{stdin_bytes, wrong_trigger};

pub use crate::matcher::MatchError;
use serde_json::{Map, Value};

/// Omitted or empty: all; otherwise an unanchored JavaScript regex (`*` does not compile): the
/// matcher of agents built on Node or Electron that document only "a regex".
pub fn js_regex(_event: &str, pattern: &str, name: &str) -> Result<bool, MatchError> {
    if pattern.is_empty() {
        return Ok(true);
    }
    crate::matcher::JsRegex::new(pattern)?.is_match(name)
}

/// The matcher a spec gives `c`'s agent: a native one as written, a portable one mapped (for
/// gates that need it; empty when the agent has no such mapping).
pub fn spec_matcher(c: &crate::contract::Contract, cx: &crate::contract::PlanContext) -> String {
    match &cx.spec.when {
        crate::spec::When::Native { matcher, .. } => matcher.clone(),
        crate::spec::When::Portable { on, matches } => c
            .portable
            .map("", *on, matches.as_ref())
            .map(|(_, m)| m)
            .unwrap_or_default(),
    }
}

pub use crate::contract::{last_stated, strongest};

/// The JSON object a hook printed, when the (trimmed) text is one.
pub fn json_object(text: &str) -> Option<Map<String, Value>> {
    match serde_json::from_str::<Value>(text.trim()) {
        Ok(Value::Object(m)) => Some(m),
        _ => None,
    }
}

/// Whether trimmed text looks like it meant to be JSON (starts with `{` or `[`).
pub fn looks_like_json(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('{') || t.starts_with('[')
}

/// A string field of a JSON object.
pub fn str_field<'a>(obj: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    obj.get(key).and_then(Value::as_str)
}

/// The note of an agent that reads no matcher: a native spec's `matcher` is ignored and the
/// hook runs on every `event` (Windsurf Cascade has none; VS Code ignores them).
pub fn matcher_ignored(agent: &str, cx: &crate::contract::PlanContext, event: &str) -> Vec<String> {
    match &cx.spec.when {
        crate::spec::When::Native { matcher, .. } if !matcher.trim().is_empty() => vec![format!(
            "{agent} ignores matchers: `{matcher}` is ignored and the hook runs on every {event}"
        )],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::agent::testing;
    use crate::plan::Plan;
    use crate::tools::ALL;
    use crate::trigger::Trigger;

    #[test]
    fn every_agent_sends_a_given_payload_from_the_one_shared_buffer() {
        let trigger = testing::payload(serde_json::json!({
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": { "command": "ls" },
        }));
        let Trigger::Payload { stdin: given, .. } = &trigger else {
            panic!("a payload trigger")
        };
        let yaml = "on: before-tool\ncommand:\n  - ./a.sh\n  - ./b.sh\n";
        let mut sent = Vec::new();
        for tool in ALL {
            let Plan::Run(run) = testing::plan(tool, yaml, &trigger) else {
                continue;
            };
            for inv in run
                .commands
                .iter()
                .filter_map(|c| c.invocation.as_ref().ok())
            {
                assert!(
                    Arc::ptr_eq(&inv.stdin, given),
                    "{} copied the payload",
                    tool.id
                );
                sent.push(tool.id);
            }
        }
        // Nothing passes on nothing: most agents run both commands on this payload.
        assert!(sent.len() >= 20, "only {sent:?} ran");
    }
}
