// End-to-end test of `polyboggle serve` in headless Chromium (Debian's), driven by
// playwright-core: play a seeded game (a typed word, a traced word, rejected words,
// the computer's turn), solve a Hindi board, and save a screenshot of each view; then
// what issue 27 asked for: dice sizes at four window widths, share links and reloads,
// the confirm before giving a game up, words by length, the missed-word filter, timers,
// French dice with a French dictionary, phone layout, WCAG AA contrast in light and
// dark mode.
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
    '--dict', `fr=${path.join(here, 'french.txt')}`,
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

// The page's confirm() dialogs: their messages, and whether to accept them.
const dialogs = [];
let acceptDialogs = true;

/** Every die of `grid`: the smallest side in CSS pixels, and the faces that do not fit. */
function diceReport(page, grid) {
  return page.$$eval(`${grid} .die`, (dice) => {
    let min = Infinity;
    const clipped = [];
    for (const die of dice) {
      min = Math.min(min, die.offsetWidth, die.offsetHeight);
      const face = die.querySelector('.face');
      if (face.textContent && (face.scrollWidth > face.clientWidth || face.scrollHeight > face.clientHeight
          || face.offsetWidth > die.clientWidth || face.offsetHeight > die.clientHeight)) {
        clipped.push(face.textContent);
      }
    }
    const page = document.documentElement.scrollWidth <= window.innerWidth;
    return { count: dice.length, min: Math.round(min * 10) / 10, clipped, fits: page };
  });
}

/** The lowest contrast of visible text on the page against what is behind it (WCAG's
    formula), and each text below AA: 4.5:1, or 3:1 for large text. Disabled controls
    and dimmed (inactive) boards are exempt, as WCAG exempts inactive components. */
function contrastReport(page) {
  return page.evaluate(() => {
    const parse = (text) => (text.match(/rgba?\([^)]*\)/g) || []).map((c) => {
      const [r, g, b, a = 1] = c.slice(c.indexOf('(') + 1, -1).split(/[\s,/]+/).filter(Boolean).map(Number);
      return [r, g, b, a];
    });
    const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
    const lum = (rgb) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(rgb[0]) + 0.7152 * f(rgb[1]) + 0.0722 * f(rgb[2]);
    };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => p - q); return (y + 0.05) / (x + 0.05); };
    /** What may be behind `node`: the colours under it, layers composited upwards. */
    const backgrounds = (node) => {
      const layers = [];
      for (let n = node; n; n = n.parentElement) {
        const style = getComputedStyle(n);
        const gradient = style.backgroundImage !== 'none' ? parse(style.backgroundImage) : [];
        if (gradient.length) { layers.push({ under: gradient }); break; }
        const [color] = parse(style.backgroundColor);
        if (color && color[3] > 0) {
          layers.push({ color });
          if (color[3] === 1) break;
        }
      }
      let unders = layers.length && layers[layers.length - 1].under ? layers.pop().under : [[255, 255, 255, 1]];
      if (!layers.length || layers[layers.length - 1].under === undefined) {
        unders = unders.map((u) => over(u, [255, 255, 255, 1]));
      }
      for (const layer of layers.reverse()) unders = unders.map((u) => over(layer.color, u));
      return unders;
    };
    let worst = Infinity;
    const failures = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const node = text.parentElement;
      if (!text.textContent.trim() || !node) continue;
      const box = node.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || !node.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (node.closest('button:disabled, .board.idle, select:disabled, input:disabled')) continue;
      let dimmed = false;
      for (let n = node; n; n = n.parentElement) if (Number(getComputedStyle(n).opacity) < 1) dimmed = true;
      if (dimmed) continue;
      const style = getComputedStyle(node);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      for (const under of backgrounds(node)) {
        const r = ratio(over(parse(style.color)[0], under), under);
        worst = Math.min(worst, r);
        if (r < (large ? 3 : 4.5)) failures.push(`"${text.textContent.trim().slice(0, 30)}" ${r.toFixed(2)}:1 (${style.color} on rgb(${under.slice(0, 3).join(',')}))`);
      }
    }
    return { worst: Math.round(worst * 100) / 100, failures: [...new Set(failures)] };
  });
}

