//! Anagrams and builds from a rack of faces, as Scrabble and word-game tools do: an
//! anagram uses every face of the rack, a build any of them (a sub-multiset), and a
//! blank (`?`) stands for any one face, a letter or one of the language's units.
//!
//! The walk carries what is left of the rack, so it only ever follows letters the
//! rack still has: the search visits the words the rack can make and their
//! prefixes, not the dictionary. What is left is a bit per tile (a rack holds at
//! most [`MAX_RACK`] tiles), so a step copies a few words and allocates nothing.
//! A word may spell a rack's faces in more than one way (`ch` is the face `ch` or
//! the faces `c` and `h`), so the state is the set of every way still open; a way
//! that spends a blank where a real tile of the same face is left is never kept, as
//! the way that spends the tile can do all it can, so without units there is only
//! ever one way.

use super::faces::Face;
use super::walk::{Leads, Matcher};

/// The most faces a rack may hold.
pub const MAX_RACK: usize = 255;

/// A set of the rack's tiles, a bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Tiles([u64; MAX_RACK.div_ceil(64)]);

impl Tiles {
    /// The tiles `first..first + count`.
    fn range(first: usize, count: usize) -> Tiles {
        let mut tiles = Tiles::default();
        for tile in first..first + count {
            tiles.0[tile / 64] |= 1 << (tile % 64);
        }
        tiles
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Do the two sets share a tile?
    fn meets(&self, other: &Tiles) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// Removes the lowest tile that is also in `of` (there must be one).
    fn take_one(&mut self, of: &Tiles) {
        for (word, &mask) in self.0.iter_mut().zip(&of.0) {
            let both = *word & mask;
            if both != 0 {
                *word &= !(both & both.wrapping_neg());
                return;
            }
        }
    }
}

/// One face a rack can spend.
#[derive(Debug)]
struct RackFace {
    letters: Face,
    /// The rack's tiles of this face (none for a unit only a blank can stand for).
    tiles: Tiles,
    /// May a blank stand for it? (A letter or a unit, not a face of several letters
    /// the query named.)
    blank_may: bool,
}

/// What is left of the rack along one way of spelling the word so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Hand {
    left: Tiles,
    blanks: u8,
    /// A face of several letters begun but not finished: which, and how many of its
    /// letters are spelled.
    partial: Option<(u32, u8)>,
}

/// Every way still open, in order and without repeats: the first, and the others
/// (almost always none, so cloning a state allocates nothing).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Hands {
    first: Hand,
    more: Vec<Hand>,
}

impl Hands {
    /// Does some way pass `test`? (Plainer for the compiler than a chained iterator,
    /// on a path taken for every letter the walk offers.)
    fn any(&self, mut test: impl FnMut(&Hand) -> bool) -> bool {
        test(&self.first) || self.more.iter().any(test)
    }

    /// Adds `hand` to the ways in `hands`, keeping their order.
    fn add(hands: &mut Option<Hands>, mut hand: Hand) {
        let Some(hands) = hands else {
            *hands = Some(Hands {
                first: hand,
                more: Vec::new(),
            });
            return;
        };
        if hand == hands.first {
            return;
        }
        if hand < hands.first {
            std::mem::swap(&mut hand, &mut hands.first);
        }
        if let Err(at) = hands.more.binary_search(&hand) {
            hands.more.insert(at, hand);
        }
    }
}

/// A rack and what a word must do with it.
#[derive(Debug)]
pub(crate) struct Rack {
    /// The rack's distinct faces, then the units only a blank may stand for.
    faces: Vec<RackFace>,
    /// Each face's first character, side by side, to find the faces a letter may
    /// begin in a few comparisons.
    starts: Vec<char>,
    /// A bit for each of `starts`, at the character's value modulo 64: a letter
    /// whose bit is clear begins no face, which most letters the walk offers are.
    initials: u64,
    tiles: Tiles,
    blanks: u8,
    /// An anagram must use every face; a build may leave some.
    every_face: bool,
}

