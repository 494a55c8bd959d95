//! A board prepared for one dictionary: each face's key bytes and byte classes, how
//! it starts, and the neighbours of each cell, as lists and as bit masks. The walk
//! ([`super::walk`]) and the breadth-first search ([`super::breadth_first`]) read the
//! board only through it.

use super::matching::{self, Matching};
use crate::automaton::{Automaton, State, Transitions, NO_CLASS};
use crate::board::{Board, Face, MAX_CELLS};
use crate::lexicon::Lexicon;
use crate::normalize::Profile;
use crate::score::Rules;

/// A board prepared for one dictionary: face keys as bytes and neighbour lists.
pub(super) struct Cells {
    /// All faces' key bytes, back to back.
    pub(super) bytes: Vec<u8>,
    /// The automaton's class of each byte in `bytes`.
    pub(super) classes: Vec<u8>,
    /// `bytes[spans[i].0..spans[i].1]` is cell i's key; blank cells are empty.
    pub(super) spans: Vec<(u32, u32)>,
    /// How each cell's face starts (the board's first cells; a fixed length, so
    /// the walk's lookups need no bounds check).
    pub(super) heads: Box<[Head; MAX_CELLS]>,
    /// `neighbours[offsets[i]..offsets[i + 1]]` are cell i's neighbours.
    pub(super) neighbours: Vec<u16>,
    pub(super) offsets: Vec<u32>,
    /// Each cell's neighbours as a bit mask (boards of up to 64 cells).
    pub(super) neighbour_bits: [u64; 64],
    /// For each of the first 64 cells, the mask of the byte classes below its first
    /// one (0 for a dead face): the level search's step is `first + popcount(mask &
    /// below)`, with no look at the face. One more entry, 0, for the 64 that
    /// `trailing_zeros` gives an empty set, so that needs no masking either.
    pub(super) below: [u64; 65],
    /// The first 64 cells whose face is not [`Kind::Simple`], a bit each.
    pub(super) general: u64,
    /// The class each of the first 64 cells starts with, for [`Matching`] (`None`
    /// for a dead face).
    pub(super) starts: [Option<u8>; 64],
    /// The most neighbours any cell has.
    pub(super) max_degree: usize,
    /// Keyed faces of a batch's face table (each face's head and span).
    pub(super) table: Vec<(Head, (u32, u32))>,
    /// Which cells a state's class mask can move to (boards of up to 64 cells).
    pub(super) matching: Matching,
    pub(super) shape: (usize, usize),
}

/// Is there a face on `board`, and is none of them made of bytes `lexicon`'s words
/// use? Then no word can be found, and the caller may say why (a Hindi board with
/// an English dictionary), rather than report a bare "0 words".
///
/// ```
/// use polyboggle::{solve, Board, Lexicon, Rules};
///
/// let english = Lexicon::builtin("enable2k")?;
/// let hindi: Board = "क्ष मा/न _".parse()?;
/// assert!(solve::foreign_board(&hindi, &english, &Rules::hasbro()));
/// assert!(!solve::foreign_board(&"ATEE/APYO/TINU/EDSE".parse()?, &english, &Rules::hasbro()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn foreign_board(board: &Board, lexicon: &Lexicon, rules: &Rules) -> bool {
    let alphabet = lexicon.automaton().alphabet();
    let mut faces = board.faces().iter().filter(|f| !f.is_blank()).peekable();
    faces.peek().is_some()
        && faces.all(|face| {
            let mut key = lexicon.profile().key(face.text());
            if rules.qu && key == "q" {
                key.push('u');
            }
            !key.bytes().all(|b| alphabet[b as usize])
        })
}

/// The key `face` spells on a path, the bytes the solver feeds the automaton for it:
/// its key under `profile` ([`Profile::key`]), made `qu` for a bare `Q` when the rules
/// read it so, nothing for a blank.
///
/// ```
/// use polyboggle::{solve, Face, Profile, Rules};
///
/// let profile = Profile::default();
/// assert_eq!(solve::spelled_key(&Face::new("Q"), &profile, &Rules::hasbro()), b"qu");
/// assert_eq!(solve::spelled_key(&Face::new("Q"), &profile, &Rules::cs106b()), b"q");
/// assert_eq!(solve::spelled_key(&Face::new("CH"), &profile, &Rules::hasbro()), b"ch");
/// assert!(solve::spelled_key(&Face::blank(), &profile, &Rules::hasbro()).is_empty());
/// ```
pub fn spelled_key(face: &Face, profile: &Profile, rules: &Rules) -> Vec<u8> {
    if face.is_blank() {
        return Vec::new();
    }
    let mut key = profile.key(face.text()).into_bytes();
    if rules.qu && key == b"q" {
        key.push(b'u');
    }
    key
}

