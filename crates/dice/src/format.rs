//! The dice-set file format (see the crate documentation): reading a file, a
//! built-in set or a grid size, and writing a set back. The built-in sets are the
//! files of `dice-sets/`, embedded.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::error::DiceError;
use crate::set::DiceSet;
use polyboggle::board::{counted, MAX_CELLS};
use polyboggle::files;

/// The dice sets shipped in `dice-sets/` (`data/dice-sets` in this crate is a link to
/// it, so the published package holds them), embedded so they work without the folder.
const BUILTIN: &[&str] = &[
    include_str!("../data/dice-sets/afrikaans-designed-4x4.txt"),
    include_str!("../data/dice-sets/albanian-designed-4x4.txt"),
    include_str!("../data/dice-sets/arabic-designed-4x4.txt"),
    include_str!("../data/dice-sets/armenian-designed-4x4.txt"),
    include_str!("../data/dice-sets/basque-designed-4x4.txt"),
    include_str!("../data/dice-sets/belarusian-designed-4x4.txt"),
    include_str!("../data/dice-sets/bengali-designed-4x4.txt"),
    include_str!("../data/dice-sets/bosnian-designed-4x4.txt"),
    include_str!("../data/dice-sets/breton-designed-4x4.txt"),
    include_str!("../data/dice-sets/bulgarian-designed-4x4.txt"),
    include_str!("../data/dice-sets/catalan-designed-4x4.txt"),
    include_str!("../data/dice-sets/croatian-designed-4x4.txt"),
    include_str!("../data/dice-sets/czech-designed-4x4.txt"),
    include_str!("../data/dice-sets/danish-designed-4x4.txt"),
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
    include_str!("../data/dice-sets/esperanto-designed-4x4.txt"),
    include_str!("../data/dice-sets/estonian-designed-4x4.txt"),
    include_str!("../data/dice-sets/faroese-designed-4x4.txt"),
    include_str!("../data/dice-sets/finnish-boggler-4x4-unverified.txt"),
    include_str!("../data/dice-sets/french-4x4.txt"),
    include_str!("../data/dice-sets/french-big-5x5.txt"),
    include_str!("../data/dice-sets/french-big-designed-5x5.txt"),
    include_str!("../data/dice-sets/french-course-5x5-unverified.txt"),
    include_str!("../data/dice-sets/french-designed-4x4.txt"),
    include_str!("../data/dice-sets/gaelic-designed-4x4.txt"),
    include_str!("../data/dice-sets/galician-designed-4x4.txt"),
    include_str!("../data/dice-sets/georgian-designed-4x4.txt"),
    include_str!("../data/dice-sets/german-4x4.txt"),
    include_str!("../data/dice-sets/german-designed-4x4.txt"),
    include_str!("../data/dice-sets/german-fanmade-multiletter-4x4.txt"),
    include_str!("../data/dice-sets/greek-designed-4x4.txt"),
    include_str!("../data/dice-sets/gujarati-designed-4x4.txt"),
    include_str!("../data/dice-sets/hebrew-designed-4x4.txt"),
    include_str!("../data/dice-sets/hindi-designed-4x4.txt"),
    include_str!("../data/dice-sets/hungarian-designed-4x4.txt"),
    include_str!("../data/dice-sets/icelandic-designed-4x4.txt"),
    include_str!("../data/dice-sets/indonesian-designed-4x4.txt"),
    include_str!("../data/dice-sets/irish-designed-4x4.txt"),
    include_str!("../data/dice-sets/italian-designed-4x4.txt"),
    include_str!("../data/dice-sets/italian-paroliere-4x4.txt"),
    include_str!("../data/dice-sets/italian-variant-buzzword-4x4-unverified.txt"),
    include_str!("../data/dice-sets/kazakh-designed-4x4.txt"),
    include_str!("../data/dice-sets/korean-designed-4x4.txt"),
    include_str!("../data/dice-sets/latvian-designed-4x4.txt"),
    include_str!("../data/dice-sets/lithuanian-designed-4x4.txt"),
    include_str!("../data/dice-sets/macedonian-designed-4x4.txt"),
    include_str!("../data/dice-sets/malayalam-designed-4x4.txt"),
    include_str!("../data/dice-sets/manx-designed-4x4.txt"),
    include_str!("../data/dice-sets/marathi-designed-4x4.txt"),
    include_str!("../data/dice-sets/mongolian-designed-4x4.txt"),
    include_str!("../data/dice-sets/nepali-designed-4x4.txt"),
    include_str!("../data/dice-sets/norwegian-designed-4x4.txt"),
    include_str!("../data/dice-sets/occitan-designed-4x4.txt"),
    include_str!("../data/dice-sets/persian-designed-4x4.txt"),
    include_str!("../data/dice-sets/polish-4x4.txt"),
    include_str!("../data/dice-sets/polish-designed-4x4.txt"),
    include_str!("../data/dice-sets/portuguese-designed-4x4.txt"),
    include_str!("../data/dice-sets/romanian-designed-4x4.txt"),
    include_str!("../data/dice-sets/russian-designed-4x4.txt"),
    include_str!("../data/dice-sets/serbian-designed-4x4.txt"),
    include_str!("../data/dice-sets/sinhala-designed-4x4.txt"),
    include_str!("../data/dice-sets/slovak-designed-4x4.txt"),
    include_str!("../data/dice-sets/slovenian-designed-4x4.txt"),
    include_str!("../data/dice-sets/spanish-big-designed-5x5.txt"),
    include_str!("../data/dice-sets/spanish-botggle-4x4-unverified.txt"),
    include_str!("../data/dice-sets/spanish-designed-4x4.txt"),
    include_str!("../data/dice-sets/spanish-fanmade-boggleparty-4x4.txt"),
    include_str!("../data/dice-sets/spanish-fanmade-boggleparty-5x5.txt"),
    include_str!("../data/dice-sets/spanish-fanmade-boggleparty-6x6.txt"),
    include_str!("../data/dice-sets/swahili-designed-4x4.txt"),
    include_str!("../data/dice-sets/swedish-designed-4x4.txt"),
    include_str!("../data/dice-sets/tagalog-designed-4x4.txt"),
    include_str!("../data/dice-sets/tamil-designed-4x4.txt"),
    include_str!("../data/dice-sets/telugu-designed-4x4.txt"),
    include_str!("../data/dice-sets/thai-designed-4x4.txt"),
    include_str!("../data/dice-sets/turkish-designed-4x4.txt"),
    include_str!("../data/dice-sets/ukrainian-designed-4x4.txt"),
    include_str!("../data/dice-sets/uzbek-designed-4x4.txt"),
    include_str!("../data/dice-sets/welsh-designed-4x4.txt"),
];

impl DiceSet {
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
}
