// polyboggle's page: the Play and Solve views over a backend, the server's JSON API
// (docs/web.md) when `polyboggle serve` serves the page, or the same operations in
// WebAssembly when the page is the static one (crates/wasm/build.sh). No framework and
// no build step; the server embeds this file as it is, build.sh copies it.
'use strict';

const $ = (id) => document.getElementById(id);

/** An element with properties and children (strings become text). */
function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key === 'class') node.className = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('aria-') || key === 'role' || key === 'tabindex' || key === 'dir' || key === 'lang') node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) {
    if (child != null) node.append(child);
  }
  return node;
}

class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** Calls the API; a failure throws an ApiError carrying the server's one line. */
async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError('The server cannot be reached. Is polyboggle serve still running?', 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError((data && data.error) || `The server answered HTTP ${response.status}.`, response.status);
  }
  return data;
}

/** What the page asks of a game and a solver. Every operation answers the JSON the
    server's endpoint of the same name answers, or throws an ApiError with its status
    and one line; ServerBackend asks `polyboggle serve`, WasmBackend (the static page)
    the same Rust code compiled to WebAssembly. */
class ServerBackend {
  constructor() {
    this.kind = 'server';
  }

  dice() { return api('GET', '/api/dice'); }

  dicts() { return api('GET', '/api/dicts'); }

  /** {set, seed}: a rolled board (a random seed when none is given). */
  roll(request) { return api('POST', '/api/roll', request); }

  /** {board}: its faces, as the server reads them. */
  board(request) { return api('POST', '/api/board', request); }

  /** {board, dict, rules, min_len}: every word on the board. */
  solve(request) { return api('POST', '/api/solve', request); }

  /** {set, seed} or {board}, with {rules, dict, timer}: a new game's view. */
  newGame(request) { return api('POST', '/api/games', request); }

  game(id) { return api('GET', `/api/games/${id}`); }

  guess(id, word) { return api('POST', `/api/games/${id}/guess`, { word }); }

  /** Ends the human's turn: the computer takes every word left. */
  endTurn(id) { return api('POST', `/api/games/${id}/end`); }

  forget(id) { return api('DELETE', `/api/games/${id}`); }

  /** What to do for a dictionary of `lang` this backend lacks. */
  dictionaryHint(lang, group) {
    return `Start it with --dict ${lang}=WORDLIST to play in ${group}.`;
  }
}

/** The same operations in WebAssembly (crates/wasm's Local: the server's Rust code), for
    the static page. The module has no clock and no randomness: the page passes the time
    and a seed for a roll nobody chose. A reload forgets the module's memory, so each
    game is recorded in the tab (sessionStorage) and played again when asked for. */
class WasmBackend {
  constructor(local) {
    this.kind = 'static';
    this.local = local;
  }

  /** A call into the module: its JSON parsed, or its Failure as an ApiError. */
  call(f) {
    try {
      return Promise.resolve(JSON.parse(f()));
    } catch (e) {
      if (e && typeof e.status === 'number') {
        const error = new ApiError(e.message, e.status);
        if (e.free) e.free();
        return Promise.reject(error);
      }
      return Promise.reject(new ApiError(String(e && e.message || e), 500));
    }
  }

  static seeded(request) {
    if (request.board || request.seed != null) return request;
    return { ...request, seed: Math.floor(Math.random() * 1e9) };
  }

  dice() { return this.call(() => this.local.dice()); }

  dicts() { return this.call(() => this.local.dicts()); }

  roll(request) { return this.call(() => this.local.roll(JSON.stringify(WasmBackend.seeded(request)))); }

  board(request) { return this.call(() => this.local.board(JSON.stringify(request))); }

  solve(request) { return this.call(() => this.local.solve(JSON.stringify(request))); }

  async newGame(request) {
    const seeded = WasmBackend.seeded(request);
    const at = Date.now();
    const view = await this.call(() => this.local.newGame(JSON.stringify(seeded), at));
    this.record(view.id, { game: seeded, at, guesses: [], ended: null });
    return view;
  }

  async game(id) {
    try {
      return await this.call(() => this.local.game(id, Date.now()));
    } catch (e) {
      const record = this.records()[id];
      if (e.status !== 404 || !record) throw e;
      return this.call(() => this.local.resume(id, JSON.stringify(record), Date.now()));
    }
  }

  async guess(id, word) {
    const reply = await this.call(() => this.local.guess(id, JSON.stringify({ word }), Date.now()));
    const records = this.records();
    if (records[id]) {
      records[id].guesses.push(word);
      this.save(records);
    }
    return reply;
  }