/** A 12x12 board with two-letter faces among the letters. */
function board12() {
  const letters = 'AEIOUSTRNLDHMPCGBY'.split('');
  const rows = [];
  for (let r = 0; r < 12; r += 1) {
    const row = [];
    for (let c = 0; c < 12; c += 1) {
      const i = r * 12 + c;
      row.push(i % 29 === 0 ? 'Qu' : i % 31 === 0 ? 'He' : i % 37 === 0 ? 'In' : letters[(i * 7) % letters.length]);
    }
    rows.push(row.join(' '));
  }
  return rows.join('/');
}

/** Starts a game from the Play view's settings, accepting the confirm when asked. */
async function shake(page, { set, seed = '', board = '', timer, end = true }) {
  if (end && !(await page.locator('#end-turn').isDisabled())) {
    await page.locator('#end-turn').click();
    await page.waitForSelector('#result:not([hidden])');
  }
  if (set) await page.locator('#play-set').selectOption(set);
  if (!(await page.locator('.more').getAttribute('open') !== null)) await page.locator('.more summary').click();
  await page.locator('#play-board').fill(board);
  await page.locator('#play-seed').fill(String(seed));
  if (timer !== undefined) await page.locator('#play-timer').selectOption(timer);
  const before = await page.evaluate(() => document.querySelector('#play-info').textContent);
  await page.locator('#shake').click();
  await page.waitForFunction((b) => !document.querySelector('#guess').disabled
    && document.querySelector('#play-info').textContent !== b, before);
}

