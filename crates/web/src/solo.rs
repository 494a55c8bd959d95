//! One game, human against computer: the CS106B game as the page plays it, in JSON.
//!
//! A [`Game`] is a [`Round`] of [`polyboggle_play::game`], the judge the terminal game uses:
//! every guess gets its [`Verdict`] from [`Round::guess`], and at the end of the human's
//! turn the computer takes every word left that it knows at its level (every word, or
//! the commonest tiers'), as [`polyboggle_play::game::Play`] does. Its
//! answers are the JSON the server's game endpoints send (see `docs/web.md`).
//!
//! A game keeps no clock and no store: every call takes `now`, the time since an epoch
//! its keeper picks, and the keeper holds games by id. The server's [`Games`](crate::Games)
//! counts from its own start; the static page (crates/wasm) from the Unix epoch, so that a
//! game replayed after a reload keeps its deadline. The one thing a game may draw is a
//! seed, for a request that names a dice set but none ([`api::random_seed`]).
//!
//! A game is [`Saved`] as what rebuilds it (board, dictionary, rules, level), the words
//! each player found and the time left on its clock, and [`Game::restore`]d by solving
//! the board again and replaying those words: the server's state file
//! ([`Games::save`](crate::Games::save)) is a list of them.
//!
//! ```
//! use std::time::Duration;
//! use polyboggle_web::{solo::Game, Dictionaries};
//!
//! let dicts = Dictionaries::builtin();
//! let start = Duration::ZERO;
//! let mut game = Game::start(&dicts, br#"{"board": "ATEE/APYO/TINU/EDSE"}"#, start).unwrap();
//! let reply = game.guess("type", start).unwrap();
//! assert!(reply.contains(r#""verdict":"correct""#), "{reply}");
//! assert!(game.guess("tea", start).unwrap().contains(r#""verdict":"too-short""#));
//! game.end(start);
//! assert!(game.view("g1", start).contains(r#""phase":"results""#));
//! ```

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use polyboggle::board::{Board, Face};
use polyboggle::lexicon::Lexicon;
use polyboggle::solve::Found;
use polyboggle::spec::RulesSpec;
use polyboggle_play::game::{Phase, Round, Verdict, COMPUTER, HUMAN};
use polyboggle_play::level::Level;

use crate::{api, ApiError, Dictionaries};

/// The longest timer a game may ask for, in seconds.
pub const MAX_TIMER: u64 = 60 * 60;
/// The longest guess, in bytes.
pub const MAX_GUESS_BYTES: usize = 256;

/// [`Game::footprint`]: the bytes of a game apart from its words (the struct, the board,
/// the strings, the allocator's share), measured with the server's peak memory
/// (`docs/reliability.md`).
const GAME_OVERHEAD: usize = 2048;
/// [`Game::footprint`]: the bytes of one word of the board apart from its text and path
/// (its entry in the round's map, its `Found`).
const WORD_OVERHEAD: usize = 128;

/// One game: its board, its judge, its clock and whose turn it is.
pub struct Game {
    round: Round<'static>,
    lexicon: &'static Lexicon,
    board: Board,
    dict: String,
    rules: String,
    min_len: usize,
    set: Option<String>,
    seed: Option<u64>,
    timer: Option<u64>,
    level: Level,
    deadline: Option<Duration>,
    phase: Phase,
    message: String,
}

/// `POST /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    set: Option<String>,
    seed: Option<u64>,
    board: Option<String>,
    dict: Option<String>,
    rules: Option<String>,
    timer: Option<u64>,
    level: Option<String>,
}

/// The computer's level a request names (`easy`, `medium`, `hard` or `all`, the
/// default), as `play --level` takes it: any but `all` needs a dictionary with tiers.
pub fn level(name: Option<&str>, dict: &str, lexicon: &Lexicon) -> Result<Level, ApiError> {
    let Some(name) = name else {
        return Ok(Level::All);
    };
    let level = Level::named(name).map_err(|e| ApiError::bad(e.to_string()))?;
    level.playable_with(lexicon).map_err(|_| {
        ApiError::bad(format!(
            "level {}: the dictionary {dict} has no tiers (compile it with --tiers FILE, or play level all)",
            level.name()
        ))
    })
}

