//! JavaScript (ECMAScript) regexes as `new RegExp(p)` builds them in V8, on `regress`.
//!
//! regress has no step budget, so a match that could backtrack for long runs in a worker
//! process that is killed when it runs past its budget ([`worker`]); the rest, most tool
//! matchers, run in place ([`bounded`]).

mod bounded;
pub mod worker;

use super::MatchError;
use super::memo::Memo;
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// How long [`JsRegex::is_match`] lets one match run before giving up. Every agent with
/// JavaScript matchers pays it once per check, so it is kept short: a tool name or a path
/// matches in microseconds, and only catastrophic backtracking gets near it.
pub const DEFAULT_MATCH_TIMEOUT: Duration = Duration::from_millis(250);

/// A JavaScript match that ran past its deadline (catastrophic backtracking, e.g. `(a+)+$`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchTimedOut;

impl std::fmt::Display for MatchTimedOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("matcher timed out")
    }
}

impl std::error::Error for MatchTimedOut {}

/// A compiled JavaScript (ECMAScript) regex, as `new RegExp(p)` in V8 (no flags).
#[derive(Debug, Clone)]
pub struct JsRegex {
    /// None for plain text ([`super::plain_text_match`]): nothing to compile.
    re: Option<Arc<regress::Regex>>,
    pattern: String,
}

impl JsRegex {
    /// Compiles `pattern` for an unanchored search (`RegExp.prototype.test`).
    ///
    /// `Err` carries the reason V8 would throw a `SyntaxError`. A pattern compiled once in
    /// this process is not compiled again (a suite matches the same few patterns for every
    /// case and agent).
    pub fn new(pattern: &str) -> Result<Self, MatchError> {
        static COMPILED: Memo<Result<JsRegex, MatchError>> = Memo::new();
        COMPILED.get(pattern, Self::compile)
    }

    /// Compiles `pattern`, without the cache of [`JsRegex::new`].
    fn compile(pattern: &str) -> Result<Self, MatchError> {
        reject_newer_syntax(pattern).map_err(MatchError::Syntax)?;
        if super::plain_text_match(pattern, "").is_some() {
            return Ok(Self {
                re: None,
                pattern: pattern.to_string(),
            });
        }
        // Without the `u` flag a pattern is a sequence of UTF-16 code units (ECMA-262 §22.2),
        // so an astral character in the pattern is two units: feed regress the code units.
        let units = pattern.encode_utf16().map(u32::from);
        let re = regress::Regex::from_unicode(units, regress::Flags::default())
            .map_err(|e| MatchError::syntax(e.to_string()))?;
        Ok(Self {
            re: Some(Arc::new(re)),
            pattern: pattern.to_string(),
        })
    }

    /// The match itself, on this thread, with no budget.
    fn find_in(&self, haystack: &str) -> bool {
        let Some(re) = &self.re else {
            return super::plain_text_match(&self.pattern, haystack) == Some(true);
        };
        let units: Vec<u16> = haystack.encode_utf16().collect();
        // `find_from_ucs2` treats surrogates as separate units, like V8 without `u`.
        re.find_from_ucs2(&units, 0).next().is_some()
    }

    /// Compiles `pattern` wrapped as `^(?:pattern)$`, so it must match the whole haystack.
    ///
    /// The wrapping is textual, as the agents that anchor do it.
    pub fn anchored(pattern: &str) -> Result<Self, MatchError> {
        Self::new(&format!("^(?:{pattern})$"))
    }

    /// Whether the regex matches somewhere in `haystack` (UTF-16 semantics, as V8 without `u`).
    ///
    /// A match that runs past [`DEFAULT_MATCH_TIMEOUT`] is [`MatchError::Budget`].
    pub fn is_match(&self, haystack: &str) -> Result<bool, MatchError> {
        self.is_match_within(haystack, DEFAULT_MATCH_TIMEOUT)
            .map_err(|MatchTimedOut| MatchError::Budget {
                pattern: self.pattern.clone(),
                haystack: haystack.to_string(),
            })
    }

    /// Like [`JsRegex::is_match`], but reports a match that takes longer than `limit`.
    ///
    /// A match whose shape bounds its work runs in place ([`bounded`]); any other runs in
    /// the worker process, which is killed at `limit` ([`worker`]), so a catastrophic match
    /// costs no CPU past its budget. A match that ran out of its budget once is out of it
    /// from then on, without running again (30 cases of one catastrophic matcher once
    /// burned 50 s of CPU).
    pub fn is_match_within(&self, haystack: &str, limit: Duration) -> Result<bool, MatchTimedOut> {
        if self.re.is_none() || bounded::runs_in_place(&self.pattern, haystack) {
            return Ok(self.find_in(haystack));
        }
        let key = key(&self.pattern, haystack);
        if exhausted().contains(&key) {
            return Err(MatchTimedOut);
        }
        match worker::is_match(&self.pattern, haystack, limit) {
            worker::Outcome::Answered(found) => Ok(found),
            worker::Outcome::TimedOut => {
                exhausted().insert(key);
                Err(MatchTimedOut)
            }
            worker::Outcome::Unavailable => self.on_a_thread(haystack, limit, key),
        }
    }

