//! The server's games in progress: [`Game`]s by id, a request a move, and the state file
//! that keeps them across restarts.
//!
//! Games live in memory under a random id, within a budget ([`Capacity`]: a number of
//! games, and the bytes they may hold). A game is forgotten only once it has been idle
//! past its time: its timer plus [`QUIET_AFTER_TIMER`], or [`UNTIMED_IDLE`] without a
//! timer; an active game is never pushed out. When the store is full of games still in
//! their time, a new game is refused (503, with when to try again), and nobody's game is
//! dropped for it. A request for a game that is gone says why: it expired, it was
//! deleted, or the id is unknown ([`GONE_RECORD`] ids are remembered).
//!
//! With a timer, the server keeps the clock: a guess that comes after the time (and a
//! short grace for the network) ends the turn instead.
//!
//! [`Games::save`] writes every game to a state file (JSON, through a temporary file
//! and a rename), each clock as the time it has left; [`Games::resume`] reads it back,
//! so that a restarted server goes on where it stopped. A file that is damaged, of
//! another format version or written for other dictionaries is never read in part nor
//! overwritten: it is set aside under a new name and the server starts empty.

use std::collections::{HashMap, VecDeque};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::json;

use polyboggle::files::{self, ReadError, ReadFault, WriteError};

use crate::solo::{self, Game, Saved, Unsaved};
use crate::{ApiError, Dictionaries};

pub use crate::solo::{MAX_GUESS_BYTES, MAX_TIMER};

/// How many games a server keeps by default (`serve --max-games N`).
pub const DEFAULT_MAX_GAMES: usize = 20_000;
/// The bytes of the memory budget each game's place brings ([`Capacity::games`]): a
/// 4x4 game holds about 20 KB, a 12x12 one up to a few MB, so a server of large boards
/// holds fewer of them.
pub const BYTES_PER_GAME: usize = 64 * 1024;
/// An untimed game with no request for this long is forgotten.
pub const UNTIMED_IDLE: Duration = Duration::from_secs(60 * 60);
/// A timed game is forgotten once it has had no request for its timer and this long
/// (time to read the results).
pub const QUIET_AFTER_TIMER: Duration = Duration::from_secs(10 * 60);
/// How long after the time is up a guess still counts (it was typed in time).
pub const GRACE: Duration = Duration::from_secs(2);
/// How many ids of games gone (expired, deleted) are remembered, to say so.
pub const GONE_RECORD: usize = 10_000;
/// How long a client is told to wait while the server stops (503 `Retry-After`).
pub const RESTART_RETRY: u64 = 5;

/// The state file's format version; a file of another is set aside.
pub const STATE_VERSION: u32 = 1;
/// What a state file says it is, in its `format` field.
pub const STATE_FORMAT: &str = "polyboggle serve state";

/// How many games, and how many bytes of them, the server keeps at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capacity {
    /// The most games at once.
    pub games: usize,
    /// The most bytes their words may hold at once ([`Game::footprint`]).
    pub bytes: usize,
}

impl Capacity {
    /// Room for `games` games, with [`BYTES_PER_GAME`] of the budget each.
    pub fn games(games: usize) -> Capacity {
        Capacity {
            games,
            bytes: games.saturating_mul(BYTES_PER_GAME),
        }
    }
}

impl Default for Capacity {
    fn default() -> Capacity {
        Capacity::games(DEFAULT_MAX_GAMES)
    }
}

/// The games in progress, by id.
pub struct Games {
    /// What the games' clocks count from.
    epoch: Instant,
    /// Time the tests have moved the clock on by.
    #[cfg(test)]
    skipped: Mutex<Duration>,
    capacity: Capacity,
    store: Mutex<Store>,
}

struct Store {
    games: HashMap<String, Kept>,
    /// The sum of the games' footprints.
    bytes: usize,
    /// Games gone, the oldest first, and why.
    gone: VecDeque<String>,
    why_gone: HashMap<String, Gone>,
    /// When the next game may expire: no sweep finds one before.
    next_expiry: Duration,
    /// Changes since the store began, and as of the last save.
    changes: u64,
    saved: u64,
    /// No more changes: the server is stopping and saving.
    closed: bool,
}

