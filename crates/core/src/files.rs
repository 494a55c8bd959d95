//! Files: reading one with one wording for each fault, writing one so that it is never
//! left half-written, and telling why a name that is not a built-in cannot be opened as
//! a file. Every file a command reads (word lists, dictionaries, boards, dice sets,
//! logs) is read through [`read`] or [`read_text`], or its faults are told with
//! [`ReadError`], so a missing file is `words.txt: no such file` and a file that is
//! not UTF-8 is `words.txt: not UTF-8 (invalid byte at offset 8, line 1)` whichever
//! command reads it. Every command that writes a file (`compile -o`, `dice derive -o`,
//! `crossword -o`) writes through [`write_atomically`].
//!
//! ```
//! use polyboggle::files;
//!
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("words.txt");
//! files::write_atomically(&path, b"cat\ndog\n")?;
//! assert_eq!(files::read_text(&path)?, "cat\ndog\n");
//!
//! std::fs::write(&path, b"cat\ndo\xffg\n")?;
//! let err = files::read_text(&path).unwrap_err();
//! assert!(err.to_string().ends_with("words.txt: not UTF-8 (invalid byte at offset 6, line 2)"));
//! let err = files::read(&dir.path().join("gone.txt")).unwrap_err();
//! assert!(err.to_string().ends_with("gone.txt: no such file"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};
use std::path::Path;

/// What a command calls standard input in its messages.
pub const STANDARD_INPUT: &str = "standard input";

/// A file (or standard input) that could not be read as asked: its name and why, in
/// one wording for each kind of fault (see [`ReadFault`]).
#[derive(Debug, thiserror::Error)]
#[error("{}: {fault}", shown(origin))]
pub struct ReadError {
    /// The file, as the user named it.
    pub origin: String,
    /// What is wrong with it.
    pub fault: ReadFault,
}

/// Why a file could not be read: one variant, and one wording, a kind of fault.
#[derive(Debug, thiserror::Error)]
pub enum ReadFault {
    /// Nothing has that name.
    #[error("no such file")]
    Missing,
    /// It is a folder.
    #[error("a folder, not a file")]
    Folder,
    /// It is neither a file nor a pipe (a device such as `/dev/zero`), where only those
    /// can be read.
    #[error("not a file or a pipe")]
    NotAFile,
    /// The user may not read it.
    #[error("permission denied")]
    Denied,
    /// Its bytes are not UTF-8 text.
    #[error("not UTF-8 (invalid byte at offset {offset}, line {line})")]
    NotUtf8 {
        /// Where the first invalid byte is, from 0.
        offset: usize,
        /// The line it is on, from 1.
        line: usize,
    },
    /// Any other failure of the system, in its words (without the error number).
    #[error("{0}")]
    Other(String),
}

/// A name as messages show it: an empty one as `''`, which would otherwise vanish.
fn shown(origin: &str) -> &str {
    if origin.is_empty() {
        "''"
    } else {
        origin
    }
}

impl ReadError {
    /// The error reading `origin` failed with, in this module's words.
    pub fn io(origin: &str, error: &io::Error) -> ReadError {
        let fault = match error.kind() {
            io::ErrorKind::NotFound => ReadFault::Missing,
            io::ErrorKind::IsADirectory => ReadFault::Folder,
            io::ErrorKind::PermissionDenied => ReadFault::Denied,
            _ => {
                let text = error.to_string();
                // "Input/output error (os error 5)" as "input/output error".
                let text = match text.rfind(" (os error ") {
                    Some(at) if text.ends_with(')') => text[..at].to_string(),
                    _ => text,
                };
                let mut chars = text.chars();
                let text = match chars.next() {
                    Some(first) => first.to_lowercase().chain(chars).collect(),
                    None => text,
                };
                ReadFault::Other(text)
            }
        };
        ReadError::new(origin, fault)
    }

    /// `origin`'s `fault`.
    pub fn new(origin: &str, fault: ReadFault) -> ReadError {
        ReadError {
            origin: origin.into(),
            fault,
        }
    }

    /// `origin`'s `bytes`, which are not UTF-8: where the first bad one is.
    pub fn not_utf8(origin: &str, bytes: &[u8], error: std::str::Utf8Error) -> ReadError {
        let offset = error.valid_up_to();
        let line = 1 + bytes[..offset].iter().filter(|&&b| b == b'\n').count();
        ReadError::new(origin, ReadFault::NotUtf8 { offset, line })
    }
}

/// The bytes of the file at `path` (a regular file or a pipe such as
/// `<(sort words.txt)`); a folder, a missing file or an empty name is refused in
/// [`ReadFault`]'s words.
pub fn read(path: &Path) -> Result<Vec<u8>, ReadError> {
    let origin = path.display().to_string();
    check(path, &origin)?;
    std::fs::read(path).map_err(|e| ReadError::io(&origin, &e))
}

