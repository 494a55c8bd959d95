//! The dice set itself: the one type the crate's other modules add to (reading and
//! writing it is the `format` module's, rolling it the `roll` module's).

/// A set of dice and the grid they fill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceSet {
    /// The set's name.
    pub name: String,
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// How far the transcription can be trusted (`published`, `fan-made`, `unverified`...).
    pub confidence: String,
    /// Where the faces come from.
    pub source: String,
    /// Anything else worth knowing.
    pub note: String,
    /// The dice, each a list of faces as written (`#` for a blank).
    pub dice: Vec<Vec<String>>,
}
