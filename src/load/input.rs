//! Inputs read whole: a file or standard input ([`Input`]), and a board given as a
//! file, standard input or an inline string.

use std::path::Path;

use polyboggle::files::{self, ReadError, ReadFault};
use polyboggle::{normalize, Board};

use crate::Failure;

/// The bytes of a file or of standard input, with the name errors give it.
#[derive(Clone, Debug)]
pub struct Input {
    /// The file's path as given, or `standard input`.
    pub origin: String,
    /// What it holds.
    pub bytes: Vec<u8>,
}

/// The bytes of a file, or of standard input for `-`.
pub fn read_input(path: &Path) -> Result<Input, Failure> {
    if path.as_os_str() == "-" {
        return Ok(Input {
            origin: files::STANDARD_INPUT.to_string(),
            bytes: files::read_stdin()?,
        });
    }
    Ok(Input {
        origin: path.display().to_string(),
        bytes: files::read(path)?,
    })
}

/// Reads a board from a file, standard input (`-` or nothing) or an inline string.
pub fn read_board(arg: Option<&str>) -> Result<Board, Failure> {
    let (text, origin) = match arg {
        None | Some("-") => {
            let bytes = files::read_stdin()?;
            let text = files::text(&bytes, files::STANDARD_INPUT)?.to_string();
            (text, files::STANDARD_INPUT.to_string())
        }
        // A file, or a pipe (`solve <(roll ...)`, /dev/stdin); a folder is refused.
        Some(arg) if Path::new(arg).exists() => {
            (files::read_text(Path::new(arg))?, arg.to_string())
        }
        // No board is written with a `.`: a name like `board.txt` is a missing file.
        Some(arg) if arg.contains('.') => {
            return Err(ReadError::new(arg, ReadFault::Missing).into())
        }
        Some(arg) => (arg.to_string(), format!("board {}", quoted(arg))),
    };
    let text = normalize::skip_byte_order_mark(&text);
    text.parse::<Board>()
        .map_err(|e| Failure::input(format!("{origin}: {e}")))
}

/// An inline input as a message quotes it: whole when short; else its start, an
/// ellipsis and its length, so that the reason after it is never cut.
fn quoted(text: &str) -> String {
    const MOST: usize = 60;
    let count = text.chars().count();
    if count <= MOST {
        return format!("{text:?}");
    }
    let start: String = text.chars().take(MOST).collect();
    format!("{:?} ({count} characters in all)", format!("{start}…"))
}
