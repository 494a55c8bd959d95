//! A walk shared by two threads: once it has run alone long enough, the root's
//! branches not yet walked are taken in turn by this thread and a second one, whose
//! words wait until every branch before theirs is handed on, so the words come in
//! the order one thread gives. [`super::walk`] decides when to split; this module
//! does it.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::walk::{Bounds, CharEdge, Hit, Matcher, Walk};
use crate::automaton;
use crate::{Lexicon, LexiconError};

/// A branch of the root walked ahead of its turn: its words, held until their turn;
/// whether it had more than the hold allowed (it is walked again then); its fault.
struct Held {
    hits: Vec<(String, u64, usize)>,
    full: bool,
    fault: Option<LexiconError>,
}

impl<'w, M: Matcher + Sync> Walk<'w, '_, M>
where
    M::State: Send,
{
    /// Walks the root's branches, one after the other, until `after` has passed; then
    /// the rest on two threads ([`Walk::share`]).
    pub(super) fn split(
        &mut self,
        start: &M::State,
        after: Duration,
        buffered: usize,
    ) -> ControlFlow<()> {
        let started = Instant::now();
        let root = automaton::ROOT;
        let mut edges = Vec::new();
        let read = self.lexicon.check_children(&self.automaton, root);
        if let Err(e) = read.and_then(|()| self.char_edges(root, None, &mut edges)) {
            self.fault = Some(e);
            return ControlFlow::Break(());
        }
        let mut buf = [0; 4];
        edges.retain(|e| {
            self.matcher
                .may_start(start, e.letter.encode_utf8(&mut buf))
        });
        let mut rest = &edges[..];
        while rest.len() >= 2 && started.elapsed() < after {
            self.below_root(&rest[..1], start)?;
            rest = &rest[1..];
        }
        // Asked only now: finding the cores reads files (the cgroup's quota).
        if rest.len() < 2 || cores() < 2 {
            return self.below_root(rest, start);
        }
        self.share(rest, start, buffered)
    }

    /// Walks the root's branches `edges` on two threads, each taking the next branch
    /// no thread has taken. A branch whose turn it is (every branch before it handed
    /// on) is walked straight to the visitor; one walked ahead of its turn holds its
    /// words (at most `buffered` held at once, by both threads) until its turn, or, past
    /// that, is walked again then. So the words come in the order one thread gives;
    /// once the visitor has had enough, the other thread stops.
    fn share(&mut self, edges: &[CharEdge], start: &M::State, buffered: usize) -> ControlFlow<()> {
        let next = AtomicUsize::new(0);
        let cancel = AtomicBool::new(false);
        let room = AtomicUsize::new(buffered);
        let slots: Vec<Mutex<Option<Held>>> = edges.iter().map(|_| Mutex::new(None)).collect();
        let (lexicon, matcher) = (self.lexicon, self.matcher);
        let (min_len, max_len) = (self.bounds.min_len, self.bounds.max_len);
        let other_start = start.clone();
        let (next, cancel, room, slots) = (&next, &cancel, &room, &slots);
        std::thread::scope(|scope| {
            let other = scope.spawn(move || {
                let bounds = Bounds {
                    min_len,
                    max_len,
                    index: None,
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= edges.len() || cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let held = hold(
                        lexicon,
                        matcher,
                        &bounds,
                        edges[i],
                        &other_start,
                        room,
                        cancel,
                    );
                    *slots[i].lock().expect("no walk panics holding a slot") = Some(held);
                }
            });
            let mut turn = 0;
            let mut flow = ControlFlow::Continue(());
            while flow.is_continue() {
                flow = self.hand_on(edges, slots, &mut turn, start, room, false);
                let i = next.fetch_add(1, Ordering::Relaxed);
                if flow.is_break() || i >= edges.len() {
                    break;
                }
                if i == turn {
                    flow = self.below_root(&edges[i..=i], start);
                    turn += 1;
                } else {
                    let held = hold(lexicon, matcher, self.bounds, edges[i], start, room, cancel);
                    *slots[i].lock().expect("no walk panics holding a slot") = Some(held);
                }
            }
            if flow.is_break() {
                cancel.store(true, Ordering::Relaxed);
            }
            other.join().expect("a walking thread panicked");
            flow?;
            self.hand_on(edges, slots, &mut turn, start, room, true)
        })
    }

    /// Hands on the held words of the branches from `turn` on, in order, while they
    /// are ready (all of them, when `all`: the other thread is done); a branch that
    /// held too many is walked again here.
    fn hand_on(
        &mut self,
        edges: &[CharEdge],
        slots: &[Mutex<Option<Held>>],
        turn: &mut usize,
        start: &M::State,
        room: &AtomicUsize,
        all: bool,
    ) -> ControlFlow<()> {
        while *turn < edges.len() {
            let taken = slots[*turn]
                .lock()
                .expect("no walk panics holding a slot")
                .take();
            let Some(held) = taken else {
                if all {
                    // Taken by nobody: the visitor had had enough.
                    return ControlFlow::Continue(());
                }
                break;
            };
            room.fetch_add(held.hits.len(), Ordering::Relaxed);
            if held.full {
                self.below_root(&edges[*turn..=*turn], start)?;
            } else {
                for (key, index, len) in &held.hits {
                    (self.visit)(Hit {
                        key,
                        index: *index,
                        len: *len,
                    })?;
                }
                if let Some(e) = held.fault {
                    self.fault = Some(e);
                    return ControlFlow::Break(());
                }
            }
            *turn += 1;
        }
        ControlFlow::Continue(())
    }
}

/// Walks the root's branch `edge` ahead of its turn, holding its words while `room`
/// lasts.
fn hold<M: Matcher>(
    lexicon: &Lexicon,
    matcher: &M,
    bounds: &Bounds<'_>,
    edge: CharEdge,
    start: &M::State,
    room: &AtomicUsize,
    cancel: &AtomicBool,
) -> Held {
    let mut hits = Vec::new();
    let mut full = false;
    let mut keep = |hit: Hit<'_>| {
        let taken = room.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
        if taken.is_err() {
            full = true;
            return ControlFlow::Break(());
        }
        hits.push((hit.key.to_owned(), hit.index, hit.len));
        ControlFlow::Continue(())
    };
    let mut walk = Walk::new(lexicon, matcher, bounds, &mut keep, Some(cancel));
    let _ = walk.below_root(&[edge], start);
    let fault = walk.fault.take();
    drop(walk);
    Held { hits, full, fault }
}

/// The cores this process may use (asked once).
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