  async endTurn(id) {
    const now = Date.now();
    const view = await this.call(() => this.local.endTurn(id, now));
    const records = this.records();
    if (records[id] && records[id].ended == null) {
      records[id].ended = now;
      this.save(records);
    }
    return view;
  }

  forget(id) {
    const records = this.records();
    delete records[id];
    this.save(records);
    return this.call(() => this.local.forget(id));
  }

  /** Adds a dictionary compiled by `polyboggle compile` (a File); answers the list. */
  async addDictionary(file) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const name = file.name.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 32) || 'mine';
    return this.call(() => this.local.addDictionary(name, bytes));
  }

  dictionaryHint() {
    return 'Open one compiled by polyboggle compile under "Your own board or seed".';
  }

  records() {
    try {
      return JSON.parse(sessionStorage.getItem(WasmBackend.KEY) || '{}');
    } catch (e) {
      return {};
    }
  }

  save(records) {
    // The latest games are enough: a tab comes back to the one it was playing.
    const kept = Object.fromEntries(Object.entries(records).sort((a, b) => b[1].at - a[1].at).slice(0, 4));
    try {
      sessionStorage.setItem(WasmBackend.KEY, JSON.stringify(kept));
    } catch (e) {
      // Storage may be off; the link alone still brings the board back.
    }
  }

  record(id, entry) {
    const records = this.records();
    records[id] = entry;
    this.save(records);
  }
}
WasmBackend.KEY = 'polyboggle-static-games';

/** Loads a classic script beside the page (a file:// page may load scripts, not fetch). */
function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = el('script', { src });
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

/** The module beside the static page: polyboggle_wasm.js is wasm-bindgen's glue;
    polyboggle_wasm_bytes.js holds the module in base64 for a page opened from a
    folder (file:// cannot fetch the .wasm beside it). */
async function wasmBackend() {
  await loadScript('polyboggle_wasm.js');
  let module = 'polyboggle_wasm_bg.wasm'; // over http: fetched and compiled as it comes
  if (location.protocol === 'file:') {
    await loadScript('polyboggle_wasm_bytes.js');
    const binary = atob(window.POLYBOGGLE_WASM);
    module = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) module[i] = binary.charCodeAt(i);
  }
  // The glue's `let wasm_bindgen` is a global binding, not a property of window.
  await wasm_bindgen({ module_or_path: module }); // eslint-disable-line no-undef
  return new WasmBackend(new wasm_bindgen.Local()); // eslint-disable-line no-undef
}

let backend = new ServerBackend();

/** Picks the backend: the server that serves the page, or else the module beside it
    (the static page, from a folder or any static host). Answers the dice sets. */
async function connect() {
  if (location.protocol !== 'file:') {
    try {
      const dice = await backend.dice();
      // A static host may answer any path with a page: that is no server of ours.
      if (!dice || !Array.isArray(dice.sets)) throw new ApiError('This is not polyboggle serve.', 0);
      return dice;
    } catch (e) {
      try {
        backend = await wasmBackend();
      } catch (e2) {
        throw e; // neither: the server's error says more
      }
      return backend.dice();
    }
  }
  backend = await wasmBackend();
  return backend.dice();
}

const segmenter = typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter() : null;
function clusters(text) {
  return segmenter ? [...segmenter.segment(text)].map((s) => s.segment) : [...text];
}
function graphemes(text) {
  return clusters(text).length;
}

/** A face as dice print it, in the case of the words beside it: a face typed in lower
    case shows its first letter in upper case ("e" as "E", "qu" as "Qu"). */
function showFace(face, lang) {
  const locale = lang || undefined;
  if (face !== face.toLocaleLowerCase(locale)) return face;
  const [first = '', ...rest] = clusters(face);
  return first.toLocaleUpperCase(locale) + rest.join('');
}

/** A board of dice: draws faces, lights paths, and (when asked) lets a player trace words. */
class BoardView {
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

  render(rows, { shake = false, lang = '' } = {}) {
    this.lang = lang;
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

/** A list item for a found word; pointing at it or focusing it lights its path. */
function wordItem(found, board, { chip = false } = {}) {
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
    if (board === play.board && play.game && play.game.phase === 'results') {
      showVerdict('info', `${found.word}, ${plural(found.points, 'point', 'points')}: its path is lit.`);
    }
  });
  return item;
}

