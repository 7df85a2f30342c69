//! The event an agent fires in a check (`--event`, or a payload's `hook_event_name`), and
//! whether a hook planned on some event runs on it. Agents spell one event differently
//! (Claude Code's PreToolUse is Gemini CLI's BeforeTool), so a name is matched by word and by
//! the portable event each agent maps to it.

use std::path::Path;

use crate::error::Error;
use crate::spec::{self, HookSpec, On, did_you_mean};
use crate::tools::{Agent, Plan, PlanContext};
use crate::trigger::Trigger;

/// The event that fires, as the user named it, with the portable events it stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Firing {
    /// The name given.
    pub name: String,
    /// Where it came from, for messages (`--event`, `the payload's hook_event_name`).
    pub from: &'static str,
    /// Per tool id, the events (in its spelling) that are this one.
    per_tool: Vec<(&'static str, Vec<String>)>,
}

/// An event name compared loosely: case folded, `_` and `-` dropped (Crush: `pre_tool_use`).
fn word(e: &str) -> String {
    e.chars()
        .filter(|c| !matches!(c, '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The event `tool` fires for the portable event `on`, found by planning a portable spec.
fn event_for(tool: &Agent, on: On, root: &Path, home: &Path) -> Option<String> {
    let text = format!("on: {}\ncommand: ./probe.sh\n", on.as_str());
    let spec: HookSpec = spec::load::from_text(Path::new("event.yaml"), &text).ok()?;
    let env = Vec::new();
    // Some agents name the event only once the trigger suits it: try each kind.
    let triggers = [
        Trigger::None,
        Trigger::Bash("true".into()),
        Trigger::Edit {
            path: root.join("hookcheck-probe"),
            exists: false,
        },
        Trigger::Prompt("hello".into()),
    ];
    triggers.iter().find_map(|trigger| {
        let plan = tool.plan(&PlanContext {
            spec: &spec,
            trigger,
            root,
            start: root,
            home,
            env: &env,
        });
        Firing::event_of(&plan).map(str::to_string)
    })
}

/// The portable event `event` (in `tool`'s spelling) stands for, if any.
pub fn portable_of(tool: &Agent, event: &str, root: &Path, home: &Path) -> Option<On> {
    On::ALL
        .iter()
        .map(|(_, on)| *on)
        .find(|on| event_for(tool, *on, root, home).is_some_and(|e| word(&e) == word(event)))
}

impl Firing {
    /// Resolves `name` (an agent's spelling, or a portable one such as `stop`) for `tools`;
    /// a name no agent has is an error with a "did you mean".
    pub fn resolve(
        name: &str,
        from: &'static str,
        tools: &[&'static Agent],
        root: &Path,
        home: &Path,
    ) -> Result<Self, Error> {
        Self::resolve_in(crate::tools::ALL, name, from, tools, root, home)
    }

    /// [`Firing::resolve`] among the agents `all` (the registry, or a test's own).
    fn resolve_in(
        all: &[&'static Agent],
        name: &str,
        from: &'static str,
        tools: &[&'static Agent],
        root: &Path,
        home: &Path,
    ) -> Result<Self, Error> {
        let events = crate::tools::events_of(all);
        let portable = On::parse(name);
        if portable.is_none() && !events.iter().any(|e| word(e) == word(name)) {
            let portable_names: Vec<&str> = On::ALL.iter().map(|(k, _)| *k).collect();
            let hint = did_you_mean(name, events.iter().chain(&portable_names).copied())
                .map(|h| format!("did you mean `{h}`? "))
                .unwrap_or_default();
            return Err(Error::usage(format!(
                "{from} `{name}` is not an event of any agent: {hint}name one as an agent spells it \
                 (`hookcheck tools` lists them) or a portable one ({})",
                portable_names.join(", ")
            )));
        }
        // Every agent's event for each portable event, from all agents (the name may be one
        // agent's spelling of an event another checked agent spells otherwise).
        let table: Vec<(&'static str, On, Option<String>)> = all
            .iter()
            .flat_map(|t| {
                On::ALL
                    .iter()
                    .map(move |(_, on)| (t.id, *on, event_for(t, *on, root, home)))
            })
            .collect();
        let ons: Vec<On> = match portable {
            Some(on) => vec![on],
            None => On::ALL
                .iter()
                .map(|(_, on)| *on)
                .filter(|on| {
                    table.iter().any(|(_, o, e)| {
                        o == on && e.as_deref().is_some_and(|e| word(e) == word(name))
                    })
                })
                .collect(),
        };
        let per_tool = tools
            .iter()
            .map(|t| {
                let mut same: Vec<String> = table
                    .iter()
                    .filter(|(id, on, _)| *id == t.id && ons.contains(on))
                    .filter_map(|(_, _, e)| e.clone())
                    .collect();
                if portable.is_none() {
                    same.push(name.to_string());
                }
                (t.id, same)
            })
            .collect();
        Ok(Firing {
            name: name.to_string(),
            from,
            per_tool,
        })
    }

    /// Whether `tool`'s hook planned on `event` runs when this event fires.
    pub fn fires(&self, tool: &str, event: &str) -> bool {
        self.per_tool
            .iter()
            .find(|(id, _)| *id == tool)
            .is_some_and(|(_, same)| same.iter().any(|e| word(e) == word(event)))
    }

    /// The event of a plan, when it names one.
    pub fn event_of(plan: &Plan) -> Option<&str> {
        match plan {
            Plan::Run(r) => Some(&r.event),
            Plan::Skipped { event, .. } => Some(event),
            Plan::NotRun { event, .. } => event.as_deref(),
        }
    }

    /// Whether `plan` (of `tool`) runs on this event: a plan on another event does not, and
    /// one that already does not run stays as it is.
    pub fn keeps(&self, tool: &Agent, plan: &Plan) -> bool {
        match plan {
            Plan::NotRun { .. } => true,
            p => Self::event_of(p).is_some_and(|e| self.fires(tool.id, e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testing::agent;
    use crate::contract::testing::sample;
    use crate::contract::{Contract, Event, Kind, event};

    const TOOL: &str = r#"{"tool_name":"$TOOL","tool_input":"$INPUT"}"#;
    const A_EVENTS: &[Event] = &[
        event("PreToolUse", Kind::BeforeTool, 5).input(TOOL),
        event("SessionStart", Kind::SessionStart, 5).input("{}"),
    ];
    const B_EVENTS: &[Event] = &[
        event("BeforeTool", Kind::BeforeTool, 5).input(TOOL),
        event("AfterTool", Kind::AfterTool, 5).input(TOOL),
    ];
    /// Two agents that spell the same portable events differently.
    static A: Contract = {
        let mut c = sample(A_EVENTS, &[], &[]);
        c.portable.events = &[
            (On::BeforeTool, "PreToolUse"),
            (On::SessionStart, "SessionStart"),
        ];
        c
    };
    static B: Contract = {
        let mut c = sample(B_EVENTS, &[], &[]);
        c.portable.events = &[(On::BeforeTool, "BeforeTool"), (On::AfterTool, "AfterTool")];
        c
    };
    static AGENT_A: crate::agent::Agent = agent("a", &A);
    static AGENT_B: crate::agent::Agent = agent("b", &B);

    #[test]
    fn each_agent_spells_the_portable_events() {
        let root = Path::new("/proj");
        let (a, b) = (&AGENT_A, &AGENT_B);
        assert_eq!(
            event_for(a, On::BeforeTool, root, root).as_deref(),
            Some("PreToolUse")
        );
        assert_eq!(
            event_for(b, On::BeforeTool, root, root).as_deref(),
            Some("BeforeTool")
        );
        let f = Firing::resolve_in(&[a, b], "PreToolUse", "--event", &[a, b], root, root).unwrap();
        assert!(f.fires("a", "PreToolUse") && f.fires("b", "BeforeTool"));
        assert!(!f.fires("b", "AfterTool"));
        let f = Firing::resolve_in(&[a, b], "session-start", "--event", &[a], root, root).unwrap();
        assert!(f.fires("a", "SessionStart"));
    }
}
