//! The walk of a class, and the bounds on the most points any board of it scores.
//!
//! A class gives each cell a *set* of faces. [`Walker::orderly_tree`] walks the
//! class and hands every word path to the orderly trie ([`crate::orderly`], the
//! bound the search uses). [`Walker::bound`], the simpler *max/no-mark* bound,
//! walks the dictionary's automaton over the class as the solver walks one board, a
//! face at a time, but at every cell it may enter it tries each face of the cell's
//! set and keeps the best total of the subtree below (*max*); and it never marks a
//! word as found, so a word that several paths spell counts once per path (*no
//! mark*). For any one board of the class, the solver's path tree is one choice at
//! every node of this walk, and the points it counts (each word once) are at most
//! the points of its path tree (each word once per path): so the bound is at least
//! the score of every board of the class, whatever faces, rules or blanks.

use polyboggle::board::{Board, Face};
use polyboggle::lexicon::Lexicon;
use polyboggle::raw::{Automaton, Node, Transitions, ROOT};
use polyboggle::score::Rules;
use polyboggle::solve;

use crate::orderly::{self, Field, Layout, PackedPath};
use crate::tree::Tree;

/// A face as the walk feeds it to the automaton.
#[derive(Clone, Debug)]
struct FaceKey {
    /// The automaton's class of each byte of the face's key.
    classes: Vec<u8>,
    bytes: Vec<u8>,
    /// The bit of the first byte's class in a state's mask; 0 when no word can
    /// use the face (a blank, or a byte no word has).
    head: u64,
}

/// The faces of a space prepared for one dictionary and rules, and the grid's
/// neighbours: everything a bound needs besides the class.
pub struct Walker<'l> {
    automaton: Automaton<'l>,
    lengths: &'l [u8],
    /// Points by word length in graphemes (0 below the rules' minimum).
    points: Vec<u64>,
    faces: Vec<FaceKey>,
    /// Each cell's neighbours as a bit mask.
    neighbours: Vec<u64>,
    /// Each cell's place in the order cells are forced: the busiest first
    /// (most neighbours, then the first).
    rank: Vec<u8>,
    /// The cells by rank.
    order: Vec<usize>,
    /// The bits a word's index takes in a packed word path.
    word_bits: u32,
    /// The bits a word's points take, where its index does not fit.
    points_bits: u32,
}

/// A walk's view of one class: each cell's faces, flat, and the first-byte
/// classes they start with.
#[derive(Default)]
pub struct Scratch {
    /// `choices[starts[c]..starts[c + 1]]` are cell `c`'s usable faces.
    choices: Vec<Choice>,
    starts: Vec<usize>,
    heads: Vec<u64>,
    /// Automaton steps taken, for the progress line.
    pub steps: u64,
    /// Where the class's word paths keep their faces, and the word paths.
    layout: Layout,
    paths64: Vec<u64>,
    paths128: Vec<u128>,
}

/// One face a cell may show, as the hot loop reads it.
#[derive(Clone, Copy)]
struct Choice {
    /// The bit of its first byte's class.
    head: u64,
    class: u8,
    /// One byte in an exact automaton: the class alone finds the record.
    simple: bool,
    face: u8,
    /// What entering it flips in a packed word path: `flip << shift` (0 at a
    /// forced cell).
    flip: u8,
    shift: u8,
}

