// End-to-end test of `polyboggle serve` in headless Chromium (Debian's), driven by
// playwright-core: play a seeded game (a typed word, a traced word, rejected words,
// the computer's turn), solve a Hindi board, and save a screenshot of each view.
//
//   node tests/e2e/e2e.mjs            (after `cargo build --release`)
//
// POLYBOGGLE_BIN picks the binary (default: target/release/polyboggle), CHROMIUM the
// browser (default: /usr/bin/chromium), SCREENSHOTS the folder for the pictures
// (default: tests/e2e/screenshots). The server listens on a free loopback port.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const binary = process.env.POLYBOGGLE_BIN || path.join(root, 'target/release/polyboggle');
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';
const shots = path.resolve(process.env.SCREENSHOTS || path.join(here, 'screenshots'));
const TIMEOUT = 15000;

let failures = 0;
let step = '';
function check(ok, what) {
  if (ok) {
    console.log(`  ok   ${what}`);
  } else {
    failures += 1;
    console.log(`  FAIL ${what}`);
  }
}

/** Starts the server on 127.0.0.1, port 0; resolves with its URL and process. */
function startServer() {
  const child = spawn(binary, [
    'serve', '--host', '127.0.0.1', '--port', '0',
    '--dict', `hi=${path.join(here, 'hindi.txt')}`,
  ], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server printed no URL in 20 s')), 20000);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[0] });
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
}

async function post(url, body) {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  return response.json();
}

/** Drags the mouse across the dice of `path` ([[row, col], ...]), as a player traces. */
async function trace(page, grid, cols, path) {
  const dice = page.locator(`${grid} .die`);
  const centre = async ([r, c]) => {
    const box = await dice.nth(r * cols + c).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [x0, y0] = await centre(path[0]);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (const cell of path.slice(1)) {
    const [x, y] = await centre(cell);
    await page.mouse.move(x, y, { steps: 6 });
  }
  await page.mouse.up();
}

async function main() {
  mkdirSync(shots, { recursive: true });
  const { child, url } = await startServer();
  const profile = mkdtempSync(path.join(tmpdir(), 'polyboggle-chromium-'));
  const browser = await chromium.launch({
    executablePath: browserPath,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 860 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // A 400 for the bad board below is expected; Chromium logs it as a console error.
    page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text()); });

    step = 'load the page';
    console.log(`server ${url}`);
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    check(await page.locator('#play-set option').count() >= 20, 'the dice sets are listed');

    step = 'start a seeded game';
    const roll = await post(`${url}api/roll`, { set: 'english-new-4x4', seed: 7 });
    const solution = await post(`${url}api/solve`, { board: roll.inline, rules: 'cs106b' });
    const words = solution.words.filter((w) => w.word.length >= 4 && w.word.length <= 6);
    check(words.length >= 2, `the seeded board ${roll.inline} has words to find`);
    await page.locator('#play-set').selectOption('english-new-4x4');
    await page.locator('.more summary').click();
    await page.locator('#play-seed').fill('7');
    await page.locator('#shake').click();
    await page.waitForSelector('#guess:not([disabled])');
    const faces = await page.locator('#play-grid .die .face').allTextContents();
    check(faces.join('') === roll.board.flat().join(''), 'the page shows the seeded board');

    step = 'type a correct word';
    const typed = words[0];
    await page.locator('#guess').fill(typed.word.toLowerCase());
    await page.locator('#guess').press('Enter');
    await page.waitForSelector('#verdict.correct');
    check((await page.locator('#verdict').textContent()).includes(typed.word), `${typed.word} is accepted`);
    const lit = await page.locator('#play-grid .die.lit').count();
    check(lit === typed.path.length, `its path lights ${typed.path.length} dice (${lit} lit)`);
    const firstLit = await page.locator('#play-grid .die').nth(typed.path[0][0] * 4 + typed.path[0][1]).getAttribute('class');
    check(firstLit.includes('lit'), 'the path starts on the right die');
    check(await page.locator('#play-grid svg.path.lit polyline').count() === 1, 'a line joins the lit dice');
    check((await page.locator('#human-words').textContent()).includes(typed.word), 'the word joins your list');

    step = 'trace a correct word';
    const traced = words.find((w) => w.word !== typed.word);
    await trace(page, '#play-grid', 4, traced.path);
    await page.waitForFunction((w) => document.querySelector('#verdict.correct')?.textContent.includes(w), traced.word);
    check(true, `tracing ${traced.word} across the dice is accepted`);
    check(await page.locator('#play-grid .die.lit').count() === traced.path.length, 'its path is lit');
    await page.screenshot({ path: path.join(shots, 'play-word-found.png'), fullPage: true });

    step = 'rejected words';
    const reasons = [
      ['zzqxv', 'is not a word'],
      [typed.word, 'is already found'],
      ['abc', 'is too short'],
      ['quixotic', 'is not on board'],
    ];
    for (const [word, reason] of reasons) {
      await page.locator('#guess').fill(word);
      await page.locator('#guess').press('Enter');
      await page.waitForFunction((r) => document.querySelector('#verdict.rejected')?.textContent.includes(r), reason);
      check(true, `${word}: "${reason}"`);
    }
    await page.locator('#guess').fill('zzqxv');
    await page.locator('#guess').press('Enter');
    await page.waitForFunction(() => document.querySelector('#verdict.rejected')?.textContent.includes('not a word'));
    await page.screenshot({ path: path.join(shots, 'play-word-rejected.png'), fullPage: true });

    step = "the computer's turn";
    await page.locator('#end-turn').click();
    await page.waitForSelector('#result:not([hidden])');
    const computerWords = await page.locator('#computer-words li').count();
    check(computerWords === solution.count - 2, `the computer lists the other ${solution.count - 2} words (${computerWords})`);
    const scores = [await page.locator('#human-score').textContent(), await page.locator('#computer-score').textContent()];
    check(Number(scores[0]) === typed.points + traced.points, `your score is ${scores[0]}`);
    check((await page.locator('#result').textContent()).includes('The computer wins.'), 'the computer wins');
    await page.locator('#computer-words li').first().hover();
    check(await page.locator('#play-grid .die.hover').count() >= 4, "hovering a computer's word shows its path");
    await page.screenshot({ path: path.join(shots, 'play-results.png'), fullPage: true });
    check(await page.locator('#play-again').isVisible(), 'play again is offered');

    step = 'solve a Hindi board';
    await page.locator('#tab-solve').click();
    await page.locator('#solve-board').fill('क्ष मा न/ह र म/क म ल');
    await page.locator('#solve-dict').selectOption('hi');
    await page.locator('#solve-min').selectOption('2');
    await page.locator('#solve-button').click();
    await page.waitForSelector('#solve-words li');
    const hindi = await page.locator('#solve-words .w').allTextContents();
    check(hindi.includes('क्षमा') && hindi.includes('कमल'), `the Hindi words are found (${hindi.join(' ')})`);
    check((await page.locator('#solve-grid .die .face').first().textContent()) === 'क्ष', 'the board shows the face क्ष');
    await page.locator('#solve-words li', { hasText: 'क्षमा' }).hover();
    check(await page.locator('#solve-grid .die.hover').count() === 2, 'hovering क्षमा lights its two dice');
    await page.screenshot({ path: path.join(shots, 'solve-hindi.png'), fullPage: true });

    step = 'solve an English board, sorted';
    await page.locator('#solve-board').fill('ATEE/APYO/TINU/EDSE');
    await page.locator('#solve-dict').selectOption('enable2k');
    await page.locator('#solve-min').selectOption('');
    await page.locator('#solve-button').click();
    await page.waitForFunction(() => document.querySelector('#solve-summary')?.textContent.startsWith('156 words'));
    check(true, 'ATEE/APYO/TINU/EDSE: 156 words');
    await page.locator('#sort-alpha').click();
    check((await page.locator('#solve-words .w').first().textContent()) === 'AID', 'sorted A to Z, AID comes first');
    await page.locator('#sort-points').click();
    await page.locator('#solve-words li').first().hover();
    await page.screenshot({ path: path.join(shots, 'solve-english.png'), fullPage: true });

    step = 'a bad board';
    await page.locator('#solve-board').fill('ATEE/AP');
    await page.locator('#solve-button').click();
    await page.waitForSelector('#solve-error:not([hidden])');
    check((await page.locator('#solve-error').textContent()).includes('row 2 has 2 faces, but row 1 has 4'), 'a ragged board gets the CLI\'s message');

    step = 'a phone-sized window, a 6x6 board';
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#tab-play').click();
    await page.locator('#play-set').selectOption('english-superbig-6x6');
    await page.locator('#play-seed').fill('3');
    await page.locator('#shake').click();
    await page.waitForSelector('#guess:not([disabled])');
    check(await page.locator('#play-grid .die').count() === 36, 'a 6x6 board has 36 dice');
    const box = await page.locator('#play-grid').boundingBox();
    check(box.width <= 390, `the board fits the window (${Math.round(box.width)} px)`);
    await page.waitForTimeout(800); // the shake animation ends
    await page.screenshot({ path: path.join(shots, 'play-phone-6x6.png'), fullPage: true });

    step = 'the keyboard alone';
    await page.locator('#play-grid .die').first().focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    check(await page.locator('#play-grid .die.trace').count() === 2, 'Enter and the arrow keys trace on the dice');
    await page.keyboard.press('Escape');
    check(await page.locator('#play-grid .die.trace').count() === 0, 'Escape lets go');

    check(errors.length === 0, `no script errors${errors.length ? ': ' + errors.join('; ') : ''}`);
  } catch (e) {
    failures += 1;
    console.log(`  FAIL while trying to ${step}: ${e.message.split('\n')[0]}`);
  } finally {
    await browser.close();
    child.kill();
    rmSync(profile, { recursive: true, force: true });
  }
  console.log(`screenshots in ${shots}`);
  if (failures) {
    console.log(`${failures} check(s) failed`);
    process.exit(1);
  }
  console.log('all end-to-end checks passed');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
