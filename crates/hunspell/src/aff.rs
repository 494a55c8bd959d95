//! Parser for Hunspell `.aff` files.

use crate::condition::Condition;
use crate::encoding::{decode, encoding_for_set};
use crate::error::{Error, Result};
use crate::flags::{Flag, FlagMode, FlagSet};
use crate::iconv::ConvTable;
use encoding_rs::Encoding;
use std::path::{Path, PathBuf};

/// Hunspell's built-in FORBIDDENWORD flag when the `.aff` names none.
pub const DEFAULT_FORBIDDEN: Flag = 65510;

/// One `PFX`/`SFX` entry.
#[derive(Debug, Clone)]
pub struct AffixRule {
    /// The affix class flag.
    pub flag: Flag,
    /// Cross product allowed (header `Y`).
    pub cross: bool,
    /// Characters removed from the stem (`0` in the file = none).
    pub strip: String,
    /// Characters added (`0` in the file = none), IGNORE characters removed.
    pub add: String,
    /// Continuation flags (`add/FLAGS` or an `AF` alias number).
    pub cont: FlagSet,
    /// The condition the stem must satisfy.
    pub cond: Condition,
    /// 1-based line of the entry in the `.aff` file.
    pub line: usize,
}

/// One quantified element of a `COMPOUNDRULE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulePart {
    /// Exactly one word with the flag.
    One(Flag),
    /// Zero or one (`?`).
    Optional(Flag),
    /// Zero or more (`*`).
    Star(Flag),
}

/// Everything of an `.aff` file that word generation needs.
#[derive(Debug, Clone)]
pub struct Aff {
    /// The file it was read from.
    pub path: PathBuf,
    /// The `SET` encoding (ISO8859-1 when absent, as in Hunspell).
    pub encoding: &'static Encoding,
    /// The `FLAG` mode.
    pub flag_mode: FlagMode,
    /// `COMPLEXPREFIXES`: two prefixes may stack instead of two suffixes.
    pub complex_prefixes: bool,
    /// `FULLSTRIP`: a rule may strip the whole stem.
    pub fullstrip: bool,
    /// `PFX` entries, in file order.
    pub prefixes: Vec<AffixRule>,
    /// `SFX` entries, in file order.
    pub suffixes: Vec<AffixRule>,
    /// `AF` flag vectors; `.dic` alias `n` is `aliases[n - 1]`.
    pub aliases: Vec<FlagSet>,
    /// `NEEDAFFIX` (or `PSEUDOROOT`).
    pub needaffix: Option<Flag>,
    /// `CIRCUMFIX`.
    pub circumfix: Option<Flag>,
    /// `FORBIDDENWORD` (Hunspell's default 65510 when absent).
    pub forbidden: Option<Flag>,
    /// `ONLYINCOMPOUND`.
    pub onlyincompound: Option<Flag>,
    /// `KEEPCASE` (no case variants are generated anyway).
    pub keepcase: Option<Flag>,
    /// `COMPOUNDFLAG`.
    pub compound_flag: Option<Flag>,
    /// `COMPOUNDBEGIN`.
    pub compound_begin: Option<Flag>,
    /// `COMPOUNDMIDDLE`.
    pub compound_middle: Option<Flag>,
    /// `COMPOUNDEND`.
    pub compound_end: Option<Flag>,
    /// `COMPOUNDPERMITFLAG`.
    pub compound_permit: Option<Flag>,
    /// `COMPOUNDFORBIDFLAG`.
    pub compound_forbid: Option<Flag>,
    /// `COMPOUNDRULE`s.
    pub compound_rules: Vec<Vec<RulePart>>,
    /// `COMPOUNDMIN` (default 3).
    pub compound_min: usize,
    /// `COMPOUNDWORDMAX`.
    pub compound_word_max: Option<usize>,
    /// `CHECKCOMPOUNDDUP`.
    pub check_compound_dup: bool,
    /// `CHECKCOMPOUNDTRIPLE`.
    pub check_compound_triple: bool,
    /// `CHECKCOMPOUNDCASE`.
    pub check_compound_case: bool,
    /// `CHECKCOMPOUNDPATTERN` (end of first part, start of second part);
    /// flags and replacements are dropped, which only forbids more.
    pub compound_patterns: Vec<(String, String)>,
    /// `FORCEUCASE` (parts carrying it are not used: such compounds must be
    /// capitalized, which we do not generate).
    pub forceucase: Option<Flag>,
    /// `IGNORE` characters.
    pub ignore: Vec<char>,
    /// `ICONV` pairs as written (`_` anchors a pattern at the word's start
    /// or end; `_` in a replacement is a space).
    pub iconv: Vec<(String, String)>,
    pub(crate) iconv_table: ConvTable,
}

