//! The pool climber: the μ best boards seen, and every board one edit from them.

use rand_chacha::ChaCha8Rng;

use super::{Candidate, RunState, Seen};
use polyboggle::solve::Tally;

/// A pool board: the candidate, its canonical key and how good it is.
struct Member {
    candidate: Candidate,
    key: Vec<u8>,
    fitness: i64,
    /// Have its neighbours been listed? A board that stays in the pool has every
    /// neighbour scored already: listing them again would find nothing new.
    expanded: bool,
}

/// Climbs from a fresh random pool until a round leaves the pool unchanged (or the
/// run is done: goal reached, time up).
pub(super) fn climb(state: &mut RunState, rng: &mut ChaCha8Rng) {
    let space = state.space;
    let size = state.settings.pool.max(1);
    // Every board this climb has scored, by canonical key: each is scored once.
    let mut seen = Seen::default();
    let (mut fresh, mut keys) = (Vec::new(), Vec::new());
    // A tiny space may hold fewer distinct boards than the pool: give up drawing
    // after a while.
    for _ in 0..size * 50 {
        if fresh.len() == size {
            break;
        }
        let candidate = space.random(rng);
        let key = space.canonical(&candidate.cells);
        if seen.insert(&key) {
            fresh.push(candidate);
            keys.push(key);
        }
    }
    let tallies = state.score(&fresh);
    let mut pool = members(state, fresh, keys, &tallies);
    keep_best(&mut pool, size);
    state.round_done();
    while !state.done() {
        let (mut next, mut keys) = (Vec::new(), Vec::new());
        for member in pool.iter_mut().filter(|m| !m.expanded) {
            member.expanded = true;
            space.neighbours(&member.candidate, |candidate| {
                let key = space.canonical(&candidate.cells);
                if seen.insert(&key) {
                    next.push(candidate.clone());
                    keys.push(key);
                }
            });
        }
        if next.is_empty() {
            return;
        }
        let tallies = state.score(&next);
        let before: Vec<Vec<u8>> = pool.iter().map(|m| m.key.clone()).collect();
        pool.extend(members(state, next, keys, &tallies));
        keep_best(&mut pool, size);
        state.round_done();
        if pool.iter().map(|m| &m.key).eq(before.iter()) {
            return;
        }
    }
}

/// The scored candidates as pool members (those the run had time to score).
fn members(
    state: &RunState,
    candidates: Vec<Candidate>,
    keys: Vec<Vec<u8>>,
    tallies: &[Tally],
) -> Vec<Member> {
    candidates
        .into_iter()
        .zip(keys)
        .zip(tallies)
        .map(|((candidate, key), &tally)| Member {
            candidate,
            key,
            fitness: state.fitness(tally),
            expanded: false,
        })
        .collect()
}

/// Keeps the `size` best members; ties go to the smaller key, so the pool is the
/// same on every machine.
fn keep_best(pool: &mut Vec<Member>, size: usize) {
    pool.sort_unstable_by(|a, b| b.fitness.cmp(&a.fitness).then_with(|| a.key.cmp(&b.key)));
    pool.truncate(size);
}
