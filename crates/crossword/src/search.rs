//! The search: randomized greedy constructions, improved by lifting a few words and
//! laying the unplaced ones again (a large-neighbourhood search), keeping the best
//! layout seen. One ChaCha8 generator drives every choice and nothing iterates a hash
//! map, so a seed gives the same layout on every machine unless the clock stops it.
//!
//! An attempt is one construction or one lift-and-relay. The search ends on its own
//! when the best layout has not improved for a while (sooner once every word is on
//! the grid), or when the time budget runs out.

use std::cmp::Reverse;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::grid::{Grid, Shape, Spot};
use super::Direction;
use crate::clock::Instant;

/// What the search may change and how it judges a layout.
pub(crate) struct Problem<'a> {
    pub shapes: &'a [Shape],
    /// Words the search places and lifts (pinned and hopeless words excluded).
    pub free: Vec<usize>,
    /// Pinned words: already on the start grid, never lifted.
    pub pinned: Vec<bool>,
    /// Judge black squares inside the letters' bounding box (`--auto`), not the grid.
    pub crop: bool,
    /// For each word, how many other words share a letter with it.
    pub partners: Vec<usize>,
}

/// When to stop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub deadline: Option<Instant>,
    /// Attempts without a better layout before the search ends.
    pub patience: u64,
    /// The same, once every word is placed.
    pub settle: u64,
}

pub(crate) struct Outcome {
    pub grid: Grid,
    pub attempts: u64,
    pub complete: bool,
}

/// Most words, then fewest black squares, then most crossings.
pub(crate) type Score = (usize, Reverse<usize>, usize);

pub(crate) fn score(problem: &Problem, g: &Grid) -> Score {
    let black = if problem.crop {
        g.cropped_black()
    } else {
        g.rows * g.cols - g.filled
    };
    (g.placed, Reverse(black), g.crossings)
}

/// Restart from a fresh construction after each this many attempts without a better
/// layout.
const RESTART_AFTER: u64 = 3000;

/// One attempt in this many may accept a layout with one word fewer (to leave a trap).
const STEP_DOWN: usize = 50;

/// Random letters added to a word's length when ordering words longest first.
const LENGTH_NOISE: usize = 4;

/// A crossing's weight against one unit of packing when choosing a spot.
const CROSSING: usize = 4;

pub(crate) fn search(problem: &Problem, start: &Grid, limits: Limits, seed: u64) -> Outcome {
    let mut s = Searcher {
        problem,
        rng: ChaCha8Rng::seed_from_u64(seed),
        order: Vec::new(),
    };
    let everything = problem.free.len() + problem.pinned.iter().filter(|&&p| p).count();
    let mut current = s.construct(start);
    let mut current_score = score(problem, &current);
    let mut best = current.clone();
    let mut best_score = current_score;
    let mut attempts = 1u64;
    let mut since_best = 0u64;
    let complete = loop {
        let patience = if best.placed == everything {
            limits.settle
        } else {
            limits.patience
        };
        if since_best >= patience {
            break true;
        }
        if limits.deadline.is_some_and(|d| Instant::now() >= d) {
            break false;
        }
        let restart = since_best > 0 && since_best % RESTART_AFTER == 0;
        let candidate = if restart {
            current_score = (0, Reverse(0), 0);
            s.construct(start)
        } else {
            s.perturb(&current)
        };
        attempts += 1;
        let candidate_score = score(problem, &candidate);
        // Wander freely among layouts with as many words (a longer word swapped for a
        // shorter one may make room for one more), now and then one word fewer.
        let step_down = candidate_score.0 + 1 == current_score.0 && s.below(STEP_DOWN) == 0;
        if candidate_score.0 >= current_score.0 || step_down {
            current = candidate;
            current_score = candidate_score;
        }
        if current_score > best_score {
            best = current.clone();
            best_score = current_score;
            since_best = 0;
        } else {
            since_best += 1;
        }
    };
    Outcome {
        grid: best,
        attempts,
        complete,
    }
}

