//! The server's games in progress: [`Game`]s by id, a request a move.
//!
//! Games live in memory under a random id: at most [`MAX_GAMES`], each forgotten after
//! [`IDLE_LIMIT`] without a request, the least recently used first when full. With a
//! timer, the server keeps the clock: a guess that comes after the time (and a short
//! grace for the network) ends the turn instead.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::game::{self, Game};
use crate::{ApiError, Dictionaries};

pub use crate::game::{MAX_GUESS_BYTES, MAX_TIMER};

/// The most games kept at once.
pub const MAX_GAMES: usize = 256;
/// A game with no request for this long is forgotten.
pub const IDLE_LIMIT: Duration = Duration::from_secs(60 * 60);
/// How long after the time is up a guess still counts (it was typed in time).
pub const GRACE: Duration = Duration::from_secs(2);

/// The games in progress, by id.
pub struct Games {
    /// What the games' clocks count from.
    epoch: Instant,
    games: Mutex<HashMap<String, Kept>>,
}

/// A game and when it was last asked for, since `epoch`.
struct Kept {
    game: Game,
    last_used: Duration,
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
            epoch: Instant::now(),
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

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Kept>> {
        // A panic while judging cannot leave a game half-changed in a way that
        // matters more than losing every game would.
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    /// `POST /api/games`: starts a [`Game`] ([`Game::start`] reads the request).
    /// Answers the game's view (see `docs/web.md`), with its `id`.
    pub fn create(&self, dicts: &Dictionaries, body: &[u8]) -> Result<String, ApiError> {
        let now = self.now();
        let game = Game::start(dicts, body, now)?;
        let id = format!(
            "{:016x}{:016x}",
            polyboggle::random::seed(),
            polyboggle::random::seed()
        );
        let view = game.view(&id, now);
        let mut games = self.lock();
        games.retain(|_, kept| now.saturating_sub(kept.last_used) < IDLE_LIMIT);
        if games.len() >= MAX_GAMES {
            let oldest = games
                .iter()
                .min_by_key(|(_, kept)| kept.last_used)
                .map(|(id, _)| id.clone());
            if let Some(oldest) = oldest {
                games.remove(&oldest);
            }
        }
        games.insert(
            id,
            Kept {
                game,
                last_used: now,
            },
        );
        Ok(view)
    }

    /// Runs `f` on the game `id` at the time now, after ending its turn if the time is
    /// up (`grace` after the deadline).
    fn with<T>(
        &self,
        id: &str,
        grace: Duration,
        f: impl FnOnce(&mut Game, Duration) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let mut games = self.lock();
        let kept = games.get_mut(id).ok_or_else(|| {
            ApiError::new(
                404,
                format!("no game '{id}' (it ended more than an hour ago, or never began)"),
            )
        })?;
        let now = self.now();
        kept.last_used = now;
        kept.game.check_time(now, grace);
        f(&mut kept.game, now)
    }

    /// `GET /api/games/ID`: the game's view.
    pub fn view(&self, id: &str) -> Result<String, ApiError> {
        self.with(id, Duration::ZERO, |game, now| Ok(game.view(id, now)))
    }

    /// `POST /api/games/ID/guess`: `{"word": "..."}`, judged by [`Game::guess`].
    pub fn guess(&self, id: &str, body: &[u8]) -> Result<String, ApiError> {
        let word = game::guess_word(body)?;
        self.with(id, GRACE, |game, now| game.guess(&word, now))
    }

    /// `POST /api/games/ID/end`: ends the human's turn; the computer takes every word
    /// left. Answers the game's view (the same again if the turn had already ended).
    pub fn end(&self, id: &str) -> Result<String, ApiError> {
        self.with(id, Duration::ZERO, |game, now| {
            game.end(now);
            Ok(game.view(id, now))
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
