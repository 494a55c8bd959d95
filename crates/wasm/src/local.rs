//! [`Local`]: what a page plays with, answering what the server's endpoints answer;
//! and the languages the engine knows.

use std::ops::ControlFlow;
use std::time::Duration;

use polyboggle::{Lexicon, Solver};
use polyboggle_languages as languages;
use polyboggle_web::crossword::{self, Context, Lists};
use polyboggle_web::room::Room;
use polyboggle_web::solo::{self, Game};
use polyboggle_web::{api, ApiError, Dictionaries};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

use crate::{Bytes, Failure, LINK_CODE, MAX_GAMES, MAX_LIST, MAX_ROOMS};

/// Every language the engine knows (its dice, rules and direction), as JSON:
/// one [`api::language`] each, the form `GET /api/dicts` gives a dictionary's
/// `language`.
#[wasm_bindgen]
pub fn languages() -> String {
    let list: Vec<serde_json::Value> = languages::LANGUAGES.iter().map(api::language).collect();
    serde_json::Value::from(list).to_string()
}

/// What a page plays with: its dictionaries and its games, by id.
#[wasm_bindgen]
pub struct Local {
    dicts: Dictionaries,
    games: Vec<(String, Game)>,
    rooms: Vec<(String, Room)>,
    started: u64,
    /// The crossword word lists dropped, by id.
    lists: Lists,
}

#[wasm_bindgen]
extern "C" {
    /// A JavaScript function taking one string (a fill's progress, as JSON).
    pub type ProgressFn;
    #[wasm_bindgen(method, js_name = call)]
    fn call(this: &ProgressFn, context: &JsValue, progress: &str);
}

/// One player's list in a room's results: the name it played under, its words.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct List {
    name: String,
    words: Vec<String>,
}

/// A game as the page records it, to play it again after a reload: the request that
/// started it (with the seed it got), when, every guess, and when the turn ended.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    game: serde_json::Value,
    at: f64,
    guesses: Vec<String>,
    ended: Option<f64>,
}

fn time(ms: f64) -> Duration {
    Duration::from_secs_f64(ms.max(0.0) / 1000.0)
}

type Answer = Result<String, Failure>;