impl<'l> Walker<'l> {
    /// A walker for boards of `rows`×`cols` cells (at most 64) whose cells show
    /// faces of `faces` (at most 128).
    pub fn new(
        lexicon: &'l Lexicon,
        rules: &Rules,
        faces: &[Face],
        rows: usize,
        cols: usize,
    ) -> Walker<'l> {
        assert!(rows * cols <= 64 && faces.len() <= 128);
        let automaton = lexicon.automaton();
        let profile = lexicon.profile();
        let faces = faces
            .iter()
            .map(|face| {
                let bytes = solve::spelled_key(face, profile, rules);
                let classes: Vec<u8> = bytes.iter().map(|&b| automaton.class(b)).collect();
                let usable = !classes.is_empty() && classes.iter().all(|&c| c < 64);
                let head = if usable { 1u64 << classes[0] } else { 0 };
                FaceKey {
                    classes,
                    bytes,
                    head,
                }
            })
            .collect();
        let board = Board::new(rows, cols, vec![Face::blank(); rows * cols])
            .expect("a grid of at most 64 cells");
        let neighbours: Vec<u64> = (0..rows * cols)
            .map(|cell| board.neighbours(cell).fold(0u64, |m, n| m | 1 << n))
            .collect();
        let degree = |c: usize| neighbours[c].count_ones();
        let mut order: Vec<usize> = (0..rows * cols).collect();
        order.sort_by_key(|&c| (std::cmp::Reverse(degree(c)), c));
        let mut rank = vec![0u8; rows * cols];
        for (r, &c) in order.iter().enumerate() {
            rank[c] = r as u8;
        }
        let points: Vec<u64> = (0..=polyboggle::normalize::MAX_WORD_LEN)
            .map(|len| rules.points(len) as u64)
            .collect();
        Walker {
            automaton,
            rank,
            order,
            word_bits: bits(lexicon.lengths().len() as u64),
            points_bits: bits(points.iter().copied().max().unwrap_or(0)),
            lengths: lexicon.lengths(),
            points,
            faces,
            neighbours,
        }
    }

    /// How many cells the grid has.
    pub fn cells(&self) -> usize {
        self.neighbours.len()
    }

    /// The cells in the order the search forces them: the busiest first.
    pub fn forcing_order(&self) -> Vec<usize> {
        self.order.clone()
    }

    /// The bits a packed word path of a class with sets of at most `faces` faces
    /// takes at most (with its points, not its word): the orderly bound handles
    /// at most 128.
    pub fn key_bits(&self, faces: usize) -> u32 {
        self.points_bits + self.cells() as u32 * bits(faces as u64)
    }

    /// The orderly bound of the class (see [`crate::orderly`]): at most the
    /// max/no-mark bound's looseness, usually far less. The search builds the trie
    /// instead ([`Walker::orderly_tree`]) and forces cells on it; this is its root's
    /// bound alone, for the enumeration tests (`tests/brute_force.rs`), which is
    /// why it is public.
    pub fn orderly_bound(&self, sets: &[u128], scratch: &mut Scratch) -> u64 {
        let mut tree = Tree::default();
        let root = self.orderly_tree(sets, scratch, &mut tree);
        tree.bound(root)
    }

    /// The orderly trie of the class, built into `tree`: its root.
    ///
    /// # Panics
    /// When a word path of the class takes more than 128 bits
    /// ([`Walker::key_bits`]).
    pub fn orderly_tree(&self, sets: &[u128], scratch: &mut Scratch, tree: &mut Tree) -> u32 {
        scratch.load(sets, &self.faces, self.automaton.is_exact());
        self.lay_out(sets, scratch);
        let bits = scratch.layout.bits();
        if bits <= 64 {
            let paths = std::mem::take(&mut scratch.paths64);
            let (root, paths) = self.trie(scratch, paths, tree);
            scratch.paths64 = paths;
            root
        } else {
            assert!(bits <= 128, "a word path of {bits} bits: at most 128");
            let paths = std::mem::take(&mut scratch.paths128);
            let (root, paths) = self.trie(scratch, paths, tree);
            scratch.paths128 = paths;
            root
        }
    }

    /// Gives each free cell of the class a field of packed word paths, the first
    /// cell to force highest, and each choice what it flips there.
    fn lay_out(&self, sets: &[u128], scratch: &mut Scratch) {
        let width = |cell: usize| match sets[cell].count_ones() {
            1 => 0,
            _ => bits((scratch.starts[cell + 1] - scratch.starts[cell]) as u64),
        };
        let free: u32 = (0..sets.len()).map(width).sum();
        let words = free + self.word_bits <= 128;
        let low_bits = if words {
            self.word_bits
        } else {
            self.points_bits
        };
        let mut fields = vec![Field::default(); sets.len()];
        let mut shift = low_bits;
        for (r, &cell) in self.order.iter().enumerate().rev() {
            let choices = scratch.starts[cell]..scratch.starts[cell + 1];
            if sets[cell].count_ones() == 1 {
                continue;
            }
            let width = width(cell);
            fields[r] = Field { shift, width };
            for (i, choice) in scratch.choices[choices].iter_mut().enumerate() {
                choice.flip = (((1u32 << width) - 1) ^ i as u32) as u8;
                choice.shift = shift.min(127) as u8;
            }
            shift += width;
        }
        scratch.layout = Layout {
            fields,
            low_bits,
            words,
        };
    }

    /// Walks the class laid out in `scratch` into `paths`, sorts them and builds
    /// their trie into `tree`: its root, and the paths' memory back.
    fn trie<K: PackedPath>(
        &self,
        scratch: &mut Scratch,
        mut paths: Vec<K>,
        tree: &mut Tree,
    ) -> (u32, Vec<K>) {
        paths.clear();
        let root = self.automaton.transitions(ROOT);
        let empty = scratch.layout.empty::<K>();
        for cell in 0..self.cells() {
            if root.classes & scratch.heads[cell] != 0 {
                self.collect(scratch, &mut paths, root, 0, cell, 0, empty);
            }
        }
        // A word spelled by several paths through the same cells with the same
        // faces counts once: every board that has one has all.
        paths.sort_unstable();
        let words = scratch.layout.words;
        if words {
            paths.dedup();
        }
        let face =
            |rank: usize, i: usize| scratch.choices[scratch.starts[self.order[rank]] + i].face;
        let points = |low: u64| {
            if words {
                self.word_points(low as u32)
            } else {
                low
            }
        };
        let node = orderly::build(&paths, &scratch.layout, &face, &points, tree);
        (node, paths)
    }

    /// The rank of `cell` in the forcing order.
    pub fn rank(&self, cell: usize) -> u8 {
        self.rank[cell]
    }

    /// Enters `cell` with each of its faces, as [`Walker::cell`] does, adding every
    /// word path met to `paths`; `key` is the path so far, packed.
    #[allow(clippy::too_many_arguments)]
    fn collect<K: PackedPath>(
        &self,
        scratch: &mut Scratch,
        paths: &mut Vec<K>,
        from: Transitions,
        out: u32,
        cell: usize,
        used: u64,
        key: K,
    ) {
        let used = used | 1 << cell;
        for i in scratch.starts[cell]..scratch.starts[cell + 1] {
            let choice = scratch.choices[i];
            if from.classes & choice.head == 0 {
                continue;
            }
            let Some((node, out)) = self.enter_choice(choice, from, out) else {
                continue;
            };
            scratch.steps += 1;
            let key = key ^ K::from_low(choice.flip as u64) << choice.shift as u32;
            if node.is_final {
                let points = self.word_points(out);
                if points > 0 {
                    let low = if scratch.layout.words {
                        out as u64
                    } else {
                        points
                    };
                    paths.push(key | K::from_low(low));
                }
            }
            let next = node.transitions;
            if next.classes != 0 {
                let mut live = self.neighbours[cell] & !used;
                while live != 0 {
                    let n = live.trailing_zeros() as usize;
                    live &= live - 1;
                    if next.classes & scratch.heads[n] != 0 {
                        self.collect(scratch, paths, next, out, n, used, key);
                    }
                }
            }
        }
    }

    /// The max/no-mark bound of the class whose cell `i` may show the faces of bit
    /// set `sets[i]`. The search does not use it: it is the simpler bound the
    /// orderly one is checked against, public for the enumeration tests
    /// (`tests/brute_force.rs`).
    pub fn bound(&self, sets: &[u128], scratch: &mut Scratch) -> u64 {
        scratch.load(sets, &self.faces, self.automaton.is_exact());
        let root = self.automaton.transitions(ROOT);
        let mut total = 0;
        for cell in 0..sets.len() {
            if root.classes & scratch.heads[cell] != 0 {
                total += self.cell(scratch, root, 0, cell, 0);
            }
        }
        total
    }

    /// The most points the paths that enter `cell` from a state with transitions
    /// `from` (output `out` so far, cells `used` taken) can reach, over the cell's
    /// faces.
    fn cell(
        &self,
        scratch: &mut Scratch,
        from: Transitions,
        out: u32,
        cell: usize,
        used: u64,
    ) -> u64 {
        let used = used | 1 << cell;
        let mut best = 0;
        for i in scratch.starts[cell]..scratch.starts[cell + 1] {
            let choice = scratch.choices[i];
            if from.classes & choice.head == 0 {
                continue;
            }
            let Some((node, out)) = self.enter_choice(choice, from, out) else {
                continue;
            };
            scratch.steps += 1;
            let mut value = 0;
            if node.is_final {
                value = self.word_points(out);
            }
            let next = node.transitions;
            if next.classes != 0 {
                let mut live = self.neighbours[cell] & !used;
                while live != 0 {
                    let n = live.trailing_zeros() as usize;
                    live &= live - 1;
                    if next.classes & scratch.heads[n] != 0 {
                        value += self.cell(scratch, next, out, n, used);
                    }
                }
            }
            best = best.max(value);
        }
        best
    }

    /// Enters a cell showing `choice` from a state with transitions `from` (output
    /// `out` so far): the state reached and its output, or `None`.
    #[inline(always)]
    fn enter_choice(&self, choice: Choice, from: Transitions, out: u32) -> Option<(Node, u32)> {
        if choice.simple {
            let node = self
                .automaton
                .node(self.automaton.step_exact(from, choice.class));
            return Some((node, out.wrapping_add(node.output)));
        }
        self.enter(&self.faces[choice.face as usize], from, out)
    }

    /// The points of the word with index `out` (0 for an index past the last word).
    #[inline(always)]
    fn word_points(&self, out: u32) -> u64 {
        let len = self.lengths.get(out as usize).map_or(0, |&l| l as usize);
        self.points[len]
    }

    /// Feeds `face` to the automaton from a state with transitions `from`.
    #[inline(always)]
    fn enter(&self, face: &FaceKey, from: Transitions, out: u32) -> Option<(Node, u32)> {
        let (mut state, o) = self
            .automaton
            .step_from(from, face.classes[0], face.bytes[0])?;
        let mut out = out.wrapping_add(o);
        for (&class, &b) in face.classes[1..].iter().zip(&face.bytes[1..]) {
            let (next, o) = self.automaton.step_class(state, class, b)?;
            state = next;
            out = out.wrapping_add(o);
        }
        Some((self.automaton.node(state), out))
    }
}