function plural(n, one, many) {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

// ---------------------------------------------------------------- shared data

const LANGS = {
  english: 'en', french: 'fr', german: 'de', italian: 'it', spanish: 'es',
  dutch: 'nl', polish: 'pl', finnish: 'fi',
};

let dictionaries = [];

/** "english-big-original-5x5" as "English · Big original · 5×5" in a group "English". */
function describeSet(set) {
  const parts = set.name.split('-');
  const language = parts.shift();
  const words = parts.filter((p) => !/^\d+x\d+$/.test(p));
  const unverified = words.includes('unverified');
  const label = words.filter((w) => w !== 'unverified').join(' ') || 'standard';
  const group = language.charAt(0).toUpperCase() + language.slice(1);
  return {
    group,
    // The language leads: a closed menu shows only the chosen option's label.
    label: `${group} · ${label.charAt(0).toUpperCase()}${label.slice(1)} · ${set.rows}×${set.cols}`,
    unverified,
    lang: LANGS[language] || '',
  };
}

/** The language a dictionary is for, as far as the page can tell ('' when unknown). */
function dictLang(dict) {
  if (dict.lang) return dict.lang.toLowerCase().split(/[-_]/)[0];
  const name = dict.name.toLowerCase();
  if (name === 'enable2k') return 'en';
  const head = name.split(/[-_]/)[0];
  if (LANGS[head]) return LANGS[head];
  return Object.values(LANGS).includes(head) ? head : '';
}

/** The served dictionary for a language, if there is one. */
function dictionaryFor(lang) {
  if (!lang) return null;
  return dictionaries.find((d) => d.lang && dictLang(d) === lang)
    || dictionaries.find((d) => dictLang(d) === lang)
    || null;
}

function fillDicts(select) {
  select.replaceChildren(...dictionaries.map((d) => el('option', { value: d.name },
    `${d.name} (${d.words.toLocaleString()} words)`)));
}

/** The page's state is in its address (`#play?set=...&seed=7`, `#solve?board=...`),
    so a reload keeps it and a copied link shows the same board to someone else. */
const links = { play: new URLSearchParams(), solve: new URLSearchParams() };
let currentView = 'play';

function hashFor(view) {
  const query = links[view].toString();
  return `#${view}${query ? `?${query}` : ''}`;
}

function linkFor(view) {
  return `${location.origin}${location.pathname}${hashFor(view)}`;
}

function setLink(view, params) {
  links[view] = params;
  if (view === currentView && location.hash !== hashFor(view)) history.replaceState(null, '', hashFor(view));
}

async function copyLink(view, status) {
  const url = linkFor(view);
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch (e) {
    // No clipboard API outside a secure context (http from another machine): select
    // the text and copy it the old way.
    const area = el('textarea', { value: url, readOnly: true });
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      copied = document.execCommand('copy');
    } catch (e2) {
      copied = false;
    }
    area.remove();
  }
  status.textContent = copied ? 'Link copied.' : `Copy this link: ${url}`;
  status.dataset.link = url;
}

// ---------------------------------------------------------------- Play

const play = {
  board: null,
  game: null,
  found: [],
  all: null, // every word on the board, for the counts by length
  missedLetter: '',
  clock: null,
  deadline: 0,
  busy: false,
  sets: [],
};

const GAME_KEY = 'polyboggle-game';

function playInfo(game) {
  const origin = game.set ? `${game.set}, seed ${game.seed}` : 'your board';
  const level = game.level && game.level !== 'all' ? ` · ${game.level} computer` : '';
  return `${origin} · ${game.rules === 'hasbro' ? 'Hasbro' : 'CS106B'} rules, ${game.min_len}+ letters · ${game.dict}${level}`;
}

function showVerdict(kind, text, tag) {
  const verdict = $('verdict');
  verdict.className = `verdict ${kind}`;
  verdict.replaceChildren();
  if (tag) verdict.append(el('span', { class: 'tag' }, el('span', {}, tag)));
  verdict.append(text);
}

function setPlaying(on) {
  if (on) document.body.classList.add('played');
  document.body.classList.toggle('settings-open', false);
  $('settings-toggle').setAttribute('aria-expanded', 'false');
  $('guess').disabled = !on;
  $('guess-button').disabled = !on;
  $('end-turn').disabled = !on;
  document.body.classList.toggle('playing', on);
  play.board.setEnabled(on);
}

/** A phone-sized window: one column, the settings folded once a game has begun. */
function phone() {
  return window.matchMedia('(max-width: 760px)').matches;
}

function langOf(dictName) {
  const dict = dictionaries.find((d) => d.name === dictName);
  return dict ? dict.lang : '';
}

