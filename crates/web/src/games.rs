//! Games in progress: the CS106B game, human against computer, a request a move.
//!
//! A game is a [`Round`] of [`polyboggle::game`], the judge the terminal game uses: every
//! guess gets its [`Verdict`] from [`Round::guess`], and at the end of the human's
//! turn the computer takes every word left, as [`polyboggle::game::Play`] does. Games live
//! in memory under a random id: at most [`MAX_GAMES`], each forgotten after
//! [`IDLE_LIMIT`] without a request, the least recently used first when full. With a
//! timer, the server keeps the clock: a guess that comes after the time (and a short
//! grace for the network) ends the turn instead.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{json, Value};

use polyboggle::board::Board;
use polyboggle::game::{Phase, Round, Verdict, COMPUTER, HUMAN};
use polyboggle::lexicon::Lexicon;
use polyboggle::solve::Found;

use crate::{api, ApiError, Dictionaries};

/// The most games kept at once.
pub const MAX_GAMES: usize = 256;
/// A game with no request for this long is forgotten.
pub const IDLE_LIMIT: Duration = Duration::from_secs(60 * 60);
/// The longest timer a game may ask for, in seconds.
pub const MAX_TIMER: u64 = 60 * 60;
/// The longest guess, in bytes.
pub const MAX_GUESS_BYTES: usize = 256;
/// How long after the time is up a guess still counts (it was typed in time).
const GRACE: Duration = Duration::from_secs(2);

/// The games in progress, by id.
pub struct Games {
    games: Mutex<HashMap<String, Game>>,
}

struct Game {
    round: Round<'static>,
    lexicon: &'static Lexicon,
    board: Board,
    dict: String,
    rules: String,
    min_len: usize,
    set: Option<String>,
    seed: Option<u64>,
    timer: Option<u64>,
    deadline: Option<Instant>,
    phase: Phase,
    message: String,
    last_used: Instant,
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
}

/// `POST /api/games/ID/guess`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Guess {
    word: String,
}

impl Default for Games {
    fn default() -> Games {
        Games::new()
    }
}

impl Games {
    /// No games yet.
    pub fn new() -> Games {
        Games {
            games: Mutex::new(HashMap::new()),
        }
    }

