//! A [`Crossword`] as text for people, the contract's JSON, ipuz and SVG.

use std::fmt::Write;

use serde_json::{json, Value};
use unicode_width::UnicodeWidthStr;

use super::{Crossword, Direction};

/// Left-to-right mark: keeps a bidi-aware terminal from reordering a row's cells.
const LRM: char = '\u{200E}';

impl Crossword {
    /// The clue numbers by cell (0 where none starts), in display order.
    pub fn numbers(&self) -> Vec<Vec<usize>> {
        let mut numbers = vec![vec![0; self.cols]; self.rows];
        for w in &self.words {
            let (r, c) = w.cells[0];
            numbers[r][c] = w.number;
        }
        numbers
    }

    /// The grid as a person reads it (right-to-left words right to left in their cells,
    /// black squares as `██`), a summary line, the Across and Down lists and the words
    /// left out.
    pub fn to_text(&self) -> String {
        let width = self
            .grid
            .iter()
            .flatten()
            .flatten()
            .map(|l| l.width())
            .max()
            .unwrap_or(1)
            .max(2);
        let mut out = String::new();
        for row in &self.grid {
            let mut line = String::new();
            for cell in row {
                match cell {
                    Some(letter) => {
                        let pad = width.saturating_sub(letter.width());
                        line.push_str(&" ".repeat(pad));
                        line.push_str(letter);
                        if super::is_rtl(letter) {
                            line.push(LRM);
                        }
                    }
                    None => line.push_str(&"█".repeat(width)),
                }
                line.push(' ');
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        let _ = writeln!(out, "\n{}", self.summary());
        for (title, dir) in [("Across", Direction::Across), ("Down", Direction::Down)] {
            let _ = writeln!(out, "\n{title}");
            for w in self.words.iter().filter(|w| w.direction == dir) {
                let (r, c) = w.cells[0];
                let _ = write!(out, "{:>4}  {}  ({r},{c})", w.number, w.word);
                if let Some(clue) = &w.clue {
                    let _ = write!(out, "  {clue}");
                }
                out.push('\n');
            }
        }
        if !self.dropped.is_empty() {
            let _ = writeln!(out, "\nDropped");
            for d in &self.dropped {
                let line = if d.line > 0 {
                    format!(" (line {})", d.line)
                } else {
                    String::new()
                };
                let _ = writeln!(out, "  {}{line}: {}", d.word, d.reason);
            }
        }
        out
    }

    /// One line: words placed, black squares, crossings, and how the search ended.
    pub fn summary(&self) -> String {
        let total = self.words.len() + self.dropped.len();
        let ended = if self.complete {
            "search finished"
        } else {
            "time budget ran out"
        };
        format!(
            "{}x{}: placed {} of {}, {}, {}; {ended} after {} in {:.2} s",
            self.rows,
            self.cols,
            self.words.len(),
            counted(total as u64, "word"),
            counted(self.black as u64, "black square"),
            counted(self.crossings as u64, "crossing"),
            counted(self.attempts, "attempt"),
            self.elapsed.as_secs_f64()
        )
    }

    /// The contract's JSON object, plus `reasons` (each dropped word's line and reason),
    /// `attempts`, `seconds`, and each word's `clue` and `pinned`.
    pub fn to_json(&self) -> Value {
        let words: Vec<Value> = self
            .words
            .iter()
            .map(|w| {
                let cells: Vec<[usize; 2]> = w.cells.iter().map(|&(r, c)| [r, c]).collect();
                json!({
                    "word": w.word, "number": w.number, "direction": w.direction.name(),
                    "rtl": w.rtl, "cells": cells, "clue": w.clue, "pinned": w.pinned,
                })
            })
            .collect();
        let reasons: Vec<Value> = self
            .dropped
            .iter()
            .map(|d| json!({"word": d.word, "line": d.line, "reason": d.reason}))
            .collect();
        json!({
            "rows": self.rows,
            "cols": self.cols,
            "placed": self.words.len(),
            "dropped": self.dropped.iter().map(|d| &d.word).collect::<Vec<_>>(),
            "black": self.black,
            "crossings": self.crossings,
            "complete": self.complete,
            "words": words,
            "grid": self.grid,
            "reasons": reasons,
            "attempts": self.attempts,
            "seconds": self.elapsed.as_secs_f64(),
        })
    }

    /// The layout as an ipuz v2 crossword (`http://ipuz.org/crossword#1`): clue numbers
    /// and `#` blocks, the solution, and Across/Down clues (a word's clue from the list,
    /// else the word itself). A right-to-left grid is numbered from its right-hand cells.
    pub fn to_ipuz(&self) -> Value {
        let numbers = self.numbers();
        let puzzle: Vec<Vec<Value>> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| match &self.grid[r][c] {
                        None => json!("#"),
                        Some(_) => json!(numbers[r][c]),
                    })
                    .collect()
            })
            .collect();
        let solution: Vec<Vec<Value>> = self
            .grid
            .iter()
            .map(|row| {
                row.iter()
                    .map(|cell| match cell {
                        None => json!("#"),
                        Some(letter) => json!(letter),
                    })
                    .collect()
            })
            .collect();
        let clues = |dir: Direction| -> Vec<Value> {
            self.words
                .iter()
                .filter(|w| w.direction == dir)
                .map(|w| json!([w.number, w.clue.as_deref().unwrap_or(&w.word)]))
                .collect()
        };
        json!({
            "version": "http://ipuz.org/v2",
            "kind": ["http://ipuz.org/crossword#1"],
            "origin": "polyboggle",
            "dimensions": {"width": self.cols, "height": self.rows},
            "block": "#",
            "empty": 0,
            "puzzle": puzzle,
            "solution": solution,
            "clues": {"Across": clues(Direction::Across), "Down": clues(Direction::Down)},
        })
    }

    /// A picture of the numbered grid; with `solution`, the letters too. Numbers sit in
    /// the top corner a reader starts from (the right one in a right-to-left grid); a
    /// letter wider than one column is squeezed into its cell. The puzzle (without
    /// `solution`) lists its entries below the grid, as [`Crossword::entries`] says, so
    /// it can be solved on paper.
    pub fn to_svg(&self, solution: bool) -> String {
        const CELL: usize = 40;
        const MARGIN: usize = 2;
        const LINE: usize = 18;
        let lines = if solution { Vec::new() } else { self.entries() };
        let grid_width = self.cols * CELL + 2 * MARGIN;
        let text_width = lines
            .iter()
            .map(|l| l.text.width() * 8 + 2 * CELL / 4)
            .max()
            .unwrap_or(0);
        let width = grid_width.max(text_width);
        let grid_height = self.rows * CELL + 2 * MARGIN;
        // Each line's baseline; a heading after the first has half a line more above it.
        let mut y = grid_height + CELL / 2 - LINE;
        let baselines: Vec<usize> = lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                y += if line.heading && i > 0 {
                    LINE + LINE / 2
                } else {
                    LINE
                };
                y
            })
            .collect();
        let height = baselines.last().map_or(grid_height, |y| y + LINE / 2);
        let numbers = self.numbers();
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
        );
        let _ = writeln!(
            svg,
            r#"<rect width="{width}" height="{height}" fill="white"/>"#
        );
        for (r, row) in self.grid.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let (x, y) = (MARGIN + c * CELL, MARGIN + r * CELL);
                let Some(letter) = cell else {
                    let _ = writeln!(
                        svg,
                        r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="black" stroke="black"/>"#
                    );
                    continue;
                };
                let _ = writeln!(
                    svg,
                    r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="white" stroke="black"/>"#
                );
                let n = numbers[r][c];
                if n > 0 {
                    let (nx, anchor) = if self.rtl {
                        (x + CELL - 3, "end")
                    } else {
                        (x + 3, "start")
                    };
                    let _ = writeln!(
                        svg,
                        r#"<text x="{nx}" y="{}" font-size="11" text-anchor="{anchor}">{n}</text>"#,
                        y + 12
                    );
                }
                if solution {
                    let squeeze = if letter.width() > 1 || letter.chars().count() > 2 {
                        format!(
                            r#" textLength="{}" lengthAdjust="spacingAndGlyphs""#,
                            CELL - 10
                        )
                    } else {
                        String::new()
                    };
                    let _ = writeln!(
                        svg,
                        r#"<text x="{}" y="{}" font-size="22" text-anchor="middle"{squeeze}>{}</text>"#,
                        x + CELL / 2,
                        y + CELL - 10,
                        escape(letter)
                    );
                }
            }
        }
        // The entries: left-aligned, or right-aligned under a right-to-left grid (the
        // lines stay left to right, as their labels are; a word in them reads its way).
        let (x, anchor) = if self.rtl {
            (width - CELL / 4, "end")
        } else {
            (CELL / 4, "start")
        };
        for (line, y) in lines.iter().zip(baselines) {
            let weight = if line.heading {
                r#" font-weight="bold""#
            } else {
                ""
            };
            let _ = writeln!(
                svg,
                r#"<text x="{x}" y="{y}" font-size="13" text-anchor="{anchor}"{weight}>{}</text>"#,
                escape(&line.text)
            );
        }
        svg.push_str("</svg>\n");
        svg
    }

    /// What a person needs beside the empty grid to fill it, a line each: the Across
    /// and Down entries by number with their clues and lengths (`1. Peace, in Hebrew
    /// (6)`), and, when some words have no clue, those words themselves under
    /// `Words`, by length and then alphabetically, as a fill-in puzzle gives them (a
    /// word without a clue is listed there, its number with its length alone). A list
    /// with no clue at all is a fill-in puzzle: the words alone.
    ///
    /// ```
    /// use polyboggle_crossword::{generate, parse_word_list, LayoutOptions};
    ///
    /// let entries = parse_word_list("cat\tA pet that purrs\nact\n")?;
    /// let options = LayoutOptions { size: (3, 3), ..LayoutOptions::default() };
    /// let crossword = generate(&entries, &options)?;
    /// let lines: Vec<String> = crossword.entries().into_iter().map(|l| l.text).collect();
    /// assert!(lines.contains(&"Words".to_string()), "{lines:?}");
    /// assert!(lines.iter().any(|l| l.ends_with("A pet that purrs (3)")), "{lines:?}");
    /// assert!(lines.contains(&"3 letters: ACT".to_string()), "{lines:?}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn entries(&self) -> Vec<EntryLine> {
        let heading = |text: &str| EntryLine {
            text: text.into(),
            heading: true,
        };
        let entry = |text: String| EntryLine {
            text,
            heading: false,
        };
        let mut lines = Vec::new();
        let clued = self.words.iter().any(|w| w.clue.is_some());
        if clued {
            for (title, dir) in [("Across", Direction::Across), ("Down", Direction::Down)] {
                let words: Vec<_> = self.words.iter().filter(|w| w.direction == dir).collect();
                if words.is_empty() {
                    continue;
                }
                lines.push(heading(title));
                for w in words {
                    let text = match &w.clue {
                        Some(clue) => format!("{}. {clue} ({})", w.number, w.cells.len()),
                        None => format!("{}. ({})", w.number, w.cells.len()),
                    };
                    lines.push(entry(text));
                }
            }
        }
        let mut unclued: Vec<(usize, &str)> = self
            .words
            .iter()
            .filter(|w| w.clue.is_none())
            .map(|w| (w.cells.len(), w.word.as_str()))
            .collect();
        unclued.sort();
        if !unclued.is_empty() {
            lines.push(heading("Words"));
        }
        for group in unclued.chunk_by(|a, b| a.0 == b.0) {
            let words: Vec<&str> = group.iter().map(|&(_, word)| word).collect();
            let letters = counted(group[0].0 as u64, "letter");
            lines.push(entry(format!("{letters}: {}", words.join(", "))));
        }
        lines
    }
}

/// One line of a puzzle's entries ([`Crossword::entries`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryLine {
    /// The line as printed.
    pub text: String,
    /// Is it a heading (`Across`, `Down`, `Words`)?
    pub heading: bool,
}

/// "1 word", "2 words": a count and its noun, singular for one.
fn counted(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// XML text escaping.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
