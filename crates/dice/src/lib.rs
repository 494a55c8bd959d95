//! Dice sets: what each die shows, rolling boards from them, checking and designing them.
//!
//! A dice set is a small text file that people can write by hand:
//!
//! ```text
//! # name: english-new-4x4
//! # grid: 4x4
//! # confidence: published
//! # source: where the faces come from
//! # note: anything worth knowing
//! A A E E G N
//! H I M N U Qu
//! ...
//! ```
//!
//! Header lines are `# key: value` (`name` and `grid` are needed; `confidence`,
//! `source`, `note` are kept for people). Then one die a line, its faces separated
//! by single spaces. A face is any grapheme string (`Qu`, `CH`, `SCH`, `क्ष`);
//! `#` is a blank face. Every die has the same number of faces, and the grid has
//! one cell per die (a smaller grid may be rolled from a larger set).
//!
//! Rolling is the CS106B shake: a Fisher–Yates shuffle of the dice over the grid's
//! positions, then one random face per die, drawn from a ChaCha8 generator seeded with
//! the given number. The algorithm (including how a number below `n` is drawn) is
//! fixed here, so a seed gives the same board on every platform and version.
//!
//! ```
//! use polyboggle_dice::DiceSet;
//!
//! let set = DiceSet::builtin("english-new-4x4")?;
//! let board = set.roll(42, None)?;
//! assert_eq!(board, set.roll(42, None)?);
//! assert!(set.check(&board).is_ok());
//! # Ok::<(), polyboggle_dice::DiceError>(())
//! ```

use std::collections::HashMap;
use std::fmt::Write as _;

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use unicode_segmentation::UnicodeSegmentation;

use polyboggle::board::{counted, Board, Face, MAX_CELLS};
use polyboggle::files;
use polyboggle::normalize::Profile;
use polyboggle::random;

pub mod design;
pub mod stats;
pub mod unreachable;

/// The dice sets shipped in `dice-sets/` (`data/dice-sets` in this crate is a link to
/// it, so the published package holds them), embedded so they work without the folder.
const BUILTIN: &[&str] = &[
    include_str!("../data/dice-sets/dutch-4x4.txt"),
    include_str!("../data/dice-sets/dutch-designed-4x4.txt"),
    include_str!("../data/dice-sets/english-big-2012-5x5.txt"),
    include_str!("../data/dice-sets/english-big-challenge-5x5.txt"),
    include_str!("../data/dice-sets/english-big-deluxe-5x5.txt"),
    include_str!("../data/dice-sets/english-big-designed-5x5.txt"),
    include_str!("../data/dice-sets/english-big-original-5x5.txt"),
    include_str!("../data/dice-sets/english-big-original-variant-dhhlor-5x5.txt"),
    include_str!("../data/dice-sets/english-big-variant-owned-5x5-unverified.txt"),
    include_str!("../data/dice-sets/english-classic-4x4.txt"),
    include_str!("../data/dice-sets/english-designed-4x4.txt"),
    include_str!("../data/dice-sets/english-new-4x4.txt"),
    include_str!("../data/dice-sets/english-superbig-6x6.txt"),
    include_str!("../data/dice-sets/finnish-boggler-4x4-unverified.txt"),
    include_str!("../data/dice-sets/french-4x4.txt"),
    include_str!("../data/dice-sets/french-big-5x5.txt"),
    include_str!("../data/dice-sets/french-big-designed-5x5.txt"),
    include_str!("../data/dice-sets/french-course-5x5-unverified.txt"),
    include_str!("../data/dice-sets/french-designed-4x4.txt"),
    include_str!("../data/dice-sets/german-4x4.txt"),
    include_str!("../data/dice-sets/german-designed-4x4.txt"),
    include_str!("../data/dice-sets/german-fanmade-multiletter-4x4.txt"),
    include_str!("../data/dice-sets/greek-designed-4x4.txt"),
    include_str!("../data/dice-sets/hindi-designed-4x4.txt"),
    include_str!("../data/dice-sets/italian-designed-4x4.txt"),
    include_str!("../data/dice-sets/italian-paroliere-4x4.txt"),
    include_str!("../data/dice-sets/italian-variant-buzzword-4x4-unverified.txt"),
    include_str!("../data/dice-sets/polish-4x4.txt"),
    include_str!("../data/dice-sets/polish-designed-4x4.txt"),
    include_str!("../data/dice-sets/portuguese-designed-4x4.txt"),
    include_str!("../data/dice-sets/russian-designed-4x4.txt"),
    include_str!("../data/dice-sets/spanish-big-designed-5x5.txt"),
    include_str!("../data/dice-sets/spanish-botggle-4x4-unverified.txt"),
    include_str!("../data/dice-sets/spanish-designed-4x4.txt"),
    include_str!("../data/dice-sets/spanish-fanmade-boggleparty-4x4.txt"),
    include_str!("../data/dice-sets/spanish-fanmade-boggleparty-5x5.txt"),
    include_str!("../data/dice-sets/spanish-fanmade-boggleparty-6x6.txt"),
    include_str!("../data/dice-sets/turkish-designed-4x4.txt"),
];