/// How a cell's face starts: enough to step most faces without reading their bytes.
#[derive(Clone, Copy, Default)]
pub(super) struct Head {
    pub(super) byte: u8,
    pub(super) class: u8,
    pub(super) kind: Kind,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Kind {
    /// No word can use the face: it is blank, normalizes to nothing, or holds a byte
    /// no word has.
    #[default]
    Dead,
    /// One byte in an exact automaton: the class alone says where to go.
    Simple,
    /// Anything else: step byte by byte.
    General,
}

impl Head {
    /// The bit of the face's first byte class in a state's mask (0 for a dead face,
    /// which then never matches).
    #[inline(always)]
    pub(super) fn bit(self) -> u64 {
        ((self.kind != Kind::Dead) as u64) << self.class
    }

    /// The classes below the face's first one (0 for a dead face): see
    /// [`Cells::below`].
    #[inline(always)]
    pub(super) fn below(self) -> u64 {
        match self.kind {
            Kind::Dead => 0,
            _ => (1u64 << self.class) - 1,
        }
    }

    /// The class the face starts with, unless it is dead.
    #[inline(always)]
    pub(super) fn start(self) -> Option<u8> {
        (self.kind != Kind::Dead).then_some(self.class)
    }
}

impl Default for Cells {
    fn default() -> Cells {
        Cells {
            bytes: Vec::new(),
            classes: Vec::new(),
            spans: Vec::new(),
            heads: Box::new([Head::default(); MAX_CELLS]),
            neighbours: Vec::new(),
            offsets: Vec::new(),
            neighbour_bits: [0; 64],
            below: [0; 65],
            general: 0,
            starts: [None; 64],
            max_degree: 0,
            table: Vec::new(),
            matching: Matching::default(),
            shape: (0, 0),
        }
    }
}

impl Cells {
    /// Normalizes `board`'s faces with the dictionary's profile and the rules' Qu
    /// reading, and builds the neighbour lists (reused when the shape is unchanged).
    pub(super) fn load(&mut self, board: &Board, lexicon: &Lexicon, rules: &Rules) {
        self.bytes.clear();
        self.classes.clear();
        self.spans.clear();
        self.general = 0;
        for (cell, face) in board.faces().iter().enumerate() {
            let (head, span) = self.add_face(face, lexicon, rules);
            self.set(cell, head);
            self.spans.push(span);
        }
        self.finish(board);
    }

    /// Keys a table of faces once for many boards that show them
    /// ([`Cells::load_indexed`]), as [`Cells::load`] keys a board's.
    pub(super) fn load_table(&mut self, faces: &[Face], lexicon: &Lexicon, rules: &Rules) {
        self.bytes.clear();
        self.classes.clear();
        self.table.clear();
        for face in faces {
            let entry = self.add_face(face, lexicon, rules);
            self.table.push(entry);
        }
    }

    /// Loads a board of `shape`'s shape whose cell i shows face `cells[i]` of the
    /// table [`Cells::load_table`] keyed.
    pub(super) fn load_indexed(&mut self, shape: &Board, cells: &[u8]) {
        debug_assert_eq!(cells.len(), shape.faces().len());
        self.spans.clear();
        self.general = 0;
        for (cell, &face) in cells.iter().enumerate() {
            let (head, span) = self.table[face as usize];
            self.set(cell, head);
            self.spans.push(span);
        }
        self.finish(shape);
    }

