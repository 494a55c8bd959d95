// The static page: rolls a board, solves it in WebAssembly, and judges the player's
// words against that solution. Classic scripts, no fetch: the page works opened
// from a folder (file://) as well as from any static host. polyboggle_wasm.js defines
// `wasm_bindgen`; polyboggle_wasm_bytes.js defines POLYBOGGLE_WASM, the module in
// base64 (a file:// page cannot fetch the .wasm beside it).
'use strict';

(async function main() {
  const started = performance.now();
  const $ = (id) => document.getElementById(id);
  const status = $('status');

  const binary = atob(POLYBOGGLE_WASM);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  await wasm_bindgen({ module_or_path: bytes });
  const { Engine, roll, diceSets } = wasm_bindgen;

  let engine = Engine.builtin();
  let dictName = 'enable2k';
  // The board being played, its solution (words by display form) and what is found.
  let game = null;
  // Cells clicked so far, [row, col] each: a word traced on the board.
  let trace = [];

  const sets = JSON.parse(diceSets());
  for (const { set, rows, cols } of sets) {
    const option = document.createElement('option');
    option.value = set;
    option.textContent = `${set} (${rows}×${cols})`;
    $('set').append(option);
  }
  $('set').value = 'english-new-4x4';

  /** The inline form of rows of faces: faces split by spaces, rows by /. */
  const inline = (rows) => rows.map((row) => row.join(' ')).join('/');

  function drawBoard(rows) {
    const board = $('board');
    board.replaceChildren();
    board.style.gridTemplateColumns = `repeat(${rows[0].length}, auto)`;
    rows.forEach((row, r) => row.forEach((face, c) => {
      const cell = document.createElement('div');
      cell.className = 'cell';
      cell.dataset.row = r;
      cell.dataset.col = c;
      cell.textContent = face;
      board.append(cell);
    }));
  }

  function light(path) {
    for (const cell of $('board').children) cell.classList.remove('lit');
    for (const [r, c] of path) {
      const cell = $('board').querySelector(`[data-row="${r}"][data-col="${c}"]`);
      if (cell) cell.classList.add('lit');
    }
  }

  function listWords(list, words) {
    list.replaceChildren(...words.map((w) => {
      const item = document.createElement('li');
      item.textContent = `${w.word} ${w.points}`;
      return item;
    }));
  }

  function newGame() {
    const set = $('set').value;
    let seed = Number($('seed').value);
    if (!$('seed').value || !Number.isInteger(seed) || seed < 0) {
      seed = Math.floor(Math.random() * 1e9);
      $('seed').value = seed;
    }
    const rolled = JSON.parse(roll(set, seed));
    const board = inline(rolled.board);
    const rules = $('rules').value;
    const solution = JSON.parse(engine.solve(board, rules));
    trace = [];
    game = {
      board, rules, solution, faces: rolled.board, found: new Map(),
      words: new Map(solution.words.map((w) => [w.word, w])),
    };
    window.polyboggle.board = rolled;
    window.polyboggle.solution = solution;
    drawBoard(rolled.board);
    $('found').replaceChildren();
    $('solution').replaceChildren();
    $('solution').hidden = true;
    $('score').textContent = '0';
    $('count').textContent = '0';
    $('total').textContent = String(solution.count);
    $('message').textContent = '';
    $('guess').focus();
  }

  function guess(text) {
    const word = engine.display(text.trim());
    if (!word) return;
    const answer = game.words.get(word);
    if (game.found.has(word)) {
      $('message').textContent = `${word}: already found`;
    } else if (!answer) {
      $('message').textContent = `${word}: not a word on this board`;
    } else {
      game.found.set(word, answer);
      const item = document.createElement('li');
      item.textContent = `${word} ${answer.points}`;
      $('found').prepend(item);
      let score = 0;
      for (const w of game.found.values()) score += w.points;
      $('score').textContent = String(score);
      $('count').textContent = String(game.found.size);
      $('message').textContent = '';
      light(answer.path);
    }
  }

  $('roll').addEventListener('submit', (event) => {
    event.preventDefault();
    try {
      newGame();
    } catch (e) {
      $('message').textContent = String(e.message || e);
    }
  });
  $('rules').addEventListener('change', () => newGame());
  $('guess-form').addEventListener('submit', (event) => {
    event.preventDefault();
    guess($('guess').value);
    $('guess').value = '';
    trace = [];
  });
  // Tracing: click cells in order (each next to the last, none twice); click the last
  // cell again to enter the word. Any other cell starts a new trace.
  $('board').addEventListener('click', (event) => {
    const cell = event.target.closest('.cell');
    if (!cell) return;
    const [r, c] = [Number(cell.dataset.row), Number(cell.dataset.col)];
    const last = trace[trace.length - 1];
    if (last && last[0] === r && last[1] === c) {
      guess($('guess').value);
      $('guess').value = '';
      trace = [];
      return;
    }
    const next = last && Math.abs(last[0] - r) <= 1 && Math.abs(last[1] - c) <= 1
      && !trace.some(([a, b]) => a === r && b === c);
    if (!next) trace = [];
    trace.push([r, c]);
    $('guess').value = trace.map(([a, b]) => game.faces[a][b]).join('');
    light(trace);
  });
  $('reveal').addEventListener('click', () => {
    listWords($('solution'), game.solution.words);
    $('solution').hidden = false;
  });
  $('solve-custom').addEventListener('click', () => {
    try {
      const solution = JSON.parse(engine.solve($('custom').value, $('rules').value));
      window.polyboggle.custom = solution;
      $('custom-result').textContent = `${solution.count} words, ${solution.score} points`;
      listWords($('custom-words'), solution.words);
    } catch (e) {
      window.polyboggle.custom = null;
      $('custom-result').textContent = String(e.message || e);
      $('custom-words').replaceChildren();
    }
  });
  $('dict-file').addEventListener('change', async () => {
    const file = $('dict-file').files[0];
    if (!file) return;
    try {
      const next = Engine.fromBytes(new Uint8Array(await file.arrayBuffer()), file.name);
      engine.free();
      engine = next;
      dictName = file.name;
      $('dict-name').textContent = `${dictName}: ${engine.wordCount()} words`;
      newGame();
    } catch (e) {
      $('dict-name').textContent = String(e.message || e);
    }
  });

  // For tests and the curious: the engine, and the time the first board took.
  window.polyboggle = {
    engine: () => engine,
    /** Scores boards (one a line) in the page: {boards, score, ms}. */
    speed(text, rules = 'hasbro') {
      const t0 = performance.now();
      const result = JSON.parse(engine.scoreLines(text, rules));
      return { ...result, ms: performance.now() - t0 };
    },
  };
  newGame();
  // From the start of navigation (the scripts' loading included), and from the
  // moment this script ran (the module's decoding and compiling, the first solve).
  const ms = performance.now();
  window.polyboggle.firstBoardMs = ms;
  window.polyboggle.startMs = ms - started;
  status.textContent = `ready: first board in ${Math.round(ms)} ms, ${dictName} (${engine.wordCount()} words)`;
  document.body.dataset.ready = 'true';
}()).catch((e) => {
  document.getElementById('status').textContent = `failed to start: ${e.message || e}`;
  document.body.dataset.ready = 'failed';
});
