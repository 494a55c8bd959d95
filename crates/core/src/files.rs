//! Files: writing one so that it is never left half-written, and telling why a name
//! that is not a built-in cannot be opened as a file. Every command that writes a file
//! (`compile -o`, `dice derive -o`, `crossword -o`) writes through [`write_atomically`].
//!
//! ```
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("words.txt");
//! polyboggle::files::write_atomically(&path, b"cat\ndog\n")?;
//! assert_eq!(std::fs::read(&path)?, b"cat\ndog\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};
use std::path::Path;

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
pub fn not_a_file(name: &str) -> Option<io::Error> {
    if Path::new(name).is_dir() {
        Some(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a folder, not a file",
        ))
    } else if name.contains(['/', '.']) {
        Some(io::Error::new(io::ErrorKind::NotFound, "no such file"))
    } else {
        None
    }
}

/// The temporary files of writes under way, for [`remove_unfinished_writes`].
static UNFINISHED: std::sync::Mutex<Vec<std::path::PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Writes `bytes` to `path` through a temporary file in the same folder and a
/// rename, so `path` is never left half-written: it holds its old contents (or does
/// not exist) until the new ones are complete. On an error the temporary file is
/// removed; a program stopped by a signal calls [`remove_unfinished_writes`] first.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let io_err = |source| WriteError {
        path: path.display().to_string(),
        source,
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
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
        temp.write_all(bytes)?;
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
