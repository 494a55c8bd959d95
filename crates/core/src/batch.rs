//! Scoring many boards at once: the interface the optimizer scores its candidates
//! through, and its CPU implementation.
//!
//! A [`Batch`] holds boards of one shape compactly: a table of faces, and one byte
//! per cell naming a face of that table. That is the form a candidate generator
//! produces without allocating, and the form a GPU uploads in one copy. A
//! [`Scorer`] turns a batch into one [`Tally`] per board; [`CpuScorer`] runs the
//! solver's level-by-level count on a pool of threads.
//!
//! ```
//! use polyboggle::batch::{Batch, CpuScorer, Scorer};
//! use polyboggle::{Face, Lexicon, Rules};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let faces: Vec<Face> = ["P", "E", "R", "S", "L", "A", "T", "G", "I", "N"]
//!     .iter()
//!     .map(|f| Face::new(f))
//!     .collect();
//! let mut batch = Batch::new(4, 4, faces);
//! // perslatgsineters, written as indices into the face table.
//! batch.push(&[0, 1, 2, 3, 4, 5, 6, 7, 3, 8, 9, 1, 6, 1, 2, 3]);
//! let scorer = CpuScorer::new(&lexicon, Rules::hasbro(), 1);
//! assert_eq!(scorer.tally(&batch)[0].points, 3625);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::board::{Board, Face};
use crate::lexicon::Lexicon;
use crate::score::Rules;
use crate::solve::{Solver, Tally};

/// Boards of one shape, each a row-major list of indices into a shared face table.
#[derive(Clone, Debug)]
pub struct Batch {
    rows: usize,
    cols: usize,
    faces: Vec<Face>,
    cells: Vec<u8>,
}

impl Batch {
    /// An empty batch of `rows`×`cols` boards over `faces` (at most 256 of them).
    pub fn new(rows: usize, cols: usize, faces: Vec<Face>) -> Batch {
        assert!(
            faces.len() <= 256,
            "a batch's face table holds at most 256 faces"
        );
        Batch {
            rows,
            cols,
            faces,
            cells: Vec::new(),
        }
    }

    /// Adds a board: one face index per cell, row by row.
    pub fn push(&mut self, cells: &[u8]) {
        assert_eq!(cells.len(), self.rows * self.cols, "one index per cell");
        debug_assert!(cells.iter().all(|&f| (f as usize) < self.faces.len()));
        self.cells.extend_from_slice(cells);
    }

    /// Removes every board, keeping the shape and the face table.
    pub fn clear(&mut self) {
        self.cells.clear();
    }

    /// How many boards the batch holds.
    pub fn len(&self) -> usize {
        self.cells.len() / (self.rows * self.cols)
    }

    /// Does the batch hold no board?
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Rows and columns of every board.
    pub fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The face table.
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }

    /// All boards' face indices, back to back.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Board `i` as a [`Board`].
    pub fn board(&self, i: usize) -> Board {
        let n = self.rows * self.cols;
        let faces = self.cells[i * n..(i + 1) * n]
            .iter()
            .map(|&f| self.faces[f as usize].clone())
            .collect();
        Board::new(self.rows, self.cols, faces).expect("a batch's boards have its shape")
    }
}

/// A run of boards as [`pack`] groups them.
#[derive(Clone, Debug)]
pub enum Packed {
    /// Boards of one shape over at most 256 distinct faces.
    Batch(Batch),
    /// A board of more than 256 distinct faces, which no batch holds (the solver
    /// scores it alone).
    Alone(Board),
}

/// Packs `boards` into batches, in order (a board's tally is at its place when the
/// batches' tallies are put end to end): a batch ends where the shape changes or
/// its face table is full.
///
/// ```
/// use polyboggle::batch::{self, Packed};
/// use polyboggle::Board;
///
/// let boards: Vec<Board> = ["ab/cd", "Qu b/c d", "abc/def/ghi"]
///     .iter()
///     .map(|b| b.parse().unwrap())
///     .collect();
/// let packed = batch::pack(&boards);
/// assert_eq!(packed.len(), 2);
/// let Packed::Batch(first) = &packed[0] else { panic!() };
/// assert_eq!(first.len(), 2);
/// assert_eq!(first.board(1), boards[1]);
/// ```
pub fn pack(boards: &[Board]) -> Vec<Packed> {
    let mut packer = Packer::default();
    for board in boards {
        packer.add(board);
    }
    packer.finish()
}

/// [`pack`] a board at a time, for boards read one by one: only the face indices
/// are kept, so a batch takes a byte a cell.
#[derive(Default)]
pub struct Packer {
    packed: Vec<Packed>,
    /// The last batch's faces.
    index: FaceIndex,
    cells: Vec<u8>,
    boards: usize,
}

