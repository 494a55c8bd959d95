//! Games: judging typed guesses against a solved board, and the CS106B
//! human-against-computer game. (The Lab 6 two-player protocol over lines of text is
//! [`crate::duel`].)
//!
//! [`Round`] is what every game shares: the board's words are found once up front,
//! then each guess gets a [`Verdict`] checked in a fixed order (too short, not a
//! word, not on the board, already found). [`Play`] is the human-against-computer game as a state machine fed one line at a
//! time, so a terminal UI, a plain line mode and tests all drive the same logic.
//!
//! ```
//! use polyboggle_play::game::{Round, Verdict};
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
use std::time::{Duration, Instant};

use unicode_segmentation::UnicodeSegmentation;

use polyboggle::board::{Board, Face};
use polyboggle::lexicon::Lexicon;
use polyboggle::normalize::grapheme_len;
use polyboggle::score::Rules;
use polyboggle::solve::{Found, Solver};
use polyboggle_dice::DiceSet;

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

    /// The board's word of this key, if it is one.
    pub fn word(&self, key: &str) -> Option<&Found> {
        self.words.get(key)
    }

    /// Every word on the board, sorted by key.
    pub fn all_words(&self) -> impl Iterator<Item = &Found> {
        self.words.values()
    }

    /// Is this word of the board (a key) one the computer knows, at `level`?
    pub fn known_at(&self, key: &str, level: Option<polyboggle::tiers::TierRange>) -> bool {
        level.is_none_or(|range| polyboggle::tiers::key_in(self.lexicon, key, range))
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

impl Verdict {
    /// The message a player sees for this verdict on `guess`.
    pub fn message(self, guess: &str) -> String {
        match self {
            Verdict::TooShort => format!("{guess} is too short."),
            Verdict::NotAWord => format!("{guess} is not a word."),
            Verdict::NotOnBoard => format!("{guess} is not on board."),
            Verdict::AlreadyFound => format!("{guess} is already found."),
            Verdict::Correct(_) => "Correct.".to_string(),
        }
    }
}

/// Where a [`Play`] game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for an empty line (shake the dice) or a custom board.
    Setup,
    /// The human is finding words; an empty line ends the turn.
    Human,
    /// The computer has taken the rest; waiting for "y" to play again.
    Results,
    /// The player has left.
    Over,
}

/// The human player (0) and the computer (1).
pub const HUMAN: usize = 0;
/// See [`HUMAN`].
pub const COMPUTER: usize = 1;

/// The CS106B game, human against computer, one input line at a time.
///
/// ```
/// use polyboggle_dice::DiceSet;
/// use polyboggle_play::game::{Phase, Play};
/// use polyboggle::{Lexicon, Rules};
///
/// let lexicon = Lexicon::builtin("enable2k")?;
/// let dice = DiceSet::builtin("english-new-4x4")?;
/// let mut game = Play::new(&lexicon, dice, Rules::cs106b(), 7);
/// game.input("ATEE APYO TINU EDSE"); // a custom board
/// assert_eq!(game.phase(), Phase::Human);
/// game.input("pate");
/// assert_eq!(game.message(), "Correct.");
/// game.input(""); // end of the human's turn: the computer takes the rest
/// assert_eq!(game.phase(), Phase::Results);
/// assert!(game.score(1) > game.score(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Play<'l> {
    lexicon: &'l Lexicon,
    dice: DiceSet,
    rules: Rules,
    seed: u64,
    phase: Phase,
    board: Option<Board>,
    round: Option<Round<'l>>,
    message: String,
    highlight: Vec<(usize, usize)>,
    time_limit: Option<Duration>,
    deadline: Option<Instant>,
    /// The tiers the computer knows (`None`: every word).
    level: Option<polyboggle::tiers::TierRange>,
}

impl<'l> Play<'l> {
    /// A game with these dice (their grid is the board size), starting at `seed`.
    pub fn new(lexicon: &'l Lexicon, dice: DiceSet, rules: Rules, seed: u64) -> Play<'l> {
        Play {
            lexicon,
            dice,
            rules,
            seed,
            phase: Phase::Setup,
            board: None,
            round: None,
            message: String::new(),
            highlight: Vec::new(),
            time_limit: None,
            deadline: None,
            level: None,
        }
    }

    /// Lets the computer find only the words it knows at `level` in the dictionary
    /// (the human may still enter any word of it); see [`crate::level`].
    pub fn with_level(mut self, level: crate::level::Level) -> Play<'l> {
        self.level = level.tiers(self.lexicon);
        self
    }