/// Splits a line into whitespace-separated byte fields (space and tab).
pub(crate) fn fields(line: &[u8]) -> Vec<&[u8]> {
    line.split(|b| *b == b' ' || *b == b'\t')
        .filter(|f| !f.is_empty())
        .collect()
}

/// Splits a file into lines without their `\n`/`\r\n`, dropping a UTF-8 BOM.
pub(crate) fn lines(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    let data = data.strip_suffix(b"\n").unwrap_or(data);
    data.split(|b| *b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
}

impl Aff {
    /// Reads and parses an `.aff` file.
    pub fn open(path: impl AsRef<Path>) -> Result<Aff> {
        let path = path.as_ref();
        let data = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        Aff::parse(path, &data)
    }

    /// Parses `.aff` content; `path` is only used in error messages.
    pub fn parse(path: &Path, data: &[u8]) -> Result<Aff> {
        let all: Vec<&[u8]> = lines(data).collect();
        let mut aff = Aff {
            path: path.to_path_buf(),
            encoding: encoding_rs::WINDOWS_1252,
            flag_mode: FlagMode::Char,
            complex_prefixes: false,
            fullstrip: false,
            prefixes: Vec::new(),
            suffixes: Vec::new(),
            aliases: Vec::new(),
            needaffix: None,
            circumfix: None,
            forbidden: Some(DEFAULT_FORBIDDEN),
            onlyincompound: None,
            keepcase: None,
            compound_flag: None,
            compound_begin: None,
            compound_middle: None,
            compound_end: None,
            compound_permit: None,
            compound_forbid: None,
            compound_rules: Vec::new(),
            compound_min: 3,
            compound_word_max: None,
            check_compound_dup: false,
            check_compound_triple: false,
            check_compound_case: false,
            compound_patterns: Vec::new(),
            forceucase: None,
            ignore: Vec::new(),
            iconv: Vec::new(),
            iconv_table: Default::default(),
        };
        let mut has_af = false;
        // Pass 1: what the rest depends on (as Hunspell's HashMgr::load_config).
        let mut i = 0;
        while i < all.len() {
            let lineno = i + 1;
            let f = fields(all[i]);
            i += 1;
            let Some(&key) = f.first() else { continue };
            match key {
                b"SET" => {
                    let name = String::from_utf8_lossy(arg(&f, path, lineno, "SET")?).into_owned();
                    aff.encoding = encoding_for_set(&name).ok_or_else(|| {
                        Error::parse(path, lineno, format!("unknown SET encoding {name:?}"))
                    })?;
                }
                b"FLAG" => {
                    let v = arg(&f, path, lineno, "FLAG")?;
                    aff.flag_mode = match v {
                        b"long" => FlagMode::Long,
                        b"num" => FlagMode::Num,
                        b"UTF-8" => FlagMode::Utf8,
                        _ => {
                            return Err(Error::parse(
                                path,
                                lineno,
                                format!(
                                    "unknown FLAG type {:?} (expected long, num or UTF-8)",
                                    String::from_utf8_lossy(v)
                                ),
                            ))
                        }
                    };
                }
                b"COMPLEXPREFIXES" => aff.complex_prefixes = true,
                b"AF" => {
                    let n = count(&f, path, lineno, "AF")?;
                    for _ in 0..n {
                        let lineno = i + 1;
                        let g = all.get(i).map(|l| fields(l)).unwrap_or_default();
                        i += 1;
                        if g.first() != Some(&&b"AF"[..]) {
                            return Err(Error::parse(
                                path,
                                lineno,
                                format!("AF table is corrupt: expected {n} `AF flags` lines"),
                            ));
                        }
                        // decoded below, once FLAG is known (it may follow AF)
                        has_af = true;
                    }
                }
                _ => {}
            }
        }
        // Decode AF vectors now that FLAG is known (FLAG may follow AF).
        if has_af {
            let mut i = 0;
            while i < all.len() {
                let f = fields(all[i]);
                i += 1;
                if f.first() == Some(&&b"AF"[..]) && f.len() >= 2 && aff.aliases.is_empty() {
                    let n: usize = String::from_utf8_lossy(f[1]).parse().unwrap_or(0);
                    for _ in 0..n {
                        let g = fields(all[i]);
                        i += 1;
                        let v = g
                            .get(1)
                            .map(|r| aff.flag_mode.decode_field(r))
                            .unwrap_or_default();
                        aff.aliases.push(FlagSet::new(v));
                    }
                    break;
                }
            }
        }
        for (idx, l) in all.iter().enumerate() {
            let f = fields(l);
            if f.first() == Some(&&b"IGNORE"[..]) {
                let s = decode(
                    aff.encoding,
                    arg(&f, path, idx + 1, "IGNORE")?,
                    path,
                    idx + 1,
                )?;
                aff.ignore = s.chars().collect();
            }
        }
        // Pass 2: everything else.
        let mut i = 0;
        while i < all.len() {
            let lineno = i + 1;
            let f = fields(all[i]);
            i += 1;
            let Some(&key) = f.first() else { continue };
            let one = |name: &str| -> Result<Option<Flag>> {
                let a = arg(&f, path, lineno, name)?;
                Ok(aff.flag_mode.decode_one(a))
            };
            match key {
                b"PFX" | b"SFX" => {
                    let rules = aff.parse_affix_block(&all, &mut i, lineno, &f)?;
                    if key == b"PFX" {
                        aff.prefixes.extend(rules);
                    } else {
                        aff.suffixes.extend(rules);
                    }
                }
                b"NEEDAFFIX" | b"PSEUDOROOT" => aff.needaffix = one("NEEDAFFIX")?,
                b"CIRCUMFIX" => aff.circumfix = one("CIRCUMFIX")?,
                b"FORBIDDENWORD" => aff.forbidden = one("FORBIDDENWORD")?,
                b"ONLYINCOMPOUND" => aff.onlyincompound = one("ONLYINCOMPOUND")?,
                b"KEEPCASE" => aff.keepcase = one("KEEPCASE")?,
                b"COMPOUNDFLAG" => aff.compound_flag = one("COMPOUNDFLAG")?,
                b"COMPOUNDBEGIN" => aff.compound_begin = one("COMPOUNDBEGIN")?,
                b"COMPOUNDMIDDLE" => aff.compound_middle = one("COMPOUNDMIDDLE")?,
                b"COMPOUNDEND" => aff.compound_end = one("COMPOUNDEND")?,
                b"COMPOUNDPERMITFLAG" => aff.compound_permit = one("COMPOUNDPERMITFLAG")?,
                b"COMPOUNDFORBIDFLAG" => aff.compound_forbid = one("COMPOUNDFORBIDFLAG")?,
                b"COMPOUNDMIN" => aff.compound_min = count(&f, path, lineno, "COMPOUNDMIN")?.max(1),
                b"COMPOUNDWORDMAX" => {
                    aff.compound_word_max = Some(count(&f, path, lineno, "COMPOUNDWORDMAX")?)
                }
                b"CHECKCOMPOUNDDUP" => aff.check_compound_dup = true,
                b"CHECKCOMPOUNDTRIPLE" => aff.check_compound_triple = true,
                b"CHECKCOMPOUNDCASE" => aff.check_compound_case = true,
                b"FORCEUCASE" => aff.forceucase = one("FORCEUCASE")?,
                b"CHECKCOMPOUNDPATTERN" => {
                    let n = count(&f, path, lineno, "CHECKCOMPOUNDPATTERN")?;
                    for _ in 0..n {
                        let lineno = i + 1;
                        let g = all.get(i).map(|l| fields(l)).unwrap_or_default();
                        i += 1;
                        if g.len() < 3 || g[0] != b"CHECKCOMPOUNDPATTERN" {
                            return Err(Error::parse(path, lineno, format!("CHECKCOMPOUNDPATTERN table is corrupt: expected {n} `CHECKCOMPOUNDPATTERN end begin` lines")));
                        }
                        let strip = |raw: &[u8]| -> Result<String> {
                            let raw = raw.split(|&b| b == b'/').next().unwrap_or_default();
                            let s = decode(aff.encoding, raw, path, lineno)?;
                            Ok(if s == "0" { String::new() } else { s })
                        };
                        let pat = (strip(g[1])?, strip(g[2])?);
                        aff.compound_patterns.push(pat);
                    }
                }
                b"FULLSTRIP" => aff.fullstrip = true,
                b"ICONV" => {
                    let n = count(&f, path, lineno, "ICONV")?;
                    for _ in 0..n {
                        let lineno = i + 1;
                        let g = all.get(i).map(|l| fields(l)).unwrap_or_default();
                        i += 1;
                        if g.len() < 3 || g[0] != b"ICONV" {
                            return Err(Error::parse(
                                path,
                                lineno,
                                format!(
                                    "ICONV table is corrupt: expected {n} `ICONV from to` lines"
                                ),
                            ));
                        }
                        let from = decode(aff.encoding, g[1], path, lineno)?;
                        let to = decode(aff.encoding, g[2], path, lineno)?;
                        aff.iconv.push((from, to));
                    }
                }
                b"COMPOUNDRULE" => {
                    let n = count(&f, path, lineno, "COMPOUNDRULE")?;
                    for _ in 0..n {
                        let lineno = i + 1;
                        let g = all.get(i).map(|l| fields(l)).unwrap_or_default();
                        i += 1;
                        if g.len() < 2 || g[0] != b"COMPOUNDRULE" {
                            return Err(Error::parse(path, lineno, format!("COMPOUNDRULE table is corrupt: expected {n} `COMPOUNDRULE rule` lines")));
                        }
                        aff.compound_rules.push(parse_rule(aff.flag_mode, g[1]));
                    }
                }
                _ => {}
            }
        }
        aff.iconv_table = ConvTable::new(&aff.iconv);
        Ok(aff)
    }

    fn parse_affix_block(
        &self,
        all: &[&[u8]],
        i: &mut usize,
        header_line: usize,
        h: &[&[u8]],
    ) -> Result<Vec<AffixRule>> {
        let path = &self.path;
        let kind = String::from_utf8_lossy(h[0]).into_owned();
        if h.len() < 4 {
            return Err(Error::parse(
                path,
                header_line,
                format!("{kind} header needs `{kind} flag Y|N count`"),
            ));
        }
        let flag = self.flag_mode.decode_affix_flag(h[1]).ok_or_else(|| {
            Error::parse(
                path,
                header_line,
                format!(
                    "{kind} header has a bad flag {:?}",
                    String::from_utf8_lossy(h[1])
                ),
            )
        })?;
        let cross = h[2].first() == Some(&b'Y');
        let n: usize = std::str::from_utf8(h[3])
            .ok()
            .and_then(|s| s.parse().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| {
                Error::parse(
                    path,
                    header_line,
                    format!(
                        "{kind} header: bad entry count {:?}",
                        String::from_utf8_lossy(h[3])
                    ),
                )
            })?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let lineno = *i + 1;
            let Some(line) = all.get(*i) else {
                return Err(Error::parse(
                    path,
                    header_line,
                    format!("{kind} header announces {n} entries but the file ends"),
                ));
            };
            *i += 1;
            let f = fields(line);
            if f.len() < 4 {
                return Err(Error::parse(
                    path,
                    lineno,
                    format!("{kind} entry needs `{kind} flag strip add [condition]`"),
                ));
            }
            if self.flag_mode.decode_affix_flag(f[1]) != Some(flag) {
                return Err(Error::parse(
                    path,
                    lineno,
                    format!(
                        "{kind} entry flag {:?} differs from its header's",
                        String::from_utf8_lossy(f[1])
                    ),
                ));
            }
            let strip = decode(self.encoding, f[2], path, lineno)?;
            let strip = if strip == "0" { String::new() } else { strip };
            let (add_raw, cont_raw) = match f[3].iter().position(|&b| b == b'/') {
                Some(p) => (&f[3][..p], Some(&f[3][p + 1..])),
                None => (f[3], None),
            };
            let mut add = decode(self.encoding, add_raw, path, lineno)?;
            if !self.ignore.is_empty() {
                add.retain(|c| !self.ignore.contains(&c));
            }
            if add == "0" {
                add.clear();
            }
            let cont = match cont_raw {
                None => FlagSet::default(),
                Some(raw) if !self.aliases.is_empty() => self.alias(raw, lineno)?,
                Some(raw) => FlagSet::new(self.flag_mode.decode_field(raw)),
            };
            let cond_s = match f.get(4) {
                Some(c) => decode(self.encoding, c, path, lineno)?,
                None => ".".to_string(),
            };
            let cond = Condition::parse(&cond_s).map_err(|m| Error::parse(path, lineno, m))?;
            out.push(AffixRule {
                flag,
                cross,
                strip,
                add,
                cont,
                cond,
                line: lineno,
            });
        }
        Ok(out)
    }

    /// Resolves an `AF` alias number (1-based) as written in a `.dic` or an
    /// affix continuation.
    pub(crate) fn alias(&self, raw: &[u8], lineno: usize) -> Result<FlagSet> {
        let s = String::from_utf8_lossy(raw);
        let idx: usize = s.trim().parse().map_err(|_| {
            Error::parse(
                &self.path,
                lineno,
                format!("flag alias {s:?} is not a number (AF is in use)"),
            )
        })?;
        self.aliases
            .get(idx.wrapping_sub(1))
            .cloned()
            .ok_or_else(|| {
                Error::parse(
                    &self.path,
                    lineno,
                    format!(
                        "flag alias {idx} is out of range (AF defines {})",
                        self.aliases.len()
                    ),
                )
            })
    }

    /// Removes `IGNORE` characters from `word`.
    pub fn remove_ignored(&self, word: &mut String) {
        if !self.ignore.is_empty() {
            word.retain(|c| !self.ignore.contains(&c));
        }
    }

    /// Applies the `ICONV` table as Hunspell does to input words: at each
    /// position the longest pattern whose context (anywhere, word start,
    /// word end, whole word) has a replacement wins.
    pub fn iconv(&self, word: &str) -> String {
        self.iconv_table.convert(word)
    }
}

