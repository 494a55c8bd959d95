//! Reading a crossword from ipuz (<http://ipuz.org>): the fields
//! `Crossword::to_ipuz` writes, and the usual forms others write: `puzzle` cells as
//! numbers, the block (`"#"`), `null` (no square), the empty value (`0`), strings of
//! digits, or `{"cell": ..., "style": ...}`; `solution` letters (or `{"value": ...}`);
//! `clues` `Across` and `Down` (also `Across:Title`) as `[number, clue]` or `{"number",
//! "clue"}`. An error is one line saying where: the JSON's line and column, or the field.

use polyboggle_crossword::fill::{Pattern, Square};
use polyboggle_crossword::{is_rtl, Direction};
use serde_json::Value;
use unicode_segmentation::UnicodeSegmentation;

/// A crossword read: its squares in reading order and its clues.
pub(super) struct Imported {
    pub rows: usize,
    pub cols: usize,
    /// Row-major, reading order: `None` black, `Some("")` empty, else the letter.
    pub squares: Vec<Option<String>>,
    pub rtl: bool,
    pub clues: Vec<(usize, Direction, String)>,
}

impl Imported {
    /// A grid in the text form, no clues; right to left when most of its letters are.
    pub fn from_pattern(pattern: &Pattern) -> Imported {
        let squares: Vec<Option<String>> = pattern
            .squares
            .iter()
            .map(|s| match s {
                Square::Black => None,
                Square::Empty => Some(String::new()),
                Square::Given(g) => Some(g.clone()),
            })
            .collect();
        Imported {
            rows: pattern.rows,
            cols: pattern.cols,
            rtl: mostly_rtl(&squares),
            squares,
            clues: Vec::new(),
        }
    }

    /// The grid in the text form `crossword fill` reads.
    pub fn grid_text(&self) -> String {
        let mut out = String::new();
        for row in self.squares.chunks(self.cols.max(1)) {
            for s in row {
                match s.as_deref() {
                    None => out.push('#'),
                    Some("") => out.push('.'),
                    Some(letter) => out.push_str(letter),
                }
            }
            out.push('\n');
        }
        out
    }
}

fn mostly_rtl(squares: &[Option<String>]) -> bool {
    let letters: Vec<&str> = squares
        .iter()
        .flatten()
        .map(String::as_str)
        .filter(|l| !l.is_empty())
        .collect();
    letters.iter().filter(|l| is_rtl(l)).count() * 2 > letters.len()
}

/// A JSON value in a message, short.
fn shown(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text,
    }
}

/// Is `v` the puzzle's `empty` value (or a number, or a string of digits: a clue
/// number)? `Some(true)` white, `Some(false)` black, `None` unknown.
fn white(v: &Value, block: &str, empty: &Value) -> Option<bool> {
    match v {
        Value::Null => Some(false),
        Value::Number(_) => Some(true),
        Value::String(s) if s == block => Some(false),
        Value::String(s) if s.is_empty() || s.bytes().all(|b| b.is_ascii_digit()) => Some(true),
        v if v == empty => Some(true),
        Value::Object(o) => match o.get("cell") {
            Some(cell) => white(cell, block, empty),
            None => Some(true),
        },
        _ => None,
    }
}

