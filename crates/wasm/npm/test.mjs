// The npm package's test (.ci/run runs it on the package `npm pack` made, unpacked):
// in Node, open dictionaries read from files, then roll, solve and search; and the same
// board gives the same words and scores as the CLI (byte for byte: both print
// `polyboggle solve --format json`) and, when PYTHON names an interpreter with the
// Python package, as Python, for English, Croatian, Hebrew and Korean.
//
//   node crates/wasm/npm/test.mjs PACKAGE_DIR
//
// POLYBOGGLE_BIN: the CLI (default target/release/polyboggle under CARGO_TARGET_DIR or
// target). Languages: dictionaries/build/TAG.pbd; one not built is skipped with a line
// saying so, unless REQUIRE lists it (REQUIRE=hr,he,ko: CI builds hr and he). Korean's
// full list takes 20 minutes to build on 2 busy cores: where it is not built, the CLI
// compiles a list of 407 Korean words (crates/crossword/tests/data/ko-words.txt) with
// the Korean preset, and the boards are compared over that.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const pkg = path.resolve(process.argv[2] || '');
const bin = process.env.POLYBOGGLE_BIN
  || path.join(process.env.CARGO_TARGET_DIR || path.join(root, 'target'), 'release/polyboggle');
const required = (process.env.REQUIRE || '').split(',').filter(Boolean);

let failures = 0;
function check(ok, what) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures += 1;
}

const { Engine, PolyboggleError, languages, fill, layout } = await import(pathToFileURL(path.join(pkg, 'index.js')).href);
const manifest = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));
const cargo = readFileSync(path.join(root, 'Cargo.toml'), 'utf8');
check(manifest.name === 'polyboggle' && manifest.version === /^version = "(.*)"$/m.exec(cargo)[1]
  && manifest.license === 'MIT OR Apache-2.0' && manifest.repository && existsSync(path.join(pkg, 'index.d.ts')),
`package.json: ${manifest.name} ${manifest.version}, ${manifest.license}, with its types`);

const engine = await Engine.create();
const english = readFileSync(path.join(root, 'crates/core/data/enable2k.pbd'));
const dicts = engine.open('enable2k', english, 'en');
check(dicts[0].name === 'enable2k' && dicts[0].words === 173528 && dicts[0].language.tag === 'en',
  `a dictionary read from a file opens (${dicts[0].words} words)`);
const solved = engine.solve('ATEE/APYO/TINU/EDSE');
check(solved.count === 156 && solved.score === 221, `ATEE/APYO/TINU/EDSE: ${solved.count} words, ${solved.score} points`);
const rolled = engine.roll({ set: 'english-new-4x4', seed: 1 });
check(JSON.stringify(rolled.board[0]) === '["B","X","E","S"]', `a roll: ${rolled.inline}`);
check(JSON.stringify(engine.search('enable2k', { build: 'tacos', min_len: 5 }).words) === '["ASCOT","COAST","COATS","COSTA","TACOS"]',
  'a search: the five-letter words of TACOS');
try {
  engine.solve('ATEE/AP');
  check(false, 'a bad board throws');
} catch (e) {
  check(e instanceof PolyboggleError && e.status === 400 && e.message === 'board "ATEE/AP": row 2 has 2 faces, but row 1 has 4',
    `a bad board throws its one line (${e.message})`);
}
const damaged = Buffer.from(english);
damaged[damaged.length >> 1] ^= 0x55;
try {
  engine.open('damaged', damaged);
  check(false, 'a damaged dictionary is refused');
} catch (e) {
  check(e.status === 400 && /checksum/.test(e.message), `a damaged dictionary is refused (${e.message})`);
}