/// What is wrong with a dice set, a size or a check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// Not a built-in name nor a readable file.
    #[error("unknown dice set '{0}' (see `polyboggle roll --list`, or give a dice file)")]
    Unknown(String),
    /// A file could not be read.
    #[error("{origin}: {message}")]
    Io {
        /// The file.
        origin: String,
        /// What happened.
        message: String,
    },
    /// A line of a dice file is wrong.
    #[error("{origin}, line {line}: {message}")]
    Syntax {
        /// The file.
        origin: String,
        /// The line (from 1).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A grid size that is malformed or needs more dice than the set has.
    #[error("{0}")]
    Size(String),
}

/// A set of dice and the grid they fill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceSet {
    /// The set's name.
    pub name: String,
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// How far the transcription can be trusted (`published`, `fan-made`, `unverified`...).
    pub confidence: String,
    /// Where the faces come from.
    pub source: String,
    /// Anything else worth knowing.
    pub note: String,
    /// The dice, each a list of faces as written (`#` for a blank).
    pub dice: Vec<Vec<String>>,
}

/// Why a board cannot be rolled with a set: the cells no die could be matched to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uncovered {
    /// (row, col, face, reason) of each cell left without a die.
    pub cells: Vec<(usize, usize, String, &'static str)>,
}

impl DiceSet {
    /// What a list of sets says of each, as JSON fields: `rows`, `cols`,
    /// `confidence` and `source` (`roll --list` and `GET /api/dice` add the name).
    pub fn summary_json(&self) -> serde_json::Map<String, serde_json::Value> {
        let value = serde_json::json!({
            "rows": self.rows, "cols": self.cols,
            "confidence": self.confidence, "source": self.source,
        });
        json_fields(value)
    }

