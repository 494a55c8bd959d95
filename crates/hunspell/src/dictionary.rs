//! An opened dictionary ([`HunspellDictionary`]) and the stream of its forms ([`Expand`]):
//! what the `.dic` forbids or pairs is read once at opening, then forms come stem by
//! stem, one batch held at a time, compounds last. The affix rules themselves are the
//! engine's (`expand`), the compound parts `compound`'s.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::compound::{self, Collector, PairGroup};
use crate::expand::Engine;
use crate::fxhash::FxHashSet;
use crate::{letters, Aff, DicEntry, DicReader, Error, ExpandOptions, Flag, FlagSet, Result};

/// An opened dictionary, ready to expand.
#[derive(Debug)]
pub struct HunspellDictionary {
    aff: Aff,
    dic_path: PathBuf,
    engine: Engine,
    forbidden_words: HashSet<String>,
    /// The same words in a set with a fast hasher, for the per-form check.
    forbidden_fast: FxHashSet<String>,
    /// Compounds Hunspell rejects because the `.dic` lists them as a word
    /// pair (`compound word`), with the pair's affixed forms.
    word_pairs: HashSet<String>,
    /// Words carrying `COMPOUNDFORBIDFLAG` in the `.dic`: never compound parts.
    no_compound_parts: HashSet<String>,
    options: ExpandOptions,
}

impl HunspellDictionary {
    /// Opens `dic` with its affix file `aff`, default [`ExpandOptions`].
    pub fn open(dic: impl AsRef<Path>, aff: impl AsRef<Path>) -> Result<HunspellDictionary> {
        HunspellDictionary::open_with(dic, aff, ExpandOptions::default())
    }

    /// Opens `dic` with the `.aff` beside it (same name, `.aff` extension).
    pub fn open_dic(dic: impl AsRef<Path>) -> Result<HunspellDictionary> {
        let dic = dic.as_ref();
        HunspellDictionary::open(dic, dic.with_extension("aff"))
    }

    /// Opens with explicit options. Reads the `.aff`, and the `.dic` once to
    /// check it and to collect the words marked `FORBIDDENWORD`.
    pub fn open_with(
        dic: impl AsRef<Path>,
        aff: impl AsRef<Path>,
        options: ExpandOptions,
    ) -> Result<HunspellDictionary> {
        let aff = Aff::open(aff)?;
        let dic_path = dic.as_ref().to_path_buf();
        if let Some(c) = options.compounds {
            if c.parts != 2 {
                return Err(Error::parse(
                    &dic_path,
                    0,
                    format!("Compounds::parts must be 2, got {}", c.parts),
                ));
            }
        }
        let engine = Engine::new(&aff);
        let mut forbidden_words = HashSet::new();
        let mut pairs = Vec::new();
        let mut no_compound_parts = HashSet::new();
        let mut reader = DicReader::open(&aff, &dic_path)?;
        let want = |f: &FlagSet| options.compounds.is_some() || f.has(aff.forbidden);
        while let Some(e) = reader.next_wanted(&want) {
            let e = e?;
            if e.flags.has(aff.forbidden) {
                forbidden_words.insert(e.word.clone());
            }
            if options.compounds.is_some() {
                if e.word.contains(' ') {
                    pairs.push(e.clone());
                }
                if e.flags.has(aff.compound_forbid) {
                    no_compound_parts.insert(e.word);
                }
            }
        }
        let mut d = HunspellDictionary {
            aff,
            dic_path,
            engine,
            forbidden_fast: forbidden_words.iter().cloned().collect(),
            forbidden_words,
            word_pairs: HashSet::new(),
            no_compound_parts,
            options,
        };
        for e in pairs {
            let forms = d.expand_entry(&e)?;
            d.word_pairs
                .extend(forms.into_iter().map(|w| w.replace(' ', "")));
        }
        Ok(d)
    }

    /// The parsed affix file.
    pub fn aff(&self) -> &Aff {
        &self.aff
    }

    /// The options in force.
    pub fn options(&self) -> &ExpandOptions {
        &self.options
    }

    /// Words the `.dic` marks `FORBIDDENWORD`; no form equal to one is emitted.
    pub fn forbidden_words(&self) -> &HashSet<String> {
        &self.forbidden_words
    }