async function startGame(again = false) {
  if (play.busy) return;
  if (play.game && play.game.phase === 'human'
      && !window.confirm('A game is under way. Give it up and shake new dice?')) {
    return;
  }
  $('setup-error').hidden = true;
  const body = { rules: $('play-rules').value, dict: $('play-dict').value };
  if (!$('play-level').disabled && $('play-level').value !== 'all') body.level = $('play-level').value;
  const custom = $('play-board').value.trim();
  const seed = $('play-seed').value.trim();
  if (again) $('play-seed').value = '';
  if (custom) {
    body.board = custom;
  } else {
    body.set = $('play-set').value;
    if (seed && !again) {
      if (!/^\d{1,15}$/.test(seed)) {
        showSetupError('The seed is a whole number (up to 15 digits), or empty for a random one.');
        return;
      }
      body.seed = Number(seed);
    }
  }
  if ($('play-timer').value) body.timer = Number($('play-timer').value);
  play.busy = true;
  try {
    const old = play.game;
    const game = await backend.newGame(body);
    if (old && old.phase === 'human') backend.forget(old.id).catch(() => {});
    beginGame(game);
  } catch (e) {
    showSetupError(e.message);
  } finally {
    play.busy = false;
  }
}

function showSetupError(message) {
  const box = $('setup-error');
  box.textContent = message;
  box.hidden = false;
}

/** The link to a game's board: its dice set and seed, or the board itself. */
function gameLink(game) {
  const params = new URLSearchParams();
  if (game.set) {
    params.set('set', game.set);
    params.set('seed', String(game.seed));
  } else {
    params.set('board', game.inline);
  }
  params.set('rules', game.rules);
  params.set('dict', game.dict);
  if (game.timer) params.set('timer', String(game.timer));
  if (game.level && game.level !== 'all') params.set('level', game.level);
  return params;
}

function beginGame(game, { resumed = false } = {}) {
  play.game = game;
  play.found = resumed ? [...game.human.words] : [];
  play.all = null;
  play.board.render(game.board, { shake: !resumed, lang: langOf(game.dict) });
  $('play-info').textContent = playInfo(game);
  $('human-words').replaceChildren(...[...play.found].reverse().map((w) => wordItem(w, play.board)));
  $('computer-words').replaceChildren();
  $('human-score').textContent = String(game.human.score);
  $('computer-score').textContent = '0';
  $('human-count').textContent = play.found.length
    ? plural(play.found.length, 'word', 'words')
    : `Words of ${game.min_len} or more letters.`;
  $('computer-count').textContent = 'Its turn comes after yours.';
  $('missed-filter').hidden = true;
  $('result').hidden = true;
  document.body.classList.remove('results');
  $('play-again').hidden = true;
  $('to-solve').hidden = true;
  $('play-link').hidden = false;
  $('play-link-status').textContent = '';
  $('shake').textContent = 'Shake the dice';
  $('guess').value = '';
  showVerdict('info', `Find words of ${game.min_len} or more letters. Type them, or trace them on the dice.`);
  setPlaying(true);
  startClock(game);
  remember(game);
  loadLengths(game);
  if (phone()) window.scrollTo(0, 0);
  $('guess').focus({ preventScroll: true });
}

/** Keeps the game's id for this tab, so a reload comes back to it. */
function remember(game) {
  setLink('play', gameLink(game));
  try {
    sessionStorage.setItem(GAME_KEY, JSON.stringify({ id: game.id, link: hashFor('play') }));
  } catch (e) {
    // Storage may be off; the link alone still brings the board back.
  }
}

/** Every word on the game's board, for the counts of words left by length. */
async function loadLengths(game) {
  renderLengths();
  try {
    const solution = await backend.solve({ board: game.inline, dict: game.dict, rules: game.rules });
    if (play.game && play.game.id === game.id) {
      play.all = solution.words;
      renderLengths();
    }
  } catch (e) {
    // The counts are a help; the game goes on without them.
  }
}

function renderLengths() {
  const section = $('lengths');
  const game = play.game;
  if (!game || !play.all || !play.all.length) {
    section.hidden = true;
    return;
  }
  const total = new Map();
  const found = new Map();
  for (const w of play.all) total.set(graphemes(w.word), (total.get(graphemes(w.word)) || 0) + 1);
  for (const w of play.found) found.set(graphemes(w.word), (found.get(graphemes(w.word)) || 0) + 1);
  const results = game.phase === 'results';
  $('lengths-title').textContent = results ? 'You found, by length' : 'Words left, by length';
  const items = [...total.keys()].sort((a, b) => a - b).map((len) => {
    const all = total.get(len);
    const got = found.get(len) || 0;
    const text = results ? `${len} letters: ${got} of ${all}` : `${len} letters: ${all - got} left`;
    return el('li', { class: got === all ? 'done' : '', dataset: { length: String(len) } }, text);
  });
  $('lengths-list').replaceChildren(...items);
  section.hidden = false;
}

