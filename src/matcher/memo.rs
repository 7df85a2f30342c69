//! Patterns compiled once per process: a check plans every agent, and a suite every case, so
//! the same few matchers are compiled again and again (in a `run` over every agent, compiling
//! Rust and Go regexes was 3% of hookcheck's own time after the first hook started).

use std::collections::HashMap;
use std::sync::Mutex;

/// How many compiled patterns one memo keeps (all are forgotten when it is full).
const KEPT: usize = 1024;

/// One engine's compiled patterns, by pattern text; `T` is the compile's result, errors
/// included (a pattern that does not compile does not compile the next time either).
pub(crate) struct Memo<T>(Mutex<Option<HashMap<String, T>>>);

impl<T: Clone> Memo<T> {
    /// An empty memo, for a `static`.
    pub(crate) const fn new() -> Self {
        Memo(Mutex::new(None))
    }

    /// What `compile` made of `pattern`, compiled now only if it was not before.
    pub(crate) fn get(&self, pattern: &str, compile: impl FnOnce(&str) -> T) -> T {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let kept = kept.get_or_insert_with(HashMap::new);
        if let Some(known) = kept.get(pattern) {
            return known.clone();
        }
        if kept.len() >= KEPT {
            kept.clear();
        }
        let fresh = compile(pattern);
        kept.insert(pattern.to_string(), fresh.clone());
        fresh
    }
}

#[cfg(test)]
mod tests {
    use super::Memo;
    use std::cell::Cell;

    #[test]
    fn a_pattern_is_compiled_once_and_a_full_memo_starts_over() {
        let memo: Memo<usize> = Memo::new();
        let compiled = Cell::new(0);
        let compile = |p: &str| {
            compiled.set(compiled.get() + 1);
            p.len()
        };
        assert_eq!(memo.get("ab", compile), 2);
        assert_eq!(memo.get("ab", compile), 2);
        assert_eq!(compiled.get(), 1);
        for i in 0..super::KEPT {
            memo.get(&format!("p{i}"), compile);
        }
        // The memo was full at the last one: it forgot "ab".
        assert_eq!(memo.get("ab", compile), 2);
        assert_eq!(compiled.get(), super::KEPT + 2);
    }
}
