//! What `hookcheck live --show-input` shows of a capture: what the agent gave its hook, beside
//! hookcheck's plan for that agent as a diff.

use serde_json::json;

use super::capture;

/// `--show-input` for one agent: what its hook was given, then how hookcheck's plan differs
/// (text, and the same as JSON).
pub(super) fn show_input(
    input: &super::Input,
    planned: Option<&capture::Shape>,
) -> (String, serde_json::Value) {
    let pad = "           ";
    let Some(call) = input.calls.first() else {
        return (
            format!("{pad}input: the hook never ran, nothing was captured\n"),
            json!({"captured": null}),
        );
    };
    let real = capture::shape(
        &capture::command_argv(&call.argv, call.command_file),
        |a| a == capture::COMMAND,
        &call.stdin,
        &call.env,
        &input.agent_env,
    );
    let mut out = format!(
        "{pad}input: {} · cwd {} · stdin {} · env +{} -{}\n",
        capture::shell_of(&capture::command_argv(&call.argv, None)),
        call.cwd,
        real.stdin.keys().cloned().collect::<Vec<_>>().join(" "),
        real.env_added.join(" +"),
        real.env_removed.join(" -"),
    );
    let diff = planned.map(|p| capture::diff(&real, p));
    match &diff {
        None => out.push_str(&format!("{pad}hookcheck plans no command for this agent\n")),
        Some(d) if d.is_empty() => out.push_str(&format!("{pad}hookcheck's plan gives the same\n")),
        Some(d) => {
            for line in d {
                out.push_str(&format!("{pad}differs: {line}\n"));
            }
        }
    }
    if input.calls.len() > 1 {
        out.push_str(&format!(
            "{pad}the hook ran {} times; the first is shown\n",
            input.calls.len()
        ));
    }
    let value = json!({"captured": {"argv": real.argv, "cwd": call.cwd, "stdin": real.stdin,
        "env": call.env, "env_added": real.env_added, "env_removed": real.env_removed,
        "calls": input.calls.len()}, "planned": planned, "differences": diff});
    (out, value)
}
