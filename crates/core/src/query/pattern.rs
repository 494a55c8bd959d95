//! Patterns, as crossword and word-game tools write them: `?` one face, `*` any run
//! of letters (none included), `[...]` one face of a choice, anything else letters
//! that must be there. A pattern matches a word that spells it (see
//! [`faces`](super::faces)): `c?t` matches `cat`, and in Spanish `?e` matches `che`.
//!
//! A pattern compiles to a small nondeterministic automaton over grapheme clusters,
//! run as a set of states (a bit each) beside the dictionary's walk.

use super::faces::{self, Face, Units};
use super::walk::Matcher;
use crate::normalize;
use crate::Profile;

/// The most states a pattern's automaton may have.
const MAX_STATES: usize = 256;

/// One element of a pattern, after normalization.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// This letter (one cluster).
    Letter(String),
    /// Any one face.
    Any,
    /// Any run of letters, empty included.
    Run,
    /// One of these faces.
    Choice(Vec<Face>),
}

/// Reads a pattern into tokens. The error says what is wrong, quoting it.
pub(crate) fn parse(pattern: &str, profile: &Profile, units: &Units) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut rest = pattern;
    while let Some(c) = rest.chars().next() {
        match c {
            '?' => {
                tokens.push(Token::Any);
                rest = &rest[1..];
            }
            '*' => {
                if tokens.last() != Some(&Token::Run) {
                    tokens.push(Token::Run);
                }
                rest = &rest[1..];
            }
            '[' => {
                let close = rest
                    .find(']')
                    .ok_or_else(|| format!("'[' at '{rest}' is never closed"))?;
                let inside = &rest[1..close];
                if inside.contains(['?', '*', '[']) {
                    return Err(format!(
                        "'[{inside}]': a choice lists letters or faces only"
                    ));
                }
                let faces = faces::read_faces(inside, profile, units)
                    .map_err(|bad| format!("'[{inside}]': '{bad}' is not letters"))?;
                if faces.is_empty() {
                    return Err("'[]' offers no face to choose".into());
                }
                tokens.push(Token::Choice(faces));
                rest = &rest[close + 1..];
            }
            ']' => return Err("']' without its '['".into()),
            _ => {
                let end = rest.find(['?', '*', '[', ']']).unwrap_or(rest.len());
                let letters = &rest[..end];
                let key = profile.key(letters);
                if normalize::word_len(&key).is_err() {
                    let bad = letters
                        .chars()
                        .find(|&c| normalize::word_len(&profile.key(&c.to_string())).is_err())
                        .unwrap_or(c);
                    return Err(format!("'{bad}' is not a letter, '?', '*' or '[...]'"));
                }
                tokens.extend(faces::clusters(&key).into_iter().map(Token::Letter));
                rest = &rest[end..];
            }
        }
    }
    if tokens.is_empty() {
        return Err("an empty pattern (write '*' for every word)".into());
    }
    Ok(tokens)
}

/// What a transition reads.
#[derive(Clone, Debug)]
enum Label {
    Letter(String),
    AnyLetter,
}

/// A set of automaton states, a bit each.
pub(crate) type States = [u64; MAX_STATES / 64];

/// A compiled pattern.
#[derive(Debug)]
pub(crate) struct Pattern {
    /// Each state's transitions: what they read and where they go.
    edges: Vec<Vec<(Label, usize)>>,
    last: usize,
}