impl Packer {
    /// Adds a board after the others.
    pub fn add(&mut self, board: &Board) {
        self.boards += 1;
        let faces = board.faces();
        if faces.len() > 256 && faces.iter().collect::<HashSet<_>>().len() > 256 {
            self.packed.push(Packed::Alone(board.clone()));
            return;
        }
        // Does the board fit the batch's face table? Faces it has not seen are counted
        // (each once) only when the board could overflow it, and no further than that.
        let room = 256 - self.index.len();
        let fits = faces.len() <= room
            || faces
                .iter()
                .enumerate()
                .filter(|&(i, f)| !self.index.contains(f) && !faces[..i].contains(f))
                .nth(room)
                .is_none();
        self.start_batch_unless_joining((board.rows(), board.cols()), fits);
        let batch = last_batch(&mut self.packed);
        self.cells.clear();
        let index = &mut self.index;
        self.cells
            .extend(faces.iter().map(|face| index.of(batch, face)));
        batch.push(&self.cells);
    }

    /// Adds a board of one ASCII letter a face, given as its letters row by row
    /// (as [`boards::letters`](crate::boards::letters) reads them from a line): the
    /// same as [`add`](Packer::add) of that board, without building it.
    ///
    /// ```
    /// use polyboggle::batch::{Packed, Packer};
    /// use polyboggle::Board;
    ///
    /// let mut packer = Packer::default();
    /// packer.add_letters(2, 2, b"qAbA");
    /// let Packed::Batch(batch) = &packer.finish()[0] else { panic!() };
    /// assert_eq!(batch.board(0), "qA/bA".parse::<Board>()?);
    /// assert_eq!(batch.cells(), [0, 1, 2, 1]);
    /// # Ok::<(), polyboggle::BoardError>(())
    /// ```
    pub fn add_letters(&mut self, rows: usize, cols: usize, letters: &[u8]) {
        assert!(letters.iter().all(u8::is_ascii_alphabetic), "ASCII letters");
        self.boards += 1;
        // Does the board fit the batch's face table? As in `add`.
        let room = 256 - self.index.len();
        let fits = letters.len() <= room || {
            let unseen = letters
                .iter()
                .filter(|&&b| self.index.of_byte[b as usize] == 0)
                .fold(0u128, |set, &b| set | 1 << b);
            unseen.count_ones() as usize <= room
        };
        self.start_batch_unless_joining((rows, cols), fits);
        let batch = last_batch(&mut self.packed);
        self.cells.clear();
        let index = &mut self.index;
        self.cells
            .extend(letters.iter().map(|&b| index.of_ascii(batch, b)));
        batch.push(&self.cells);
    }

    /// Starts a new batch for a board of `shape`, unless the board can join the last
    /// one: same shape, and its new faces `fit` the table.
    fn start_batch_unless_joining(&mut self, shape: (usize, usize), fits: bool) {
        match self.packed.last() {
            Some(Packed::Batch(last)) if last.shape() == shape && fits => {}
            _ => {
                self.index.clear();
                let batch = Batch::new(shape.0, shape.1, Vec::new());
                self.packed.push(Packed::Batch(batch));
            }
        }
    }

    /// How many boards were added.
    pub fn boards(&self) -> usize {
        self.boards
    }

    /// The batches, in order.
    pub fn finish(self) -> Vec<Packed> {
        self.packed
    }
}

/// The last run, a batch.
fn last_batch(packed: &mut [Packed]) -> &mut Batch {
    let Some(Packed::Batch(batch)) = packed.last_mut() else {
        unreachable!("the last run is a batch")
    };
    batch
}

/// Where each face of a batch's table is.
struct FaceIndex {
    of_face: HashMap<Face, u8, BuildHasherDefault<Fnv>>,
    /// The same for faces of one ASCII byte (most of them), without hashing: each
    /// byte's index plus one, 0 when the batch has no such face yet (a byte
    /// indexes all 256 entries, with no bounds check; those past ASCII stay 0).
    of_byte: [u16; 256],
}

impl Default for FaceIndex {
    fn default() -> FaceIndex {
        FaceIndex {
            of_face: HashMap::default(),
            of_byte: [0; 256],
        }
    }
}

impl FaceIndex {
    /// How many faces the table holds.
    fn len(&self) -> usize {
        self.of_face.len()
    }

    fn contains(&self, face: &Face) -> bool {
        self.of_face.contains_key(face)
    }

    /// Forgets every face, for a new batch.
    fn clear(&mut self) {
        self.of_face.clear();
        self.of_byte.fill(0);
    }

    /// `face`'s index in `batch`'s table, where it is added if new.
    #[inline]
    fn of(&mut self, batch: &mut Batch, face: &Face) -> u8 {
        match face.text().as_bytes() {
            [b] if b.is_ascii() && !face.is_blank() => self.of_ascii(batch, *b),
            _ => self.of_other(batch, face),
        }
    }

    /// The index of the face showing the ASCII character `b` (not a blank's `#`).
    #[inline]
    fn of_ascii(&mut self, batch: &mut Batch, b: u8) -> u8 {
        match self.of_byte[b as usize] {
            0 => self.add_ascii(batch, b),
            i => (i - 1) as u8,
        }
    }

