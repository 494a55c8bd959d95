//! [`Lists`]: the word lists a page dropped (`POST /api/crossword/list`) and the
//! dictionaries' words, kept by id, the least recently used given up first, each with
//! its prepared indexes ([`WordIndex`], by profile; the minimum score is a cut of an
//! index's words, best first) so that a `fits`
//! call does not sort the list again.

use std::sync::{Arc, Mutex, MutexGuard};

use polyboggle::Profile;
use polyboggle_crossword::fill::{self, ScoredList, ScoredWord, WordIndex};

use crate::{ApiError, Dictionaries};

/// The most lists kept.
pub const MAX_LISTS: usize = 8;
/// The most bytes of list text kept, all lists together (about: a word counts its text
/// and a fixed overhead).
pub const MAX_LIST_BYTES: usize = 128 * 1024 * 1024;
/// The most prepared indexes kept per list (one a profile).
const MAX_INDEXES: usize = 4;

/// A list kept: its words and the indexes made from them.
pub struct Stored {
    /// Its id (`list` in a request), or `dict:NAME` for a dictionary's words.
    pub id: String,
    /// Its words.
    pub list: ScoredList,
    bytes: usize,
    indexes: Mutex<Vec<(Profile, Arc<WordIndex>)>>,
}

impl Stored {
    fn new(id: String, list: ScoredList) -> Stored {
        let bytes = list.words.iter().map(|w| w.word.len() + 32).sum();
        Stored {
            id,
            list,
            bytes,
            indexes: Mutex::new(Vec::new()),
        }
    }

    /// The list's index under `profile`, made once.
    pub fn index(&self, profile: &Profile) -> Arc<WordIndex> {
        let mut indexes = lock(&self.indexes);
        if let Some(i) = indexes.iter().position(|(p, _)| p == profile) {
            let kept = indexes.remove(i);
            let index = Arc::clone(&kept.1);
            indexes.push(kept);
            return index;
        }
        let index = Arc::new(WordIndex::new(&self.list.words, profile));
        if indexes.len() >= MAX_INDEXES {
            indexes.remove(0);
        }
        indexes.push((profile.clone(), Arc::clone(&index)));
        index
    }
}

/// The lists kept, most recently used last.
pub struct Lists {
    kept: Mutex<Vec<Arc<Stored>>>,
    max_count: usize,
    max_bytes: usize,
}

impl Default for Lists {
    fn default() -> Lists {
        Lists::new(MAX_LISTS, MAX_LIST_BYTES)
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A list's id: a hash of its text (the same text gets the same id).
fn id_of(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl Lists {
    /// At most `max_count` lists of at most `max_bytes` together.
    pub fn new(max_count: usize, max_bytes: usize) -> Lists {
        Lists {
            kept: Mutex::new(Vec::new()),
            max_count: max_count.max(1),
            max_bytes,
        }
    }

    /// Reads a dropped list (`word;score` lines or plain words) and keeps it; its id.
    pub fn add(&self, text: &str) -> Result<Arc<Stored>, ApiError> {
        let id = id_of(text);
        if let Ok(kept) = self.get(&id) {
            return Ok(kept);
        }
        let list = fill::parse_scored_list(text).map_err(|e| ApiError::new(422, e))?;
        Ok(self.keep(Stored::new(id, list)))
    }

    fn keep(&self, stored: Stored) -> Arc<Stored> {
        let stored = Arc::new(stored);
        let mut kept = lock(&self.kept);
        kept.retain(|s| s.id != stored.id);
        kept.push(Arc::clone(&stored));
        let mut bytes: usize = kept.iter().map(|s| s.bytes).sum();
        while kept.len() > 1 && (kept.len() > self.max_count || bytes > self.max_bytes) {
            bytes -= kept[0].bytes;
            kept.remove(0);
        }
        stored
    }

    /// The list `id`, now the most recently used; 404 when it is not (or no longer) kept.
    pub fn get(&self, id: &str) -> Result<Arc<Stored>, ApiError> {
        let mut kept = lock(&self.kept);
        let i = kept.iter().position(|s| s.id == id).ok_or_else(|| {
            ApiError::new(
                404,
                format!("no word list '{id}' (send it again: lists are kept a while)"),
            )
        })?;
        let stored = kept.remove(i);
        kept.push(Arc::clone(&stored));
        Ok(stored)
    }

    /// The words of the dictionary `name` (every word at [`fill::PLAIN_SCORE`], as
    /// `crossword fill --dict` reads it), kept as a list `dict:NAME`.
    pub fn dictionary(&self, dicts: &Dictionaries, name: &str) -> Result<Arc<Stored>, ApiError> {
        let (name, lexicon) = dicts.get(Some(name))?;
        let id = format!("dict:{name}");
        if let Ok(kept) = self.get(&id) {
            return Ok(kept);
        }
        let words = lexicon
            .words()
            .map(|word| ScoredWord {
                word,
                score: fill::PLAIN_SCORE,
            })
            .collect();
        let list = ScoredList { words, skipped: 0 };
        Ok(self.keep(Stored::new(id, list)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_list_goes_first() {
        let lists = Lists::new(2, usize::MAX);
        let a = lists.add("cat;50\n").unwrap().id.clone();
        let b = lists.add("dog;50\n").unwrap().id.clone();
        assert_eq!(
            lists.add("cat;50\n").unwrap().id,
            a,
            "the same text, the same id"
        );
        lists.get(&a).unwrap();
        lists.add("cow;50\n").unwrap();
        assert!(lists.get(&a).is_ok());
        assert_eq!(lists.get(&b).err().unwrap().status, 404);
    }

    #[test]
    fn lists_are_bounded_in_bytes() {
        let lists = Lists::new(10, 100);
        let a = lists
            .add("aaaaaaaaaaaaaaaaaaaaaaaaa;1\n")
            .unwrap()
            .id
            .clone();
        let b = lists
            .add("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb;1\nccc\n")
            .unwrap()
            .id
            .clone();
        assert_eq!(lists.get(&a).err().unwrap().status, 404);
        assert!(
            lists.get(&b).is_ok(),
            "the newest stays even when alone it is too large"
        );
    }

    #[test]
    fn a_bad_line_is_named() {
        let err = Lists::default().add("cat;50\ndog;many\n").err().unwrap();
        assert_eq!(
            (err.status, err.message.as_str()),
            (422, "line 2: score \"many\" is not a whole number")
        );
    }
}
