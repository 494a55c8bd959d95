// The Crossword view (issue 68): draw a grid (black squares kept symmetric as you go),
// type letters and theme entries, see its entries numbered and its legality as you edit;
// fill it from a word list (a dictionary, or a scored list dropped on the page), ask what
// fits one entry, lay a list of answers out, export and import. Every answer comes from
// the backend's crossword operations (docs/crossword.md, "The page"), the server's or
// the module's: the page only edits and draws.
import { ApiError, FillStopped, backend } from '../backend.js';
import { CrosswordGrid, entryThrough } from '../crossword/grid.js';
import { boardLook, dictionaries, onDictionaries } from '../dictionaries.js';
import { $, el } from '../dom.js';
import { clusters, plural } from '../text.js';

const cw = {
  grid: new CrosswordGrid(15, 15),
  squares: [], // each square's element, in reading order: {box, input, number}
  active: [0, 0],
  direction: 'across',
  draw: false, // a click makes a square black (or white again)
  rtl: false,
  numbers: new Map(), // square index -> its number, from the last check
  legal: false,
  clues: [], // [{number, direction, clue}] from a layout or an import
  entries: [], // the last fill's words
  lists: [], // dropped lists: {id, name, words, lang, rtl}
  fill: null, // the fill running: {stop}
  checks: 0, // the last check asked for; older answers are dropped
  checkTimer: 0,
  pressed: null, // the square active when the pointer went down
};

