//! polyboggle in the browser: the page's backend in WebAssembly, so the one page
//! (crates/web/src/page) plays and solves with no server. [`Local`] answers what
//! `polyboggle serve`'s endpoints answer, computed by the same code: polyboggle-web
//! built without its server (its `api` and [`Game`]), over the core crate. Nothing here
//! needs threads, files or a clock: no dictionary is embedded (the module stays small,
//! under 1 MB gzipped), each comes in as bytes ([`Bytes`], written into the module's
//! memory once and opened in place), and the page passes the time (`now_ms`,
//! milliseconds since the Unix epoch) and a seed for each roll nobody chose.
//!
//! The same module is the npm package `polyboggle` (crates/wasm/npm: a thin ES module
//! over [`Local`], with its TypeScript types).
//!
//! The same functions build on the host (an `rlib`), where the tests call them.

use std::time::Duration;

use polyboggle::{Lexicon, Solver};
use polyboggle_languages as languages;
use polyboggle_web::room::Room;
use polyboggle_web::solo::{self, Game};
use polyboggle_web::{api, ApiError, Dictionaries};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

/// The most games a page keeps (it plays one at a time; the rest are given up).
pub const MAX_GAMES: usize = 16;
/// The most rooms a page keeps (it is in one at a time).
pub const MAX_ROOMS: usize = 4;
/// The most words one list of a room's results may hold (a board has fewer).
pub const MAX_LIST: usize = 10_000;
/// A room without a server is named by its link, not by a code a server gave.
const LINK_CODE: &str = "LINK";

/// How a call failed: the HTTP status the server would send, and its one line.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Failure {
    status: u16,
    message: String,
}

#[wasm_bindgen]
impl Failure {
    /// The status `polyboggle serve` answers for the same request (400, 404, 409...).
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The line the server (and the CLI, for the same input) says.
    #[wasm_bindgen(getter)]
    pub fn message(&self) -> String {
        self.message.clone()
    }
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Failure {
        Failure {
            status: e.status,
            message: e.message,
        }
    }
}

/// A dictionary's bytes as they arrive, kept in the module's memory: the page writes each
/// chunk of a download here as it comes, so a 20 MB file is never held twice (neither
/// whole in JavaScript nor copied again when opened: [`Local::open_dictionary`] opens
/// the lexicon over these very bytes).
#[wasm_bindgen]
pub struct Bytes {
    bytes: Vec<u8>,
}

#[wasm_bindgen]
impl Bytes {
    /// Room for `size` bytes (the file's size, when known: then nothing moves as it
    /// grows).
    #[wasm_bindgen(constructor)]
    pub fn new(size: usize) -> Bytes {
        Bytes {
            bytes: Vec::with_capacity(size),
        }
    }

    /// Appends a chunk (copied from JavaScript into the module's memory).
    pub fn push(&mut self, chunk: &[u8]) {
        self.bytes.extend_from_slice(chunk);
    }

