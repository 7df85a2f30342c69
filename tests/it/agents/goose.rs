use crate::common::{Project, decision, guard, target};

#[test]
fn blocks_and_allows_a_shell_call() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let (_, r) = p.json("g", &["-t", "goose", "--bash", "rm -rf build"]);
    assert_eq!(decision(&r, "goose"), "block", "{r}");
    let (_, r) = p.json("g", &["-t", "goose", "--bash", "ls"]);
    assert_eq!(decision(&r, "goose"), "allow", "{r}");
}

/// `*` does not compile as a Rust regex, so Goose drops the rule: it never fires.
#[test]
fn a_star_matcher_skips_the_rule() {
    let p = Project::new()
        .spec(
            "g",
            "event: PreToolUse\nmatcher: \"*\"\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
    let (_, r) = p.json("g", &["-t", "goose", "--bash", "rm -rf build"]);
    let t = target(&r, "goose");
    assert_eq!(t["decision"], "allow", "{r}");
    assert_eq!(t["fired"], false, "{r}");
    let reason = t["reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("\"*\" is not a valid regular expression"),
        "{reason}"
    );
}

/// `{"decision":"deny"}` is no decision to Goose (fails open), but blocks with
/// `x-goose.on_failure: block`; `{"decision":"block"}` blocks at any exit code.
#[test]
fn reply_words_and_on_failure() {
    let rows = [
        ("echo '{\"decision\":\"deny\"}'", "", "error"),
        (
            "echo '{\"decision\":\"deny\"}'",
            "x-goose:\n  on_failure: block\n",
            "block",
        ),
        ("echo '{\"decision\":\"block\"}'; exit 1", "", "block"),
        ("echo '{\"decision\":\"allow\"}'", "", "allow"),
    ];
    for (body, extra, want) in rows {
        let p = Project::new()
            .spec(
                "g",
                &format!("event: PreToolUse\nmatcher: shell\ncommand: ./hooks/g.sh\n{extra}"),
            )
            .script(
                "hooks/g.sh",
                &format!("#!/bin/sh\ncat >/dev/null\n{body}\n"),
            );
        let (_, r) = p.json("g", &["-t", "goose", "--bash", "ls"]);
        assert_eq!(decision(&r, "goose"), want, "{body} {extra}: {r}");
    }
}