/// The file at `path` opened to be read as a stream (a regular file or a pipe),
/// refused in [`ReadFault`]'s words as [`read`] refuses it.
pub fn open(path: &Path) -> Result<std::fs::File, ReadError> {
    let origin = path.display().to_string();
    check(path, &origin)?;
    std::fs::File::open(path).map_err(|e| ReadError::io(&origin, &e))
}

/// The text of the file at `path`, which must be UTF-8 ([`read`], then [`text`]).
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let origin = path.display().to_string();
    let bytes = read(path)?;
    String::from_utf8(bytes).map_err(|e| {
        let error = e.utf8_error();
        ReadError::not_utf8(&origin, e.as_bytes(), error)
    })
}

/// Every byte of standard input.
pub fn read_stdin() -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    io::Read::read_to_end(&mut io::stdin().lock(), &mut bytes)
        .map_err(|e| ReadError::io(STANDARD_INPUT, &e))?;
    Ok(bytes)
}

/// Text read a line at a time (standard input, a pipe), each line checked to be UTF-8
/// as it comes, so a game answers every line before the next one is typed; a line that
/// is not text is told in [`ReadFault`]'s words, with its offset and line in the whole
/// input.
///
/// ```
/// use polyboggle::files::TextLines;
///
/// let mut lines = TextLines::new(&b"tape\r\npe\xffat\n"[..], "standard input");
/// assert_eq!(lines.next_line()?, Some("tape"));
/// let err = lines.next_line().unwrap_err();
/// assert_eq!(err.to_string(), "standard input: not UTF-8 (invalid byte at offset 8, line 2)");
/// # Ok::<(), polyboggle::files::ReadError>(())
/// ```
pub struct TextLines<R> {
    reader: R,
    origin: String,
    /// The line last read, from 1.
    line: usize,
    /// Where in the input that line begins.
    offset: usize,
    bytes: Vec<u8>,
}

impl<R: io::BufRead> TextLines<R> {
    /// Lines of `reader`, which messages call `origin`.
    pub fn new(reader: R, origin: &str) -> TextLines<R> {
        TextLines {
            reader,
            origin: origin.into(),
            line: 0,
            offset: 0,
            bytes: Vec::new(),
        }
    }

    /// The next line without its end (`\n` or `\r\n`, as [`io::BufRead::lines`]
    /// drops them); `None` at the end of the input.
    pub fn next_line(&mut self) -> Result<Option<&str>, ReadError> {
        self.offset += self.bytes.len();
        self.bytes.clear();
        self.line += 1;
        let read = self
            .reader
            .read_until(b'\n', &mut self.bytes)
            .map_err(|e| ReadError::io(&self.origin, &e))?;
        if read == 0 {
            return Ok(None);
        }
        let text = std::str::from_utf8(&self.bytes).map_err(|e| {
            let fault = ReadFault::NotUtf8 {
                offset: self.offset + e.valid_up_to(),
                line: self.line,
            };
            ReadError::new(&self.origin, fault)
        })?;
        let text = text.strip_suffix('\n').unwrap_or(text);
        Ok(Some(text.strip_suffix('\r').unwrap_or(text)))
    }
}

/// `bytes` as text, or where in `origin` they stop being UTF-8.
pub fn text<'a>(bytes: &'a [u8], origin: &str) -> Result<&'a str, ReadError> {
    std::str::from_utf8(bytes).map_err(|e| ReadError::not_utf8(origin, bytes, e))
}

/// What [`read`] refuses before opening: an empty name, a folder.
fn check(path: &Path, origin: &str) -> Result<(), ReadError> {
    if path.as_os_str().is_empty() {
        return Err(ReadError::new(origin, ReadFault::Missing));
    }
    if path.is_dir() {
        return Err(ReadError::new(origin, ReadFault::Folder));
    }
    Ok(())
}

/// A file that could not be written: its path and why.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {source}")]
pub struct WriteError {
    /// The file.
    pub path: String,
    /// The underlying error.
    pub source: io::Error,
}

/// Why `name`, which no built-in has, cannot be opened as a file either: it is a
/// folder, or it reads as a path (a `/` or a `.`) to nothing. `None` when it reads as
/// a mistyped built-in name, which the caller reports as unknown.
pub fn not_a_file(name: &str) -> Option<ReadError> {
    if Path::new(name).is_dir() {
        Some(ReadError::new(name, ReadFault::Folder))
    } else if name.contains(['/', '.']) {
        Some(ReadError::new(name, ReadFault::Missing))
    } else {
        None
    }
}

/// Opens the file at `path` to add to its end (a log), creating it when missing; a
/// missing folder or a folder in its place is refused in [`write_atomically`]'s words.
pub fn open_append(path: &Path) -> Result<std::fs::File, WriteError> {
    let options = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path);
    options.map_err(|e| {
        let why = match e.kind() {
            io::ErrorKind::NotFound => {
                format!("cannot write in {}: no such folder", folder(path).display())
            }
            io::ErrorKind::IsADirectory => ReadFault::Folder.to_string(),
            _ => ReadError::io("", &e).fault.to_string(),
        };
        WriteError {
            path: path.display().to_string(),
            source: io::Error::new(e.kind(), why),
        }
    })
}