// The same board, the same words: this package, the CLI, Python.
const known = new Map((await languages()).map((l) => [l.tag, l]));
const cases = [['en', path.join(root, 'crates/core/data/enable2k.pbd')]];
for (const tag of ['hr', 'he', 'ko']) cases.push([tag, path.join(root, 'dictionaries/build', `${tag}.pbd`)]);
const haveCli = existsSync(bin);
const spelled = new Map();
if (!existsSync(cases[3][1]) && haveCli) {
  const list = path.join(root, 'crates/crossword/tests/data/ko-words.txt');
  const compiled = path.join(mkdtempSync(path.join(os.tmpdir(), 'pb-ko-')), 'ko.pbd');
  execFileSync(bin, ['compile', list, '-o', compiled, '--lang', 'ko'], { stdio: 'ignore' });
  console.log(`  ko: not built; compared over ${path.relative(root, list)} instead`);
  cases[3][1] = compiled;
  // Rolled boards show few of 407 words: a board spelled from four of them, one a row.
  const words = readFileSync(list, 'utf8').split('\n').filter((w) => [...w].length === 3);
  spelled.set('ko', words.slice(0, 4).map((w) => [...w, '다'].join(' ')).join('/'));
}
if (!haveCli) console.log(`  the CLI is not built (${bin}): compared with nothing but itself`);
for (const [tag, file] of cases) {
  if (!existsSync(file)) {
    const line = `${tag}: ${path.relative(root, file)} is not built (dictionaries/build-languages.sh ${tag})`;
    if (required.includes(tag)) check(false, line);
    else console.log(`  skip ${line}`);
    continue;
  }
  const language = known.get(tag);
  const name = `${tag}-test`;
  engine.open(name, readFileSync(file), tag);
  const rules = language.rules || 'hasbro';
  const boards = [1, 2, 3].map((seed) => [`seed ${seed}`, engine.roll({ set: language.dice, seed }).inline]);
  if (spelled.has(tag)) boards.push(['spelled', spelled.get(tag)]);
  for (const [seed, board] of boards) {
    const mine = engine.local.solve(JSON.stringify({ board, dict: name, rules }));
    const count = JSON.parse(mine).count;
    if (haveCli) {
      const cli = execFileSync(bin, ['solve', board, '--dict', file, '--rules', rules, '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
      check(cli === mine && (seed !== 'spelled' || count >= 4), `${tag} ${language.dice} ${seed} (${board}, ${rules}): the CLI's ${count} words, byte for byte`);
    }
    if (process.env.PYTHON) {
      const python = execFileSync(process.env.PYTHON, ['-c',
        'import sys, polyboggle as p; print(p.solve(sys.argv[1], p.Lexicon.open(sys.argv[2]), rules=sys.argv[3]).to_json())',
        board, file, rules], { encoding: 'utf8', maxBuffer: 1 << 28 });
      check(python.trim() === mine.trim(), `${tag} ${seed}: Python's words and scores`);
    }
  }
}

// Crosswords: a fill and a layout are the CLI's, byte for byte but for `seconds` (the
// time taken). Without the CLI, its answers kept in tests/data/crossword/cli/ (made by
// the commands below).
const timeless = (text) => text.replace(/"seconds":[-+.0-9eE]+/, '"seconds":0');
const gridFile = path.join(root, 'tests/data/crossword/grids/british-13-01.txt');
const listFile = path.join(root, 'dictionaries/enable2k.txt');
const fillCli = haveCli
  ? execFileSync(bin, ['crossword', 'fill', gridFile, '--words', listFile, '--style', 'british', '--seed', '1', '--format', 'json'], { encoding: 'utf8' })
  : readFileSync(path.join(root, 'tests/data/crossword/cli/fill-british-13-01-enable2k.json'), 'utf8');
const grid = readFileSync(gridFile, 'utf8');
const list = readFileSync(listFile, 'utf8');
let reports = 0;
const filled = engine.fill(grid, list, { style: 'british', seed: 1, onProgress: () => { reports += 1; } });
check(timeless(JSON.stringify(filled)) === timeless(JSON.stringify(JSON.parse(fillCli))),
  `a crossword fill (british-13-01, ENABLE2K, seed 1): the CLI's ${filled.words.length} entries, mean score ${filled.mean_score}`);
const raw = engine.local.crosswordFill(JSON.stringify({ grid, style: 'british', seed: 1, list: engine.crosswordList(list) }));
check(timeless(raw) === timeless(fillCli), 'the fill\'s JSON is the CLI\'s, byte for byte');
const shared = await fill(grid, list, { style: 'british', seed: 1 });
check(JSON.stringify(shared.grid) === JSON.stringify(filled.grid), 'fill() without an engine fills the same');
try {
  engine.fill('...\n...\n...', 'cat;50\ncow;40\n');
  check(false, 'a grid with no fill throws');
} catch (e) {
  check(e instanceof PolyboggleError && e.status === 422 && /cannot be filled/.test(e.message) && e.at && e.at.direction,
    `a grid with no fill throws, naming the entry (${e.message}; at ${JSON.stringify(e.at)})`);
}
const words = readFileSync(path.join(root, 'tests/data/crossword/en-20-1.txt'), 'utf8').split('\n').slice(0, 8);
const layoutCli = haveCli
  ? execFileSync(bin, ['crossword', '-', '--auto', '--seed', '1', '--format', 'json'], { encoding: 'utf8', input: words.map((w) => `${w}\n`).join('') })
  : readFileSync(path.join(root, 'tests/data/crossword/cli/layout-en-20-1-head8-auto.json'), 'utf8');
const laid = await layout(words, { auto: true, seed: 1, time: 8 });
check(laid.complete && timeless(JSON.stringify(laid)) === timeless(JSON.stringify(JSON.parse(layoutCli))),
  `a crossword layout (8 words, --auto, seed 1): the CLI's, ${laid.placed} placed`);
const fits = engine.crossword('fits', { grid: 'c..\n.#.\n...', style: 'british', list: engine.crosswordList('cat;60\ncow;50\ntoe;50\nwoe;40\n'), row: 0, col: 0, direction: 'across' });
check(JSON.stringify(fits.candidates) === '[{"score":60,"word":"CAT"},{"score":50,"word":"COW"}]', `fits: ${JSON.stringify(fits.candidates)}`);

if (failures) {
  console.log(`${failures} check(s) failed`);
  process.exit(1);
}
console.log('the npm package: every check passed');
