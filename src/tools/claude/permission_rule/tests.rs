use super::*;
use serde_json::json;

fn ctx() -> RuleContext<'static> {
    RuleContext {
        project_root: Path::new("/root/proj"),
        home: Path::new("/home/u"),
    }
}

fn bash(command: &str) -> Value {
    json!({ "command": command })
}

fn file(path: &str) -> Value {
    json!({ "file_path": path })
}

/// `(rule, tool, input, expected match, whether a note is expected)`.
fn rows() -> Vec<(&'static str, &'static str, Value, bool, bool)> {
    vec![
        // Bash: any simple command matches; wrappers, assignments and substitutions.
        (
            "Bash(git push *)",
            "Bash",
            bash("git push -f origin main"),
            true,
            false,
        ),
        (
            "Bash(git push *)",
            "Bash",
            bash("cd x && git push -f"),
            true,
            false,
        ),
        (
            "Bash(git push *)",
            "Bash",
            bash("echo $(git push -f)"),
            true,
            false,
        ),
        (
            "Bash(git push *)",
            "Bash",
            bash("echo `git push -f`"),
            true,
            false,
        ),
        (
            "Bash(git push *)",
            "Bash",
            bash("FOO=1 timeout 30 git push"),
            true,
            false,
        ),
        (
            "Bash(git push *)",
            "Bash",
            bash("ls | nohup nice -n 5 git push"),
            true,
            false,
        ),
        ("Bash(git push *)", "Bash", bash("git status"), false, false),
        ("Bash(git push *)", "Bash", bash("git pushx"), false, false),
        (
            "Bash(git push *)",
            "Bash",
            bash("echo git push"),
            false,
            false,
        ),
        (
            "Bash(git push *)",
            "Bash",
            bash("echo 'git push'"),
            false,
            false,
        ),
        (
            "Bash(git push *)",
            "Bash",
            bash("git 'push' origin"),
            true,
            false,
        ),
        (
            "Bash(git push *)",
            "Bash",
            bash("sudo git push"),
            false,
            false,
        ),
        // More than the command named, and an expansion: runs with a note.
        (
            "Bash(git push *)",
            "Bash",
            bash("git push $REMOTE"),
            true,
            false,
        ),
        (
            "Bash(git push *)",
            "Bash",
            bash("git $SUB origin"),
            true,
            true,
        ),
        ("Bash(git push *)", "Bash", bash("ls $HOME"), true, true),
        (
            "Bash(git push *)",
            "Bash",
            bash("ls \"${HOME}\""),
            true,
            true,
        ),
        ("Bash(git push *)", "Bash", bash("ls '$HOME'"), false, false),
        (
            "Bash(git push *)",
            "Bash",
            bash("for f in $X; do ls; done"),
            true,
            true,
        ),
        ("Bash(git push *)", "Bash", bash("X=$(id); ls"), true, true),
        // Only the command named: an expansion changes nothing.
        ("Bash(git *)", "Bash", bash("ls $HOME"), false, false),
        ("Bash(git *)", "Bash", bash("$GIT status"), false, false),
        // Does not parse: runs with a note.
        (
            "Bash(git push *)",
            "Bash",
            bash("echo \"unterminated"),
            true,
            true,
        ),
        (
            "Bash(rm *)",
            "Bash",
            bash("case $x in a) ls;; esac"),
            true,
            true,
        ),
        ("Bash(git push *)", "Bash", json!({}), true, true),
        // Trailing ` *` and `:*` also match the bare command.
        ("Bash(git *)", "Bash", bash("git"), true, false),
        ("Bash(git:*)", "Bash", bash("git"), true, false),
        (
            "Bash(git:*)",
            "Bash",
            bash("git log --oneline"),
            true,
            false,
        ),
        ("Bash(git:*)", "Bash", bash("gitk"), false, false),
        (
            "Bash(npm run test:*)",
            "Bash",
            bash("npm run test:unit"),
            false,
            false,
        ),
        (
            "Bash(npm run test:*)",
            "Bash",
            bash("npm run test --watch"),
            true,
            false,
        ),
        (
            "Bash(npm run test:*)",
            "Bash",
            bash("npm run build"),
            false,
            false,
        ),
        ("Bash(git*)", "Bash", bash("gitk --all"), true, false),
        ("Bash(git push)", "Bash", bash("git push"), true, false),
        ("Bash(git push)", "Bash", bash("git push -f"), false, false),
        (
            "Bash(git * main)",
            "Bash",
            bash("git push origin main"),
            true,
            false,
        ),
        (
            "Bash(git * main)",
            "Bash",
            bash("git push origin dev"),
            false,
            false,
        ),
        (
            "Bash(git   push  *)",
            "Bash",
            bash("git  push   x"),
            true,
            false,
        ),
        ("Bash(echo a.b)", "Bash", bash("echo aXb"), false, false),
        // Whole tool.
        ("Bash", "Bash", bash("anything"), true, false),
        ("Bash(*)", "Bash", bash("anything | at && all"), true, false),
        ("Bash(*)", "Bash", bash("echo \"unterminated"), true, false),
        ("Bash(git *)", "Edit", file("/root/proj/git"), false, false),
        // Edit covers the edit tools; Read covers Read.
        (
            "Edit(.github/**)",
            "Write",
            file("/root/proj/.github/workflows/ci.yml"),
            true,
            false,
        ),
        (
            "Edit(.github/**)",
            "Edit",
            file("/root/proj/.github/workflows/ci.yml"),
            true,
            false,
        ),
        (
            "Edit(.github/**)",
            "MultiEdit",
            file("/root/proj/.github/workflows/ci.yml"),
            true,
            false,
        ),
        (
            "Edit(.github/**)",
            "Read",
            file("/root/proj/.github/workflows/ci.yml"),
            false,
            false,
        ),
        (
            "Edit(.github/**)",
            "Write",
            file("/root/proj/sub/.github/ci.yml"),
            false,
            false,
        ),
        (
            "Read(.github/**)",
            "Read",
            file("/root/proj/.github/workflows/ci.yml"),
            true,
            false,
        ),
        (
            "Read(.github/**)",
            "Write",
            file("/root/proj/.github/workflows/ci.yml"),
            false,
            false,
        ),
        (
            "Edit(*.ipynb)",
            "NotebookEdit",
            json!({"notebook_path": "/root/proj/a/n.ipynb"}),
            true,
            false,
        ),
        (
            "Edit(*.ipynb)",
            "NotebookEdit",
            json!({"file_path": "/root/proj/a/n.ipynb"}),
            false,
            true,
        ),
        // A bare name matches at any depth; a directory name covers what is inside.
        (
            "Edit(.env)",
            "Write",
            file("/root/proj/a/b/.env"),
            true,
            false,
        ),
        ("Edit(.env)", "Write", file("/root/proj/.env"), true, false),
        (
            "Edit(.env)",
            "Write",
            file("/root/proj/.envrc"),
            false,
            false,
        ),
        (
            "Edit(secrets)",
            "Write",
            file("/root/proj/x/secrets/key.pem"),
            true,
            false,
        ),
        (
            "Read(./.env)",
            "Read",
            file("/root/proj/a/.env"),
            true,
            false,
        ),
        (
            "Edit(src/**/*.ts)",
            "Edit",
            file("/root/proj/src/a/b.ts"),
            true,
            false,
        ),
        (
            "Edit(src/**/*.ts)",
            "Edit",
            file("/root/proj/lib/src/b.ts"),
            false,
            false,
        ),
        // `/path` is from the project root, `//path` from `/`, `~/path` from home.
        (
            "Edit(/src/*.rs)",
            "Edit",
            file("/root/proj/src/main.rs"),
            true,
            false,
        ),
        (
            "Edit(/src/*.rs)",
            "Edit",
            file("/src/main.rs"),
            false,
            false,
        ),
        (
            "Edit(//etc/passwd)",
            "Write",
            file("/etc/passwd"),
            true,
            false,
        ),
        (
            "Edit(//etc/passwd)",
            "Write",
            file("/root/proj/etc/passwd"),
            false,
            false,
        ),
        (
            "Read(//etc/**)",
            "Read",
            file("/etc/ssh/sshd_config"),
            true,
            false,
        ),
        ("Edit(~/x)", "Write", file("/home/u/x"), true, false),
        ("Edit(~/x)", "Write", file("/root/proj/x"), false, false),
        (
            "Read(~/.ssh/**)",
            "Read",
            file("/home/u/.ssh/id_ed25519"),
            true,
            false,
        ),
        // Outside the project root: no match, no panic.
        ("Edit(.env)", "Write", file("/tmp/.env"), false, false),
        ("Edit(**)", "Write", file("/tmp/x"), false, false),
        ("Edit(**)", "Write", file("/root/proj"), false, false),
        (
            "Edit(.env)",
            "Write",
            file("/root/proj/../other/.env"),
            false,
            false,
        ),
        // Relative file paths start at the project root.
        ("Edit(/a/.env)", "Write", file("a/.env"), true, false),
        ("Edit(.env)", "Write", json!({"file_path": 3}), false, true),
        // Tool(param:value).
        (
            "WebFetch(domain:example.com)",
            "WebFetch",
            json!({"url": "https://example.com/a?b"}),
            true,
            false,
        ),
        (
            "WebFetch(domain:example.com)",
            "WebFetch",
            json!({"url": "https://EXAMPLE.com:8443/"}),
            true,
            false,
        ),
        (
            "WebFetch(domain:example.com)",
            "WebFetch",
            json!({"url": "https://example.com.evil.io/"}),
            false,
            false,
        ),
        (
            "WebFetch(domain:example.com)",
            "WebFetch",
            json!({"url": "https://u@evil.io/example.com"}),
            false,
            false,
        ),
        (
            "WebFetch(domain:*.example.com)",
            "WebFetch",
            json!({"url": "http://api.example.com"}),
            true,
            false,
        ),
        (
            "WebFetch(domain:example.com)",
            "WebSearch",
            json!({"url": "https://example.com/"}),
            false,
            false,
        ),
        (
            "Grep(pattern:TODO*)",
            "Grep",
            json!({"pattern": "TODO: x"}),
            true,
            false,
        ),
        (
            "Grep(pattern:TODO*)",
            "Grep",
            json!({"pattern": "FIXME"}),
            false,
            false,
        ),
        ("Grep(pattern:TODO*)", "Grep", json!({}), false, false),
        (
            "Grep(head_limit:5)",
            "Grep",
            json!({"head_limit": 5}),
            true,
            false,
        ),
        (
            "Grep(multiline:true)",
            "Grep",
            json!({"multiline": true}),
            true,
            false,
        ),
        ("Grep(path:a)", "Grep", json!({"path": ["a"]}), false, false),
        // A tool name alone.
        ("WebFetch", "WebFetch", json!({}), true, false),
        ("WebFetch", "WebSearch", json!({}), false, false),
        ("Edit", "NotebookEdit", json!({}), true, false),
        ("Write", "Edit", json!({}), false, false),
        ("mcp__memory", "mcp__memory__create", json!({}), true, false),
        (
            "mcp__memory",
            "mcp__memoryx__create",
            json!({}),
            false,
            false,
        ),
        (
            "mcp__memory__*",
            "mcp__memory__create",
            json!({}),
            true,
            false,
        ),
        (
            "mcp__memory__create",
            "mcp__memory__create",
            json!({}),
            true,
            false,
        ),
        (
            "mcp__memory__create",
            "mcp__memory__delete",
            json!({}),
            false,
            false,
        ),
        ("Task(*)", "Task", json!({}), true, false),
        (
            "Task(Explore)",
            "Task",
            json!({"subagent_type": "Explore"}),
            true,
            true,
        ),
    ]
}

