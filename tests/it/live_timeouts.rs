//! Each live agent's default hook timeout, observed: the `default-timeout` probe
//! (fixtures/live/timeouts/hooks) gives no timeout, so the agent's hook file has none, and the
//! hook appends the seconds it has run to its trace every 5 s; the agent ended it between the
//! last line and 5 s later. hookcheck's plan for the same spec must give that agent a timeout
//! in that window, and the agent must have gone on with the call (the hook's block never came).

use std::path::Path;

use hookcheck::live::record;

#[test]
fn default_timeouts_are_what_each_recorded_agent_showed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/timeouts");
    let spec = std::fs::read_to_string(root.join("hooks/default-timeout.yaml")).expect("spec");
    let fixtures = record::load_all(&root.join("observations")).expect("observations");
    assert_eq!(fixtures.len(), 8, "one recording per live agent");
    let p = crate::common::Project::new().spec("default-timeout", &spec);
    let mut problems = Vec::new();
    for (file, f) in &fixtures {
        let last: u64 = f
            .trace
            .last()
            .and_then(|l| l.parse().ok())
            .unwrap_or_else(|| panic!("{file}: no trace"));
        let (_, v) = p.json(
            "default-timeout",
            &["--bash", "echo hi", "-t", &f.agent, "--dry-run"],
        );
        let planned = v["agents"][0]["commands"][0]["invocation"]["timeout_ms"]
            .as_u64()
            .unwrap_or_else(|| panic!("{file}: no planned timeout: {v}"));
        let window = last * 1000..(last + 5) * 1000 + 1;
        if f.observed.as_str() != "allow" || !window.contains(&planned) {
            problems.push(format!(
                "{file}: {} {}: the hook was ended after {last} s and before {} s ({}), \
                 hookcheck plans {planned} ms",
                f.agent,
                f.version.as_deref().unwrap_or("?"),
                last + 5,
                f.observed.as_str()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