    /// Ends each human turn after `limit` (3 minutes in the real game).
    pub fn with_timer(mut self, limit: Duration) -> Play<'l> {
        self.time_limit = Some(limit);
        self
    }

    /// Feeds one line the player typed.
    pub fn input(&mut self, line: &str) {
        let line = line.trim();
        self.highlight.clear();
        match self.phase {
            Phase::Setup => self.setup(line),
            Phase::Human if self.time_is_up() => self.end_turn("Time is up."),
            Phase::Human if line.is_empty() => self.end_turn(""),
            Phase::Human => self.guess(line),
            Phase::Results
                if line.eq_ignore_ascii_case("y") || line.eq_ignore_ascii_case("yes") =>
            {
                self.phase = Phase::Setup;
                self.board = None;
                self.round = None;
                self.message.clear();
            }
            Phase::Results | Phase::Over => self.phase = Phase::Over,
        }
    }

    /// Ends the human's turn if the timer has run out (call it on each clock tick).
    pub fn tick(&mut self) {
        if self.phase == Phase::Human && self.time_is_up() {
            self.end_turn("Time is up.");
        }
    }

    fn time_is_up(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn setup(&mut self, line: &str) {
        let board = if line.is_empty() {
            // The first shake rolls `seed` itself, as `polyboggle roll --seed` does.
            let board = self
                .dice
                .roll(self.seed, None)
                .expect("a set rolls its own grid");
            self.seed = self.seed.wrapping_add(1);
            board
        } else {
            match self.custom_board(line) {
                Ok(board) => board,
                Err(why) => {
                    self.message = why;
                    return;
                }
            }
        };
        self.round = Some(Round::new(self.lexicon, &board, self.rules.clone(), 2));
        self.board = Some(board);
        self.phase = Phase::Human;
        self.deadline = self.time_limit.map(|limit| Instant::now() + limit);
        self.message = "Find words! An empty line ends your turn.".into();
    }

    /// A typed board: faces left to right, top to bottom, separated by spaces, or
    /// one letter a face when there are none.
    fn custom_board(&self, line: &str) -> Result<Board, String> {
        let (rows, cols) = (self.dice.rows, self.dice.cols);
        let faces: Vec<&str> = if line.contains(char::is_whitespace)
            && line.split_whitespace().count() == rows * cols
        {
            line.split_whitespace().collect()
        } else {
            line.graphemes(true)
                .filter(|g| !g.trim().is_empty())
                .collect()
        };
        if let Some(bad) = faces.iter().find(|f| !f.chars().all(char::is_alphabetic)) {
            return Err(format!(
                "'{bad}' is not a letter: type letters only, or an empty line to shake the dice."
            ));
        }
        if faces.len() != rows * cols {
            return Err(format!(
                "A {rows}x{cols} board needs {} letters; you typed {}. Try again.",
                rows * cols,
                faces.len()
            ));
        }
        Board::new(rows, cols, faces.iter().map(|f| Face::new(f)).collect())
            .map_err(|e| e.to_string())
    }

    fn guess(&mut self, guess: &str) {
        let round = self.round.as_mut().expect("a round in progress");
        let verdict = round.guess(HUMAN, guess);
        self.message = verdict.message(guess);
        if let Verdict::Correct(_) = verdict {
            let key = self.lexicon.profile().key(guess);
            if let Some(found) = round.all_words().find(|f| f.word == key) {
                self.highlight = found.path.clone();
            }
        }
    }

    fn end_turn(&mut self, why: &str) {
        let round = self.round.as_mut().expect("a round in progress");
        let rest: Vec<String> = round
            .unfound()
            .filter(|f| round.known_at(&f.word, self.level))
            .map(|f| f.word.clone())
            .collect();
        for word in &rest {
            round.guess(COMPUTER, word);
        }
        self.phase = Phase::Results;
        self.deadline = None;
        let verdict = match round.score(HUMAN).cmp(&round.score(COMPUTER)) {
            std::cmp::Ordering::Greater => "You win!",
            std::cmp::Ordering::Less => "The computer wins.",
            std::cmp::Ordering::Equal => "A tie.",
        };
        self.message = format!("{why} {verdict} Play again? (y/n)")
            .trim_start()
            .to_string();
    }

    /// The phase the game is in.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The board, once set up.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// The last message for the player (a verdict, a reason, a prompt).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// What the player should type now.
    pub fn prompt(&self) -> &'static str {
        match self.phase {
            Phase::Setup => {
                "Enter: shake the dice, or type a custom board (left to right, top to bottom)"
            }
            Phase::Human => "Your word (empty line: end your turn)",
            Phase::Results => "Play again? (y/n)",
            Phase::Over => "Goodbye.",
        }
    }

    /// The path of the word just accepted, to highlight for a moment.
    pub fn highlight(&self) -> &[(usize, usize)] {
        &self.highlight
    }

    /// Forgets the highlight (when its moment has passed).
    pub fn clear_highlight(&mut self) {
        self.highlight.clear();
    }

    /// A player's ([`HUMAN`] or [`COMPUTER`]) score this round.
    pub fn score(&self, player: usize) -> u64 {
        self.round.as_ref().map_or(0, |r| r.score(player))
    }

    /// A player's words this round, upper case, sorted.
    pub fn words(&self, player: usize) -> Vec<String> {
        self.round.as_ref().map_or_else(Vec::new, |r| {
            r.found_by(player).map(|f| r.display(&f.word)).collect()
        })
    }

    /// Time left in the human's turn, when there is a timer.
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }
}

#[cfg(test)]
mod tests;
