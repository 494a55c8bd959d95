//! polyboggle-play: the games played over the [`polyboggle`] engine. [`game`] judges
//! guesses and plays the CS106B game, [`level`] picks the words the computer knows
//! from a dictionary's frequency tiers, and [`duel`] is the CS106B Lab 6 protocol.
//!
//! ```
//! use polyboggle::{Lexicon, Rules};
//! use polyboggle_play::game::{Round, Verdict};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let board = "ATEE/APYO/TINU/EDSE".parse()?;
//! let mut round = Round::new(&lexicon, &board, Rules::cs106b(), 1);
//! assert_eq!(round.guess(0, "pate"), Verdict::Correct(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod duel;
pub mod game;
pub mod level;