    /// A roll as JSON fields: the set's name (`set`), the `seed`, the board's `rows`,
    /// `cols` and faces (`board`, a list a row), and the set's `dice`, as `roll
    /// --format json` and `POST /api/roll` answer it.
    ///
    /// ```
    /// use polyboggle_dice::DiceSet;
    ///
    /// let set = DiceSet::builtin("english-new-4x4")?;
    /// let board = set.roll(7, None)?;
    /// let json = set.roll_json(7, &board);
    /// assert_eq!(json["seed"], 7);
    /// assert_eq!(json["board"][0].as_array().unwrap().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn roll_json(
        &self,
        seed: u64,
        board: &Board,
    ) -> serde_json::Map<String, serde_json::Value> {
        let value = serde_json::json!({
            "set": self.name, "seed": seed, "rows": board.rows(), "cols": board.cols(),
            "board": board.face_rows(), "dice": self.dice,
        });
        json_fields(value)
    }

    /// The names of the built-in sets.
    pub fn builtin_names() -> Vec<String> {
        BUILTIN
            .iter()
            .map(|text| {
                DiceSet::parse(text, "built-in")
                    .expect("built-in sets parse")
                    .name
            })
            .collect()
    }

    /// A built-in set by name.
    pub fn builtin(name: &str) -> Result<DiceSet, DiceError> {
        BUILTIN
            .iter()
            .map(|text| DiceSet::parse(text, "built-in").expect("built-in sets parse"))
            .find(|set| set.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| DiceError::Unknown(name.into()))
    }

    /// A dice file's path, or else a built-in name: an existing file is preferred to
    /// a built-in set of the same name.
    pub fn load(name: &str) -> Result<DiceSet, DiceError> {
        let path = std::path::Path::new(name);
        // A file or a pipe (`--dice <(...)`) is read; a folder does not hide a built-in.
        if path.is_dir() || !path.exists() {
            return DiceSet::builtin(name).map_err(|e| match (e, files::not_a_file(name)) {
                (DiceError::Unknown(_), Some(why)) => DiceError::Io {
                    origin: name.into(),
                    message: why.fault.to_string(),
                },
                (e, _) => e,
            });
        }
        let text = files::read_text(path).map_err(|e| DiceError::Io {
            origin: name.into(),
            message: e.fault.to_string(),
        })?;
        DiceSet::parse(polyboggle::normalize::skip_byte_order_mark(&text), name)
    }

    /// Parses a dice file (see the module documentation); `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<DiceSet, DiceError> {
        let syntax = |line: usize, message: String| DiceError::Syntax {
            origin: origin.into(),
            line,
            message,
        };
        let mut fields: HashMap<String, String> = HashMap::new();
        let mut dice: Vec<Vec<String>> = Vec::new();
        let mut grid_line = 0;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim_end_matches('\r');
            if line.trim().is_empty() {
                continue;
            }
            if let Some((key, value)) = header_field(line) {
                // The shared transcriptions put the grid at the end of the source line.
                if let Some((source, grid)) = value.rsplit_once("; grid:") {
                    fields.insert("grid".into(), grid.trim().into());
                    fields.insert(key.clone(), source.trim().into());
                    grid_line = i + 1;
                } else {
                    if key == "grid" {
                        grid_line = i + 1;
                    }
                    fields.insert(key, value.trim().into());
                }
                continue;
            }
            if line != line.trim() {
                return Err(syntax(
                    i + 1,
                    "a die line must not start or end with spaces".into(),
                ));
            }
            let faces: Vec<String> = line.split(' ').map(str::to_string).collect();
            let separator = |c: char| c == '/' || c == ',' || c.is_whitespace();
            if let Some(face) = faces.iter().find(|f| f.contains(separator)) {
                return Err(syntax(
                    i + 1,
                    format!(
                        "face '{face}' contains `/`, `,` or a space other than the one between \
                         faces, which no board can show"
                    ),
                ));
            }
            if faces.iter().any(String::is_empty) {
                return Err(syntax(
                    i + 1,
                    "empty face (separate faces with single spaces; write a blank face as #)"
                        .into(),
                ));
            }
            if let Some(first) = dice.first() {
                if faces.len() != first.len() {
                    return Err(syntax(
                        i + 1,
                        format!(
                            "ragged die: {}, but the first die has {}",
                            counted(faces.len(), "face", "faces"),
                            first.len()
                        ),
                    ));
                }
            }
            dice.push(faces);
        }
        let name = fields
            .get("name")
            .cloned()
            .or_else(|| file_stem(origin))
            .ok_or_else(|| syntax(1, "missing '# name: ...' line".into()))?;
        let grid = fields
            .get("grid")
            .ok_or_else(|| syntax(1, "missing '# grid: RxC' line".into()))?;
        let (rows, cols) = parse_size(grid).map_err(|e| syntax(grid_line, e.to_string()))?;
        if rows.saturating_mul(cols) > MAX_CELLS {
            return Err(syntax(
                grid_line,
                format!("grid {rows}x{cols}: a board holds at most {MAX_CELLS} cells"),
            ));
        }
        if dice.is_empty() {
            return Err(syntax(text.lines().count().max(1), "no dice".into()));
        }
        if Some(dice.len()) != rows.checked_mul(cols) {
            return Err(syntax(
                grid_line,
                format!(
                    "grid {rows}x{cols} needs {} {}, the file has {}",
                    rows as u128 * cols as u128,
                    if (rows, cols) == (1, 1) {
                        "die"
                    } else {
                        "dice"
                    },
                    dice.len()
                ),
            ));
        }
        Ok(DiceSet {
            name,
            rows,
            cols,
            confidence: fields.get("confidence").cloned().unwrap_or_default(),
            source: fields.get("source").cloned().unwrap_or_default(),
            note: fields.get("note").cloned().unwrap_or_default(),
            dice,
        })
    }

    /// Rolls `n` boards of the set's own size, board `i` with seed `seed + i` (the
    /// boards `polyboggle bench` scores).
    ///
    /// ```
    /// use polyboggle_dice::DiceSet;
    /// let set = DiceSet::builtin("english-new-4x4")?;
    /// let boards = set.roll_boards(3, 7);
    /// assert_eq!(boards[0], set.roll(7, None)?);
    /// assert_eq!(boards.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn roll_boards(&self, n: usize, seed: u64) -> Vec<Board> {
        (0..n as u64)
            .map(|i| {
                self.roll(seed.wrapping_add(i), None)
                    .expect("a set rolls its own size")
            })
            .collect()
    }

    /// Rolls a board: shuffles the dice over the grid and turns up one face each.
    /// `size` (rows, cols) may ask for a smaller grid than the set's own.
    pub fn roll(&self, seed: u64, size: Option<(usize, usize)>) -> Result<Board, DiceError> {
        let (rows, cols) = self.grid(size)?;
        let mut shown = Vec::new();
        self.shake(seed, rows * cols, &mut shown);
        let faces = shown
            .iter()
            .map(|&(die, face)| Face::new(&self.dice[die][face]))
            .collect();
        Board::new(rows, cols, faces).map_err(|e| DiceError::Size(e.to_string()))
    }

    /// The grid a roll fills: `size`, or the set's own; an error when the set has
    /// too few dice for it.
    pub fn grid(&self, size: Option<(usize, usize)>) -> Result<(usize, usize), DiceError> {
        let (rows, cols) = size.unwrap_or((self.rows, self.cols));
        let cells = rows.saturating_mul(cols);
        if rows == 0 || cols == 0 || cells > self.dice.len() {
            return Err(DiceError::Size(format!(
                "--size {rows}x{cols} needs {}; {} has {}",
                counted(cells, "die", "dice"),
                self.name,
                self.dice.len()
            )));
        }
        Ok((rows, cols))
    }

    /// What [`roll`](DiceSet::roll) turns up for `seed` on a grid of `cells` cells
    /// (at most the number of dice): (die, face) of each cell, row by row, in `shown`.
    ///
    /// ```
    /// use polyboggle_dice::DiceSet;
    ///
    /// let set = DiceSet::builtin("english-new-4x4")?;
    /// let mut shown = Vec::new();
    /// set.shake(42, 16, &mut shown);
    /// let board = set.roll(42, None)?;
    /// let (die, face) = shown[0];
    /// assert_eq!(board.faces()[0].text(), set.dice[die][face]);
    /// # Ok::<(), polyboggle_dice::DiceError>(())
    /// ```
    pub fn shake(&self, seed: u64, cells: usize, shown: &mut Vec<(usize, usize)>) {
        assert!(cells <= self.dice.len(), "one die a cell");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        shown.clear();
        shown.extend((0..self.dice.len()).map(|die| (die, 0)));
        for i in 0..shown.len() {
            let j = i + random::below(&mut rng, shown.len() - i);
            shown.swap(i, j);
        }
        shown.truncate(cells);
        for (die, face) in shown.iter_mut() {
            *face = random::below(&mut rng, self.dice[*die].len());
        }
    }

    /// Can `board` be rolled with these dice? Matches cells to distinct dice
    /// (a bipartite matching); faces compare by their keys, and a bare `Q` matches
    /// `Qu`.
    pub fn check(&self, board: &Board) -> Result<(), Uncovered> {
        let profile = Profile::default();
        let key = |text: &str| match profile.key(text).as_str() {
            "q" => "qu".to_string(),
            "_" => "#".to_string(),
            k => k.to_string(),
        };
        let dice: Vec<Vec<String>> = self
            .dice
            .iter()
            .map(|die| die.iter().map(|f| key(f)).collect())
            .collect();
        let cells: Vec<String> = board.faces().iter().map(|f| key(f.text())).collect();
        let fits: Vec<Vec<usize>> = cells
            .iter()
            .map(|cell| {
                (0..dice.len())
                    .filter(|&d| dice[d].contains(cell))
                    .collect()
            })
            .collect();
        let mut die_cell: Vec<Option<usize>> = vec![None; dice.len()];
        let mut uncovered = Vec::new();
        for cell in 0..cells.len() {
            let mut seen = vec![false; dice.len()];
            if !augment(cell, &fits, &mut die_cell, &mut seen) {
                let reason = if fits[cell].is_empty() {
                    "no die shows this face"
                } else {
                    "too few dice show this face"
                };
                let face = board.faces()[cell].text().to_string();
                uncovered.push((cell / board.cols(), cell % board.cols(), face, reason));
            }
        }
        if uncovered.is_empty() {
            Ok(())
        } else {
            Err(Uncovered { cells: uncovered })
        }
    }

    /// The set in its file format.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# name: {}", self.field_text(&self.name));
        let _ = writeln!(out, "# grid: {}x{}", self.rows, self.cols);
        for (key, value) in [
            ("confidence", &self.confidence),
            ("source", &self.source),
            ("note", &self.note),
        ] {
            if !value.is_empty() {
                let _ = writeln!(out, "# {key}: {}", self.field_text(value));
            }
        }
        for die in &self.dice {
            let _ = writeln!(out, "{}", die.join(" "));
        }
        out
    }

    /// A header value as written: one that itself holds `; grid:` gets the grid
    /// appended, since the reader takes the last `; grid:` of a line as the grid.
    fn field_text(&self, value: &str) -> String {
        if value.contains("; grid:") {
            format!("{value}; grid: {}x{}", self.rows, self.cols)
        } else {
            value.to_string()
        }
    }

    /// Designs a set for a language from its word list: counts the keys' graphemes
    /// (each of `units` counting as one face where it occurs, longest first), gives
    /// each face a share of the `dice × faces` slots proportional to its frequency
    /// (largest remainders; every face seen at least 0.5 slots' worth gets one), and
    /// deals the slots round-robin, most frequent first, so a face's copies land on
    /// different dice and every die mixes common and rare faces.
    pub fn derive<'w>(
        name: &str,
        words: impl IntoIterator<Item = &'w str>,
        profile: &Profile,
        units: &[String],
        dice: usize,
        faces: usize,
    ) -> Result<DiceSet, DiceError> {
        let side = (dice as f64).sqrt() as usize;
        if dice == 0 || faces == 0 || side * side != dice {
            return Err(DiceError::Size(format!(
                "--dice {dice} must be a square (16, 25, 36) and --faces at least 1"
            )));
        }
        if !is_one_line(name) {
            return Err(DiceError::Size(format!(
                "set name {name:?}: a set's name is one line of text"
            )));
        }
        if dice > MAX_CELLS {
            return Err(DiceError::Size(format!(
                "--dice {dice}: a board holds at most {MAX_CELLS} cells"
            )));
        }
        let counts = count_units(words, profile, units);
        let total: u64 = counts.values().sum();
        if total == 0 {
            return Err(DiceError::Size("the word list has no usable words".into()));
        }
        let slots = dice * faces;
        let mut shares: Vec<(String, usize, f64)> = counts
            .into_iter()
            .map(|(face, n)| {
                let exact = n as f64 * slots as f64 / total as f64;
                (face, exact.floor() as usize, exact - exact.floor())
            })
            .collect();
        // Largest remainders take the slots the floors left free.
        shares.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)));
        let given: usize = shares.iter().map(|s| s.1).sum();
        for share in shares.iter_mut().take(slots - given) {
            share.1 += 1;
        }
        shares.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut set: Vec<Vec<String>> = vec![Vec::with_capacity(faces); dice];
        // Multi-letter faces read like "Qu", "Ch" on real dice.
        let display = |face: &str| {
            let mut graphemes = face.graphemes(true);
            let first = graphemes.next().unwrap_or_default();
            format!("{}{}", profile.display(first), graphemes.as_str())
        };
        let mut slot = 0;
        for (face, n, _) in &shares {
            for _ in 0..*n {
                set[slot % dice].push(display(face));
                slot += 1;
            }
        }
        Ok(DiceSet {
            name: name.into(),
            rows: side,
            cols: side,
            confidence: "derived".into(),
            source: "polyboggle dice derive (letter frequencies of a word list)".into(),
            note: String::new(),
            dice: set,
        })
    }
}

