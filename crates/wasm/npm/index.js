// polyboggle's engine for JavaScript: the module crates/wasm builds (wasm-bindgen's
// glue, polyboggle_wasm.js), under a small API that takes and gives plain objects.
// The module holds no dictionary: open one from its bytes (a file compiled by
// `polyboggle compile`, or a language built by dictionaries/build-languages.sh).
import init, { Bytes, Local, languages as engineLanguages } from './polyboggle_wasm.js';

let loading = null;

/** Loads the module, once. With no argument: in Node it is read from beside this file,
    elsewhere fetched from beside it (bundlers follow the URL). Or give its bytes, a
    URL, a Response or a WebAssembly.Module. */
export function load(source) {
  if (!loading) {
    loading = (async () => {
      let module = source;
      if (module === undefined && typeof process !== 'undefined' && process.versions && process.versions.node) {
        const fs = 'node:fs/promises'; // a name, so that a bundler for browsers leaves it
        const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fs);
        module = await readFile(new URL('./polyboggle_wasm_bg.wasm', import.meta.url));
      }
      await init(module === undefined ? undefined : { module_or_path: module });
    })();
  }
  return loading;
}

/** A failed call: `status` is what `polyboggle serve` answers for it (400, 404, 422...);
    for a crossword grid, `at` names the square ({row, col}, zero-based, reading order)
    and, for an entry, its `direction`. */
export class PolyboggleError extends Error {
  constructor(message, status, at) {
    super(message);
    this.name = 'PolyboggleError';
    this.status = status;
    if (at) this.at = at;
  }
}

function call(f) {
  let text;
  try {
    text = f();
  } catch (e) {
    if (e && typeof e.status === 'number') {
      const at = e.at ? JSON.parse(e.at) : undefined;
      const error = new PolyboggleError(e.message, e.status, at);
      if (e.free) e.free();
      throw error;
    }
    throw e;
  }
  return JSON.parse(text);
}

/** The crossword options as the engine takes them (`minScore` or `min_score`). */
function crosswordOptions(options = {}) {
  const { onProgress, minScore, ...rest } = options;
  return minScore === undefined ? rest : { ...rest, min_score: minScore };
}

/** Every language the engine knows: tag, names, direction, dice set and rules. */
export async function languages() {
  await load();
  return JSON.parse(engineLanguages());
}

/** Dictionaries and games, in this module's memory. */
export class Engine {
  /** Loads the module (see `load`) and answers an engine with no dictionary. */
  static async create(source) {
    await load(source);
    return new Engine();
  }

  constructor() {
    this.local = new Local();
  }

  /** Opens a compiled dictionary from its bytes under `name` (the first opened is the
      default), for the language `lang` when its file does not say. Answers `dicts()`. */
  open(name, bytes, lang) {
    const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    return call(() => this.local.addDictionary(name, view, lang)).dicts;
  }

