// The Rooms view: several players on one board at once. Over `polyboggle serve` a room
// is the server's (docs/web.md): opened or joined with a name, started by its host, every
// change brought by its live connection (a WebSocket, reconnected when it drops). On the
// static page a room is its link (the board, rules, timer, scoring and start time in
// it): each device plays the same board on the same clock alone, then the players'
// result codes, pasted, are scored together by the server's own code (crates/wasm).
// Names are the players' own text: always shown as text, never as HTML.
import { backend } from '../backend.js';
import { BoardView, wordItem } from '../board.js';
import { boardLook, describeSet, dictionaries, offeredDictionary, openOffered } from '../dictionaries.js';
import { $, el } from '../dom.js';
import { hashFor, linkFor, redrawWhenShown, setRoomHash, showView } from '../router.js';
import { plural } from '../text.js';

const room = {
  board: null,
  view: null,
  code: '', // the server's room
  token: '',
  socket: null,
  retries: 0,
  retryTimer: 0,
  pending: 0, // a GET that fills in for a push the live connection may have missed
  link: null, // a room of a link: {key, settings, starts, name, words: [[word, ms]]}
  drawn: '', // the round and board on display
  clock: 0,
  offset: 0, // the server's clock minus this one's, in ms
  busy: false,
};

const STORE = 'polyboggle-room-'; // + the code: {token, player, name}
const CODE_PREFIX = 'pb1.';
const TAGS = {
  'too-short': 'Too short', 'not-a-word': 'Not a word',
  'not-on-board': 'Not on the board', 'already-found': 'Already found',
};
const RULES = { hasbro: 'Hasbro', syllables: 'Syllables', cs106b: 'CS106B' };

function stored(key) {
  try {
    return JSON.parse(sessionStorage.getItem(STORE + key) || 'null');
  } catch (e) {
    return null;
  }
}

function store(key, value) {
  try {
    if (value) sessionStorage.setItem(STORE + key, JSON.stringify(value));
    else sessionStorage.removeItem(STORE + key);
  } catch (e) {
    // Storage may be off: the room goes on until a reload.
  }
}

function showError(message) {
  $('room-error').textContent = message || '';
  $('room-error').hidden = !message;
}

function showRoomVerdict(kind, text, tag) {
  const verdict = $('room-verdict');
  verdict.className = `verdict ${kind}`;
  verdict.replaceChildren();
  if (tag) verdict.append(el('span', { class: 'tag' }, el('span', {}, tag)));
  verdict.append(text);
}

/** The settings a new room takes from the Play view: its dictionary, dice or board, rules. */
function playSettings() {
  const settings = { dict: $('play-dict').value, rules: $('play-rules').value };
  const board = $('play-board').value.trim();
  const seed = $('play-seed').value.trim();
  if (board) settings.board = board;
  else {
    settings.set = $('play-set').value;
    if (/^\d{1,15}$/.test(seed)) settings.seed = Number(seed);
  }
  return settings;
}

function describeSettings() {
  const s = playSettings();
  const set = s.set && describeSet({ name: s.set, rows: '', cols: '' });
  const dice = s.board ? `the board ${s.board}` : `${set ? set.label.replace(/ · ×$/, '') : s.set} dice${s.seed != null ? `, seed ${s.seed}` : ''}`;
  $('room-settings').textContent = `Plays ${dice}, ${RULES[s.rules] || s.rules} rules, judged by ${s.dict}.`;
}

function entry(joinOnly = false, code = '') {
  stopLive();
  clearInterval(room.clock);
  room.view = null;
  $('room-in').hidden = true;
  $('room-entry').hidden = false;
  $('room-open-form').hidden = joinOnly;
  $('room-code-field').hidden = Boolean(room.link);
  $('room-join-title').textContent = room.link ? 'Join this room' : 'Join a room';
  if (code) $('room-code').value = code;
  describeSettings();
}

/* ---------------------------------------------------------------- the server's rooms */

async function openServerRoom() {
  const name = $('room-name').value.trim();
  const body = { name, ...playSettings(), timer: Number($('room-timer').value) || 180, scoring: $('room-scoring').value };
  const opened = await backend.openRoom(body);
  store(opened.code, { token: opened.token, player: opened.player, name });
  await enterServerRoom(opened.code);
}