/// How often each face occurs in `words`' keys: each of `units` (keyed with
/// `profile`; `CH`, `LL`, `Qu`) counts as one face where it occurs, longest first,
/// every other grapheme as a face of its own. Words the dictionary would refuse are
/// skipped.
///
/// ```
/// use polyboggle_dice::count_units;
/// use polyboggle::Profile;
///
/// let counts = count_units(["chica", "loca"], &Profile::default(), &["CH".into()]);
/// assert_eq!((counts["ch"], counts["c"], counts["a"]), (1, 2, 2));
/// ```
pub fn count_units<'w>(
    words: impl IntoIterator<Item = &'w str>,
    profile: &Profile,
    units: &[String],
) -> HashMap<String, u64> {
    let mut tally = Tally::new(profile, units);
    for word in words {
        let key = profile.key(word);
        if polyboggle::normalize::word_len(&key).is_ok() {
            tally.add(&key);
        }
    }
    tally.counts()
}

/// [`count_units`] over a dictionary's words, which are keys already: nothing is
/// normalized again.
pub(crate) fn count_lexicon_units(
    lexicon: &polyboggle::lexicon::Lexicon,
    units: &[String],
) -> HashMap<String, u64> {
    let mut tally = Tally::new(lexicon.profile(), units);
    for word in lexicon.words() {
        tally.add(&word);
    }
    tally.counts()
}

