//! Anagrams and builds from a rack of faces, as Scrabble and word-game tools do: an
//! anagram uses every face of the rack, a build any of them (a sub-multiset), and a
//! blank (`?`) stands for any one face, a letter or one of the language's units.
//!
//! The walk carries what is left of the rack, so it only ever follows letters the
//! rack still has: the search visits the words the rack can make and their
//! prefixes, not the dictionary. A word may spell a rack's faces in more than one
//! way (`ch` is the face `ch` or the faces `c` and `h`), so the state is the set of
//! every way still open.

use super::faces::Face;
use super::walk::Matcher;

/// What is left of the rack along one way of spelling the word so far.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Hand {
    /// How many of each face are left.
    counts: Vec<u8>,
    blanks: u8,
    /// A face of several letters begun but not finished: which, and how many of its
    /// letters are spelled.
    partial: Option<(u16, u8)>,
}

/// A rack and what a word must do with it.
#[derive(Debug)]
pub(crate) struct Rack {
    /// The rack's distinct faces, then the units a blank may stand for.
    faces: Vec<Face>,
    /// Which faces are the language's units (those a blank may stand for).
    is_unit: Vec<bool>,
    counts: Vec<u8>,
    blanks: u8,
    /// An anagram must use every face; a build may leave some.
    every_face: bool,
}

/// The most faces a rack may hold.
pub const MAX_RACK: usize = 255;

impl Rack {
    /// `faces` as read from the query (a blank is the face `?`); `units` the
    /// multi-letter faces a blank may stand for. `None` for an empty or oversized rack.
    pub fn new(faces: &[Face], units: &[Face], every_face: bool) -> Option<Rack> {
        if faces.is_empty() || faces.len() > MAX_RACK {
            return None;
        }
        let mut rack = Rack {
            faces: Vec::new(),
            is_unit: Vec::new(),
            counts: Vec::new(),
            blanks: 0,
            every_face,
        };
        for face in faces {
            if face.len() == 1 && face[0] == "?" {
                rack.blanks += 1;
            } else if let Some(i) = rack.faces.iter().position(|f| f == face) {
                rack.counts[i] += 1;
            } else {
                rack.faces.push(face.clone());
                rack.counts.push(1);
            }
        }
        rack.is_unit = rack.faces.iter().map(|f| units.contains(f)).collect();
        for unit in units {
            if !rack.faces.contains(unit) {
                rack.faces.push(unit.clone());
                rack.is_unit.push(true);
            }
        }
        Some(rack)
    }

    /// The ways open after `hand` reads `cluster`, pushed onto `out`.
    fn read(&self, hand: &Hand, cluster: &str, out: &mut Vec<Hand>) {
        if let Some((face, at)) = hand.partial {
            let letters = &self.faces[face as usize];
            if letters[at as usize] == cluster {
                let mut next = hand.clone();
                let at = at + 1;
                next.partial = ((at as usize) < letters.len()).then_some((face, at));
                out.push(next);
            }
            return;
        }
        let begin = |mut next: Hand, face: usize, out: &mut Vec<Hand>| {
            if self.faces[face].len() > 1 {
                next.partial = Some((face as u16, 1));
            }
            out.push(next);
        };
        for (i, letters) in self.faces.iter().enumerate() {
            if letters[0] != cluster {
                continue;
            }
            if hand.counts.get(i).is_some_and(|&n| n > 0) {
                let mut next = hand.clone();
                next.counts[i] -= 1;
                begin(next, i, out);
            }
            // A blank for a unit (a blank for a single letter is below).
            if hand.blanks > 0 && self.is_unit[i] {
                let mut next = hand.clone();
                next.blanks -= 1;
                begin(next, i, out);
            }
        }
        if hand.blanks > 0 {
            let mut next = hand.clone();
            next.blanks -= 1;
            out.push(next);
        }
    }
}

impl Matcher for Rack {
    type State = Vec<Hand>;

    fn start(&self) -> Vec<Hand> {
        vec![Hand {
            counts: self.counts.clone(),
            blanks: self.blanks,
            partial: None,
        }]
    }

    fn step(&self, hands: &Vec<Hand>, cluster: &str) -> Option<Vec<Hand>> {
        let mut next = Vec::new();
        for hand in hands {
            self.read(hand, cluster, &mut next);
        }
        if next.len() > 1 {
            next.sort_unstable();
            next.dedup();
        }
        (!next.is_empty()).then_some(next)
    }

    fn accepts(&self, hands: &Vec<Hand>) -> bool {
        hands.iter().any(|hand| {
            hand.partial.is_none()
                && (!self.every_face || hand.blanks == 0 && hand.counts.iter().all(|&n| n == 0))
        })
    }

    fn may_start(&self, hands: &Vec<Hand>, partial: &str) -> bool {
        hands.iter().any(|hand| match hand.partial {
            Some((face, at)) => self.faces[face as usize][at as usize].starts_with(partial),
            None => {
                hand.blanks > 0
                    || hand
                        .counts
                        .iter()
                        .zip(&self.faces)
                        .any(|(&n, letters)| n > 0 && letters[0].starts_with(partial))
            }
        })
    }
}
