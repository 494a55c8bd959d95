//! polyboggle in the browser: the page's backend in WebAssembly, so the one page
//! (crates/web/src/page) plays and solves with no server. [`Local`] answers what
//! `polyboggle serve`'s endpoints answer, computed by the same code: polyboggle-web
//! built without its server (its `api`, its `solo::Game` and its `room::Room`), over the core crate. Nothing here
//! needs threads, files or a clock: no dictionary is embedded (the module stays small,
//! under 1 MB gzipped), each comes in as bytes ([`Bytes`], written into the module's
//! memory once and opened in place), and the page passes the time (`now_ms`,
//! milliseconds since the Unix epoch) and a seed for each roll nobody chose.
//!
//! The same module is the npm package `polyboggle` (crates/wasm/npm: a thin ES module
//! over [`Local`], with its TypeScript types).
//!
//! The same functions build on the host (an `rlib`), where the tests call them.
#![deny(missing_docs)]

mod bytes;
mod failure;
mod local;

pub use bytes::Bytes;
pub use failure::Failure;
pub use local::{languages, Local, ProgressFn};

/// The most games a page keeps (it plays one at a time; the rest are given up).
pub const MAX_GAMES: usize = 16;
/// The most rooms a page keeps (it is in one at a time).
pub const MAX_ROOMS: usize = 4;
/// The most words one list of a room's results may hold (a board has fewer).
pub const MAX_LIST: usize = 10_000;
/// The most crossword word lists a page keeps (each as large as it was dropped).
pub const MAX_CROSSWORD_LISTS: usize = 4;
/// A room without a server is named by its link, not by a code a server gave.
const LINK_CODE: &str = "LINK";

#[cfg(test)]
mod tests;
