// A board of dice (drawn, its paths lit, traced on), and a found word's list item that
// lights its path on a board. Both views have one.
import { el } from './dom.js';
import { graphemes, showFace } from './text.js';

/** A board of dice: draws faces, lights paths, and (when asked) lets a player trace words. */
export class BoardView {
  constructor(root, options = {}) {
    this.root = root;
    this.onWord = options.onWord || null; // called with a traced word
    this.onTrace = options.onTrace || null; // called with the word so far while tracing
    this.faces = [];
    this.rows = 0;
    this.cols = 0;
    this.dice = [];
    this.shown = null; // {path, kind} on display
    this.base = null; // the path to come back to after a hover
    this.trace = null; // {cells, dragging, moved}
    this.enabled = false;
    this.lang = ''; // the dictionary's language, for upper-casing faces
    this.svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.svg.setAttribute('class', 'path');
    this.svg.setAttribute('aria-hidden', 'true');
    new ResizeObserver(() => this.redraw()).observe(root);
    if (this.onWord) this.listen();
  }

  /** Draws `rows` of faces; `lang` upper-cases them as the words are, and a language
      written right to left (`rtl`) has its first column on the right, as its rows read. */
  render(rows, { shake = false, lang = '', rtl = false } = {}) {
    this.lang = lang;
    this.root.dir = rtl ? 'rtl' : 'ltr';
    this.rows = rows.length;
    this.cols = rows.length ? rows[0].length : 0;
    this.faces = rows.flat();
    this.root.style.setProperty('--cols', this.cols);
    this.root.style.setProperty('--rows', this.rows);
    this.root.replaceChildren();
    this.dice = this.faces.map((face, i) => {
      const blank = face === '#' || face === '_';
      const shown = showFace(face, this.lang);
      const len = graphemes(face);
      const r = Math.floor(i / this.cols);
      const c = i % this.cols;
      const die = el('button', {
        type: 'button',
        class: 'die' + (blank ? ' blank' : len >= 3 ? ' longer' : len === 2 ? ' long' : ''),
        tabindex: i === 0 && this.onWord ? '0' : '-1',
        'aria-label': `Row ${r + 1}, column ${c + 1}: ${blank ? 'blank' : shown}`,
        dataset: { cell: String(i) },
      }, el('span', { class: 'step', 'aria-hidden': 'true' }), el('span', { class: 'face', 'aria-hidden': 'true' }, blank ? '' : shown));
      if (shake) die.style.animationDelay = `${Math.round(Math.random() * 120)}ms`;
      return die;
    });
    this.root.append(...this.dice, this.svg);
    this.shown = null;
    this.base = null;
    this.trace = null;
    this.drawPath(null, '');
    if (shake) {
      this.root.classList.remove('shaking');
      void this.root.offsetWidth; // restart the animation
      this.root.classList.add('shaking');
      setTimeout(() => this.root.classList.remove('shaking'), 700);
    }
  }

  cellOf(r, c) {
    return r * this.cols + c;
  }

  /** Lights a path ([[row, col], ...]); kind is 'lit', 'hover' or 'trace'. */
  light(path, kind = 'lit') {
    const cells = (path || []).map(([r, c]) => this.cellOf(r, c));
    this.showCells(cells, kind);
    if (kind === 'lit') this.base = cells.length ? { cells, kind } : null;
  }

  /** Shows the lit path again after a hover ends. */
  restore() {
    if (this.base) this.showCells(this.base.cells, this.base.kind);
    else this.showCells([], '');
  }

  clear() {
    this.base = null;
    this.showCells([], '');
  }

  showCells(cells, kind) {
    for (const die of this.dice) {
      die.classList.remove('lit', 'hover', 'trace');
      die.querySelector('.step').textContent = '';
    }
    cells.forEach((cell, i) => {
      const die = this.dice[cell];
      if (!die) return;
      die.classList.add(kind);
      die.querySelector('.step').textContent = String(i + 1);
    });
    this.shown = cells.length ? { cells, kind } : null;
    this.drawPath(cells, kind);
  }

  redraw() {
    if (this.shown) this.drawPath(this.shown.cells, this.shown.kind);
  }

  drawPath(cells, kind) {
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute('class', `path ${kind}`);
    if (!cells || !cells.length) return;
    const width = this.root.clientWidth;
    const height = this.root.clientHeight;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    const centers = cells.map((cell) => {
      const die = this.dice[cell];
      return [die.offsetLeft + die.offsetWidth / 2, die.offsetTop + die.offsetHeight / 2];
    });
    const size = this.dice[0].offsetWidth;
    const ns = 'http://www.w3.org/2000/svg';
    const start = document.createElementNS(ns, 'circle');
    start.setAttribute('cx', centers[0][0]);
    start.setAttribute('cy', centers[0][1]);
    start.setAttribute('r', size * 0.09);
    svg.append(start);
    if (centers.length > 1) {
      const line = document.createElementNS(ns, 'polyline');
      line.setAttribute('points', centers.map((p) => p.join(',')).join(' '));
      line.setAttribute('stroke-width', size * 0.1);
      svg.append(line);
    }
  }

