//! Reading the files hookcheck finds (hook specs, cases files, the agents' hook files) as
//! files: a regular file only, through no symlink that leaves the folder it was found in,
//! up to a size cap, never blocking on a FIFO or a device. A symlink committed as
//! `.claude/settings.json -> ~/.git-credentials` is refused with a finding, so no error
//! message quotes a line of a file hookcheck was not asked to read; a symlink to `/dev/zero`
//! or a FIFO is refused before it is opened.

use std::io::Read as _;
use std::path::Path;

/// The most bytes read of one such file: hook files and specs are kilobytes.
pub const MAX_BYTES: u64 = 8 * 1024 * 1024;

/// Why a file was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Nothing is there (and no symlink either).
    Missing,
    /// Something is there that is not read, with why (for people).
    Not(String),
}

/// The bytes of `path`, found under `within` (the project root, or the home folder for a
/// user's file): refused when a symlink on the way leads outside `within`, when it is not
/// a regular file, or when it is over [`MAX_BYTES`].
pub fn read(path: &Path, within: &Path) -> Result<Vec<u8>, Refused> {
    let link = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Refused::Missing),
        Err(e) => return Err(Refused::Not(format!("cannot read it: {e}"))),
    };
    let target = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && link.file_type().is_symlink() => {
            return Err(Refused::Not(
                "a symlink to nothing: the file it points at does not exist".to_string(),
            ));
        }
        Err(e) => return Err(Refused::Not(format!("cannot read it: {e}"))),
    };
    if link.file_type().is_symlink() || has_symlinked_parent(path, within) {
        let inside = match (path.canonicalize(), within.canonicalize()) {
            (Ok(to), Ok(base)) => to.starts_with(&base),
            _ => false,
        };
        if !inside {
            return Err(Refused::Not(format!(
                "a symlink to a file outside {}: hookcheck does not read it (the agent would load what it points at)",
                within.display()
            )));
        }
    }
    if target.is_dir() {
        return Err(Refused::Not("a folder, not a file".to_string()));
    }
    if !target.is_file() {
        return Err(Refused::Not(
            "not a regular file (a FIFO, socket or device): hookcheck does not read it".to_string(),
        ));
    }
    if target.len() > MAX_BYTES {
        return Err(Refused::Not(format!(
            "{} bytes, over the {} MiB hookcheck reads of a hook file",
            target.len(),
            MAX_BYTES / (1024 * 1024)
        )));
    }
    let file = open_nonblocking(path).map_err(|e| Refused::Not(format!("cannot read it: {e}")))?;
    let mut bytes = Vec::new();
    // The size was checked, but the file may grow while it is read: never past the cap.
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Refused::Not(format!("cannot read it: {e}")))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(Refused::Not(format!(
            "over the {} MiB hookcheck reads of a hook file",
            MAX_BYTES / (1024 * 1024)
        )));
    }
    Ok(bytes)
}

/// [`read`], as UTF-8 text.
pub fn read_text(path: &Path, within: &Path) -> Result<String, Refused> {
    let bytes = read(path, within)?;
    String::from_utf8(bytes).map_err(|e| {
        Refused::Not(format!(
            "not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// The text of `path` when it is a regular file (symlinks followed: a user's dotfiles, an
/// agent's trust store) of at most [`MAX_BYTES`]; `None` otherwise. For files hookcheck only
/// consults and never quotes.
pub fn read_regular(path: &Path) -> Option<String> {
    let m = std::fs::metadata(path).ok()?;
    if !m.is_file() || m.len() > MAX_BYTES {
        return None;
    }
    let mut bytes = Vec::new();
    open_nonblocking(path)
        .ok()?
        .take(MAX_BYTES)
        .read_to_end(&mut bytes)
        .ok()?;
    String::from_utf8(bytes).ok()
}

/// Whether a folder between `within` and `path` is a symlink (`.claude -> /etc`).
fn has_symlinked_parent(path: &Path, within: &Path) -> bool {
    let Ok(rest) = path.strip_prefix(within) else {
        return false;
    };
    let mut at = within.to_path_buf();
    let mut parts: Vec<_> = rest.components().collect();
    parts.pop();
    parts.into_iter().any(|c| {
        at.push(c);
        std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink())
    })
}

/// Opens `path` for reading without waiting: a FIFO swapped in after the checks opens at
/// once instead of blocking until a writer comes.
fn open_nonblocking(path: &Path) -> std::io::Result<std::fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(nix::libc::O_NONBLOCK)
            .open(path)
    }
    #[cfg(not(unix))]
    {
        std::fs::File::open(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_inside_the_folder_are_read() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path().join("project");
        std::fs::create_dir_all(root.join("inside")).expect("mkdir");
        std::fs::write(root.join("ok.json"), "{}").expect("write");
        std::fs::write(dir.path().join("secret"), "token=hunter2").expect("write");
        std::os::unix::fs::symlink(dir.path().join("secret"), root.join("out.json"))
            .expect("symlink");
        std::os::unix::fs::symlink(root.join("ok.json"), root.join("in.json")).expect("symlink");
        std::os::unix::fs::symlink("/dev/zero", root.join("zero.json")).expect("symlink");
        std::os::unix::fs::symlink(dir.path(), root.join("up")).expect("symlink");
        let made = std::process::Command::new("mkfifo")
            .arg(root.join("fifo.json"))
            .status()
            .expect("mkfifo");
        assert!(made.success());
        assert_eq!(
            read_text(&root.join("ok.json"), &root),
            Ok("{}".to_string())
        );
        assert_eq!(
            read_text(&root.join("in.json"), &root),
            Ok("{}".to_string())
        );
        assert_eq!(read(&root.join("none.json"), &root), Err(Refused::Missing));
        for (name, why) in [
            ("out.json", "a symlink to a file outside"),
            ("up/secret", "a symlink to a file outside"),
            ("zero.json", "a symlink to a file outside"),
            ("fifo.json", "not a regular file"),
            ("inside", "a folder"),
        ] {
            match read(&root.join(name), &root) {
                Err(Refused::Not(w)) => assert!(w.starts_with(why), "{name}: {w}"),
                other => panic!("{name}: {other:?}"),
            }
        }
        // A device inside the folder's reach is refused for what it is.
        match read(Path::new("/dev/zero"), Path::new("/dev")) {
            Err(Refused::Not(w)) => assert!(w.starts_with("not a regular file"), "{w}"),
            other => panic!("{other:?}"),
        }
    }
}