/// Parses an ipuz crossword, at most `max_side` squares a side.
pub(super) fn parse(text: &str, max_side: usize) -> Result<Imported, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let ipuz: Value = serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        format!("line {}, column {}: {message}", e.line(), e.column())
    })?;
    let Some(ipuz) = ipuz.as_object() else {
        return Err("the ipuz is not a JSON object".into());
    };
    if let Some(kind) = ipuz.get("kind") {
        let crossword = kind.as_array().is_some_and(|k| {
            k.iter()
                .any(|k| k.as_str().is_some_and(|k| k.contains("crossword")))
        });
        if !crossword {
            return Err(format!("kind: {} is not a crossword", shown(kind)));
        }
    }
    let dimensions = ipuz
        .get("dimensions")
        .ok_or("dimensions: missing (the grid's width and height)")?;
    let side = |name: &str| -> Result<usize, String> {
        let v = dimensions
            .get(name)
            .ok_or_else(|| format!("dimensions: no {name}"))?;
        let n = v
            .as_u64()
            .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
            .ok_or_else(|| format!("dimensions, {name}: {} is not a whole number", shown(v)))?;
        if n == 0 || n as usize > max_side {
            return Err(format!("dimensions, {name}: {n}; expected 1 to {max_side}"));
        }
        Ok(n as usize)
    };
    let (cols, rows) = (side("width")?, side("height")?);
    let block = match ipuz.get("block") {
        None => "#".to_string(),
        Some(Value::String(b)) => b.clone(),
        Some(v) => return Err(format!("block: {} is not a string", shown(v))),
    };
    let empty = ipuz.get("empty").cloned().unwrap_or(Value::from(0));
    let grid_rows = |field: &str| -> Result<Option<&Vec<Value>>, String> {
        let Some(v) = ipuz.get(field) else {
            return Ok(None);
        };
        let rows_here = v
            .as_array()
            .ok_or_else(|| format!("{field}: not an array of rows"))?;
        if rows_here.len() != rows {
            return Err(format!(
                "{field}: {} rows, dimensions say {rows}",
                rows_here.len()
            ));
        }
        for (r, row) in rows_here.iter().enumerate() {
            let n = row
                .as_array()
                .ok_or_else(|| format!("{field}, row {}: not an array of squares", r + 1))?
                .len();
            if n != cols {
                return Err(format!(
                    "{field}, row {}: {n} squares, dimensions say {cols}",
                    r + 1
                ));
            }
        }
        Ok(Some(rows_here))
    };
    let puzzle = grid_rows("puzzle")?.ok_or("puzzle: missing (the grid)")?;
    let solution = grid_rows("solution")?;
    // Squares in display order first.
    let mut squares = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let cell = &puzzle[r][c];
            let is_white = white(cell, &block, &empty).ok_or_else(|| {
                format!(
                    "puzzle, row {}, column {}: {} is no square ipuz knows",
                    r + 1,
                    c + 1,
                    shown(cell)
                )
            })?;
            if !is_white {
                squares.push(None);
                continue;
            }
            let letter = match solution.map(|s| &s[r][c]) {
                None | Some(Value::Null) => String::new(),
                Some(v) => {
                    let v = match v {
                        Value::Object(o) => o.get("value").unwrap_or(&Value::Null),
                        v => v,
                    };
                    match v {
                        Value::String(s) if s == &block => String::new(),
                        Value::String(s) => s.trim().to_string(),
                        Value::Null => String::new(),
                        Value::Number(n) if n.as_u64() == Some(0) => String::new(),
                        v => {
                            return Err(format!(
                                "solution, row {}, column {}: {} is not a letter",
                                r + 1,
                                c + 1,
                                shown(v)
                            ))
                        }
                    }
                }
            };
            if letter.graphemes(true).count() > 1 {
                return Err(format!(
                    "solution, row {}, column {}: {letter:?} is more than one letter (a square \
                     holds one)",
                    r + 1,
                    c + 1
                ));
            }
            if !letter.is_empty() && !letter.chars().next().is_some_and(char::is_alphabetic) {
                return Err(format!(
                    "solution, row {}, column {}: {letter:?} is not a letter",
                    r + 1,
                    c + 1
                ));
            }
            squares.push(Some(letter));
        }
    }
    let rtl = mostly_rtl(&squares);
    if rtl {
        for row in squares.chunks_mut(cols) {
            row.reverse();
        }
    }
    let mut clues = Vec::new();
    if let Some(all) = ipuz.get("clues") {
        let all = all
            .as_object()
            .ok_or("clues: not an object (Across and Down lists)")?;
        for (key, list) in all {
            let direction = match key.split(':').next().unwrap_or("").trim() {
                "Across" | "across" => Direction::Across,
                "Down" | "down" => Direction::Down,
                _ => continue,
            };
            let list = list
                .as_array()
                .ok_or_else(|| format!("clues, {key}: not a list"))?;
            for (i, clue) in list.iter().enumerate() {
                let at = || format!("clues, {key}, clue {}", i + 1);
                let (number, text) = match clue {
                    Value::Array(pair) if pair.len() >= 2 => (&pair[0], &pair[1]),
                    Value::Object(o) => (
                        o.get("number").unwrap_or(&Value::Null),
                        o.get("clue").unwrap_or(&Value::Null),
                    ),
                    v => return Err(format!("{}: {} is no clue ipuz knows", at(), shown(v))),
                };
                let number = number
                    .as_u64()
                    .or_else(|| number.as_str().and_then(|s| s.trim().parse().ok()))
                    .ok_or_else(|| {
                        format!("{}: number {} is not a whole number", at(), shown(number))
                    })?;
                let text = text
                    .as_str()
                    .ok_or_else(|| format!("{}: clue {} is not a string", at(), shown(text)))?;
                clues.push((number as usize, direction, text.to_string()));
            }
        }
    }
    clues.sort_by_key(|c| (c.1, c.0));
    Ok(Imported {
        rows,
        cols,
        squares,
        rtl,
        clues,
    })
}