    /// Appends `face`'s key bytes and their classes: how the face starts, and where
    /// its bytes are.
    pub(super) fn add_face(
        &mut self,
        face: &Face,
        lexicon: &Lexicon,
        rules: &Rules,
    ) -> (Head, (u32, u32)) {
        let profile = lexicon.profile();
        let automaton = lexicon.automaton();
        let start = self.bytes.len() as u32;
        if !face.is_blank() {
            let text = face.text();
            if text.is_ascii() && !profile.turkic {
                // What Profile::key does for ASCII, without allocating.
                self.bytes
                    .extend(text.bytes().map(|b| b.to_ascii_lowercase()));
            } else {
                self.bytes.extend_from_slice(profile.key(text).as_bytes());
            }
            if rules.qu && &self.bytes[start as usize..] == b"q" {
                self.bytes.push(b'u');
            }
        }
        let key = &self.bytes[start as usize..];
        self.classes.extend(key.iter().map(|&b| automaton.class(b)));
        let classes = &self.classes[start as usize..];
        let head = match (key.first(), classes.first()) {
            (Some(&byte), Some(&class)) if !classes.contains(&NO_CLASS) => Head {
                byte,
                class,
                kind: if key.len() == 1 && automaton.is_exact() {
                    Kind::Simple
                } else {
                    Kind::General
                },
            },
            _ => Head::default(),
        };
        (head, (start, self.bytes.len() as u32))
    }

    /// Cell `cell` shows a face that starts as `head` (`general` cleared first).
    #[inline(always)]
    pub(super) fn set(&mut self, cell: usize, head: Head) {
        self.heads[cell] = head;
        if cell < 64 {
            self.below[cell] = head.below();
            self.general |= ((head.kind == Kind::General) as u64) << cell;
            self.starts[cell] = head.start();
        }
    }

    /// What follows from `board`'s faces once [`Cells::set`] has seen each: the
    /// match tables, and the neighbours when the shape changed.
    pub(super) fn finish(&mut self, board: &Board) {
        let count = board.faces().len();
        if count <= matching::MAX {
            self.matching.load(&self.starts[..count]);
        }
        let shape = (board.rows(), board.cols());
        if shape != self.shape {
            self.shape = shape;
            self.neighbours.clear();
            self.offsets.clear();
            for cell in 0..board.faces().len() {
                self.offsets.push(self.neighbours.len() as u32);
                self.neighbours
                    .extend(board.neighbours(cell).map(|n| n as u16));
            }
            self.offsets.push(self.neighbours.len() as u32);
            self.max_degree = self
                .offsets
                .windows(2)
                .map(|w| (w[1] - w[0]) as usize)
                .max()
                .unwrap_or(0);
            // Neighbours as bit masks too, for boards whose cells fit in a u64.
            for cell in 0..board.faces().len().min(64) {
                self.neighbour_bits[cell] = board
                    .neighbours(cell)
                    .fold(0u64, |m, n| m | 1u64 << (n % 64));
            }
        }
    }

    /// Feeds `cell`'s face to `automaton` a byte at a time from a state with
    /// transitions `from` (output `out` so far): the state after the face and the
    /// output with its record's, or `None` when no word goes that way. For faces of several
    /// bytes (`Qu`) and automata whose classes hold several bytes; kept out of line
    /// so the walks' hot loops do not carry what it needs.
    #[inline(never)]
    pub(super) fn enter_bytes(
        &self,
        automaton: Automaton,
        cell: usize,
        from: Transitions,
        out: u32,
    ) -> Option<(State, u32)> {
        let head = self.heads[cell % MAX_CELLS];
        let (state, o) = automaton.step_from(from, head.class, head.byte)?;
        self.enter_rest(automaton, cell, state, out.wrapping_add(o))
    }

    /// [`Cells::enter_bytes`] from `state`, the record its face's first byte leads
    /// to (output `out` so far, that record's included).
    #[inline(never)]
    pub(super) fn enter_rest(
        &self,
        automaton: Automaton,
        cell: usize,
        mut state: State,
        mut out: u32,
    ) -> Option<(State, u32)> {
        let (start, end) = self.spans[cell];
        for i in start as usize + 1..end as usize {
            let (b, class) = (self.bytes[i], self.classes[i]);
            let (next, o) = automaton.step_class(state, class, b)?;
            state = next;
            out = out.wrapping_add(o);
        }
        Some((state, out))
    }

    #[inline]
    pub(super) fn key(&self, cell: usize) -> &[u8] {
        let (start, end) = self.spans[cell];
        &self.bytes[start as usize..end as usize]
    }
}