#[test]
fn rules_match_calls() {
    for (rule, tool, input, expected, note) in rows() {
        let got = rule_matches(rule, tool, &input, &ctx());
        let Ok((matched, got_note)) = got else {
            panic!("{rule} / {tool} / {input}: {got:?}");
        };
        assert_eq!(
            (matched, got_note.is_some()),
            (expected, note),
            "{rule} / {tool} / {input}: note {got_note:?}"
        );
    }
}

/// `(rule, part of the error message)`.
const INVALID: &[(&str, &str)] = &[
    ("", "empty"),
    ("   ", "empty"),
    ("Bash(git *", "does not end with ')'"),
    ("Bash)", "without a '('"),
    ("Bash(a))", "unbalanced"),
    ("Bash((a)", "unbalanced"),
    ("Bash(a) x", "does not end with ')'"),
    ("Bash()", "empty parentheses"),
    ("Bash(  )", "empty parentheses"),
    ("(git *)", "names no tool"),
    ("Ba sh(x)", "not a tool name"),
];

#[test]
fn invalid_rules_say_what_is_wrong() {
    for (rule, message) in INVALID {
        match rule_matches(rule, "Bash", &bash("git"), &ctx()) {
            Err(e) => {
                assert_eq!(e.kind, crate::error::Kind::PermissionRule, "{rule:?}");
                assert!(e.message().contains(message), "{rule:?}: {e}")
            }
            Ok(r) => panic!("{rule:?} was accepted: {r:?}"),
        }
    }
}

#[test]
fn notes_name_the_reason() {
    let (_, note) =
        rule_matches("Bash(git push *)", "Bash", &bash("echo 'x"), &ctx()).unwrap_or_default();
    assert!(note.is_some_and(|n| n.contains("does not parse") && n.contains("unterminated")));
    let (_, note) =
        rule_matches("Bash(git push *)", "Bash", &bash("ls $X"), &ctx()).unwrap_or_default();
    assert!(note.is_some_and(|n| n.contains("expansion")));
}

#[test]
fn url_hosts() {
    let rows = [
        ("https://example.com/x", Some("example.com")),
        ("http://user:pw@host.io:80/p", Some("host.io")),
        ("https://[::1]:8080/", Some("::1")),
        ("example.com/path", Some("example.com")),
        ("https://h?q=/x", Some("h")),
        ("https:///x", None),
        ("", None),
    ];
    for (url, host) in rows {
        assert_eq!(url_host(url).as_deref(), host, "{url}");
    }
}
