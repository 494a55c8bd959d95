//! The server's rooms: [`Room`]s by code, each with the channel its live connections
//! listen on, within a budget, kept across restarts in a state file of their own.
//!
//! A room's code is six letters and digits that cannot be misread (no `0`/`O`, `1`/`I`):
//! it is meant to be said aloud, and it is no secret. What proves a request is a
//! player's is its token, 128 random bits from the operating system, given once when
//! the player opens or joins the room.
//!
//! Every change is told on the room's channel ([`RoomEvent`]): a live connection then sends
//! its player the room as that player sees it, or just a player's count of words.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use polyboggle::files::{self, ReadError, WriteError};

use crate::room::{Room, SavedRoom, DEFAULT_MAX_PLAYERS};
use crate::{api, ApiError, Dictionaries};

/// The most rooms a server keeps by default (`serve --max-rooms N`).
pub const DEFAULT_MAX_ROOMS: usize = 5_000;
/// A room nobody has been in for this long is forgotten.
pub const ROOM_IDLE: Duration = Duration::from_secs(2 * 60 * 60);
/// The letters of a room's code: none that reads as another (no `0`/`O`, `1`/`I`).
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_start_with_the_servers_prefix() {
        let dicts = Dictionaries::builtin();
        let rooms = Rooms::default().with_prefix("b").unwrap();
        for _ in 0..20 {
            let opened: serde_json::Value =
                serde_json::from_str(&rooms.open(&dicts, br#"{"name": "Ana"}"#).unwrap()).unwrap();
            let code = opened["code"].as_str().unwrap();
            assert!(code.starts_with('B') && code.len() == CODE_LENGTH, "{code}");
            assert!(code.bytes().all(|b| CODE_LETTERS.contains(&b)), "{code}");
        }
        assert_eq!(rooms.len(), 20);
        for bad in ["", "O", "ABCD", "a-"] {
            assert!(Rooms::default().with_prefix(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bearer_token_is_read_from_its_header() {
        assert_eq!(bearer(Some("Bearer abc")), Some("abc"));
        assert_eq!(bearer(Some("bearer  abc ")), Some("abc"));
        assert_eq!(bearer(Some("Basic abc")), None);
        assert_eq!(bearer(None), None);
    }
}
/// A room's code's length.
pub const CODE_LENGTH: usize = 6;
/// The news a room's channel holds for a connection that has not sent it yet; one that
/// falls further behind is sent the whole room instead, so few are enough (each room's
/// channel of 256 was 31 MB over 2,000 rooms).
const EVENTS: usize = 16;
/// The rooms' state file's format name and version.
const ROOMS_FORMAT: &str = "polyboggle-rooms";
const ROOMS_VERSION: u32 = 1;

/// What a room's live connections are told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomEvent {
    /// Anything: send the room again.
    Changed,
    /// A player's count of words changed (by index).
    Found {
        /// The player's index.
        player: usize,
        /// Its id (`p2`).
        id: String,
        /// How many words it has now.
        found: usize,
    },
}

/// One room and its channel.
pub struct Kept {
    room: Mutex<Room>,
    events: broadcast::Sender<RoomEvent>,
}

impl Kept {
    /// The room, locked.
    pub fn room(&self) -> MutexGuard<'_, Room> {
        self.room.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Tells the room's live connections.
    pub fn tell(&self, event: RoomEvent) {
        let _ = self.events.send(event);
    }

    /// A receiver of what the room's live connections are told.
    pub fn listen(&self) -> broadcast::Receiver<RoomEvent> {
        self.events.subscribe()
    }
}

/// The rooms' state file.
#[derive(Serialize, Deserialize)]
struct RoomsFile {
    format: String,
    version: u32,
    rooms: Vec<SavedRoom>,
}

/// The server's rooms.
pub struct Rooms {
    rooms: Mutex<HashMap<String, Arc<Kept>>>,
    max_rooms: usize,
    max_players: usize,
    /// What every code this server makes starts with (`serve --room-prefix`): several
    /// servers behind one proxy each make their own codes, and the proxy routes by it.
    prefix: String,
}

impl Default for Rooms {
    fn default() -> Rooms {
        Rooms::new(DEFAULT_MAX_ROOMS, DEFAULT_MAX_PLAYERS)
    }
}

/// The wall-clock time since the Unix epoch: a room's `now`.
pub fn wall_clock() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// 128 random bits from the operating system, in hex.
fn token() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::new(500, format!("no random bytes for a token: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A bearer token from an `Authorization` header's value or a `?token=` query.
pub fn bearer(header: Option<&str>) -> Option<&str> {
    let value = header?.trim();
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

impl Rooms {
    /// At most `max_rooms` rooms of at most `max_players` players each.
    pub fn new(max_rooms: usize, max_players: usize) -> Rooms {
        Rooms {
            rooms: Mutex::new(HashMap::new()),
            max_rooms,
            max_players,
            prefix: String::new(),
        }
    }

    /// Every code made from now on starts with `prefix` (one to three of the code's
    /// letters, `A`-`Z` but `I` and `O`, and `2`-`9`); or why it cannot.
    pub fn with_prefix(mut self, prefix: &str) -> Result<Rooms, String> {
        let prefix = prefix.to_ascii_uppercase();
        if prefix.is_empty()
            || prefix.len() > 3
            || !prefix.bytes().all(|b| CODE_LETTERS.contains(&b))
        {
            return Err(format!(
                "--room-prefix {prefix}: give one to three of A-Z (not I or O) and 2-9, as codes are written"
            ));
        }
        self.prefix = prefix;
        Ok(self)
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<Kept>>> {
        self.rooms.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many rooms are kept.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Are there none?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The room of a code (any case), or 404.
    pub fn get(&self, code: &str) -> Result<Arc<Kept>, ApiError> {
        let code = code.to_ascii_uppercase();
        self.lock().get(&code).cloned().ok_or_else(|| {
            ApiError::new(
                404,
                format!("no room {code}: its code is wrong, or the room has closed"),
            )
        })
    }

    /// The room and the player a token proves, or 401.
    pub fn player(&self, code: &str, token: Option<&str>) -> Result<(Arc<Kept>, usize), ApiError> {
        let kept = self.get(code)?;
        let token = token.ok_or_else(|| {
            ApiError::new(
                401,
                "no token: send Authorization: Bearer TOKEN (the one join or open answered)",
            )
        })?;
        let player = kept
            .room()
            .player_of(token)
            .ok_or_else(|| ApiError::new(401, "this token is no player's in this room"))?;
        Ok((kept, player))
    }

    /// `POST /api/rooms`: opens a room; answers `code`, `player`, `token`.
    pub fn open(&self, dicts: &Dictionaries, body: &[u8]) -> Result<String, ApiError> {
        let now = wall_clock();
        self.sweep(now);
        if self.len() >= self.max_rooms {
            return Err(ApiError::unavailable(
                format!(
                    "the server is full: {} rooms are open; try again later",
                    self.max_rooms
                ),
                60,
            ));
        }
        let token = token()?;
        let mut rooms = self.lock();
        let code = loop {
            let code: String = self
                .prefix
                .chars()
                .chain((self.prefix.len()..CODE_LENGTH).map(|_| {
                    let i = (polyboggle::random::seed() % CODE_LETTERS.len() as u64) as usize;
                    CODE_LETTERS[i] as char
                }))
                .collect();
            if !rooms.contains_key(&code) {
                break code;
            }
        };
        let mut room = Room::open(dicts, &code, body, token.clone(), now)?;
        room.limit_players(self.max_players);
        let id = room.players()[0].id.clone();
        let (events, _) = broadcast::channel(EVENTS);
        rooms.insert(
            code.clone(),
            Arc::new(Kept {
                room: Mutex::new(room),
                events,
            }),
        );
        Ok(serde_json::json!({"code": code, "player": id, "token": token, "link": format!("/#/room/{code}")}).to_string())
    }

    /// `POST /api/rooms/CODE/join`: `{"name": ...}`; answers `player`, `token`.
    pub fn join(&self, code: &str, body: &[u8]) -> Result<String, ApiError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Join {
            name: String,
        }
        let kept = self.get(code)?;
        let request: Join = api::parse(body)?;
        let token = token()?;
        let (player, id) = {
            let mut room = kept.room();
            let player = room.join(&request.name, token.clone(), wall_clock())?;
            (player, room.players()[player].id.clone())
        };
        let _ = player;
        kept.tell(RoomEvent::Changed);
        Ok(
            serde_json::json!({"code": code.to_ascii_uppercase(), "player": id, "token": token})
                .to_string(),
        )
    }

    /// Forgets the rooms nobody is in, and those nobody has been in for [`ROOM_IDLE`].
    pub fn sweep(&self, now: Duration) {
        self.lock().retain(|_, kept| {
            let room = kept.room();
            let recent = room
                .players()
                .iter()
                .any(|p| !p.left && (p.live > 0 || now.saturating_sub(p.seen) < ROOM_IDLE));
            !room.is_empty() && recent
        });
    }

    /// Every room's code.
    pub fn codes(&self) -> Vec<String> {
        self.lock().keys().cloned().collect()
    }

    /// Writes every room to `path` (through a temporary file and a rename). Answers
    /// how many.
    pub fn save(&self, path: &Path) -> Result<usize, WriteError> {
        let rooms: Vec<SavedRoom> = {
            let kept: Vec<Arc<Kept>> = self.lock().values().cloned().collect();
            kept.iter().map(|k| k.room().save()).collect()
        };
        let file = RoomsFile {
            format: ROOMS_FORMAT.into(),
            version: ROOMS_VERSION,
            rooms,
        };
        files::write_atomically_with(path, |out| {
            serde_json::to_writer(&mut *out, &file)?;
            out.write_all(b"\n")
        })?;
        Ok(file.rooms.len())
    }

    /// Reads back the rooms [`Rooms::save`] wrote to `path` (none when there is no
    /// file). A room that no longer fits this server (its dictionary not served) is
    /// left out, and said in the notes.
    pub fn resume(&self, dicts: &Dictionaries, path: &Path) -> Result<Vec<String>, ReadError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(ReadError::io(&path.display().to_string(), &e)),
        };
        let mut notes = Vec::new();
        let file: RoomsFile = match serde_json::from_str(&text) {
            Ok(file) => file,
            Err(e) => {
                notes.push(format!(
                    "{}: not a rooms file ({e}); no room resumed",
                    path.display()
                ));
                return Ok(notes);
            }
        };
        if file.format != ROOMS_FORMAT || file.version != ROOMS_VERSION {
            notes.push(format!(
                "{}: rooms format {} version {}; this server reads version {ROOMS_VERSION}",
                path.display(),
                file.format,
                file.version
            ));
            return Ok(notes);
        }
        let now = wall_clock();
        let mut rooms = self.lock();
        for saved in &file.rooms {
            match Room::restore(dicts, saved, now) {
                Ok(room) => {
                    let (events, _) = broadcast::channel(EVENTS);
                    rooms.insert(
                        saved.code.clone(),
                        Arc::new(Kept {
                            room: Mutex::new(room),
                            events,
                        }),
                    );
                }
                Err(e) => notes.push(format!("room {}: not resumed: {}", saved.code, e.message)),
            }
        }
        Ok(notes)
    }
}
