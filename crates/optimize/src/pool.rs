//! The pool climber: the μ best boards seen, and every board one edit from them.

use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use polyboggle::solve::Tally;

use crate::run::RunState;
use crate::seen::{fingerprint, Seen};
use crate::Candidate;

/// A neighbour of a pool board: the board, its canonical key and the key's
/// fingerprint.
type Neighbour = (Candidate, Vec<u8>, u64);

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
        let fresh: Vec<&Candidate> = pool
            .iter_mut()
            .filter(|m| !m.expanded)
            .map(|m| {
                m.expanded = true;
                &m.candidate
            })
            .collect();
        // Listing the neighbours and their canonical keys is most of a round's work
        // besides scoring: done on every core, then taken in order, so the same
        // boards are scored in the same order as one thread would.
        let listed: Vec<Vec<Neighbour>> = fresh
            .par_iter()
            .map(|candidate| {
                let mut list = Vec::new();
                space.neighbours(candidate, |candidate| {
                    let key = space.canonical(&candidate.cells);
                    let fingerprint = fingerprint(&key);
                    list.push((candidate.clone(), key, fingerprint));
                });
                list
            })
            .collect();
        for (candidate, key, fingerprint) in listed.into_iter().flatten() {
            if seen.insert_fingerprint(fingerprint) {
                next.push(candidate);
                keys.push(key);
            }
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
    let order = |a: &Member, b: &Member| b.fitness.cmp(&a.fitness).then_with(|| a.key.cmp(&b.key));
    // The best `size` first (a selection, linear), then only they sorted.
    if pool.len() > size {
        pool.select_nth_unstable_by(size, order);
        pool.truncate(size);
    }
    pool.sort_unstable_by(order);
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::{RngCore, SeedableRng};

    fn member(key: Vec<u8>, fitness: i64) -> Member {
        Member {
            candidate: Candidate {
                cells: key.clone(),
                slots: Vec::new(),
                up: Vec::new(),
            },
            key,
            fitness,
            expanded: false,
        }
    }

    /// The selection keeps exactly the members a full sort would, in its order.
    #[test]
    fn keep_best_is_the_first_of_a_full_sort() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for size in [0, 1, 5, 50, 300] {
            let mut pool: Vec<Member> = (0..200u8)
                .map(|i| {
                    member(
                        vec![(rng.next_u32() % 4) as u8, i],
                        (rng.next_u32() % 20) as i64,
                    )
                })
                .collect();
            let mut sorted: Vec<(i64, Vec<u8>)> =
                pool.iter().map(|m| (-m.fitness, m.key.clone())).collect();
            sorted.sort();
            sorted.truncate(size);
            keep_best(&mut pool, size);
            let kept: Vec<(i64, Vec<u8>)> =
                pool.iter().map(|m| (-m.fitness, m.key.clone())).collect();
            assert_eq!(kept, sorted, "size {size}");
        }
    }
}
