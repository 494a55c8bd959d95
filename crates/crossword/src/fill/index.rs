//! [`WordIndex`]: a scored list made into the filler's buckets once, every length at
//! once, so that asking which words fit an entry ([`fits`]) as a constructor types
//! costs the search's propagation, not sorting the list again.

use std::time::Duration;

use polyboggle::Profile;

use super::search::{self, Bucket, Problem, SlotSpec};
use super::{
    best_first, faces_by_len, squares, Alphabet, FillError, Pattern, PatternError, ScoredWord,
    Square, Style,
};
use crate::{fold_letter, Direction};

/// The longest word an index keeps (the longest side a grid has).
const MAX_LEN: usize = 255;

/// How long [`fits`] tries words once the grid is arc consistent (setting up takes
/// about 15 ms more for a 15×15 grid and 300,000 words): a page asks as its user types.
pub const FITS_TIME: Duration = Duration::from_millis(150);

/// A scored list as the filler's buckets, for every length: its words deduplicated
/// (best score kept), best first, with their postings.
pub struct WordIndex {
    profile: Profile,
    alphabet: Alphabet,
    rtl: bool,
    /// By length: the words and each one's place in the list.
    lengths: Vec<Option<(Bucket, Vec<usize>)>>,
    /// The list's words as written.
    words: Vec<String>,
}

impl WordIndex {
    /// Makes the index of `words` under `profile`.
    pub fn new(words: &[ScoredWord], profile: &Profile) -> WordIndex {
        let (alphabet, rtl, by_len) = faces_by_len(words, profile, &[true; MAX_LEN + 1]);
        let size = alphabet.count.max(1);
        let lengths = by_len
            .into_iter()
            .enumerate()
            .map(|(len, mut list)| {
                if list.is_empty() {
                    return None;
                }
                best_first(&mut list);
                let letters = list.iter().flat_map(|f| f.ids.iter().copied()).collect();
                let scores = list.iter().map(|f| f.score).collect();
                let bucket = Bucket::new(len, size, letters, scores);
                Some((bucket, list.into_iter().map(|f| f.source).collect()))
            })
            .collect();
        WordIndex {
            profile: profile.clone(),
            alphabet,
            rtl,
            lengths,
            words: words.iter().map(|w| w.word.clone()).collect(),
        }
    }

    /// Do most of its words read right to left?
    pub fn rtl(&self) -> bool {
        self.rtl
    }

    /// Its distinct words (of at most 255 squares).
    pub fn len(&self) -> usize {
        self.lengths.iter().flatten().map(|(b, _)| b.words()).sum()
    }

    /// Does it hold no word?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn bucket(&self, len: usize) -> Option<&(Bucket, Vec<usize>)> {
        self.lengths.get(len).and_then(Option::as_ref)
    }

    /// A word of the bucket as printed (upper case, square by square).
    fn shown(&self, source: usize) -> String {
        let (_, cells) = squares(&self.words[source], &self.profile);
        cells.iter().map(|c| self.profile.display(c)).collect()
    }
}

/// The words that fit one entry of a grid ([`fits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fits {
    /// The entry's first square (row, column), zero-based, in reading order.
    pub start: (usize, usize),
    /// Across or down.
    pub direction: Direction,
    /// Its length in squares.
    pub len: usize,
    /// Its squares, `.` for the empty ones, the others as typed.
    pub pattern: String,
    /// The words arc consistency leaves the entry in the grid as it is (each crossing
    /// square can hold its letter in the crossing entry, and so on through the grid).
    pub total: usize,
    /// The best of them (at most the limit asked for), best score first, that once
    /// written in leave every entry of the grid a word: (word as printed, score).
    pub candidates: Vec<(String, i32)>,
    /// Did the time allowed ([`FITS_TIME`]) run out first? Words are tried best score
    /// first, so those listed are still the best that fit, only fewer than asked.
    pub cut: bool,
}