/// A game, when it was last asked for (since `epoch`), and its bytes.
struct Kept {
    game: Game,
    last_used: Duration,
    bytes: usize,
}

impl Kept {
    /// How long it may stay idle.
    fn idle_limit(&self) -> Duration {
        match self.game.timer() {
            Some(timer) => timer + QUIET_AFTER_TIMER,
            None => UNTIMED_IDLE,
        }
    }

    fn expires(&self) -> Duration {
        self.last_used + self.idle_limit()
    }
}

/// Why a game is gone.
#[derive(Clone, Debug)]
enum Gone {
    Expired(Duration),
    Deleted,
    NotServed(String),
}

impl Default for Games {
    fn default() -> Games {
        Games::new()
    }
}

/// One game in the state file.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedKept {
    id: String,
    /// Milliseconds since its last request.
    idle_ms: u64,
    game: Saved,
}

/// A dictionary as the state file names it: enough to tell it from another of the name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DictId {
    name: String,
    words: u64,
    bytes: u64,
    tiers: u8,
}

impl DictId {
    fn of(dicts: &Dictionaries) -> Vec<DictId> {
        dicts
            .headers()
            .map(|(name, header)| DictId {
                name: name.to_string(),
                words: header.word_count,
                bytes: header.file_size,
                tiers: header.tiers,
            })
            .collect()
    }
}

/// The state file: its format and version, the dictionaries it was written for, the
/// games.
#[derive(Serialize, Deserialize)]
struct StateFile {
    format: String,
    version: u32,
    dicts: Vec<DictId>,
    games: Vec<SavedKept>,
}

/// What [`Games::resume`] did with a state file.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Resumed {
    /// Games taken back.
    pub games: usize,
    /// One line for each thing worth telling: games dropped (their dictionary is not
    /// served now), the file set aside and why.
    pub notes: Vec<String>,
}

impl Games {
    /// No games yet, room for [`DEFAULT_MAX_GAMES`].
    pub fn new() -> Games {
        Games::with_capacity(Capacity::default())
    }

    /// No games yet, room for `capacity`.
    pub fn with_capacity(capacity: Capacity) -> Games {
        Games {
            epoch: Instant::now(),
            #[cfg(test)]
            skipped: Mutex::new(Duration::ZERO),
            capacity,
            store: Mutex::new(Store {
                games: HashMap::new(),
                bytes: 0,
                gone: VecDeque::new(),
                why_gone: HashMap::new(),
                next_expiry: Duration::ZERO,
                changes: 0,
                saved: 0,
                closed: false,
            }),
        }
    }

    /// The room it has.
    pub fn capacity(&self) -> Capacity {
        self.capacity
    }

    /// How many games are kept now.
    pub fn len(&self) -> usize {
        self.lock().games.len()
    }

    /// Are there none?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> MutexGuard<'_, Store> {
        // A panic while judging cannot leave a game half-changed in a way that
        // matters more than losing every game would.
        self.store.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn now(&self) -> Duration {
        #[cfg(test)]
        return self.epoch.elapsed() + *self.skipped.lock().unwrap();
        #[cfg(not(test))]
        self.epoch.elapsed()
    }

    /// `POST /api/games`: starts a [`Game`] ([`Game::start`] reads the request).
    /// Answers the game's view (see `docs/web.md`), with its `id`; 503 with
    /// `retry_after` when every place is taken by a game still in its time.
    pub fn create(&self, dicts: &Dictionaries, body: &[u8]) -> Result<String, ApiError> {
        let game = Game::start(dicts, body, self.now())?;
        let bytes = game.footprint();
        if bytes > self.capacity.bytes {
            return Err(ApiError::bad(format!(
                "this board's game would hold {} KB, more than this server's whole budget of {} KB",
                bytes / 1024,
                self.capacity.bytes / 1024
            )));
        }
        let id = format!(
            "{:016x}{:016x}",
            polyboggle::random::seed(),
            polyboggle::random::seed()
        );
        let mut store = self.lock();
        store.open()?;
        let now = self.now();
        let fits = |store: &Store| {
            store.games.len() < self.capacity.games && store.bytes + bytes <= self.capacity.bytes
        };
        if !fits(&store) {
            store.sweep(now);
        }
        if !fits(&store) {
            let wait = store.next_expiry.saturating_sub(now).as_secs() + 1;
            return Err(ApiError::unavailable(
                format!(
                    "the server is full: {} games in progress, none idle long enough to be forgotten; try again in {wait} s",
                    store.games.len()
                ),
                wait,
            ));
        }
        let view = game.view(&id, now);
        store.bytes += bytes;
        store.changes += 1;
        store.games.insert(
            id,
            Kept {
                game,
                last_used: now,
                bytes,
            },
        );
        Ok(view)
    }

