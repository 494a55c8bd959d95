//! Games: judging typed guesses against a solved board, and the Lab 6 duel protocol.
//!
//! [`Round`] is the state machine both games share: the board's words are found once
//! up front, then each guess gets a [`Verdict`] checked in a fixed order (too short,
//! not a word, not on the board, already found). [`duel`] drives two players over
//! line-based input and output exactly as the Lab 6 console protocol prescribes.
//!
//! ```
//! use polyboggle::game::{Round, Verdict};
//! use polyboggle::{Lexicon, Rules};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let board = "ATEE/APYO/TINU/EDSE".parse()?;
//! let mut round = Round::new(&lexicon, &board, Rules::cs106b(), 1);
//! assert_eq!(round.guess(0, "pate"), Verdict::Correct(1));
//! assert_eq!(round.guess(0, "PATE"), Verdict::AlreadyFound);
//! assert_eq!(round.guess(0, "pat"), Verdict::TooShort);
//! assert_eq!(round.guess(0, "zebra"), Verdict::NotOnBoard);
//! assert_eq!(round.guess(0, "tqxv"), Verdict::NotAWord);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, BufRead, Write};

use crate::board::Board;
use crate::lexicon::Lexicon;
use crate::normalize::grapheme_len;
use crate::score::Rules;
use crate::solve::{Found, Solver};

/// The judgement on one guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Fewer letters than the rules' minimum.
    TooShort,
    /// Not in the dictionary.
    NotAWord,
    /// A word, but no path on the board spells it.
    NotOnBoard,
    /// This player already has it.
    AlreadyFound,
    /// Accepted, worth this many points.
    Correct(u32),
}

/// One board's words and the players' finds so far.
pub struct Round<'l> {
    lexicon: &'l Lexicon,
    rules: Rules,
    /// Every word on the board, by key.
    words: BTreeMap<String, Found>,
    found: Vec<BTreeSet<String>>,
    scores: Vec<u64>,
}

