use crate::common::{Project, target};

const HOOK: &str = "#!/bin/sh\nif grep -q 'rm -rf'; then echo '{\"decision\":\"deny\",\"reason\":\"no\"}'; \
else echo '{\"decision\":\"auto_approve\"}'; fi\n";

#[test]
fn blocks_and_allows_a_shell_call() {
    let p = Project::new()
        .spec(
            "a",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/a.sh\n",
        )
        .script("hooks/a.sh", HOOK);
    for (cmd, want) in [("rm -rf build", "block"), ("ls", "allow")] {
        let (_, r) = p.json(
            "a",
            &["-t", "antigravity", "--bash", cmd, "--include-assumed"],
        );
        let t = target(&r, "antigravity");
        assert_eq!(t["decision"], want, "{r}");
        assert_eq!(t["counted"], true, "{r}");
        let items: Vec<&str> = t["assumptions"]
            .as_array()
            .map(|a| a.iter().filter_map(|x| x["item"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(items, ["shell", "cwd"], "{r}");
    }
}

/// `allow` defers to Antigravity's own policy, so it is never counted.
#[test]
fn allow_is_not_counted() {
    let p = Project::new()
        .spec("a", "event: PreToolUse\ncommand: ./hooks/a.sh\n")
        .script("hooks/a.sh", "#!/bin/sh\necho '{\"decision\":\"allow\"}'\n");
    let (_, r) = p.json(
        "a",
        &["-t", "antigravity", "--bash", "ls", "--include-assumed"],
    );
    let t = target(&r, "antigravity");
    assert_eq!(t["decision"], "allow", "{r}");
    assert_eq!(t["counted"], false, "{r}");
}
