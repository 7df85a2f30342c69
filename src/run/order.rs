//! The order an agent runs an event's hooks in, where it does not start them all at once: one
//! after another, and none after one that stopped the action
//! ([`crate::contract::Run::stops_at_block`]). The pool's feeds start a slot only when
//! [`Order::may_start`] lets them; a slot held back starts once its predecessor is read
//! ([`Order::take_ready`]), or is never run when the predecessor stopped the action.

/// Where each slot (one planned process) stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Not yet asked for.
    Open,
    /// Asked for while its predecessor was still running: held back.
    Held,
    /// Its predecessor let the action through: to start now.
    Ready,
    /// Handed to the pool.
    Started,
    /// Read: whether it stopped the action.
    Done { stopped: bool },
    /// Never run: a hook before it stopped the action.
    Skipped,
}

/// The slots' order constraints and states.
#[derive(Debug, Default)]
pub(super) struct Order {
    /// Per slot: the slot that must be read first, if any.
    after: Vec<Option<usize>>,
    state: Vec<State>,
    /// Slots skipped since [`Order::take_skipped`] last counted them.
    skipped: usize,
}

impl Order {
    /// Appends a slot whose predecessor is `after` (a slot before it).
    pub(super) fn push(&mut self, after: Option<usize>) {
        self.after.push(after);
        self.state.push(State::Open);
    }

    /// Whether slot `i` may start now; if not, it is held back until its predecessor is read,
    /// or skipped for good when the predecessor stopped the action.
    pub(super) fn may_start(&mut self, i: usize) -> bool {
        let before = self.after.get(i).copied().flatten();
        let next = match before.and_then(|b| self.state.get(b)) {
            None | Some(State::Done { stopped: false }) => State::Started,
            Some(State::Done { stopped: true } | State::Skipped) => State::Skipped,
            Some(_) => State::Held,
        };
        self.set(i, next);
        next == State::Started
    }

    /// Slot `i` was read; `stopped`: it stopped the action. Its held followers become ready,
    /// or are skipped (with theirs) when it stopped it.
    pub(super) fn finished(&mut self, i: usize, stopped: bool) {
        self.set(i, State::Done { stopped });
        let mut from = vec![(i, stopped)];
        while let Some((done, stop)) = from.pop() {
            for j in 0..self.after.len() {
                if self.after[j] == Some(done) && self.state[j] == State::Held {
                    self.set(j, if stop { State::Skipped } else { State::Ready });
                    if stop {
                        from.push((j, true));
                    }
                }
            }
        }
    }

    /// A held slot whose predecessor let the action through, now started.
    pub(super) fn take_ready(&mut self) -> Option<usize> {
        let i = self.state.iter().position(|s| *s == State::Ready)?;
        self.set(i, State::Started);
        Some(i)
    }

    /// Whether slot `i` is never run.
    pub(super) fn is_skipped(&self, i: usize) -> bool {
        self.state.get(i) == Some(&State::Skipped)
    }

    /// How many slots were skipped since the last call (each will never be read).
    pub(super) fn take_skipped(&mut self) -> usize {
        std::mem::take(&mut self.skipped)
    }

    fn set(&mut self, i: usize, state: State) {
        if let Some(s) = self.state.get_mut(i) {
            if state == State::Skipped && *s != State::Skipped {
                self.skipped += 1;
            }
            *s = state;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order for slots whose predecessors are `after`, appended one by one.
    fn order(after: &[Option<usize>]) -> Order {
        let mut o = Order::default();
        for a in after {
            o.push(*a);
        }
        o
    }

    #[test]
    fn a_follower_waits_for_its_predecessor_and_starts_only_if_it_let_the_action_through() {
        // Slots 0 → 1 → 2 in order; slot 3 free.
        let mut o = order(&[None, Some(0), Some(1), None]);
        assert!(o.may_start(0));
        assert!(!o.may_start(1));
        assert!(!o.may_start(2));
        assert!(o.may_start(3));
        assert_eq!(o.take_ready(), None);
        o.finished(0, false);
        assert_eq!((o.take_ready(), o.take_ready()), (Some(1), None));
        o.finished(1, true);
        assert!(o.is_skipped(2) && !o.is_skipped(3));
        assert_eq!((o.take_skipped(), o.take_skipped()), (1, 0));
    }

    #[test]
    fn a_block_skips_the_whole_chain_behind_it_even_slots_not_yet_asked_for() {
        let mut o = order(&[None, Some(0), Some(1)]);
        assert!(o.may_start(0));
        assert!(!o.may_start(1));
        o.finished(0, true);
        assert!(o.is_skipped(1));
        // Slot 2 is asked for after the block: skipped too.
        assert!(!o.may_start(2));
        assert!(o.is_skipped(2));
        assert_eq!(o.take_skipped(), 2);
    }
}
