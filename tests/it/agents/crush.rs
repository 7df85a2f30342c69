use crate::common::{Project, decision, guard, target};

#[test]
fn blocks_and_allows_a_shell_call() {
    let p = Project::new()
        .spec(
            "c",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", &guard("rm -rf"));
    let (_, r) = p.json("c", &["-t", "crush", "--bash", "rm -rf build"]);
    assert_eq!(decision(&r, "crush"), "block", "{r}");
    assert_eq!(target(&r, "crush")["effect"], "blocked", "{r}");
    let (_, r) = p.json("c", &["-t", "crush", "--bash", "ls"]);
    assert_eq!(decision(&r, "crush"), "allow", "{r}");
}

#[test]
fn exit_49_halts_the_turn() {
    let p = Project::new()
        .spec(
            "c",
            "event: PreToolUse\nmatcher: ^bash$\ncommand: ./hooks/halt.sh\n",
        )
        .script(
            "hooks/halt.sh",
            "#!/bin/sh\necho 'stop everything' >&2\nexit 49\n",
        );
    let (_, r) = p.json("c", &["-t", "crush", "--bash", "ls"]);
    let t = target(&r, "crush");
    assert_eq!(t["decision"], "block", "{r}");
    assert_eq!(t["effect"], "halted", "{r}");
}

/// Crush's dispatch: a ./ script runs through its shebang (no execute bit needed), a ./
/// script without one runs as shell source, and a bare path without a shebang fails (exit 1
/// in Crush), so the call goes ahead.
#[test]
fn script_dispatch() {
    let block = "cat >/dev/null\necho no >&2\nexit 2\n";
    let p = Project::new()
        .spec("shebang", "event: PreToolUse\ncommand: ./hooks/sb.sh\n")
        .file("hooks/sb.sh", &format!("#!/bin/sh\n{block}"))
        .spec("source", "event: PreToolUse\ncommand: ./hooks/src.sh\n")
        .file("hooks/src.sh", block)
        .spec("bare", "event: PreToolUse\ncommand: hooks/bare.sh\n")
        .script("hooks/bare.sh", block)
        .spec("bare_shebang", "event: PreToolUse\ncommand: hooks/sb2.sh\n")
        .script("hooks/sb2.sh", &format!("#!/bin/sh\n{block}"));
    for (hook, want) in [
        ("shebang", "block"),
        ("source", "block"),
        ("bare", "error"),
        ("bare_shebang", "block"),
    ] {
        let (_, r) = p.json(hook, &["-t", "crush", "--bash", "ls"]);
        assert_eq!(decision(&r, "crush"), want, "{hook}: {r}");
        if hook == "bare" {
            assert!(r.to_string().contains("exit 1"), "{r}");
        }
    }
}

/// An inline command that reaches jq rests on the jq assumption: Crush has its own jq.
#[test]
fn jq_is_an_assumption() {
    let p = Project::new().spec(
        "c",
        "event: PreToolUse\ncommand: \"jq -e '.tool_name == \\\"bash\\\"' >/dev/null && exit 2 || exit 0\"\n",
    );
    let (_, r) = p.json("c", &["-t", "crush", "--bash", "ls", "--include-assumed"]);
    let t = target(&r, "crush");
    assert_eq!(t["decision"], "block", "{r}");
    assert_eq!(t["assumptions"][0]["item"], "jq", "{r}");
    assert_eq!(t["counted"], true, "{r}");
    let (_, r) = p.json("c", &["-t", "crush", "--bash", "ls"]);
    assert_eq!(target(&r, "crush")["counted"], false, "{r}");
}