    /// Iterates over the stems of the `.dic`.
    pub fn stems(&self) -> Result<DicReader<'_>> {
        DicReader::open(&self.aff, &self.dic_path)
    }

    /// What Hunspell does to an input word before looking it up (`IGNORE`
    /// characters removed, `ICONV` applied): a word is accepted when its
    /// normalized form is generated.
    pub fn normalize(&self, word: &str) -> String {
        let mut w = self.aff.iconv(word);
        self.aff.remove_ignored(&mut w);
        w
    }

    fn orient(&self, w: &str) -> String {
        if self.engine.reversed {
            w.chars().rev().collect()
        } else {
            w.to_string()
        }
    }

    /// Reverses (for `COMPLEXPREFIXES`), sorts, de-duplicates and filters
    /// (forbidden words, words `ICONV` would change, `max_len`) a batch.
    fn finish_batch(&self, out: &mut Vec<String>) {
        if self.engine.reversed {
            for w in out.iter_mut() {
                *w = w.chars().rev().collect();
            }
        }
        if out.len() > 1 {
            out.sort_unstable();
            out.dedup();
        }
        let max = self.options.max_len;
        let forbidden = &self.forbidden_fast;
        let iconv = &self.aff.iconv_table;
        if forbidden.is_empty() && iconv.is_empty() && max.is_none() {
            return;
        }
        out.retain(|w| {
            (forbidden.is_empty() || !forbidden.contains(w))
                && iconv.leaves_unchanged(w)
                && max.is_none_or(|m| w.len() <= m || letters(w) <= m)
        });
    }

    fn too_many(&self, e: &DicEntry) -> Error {
        Error::TooManyForms {
            path: self.dic_path.clone(),
            line: e.line,
            stem: e.word.clone(),
            limit: self.options.limit,
        }
    }

    /// Every form of one `.dic` entry (outside compounds), sorted, without
    /// duplicates. Holds them all in memory: [`HunspellDictionary::expand`] streams.
    pub fn expand_entry(&self, e: &DicEntry) -> Result<Vec<String>> {
        let word = self.orient(&e.word);
        let mut out = Vec::new();
        self.engine
            .forms(&word, &e.flags, &mut out, self.options.max_len);
        self.finish_batch(&mut out);
        if out.len() > self.options.limit {
            return Err(self.too_many(e));
        }
        Ok(out)
    }

    /// Every form of the stem `word` (all its homonyms in the `.dic`),
    /// sorted, without duplicates; empty when `word` is no stem. Reads the
    /// whole `.dic`.
    pub fn expand_stem(&self, word: &str) -> Result<Vec<String>> {
        let mut out = Vec::new();
        for e in self.stems()? {
            let e = e?;
            if e.word == word {
                out.extend(self.expand_entry(&e)?);
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// Streams every form of the dictionary, stem by stem (then compounds,
    /// if enabled).
    pub fn expand(&self) -> Result<Expand<'_>> {
        Ok(Expand {
            dict: self,
            reader: self.stems()?,
            buf: Vec::new(),
            buf_pos: 0,
            cur: None,
            plan: Vec::new(),
            collector: self
                .options
                .compounds
                .map(|c| Collector::new(&self.aff, c.max_len)),
            groups: Vec::new(),
            pos: (0, 0, 0),
            compounds: 0,
            done: false,
        })
    }
}

/// Iterator returned by [`HunspellDictionary::expand`]. Yields `Err` at most once,
/// then ends.
pub struct Expand<'a> {
    dict: &'a HunspellDictionary,
    reader: DicReader<'a>,
    /// The current batch; `buf[buf_pos..]` is still to be yielded (the storage
    /// is reused from batch to batch).
    buf: Vec<String>,
    buf_pos: usize,
    cur: Option<Current>,
    /// The current stem's jobs: (suffix flag, suffix rule), reused.
    plan: Vec<(Flag, u32)>,
    collector: Option<Collector>,
    groups: Vec<PairGroup>,
    pos: (usize, usize, usize),
    compounds: usize,
    done: bool,
}

/// The stem being expanded: its jobs are run one at a time so that memory
/// stays bounded even for stems with millions of forms.
struct Current {
    entry: DicEntry,
    /// The stem reversed (`COMPLEXPREFIXES`), else `None`: `entry.word`.
    reversed: Option<String>,
    next_job: usize,
    count: usize,
}

impl Current {
    /// The stem in the engine's orientation.
    fn word(&self) -> &str {
        self.reversed.as_deref().unwrap_or(&self.entry.word)
    }
}

