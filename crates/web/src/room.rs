//! One room: several players on one board at once, as Boggle is played. A host opens
//! it with the game's settings; players join by its code with a name; the host starts
//! a round (a countdown, then one board for all on one clock); each word is judged on
//! submission by [`Round::guess`], the single game's judge; at the end every list is
//! scored by [`scoring::score`] (classic: words two or more players found are struck).
//! "Next round" keeps the room, its players and their running totals.
//!
//! A room keeps no clock of its own: every call takes `now`, the wall-clock time since
//! the Unix epoch, so that a saved room's end time means the same after a restart. Its
//! phase follows from `now` alone (lobby, countdown, playing, results), so nothing has
//! to fire for it to change; the keeper only pushes the news.
//!
//! Before the results, a player's view shows their own words and, of the others, only
//! how many each has.
//!
//! ```
//! use std::time::Duration;
//! use polyboggle_web::{room::Room, Dictionaries};
//!
//! let dicts = Dictionaries::builtin();
//! let t = Duration::from_secs(1_000_000);
//! let body = br#"{"name": "Ana", "board": "ATEE/APYO/TINU/EDSE", "timer": 60}"#;
//! let mut room = Room::open(&dicts, "ROOM42", body, "token-a".into(), t).unwrap();
//! let bo = room.join("Bo", "token-b".into(), t).unwrap();
//! room.start(0, 0, t).unwrap();
//! assert!(room.word(0, "tape", t).unwrap().contains(r#""verdict":"correct""#));
//! room.word(bo, "tape", t).unwrap();
//! room.word(bo, "pate", t).unwrap();
//! let end = t + Duration::from_secs(63);
//! let view: serde_json::Value = serde_json::from_str(&room.view(0, end)).unwrap();
//! assert_eq!(view["phase"], "results");
//! assert_eq!(view["players"][0]["words"][0]["struck"], true);
//! assert_eq!((view["players"][0]["score"].as_u64(), view["players"][1]["score"].as_u64()), (Some(0), Some(1)));
//! ```

use std::cell::RefCell;
use std::collections::VecDeque;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use unicode_segmentation::UnicodeSegmentation;

use polyboggle::board::Board;
use polyboggle::lexicon::Lexicon;
use polyboggle::spec::RulesSpec;
use polyboggle_play::game::{Round, Verdict};

use crate::scoring::{self, Scoring};
use crate::solo::{path, verdict_name, MAX_TIMER};
use crate::{api, ApiError, Dictionaries};

/// The most players a room holds by default (`serve --room-players N`).
pub const DEFAULT_MAX_PLAYERS: usize = 16;
/// The most players any room may hold: the round's judge keeps a list for each.
pub const MAX_PLAYERS: usize = 64;
/// A round's length when none is asked for: three minutes, as the sand timer.
pub const DEFAULT_TIMER: u64 = 180;
/// The longest countdown a host may ask for, in seconds.
pub const MAX_COUNTDOWN: u64 = 60;
/// The countdown when the host names none, in seconds.
pub const DEFAULT_COUNTDOWN: u64 = 3;
/// The longest name, in grapheme clusters.
pub const MAX_NAME: usize = 24;
/// The most words a player may submit in one second; more is faster than a human.
pub const WORDS_PER_SECOND: usize = 20;
/// A word that arrives this long after the end still counts (the network's delay), as
/// in the single game.
pub const GRACE: Duration = crate::solo_store::GRACE;
/// How long a host may be gone (no live connection, no request) before another player
/// who is there becomes host.
pub const HOST_AWAY: Duration = Duration::from_secs(20);

/// `POST /api/rooms`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRoom {
    name: String,
    dict: Option<String>,
    set: Option<String>,
    seed: Option<u64>,
    board: Option<String>,
    rules: Option<String>,
    timer: Option<u64>,
    scoring: Option<String>,
}

/// The settings a room plays every round by.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RoomSettings {
    /// The dictionary's name.
    pub dict: String,
    /// The rules preset's name.
    pub rules: String,
    /// The dice set each round rolls, when no board is given.
    pub set: Option<String>,
    /// The first round's seed, when one was given (later rounds draw their own).
    pub seed: Option<u64>,
    /// The board every round plays, when one was given.
    pub board: Option<String>,
    /// A round's length in seconds.
    pub timer: u64,
    /// How the round's words score.
    pub scoring: Scoring,
}