    /// The match on a thread of its own, for when there is no worker process (a library's
    /// tests, or a worker that cannot start): on timeout that thread is abandoned and runs
    /// on, at the lowest CPU priority, until it finishes or the process exits (crates.md
    /// §2.2).
    fn on_a_thread(
        &self,
        haystack: &str,
        limit: Duration,
        key: (String, u64),
    ) -> Result<bool, MatchTimedOut> {
        let this = self.clone();
        let haystack_owned = haystack.to_string();
        let (tx, rx) = mpsc::channel();
        WORKERS.with(|w| w.set(w.get() + 1));
        // The thread's id, so that one past its deadline can be put behind the hooks.
        let tid = Arc::new(std::sync::atomic::AtomicI32::new(0));
        let its_tid = Arc::clone(&tid);
        let spawned = std::thread::Builder::new()
            .name("js-regex".into())
            .spawn(move || {
                its_tid.store(thread_id(), std::sync::atomic::Ordering::SeqCst);
                // The receiver may have given up already; nothing to do then.
                let _ = tx.send(this.find_in(&haystack_owned));
            });
        match spawned {
            Ok(_) => rx.recv_timeout(limit).map_err(|_| {
                exhausted().insert(key);
                lowest_priority(tid.load(std::sync::atomic::Ordering::SeqCst));
                MatchTimedOut
            }),
            // No thread available: match inline rather than fail.
            Err(_) => Ok(self.find_in(haystack)),
        }
    }
}

/// One match, as the set of exhausted ones keys it: the pattern and a hash of the haystack
/// (a haystack may be a long command; it is not kept).
fn key(pattern: &str, haystack: &str) -> (String, u64) {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    haystack.hash(&mut h);
    (pattern.to_string(), h.finish())
}

/// The matches that ran out of their budget in this process.
fn exhausted() -> std::sync::MutexGuard<'static, std::collections::HashSet<(String, u64)>> {
    static EXHAUSTED: std::sync::OnceLock<
        std::sync::Mutex<std::collections::HashSet<(String, u64)>>,
    > = std::sync::OnceLock::new();
    EXHAUSTED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

std::thread_local! {
    /// How many match threads this thread has started (a test counts them).
    static WORKERS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The calling thread's id (Linux; 0 elsewhere).
fn thread_id() -> i32 {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid has no preconditions.
    unsafe {
        nix::libc::gettid()
    }
    #[cfg(not(target_os = "linux"))]
    0
}

/// Puts thread `tid`, a match past its deadline, at the lowest CPU priority (Linux: a
/// thread's nice value is its own), so a match that backtracks for ever runs only when
/// nothing else wants the CPU. Only after the deadline: a worker at nice 19 from its start
/// would miss its budget on a busy machine and make a sound matcher "not run".
fn lowest_priority(tid: i32) {
    #[cfg(target_os = "linux")]
    if tid > 0 {
        // SAFETY: setpriority on one of this process's threads only lowers its priority; a
        // refusal (the thread has ended) leaves everything as it was.
        unsafe {
            nix::libc::setpriority(nix::libc::PRIO_PROCESS, tid as nix::libc::id_t, 19);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = tid;
}

/// Rejects syntax regress accepts but node 20's V8 does not: ES2025 modifier groups
/// `(?i:…)` / `(?-i:…)` (crates.md §2.2; SyntaxError in node v20.20.2) and duplicate group
/// names.
fn reject_newer_syntax(pattern: &str) -> Result<(), String> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut names: Vec<String> = Vec::new();
    let mut i = 0;
    let mut in_class = false;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            '(' if !in_class && chars.get(i + 1) == Some(&'?') => {
                match (chars.get(i + 2), chars.get(i + 3)) {
                    (Some('<'), Some(&n)) if n != '=' && n != '!' => {
                        let name: String =
                            chars[i + 3..].iter().take_while(|&&c| c != '>').collect();
                        // Duplicate names in alternatives are ES2025 too (V8 11.3 refuses them).
                        if names.contains(&name) {
                            return Err(format!("Duplicate capture group name `{name}`"));
                        }
                        names.push(name);
                    }
                    (Some(&c), _) if !matches!(c, ':' | '=' | '!' | '<') => {
                        return Err(format!("Invalid group: `(?{c}` at offset {i}"));
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The expected values come from V8 itself (`fixtures/matcher/gen_js.mjs`).
    #[test]
    fn agrees_with_v8() {
        let text = include_str!("../../../fixtures/matcher/js_cases.json");
        crate::matcher::check_fixture(text, |pattern, haystack, case| {
            let mut failures = Vec::new();
            for (key, compiled) in [
                ("unanchored", JsRegex::new(pattern)),
                ("anchored", JsRegex::anchored(pattern)),
            ] {
                let got = match compiled {
                    Ok(re) => Value::Bool(re.is_match(haystack).expect("within budget")),
                    Err(_) => Value::String("SyntaxError".into()),
                };
                if got != case[key] {
                    failures.push(format!(
                        "{key} {pattern:?} vs {haystack:?}: V8 {}, ours {got}",
                        case[key]
                    ));
                }
            }
            failures
        });
    }

    #[test]
    fn catastrophic_backtracking_times_out() {
        // (a+)+$ on a run of a's plus `!` is exponential in V8 and regress alike.
        let re = JsRegex::new("(a+)+$").expect("valid pattern");
        let evil = format!("{}!", "a".repeat(40));
        assert_eq!(
            re.is_match_within(&evil, Duration::from_millis(50)),
            Err(MatchTimedOut)
        );
        // Short inputs finish well inside a generous deadline, both ways.
        let generous = Duration::from_secs(30);
        assert_eq!(re.is_match_within("aaaa", generous), Ok(true));
        assert_eq!(re.is_match_within("aaaa!", generous), Ok(false));
        // The same match again is out of its budget at once: no second thread spins on it.
        let before = WORKERS.with(std::cell::Cell::get);
        for _ in 0..30 {
            assert_eq!(re.is_match_within(&evil, generous), Err(MatchTimedOut));
        }
        assert_eq!(WORKERS.with(std::cell::Cell::get), before);
    }
}