/// A game as the server's state file keeps it: what rebuilds it, the words each player
/// found (keys), and its clock as the time left (not an instant), so that it resumes
/// where it stopped however long the server was down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// The faces, row by row (`#` a blank).
    pub board: Vec<Vec<String>>,
    /// The dictionary's name on the server.
    pub dict: String,
    /// `cs106b` or `hasbro`.
    pub rules: String,
    /// The dice set and seed that rolled the board, when one did.
    pub set: Option<String>,
    /// See `set`.
    pub seed: Option<u64>,
    /// The turn's length in seconds, when timed.
    pub timer: Option<u64>,
    /// The computer's level (`easy`, `medium`, `hard`, `all`).
    pub level: String,
    /// `human` (the player's turn) or `results`.
    pub phase: String,
    /// Milliseconds left on the clock (a timed game in the player's turn).
    pub time_left_ms: Option<u64>,
    /// The last message shown.
    pub message: String,
    /// The words the human found, as keys.
    pub human: Vec<String>,
    /// The words the computer took, as keys.
    pub computer: Vec<String>,
}

/// Why a [`Saved`] game could not be rebuilt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsaved {
    /// Its dictionary is not one this server serves (now).
    NotServed(String),
    /// It does not describe a game (a damaged file): what is wrong.
    Damaged(String),
}

/// `POST /api/games/ID/guess`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Guess {
    word: String,
}

/// The word of a guess's body, `{"word": "..."}`, trimmed: not empty, at most
/// [`MAX_GUESS_BYTES`].
pub fn guess_word(body: &[u8]) -> Result<String, ApiError> {
    let request: Guess = api::parse(body)?;
    let word = request.word.trim();
    if word.is_empty() {
        return Err(ApiError::bad(
            "word: empty (POST /api/games/ID/end ends the turn)",
        ));
    }
    if word.len() > MAX_GUESS_BYTES {
        return Err(ApiError::bad(format!(
            "word: {} bytes; a guess has at most {MAX_GUESS_BYTES}",
            word.len()
        )));
    }
    Ok(word.to_string())
}

impl Game {
    /// Starts a game as `POST /api/games` asks, at `now`: `{"set": "NAME", "seed": N}`
    /// rolls the board (the set defaults to the dictionary's language's set, else to
    /// `english-new-4x4`; the seed to a random one), or `{"board": "..."}` takes one in any CLI form; `dict` names a
    /// dictionary, `rules` is `cs106b` (the default, or the language's: `syllables` for
    /// Hindi or Korean), `hasbro` or `syllables`, `timer` is the turn's
    /// length in seconds, `level` the computer's ([`level`]).
    pub fn start(dicts: &Dictionaries, body: &[u8], now: Duration) -> Result<Game, ApiError> {
        let request: NewGame = api::parse(body)?;
        let (dict, lexicon) = dicts.get(request.dict.as_deref())?;
        // No rules named: the language's, where it plays by its own (syllables).
        let spec = RulesSpec {
            rules: request.rules.as_deref().map(str::to_ascii_lowercase),
            ..RulesSpec::default()
        };
        let preset = polyboggle_languages::game_rules(dicts.language(dict).map(|l| l.tag));
        let rules = spec.rules_or(preset).map_err(ApiError::bad)?;
        let rules_name = spec.rules.unwrap_or_else(|| preset.to_string());
        let level = level(request.level.as_deref(), dict, lexicon)?;
        if let Some(secs) = request.timer {
            if !(1..=MAX_TIMER).contains(&secs) {
                return Err(ApiError::bad(format!(
                    "timer: {secs} seconds; give 1 to {MAX_TIMER}, or no timer"
                )));
            }
        }
        let (board, set, seed) = match &request.board {
            Some(_) if request.set.is_some() || request.seed.is_some() => {
                return Err(ApiError::bad(
                    "give either a board or a dice set and seed, not both",
                ))
            }
            Some(text) => (api::board(text)?, None, None),
            None => {
                // No set named: the dictionary's language's, else the default.
                let language_set = dicts
                    .language(dict)
                    .and_then(|l| polyboggle_languages::dice_for_language(l.tag));
                let set = api::builtin_set(
                    request
                        .set
                        .as_deref()
                        .or(language_set)
                        .unwrap_or(polyboggle_languages::DICE),
                )?;
                let seed = request.seed.unwrap_or_else(api::random_seed);
                let board = set.roll(seed, None).map_err(ApiError::bad)?;
                (board, Some(set.name), Some(seed))
            }
        };
        Ok(Game {
            round: Round::new(lexicon, &board, rules.clone(), 2),
            lexicon,
            board,
            dict: dict.to_string(),
            rules: rules_name,
            min_len: rules.min_len,
            set,
            seed,
            timer: request.timer,
            level,
            deadline: request.timer.map(|secs| now + Duration::from_secs(secs)),
            phase: Phase::Human,
            message: "Find words!".into(),
        })
    }