/// The words of `index` (scoring at least `min_score`) that fit the `direction` entry
/// through the square `square` (row, column; zero-based, reading order) of `pattern`:
/// every letter already there kept, and every other entry still able to take a word
/// under arc consistency with the candidate written in; tried best first for at most
/// [`FITS_TIME`]. A complete entry elsewhere is
/// kept as it is (in the list or not), and no word is used twice.
///
/// ```
/// use polyboggle_crossword::fill::{fits, parse_scored_list, Pattern, Style, WordIndex};
/// use polyboggle_crossword::Direction;
///
/// let list = parse_scored_list("cat;60\ncow;50\ntoe;50\nwoe;40\ncar;50\ntar;30\nzzz;90\n")?;
/// let index = WordIndex::new(&list.words, &Default::default());
/// let grid = Pattern::parse("c..\n.#.\n...")?;
/// let fit = fits(&grid, &index, Style::British, i32::MIN, (0, 0), Direction::Across, 10)?;
/// assert_eq!(fit.pattern, "c..");
/// // CAR starts it too, but no word starts the right-hand down entry with R.
/// assert_eq!(fit.candidates, [("CAT".to_string(), 60), ("COW".to_string(), 50)]);
/// assert_eq!(fit.total, 2); // CAR went before: no down entry there starts with R
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fits(
    pattern: &Pattern,
    index: &WordIndex,
    style: Style,
    min_score: i32,
    square: (usize, usize),
    direction: Direction,
    limit: usize,
) -> Result<Fits, FillError> {
    let slots = pattern.slots(style)?;
    let (row, col) = square;
    let cols = pattern.cols;
    if row >= pattern.rows || col >= cols {
        return Err(FillError::Pattern(PatternError {
            row: row + 1,
            col: col + 1,
            reason: format!("no such square in a {}x{} grid", pattern.rows, cols),
        }));
    }
    let cell = row * cols + col;
    let target = slots
        .iter()
        .position(|s| s.direction == direction && s.cells.contains(&cell))
        .ok_or_else(|| {
            FillError::Pattern(PatternError {
                row: row + 1,
                col: col + 1,
                reason: format!("no {direction} entry runs through this square"),
            })
        })?;
    let profile = &index.profile;
    let size = index.alphabet.count.max(1);

    // Pre-filled squares as faces.
    let mut given: Vec<Option<u16>> = vec![None; pattern.squares.len()];
    for (i, square) in pattern.squares.iter().enumerate() {
        if let Square::Given(g) = square {
            let (_, cells) = squares(g, profile);
            let id = match cells.as_slice() {
                [one] => index.alphabet.get(&fold_letter(one)),
                _ => None,
            };
            given[i] = Some(id.ok_or_else(|| FillError::NotInAlphabet {
                row: i / cols + 1,
                col: i % cols + 1,
                letter: g.clone(),
            })?);
        }
    }
    let typed = |t: usize| -> String {
        slots[t]
            .cells
            .iter()
            .map(|&c| match &pattern.squares[c] {
                Square::Given(g) => g.as_str(),
                _ => ".",
            })
            .collect()
    };
    let dead = |t: usize| {
        let s = &slots[t];
        FillError::NoCompletion {
            row: s.cells[0] / cols + 1,
            col: s.cells[0] % cols + 1,
            direction: s.direction,
            pattern: typed(t),
        }
    };
    let empty: Vec<Bucket> = (0..=MAX_LEN.min(pattern.rows.max(cols)))
        .map(|len| Bucket::new(len, size, Vec::new(), Vec::new()))
        .collect();
    let bucket_at = |len: usize| -> &Bucket { index.bucket(len).map_or(&empty[len], |(b, _)| b) };
    let matches = |b: &Bucket, fixed: &[(usize, u16)], w: u32| {
        fixed.iter().all(|&(p, a)| b.letter(w, p) == a)
    };

    // A complete entry is kept as it is: out of the search, its word (when the list
    // has it) out of every other entry of its length.
    let complete: Vec<Option<Option<u32>>> = slots
        .iter()
        .map(|s| {
            let fixed: Vec<(usize, u16)> = s
                .cells
                .iter()
                .enumerate()
                .filter_map(|(p, &c)| given[c].map(|a| (p, a)))
                .collect();
            (fixed.len() == s.cells.len()).then(|| {
                let b = bucket_at(s.cells.len());
                (0..b.words() as u32).find(|&w| matches(b, &fixed, w))
            })
        })
        .collect();
    if let Some(word) = complete[target] {
        let candidates = word
            .map(|w| {
                let (b, sources) = index.bucket(slots[target].cells.len()).expect("a word");
                (index.shown(sources[w as usize]), b.scores[w as usize])
            })
            .into_iter()
            .collect::<Vec<_>>();
        let s = &slots[target];
        return Ok(Fits {
            start: (s.cells[0] / cols, s.cells[0] % cols),
            direction: s.direction,
            len: s.cells.len(),
            pattern: typed(target),
            total: candidates.len(),
            candidates,
            cut: false,
        });
    }

    // The open entries, as the search sees them.
    let open: Vec<usize> = (0..slots.len())
        .filter(|&t| complete[t].is_none())
        .collect();
    let mut number = vec![u32::MAX; slots.len()];
    for (i, &t) in open.iter().enumerate() {
        number[t] = i as u32;
    }
    let mut at_cell: Vec<[Option<(u32, u32)>; 2]> = vec![[None; 2]; pattern.squares.len()];
    for &t in &open {
        let d = (slots[t].direction == Direction::Down) as usize;
        for (p, &c) in slots[t].cells.iter().enumerate() {
            at_cell[c][d] = Some((number[t], p as u32));
        }
    }
    let mut lengths: Vec<usize> = open.iter().map(|&t| slots[t].cells.len()).collect();
    lengths.sort_unstable();
    lengths.dedup();
    let bucket_of = |len: usize| lengths.binary_search(&len).expect("a length used");
    let mut specs = Vec::with_capacity(open.len());
    for &t in &open {
        let s = &slots[t];
        let len = s.cells.len();
        let b = bucket_at(len);
        let d = (s.direction == Direction::Down) as usize;
        let fixed: Vec<(usize, u16)> = s
            .cells
            .iter()
            .enumerate()
            .filter_map(|(p, &c)| given[c].map(|a| (p, a)))
            .collect();
        let good = b.scores.partition_point(|&sc| sc >= min_score);
        let taken: Vec<u32> = (0..slots.len())
            .filter(|&u| slots[u].cells.len() == len)
            .filter_map(|u| complete[u].flatten())
            .collect();
        let options: Vec<u32> = if fixed.is_empty() {
            (0..good as u32).filter(|w| !taken.contains(w)).collect()
        } else {
            let (p, a) = *fixed
                .iter()
                .min_by_key(|&&(p, a)| {
                    let k = p * size + a as usize;
                    b.start[k + 1] - b.start[k]
                })
                .expect("a pre-filled square");
            let k = p * size + a as usize;
            b.post[b.start[k] as usize..b.start[k + 1] as usize]
                .iter()
                .copied()
                .filter(|&w| (w as usize) < good && matches(b, &fixed, w) && !taken.contains(&w))
                .collect()
        };
        if options.is_empty() {
            return Err(dead(t));
        }
        specs.push(SlotSpec {
            bucket: bucket_of(len),
            options,
            cross: s.cells.iter().map(|&c| at_cell[c][1 - d]).collect(),
        });
    }
    let problem = Problem {
        alphabet: size,
        buckets: lengths.iter().map(|&len| bucket_at(len)).collect(),
        slots: specs,
    };
    let (total, words, cut) = search::fitting(&problem, number[target] as usize, limit, FITS_TIME)
        .map_err(|u| dead(open[u]))?;
    let s = &slots[target];
    let candidates = match index.bucket(s.cells.len()) {
        Some((b, sources)) => words
            .iter()
            .map(|&w| (index.shown(sources[w as usize]), b.scores[w as usize]))
            .collect(),
        None => Vec::new(),
    };
    Ok(Fits {
        start: (s.cells[0] / cols, s.cells[0] % cols),
        direction: s.direction,
        len: s.cells.len(),
        pattern: typed(target),
        total,
        candidates,
        cut,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::fill::Slot;

    /// Arc consistency by the definition, over words as strings: a word stays in a slot
    /// while every crossing slot has a word with its letter there, and a slot down to
    /// one word takes it from every other slot. `None` when a slot runs out.
    fn consistent(slots: &[Slot], mut domains: Vec<Vec<String>>) -> Option<Vec<Vec<String>>> {
        let letter = |w: &str, i: usize| w.as_bytes()[i];
        loop {
            let mut changed = false;
            for t in 0..slots.len() {
                let before = domains[t].len();
                let kept: Vec<String> = domains[t]
                    .iter()
                    .filter(|w| {
                        slots[t].cells.iter().enumerate().all(|(p, c)| {
                            slots.iter().enumerate().all(|(u, s)| {
                                if u == t {
                                    return true;
                                }
                                match s.cells.iter().position(|x| x == c) {
                                    None => true,
                                    Some(q) => {
                                        domains[u].iter().any(|x| letter(x, q) == letter(w, p))
                                    }
                                }
                            })
                        })
                    })
                    .filter(|w| {
                        (0..slots.len()).all(|u| {
                            u == t
                                || slots[u].cells.len() != slots[t].cells.len()
                                || domains[u] != [w.to_string()]
                        })
                    })
                    .cloned()
                    .collect();
                if kept.is_empty() {
                    return None;
                }
                changed |= kept.len() != before;
                domains[t] = kept;
            }
            if !changed {
                return Some(domains);
            }
        }
    }

    #[test]
    fn fits_agrees_with_arc_consistency_by_the_definition() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut cases, mut pruned, mut dead) = (0, 0, 0);
        while cases < 150 {
            let (rows, cols) = (rng.gen_range(3..=4), rng.gen_range(3..=4));
            let text: String = (0..rows)
                .map(|_| {
                    let row: String = (0..cols)
                        .map(|_| match rng.gen_range(0..10) {
                            0 => '#',
                            1 => ['a', 'b', 'c'][rng.gen_range(0..3)],
                            _ => '.',
                        })
                        .collect();
                    row + "\n"
                })
                .collect();
            let pattern = Pattern::parse(&text).unwrap();
            let Ok(slots) = pattern.slots(Style::British) else {
                continue;
            };
            let mut list = BTreeSet::new();
            for _ in 0..rng.gen_range(5..40) {
                let len = rng.gen_range(3..=4);
                let w: String = (0..len)
                    .map(|_| ['a', 'b', 'c'][rng.gen_range(0..3)])
                    .collect();
                list.insert(w);
            }
            let words: Vec<ScoredWord> = list
                .iter()
                .map(|w| ScoredWord {
                    word: w.clone(),
                    score: rng.gen_range(0..4) * 10,
                })
                .collect();
            let min_score = 10;
            let index = WordIndex::new(&words, &Profile::default());
            let typed = |s: &Slot, w: &str| {
                s.cells
                    .iter()
                    .zip(w.bytes())
                    .all(|(&c, b)| match &pattern.squares[c] {
                        Square::Given(g) => g.as_bytes() == [b],
                        _ => true,
                    })
            };
            let complete = |s: &Slot| {
                s.cells
                    .iter()
                    .all(|&c| matches!(pattern.squares[c], Square::Given(_)))
            };
            // Complete entries the list lacks are kept as they are: leave such grids out.
            let theme = slots.iter().any(|s| {
                complete(s)
                    && !words
                        .iter()
                        .any(|w| w.word.len() == s.cells.len() && typed(s, &w.word))
            });
            if theme {
                continue;
            }
            let domains: Vec<Vec<String>> = slots
                .iter()
                .map(|s| {
                    words
                        .iter()
                        .filter(|w| w.word.len() == s.cells.len() && typed(s, &w.word))
                        .filter(|w| complete(s) || w.score >= min_score)
                        .map(|w| w.word.clone())
                        .collect()
                })
                .collect();
            let root = consistent(&slots, domains.clone());
            cases += 1;
            for (t, s) in slots.iter().enumerate() {
                if complete(s) {
                    continue;
                }
                let (r, c) = (s.cells[0] / cols, s.cells[0] % cols);
                let got = fits(
                    &pattern,
                    &index,
                    Style::British,
                    min_score,
                    (r, c),
                    s.direction,
                    1000,
                );
                let Some(root) = &root else {
                    assert!(
                        got.is_err(),
                        "{text}: no arc-consistent domains, but {got:?}"
                    );
                    dead += 1;
                    continue;
                };
                let got = got.unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(got.total, root[t].len(), "{text}{s:?}");
                let expected: BTreeSet<String> = root[t]
                    .iter()
                    .filter(|w| {
                        let mut one = domains.clone();
                        one[t] = vec![w.to_string()];
                        consistent(&slots, one).is_some()
                    })
                    .map(|w| w.to_uppercase())
                    .collect();
                let found: BTreeSet<String> =
                    got.candidates.iter().map(|(w, _)| w.clone()).collect();
                assert_eq!(found, expected, "{text}{s:?}");
                assert!(!got.cut);
                if !expected.is_empty() && expected.len() < root[t].len() {
                    pruned += 1;
                }
                assert!(
                    got.candidates.windows(2).all(|p| p[0].1 >= p[1].1),
                    "best first"
                );
            }
        }
        // The cases are not all trivial: some words pass the grid's arc consistency and
        // fail once written in, and some grids have no fill at all.
        assert!(pruned >= 10 && dead >= 10, "{pruned} pruned, {dead} dead");
    }

    #[test]
    fn fits_names_what_is_wrong() {
        let list = crate::fill::parse_scored_list("cat;60\ncow;50\ntoe;50\nwoe;40\n").unwrap();
        let index = WordIndex::new(&list.words, &Profile::default());
        let grid = Pattern::parse("c..\n.#.\n...").unwrap();
        let err = fits(
            &grid,
            &index,
            Style::British,
            0,
            (1, 1),
            Direction::Across,
            5,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "row 2, column 2: no across entry runs through this square"
        );
        let grid = Pattern::parse("cz.\n.#.\n...").unwrap();
        let err = fits(
            &grid,
            &index,
            Style::British,
            0,
            (2, 0),
            Direction::Across,
            5,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "row 1, column 2: \"z\" is no letter of the word list's alphabet"
        );
        let grid = Pattern::parse("ct.\n.#.\n...").unwrap();
        let err = fits(
            &grid,
            &index,
            Style::British,
            0,
            (2, 0),
            Direction::Across,
            5,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "row 1, column 1: no word of the list (at the minimum score) completes the across entry ct."
        );
    }
}