/// One player of a room.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Player {
    /// Its id in the room (`p1`, `p2`, ...), shown to the others.
    pub id: String,
    /// The name it joined with.
    pub name: String,
    /// What proves a request is its: 128 random bits, in hex.
    pub token: String,
    /// Its points from the rounds before this one.
    pub total: u64,
    /// Has it left the room?
    pub left: bool,
    /// Its live connections open now.
    #[serde(skip)]
    pub live: usize,
    /// When it last was there (a request, or a live connection open).
    #[serde(skip)]
    pub seen: Duration,
    /// When its last words came, for the rate limit.
    #[serde(skip)]
    recent: VecDeque<Duration>,
}

/// A round: its board and clock, and the words each player had accepted.
struct Play {
    number: u32,
    board: Board,
    set: Option<String>,
    seed: Option<u64>,
    starts: Duration,
    ends: Duration,
    round: Round<'static>,
    /// Each player's accepted words: key and points, in the order found.
    accepted: Vec<Vec<(String, u32)>>,
}

/// A round as the state file keeps it: what rebuilds it, and the words accepted.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedRound {
    /// Its number in the room, from 1.
    pub number: u32,
    /// The board, in the inline form.
    pub board: String,
    /// The dice set it was rolled from.
    pub set: Option<String>,
    /// The seed it was rolled with.
    pub seed: Option<u64>,
    /// When it starts, in milliseconds since the Unix epoch.
    pub starts_ms: u64,
    /// When it ends, in milliseconds since the Unix epoch.
    pub ends_ms: u64,
    /// Each player's accepted words (their keys), in the order found.
    pub words: Vec<Vec<String>>,
}

/// A room as the state file keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedRoom {
    /// Its code.
    pub code: String,
    /// Its settings.
    pub settings: RoomSettings,
    /// Its players, in the order they joined.
    pub players: Vec<Player>,
    /// The host's index.
    pub host: usize,
    /// The most players it holds.
    pub max_players: usize,
    /// The round being played or last played.
    pub round: Option<SavedRound>,
}

/// The phase of a room at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomPhase {
    /// Players gather; no round yet.
    Lobby,
    /// A round starts soon.
    Countdown,
    /// The round is on.
    Playing,
    /// The round is over: everyone sees every list.
    Results,
}

impl RoomPhase {
    /// Its name in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            RoomPhase::Lobby => "lobby",
            RoomPhase::Countdown => "countdown",
            RoomPhase::Playing => "playing",
            RoomPhase::Results => "results",
        }
    }
}

/// One room (see the module's documentation).
pub struct Room {
    code: String,
    settings: RoomSettings,
    lexicon: &'static Lexicon,
    rules: polyboggle::score::Rules,
    rtl: bool,
    players: Vec<Player>,
    host: usize,
    max_players: usize,
    play: Option<Play>,
    /// The results' lists as JSON, made once a round for every player's view (8,000
    /// players' views at once were the server's whole work when 2,000 rounds ended).
    results: RefCell<Option<Results>>,
}

/// A round's results as every view shows them: each player's list and the words
/// nobody found, as JSON text, for the round and the players they were made for.
struct Results {
    made_for: (u32, usize),
    lists: Vec<String>,
    missed: String,
}

/// What a view holds in place of a list of the results until it is written: a JSON
/// string no name or word can be (it starts with NUL).
fn placeholder(what: &str) -> String {
    format!("\u{0}{what}")
}

/// A placeholder as `serde_json` writes it.
fn written(what: &str) -> String {
    format!("\"\\u0000{what}\"")
}

/// A player's name, trimmed, or why it cannot be one: empty, over [`MAX_NAME`]
/// graphemes, or with a control character.
pub fn player_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ApiError::bad(
            "name: empty; give the name the others will see",
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad("name: has a control character"));
    }
    let length = name.graphemes(true).count();
    if length > MAX_NAME {
        return Err(ApiError::bad(format!(
            "name: {length} characters; at most {MAX_NAME}"
        )));
    }
    Ok(name.to_string())
}