    /// Is it still the human's turn?
    pub fn is_human_turn(&self) -> bool {
        self.phase == Phase::Human
    }

    /// Ends the human's turn if the time is up at `now`, `grace` after the deadline.
    pub fn check_time(&mut self, now: Duration, grace: Duration) {
        if self.phase == Phase::Human && self.deadline.is_some_and(|d| now >= d + grace) {
            self.end_turn("Time is up.");
        }
    }

    /// Judges `word` ([`guess_word`] reads it from a request) by [`Round::guess`].
    /// Answers `verdict` (`correct`, `too-short`, `not-a-word`, `not-on-board`,
    /// `already-found`), the terminal game's `message`, the `word` as displayed, its
    /// `points` and `path` when correct, and the human's `score`. After the turn has
    /// ended: HTTP 409.
    pub fn guess(&mut self, word: &str, now: Duration) -> Result<String, ApiError> {
        if self.phase != Phase::Human {
            return Err(ApiError::new(
                409,
                format!("the turn is over. {}", self.message),
            ));
        }
        let verdict = self.round.guess(HUMAN, word);
        let key = self.lexicon.profile().key(word);
        let shown = self.round.display(&key);
        self.message = verdict.message(&shown);
        let path = match verdict {
            Verdict::Correct(_) => self
                .round
                .all_words()
                .find(|f| f.word == key)
                .map(|f| path(&f.path)),
            _ => None,
        };
        Ok(json!({
            "verdict": verdict_name(verdict),
            "message": self.message,
            "word": shown,
            "points": match verdict { Verdict::Correct(p) => p, _ => 0 },
            "path": path,
            "score": self.round.score(HUMAN),
            "phase": phase_name(self.phase),
            "time_left": self.time_left(now),
        })
        .to_string())
    }

    /// Ends the human's turn (nothing, if it has ended): the computer takes every word
    /// left.
    pub fn end(&mut self, _now: Duration) {
        if self.phase == Phase::Human {
            self.end_turn("");
        }
    }

    /// The computer takes the rest it knows at its level, as the terminal game's end
    /// of turn does.
    fn end_turn(&mut self, why: &str) {
        let known = self.level.tiers(self.lexicon);
        let rest: Vec<String> = self
            .round
            .unfound()
            .filter(|f| self.round.known_at(&f.word, known))
            .map(|f| f.word.clone())
            .collect();
        for word in &rest {
            self.round.guess(COMPUTER, word);
        }
        self.phase = Phase::Results;
        self.deadline = None;
        let verdict = match self.round.score(HUMAN).cmp(&self.round.score(COMPUTER)) {
            std::cmp::Ordering::Greater => "You win!",
            std::cmp::Ordering::Less => "The computer wins.",
            std::cmp::Ordering::Equal => "A tie.",
        };
        self.message = format!("{why} {verdict}").trim_start().to_string();
    }

