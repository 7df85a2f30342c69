use crate::common::{Project, decision, target};

/// The decision is the last non-empty stdout line; lines before it are noise.
const HOOK: &str = "#!/bin/sh\ninput=$(cat)\necho 'checking the command...'\n\
case \"$input\" in *'rm -rf'*) echo '{\"decision\":\"deny\",\"reason\":\"no rm -rf\"}';; \
*) echo '{\"decision\":\"allow\"}';; esac\necho\n";

#[test]
fn last_line_decision_with_noise_before_it() {
    let p = Project::new()
        .spec(
            "s",
            "event: PreToolUse\nmatcher: bash\ncommand: ./hooks/s.sh\n",
        )
        .script("hooks/s.sh", HOOK);
    let (_, r) = p.json("s", &["-t", "spettro", "--bash", "rm -rf build"]);
    assert_eq!(decision(&r, "spettro"), "block", "{r}");
    let (_, r) = p.json("s", &["-t", "spettro", "--bash", "ls"]);
    assert_eq!(decision(&r, "spettro"), "allow", "{r}");
}

/// Spettro's code fails the tool call when a PreToolUse hook exits non-zero.
#[test]
fn a_failing_hook_fails_the_call() {
    let p = Project::new()
        .spec("s", "event: PreToolUse\ncommand: ./hooks/s.sh\n")
        .script(
            "hooks/s.sh",
            "#!/bin/sh\necho '{\"decision\":\"allow\"}'\nexit 1\n",
        );
    let (_, r) = p.json("s", &["-t", "spettro", "--bash", "ls"]);
    let t = target(&r, "spettro");
    assert_eq!(t["decision"], "block", "{r}");
    assert_eq!(t["effect"], "blocked", "{r}");
}
