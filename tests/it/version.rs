//! `hookcheck --version` names the version and the commit the binary was built from (issue
//! 29): `hookcheck <Cargo.toml's version> (<git rev-parse --short HEAD>)`, "unknown" in place
//! of the commit only outside a git checkout.

use std::process::Command;

/// The commit this checkout is at, as build.rs reads it.
fn head() -> Option<String> {
    let out = Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[test]
fn version_names_the_version_and_the_commit() {
    let commit = head().unwrap_or_else(|| "unknown".into());
    let want = format!("hookcheck {} ({commit})\n", env!("CARGO_PKG_VERSION"));
    for flag in ["--version", "-V"] {
        let out = Command::new(env!("CARGO_BIN_EXE_hookcheck"))
            .arg(flag)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{flag}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{flag}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{flag}");
    }
}
