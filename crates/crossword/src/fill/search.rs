//! The filler's search: each slot keeps the words it may still take, and the search
//! keeps them arc consistent (a word stays only while every crossing square can hold its
//! letter in the crossing slot too) and all different (a slot down to one word takes it
//! from every other slot of its length). It picks the slot with the fewest words per
//! failure it has caused (dom/wdeg), tries one of its best-scoring words, and on a dead
//! end rules that word out there (binary branching); after a growing number of dead
//! ends it restarts, keeping what it learnt about which slots fail.
//!
//! A slot's words are a sparse set (a permutation with a live prefix) and for each
//! position the count of live words with each letter there, so that ruling a word out
//! costs its length, and undoing it (the trail holds the slot of each removal, in order)
//! costs the same. Words are numbered within their length best score first, so the
//! smallest live number is the best word left. Nothing here allocates while searching.

use std::ops::ControlFlow;
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::clock::Instant;

/// The words of one length: letters, scores, and for each position and letter the words
/// with that letter there (postings).
pub(crate) struct Bucket {
    pub len: usize,
    /// Word `i`'s letters are `letters[i * len..(i + 1) * len]`.
    pub letters: Vec<u16>,
    /// Word `i`'s score; words are sorted best first.
    pub scores: Vec<i32>,
    /// Postings of (position, letter) are `post[start[p * alphabet + a]..start[.. + 1]]`.
    pub start: Vec<u32>,
    pub post: Vec<u32>,
}

impl Bucket {
    pub fn new(len: usize, alphabet: usize, letters: Vec<u16>, scores: Vec<i32>) -> Bucket {
        let n = scores.len();
        let mut start = vec![0u32; len * alphabet + 1];
        for i in 0..n {
            for p in 0..len {
                start[p * alphabet + letters[i * len + p] as usize + 1] += 1;
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut fill = start.clone();
        let mut post = vec![0u32; n * len];
        for i in 0..n {
            for p in 0..len {
                let k = p * alphabet + letters[i * len + p] as usize;
                post[fill[k] as usize] = i as u32;
                fill[k] += 1;
            }
        }
        Bucket {
            len,
            letters,
            scores,
            start,
            post,
        }
    }

    pub fn words(&self) -> usize {
        self.scores.len()
    }

    #[inline]
    pub fn letter(&self, w: u32, p: usize) -> u16 {
        self.letters[w as usize * self.len + p]
    }
}

/// A slot as the search sees it.
pub(crate) struct SlotSpec {
    /// Its bucket (its length's words).
    pub bucket: usize,
    /// The words it may take at the start, as numbers within the bucket.
    pub options: Vec<u32>,
    /// For each position, the crossing slot and the position there.
    pub cross: Vec<Option<(u32, u32)>>,
}

pub(crate) struct Problem<'a> {
    pub alphabet: usize,
    pub buckets: Vec<&'a Bucket>,
    pub slots: Vec<SlotSpec>,
}

/// How the search ended.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// A word (number within its bucket) for each slot.
    Filled(Vec<u32>),
    /// No fill exists; the slot that ran out of words (first, or most often).
    NoFill { slot: usize },
    /// The deadline came first; the slot that ran out of words most often.
    TimedOut { slot: usize },
    /// The progress callback asked to stop.
    Stopped,
}

/// Counters of a search.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Stats {
    pub decisions: u64,
    pub backtracks: u64,
    pub restarts: u64,
}

/// A slot's live words and the letter counts per position.
struct Live {
    opts: Vec<u32>,
    /// Where each word of the bucket sits in `opts` (`u32::MAX`: never an option).
    pos_of: Vec<u32>,
    live: usize,
    /// `counts[p * alphabet + a]`: live words with letter `a` at position `p`.
    counts: Vec<u32>,
}

enum Event {
    /// Letter `a` can no longer be at position `pos` of `slot`.
    Letter { slot: u32, pos: u32, a: u16 },
    /// `slot` is down to one word: no other slot may take it.
    Single(u32),
}

