// Load to first board of the static page on `python3 -m http.server` (issue 58): RUNS
// fresh browser profiles (nothing cached: the engine and English fetched), each then
// reloaded (English and the page from the cache and the service worker). Prints each
// time (window.polyboggle.readyMs: navigation start to the page ready, its first board
// drawn) and the medians.
//
//   node tests/e2e/load-time.mjs STATIC_DIR [RUNS]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = path.resolve(process.argv[2]);
const runs = Number(process.argv[3] || 5);
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir], { stdio: 'ignore' });
const url = `http://127.0.0.1:${port}/`;
for (let i = 0; i < 100; i += 1) {
  if (await fetch(url).then((r) => r.ok, () => false)) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const cold = [];
const warm = [];
try {
  for (let i = 0; i < runs; i += 1) {
    const profile = mkdtempSync(path.join(tmpdir(), 'polyboggle-load-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const page = context.pages()[0] || await context.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    cold.push(await page.evaluate(() => window.polyboggle.readyMs));
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    warm.push(await page.evaluate(() => window.polyboggle.readyMs));
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
} finally {
  server.kill();
}
const ms = (xs) => xs.map((x) => Math.round(x)).join(', ');
console.log(`first visit: ${ms(cold)} ms (median ${Math.round(median(cold))})`);
console.log(`next visit:  ${ms(warm)} ms (median ${Math.round(median(warm))})`);