function startClock(game) {
  clearInterval(play.clock);
  const clock = $('clock');
  if (game.time_left == null) {
    clock.hidden = true;
    return;
  }
  play.deadline = performance.now() + game.time_left * 1000;
  clock.hidden = false;
  const tick = () => {
    const left = Math.max(0, Math.ceil((play.deadline - performance.now()) / 1000));
    clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
    clock.classList.toggle('low', left <= 15);
    if (left <= 0) {
      clearInterval(play.clock);
      endTurn('Time is up.');
    }
  };
  tick();
  play.clock = setInterval(tick, 250);
}

async function guess(word) {
  word = word.trim();
  const game = play.game;
  if (!word || !game || game.phase !== 'human') return;
  $('guess').value = '';
  try {
    const reply = await backend.guess(game.id, word);
    if (reply.verdict === 'correct') {
      const found = { word: reply.word, points: reply.points, path: reply.path };
      play.found.push(found);
      const item = wordItem(found, play.board);
      item.classList.add('new');
      $('human-words').prepend(item);
      $('human-score').textContent = String(reply.score);
      $('human-count').textContent = plural(play.found.length, 'word', 'words');
      play.board.light(reply.path, 'lit');
      showVerdict('correct', `${reply.word}: +${plural(reply.points, 'point', 'points')}`, 'Correct');
      renderLengths();
    } else {
      const tags = {
        'too-short': 'Too short', 'not-a-word': 'Not a word',
        'not-on-board': 'Not on the board', 'already-found': 'Already found',
      };
      play.board.clear();
      showVerdict('rejected', reply.message, tags[reply.verdict] || 'No');
    }
  } catch (e) {
    if (e.status === 409 || e.status === 404) {
      await endTurn('Time is up.');
    } else {
      showVerdict('rejected', e.message, 'Error');
    }
  }
}

async function endTurn(why) {
  const game = play.game;
  if (!game || game.phase !== 'human') return;
  game.phase = 'ending';
  clearInterval(play.clock);
  setPlaying(false);
  try {
    const view = await backend.endTurn(game.id);
    showResults(view, why);
  } catch (e) {
    showVerdict('rejected', e.message, 'Error');
    $('play-again').hidden = false;
  }
}

function showResults(view, why) {
  play.game = view;
  play.found = [...view.human.words];
  setPlaying(false);
  play.board.clear();
  const human = view.human;
  const computer = view.computer;
  $('human-score').textContent = String(human.score);
  $('computer-score').textContent = String(computer.score);
  $('human-words').replaceChildren(...human.words.map((w) => wordItem(w, play.board)));
  const byPoints = [...computer.words].sort((a, b) => b.points - a.points || a.word.localeCompare(b.word));
  $('computer-words').replaceChildren(...byPoints.map((w) => wordItem(w, play.board)));
  $('human-count').textContent = plural(human.words.length, 'word', 'words');
  // Below every word, the computer leaves words nobody found (the board's count has them).
  $('computer-count').textContent = view.level && view.level !== 'all'
    ? `${plural(computer.words.length, 'word', 'words')} you missed that it knows (${view.level})`
    : `${plural(computer.words.length, 'word', 'words')} you missed`;
  play.missedLetter = '';
  renderMissedFilter();
  const result = $('result');
  const headline = { human: 'You win!', computer: 'The computer wins.', tie: 'A tie.' }[view.winner];
  result.className = `result${view.winner === 'human' ? ' win' : ''}`;
  result.replaceChildren(
    el('strong', {}, `${why && why !== '' ? why + ' ' : ''}${headline}`),
    `You ${human.score}, computer ${computer.score}. The board held ${plural(view.possible.count, 'word', 'words')} worth ${plural(view.possible.score, 'point', 'points')}.`,
  );
  result.hidden = false;
  document.body.classList.add('results');
  renderLengths();
  showVerdict('info', phone() ? 'Tap any word to see its path.' : 'Point at any word to see its path on the board.');
  $('clock').hidden = true;
  $('play-again').hidden = false;
  $('to-solve').hidden = false;
  $('play-link').hidden = false;
  $('play-again').focus({ preventScroll: true });
  // On a phone the outcome is the first thing to see: the board and the result, with
  // the settings folded away above them.
  if (phone()) {
    window.scrollTo(0, 0);
    const box = result.getBoundingClientRect();
    if (box.bottom > window.innerHeight) result.scrollIntoView({ block: 'end', behavior: 'instant' });
  }
}