async function joinServerRoom() {
  const code = $('room-code').value.trim().toUpperCase().replace(/^.*#\/room\//, '');
  const joined = await backend.joinRoom(code, $('room-join-name').value.trim());
  store(joined.code, { token: joined.token, player: joined.player, name: $('room-join-name').value.trim() });
  await enterServerRoom(joined.code);
}

/** Into the server's room `code` with the token this tab keeps for it: its view, then its
    live connection. With no token (or one the room does not know), the join form. */
async function enterServerRoom(code) {
  const kept = stored(code);
  room.link = null;
  setRoomHash(`#/room/${code}`);
  if (!kept) {
    entry(true, code);
    $('room-join-name').focus();
    return;
  }
  room.code = code;
  room.token = kept.token;
  try {
    render(await backend.room(code, kept.token));
  } catch (e) {
    if (e.status === 401 || e.status === 403 || e.status === 404) {
      store(code, null);
      entry(e.status !== 404, code);
      showError(e.status === 404 ? `${e.message} Open a new room.` : e.message);
      return;
    }
    throw e;
  }
  connectLive();
}

function connectLive() {
  stopLive();
  const { code, token } = room;
  let socket;
  try {
    socket = new WebSocket(backend.roomLive(code, token));
  } catch (e) {
    retryLive();
    return;
  }
  room.socket = socket;
  socket.addEventListener('open', () => {
    room.retries = 0;
    document.body.dataset.roomLive = 'open';
  });
  socket.addEventListener('message', (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    if (message.type === 'room') render(message.room);
    else if (message.type === 'found') showCount(message.player, message.found);
    // The results are asked for: the live connection only says they are there.
    else if (message.type === 'results') backend.room(code, token).then(render, () => {});
    else if (message.type === 'error') showRoomVerdict('rejected', message.error, 'Error');
  });
  socket.addEventListener('close', () => {
    if (room.socket !== socket) return; // closed on purpose
    room.socket = null;
    document.body.dataset.roomLive = 'closed';
    retryLive();
  });
}

/** Connects again after a back-off (half a second, doubling to 15 s); the view is asked
    for meanwhile, which also says when the room is gone. */
function retryLive() {
  clearTimeout(room.retryTimer);
  const wait = Math.min(15000, 500 * 2 ** room.retries);
  room.retries += 1;
  room.retryTimer = setTimeout(async () => {
    if (!room.code || room.link) return;
    try {
      render(await backend.room(room.code, room.token));
    } catch (e) {
      if (e.status === 401 || e.status === 403 || e.status === 404) {
        store(room.code, null);
        entry(e.status !== 404, room.code);
        showError(e.message);
        return;
      }
    }
    connectLive();
  }, wait);
}

function stopLive() {
  clearTimeout(room.retryTimer);
  const socket = room.socket;
  room.socket = null;
  if (socket) socket.close();
}

/** A player's count of words, as the live connection tells it. */
function showCount(player, found) {
  if (!room.view) return;
  const p = room.view.players.find((q) => q.player === player);
  if (p) p.found = found;
  renderPlayers(room.view);
}

/* ---------------------------------------------------------------- rooms of a link */

/** The settings a room's link carries, as POST /api/rooms takes them, and its start. */
function linkSettings(params) {
  const settings = {};
  for (const key of ['dict', 'rules', 'set', 'board', 'scoring']) {
    if (params.get(key)) settings[key] = params.get(key);
  }
  for (const key of ['seed', 'timer']) {
    if (params.get(key)) settings[key] = Number(params.get(key));
  }
  return { settings, starts: Number(params.get('start')) };
}

function linkHash(settings, starts) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(settings)) params.set(key, String(value));
  params.set('start', String(starts));
  return `#/room/?${params}`;
}

function openLinkRoom() {
  const name = $('room-name').value.trim();
  const settings = { ...playSettings(), timer: Number($('room-timer').value) || 180, scoring: $('room-scoring').value };
  // A board nobody chose is rolled from a seed the link carries: the same everywhere.
  if (settings.set && settings.seed == null) settings.seed = Math.floor(Math.random() * 1e9);
  const starts = Date.now() + Number($('room-countdown').value) * 1000;
  const hash = linkHash(settings, starts);
  store(hash, { name, words: [] });
  return enterLinkRoom(hash);
}

/** Into the room of a link (`#/room/?...`): with a name this tab kept, its round (the
    words played again after a reload); without one, the form that asks for it. */