    /// Runs `f` on the game `id` at the time now, after ending its turn if the time is
    /// up (`grace` after the deadline). `change`: does `f` change the game?
    fn with<T>(
        &self,
        id: &str,
        grace: Duration,
        change: bool,
        f: impl FnOnce(&mut Game, Duration) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let mut store = self.lock();
        if change {
            store.open()?;
        }
        let now = self.now();
        let store = &mut *store;
        let Some(kept) = store.games.get_mut(id) else {
            return Err(store.missing(id));
        };
        kept.last_used = now;
        let human = kept.game.is_human_turn();
        kept.game.check_time(now, grace);
        let answer = f(&mut kept.game, now);
        if change || human != kept.game.is_human_turn() {
            store.changes += 1;
        }
        answer
    }

    /// `GET /api/games/ID`: the game's view.
    pub fn view(&self, id: &str) -> Result<String, ApiError> {
        self.with(
            id,
            Duration::ZERO,
            false,
            |game, now| Ok(game.view(id, now)),
        )
    }

    /// `POST /api/games/ID/guess`: `{"word": "..."}`, judged by [`Game::guess`].
    pub fn guess(&self, id: &str, body: &[u8]) -> Result<String, ApiError> {
        let word = solo::guess_word(body)?;
        self.with(id, GRACE, true, |game, now| game.guess(&word, now))
    }

    /// `POST /api/games/ID/end`: ends the human's turn; the computer takes every word
    /// left. Answers the game's view (the same again if the turn had already ended).
    pub fn end(&self, id: &str) -> Result<String, ApiError> {
        self.with(id, Duration::ZERO, true, |game, now| {
            game.end(now);
            Ok(game.view(id, now))
        })
    }

    /// `DELETE /api/games/ID`: forgets the game.
    pub fn delete(&self, id: &str) -> Result<String, ApiError> {
        let mut store = self.lock();
        store.open()?;
        match store.games.remove(id) {
            Some(kept) => {
                store.bytes -= kept.bytes;
                store.changes += 1;
                store.forget(id.to_string(), Gone::Deleted);
                Ok(json!({ "id": id, "deleted": true }).to_string())
            }
            None => Err(store.missing(id)),
        }
    }

    /// Forgets the games idle past their time; how many.
    pub fn sweep(&self) -> usize {
        let now = self.now();
        self.lock().sweep(now)
    }

    /// Takes no more changes: from now on a request that would change a game, or start
    /// one, gets 503 (the server is stopping, and saves the games as they are now).
    pub fn close(&self) {
        self.lock().closed = true;
    }

    /// Has anything changed since the last [`Games::save`]?
    pub fn changed(&self) -> bool {
        let store = self.lock();
        store.changes != store.saved
    }

    /// Writes every game to `path` (the games over `dicts`' dictionaries: all of them),
    /// through a temporary file and a rename, so that `path` always holds a whole state.
    /// Games idle past their time are forgotten first. Answers how many were written.
    pub fn save(&self, dicts: &Dictionaries, path: &Path) -> Result<usize, WriteError> {
        let (state, changes) = {
            let mut store = self.lock();
            let now = self.now();
            store.sweep(now);
            let games: Vec<SavedKept> = store
                .games
                .iter()
                .map(|(id, kept)| SavedKept {
                    id: id.clone(),
                    idle_ms: now.saturating_sub(kept.last_used).as_millis() as u64,
                    game: kept.game.save(now),
                })
                .collect();
            let state = StateFile {
                format: STATE_FORMAT.into(),
                version: STATE_VERSION,
                dicts: DictId::of(dicts),
                games,
            };
            (state, store.changes)
        };
        files::write_atomically_with(path, |out| {
            serde_json::to_writer(&mut *out, &state)?;
            out.write_all(b"\n")
        })?;
        let mut store = self.lock();
        store.saved = store.saved.max(changes);
        Ok(state.games.len())
    }