    /// The game as the state file keeps it, at `now`.
    pub fn save(&self, now: Duration) -> Saved {
        let keys = |player| {
            self.round
                .found_by(player)
                .map(|f| f.word.clone())
                .collect()
        };
        Saved {
            board: self
                .board
                .face_rows()
                .into_iter()
                .map(|row| row.into_iter().map(str::to_string).collect())
                .collect(),
            dict: self.dict.clone(),
            rules: self.rules.clone(),
            set: self.set.clone(),
            seed: self.seed,
            timer: self.timer,
            level: self.level.name().to_string(),
            phase: phase_name(self.phase).to_string(),
            time_left_ms: self
                .deadline
                .map(|d| d.saturating_sub(now).as_millis() as u64),
            message: self.message.clone(),
            human: keys(HUMAN),
            computer: keys(COMPUTER),
        }
    }

    /// Rebuilds a [`Saved`] game at `now`: solves its board again over the dictionary of
    /// that name in `dicts` and replays each player's words, each of which must be a
    /// word of the board; its clock goes on from the time it had left.
    pub fn restore(dicts: &Dictionaries, saved: &Saved, now: Duration) -> Result<Game, Unsaved> {
        let damaged = |why: String| Unsaved::Damaged(why);
        let (dict, lexicon) = dicts
            .get(Some(&saved.dict))
            .map_err(|_| Unsaved::NotServed(saved.dict.clone()))?;
        let rules = api::preset(&saved.rules).map_err(|e| damaged(e.message))?;
        let level = level(Some(&saved.level), dict, lexicon).map_err(|e| damaged(e.message))?;
        let rows = saved
            .board
            .iter()
            .map(|row| row.iter().map(|face| Face::new(face)).collect())
            .collect();
        let board = Board::from_rows(rows).map_err(|e| damaged(format!("board: {e}")))?;
        let board = api::board(&board.inline()).map_err(|e| damaged(e.message))?;
        let phase = match saved.phase.as_str() {
            "human" => Phase::Human,
            "results" => Phase::Results,
            other => return Err(damaged(format!("phase '{other}'"))),
        };
        if saved
            .timer
            .is_some_and(|secs| !(1..=MAX_TIMER).contains(&secs))
        {
            return Err(damaged("timer out of range".into()));
        }
        let deadline = match (phase, saved.timer, saved.time_left_ms) {
            (Phase::Human, Some(secs), Some(ms)) => {
                Some(now + Duration::from_millis(ms.min(secs * 1000)))
            }
            (Phase::Human, None, None) | (Phase::Results, _, None) => None,
            _ => return Err(damaged("a clock that does not fit its timer".into())),
        };
        let mut round = Round::new(lexicon, &board, rules.clone(), 2);
        for (player, words) in [(HUMAN, &saved.human), (COMPUTER, &saved.computer)] {
            for word in words {
                if !matches!(round.guess(player, word), Verdict::Correct(_)) {
                    return Err(damaged(format!("'{word}' is not a new word of its board")));
                }
            }
        }
        Ok(Game {
            round,
            lexicon,
            board,
            dict: dict.to_string(),
            rules: saved.rules.clone(),
            min_len: rules.min_len,
            set: saved.set.clone(),
            seed: saved.seed,
            timer: saved.timer,
            level,
            deadline,
            phase,
            message: saved.message.clone(),
        })
    }

    /// About how many bytes the game holds (its board's words and their paths above
    /// all), for the server's memory budget.
    pub fn footprint(&self) -> usize {
        let words: usize = self
            .round
            .all_words()
            .map(|f| WORD_OVERHEAD + 2 * f.word.len() + f.path.len() * 16)
            .sum();
        GAME_OVERHEAD + words
    }