const CW_SCRIPTS = [
  [/[\u0590-\u05FF\uFB1D-\uFB4F]/, 'he', true],
  [/[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/, 'ar', true],
  [/[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/, 'ko', false],
  [/[\u0900-\u097F]/, 'hi', false],
];

/** A list's language and direction, as its first words' script says. */
function listScript(text) {
  const head = text.slice(0, 2000);
  for (const [pattern, lang, rtl] of CW_SCRIPTS) {
    if (pattern.test(head)) return { lang, rtl };
  }
  return { lang: '', rtl: false };
}

function cwError(message) {
  const box = $('cw-error');
  box.textContent = message;
  box.hidden = !message;
}

/** The word list chosen: {list: ID} or {dict: NAME}, with its language. */
function chosenList() {
  const [kind, name] = $('cw-list').value.split(/:(.*)/s);
  if (kind === 'list') {
    const list = cw.lists.find((l) => String(l.id) === name);
    // A list is read as the CLI reads `--words` (no --lang): its script is only for the
    // grid's direction.
    return { source: { list: list ? list.id : name }, lang: '' };
  }
  return { source: { dict: name }, lang: boardLook(name).lang };
}

/** The fields every operation on the grid takes. */
function gridRequest() {
  return { grid: cw.grid.text(), style: $('cw-style').value, rtl: cw.rtl };
}

function listRequest() {
  const { source, lang } = chosenList();
  const request = { ...source };
  const min = $('cw-min').value.trim();
  if (min) request.min_score = Number(min);
  if (lang) request.lang = lang;
  return request;
}

/** Draws the grid's squares: one input a square, read in reading order, drawn from the
    right for a right-to-left grid (the browser lays a grid out from the right there). */
function drawGrid() {
  const { grid } = cw;
  const root = $('cw-grid');
  root.dir = cw.rtl ? 'rtl' : 'ltr';
  root.style.setProperty('--cols', grid.cols);
  cw.squares = grid.squares.map((_, i) => {
    const row = Math.floor(i / grid.cols);
    const col = i % grid.cols;
    const input = el('input', {
      class: 'cw-in', dir: 'auto', spellcheck: false, autocomplete: 'off', tabindex: '-1',
      autocapitalize: 'characters', dataset: { row: String(row), col: String(col) },
    });
    input.setAttribute('autocorrect', 'off');
    const number = el('span', { class: 'cw-num', 'aria-hidden': 'true' });
    const box = el('div', { class: 'cw-sq', dataset: { index: String(i) } }, number, input);
    return { box, input, number };
  });
  root.replaceChildren(...cw.squares.map((s) => s.box));
  if (!grid.inside(...cw.active)) cw.active = [0, 0];
  showSquares();
}

/** Shows every square's state: black, its letter (the constructor's or a fill's), its
    number, the entry being typed, and its label for a screen reader. */
function showSquares() {
  const { grid } = cw;
  const entry = entryThrough(grid, ...cw.active, cw.direction) || [];
  const typing = new Set(entry.map(([r, c]) => grid.index(r, c)));
  const activeIndex = grid.index(...cw.active);
  grid.squares.forEach((square, i) => {
    const { box, input, number } = cw.squares[i];
    const row = Math.floor(i / grid.cols);
    const col = i % grid.cols;
    box.classList.toggle('black', square.black);
    box.classList.toggle('filled', Boolean(square.letter) && !square.kept);
    box.classList.toggle('entry', typing.has(i));
    box.classList.toggle('active', i === activeIndex);
    if (input.value !== square.letter) input.value = square.letter;
    input.tabIndex = i === activeIndex ? 0 : -1;
    const n = cw.numbers.get(i);
    number.textContent = n ? String(n) : '';
    const what = square.black ? 'black' : square.letter ? `${square.letter}${square.kept ? '' : ' (filled)'}` : 'empty';
    input.setAttribute('aria-label', `${n ? `${n}, ` : ''}row ${row + 1}, column ${col + 1}: ${what}`);
  });
  const n = entry.length ? cw.numbers.get(grid.index(...entry[0])) : null;
  $('cw-slot').textContent = entry.length
    ? `${n ? `${n} ` : ''}${cw.direction}, ${plural(entry.length, 'square', 'squares')}: ${entry.map(([r, c]) => grid.square(r, c).letter || '·').join(' ')}`
    : '';
  $('cw-dir').textContent = cw.direction === 'across' ? 'Typing across' : 'Typing down';
  $('cw-dir').setAttribute('aria-pressed', String(cw.direction === 'down'));
}

/** What fits an entry of another grid: gone. */
function clearFits() {
  $('cw-fits-summary').textContent = '';
  $('cw-fits-list').replaceChildren();
}

/** After an edit: the squares shown again, and the grid checked (numbers, legality). */
function edited({ structure = false } = {}) {
  if (structure && cw.clues.length) cw.clues = []; // their numbers no longer hold
  if (structure) clearFits();
  lightSquares([]);
  showSquares();
  clearTimeout(cw.checkTimer);
  cw.checkTimer = setTimeout(checkGrid, 40);
}

/** Numbers the grid's entries and says whether it is legal, as the backend reads it. */
async function checkGrid() {
  const asked = ++cw.checks;
  const status = $('cw-legal');
  let answer;
  try {
    answer = await backend.crossword('check', gridRequest());
  } catch (e) {
    if (asked !== cw.checks) return;
    status.textContent = e.message;
    status.className = 'cw-legal bad';
    return;
  }
  if (asked !== cw.checks) return;
  cw.numbers = new Map();
  for (const slot of answer.slots) cw.numbers.set(cw.grid.index(slot.row, slot.col), slot.number);
  cw.legal = answer.legal;
  cw.slots = answer.slots;
  const style = $('cw-style').value === 'british' ? 'British' : 'American';
  const symmetry = $('cw-symmetry').value;
  const black = cw.grid.squares.filter((s) => s.black).length;
  let text;
  if (answer.legal) {
    text = `A legal ${style} grid: ${plural(answer.slots.length, 'entry', 'entries')}, ${plural(black, 'black square', 'black squares')}.`;
    if (symmetry !== 'none' && !cw.grid.symmetric(symmetry)) text += ` Not ${symmetry === 'mirror' ? 'mirror' : 'rotationally'} symmetric.`;
  } else {
    text = `Not a legal ${style} grid: ${answer.error ? answer.error.message : 'see the grid'}`;
  }
  status.textContent = text;
  status.className = `cw-legal ${answer.legal ? 'good' : 'bad'}`;
  showSquares();
  for (const { box } of cw.squares) box.classList.remove('bad');
  if (answer.error && cw.grid.inside(answer.error.row, answer.error.col)) {
    cw.squares[cw.grid.index(answer.error.row, answer.error.col)].box.classList.add('bad');
  }
}

/** Lights squares ([[row, col]...]) as the ones an error is about. */
function lightSquares(cells) {
  for (const { box } of cw.squares) box.classList.remove('lit');
  for (const [r, c] of cells) {
    if (cw.grid.inside(r, c)) cw.squares[cw.grid.index(r, c)].box.classList.add('lit');
  }
}

/** Lights what an error names: its entry, or its square. */
function lightError(e) {
  const at = e instanceof ApiError ? e.at : null;
  if (!at || !cw.grid.inside(at.row, at.col)) {
    lightSquares([]);
    return;
  }
  lightSquares(at.direction ? entryThrough(cw.grid, at.row, at.col, at.direction) || [[at.row, at.col]] : [[at.row, at.col]]);
}

function focusSquare(row, col) {
  if (!cw.grid.inside(row, col)) return;
  cw.active = [row, col];
  showSquares();
  cw.squares[cw.grid.index(row, col)].input.focus();
}

function toggleBlack(row, col) {
  const square = cw.grid.square(row, col);
  cw.grid.setBlack(row, col, !square.black, $('cw-symmetry').value);
  edited({ structure: true });
}

/** Types text from the active square on, one grapheme cluster a square, in the direction
    of typing (a pasted theme entry fills its squares). */
function typeLetters(text) {
  const letters = clusters(text.normalize('NFC')).filter((g) => g.trim() && g !== '.');
  if (!letters.length) return;
  let [row, col] = cw.active;
  const [dr, dc] = cw.direction === 'down' ? [1, 0] : [0, 1];
  const lang = chosenList().lang || undefined;
  for (const letter of letters) {
    if (!cw.grid.inside(row, col)) break;
    const square = cw.grid.square(row, col);
    if (square.black) cw.grid.setBlack(row, col, false, $('cw-symmetry').value);
    square.letter = letter.toLocaleUpperCase(lang);
    square.kept = true;
    if (!cw.grid.inside(row + dr, col + dc) || cw.grid.square(row + dr, col + dc).black) break;
    row += dr;
    col += dc;
  }
  edited({ structure: false });
  focusSquare(row, col);
}

function onKey(e) {
  const input = e.target;
  if (!input.classList.contains('cw-in')) return;
  const row = Number(input.dataset.row);
  const col = Number(input.dataset.col);
  // A right-to-left grid is drawn from the right: the left arrow goes on in reading order.
  const ahead = cw.rtl ? -1 : 1;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -ahead], ArrowRight: [0, ahead] };
  if (e.isComposing) return;
  if (moves[e.key]) {
    e.preventDefault();
    const [dr, dc] = moves[e.key];
    focusSquare(row + dr, col + dc);
  } else if (e.key === ' ' || e.key === '.') {
    e.preventDefault();
    toggleBlack(row, col);
  } else if (e.key === 'Tab' && !e.altKey && !e.ctrlKey && !e.metaKey) {
    e.preventDefault();
    setDirection(cw.direction === 'across' ? 'down' : 'across');
  } else if (e.key === 'Escape') {
    e.preventDefault();
    $('cw-dir').focus();
  } else if (e.key === 'Enter') {
    e.preventDefault();
    setDirection(cw.direction === 'across' ? 'down' : 'across');
  } else if (e.key === 'Backspace' || e.key === 'Delete') {
    e.preventDefault();
    const square = cw.grid.square(row, col);
    if (square.letter || e.key === 'Delete') {
      square.letter = '';
      square.kept = false;
    } else {
      const [dr, dc] = cw.direction === 'down' ? [1, 0] : [0, 1];
      const back = [row - dr, col - dc];
      if (cw.grid.inside(...back) && !cw.grid.square(...back).black) {
        cw.grid.square(...back).letter = '';
        cw.grid.square(...back).kept = false;
        cw.active = back;
      }
    }
    edited();
    focusSquare(...cw.active);
  }
}