fn ms(t: Duration) -> u64 {
    t.as_millis() as u64
}

fn secs_left(until: Duration, now: Duration) -> f64 {
    let left = until.saturating_sub(now).as_secs_f64();
    (left * 10.0).round() / 10.0
}

impl Room {
    /// Opens a room as `POST /api/rooms` asks (the settings as `POST /api/games` takes
    /// them, `scoring`, and the host's `name`), the host holding `token`.
    pub fn open(
        dicts: &Dictionaries,
        code: &str,
        body: &[u8],
        token: String,
        now: Duration,
    ) -> Result<Room, ApiError> {
        let request: NewRoom = api::parse(body)?;
        let name = player_name(&request.name)?;
        let timer = request.timer.unwrap_or(DEFAULT_TIMER);
        if !(1..=MAX_TIMER).contains(&timer) {
            return Err(ApiError::bad(format!(
                "timer: {timer} seconds; give 1 to {MAX_TIMER}"
            )));
        }
        let scoring = match &request.scoring {
            Some(name) => Scoring::named(name).map_err(ApiError::bad)?,
            None => Scoring::Classic,
        };
        if request.board.is_some() && (request.set.is_some() || request.seed.is_some()) {
            return Err(ApiError::bad(
                "give either a board or a dice set and seed, not both",
            ));
        }
        let (dict, _) = dicts.get(request.dict.as_deref())?;
        let set = match &request.board {
            Some(text) => {
                api::board(text)?;
                None
            }
            None => {
                let language_set = dicts
                    .language(dict)
                    .and_then(|l| polyboggle_languages::dice_for_language(l.tag));
                let name = request
                    .set
                    .as_deref()
                    .or(language_set)
                    .unwrap_or(polyboggle_languages::DICE);
                Some(api::builtin_set(name)?.name)
            }
        };
        let preset = polyboggle_languages::game_rules(dicts.language(dict).map(|l| l.tag));
        let rules = request
            .rules
            .as_deref()
            .map(str::to_ascii_lowercase)
            .unwrap_or_else(|| preset.to_string());
        let settings = RoomSettings {
            dict: dict.to_string(),
            rules,
            set,
            seed: request.seed,
            board: request.board,
            timer,
            scoring,
        };
        let mut room = Room::with_settings(dicts, code, settings, DEFAULT_MAX_PLAYERS)?;
        room.add_player(name, token, now)?;
        Ok(room)
    }

    fn with_settings(
        dicts: &Dictionaries,
        code: &str,
        settings: RoomSettings,
        max_players: usize,
    ) -> Result<Room, ApiError> {
        let (_, lexicon) = dicts.get(Some(&settings.dict))?;
        let spec = RulesSpec {
            rules: Some(settings.rules.clone()),
            ..RulesSpec::default()
        };
        let rules = spec.rules_or("cs106b").map_err(ApiError::bad)?;
        let rtl = dicts.language(&settings.dict).is_some_and(|l| l.rtl);
        Ok(Room {
            code: code.to_string(),
            settings,
            lexicon,
            rules,
            rtl,
            players: Vec::new(),
            host: 0,
            max_players: max_players.clamp(1, MAX_PLAYERS),
            play: None,
            results: RefCell::new(None),
        })
    }

    /// At most `max` players from now on (`serve --room-players`).
    pub fn limit_players(&mut self, max: usize) {
        self.max_players = max.clamp(1, MAX_PLAYERS);
    }

    /// Its code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// Its settings.
    pub fn settings(&self) -> &RoomSettings {
        &self.settings
    }

    /// The player whose token this is (by its index), if any.
    pub fn player_of(&self, token: &str) -> Option<usize> {
        // Every token is compared whole, so the time taken says nothing of a near miss.
        let mut found = None;
        for (i, p) in self.players.iter().enumerate() {
            if !p.left && constant_time_eq(p.token.as_bytes(), token.as_bytes()) {
                found = Some(i);
            }
        }
        found
    }

