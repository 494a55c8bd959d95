//! `polyboggle dict info`, `lookup`, `search`, `words` and `diff`: what a dictionary
//! holds.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use polyboggle::level::Levels;
use polyboggle::query::{Options, Query, Search};
use polyboggle::{Lookup, Profile};
use serde_json::json;

use crate::args::{Format, ProfileArgs, SearchArgs};
use crate::load::{load_dict, tier_range};
use crate::output::stdout;
use crate::Failure;

pub fn info(name: &str, args: &ProfileArgs, format: Format) -> Result<(), Failure> {
    let started = Instant::now();
    let lexicon = load_dict(Some(name), args)?;
    let open = started.elapsed();
    let h = lexicon.header();
    // The tiers `play --level` takes in this dictionary (polyboggle::level).
    let levels = (h.tiers > 0).then(|| Levels::of(&lexicon));
    let mut out = stdout();
    match format {
        Format::Json => {
            let p = &h.profile;
            let value = json!({
                "dict": name, "words": h.word_count, "format_version": h.version,
                "size_bytes": h.file_size, "min_len": h.min_len, "max_len": h.max_len,
                "profile": {"strip_marks": p.strip_marks, "keep": p.keep, "turkic": p.turkic, "lang": p.lang},
                "open_ms": open.as_secs_f64() * 1e3, "tiers": lexicon.tier_sizes(),
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
            if let Some((untiered, tiers)) = lexicon.tier_sizes().split_first() {
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

pub fn search(args: &SearchArgs) -> Result<(), Failure> {
    let lexicon = load_dict(Some(&args.dict), &args.profile)?;
    let text = args.query.clone();
    let query = if args.regex {
        Query::Regex(text)
    } else if args.fuzzy {
        Query::Fuzzy {
            word: text,
            distance: args.distance,
        }
    } else if args.anagram {
        Query::Anagram(text)
    } else if args.build {
        Query::Build(text)
    } else {
        Query::Pattern(text)
    };
    let options = Options {
        min_len: args.min_len.unwrap_or(0),
        max_len: args.max_len.unwrap_or(usize::MAX),
        units: args.units.as_ref().map(|list| {
            list.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|u| !u.is_empty())
                .map(str::to_string)
                .collect()
        }),
        tiers: tier_range(args.tiers.as_deref(), &lexicon)?,
    };
    let search = Search::new(&lexicon, &query, &options)?;
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut listing = Listing::new(lexicon.profile(), args.format, args.count)?;
    if limit > 0 {
        search.for_each(|hit| listing.word(hit.key, limit));
    }
    listing.finish()
}

pub fn words(name: &str, args: &ProfileArgs, format: Format) -> Result<(), Failure> {
    let lexicon = load_dict(Some(name), args)?;
    let every = Search::new(&lexicon, &Query::Pattern("*".into()), &Options::default())?;
    let mut listing = Listing::new(lexicon.profile(), format, false)?;
    every.for_each(|hit| listing.word(hit.key, u64::MAX));
    listing.finish()
}

pub fn diff(
    a: &str,
    b: &str,
    count: bool,
    args: &ProfileArgs,
    format: Format,
) -> Result<(), Failure> {
    let (a_lexicon, b_lexicon) = (load_dict(Some(a), args)?, load_dict(Some(b), args)?);
    let every = Search::new(&a_lexicon, &Query::Pattern("*".into()), &Options::default())?;
    let mut listing = Listing::new(a_lexicon.profile(), format, count)?;
    every.for_each(|hit| {
        if b_lexicon.contains(hit.key) {
            ControlFlow::Continue(())
        } else {
            listing.word(hit.key, u64::MAX)
        }
    });
    listing.finish()
}

/// Words written as they are found: one a line (upper case, as every command shows
/// words), or a JSON list streamed element by element; or only their count.
struct Listing<'p> {
    out: io::BufWriter<io::StdoutLock<'static>>,
    profile: &'p Profile,
    format: Format,
    count_only: bool,
    count: u64,
    /// The first write error; the walk stops at it.
    error: Option<io::Error>,
}

impl<'p> Listing<'p> {
    fn new(profile: &'p Profile, format: Format, count_only: bool) -> Result<Listing<'p>, Failure> {
        let mut out = stdout();
        if format == Format::Json && !count_only {
            write!(out, "{{\"words\": [")?;
        }
        Ok(Listing {
            out,
            profile,
            format,
            count_only,
            count: 0,
            error: None,
        })
    }

    /// Takes one word; breaks once `limit` words are taken or the output fails.
    fn word(&mut self, key: &str, limit: u64) -> ControlFlow<()> {
        self.count += 1;
        if !self.count_only {
            let shown = self.profile.display(key);
            let written = match self.format {
                Format::Text => writeln!(self.out, "{shown}"),
                Format::Json => {
                    let comma = if self.count > 1 { ", " } else { "" };
                    write!(self.out, "{comma}{}", serde_json::Value::from(shown))
                }
            };
            if let Err(e) = written {
                self.error = Some(e);
                return ControlFlow::Break(());
            }
        }
        if self.count >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn finish(mut self) -> Result<(), Failure> {
        if let Some(e) = self.error {
            return Err(e.into());
        }
        match (self.format, self.count_only) {
            (Format::Json, true) => writeln!(self.out, "{}", json!({"count": self.count}))?,
            (Format::Json, false) => writeln!(self.out, "]}}")?,
            (Format::Text, true) => writeln!(self.out, "{}", self.count)?,
            (Format::Text, false) => {}
        }
        Ok(self.out.flush()?)
    }
}