#[wasm_bindgen]
impl Local {
    /// No dictionary and no games: add dictionaries ([`Local::open_dictionary`],
    /// [`Local::add_dictionary`]); the first added is the default.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Local {
        Local {
            dicts: Dictionaries::none(),
            games: Vec::new(),
            rooms: Vec::new(),
            started: 0,
            lists: Lists::new(crate::MAX_CROSSWORD_LISTS, crossword::MAX_LIST_BYTES),
        }
    }

    /// `GET /api/dice`.
    pub fn dice(&self) -> String {
        api::dice().to_string()
    }

    /// `GET /api/dicts`.
    pub fn dicts(&self) -> String {
        api::dicts(&self.dicts)
    }

    /// `POST /api/roll` (give a seed: the page has the randomness, this has none).
    pub fn roll(&self, body: &str) -> Answer {
        Ok(api::roll(body.as_bytes())?)
    }

    /// `POST /api/board`.
    pub fn board(&self, body: &str) -> Answer {
        Ok(api::parse_board(body.as_bytes())?)
    }

    /// `POST /api/solve`: what `polyboggle solve --format json` prints.
    pub fn solve(&self, body: &str) -> Answer {
        Ok(api::solve(&self.dicts, body.as_bytes())?)
    }

    /// `GET /api/dicts/NAME/search?QUERY`: `query` is the URL's query string.
    pub fn search(&self, name: &str, query: &str) -> Answer {
        Ok(api::search(&self.dicts, name, query)?)
    }

    /// `POST /api/games`, at `now_ms`.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self, body: &str, now_ms: f64) -> Answer {
        let now = time(now_ms);
        let game = Game::start(&self.dicts, body.as_bytes(), now)?;
        self.started += 1;
        let id = format!("{:x}{:04x}", now.as_millis(), self.started);
        Ok(self.keep(id, game, now))
    }

    /// `GET /api/games/ID`, at `now_ms`.
    pub fn game(&mut self, id: &str, now_ms: f64) -> Answer {
        self.with(id, now_ms, Duration::ZERO, |game, now| {
            Ok(game.view(id, now))
        })
    }

    /// `POST /api/games/ID/guess`, at `now_ms`.
    pub fn guess(&mut self, id: &str, body: &str, now_ms: f64) -> Answer {
        let word = solo::guess_word(body.as_bytes())?;
        self.with(
            id,
            now_ms,
            polyboggle_web::solo_store::GRACE,
            |game, now| game.guess(&word, now),
        )
    }

    /// `POST /api/games/ID/end`, at `now_ms`.
    #[wasm_bindgen(js_name = endTurn)]
    pub fn end_turn(&mut self, id: &str, now_ms: f64) -> Answer {
        self.with(id, now_ms, Duration::ZERO, |game, now| {
            game.end(now);
            Ok(game.view(id, now))
        })
    }

    /// `DELETE /api/games/ID`.
    pub fn forget(&mut self, id: &str) -> Answer {
        let before = self.games.len();
        self.games.retain(|(kept, _)| kept != id);
        if self.games.len() == before {
            return Err(ApiError::new(404, format!("no game '{id}'")).into());
        }
        Ok(serde_json::json!({ "id": id, "deleted": true }).to_string())
    }

    /// Plays a recorded game again under its id (after a reload, which forgets the
    /// module's memory), then answers its view at `now_ms`: `record` is
    /// `{"game": REQUEST, "at": MS, "guesses": [WORD, ...], "ended": MS or null}`.
    pub fn resume(&mut self, id: &str, record: &str, now_ms: f64) -> Answer {
        let record: Record = api::parse(record.as_bytes())?;
        let at = time(record.at);
        let request = record.game.to_string();
        let mut game = Game::start(&self.dicts, request.as_bytes(), at)?;
        for word in &record.guesses {
            // Recorded guesses were judged in time; a refused one changes nothing.
            let _ = game.guess(word, at);
        }
        if let Some(ended) = record.ended {
            game.check_time(time(ended), Duration::ZERO);
            game.end(time(ended));
        }
        let now = time(now_ms);
        game.check_time(now, Duration::ZERO);
        Ok(self.keep(id.to_string(), game, now))
    }

    /// Adds a dictionary compiled by `polyboggle compile`, from its bytes (copied once
    /// into the module's memory), under `name`, for the language `lang` when its header
    /// may not say (`en` for `enable2k`); answers `GET /api/dicts` with it. A damaged
    /// file is refused with its one line (the lexicon checks every block's checksum).
    #[wasm_bindgen(js_name = addDictionary)]
    pub fn add_dictionary(&mut self, name: &str, bytes: Vec<u8>, lang: Option<String>) -> Answer {
        self.add(name, bytes, lang.as_deref())
    }

    /// [`Local::add_dictionary`] over bytes already in the module's memory (a
    /// download written into [`Bytes`] chunk by chunk): the lexicon is opened over
    /// them, not over a copy.
    #[wasm_bindgen(js_name = openDictionary)]
    pub fn open_dictionary(&mut self, name: &str, bytes: Bytes, lang: Option<String>) -> Answer {
        self.add(name, bytes.bytes, lang.as_deref())
    }

    /// A room without a server (the static page's): every device that opened the same
    /// link plays the same round on the same clock, alone, and the lists are scored
    /// together afterwards ([`Local::room_results`]). `body` is what `POST /api/rooms`
    /// takes (the player's `name`, a `board` or a `set` and `seed`, `dict`, `rules`,
    /// `timer`, `scoring`); the round starts at `starts_ms` (the link's). Kept under
    /// `key`; answers the room's view at `now_ms`, as `GET /api/rooms/CODE` answers it.
    #[wasm_bindgen(js_name = roomOpen)]
    pub fn room_open(&mut self, key: &str, body: &str, starts_ms: f64, now_ms: f64) -> Answer {
        let starts = time(starts_ms);
        let mut room = Room::open(&self.dicts, LINK_CODE, body.as_bytes(), key.into(), starts)?;
        room.start(0, 0, starts)?;
        let view = room.view(0, time(now_ms));
        self.rooms.retain(|(kept, _)| kept != key);
        if self.rooms.len() >= MAX_ROOMS {
            self.rooms.remove(0);
        }
        self.rooms.push((key.to_string(), room));
        Ok(view)
    }

    /// The room `key` at `now_ms`, as `GET /api/rooms/CODE` answers.
    #[wasm_bindgen(js_name = roomView)]
    pub fn room_view(&self, key: &str, now_ms: f64) -> Answer {
        Ok(self.room(key)?.view(0, time(now_ms)))
    }

    /// The player's word in the room `key` at `now_ms`: the verdict, as `POST
    /// /api/rooms/CODE/words` answers (the single game's judge).
    #[wasm_bindgen(js_name = roomWord)]
    pub fn room_word(&mut self, key: &str, word: &str, now_ms: f64) -> Answer {
        let word = solo::guess_word(serde_json::json!({ "word": word }).to_string().as_bytes())?;
        let (_, room) = self
            .rooms
            .iter_mut()
            .find(|(kept, _)| kept == key)
            .ok_or_else(|| ApiError::new(404, "no such room (this page forgot it)"))?;
        Ok(room.word(0, &word, time(now_ms))?)
    }

    /// A room's results from every player's list, scored as the server scores its
    /// rooms: the room of `settings` (`POST /api/rooms`'s body without the name) is
    /// played again by a server's own code, each player of `lists` (`[{"name": ...,
    /// "words": [...]}, ...]`, the first as host) joining and giving its words, each
    /// judged on the board; answers the view of its results (`players`, `winners`,
    /// `missed`), as the first player sees it.
    #[wasm_bindgen(js_name = roomResults)]
    pub fn room_results(&self, settings: &str, lists: &str) -> Answer {
        let lists: Vec<List> = api::parse(lists.as_bytes())?;
        let Some(first) = lists.first() else {
            return Err(ApiError::bad("no list to score").into());
        };
        if let Some(long) = lists.iter().find(|l| l.words.len() > MAX_LIST) {
            return Err(ApiError::bad(format!(
                "{}: {} words; a list has at most {MAX_LIST}",
                long.name,
                long.words.len()
            ))
            .into());
        }
        let mut body: serde_json::Value = api::parse(settings.as_bytes())?;
        let Some(fields) = body.as_object_mut() else {
            return Err(ApiError::bad("the room's settings are not a JSON object").into());
        };
        fields.insert("name".into(), first.name.clone().into());
        // The longest round, so that every word fits in it at the server's pace (at most
        // WORDS_PER_SECOND a second): only the words, not the clock, are scored.
        fields.insert("timer".into(), solo::MAX_TIMER.into());
        let t0 = Duration::from_secs(1);
        let mut room = Room::open(
            &self.dicts,
            LINK_CODE,
            body.to_string().as_bytes(),
            "p1".into(),
            t0,
        )?;
        for (i, list) in lists.iter().enumerate().skip(1) {
            room.join(&list.name, format!("p{}", i + 1), t0)?;
        }
        room.start(0, 0, t0)?;
        let pace = Duration::from_millis(1000 / polyboggle_web::room::WORDS_PER_SECOND as u64);
        for (player, list) in lists.iter().enumerate() {
            let mut at = t0;
            for word in &list.words {
                // A word the judge refuses (not on the board, not a word) is left out.
                let _ = room.word(player, word, at);
                at += pace;
            }
        }
        let end = t0
            + Duration::from_secs(solo::MAX_TIMER)
            + polyboggle_web::room::GRACE
            + Duration::from_secs(1);
        Ok(room.view(0, end))
    }

    /// The crossword operation `check` (see `polyboggle_web::crossword::check`): is a
    /// grid legal, and its entries numbered.
    #[wasm_bindgen(js_name = crosswordCheck)]
    pub fn crossword_check(&self, body: &str) -> Answer {
        Ok(crossword::check(body.as_bytes())?)
    }

    /// `crossword::list`: keeps a dropped word list; answers its id.
    #[wasm_bindgen(js_name = crosswordList)]
    pub fn crossword_list(&self, body: &str) -> Answer {
        Ok(crossword::list(&self.lists, body.as_bytes())?)
    }

    /// `crossword::fits`: the words that fit an entry of a grid.
    #[wasm_bindgen(js_name = crosswordFits)]
    pub fn crossword_fits(&self, body: &str) -> Answer {
        Ok(crossword::fits(&self.context(), body.as_bytes())?)
    }

    /// `crossword::layout`: what `polyboggle crossword --format json` prints.
    #[wasm_bindgen(js_name = crosswordLayout)]
    pub fn crossword_layout(&self, body: &str) -> Answer {
        Ok(crossword::layout(body.as_bytes())?)
    }

    /// `crossword::export`: a grid as ipuz, puz (base64) or SVG.
    #[wasm_bindgen(js_name = crosswordExport)]
    pub fn crossword_export(&self, body: &str) -> Answer {
        Ok(crossword::export(body.as_bytes())?)
    }

    /// `crossword::import`: an ipuz (or text) grid and its clues.
    #[wasm_bindgen(js_name = crosswordImport)]
    pub fn crossword_import(&self, body: &str) -> Answer {
        Ok(crossword::import(body.as_bytes())?)
    }

    /// `crossword::fill`: what `polyboggle crossword fill --format json` prints, calling
    /// `on_progress` with `{"attempts", "restarts", "seconds"}` (JSON) about every 250
    /// ms. It runs to its end (in a page, in a Web Worker: stopping it is ending the
    /// worker).
    #[wasm_bindgen(js_name = crosswordFill)]
    pub fn crossword_fill(&self, body: &str, on_progress: Option<ProgressFn>) -> Answer {
        self.crossword_fill_with(body, &mut |p| {
            if let Some(f) = &on_progress {
                f.call(&JsValue::NULL, p);
            }
        })
    }

    /// The total score of the boards of `text`, one a line, in the default dictionary
    /// under `rules` (the page's speed test): `{"boards": N, "score": S}`.
    #[wasm_bindgen(js_name = scoreLines)]
    pub fn score_lines(&self, text: &str, rules: &str) -> Answer {
        let (_, lexicon) = self.dicts.get(None)?;
        let mut solver = Solver::new(lexicon, api::preset(rules)?);
        let (mut boards, mut score) = (0u64, 0u64);
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let board = api::board(line)
                .map_err(|e| ApiError::bad(format!("line {}: {}", i + 1, e.message)))?;
            score += solver.tally(&board).points;
            boards += 1;
        }
        Ok(serde_json::json!({"boards": boards, "score": score}).to_string())
    }
}

