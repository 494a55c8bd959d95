//! `ICONV` input conversion tables (Hunspell's `RepList`).

use std::collections::HashMap;

/// The compiled table: rules indexed by their first character.
#[derive(Debug, Clone, Default)]
pub(crate) struct ConvTable(HashMap<char, Vec<ConvRule>>, Triggers);

/// The characters that begin a pattern: a word with none of them is left
/// unchanged, which is checked without converting it.
#[derive(Debug, Clone, Default)]
struct Triggers {
    /// Bit `b` set: ASCII byte `b` begins a pattern.
    ascii: u128,
    /// Non-ASCII first characters, sorted.
    other: Vec<char>,
}

impl Triggers {
    #[inline]
    fn any_in(&self, word: &str) -> bool {
        if word.is_ascii() {
            return word.bytes().any(|b| self.ascii >> b & 1 == 1);
        }
        word.chars().any(|c| match u8::try_from(c) {
            Ok(b) if b.is_ascii() => self.ascii >> b & 1 == 1,
            _ => self.other.binary_search(&c).is_ok(),
        })
    }
}

/// One `ICONV` pattern with its replacement per context: anywhere, at the
/// start, at the end, whole word (as Hunspell's `RepList`).
#[derive(Debug, Clone)]
struct ConvRule {
    pat: String,
    out: [Option<String>; 4],
}

impl ConvTable {
    pub(crate) fn new(pairs: &[(String, String)]) -> ConvTable {
        let mut t: Vec<ConvRule> = Vec::new();
        for (from, to) in pairs {
            let mut pat = from.as_str();
            let mut ty = 0;
            if let Some(p) = pat.strip_prefix('_') {
                pat = p;
                ty = 1;
            }
            if let Some(p) = pat.strip_suffix('_') {
                pat = p;
                ty += 2;
            }
            let pat = pat.replace('_', " ");
            let to = to.replace('_', " ");
            match t.iter_mut().find(|r| r.pat == pat) {
                Some(r) => r.out[ty] = Some(to),
                None => {
                    let mut out: [Option<String>; 4] = Default::default();
                    out[ty] = Some(to);
                    t.push(ConvRule { pat, out });
                }
            }
        }
        // indexed by first character, longest pattern first
        let mut m: std::collections::HashMap<char, Vec<ConvRule>> =
            std::collections::HashMap::new();
        for r in t {
            if let Some(c) = r.pat.chars().next() {
                m.entry(c).or_default().push(r);
            }
        }
        for v in m.values_mut() {
            v.sort_by_key(|r| std::cmp::Reverse(r.pat.len()));
        }
        let mut tr = Triggers::default();
        for &c in m.keys() {
            match u8::try_from(c) {
                Ok(b) if b.is_ascii() => tr.ascii |= 1 << b,
                _ => tr.other.push(c),
            }
        }
        tr.other.sort_unstable();
        ConvTable(m, tr)
    }

    /// Whether the table has no rules.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `convert(word) == word`, without converting when no pattern
    /// can start in `word`.
    #[inline]
    pub(crate) fn leaves_unchanged(&self, word: &str) -> bool {
        self.0.is_empty() || !self.1.any_in(word) || self.convert(word) == word
    }

    /// Converts `word` (see [`crate::Aff::iconv`]).
    pub(crate) fn convert(&self, word: &str) -> String {
        if self.0.is_empty() {
            return word.to_string();
        }
        let mut out = String::with_capacity(word.len());
        let mut i = 0;
        while i < word.len() {
            let rest = &word[i..];
            let first = rest.chars().next().expect("non-empty");
            let hit = self.0.get(&first).into_iter().flatten().find_map(|r| {
                if r.pat.is_empty() || !rest.starts_with(r.pat.as_str()) {
                    return None;
                }
                let start = i == 0;
                let end = rest.len() == r.pat.len();
                let mut ty: usize = match (start, end) {
                    (true, true) => 3,
                    (false, true) => 2,
                    (true, false) => 1,
                    (false, false) => 0,
                };
                loop {
                    if let Some(o) = &r.out[ty] {
                        return Some((r.pat.len(), o));
                    }
                    if ty == 0 {
                        return None;
                    }
                    ty = if ty == 2 && !start { 0 } else { ty - 1 };
                }
            });
            match hit {
                Some((n, o)) => {
                    out.push_str(o);
                    i += n;
                }
                None => {
                    let c = rest.chars().next().expect("non-empty");
                    out.push(c);
                    i += c.len_utf8();
                }
            }
        }
        out
    }
}
