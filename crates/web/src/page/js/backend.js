// What the page asks of a game and a solver: the server's JSON API (docs/web.md) when
// `polyboggle serve` serves the page, or the same operations in WebAssembly when the page
// is the static one (crates/wasm/build.sh). `connect` picks one; `backend` is it.
import { el } from './dom.js';

export class ApiError extends Error {
  /** `at`: the square or entry the error is about, where one can be named (a crossword's
      {row, col, direction}: zero-based, in reading order). */
  constructor(message, status, at = null) {
    super(message);
    this.status = status;
    this.at = at;
  }
}

/** The error a fill that was stopped ends with. */
export class FillStopped extends ApiError {
  constructor() {
    super('Stopped.', 0);
  }
}

const CROSSWORD_OPS = {
  check: 'crosswordCheck',
  list: 'crosswordList',
  fits: 'crosswordFits',
  layout: 'crosswordLayout',
  export: 'crosswordExport',
  import: 'crosswordImport',
};

/** Calls the API; a failure throws an ApiError carrying the server's one line. */
async function api(method, path, body, token) {
  const init = { method, headers: {} };
  if (token) init.headers.Authorization = `Bearer ${token}`;
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
    throw new ApiError((data && data.error) || `The server answered HTTP ${response.status}.`, response.status, (data && data.at) || null);
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

  /** A room (docs/web.md): {name, dict, set, seed, board, rules, timer, scoring}; answers
      {code, player, token, link}. Every other call names its player by the token. */
  openRoom(request) { return api('POST', '/api/rooms', request); }

  joinRoom(code, name) { return api('POST', `/api/rooms/${encodeURIComponent(code)}/join`, { name }); }

  room(code, token) { return api('GET', `/api/rooms/${encodeURIComponent(code)}`, undefined, token); }

  /** The host starts a round (or the next) after `countdown` seconds. */
  startRoom(code, token, countdown) { return api('POST', `/api/rooms/${encodeURIComponent(code)}/start`, { countdown }, token); }

  roomWord(code, token, word) { return api('POST', `/api/rooms/${encodeURIComponent(code)}/words`, { word }, token); }

  leaveRoom(code, token) { return api('POST', `/api/rooms/${encodeURIComponent(code)}/leave`, undefined, token); }

  /** The room's live connection: its WebSocket's address. */
  roomLive(code, token) {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/api/rooms/${encodeURIComponent(code)}/live?token=${encodeURIComponent(token)}`;
  }

  /** A crossword operation (docs/crossword.md, "The page"): check, list, fits, layout,
      export, import; answers its JSON, or throws an ApiError with the one line. */
  crossword(op, request) {
    if (!CROSSWORD_OPS[op]) return Promise.reject(new ApiError(`no crossword operation ${op}`, 400));
    return api('POST', `/api/crossword/${op}`, request);
  }

  /** Fills a grid on the server: {done: a Promise of the fill, stop()}; `onProgress`
      gets {attempts, restarts, seconds} while it runs. Stopped, `done` rejects with
      FillStopped. */
  crosswordFill(request, onProgress) {
    let id = null;
    let stopped = false;
    const done = (async () => {
      ({ id } = await api('POST', '/api/crossword/fills', request));
      for (;;) {
        if (stopped) {
          await api('DELETE', `/api/crossword/fills/${id}`).catch(() => {});
          throw new FillStopped();
        }
        await new Promise((resolve) => { setTimeout(resolve, 200); });
        if (stopped) continue;
        const state = await api('GET', `/api/crossword/fills/${id}`);
        if (state.state === 'done') return state.result;
        if (state.state === 'failed') throw new ApiError(state.error, 422, state.at || null);
        if (state.state === 'stopped') throw new FillStopped();
        onProgress(state);
      }
    })();
    return { done, stop() { stopped = true; } };
  }

  /** What to do for a dictionary of `lang` this backend lacks. */
  dictionaryHint(lang, group) {
    return `To play in ${group}, build its dictionary (dictionaries/build-languages.sh ${lang}) and restart the server, or start it with --dict ${lang}=WORDLIST.`;
  }
}

/** The same operations in WebAssembly (crates/wasm's Local: the server's Rust code), for
    the static page. The module has no clock and no randomness: the page passes the time
    and a seed for a roll nobody chose. A reload forgets the module's memory, so each
    game is recorded in the tab (sessionStorage) and played again when asked for.
    The module holds no dictionary: each is fetched from beside the page (languages.json
    lists them) when its language is chosen, written into the module's memory as it
    arrives, and kept in the browser's Cache Storage for the next visit. */
class WasmBackend {
  constructor(glue, local) {
    this.kind = 'static';
    this.glue = glue;
    this.local = local;
    /** languages.json's dictionaries not opened yet, each with its language. */
    this.offered = [];
    /** Where each opened dictionary's bytes come from, for a fill's worker: {url, tag}
        (fetched again, from the browser's cache) or {bytes, tag}. */
    this.sources = new Map();
    /** The crossword lists made (crosswordList): their text by id, for a fill's worker. */
    this.lists = new Map();
    /** A fill's worker readied for a list or dictionary: {key, worker}. */
    this.spare = null;
  }

  /** A call into the module: its JSON parsed, or its Failure as an ApiError. */
  call(f) {
    try {
      return Promise.resolve(JSON.parse(f()));
    } catch (e) {
      return Promise.reject(WasmBackend.failure(e));
    }
  }

  /** The module's Failure (or anything else thrown) as an ApiError. */
  static failure(e) {
    if (e && typeof e.status === 'number') {
      const error = new ApiError(e.message, e.status, WasmBackend.at(e));
      if (e.free) e.free();
      return error;
    }
    return new ApiError(String(e && e.message || e), 500);
  }

  /** Where a Failure says its error is (a crossword's square or entry), if it does. */
  static at(e) {
    let { at } = e;
    if (typeof at === 'string') {
      try {
        at = JSON.parse(at);
      } catch (e2) {
        at = null;
      }
    }
    return at && typeof at === 'object' ? at : null;
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

  /** A room of a link (no server): `body` as POST /api/rooms takes it, its round from
      `starts` (ms); kept under `key`; answers its view at `now`. */
  roomOpen(key, body, starts, now) { return this.call(() => this.local.roomOpen(key, JSON.stringify(body), starts, now)); }

  roomView(key, now) { return this.call(() => this.local.roomView(key, now)); }

  roomWord(key, word, now) { return this.call(() => this.local.roomWord(key, word, now)); }

  /** The players' lists ([{name, words}]) scored together, as the server scores a room. */
  roomResults(settings, lists) { return this.call(() => this.local.roomResults(JSON.stringify(settings), JSON.stringify(lists))); }

  /** Adds a dictionary compiled by `polyboggle compile` (a File); answers the list. */
  async addDictionary(file) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const name = file.name.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 32) || 'mine';
    const list = await this.call(() => this.local.addDictionary(name, bytes));
    this.sources.set(name, { bytes, tag: undefined });
    return list;
  }

  /** Opens a dictionary of languages.json (`entry`: its tag, dict, file and bytes): from
      the browser's cache when kept there, else fetched, each chunk written into the
      module's memory as it comes (`progress(done, total)`), and kept for the next
      visit. Answers the list of dictionaries and a note when it could not be kept
      (storage full or refused: it plays all the same). A failed download or a damaged
      file throws an ApiError with one line. */
  async openDictionary(entry, progress = () => {}) {
    const url = new URL(entry.file, location.href).href;
    let cache = null;
    let note = '';
    const keepFailed = (e) => {
      note = `${entry.language ? entry.language.name : entry.file} plays, but is not kept for offline play: the browser's storage is full or refused (${e && e.name || e}).`;
    };
    try {
      cache = await caches.open(DICTIONARY_CACHE);
    } catch (e) {
      keepFailed(e);
    }
    let response = null;
    try {
      response = cache && await cache.match(url);
    } catch (e) {
      response = null;
    }
    const kept = Boolean(response);
    if (!response) {
      try {
        response = await fetch(url);
      } catch (e) {
        throw new ApiError(`${entry.file} did not download: the host cannot be reached.`, 0);
      }
      if (!response.ok || !response.body) {
        throw new ApiError(`${entry.file} did not download: the host answered HTTP ${response.status}.`, response.status);
      }
    }
    let body = response.body;
    let keeping = Promise.resolve();
    if (!kept && cache) {
      const [mine, theirs] = body.tee();
      body = mine;
      keeping = cache.put(url, new Response(theirs, { headers: { 'Content-Type': 'application/octet-stream' } }))
        .then(() => true, (e) => { keepFailed(e); return false; });
    }
    const total = entry.bytes || Number(response.headers.get('Content-Length')) || 0;
    const bytes = new this.glue.Bytes(total);
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes.push(value);
        progress(bytes.length, total, kept);
      }
    } catch (e) {
      bytes.free();
      await keeping;
      await cache?.delete(url).catch(() => {});
      throw new ApiError(`${entry.file} did not download whole (${e && e.message || e}).`, 0);
    }
    try {
      const list = await this.call(() => this.local.openDictionary(entry.dict, bytes, entry.tag));
      this.sources.set(entry.dict, { url, tag: entry.tag });
      await keeping;
      return { list, note };
    } catch (e) {
      // A damaged copy is not kept: the next try fetches it again.
      await keeping;
      await cache?.delete(url).catch(() => {});
      throw e;
    }
  }

  dictionaryHint() {
    return 'Open one compiled by polyboggle compile under "Your own board or seed".';
  }

  /** A crossword operation, in the module (quick ones: the page waits for them); a
      layout, which searches for a second or more, in a worker of its own. */
  async crossword(op, request) {
    const method = CROSSWORD_OPS[op];
    if (!method) throw new ApiError(`no crossword operation ${op}`, 400);
    if (op === 'layout') return this.layoutInWorker(request);
    const answer = await this.call(() => this.local[method](JSON.stringify(request)));
    // A fill runs in a worker with a module of its own, which makes the list again.
    if (op === 'list') {
      this.lists.set(answer.id, request.text);
      this.warmCrossword({ list: answer.id });
    }
    return answer;
  }

  /** Fills a grid in a Web Worker (crossword-worker.js beside the page: the page never
      freezes), with a module of its own given the dictionary or list the request
      names; `stop()` ends the worker. As ServerBackend.crosswordFill. A worker readied
      for that list beforehand (`warmCrossword`) is taken when there is one. */
  crosswordFill(request, onProgress) {
    let worker = null;
    let fail = () => {};
    const key = WasmBackend.fillKey(request);
    const done = new Promise((resolve, reject) => {
      fail = (e) => {
        if (worker) worker.terminate();
        reject(e);
      };
      const spare = this.spare && this.spare.key === key ? this.spare : null;
      this.spare = null;
      worker = spare ? spare.worker : this.readyWorker(request);
      worker.onmessage = (e) => {
        const m = e.data;
        if (m.progress) {
          onProgress(m.progress);
          return;
        }
        worker.terminate();
        if (m.error) reject(new ApiError(m.error.message, m.error.status, m.error.at || null));
        else resolve(m.answer);
      };
      worker.onerror = (e) => {
        e.preventDefault();
        fail(new ApiError(`The fill's worker failed: ${e.message}`, 500));
      };
      worker.postMessage({ request });
    });
    // The next fill of the same list finds a worker ready, once this one is over.
    done.then(() => this.warmCrossword(request), () => this.warmCrossword(request));
    return { done, stop() { fail(new FillStopped()); } };
  }

  /** A layout in a worker, so the page stays live while it searches. */
  layoutInWorker(request) {
    return new Promise((resolve, reject) => {
      const worker = crosswordWorker();
      worker.onmessage = (e) => {
        worker.terminate();
        if (e.data.error) reject(new ApiError(e.data.error.message, e.data.error.status, e.data.error.at || null));
        else resolve(e.data.answer);
      };
      worker.onerror = (e) => {
        e.preventDefault();
        worker.terminate();
        reject(new ApiError(`The layout's worker failed: ${e.message}`, 500));
      };
      worker.postMessage({ setup: { module: this.module } });
      worker.postMessage({ op: 'layout', request });
    });
  }

  /** A worker given the module and the word list `request` names (a list's text, or a
      dictionary's bytes or file), reading it while nothing asks it to fill yet. */
  readyWorker(request) {
    const setup = { module: this.module };
    if (request.list != null) {
      setup.list = this.lists.get(request.list);
      if (setup.list == null) throw new ApiError(`no word list ${request.list}: drop it again`, 404);
    } else {
      if (!this.sources.has(request.dict)) throw new ApiError(`no dictionary ${request.dict} for a fill`, 404);
      setup.dict = { name: request.dict, ...this.sources.get(request.dict) };
    }
    const worker = crosswordWorker();
    worker.postMessage({ setup });
    return worker;
  }

  /** Readies a worker for the next fill from the list or dictionary `request` names
      (`{list}` or `{dict}`), in place of any other. */
  warmCrossword(request) {
    const key = WasmBackend.fillKey(request);
    if (this.spare && this.spare.key === key) return;
    if (this.spare) this.spare.worker.terminate();
    this.spare = null;
    try {
      this.spare = { key, worker: this.readyWorker(request) };
    } catch (e) {
      // Nothing to ready: the fill itself will say why.
    }
  }

  static fillKey(request) {
    return request.list != null ? `list:${request.list}` : `dict:${request.dict}`;
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
const DICTIONARY_CACHE = 'polyboggle-dictionaries-v1'; // sw.js reads it too

/** A Web Worker for a crossword fill: crossword-worker.js beside the page over http(s);
    from a folder, where a page may not start a worker from a file, the same script and
    the module's glue (crossword_worker_source.js, loaded once) as a Blob. */
function crosswordWorker() {
  if (location.protocol !== 'file:') return new Worker('crossword-worker.js');
  if (!crosswordWorker.url) {
    const bytes = fromBase64(window.POLYBOGGLE_WORKER);
    crosswordWorker.url = URL.createObjectURL(new Blob([bytes], { type: 'text/javascript' }));
  }
  return new Worker(crosswordWorker.url);
}

/** The module at `url`, compiled as it downloads (or after, from a host that does not
    send it as application/wasm). */
async function compiledModule(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} did not download: the host answered HTTP ${response.status}`);
  try {
    return await WebAssembly.compileStreaming(response.clone());
  } catch (e) {
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

/** Loads a classic script beside the page (a file:// page may load scripts, not fetch). */
function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = el('script', { src });
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

function fromBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The module beside the static page: polyboggle_wasm.js is wasm-bindgen's glue;
    polyboggle_wasm_bytes.js holds the module in base64 for a page opened from a
    folder (file:// cannot fetch the .wasm beside it), and enable2k_bytes.js English.
    Over http(s) the module is fetched, English opened as any language of
    languages.json, and the service worker (sw.js) keeps the page for offline play. */
async function wasmBackend() {
  await loadScript('polyboggle_wasm.js');
  const fromFolder = location.protocol === 'file:';
  // Compiled here, not by the glue, so that a crossword fill's worker is given the
  // compiled module. Over http: fetched and compiled as it comes.
  let module;
  if (fromFolder) {
    await loadScript('polyboggle_wasm_bytes.js');
    module = await WebAssembly.compile(fromBase64(window.POLYBOGGLE_WASM));
    window.POLYBOGGLE_WASM = null;
    await loadScript('crossword_worker_source.js');
  } else {
    module = await compiledModule('polyboggle_wasm_bg.wasm');
  }
  // The glue's `let wasm_bindgen` is a global binding, not a property of window.
  const glue = wasm_bindgen; // eslint-disable-line no-undef
  await glue({ module_or_path: module });
  const wasm = new WasmBackend(glue, new glue.Local());
  wasm.module = module;
  wasm.notes = [];
  if (fromFolder) {
    await loadScript('enable2k_bytes.js');
    const english = fromBase64(window.POLYBOGGLE_ENGLISH);
    await wasm.call(() => wasm.local.addDictionary('enable2k', english, 'en'));
    wasm.sources.set('enable2k', { bytes: english, tag: 'en' }); // for a crossword fill's worker
    window.POLYBOGGLE_ENGLISH = null; // a var: it cannot be deleted, only let go
    return wasm;
  }
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('sw.js').catch((e) => {
      wasm.notes.push(`This page will not load offline: its service worker was refused (${e.message}).`);
    });
  }
  let index = [{ tag: 'en', dict: 'enable2k', file: 'enable2k.pbd', bytes: 0 }];
  try {
    const response = await fetch('languages.json');
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const listed = (await response.json()).dictionaries;
    if (!Array.isArray(listed) || !listed.length) throw new Error('it lists no dictionary');
    index = listed;
  } catch (e) {
    wasm.notes.push(`languages.json did not load (${e.message}): English only.`);
  }
  const known = new Map(JSON.parse(glue.languages()).map((l) => [l.tag, l]));
  wasm.offered = index.map((entry) => ({
    ...entry,
    language: known.get(entry.tag) || { tag: entry.tag, name: entry.tag, native: entry.tag, rtl: false, dice: null, rules: null },
  }));
  // The first is the default (English): the page needs it before its first board.
  const { note } = await wasm.openDictionary(wasm.offered[0]);
  if (note) wasm.notes.push(note);
  wasm.offered.shift();
  return wasm;
}

export let backend = new ServerBackend();

/** Picks the backend: the server that serves the page, or else the module beside it
    (the static page, from a folder or any static host). Answers the dice sets. */
export async function connect() {
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
        // The module loaded but its English did not: that says more. Else neither is
        // here, and the server's error says more.
        throw e2 instanceof ApiError ? e2 : e;
      }
      return backend.dice();
    }
  }
  backend = await wasmBackend();
  return backend.dice();
}
