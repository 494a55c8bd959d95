//! The boards an optimizer may visit, and the one-edit moves between them.
//!
//! A [`Space`] is either free letters on an R×C grid (any face of a list in any
//! cell) or a dice set (every board can be rolled: each cell holds a distinct die
//! showing one of its faces). A [`Candidate`] is one board of the space, held as
//! face indices into the space's face table so that building, comparing and
//! batching boards allocates nothing.
//!
//! Boards that differ by a symmetry of the grid (rotations and reflections: 8 for a
//! square, 4 for a rectangle) score the same, so the optimizer compares them by
//! their [`Space::canonical`] key: the smallest of the transformed face lists.

use std::collections::HashMap;

use rand_chacha::ChaCha8Rng;
use unicode_segmentation::UnicodeSegmentation;

use polyboggle::board::{Board, Face};
use polyboggle::lexicon::Lexicon;
use polyboggle::normalize::Profile;
use polyboggle::random::below;
use polyboggle::score::Rules;
use polyboggle_dice::DiceSet;

/// Where a space's boards come from.
#[derive(Clone, Debug)]
enum Kind {
    /// Any of these face indices in any cell.
    Letters(Vec<u8>),
    /// Each die's faces as face indices; `name` is the set's.
    Dice { dice: Vec<Vec<u8>>, name: String },
}

/// The boards an optimizer searches: a grid shape and what its cells may show.
#[derive(Clone, Debug)]
pub struct Space {
    rows: usize,
    cols: usize,
    faces: Vec<Face>,
    kind: Kind,
    /// For each symmetry of the grid, the source cell of each cell.
    symmetries: Vec<Vec<usize>>,
}

/// Why a space cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpaceError {
    /// A zero or too large grid.
    #[error("bad grid size {rows}x{cols}: rows and columns must be at least 1 and the grid at most {MAX_CELLS} cells")]
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// Fewer than two letters to choose from.
    #[error("the letters to choose from are {0:?}: at least two distinct faces are needed")]
    Letters(Vec<String>),
    /// More distinct faces than a candidate can index.
    #[error("{0} distinct faces: at most 255 are supported")]
    TooManyFaces(usize),
    /// A face no board can hold (it holds `/`, `,` or whitespace).
    #[error("the face {0:?} cannot be on a board: faces may not hold '/', ',' or spaces")]
    Face(String),
    /// The dice set has too few dice for the grid.
    #[error("a {rows}x{cols} board needs {cells} {}; {set} has {dice}", if *cells == 1 { "die" } else { "dice" })]
    TooFewDice {
        /// The set's name.
        set: String,
        /// Rows of the grid.
        rows: usize,
        /// Columns of the grid.
        cols: usize,
        /// Cells of the grid.
        cells: usize,
        /// Dice in the set.
        dice: usize,
    },
}

/// One board of a [`Space`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    /// Face index of each cell, row-major.
    pub(crate) cells: Vec<u8>,
    /// Dice spaces: the die in each slot; slots past the cells hold the unused dice.
    pub(crate) slots: Vec<u8>,
    /// Dice spaces: the face index (into the die's own faces) each die shows.
    pub(crate) up: Vec<u8>,
}

impl Candidate {
    /// Face index of each cell, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Dice spaces: the die (index in its set) in each cell, row-major; empty for
    /// letter spaces.
    pub fn dice(&self) -> &[u8] {
        &self.slots[..self.slots.len().min(self.cells.len())]
    }
}

/// The most cells a space's grid may have (as for any board).
pub const MAX_CELLS: usize = polyboggle::board::MAX_CELLS;

impl Space {
    /// Free letters: every cell may show any of `faces`.
    ///
    /// Faces that are the same under `profile` (or blank) are merged.
    pub fn letters(
        rows: usize,
        cols: usize,
        faces: &[String],
        profile: &Profile,
    ) -> Result<Space, SpaceError> {
        check_size(rows, cols)?;
        let mut table = FaceTable::new(profile);
        let mut letters: Vec<u8> = Vec::new();
        for face in faces {
            let id = table.id(face)?;
            if !letters.contains(&id) {
                letters.push(id);
            }
        }
        if letters.len() < 2 {
            return Err(SpaceError::Letters(faces.to_vec()));
        }
        Ok(Space::build(
            rows,
            cols,
            table.faces,
            Kind::Letters(letters),
        ))
    }

