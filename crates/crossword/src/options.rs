//! How to lay out a crossword ([`LayoutOptions`]) and the bounds of every layout.

use std::time::Duration;

use polyboggle::Profile;

use crate::Pin;

/// The most words (and distinct letters) one layout considers; later words are dropped.
pub const MAX_LAYOUT_WORDS: usize = 60_000;

/// The largest grid side `--auto` grows to.
pub const MAX_AUTO_SIDE: usize = 64;

/// How to lay out a crossword.
#[derive(Clone, Debug)]
pub struct LayoutOptions {
    /// Grid size (rows, columns); not used with `auto`.
    pub size: (usize, usize),
    /// Grow the grid until every word fits (up to [`MAX_AUTO_SIDE`]), then crop it to
    /// the letters; black squares are counted in the cropped grid.
    pub auto: bool,
    /// Time budget; `None` lets the search run until it ends on its own.
    pub time: Option<Duration>,
    /// Seed of the search's random choices.
    pub seed: u64,
    /// Words placed by hand before the search (not with `auto`).
    pub pins: Vec<Pin>,
    /// How words become cells.
    pub profile: Profile,
    /// Attempts without a better layout before the search ends on its own.
    pub patience: u64,
    /// The same, once every word is placed.
    pub settle: u64,
}

impl Default for LayoutOptions {
    /// A 13×17 grid, one second, seed 1, no pins, the default profile.
    fn default() -> LayoutOptions {
        LayoutOptions {
            size: (13, 17),
            auto: false,
            time: Some(Duration::from_secs(1)),
            seed: 1,
            pins: Vec::new(),
            profile: Profile::default(),
            patience: 100_000,
            settle: 3_000,
        }
    }
}