/** Letter buttons over the missed words: show only those that begin with one. */
function renderMissedFilter() {
  const box = $('missed-filter');
  const items = [...$('computer-words').children];
  const first = (item) => clusters(item.querySelector('.w').textContent)[0] || '';
  const letters = [...new Set(items.map(first))].sort(collator.compare);
  if (letters.length < 2) {
    box.hidden = true;
    return;
  }
  const button = (letter, label) => {
    const b = el('button', { type: 'button', 'aria-pressed': String(play.missedLetter === letter), dataset: { letter } }, label);
    b.addEventListener('click', () => {
      play.missedLetter = letter;
      for (const item of items) item.hidden = letter !== '' && first(item) !== letter;
      for (const other of box.children) other.setAttribute('aria-pressed', String(other === b));
      const shown = items.filter((item) => !item.hidden).length;
      $('computer-count').textContent = letter
        ? `${plural(shown, 'word', 'words')} you missed begin with ${letter}`
        : `${plural(items.length, 'word', 'words')} you missed`;
    });
    return b;
  };
  box.replaceChildren(button('', 'All'), ...letters.map((l) => button(l, l)));
  box.hidden = false;
}

async function previewSet() {
  if (play.game && play.game.phase === 'human') return;
  try {
    const roll = await backend.roll({ set: $('play-set').value });
    if (play.game && play.game.phase === 'human') return;
    showPreview(roll.board, 'Pick dice and rules, then shake.');
  } catch (e) {
    showSetupError(e.message);
  }
}

function showPreview(board, info) {
  play.game = null;
  play.all = null;
  play.board.render(board, { lang: langOf($('play-dict').value) });
  play.board.setEnabled(false, { dim: true });
  $('play-info').textContent = info;
  renderLengths();
}

/** Picks the dictionary of the dice's language when the server has one, and says so
    when it has none (words are then judged in the chosen dictionary's language). */
function pickDictionaryFor(setName) {
  const set = play.sets.find((s) => s.name === setName);
  if (!set) return;
  const { lang } = describeSet(set);
  // With none for the dice's language, the server's default (the first) judges.
  const choice = lang ? dictionaryFor(lang) || dictionaries[0] : null;
  if (choice) $('play-dict').value = choice.name;
  noteDictionary();
}

/** The computer's level needs a dictionary with tiers (compiled with --tiers): with
    none, the control says why it is off and the computer knows every word. */
function noteLevel() {
  const dict = dictionaries.find((d) => d.name === $('play-dict').value);
  const tiered = Boolean(dict && dict.tiers && dict.tiers.length > 1);
  const select = $('play-level');
  const note = $('level-note');
  select.disabled = !tiered;
  if (tiered) {
    note.hidden = true;
    select.removeAttribute('title');
    return;
  }
  select.value = 'all';
  note.textContent = `${dict ? dict.name : 'This dictionary'} has no word tiers`;
  select.title = 'Levels need a dictionary compiled with --tiers';
  note.hidden = false;
}

function noteDictionary() {
  noteLevel();
  const note = $('dict-note');
  const set = play.sets.find((s) => s.name === $('play-set').value);
  const dict = dictionaries.find((d) => d.name === $('play-dict').value);
  const lang = set && !$('play-board').value.trim() ? describeSet(set).lang : '';
  const judged = dict ? dictLang(dict) : '';
  if (!lang || !judged || lang === judged) {
    note.hidden = true;
    return;
  }
  const { group } = describeSet(set);
  const name = Object.keys(LANGS).find((k) => LANGS[k] === judged);
  const language = name ? name.charAt(0).toUpperCase() + name.slice(1) : judged;
  note.textContent = dictionaryFor(lang)
    ? `These are ${group} dice, and ${dict.name} is a ${language} dictionary.`
    : `This ${backend.kind === 'server' ? 'server' : 'page'} has no ${group} dictionary: words are judged in ${language} (${dict.name}). `
      + backend.dictionaryHint(lang, group);
  note.hidden = false;
}

/** Fills the settings from a link's parameters; answers whether it named a board. */
function applyPlayLink(params) {
  const set = params.get('set');
  if (set && play.sets.some((s) => s.name === set)) $('play-set').value = set;
  for (const [key, id] of [['rules', 'play-rules'], ['dict', 'play-dict'], ['timer', 'play-timer'], ['level', 'play-level']]) {
    const value = params.get(key);
    const select = $(id);
    if (value != null && [...select.options].some((o) => o.value === value)) select.value = value;
  }
  $('play-board').value = params.get('board') || '';
  $('play-seed').value = params.get('seed') || '';
  if (params.get('board') || params.get('seed')) $('setup').querySelector('.more').open = true;
  noteDictionary();
  return Boolean(params.get('board') || (set && params.get('seed')));
}

/** Opens the Play view as the address says: the game this tab was playing (after a
    reload), or a shared board ready to play, or a preview of the dice. */
