//! Folders that must not outlive hookcheck: a live run's throwaway HOME holds the agent's
//! config and session keys. Each is removed by its owner when done, and by the signal path
//! ([`super::signals`]) when hookcheck is interrupted, since `exit` runs no destructor.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

static FOLDERS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn folders() -> MutexGuard<'static, Vec<PathBuf>> {
    FOLDERS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes `dir` if hookcheck is interrupted before its owner removes it.
pub fn remove_on_exit(dir: &Path) {
    folders().push(dir.to_path_buf());
}

/// Removes `dir` now, and forgets it.
pub fn remove(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
    folders().retain(|d| d != dir);
}

/// Removes every folder still registered (on the way out: at the end of `main`, and on the
/// signal path).
pub fn remove_all() {
    for dir in folders().drain(..) {
        let _ = std::fs::remove_dir_all(dir);
    }
}