    /// The players, by index.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Is the player the host?
    pub fn is_host(&self, player: usize) -> bool {
        self.host == player
    }

    fn add_player(
        &mut self,
        name: String,
        token: String,
        now: Duration,
    ) -> Result<usize, ApiError> {
        let here = self.players.iter().filter(|p| !p.left).count();
        if here >= self.max_players {
            return Err(ApiError::new(
                409,
                format!("room {} is full: {} players", self.code, self.max_players),
            ));
        }
        if self.players.len() >= MAX_PLAYERS {
            return Err(ApiError::new(
                409,
                format!(
                    "room {} has had {MAX_PLAYERS} players; open another",
                    self.code
                ),
            ));
        }
        if self.players.iter().any(|p| !p.left && p.name == name) {
            return Err(ApiError::new(
                409,
                format!("name: {name} is taken in this room; choose another"),
            ));
        }
        self.players.push(Player {
            id: format!("p{}", self.players.len() + 1),
            name,
            token,
            total: 0,
            left: false,
            live: 0,
            seen: now,
            recent: VecDeque::new(),
        });
        if let Some(play) = &mut self.play {
            play.accepted.push(Vec::new());
        }
        Ok(self.players.len() - 1)
    }

    /// A player joins with `name`, holding `token`; answers its index.
    pub fn join(&mut self, name: &str, token: String, now: Duration) -> Result<usize, ApiError> {
        let name = player_name(name)?;
        self.add_player(name, token, now)
    }

    /// The player leaves; another who is there becomes host if it was. Its words of
    /// the round still count.
    pub fn leave(&mut self, player: usize, now: Duration) {
        self.players[player].left = true;
        self.players[player].live = 0;
        if self.host == player {
            self.hand_off(now, Duration::ZERO);
        }
    }

    /// Is anyone still in the room?
    pub fn is_empty(&self) -> bool {
        self.players.iter().all(|p| p.left)
    }

    /// The player is there at `now` (a request); `live` counts a live connection
    /// opened (+1) or closed (-1).
    pub fn seen(&mut self, player: usize, now: Duration, live: isize) {
        let p = &mut self.players[player];
        p.seen = now;
        p.live = p.live.saturating_add_signed(live);
    }

    /// Gives the host's place to the player there longest since, when the host has
    /// been away past `away` (or left). Answers whether the host changed.
    pub fn hand_off(&mut self, now: Duration, away: Duration) -> bool {
        let host = &self.players[self.host];
        let gone = host.left || (host.live == 0 && now.saturating_sub(host.seen) >= away);
        if !gone {
            return false;
        }
        let next = (0..self.players.len())
            .filter(|&i| i != self.host && !self.players[i].left)
            .max_by_key(|&i| (self.players[i].live > 0, std::cmp::Reverse(i)));
        match next {
            Some(i) if self.players[self.host].left || self.players[i].live > 0 => {
                self.host = i;
                true
            }
            _ => false,
        }
    }

    /// The phase at `now`.
    pub fn phase(&self, now: Duration) -> RoomPhase {
        match &self.play {
            None => RoomPhase::Lobby,
            Some(play) if now < play.starts => RoomPhase::Countdown,
            Some(play) if now < play.ends + GRACE => RoomPhase::Playing,
            Some(_) => RoomPhase::Results,
        }
    }

    /// The next moment the phase changes after `now` (the start, the end), if any.
    pub fn next_change(&self, now: Duration) -> Option<Duration> {
        let play = self.play.as_ref()?;
        [play.starts, play.ends + GRACE]
            .into_iter()
            .find(|&t| t > now)
    }