/// Face counts of keys, as [`count_units`] counts them.
struct Tally {
    /// The units, keyed, longest first.
    units: Vec<String>,
    /// ASCII letters are counted in an array, the others in the map: no string is
    /// made for a letter already counted.
    ascii: [u64; 128],
    counts: HashMap<String, u64>,
}

impl Tally {
    fn new(profile: &Profile, units: &[String]) -> Tally {
        let mut units: Vec<String> = units
            .iter()
            .map(|u| profile.key(u))
            .filter(|u| !u.is_empty())
            .collect();
        units.sort_by_key(|u| std::cmp::Reverse(u.len()));
        Tally {
            units,
            ascii: [0; 128],
            counts: HashMap::new(),
        }
    }

    /// Counts the faces of one key.
    fn add(&mut self, key: &str) {
        let mut rest = key;
        while let Some(&first) = rest.as_bytes().first() {
            let unit = match self.units.iter().find(|u| rest.starts_with(u.as_str())) {
                Some(unit) => unit.as_str(),
                // An ASCII letter followed by another (or nothing) is a grapheme.
                None if first.is_ascii_alphabetic()
                    && rest
                        .as_bytes()
                        .get(1)
                        .is_none_or(|b| b.is_ascii_alphabetic()) =>
                {
                    self.ascii[first as usize] += 1;
                    rest = &rest[1..];
                    continue;
                }
                None => rest.graphemes(true).next().expect("non-empty"),
            };
            match self.counts.get_mut(unit) {
                Some(n) => *n += 1,
                None => {
                    self.counts.insert(unit.to_string(), 1);
                }
            }
            rest = &rest[unit.len()..];
        }
    }

