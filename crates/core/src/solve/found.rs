//! What the solver answers: the words found on a board with their paths, a tally of
//! words and points, a survey of word indices; and the solution's JSON text, which
//! the command and the server print. Nothing here walks a board.

use crate::board::Board;
use crate::normalize::Profile;

/// A word found on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The word's key (normalized with the dictionary's profile).
    pub word: String,
    /// Its points under the rules.
    pub points: u32,
    /// One path that spells it: (row, col) of each die, in spelling order.
    pub path: Vec<(usize, usize)>,
}

/// Every word on a board, sorted by key, with the total.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solution {
    /// The words, sorted by key.
    pub words: Vec<Found>,
    /// The sum of their points.
    pub score: u64,
}

impl Solution {
    /// The solution as the user contract's JSON object, on one line: the text
    /// `solve --format json` prints and `POST /api/solve` answers. Its fields are
    /// `cols`, `count`, `rows`, `score` and `words`, each word with its `path`
    /// (`[row, col]` pairs, spelling order), `points` and `word` (upper case, as
    /// `profile` displays its key), keys in that order.
    ///
    /// Written directly rather than through `serde_json::Value`, which costs several
    /// times the solve itself on a board of a few hundred words.
    ///
    /// ```
    /// use polyboggle::{Board, Lexicon, Rules, Solver};
    ///
    /// let lexicon = Lexicon::builtin("enable2k")?;
    /// let board: Board = "ATEE/APYO/TINU/EDSE".parse()?;
    /// let solution = Solver::new(&lexicon, Rules::hasbro()).solve(&board);
    /// let text = solution.to_json(&board, lexicon.profile());
    /// assert!(text.starts_with(r#"{"cols":4,"count":156,"rows":4,"score":221,"words":[{"path":[[1,0],[2,1],[3,1]],"points":1,"word":"AID"},"#));
    /// let json: serde_json::Value = serde_json::from_str(&text)?;
    /// assert_eq!(json["words"].as_array().unwrap().len(), solution.words.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_json(&self, board: &Board, profile: &Profile) -> String {
        use std::fmt::Write as _;
        let mut out = String::with_capacity(80 + self.words.len() * 64);
        let _ = write!(
            out,
            r#"{{"cols":{},"count":{},"rows":{},"score":{},"words":["#,
            board.cols(),
            self.words.len(),
            board.rows(),
            self.score
        );
        for (i, found) in self.words.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(r#"{"path":["#);
            for (j, (r, c)) in found.path.iter().enumerate() {
                let comma = if j > 0 { "," } else { "" };
                let _ = write!(out, "{comma}[{r},{c}]");
            }
            let word = serde_json::to_string(&profile.display(&found.word))
                .expect("a string always serializes");
            let _ = write!(out, r#"],"points":{},"word":{word}}}"#, found.points);
        }
        out.push_str("]}");
        out
    }
}

/// Words and points of a board, without the words themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// How many distinct words count.
    pub words: u64,
    /// Their total points.
    pub points: u64,
}

/// What [`Solver::survey`](super::Solver::survey) finds on a board:
/// [`Solver::solve`](super::Solver::solve)'s words as lexicon indices, without
/// building them, and which dice the words use.
#[derive(Clone, Copy, Debug)]
pub struct Survey<'s> {
    /// The index in the lexicon of each word that counts, once each, in no order.
    pub words: &'s [u64],
    /// Their total points.
    pub points: u64,
    /// The longest one's length in graphemes (0 when there is none).
    pub longest: usize,
    /// A flag a cell, row by row: does some path of a word that counts pass through
    /// it? (A cell no word uses is a dead face.)
    pub live: &'s [bool],
}
