//! The transcript file an agent's hook input names (`transcript_path`, `transcriptPath`).
//!
//! A hook that reads the session's transcript (to summarise it at Stop, say) must find a file
//! there, or it fails under hookcheck where it would not under the agent. So the input names a
//! file in a folder hookcheck owns for the run ([`folder`]), laid out as the agent lays it out
//! under the home folder (each agent's input template names it under `$TRANSCRIPTS`), never a
//! file in the agent's own folders under the user's home, which a check would otherwise write
//! into. The file is made when an input naming it is built ([`ensure`]) and the folder is
//! removed when the process exits.
//!
//! What it holds: a session with nothing recorded yet. A `.jsonl` transcript is empty: no line,
//! which is valid JSON Lines; a `.json` one is an object with the session id and no message.
//! This is an assumption, as the other session values are (README, known limits): the agents'
//! own transcripts hold the conversation so far.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The folder standing in for the home folder in transcript paths: one per hookcheck
/// process, made when the first transcript is. In the crate's own tests it is fixed, so that
/// planned inputs can be compared whole.
pub fn folder() -> &'static Path {
    &made().0
}

/// [`folder`], and whether this process made it. In the crate's own tests the fixed folder is
/// made (or found) as is; otherwise it is made private to the user (0700) in the first of
/// [`bases`] that takes it, and counts as made only when nothing was there under its name (in
/// a shared temp folder anyone may have made it first: no transcript is then written there,
/// and the hooks find none, as before). Once made, it is removed when hookcheck exits.
fn made() -> &'static (PathBuf, bool) {
    static MADE: OnceLock<(PathBuf, bool)> = OnceLock::new();
    MADE.get_or_init(|| {
        if cfg!(test) {
            let dir = PathBuf::from("/tmp/hookcheck-transcripts");
            let made = std::fs::create_dir_all(&dir).is_ok();
            return (dir, made);
        }
        use std::os::unix::fs::DirBuilderExt;
        let name = format!("hookcheck-{}-transcripts", std::process::id());
        let mut builder = std::fs::DirBuilder::new();
        builder.mode(0o700);
        for base in bases() {
            let dir = base.join(&name);
            if builder.create(&dir).is_ok() {
                crate::exec::scratch::remove_on_exit(&dir);
                remove_at_exit();
                return (dir, true);
            }
        }
        (std::env::temp_dir().join(name), false)
    })
}

/// Where [`folder`] may go, in order: the user's runtime folder (`$XDG_RUNTIME_DIR`, private
/// and in memory), `/dev/shm` (in memory), the temp folder. A run makes and removes about
/// forty folders for its transcripts on its critical path: 1.4 ms and 3.9 ms on this machine's
/// ext4 /tmp, 0.4 ms and 0.4 ms on tmpfs (13 agents' layouts, median of 20, 2026-12-04).
fn bases() -> Vec<PathBuf> {
    let runtime = std::env::var_os("XDG_RUNTIME_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from);
    runtime
        .into_iter()
        .chain([PathBuf::from("/dev/shm"), std::env::temp_dir()])
        .collect()
}

/// Removes the folder when the process exits normally, whoever it is: the binary's `main`
/// and its signal path end with `exit`, and a library caller (the recorded-truth tests) never
/// reaches `main`'s end. Not in the crate's own tests, whose processes share the fixed folder.
fn remove_at_exit() {
    extern "C" fn remove() {
        let _ = std::fs::remove_dir_all(folder());
    }
    static ONCE: std::sync::Once = std::sync::Once::new();
    if !cfg!(test) {
        // SAFETY: atexit only records a function that takes nothing and touches only a
        // static set before it is recorded; a refusal (returns non-zero) leaves the folder to
        // the signal path and the system's temp cleaning.
        ONCE.call_once(|| unsafe {
            nix::libc::atexit(remove);
        });
    }
}

/// Makes the transcript file `path` names, when it is in [`folder`] and not there yet, for
/// session `session`. A file that cannot be made is left out: the hook then finds none, as
/// before.
pub fn ensure(path: &str, session: &str) {
    let path = Path::new(path);
    let Ok(inside) = path.strip_prefix(folder()) else {
        return;
    };
    if inside.as_os_str().is_empty() || !made().1 || path.exists() {
        return;
    }
    if let Some(parent) = path.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    let _ = std::fs::write(path, contents(path, session));
}

/// What a transcript at `path` holds when nothing has been recorded yet.
fn contents(path: &Path, session: &str) -> String {
    if path.extension().is_some_and(|e| e == "json") {
        format!(
            "{}\n",
            serde_json::json!({"sessionId": session, "messages": []})
        )
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transcript_is_made_only_inside_the_folder() {
        let jsonl = folder().join("t/.agent/projects/x/s1.jsonl");
        let json = folder().join("t/.agent/chats/session-s1.json");
        ensure(&jsonl.display().to_string(), "s1");
        ensure(&json.display().to_string(), "s1");
        assert_eq!(std::fs::read_to_string(&jsonl).expect("made"), "");
        assert_eq!(
            std::fs::read_to_string(&json).expect("made"),
            "{\"sessionId\":\"s1\",\"messages\":[]}\n"
        );
        let outside = std::env::temp_dir().join("hookcheck-not-ours/s1.jsonl");
        ensure(&outside.display().to_string(), "s1");
        assert!(!outside.exists());
    }
}
