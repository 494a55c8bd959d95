// Types of polyboggle's JavaScript API (index.js).

/** Where the module comes from: its bytes, a URL, a Response or a compiled module. */
export type ModuleSource = BufferSource | URL | string | Response | WebAssembly.Module;

/** Loads the module, once (Node: read from beside index.js; elsewhere: fetched). */
export function load(source?: ModuleSource): Promise<void>;

export class PolyboggleError extends Error {
  /** The HTTP status `polyboggle serve` answers for the same request. */
  status: number;
  /** For a crossword grid: the square (zero-based, reading order) and entry it names. */
  at?: { row: number; col: number; direction?: 'across' | 'down' };
}

export interface Language {
  tag: string;
  name: string;
  native: string;
  rtl: boolean;
  dice: string | null;
  rules: string | null;
}

export function languages(): Promise<Language[]>;

export interface Dictionary {
  name: string;
  words: number;
  lang: string;
  /** Words per tier, tier 0 first; one number for a dictionary without tiers. */
  tiers: number[];
  language: Language | null;
}

export interface DiceSet {
  name: string;
  rows: number;
  cols: number;
  confidence: string;
  source: string;
  note: string;
}

export interface SolveRequest {
  board: string;
  dict?: string;
  rules?: 'hasbro' | 'cs106b' | 'syllables';
  min_len?: number;
  points?: string;
  qu?: boolean;
}

export interface Found {
  word: string;
  points: number;
  /** [row, column] of each face, in order. */
  path: [number, number][];
}

export interface Solution {
  rows: number;
  cols: number;
  count: number;
  score: number;
  words: Found[];
}

export interface RollRequest {
  set: string;
  seed?: number;
  size?: string;
}

export interface Board {
  board: string[][];
  rows: number;
  cols: number;
  inline: string;
}

export interface SearchQuery {
  pattern?: string;
  regex?: string;
  fuzzy?: string;
  distance?: number;
  anagram?: string;
  build?: string;
  min_len?: number;
  max_len?: number;
  tiers?: string;
  units?: string;
  limit?: number;
  count?: boolean;
}

export interface FetchOptions {
  lang?: string;
  onProgress?: (done: number, total: number) => void;
  init?: RequestInit;
}

export interface FillProgress {
  attempts: number;
  restarts: number;
  seconds: number;
}

export interface FillOptions {
  style?: 'american' | 'british';
  minScore?: number;
  /** Seconds (default 60, at most 600). */
  time?: number;
  seed?: number;
  lang?: string;
  /** An opened dictionary, when `words` is null. */
  dict?: string;
  onProgress?: (progress: FillProgress) => void;
}

export interface LayoutOptions {
  /** `RxC`, default `13x17`. */
  size?: string;
  auto?: boolean;
  /** Seconds (default 1, at most 8). */
  time?: number;
  seed?: number;
  lang?: string;
}

export interface CrosswordWord {
  word: string;
  number: number;
  direction: 'across' | 'down';
  rtl: boolean;
  /** [row, column] of each letter, in reading order, display coordinates. */
  cells: [number, number][];
  clue: string | null;
  pinned: boolean;
}

/** What `polyboggle crossword --format json` prints. */
export interface Layout {
  rows: number;
  cols: number;
  placed: number;
  dropped: string[];
  black: number;
  crossings: number;
  complete: boolean;
  words: CrosswordWord[];
  /** Display order; `null` is a black square. */
  grid: (string | null)[][];
  reasons: { word: string; line: number; reason: string }[];
  attempts: number;
  seconds: number;
}

/** What `polyboggle crossword fill --format json` prints. */
export interface Fill extends Layout {
  words: (CrosswordWord & { score: number | null })[];
  mean_score: number;
  backtracks: number;
  restarts: number;
}

export function fill(grid: string | string[], words: string | null, options?: FillOptions): Promise<Fill>;
export function layout(words: string | string[], options?: LayoutOptions): Promise<Layout>;

export class Engine {
  static create(source?: ModuleSource): Promise<Engine>;
  /** Call `load()` first (or use `Engine.create`). */
  constructor();
  open(name: string, bytes: Uint8Array | ArrayBuffer, lang?: string): Dictionary[];
  fetch(name: string, url: string | URL, options?: FetchOptions): Promise<Dictionary[]>;
  dicts(): Dictionary[];
  dice(): DiceSet[];
  solve(request: SolveRequest | string): Solution;
  roll(request: RollRequest): Board & { set: string; seed: number };
  board(text: string): Board;
  search(dict: string, query: SearchQuery): { words: string[] } | { count: number };
  fill(grid: string | string[], words: string | null, options?: FillOptions): Fill;
  layout(words: string | string[], options?: LayoutOptions): Layout;
  /** `check`, `list`, `fits`, `export`, `import`: as `POST /api/crossword/OP` answers. */
  crossword(op: 'check' | 'list' | 'fits' | 'layout' | 'export' | 'import', request: object): any;
  /** Keeps a word list in the module; its id (for `crossword('fits', {list: id, ...})`). */
  crosswordList(text: string): string;
  free(): void;
}
