//! Streaming reader for Hunspell `.dic` files.

use crate::aff::Aff;
use crate::encoding::decode;
use crate::error::{Error, Result};
use crate::flags::FlagSet;
use std::borrow::Cow;
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
///
/// The word is borrowed from `line` unless a `\/` had to be unescaped.
pub(crate) fn split_line(line: &[u8]) -> (Cow<'_, [u8]>, Option<&[u8]>) {
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
    let ts = &line[..end];
    // common case: no escaped slash, so nothing to copy
    if !ts.contains(&b'\\') {
        let slash = ts.iter().skip(1).position(|&b| b == b'/').map(|s| s + 1);
        return match slash {
            Some(s) if s + 1 < ts.len() => (Cow::Borrowed(&ts[..s]), Some(&ts[s + 1..])),
            Some(s) => (Cow::Borrowed(&ts[..s]), None),
            None => (Cow::Borrowed(ts), None),
        };
    }
    let mut ts = ts.to_vec();
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
        Some(s) => {
            // the flags follow the first unescaped slash: `ts` and `line`
            // agree from there on
            let tail = ts.len() - s;
            let flags = &line[end - tail + 1..end];
            ts.truncate(s);
            (Cow::Owned(ts), (!flags.is_empty()).then_some(flags))
        }
        None => (Cow::Owned(ts), None),
    }
}

/// The decoding table of a single-byte encoding (not UTF-8), if any.
fn byte_table(enc: &'static encoding_rs::Encoding) -> Option<Box<[Option<char>; 256]>> {
    if enc == encoding_rs::UTF_8 || !enc.is_single_byte() {
        return None;
    }
    let mut t = Box::new([None; 256]);
    for (b, slot) in (0..=255u8).zip(t.iter_mut()) {
        let byte = [b];
        if let Some(s) = enc.decode_without_bom_handling_and_without_replacement(&byte) {
            let mut cs = s.chars();
            if let (Some(c), None) = (cs.next(), cs.next()) {
                *slot = Some(c);
            }
        }
    }
    Some(t)
}

/// Iterator over the stems of a `.dic` file, reading it line by line.
pub struct DicReader<'a> {
    aff: &'a Aff,
    path: PathBuf,
    reader: BufReader<File>,
    line: usize,
    buf: Vec<u8>,
    /// For a single-byte `SET` other than UTF-8: each byte decoded (`None`:
    /// a byte the encoding forbids, reported by the strict decoder).
    table: Option<Box<[Option<char>; 256]>>,
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
            table: byte_table(aff.encoding),
            announced: 0,
        };
        let first = r.next_line()?.map(<[u8]>::to_vec).ok_or_else(|| {
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

    /// Reads the next line into `buf`; returns it without its line end.
    fn next_line(&mut self) -> Result<Option<&[u8]>> {
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
        Ok(Some(l))
    }

    /// Decodes a word: through the byte table when there is one (falling
    /// back to the strict decoder for its error message), else strictly.
    fn decode_word(&self, w: &[u8]) -> Result<String> {
        if let Some(t) = &self.table {
            let mut s = String::with_capacity(w.len() * 2);
            for &b in w {
                match t[usize::from(b)] {
                    Some(c) => s.push(c),
                    None => return decode(self.aff.encoding, w, &self.path, self.line),
                }
            }
            return Ok(s);
        }
        decode(self.aff.encoding, w, &self.path, self.line)
    }

    /// Parses one line; `None` for a line without a word. With `want`, the
    /// line is checked as fully, but an entry is built only when
    /// `want(flags)` (saves decoding words nobody asked for).
    fn parse(
        &self,
        raw: &[u8],
        want: Option<&dyn Fn(&FlagSet) -> bool>,
    ) -> Result<Option<DicEntry>> {
        let (w, f) = split_line(raw);
        if let Some(want) = want.filter(|_| self.aff.ignore.is_empty()) {
            self.check_word(&w)?;
            if w.is_empty() {
                return Ok(None);
            }
            let flags = self.flags(f)?;
            if !want(&flags) {
                return Ok(None);
            }
            return Ok(Some(DicEntry {
                word: self.decode_word(&w)?,
                flags,
                line: self.line,
            }));
        }
        let mut word = self.decode_word(&w)?;
        self.aff.remove_ignored(&mut word);
        if word.is_empty() {
            return Ok(None);
        }
        let flags = self.flags(f)?;
        Ok(Some(DicEntry {
            word,
            flags,
            line: self.line,
        }))
    }

    /// Checks that a word decodes, without building it when that is cheap.
    fn check_word(&self, w: &[u8]) -> Result<()> {
        let ok = if let Some(t) = &self.table {
            w.iter().all(|&b| t[usize::from(b)].is_some())
        } else if self.aff.encoding == encoding_rs::UTF_8 {
            std::str::from_utf8(w).is_ok()
        } else {
            false
        };
        if !ok {
            self.decode_word(w)?;
        }
        Ok(())
    }

    /// Decodes a flag field (aliases resolved).
    fn flags(&self, f: Option<&[u8]>) -> Result<FlagSet> {
        Ok(match f {
            None => FlagSet::default(),
            Some(f) if !self.aff.aliases.is_empty() => {
                self.aff.alias(f, self.line).map_err(|e| match e {
                    Error::Parse { line, message, .. } => Error::Parse {
                        path: self.path.clone(),
                        line,
                        message,
                    },
                    e => e,
                })?
            }
            Some(f) => FlagSet::new(self.aff.flag_mode.decode_field(f)),
        })
    }

    /// The next entry whose flags satisfy `want`, every line up to it
    /// checked as [`Iterator::next`] does (used for the open-time pass).
    pub(crate) fn next_wanted(
        &mut self,
        want: &dyn Fn(&FlagSet) -> bool,
    ) -> Option<Result<DicEntry>> {
        self.next_with(Some(want))
    }

    fn next_with(&mut self, want: Option<&dyn Fn(&FlagSet) -> bool>) -> Option<Result<DicEntry>> {
        loop {
            match self.next_line() {
                Ok(Some(_)) => {}
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            }
            // the line stays in `buf`; lend it out while parsing
            let buf = std::mem::take(&mut self.buf);
            let mut raw = &buf[..];
            raw = raw.strip_suffix(b"\n").unwrap_or(raw);
            raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            let r = self.parse(raw, want);
            self.buf = buf;
            match r {
                Ok(Some(e)) => return Some(Ok(e)),
                Ok(None) => continue,
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

impl Iterator for DicReader<'_> {
    type Item = Result<DicEntry>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_with(None)
    }
}

#[cfg(test)]
mod tests {
    use super::split_line;

    fn s(l: &str) -> (String, Option<String>) {
        let (w, f) = split_line(l.as_bytes());
        (
            String::from_utf8(w.into_owned()).unwrap(),
            f.map(|f| String::from_utf8(f.to_vec()).unwrap()),
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
        assert_eq!(s("a\\/b\\/c/XY\tpo:x"), ("a/b/c".into(), Some("XY".into())));
        assert_eq!(s("a\\/b/"), ("a/b".into(), None));
        assert_eq!(s("a\\b/X"), ("a\\b".into(), Some("X".into())));
    }
}