impl<'l> Round<'l> {
    /// Solves `board` and starts a round for `players` players.
    pub fn new(lexicon: &'l Lexicon, board: &Board, rules: Rules, players: usize) -> Round<'l> {
        let solution = Solver::new(lexicon, rules.clone()).solve(board);
        Round {
            lexicon,
            rules,
            words: solution
                .words
                .into_iter()
                .map(|f| (f.word.clone(), f))
                .collect(),
            found: vec![BTreeSet::new(); players],
            scores: vec![0; players],
        }
    }

    /// Judges `guess` for `player` (from 0) and, when correct, scores it.
    pub fn guess(&mut self, player: usize, guess: &str) -> Verdict {
        let key = self.lexicon.profile().key(guess.trim());
        let len = grapheme_len(&key);
        if len < self.rules.min_len {
            return Verdict::TooShort;
        }
        if !self.lexicon.contains(&key) {
            return Verdict::NotAWord;
        }
        let Some(found) = self.words.get(&key) else {
            return Verdict::NotOnBoard;
        };
        if !self.found[player].insert(key) {
            return Verdict::AlreadyFound;
        }
        self.scores[player] += found.points as u64;
        Verdict::Correct(found.points)
    }

    /// A player's score.
    pub fn score(&self, player: usize) -> u64 {
        self.scores[player]
    }

    /// The words a player has found, sorted.
    pub fn found_by(&self, player: usize) -> impl Iterator<Item = &Found> {
        self.found[player].iter().map(|k| &self.words[k])
    }

    /// Every word on the board, sorted by key.
    pub fn all_words(&self) -> impl Iterator<Item = &Found> {
        self.words.values()
    }

    /// The words on the board that no player has found.
    pub fn unfound(&self) -> impl Iterator<Item = &Found> {
        self.words
            .values()
            .filter(|f| self.found.iter().all(|set| !set.contains(&f.word)))
    }

    /// The dictionary's upper-case display of a key.
    pub fn display(&self, key: &str) -> String {
        self.lexicon.profile().display(key)
    }
}

/// What can stop a duel before it starts.
#[derive(Debug, thiserror::Error)]
pub enum DuelError {
    /// The board at the start of the input is missing or malformed.
    #[error("standard input: {0}")]
    Board(String),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Plays the Lab 6 two-player game: the board (`N`, then N lines of N letters), then
/// each player's guesses until a line `???`, then the summary. End of input at any
/// point after the board ends the game with the summary.
pub fn duel(lexicon: &Lexicon, input: impl BufRead, out: &mut impl Write) -> Result<(), DuelError> {
    let mut lines = input.lines();
    let mut next_line = || -> io::Result<Option<String>> {
        lines
            .next()
            .transpose()
            .map(|l| l.map(|l| l.trim_end_matches('\r').to_string()))
    };
    let size_line = loop {
        match next_line()? {
            Some(line) if line.trim().is_empty() => continue,
            Some(line) => break line,
            None => {
                return Err(DuelError::Board(
                    "no board (expected a line N, then N rows)".into(),
                ))
            }
        }
    };
    let n: usize = size_line
        .trim()
        .parse()
        .map_err(|_| DuelError::Board(format!("'{}' is not a board size N", size_line.trim())))?;
    let mut text = format!("{n}\n");
    for row in 0..n {
        let line = next_line()?
            .ok_or_else(|| DuelError::Board(format!("row {} of {n} is missing", row + 1)))?;
        text.push_str(&line);
        text.push('\n');
    }
    let board: Board = text.parse().map_err(|e| DuelError::Board(format!("{e}")))?;

    let mut round = Round::new(lexicon, &board, Rules::cs106b(), 2);
    'players: for player in 0..2 {
        loop {
            writeln!(out, "Player {} Score: {}", player + 1, round.score(player))?;
            let Some(guess) = next_line()? else {
                break 'players;
            };
            if guess == "???" {
                break;
            }
            let message = match round.guess(player, &guess) {
                Verdict::TooShort => format!("{guess} is too short."),
                Verdict::NotAWord => format!("{guess} is not a word."),
                Verdict::NotOnBoard => format!("{guess} is not on board."),
                Verdict::AlreadyFound => format!("{guess} is already found."),
                Verdict::Correct(_) => "Correct.".to_string(),
            };
            writeln!(out, "{message}")?;
        }
    }
    let (s1, s2) = (round.score(0), round.score(1));
    writeln!(out, "Player 1 Score: {s1}")?;
    writeln!(out, "Player 2 Score: {s2}")?;
    let outcome = match s1.cmp(&s2) {
        std::cmp::Ordering::Greater => "Player 1 wins!",
        std::cmp::Ordering::Less => "Player 2 wins!",
        std::cmp::Ordering::Equal => "It's a tie!",
    };
    writeln!(out, "{outcome}")?;
    let mut all: Vec<String> = round.all_words().map(|f| round.display(&f.word)).collect();
    all.sort();
    writeln!(out, "All possible words: {}", all.join(" "))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normalize::Profile;

    fn play(input: &str) -> String {
        let lexicon = Lexicon::from_words(
            ["tape", "pate", "peat", "tapes", "zebra"],
            &Profile::default(),
        )
        .unwrap();
        let mut out = Vec::new();
        duel(&lexicon, input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn checks_in_order_and_scores() {
        let out = play("2\nta\nep\nTape\ntape\npat\nzebra\nxyzw\n???\npeat\n???\n");
        assert_eq!(
            out,
            "Player 1 Score: 0\nCorrect.\nPlayer 1 Score: 1\ntape is already found.\n\
             Player 1 Score: 1\npat is too short.\nPlayer 1 Score: 1\nzebra is not on board.\n\
             Player 1 Score: 1\nxyzw is not a word.\nPlayer 1 Score: 1\n\
             Player 2 Score: 0\nCorrect.\nPlayer 2 Score: 1\n\
             Player 1 Score: 1\nPlayer 2 Score: 1\nIt's a tie!\nAll possible words: PATE PEAT TAPE\n"
        );
    }

    #[test]
    fn end_of_input_mid_turn_ends_the_game() {
        let out = play("2\nta\nep\npate\n");
        assert!(out.ends_with(
            "Player 1 Score: 1\nPlayer 1 Score: 1\nPlayer 2 Score: 0\nPlayer 1 wins!\nAll possible words: PATE PEAT TAPE\n"
        ), "{out}");
    }
}
