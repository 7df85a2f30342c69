//! `run --mcp SERVER:TOOL`: the agent calls a tool of an MCP server, named as each agent names
//! it (observed live: fixtures/live/mcp), with `--mcp-input`'s arguments as the tool's input;
//! and `hookcheck mcp-probe`, the MCP server live mode gives the agents.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::Project;

/// A guard on `match: mcp:github` that refuses writes to the repository `prod`.
fn guard() -> Project {
    Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: mcp:github\ncommand: ./guard.sh\ntimeout: 10\n",
        )
        .script(
            "guard.sh",
            "#!/bin/sh\nif grep -q '\"repo\":\"prod\"'; then echo 'no writes to prod' >&2; exit 2; fi\nexit 0\n",
        )
}

const AGENTS: &str = "claude,codex,gemini,qwen,copilot,factory";

/// The hook fires on the server's tool in every agent whose MCP naming was observed, and its
/// input carries the arguments; another server's tool is not matched.
#[test]
fn a_guard_on_one_mcp_server_sees_its_calls_arguments_and_no_other_servers() {
    let p = guard();
    let create_issue = |input: &str, expect: &str| {
        let input = format!(r#"{{"repo":"{input}"}}"#);
        let args = [
            "run",
            "g",
            "--mcp",
            "github:create_issue",
            "--mcp-input",
            &input,
        ];
        p.run(&[&args[..], &["-t", AGENTS, "--expect", expect]].concat())
            .status(0)
    };
    create_issue("prod", "block").stdout_is(
        "g: --mcp github:create_issue on 6 agents, expecting block
  block       claude codex gemini qwen copilot factory
  warning: 6 agents have no hook file of their own yet, so would not run this hook (-v or --strict lists them)
hook g: as expected (block); 6 counted
",
    );
    create_issue("dev", "allow");
    p.run(&["run", "g", "--mcp", "slack:post", "-t", AGENTS])
        .status(0)
        .stdout_is(
            "g: --mcp slack:post on 6 agents
  allow       claude codex gemini qwen copilot factory  (the matcher does not pick it: the hook did not run)
  warning: 6 agents have no hook file of their own yet, so would not run this hook (-v or --strict lists them)
hook g: 6 counted tools agree: allow; 6 counted
",
        );
}

/// Each agent is given the MCP tool under its own name, shown as the trigger.
#[test]
fn each_agent_gets_the_mcp_tool_under_its_own_name() {
    let (_, r) = guard().json(
        "g",
        &["--mcp", "github:create_issue", "-t", AGENTS, "--dry-run"],
    );
    let names: Vec<String> = r["agents"]
        .as_array()
        .expect("agents")
        .iter()
        .map(|t| format!("{} {}", t["agent"].as_str().unwrap_or("?"), t["trigger"]))
        .collect();
    assert_eq!(
        names,
        [
            r#"claude "mcp__github__create_issue""#,
            r#"codex "mcp__github__create_issue""#,
            r#"gemini "mcp_github_create_issue""#,
            r#"qwen "mcp__github__create_issue""#,
            r#"copilot "github-create_issue""#,
            r#"factory "github___create_issue""#,
        ]
    );
}

/// A malformed `--mcp` or `--mcp-input` is a usage error with help, exit status 2.
#[test]
fn a_bad_mcp_trigger_is_a_usage_error() {
    let p = guard();
    p.run(&["run", "g", "--mcp", "github"]).status(2).stderr_is(
        "error: --mcp \"github\": not SERVER:TOOL (the server as the agent's MCP config names it, a colon, the tool as the server lists it)
help: for example: --mcp github:create_issue
",
    );
    p.run(&["run", "g", "--mcp", "github:x", "--mcp-input", "[1]"])
        .status(2)
        .stderr_is(
            "error: --mcp-input: the tool's arguments must be a JSON object, not an array
help: name each argument: --mcp-input '{\"repo\":\"x\"}'
",
        );
    p.run(&["run", "g", "--mcp", "github:x", "--mcp-input", r#"{"a":"#])
        .status(2)
        .stderr_is(
            "error: --mcp-input:1:5: not valid JSON: EOF while parsing a value
help: the tool's arguments, a JSON object: --mcp-input '{\"repo\":\"x\"}'
",
        );
}

/// A suite case takes the same trigger: `mcp:` and `mcp_input:` (a YAML map).
#[test]
fn a_case_calls_an_mcp_tool_with_its_arguments() {
    let p = guard().file(
        ".hookcheck/cases.yaml",
        &format!(
            "cases:
  - {{hook: g, mcp: 'github:create_issue', mcp_input: {{repo: prod}}, expect: block, targets: [{AGENTS}]}}
  - {{hook: g, mcp: 'github:create_issue', mcp_input: {{repo: dev}}, expect: allow, targets: [{AGENTS}]}}
"
        ),
    );
    p.run(&["test"]).status(0);
    let p = p.file(
        ".hookcheck/cases.yaml",
        "cases:\n  - {hook: g, mcp_input: {repo: prod}, expect: block}\n",
    );
    let err = p.run(&["test"]).status(2).stderr();
    assert!(
        err.contains("mcp_input gives the arguments of an MCP tool call, and this case has no mcp")
            && err.contains("help: add `mcp: SERVER:TOOL` to the case"),
        "{err}"
    );
}

/// `hookcheck mcp-probe` answers an MCP client on stdio, line by line, and its tool's call
/// writes the marker file before the answer.
#[test]
fn the_mcp_probe_serves_one_tool_and_marks_its_call() {
    let dir = tempfile::tempdir().expect("tmp");
    let marker = dir.path().join("called");
    // Whatever the marker path holds is kept: the probe only makes sure the file exists.
    std::fs::write(&marker, "kept").expect("marker");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hookcheck"))
        .args(["mcp-probe", "--tool", "ping", "--marker"])
        .arg(&marker)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the probe");
    let requests = [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ping","arguments":{}}}"#,
    ];
    let mut stdin = child.stdin.take().expect("stdin");
    for r in requests {
        writeln!(stdin, "{r}").expect("write");
    }
    drop(stdin);
    let out = child
        .wait_with_output()
        .expect("the probe ends when stdin closes");
    assert!(out.status.success());
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"protocolVersion":"2025-06-18","capabilities":{{"tools":{{"listChanged":false}}}},"serverInfo":{{"name":"hookcheck-probe","version":"{version}"}}}}}}
{{"jsonrpc":"2.0","id":2,"result":{{"tools":[{{"name":"ping","description":"hookcheck's probe: records that it was called and returns a short text","inputSchema":{{"type":"object","properties":{{}}}}}}]}}}}
{{"jsonrpc":"2.0","id":3,"result":{{"content":[{{"type":"text","text":"hookcheck probe ran"}}],"isError":false}}}}
"#
        )
    );
    assert_eq!(
        std::fs::read_to_string(&marker).expect("the marker"),
        "kept"
    );
    // And without one, the call makes it.
    let fresh = dir.path().join("fresh");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hookcheck"))
        .args(["mcp-probe", "--tool", "ping", "--marker"])
        .arg(&fresh)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start the probe");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "{}", requests[3]).expect("write");
    drop(stdin);
    assert!(child.wait().expect("ends").success());
    assert!(fresh.exists(), "the call wrote no marker");
}