    /// The host starts a round after `countdown` seconds: from the lobby or the
    /// results ("next round"; the totals are kept). A board given in the settings is
    /// played again, a set is rolled anew (the first round with the seed given).
    pub fn start(&mut self, player: usize, countdown: u64, now: Duration) -> Result<(), ApiError> {
        if player != self.host {
            return Err(ApiError::new(403, "only the host starts a round"));
        }
        if countdown > MAX_COUNTDOWN {
            return Err(ApiError::bad(format!(
                "countdown: {countdown} seconds; give 0 to {MAX_COUNTDOWN}"
            )));
        }
        match self.phase(now) {
            RoomPhase::Countdown | RoomPhase::Playing => {
                return Err(ApiError::new(409, "a round is on; wait for its results"))
            }
            RoomPhase::Lobby | RoomPhase::Results => {}
        }
        let number = self.play.as_ref().map_or(1, |p| p.number + 1);
        let seed = match (&self.settings.board, number) {
            (Some(_), _) => None,
            (None, 1) => Some(self.settings.seed.unwrap_or_else(api::random_seed)),
            (None, _) => Some(api::random_seed()),
        };
        let starts = now + Duration::from_secs(countdown);
        self.begin(number, seed, starts)
    }

    /// Sets the round up: the totals take the last round's scores, the board is made,
    /// solved, and its clock set from `starts`.
    fn begin(&mut self, number: u32, seed: Option<u64>, starts: Duration) -> Result<(), ApiError> {
        if self.play.is_some() {
            let scores = self.scores();
            for (p, s) in self.players.iter_mut().zip(scores) {
                p.total += s.score;
            }
        }
        let board = match (&self.settings.board, &self.settings.set, seed) {
            (Some(text), ..) => api::board(text)?,
            (None, Some(set), Some(seed)) => api::builtin_set(set)?
                .roll(seed, None)
                .map_err(ApiError::bad)?,
            _ => return Err(ApiError::bad("the room has no board and no dice set")),
        };
        let round = Round::new(self.lexicon, &board, self.rules.clone(), MAX_PLAYERS);
        self.play = Some(Play {
            number,
            board,
            set: self
                .settings
                .board
                .is_none()
                .then(|| self.settings.set.clone())
                .flatten(),
            seed,
            starts,
            ends: starts + Duration::from_secs(self.settings.timer),
            round,
            accepted: vec![Vec::new(); self.players.len()],
        });
        Ok(())
    }

    /// Judges a player's word at `now` with the single game's verdicts; answers the
    /// verdict's JSON: `verdict`, `message`, `word`, `points`, `path` (when correct),
    /// `score` (the points of the player's words so far, before any is struck) and
    /// `found` (how many words it has).
    pub fn word(&mut self, player: usize, word: &str, now: Duration) -> Result<String, ApiError> {
        match self.phase(now) {
            RoomPhase::Lobby => return Err(ApiError::new(409, "no round yet: the host starts one")),
            RoomPhase::Countdown => return Err(ApiError::new(409, "the round has not started yet")),
            RoomPhase::Results => {
                return Err(ApiError::new(
                    409,
                    "the round is over: its time ran out (words count until the server's clock ends it)",
                ))
            }
            RoomPhase::Playing => {}
        }
        let recent = &mut self.players[player].recent;
        while recent
            .front()
            .is_some_and(|&t| now.saturating_sub(t) >= Duration::from_secs(1))
        {
            recent.pop_front();
        }
        if recent.len() >= WORDS_PER_SECOND {
            return Err(ApiError {
                retry_after: Some(1),
                ..ApiError::new(
                    429,
                    format!("too many words: at most {WORDS_PER_SECOND} a second"),
                )
            });
        }
        recent.push_back(now);
        self.players[player].seen = now;
        let play = self.play.as_mut().expect("a round is on");
        let verdict = play.round.guess(player, word);
        let key = self.lexicon.profile().key(word);
        let shown = play.round.display(&key);
        let found = play.round.word(&key);
        if let Verdict::Correct(points) = verdict {
            play.accepted[player].push((key.clone(), points));
        }
        let mine = &play.accepted[player];
        Ok(json!({
            "verdict": verdict_name(verdict),
            "message": verdict.message(&shown),
            "word": shown,
            "points": match verdict { Verdict::Correct(p) => p, _ => 0 },
            "path": match verdict { Verdict::Correct(_) => found.map(|f| path(&f.path)), _ => None },
            "score": mine.iter().map(|(_, p)| u64::from(*p)).sum::<u64>(),
            "found": mine.len(),
            "time_left": secs_left(play.ends, now),
        })
        .to_string())
    }

