//! polyboggle-web: the web page and its JSON API, served by `polyboggle serve`.
//!
//! [`App`] is what every request shares: the [`Dictionaries`] the server may use (the
//! built-in one and those named on its command line, each opened once and shared
//! read-only) and the [`Games`] in progress. [`router`] wraps it in HTTP; [`serve`] runs
//! that router on a listener, within the [`Limits`] on connections ([`connections`]);
//! [`serve_until`] stops it gracefully on a signal ([`shutdown_signal`]), and the games
//! are saved to a state file and resumed from it ([`Games::save`], [`Games::resume`]).
//!
//! Each endpoint's work is a plain function from the request body's bytes to a JSON
//! text or an [`ApiError`] ([`api::solve`], [`api::roll`], [`Games::create`],
//! [`Games::guess`], [`solo::Game`], ...), so tests and fuzzers call them without a server. The router
//! adds only what HTTP needs: a cap on bodies ([`MAX_BODY`]), a time limit per request,
//! JSON errors for every failure (never a bare 500), and the page itself ([`page`]),
//! compiled into the binary.
//!
//! [`crossword`] is the crossword constructor's work (issue 68: check a grid, the words
//! that fit an entry, fill, lay out, export and import), one function per operation,
//! which the server and the WebAssembly module both call.
//!
//! The server is the default feature `server` (axum, tokio, hyper). Without it the crate
//! is the endpoints' work alone, pure Rust with no I/O: the static page (crates/wasm)
//! builds it for WebAssembly and answers the same page the same JSON, one [`solo::Game`]
//! at a time.
//!
//! Requests never reach the file system: a dictionary is named, never given by path,
//! and dice sets are the built-in ones.
//!
//! ```
//! use polyboggle_web::{api, Dictionaries};
//!
//! let dicts = Dictionaries::builtin();
//! let reply = api::solve(&dicts, br#"{"board": "ATEE/APYO/TINU/EDSE"}"#).unwrap();
//! let json: serde_json::Value = serde_json::from_str(&reply).unwrap();
//! assert_eq!((json["rows"].as_u64(), json["cols"].as_u64()), (Some(4), Some(4)));
//!
//! let err = api::solve(&dicts, br#"{"board": "ATEE/AP"}"#).unwrap_err();
//! assert_eq!((err.status, err.message.as_str()),
//!            (400, r#"board "ATEE/AP": row 2 has 2 faces, but row 1 has 4"#));
//! ```
#![deny(missing_docs)]

pub mod api;
#[cfg(feature = "server")]
pub mod connections;
pub mod crossword;
mod dictionaries;
mod error;
pub mod page;
pub mod room;
#[cfg(feature = "server")]
pub mod room_store;
pub mod scoring;
#[cfg(feature = "server")]
mod server;
pub mod solo;
pub mod solo_store;

#[cfg(feature = "server")]
pub use connections::{Drained, Limits};
pub use dictionaries::Dictionaries;
pub use error::{ApiError, At};
#[cfg(feature = "server")]
pub use server::{
    keep_room_clocks, router, serve, serve_until, serve_within, shutdown_signal, DRAIN_LIMIT,
    MAX_BODY, REQUEST_TIME_LIMIT,
};
pub use solo_store::{Capacity, Games};

/// What the server's requests share.
pub struct App {
    /// The dictionaries requests may name.
    pub dicts: Dictionaries,
    /// The games in progress.
    pub games: Games,
    /// The rooms open.
    #[cfg(feature = "server")]
    pub rooms: room_store::Rooms,
    /// The crossword word lists dropped (`POST /api/crossword/list`).
    pub crossword_lists: crossword::Lists,
    /// The crossword fills running or just finished.
    #[cfg(feature = "server")]
    pub crossword_fills: crossword::Fills,
}

impl App {
    /// A server state over these dictionaries, with no games yet.
    pub fn new(dicts: Dictionaries) -> App {
        App {
            dicts,
            games: Games::new(),
            #[cfg(feature = "server")]
            rooms: room_store::Rooms::default(),
            crossword_lists: crossword::Lists::default(),
            #[cfg(feature = "server")]
            crossword_fills: crossword::Fills::default(),
        }
    }
}