impl Local {
    /// [`Local::crossword_fill`] with the progress given to a Rust closure (the host
    /// build's tests call this).
    pub fn crossword_fill_with(&self, body: &str, progress: &mut dyn FnMut(&str)) -> Answer {
        let cx = self.context();
        Ok(crossword::fill(&cx, body.as_bytes(), &mut |p| {
            progress(&progress_json(p));
            ControlFlow::Continue(())
        })?)
    }

    fn context(&self) -> Context<'_> {
        Context {
            dicts: &self.dicts,
            lists: &self.lists,
        }
    }

    fn room(&self, key: &str) -> Result<&Room, ApiError> {
        self.rooms
            .iter()
            .find(|(kept, _)| kept == key)
            .map(|(_, room)| room)
            .ok_or_else(|| ApiError::new(404, "no such room (this page forgot it)"))
    }

    fn add(&mut self, name: &str, bytes: Vec<u8>, lang: Option<&str>) -> Answer {
        let lexicon = Lexicon::from_bytes(bytes, name).map_err(|e| ApiError::bad(e.to_string()))?;
        match lang {
            Some(lang) => self.dicts.add_for(name, lexicon, lang),
            None => self.dicts.add(name, lexicon),
        }
        .map_err(ApiError::bad)?;
        Ok(self.dicts())
    }

    /// Keeps `game` under `id` (the oldest given up beyond [`MAX_GAMES`]); its view.
    fn keep(&mut self, id: String, game: Game, now: Duration) -> String {
        let view = game.view(&id, now);
        self.games.retain(|(kept, _)| *kept != id);
        if self.games.len() >= MAX_GAMES {
            self.games.remove(0);
        }
        self.games.push((id, game));
        view
    }

    /// Runs `f` on the game `id` at `now_ms`, after ending its turn if the time is up
    /// (`grace` after the deadline), as the server does.
    fn with(
        &mut self,
        id: &str,
        now_ms: f64,
        grace: Duration,
        f: impl FnOnce(&mut Game, Duration) -> Result<String, ApiError>,
    ) -> Answer {
        let now = time(now_ms);
        let (_, game) = self
            .games
            .iter_mut()
            .find(|(kept, _)| kept == id)
            .ok_or_else(|| ApiError::new(404, format!("no game '{id}' (this page forgot it)")))?;
        game.check_time(now, grace);
        Ok(f(game, now)?)
    }
}

/// A fill's progress as the page gets it: `{"attempts", "restarts", "seconds"}`.
fn progress_json(p: &crossword::FillProgress) -> String {
    serde_json::json!({"attempts": p.attempts, "restarts": p.restarts, "seconds": p.seconds})
        .to_string()
}