/// The search's state. `FITS`: built for [`fitting`], whose fixed slot the propagation
/// checks; the fill's search (`false`) has no such test in its inner loop.
struct Solver<'a, const FITS: bool> {
    p: &'a Problem<'a>,
    slots: Vec<Live>,
    trail: Vec<u32>,
    queue: Vec<Event>,
    /// Each crossing's weight: how often a slot ran out of words through it.
    weight: Vec<f64>,
    /// Each slot's crossings: (crossing, the other slot); `crossing_at[t][pos]` too.
    crossings: Vec<Vec<(u32, u32)>>,
    crossing_at: Vec<Vec<u32>>,
    /// What a failure adds to a weight; grows so that recent failures count more.
    bump: f64,
    /// Slots of each bucket.
    peers: Vec<Vec<u32>>,
    failures: Vec<u64>,
    /// A slot taken as holding one word without ruling its others out (`fits`), and
    /// the word: `u32::MAX` when none.
    fixed: (u32, u32),
    /// What [`Solver::restrict`] changed: each slot and its live count, and its letter
    /// counts (one after the other).
    saved: Vec<(u32, u32)>,
    saved_counts: Vec<u32>,
}

/// Words tried first at a slot: one of the three best, weighted 4, 2, 1; slots the same.
const PICK_WEIGHTS: [u32; 3] = [4, 2, 1];

/// Dead ends before the first restart; each restart allows 10% more.
const FIRST_RESTART: f64 = 500.0;

/// How often the search reports its progress.
pub(crate) const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// Searches for a fill until `deadline`; every [`PROGRESS_EVERY`] or so, `progress` is
/// told the counters so far and may stop the search. It makes no choice of its own:
/// the same seed fills the same way whatever it does.
pub(crate) fn solve(
    p: &Problem,
    deadline: Option<Instant>,
    seed: u64,
    progress: &mut dyn FnMut(Stats) -> ControlFlow<()>,
) -> (Outcome, Stats) {
    let mut s = Solver::<false>::new(p);
    let mut stats = Stats::default();
    if let Err(t) = s.root() {
        return (Outcome::NoFill { slot: t }, stats);
    }
    let mut report = Instant::now() + PROGRESS_EVERY;
    let root = s.trail.len();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut limit = FIRST_RESTART;
    let mut backtracks_this_run = 0u64;
    // Decisions: (slot, word, trail length before it).
    let mut stack: Vec<(u32, u32, usize)> = Vec::new();
    loop {
        stats.decisions += 1;
        // The clock every 8 decisions: a hard grid makes a few hundred a second.
        if stats.decisions % 8 == 0 {
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                return (
                    Outcome::TimedOut {
                        slot: s.most_failed(),
                    },
                    stats,
                );
            }
            if now >= report {
                report = now + PROGRESS_EVERY;
                if progress(stats).is_break() {
                    return (Outcome::Stopped, stats);
                }
            }
        }
        let Some(slot) = s.choose_slot(&mut rng) else {
            let words = s.slots.iter().map(|l| l.opts[0]).collect();
            return (Outcome::Filled(words), stats);
        };
        let word = s.choose_word(slot, &mut rng);
        let mark = s.trail.len();
        stack.push((slot, word, mark));
        if s.assign(slot, word).is_ok() {
            continue;
        }
        // Rule the word out at the level below; if that fails too, go down further.
        loop {
            let (slot, word, mark) = stack.pop().expect("a decision to undo");
            s.undo(mark);
            stats.backtracks += 1;
            backtracks_this_run += 1;
            let at = s.slots[slot as usize].pos_of[word as usize] as usize;
            if s.remove(slot as usize, at).is_ok() && s.propagate().is_ok() {
                break;
            }
            s.queue.clear();
            if stack.is_empty() {
                s.undo(root);
                // Ruling the word out at the root failed: no fill at all.
                return (
                    Outcome::NoFill {
                        slot: s.most_failed(),
                    },
                    stats,
                );
            }
        }
        if backtracks_this_run as f64 > limit {
            s.undo(root);
            stack.clear();
            stats.restarts += 1;
            backtracks_this_run = 0;
            limit *= 1.1;
        }
    }
}

