//! The web crate's integration tests, one binary: the router called in-process
//! ([`api`]), and the server's connection limits on a loopback port
//! ([`connections`]). `polyboggle serve` itself, the real binary, is tested by the
//! workspace root's `tests/serve.rs`.

mod common;

mod api;
mod connections;
mod crossword;
mod rooms;