fn arg<'a>(f: &[&'a [u8]], path: &Path, line: usize, name: &str) -> Result<&'a [u8]> {
    f.get(1)
        .copied()
        .ok_or_else(|| Error::parse(path, line, format!("{name} needs a value")))
}

fn count(f: &[&[u8]], path: &Path, line: usize, name: &str) -> Result<usize> {
    let a = arg(f, path, line, name)?;
    std::str::from_utf8(a)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| {
            Error::parse(
                path,
                line,
                format!(
                    "{name} needs a number, got {:?}",
                    String::from_utf8_lossy(a)
                ),
            )
        })
}

fn parse_rule(mode: FlagMode, raw: &[u8]) -> Vec<RulePart> {
    let mut flags: Vec<Flag> = Vec::new();
    let mut quants: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        match raw[i] {
            b'*' | b'?' => {
                if let Some(q) = quants.last_mut() {
                    *q = raw[i];
                }
                i += 1;
            }
            b'(' => {
                let end = raw[i..]
                    .iter()
                    .position(|&b| b == b')')
                    .map(|p| p + i)
                    .unwrap_or(raw.len());
                if let Some(f) = mode.decode_one(&raw[i + 1..end]) {
                    flags.push(f);
                    quants.push(0);
                }
                i = end + 1;
            }
            _ => {
                let w = if mode == FlagMode::Utf8 {
                    std::str::from_utf8(&raw[i..])
                        .ok()
                        .and_then(|s| s.chars().next())
                        .map_or(1, char::len_utf8)
                } else {
                    1
                };
                if let Some(f) = mode.decode_one(&raw[i..i + w]) {
                    flags.push(f);
                    quants.push(0);
                }
                i += w;
            }
        }
    }
    flags
        .into_iter()
        .zip(quants)
        .map(|(f, q)| match q {
            b'*' => RulePart::Star(f),
            b'?' => RulePart::Optional(f),
            _ => RulePart::One(f),
        })
        .collect()
}
