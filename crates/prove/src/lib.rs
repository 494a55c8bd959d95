//! polyboggle-prove: exhaustive proofs that no board of a space scores more than
//! a threshold, except those listed — branch and bound over board classes.
//!
//! A *class* gives every cell a set of faces and holds every board that picks one
//! face a cell. The search starts from the space's top-level classes
//! ([`class`](Classes): one bucket of faces a cell). It walks each one's
//! dictionary paths once ([`bound`]) into a trie of word paths keyed by the faces
//! they take at the free cells ([`orderly`]), whose root bounds every board of the
//! class; drops the class when the bound is below the threshold; and otherwise
//! forces the next cell (the busiest first) to each of its faces on the trie itself
//! ([`tree`]: the chosen child merged into the root), and goes on. Classes of a few
//! hundred boards are scored board by board with the solver. What is left at the
//! end is every board that scores at least the threshold: none missed, as long as
//! the bound holds for every board of a class (the property tests check it
//! against enumeration).
//!
//! Dice spaces are classes of faces too; a class none of whose boards can be
//! rolled is dropped ([`dice`]), and so is a single board that cannot.
//!
//! ```
//! use polyboggle::{Lexicon, Rules};
//! use polyboggle_optimize::Space;
//! use polyboggle_prove::Proof;
//!
//! let lexicon = Lexicon::from_words(["tea", "eat", "ate", "teat", "neat"], &Default::default())?;
//! let letters: Vec<String> = ["t", "e", "a", "n"].map(String::from).to_vec();
//! let space = Space::letters(2, 2, &letters, lexicon.profile())?;
//! let proof = Proof::new(&lexicon, Rules::hasbro(), &space, 4)?;
//! let result = proof.run(proof.classes(), 1, &|| false, &|_| {});
//! assert!(result.complete);
//! // The best board, in its canonical turn: tea, eat, ate and neat.
//! let best = &result.boards[0];
//! assert_eq!((best.board.inline().as_str(), best.score), ("ae/nt", 4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod bound;
pub mod class;
mod clock;
pub mod dice;
pub mod log;
pub mod orderly;
mod proof;
pub mod search;
pub mod tree;

pub use class::{Classes, Cut};
pub use proof::{
    ClassReport, Estimate, Proof, ProofResult, ProveError, Proven, MAX_CELLS, MAX_FACES,
};
pub use search::{Outcome, ThresholdBoard};