async function openPlay(params) {
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(GAME_KEY) || 'null');
  } catch (e) {
    saved = null;
  }
  if (saved && saved.link === hashFor('play') && saved.link !== '#play') {
    try {
      const view = await backend.game(saved.id);
      applyPlayLink(params);
      if (view.phase === 'human') {
        beginGame(view, { resumed: true });
      } else {
        play.board.render(view.board, { lang: langOf(view.dict) });
        $('play-info').textContent = playInfo(view);
        showResults(view, '');
        loadLengths(view);
      }
      return;
    } catch (e) {
      sessionStorage.removeItem(GAME_KEY); // the game is gone; show its board instead
    }
  }
  if (!applyPlayLink(params)) {
    previewSet();
    return;
  }
  try {
    const board = params.get('board')
      ? await backend.board({ board: params.get('board') })
      : await backend.roll({ set: params.get('set'), seed: Number(params.get('seed')) });
    showPreview(board.board, 'The board of the link you opened: play it when you are ready.');
    $('shake').textContent = 'Play this board';
  } catch (e) {
    showSetupError(e.message);
    previewSet();
  }
}

function setUpPlay(sets) {
  play.sets = sets;
  play.board = new BoardView($('play-grid'), {
    onWord: (word) => guess(word),
    onTrace: (word) => { $('guess').value = word; },
  });
  const groups = new Map();
  for (const set of sets) {
    const { group, label, unverified } = describeSet(set);
    // Unverified sets in a group of their own: a label short enough for a phone.
    const name = unverified ? `${group} (unverified)` : group;
    if (!groups.has(name)) groups.set(name, el('optgroup', { label: name }));
    groups.get(name).append(el('option', { value: set.name }, label));
  }
  const select = $('play-set');
  select.replaceChildren(...groups.values());
  select.value = sets.some((s) => s.name === 'english-new-4x4') ? 'english-new-4x4' : sets[0].name;
  fillDicts($('play-dict'));
  select.addEventListener('change', () => {
    pickDictionaryFor(select.value);
    previewSet();
  });
  // A changed setting is no longer the link's board.
  $('setup').addEventListener('input', () => { $('shake').textContent = 'Shake the dice'; });
  $('play-dict').addEventListener('change', noteDictionary);
  $('play-board').addEventListener('input', noteDictionary);
  $('setup').addEventListener('submit', (e) => {
    e.preventDefault();
    startGame(false);
  });
  $('guess-form').addEventListener('submit', (e) => {
    e.preventDefault();
    guess($('guess').value);
  });
  $('guess').addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      $('guess').value = '';
      play.board.cancelTrace();
    }
  });
  $('end-turn').addEventListener('click', () => endTurn(''));
  $('settings-toggle').addEventListener('click', () => {
    const open = document.body.classList.toggle('settings-open');
    $('settings-toggle').setAttribute('aria-expanded', String(open));
  });
  $('play-again').addEventListener('click', () => startGame(true));
  $('play-link').addEventListener('click', () => copyLink('play', $('play-link-status')));
  $('to-solve').addEventListener('click', () => {
    if (!play.game) return;
    $('solve-board').value = play.game.inline;
    $('solve-dict').value = play.game.dict;
    $('solve-rules').value = play.game.rules;
    $('solve-min').value = '';
    showView('solve');
    solveBoard();
  });
  pickDictionaryFor(select.value);
  if (backend.addDictionary) setUpDictionaryFile();
}

/** The static page's --dict: a dictionary compiled by `polyboggle compile`, opened from
    a file the player picks. */
function setUpDictionaryFile() {
  $('dict-file-field').hidden = false;
  $('dict-file').addEventListener('change', async () => {
    const file = $('dict-file').files[0];
    if (!file) return;
    $('setup-error').hidden = true;
    try {
      const list = await backend.addDictionary(file);
      dictionaries = list.dicts;
      const added = dictionaries[dictionaries.length - 1].name;
      for (const id of ['play-dict', 'solve-dict']) {
        const keep = $(id).value;
        fillDicts($(id));
        $(id).value = keep;
      }
      $('play-dict').value = added;
      noteDictionary();
    } catch (e) {
      showSetupError(e.message);
    }
  });
}

// ---------------------------------------------------------------- Solve

const solver = { board: null, words: [], order: 'points' };