    /// Reads back the games a [`Games::save`] wrote to `path`, each clock going on from
    /// the time it had left. No file: nothing to resume. A file that cannot be read
    /// (permission denied) is an error: it is neither read nor overwritten. A file
    /// that is damaged, of another version, or written for other dictionaries than
    /// `dicts` (a name now served with other words) is set aside as `FILE.refused`
    /// (`.refused.2`, ... when taken) and no game is taken from it; games over a
    /// dictionary no longer served are dropped. [`Resumed::notes`] says what happened.
    pub fn resume(&self, dicts: &Dictionaries, path: &Path) -> Result<Resumed, ReadError> {
        let origin = path.display().to_string();
        let bytes = match files::read(path) {
            Ok(bytes) => bytes,
            Err(ReadError {
                fault: ReadFault::Missing,
                ..
            }) if !path.as_os_str().is_empty() => return Ok(Resumed::default()),
            Err(e) => return Err(e),
        };
        let now = self.now();
        let restored = read_state(dicts, &bytes, now);
        let (games, mut notes) = match restored {
            Ok(read) => read,
            Err(why) => {
                let aside = set_aside(path).map_err(|e| ReadError::io(&origin, &e))?;
                let note = format!(
                    "{origin}: {why}; set aside as {}, starting with no games",
                    aside.display()
                );
                return Ok(Resumed {
                    games: 0,
                    notes: vec![note],
                });
            }
        };
        let mut store = self.lock();
        let mut taken = 0;
        let mut full = 0;
        for (id, kept) in games {
            match kept {
                Ok(kept) => {
                    if store.games.len() >= self.capacity.games
                        || store.bytes + kept.bytes > self.capacity.bytes
                    {
                        full += 1;
                        continue;
                    }
                    store.bytes += kept.bytes;
                    store.games.insert(id, kept);
                    taken += 1;
                }
                Err(dict) => store.forget(id, Gone::NotServed(dict)),
            }
        }
        if full > 0 {
            notes.push(format!(
                "{origin}: {} dropped: more than this server's room for {}",
                count(full),
                count(self.capacity.games)
            ));
        }
        store.changes += 1;
        Ok(Resumed {
            games: taken,
            notes,
        })
    }
}

type Read = (Vec<(String, Result<Kept, String>)>, Vec<String>);

/// The games of a state file's `bytes` rebuilt at `now` (or, for a game over a
/// dictionary not served, that dictionary's name), and notes; or why the file is
/// refused.
fn read_state(dicts: &Dictionaries, bytes: &[u8], now: Duration) -> Result<Read, String> {
    #[derive(Deserialize)]
    struct Head {
        format: Option<String>,
        version: Option<u32>,
    }
    let head: Head = serde_json::from_slice(bytes).map_err(|e| {
        // One of ours cut short, or not one of ours at all?
        let start = &bytes[..bytes.len().min(200)];
        let ours = start
            .windows(STATE_FORMAT.len())
            .any(|w| w == STATE_FORMAT.as_bytes());
        match ours {
            true => format!("damaged ({e})"),
            false => format!("not a state file of polyboggle serve ({e})"),
        }
    })?;
    if head.format.as_deref() != Some(STATE_FORMAT) {
        return Err("not a state file of polyboggle serve (no format field)".into());
    }
    if head.version != Some(STATE_VERSION) {
        return Err(format!(
            "state format version {}, but this server reads version {STATE_VERSION}",
            head.version.map_or("none".into(), |v| v.to_string())
        ));
    }
    let state: StateFile = serde_json::from_slice(bytes).map_err(|e| format!("damaged ({e})"))?;
    let served = DictId::of(dicts);
    for then in &state.dicts {
        if let Some(now) = served.iter().find(|d| d.name == then.name) {
            if now != then {
                return Err(format!(
                    "written for another dictionary '{}' ({} words, {} bytes; it now has {} words, {} bytes)",
                    then.name, then.words, then.bytes, now.words, now.bytes
                ));
            }
        }
    }
    let mut games = Vec::with_capacity(state.games.len());
    let mut not_served: Vec<(String, usize)> = Vec::new();
    for saved in state.games {
        let id = saved.id;
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(format!("damaged (game id {id:?})"));
        }
        match Game::restore(dicts, &saved.game, now) {
            Ok(game) => {
                let bytes = game.footprint();
                let kept = Kept {
                    game,
                    // The time the server was down does not count as idle.
                    last_used: now.saturating_sub(Duration::from_millis(saved.idle_ms)),
                    bytes,
                };
                games.push((id, Ok(kept)));
            }
            Err(Unsaved::NotServed(dict)) => {
                match not_served.iter_mut().find(|(d, _)| *d == dict) {
                    Some((_, n)) => *n += 1,
                    None => not_served.push((dict.clone(), 1)),
                }
                games.push((id, Err(dict)));
            }
            Err(Unsaved::Damaged(why)) => return Err(format!("damaged (game {id}: {why})")),
        }
    }
    let notes = not_served
        .into_iter()
        .map(|(dict, n)| {
            format!(
                "{} over the dictionary '{dict}' dropped: it is not served now",
                count(n)
            )
        })
        .collect();
    Ok((games, notes))
}