async function enterLinkRoom(hash) {
  const params = new URLSearchParams(hash.split('?')[1] || '');
  const { settings, starts } = linkSettings(params);
  setRoomHash(hash);
  room.code = '';
  if (!Number.isFinite(starts) || starts <= 0) {
    entry();
    showError('This room\'s link has no start time: ask for the link again.');
    return;
  }
  if (settings.dict && !dictionaries.some((d) => d.name === settings.dict)) {
    const offered = offeredDictionary(settings.dict);
    if (offered) await openOffered(offered);
  }
  const kept = stored(hash);
  room.link = { key: hash, settings, starts, name: kept ? kept.name : '', words: kept ? kept.words : [], codes: '' };
  if (!kept) {
    entry(true);
    $('room-join-name').focus();
    return;
  }
  const body = { name: kept.name, ...settings };
  let view = await backend.roomOpen(hash, body, starts, Date.now());
  for (const [word, at] of room.link.words) {
    await backend.roomWord(hash, word, at).catch(() => {});
  }
  if (room.link.words.length) view = await backend.roomView(hash, Date.now());
  render(view);
}

function joinLinkRoom() {
  const name = $('room-join-name').value.trim();
  if (!name) throw new Error('name: empty; give the name the others will see');
  store(room.link.key, { name, words: [] });
  return enterLinkRoom(room.link.key);
}

