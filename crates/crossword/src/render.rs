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
            "{}x{}: placed {} of {total} words, {} black squares, {} crossings; {ended} after {} attempts in {:.2} s",
            self.rows,
            self.cols,
            self.words.len(),
            self.black,
            self.crossings,
            self.attempts,
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
    /// letter wider than one column is squeezed into its cell.
    pub fn to_svg(&self, solution: bool) -> String {
        const CELL: usize = 40;
        const MARGIN: usize = 2;
        let (width, height) = (self.cols * CELL + 2 * MARGIN, self.rows * CELL + 2 * MARGIN);
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
        svg.push_str("</svg>\n");
        svg
    }
}

/// XML text escaping.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