struct Searcher<'a> {
    problem: &'a Problem<'a>,
    rng: ChaCha8Rng,
    order: Vec<usize>,
}

impl Searcher<'_> {
    /// A uniform number below `n` (rejection sampling, the same on every platform).
    fn below(&mut self, n: usize) -> usize {
        polyboggle::random::below(&mut self.rng, n)
    }

    fn construct(&mut self, start: &Grid) -> Grid {
        let mut g = start.clone();
        self.relay(&mut g, None);
        g
    }

    /// Lifts a few free words, drops whatever no longer connects, and lays words again.
    fn perturb(&mut self, current: &Grid) -> Grid {
        let mut g = current.clone();
        let placed = self.free_words(&g, true);
        if !placed.is_empty() {
            let most = (placed.len() / 3).clamp(1, 8);
            let lifts = 1 + self.below(most);
            if self.below(2) == 0 {
                // Scattered: words anywhere.
                for _ in 0..lifts {
                    let w = placed[self.below(placed.len())];
                    self.lift(&mut g, w);
                }
            } else {
                // A region: a word and words crossing it, and words crossing those.
                let mut pending = vec![placed[self.below(placed.len())]];
                let mut lifted = 0;
                while lifted < lifts {
                    let Some(w) = pending.pop() else { break };
                    let len = self.problem.shapes[w].len();
                    let near: Vec<usize> = g.crossing_words(w, len).collect();
                    if self.lift(&mut g, w) {
                        lifted += 1;
                        pending.extend(near);
                        let k = pending.len();
                        if k > 1 {
                            let j = self.below(k);
                            pending.swap(j, k - 1);
                        }
                    }
                }
            }
            self.keep_connected(&mut g);
        }
        // Half the time, one word left out goes first: room is made for it.
        let first = if self.below(2) == 0 {
            let out = self.free_words(&g, false);
            (!out.is_empty()).then(|| out[self.below(out.len())])
        } else {
            None
        };
        self.relay(&mut g, first);
        g
    }

    /// The free words on the grid (`placed`) or left out, in word order.
    fn free_words(&self, g: &Grid, placed: bool) -> Vec<usize> {
        self.problem
            .free
            .iter()
            .copied()
            .filter(|&w| g.spots[w].is_some() == placed)
            .collect()
    }

    /// Lifts a free word when the rules allow; says whether it did.
    fn lift(&mut self, g: &mut Grid, w: usize) -> bool {
        let len = self.problem.shapes[w].len();
        let free = g.spots[w].is_some() && !self.problem.pinned[w] && g.can_remove(w, len);
        if free {
            g.remove(w, len);
        }
        free
    }

    /// Lays every free word that fits, in a shuffled order, until a pass places none.
    fn relay(&mut self, g: &mut Grid, first: Option<usize>) {
        if g.is_empty() && !self.seed_first(g) {
            return;
        }
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        order.extend(
            self.problem
                .free
                .iter()
                .copied()
                .filter(|&w| g.spots[w].is_none()),
        );
        for i in 0..order.len() {
            let j = i + self.below(order.len() - i);
            order.swap(i, j);
        }
        // Every other relay lays longer words first, roughly: they need open room, and
        // short ones fill gaps; the others keep the shuffle.
        let shapes = self.problem.shapes;
        let noise = if self.below(2) == 0 {
            LENGTH_NOISE
        } else {
            1000
        };
        let mut keyed: Vec<(usize, usize)> = order
            .iter()
            .map(|&w| (shapes[w].len() + self.below(noise), w))
            .collect();
        keyed.sort_by_key(|&(k, _)| Reverse(k));
        order.clear();
        order.extend(first);
        order.extend(
            keyed
                .into_iter()
                .map(|(_, w)| w)
                .filter(|&w| Some(w) != first),
        );
        loop {
            let mut progress = false;
            for &w in &order {
                if g.spots[w].is_some() {
                    continue;
                }
                if let Some(spot) = self.choose_spot(g, w) {
                    g.place(w, self.problem.shapes[w].seq(spot.dir), spot);
                    progress = true;
                }
            }
            if !progress {
                break;
            }
        }
        self.order = order;
    }

    /// The spot with the most crossings, ties broken at random.
    fn choose_spot(&mut self, g: &Grid, w: usize) -> Option<Spot> {
        let shape = &self.problem.shapes[w];
        let mut best: Option<(usize, Spot)> = None;
        let mut found = Vec::new();
        for dir in [Direction::Across, Direction::Down] {
            g.crossing_spots(shape.seq(dir), dir, |spot, crossings| {
                found.push((spot, crossings))
            });
        }
        let len = shape.len();
        for (spot, crossings) in found {
            let value = (crossings * CROSSING + g.packing(spot, len)) * 1024 + self.below(1024);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, spot));
            }
        }
        best.map(|(_, spot)| spot)
    }

    /// Puts a random free word near the middle of an empty grid.
    fn seed_first(&mut self, g: &mut Grid) -> bool {
        let free = &self.problem.free;
        if free.is_empty() {
            return false;
        }
        // The best connected of three words drawn: a first word few others can cross
        // would keep the layout small.
        let mut w = free[self.below(free.len())];
        for _ in 0..2 {
            let other = free[self.below(free.len())];
            if self.problem.partners[other] > self.problem.partners[w] {
                w = other;
            }
        }
        let shape = &self.problem.shapes[w];
        let n = shape.len();
        let mut dirs = Vec::new();
        if n <= g.cols {
            dirs.push(Direction::Across);
        }
        if n <= g.rows {
            dirs.push(Direction::Down);
        }
        if dirs.is_empty() {
            return false;
        }
        let dir = dirs[self.below(dirs.len())];
        let (long, wide) = match dir {
            Direction::Across => (g.cols, g.rows),
            Direction::Down => (g.rows, g.cols),
        };
        let slack = long - n;
        let along = slack / 4 + self.below(slack / 2 + 1);
        let side = wide / 4 + self.below(wide / 2 + 1).min(wide - 1 - wide / 4);
        let spot = match dir {
            Direction::Across => Spot {
                row: side,
                col: along,
                dir,
            },
            Direction::Down => Spot {
                row: along,
                col: side,
                dir,
            },
        };
        g.place(w, shape.seq(dir), spot);
        true
    }

    /// Keeps the words joined to a pinned word, or (with no pins) the largest group of
    /// words joined by crossings; lifts the rest.
    fn keep_connected(&mut self, g: &mut Grid) {
        let shapes = self.problem.shapes;
        let n = g.spots.len();
        let mut group = vec![usize::MAX; n];
        let mut sizes = Vec::new();
        let mut stack = Vec::new();
        for w in 0..n {
            if g.spots[w].is_none() || group[w] != usize::MAX {
                continue;
            }
            let id = sizes.len();
            let mut size = 0;
            group[w] = id;
            stack.push(w);
            while let Some(v) = stack.pop() {
                size += 1;
                for u in g.crossing_words(v, shapes[v].len()) {
                    if group[u] == usize::MAX {
                        group[u] = id;
                        stack.push(u);
                    }
                }
            }
            sizes.push(size);
        }
        if sizes.len() <= 1 {
            return;
        }
        let mut keep = vec![false; sizes.len()];
        let pinned_groups: Vec<usize> = (0..n)
            .filter(|&w| self.problem.pinned[w] && group[w] != usize::MAX)
            .map(|w| group[w])
            .collect();
        if pinned_groups.is_empty() {
            // The largest group; the first found among equals.
            let largest = (0..sizes.len()).max_by_key(|&i| (sizes[i], Reverse(i)));
            keep[largest.expect("two groups or more")] = true;
        } else {
            for id in pinned_groups {
                keep[id] = true;
            }
        }
        for w in 0..n {
            if g.spots[w].is_some() && !keep[group[w]] {
                g.remove(w, shapes[w].len());
            }
        }
    }
}