function toBase64Url(text) {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(code) {
  const binary = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** A player's result code: its name and words, and the room's start (the room's mark). */
export function resultCode(starts, name, words) {
  return CODE_PREFIX + toBase64Url(JSON.stringify({ r: starts, n: name, w: words }));
}

/** The codes pasted: each list, or why a code is none of this room's. */
function pastedLists(text, starts) {
  const lists = [];
  const problems = [];
  for (const code of text.split(/\s+/).filter(Boolean)) {
    try {
      let list = null;
      try {
        list = code.startsWith(CODE_PREFIX) ? JSON.parse(fromBase64Url(code.slice(CODE_PREFIX.length))) : null;
      } catch (e) {
        list = null;
      }
      if (!list || typeof list !== 'object') throw new Error('not a result code');
      const { r, n, w } = list;
      if (r !== starts) throw new Error('a code of another room');
      if (typeof n !== 'string' || !Array.isArray(w)) throw new Error('not a result code');
      lists.push({ name: n, words: w.map(String) });
    } catch (e) {
      problems.push(`${code.slice(0, 12)}…: ${e.message}`);
    }
  }
  return { lists, problems };
}

/** The results of a room of a link: this player's list and the others' pasted, scored
    together (by name, so that every device lists them alike). */
async function linkResults(view) {
  const link = room.link;
  const mine = { name: link.name, words: (view.words || []).map((w) => w.word) };
  $('room-my-code').value = resultCode(link.starts, mine.name, mine.words);
  const { lists, problems } = pastedLists($('room-codes').value, link.starts);
  const byName = new Map([[mine.name, mine]]);
  for (const list of lists) {
    if (byName.has(list.name) && JSON.stringify(byName.get(list.name).words) !== JSON.stringify(list.words)) {
      problems.push(`two lists are named ${list.name}`);
    } else {
      byName.set(list.name, list);
    }
  }
  const all = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  $('room-codes-note').textContent = problems.length ? problems.join('; ')
    : `${plural(all.length, 'list', 'lists')} scored.`;
  const scored = await backend.roomResults(link.settings, all);
  const you = scored.players.find((p) => p.name === link.name);
  return { ...view, players: scored.players.map((p) => ({ ...p, here: true })), winners: scored.winners, missed: scored.missed, you: you ? you.player : '' };
}

/* ---------------------------------------------------------------- the view */

function isHost(view) {
  return !room.link && view.host === view.you;
}

async function render(view) {
  if (room.link && view.phase === 'results') {
    try {
      view = await linkResults(view);
    } catch (e) {
      $('room-codes-note').textContent = e.message;
    }
  }
  room.view = view;
  room.offset = view.now_ms - Date.now();
  $('room-entry').hidden = true;
  $('room-in').hidden = false;
  showError('');
  document.body.dataset.roomPhase = view.phase;
  $('view-rooms').dataset.phase = view.phase;
  $('room-title').textContent = room.link ? 'A room of its link' : `Room ${view.code}`;
  const origin = view.set ? `${view.set}${view.seed != null ? `, seed ${view.seed}` : ''}` : 'a board of its own';
  $('room-info').textContent = `${origin} · ${RULES[view.rules] || view.rules} rules, ${view.min_len}+ letters · ${view.dict} · ${view.timer} s · ${view.scoring === 'all' ? 'every word scores' : 'classic scoring'}${view.round ? ` · round ${view.round}` : ''}`;
  renderPlayers(view);
  renderBoard(view);
  renderMine(view);
  renderPhase(view);
  renderResults(view);
  startRoomClock(view);
}

function renderPlayers(view) {
  const results = view.phase === 'results';
  const items = view.players.filter((p) => !p.left || results).map((p) => {
    const badges = [];
    if (p.host && !room.link) badges.push(el('span', { class: 'badge' }, 'host'));
    if (p.player === view.you) badges.push(el('span', { class: 'badge you' }, 'you'));
    if (!p.here && !p.left) badges.push(el('span', { class: 'badge away' }, 'away'));
    if (p.left) badges.push(el('span', { class: 'badge away' }, 'left'));
    const count = results ? `${plural(p.score, 'point', 'points')}${p.total !== p.score ? `, ${p.total} in all` : ''}` : plural(p.found, 'word', 'words');
    // The name as text (el's string children are text nodes): never as HTML.
    return el('li', { dataset: { player: p.player }, dir: 'auto' },
      el('span', { class: 'name' }, p.name), ...badges, el('span', { class: 'count' }, count));
  });
  $('room-players').replaceChildren(...items);
}

function renderBoard(view) {
  const drawn = view.board ? `${view.round}:${view.inline}` : '';
  if (drawn === room.drawn) return;
  room.drawn = drawn;
  if (view.board) {
    room.board.render(view.board, { ...boardLook(view.dict), rtl: Boolean(view.rtl), shake: view.phase === 'playing' });
  } else {
    room.board.render([], {});
  }
}

function renderMine(view) {
  const words = view.words || [];
  $('room-words').replaceChildren(...[...words].reverse().map((w) => wordItem(w, room.board)));
  $('room-score').textContent = String(words.reduce((sum, w) => sum + w.points, 0));
  $('room-mine').hidden = view.phase === 'results';
}

function renderPhase(view) {
  const host = isHost(view);
  const playing = view.phase === 'playing';
  $('room-guess').disabled = !playing;
  $('room-guess-button').disabled = !playing;
  room.board.setEnabled(playing, { dim: !playing && view.phase !== 'results' });
  const start = $('room-start');
  start.hidden = !(host && (view.phase === 'lobby' || view.phase === 'results'));
  $('room-start-field').hidden = start.hidden;
  start.textContent = view.phase === 'results' ? 'Next round' : 'Start';
  $('room-share').hidden = !(room.link && view.phase === 'results');
  const here = view.players.filter((p) => !p.left).length;
  const hostName = (view.players.find((p) => p.player === view.host) || {}).name || '';
  const phase = $('room-phase');
  if (view.phase === 'lobby') {
    phase.textContent = host
      ? `${plural(here, 'player', 'players')} here. Start when everyone is in.`
      : `${plural(here, 'player', 'players')} here. ${hostName} starts the round.`;
    showRoomVerdict('info', 'Share the link or the code; each player joins with a name.');
  } else if (view.phase === 'countdown') {
    showRoomVerdict('info', `Find words of ${view.min_len} or more letters. Type them, or trace them on the dice.`);
  } else if (playing) {
    if (room.wasPhase !== 'playing') {
      showRoomVerdict('info', `Find words of ${view.min_len} or more letters. Type them, or trace them on the dice.`);
      $('room-guess').focus({ preventScroll: true });
    }
  } else {
    phase.textContent = room.link ? 'Time is up: give your code to the others, paste theirs.' : 'Time is up.';
    showRoomVerdict('info', 'Point at any word to see its path on the board.');
  }
  room.wasPhase = view.phase;
}

function renderResults(view) {
  const results = view.phase === 'results';
  $('room-lists').hidden = !results;
  $('room-missed-box').hidden = !results;
  $('room-result').hidden = !results;
  if (!results) return;
  const name = (id) => (view.players.find((p) => p.player === id) || {}).name || id;
  const winners = view.winners || [];
  const best = view.players.reduce((m, p) => Math.max(m, p.score || 0), 0);
  const headline = winners.length === 0 ? 'Nobody scored.'
    : winners.length === 1 ? `${name(winners[0])} wins!` : `A tie: ${winners.map(name).join(' and ')}.`;
  $('room-result').className = `result${winners.includes(view.you) ? ' win' : ''}`;
  $('room-result').replaceChildren(el('strong', { id: 'room-winners' }, headline),
    `${winners.length ? `${plural(best, 'point', 'points')}. ` : ''}${view.scoring === 'all' ? 'Every word scores.' : 'Words two or more players found are struck.'}`);
  const lists = view.players.map((p) => {
    const items = (p.words || []).map((w) => {
      const item = wordItem(w, room.board);
      item.dataset.word = w.word;
      if (w.struck) {
        item.classList.add('struck');
        item.setAttribute('aria-label', `${w.word}, struck: ${w.also.join(', ')} found it too`);
      }
      if (w.also && w.also.length) item.querySelector('.w').after(el('span', { class: 'also' }, `also ${w.also.join(', ')}`));
      return item;
    });
    return el('section', { class: 'player room-list', dataset: { player: p.player } },
      el('h2', {}, el('span', { class: 'name', dir: 'auto' }, p.name), el('span', { class: 'score' }, String(p.score))),
      el('p', { class: 'count' }, `${plural((p.words || []).length, 'word', 'words')}${p.total !== p.score ? `; ${p.total} points in all` : ''}`),
      el('ul', { class: 'words' }, ...items));
  });
  $('room-lists').replaceChildren(...lists);
  const missed = [...(view.missed || [])].sort((a, b) => b.points - a.points || (a.word < b.word ? -1 : 1));
  $('room-missed-title').textContent = `Nobody found: ${plural(missed.length, 'word', 'words')}`;
  $('room-missed').replaceChildren(...missed.map((w) => {
    const item = wordItem(w, room.board, { chip: true });
    item.dataset.word = w.word;
    return item;
  }));
}

/** The clock: the countdown, then the round's time; each phase's change is asked for
    when it is due (the live connection brings it too). */
function startRoomClock(view) {
  clearInterval(room.clock);
  clearTimeout(room.pending);
  const clock = $('room-clock');
  if (view.phase !== 'countdown' && view.phase !== 'playing') {
    clock.hidden = true;
    return;
  }
  const ends = view.ends_at_ms - room.offset;
  const starts = ends - view.timer * 1000;
  const phase = view.phase;
  clock.hidden = false;
  const tick = () => {
    const now = Date.now();
    if (phase === 'countdown') {
      const left = Math.max(0, Math.ceil((starts - now) / 1000));
      $('room-phase').textContent = `The round starts in ${left}…`;
      clock.textContent = String(left);
      if (now >= starts) due(phase, 0);
      return;
    }
    const left = Math.max(0, Math.ceil((ends - now) / 1000));
    clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
    clock.classList.toggle('low', left <= 15);
    if (left > 0) {
      $('room-phase').textContent = `${plural(room.view.players.filter((p) => !p.left).length, 'player', 'players')} on this board.`;
      return;
    }
    $('room-guess').disabled = true;
    $('room-guess-button').disabled = true;
    room.board.setEnabled(false);
    $('room-phase').textContent = 'Time is up: the results come in a moment.';
    // The server ends the round after its grace (2 s, for words on their way).
    if (now >= ends + 2100) due(phase, 0);
  };
  tick();
  room.clock = setInterval(tick, 250);
}

/** The phase `phase` is over by this clock: the view is asked for (once a second at most). */
function due(phase) {
  if (room.pending) return;
  room.pending = setTimeout(async () => {
    room.pending = 0;
    if (!room.view || room.view.phase !== phase) return;
    try {
      const view = room.link ? await backend.roomView(room.link.key, Date.now()) : await backend.room(room.code, room.token);
      if (view.phase !== phase) render(view);
    } catch (e) {
      // The live connection brings it, or the next tick asks again.
    }
  }, room.link ? 50 : 600);
}

async function guessInRoom(word) {
  word = word.trim();
  if (!word || !room.view || room.view.phase !== 'playing') return;
  $('room-guess').value = '';
  try {
    const now = Date.now();
    const reply = room.link ? await backend.roomWord(room.link.key, word, now) : await backend.roomWord(room.code, room.token, word);
    if (room.link) {
      room.link.words.push([word, now]);
      store(room.link.key, { name: room.link.name, words: room.link.words });
    }
    if (reply.verdict === 'correct') {
      const found = { word: reply.word, points: reply.points, path: reply.path };
      room.view.words = [...(room.view.words || []), found];
      const me = room.view.players.find((p) => p.player === room.view.you);
      if (me) me.found = reply.found;
      renderMine(room.view);
      renderPlayers(room.view);
      $('room-words').firstChild?.classList.add('new');
      room.board.light(reply.path, 'lit');
      showRoomVerdict('correct', `${reply.word}: +${plural(reply.points, 'point', 'points')}`, 'Correct');
    } else {
      room.board.clear();
      showRoomVerdict('rejected', reply.message, TAGS[reply.verdict] || 'No');
    }
  } catch (e) {
    showRoomVerdict('rejected', e.message, 'Error');
  }
}

async function act(f) {
  if (room.busy) return;
  room.busy = true;
  showError('');
  try {
    await f();
  } catch (e) {
    showError(e.message);
  } finally {
    room.busy = false;
  }
}

/** Opens the Rooms view at `hash`: `#/room/CODE` (the server's room), `#/room/?...` (a
    room of a link), or `#rooms` (the forms). */
export async function openRooms(hash) {
  showError('');
  try {
    const code = (hash.match(/^#\/room\/([^?]+)/) || [])[1];
    if (hash.startsWith('#/room/?') && backend.roomOpen) await enterLinkRoom(hash);
    else if (code && !backend.roomOpen) await enterServerRoom(decodeURIComponent(code).toUpperCase());
    else {
      room.link = null;
      setRoomHash('#rooms');
      entry();
      if (hash.startsWith('#/room/')) showError('This page has no server for that room: open the link on the server that gave it.');
    }
  } catch (e) {
    entry();
    showError(e.message);
  }
}

export function setUpRooms() {
  room.board = new BoardView($('room-grid'), {
    onWord: (word) => guessInRoom(word),
    onTrace: (word) => { $('room-guess').value = word; },
  });
  redrawWhenShown(room.board);
  const local = Boolean(backend.roomOpen);
  // Over a server the host starts the round when all are in; a room of a link starts at
  // the time its link says, so its countdown is the time to share the link.
  const waits = local ? [[10, '10 s'], [30, '30 s'], [60, '1 minute'], [120, '2 minutes'], [300, '5 minutes']]
    : [[0, 'None'], [3, '3 s'], [5, '5 s'], [10, '10 s'], [30, '30 s']];
  $('room-countdown-label').textContent = local ? 'Starts in' : 'Countdown';
  for (const id of ['room-countdown', 'room-start-countdown']) {
    $(id).replaceChildren(...waits.map(([s, label]) => el('option', { value: String(s) }, label)));
    $(id).value = local ? '30' : '3';
  }
  $('room-start-countdown').value = local ? '30' : '3';
  $('room-open').textContent = local ? 'Open a room of a link' : 'Open a room';
  $('tab-rooms').addEventListener('click', describeSettings);
  $('room-change').addEventListener('click', () => {
    showView('play');
    document.body.classList.add('settings-open');
  });
  $('room-open-form').addEventListener('submit', (e) => {
    e.preventDefault();
    act(() => (local ? openLinkRoom() : openServerRoom()));
  });
  $('room-join-form').addEventListener('submit', (e) => {
    e.preventDefault();
    act(() => (room.link ? joinLinkRoom() : joinServerRoom()));
  });
  $('room-guess-form').addEventListener('submit', (e) => {
    e.preventDefault();
    guessInRoom($('room-guess').value);
  });
  $('room-guess').addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      $('room-guess').value = '';
      room.board.cancelTrace();
    }
  });
  $('room-start').addEventListener('click', () => act(async () => {
    render(await backend.startRoom(room.code, room.token, Number($('room-start-countdown').value)));
  }));
  $('room-leave').addEventListener('click', () => act(async () => {
    if (room.code && !room.link) {
      const { code, token } = room;
      stopLive();
      store(code, null);
      room.code = '';
      await backend.leaveRoom(code, token).catch(() => {});
    } else if (room.link) {
      store(room.link.key, null);
      room.link = null;
    }
    setRoomHash('#rooms');
    entry();
  }));
  $('room-link').addEventListener('click', async () => {
    const url = linkFor('rooms');
    const status = $('room-link-status');
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = 'Link copied.';
    } catch (e) {
      status.textContent = `Copy this link: ${url}`;
    }
    status.dataset.link = url;
  });
  $('room-codes').addEventListener('input', () => {
    if (room.link && room.view && room.view.phase === 'results') {
      backend.roomView(room.link.key, Date.now()).then(render, (e) => { $('room-codes-note').textContent = e.message; });
    }
  });
  $('room-my-code').addEventListener('focus', () => $('room-my-code').select());
  window.addEventListener('hashchange', () => {
    if (location.hash.startsWith('#/room/') && location.hash !== hashFor('rooms')) {
      showView('rooms');
      openRooms(location.hash);
    }
  });
}