impl Pattern {
    /// Compiles tokens, with `units` as the multi-letter faces `?` may stand for.
    pub fn new(tokens: &[Token], units: &Units) -> Result<Pattern, String> {
        let mut pattern = Pattern {
            edges: vec![Vec::new()],
            last: 0,
        };
        for token in tokens {
            let from = pattern.last;
            match token {
                Token::Letter(letter) => {
                    let to = pattern.state();
                    pattern.edges[from].push((Label::Letter(letter.clone()), to));
                }
                Token::Run => pattern.edges[from].push((Label::AnyLetter, from)),
                Token::Any => {
                    let to = pattern.state();
                    pattern.edges[from].push((Label::AnyLetter, to));
                    for unit in units.faces() {
                        pattern.chain(from, unit, to);
                    }
                }
                Token::Choice(faces) => {
                    let to = pattern.state();
                    for face in faces {
                        pattern.chain(from, face, to);
                    }
                }
            }
            if pattern.edges.len() > MAX_STATES {
                return Err(format!(
                    "too long: more than {MAX_STATES} letters and faces to match"
                ));
            }
        }
        Ok(pattern)
    }

    fn state(&mut self) -> usize {
        self.edges.push(Vec::new());
        self.last = self.edges.len() - 1;
        self.last
    }

    /// Transitions from `from` to `to` reading the face's letters in turn.
    fn chain(&mut self, from: usize, face: &Face, to: usize) {
        let mut at = from;
        for (i, letter) in face.iter().enumerate() {
            let next = if i + 1 == face.len() {
                to
            } else {
                self.edges.push(Vec::new());
                self.edges.len() - 1
            };
            self.edges[at].push((Label::Letter(letter.clone()), next));
            at = next;
        }
    }

    /// The states in a set, lowest first.
    fn each(states: &States) -> impl Iterator<Item = usize> + '_ {
        states.iter().enumerate().flat_map(|(i, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    i * 64 + bit
                })
            })
        })
    }
}

impl Matcher for Pattern {
    type State = States;

    fn start(&self) -> States {
        let mut states = [0; MAX_STATES / 64];
        states[0] = 1;
        states
    }

    fn step(&self, states: &States, cluster: &str) -> Option<States> {
        let mut next = [0; MAX_STATES / 64];
        for s in Pattern::each(states) {
            for (label, to) in &self.edges[s] {
                let reads = match label {
                    Label::AnyLetter => true,
                    Label::Letter(letter) => letter == cluster,
                };
                if reads {
                    next[to / 64] |= 1 << (to % 64);
                }
            }
        }
        next.iter().any(|&w| w != 0).then_some(next)
    }

    fn accepts(&self, states: &States) -> bool {
        states[self.last / 64] >> (self.last % 64) & 1 == 1
    }

    fn remembers(&self) -> bool {
        true
    }

    fn may_start(&self, states: &States, partial: &str) -> bool {
        Pattern::each(states).any(|s| {
            self.edges[s].iter().any(|(label, _)| match label {
                Label::AnyLetter => true,
                Label::Letter(letter) => letter.starts_with(partial),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(pattern: &str) -> Result<Vec<Token>, String> {
        parse(pattern, &Profile::default(), &Units::default())
    }

    #[test]
    fn reads_letters_wildcards_and_choices() {
        let letter = |s: &str| Token::Letter(s.into());
        assert_eq!(
            tokens("C?t**[AE]").unwrap(),
            [
                letter("c"),
                Token::Any,
                letter("t"),
                Token::Run,
                Token::Choice(vec![vec!["a".into()], vec!["e".into()]])
            ]
        );
        assert_eq!(tokens("Straße").unwrap().len(), 7);
    }

    #[test]
    fn says_what_is_wrong() {
        assert_eq!(
            tokens("").unwrap_err(),
            "an empty pattern (write '*' for every word)"
        );
        assert_eq!(tokens("c[at").unwrap_err(), "'[' at '[at' is never closed");
        assert_eq!(tokens("ca]").unwrap_err(), "']' without its '['");
        assert_eq!(
            tokens("c.t").unwrap_err(),
            "'.' is not a letter, '?', '*' or '[...]'"
        );
        assert_eq!(tokens("c[]t").unwrap_err(), "'[]' offers no face to choose");
        assert!(tokens("[a?]").is_err());
        let long = "?".repeat(300);
        assert!(Pattern::new(&tokens(&long).unwrap(), &Units::default()).is_err());
    }
}