function setDirection(direction) {
  cw.direction = direction;
  showSquares();
}

/** A new empty grid of the size asked for. */
function newGrid(rows, cols) {
  cw.grid = new CrosswordGrid(rows, cols);
  cw.clues = [];
  cw.entries = [];
  showEntries();
  clearFits();
  drawGrid();
  edited();
}

function setRtl(rtl) {
  cw.rtl = rtl;
  $('cw-rtl').checked = rtl;
  $('cw-grid').dir = rtl ? 'rtl' : 'ltr';
}

/** The word list menu: the backend's dictionaries, then the lists dropped on the page. */
function fillListMenu() {
  const select = $('cw-list');
  const keep = select.value;
  select.replaceChildren(
    ...dictionaries.map((d) => el('option', { value: `dict:${d.name}` }, `${d.name} (${d.words.toLocaleString()} words)`)),
    ...cw.lists.map((l) => el('option', { value: `list:${l.id}` }, `${l.name} (${l.words.toLocaleString()} words)`)),
  );
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

/** A list dropped on the page or chosen: UTF-8 `word;score` lines (or words alone),
    read by the backend; a line it cannot read is named, and the grid stays. */
async function addList(file) {
  cwError('');
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    const loose = new TextDecoder('utf-8').decode(bytes);
    const line = loose.slice(0, loose.indexOf('\uFFFD')).split('\n').length;
    cwError(`${file.name}, line ${line}: not UTF-8 text (a word list is UTF-8, word;score a line).`);
    return;
  }
  $('cw-progress').textContent = `Reading ${file.name}…`;
  try {
    const answer = await backend.crossword('list', { text });
    const script = listScript(text);
    cw.lists.push({ id: answer.id, name: file.name, words: answer.words, ...script });
    fillListMenu();
    $('cw-list').value = `list:${answer.id}`;
    if (script.rtl !== cw.rtl) {
      setRtl(script.rtl);
      edited();
    }
    $('cw-progress').textContent = `${file.name}: ${plural(answer.words, 'word', 'words')}${answer.skipped ? `, ${plural(answer.skipped, 'line', 'lines')} skipped` : ''}.`;
  } catch (e) {
    $('cw-progress').textContent = '';
    cwError(`${file.name}: ${e.message}`);
  }
}