    fn counts(mut self) -> HashMap<String, u64> {
        for (byte, &n) in self.ascii.iter().enumerate() {
            if n > 0 {
                *self
                    .counts
                    .entry((byte as u8 as char).to_string())
                    .or_default() += n;
            }
        }
        self.counts
    }
}

/// Kuhn's augmenting path: tries to give `cell` a die, moving others if needed.
fn augment(
    cell: usize,
    fits: &[Vec<usize>],
    die_cell: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &die in &fits[cell] {
        if seen[die] {
            continue;
        }
        seen[die] = true;
        if die_cell[die].is_none_or(|other| augment(other, fits, die_cell, seen)) {
            die_cell[die] = Some(cell);
            return true;
        }
    }
    false
}

/// The fields of a JSON object built with `json!({...})`.
fn json_fields(value: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    match value {
        serde_json::Value::Object(fields) => fields,
        _ => unreachable!("json! of braces is an object"),
    }
}

/// `# key: value` (keys are lower-case words); a die line never has that shape.
fn header_field(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix('#')?.trim_start();
    let (key, value) = rest.split_once(':')?;
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .then(|| (key.to_string(), value.to_string()))
}

fn file_stem(origin: &str) -> Option<String> {
    std::path::Path::new(origin)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| s != "built-in")
}

/// Can `name` name a set? It is written on one line of the set's file, so it must not
/// be blank or hold a line break (or any other control character).
///
/// ```
/// use polyboggle_dice::is_one_line;
/// assert!(is_one_line("Español 5×5"));
/// assert!(!is_one_line("two\nlines"));
/// assert!(!is_one_line("  "));
/// ```
pub fn is_one_line(name: &str) -> bool {
    !name.trim().is_empty() && !name.chars().any(char::is_control)
}

