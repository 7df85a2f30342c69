//! Recorded truth: hookcheck's prediction for every case observed on a real agent
//! (fixtures/live/observations, written by `hookcheck live --record`) must match what the agent
//! did. Runs with no agent installed. A disagreement already reported to the lead is listed in
//! fixtures/live/known-disagreements.json; the list cannot rot: a listed case that starts to
//! agree fails too.

use std::path::Path;

use hookcheck::app::{CheckRequest, Workspace};
use hookcheck::live::record;
use hookcheck::run;
use hookcheck::verdict::Effect;
use serde_json::Value;

fn word(e: Effect) -> &'static str {
    match e {
        Effect::Proceeds => "allow",
        Effect::Blocked => "block",
        Effect::Halted => "halted",
    }
}

#[test]
fn predictions_agree_with_every_recorded_observation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live");
    let fixtures = record::load_all(&root.join("observations")).expect("observations");
    let known: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("known-disagreements.json")).expect("known list"),
    )
    .expect("known list json");
    let known = known.as_array().cloned().unwrap_or_default();
    let mut problems = Vec::new();
    let mut compared = 0;
    for (file, f) in &fixtures {
        if hookcheck::tools::find(&f.agent).is_none() {
            // An agent recorded live that hookcheck has no contract for: nothing to compare.
            continue;
        }
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join(format!("{}.yaml", f.hook)), &f.spec).expect("spec");
        let ws = Workspace {
            cwd: dir.path().to_path_buf(),
            root: dir.path().to_path_buf(),
            home: dir.path().to_path_buf(),
            spec_dirs: vec![dir.path().to_path_buf()],
            env: std::env::vars().collect(),
        };
        let req = CheckRequest {
            hook: f.hook.clone(),
            bash: Some(f.trigger.clone()),
            targets: vec![f.agent.clone()],
            ..Default::default()
        };
        let check = ws.check(&req, dir.path(), 2).expect("check");
        let report = run::run_check(&check, hookcheck::report::Keep::text(0));
        let predicted = report.targets[0].effect.map_or("not run", word);
        let observed = f.observed.as_str();
        compared += 1;
        let listed = known.iter().find(|k| k["file"] == file.as_str());
        match (predicted == observed, listed) {
            (true, None) => {}
            (true, Some(_)) => problems.push(format!(
                "{file}: listed as a known disagreement but now agrees ({observed}): remove it"
            )),
            (false, Some(k)) if k["predicted"] == predicted && k["observed"] == observed => {}
            (false, _) => problems.push(format!(
                "{file}: {} {} on `{}`: hookcheck predicts {predicted}, the agent did {observed}",
                f.agent,
                f.version.as_deref().unwrap_or("?"),
                f.hook
            )),
        }
    }
    assert!(compared > 0, "no recorded observation to compare");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
