//! How to expand a dictionary: the per-stem limit, compounds, the longest form.

/// Two-part compound generation (see [`ExpandOptions::compounds`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compounds {
    /// Number of parts; only `2` is supported.
    pub parts: usize,
    /// Longest compound, in characters.
    pub max_len: usize,
    /// Hard limit on the number of compounds; past it the iterator yields
    /// [`Error::CompoundLimit`](crate::Error::CompoundLimit) and stops.
    pub max_forms: usize,
}

impl Compounds {
    /// Two parts, at most `max_len` characters, at most 10 million forms.
    pub fn two(max_len: usize) -> Compounds {
        Compounds {
            parts: 2,
            max_len,
            max_forms: 10_000_000,
        }
    }
}

/// Expansion options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExpandOptions {
    /// Most forms one stem may yield; past it expansion fails with
    /// [`Error::TooManyForms`](crate::Error::TooManyForms). Default 100,000,000
    /// (hu_HU has stems with over 5 million forms).
    pub limit: usize,
    /// Two-part compounds; `None` (the default) generates none.
    pub compounds: Option<Compounds>,
    /// Only forms of at most this many [`letters`](crate::letters()) (characters;
    /// a Hangul syllable in conjoining jamo counts as one). The bound prunes the
    /// expansion itself: a form too long is never built, and a word that no
    /// remaining affix can bring back under it is not extended, which makes
    /// e.g. hu_HU tractable. The forms are exactly those of the unbounded
    /// expansion that are this short. `None` (the default): no limit.
    pub max_len: Option<usize>,
}

impl Default for ExpandOptions {
    fn default() -> Self {
        ExpandOptions {
            limit: 100_000_000,
            compounds: None,
            max_len: None,
        }
    }
}
