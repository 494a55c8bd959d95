//! The Lab 6 duel: two players take turns typing guesses at one board, over lines of
//! text (standard input and output for `polyboggle duel`), exactly as the Lab 6
//! console protocol prescribes. The judging is [`Round`]'s.
//!
//! ```
//! use polyboggle::Lexicon;
//! use polyboggle_play::duel;
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let mut out = Vec::new();
//! duel::duel(&lexicon, "2\nta\nep\ntape\n???\npeat\n???\n".as_bytes(), &mut out)?;
//! assert!(String::from_utf8(out)?.contains("It's a tie!"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, BufRead, Write};

use crate::game::Round;
use crate::level::Level;
use polyboggle::board::Board;
use polyboggle::files::{ReadError, TextLines, STANDARD_INPUT};
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;

/// What can stop a duel before it starts.
#[derive(Debug, thiserror::Error)]
pub enum DuelError {
    /// The board at the start of the input is missing or malformed.
    #[error("standard input: {0}")]
    Board(String),
    /// Standard input could not be read, or is not UTF-8 text.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// Writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Plays the Lab 6 two-player game: the board (`N`, then N lines of N letters), then
/// each player's guesses until a line `???`, then the summary. End of input at any
/// point after the board ends the game with the summary.
pub fn duel(lexicon: &Lexicon, input: impl BufRead, out: &mut impl Write) -> Result<(), DuelError> {
    duel_at(lexicon, Level::All, Rules::cs106b(), input, out)
}

/// [`duel`] under `rules` (Lab 6's are `cs106b`; a language whose faces are syllables
/// plays by its own) whose summary lists only the words a computer of `level` knows
/// (the players may still enter any word of the dictionary).
///
/// ```
/// use polyboggle_play::level::Level;
/// use polyboggle::tiers::Tiers;
/// use polyboggle::{Compiler, Lexicon, Profile, Rules};
/// use polyboggle_play::duel;
///
/// let mut compiler = Compiler::new(Profile::default());
/// compiler.add_text("tape pate peat");
/// compiler.set_tiers(Tiers::from_lists(&[("easy", "tape")], &Profile::default())?);
/// let lexicon = Lexicon::from_bytes(compiler.finish("t")?.0, "t")?;
/// let mut out = Vec::new();
/// let input = "2\nta\nep\npeat\n???\n???\n".as_bytes();
/// duel::duel_at(&lexicon, Level::Easy, Rules::cs106b(), input, &mut out)?;
/// let out = String::from_utf8(out)?;
/// assert!(out.contains("Player 1 wins!\nAll possible words: TAPE\n"), "{out}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn duel_at(
    lexicon: &Lexicon,
    level: Level,
    rules: Rules,
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), DuelError> {
    let mut lines = TextLines::new(input, STANDARD_INPUT);
    let mut next_line = || -> Result<Option<String>, ReadError> {
        let line = lines.next_line()?;
        Ok(line.map(|l| l.trim_end_matches('\r').to_string()))
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

    let mut round = Round::new(lexicon, &board, rules, 2);
    'players: for player in 0..2 {
        loop {
            writeln!(out, "Player {} Score: {}", player + 1, round.score(player))?;
            let Some(guess) = next_line()? else {
                break 'players;
            };
            if guess == "???" {
                break;
            }
            writeln!(out, "{}", round.guess(player, &guess).message(&guess))?;
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
    let known = level.tiers(lexicon);
    let mut all: Vec<String> = round
        .all_words()
        .filter(|f| round.known_at(&f.word, known))
        .map(|f| round.display(&f.word))
        .collect();
    all.sort();
    writeln!(out, "All possible words: {}", all.join(" "))?;
    Ok(())
}

#[cfg(test)]
mod tests;