  /** Fetches a compiled dictionary and opens it, each chunk written into the module's
      memory as it comes (the file is held once): `onProgress(done, total)`. */
  async fetch(name, url, { lang, onProgress, init: request } = {}) {
    const response = await fetch(url, request);
    if (!response.ok || !response.body) throw new PolyboggleError(`${url}: HTTP ${response.status}`, response.status);
    const total = Number(response.headers.get('Content-Length')) || 0;
    const bytes = new Bytes(total);
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes.push(value);
        if (onProgress) onProgress(bytes.length, total);
      }
    } catch (e) {
      bytes.free();
      throw e;
    }
    return call(() => this.local.openDictionary(name, bytes, lang)).dicts;
  }

  /** The dictionaries opened, as `GET /api/dicts` lists them. */
  dicts() {
    return call(() => this.local.dicts()).dicts;
  }

  /** The built-in dice sets. */
  dice() {
    return call(() => this.local.dice()).sets;
  }

  /** Every word on a board, exactly as `polyboggle solve --format json`: `{board, dict,
      rules, min_len, points, qu}`, or a board alone as a string. */
  solve(request) {
    return call(() => this.local.solve(JSON.stringify(typeof request === 'string' ? { board: request } : request)));
  }

  /** Rolls a board from a built-in dice set: `{set, seed, size}` (a random seed when none). */
  roll(request) {
    const seeded = request.seed == null ? { ...request, seed: Math.floor(Math.random() * 1e9) } : request;
    return call(() => this.local.roll(JSON.stringify(seeded)));
  }

  /** A board's faces, as the engine reads its text. */
  board(text) {
    return call(() => this.local.board(JSON.stringify({ board: text })));
  }

  /** Words of a dictionary matching a query, as `polyboggle dict search --format json`:
      `{pattern}`, `{regex}`, `{fuzzy, distance}`, `{anagram}` or `{build}`, with
      `min_len`, `max_len`, `tiers`, `units`, `limit`, `count`. */
  search(dict, query) {
    const text = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return call(() => this.local.search(dict, text));
  }

  /** Fills a crossword grid (`#` black, `.` empty, a letter pre-filled; rows joined by
      newlines, or an array of rows) from a word list (`word;score` lines, or plain words;
      `null` with `{dict}` for an opened dictionary): `{style: 'american'|'british',
      minScore, time (s, default 60), seed (default 1), lang, dict, onProgress}`. Answers
      exactly what `polyboggle crossword fill --format json` prints for the same grid,
      list and seed (parsed); `onProgress({attempts, restarts, seconds})` is called about
      every 250 ms. A grid with no fill throws, naming the entry (`error.at`). */
  fill(grid, words, options = {}) {
    const request = { ...crosswordOptions(options), grid: Array.isArray(grid) ? grid.join('\n') : grid };
    const progress = options.onProgress ? (p) => options.onProgress(JSON.parse(p)) : undefined;
    const run = () => {
      if (words != null) request.list = this.crosswordList(words);
      return call(() => this.local.crosswordFill(JSON.stringify(request), progress));
    };
    try {
      return run();
    } catch (e) {
      // The module keeps a few lists: one given up is sent again.
      if (!(e instanceof PolyboggleError && e.status === 404 && words != null)) throw e;
      if (this.lists) this.lists.clear();
      return run();
    }
  }

  /** Lays out a list of answers (`answer` or `answer<TAB>clue` lines, or an array of
      them) as a crossword: `{size: 'RxC' (default 13x17), auto, time (s, default 1),
      seed, lang}`. Answers exactly what `polyboggle crossword --format json` prints. */
  layout(words, options = {}) {
    const text = Array.isArray(words) ? words.join('\n') : words;
    return call(() => this.local.crosswordLayout(JSON.stringify({ ...options, words: text })));
  }

  /** The other crossword operations, as `POST /api/crossword/OP` answers them: `check`,
      `list`, `fits`, `export`, `import` (docs/web.md). */
  crossword(op, request) {
    const name = { check: 'crosswordCheck', list: 'crosswordList', fits: 'crosswordFits', layout: 'crosswordLayout',
      export: 'crosswordExport', import: 'crosswordImport' }[op];
    if (!name) throw new PolyboggleError(`no crossword operation '${op}'`, 404);
    return call(() => this.local[name](JSON.stringify(request)));
  }

  /** A word list kept in the module (once per text): its id. */
  crosswordList(text) {
    if (!this.lists) this.lists = new Map();
    let id = this.lists.get(text);
    if (!id) {
      id = this.crossword('list', { text }).id;
      this.lists.clear(); // the module keeps a few; this remembers the last
      this.lists.set(text, id);
    }
    return id;
  }

  /** Frees the module's memory this engine holds (its dictionaries stay: they live as
      long as the module). */
  free() {
    this.local.free();
  }
}

let shared = null;

/** `Engine.fill` on an engine of its own (loaded once): no dictionary, a list. */
export async function fill(grid, words, options) {
  shared = shared || (await Engine.create());
  return shared.fill(grid, words, options);
}

/** `Engine.layout` on an engine of its own (loaded once). */
export async function layout(words, options) {
  shared = shared || (await Engine.create());
  return shared.layout(words, options);
}