    /// [`of_ascii`](FaceIndex::of_ascii) the first time the batch meets `b`.
    #[cold]
    fn add_ascii(&mut self, batch: &mut Batch, b: u8) -> u8 {
        debug_assert!(b.is_ascii());
        let face = Face::new(char::from(b).encode_utf8(&mut [0; 4]));
        let i = self.of_other(batch, &face);
        self.of_byte[b as usize] = i as u16 + 1;
        i
    }

    /// `face`'s index, looked up by hashing.
    fn of_other(&mut self, batch: &mut Batch, face: &Face) -> u8 {
        if let Some(&i) = self.of_face.get(face) {
            return i;
        }
        batch.faces.push(face.clone());
        let i = (batch.faces.len() - 1) as u8;
        self.of_face.insert(face.clone(), i);
        i
    }
}

/// FNV-1a, for [`Packer`]'s index: a face is a byte or two, where SipHash's set-up
/// and finish cost more than the packing of a board otherwise does.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Every board's tally, in order: batches by `scorer`, boards alone by `solver`.
pub fn tally_packed(scorer: &dyn Scorer, solver: &mut Solver, packed: &[Packed]) -> Vec<Tally> {
    let mut out = Vec::new();
    tally_packed_into(scorer, solver, packed, &mut out);
    out
}

/// [`tally_packed`] into `out`, cleared first, whose memory a caller scoring chunk
/// after chunk keeps (see [`Scorer::tally_into`]).
pub fn tally_packed_into(
    scorer: &dyn Scorer,
    solver: &mut Solver,
    packed: &[Packed],
    out: &mut Vec<Tally>,
) {
    // One batch (the common case): straight into `out`.
    if let [Packed::Batch(batch)] = packed {
        return scorer.tally_into(batch, out);
    }
    out.clear();
    for run in packed {
        match run {
            Packed::Batch(batch) => out.extend(scorer.tally(batch)),
            Packed::Alone(board) => out.push(solver.tally(board)),
        }
    }
}

/// Something that scores a batch of boards: words and points of each.
pub trait Scorer: Sync {
    /// One tally per board of `batch`, in order.
    fn tally(&self, batch: &Batch) -> Vec<Tally>;

    /// [`Scorer::tally`] into `out`, cleared first: a caller that scores batch after
    /// batch keeps one allocation. It matters for a GPU's batches of millions of
    /// boards: 4 M tallies are 64 MB, which a fresh allocation maps page by page
    /// (40–48 ms of page faults on a 2-core VM, against 8 ms to write memory already
    /// mapped). The default scores with [`Scorer::tally`].
    fn tally_into(&self, batch: &Batch, out: &mut Vec<Tally>) {
        out.clear();
        out.extend(self.tally(batch));
    }

    /// The rules it scores with.
    fn rules(&self) -> &Rules;

    /// How many boards a call should bring to keep the scorer busy (a GPU wants
    /// far more than a few CPU cores do).
    fn batch_hint(&self) -> usize {
        8192
    }

    /// What it scores on, for reports: `cpu`, or `gpu: <device>`.
    fn backend(&self) -> String {
        "cpu".into()
    }
}

/// The CPU scorer: [`Solver::tally`]'s count on each board, the batch's faces keyed
/// once a chunk of boards, spread over a thread pool.
pub struct CpuScorer<'l> {
    lexicon: &'l Lexicon,
    rules: Rules,
    pool: rayon::ThreadPool,
    /// Idle solvers, one taken per chunk of boards (a solver's buffers are reused
    /// from one chunk to the next).
    solvers: Mutex<Vec<Solver<'l>>>,
}

/// Boards a worker scores before it takes another chunk.
const CHUNK: usize = 64;

impl<'l> CpuScorer<'l> {
    /// A scorer on `threads` threads (0: one per core).
    pub fn new(lexicon: &'l Lexicon, rules: Rules, threads: usize) -> CpuScorer<'l> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool starts");
        CpuScorer {
            lexicon,
            rules,
            pool,
            solvers: Mutex::new(Vec::new()),
        }
    }

    fn tally_chunk(&self, batch: &Batch, first: usize, out: &mut [Tally]) {
        let mut solver = self
            .solvers
            .lock()
            .expect("no thread panics holding the lock")
            .pop()
            .unwrap_or_else(|| Solver::new(self.lexicon, self.rules.clone()));
        // The batch's faces are keyed once for the chunk; a board is then its
        // indices into them.
        let n = batch.rows * batch.cols;
        let shape = batch.board(first);
        solver.key_faces(&batch.faces);
        for (i, tally) in out.iter_mut().enumerate() {
            let cells = &batch.cells[(first + i) * n..(first + i + 1) * n];
            *tally = solver.tally_indexed(&shape, cells);
        }
        self.solvers
            .lock()
            .expect("no thread panics holding the lock")
            .push(solver);
    }
}

impl Scorer for CpuScorer<'_> {
    fn tally(&self, batch: &Batch) -> Vec<Tally> {
        let mut out = vec![Tally::default(); batch.len()];
        self.pool.install(|| {
            out.par_chunks_mut(CHUNK)
                .enumerate()
                .for_each(|(i, chunk)| self.tally_chunk(batch, i * CHUNK, chunk));
        });
        out
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }
}

#[cfg(test)]
mod tests;