/// The folder a file of `path` is written in (`.` for a bare name).
pub fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// The temporary files of writes under way, for [`remove_unfinished_writes`].
static UNFINISHED: std::sync::Mutex<Vec<std::path::PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Writes `bytes` to `path` through a temporary file in the same folder and a
/// rename, so `path` is never left half-written: it holds its old contents (or does
/// not exist) until the new ones are complete. On an error the temporary file is
/// removed; a program stopped by a signal calls [`remove_unfinished_writes`] first.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    write_atomically_with(path, |out| out.write_all(bytes))
}

/// [`write_atomically`] with the bytes written by `write` (through a buffer), for a
/// file made of several pieces that are never gathered in one.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), WriteError> {
    let io_err = |source| WriteError {
        path: path.display().to_string(),
        source,
    };
    let dir = folder(path);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(".{}.", name.as_deref().unwrap_or("polyboggle")))
        .suffix(".partial")
        .tempfile_in(dir)
        .map_err(|e| {
            // Name the folder, not the temporary file the error would name.
            let why = match e.kind() {
                io::ErrorKind::NotFound => "no such folder".to_string(),
                io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                _ => io::Error::from(e.kind()).to_string(),
            };
            let folder = dir.display();
            io_err(io::Error::new(
                e.kind(),
                format!("cannot write in {folder}: {why}"),
            ))
        })?;
    let temp_path = temp.path().to_path_buf();
    let unfinished = |add: bool| {
        let mut list = UNFINISHED.lock().unwrap_or_else(|e| e.into_inner());
        list.retain(|p| p != &temp_path);
        if add {
            list.push(temp_path.clone());
        }
    };
    unfinished(true);
    let written = (|| {
        let mut out = io::BufWriter::with_capacity(1 << 20, temp.as_file_mut());
        write(&mut out)?;
        out.flush()?;
        drop(out);
        temp.as_file().sync_all()?;
        // A temporary file is private (0600); the result is an ordinary file.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let perms = std::fs::Permissions::from_mode(0o644);
            temp.as_file().set_permissions(perms)?;
        }
        temp.persist(path).map(drop).map_err(|e| e.error)
    })();
    unfinished(false);
    written.map_err(io_err)
}

/// Removes the temporary files of [`write_atomically`] calls still under way: for a
/// signal handler about to end the program (Ctrl-C), which skips the destructors that
/// would remove them.
pub fn remove_unfinished_writes() {
    let list = UNFINISHED.lock().unwrap_or_else(|e| e.into_inner());
    for path in list.iter() {
        let _ = std::fs::remove_file(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_read_fault_has_one_wording() {
        let dir = tempfile::tempdir().unwrap();
        let said = |path: &Path| read_text(path).unwrap_err().to_string();
        let gone = dir.path().join("gone.txt");
        assert_eq!(said(&gone), format!("{}: no such file", gone.display()));
        assert_eq!(
            said(dir.path()),
            format!("{}: a folder, not a file", dir.path().display())
        );
        assert_eq!(said(Path::new("")), "'': no such file");
        let bad = dir.path().join("bad.txt");
        std::fs::write(&bad, b"ab\ncd\nef\xc3").unwrap();
        let expected = format!(
            "{}: not UTF-8 (invalid byte at offset 8, line 3)",
            bad.display()
        );
        assert_eq!(said(&bad), expected);
        assert_eq!(
            text(b"\xff", "x").unwrap_err().to_string(),
            "x: not UTF-8 (invalid byte at offset 0, line 1)"
        );
        // The system's words, without their error numbers, for anything else.
        let other = io::Error::from_raw_os_error(5);
        assert_eq!(
            ReadError::io("f", &other).to_string(),
            "f: input/output error"
        );
        let denied = io::Error::from(io::ErrorKind::PermissionDenied);
        assert_eq!(
            ReadError::io("f", &denied).to_string(),
            "f: permission denied"
        );
        assert_eq!(not_a_file("x/y").unwrap().to_string(), "x/y: no such file");
        assert!(not_a_file("enable2k").is_none());
    }

    #[test]
    fn atomic_writes_leave_no_partial_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.pbd");
        write_atomically(&path, b"old").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        // A write that fails (the target is a folder) keeps nothing of itself.
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        assert!(write_atomically(&folder, b"x").is_err());
        let missing = dir.path().join("no-such-folder").join("out.pbd");
        let err = write_atomically(&missing, b"x").unwrap_err().to_string();
        assert!(err.ends_with("no-such-folder: no such folder"), "{err}");
        assert!(!err.contains(".partial"), "{err}");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        assert!(UNFINISHED.lock().unwrap().is_empty());
        remove_unfinished_writes();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
    }
}
