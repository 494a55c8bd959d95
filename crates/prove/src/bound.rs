//! The walk of a class, and the bounds on the most points any board of it scores.
//!
//! A class gives each cell a *set* of faces. [`Walker::collect_class`] walks the
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

use polyboggle::automaton::{Automaton, Node, Transitions, ROOT};
use polyboggle::board::{Board, Face};
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;
use polyboggle::solve;

use crate::orderly::{Key, WordPaths};
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
    /// The orderly bound's trie, and the cells of one face (bit per cell).
    trie: WordPaths,
    forced: u64,
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
                let bytes = solve::face_key(face, profile, rules);
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
        Walker {
            automaton,
            rank,
            lengths: lexicon.lengths(),
            points: (0..=polyboggle::normalize::MAX_WORD_LEN)
                .map(|len| rules.points(len) as u64)
                .collect(),
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
        let mut order: Vec<usize> = (0..self.rank.len()).collect();
        order.sort_by_key(|&c| self.rank[c]);
        order
    }

    /// The orderly bound of the class (see [`crate::orderly`]): at most the
    /// max/no-mark bound's looseness, usually far less.
    pub fn orderly_bound(&self, sets: &[u128], scratch: &mut Scratch) -> u64 {
        self.collect_class(sets, scratch);
        scratch.trie.bound()
    }

    /// The orderly trie of the class, frozen into `tree`: its root.
    pub fn orderly_tree(&self, sets: &[u128], scratch: &mut Scratch, tree: &mut Tree) -> u32 {
        self.collect_class(sets, scratch);
        scratch.trie.freeze(tree)
    }

    /// Walks the class, leaving its word paths in the scratch's trie.
    pub fn collect_class(&self, sets: &[u128], scratch: &mut Scratch) {
        scratch.load(sets, &self.faces, self.automaton.is_exact());
        scratch.forced = sets
            .iter()
            .enumerate()
            .filter(|(_, s)| s.count_ones() == 1)
            .fold(0u64, |m, (c, _)| m | 1 << c);
        scratch.trie.clear();
        let root = self.automaton.transitions(ROOT);
        let mut keys = [0 as Key; 64];
        for cell in 0..sets.len() {
            if root.classes & scratch.heads[cell] != 0 {
                self.collect(scratch, root, 0, cell, 0, &mut keys, 0);
            }
        }
    }

    /// The rank of `cell` in the forcing order.
    pub fn rank(&self, cell: usize) -> u8 {
        self.rank[cell]
    }

    /// Enters `cell` with each of its faces, as [`Walker::cell`] does, adding every
    /// word path met to the scratch's trie; `keys[..len]` are the path's choices
    /// at free cells so far.
    #[allow(clippy::too_many_arguments)]
    fn collect(
        &self,
        scratch: &mut Scratch,
        from: Transitions,
        out: u32,
        cell: usize,
        used: u64,
        keys: &mut [Key; 64],
        len: usize,
    ) {
        let used = used | 1 << cell;
        let free = scratch.forced >> cell & 1 == 0;
        for i in scratch.starts[cell]..scratch.starts[cell + 1] {
            let choice = scratch.choices[i];
            if from.classes & choice.head == 0 {
                continue;
            }
            let Some((node, out)) = self.enter_choice(choice, from, out) else {
                continue;
            };
            scratch.steps += 1;
            let mut len = len;
            if free {
                keys[len] = (self.rank[cell] as Key) << 8 | choice.face as Key;
                len += 1;
            }
            if node.is_final {
                let points = self.word_points(out);
                if points > 0 {
                    let mut key = [0 as Key; 64];
                    key[..len].copy_from_slice(&keys[..len]);
                    scratch.trie.insert(&mut key[..len], points);
                }
            }
            let next = node.transitions;
            if next.classes != 0 {
                let mut live = self.neighbours[cell] & !used;
                while live != 0 {
                    let n = live.trailing_zeros() as usize;
                    live &= live - 1;
                    if next.classes & scratch.heads[n] != 0 {
                        self.collect(scratch, next, out, n, used, keys, len);
                    }
                }
            }
        }
    }

    /// The max/no-mark bound of the class whose cell `i` may show the faces of bit
    /// set `sets[i]`.
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
                    });
                    heads |= face.head;
                }
            }
            self.heads.push(heads);
        }
        self.starts.push(self.choices.len());
    }
}