  /** Scrolls the board into view when part of it is out of the window. */
  reveal() {
    const box = this.root.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      this.root.scrollIntoView({ block: box.height > window.innerHeight ? 'start' : 'nearest', behavior: 'instant' });
    }
  }

  /** Lets the player trace (or not); a board nobody plays on yet is drawn dimmed. */
  setEnabled(on, { dim = false } = {}) {
    this.enabled = on;
    this.root.classList.toggle('idle', dim);
    if (!on) this.cancelTrace();
  }

  // Tracing: drag across dice, or click them one by one (click the last again to send).
  listen() {
    const root = this.root;
    root.addEventListener('pointerdown', (e) => {
      const die = e.target.closest('.die');
      if (!die || !this.enabled || e.button > 0) return;
      e.preventDefault();
      die.focus({ preventScroll: true });
      this.press(Number(die.dataset.cell));
      if (this.trace) this.trace.dragging = true;
    });
    root.addEventListener('pointermove', (e) => {
      if (!this.trace || !this.trace.dragging) return;
      const cell = this.cellNear(e.clientX, e.clientY);
      if (cell == null) return;
      const cells = this.trace.cells;
      const last = cells[cells.length - 1];
      if (cell === last) return;
      if (cells.length > 1 && cell === cells[cells.length - 2]) {
        cells.pop();
        this.trace.moved = true;
      } else if (this.adjacent(last, cell) && !cells.includes(cell)) {
        cells.push(cell);
        this.trace.moved = true;
      } else {
        return;
      }
      this.showTrace();
    });
    const up = () => {
      if (!this.trace || !this.trace.dragging) return;
      this.trace.dragging = false;
      if (this.trace.moved && this.trace.cells.length > 1) this.send();
    };
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    root.addEventListener('keydown', (e) => {
      const die = e.target.closest('.die');
      if (!die) return;
      const cell = Number(die.dataset.cell);
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
      if (e.key in moves) {
        e.preventDefault();
        let r = Math.floor(cell / this.cols);
        let c = cell % this.cols;
        if (e.key === 'ArrowUp') r = Math.max(0, r - 1);
        if (e.key === 'ArrowDown') r = Math.min(this.rows - 1, r + 1);
        const rtl = getComputedStyle(root).direction === 'rtl';
        if (e.key === 'ArrowLeft') c = rtl ? Math.min(this.cols - 1, c + 1) : Math.max(0, c - 1);
        if (e.key === 'ArrowRight') c = rtl ? Math.max(0, c - 1) : Math.min(this.cols - 1, c + 1);
        this.focusCell(this.cellOf(r, c));
      } else if ((e.key === 'Enter' || e.key === ' ') && this.enabled) {
        e.preventDefault();
        this.press(cell);
      } else if (e.key === 'Escape') {
        this.cancelTrace();
      }
    });
  }

  focusCell(cell) {
    for (const die of this.dice) die.tabIndex = -1;
    const die = this.dice[cell];
    if (die) {
      die.tabIndex = 0;
      die.focus();
    }
  }

  /** A click (or Enter) on a die. */
  press(cell) {
    if (this.faces[cell] === '#' || this.faces[cell] === '_') return;
    const trace = this.trace;
    if (!trace) {
      this.trace = { cells: [cell], dragging: false, moved: false };
    } else {
      const cells = trace.cells;
      const last = cells[cells.length - 1];
      trace.moved = false;
      if (cell === last) {
        this.send();
        return;
      }
      if (cells.length > 1 && cell === cells[cells.length - 2]) cells.pop();
      else if (this.adjacent(last, cell) && !cells.includes(cell)) cells.push(cell);
      else this.trace = { cells: [cell], dragging: false, moved: false };
    }
    this.showTrace();
  }

  /** The die under the pointer, when the pointer is near its middle (corners are ambiguous). */
  cellNear(x, y) {
    const target = document.elementFromPoint(x, y);
    const die = target && target.closest && target.closest('.die');
    if (!die || !this.root.contains(die)) return null;
    const box = die.getBoundingClientRect();
    const dx = x - (box.left + box.width / 2);
    const dy = y - (box.top + box.height / 2);
    if (Math.hypot(dx, dy) > box.width * 0.42) return null;
    const cell = Number(die.dataset.cell);
    return this.faces[cell] === '#' || this.faces[cell] === '_' ? null : cell;
  }

  adjacent(a, b) {
    const dr = Math.abs(Math.floor(a / this.cols) - Math.floor(b / this.cols));
    const dc = Math.abs((a % this.cols) - (b % this.cols));
    return a !== b && dr <= 1 && dc <= 1;
  }

  word(cells) {
    return cells.map((cell) => this.faces[cell]).join('');
  }

  showTrace() {
    this.showCells(this.trace.cells, 'trace');
    if (this.onTrace) this.onTrace(this.word(this.trace.cells));
  }

  send() {
    const word = this.word(this.trace.cells);
    this.trace = null;
    this.showCells([], '');
    if (this.onWord) this.onWord(word);
  }

  cancelTrace() {
    if (!this.trace) return;
    this.trace = null;
    this.restore();
    if (this.onTrace) this.onTrace('');
  }
}

/** A list item for a found word; pointing at it or focusing it lights its path, and a
    click or a tap keeps it lit and calls `onPick` with the word. */
export function wordItem(found, board, { chip = false, onPick = null } = {}) {
  const item = el('li', { tabindex: '0', dir: 'auto' },
    el('span', { class: 'w' }, found.word),
    el('span', { class: `pts p${Math.min(found.points, 11)}` }, chip ? String(found.points) : `${found.points} pt${found.points === 1 ? '' : 's'}`));
  item.setAttribute('aria-label', `${found.word}, ${found.points} point${found.points === 1 ? '' : 's'}`);
  const on = () => board.light(found.path, 'hover');
  const off = () => board.restore();
  item.addEventListener('mouseenter', on);
  item.addEventListener('focus', on);
  item.addEventListener('mouseleave', off);
  item.addEventListener('blur', off);
  // A click or a tap keeps the path lit (a tap has no hover to end), and brings the
  // board into view: on a phone it may be above the list, out of the window.
  item.addEventListener('click', () => {
    board.light(found.path, 'lit');
    board.reveal();
    if (onPick) onPick(found);
  });
  return item;
}
