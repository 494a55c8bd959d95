//! Affix conditions (`.`, `x`, `[abc]`, `[^abc]`).

/// One position of a condition.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Elem {
    Any,
    Char(char),
    Set(Vec<char>),
    NotSet(Vec<char>),
}

impl Elem {
    #[inline]
    fn matches(&self, c: char) -> bool {
        match self {
            Elem::Any => true,
            Elem::Char(x) => *x == c,
            Elem::Set(v) => v.contains(&c),
            Elem::NotSet(v) => !v.contains(&c),
        }
    }
}

/// A parsed affix condition: a sequence of character tests.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Condition(Vec<Elem>);

impl Condition {
    /// Parses a condition as written in the `.aff` file. `.` alone (or an
    /// absent field) matches everything.
    pub fn parse(s: &str) -> Result<Condition, String> {
        let mut out = Vec::new();
        let mut it = s.chars();
        while let Some(c) = it.next() {
            match c {
                '[' => {
                    let mut neg = false;
                    let mut set = Vec::new();
                    let mut closed = false;
                    let mut first = true;
                    for c in it.by_ref() {
                        if c == ']' {
                            closed = true;
                            break;
                        }
                        if first && c == '^' {
                            neg = true;
                        } else {
                            set.push(c);
                        }
                        first = false;
                    }
                    if !closed {
                        return Err(format!("bad condition {s:?}: unclosed '['"));
                    }
                    out.push(if neg {
                        Elem::NotSet(set)
                    } else {
                        Elem::Set(set)
                    });
                }
                ']' => return Err(format!("bad condition {s:?}: ']' without '['")),
                '.' => out.push(Elem::Any),
                c => out.push(Elem::Char(c)),
            }
        }
        if out.len() == 1 && out[0] == Elem::Any {
            out.clear();
        }
        Ok(Condition(out))
    }

    /// Number of characters the condition tests.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the condition tests nothing.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Reverses the condition (for `COMPLEXPREFIXES`, which works on
    /// reversed words).
    pub fn reversed(&self) -> Condition {
        Condition(self.0.iter().rev().cloned().collect())
    }

    /// The characters the first tested position accepts, or `None` when it
    /// accepts any character (or the condition tests nothing).
    pub(crate) fn first_chars(&self) -> Option<&[char]> {
        Self::elem_chars(self.0.first()?)
    }

    /// The characters the last tested position accepts, or `None` when it
    /// accepts any character (or the condition tests nothing).
    pub(crate) fn last_chars(&self) -> Option<&[char]> {
        Self::elem_chars(self.0.last()?)
    }

    fn elem_chars(e: &Elem) -> Option<&[char]> {
        match e {
            Elem::Char(c) => Some(std::slice::from_ref(c)),
            Elem::Set(v) => Some(v),
            Elem::Any | Elem::NotSet(_) => None,
        }
    }

    /// Whether `word` begins with characters satisfying the condition.
    pub fn matches_start(&self, word: &str) -> bool {
        let mut chars = word.chars();
        self.0
            .iter()
            .all(|e| chars.next().is_some_and(|c| e.matches(c)))
    }

    /// Whether `word` ends with characters satisfying the condition.
    pub fn matches_end(&self, word: &str) -> bool {
        let mut chars = word.chars().rev();
        self.0
            .iter()
            .rev()
            .all(|e| chars.next().is_some_and(|c| e.matches(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_match() {
        let c = Condition::parse("[^aeiou]y").unwrap();
        assert!(c.matches_end("fly"));
        assert!(!c.matches_end("play"));
        assert!(!c.matches_end("y"));
        let c = Condition::parse("[ab]c").unwrap();
        assert!(c.matches_start("acid") && c.matches_start("bc") && !c.matches_start("cc"));
        assert!(Condition::parse(".").unwrap().is_empty());
        assert!(Condition::parse("..").unwrap().matches_end("ab"));
        assert!(!Condition::parse("..").unwrap().matches_end("a"));
        assert!(Condition::parse("[ab").is_err());
        assert!(Condition::parse("a]").is_err());
        let u = Condition::parse("[áé]ő").unwrap();
        assert!(u.matches_end("xéő"));
        assert!(u.reversed().matches_start("őáx"));
    }
}