/// The words slot `t` may take that keep every slot of the grid with a word under
/// arc consistency: `Ok((live, fitting, cut))`, `live` the count of words arc
/// consistency leaves the slot in the grid as it is, `fitting` the best of them (at
/// most `limit`, best first) that, taken, leave every other slot a word once
/// propagated, tried for `budget` once arc consistency is reached (`cut`: it ran out
/// first). `Err(u)`: slot `u` has no word even before.
pub(crate) fn fitting(
    p: &Problem,
    t: usize,
    limit: usize,
    budget: Duration,
) -> Result<(usize, Vec<u32>, bool), usize> {
    let mut s = Solver::<true>::new(p);
    s.root()?;
    let deadline = Instant::now() + budget;
    let live = s.slots[t].live;
    let mut words = s.slots[t].opts[..live].to_vec();
    words.sort_unstable();
    let mut fitting = Vec::new();
    for w in words {
        if fitting.len() >= limit {
            break;
        }
        if Instant::now() >= deadline {
            return Ok((live, fitting, true));
        }
        if s.fits(t, w) {
            fitting.push(w);
        }
    }
    Ok((live, fitting, false))
}

impl<'a, const FITS: bool> Solver<'a, FITS> {
    /// Arc consistency at the start: a letter one slot has at a square and its
    /// crossing slot lacks goes; a slot down to one word takes it from its peers.
    fn root(&mut self) -> Result<(), usize> {
        let p = self.p;
        for t in 0..p.slots.len() {
            if self.slots[t].live == 0 {
                return Err(t);
            }
            if self.slots[t].live == 1 {
                self.queue.push(Event::Single(t as u32));
            }
        }
        for (t, spec) in p.slots.iter().enumerate() {
            for (pos, cross) in spec.cross.iter().enumerate() {
                let Some((u, q)) = *cross else { continue };
                for a in 0..p.alphabet {
                    let mine = self.slots[t].counts[pos * p.alphabet + a];
                    let theirs = self.slots[u as usize].counts[q as usize * p.alphabet + a];
                    if mine > 0 && theirs == 0 {
                        self.queue.push(Event::Letter {
                            slot: t as u32,
                            pos: pos as u32,
                            a: a as u16,
                        });
                    }
                }
            }
        }
        self.propagate()
    }

    /// Does slot `t` taking its live word `w` leave every slot a word? Slot `t` keeps
    /// its other words (ruling them out would cost as much as the rest): it is fixed,
    /// its crossings lose every other letter, its peers the word. Undone before it
    /// answers.
    fn fits(&mut self, t: usize, w: u32) -> bool {
        let p = self.p;
        let spec = &p.slots[t];
        let b = p.buckets[spec.bucket];
        let (mark, saved) = (self.trail.len(), self.saved.len());
        self.fixed = (t as u32, w);
        let mut ok = true;
        for (pos, cross) in spec.cross.iter().enumerate() {
            let Some((u, q)) = *cross else { continue };
            if self
                .restrict(u as usize, q as usize, b.letter(w, pos))
                .is_err()
            {
                ok = false;
                break;
            }
        }
        for k in 0..self.peers[spec.bucket].len() {
            let u = self.peers[spec.bucket][k] as usize;
            let at = self.slots[u].pos_of[w as usize] as usize;
            if !ok {
                break;
            }
            if u != t && at < self.slots[u].live && self.remove(u, at).is_err() {
                ok = false;
            }
        }
        ok = ok && self.propagate().is_ok();
        self.queue.clear();
        self.undo(mark);
        self.restore(saved);
        self.fixed = (u32::MAX, u32::MAX);
        ok
    }

