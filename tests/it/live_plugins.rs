//! What a plugin's hook is given, observed: `hookcheck live exit0 --repo-hooks plugin
//! --record-inputs fixtures/live/plugins/inputs` puts the hook in a plugin (an extension for
//! Gemini CLI and Qwen Code) in the throwaway home, made active as each agent allows offline,
//! and captures what its shell got. hookcheck plans a plugin's hook (a project that is the
//! plugin, `run --installed`) in the folder the agent ran it in, with every plugin variable
//! the agent set. Copilot CLI's plugins are recorded by scripts/live-copilot-plugins.py.

use std::path::Path;

use serde_json::Value;

use crate::common::{Project, target};

#[test]
fn plugin_hooks_run_where_and_with_what_each_agent_gave_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/plugins/inputs");
    let mut agents = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("inputs") {
        let path = entry.expect("entry").path();
        let rec: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
        let agent = rec["agent"].as_str().expect("agent").to_string();
        let made_with = rec["made_with"].as_str().unwrap_or_default();
        assert!(made_with.contains(" --repo-hooks plugin "), "{made_with}");
        // The agent's plugin layout, the hook on its before-tool event with no matcher.
        let (manifest, event) = match agent.as_str() {
            "claude" => (".claude-plugin/plugin.json", "PreToolUse"),
            "codex" => (".codex-plugin/plugin.json", "PreToolUse"),
            "factory" => (".factory-plugin/plugin.json", "PreToolUse"),
            "gemini" => ("gemini-extension.json", "BeforeTool"),
            "qwen" => ("qwen-extension.json", "PreToolUse"),
            other => panic!("{other}: no plugin layout in this test"),
        };
        let p = Project::new()
            .file(manifest, r#"{"name": "p", "version": "1.0.0"}"#)
            .file(
                "hooks/hooks.json",
                &format!(
                    r#"{{"hooks": {{"{event}": [{{"hooks": [{{"type": "command", "command": "true"}}]}}]}}}}"#
                ),
            );
        let (_, v) = p.json_of(&[
            "run",
            "--installed",
            "--bash",
            "ls",
            "-t",
            &agent,
            "--dry-run",
        ]);
        let inv = &target(&v, &agent)["commands"][0]["invocation"];
        let root = p.root().canonicalize().expect("root");
        assert_eq!(
            (rec["cwd"].as_str(), inv["cwd"].as_str().map(Path::new)),
            (Some("<workspace>"), Some(root.as_path())),
            "{agent}: {v}"
        );
        let planned: Vec<&str> = inv["env_set"]
            .as_array()
            .expect("env_set")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let plugin_vars: Vec<&str> = rec["env_added"]
            .as_array()
            .expect("env_added")
            .iter()
            .filter_map(Value::as_str)
            .filter(|k| k.contains("PLUGIN_"))
            .collect();
        for k in &plugin_vars {
            // A plugin's data folder is one the agent names after the plugin and its
            // marketplace and makes in the user's home: hookcheck sets no such variable (an
            // open difference, docs/dev/lifecycle.md).
            if k.ends_with("PLUGIN_DATA") {
                assert!(
                    matches!(agent.as_str(), "claude" | "codex"),
                    "{agent} sets {k}: add it to the open differences"
                );
                continue;
            }
            assert!(
                planned.contains(k),
                "{agent}: the agent set {k}, hookcheck does not: {planned:?}"
            );
        }
        agents.push(agent);
    }
    agents.sort();
    assert_eq!(agents, ["claude", "codex", "factory", "gemini", "qwen"]);
}

/// Where a plugin's data folder is, observed (fixtures/live/plugins/data, `hookcheck live
/// plugin-data --repo-hooks plugin`): Claude Code names `~/.claude/plugins/data/NAME-inline` for
/// a plugin loaded with `--plugin-dir` and makes it before the hook runs; Codex names
/// `~/.codex/plugins/data/NAME-MARKETPLACE` under both of its variables and does not make it.
/// hookcheck names a folder of its own run in the same variables, made where Claude makes it
/// (`PluginLayout::data`; `tests/it/native.rs`
/// `a_plugins_hooks_get_its_data_folder_as_each_agent_gives_it`): these are the real values.
#[test]
fn plugin_data_folders_are_where_each_agent_put_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/plugins/data");
    let mut traces = serde_json::Map::new();
    for (file, f) in hookcheck::live::record::load_all(&dir).expect("data recordings") {
        let made_with = f.made_with.as_deref().unwrap_or_default();
        assert!(
            made_with.contains(" --repo-hooks plugin "),
            "{file}: {made_with}"
        );
        traces.insert(f.agent.clone(), serde_json::json!(f.trace));
    }
    let probe = hookcheck::live::driver::PLUGIN_NAME;
    assert_eq!(
        Value::Object(traces),
        serde_json::json!({
            "claude": [
                format!("CLAUDE_PLUGIN_DATA=.claude/plugins/data/{probe}-inline"),
                "CLAUDE_PLUGIN_DATA exists",
                "PLUGIN_DATA=unset"
            ],
            "codex": [
                format!("CLAUDE_PLUGIN_DATA=.codex/plugins/data/{probe}-hookcheck"),
                format!("PLUGIN_DATA=.codex/plugins/data/{probe}-hookcheck")
            ]
        })
    );
}
