//! `hookcheck lint --format sarif`: the findings as a SARIF 2.1.0 log, one result per finding
//! with its rule id, `file:line` and fix, so GitHub code scanning shows them in pull requests.
//! Validated against the OASIS schema kept in `docs/reference/sarif/` (tests/it/sarif.rs).

use serde_json::{Value, json};

use super::lint::{Finding, Severity};

/// Each rule `lint` can report, with what it checks, for the log's rule list.
pub const RULES: &[(&str, &str)] = &[
    ("invalid-spec", "A hook spec that hookcheck cannot load"),
    (
        "unreadable-file",
        "A hook file the agent cannot load: none of its hooks run",
    ),
    (
        "entry-discarded",
        "An entry the agent discards while loading the rest of the file",
    ),
    (
        "lossy-decode",
        "A hook file that is not UTF-8, decoded with replacement characters",
    ),
    (
        "file-skipped",
        "A hook file whose hooks the agent skips while another file of the same scope exists",
    ),
    (
        "unknown-event",
        "An event the agent does not have: the hook never runs",
    ),
    (
        "matcher-never-matches",
        "A matcher that matches none of the agent's tool names",
    ),
    (
        "mcp-spelled-elsewhere",
        "A matcher that spells MCP tools as another agent names them: no MCP call matches",
    ),
    (
        "matcher-does-not-compile",
        "A matcher the agent cannot compile: it skips the hook",
    ),
    (
        "matcher-regex-flavour",
        "A matcher using regex features outside the agent's flavour",
    ),
    (
        "timeout-unit",
        "A timeout that looks written in the wrong unit",
    ),
    (
        "timeout-invalid",
        "A timeout that is no duration: the hook runs under the default",
    ),
    (
        "duplicate-spec",
        "Two spec files with one name: which one runs is a guess",
    ),
    (
        "timeout-zero",
        "A timeout of 0, whose meaning the agent does not document",
    ),
    (
        "script-missing",
        "A script the hook starts that does not exist",
    ),
    (
        "script-not-executable",
        "A script the hook starts as a program without its executable bit",
    ),
    (
        "no-shebang",
        "A script started with no shell that has no #! line",
    ),
    (
        "program-not-found",
        "A program the hook starts that is not on the PATH",
    ),
    ("unset-variable", "A variable the reading agent never sets"),
    (
        "reads-argument",
        "A hook that reads $1 while the agent passes the event on stdin",
    ),
    (
        "loaded-twice",
        "Two handlers the agent runs that start the same thing on one event",
    ),
    (
        "needs-trust",
        "Hooks the agent runs only once the folder or hook is trusted",
    ),
    (
        "generator-source",
        "A generator's canonical source: the agents run the files generated from it",
    ),
    (
        "generator-dropped-hook",
        "A hook the source asks for that the generator left out of an agent's file",
    ),
    (
        "generator-copied-matcher",
        "A matcher copied from the source into an agent that has no tool of that name",
    ),
    (
        "generator-timeout-unit",
        "A timeout the generator wrote in the wrong unit: off by 1000",
    ),
    (
        "empty-matcher-cross-read",
        "A matcher written empty that the file's agent runs on every call and a cross-reader on none",
    ),
    (
        "empty-matcher-runs-nothing",
        "A matcher written empty in an agent's own file, which that agent reads as no tool: the hook never runs",
    ),
    (
        "generator-unrun-hook",
        "A hook in the source that the generator writes for no agent: it never runs",
    ),
    (
        "generator-dispatched-twice",
        "An agent loads two of the generator's dispatch hooks for one event: each runs twice",
    ),
];

/// The findings as a SARIF 2.1.0 log.
pub fn log(findings: &[Finding]) -> Value {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|(id, text)| {
            json!({
                "id": id,
                "name": id,
                "shortDescription": { "text": text },
            })
        })
        .collect();
    let results: Vec<Value> = findings.iter().map(result).collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "hookcheck",
                    "version": env!("CARGO_PKG_VERSION"),
                    "rules": rules,
                }
            },
            "results": results,
        }]
    })
}

fn result(f: &Finding) -> Value {
    let level = match f.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    };
    let mut location = json!({
        "physicalLocation": {
            "artifactLocation": { "uri": uri(&f.file) },
        }
    });
    if let Some(line) = f.line.filter(|l| *l >= 1) {
        location["physicalLocation"]["region"] = json!({ "startLine": line });
    }
    let agent = f
        .agent
        .map(|id| {
            crate::native::agents::find(id).map_or_else(|| id.to_string(), |l| l.name().to_string())
        })
        .map_or_else(String::new, |name| format!("{name}: "));
    let mut out = json!({
        "ruleId": f.rule,
        "level": level,
        "message": { "text": format!("{agent}{}\nFix: {}", f.message, f.fix) },
        "locations": [location],
        "properties": { "fix": f.fix },
    });
    if let Some(i) = RULES.iter().position(|(id, _)| *id == f.rule) {
        out["ruleIndex"] = json!(i);
    }
    if let Some(id) = f.agent {
        out["properties"]["agent"] = json!(id);
    }
    out
}

/// A file path as a URI reference: relative paths stay relative (to the repository root,
/// where code scanning resolves them), absolute ones become `file://` URIs; anything outside
/// the unreserved characters and `/` is percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::new();
    if path.starts_with('/') {
        out.push_str("file://");
    }
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri(".agent/settings.json"), ".agent/settings.json");
        assert_eq!(uri("my hooks/x.json"), "my%20hooks/x.json");
        assert_eq!(
            uri("/home/u/.agent/hooks/a.json"),
            "file:///home/u/.agent/hooks/a.json"
        );
        assert_eq!(uri("caf\u{e9}.json"), "caf%C3%A9.json");
    }
}
