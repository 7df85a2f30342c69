//! The pre-commit hook, through the real `pre-commit` (PyPI) with `try-repo` on a fixture
//! repository. pre-commit builds hookcheck from this repository (`language: rust`), so this
//! test takes a few minutes the first time; `.ci/run` installs pre-commit.

mod common;

use std::path::Path;
use std::process::Command;

fn git(dir: &Path, args: &[&str]) {
    let ok = Command::new("git")
        .args(["-c", "user.email=test@example.com", "-c", "user.name=test"])
        .args(args)
        .current_dir(dir)
        .status()
        .expect("git")
        .success();
    assert!(ok, "git {args:?}");
}

fn write(dir: &Path, path: &str, body: &str) {
    let p = dir.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, body).unwrap();
}

#[test]
fn pre_commit_try_repo_runs_the_cases() {
    if !common::needs(
        "pre-commit",
        "to run the pre-commit hooks",
        "PyPI pre-commit",
    ) {
        return;
    }
    let fixture = tempfile::tempdir().unwrap();
    let dir = fixture.path();
    git(dir, &["init", "-q"]);
    write(
        dir,
        ".hookcheck/hooks/g.yaml",
        "on: before-tool\nmatch: shell\ncommand: ./g.sh\n",
    );
    write(
        dir,
        "g.sh",
        "#!/bin/sh\nif grep -q 'rm -rf'; then echo no >&2; exit 2; fi\n",
    );
    std::fs::set_permissions(
        dir.join("g.sh"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    write(
        dir,
        ".hookcheck/cases.yaml",
        "cases:\n  - hook: g\n    bash: rm -rf /\n    expect: {claude: block, codex: block}\n",
    );
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-qm", "hooks"]);

    let repo = env!("CARGO_MANIFEST_DIR");
    let home = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pre-commit-home");
    let run = || {
        Command::new("pre-commit")
            .args(["try-repo", repo, "hookcheck-test", "--all-files"])
            .current_dir(dir)
            .env("PRE_COMMIT_HOME", &home)
            // The suite's own target folder: pre-commit's release build of hookcheck is then
            // the one ci/package-check.sh reuses (one release build in CI, not two).
            .env("CARGO_TARGET_DIR", target_dir())
            .output()
            .expect("run pre-commit")
    };
    let out = run();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("hookcheck test") && text.contains("Passed"),
        "{text}"
    );

    // A case that fails makes the commit fail.
    write(
        dir,
        ".hookcheck/cases.yaml",
        "cases:\n  - hook: g\n    bash: rm -rf /\n    expect: allow\n",
    );
    git(dir, &["commit", "-qam", "wrong expectation"]);
    let out = run();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains("Failed") && text.contains("expected allow, got block"),
        "{text}"
    );
}

/// The folder cargo builds this suite in (`CARGO_TARGET_DIR`, or the parent of
/// `CARGO_TARGET_TMPDIR`, which is `<target>/tmp`).
fn target_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            Path::new(env!("CARGO_TARGET_TMPDIR"))
                .parent()
                .map(Path::to_path_buf)
        })
        .expect("a target folder")
}
