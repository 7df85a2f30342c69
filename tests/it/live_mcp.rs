//! MCP tool calls, observed on the real agents (fixtures/live/mcp): `hookcheck live HOOK --mcp
//! probe:ping` gives the agent live mode's own MCP server (`hookcheck mcp-probe`) in the agent's
//! own MCP config, and the fake model calls its tool under whatever name the agent offers it.
//! - observations/: a hook on `match: mcp:probe` that exits 2, and one that exits 0, per agent
//!   (checked with the rest by `live_truth.rs`, and here for the name each agent gives);
//! - inputs/: a hook on every tool call that appends its stdin to the trace: what the agent
//!   gives a hook for an MCP call, against what `hookcheck run --mcp` sends.

use std::collections::BTreeMap;
use std::path::Path;

use hookcheck::live::record;
use serde_json::Value;

use crate::common::{Project, live_agents};

/// Those whose MCP tool names carry the server, so that `match: mcp:SERVER` can be written.
const BY_SERVER: [&str; 7] = [
    "claude", "cline", "codex", "copilot", "factory", "gemini", "qwen",
];

/// Every leaf and container of `v` by its dotted path: the JSON type, and the value of a
/// scalar.
fn flatten(v: &Value, path: &str, out: &mut BTreeMap<String, String>) {
    let kind = match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => format!("bool {b}"),
        Value::Number(n) => format!("number {n}"),
        Value::String(s) => format!("string {s:?}"),
        Value::Array(_) => "array".to_string(),
        Value::Object(_) => "object".to_string(),
    };
    if !path.is_empty() {
        out.insert(path.to_string(), kind);
    }
    let join = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    match v {
        Value::Object(map) => map.iter().for_each(|(k, v)| flatten(v, &join(k), out)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .for_each(|(i, v)| flatten(v, &join(&i.to_string()), out)),
        _ => {}
    }
}

/// Whether the value at `path` names the call (the tool, the server, the event): compared
/// exactly. Ids, paths and times differ run by run: only their keys and types are compared.
fn names_the_call(path: &str) -> bool {
    let last = path.rsplit('.').next().unwrap_or(path);
    matches!(
        last,
        "tool_name"
            | "toolName"
            | "name"
            | "server_name"
            | "source"
            | "hook_event_name"
            | "hookName"
    ) || path.contains("tool_input")
        || path.contains("toolArgs")
        || path.contains("parameters")
}