impl Expand<'_> {
    /// How many compounds have come so far (0 without [`ExpandOptions::compounds`]).
    pub fn compounds(&self) -> usize {
        self.compounds
    }

    /// Runs the next job of the current stem into `buf`; false when the
    /// stem is finished.
    fn run_job(&mut self) -> Result<bool> {
        let d = self.dict;
        let Some(cur) = self.cur.as_mut() else {
            return Ok(false);
        };
        let mut out = std::mem::take(&mut self.buf);
        out.clear();
        self.buf_pos = 0;
        loop {
            if cur.next_job > self.plan.len() {
                self.cur = None;
                self.buf = out;
                return Ok(false);
            }
            if cur.next_job == 0 {
                d.engine.base(
                    cur.word(),
                    &cur.entry.flags,
                    &self.plan,
                    &mut out,
                    d.options.max_len,
                );
            } else {
                let (s, ri) = self.plan[cur.next_job - 1];
                d.engine.job(
                    cur.word(),
                    &cur.entry.flags,
                    s,
                    ri,
                    &mut out,
                    d.options.max_len,
                );
            }
            cur.next_job += 1;
            if !out.is_empty() {
                break;
            }
        }
        d.finish_batch(&mut out);
        cur.count += out.len();
        if cur.count > d.options.limit {
            return Err(d.too_many(&cur.entry));
        }
        self.buf = out;
        Ok(true)
    }

    fn next_compound(&mut self) -> Option<Result<String>> {
        let d = self.dict;
        let c = d.options.compounds?;
        loop {
            let (g, i, j) = self.pos;
            let group = self.groups.get(g)?;
            if i >= group.first.len() {
                self.pos = (g + 1, 0, 0);
                continue;
            }
            if j >= group.second.len() {
                self.pos = (g, i + 1, 0);
                continue;
            }
            self.pos = (g, i, j + 1);
            let (a, b) = (&group.first[i], &group.second[j]);
            if a.chars().count() + b.chars().count() > c.max_len || !compound::join_ok(&d.aff, a, b)
            {
                continue;
            }
            let w = format!("{a}{b}");
            if d.forbidden_words.contains(&w) || d.word_pairs.contains(&w) {
                continue;
            }
            self.compounds += 1;
            if self.compounds > c.max_forms {
                self.done = true;
                return Some(Err(Error::CompoundLimit {
                    path: d.dic_path.clone(),
                    limit: c.max_forms,
                }));
            }
            return Some(Ok(w));
        }
    }
}

impl Iterator for Expand<'_> {
    type Item = Result<String>;

    fn next(&mut self) -> Option<Result<String>> {
        if self.done {
            return None;
        }
        loop {
            if let Some(w) = self.buf.get_mut(self.buf_pos) {
                self.buf_pos += 1;
                return Some(Ok(std::mem::take(w)));
            }
            match self.run_job() {
                Ok(true) => continue,
                Ok(false) => {}
                Err(err) => {
                    self.done = true;
                    return Some(Err(err));
                }
            }
            match self.reader.next() {
                Some(Ok(e)) => {
                    let d = self.dict;
                    let reversed = d.engine.reversed.then(|| d.orient(&e.word));
                    let cur = Current {
                        entry: e,
                        reversed,
                        next_job: 0,
                        count: 0,
                    };
                    if let Some(col) = self.collector.as_mut() {
                        let mut e2 = cur.entry.clone();
                        e2.word = cur.word().to_string();
                        col.add(&d.aff, &d.engine, &e2, cur.word());
                    }
                    d.engine.plan(
                        cur.word(),
                        &cur.entry.flags,
                        &mut self.plan,
                        d.options.max_len,
                    );
                    self.cur = Some(cur);
                }
                Some(Err(err)) => {
                    self.done = true;
                    return Some(Err(err));
                }
                None => {
                    if let Some(col) = self.collector.take() {
                        self.groups = col.finish();
                        if self.dict.engine.reversed {
                            for g in &mut self.groups {
                                for w in g.first.iter_mut().chain(g.second.iter_mut()) {
                                    *w = w.chars().rev().collect();
                                }
                            }
                        }
                        let no = &self.dict.no_compound_parts;
                        for g in &mut self.groups {
                            g.first.retain(|w| !no.contains(w));
                            g.second.retain(|w| !no.contains(w));
                        }
                    }
                    let r = self.next_compound();
                    if r.is_none() {
                        self.done = true;
                    }
                    return r;
                }
            }
        }
    }
}