function fillBusy(busy) {
  $('cw-fill').disabled = busy;
  $('cw-stop').disabled = !busy;
  document.body.classList.toggle('cw-filling', busy);
}

/** Fills the grid around its letters, progress shown as it goes; Stop ends it. */
async function fillGrid() {
  cwError('');
  lightSquares([]);
  if (cw.fill) return;
  const time = Number($('cw-time').value) || 60;
  const request = { ...gridRequest(), ...listRequest(), time, seed: Number($('cw-seed').value) || 0 };
  delete request.rtl;
  const progress = $('cw-progress');
  progress.textContent = 'Filling…';
  delete progress.dataset.ms;
  fillBusy(true);
  const started = performance.now();
  cw.fill = backend.crosswordFill(request, (p) => {
    progress.textContent = `Filling: ${plural(p.attempts || 0, 'attempt', 'attempts')}, ${plural(p.restarts || 0, 'restart', 'restarts')}, ${(p.seconds || 0).toFixed(1)} s…`;
  });
  try {
    const result = await cw.fill.done;
    const ms = performance.now() - started;
    const rtl = result.words.some((w) => w.direction === 'across' && w.rtl);
    if (rtl !== cw.rtl) {
      setRtl(rtl);
      $('cw-grid').dir = rtl ? 'rtl' : 'ltr';
    }
    cw.grid.putLetters(result.grid, rtl);
    cw.entries = result.words;
    clearFits();
    showEntries();
    edited();
    progress.textContent = `Filled in ${(ms / 1000).toFixed(2)} s: ${plural(result.words.length, 'entry', 'entries')}, mean score ${Number(result.mean_score).toFixed(1)}.`;
    progress.dataset.ms = String(Math.round(ms));
    progress.dataset.seconds = String(result.seconds);
  } catch (e) {
    progress.textContent = e instanceof FillStopped ? 'Stopped: the grid is as it was.' : '';
    if (!(e instanceof FillStopped)) {
      cwError(e.message);
      lightError(e);
    }
  } finally {
    cw.fill = null;
    fillBusy(false);
  }
}