/// Renames `path` to `path.refused` (or `.refused.2`, ...: never over another file);
/// the new name.
fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    for n in 1..1000 {
        let suffix = match n {
            1 => "refused".to_string(),
            n => format!("refused.{n}"),
        };
        let aside = path.with_file_name(format!("{name}.{suffix}"));
        // A hard link fails rather than replace a file of that name; then the old name
        // goes. (A rename would replace it silently.)
        match std::fs::hard_link(path, &aside) {
            Ok(()) => {
                std::fs::remove_file(path)?;
                return Ok(aside);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("too many files set aside already"))
}

impl Store {
    /// Refuses changes once the server is stopping.
    fn open(&self) -> Result<(), ApiError> {
        match self.closed {
            false => Ok(()),
            true => Err(ApiError::unavailable(
                format!("the server is restarting; try again in {RESTART_RETRY} s"),
                RESTART_RETRY,
            )),
        }
    }

    /// Why there is no game `id` (404).
    fn missing(&self, id: &str) -> ApiError {
        let why = match self.why_gone.get(id) {
            Some(Gone::Expired(limit)) => format!(
                "game '{id}' has expired: it had no request for {}, so it was forgotten",
                minutes(*limit)
            ),
            Some(Gone::Deleted) => format!("game '{id}' was deleted"),
            Some(Gone::NotServed(dict)) => format!(
                "game '{id}' was dropped when the server restarted: its dictionary '{dict}' is not served now"
            ),
            None => format!("no game '{id}' (unknown id)"),
        };
        ApiError::new(404, why)
    }

    /// Remembers that `id` is gone, and why (the oldest record goes past
    /// [`GONE_RECORD`]).
    fn forget(&mut self, id: String, why: Gone) {
        if self.gone.len() >= GONE_RECORD {
            if let Some(oldest) = self.gone.pop_front() {
                self.why_gone.remove(&oldest);
            }
        }
        if self.why_gone.insert(id.clone(), why).is_none() {
            self.gone.push_back(id);
        }
    }

    /// Forgets the games idle past their time; how many.
    fn sweep(&mut self, now: Duration) -> usize {
        if now < self.next_expiry {
            return 0;
        }
        let expired: Vec<String> = self
            .games
            .iter()
            .filter(|(_, kept)| kept.expires() <= now)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &expired {
            if let Some(kept) = self.games.remove(id) {
                self.bytes -= kept.bytes;
                self.forget(id.clone(), Gone::Expired(kept.idle_limit()));
            }
        }
        self.next_expiry = self
            .games
            .values()
            .map(Kept::expires)
            .min()
            .unwrap_or(Duration::MAX);
        if !expired.is_empty() {
            self.changes += 1;
        }
        expired.len()
    }
}

/// `1 game`, `2 games`.
fn count(n: usize) -> String {
    match n {
        1 => "1 game".into(),
        n => format!("{n} games"),
    }
}

/// `61 minutes`, `an hour`, for a message.
fn minutes(limit: Duration) -> String {
    match limit.as_secs() / 60 {
        60 => "an hour".into(),
        1 => "a minute".into(),
        n => format!("{n} minutes"),
    }
}

#[cfg(test)]
mod tests;