/// Parses a grid size `RxC` (or a single `N` for N×N).
pub fn parse_size(text: &str) -> Result<(usize, usize), DiceError> {
    let bad = || DiceError::Size(format!("bad grid size '{text}' (expected RxC, like 4x4)"));
    let text = text.trim();
    let (r, c) = match text.split_once(['x', 'X', '×']) {
        Some((r, c)) => (r, c),
        None => (text, text),
    };
    let rows: usize = r.trim().parse().map_err(|_| bad())?;
    let cols: usize = c.trim().parse().map_err(|_| bad())?;
    if rows == 0 || cols == 0 {
        return Err(DiceError::Size(format!(
            "bad grid size '{text}': rows and columns start at 1"
        )));
    }
    Ok((rows, cols))
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboggle::defaults;

    #[test]
    fn every_file_in_the_folder_is_built_in() {
        let names = DiceSet::builtin_names();
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/data/dice-sets");
        let mut files = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                files += 1;
                let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
                assert!(names.contains(&stem), "{stem} is not in BUILTIN");
            }
        }
        assert_eq!(files, names.len());
        assert!(names.len() >= 23);
    }

    #[test]
    fn faces_no_board_can_show_are_refused() {
        for (die, face) in [("A B/C", "B/C"), ("A,B C", "A,B"), ("A\tB C", "A\tB")] {
            let text = format!("# name: t\n# grid: 1x1\n{die}\n");
            let err = DiceSet::parse(&text, "t.txt").unwrap_err().to_string();
            assert!(err.starts_with("t.txt, line 3: face '"), "{err}");
            assert!(err.contains(face), "{err}");
        }
    }

    #[test]
    fn huge_grids_are_refused_not_overflowed() {
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let err = set
            .roll(1, Some((1 << 33, 1 << 33)))
            .unwrap_err()
            .to_string();
        assert!(err.contains("english-new-4x4 has 16"), "{err}");
        let text = "# name: t\n# grid: 99999999999x99999999999\nA\n";
        assert!(DiceSet::parse(text, "t").is_err());
    }

    #[test]
    fn a_header_value_holding_the_grid_marker_writes_back() {
        let text = "# name: t\n# grid: 1x1\n# source: a; grid: b; grid: 1x1\nA B\n";
        let set = DiceSet::parse(text, "t").unwrap();
        assert_eq!((set.source.as_str(), set.rows), ("a; grid: b", 1));
        assert_eq!(DiceSet::parse(&set.to_text(), "t").unwrap(), set);
        for set in DiceSet::builtin_names() {
            let set = DiceSet::builtin(&set).unwrap();
            assert_eq!(DiceSet::parse(&set.to_text(), "built-in").unwrap(), set);
        }
    }

    #[test]
    fn rolls_are_reproducible_and_checkable() {
        for name in DiceSet::builtin_names() {
            let set = DiceSet::builtin(&name).unwrap();
            for seed in 0..20 {
                let board = set.roll(seed, None).unwrap();
                assert_eq!(board, set.roll(seed, None).unwrap());
                assert_eq!(set.check(&board), Ok(()), "{name} seed {seed}");
            }
        }
    }

    #[test]
    fn pinned_roll() {
        // If this changes, every seed users saved changes: never update it lightly.
        let board = DiceSet::builtin("english-new-4x4")
            .unwrap()
            .roll(1, None)
            .unwrap();
        let text: Vec<&str> = board.faces().iter().map(Face::text).collect();
        assert_eq!(text.join(" "), PINNED_SEED_1);
    }
    const PINNED_SEED_1: &str = "B X E S U N C A E N T H T T I S";

    #[test]
    fn check_names_uncovered_cells() {
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let board: Board = "ZZZZ/AAAA/AAAA/AAAA".parse().unwrap();
        let err = set.check(&board).unwrap_err();
        assert!(err
            .cells
            .iter()
            .any(|c| c.3 == "too few dice show this face"));
        let board: Board = "Ñ A/B C".parse().unwrap();
        let err = set.check(&board).unwrap_err();
        assert_eq!(err.cells, [(0, 0, "Ñ".into(), "no die shows this face")]);
    }

    #[test]
    fn bad_files_say_where() {
        let ragged = "# name: x\n# grid: 1x2\nA B C\nD E\n";
        assert_eq!(
            DiceSet::parse(ragged, "x.txt").unwrap_err().to_string(),
            "x.txt, line 4: ragged die: 2 faces, but the first die has 3"
        );
        let empty = "# name: x\n# grid: 1x1\nA  B\n";
        assert!(DiceSet::parse(empty, "x.txt")
            .unwrap_err()
            .to_string()
            .contains("line 3: empty face"));
        let count = "# name: x\n# grid: 2x2\nA B\n";
        assert!(DiceSet::parse(count, "x.txt")
            .unwrap_err()
            .to_string()
            .contains("needs 4 dice"));
        assert_eq!(
            DiceSet::load("no-such-set"),
            Err(DiceError::Unknown("no-such-set".into()))
        );
    }

    #[test]
    fn shared_format_reads_too() {
        let text = "# source: somewhere; grid: 1x2\n# note: hi\nA B\nC D\n";
        let set = DiceSet::parse(text, "dir/pair.txt").unwrap();
        assert_eq!((set.name.as_str(), set.rows, set.cols), ("pair", 1, 2));
        assert_eq!(set.source, "somewhere");
    }

    #[test]
    fn derive_follows_frequencies() {
        let words = ["chacha", "llama", "calle", "casa", "chico", "lleno"];
        let units = ["CH".to_string(), "LL".to_string()];
        let set = DiceSet::derive("es", words, &Profile::default(), &units, 4, 6).unwrap();
        assert_eq!(set.dice.len(), 4);
        assert!(set.dice.iter().all(|d| d.len() == 6));
        let all: Vec<&String> = set.dice.iter().flatten().collect();
        assert!(all.iter().any(|f| f.as_str() == "Ch"));
        assert!(all.iter().any(|f| f.as_str() == "Ll"));
        assert!(all.iter().filter(|f| f.as_str() == "A").count() >= 4);
        let reparsed = DiceSet::parse(&set.to_text(), "es.txt").unwrap();
        assert_eq!(reparsed, set);
    }

    #[test]
    fn sets_larger_than_a_board_are_refused_not_rolled() {
        let words = ["alpha", "beta", "gamma"];
        let units: [String; 0] = [];
        let big = DiceSet::derive("big", words, &Profile::default(), &units, 1089, 2);
        assert_eq!(
            big.unwrap_err().to_string(),
            "--dice 1089: a board holds at most 1024 cells"
        );
        let ok = DiceSet::derive("ok", words, &Profile::default(), &units, 1024, 2).unwrap();
        assert!(ok.roll(1, None).is_ok());
        // A file written by hand (or by an older version) with a grid too large.
        let mut text = ok.to_text().replace("grid: 32x32", "grid: 33x33");
        for _ in 0..65 {
            text.push_str("A B\n");
        }
        let err = DiceSet::parse(&text, "big.txt").unwrap_err().to_string();
        assert!(
            err.contains("grid 33x33: a board holds at most 1024 cells"),
            "{err}"
        );
        let named = DiceSet::derive("a\nb", words, &Profile::default(), &units, 4, 2);
        assert!(named.unwrap_err().to_string().contains("one line"));
        assert!(parse_size("0x0")
            .unwrap_err()
            .to_string()
            .contains("start at 1"));
    }

    #[test]
    fn every_named_set_is_built_in_and_fits() {
        for lang in ["en", "it", "fr", "de", "nl", "pl", "es", "fi"] {
            let set = DiceSet::builtin(defaults::dice_for_language(lang).unwrap()).unwrap();
            assert_eq!((set.rows, set.cols), (4, 4), "{lang}");
        }
        assert_eq!(defaults::dice_for_language("xx"), None);
        for (rows, cols) in [(4, 4), (5, 5)] {
            let set = DiceSet::builtin(defaults::dice_for_size(rows, cols).unwrap()).unwrap();
            assert_eq!((set.rows, set.cols), (rows, cols));
        }
        assert_eq!(defaults::dice_for_size(6, 6), None);
    }

    /// The core crate's tests roll English boards from a file (it cannot depend on
    /// this crate): the file must hold exactly the boards these dice roll.
    #[test]
    fn the_core_crates_rolled_boards_are_these_dice_rolls() {
        let file = include_str!("../../core/tests/data/english-new-4x4-rolls.txt");
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let lines: Vec<&str> = file.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(lines.len(), 2016);
        for (seed, line) in lines.iter().enumerate() {
            let board: Board = line.parse().unwrap();
            assert_eq!(board, set.roll(seed as u64, None).unwrap(), "seed {seed}");
        }
    }
}