/** The last fill's entries, each to lock (kept by the next fill) or clear. */
function showEntries() {
  const list = $('cw-entries');
  $('cw-entries-box').hidden = !cw.entries.length;
  list.replaceChildren(...cw.entries.map((word) => {
    const cells = word.cells.map(([r, c]) => [r, cw.rtl ? cw.grid.cols - 1 - c : c]);
    const kept = cells.every(([r, c]) => cw.grid.square(r, c).kept);
    const current = cells.map(([r, c]) => cw.grid.square(r, c).letter || '·').join('');
    const lock = el('button', { type: 'button', class: 'cw-lock', 'aria-pressed': String(kept) }, kept ? 'Locked' : 'Lock');
    lock.addEventListener('click', () => {
      for (const [r, c] of cells) {
        if (cw.grid.square(r, c).letter) cw.grid.square(r, c).kept = !kept;
      }
      showEntries();
      edited();
    });
    const clear = el('button', { type: 'button', class: 'cw-clear' }, 'Clear');
    clear.addEventListener('click', () => {
      for (const [r, c] of cells) {
        const square = cw.grid.square(r, c);
        if (!square.kept) square.letter = '';
      }
      showEntries();
      edited();
    });
    const item = el('li', { dataset: { number: String(word.number), direction: word.direction } },
      el('span', { class: 'w', dir: 'auto' }, `${word.number} ${word.direction} ${current}`),
      el('span', { class: 'pts' }, word.score != null ? String(word.score) : 'theme'),
      lock, clear);
    item.addEventListener('mouseenter', () => lightSquares(cells));
    item.addEventListener('mouseleave', () => lightSquares([]));
    return item;
  }));
}

/** The words that fit the entry being typed and keep the grid fillable, best first. */
async function whatFits() {
  cwError('');
  const [row, col] = cw.active;
  const summary = $('cw-fits-summary');
  const list = $('cw-fits-list');
  const entry = entryThrough(cw.grid, row, col, cw.direction);
  if (!entry) {
    summary.textContent = 'Pick a white square first: the entry through it, in the direction of typing.';
    list.replaceChildren();
    return;
  }
  const started = performance.now();
  try {
    const answer = await backend.crossword('fits', { ...gridRequest(), ...listRequest(), row, col, direction: cw.direction, limit: 50 });
    const ms = performance.now() - started;
    const n = cw.numbers.get(cw.grid.index(answer.row, answer.col));
    const shown = answer.candidates.length;
    summary.textContent = `${n ? `${n} ` : ''}${answer.direction}, ${answer.pattern}: ${plural(answer.total, 'word fits', 'words fit')} as the grid stands; `
      + `${shown === answer.total ? 'each' : `the best ${shown}`} ${shown === 1 ? 'keeps' : 'keep'} every crossing entry fillable`
      + `${answer.cut ? ' (the time allowed ran out: more may)' : ''} (${Math.round(ms)} ms).`;
    summary.dataset.ms = String(Math.round(ms));
    list.replaceChildren(...answer.candidates.map((c) => {
      const item = el('li', { tabindex: '0' }, el('span', { class: 'w', dir: 'auto' }, c.word), el('span', { class: 'pts' }, String(c.score)));
      const put = () => {
        const saved = cw.direction;
        cw.active = entry[0];
        cw.direction = answer.direction;
        typeLetters(c.word);
        cw.direction = saved;
        showSquares();
      };
      item.addEventListener('click', put);
      item.addEventListener('keydown', (e) => { if (e.key === 'Enter') put(); });
      return item;
    }));
    if (!answer.candidates.length) list.append(el('li', { class: 'none' }, 'Nothing fits: a crossing entry would be left with no word.'));
  } catch (e) {
    summary.textContent = '';
    list.replaceChildren();
    cwError(e.message);
    lightError(e);
  }
}

/** Lays the pasted answers out as a grid (the layout generator), then it is edited here. */
async function layOut() {
  cwError('');
  const request = { words: $('cw-words').value, seed: Number($('cw-seed').value) || 1 };
  const size = $('cw-layout-size').value.trim();
  if (size) request.size = size;
  if ($('cw-auto').checked) request.auto = true;
  const { lang } = listScript(request.words);
  if (lang) request.lang = lang;
  $('cw-layout').disabled = true;
  try {
    const answer = await backend.crossword('layout', request);
    const rtl = answer.words.some((w) => w.direction === 'across' && w.rtl);
    cw.grid = new CrosswordGrid(answer.rows, answer.cols);
    setRtl(rtl);
    cw.grid.putLetters(answer.grid, rtl, true);
    cw.clues = answer.words.map((w) => ({ number: w.number, direction: w.direction, clue: w.clue || w.word }));
    cw.entries = [];
    clearFits();
    showEntries();
    $('cw-rows').value = String(answer.rows);
    $('cw-cols').value = String(answer.cols);
    // A layout leaves squares unchecked: a British grid.
    $('cw-style').value = 'british';
    $('cw-symmetry').value = 'none';
    drawGrid();
    edited();
    $('cw-files-status').textContent = `Laid out ${plural(answer.placed, 'word', 'words')}${answer.dropped.length ? `; left out: ${answer.dropped.join(', ')}` : ''}.`;
  } catch (e) {
    cwError(e.message);
  } finally {
    $('cw-layout').disabled = false;
  }
}

