//! Word lists as text: the whole of one checked to be UTF-8, or one read a block at
//! a time for [`Compiler::add_reader`](super::Compiler::add_reader).

use std::io;

use crate::files::{ReadError, ReadFault};

/// Returns the text of a word list, or says where it stops being UTF-8.
/// A byte-order mark at the start is skipped.
pub fn word_list_text<'a>(bytes: &'a [u8], origin: &str) -> Result<&'a str, ReadError> {
    let text = crate::files::text(bytes, origin)?;
    Ok(crate::normalize::skip_byte_order_mark(text))
}

/// A word list read a block at a time: each block ends at whitespace (or at the end of
/// the input), so no word is cut, and is checked to be UTF-8.
pub(super) struct WordBlocks<'a, R> {
    reader: R,
    origin: &'a str,
    /// Bytes read and not yet handed out (the start of a word cut by a read, then the
    /// block handed out last, which the next call drops).
    buffer: Vec<u8>,
    /// How much of `buffer` the last block was.
    handed: usize,
    /// Bytes of the input before `buffer`, and the lines they end.
    offset: usize,
    lines: usize,
    started: bool,
    ended: bool,
}

/// How much a word list is read at a time.
const READ_BLOCK: usize = 1 << 20;

impl<'a, R: io::Read> WordBlocks<'a, R> {
    pub(super) fn new(reader: R, origin: &'a str) -> Self {
        WordBlocks {
            reader,
            origin,
            buffer: Vec::new(),
            handed: 0,
            offset: 0,
            lines: 0,
            started: false,
            ended: false,
        }
    }

    /// The next block of text, `None` at the end.
    pub(super) fn next_block(&mut self) -> Result<Option<&str>, ReadError> {
        self.drop_handed();
        loop {
            if !self.ended {
                self.fill()?;
            }
            if !self.started && (self.buffer.len() >= 3 || self.ended) {
                self.started = true;
                if self.buffer.starts_with(b"\xef\xbb\xbf") {
                    self.handed = 3;
                    self.drop_handed();
                }
            }
            let (valid, error) = match std::str::from_utf8(&self.buffer) {
                Ok(_) => (self.buffer.len(), None),
                Err(e) => (e.valid_up_to(), Some(e)),
            };
            // A sequence cut by the read is completed by the next one.
            if let Some(e) = error {
                if e.error_len().is_some() || self.ended {
                    let lines = self.buffer[..valid].iter().filter(|&&b| b == b'\n');
                    let fault = ReadFault::NotUtf8 {
                        offset: self.offset + valid,
                        line: self.lines + lines.count() + 1,
                    };
                    return Err(ReadError::new(self.origin, fault));
                }
            }
            let text = std::str::from_utf8(&self.buffer[..valid]).expect("checked above");
            let end = if self.ended && error.is_none() {
                valid
            } else {
                match text.char_indices().rev().find(|(_, c)| c.is_whitespace()) {
                    Some((at, c)) => at + c.len_utf8(),
                    None => 0,
                }
            };
            if end > 0 || self.ended {
                self.handed = end;
                if end == 0 {
                    return Ok(None);
                }
                let text = std::str::from_utf8(&self.buffer[..end]).expect("checked above");
                return Ok(Some(text));
            }
        }
    }

    /// Forgets the block handed out last.
    fn drop_handed(&mut self) {
        let handed = &self.buffer[..self.handed];
        self.lines += handed.iter().filter(|&&b| b == b'\n').count();
        self.offset += self.handed;
        self.buffer.drain(..self.handed);
        self.handed = 0;
    }

    /// Reads up to a block more (`ended` at the end of the input).
    fn fill(&mut self) -> Result<(), ReadError> {
        let have = self.buffer.len();
        self.buffer.resize(have + READ_BLOCK, 0);
        let read = loop {
            match self.reader.read(&mut self.buffer[have..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.buffer.truncate(have);
                    return Err(ReadError::io(self.origin, &e));
                }
            }
        };
        self.buffer.truncate(have + read);
        self.ended = read == 0;
        Ok(())
    }
}
