//! `--repo-hooks synced`: the real agents run the hook from the files `hookcheck sync` writes.
//! The project's spec folders are copied into a fresh project, the hook is synced into it for
//! every agent (as `hookcheck sync HOOK` would), and that copy is both what hookcheck predicts
//! from (`run --installed`: its files as each agent's loader reads them) and what each agent's
//! workspace starts as, so the commands sync wrote, relative to the project, find their
//! scripts.

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::spec::HookSpec;
use crate::workspace::{CheckRequest, Workspace};

/// A copy of the project's spec folders with one hook synced into it.
pub struct Synced {
    /// The copy, as a workspace: its root holds the spec folders and the synced files; its
    /// home is an empty folder, as no user file is predicted from.
    pub ws: Workspace,
    /// Each hook file sync wrote, relative to the root, with its text.
    pub files: Vec<(String, String)>,
}

/// Copies the spec folders of `ws` (each must be inside its project) and syncs `spec` into
/// the copy.
pub fn prepare(ws: &Workspace, spec: &HookSpec) -> Result<Synced, Error> {
    let dir = super::scratch()?;
    let root = dir.join("work");
    let mut spec_dirs = Vec::new();
    for d in &ws.spec_dirs {
        let rel = relative(&ws.root, d)?;
        let to = root.join(&rel);
        if d.is_dir() {
            copy_tree(d, &to)?;
        }
        spec_dirs.push(to);
    }
    let spec_path = root.join(relative(&ws.root, &spec.file.path)?);
    let copy = crate::workspace::load_spec(&spec_path)?;
    let synced = Workspace {
        cwd: root.clone(),
        root,
        home: dir.join("home"),
        spec_dirs,
        env: ws.env.clone(),
    };
    let changes = crate::sync::cmd::write_project(&synced, &[&copy])?;
    Ok(Synced {
        files: changes
            .into_iter()
            .filter_map(|c| Some((c.file, c.new?)))
            .collect(),
        ws: synced,
    })
}

/// The copy goes when its owner is done with it (a library caller, such as the recorded-truth
/// tests, never reaches the end of `main`, where the rest is removed).
impl Drop for Synced {
    fn drop(&mut self) {
        if let Some(dir) = self.ws.root.parent() {
            crate::exec::scratch::remove(dir);
        }
    }
}

impl Synced {
    /// hookcheck's prediction for `req` from the synced files: every handler in them, as
    /// each agent's loader reads them (`run --installed` in the copy), the hook's output kept
    /// to look for its text.
    pub fn predict(&self, req: &CheckRequest) -> Result<crate::report::Report, Error> {
        let installed = CheckRequest {
            installed: Some(crate::workspace::Installed::default()),
            ..req.clone()
        };
        let check = crate::installed::resolve(&self.ws, &installed, &self.ws.root, 4)?;
        Ok(crate::run::run_check(
            &check,
            crate::report::Keep::text(64 << 10),
        ))
    }

    /// Copies the synced project into `workspace`.
    pub fn copy_into(&self, workspace: &Path) -> Result<(), Error> {
        copy_tree(&self.ws.root, workspace)
    }
}

/// `path` relative to `root`; a path outside it is an error (sync writes commands relative to
/// the project, and only the project is copied).
fn relative(root: &Path, path: &Path) -> Result<PathBuf, Error> {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        root.join(path)
    };
    match abs.strip_prefix(root) {
        Ok(rel) if !rel.as_os_str().is_empty() => Ok(rel.to_path_buf()),
        _ => Err(Error::usage(format!(
            "--repo-hooks synced: {} is not a folder inside the project {}: live mode copies the spec folders into the agent's workspace, and only from inside the project",
            path.display(),
            root.display()
        ))
        .help("give --specs a folder inside the project (e.g. `.hookcheck/hooks`)")),
    }
}

/// Copies the files under `from` into `to` (the same relative paths, their modes kept).
fn copy_tree(from: &Path, to: &Path) -> Result<(), Error> {
    let fail = |what: &Path, e: std::io::Error| {
        Error::live(format!("--repo-hooks synced: {}: {e}", what.display()))
    };
    std::fs::create_dir_all(to).map_err(|e| fail(to, e))?;
    for entry in std::fs::read_dir(from).map_err(|e| fail(from, e))? {
        let entry = entry.map_err(|e| fail(from, e))?;
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        if src.is_dir() {
            copy_tree(&src, &dst)?;
        } else {
            std::fs::copy(&src, &dst).map_err(|e| fail(&src, e))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The copy holds the spec folder and the files sync writes for the hook, and predicts
    /// nothing from the caller's home.
    #[test]
    fn the_copy_holds_the_specs_and_the_synced_files() {
        let project = tempfile::tempdir().expect("project");
        let root = project.path();
        let specs = root.join(".hookcheck/hooks");
        std::fs::create_dir_all(&specs).expect("specs");
        std::fs::write(
            specs.join("g.yaml"),
            "on: before-tool\nmatch: shell\ncommand: .hookcheck/hooks/g.sh\ntimeout: 5\n",
        )
        .expect("spec");
        std::fs::write(specs.join("g.sh"), "#!/bin/sh\nexit 2\n").expect("script");
        let ws = Workspace {
            cwd: root.to_path_buf(),
            root: root.to_path_buf(),
            home: root.to_path_buf(),
            spec_dirs: vec![specs.clone()],
            env: Vec::new(),
        };
        let spec = crate::workspace::load_spec(&specs.join("g.yaml")).expect("load");
        let s = prepare(&ws, &spec).expect("prepare");
        assert!(s.ws.root.join(".hookcheck/hooks/g.sh").is_file());
        assert_ne!(s.ws.home, s.ws.root);
        assert!(!s.files.is_empty());
        for (file, text) in &s.files {
            assert_eq!(
                std::fs::read_to_string(s.ws.root.join(file)).expect("written"),
                *text,
                "{file}"
            );
            assert!(text.contains(".hookcheck/hooks/g.sh"), "{file}: {text}");
        }
        // Nothing was written into the project itself: it holds its spec folder alone.
        let top: Vec<_> = std::fs::read_dir(root)
            .expect("project")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(top, [std::ffi::OsString::from(".hookcheck")]);
        let work = tempfile::tempdir().expect("workspace");
        s.copy_into(work.path()).expect("copy");
        assert!(work.path().join(".hookcheck/hooks/g.sh").is_file());
        assert!(work.path().join(&s.files[0].0).is_file());
        // A spec folder outside the project is refused, with a way out.
        let outside = Workspace {
            spec_dirs: vec![std::env::temp_dir()],
            ..ws
        };
        let e = prepare(&outside, &spec).err().expect("outside");
        assert!(
            e.message().contains("not a folder inside the project"),
            "{e}"
        );
    }
}
