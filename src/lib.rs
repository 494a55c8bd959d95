//! polyboggle: solve, play and optimize Boggle-style word grids in any language.
//!
//! Data flows one way. A word list passes through a normalization [`Profile`]
//! ([`normalize`]) into a compiled, memory-mapped FST [`Lexicon`] ([`lexicon`]). A
//! [`Board`] of grapheme faces ([`board`], rolled by [`dice`]) and a lexicon go into a
//! [`Solver`] ([`solve`]), which walks the automaton a face at a time and returns every
//! word [`Found`], scored by [`Rules`] ([`score`]). [`game`] and [`bench`](mod@bench) are built on
//! the solver; [`batch`] scores many boards at once, on the CPU or on a GPU ([`gpu`],
//! chosen by [`backend`]), and [`optimize`] searches for the best boards through it;
//! [`web`] serves the game and the solver as a page and a JSON API.
//! [`crossword`] lays word lists out as crossword grids, in any script.
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
#![warn(missing_docs)]

pub mod automaton;
pub mod backend;
pub mod batch;
pub mod bench;
pub mod board;
pub mod crossword;
pub mod dice;
pub mod game;
pub mod gpu;
pub mod lexicon;
pub mod normalize;
pub mod optimize;
pub mod score;
pub mod solve;
pub mod web;

pub use board::{Board, BoardError, Face};
pub use lexicon::{CompileReport, Compiler, Lexicon, LexiconError, Lookup};
pub use normalize::Profile;
pub use score::{Points, Rules, RulesError};
pub use solve::{Found, Solution, Solver, Tally};