    /// A dice set on a `rows`×`cols` grid: every board is rollable from `set`.
    pub fn dice(
        set: &DiceSet,
        rows: usize,
        cols: usize,
        profile: &Profile,
    ) -> Result<Space, SpaceError> {
        check_size(rows, cols)?;
        if set.dice.len() < rows * cols {
            return Err(SpaceError::TooFewDice {
                set: set.name.clone(),
                rows,
                cols,
                cells: rows * cols,
                dice: set.dice.len(),
            });
        }
        let mut table = FaceTable::new(profile);
        let dice = set
            .dice
            .iter()
            .map(|die| die.iter().map(|face| table.id(face)).collect())
            .collect::<Result<Vec<Vec<u8>>, _>>()?;
        let kind = Kind::Dice {
            dice,
            name: set.name.clone(),
        };
        Ok(Space::build(rows, cols, table.faces, kind))
    }

    fn build(rows: usize, cols: usize, faces: Vec<Face>, kind: Kind) -> Space {
        Space {
            rows,
            cols,
            faces,
            kind,
            symmetries: symmetries(rows, cols),
        }
    }

    /// Rows and columns of the grid.
    pub fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The face table candidates index into.
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }

    /// The dice set's name, for dice spaces.
    pub fn dice_set(&self) -> Option<&str> {
        match &self.kind {
            Kind::Dice { name, .. } => Some(name),
            Kind::Letters(_) => None,
        }
    }

    /// Free-letter spaces: the face indices every cell may show.
    pub fn free_letters(&self) -> Option<&[u8]> {
        match &self.kind {
            Kind::Letters(letters) => Some(letters),
            Kind::Dice { .. } => None,
        }
    }

    /// Dice spaces: each die's faces, as face indices.
    pub fn dice_faces(&self) -> Option<&[Vec<u8>]> {
        match &self.kind {
            Kind::Dice { dice, .. } => Some(dice),
            Kind::Letters(_) => None,
        }
    }

    /// The grid's symmetries boards are identified under, the identity first: for
    /// each, the source cell of every cell.
    pub fn symmetries(&self) -> &[Vec<usize>] {
        &self.symmetries
    }

    /// How many symmetries of the grid the optimizer identifies boards under.
    pub fn symmetry_count(&self) -> usize {
        self.symmetries.len()
    }

    /// One line saying what the space is, for summaries and logs.
    pub fn describe(&self) -> String {
        match &self.kind {
            Kind::Letters(letters) => {
                let faces: Vec<&str> = letters
                    .iter()
                    .map(|&f| self.faces[f as usize].text())
                    .collect();
                format!("{}x{} letters {}", self.rows, self.cols, faces.join(","))
            }
            Kind::Dice { name, .. } => format!("{}x{} dice {name}", self.rows, self.cols),
        }
    }

    /// A board of the space drawn at random: uniform letters, or the dice shuffled
    /// over the grid with a random face up each (as a real roll).
    pub fn random(&self, rng: &mut ChaCha8Rng) -> Candidate {
        let n = self.rows * self.cols;
        match &self.kind {
            Kind::Letters(letters) => Candidate {
                cells: (0..n).map(|_| letters[below(rng, letters.len())]).collect(),
                slots: Vec::new(),
                up: Vec::new(),
            },
            Kind::Dice { dice, .. } => {
                let mut slots: Vec<u8> = (0..dice.len() as u8).collect();
                for i in 0..slots.len() {
                    let j = i + below(rng, slots.len() - i);
                    slots.swap(i, j);
                }
                let up: Vec<u8> = dice.iter().map(|d| below(rng, d.len()) as u8).collect();
                let cells = slots[..n]
                    .iter()
                    .map(|&d| dice[d as usize][up[d as usize] as usize])
                    .collect();
                Candidate { cells, slots, up }
            }
        }
    }

    /// Calls `visit` with every board one edit away from `from`: one cell changed to
    /// another letter, or two cells swapped (letters); two dice swapped, a die
    /// turned to another face, or a die swapped with an unused one (dice). Moves
    /// that leave the board's faces unchanged are skipped.
    pub fn neighbours(&self, from: &Candidate, mut visit: impl FnMut(&Candidate)) {
        let n = self.rows * self.cols;
        let mut next = from.clone();
        match &self.kind {
            Kind::Letters(letters) => {
                for cell in 0..n {
                    for &letter in letters {
                        if letter != from.cells[cell] {
                            next.cells[cell] = letter;
                            visit(&next);
                        }
                    }
                    next.cells[cell] = from.cells[cell];
                }
            }
            Kind::Dice { dice, .. } => {
                for cell in 0..n {
                    let die = from.slots[cell] as usize;
                    for (face, &id) in dice[die].iter().enumerate() {
                        if id != from.cells[cell] {
                            next.up[die] = face as u8;
                            next.cells[cell] = id;
                            visit(&next);
                        }
                    }
                    next.up[die] = from.up[die];
                    next.cells[cell] = from.cells[cell];
                    // Swap in a die from outside the grid, any face up.
                    for spare in n..from.slots.len() {
                        let other = from.slots[spare] as usize;
                        next.slots[cell] = other as u8;
                        next.slots[spare] = die as u8;
                        for (face, &id) in dice[other].iter().enumerate() {
                            next.up[other] = face as u8;
                            next.cells[cell] = id;
                            visit(&next);
                        }
                        next.up[other] = from.up[other];
                        next.slots[cell] = die as u8;
                        next.slots[spare] = other as u8;
                        next.cells[cell] = from.cells[cell];
                    }
                }
            }
        }
        for a in 0..n {
            for b in a + 1..n {
                if from.cells[a] != from.cells[b] {
                    next.cells.swap(a, b);
                    if !next.slots.is_empty() {
                        next.slots.swap(a, b);
                    }
                    visit(&next);
                    next.cells.swap(a, b);
                    if !next.slots.is_empty() {
                        next.slots.swap(a, b);
                    }
                }
            }
        }
    }

    /// One random edit of `from` (as [`Space::neighbours`] would list it), for
    /// annealing.
    pub fn random_neighbour(&self, from: &Candidate, rng: &mut ChaCha8Rng) -> Candidate {
        let n = self.rows * self.cols;
        let mut next = from.clone();
        for _ in 0..64 {
            if below(rng, 2) == 0 {
                let (a, b) = (below(rng, n), below(rng, n));
                if from.cells[a] != from.cells[b] {
                    next.cells.swap(a, b);
                    if !next.slots.is_empty() {
                        next.slots.swap(a, b);
                    }
                    return next;
                }
                continue;
            }
            let cell = below(rng, n);
            match &self.kind {
                Kind::Letters(letters) => {
                    let letter = letters[below(rng, letters.len())];
                    if letter != from.cells[cell] {
                        next.cells[cell] = letter;
                        return next;
                    }
                }
                Kind::Dice { dice, .. } => {
                    // Any die not in this cell: turning this one, or swapping in a spare.
                    let slot = if from.slots.len() > n && below(rng, 2) == 0 {
                        n + below(rng, from.slots.len() - n)
                    } else {
                        cell
                    };
                    let die = from.slots[slot] as usize;
                    let face = below(rng, dice[die].len());
                    if dice[die][face] != from.cells[cell] {
                        next.slots.swap(cell, slot);
                        next.up[die] = face as u8;
                        next.cells[cell] = dice[die][face];
                        return next;
                    }
                }
            }
        }
        next
    }

    /// The key boards equal under the grid's symmetries share: the smallest of the
    /// transformed face lists.
    pub fn canonical(&self, cells: &[u8]) -> Vec<u8> {
        let mut best = cells.to_vec();
        let mut other = vec![0; cells.len()];
        for perm in &self.symmetries[1..] {
            for (to, &from) in other.iter_mut().zip(perm) {
                *to = cells[from];
            }
            if other < best {
                std::mem::swap(&mut best, &mut other);
            }
        }
        best
    }

    /// `candidate` turned by the symmetry that gives its canonical key (its dice
    /// turned with it).
    pub fn canonical_candidate(&self, candidate: &Candidate) -> Candidate {
        let n = candidate.cells.len();
        let transform = |perm: &[usize]| {
            let mut out = candidate.clone();
            for (i, &from) in perm.iter().enumerate() {
                out.cells[i] = candidate.cells[from];
                if !candidate.slots.is_empty() {
                    out.slots[i] = candidate.slots[from];
                }
            }
            debug_assert_eq!(out.cells.len(), n);
            out
        };
        self.symmetries
            .iter()
            .map(|perm| transform(perm))
            .min_by(|a, b| (&a.cells, &a.slots).cmp(&(&b.cells, &b.slots)))
            .expect("the identity is a symmetry")
    }

    /// The candidate as a [`Board`].
    pub fn board(&self, candidate: &Candidate) -> Board {
        let faces = candidate
            .cells
            .iter()
            .map(|&f| self.faces[f as usize].clone())
            .collect();
        Board::new(self.rows, self.cols, faces).expect("a candidate has its space's shape")
    }
}