    /// How many games are kept now.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Are there none?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Game>> {
        // A panic while judging cannot leave a game half-changed in a way that
        // matters more than losing every game would.
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `POST /api/games`: `{"set": "NAME", "seed": N}` rolls the board (the set
    /// defaults to `english-new-4x4`, the seed to a random one), or `{"board": "..."}`
    /// takes one in any CLI form; `dict` names a dictionary, `rules` is `cs106b` (the
    /// default) or `hasbro`, `timer` is the turn's length in seconds. Answers the
    /// game's view (see `docs/web.md`), with its `id`.
    pub fn create(&self, dicts: &Dictionaries, body: &[u8]) -> Result<String, ApiError> {
        let request: NewGame = api::parse(body)?;
        let (dict, lexicon) = dicts.get(request.dict.as_deref())?;
        let rules_name = request
            .rules
            .as_deref()
            .unwrap_or("cs106b")
            .to_ascii_lowercase();
        let rules = api::rules(&rules_name, None, None, None)?;
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
                let set =
                    api::builtin_set(request.set.as_deref().unwrap_or(polyboggle::defaults::DICE))?;
                let seed = request.seed.unwrap_or_else(api::random_seed);
                let board = set.roll(seed, None).map_err(ApiError::bad)?;
                (board, Some(set.name), Some(seed))
            }
        };
        let now = Instant::now();
        let game = Game {
            round: Round::new(lexicon, &board, rules.clone(), 2),
            lexicon,
            board,
            dict: dict.to_string(),
            rules: rules_name,
            min_len: rules.min_len,
            set,
            seed,
            timer: request.timer,
            deadline: request.timer.map(|secs| now + Duration::from_secs(secs)),
            phase: Phase::Human,
            message: "Find words!".into(),
            last_used: now,
        };
        let id = format!(
            "{:016x}{:016x}",
            polyboggle::random::seed(),
            polyboggle::random::seed()
        );
        let view = game.view(&id);
        let mut games = self.lock();
        games.retain(|_, g| now.duration_since(g.last_used) < IDLE_LIMIT);
        if games.len() >= MAX_GAMES {
            let oldest = games
                .iter()
                .min_by_key(|(_, g)| g.last_used)
                .map(|(id, _)| id.clone());
            if let Some(oldest) = oldest {
                games.remove(&oldest);
            }
        }
        games.insert(id, game);
        Ok(view)
    }

    /// Runs `f` on the game `id`, after ending its turn if the time is up (`grace`
    /// after the deadline).
    fn with<T>(
        &self,
        id: &str,
        grace: Duration,
        f: impl FnOnce(&mut Game) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let mut games = self.lock();
        let game = games.get_mut(id).ok_or_else(|| {
            ApiError::new(
                404,
                format!("no game '{id}' (it ended more than an hour ago, or never began)"),
            )
        })?;
        let now = Instant::now();
        game.last_used = now;
        if game.phase == Phase::Human && game.deadline.is_some_and(|d| now >= d + grace) {
            game.end_turn("Time is up.");
        }
        f(game)
    }

    /// `GET /api/games/ID`: the game's view.
    pub fn view(&self, id: &str) -> Result<String, ApiError> {
        self.with(id, Duration::ZERO, |game| Ok(game.view(id)))
    }

    /// `POST /api/games/ID/guess`: `{"word": "..."}`, judged by [`Round::guess`].
    /// Answers `verdict` (`correct`, `too-short`, `not-a-word`, `not-on-board`,
    /// `already-found`), the terminal game's `message`, the `word` as displayed, its
    /// `points` and `path` when correct, and the human's `score`. After the turn has
    /// ended: HTTP 409.
    pub fn guess(&self, id: &str, body: &[u8]) -> Result<String, ApiError> {
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
        self.with(id, GRACE, |game| {
            if game.phase != Phase::Human {
                return Err(ApiError::new(
                    409,
                    format!("the turn is over. {}", game.message),
                ));
            }
            let verdict = game.round.guess(HUMAN, word);
            let key = game.lexicon.profile().key(word);
            let shown = game.round.display(&key);
            game.message = verdict.message(&shown);
            let path = match verdict {
                Verdict::Correct(_) => game
                    .round
                    .all_words()
                    .find(|f| f.word == key)
                    .map(|f| path(&f.path)),
                _ => None,
            };
            Ok(json!({
                "verdict": verdict_name(verdict),
                "message": game.message,
                "word": shown,
                "points": match verdict { Verdict::Correct(p) => p, _ => 0 },
                "path": path,
                "score": game.round.score(HUMAN),
                "phase": phase_name(game.phase),
                "time_left": game.time_left(),
            })
            .to_string())
        })
    }

    /// `POST /api/games/ID/end`: ends the human's turn; the computer takes every word
    /// left. Answers the game's view (the same again if the turn had already ended).
    pub fn end(&self, id: &str) -> Result<String, ApiError> {
        self.with(id, Duration::ZERO, |game| {
            if game.phase == Phase::Human {
                game.end_turn("");
            }
            Ok(game.view(id))
        })
    }

    /// `DELETE /api/games/ID`: forgets the game.
    pub fn delete(&self, id: &str) -> Result<String, ApiError> {
        match self.lock().remove(id) {
            Some(_) => Ok(json!({ "id": id, "deleted": true }).to_string()),
            None => Err(ApiError::new(404, format!("no game '{id}'"))),
        }
    }
}

impl Game {
    /// The computer takes the rest, as the terminal game's end of turn does.
    fn end_turn(&mut self, why: &str) {
        let rest: Vec<String> = self.round.unfound().map(|f| f.word.clone()).collect();
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

    fn time_left(&self) -> Option<f64> {
        self.deadline.map(|d| {
            let left = d.saturating_duration_since(Instant::now()).as_secs_f64();
            (left * 10.0).round() / 10.0
        })
    }

    fn view(&self, id: &str) -> String {
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
            "time_left": self.time_left(),
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

fn path(path: &[(usize, usize)]) -> Vec<[usize; 2]> {
    path.iter().map(|&(r, c)| [r, c]).collect()
}

fn verdict_name(verdict: Verdict) -> &'static str {
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
