// End-to-end test of the static page (crates/wasm/build.sh) in headless Chromium,
// opened from its folder (file://, no server): the page rolls the boards the CLI
// rolls, solves them with the CLI's answers, judges typed words, reports errors with
// the CLI's messages; then its time to first board and its solving speed against
// the native binary's.
//
//   crates/wasm/build.sh && node crates/wasm/e2e.mjs [PAGE_DIR]
//
// PAGE_DIR defaults to target/wasm-page; POLYBOGGLE_BIN picks the binary (default
// target/release/polyboggle), CHROMIUM the browser (default /usr/bin/chromium), BENCH
// the boards for the speed test (default ../shared/data/bench/dice44_100k.txt; the
// first 20,000). playwright-core comes from tests/e2e/node_modules (npm ci there).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { chromium } = createRequire(path.join(root, 'tests/e2e/package.json'))('playwright-core');
const page_dir = path.resolve(process.argv[2] || path.join(root, 'target/wasm-page'));
const binary = process.env.POLYBOGGLE_BIN || path.join(root, 'target/release/polyboggle');
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';
const benchFile = process.env.BENCH || path.join(root, '../shared/data/bench/dice44_100k.txt');
const BENCH_BOARDS = 20000;

let failures = 0;
function check(ok, what) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures += 1;
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Runs the CLI: {code, stdout, stderr}. */
function cli(...args) {
  try {
    const stdio = ['ignore', 'pipe', 'pipe'];
    return { code: 0, stdout: execFileSync(binary, args, { encoding: 'utf8', stdio }), stderr: '' };
  } catch (e) {
    return { code: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

const browser = await chromium.launch({ executablePath: browserPath, headless: true });
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const url = pathToFileURL(path.join(page_dir, 'index.html')).href;

  console.log(`static page ${url}`);
  await page.goto(url);
  await page.waitForSelector('body[data-ready]', { timeout: 30000 });
  check(await page.getAttribute('body', 'data-ready') === 'true',
    `the page starts from file:// (${await page.textContent('#status')})`);
  const firstBoardMs = await page.evaluate(() => window.polyboggle.firstBoardMs);
  const startMs = await page.evaluate(() => window.polyboggle.startMs);
  // About 0.2 s here; seconds would mean the module or the dictionary went wrong.
  check(firstBoardMs < 3000, `the first board within 3 s (${Math.round(firstBoardMs)} ms)`);

  // A seeded roll: the CLI's board, and the CLI's solution of it.
  for (const [set, seed, rules] of [['english-new-4x4', 1, 'hasbro'], ['french-4x4', 7, 'hasbro'],
    ['english-big-deluxe-5x5', 3, 'cs106b']]) {
    await page.selectOption('#set', set);
    await page.fill('#seed', String(seed));
    await page.selectOption('#rules', rules);
    await page.click('#new');
    const rolled = await page.evaluate(() => window.polyboggle.board);
    const expected = JSON.parse(cli('roll', set, '--seed', String(seed), '--format', 'json').stdout);
    check(same(rolled.board, expected.board), `${set} seed ${seed}: the CLI's board`);
    const cells = await page.$$eval('#board .cell', (all) => all.map((c) => c.textContent));
    check(same(cells, expected.board.flat()), `${set} seed ${seed}: the board drawn`);
    const inline = expected.board.map((row) => row.join(' ')).join('/');
    const solution = await page.evaluate(() => window.polyboggle.solution);
    const cliSolution = JSON.parse(cli('solve', inline, '--rules', rules, '--format', 'json').stdout);
    check(same(solution, cliSolution),
      `${set} seed ${seed} (${rules}): the CLI's solution (${cliSolution.count} words, ${cliSolution.score} points)`);
  }

  // Playing: a word of the board counts once, with its points; others are refused.
  await page.selectOption('#rules', 'hasbro');
  await page.selectOption('#set', 'english-new-4x4');
  await page.fill('#seed', '1');
  await page.click('#new');
  const solution = await page.evaluate(() => window.polyboggle.solution);
  const rolledFaces = (await page.evaluate(() => window.polyboggle.board)).board;
  const best = [...solution.words].sort((a, b) => b.points - a.points)[0];
  await page.fill('#guess', best.word.toLowerCase());
  await page.press('#guess', 'Enter');
  check(await page.textContent('#score') === String(best.points), `${best.word} scores ${best.points}`);
  check((await page.textContent('#found li')).startsWith(best.word), `${best.word} is listed as found`);
  check(await page.$$eval('#board .cell.lit', (c) => c.length) === best.path.length, 'its path is lit');
  await page.fill('#guess', best.word);
  await page.press('#guess', 'Enter');
  check((await page.textContent('#message')).includes('already found'), 'the same word again: already found');
  await page.fill('#guess', 'zzzq');
  await page.press('#guess', 'Enter');
  check((await page.textContent('#message')).includes('ZZZQ: not a word on this board'), 'a non-word is refused');
  check(await page.textContent('#score') === String(best.points), 'refused words score nothing');
  // A word traced by clicking its path's cells, then its last cell again.
  const traced = solution.words.find((w) => w.word !== best.word && w.path.length >= 4);
  for (const [r, c] of traced.path) await page.click(`#board .cell[data-row="${r}"][data-col="${c}"]`);
  check(await page.inputValue('#guess') === traced.path.map(([r, c]) => rolledFaces[r][c]).join(''),
    `tracing ${traced.word} spells it in the entry`);
  const [lr, lc] = traced.path[traced.path.length - 1];
  await page.click(`#board .cell[data-row="${lr}"][data-col="${lc}"]`);
  check(await page.textContent('#score') === String(best.points + traced.points),
    `${traced.word}, traced, scores ${traced.points}`);
  check(await page.textContent('#count') === '2', 'two words found');
  await page.click('#reveal');
  check(await page.$$eval('#solution li', (l) => l.length) === solution.count, 'every word is shown on request');

  // Any board, and a bad one with the CLI's message.
  await page.click('#tools summary');
  await page.fill('#custom', 'ATEE/APYO/TINU/EDSE');
  await page.click('#solve-custom');
  const custom = await page.evaluate(() => window.polyboggle.custom);
  const cliCustom = JSON.parse(cli('solve', 'ATEE/APYO/TINU/EDSE', '--format', 'json').stdout);
  check(same(custom, cliCustom), 'a typed board: the CLI\'s solution');
  await page.fill('#custom', 'AB/C');
  await page.click('#solve-custom');
  const message = await page.textContent('#custom-result');
  const cliError = cli('solve', 'AB/C').stderr.trim();
  check(`polyboggle: ${message}` === cliError, `a bad board: the CLI's message (${message})`);

  // Another dictionary, from a compiled file the player picks.
  const scratch = mkdtempSync(path.join(tmpdir(), 'polyboggle-wasm-'));
  try {
    const list = path.join(scratch, 'three.txt');
    writeFileSync(list, 'tea\neat\nate\n');
    const compiled = path.join(scratch, 'three.pbd');
    cli('compile', list, '-o', compiled);
    await page.click('#tools details:nth-of-type(2) summary');
    await page.setInputFiles('#dict-file', compiled);
    await page.waitForFunction(() => document.getElementById('dict-name').textContent.includes('words'));
    check((await page.textContent('#dict-name')) === 'three.pbd: 3 words', 'a compiled dictionary opens from its bytes');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  check(errors.length === 0, `no errors in the page ${errors.join('; ')}`);

  // Speed: the page (loaded afresh, with ENABLE2K) against the native binary, one
  // thread each, the same boards.
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  const wasmBytes = statSync(path.join(page_dir, 'polyboggle_wasm_bg.wasm')).size;
  console.log(`\n.wasm ${(wasmBytes / 1048576).toFixed(2)} MiB (ENABLE2K embedded: ${(statSync(path.join(root, 'dictionaries/enable2k.pbd')).size / 1048576).toFixed(2)} MiB)`);
  console.log(`time to first board ${Math.round(firstBoardMs)} ms from navigation (${Math.round(startMs)} ms in app.js)`);
  if (existsSync(benchFile)) {
    const boards = readFileSync(benchFile, 'utf8').split('\n').filter(Boolean).slice(0, BENCH_BOARDS);
    const text = boards.join('\n');
    const scratch2 = mkdtempSync(path.join(tmpdir(), 'polyboggle-wasm-'));
    const file = path.join(scratch2, 'boards.txt');
    writeFileSync(file, `${text}\n`);
    const native = JSON.parse(cli('bench', '--boards-file', file, '--threads', '1', '--repeat', '3', '--format', 'json').stdout);
    rmSync(scratch2, { recursive: true, force: true });
    const runs = [];
    for (let i = 0; i < 3; i += 1) runs.push(await page.evaluate((t) => window.polyboggle.speed(t), text));
    const fastest = runs.reduce((a, b) => (a.ms < b.ms ? a : b));
    const inPage = fastest.boards / (fastest.ms / 1000);
    check(fastest.score * 3 === native.total_score, `the page's total is the native one (${fastest.score} over ${fastest.boards} boards)`);
    console.log(`solving ${boards.length} dice boards, one thread: page ${Math.round(inPage)} boards/s, `
      + `native ${Math.round(native.boards_per_sec)} boards/s (page/native ${(inPage / native.boards_per_sec).toFixed(2)})`);
  } else {
    console.log(`speed test skipped: ${benchFile} is missing`);
  }
} finally {
  await browser.close();
}
if (failures > 0) {
  console.log(`\n${failures} check(s) failed`);
  process.exit(1);
}
console.log('\nthe static page: every check passed');