function saveFile(name, blob) {
  const url = URL.createObjectURL(blob);
  const link = el('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function fromBase64Bytes(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Exports the grid: .ipuz (clues included), .puz, the SVG blank or solved, a PNG. */
async function exportAs(format) {
  cwError('');
  const status = $('cw-files-status');
  const request = { ...gridRequest(), format: format === 'png' ? 'svg-solution' : format };
  if (cw.clues.length) request.clues = cw.clues;
  try {
    const answer = await backend.crossword('export', request);
    if (format === 'puz') {
      saveFile('crossword.puz', new Blob([fromBase64Bytes(answer.base64)], { type: 'application/x-crossword' }));
    } else if (format === 'ipuz') {
      saveFile('crossword.ipuz', new Blob([answer.text], { type: 'application/json' }));
    } else if (format === 'png') {
      saveFile('crossword.png', await pngOf(answer.text));
    } else {
      saveFile(format === 'svg' ? 'crossword.svg' : 'crossword-solution.svg', new Blob([answer.text], { type: 'image/svg+xml' }));
    }
    status.textContent = `Exported: ${format === 'svg-solution' ? 'the SVG with its solution' : format.toUpperCase()}.`;
  } catch (e) {
    status.textContent = '';
    cwError(e.message);
    lightError(e);
  }
}

/** The SVG drawn on a canvas, twice its size, as a PNG. */
function pngOf(svg) {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = el('canvas', { width: image.naturalWidth * 2, height: image.naturalHeight * 2 });
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser made no PNG'))), 'image/png');
    };
    image.onerror = () => reject(new Error('the browser could not draw the SVG'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

/** Imports a .ipuz or a text grid; one that does not parse is said where, the grid kept. */
async function importFile(file) {
  cwError('');
  const text = await file.text();
  const format = /\.ipuz$/i.test(file.name) || text.trimStart().startsWith('{') ? 'ipuz' : 'text';
  try {
    const answer = await backend.crossword('import', { text, format });
    cw.grid = CrosswordGrid.fromText(answer.grid);
    setRtl(Boolean(answer.rtl));
    cw.clues = answer.clues || [];
    cw.entries = [];
    clearFits();
    showEntries();
    $('cw-rows').value = String(cw.grid.rows);
    $('cw-cols').value = String(cw.grid.cols);
    drawGrid();
    edited();
    $('cw-files-status').textContent = `Imported ${file.name}: ${cw.grid.rows}×${cw.grid.cols}${cw.clues.length ? `, ${plural(cw.clues.length, 'clue', 'clues')}` : ''}.`;
  } catch (e) {
    cwError(`${file.name}: ${e.message}`);
  }
}

/** Opens the view: the grid checked (its numbers shown). */
export function openCrossword() {
  edited();
}

export function setUpCrossword() {
  const rows = () => Math.max(3, Math.min(64, Number($('cw-rows').value) || 15));
  const cols = () => Math.max(3, Math.min(64, Number($('cw-cols').value) || 15));
  fillListMenu();
  onDictionaries(fillListMenu);
  $('cw-list').addEventListener('change', () => {
    const chosen = $('cw-list').value;
    const list = cw.lists.find((l) => chosen === `list:${l.id}`);
    const rtl = list ? list.rtl : boardLook(chosen.slice(5)).rtl;
    if (rtl !== cw.rtl) {
      setRtl(rtl);
      edited();
    }
  });
  $('cw-setup').addEventListener('submit', (e) => {
    e.preventDefault();
    newGrid(rows(), cols());
  });
  $('cw-style').addEventListener('change', () => edited());
  $('cw-symmetry').addEventListener('change', () => edited());
  $('cw-rtl').addEventListener('change', () => {
    setRtl($('cw-rtl').checked);
    edited();
  });
  $('cw-draw').addEventListener('click', () => {
    cw.draw = !cw.draw;
    $('cw-draw').setAttribute('aria-pressed', String(cw.draw));
    $('cw-draw').textContent = cw.draw ? 'Click: black square' : 'Click: type';
  });
  $('cw-draw').textContent = 'Click: type';
  $('cw-draw').setAttribute('aria-pressed', 'false');
  $('cw-dir').addEventListener('click', () => setDirection(cw.direction === 'across' ? 'down' : 'across'));
  $('cw-clear-fill').addEventListener('click', () => {
    cw.grid.clearLetters(false);
    cw.entries = [];
    showEntries();
    edited();
  });
  $('cw-clear-all').addEventListener('click', () => {
    cw.grid.clearLetters(true);
    cw.entries = [];
    showEntries();
    edited();
  });

  const grid = $('cw-grid');
  grid.addEventListener('click', (e) => {
    const box = e.target.closest('.cw-sq');
    if (!box) return;
    const i = Number(box.dataset.index);
    const row = Math.floor(i / cw.grid.cols);
    const col = i % cw.grid.cols;
    const again = cw.pressed && cw.pressed[0] === row && cw.pressed[1] === col;
    cw.active = [row, col];
    if (cw.draw) toggleBlack(row, col);
    else if (again) setDirection(cw.direction === 'across' ? 'down' : 'across');
    else showSquares();
    cw.squares[i].input.focus();
  });
  // The square active before a press: pressing it again switches across and down.
  grid.addEventListener('pointerdown', () => { cw.pressed = [...cw.active]; });
  grid.addEventListener('focusin', (e) => {
    if (!e.target.classList.contains('cw-in')) return;
    const at = [Number(e.target.dataset.row), Number(e.target.dataset.col)];
    if (at[0] !== cw.active[0] || at[1] !== cw.active[1]) {
      cw.active = at;
      showSquares();
    }
  });
  grid.addEventListener('keydown', onKey);
  // Letters come as input, typed, pasted or composed (Korean syllables): each is placed
  // and the square shows the grid's letter again.
  grid.addEventListener('beforeinput', (e) => {
    if (e.isComposing || e.inputType === 'insertCompositionText') return;
    if (e.inputType === 'insertText' || e.inputType === 'insertFromPaste' || e.inputType === 'insertReplacementText') {
      e.preventDefault();
      const text = e.data ?? (e.dataTransfer ? e.dataTransfer.getData('text/plain') : '');
      if (text) typeLetters(text);
    } else if (e.inputType.startsWith('delete')) {
      e.preventDefault();
    }
  });
  grid.addEventListener('compositionend', (e) => {
    if (e.data) typeLetters(e.data);
    else showSquares();
  });
  grid.addEventListener('input', (e) => {
    // What beforeinput did not take (a browser that sends none): placed, then shown.
    if (e.isComposing || !e.target.classList.contains('cw-in')) return;
    const square = cw.grid.square(Number(e.target.dataset.row), Number(e.target.dataset.col));
    const value = e.target.value;
    if (value === square.letter) return;
    const text = value.startsWith(square.letter) ? value.slice(square.letter.length) : value;
    e.target.value = square.letter;
    typeLetters(text);
  });

  $('cw-fill-form').addEventListener('submit', (e) => {
    e.preventDefault();
    fillGrid();
  });
  $('cw-stop').addEventListener('click', () => { if (cw.fill) cw.fill.stop(); });
  $('cw-list-file').addEventListener('change', () => {
    const [file] = $('cw-list-file').files;
    if (file) addList(file);
    $('cw-list-file').value = '';
  });
  const drop = $('cw-fill-form');
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('dropping');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('dropping'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('dropping');
    const [file] = e.dataTransfer.files;
    if (file) addList(file);
  });
  $('cw-fits').addEventListener('click', whatFits);
  $('cw-layout-form').addEventListener('submit', (e) => {
    e.preventDefault();
    layOut();
  });
  for (const format of ['ipuz', 'puz', 'svg', 'png']) {
    $(`cw-export-${format}`).addEventListener('click', () => exportAs(format));
  }
  $('cw-export-solution').addEventListener('click', () => exportAs('svg-solution'));
  $('cw-import').addEventListener('change', () => {
    const [file] = $('cw-import').files;
    if (file) importFile(file);
    $('cw-import').value = '';
  });
  drawGrid();
  edited();
}
