//! `polyboggle dict info` and `dict lookup`: what a dictionary holds.

use std::io::Write;
use std::time::Instant;

use polyboggle::Lookup;
use serde_json::json;

use crate::args::{Format, ProfileArgs};
use crate::load::load_dict;
use crate::output::stdout;
use crate::Failure;

pub fn info(name: &str, args: &ProfileArgs, format: Format) -> Result<(), Failure> {
    let started = Instant::now();
    let lexicon = load_dict(Some(name), args)?;
    let open = started.elapsed();
    let h = lexicon.header();
    let mut out = stdout();
    match format {
        Format::Json => {
            let p = &h.profile;
            let value = json!({
                "dict": name, "words": h.word_count, "format_version": h.version,
                "size_bytes": h.file_size, "min_len": h.min_len, "max_len": h.max_len,
                "profile": {"strip_marks": p.strip_marks, "keep": p.keep, "turkic": p.turkic, "lang": p.lang},
                "open_ms": open.as_secs_f64() * 1e3,
            });
            writeln!(out, "{value}")?;
        }
        Format::Text => {
            writeln!(out, "dictionary:     {name}")?;
            writeln!(out, "words:          {}", h.word_count)?;
            writeln!(
                out,
                "word lengths:   {} to {} letters",
                h.min_len, h.max_len
            )?;
            writeln!(out, "normalization:  {}", h.profile.describe())?;
            writeln!(out, "format version: {}", h.version)?;
            writeln!(out, "size:           {} bytes", h.file_size)?;
            writeln!(out, "opened in:      {open:.2?}")?;
        }
    }
    Ok(out.flush()?)
}

pub fn lookup(
    name: &str,
    words: &[String],
    args: &ProfileArgs,
    format: Format,
) -> Result<(), Failure> {
    let lexicon = load_dict(Some(name), args)?;
    let mut out = stdout();
    for word in words {
        let what = match lexicon.lookup(word) {
            Lookup::Word => "word",
            Lookup::Prefix => "prefix",
            Lookup::Absent => "absent",
        };
        let key = lexicon.profile().key(word);
        match format {
            Format::Json => writeln!(
                out,
                "{}",
                json!({"input": word, "key": key, "result": what})
            )?,
            Format::Text => writeln!(out, "{word}\t{key}\t{what}")?,
        }
    }
    Ok(out.flush()?)
}
