// A crossword grid as the page edits it: black squares, letters (one grapheme cluster a
// square), which letters are the constructor's own (kept by a fill) and which a fill put
// there, and the text form the backend reads (docs/crossword.md: rows a line, `#` black,
// `.` empty, columns in reading order, so that a right-to-left grid's column 0 is its
// right-most square). The page keeps squares in reading order too and lets the browser
// draw a right-to-left grid from the right.
import { clusters } from '../text.js';

export class CrosswordGrid {
  constructor(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    /** Each square, row by row in reading order: {black, letter, kept}. `kept`: typed,
        placed or locked by the constructor; a fill keeps it and fills around it. */
    this.squares = Array.from({ length: rows * cols }, () => ({ black: false, letter: '', kept: false }));
  }

  index(row, col) {
    return row * this.cols + col;
  }

  square(row, col) {
    return this.squares[this.index(row, col)];
  }

  inside(row, col) {
    return row >= 0 && col >= 0 && row < this.rows && col < this.cols;
  }

  /** The square that `symmetry` pairs with (row, col): the half turn's, or the mirror's
      across the middle column; null for none. */
  partner(row, col, symmetry) {
    if (symmetry === 'rotational') return [this.rows - 1 - row, this.cols - 1 - col];
    if (symmetry === 'mirror') return [row, this.cols - 1 - col];
    return null;
  }

  /** Makes a square black (or white again), and its partner under `symmetry` the same;
      a square made black loses its letter. */
  setBlack(row, col, black, symmetry) {
    const pair = this.partner(row, col, symmetry);
    for (const [r, c] of pair ? [[row, col], pair] : [[row, col]]) {
      const square = this.square(r, c);
      square.black = black;
      if (black) {
        square.letter = '';
        square.kept = false;
      }
    }
  }

  /** Whether every black square's partner under `symmetry` is black too. */
  symmetric(symmetry) {
    for (let r = 0; r < this.rows; r += 1) {
      for (let c = 0; c < this.cols; c += 1) {
        const pair = this.partner(r, c, symmetry);
        if (pair && this.square(r, c).black !== this.square(...pair).black) return false;
      }
    }
    return true;
  }

  /** The text form: every letter, or (`keptOnly`) only the constructor's, the others `.`. */
  text({ keptOnly = false } = {}) {
    const lines = [];
    for (let r = 0; r < this.rows; r += 1) {
      let line = '';
      for (let c = 0; c < this.cols; c += 1) {
        const square = this.square(r, c);
        if (square.black) line += '#';
        else if (square.letter && (square.kept || !keptOnly)) line += square.letter;
        else line += '.';
      }
      lines.push(line);
    }
    return lines.join('\n');
  }

  /** Whether every white square holds a letter. */
  full() {
    return this.squares.every((s) => s.black || s.letter);
  }

  /** Clears the letters a fill put there (`all`: every letter). */
  clearLetters(all = false) {
    for (const square of this.squares) {
      if (all || !square.kept) {
        square.letter = '';
        square.kept = false;
      }
    }
  }

  /** A grid read from the text form (letters kept); throws on a ragged grid. */
  static fromText(text) {
    const rows = text.replace(/\r/g, '').split('\n').map((line) => line.trimEnd());
    while (rows.length && !rows[rows.length - 1]) rows.pop();
    const squares = rows.map((line) => clusters(line));
    const cols = squares.length ? squares[0].length : 0;
    const bad = squares.findIndex((row) => row.length !== cols);
    if (bad >= 0) throw new Error(`row ${bad + 1} has ${squares[bad].length} squares, row 1 has ${cols}`);
    const grid = new CrosswordGrid(squares.length, cols);
    squares.forEach((row, r) => row.forEach((face, c) => {
      const square = grid.square(r, c);
      if (face === '#') square.black = true;
      else if (face !== '.') {
        square.letter = face;
        square.kept = true;
      }
    }));
    return grid;
  }

  /** Puts a fill's or a layout's letters in: `shown`, its rows in display order (null for
      black), mirrored back into reading order for a right-to-left grid. Squares the
      constructor kept stay as they are; `keep` marks the new letters kept too. */
  putLetters(shown, rtl, keep = false) {
    shown.forEach((row, r) => {
      const reading = rtl ? [...row].reverse() : row;
      reading.forEach((letter, c) => {
        const square = this.square(r, c);
        if (letter == null) {
          square.black = true;
          square.letter = '';
          square.kept = false;
        } else if (!square.kept) {
          square.black = false;
          square.letter = letter;
          square.kept = keep;
        }
      });
    });
  }
}

/** The squares of the entry through (row, col) in `direction`: its start and cells in
    reading order; null on a black square. */
export function entryThrough(grid, row, col, direction) {
  if (!grid.inside(row, col) || grid.square(row, col).black) return null;
  const [dr, dc] = direction === 'down' ? [1, 0] : [0, 1];
  let r = row;
  let c = col;
  while (grid.inside(r - dr, c - dc) && !grid.square(r - dr, c - dc).black) {
    r -= dr;
    c -= dc;
  }
  const cells = [];
  while (grid.inside(r, c) && !grid.square(r, c).black) {
    cells.push([r, c]);
    r += dr;
    c += dc;
  }
  return cells;
}
