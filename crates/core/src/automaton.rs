//! The solver's automaton: the dictionary's FST decoded into flat, fixed-width records
//! (the layout: [`crate::raw`], which re-exports what other crates use of it). Reading
//! and checking a section, and encoding one at compile time, each in its own file.

mod check;
mod encode;
mod read;
#[cfg(test)]
mod tests;

pub(crate) use check::records_in_bounds;
pub use encode::encode;
pub use read::{Automaton, Node, State, Transitions, ROOT};
pub use read::{Malformed, NO_CLASS};
pub(crate) use read::{LAST, MOST_TRANSITIONS, PREFIX_WORDS};