/// The most faces [`alphabet`] offers by default.
pub const ALPHABET_LIMIT: usize = 64;

/// A dictionary's alphabet as faces: the graphemes of its words, most frequent
/// first (at most `limit`), upper-cased for display; `q` is offered as `Qu` when the
/// rules read a bare `Q` so.
pub fn alphabet(lexicon: &Lexicon, rules: &Rules, limit: usize) -> Vec<String> {
    let mut counts: HashMap<String, u64> = HashMap::new();
    for word in lexicon.words() {
        for g in word.graphemes(true) {
            *counts.entry(g.to_string()).or_default() += 1;
        }
    }
    let mut graphemes: Vec<(String, u64)> = counts.into_iter().collect();
    graphemes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    graphemes.truncate(limit);
    let profile = lexicon.profile();
    let mut faces: Vec<String> = graphemes
        .into_iter()
        .map(|(g, _)| match g.as_str() {
            "q" if rules.qu => "Qu".to_string(),
            _ => profile.display(&g),
        })
        .collect();
    faces.sort();
    faces
}

/// Splits a `--letters`/`--exclude` list: comma- or space-separated faces
/// (`a,b,ch`), or one grapheme a face when there is no separator (`zqxjkw`).
pub fn parse_letters(text: &str) -> Vec<String> {
    if text.contains([',', ' ']) {
        text.split([',', ' '])
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(str::to_string)
            .collect()
    } else {
        text.graphemes(true).map(str::to_string).collect()
    }
}