    /// Keeps in slot `u` only its live words with letter `a` at `q`, in one pass over
    /// those (not one removal for each of the many others, as a crossing entry of a
    /// nearly empty grid would cost), saving the slot's live count and letter counts
    /// for [`Solver::restore`]; queues the letters it empties. `Err(u)` when no word is
    /// left. Removals after it go on the trail as usual and are undone first.
    fn restrict(&mut self, u: usize, q: usize, a: u16) -> Result<(), usize> {
        let p = self.p;
        let alphabet = p.alphabet;
        let spec = &p.slots[u];
        let b = p.buckets[spec.bucket];
        let key = q * alphabet + a as usize;
        let l = &mut self.slots[u];
        self.saved.push((u as u32, l.live as u32));
        self.saved_counts.extend_from_slice(&l.counts);
        let mut kept = 0;
        let mut keep = |l: &mut Live, at: usize| {
            let (w, other) = (l.opts[at], l.opts[kept]);
            l.opts.swap(at, kept);
            l.pos_of[w as usize] = kept as u32;
            l.pos_of[other as usize] = at as u32;
            kept += 1;
        };
        let (from, to) = (b.start[key] as usize, b.start[key + 1] as usize);
        if l.live <= to - from {
            for at in 0..l.live {
                if b.letter(l.opts[at], q) == a {
                    keep(l, at);
                }
            }
        } else {
            for &w in &b.post[from..to] {
                let at = l.pos_of[w as usize] as usize;
                if at < l.live {
                    keep(l, at);
                }
            }
        }
        l.live = kept;
        l.counts.iter_mut().for_each(|c| *c = 0);
        for i in 0..kept {
            let w = l.opts[i];
            for pos in 0..b.len {
                l.counts[pos * alphabet + b.letter(w, pos) as usize] += 1;
            }
        }
        let old = &self.saved_counts[self.saved_counts.len() - l.counts.len()..];
        for (pos, cross) in spec.cross.iter().enumerate() {
            let Some((v, r)) = *cross else { continue };
            for x in 0..alphabet {
                let k = pos * alphabet + x;
                if old[k] > 0 && l.counts[k] == 0 {
                    self.queue.push(Event::Letter {
                        slot: v,
                        pos: r,
                        a: x as u16,
                    });
                }
            }
        }
        match kept {
            0 => Err(u),
            1 => {
                self.queue.push(Event::Single(u as u32));
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Puts back the slots [`Solver::restrict`] changed, back to `saved` of them.
    fn restore(&mut self, saved: usize) {
        while self.saved.len() > saved {
            let (u, live) = self.saved.pop().expect("above the mark");
            let l = &mut self.slots[u as usize];
            let n = l.counts.len();
            let from = self.saved_counts.len() - n;
            l.counts.copy_from_slice(&self.saved_counts[from..]);
            self.saved_counts.truncate(from);
            l.live = live as usize;
        }
    }

    fn new(p: &'a Problem) -> Solver<'a, FITS> {
        let a = p.alphabet;
        let slots = p
            .slots
            .iter()
            .map(|spec| {
                let b: &Bucket = p.buckets[spec.bucket];
                let mut pos_of = vec![u32::MAX; b.words()];
                let mut counts = vec![0u32; b.len * a];
                for (i, &w) in spec.options.iter().enumerate() {
                    pos_of[w as usize] = i as u32;
                    for pos in 0..b.len {
                        counts[pos * a + b.letter(w, pos) as usize] += 1;
                    }
                }
                Live {
                    opts: spec.options.clone(),
                    pos_of,
                    live: spec.options.len(),
                    counts,
                }
            })
            .collect();
        let mut peers = vec![Vec::new(); p.buckets.len()];
        let mut crossings = vec![Vec::new(); p.slots.len()];
        let mut crossing_at = vec![Vec::new(); p.slots.len()];
        let mut count = 0u32;
        for (t, spec) in p.slots.iter().enumerate() {
            peers[spec.bucket].push(t as u32);
            crossing_at[t] = vec![u32::MAX; spec.cross.len()];
        }
        for (t, spec) in p.slots.iter().enumerate() {
            for (pos, cross) in spec.cross.iter().enumerate() {
                let Some((u, q)) = *cross else { continue };
                if (u as usize) < t {
                    continue;
                }
                crossing_at[t][pos] = count;
                crossing_at[u as usize][q as usize] = count;
                crossings[t].push((count, u));
                crossings[u as usize].push((count, t as u32));
                count += 1;
            }
        }
        Solver {
            p,
            slots,
            trail: Vec::new(),
            queue: Vec::new(),
            weight: vec![1.0; count as usize],
            crossings,
            crossing_at,
            bump: 1.0,
            peers,
            failures: vec![0; p.slots.len()],
            fixed: (u32::MAX, u32::MAX),
            saved: Vec::new(),
            saved_counts: Vec::new(),
        }
    }

    /// Takes the word at `at` out of slot `t`; `Err(t)` when the slot has none left.
    #[inline]
    fn remove(&mut self, t: usize, at: usize) -> Result<(), usize> {
        let p = self.p;
        let spec = &p.slots[t];
        let b: &Bucket = p.buckets[spec.bucket];
        let alphabet = p.alphabet;
        let l = &mut self.slots[t];
        let last = l.live - 1;
        let (w, other) = (l.opts[at], l.opts[last]);
        l.opts.swap(at, last);
        l.pos_of[w as usize] = last as u32;
        l.pos_of[other as usize] = at as u32;
        l.live = last;
        self.trail.push(t as u32);
        for pos in 0..b.len {
            let a = b.letter(w, pos);
            let c = &mut l.counts[pos * alphabet + a as usize];
            *c -= 1;
            if *c == 0 {
                if let Some((u, q)) = spec.cross[pos] {
                    self.queue.push(Event::Letter { slot: u, pos: q, a });
                }
            }
        }
        match l.live {
            0 => Err(t),
            1 => {
                self.queue.push(Event::Single(t as u32));
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Undoes removals back to trail length `mark`.
    fn undo(&mut self, mark: usize) {
        let p = self.p;
        let alphabet = p.alphabet;
        while self.trail.len() > mark {
            let t = self.trail.pop().expect("above the mark") as usize;
            let b: &Bucket = p.buckets[p.slots[t].bucket];
            let l = &mut self.slots[t];
            let w = l.opts[l.live];
            l.live += 1;
            for pos in 0..b.len {
                l.counts[pos * alphabet + b.letter(w, pos) as usize] += 1;
            }
        }
    }

    /// Slot `t` takes `word`: every other word goes, and the consequences.
    fn assign(&mut self, t: u32, word: u32) -> Result<(), usize> {
        let t = t as usize;
        let mut i = self.slots[t].live;
        while i > 0 {
            i -= 1;
            if self.slots[t].opts[i] != word {
                let r = self.remove(t, i);
                debug_assert!(r.is_ok());
            }
        }
        self.propagate()
    }

    /// Works through the queue; on a slot left without words, clears it, counts the
    /// failure and names the slot.
    fn propagate(&mut self) -> Result<(), usize> {
        while let Some(event) = self.queue.pop() {
            let (result, through) = match event {
                Event::Letter { slot, pos, a } if FITS && slot == self.fixed.0 => {
                    let b = self.p.buckets[self.p.slots[slot as usize].bucket];
                    if b.letter(self.fixed.1, pos as usize) != a {
                        continue;
                    }
                    (Err(slot as usize), None)
                }
                Event::Letter { slot, pos, a } => (
                    self.drop_letter(slot as usize, pos as usize, a),
                    Some(self.crossing_at[slot as usize][pos as usize]),
                ),
                Event::Single(t) => (self.take_word(t as usize), None),
            };
            if let Err(t) = result {
                self.queue.clear();
                self.failures[t] += 1;
                // The crossing that emptied the slot gains weight (all of its crossings
                // when another slot took its last word).
                match through {
                    Some(c) => self.weight[c as usize] += self.bump,
                    None => {
                        for k in 0..self.crossings[t].len() {
                            let c = self.crossings[t][k].0 as usize;
                            self.weight[c] += self.bump;
                        }
                    }
                }
                self.bump *= 1.01;
                if self.bump > 1e100 {
                    self.weight.iter_mut().for_each(|w| *w /= 1e100);
                    self.bump /= 1e100;
                }
                return Err(t);
            }
        }
        Ok(())
    }

    /// Removes from slot `t` every word with letter `a` at `pos`.
    fn drop_letter(&mut self, t: usize, pos: usize, a: u16) -> Result<(), usize> {
        let p = self.p;
        let alphabet = p.alphabet;
        let b: &Bucket = p.buckets[p.slots[t].bucket];
        let key = pos * alphabet + a as usize;
        let mut left = self.slots[t].counts[key];
        if left == 0 {
            return Ok(());
        }
        let (from, to) = (b.start[key] as usize, b.start[key + 1] as usize);
        if self.slots[t].live <= to - from {
            let mut i = self.slots[t].live;
            while i > 0 && left > 0 {
                i -= 1;
                if b.letter(self.slots[t].opts[i], pos) == a {
                    self.remove(t, i)?;
                    left -= 1;
                }
            }
        } else {
            for k in from..to {
                if left == 0 {
                    break;
                }
                let w = b.post[k];
                let at = self.slots[t].pos_of[w as usize] as usize;
                if at < self.slots[t].live {
                    self.remove(t, at)?;
                    left -= 1;
                }
            }
        }
        Ok(())
    }

    /// Slot `t` holds one word: the other slots of its length lose it.
    fn take_word(&mut self, t: usize) -> Result<(), usize> {
        if self.slots[t].live != 1 {
            return Ok(());
        }
        let w = self.slots[t].opts[0];
        let bucket = self.p.slots[t].bucket;
        for k in 0..self.peers[bucket].len() {
            let u = self.peers[bucket][k] as usize;
            if u == t {
                continue;
            }
            if FITS && u as u32 == self.fixed.0 {
                if w == self.fixed.1 {
                    return Err(u);
                }
                continue;
            }
            let at = self.slots[u].pos_of[w as usize] as usize;
            if at < self.slots[u].live {
                self.remove(u, at)?;
            }
        }
        Ok(())
    }

    /// One of the three open slots (more than one word left) with the fewest words per
    /// weight of their crossings with open slots (dom/wdeg), weighted 4, 2, 1. `None`
    /// when every slot holds one word.
    fn choose_slot(&self, rng: &mut ChaCha8Rng) -> Option<u32> {
        let mut top: [(f64, u32); 3] = [(f64::INFINITY, u32::MAX); 3];
        for (t, l) in self.slots.iter().enumerate() {
            if l.live <= 1 {
                continue;
            }
            let wdeg: f64 = self.crossings[t]
                .iter()
                .filter(|&&(_, u)| self.slots[u as usize].live > 1)
                .map(|&(c, _)| self.weight[c as usize])
                .sum();
            let key = l.live as f64 / wdeg.max(1e-9);
            if key < top[2].0 {
                let mut i = 2;
                while i > 0 && key < top[i - 1].0 {
                    top[i] = top[i - 1];
                    i -= 1;
                }
                top[i] = (key, t as u32);
            }
        }
        let n = top.iter().filter(|e| e.1 != u32::MAX).count();
        if n == 0 {
            return None;
        }
        Some(top[pick(n, rng)].1)
    }

    /// One of the slot's three best live words (smallest numbers), weighted 4, 2, 1.
    fn choose_word(&self, t: u32, rng: &mut ChaCha8Rng) -> u32 {
        let l = &self.slots[t as usize];
        let mut top = [u32::MAX; 3];
        for &w in &l.opts[..l.live] {
            if w < top[2] {
                let mut i = 2;
                while i > 0 && w < top[i - 1] {
                    top[i] = top[i - 1];
                    i -= 1;
                }
                top[i] = w;
            }
        }
        let n = top.iter().filter(|&&w| w != u32::MAX).count();
        top[pick(n, rng)]
    }

    fn most_failed(&self) -> usize {
        (0..self.failures.len())
            .max_by_key(|&t| (self.failures[t], std::cmp::Reverse(t)))
            .unwrap_or(0)
    }
}

/// One of the first `n` (at most 3) places, weighted 4, 2, 1.
fn pick(n: usize, rng: &mut ChaCha8Rng) -> usize {
    let total: u32 = PICK_WEIGHTS[..n].iter().sum();
    let mut x = rng.gen_range(0..total);
    for (i, &wt) in PICK_WEIGHTS[..n].iter().enumerate() {
        if x < wt {
            return i;
        }
        x -= wt;
    }
    0
}
