//! The pre-commit hook, through the real `pre-commit` (PyPI) with `try-repo` on a fixture
//! repository. pre-commit builds hookcheck from this repository (`language: rust`), so this
//! test takes a few minutes the first time; `.ci/run` installs pre-commit.

use crate::common;

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

/// A git repository with one committed guard `g` (blocks `rm -rf` with exit 2) and one case
/// on `rm -rf /` expecting `expect`.
fn fixture_repo(expect: &str) -> tempfile::TempDir {
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
        &format!("cases:\n  - hook: g\n    bash: rm -rf /\n    expect: {expect}\n"),
    );
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-qm", "hooks"]);
    fixture
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
    let fixture = fixture_repo("{claude: block, codex: block}");
    let dir = fixture.path();

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

/// The release target this machine's binary is archived as (ci/archive.sh's names).
fn release_target() -> Option<&'static str> {
    match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => Some("x86_64-unknown-linux-musl"),
        ("linux", "aarch64") => Some("aarch64-unknown-linux-musl"),
        ("macos", "aarch64") => Some("aarch64-apple-darwin"),
        ("macos", "x86_64") => Some("x86_64-apple-darwin"),
        _ => None,
    }
}

#[test]
fn pre_commit_binary_hook_downloads_the_release_and_checks_its_sha256() {
    if !common::needs(
        "pre-commit",
        "to run the pre-commit hooks",
        "PyPI pre-commit",
    ) {
        return;
    }
    let Some(target) = release_target() else {
        println!("skipped: no release target for this platform");
        return;
    };
    let fixture = fixture_repo("{claude: block}");
    let dir = fixture.path();

    // A folder of release archives, made from the binary under test as the release workflow
    // makes them.
    let repo = env!("CARGO_MANIFEST_DIR");
    let version = env!("CARGO_PKG_VERSION");
    let releases = tempfile::tempdir().unwrap();
    let made = Command::new(format!("{repo}/ci/archive.sh"))
        .args([
            &format!("v{version}"),
            target,
            env!("CARGO_BIN_EXE_hookcheck"),
        ])
        .arg(releases.path())
        .output()
        .expect("ci/archive.sh");
    assert!(made.status.success(), "{made:?}");
    let home = tempfile::tempdir().unwrap();
    let run = |hook: &str| {
        let out = Command::new("pre-commit")
            .args(["try-repo", repo, hook, "--all-files"])
            .current_dir(dir)
            .env("PRE_COMMIT_HOME", home.path())
            .env("HOOKCHECK_RELEASES", releases.path())
            .env_remove("GITHUB_ACTIONS")
            .output()
            .expect("run pre-commit");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.success(), text)
    };

    let (ok, text) = run("hookcheck-test-binary");
    assert!(ok && text.contains("Passed"), "{text}");
    let cached = home
        .path()
        .join(format!("hookcheck-v{version}/bin/hookcheck"));
    assert!(cached.is_file(), "{text}");

    // A second hook of the same version runs the cached binary: no download.
    let (ok, text) = run("hookcheck-lint-binary");
    assert!(ok && !text.contains("installed hookcheck"), "{text}");

    // A checksum that does not match: the hook fails, says why, and keeps nothing.
    std::fs::remove_dir_all(cached.parent().unwrap().parent().unwrap()).unwrap();
    let sum = releases
        .path()
        .join(format!("hookcheck-v{version}-{target}.tar.gz.sha256"));
    let text = std::fs::read_to_string(&sum).unwrap();
    let flipped = if text.starts_with('0') { "1" } else { "0" };
    std::fs::write(&sum, format!("{flipped}{}", &text[1..])).unwrap();
    let (ok, text) = run("hookcheck-test-binary");
    assert!(!ok, "{text}");
    assert!(
        text.contains(&format!(
            "error: hookcheck: hookcheck-v{version}-{target}.tar.gz has SHA-256 "
        )),
        "{text}"
    );
    assert!(!cached.exists(), "{text}");

    // No release for this version: status 3, and which hooks build from source instead.
    std::fs::remove_file(&sum).unwrap();
    let (ok, text) = run("hookcheck-test-binary");
    assert!(!ok, "{text}");
    assert!(
        text.contains("and this install does not build from source\nhelp: the hooks without -binary (hookcheck-test, hookcheck-lint, hookcheck-sync-check) build hookcheck from source"),
        "{text}"
    );
}
