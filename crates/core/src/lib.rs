//! polyboggle: solve Boggle-style word grids in any language, over memory-mapped FST
//! dictionaries. This is the core crate, the engine other programs depend on; what
//! builds on it sits beside it: dice (`polyboggle-dice`), games (`polyboggle-play`),
//! best boards (`polyboggle-optimize`), proofs (`polyboggle-prove`), crosswords
//! (`polyboggle-crossword`), the server (`polyboggle-web`), the GPU
//! (`polyboggle-gpu`), and the `polyboggle` command (`polyboggle-cli`).
//!
//! Data flows one way. A word list passes through a normalization [`Profile`]
//! ([`normalize`]) into a compiled, memory-mapped FST [`Lexicon`] ([`lexicon`], whose
//! walkable form is [`raw`]'s automaton; [`query`] searches it, [`tiers`] ranks its words).
//! A [`Board`] of grapheme faces ([`board`], read from [`boards`] files) and a
//! lexicon go into a [`Solver`] ([`solve`]), which walks the automaton a face at a
//! time and returns every word [`Found`], scored by [`Rules`] ([`score`]). [`batch`]
//! scores many boards at once through a [`batch::Scorer`] (the CPU's, or a GPU's, as
//! [`backend`] names them). [`spec`] is the request
//! every front end makes, [`random`] its seeds, [`files`] its safe writes. The
//! product's languages (their dice, rules and built dictionaries) are
//! `polyboggle-languages`'.
//!
//! ```
//! use polyboggle::{Board, Lexicon, Rules, Solver};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let board: Board = "ATEE/APYO/TINU/EDSE".parse()?;
//! let solution = Solver::new(&lexicon, Rules::hasbro()).solve(&board);
//! assert!(solution.words.iter().any(|found| found.word == "pate"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod automaton;
pub mod backend;
pub mod batch;
pub mod board;
pub mod boards;
pub mod files;
pub mod lexicon;
pub mod normalize;
pub mod query;
pub mod random;
pub mod raw;
#[cfg(test)]
mod rolled;
pub mod score;
pub mod solve;
pub mod spec;
pub mod tiers;

pub use board::{Board, BoardError, Face};
pub use lexicon::LazyLexicon;
pub use lexicon::{CompileReport, Compiler, Lexicon, LexiconError, Lookup};
pub use normalize::Profile;
pub use score::{Points, Rules, RulesError};
pub use solve::{Found, Solution, Solver, Survey, Tally};
