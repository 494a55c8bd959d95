//! The bytes behind an opened dictionary: a memory map, an owned buffer or static
//! data, shared by its sections without copying.

use std::fs::File;
use std::io;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use super::error::LexiconError;
use crate::files::{ReadError, ReadFault};

/// The bytes behind a dictionary: a memory map, an owned buffer or static data.
pub(super) enum Storage {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
    Static(&'static [u8]),
}

impl Storage {
    pub(super) fn bytes(&self) -> &[u8] {
        match self {
            Storage::Mapped(map) => map,
            Storage::Owned(bytes) => bytes,
            Storage::Static(bytes) => bytes,
        }
    }
}

/// A range of a dictionary's bytes, shared without copying.
#[derive(Clone)]
pub(super) struct Section {
    pub(super) storage: Arc<Storage>,
    pub(super) range: Range<usize>,
}

impl AsRef<[u8]> for Section {
    fn as_ref(&self) -> &[u8] {
        &self.storage.bytes()[self.range.clone()]
    }
}

/// The automaton's words: borrowed from the file when it is aligned (a memory map
/// always is), copied otherwise (static data may not be).
pub(super) enum Words {
    InPlace(Section),
    Copied(Vec<u32>),
}

impl Words {
    pub(super) fn new(section: Section) -> Words {
        match bytemuck::try_cast_slice::<u8, u32>(section.as_ref()) {
            Ok(_) if cfg!(target_endian = "little") => Words::InPlace(section),
            _ => Words::Copied(
                section
                    .as_ref()
                    .chunks_exact(4)
                    .map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes")))
                    .collect(),
            ),
        }
    }

    pub(super) fn get(&self) -> &[u32] {
        match self {
            Words::InPlace(section) => bytemuck::cast_slice(section.as_ref()),
            Words::Copied(words) => words,
        }
    }
}

/// A file's bytes: mapped read-only when it is a regular file, read whole when it is a
/// pipe (`--dict <(sort words.txt)`), which cannot be mapped; a device (`/dev/zero`,
/// which would never end) is refused.
pub(super) fn map(path: &Path, origin: &str) -> Result<Storage, LexiconError> {
    let io_err = |e: io::Error| ReadError::io(origin, &e);
    if path.is_dir() {
        return Err(ReadError::new(origin, ReadFault::Folder).into());
    }
    #[cfg_attr(not(unix), allow(unused_mut))] // read from only to drain a pipe
    let mut file = File::open(path).map_err(io_err)?;
    let kind = file.metadata().map_err(io_err)?.file_type();
    if !kind.is_file() {
        #[cfg(unix)]
        if std::os::unix::fs::FileTypeExt::is_fifo(&kind) {
            let mut bytes = Vec::new();
            io::Read::read_to_end(&mut file, &mut bytes).map_err(io_err)?;
            return Ok(Storage::Owned(bytes));
        }
        return Err(ReadError::new(origin, ReadFault::NotAFile).into());
    }
    // SAFETY: the map is read-only; a file changed underneath by another process is
    // caught by the checksum only at open time, the usual caveat of mmap.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io_err)?;
    Ok(Storage::Mapped(map))
}
