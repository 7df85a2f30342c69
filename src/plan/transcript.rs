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
    FOLDER.get_or_init(|| {
        if cfg!(test) {
            PathBuf::from("/tmp/hookcheck-transcripts")
        } else {
            std::env::temp_dir().join(format!("hookcheck-{}-transcripts", std::process::id()))
        }
    })
}

static FOLDER: OnceLock<PathBuf> = OnceLock::new();

/// Removes the folder when the process exits normally, whoever it is: the binary's `main`
/// and its signal path end with `exit`, and a library caller (the recorded-truth tests) never
/// reaches `main`'s end. Not in the crate's own tests, whose processes share the fixed folder.
fn remove_at_exit() {
    extern "C" fn remove() {
        if let Some(dir) = FOLDER.get() {
            let _ = std::fs::remove_dir_all(dir);
        }
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
    if inside.as_os_str().is_empty() || path.exists() {
        return;
    }
    if !folder().exists() {
        if std::fs::create_dir_all(folder()).is_err() {
            return;
        }
        crate::exec::scratch::remove_on_exit(folder());
        remove_at_exit();
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
