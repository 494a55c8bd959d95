//! Regular expressions over a dictionary's keys, in the syntax of Rust's `regex`
//! crate. A regex must match a whole key (`^` and `$` are implied), and its letters
//! are normalized with the dictionary's profile first, as every query is
//! (`K.T` finds `kat`); escapes (`\W`) and group syntax (`(?P<name>`) are left alone.
//!
//! The regex compiles to a DFA (`regex-automata`) that steps beside the walk, which
//! leaves a branch as soon as the DFA is dead: `kot.*` visits only `kot`'s words.

use regex_automata::dfa::{dense, Automaton as _, StartKind};
use regex_automata::util::primitives::StateID;
use regex_automata::util::start;
use regex_automata::{Anchored, MatchKind};

use super::walk::Matcher;
use crate::Profile;

/// The most memory a regex's DFA may take.
const MAX_DFA_BYTES: usize = 32 << 20;

/// A compiled regex.
#[derive(Debug)]
pub(crate) struct Regex {
    dfa: dense::DFA<Vec<u32>>,
    start: StateID,
}

impl Regex {
    /// Compiles `regex` after normalizing its letters with `profile`; the error is
    /// `regex-automata`'s, on one line.
    pub fn new(regex: &str, profile: &Profile) -> Result<Regex, String> {
        let normalized = normalize(regex, profile);
        let dfa = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .match_kind(MatchKind::All)
                    .start_kind(StartKind::Anchored)
                    .dfa_size_limit(Some(MAX_DFA_BYTES))
                    .determinize_size_limit(Some(MAX_DFA_BYTES)),
            )
            .build(&format!("(?:{normalized})$"))
            .map_err(|e| one_line(&e.to_string()))?;
        let start = dfa
            .start_state(&start::Config::new().anchored(Anchored::Yes))
            .map_err(|e| one_line(&e.to_string()))?;
        Ok(Regex { dfa, start })
    }

    fn feed(&self, mut state: StateID, bytes: &[u8]) -> Option<StateID> {
        for &b in bytes {
            state = self.dfa.next_state(state, b);
            if self.dfa.is_dead_state(state) || self.dfa.is_quit_state(state) {
                return None;
            }
        }
        Some(state)
    }
}

impl Matcher for Regex {
    type State = StateID;

    fn start(&self) -> StateID {
        self.start
    }

    fn step(&self, state: &StateID, cluster: &str) -> Option<StateID> {
        self.feed(*state, cluster.as_bytes())
    }

    fn accepts(&self, state: &StateID) -> bool {
        self.dfa.is_match_state(self.dfa.next_eoi_state(*state))
    }

    fn remembers(&self) -> bool {
        true
    }

    fn may_start(&self, state: &StateID, partial: &str) -> bool {
        self.feed(*state, partial.as_bytes()).is_some()
    }
}

/// `regex` with its runs of letters normalized by `profile`. What follows a `\` and
/// the inside of `(?...)` (flags, group names) are kept as written.
fn normalize(regex: &str, profile: &Profile) -> String {
    let mut out = String::with_capacity(regex.len());
    let mut letters = String::new();
    let mut chars = regex.chars().peekable();
    let flush = |letters: &mut String, out: &mut String| {
        if !letters.is_empty() {
            out.push_str(&profile.key(letters));
            letters.clear();
        }
    };
    while let Some(c) = chars.next() {
        let is_letter = c.is_alphabetic() || unicode_normalization::char::is_combining_mark(c);
        if is_letter {
            letters.push(c);
            continue;
        }
        flush(&mut letters, &mut out);
        out.push(c);
        match c {
            '\\' => out.extend(chars.next()),
            '(' if chars.peek() == Some(&'?') => {
                for c in chars.by_ref() {
                    out.push(c);
                    if matches!(c, ')' | ':' | '>') {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    flush(&mut letters, &mut out);
    out
}

fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_letters_but_not_escapes_or_flags() {
        let p = Profile::default();
        assert_eq!(
            normalize(r"K\W(?P<Xy>ST)Straße", &p),
            r"k\W(?P<Xy>st)strasse"
        );
        let spanish = Profile::for_language("es").unwrap();
        assert_eq!(normalize("CANCIÓN|AÑO", &spanish), "cancion|año");
    }

    #[test]
    fn matches_whole_keys_only() {
        let r = Regex::new("c.t", &Profile::default()).unwrap();
        let whole = |key: &str| {
            r.feed(r.start, key.as_bytes())
                .is_some_and(|s| r.accepts(&s))
        };
        assert!(whole("cat"));
        assert!(!whole("cats"));
        assert!(!whole("scat"));
        assert!(Regex::new("(", &Profile::default()).is_err());
    }
}