    /// How many bytes have come.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.bytes.len()
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn json(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    /// A page with English, as the static page adds it (enable2k.pbd beside it).
    fn english() -> Local {
        let mut local = Local::new();
        let bytes = include_bytes!("../../core/data/enable2k.pbd");
        let mut written = Bytes::new(bytes.len());
        for chunk in bytes.chunks(65536) {
            written.push(chunk);
        }
        assert_eq!(written.length(), bytes.len());
        local
            .open_dictionary("enable2k", written, Some("en".into()))
            .unwrap();
        local
    }

    #[test]
    fn answers_as_the_server_does() {
        let local = english();
        let solved = local.solve(r#"{"board": "ATEE/APYO/TINU/EDSE"}"#).unwrap();
        let dicts = Dictionaries::builtin();
        let served = api::solve(&dicts, br#"{"board": "ATEE/APYO/TINU/EDSE"}"#).unwrap();
        assert_eq!(solved, served);
        assert!(solved.starts_with(r#"{"cols":4,"count":156,"rows":4,"score":221,"#));
        let rolled = json(
            &local
                .roll(r#"{"set": "english-new-4x4", "seed": 1}"#)
                .unwrap(),
        );
        assert_eq!(rolled["board"][0], serde_json::json!(["B", "X", "E", "S"]));
        assert_eq!(local.dice(), api::dice());
        let found = local.search("enable2k", "build=tacos&min_len=5").unwrap();
        assert_eq!(
            found,
            api::search(&dicts, "enable2k", "build=tacos&min_len=5").unwrap()
        );
        assert_eq!(
            found,
            "{\"words\": [\"ASCOT\", \"COAST\", \"COATS\", \"COSTA\", \"TACOS\"]}\n"
        );
        assert_eq!(local.search("nope", "pattern=a").unwrap_err().status(), 404);
        let err = local.solve(r#"{"board": "ATEE/AP"}"#).unwrap_err();
        assert_eq!(
            (err.status(), err.message()),
            (
                400,
                r#"board "ATEE/AP": row 2 has 2 faces, but row 1 has 4"#.to_string()
            )
        );
    }

    #[test]
    fn plays_a_game_with_the_pages_clock() {
        let mut local = english();
        let t0 = 1.7e12;
        let view = json(
            &local
                .new_game(r#"{"board": "ATEE/APYO/TINU/EDSE", "timer": 60}"#, t0)
                .unwrap(),
        );
        let id = view["id"].as_str().unwrap().to_string();
        assert_eq!(view["time_left"], 60.0);
        let reply = json(
            &local
                .guess(&id, r#"{"word": "type"}"#, t0 + 1000.0)
                .unwrap(),
        );
        assert_eq!(reply["verdict"], "correct");
        let short = json(&local.guess(&id, r#"{"word": "tea"}"#, t0).unwrap());
        assert_eq!(short["verdict"], "too-short");
        // After the time and its grace, a guess finds the turn over.
        let late = local.guess(&id, r#"{"word": "yeti"}"#, t0 + 62_500.0);
        assert_eq!(late.unwrap_err().status(), 409);
        let view = json(&local.game(&id, t0 + 63_000.0).unwrap());
        assert_eq!(view["phase"], "results");
        assert!(view["message"].as_str().unwrap().starts_with("Time is up."));
        assert_eq!(local.game("nope", t0).unwrap_err().status(), 404);
        assert_eq!(
            local.forget(&id).unwrap(),
            format!(r#"{{"deleted":true,"id":"{id}"}}"#)
        );
    }

    #[test]
    fn a_recorded_game_comes_back() {
        let mut local = english();
        let t0 = 1.7e12;
        let body = r#"{"set": "english-new-4x4", "seed": 7, "timer": 120}"#;
        let id = json(&local.new_game(body, t0).unwrap())["id"]
            .as_str()
            .unwrap()
            .to_string();
        let word = json(
            &local
                .solve(r#"{"board": "RNRH/TTRR/OIIA/KBUT", "rules": "cs106b"}"#)
                .unwrap(),
        )["words"][0]["word"]
            .as_str()
            .unwrap()
            .to_string();
        local
            .guess(&id, &format!(r#"{{"word": "{word}"}}"#), t0 + 5000.0)
            .unwrap();
        local.guess(&id, r#"{"word": "zzz"}"#, t0 + 6000.0).unwrap();
        let before = json(&local.game(&id, t0 + 10_000.0).unwrap());
        let record = format!(
            r#"{{"game": {body}, "at": {t0}, "guesses": ["{word}", "zzz"], "ended": null}}"#
        );
        let mut reloaded = english();
        let after = json(&reloaded.resume(&id, &record, t0 + 10_000.0).unwrap());
        assert_eq!(before, after);
        let late = json(&reloaded.resume(&id, &record, t0 + 121_000.0).unwrap());
        assert_eq!(late["phase"], "results");
    }

    #[test]
    fn a_room_without_a_server_plays_on_the_links_clock_and_scores_as_the_server() {
        let mut local = english();
        let t0 = 1.7e12;
        let body = r#"{"name": "Ana", "board": "ATEE/APYO/TINU/EDSE", "timer": 60}"#;
        let view = json(&local.room_open("k", body, t0 + 5000.0, t0).unwrap());
        assert_eq!(
            (view["phase"].as_str(), view["starts_in"].as_f64()),
            (Some("countdown"), Some(5.0))
        );
        assert!(view["board"].is_null());
        let early = local.room_word("k", "tape", t0 + 1000.0).unwrap_err();
        assert_eq!(early.status(), 409);
        let reply = json(&local.room_word("k", "tape", t0 + 6000.0).unwrap());
        assert_eq!(
            (reply["verdict"].as_str(), reply["found"].as_u64()),
            (Some("correct"), Some(1))
        );
        let view = json(&local.room_view("k", t0 + 7000.0).unwrap());
        assert_eq!(view["phase"], "playing");
        assert_eq!(view["words"][0]["word"], "TAPE");
        assert_eq!(
            json(&local.room_view("k", t0 + 68_000.0).unwrap())["phase"],
            "results"
        );

        // The lists scored together: the server's own Room, every word judged.
        let settings = r#"{"board": "ATEE/APYO/TINU/EDSE", "timer": 60, "scoring": "classic"}"#;
        let lists = r#"[{"name": "Ana", "words": ["tape", "pate", "zzzz"]},
                        {"name": "Bo", "words": ["TAPE", "type", "type"]}]"#;
        let results = json(&local.room_results(settings, lists).unwrap());
        assert_eq!(results["phase"], "results");
        let players = results["players"].as_array().unwrap();
        assert_eq!(
            (players[0]["score"].as_u64(), players[1]["score"].as_u64()),
            (Some(1), Some(1))
        );
        assert_eq!(players[0]["words"][0]["struck"], true);
        assert_eq!(players[0]["words"][0]["also"][0], "Bo");
        assert_eq!(players[1]["words"].as_array().unwrap().len(), 2);
        assert_eq!(results["winners"], serde_json::json!(["p1", "p2"]));
        let many: Vec<String> = (0..100).map(|_| "tape".to_string()).collect();
        let lists = serde_json::json!([{"name": "Cy", "words": many}]).to_string();
        assert_eq!(
            json(&local.room_results(settings, &lists).unwrap())["players"][0]["score"],
            1
        );
        assert_eq!(
            local.room_results(settings, "[]").unwrap_err().status(),
            400
        );
    }

    #[test]
    fn a_compiled_dictionary_is_added() {
        let mut compiler = polyboggle::Compiler::new(Default::default());
        compiler.add_text("tea eat ate");
        let (bytes, _) = compiler.finish("three.txt").unwrap();
        let mut local = english();
        let dicts = json(&local.add_dictionary("three", bytes, None).unwrap());
        assert_eq!(dicts["dicts"][1]["words"], 3);
        let solved = json(
            &local
                .solve(r#"{"board": "TE/AX", "dict": "three"}"#)
                .unwrap(),
        );
        assert_eq!(solved["score"], 3);
        let err = local
            .add_dictionary("x", b"not a dictionary".to_vec(), None)
            .unwrap_err();
        assert!(err.message().starts_with('x'), "{}", err.message());
        let total = local
            .score_lines("perslatgsineters\n\nATEE/APYO/TINU/EDSE\n", "hasbro")
            .unwrap();
        assert_eq!(total, r#"{"boards":2,"score":3846}"#);
    }

    #[test]
    fn english_comes_in_as_bytes_and_a_damaged_file_is_refused() {
        let local = english();
        let dicts = json(&local.dicts());
        assert_eq!(dicts["dicts"][0]["name"], "enable2k");
        assert_eq!(dicts["dicts"][0]["language"]["tag"], "en");
        assert_eq!(dicts["dicts"][0]["tiers"].as_array().unwrap().len(), 4);
        let mut damaged = include_bytes!("../../core/data/enable2k.pbd").to_vec();
        let middle = damaged.len() / 2;
        damaged[middle] ^= 0x55;
        let mut local = Local::new();
        let err = local
            .add_dictionary("en", damaged, Some("en".into()))
            .unwrap_err();
        assert_eq!(err.status(), 400);
        assert!(err.message().contains("checksum"), "{}", err.message());
        assert_eq!(
            local.solve(r#"{"board": "AB/CD"}"#).unwrap_err().status(),
            400
        );
        let all = json(&languages());
        let hebrew = all.as_array().unwrap().iter().find(|l| l["tag"] == "he");
        assert_eq!(hebrew.unwrap()["rtl"], true);
    }
}