async function solveBoard() {
  const text = $('solve-board').value;
  const errorBox = $('solve-error');
  errorBox.hidden = true;
  if (!text.trim()) {
    $('solve-out').hidden = true;
    errorBox.textContent = 'Type or paste a board first, for example ATEE/APYO/TINU/EDSE.';
    errorBox.hidden = false;
    return;
  }
  const request = { board: text, dict: $('solve-dict').value, rules: $('solve-rules').value };
  if ($('solve-min').value) request.min_len = Number($('solve-min').value);
  const button = $('solve-button');
  button.disabled = true;
  try {
    const [parsed, solution] = await Promise.all([
      backend.board({ board: text }),
      backend.solve(request),
    ]);
    $('solve-out').hidden = false;
    solver.board.render(parsed.board, { lang: langOf(request.dict) });
    solver.words = solution.words;
    $('solve-summary').textContent = `${plural(solution.count, 'word', 'words')} · ${plural(solution.score, 'point', 'points')}`;
    $('solve-link-status').textContent = '';
    renderSolved();
    const params = new URLSearchParams({ board: text, dict: request.dict, rules: request.rules });
    if (request.min_len) params.set('min', String(request.min_len));
    setLink('solve', params);
  } catch (e) {
    // The error replaces the last answer: an old board and its words under a new
    // error would read as the answer to the new board.
    $('solve-out').hidden = true;
    errorBox.textContent = e.message;
    errorBox.hidden = false;
  } finally {
    button.disabled = false;
  }
}

const collator = new Intl.Collator();

function renderSolved() {
  const words = [...solver.words];
  if (solver.order === 'points') {
    words.sort((a, b) => b.points - a.points || collator.compare(a.word, b.word));
  } else {
    words.sort((a, b) => collator.compare(a.word, b.word));
  }
  $('sort-points').setAttribute('aria-pressed', String(solver.order === 'points'));
  $('sort-alpha').setAttribute('aria-pressed', String(solver.order === 'alpha'));
  const list = $('solve-words');
  list.replaceChildren(...words.map((w) => wordItem(w, solver.board, { chip: true })));
  if (!words.length) {
    list.append(el('li', { class: 'none' }, 'No word of this dictionary is on this board. Another dictionary, or shorter words?'));
  }
}

/** Opens the Solve view as a link says: its board, solved. */
function openSolve(params) {
  const board = params.get('board');
  if (!board) return;
  $('solve-board').value = board;
  for (const [key, id] of [['dict', 'solve-dict'], ['rules', 'solve-rules'], ['min', 'solve-min']]) {
    const value = params.get(key);
    const select = $(id);
    if (value != null && [...select.options].some((o) => o.value === value)) select.value = value;
  }
  return solveBoard();
}

function setUpSolve() {
  solver.board = new BoardView($('solve-grid'));
  fillDicts($('solve-dict'));
  $('solve-form').addEventListener('submit', (e) => {
    e.preventDefault();
    solveBoard();
  });
  $('solve-board').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      solveBoard();
    }
  });
  $('sort-points').addEventListener('click', () => { solver.order = 'points'; renderSolved(); });
  $('sort-alpha').addEventListener('click', () => { solver.order = 'alpha'; renderSolved(); });
  $('solve-link').addEventListener('click', () => copyLink('solve', $('solve-link-status')));
}

// ---------------------------------------------------------------- Tabs

function showView(name) {
  currentView = name;
  for (const view of ['play', 'solve']) {
    const on = view === name;
    $(`view-${view}`).hidden = !on;
    const tab = $(`tab-${view}`);
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  if (location.hash !== hashFor(name)) history.replaceState(null, '', hashFor(name));
  solver.board && solver.board.redraw();
  play.board && play.board.redraw();
}

function setUpTabs() {
  const tabs = ['play', 'solve'];
  for (const name of tabs) {
    const tab = $(`tab-${name}`);
    tab.addEventListener('click', () => showView(name));
    tab.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const next = tabs[(tabs.indexOf(name) + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
      showView(next);
      $(`tab-${next}`).focus();
    });
  }
}

async function main() {
  try {
    const started = performance.now();
    const dice = await connect();
    const dicts = await backend.dicts();
    document.body.dataset.backend = backend.kind;
    dictionaries = dicts.dicts;
    setUpPlay(dice.sets);
    setUpSolve();
    setUpTabs();
    const [view, query = ''] = location.hash.slice(1).split('?');
    const name = view === 'solve' ? 'solve' : 'play';
    links[name] = new URLSearchParams(query);
    showView(name);
    await (name === 'solve' ? openSolve(links.solve) : openPlay(links.play));
    if (name === 'solve') previewSet();
    document.body.dataset.ready = 'true';
    // For tests/e2e: how long the page took to be ready, from navigation and from here.
    window.polyboggle = { readyMs: performance.now(), startMs: performance.now() - started };
  } catch (e) {
    showSetupError(e.message);
  }
}

main();