impl Rack {
    /// `faces` as read from the query (a blank is the face `?`); `units` the
    /// multi-letter faces a blank may stand for. `None` for an empty or oversized rack.
    pub fn new(faces: &[Face], units: &[Face], every_face: bool) -> Option<Rack> {
        if faces.is_empty() || faces.len() > MAX_RACK {
            return None;
        }
        let blanks = faces.iter().filter(|f| is_blank(f)).count();
        // Each distinct face and its tiles, in order of first appearance.
        let mut counted: Vec<(&Face, usize)> = Vec::new();
        for face in faces.iter().filter(|f| !is_blank(f)) {
            match counted.iter_mut().find(|(f, _)| *f == face) {
                Some((_, count)) => *count += 1,
                None => counted.push((face, 1)),
            }
        }
        let only_blank: Vec<(&Face, usize)> = units
            .iter()
            .filter(|u| !counted.iter().any(|(f, _)| f == u))
            .map(|u| (u, 0))
            .collect();
        let mut next_tile = 0;
        let mut rack_faces = Vec::new();
        for (letters, count) in counted.into_iter().chain(only_blank) {
            rack_faces.push(RackFace {
                letters: letters.clone(),
                tiles: Tiles::range(next_tile, count),
                blank_may: letters.len() == 1 || units.contains(letters),
            });
            next_tile += count;
        }
        let starts: Vec<char> = rack_faces
            .iter()
            .map(|f| first_char(&f.letters[0]))
            .collect();
        Some(Rack {
            initials: starts.iter().fold(0, |bits, &c| bits | initial(c)),
            starts,
            faces: rack_faces,
            tiles: Tiles::range(0, next_tile),
            blanks: blanks as u8,
            every_face,
        })
    }

    /// The ways open after `hand` reads `cluster`, handed to `out`.
    fn read(&self, hand: &Hand, cluster: &str, mut out: impl FnMut(Hand)) {
        if let Some((face, at)) = hand.partial {
            let letters = &self.faces[face as usize].letters;
            if letters[at as usize] == cluster {
                let at = at + 1;
                out(Hand {
                    partial: ((at as usize) < letters.len()).then_some((face, at)),
                    ..*hand
                });
            }
            return;
        }
        // Whether a face of this one letter was spent: then a blank for it is not
        // worth keeping.
        let mut letter_spent = false;
        for i in self.starting(first_char(cluster)) {
            let face = &self.faces[i];
            if face.letters[0] != cluster {
                continue;
            }
            let mut next = *hand;
            if face.tiles.meets(&hand.left) {
                next.left.take_one(&face.tiles);
                letter_spent |= face.letters.len() == 1;
            } else if hand.blanks > 0 && face.blank_may {
                next.blanks -= 1;
            } else {
                continue;
            }
            if face.letters.len() > 1 {
                next.partial = Some((i as u32, 1));
            }
            out(next);
        }
        // A blank for a letter no face of the rack has left.
        if hand.blanks > 0 && !letter_spent {
            out(Hand {
                blanks: hand.blanks - 1,
                ..*hand
            });
        }
    }
}

impl Rack {
    /// The faces whose first letter starts with `first`.
    fn starting(&self, first: char) -> impl Iterator<Item = usize> + '_ {
        self.starts
            .iter()
            .enumerate()
            .filter(move |&(_, &c)| c == first)
            .map(|(i, _)| i)
    }
}

/// The bit of [`Rack::initials`] for `c`.
fn initial(c: char) -> u64 {
    1 << (c as u32 % 64)
}

fn first_char(text: &str) -> char {
    text.chars().next().unwrap_or('\0')
}

fn is_blank(face: &Face) -> bool {
    face.len() == 1 && face[0] == "?"
}

impl Matcher for Rack {
    type State = Hands;

    fn start(&self) -> Hands {
        Hands {
            first: Hand {
                left: self.tiles,
                blanks: self.blanks,
                partial: None,
            },
            more: Vec::new(),
        }
    }

    fn step(&self, hands: &Hands, cluster: &str) -> Option<Hands> {
        let mut next = None;
        self.read(&hands.first, cluster, |way| Hands::add(&mut next, way));
        for hand in &hands.more {
            self.read(hand, cluster, |way| Hands::add(&mut next, way));
        }
        next
    }

    fn accepts(&self, hands: &Hands) -> bool {
        hands.any(|hand| {
            hand.partial.is_none() && (!self.every_face || hand.blanks == 0 && hand.left.is_empty())
        })
    }

    fn leads(&self, hands: &Hands) -> Leads {
        let mut leads = [0; 4];
        let open = hands.any(|hand| {
            if hand.blanks > 0 || hand.partial.is_some() {
                return true;
            }
            for face in self.faces.iter().filter(|f| f.tiles.meets(&hand.left)) {
                if let Some(&byte) = face.letters[0].as_bytes().first() {
                    leads[byte as usize / 64] |= 1 << (byte % 64);
                }
            }
            false
        });
        match open {
            true => [u64::MAX; 4],
            false => leads,
        }
    }

    fn may_start(&self, hands: &Hands, partial: &str) -> bool {
        let first = first_char(partial);
        let begins_a_face = self.initials & initial(first) != 0;
        hands.any(|hand| match hand.partial {
            Some((face, at)) => self.faces[face as usize].letters[at as usize].starts_with(partial),
            None => {
                hand.blanks > 0
                    || begins_a_face
                        && self.starting(first).any(|i| {
                            let face = &self.faces[i];
                            face.tiles.meets(&hand.left) && face.letters[0].starts_with(partial)
                        })
            }
        })
    }
}