    /// The number of the round being played or last played, if any.
    pub fn round(&self) -> Option<u32> {
        self.play.as_ref().map(|p| p.number)
    }

    /// How many words the player has in the round.
    pub fn found(&self, player: usize) -> usize {
        self.play
            .as_ref()
            .and_then(|p| p.accepted.get(player))
            .map_or(0, Vec::len)
    }

    fn scores(&self) -> Vec<scoring::StruckList> {
        match &self.play {
            Some(play) => scoring::score(&play.accepted, self.settings.scoring),
            None => vec![
                scoring::StruckList {
                    words: Vec::new(),
                    score: 0
                };
                self.players.len()
            ],
        }
    }

    /// The room as `player` sees it at `now` (see `docs/web.md`): its settings, the
    /// players (each one's count of words; in the results its words, struck or not,
    /// and its score), the clock, the board once the round is on, the player's own
    /// words, and in the results the winners and the words nobody found.
    pub fn view(&self, player: usize, now: Duration) -> String {
        let phase = self.phase(now);
        let results = phase == RoomPhase::Results;
        let scored = results.then(|| self.scores());
        let play = self.play.as_ref();
        let shown = |key: &str| play.map_or_else(|| key.to_string(), |p| p.round.display(key));
        let path_of = |key: &str| play.and_then(|p| p.round.word(key)).map(|f| path(&f.path));
        let players: Vec<Value> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let mut entry = json!({
                    "player": p.id,
                    "name": p.name,
                    "host": i == self.host,
                    "here": !p.left && (p.live > 0 || now.saturating_sub(p.seen) < HOST_AWAY),
                    "left": p.left,
                    "found": self.found(i),
                    "total": p.total,
                });
                if let Some(scored) = &scored {
                    let list = &scored[i];
                    entry["score"] = list.score.into();
                    entry["total"] = (p.total + list.score).into();
                    entry["words"] = placeholder(&format!("L{i}")).into();
                }
                entry
            })
            .collect();
        let board_shown = matches!(phase, RoomPhase::Playing | RoomPhase::Results);
        let mut view = json!({
            "code": self.code,
            "phase": phase.name(),
            "you": self.players[player].id,
            "host": self.players[self.host].id,
            "dict": self.settings.dict,
            "rules": self.settings.rules,
            "min_len": self.rules.min_len,
            "scoring": self.settings.scoring.name(),
            "timer": self.settings.timer,
            "rtl": self.rtl,
            "max_players": self.max_players,
            "round": play.map(|p| p.number),
            "set": play.and_then(|p| p.set.clone()).or_else(|| self.settings.set.clone()),
            "seed": play.and_then(|p| p.seed),
            "players": players,
            "starts_in": play.filter(|_| phase == RoomPhase::Countdown).map(|p| secs_left(p.starts, now)),
            "time_left": play.filter(|_| phase == RoomPhase::Playing).map(|p| secs_left(p.ends, now)),
            "ends_at_ms": play.map(|p| ms(p.ends)),
            "now_ms": ms(now),
            "rows": play.filter(|_| board_shown).map(|p| p.board.rows()),
            "cols": play.filter(|_| board_shown).map(|p| p.board.cols()),
            "board": play.filter(|_| board_shown).map(|p| p.board.face_rows()),
            "inline": play.filter(|_| board_shown).map(|p| p.board.inline()),
            "words": play.filter(|_| board_shown).map(|p| {
                p.accepted.get(player).into_iter().flatten().map(|(key, points)| json!({
                    "word": shown(key), "points": points, "path": path_of(key),
                })).collect::<Vec<_>>()
            }),
        });
        if let (Some(scored), Some(play)) = (&scored, play) {
            let best = scored.iter().map(|s| s.score).max().unwrap_or(0);
            let winners: Vec<&str> = scored
                .iter()
                .enumerate()
                .filter(|(i, s)| s.score == best && !play.accepted[*i].is_empty())
                .map(|(i, _)| self.players[i].id.as_str())
                .collect();
            view["winners"] = winners.into();
            view["missed"] = placeholder("M").into();
            let mut text = view.to_string();
            let lists = self.results_json(scored);
            for (i, list) in lists.lists.iter().enumerate() {
                text = text.replacen(&written(&format!("L{i}")), list, 1);
            }
            return text.replacen(&written("M"), &lists.missed, 1);
        }
        view.to_string()
    }

    /// The results' lists as JSON (each player's words, struck or not, with who else
    /// found them and their paths; the words nobody found), made once for the round.
    fn results_json(&self, scored: &[scoring::StruckList]) -> std::cell::Ref<'_, Results> {
        let play = self.play.as_ref().expect("results follow a round");
        let made_for = (play.number, self.players.len());
        if self.results.borrow().as_ref().map(|r| r.made_for) != Some(made_for) {
            let shown = |key: &str| play.round.display(key);
            let path_of = |key: &str| play.round.word(key).map(|f| path(&f.path));
            let lists = scored
                .iter()
                .map(|list| {
                    let words: Vec<Value> = list
                        .words
                        .iter()
                        .map(|w| {
                            json!({
                                "word": shown(&w.key),
                                "points": w.points,
                                "struck": w.struck,
                                "also": w.also.iter().map(|&o| self.players[o].name.as_str()).collect::<Vec<_>>(),
                                "path": path_of(&w.key),
                            })
                        })
                        .collect();
                    Value::from(words).to_string()
                })
                .collect();
            let found: std::collections::HashSet<&str> = play
                .accepted
                .iter()
                .flatten()
                .map(|(k, _)| k.as_str())
                .collect();
            let missed: Vec<Value> = play
                .round
                .all_words()
                .filter(|f| !found.contains(f.word.as_str()))
                .map(|f| json!({"word": shown(&f.word), "points": f.points, "path": path(&f.path)}))
                .collect();
            *self.results.borrow_mut() = Some(Results {
                made_for,
                lists,
                missed: Value::from(missed).to_string(),
            });
        }
        std::cell::Ref::map(self.results.borrow(), |r| r.as_ref().expect("made above"))
    }

    /// What the state file keeps of the room.
    pub fn save(&self) -> SavedRoom {
        SavedRoom {
            code: self.code.clone(),
            settings: self.settings.clone(),
            players: self.players.clone(),
            host: self.host,
            max_players: self.max_players,
            round: self.play.as_ref().map(|p| SavedRound {
                number: p.number,
                board: p.board.inline(),
                set: p.set.clone(),
                seed: p.seed,
                starts_ms: ms(p.starts),
                ends_ms: ms(p.ends),
                words: p
                    .accepted
                    .iter()
                    .map(|list| list.iter().map(|(k, _)| k.clone()).collect())
                    .collect(),
            }),
        }
    }

    /// The room a state file kept, its round solved again and its words replayed;
    /// its clock is the one saved (a restart does not move the end).
    pub fn restore(
        dicts: &Dictionaries,
        saved: &SavedRoom,
        now: Duration,
    ) -> Result<Room, ApiError> {
        let mut room = Room::with_settings(
            dicts,
            &saved.code,
            saved.settings.clone(),
            saved.max_players,
        )?;
        room.players = saved.players.clone();
        for p in &mut room.players {
            p.seen = now;
        }
        if saved.host >= room.players.len() {
            return Err(ApiError::bad("its host is not one of its players"));
        }
        room.host = saved.host;
        if let Some(round) = &saved.round {
            let board = api::board(&round.board)?;
            let mut play = Play {
                number: round.number,
                round: Round::new(room.lexicon, &board, room.rules.clone(), MAX_PLAYERS),
                board,
                set: round.set.clone(),
                seed: round.seed,
                starts: Duration::from_millis(round.starts_ms),
                ends: Duration::from_millis(round.ends_ms),
                accepted: vec![Vec::new(); room.players.len()],
            };
            for (player, words) in round.words.iter().enumerate().take(room.players.len()) {
                for key in words {
                    if let Verdict::Correct(points) = play.round.guess(player, key) {
                        play.accepted[player].push((key.clone(), points));
                    }
                }
            }
            room.play = Some(play);
        }
        Ok(room)
    }
}

/// Are the two byte strings equal? In a time that depends on their lengths alone.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests;