/// `faces` without those in `exclude`, compared by key under `profile` (`q` also
/// excludes `Qu`).
pub fn exclude(faces: &[String], exclude: &[String], profile: &Profile) -> Vec<String> {
    let gone: Vec<String> = exclude.iter().map(|f| profile.key(f)).collect();
    faces
        .iter()
        .filter(|face| {
            let key = profile.key(face);
            !gone.iter().any(|g| *g == key || (g == "q" && key == "qu"))
        })
        .cloned()
        .collect()
}

fn check_size(rows: usize, cols: usize) -> Result<(), SpaceError> {
    if rows == 0 || cols == 0 || rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
        return Err(SpaceError::Size { rows, cols });
    }
    Ok(())
}

/// Faces met so far, merged by their key under a profile (a bare `Q` and `Qu` stay
/// distinct: which one reads `Qu` is the rules' business).
struct FaceTable<'p> {
    profile: &'p Profile,
    keys: Vec<String>,
    faces: Vec<Face>,
}

impl<'p> FaceTable<'p> {
    fn new(profile: &'p Profile) -> FaceTable<'p> {
        FaceTable {
            profile,
            keys: Vec::new(),
            faces: Vec::new(),
        }
    }

    fn id(&mut self, text: &str) -> Result<u8, SpaceError> {
        let face = Face::new(text.trim());
        if Board::new(1, 1, vec![face.clone()]).is_err() {
            return Err(SpaceError::Face(text.to_string()));
        }
        let key = if face.is_blank() {
            "#".to_string()
        } else {
            self.profile.key(face.text())
        };
        if let Some(i) = self.keys.iter().position(|k| *k == key) {
            return Ok(i as u8);
        }
        if self.keys.len() == 255 {
            return Err(SpaceError::TooManyFaces(256));
        }
        self.keys.push(key);
        self.faces.push(face);
        Ok((self.faces.len() - 1) as u8)
    }
}

/// The grid's symmetries as cell permutations (`out[i] = in[perm[i]]`), the
/// identity first: the 8 of the square, or the 4 of a rectangle.
fn symmetries(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<usize> {
        (0..rows * cols)
            .map(|i| {
                let (r, c) = f(i / cols, i % cols);
                r * cols + c
            })
            .collect()
    };
    let (r1, c1) = (rows - 1, cols - 1);
    let mut out = vec![
        map(&|r, c| (r, c)),
        map(&|r, c| (r1 - r, c1 - c)),
        map(&|r, c| (r, c1 - c)),
        map(&|r, c| (r1 - r, c)),
    ];
    if rows == cols {
        out.extend([
            map(&|r, c| (c, r)),
            map(&|r, c| (c1 - c, r1 - r)),
            map(&|r, c| (c, r1 - r)),
            map(&|r, c| (c1 - c, r)),
        ]);
    }
    // Thin grids (1×N, 1×1) have fewer distinct symmetries: keep each once.
    let mut distinct: Vec<Vec<usize>> = Vec::new();
    for perm in out {
        if !distinct.contains(&perm) {
            distinct.push(perm);
        }
    }
    distinct
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;
    use std::collections::HashSet;

    fn letters(rows: usize, cols: usize, faces: &str) -> Space {
        let faces: Vec<String> = faces.chars().map(String::from).collect();
        Space::letters(rows, cols, &faces, &Profile::default()).unwrap()
    }

    #[test]
    fn symmetric_boards_share_a_key() {
        let space = letters(4, 4, "abcdefghijklmnop");
        assert_eq!(space.symmetry_count(), 8);
        let board: Vec<u8> = (0..16).collect();
        let key = space.canonical(&board);
        for perm in &space.symmetries {
            let turned: Vec<u8> = perm.iter().map(|&i| board[i]).collect();
            assert_eq!(space.canonical(&turned), key);
        }
        // All 8 images are distinct boards, and the key is the smallest.
        let images: HashSet<Vec<u8>> = space
            .symmetries
            .iter()
            .map(|perm| perm.iter().map(|&i| board[i]).collect())
            .collect();
        assert_eq!(images.len(), 8);
        assert_eq!(key, *images.iter().min().unwrap());
        // A different board has a different key.
        let mut other = board.clone();
        other.swap(0, 5);
        assert_ne!(space.canonical(&other), key);
    }

    #[test]
    fn rectangles_have_four_symmetries() {
        let space = letters(2, 3, "ab");
        assert_eq!(space.symmetry_count(), 4);
        // abc/def turned half a turn is fed/cba.
        assert_eq!(space.symmetries[1], [5, 4, 3, 2, 1, 0]);
        let one = letters(1, 1, "ab");
        assert_eq!(one.symmetry_count(), 1);
        let row = letters(1, 4, "ab");
        assert_eq!(row.symmetry_count(), 2);
        assert_eq!(row.canonical(&[1, 0, 0, 0]), [0, 0, 0, 1]);
    }

    #[test]
    fn letter_neighbours_are_every_single_edit() {
        let space = letters(2, 2, "abc");
        let from = Candidate {
            cells: vec![0, 0, 1, 2],
            slots: vec![],
            up: vec![],
        };
        let mut seen = Vec::new();
        space.neighbours(&from, |c| seen.push(c.cells.clone()));
        // 4 cells × 2 other letters, plus the swaps of unequal pairs (5 of 6).
        assert_eq!(seen.len(), 8 + 5);
        for cells in &seen {
            let changed = cells
                .iter()
                .zip(&from.cells)
                .filter(|(a, b)| a != b)
                .count();
            assert!(changed == 1 || changed == 2, "{cells:?}");
        }
    }

    #[test]
    fn dice_moves_never_leave_the_set() {
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let space = Space::dice(&set, 4, 4, &Profile::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut from = space.random(&mut rng);
        for step in 0..200 {
            let mut count = 0;
            space.neighbours(&from, |c| {
                count += 1;
                assert!(set.check(&space.board(c)).is_ok(), "step {step}");
                consistent(&space, c);
            });
            assert!(count > 100);
            from = space.random_neighbour(&from, &mut rng);
            consistent(&space, &from);
            assert!(set.check(&space.board(&from)).is_ok());
        }
        // A bigger set than the grid: spare dice swap in.
        let big = DiceSet::builtin("english-big-deluxe-5x5").unwrap();
        let small = Space::dice(&big, 3, 3, &Profile::default()).unwrap();
        let from = small.random(&mut rng);
        small.neighbours(&from, |c| {
            consistent(&small, c);
            assert!(big.check(&small.board(c)).is_ok());
        });
    }

    /// A dice candidate's cells show its dice's up faces, each die once.
    fn consistent(space: &Space, c: &Candidate) {
        let Kind::Dice { dice, .. } = &space.kind else {
            panic!("a dice space")
        };
        let mut slots = c.slots.clone();
        slots.sort();
        assert_eq!(slots, (0..dice.len() as u8).collect::<Vec<_>>());
        for (cell, &die) in c.cells.iter().zip(&c.slots) {
            assert_eq!(*cell, dice[die as usize][c.up[die as usize] as usize]);
        }
    }

    #[test]
    fn canonical_candidates_carry_their_dice() {
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let space = Space::dice(&set, 4, 4, &Profile::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let c = space.random(&mut rng);
        let turned = space.canonical_candidate(&c);
        assert_eq!(turned.cells, space.canonical(&c.cells));
        consistent(&space, &turned);
    }

    #[test]
    fn alphabets_and_letter_lists() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let faces = alphabet(&lexicon, &Rules::hasbro(), ALPHABET_LIMIT);
        assert_eq!(faces.len(), 26);
        assert!(faces.contains(&"Qu".to_string()) && !faces.contains(&"Q".to_string()));
        let cs = alphabet(&lexicon, &Rules::cs106b(), ALPHABET_LIMIT);
        assert!(cs.contains(&"Q".to_string()));
        let kept = exclude(&faces, &parse_letters("zqxjkw"), &Profile::default());
        assert_eq!(kept.len(), 20);
        assert!(!kept.contains(&"Qu".to_string()));
        assert_eq!(parse_letters("a,ch, ll"), ["a", "ch", "ll"]);
        assert_eq!(parse_letters("aक्ष"), ["a", "क्ष"]);
        assert_eq!(alphabet(&lexicon, &Rules::hasbro(), 3), ["E", "I", "S"]);
    }

    #[test]
    fn bad_spaces_say_why() {
        let p = Profile::default();
        assert!(matches!(
            Space::letters(0, 4, &["a".into(), "b".into()], &p),
            Err(SpaceError::Size { .. })
        ));
        assert!(matches!(
            Space::letters(4, 4, &["a".into(), "A".into()], &p),
            Err(SpaceError::Letters(_))
        ));
        // Found by the optimize fuzz target: a size whose cell count overflows...
        assert!(matches!(
            Space::letters(usize::MAX, usize::MAX, &["a".into(), "b".into()], &p),
            Err(SpaceError::Size { .. })
        ));
        // ... and faces holding a separator or a control space.
        assert_eq!(
            Space::letters(2, 2, &["a".into(), "/".into()], &p).unwrap_err(),
            SpaceError::Face("/".into())
        );
        assert_eq!(
            Space::letters(2, 2, &["a".into(), "m\0\u{c}\u{2}".into()], &p).unwrap_err(),
            SpaceError::Face("m\0\u{c}\u{2}".into())
        );
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let err = Space::dice(&set, 5, 5, &p).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a 5x5 board needs 25 dice; english-new-4x4 has 16"
        );
    }
}