async function issue27(browser, context, page, url) {
  step = 'dice sizes at four widths';
  await page.locator('#tab-play').click();
  const big = board12();
  const sizes = [];
  for (const width of [390, 1280, 1920, 2560]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1080 });
    for (const [name, options] of [
      ['4x4', { set: 'english-new-4x4', seed: 1 }],
      ['6x6', { set: 'english-superbig-6x6', seed: 3 }],
      ['12x12', { board: big }],
    ]) {
      await shake(page, options);
      await page.waitForTimeout(750); // the shake animation ends
      const report = await diceReport(page, '#play-grid');
      sizes.push(`${width}px ${name}: ${report.min}px`);
      check(report.min >= 28 && !report.clipped.length && report.fits,
        `play ${name} at ${width} px: ${report.count} dice of ${report.min} px or more, ${report.clipped.length ? 'clipped: ' + report.clipped.join(' ') : 'every face whole'}${report.fits ? '' : ', the page scrolls sideways'}`);
      if (width === 1920 && name === '6x6') await page.screenshot({ path: path.join(shots, 'play-1920-6x6.png') });
    }
    await page.locator('#tab-solve').click();
    await page.locator('#solve-board').fill(big);
    await page.locator('#solve-dict').selectOption('enable2k');
    // The last width's grid is still there while this one's answer comes, and the
    // answer replaces it: mark the old dice, then wait for the answer (the button is
    // enabled again) and for 144 new dice, every one laid out.
    await page.evaluate(() => document.querySelectorAll('#solve-grid .die').forEach((die) => { die.dataset.old = '1'; }));
    await page.locator('#solve-button').click();
    await page.waitForFunction(() => {
      const dice = document.querySelectorAll('#solve-grid .die');
      return !document.querySelector('#solve-button').disabled && dice.length === 144
        && [...dice].every((die) => !die.dataset.old && die.offsetWidth > 0 && die.offsetHeight > 0);
    });
    const report = await diceReport(page, '#solve-grid');
    sizes.push(`${width}px solve 12x12: ${report.min}px`);
    check(report.min >= 28 && !report.clipped.length && report.fits,
      `solve 12x12 at ${width} px: dice of ${report.min} px or more, ${report.clipped.length ? 'clipped: ' + report.clipped.join(' ') : 'every face whole'}`);
    await page.locator('#tab-play').click();
  }
  console.log(`  dice sizes: ${sizes.join('; ')}`);
  await page.setViewportSize({ width: 1280, height: 900 });

  step = 'confirm before giving a game up';
  await shake(page, { set: 'english-new-4x4', seed: 7, end: false });
  const seven = await page.locator('#play-grid .die .face').allTextContents();
  dialogs.length = 0;
  acceptDialogs = false;
  await page.locator('#play-seed').fill('8');
  await page.locator('#shake').click();
  await page.waitForTimeout(300);
  check(dialogs.length === 1 && dialogs[0].includes('Give it up'), `shaking mid-game asks first (${dialogs[0]})`);
  check((await page.locator('#play-grid .die .face').allTextContents()).join('') === seven.join('')
    && !(await page.locator('#guess').isDisabled()), 'saying no keeps the game');
  acceptDialogs = true;
  await page.locator('#play-seed').fill('7');

  step = 'words left by length';
  const roll = await post(`${url}api/roll`, { set: 'english-new-4x4', seed: 7 });
  const solution = await post(`${url}api/solve`, { board: roll.inline, rules: 'cs106b' });
  const lengthsText = async () => page.locator('#lengths-list').textContent();
  await page.waitForSelector('#lengths:not([hidden])');
  const leftBefore = await page.$$eval('#lengths-list li', (items) => items.map((li) => [Number(li.dataset.length), Number(li.textContent.match(/: (\d+) left/)[1])]));
  const total = leftBefore.reduce((sum, [, n]) => sum + n, 0);
  check(total === solution.count, `the counts by length add up to the board's ${solution.count} words (${await lengthsText()})`);
  const word = solution.words.find((w) => w.word.length === 4);
  await page.locator('#guess').fill(word.word);
  await page.locator('#guess').press('Enter');
  await page.waitForSelector('#verdict.correct');
  const fours = await page.$eval('#lengths-list li[data-length="4"]', (li) => li.textContent);
  const fourBefore = leftBefore.find(([len]) => len === 4)[1];
  check(fours === `4 letters: ${fourBefore - 1} left`, `finding ${word.word} leaves one 4-letter word fewer (${fours})`);

  step = 'reload keeps the game';
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#guess:not([disabled])');
  check((await page.locator('#play-grid .die .face').allTextContents()).join('') === seven.join(''), 'after a reload the board is the same');
  check((await page.locator('#human-words').textContent()).includes(word.word), `and ${word.word} is still found`);
  check(!(await page.locator('#play-grid').getAttribute('class')).includes('idle'), 'and the game goes on');

  step = 'a share link';
  await page.locator('#play-link').click();
  await page.waitForFunction(() => document.querySelector('#play-link-status').textContent.includes('copied'));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  check(link.startsWith(url) && link.includes('seed=7') && link.includes('set=english-new-4x4') && link.includes('rules=cs106b') && link.includes('dict=enable2k'),
    `Copy link copies the board's dice, seed, rules and dictionary (${link})`);
  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const friend = await other.newPage();
  friend.setDefaultTimeout(TIMEOUT);
  await friend.goto(link);
  await friend.waitForSelector('body[data-ready="true"]');
  check((await friend.locator('#play-grid .die .face').allTextContents()).join('') === seven.join(''), 'the link shows the same board in another browser');
  check((await friend.locator('#shake').textContent()) === 'Play this board', 'ready to play');
  await friend.locator('#shake').click();
  await friend.waitForSelector('#guess:not([disabled])');
  check((await friend.locator('#play-info').textContent()).startsWith('english-new-4x4, seed 7'), 'playing it plays that board');
  await friend.locator('#tab-solve').click();
  await friend.locator('#solve-board').fill('ATEE/APYO/TINU/EDSE');
  await friend.locator('#solve-rules').selectOption('cs106b');
  await friend.locator('#solve-button').click();
  await friend.waitForSelector('#solve-words li');
  const summary = await friend.locator('#solve-summary').textContent();
  await friend.locator('#solve-link').click();
  await friend.waitForFunction(() => document.querySelector('#solve-link-status').textContent !== '');
  const solveLink = await friend.evaluate(() => document.querySelector('#solve-link-status').dataset.link);
  await other.close();
  const third = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const stranger = await third.newPage();
  stranger.setDefaultTimeout(TIMEOUT);
  await stranger.goto(solveLink);
  await stranger.waitForFunction(() => document.querySelectorAll('#solve-words li').length > 0);
  check((await stranger.locator('#solve-summary').textContent()) === summary
    && (await stranger.locator('#solve-rules').inputValue()) === 'cs106b',
    `a Solve link opens solved, with its rules (${summary})`);
  await stranger.reload();
  await stranger.waitForFunction(() => document.querySelectorAll('#solve-words li').length > 0);
  check((await stranger.locator('#solve-summary').textContent()) === summary, 'and a reload keeps it');
  await third.close();

  step = 'the results: by length, and the missed words by letter';
  await page.locator('#end-turn').click();
  await page.waitForSelector('#result:not([hidden])');
  check((await lengthsText()).includes('4 letters: 1 of'), `the counts say what you found of each length (${await lengthsText()})`);
  const letters = await page.locator('#missed-filter button').allTextContents();
  const letter = letters[1];
  await page.locator('#missed-filter button', { hasText: new RegExp(`^${letter}$`) }).click();
  const shown = await page.$$eval('#computer-words li:not([hidden]) .w', (ws) => ws.map((w) => w.textContent));
  const missed = solution.words.filter((w) => w.word !== word.word);
  const expected = missed.filter((w) => w.word.startsWith(letter)).length;
  check(shown.length === expected && shown.every((w) => w.startsWith(letter)), `the filter ${letter} shows the ${expected} missed words that begin with it (${shown.join(' ')})`);
  await page.locator('#missed-filter button', { hasText: 'All' }).click();
  check(await page.locator('#computer-words li:not([hidden])').count() === missed.length, 'All shows them all again');
  await page.reload();
  await page.waitForSelector('#result:not([hidden])');
  check(true, 'a reload after the game shows its results again');

  step = 'timers';
  const timers = await page.locator('#play-timer option').evaluateAll((os) => os.map((o) => o.value));
  check(timers.join(',') === ',60,120,180,300', `timer lengths: none, 1, 2, 3, 5 minutes (${timers.join(',')})`);
  await shake(page, { set: 'english-new-4x4', seed: 5, timer: '60' });
  const clock = await page.locator('#clock').textContent();
  check(clock === '1:00' || clock === '0:59', `a 1-minute game shows ${clock}`);
  check(page.url().includes('timer=60'), 'the link keeps the timer');
  await page.locator('#play-timer').selectOption('');

  step = 'the seed is checked by the page';
  await page.locator('#end-turn').click();
  await page.waitForSelector('#result:not([hidden])');
  await page.locator('#play-seed').fill('seven');
  await page.locator('#shake').click();
  await page.waitForSelector('#setup-error:not([hidden])');
  check((await page.locator('#setup-error').textContent()).startsWith('The seed is a whole number'), 'a letter as seed gets the page\'s message');
  await page.locator('#play-seed').fill('');

  step = 'French dice, French dictionary';
  const labels = await page.locator('#play-set option').allTextContents();
  check(labels.filter((l) => l.startsWith('French · Standard · 4×4')).length === 1
    && labels.filter((l) => l.startsWith('German · Standard · 4×4')).length === 1,
    'each option of the dice menu names its language');
  await page.locator('#play-set').selectOption('french-4x4');
  check(await page.locator('#play-dict').inputValue() === 'fr', 'French dice pick the served French dictionary');
  check(await page.locator('#play-set').evaluate((s) => s.options[s.selectedIndex].text.startsWith('French')), 'the closed menu says French');
  check(!(await page.locator('#dict-note').isVisible()), 'no note when the languages agree');
  await shake(page, { seed: 4 });
  await page.locator('#guess').fill('nuit');
  await page.locator('#guess').press('Enter');
  await page.waitForSelector('#verdict.correct');
  check((await page.locator('#verdict').textContent()).includes('NUIT'), 'NUIT is a word on French dice 4 (ENABLE2K has no NUIT)');
  await page.locator('#end-turn').click();
  await page.waitForSelector('#result:not([hidden])');
  await page.locator('#play-set').selectOption('german-4x4');
  check(await page.locator('#play-dict').inputValue() === 'enable2k', 'German dice, no German dictionary: the default one');
  check((await page.locator('#dict-note').textContent()).includes('no German dictionary'), `and a note says so (${await page.locator('#dict-note').textContent()})`);
  await page.locator('#play-set').selectOption('english-new-4x4');

  step = 'faces in the case of the words';
  await page.locator('#tab-solve').click();
  await page.locator('#solve-board').fill('perslatgsineters');
  await page.locator('#solve-button').click();
  await page.waitForFunction(() => document.querySelector('#solve-grid .face')?.textContent === 'P');
  const faces = await page.locator('#solve-grid .die .face').allTextContents();
  check(faces.join('') === 'PERSLATGSINETERS', `perslatgsineters shows upper-case dice (${faces.join('')})`);
  await page.locator('#solve-board').fill('qu a/b c');
  await page.locator('#solve-button').click();
  await page.waitForFunction(() => document.querySelector('#solve-grid .face')?.textContent === 'Qu');
  check(true, 'a face typed qu shows as Qu');

  step = 'an error replaces the last answer';
  await page.locator('#solve-board').fill('ATEE/AP');
  await page.locator('#solve-button').click();
  await page.waitForSelector('#solve-error:not([hidden])');
  check(!(await page.locator('#solve-out').isVisible()), 'no old board or words under the error');

  step = 'long words are whole';
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#solve-board').fill('SERSP/LATGN/INESE/RTERO/DISAC');
    await page.locator('#solve-button').click();
    await page.waitForFunction(() => document.querySelectorAll('#solve-words li').length > 800);
    const broken = await page.$$eval('#solve-words .w', (ws) => ws.filter((w) => {
      const lines = w.getClientRects().length;
      return lines > 1 || w.offsetHeight > parseFloat(getComputedStyle(w).lineHeight) * 1.5;
    }).map((w) => w.textContent));
    check(broken.length === 0, `at ${width} px no word is broken across lines (INTERCOSTALS included)${broken.length ? ': ' + broken.join(' ') : ''}`);
  }
  await page.screenshot({ path: path.join(shots, 'solve-phone-long-words.png') });

  step = 'the Solve view before any solve';
  const fresh = await context.newPage();
  fresh.setDefaultTimeout(TIMEOUT);
  await fresh.goto(`${url}#solve`);
  await fresh.waitForSelector('body[data-ready="true"]');
  check(!(await fresh.locator('#solve-out').isVisible()) && !(await fresh.locator('#solve-grid .die').count()),
    'Solve shows no empty tray or word list before a board is solved');
  await fresh.close();

  step = 'a phone during a game';
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#tab-play').click();
  await shake(page, { set: 'english-new-4x4', seed: 7 });
  await page.locator('#guess').fill(word.word);
  await page.locator('#guess').press('Enter');
  await page.waitForSelector('#verdict.correct');
  const verdictBox = await page.locator('#verdict').boundingBox();
  check(!(await page.locator('#setup').isVisible()), 'the settings step aside while the turn runs');
  check(verdictBox.y + verdictBox.height <= 844, `the verdict is above the fold (its bottom at ${Math.round(verdictBox.y + verdictBox.height)} of 844 px)`);
  await page.waitForTimeout(1300); // the new word's highlight fades
  await page.screenshot({ path: path.join(shots, 'play-phone-verdict.png') });
  let contrast = await contrastReport(page);
  check(contrast.failures.length === 0, `phone, mid-game: all text at AA contrast or better (lowest ${contrast.worst}:1)${contrast.failures.length ? ': ' + contrast.failures.join('; ') : ''}`);
  await page.locator('#end-turn').click();
  await page.waitForSelector('#result:not([hidden])');
  check(await page.locator('#setup').isVisible(), 'and come back when it ends');

  step = 'contrast, light and dark';
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const paper = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    check(scheme === 'light' ? paper === 'rgb(245, 241, 232)' : paper === 'rgb(22, 26, 36)', `${scheme} mode follows the system (${paper})`);
    await page.locator('#computer-words li').first().hover();
    contrast = await contrastReport(page);
    check(contrast.failures.length === 0, `${scheme}, results: all text at AA contrast (lowest ${contrast.worst}:1)${contrast.failures.length ? ': ' + contrast.failures.join('; ') : ''}`);
    await page.screenshot({ path: path.join(shots, `play-results-${scheme}.png`), fullPage: true });
    await shake(page, { set: 'english-new-4x4', seed: 7 });
    await page.locator('#guess').fill('zzqxv');
    await page.locator('#guess').press('Enter');
    await page.waitForSelector('#verdict.rejected');
    contrast = await contrastReport(page);
    check(contrast.failures.length === 0, `${scheme}, a rejected word: AA contrast (lowest ${contrast.worst}:1)${contrast.failures.length ? ': ' + contrast.failures.join('; ') : ''}`);
    await page.locator('#end-turn').click();
    await page.waitForSelector('#result:not([hidden])');
    await page.locator('#tab-solve').click();
    await page.locator('#solve-board').fill('ATEE/APYO/TINU/EDSE');
    await page.locator('#solve-button').click();
    await page.waitForSelector('#solve-words li');
    contrast = await contrastReport(page);
    check(contrast.failures.length === 0, `${scheme}, Solve: AA contrast (lowest ${contrast.worst}:1)${contrast.failures.length ? ': ' + contrast.failures.join('; ') : ''}`);
    await page.screenshot({ path: path.join(shots, `solve-${scheme}.png`), fullPage: true });
    await page.locator('#tab-play').click();
  }
  await page.emulateMedia({ colorScheme: 'light' });
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
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      if (acceptDialogs) await dialog.accept();
      else await dialog.dismiss();
    });
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

    await issue27(browser, context, page, url);

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
