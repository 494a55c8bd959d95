//! `polyboggle dict info`, `lookup`, `search`, `words` and `diff`: what a dictionary
//! holds; and `dict upgrade`, which rewrites an older file in this format version.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Instant;

use polyboggle::query::{LazySearch, Options, Query};
use polyboggle::{files, lexicon, LexiconError, Lookup, Profile};
use polyboggle_play::level::Levels;
use serde_json::json;

use crate::args::{Format, ProfileArgs, SearchArgs};
use crate::load::Dictionary;
use crate::output::stdout;
use crate::Failure;

pub fn info(name: &str, args: &ProfileArgs, format: Format) -> Result<(), Failure> {
    let started = Instant::now();
    let lexicon = Dictionary::Named(name.to_string()).open_lazily(args)?;
    let open = started.elapsed();
    // What a query pays is the open; `info` also checks every block, to vouch for
    // the whole file.
    let started = Instant::now();
    let lexicon = lexicon.verify()?;
    let check = started.elapsed();
    let h = lexicon.header();
    let tier_sizes = lexicon.tier_sizes();
    // The tiers `play --level` takes in this dictionary (polyboggle_play::level).
    let levels = (h.tiers > 0).then(|| Levels::of(&lexicon));
    let mut out = stdout();
    match format {
        Format::Json => {
            let p = &h.profile;
            let value = json!({
                "dict": name, "words": h.word_count, "format_version": h.version,
                "size_bytes": h.file_size, "min_len": h.min_len, "max_len": h.max_len,
                "profile": {"strip_marks": p.strip_marks, "keep": p.keep, "turkic": p.turkic, "lang": p.lang},
                "open_ms": open.as_secs_f64() * 1e3, "check_ms": check.as_secs_f64() * 1e3,
                "tiers": tier_sizes,
                "levels": levels.map(|l| json!({
                    "easy": [1, l.last[0]], "medium": [1, l.last[1]], "hard": [1, l.last[2]],
                    "source": l.source.name(),
                })),
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
            if let Some((untiered, tiers)) = tier_sizes.split_first() {
                if !tiers.is_empty() {
                    let sizes: Vec<String> = tiers
                        .iter()
                        .enumerate()
                        .map(|(i, n)| format!("{}: {n}", i + 1))
                        .collect();
                    writeln!(
                        out,
                        "tiers:          {}, none: {untiered}",
                        sizes.join(", ")
                    )?;
                }
            }
            if let Some(levels) = levels {
                let source = levels.source.name();
                writeln!(out, "levels:         {levels} ({source}; play --level)")?;
            }
            writeln!(out, "format version: {}", h.version)?;
            writeln!(out, "size:           {} bytes", h.file_size)?;
            writeln!(out, "opened in:      {open:.2?}")?;
            writeln!(out, "checked in:     {check:.2?} (every block)")?;
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
    let lexicon = Dictionary::Named(name.to_string()).open_lazily(args)?;
    // Every answer first, so that a damaged block shows nothing but its error.
    let mut out = Vec::new();
    for word in words {
        let what = match lexicon.lookup(word)? {
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
    let mut stdout = stdout();
    stdout.write_all(&out)?;
    Ok(stdout.flush()?)
}

pub fn search(args: &SearchArgs) -> Result<(), Failure> {
    let lexicon = Dictionary::Named(args.dict.clone()).open_lazily(&args.profile)?;
    let spec = args.spec();
    let (query, options) = (spec.query()?, spec.options(lexicon.header())?);
    let search = LazySearch::new(&lexicon, &query, &options)?;
    let limit = args.limit.unwrap_or(u64::MAX);
    let check = || lexicon.check();
    let mut listing = Listing::new(lexicon.profile(), args.format, args.count, &check);
    let mut searched = Ok(());
    if limit > 0 {
        searched = search.for_each(|hit| listing.word(hit.key, limit));
    }
    listing.finish(searched)
}

pub fn words(name: &str, args: &ProfileArgs, format: Format) -> Result<(), Failure> {
    let lexicon = Dictionary::Named(name.to_string()).open_lazily(args)?;
    let every = LazySearch::new(&lexicon, &Query::Pattern("*".into()), &Options::default())?;
    let check = || lexicon.check();
    let mut listing = Listing::new(lexicon.profile(), format, false, &check);
    let searched = every.for_each(|hit| listing.word(hit.key, u64::MAX));
    listing.finish(searched)
}

pub fn diff(
    a: &str,
    b: &str,
    count: bool,
    args: &ProfileArgs,
    format: Format,
) -> Result<(), Failure> {
    let (a_lexicon, b_lexicon) = (
        Dictionary::Named(a.to_string()).open_lazily(args)?,
        Dictionary::Named(b.to_string()).open_lazily(args)?,
    );
    let every = LazySearch::new(&a_lexicon, &Query::Pattern("*".into()), &Options::default())?;
    let check = || a_lexicon.check().and_then(|()| b_lexicon.check());
    let mut listing = Listing::new(a_lexicon.profile(), format, count, &check);
    let mut in_b = Ok(());
    let searched = every.for_each(|hit| match b_lexicon.contains(hit.key) {
        Ok(true) => ControlFlow::Continue(()),
        Ok(false) => listing.word(hit.key, u64::MAX),
        Err(e) => {
            in_b = Err(e);
            ControlFlow::Break(())
        }
    });
    listing.finish(searched.and(in_b))
}

pub fn upgrade(file: &Path, output: Option<&Path>) -> Result<(), Failure> {
    let mut out = stdout();
    let Some((old, compiled)) = lexicon::upgrade(file)? else {
        let version = lexicon::FORMAT_VERSION;
        writeln!(out, "{}: format version {version} already", file.display())?;
        return Ok(out.flush()?);
    };
    let written = output.unwrap_or(file);
    files::write_atomically_with(written, |w| compiled.write_to(w))?;
    writeln!(
        out,
        "{}: {} words, format version {} to {}, {} bytes",
        written.display(),
        old.word_count,
        old.version,
        lexicon::FORMAT_VERSION,
        compiled.len()
    )?;
    Ok(out.flush()?)
}

/// Past how many bytes a listing is written out as it grows, rather than at the end.
const HOLD: usize = 1 << 20;

/// Words written as they are found: one a line (upper case, as every command shows
/// words), or a JSON list streamed element by element; or only their count.
///
/// Nothing is written before the search ends unless the listing outgrows [`HOLD`]:
/// a damaged block met on the way is then the only output. A larger listing checks
/// every block of the dictionaries first (`check`, about a millisecond for 19 MB,
/// little beside writing a megabyte), so that no error can follow what it writes.
struct Listing<'p> {
    out: io::BufWriter<io::StdoutLock<'static>>,
    /// What is not written yet.
    held: Vec<u8>,
    /// Has `check` passed (so the listing may be written as it grows)?
    checked: bool,
    check: &'p dyn Fn() -> Result<(), LexiconError>,
    profile: &'p Profile,
    format: Format,
    count_only: bool,
    count: u64,
    /// The first error; the walk stops at it.
    error: Option<Failure>,
}

impl<'p> Listing<'p> {
    fn new(
        profile: &'p Profile,
        format: Format,
        count_only: bool,
        check: &'p dyn Fn() -> Result<(), LexiconError>,
    ) -> Listing<'p> {
        let mut held = Vec::new();
        if format == Format::Json && !count_only {
            held.extend_from_slice(b"{\"words\": [");
        }
        Listing {
            out: stdout(),
            held,
            checked: false,
            check,
            profile,
            format,
            count_only,
            count: 0,
            error: None,
        }
    }

    /// Takes one word; breaks once `limit` words are taken or the output fails.
    fn word(&mut self, key: &str, limit: u64) -> ControlFlow<()> {
        self.count += 1;
        if !self.count_only {
            let shown = self.profile.display(key);
            // Writing to memory cannot fail.
            let _ = match self.format {
                Format::Text => writeln!(self.held, "{shown}"),
                Format::Json => {
                    let comma = if self.count > 1 { ", " } else { "" };
                    write!(self.held, "{comma}{}", serde_json::Value::from(shown))
                }
            };
            if self.held.len() >= HOLD {
                if let Err(e) = self.write_held() {
                    self.error = Some(e);
                    return ControlFlow::Break(());
                }
            }
        }
        if self.count >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Writes what is held, once every block has passed.
    fn write_held(&mut self) -> Result<(), Failure> {
        if !self.checked {
            (self.check)()?;
            self.checked = true;
        }
        self.out.write_all(&self.held)?;
        self.held.clear();
        Ok(())
    }

    /// Ends the listing after a search that ended with `searched`.
    fn finish(mut self, searched: Result<(), LexiconError>) -> Result<(), Failure> {
        if let Some(e) = self.error {
            return Err(e);
        }
        searched?;
        match (self.format, self.count_only) {
            (Format::Json, true) => writeln!(self.held, "{}", json!({"count": self.count}))?,
            (Format::Json, false) => writeln!(self.held, "]}}")?,
            (Format::Text, true) => writeln!(self.held, "{}", self.count)?,
            (Format::Text, false) => {}
        }
        self.out.write_all(&self.held)?;
        Ok(self.out.flush()?)
    }
}