    /// When the game's clock runs out, in its keeper's time (`None`: untimed, or the
    /// turn is over).
    pub fn deadline(&self) -> Option<Duration> {
        self.deadline
    }

    /// The turn's length, when timed.
    pub fn timer(&self) -> Option<Duration> {
        self.timer.map(Duration::from_secs)
    }

    fn time_left(&self, now: Duration) -> Option<f64> {
        self.deadline.map(|d| {
            let left = d.saturating_sub(now).as_secs_f64();
            (left * 10.0).round() / 10.0
        })
    }

    /// The game's view at `now`, under the id `id` (see `docs/web.md`).
    pub fn view(&self, id: &str, now: Duration) -> String {
        let words =
            |player| -> Vec<Value> { self.round.found_by(player).map(|f| self.word(f)).collect() };
        let results = self.phase == Phase::Results;
        let (human, computer) = (self.round.score(HUMAN), self.round.score(COMPUTER));
        let possible = results.then(|| {
            let all: Vec<&Found> = self.round.all_words().collect();
            json!({
                "count": all.len(),
                "score": all.iter().map(|f| f.points as u64).sum::<u64>(),
            })
        });
        let winner = results.then(|| match human.cmp(&computer) {
            std::cmp::Ordering::Greater => "human",
            std::cmp::Ordering::Less => "computer",
            std::cmp::Ordering::Equal => "tie",
        });
        json!({
            "id": id,
            "phase": phase_name(self.phase),
            "set": self.set,
            "seed": self.seed,
            "dict": self.dict,
            "rules": self.rules,
            "min_len": self.min_len,
            "rows": self.board.rows(),
            "cols": self.board.cols(),
            "board": self.board.face_rows(),
            "inline": self.board.inline(),
            "timer": self.timer,
            "level": self.level.name(),
            "time_left": self.time_left(now),
            "human": {"score": human, "words": words(HUMAN)},
            "computer": {"score": computer, "words": words(COMPUTER)},
            "possible": possible,
            "winner": winner,
            "message": self.message,
        })
        .to_string()
    }

    fn word(&self, found: &Found) -> Value {
        json!({
            "word": self.round.display(&found.word),
            "points": found.points,
            "path": path(&found.path),
        })
    }
}

pub(crate) fn path(path: &[(usize, usize)]) -> Vec<[usize; 2]> {
    path.iter().map(|&(r, c)| [r, c]).collect()
}

pub(crate) fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::TooShort => "too-short",
        Verdict::NotAWord => "not-a-word",
        Verdict::NotOnBoard => "not-on-board",
        Verdict::AlreadyFound => "already-found",
        Verdict::Correct(_) => "correct",
    }
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Human => "human",
        _ => "results",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn the_clock_is_the_callers() {
        let dicts = Dictionaries::builtin();
        let body = br#"{"board": "ATEE/APYO/TINU/EDSE", "timer": 60}"#;
        let mut game = Game::start(&dicts, body, secs(1000)).unwrap();
        assert!(game.view("a", secs(1030)).contains(r#""time_left":30.0"#));
        game.check_time(secs(1060), secs(2));
        assert!(game.is_human_turn(), "within the grace");
        game.check_time(secs(1062), secs(2));
        assert!(!game.is_human_turn());
        let err = game.guess("type", secs(1062)).unwrap_err();
        assert_eq!(err.status, 409);
        assert!(
            err.message.starts_with("the turn is over. Time is up."),
            "{}",
            err.message
        );
    }

    #[test]
    fn a_guess_body_is_read_and_bounded() {
        assert_eq!(guess_word(br#"{"word": " tea "}"#).unwrap(), "tea");
        assert_eq!(guess_word(br#"{"word": "  "}"#).unwrap_err().status, 400);
        let long = format!(r#"{{"word": "{}"}}"#, "a".repeat(MAX_GUESS_BYTES + 1));
        assert!(guess_word(long.as_bytes()).is_err());
    }
}