impl Scratch {
    fn load(&mut self, sets: &[u128], faces: &[FaceKey], exact: bool) {
        self.choices.clear();
        self.starts.clear();
        self.heads.clear();
        for &set in sets {
            self.starts.push(self.choices.len());
            let mut heads = 0;
            let mut rest = set;
            while rest != 0 {
                let f = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let face = &faces[f];
                if face.head != 0 {
                    self.choices.push(Choice {
                        head: face.head,
                        class: face.classes[0],
                        simple: exact && face.bytes.len() == 1,
                        face: f as u8,
                        flip: 0,
                        shift: 0,
                    });
                    heads |= face.head;
                }
            }
            self.heads.push(heads);
        }
        self.starts.push(self.choices.len());
    }
}

/// The bits it takes to write `n`.
fn bits(n: u64) -> u32 {
    64 - n.leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboggle::Profile;

    fn faces(letters: &str) -> Vec<Face> {
        letters.chars().map(|c| Face::new(&c.to_string())).collect()
    }

    /// The trie of a class packed into `K`: its bound, and the bound of forcing
    /// the first cell to each of its faces.
    fn bounds<K: PackedPath>(walker: &Walker, sets: &[u128]) -> Vec<u64> {
        let mut scratch = Scratch::default();
        scratch.load(sets, &walker.faces, walker.automaton.is_exact());
        walker.lay_out(sets, &mut scratch);
        let mut tree = Tree::default();
        let (root, _) = walker.trie(&mut scratch, Vec::<K>::new(), &mut tree);
        let (_, choices) = tree.choices(root, 0);
        let mut all = vec![tree.bound(root)];
        for (_, child) in choices {
            let forced = tree.force(root, 0, Some(child));
            all.push(tree.bound(forced));
        }
        all
    }

    #[test]
    fn narrow_and_wide_packings_build_the_same_trie() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let rules = Rules::hasbro();
        let faces = faces("etaoinsrlcd");
        let walker = Walker::new(&lexicon, &rules, &faces, 3, 3);
        // Mixed sets, a forced cell among them.
        let sets = [
            0b111,
            0b1_1000,
            0b110_0000,
            0b1,
            0b111_1111_1111,
            0b1010_1010,
            0b11,
            0b1100,
            0b11_0000,
        ];
        let narrow = bounds::<u64>(&walker, &sets);
        assert!(narrow.len() > 2 && narrow[0] > 0);
        assert_eq!(narrow, bounds::<u128>(&walker, &sets));
    }

    #[test]
    fn a_class_of_more_than_64_key_bits_is_packed_wide() {
        let words = [
            "tea", "eat", "seat", "rates", "stare", "brown", "fox", "jumps", "over", "lazy", "dog",
            "the", "wick",
        ];
        let lexicon = Lexicon::from_words(words.iter().copied(), &Profile::default()).unwrap();
        let rules = Rules::hasbro();
        let alphabet = faces("abcdefghijklmnopqrstuvwxyz");
        let walker = Walker::new(&lexicon, &rules, &alphabet, 4, 4);
        let sets = [(1u128 << 26) - 1; 16];
        let mut scratch = Scratch::default();
        let orderly = walker.orderly_bound(&sets, &mut scratch);
        assert!(scratch.layout.bits() > 64);
        // At most max/no-mark, at least a board of the class that holds every word.
        let mut solver = polyboggle::Solver::new(&lexicon, rules.clone());
        let board: Board = "STAR/EATE/TSRA/AETS".parse().unwrap();
        let score = solver.tally(&board).points;
        assert!(score > 0 && score <= orderly, "{score} > {orderly}");
        assert!(orderly <= walker.bound(&sets, &mut scratch));
    }

    #[test]
    fn a_class_too_wide_for_word_indices_carries_points() {
        // 300 words no face starts: word indices of 9 bits.
        let filler: Vec<String> = (0..300).map(|i| format!("z{}", base26(i))).collect();
        let words = ["tea", "eat", "tat", "state", "taste"];
        let all = words
            .iter()
            .copied()
            .chain(filler.iter().map(String::as_str));
        let lexicon = Lexicon::from_words(all, &Profile::default()).unwrap();
        let rules = Rules::hasbro();
        let alphabet = faces("abcdefghijklmnopqrstuvwxy");
        // 24 cells of 25 faces: 120 bits of fields, no room for a word's index.
        let walker = Walker::new(&lexicon, &rules, &alphabet, 4, 6);
        let sets = [(1u128 << 25) - 1; 24];
        let mut scratch = Scratch::default();
        let orderly = walker.orderly_bound(&sets, &mut scratch);
        assert!(!scratch.layout.words && scratch.layout.bits() <= 128);
        let board: Board = "TATE/STAE/TEAS/ATST/EATE/STAT".parse().unwrap();
        let score = polyboggle::Solver::new(&lexicon, rules)
            .tally(&board)
            .points;
        assert!(score > 0 && score <= orderly, "{score} > {orderly}");
        // A 4x4 class of the same faces carries words.
        let walker = Walker::new(&lexicon, &Rules::hasbro(), &alphabet, 4, 4);
        walker.orderly_bound(&[(1u128 << 25) - 1; 16], &mut scratch);
        assert!(scratch.layout.words);
    }

    fn base26(mut n: usize) -> String {
        let mut s = String::new();
        loop {
            s.push((b'a' + (n % 26) as u8) as char);
            n /= 26;
            if n == 0 {
                return s;
            }
        }
    }
}
