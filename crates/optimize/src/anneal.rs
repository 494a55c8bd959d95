//! Simulated annealing: chains of single edits, a batch of one proposal per chain a
//! step, a worse board accepted with probability e^(Δ/T).

use rand_chacha::rand_core::RngCore;
use rand_chacha::ChaCha8Rng;

use crate::run::RunState;

/// The starting temperature, in the objective's units.
const T0: f64 = 100.0;
/// T = T0·e^(−COOLING·n) after n temperature steps.
const COOLING: f64 = 0.05;
/// The chains stop when the temperature falls below this.
const T_END: f64 = 0.1;

/// Anneals `settings.pool` chains from random boards, each step proposing one
/// random edit per chain; the temperature steps down every `cells` steps.
pub(super) fn anneal(state: &mut RunState, rng: &mut ChaCha8Rng) {
    let space = state.space;
    let chains = state.settings.pool.max(1);
    let (rows, cols) = space.shape();
    let steps_per_temperature = rows * cols;
    let mut current: Vec<_> = (0..chains).map(|_| space.random(rng)).collect();
    let tallies = state.score(&current);
    if tallies.len() < chains {
        return;
    }
    let mut fitness: Vec<i64> = tallies.iter().map(|&t| state.fitness(t)).collect();
    for step in 0.. {
        let temperature = T0 * (-COOLING * (step / steps_per_temperature) as f64).exp();
        if temperature < T_END || state.done() {
            return;
        }
        let proposals: Vec<_> = current
            .iter()
            .map(|c| space.random_neighbour(c, rng))
            .collect();
        let tallies = state.score(&proposals);
        if tallies.len() < proposals.len() {
            return;
        }
        for (i, proposal) in proposals.into_iter().enumerate() {
            let next = state.fitness(tallies[i]);
            let delta = (next - fitness[i]) as f64;
            if delta >= 0.0 || unit(rng) < (delta / temperature).exp() {
                current[i] = proposal;
                fitness[i] = next;
            }
        }
        if (step + 1) % steps_per_temperature == 0 {
            state.round_done();
        }
    }
}

/// A uniform number in [0, 1).
fn unit(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}