/// For each agent, the differences between the input its hook was given for the MCP call
/// (the recorded trace) and the one `hookcheck run --mcp probe:ping` sends: a key or a type
/// that is not the same, or a naming value that differs. Only Gemini CLI's server command and
/// arguments, which it copies from the server's config into `mcp_context` and hookcheck does
/// not know, differ.
#[test]
fn each_agents_mcp_input_is_what_it_gave_its_hook() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/mcp/inputs");
    let fixtures = record::load_all(&dir).expect("recordings");
    let mut agents = Vec::new();
    let mut differences = Vec::new();
    for (name, f) in &fixtures {
        assert_eq!(f.trigger.mcp.as_deref(), Some("probe:ping"), "{name}");
        // The hook appends a newline after the input, which may end in one already.
        let lines: Vec<&String> = f.trace.iter().filter(|l| !l.is_empty()).collect();
        let [line] = lines.as_slice() else {
            panic!("{name}: not one input in the trace: {:?}", f.trace);
        };
        let real: Value = serde_json::from_str(line).expect("the hook's stdin is JSON");
        let p = Project::new().spec(&f.hook, &f.spec);
        let (_, report) = p.json(
            &f.hook,
            &["--mcp", "probe:ping", "-t", &f.agent, "--dry-run"],
        );
        let stdin = report["agents"][0]["commands"][0]["invocation"]["stdin"]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: no planned stdin: {report}"));
        let planned: Value = serde_json::from_str(stdin).expect("planned stdin");
        let (mut r, mut pl) = (BTreeMap::new(), BTreeMap::new());
        flatten(&real, "", &mut r);
        flatten(&planned, "", &mut pl);
        let kind = |v: &String| v.split_once(' ').map_or(v.clone(), |(k, _)| k.to_string());
        for path in r.keys().chain(pl.keys().filter(|k| !r.contains_key(*k))) {
            let (a, b) = (r.get(path), pl.get(path));
            let same = match (a, b) {
                (Some(a), Some(b)) if names_the_call(path) => a == b,
                (Some(a), Some(b)) => kind(a) == kind(b),
                _ => false,
            };
            if !same {
                differences.push(format!(
                    "{}: {path}: agent {}, hookcheck {}",
                    f.agent,
                    a.map_or("none", String::as_str),
                    b.map_or("none", String::as_str)
                ));
            }
        }
        agents.push(f.agent.clone());
    }
    assert_eq!(
        agents,
        live_agents(),
        "an agent's MCP input recording is missing"
    );
    assert_eq!(
        differences
            .iter()
            .map(|d| d.split(": agent").next().unwrap_or_default())
            .collect::<Vec<_>>(),
        [
            "gemini: mcp_context.args",
            "gemini: mcp_context.args.0",
            "gemini: mcp_context.args.1",
            "gemini: mcp_context.args.2",
            "gemini: mcp_context.args.3",
            "gemini: mcp_context.args.4",
            "gemini: mcp_context.command",
        ],
        "{differences:#?}"
    );
}

/// The tool name each agent gave the MCP call in its hook's input, and what the exit-2 hook on
/// `match: mcp:probe` did there (sync writes that matcher in the agent's own dialect): each
/// agent but Cline (which never reads an exit code) blocked, so each portable matcher matched
/// its agent's real name. droid's was `mcp__probe__.*` before this recording, which never
/// matched its `probe___ping`. OpenHands names the tool alone (`ping`): a hook on every tool
/// blocks there, and `match: mcp:SERVER` is not run, with the reason.
#[test]
fn each_agent_names_an_mcp_tool_its_own_way_and_the_portable_matcher_matches_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/mcp");
    let names: Vec<String> = record::load_all(&root.join("inputs"))
        .expect("inputs")
        .iter()
        .map(|(_, f)| {
            let v: Value = serde_json::from_str(&f.trace[0]).expect("stdin");
            let name = ["tool_name", "toolName"]
                .iter()
                .find_map(|k| v.get(k))
                .or_else(|| v.pointer("/preToolUse/toolName"))
                .and_then(Value::as_str)
                .unwrap_or("?");
            format!("{} {name}", f.agent)
        })
        .collect();
    assert_eq!(
        names,
        [
            "claude mcp__probe__ping",
            "cline probe__ping",
            "codex mcp__probe__ping",
            "copilot probe-ping",
            "factory probe___ping",
            "gemini mcp_probe_ping",
            "openhands ping",
            "qwen mcp__probe__ping",
        ]
    );
    let observed: Vec<String> = record::load_all(&root.join("observations"))
        .expect("observations")
        .iter()
        .map(|(_, f)| format!("{} {} {}", f.hook, f.agent, f.observed.as_str()))
        .collect();
    // A hook on every tool call (`mcp-any-exit2`), then on the server's (`match: mcp:probe`),
    // which OpenHands' names cannot express.
    let mut want = Vec::new();
    let verdict = |agent: &str| if agent == "cline" { "allow" } else { "block" };
    for agent in live_agents() {
        want.push(format!("mcp-any-exit2 {agent} {}", verdict(agent)));
    }
    for agent in BY_SERVER {
        want.push(format!("mcp-exit0 {agent} allow"));
    }
    for agent in BY_SERVER {
        want.push(format!("mcp-exit2 {agent} {}", verdict(agent)));
    }
    assert_eq!(observed, want);
}
