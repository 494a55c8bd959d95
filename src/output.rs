//! How the commands write: a buffered standard output, and counts with their nouns.

use std::io::{self, BufWriter};

pub fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// "1 word", "2 words": a count and its noun, singular for one.
pub fn counted(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}
