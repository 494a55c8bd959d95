//! Streaming reader for Hunspell `.dic` files.

use crate::aff::Aff;
use crate::encoding::decode;
use crate::error::{Error, Result};
use crate::flags::FlagSet;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

/// One stem of the `.dic` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DicEntry {
    /// The stem, decoded to UTF-8, `\/` unescaped and `IGNORE` characters removed.
    pub word: String,
    /// Its flags (aliases resolved).
    pub flags: FlagSet,
    /// 1-based line in the `.dic` file.
    pub line: usize,
}

/// Splits a raw `.dic` line into the word part and the flag part, following
/// Hunspell's `HashMgr::load_tables`: morphological fields start at a tab, or
/// at a space/tab three bytes before a `:` (`po:noun`); a `/` that is escaped
/// (`\/`) or that begins the line belongs to the word.
pub(crate) fn split_line(line: &[u8]) -> (Vec<u8>, Option<Vec<u8>>) {
    let mut end = line.len();
    // morphological field "  xx:..."
    let mut p = 0;
    while let Some(off) = line[p..].iter().position(|&b| b == b':') {
        let c = p + off;
        if c > 3 && (line[c - 3] == b' ' || line[c - 3] == b'\t') {
            let mut d = c - 3;
            while d > 0 && (line[d - 1] == b' ' || line[d - 1] == b'\t') {
                d -= 1;
            }
            if d != 0 {
                end = d;
            }
            break;
        }
        p = c + 1;
    }
    if let Some(t) = line.iter().position(|&b| b == b'\t') {
        if t < end {
            end = t;
        }
    }
    let mut ts = line[..end].to_vec();
    let mut pos = 0;
    let mut slash = None;
    while let Some(off) = ts[pos..].iter().position(|&b| b == b'/') {
        let s = pos + off;
        if s == 0 {
            pos = 1;
            continue;
        }
        if ts[s - 1] != b'\\' {
            slash = Some(s);
            break;
        }
        ts.remove(s - 1);
        pos = s;
    }
    match slash {
        Some(s) if s + 1 < ts.len() => {
            let flags = ts[s + 1..].to_vec();
            ts.truncate(s);
            (ts, Some(flags))
        }
        Some(s) => {
            ts.truncate(s);
            (ts, None)
        }
        None => (ts, None),
    }
}

/// Iterator over the stems of a `.dic` file, reading it line by line.
pub struct DicReader<'a> {
    aff: &'a Aff,
    path: PathBuf,
    reader: BufReader<File>,
    line: usize,
    buf: Vec<u8>,
    /// The word count announced on the first line.
    pub announced: usize,
}

impl<'a> DicReader<'a> {
    /// Opens `path` and reads its count line.
    pub fn open(aff: &'a Aff, path: &Path) -> Result<DicReader<'a>> {
        let file = File::open(path).map_err(|e| Error::io(path, e))?;
        let mut r = DicReader {
            aff,
            path: path.to_path_buf(),
            reader: BufReader::with_capacity(1 << 16, file),
            line: 0,
            buf: Vec::new(),
            announced: 0,
        };
        let first = r.next_line()?.ok_or_else(|| {
            Error::parse(
                path,
                1,
                "empty .dic file: the first line must be the word count",
            )
        })?;
        let first = first.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&first);
        let text = String::from_utf8_lossy(first);
        // C atoi, as Hunspell: "4 # comment" is 4
        let digits: String = text
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        r.announced = digits
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| {
                Error::parse(
                    path,
                    1,
                    format!(
                        "the first line must be the word count, got {:?}",
                        text.trim()
                    ),
                )
            })?;
        Ok(r)
    }

    fn next_line(&mut self) -> Result<Option<Vec<u8>>> {
        self.buf.clear();
        let n = self
            .reader
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| Error::io(&self.path, e))?;
        if n == 0 {
            return Ok(None);
        }
        self.line += 1;
        let mut l = &self.buf[..];
        l = l.strip_suffix(b"\n").unwrap_or(l);
        l = l.strip_suffix(b"\r").unwrap_or(l);
        Ok(Some(l.to_vec()))
    }

    fn parse(&self, raw: &[u8]) -> Result<Option<DicEntry>> {
        let (w, f) = split_line(raw);
        let mut word = decode(self.aff.encoding, &w, &self.path, self.line)?;
        self.aff.remove_ignored(&mut word);
        if word.is_empty() {
            return Ok(None);
        }
        let flags = match f {
            None => FlagSet::default(),
            Some(f) if !self.aff.aliases.is_empty() => {
                self.aff.alias(&f, self.line).map_err(|e| match e {
                    Error::Parse { line, message, .. } => Error::Parse {
                        path: self.path.clone(),
                        line,
                        message,
                    },
                    e => e,
                })?
            }
            Some(f) => FlagSet::new(self.aff.flag_mode.decode_field(&f)),
        };
        Ok(Some(DicEntry {
            word,
            flags,
            line: self.line,
        }))
    }
}

impl Iterator for DicReader<'_> {
    type Item = Result<DicEntry>;
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let raw = match self.next_line() {
                Ok(Some(l)) => l,
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            };
            match self.parse(&raw) {
                Ok(Some(e)) => return Some(Ok(e)),
                Ok(None) => continue,
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::split_line;

    fn s(l: &str) -> (String, Option<String>) {
        let (w, f) = split_line(l.as_bytes());
        (
            String::from_utf8(w).unwrap(),
            f.map(|f| String::from_utf8(f).unwrap()),
        )
    }

    #[test]
    fn splits_like_hunspell() {
        assert_eq!(s("word/AB"), ("word".into(), Some("AB".into())));
        assert_eq!(s("word/AB po:noun"), ("word".into(), Some("AB".into())));
        assert_eq!(s("word\tpo:noun"), ("word".into(), None));
        assert_eq!(s("a\\/b/X"), ("a/b".into(), Some("X".into())));
        assert_eq!(s("/usr/X"), ("/usr".into(), Some("X".into())));
        assert_eq!(s("two words"), ("two words".into(), None));
        assert_eq!(s("word/"), ("word".into(), None));
        assert_eq!(s("\tfoo"), ("".into(), None));
        assert_eq!(s("12:30"), ("12:30".into(), None));
    }
}
