// The Play view: a game against the computer, from the settings to the results.
import { backend } from '../backend.js';
import { BoardView, wordItem } from '../board.js';
import {
  boardLook, describeSet, dictLang, dictionaries, dictionaryFor, fillDicts, languageName,
  onLanguage, refreshDictionaries, showLanguage,
} from '../dictionaries.js';
import { $, el } from '../dom.js';
import { copyLink, hashFor, redrawWhenShown, setLink, showView } from '../router.js';
import { clusters, collator, graphemes, plural } from '../text.js';
import { solveBoard } from './solve.js';

const play = {
  board: null,
  game: null,
  found: [],
  all: null, // every word on the board, for the counts by length
  missedLetter: '',
  clock: null,
  deadline: 0,
  busy: false,
  sets: [],
};

const GAME_KEY = 'polyboggle-game';

function playInfo(game) {
  const origin = game.set ? `${game.set}, seed ${game.seed}` : 'your board';
  const level = game.level && game.level !== 'all' ? ` · ${game.level} computer` : '';
  const rules = { hasbro: 'Hasbro', syllables: 'Syllables' }[game.rules] || 'CS106B';
  return `${origin} · ${rules} rules, ${game.min_len}+ letters · ${game.dict}${level}`;
}

/** A found word in Play's lists: picked once the game is over, the line under the board
    names it (on a phone the board may be far from the list). */
function playItem(found) {
  return wordItem(found, play.board, {
    onPick: () => {
      if (play.game && play.game.phase === 'results') {
        showVerdict('info', `${found.word}, ${plural(found.points, 'point', 'points')}: its path is lit.`);
      }
    },
  });
}

function showVerdict(kind, text, tag) {
  const verdict = $('verdict');
  verdict.className = `verdict ${kind}`;
  verdict.replaceChildren();
  if (tag) verdict.append(el('span', { class: 'tag' }, el('span', {}, tag)));
  verdict.append(text);
}

function setPlaying(on) {
  if (on) document.body.classList.add('played');
  document.body.classList.toggle('settings-open', false);
  $('settings-toggle').setAttribute('aria-expanded', 'false');
  $('guess').disabled = !on;
  $('guess-button').disabled = !on;
  $('end-turn').disabled = !on;
  document.body.classList.toggle('playing', on);
  play.board.setEnabled(on);
}

/** A phone-sized window: one column, the settings folded once a game has begun. */
function phone() {
  return window.matchMedia('(max-width: 760px)').matches;
}


async function startGame(again = false) {
  if (play.busy) return;
  if (play.game && play.game.phase === 'human'
      && !window.confirm('A game is under way. Give it up and shake new dice?')) {
    return;
  }
  $('setup-error').hidden = true;
  const body = { rules: $('play-rules').value, dict: $('play-dict').value };
  if (!$('play-level').disabled && $('play-level').value !== 'all') body.level = $('play-level').value;
  const custom = $('play-board').value.trim();
  const seed = $('play-seed').value.trim();
  if (again) $('play-seed').value = '';
  if (custom) {
    body.board = custom;
  } else {
    body.set = $('play-set').value;
    if (seed && !again) {
      if (!/^\d{1,15}$/.test(seed)) {
        showSetupError('The seed is a whole number (up to 15 digits), or empty for a random one.');
        return;
      }
      body.seed = Number(seed);
    }
  }
  if ($('play-timer').value) body.timer = Number($('play-timer').value);
  play.busy = true;
  try {
    const old = play.game;
    const game = await backend.newGame(body);
    if (old && old.phase === 'human') backend.forget(old.id).catch(() => {});
    beginGame(game);
  } catch (e) {
    showSetupError(e.message);
  } finally {
    play.busy = false;
  }
}

export function showSetupError(message) {
  const box = $('setup-error');
  box.textContent = message;
  box.hidden = false;
}

/** The link to a game's board: its dice set and seed, or the board itself. */
function gameLink(game) {
  const params = new URLSearchParams();
  if (game.set) {
    params.set('set', game.set);
    params.set('seed', String(game.seed));
  } else {
    params.set('board', game.inline);
  }
  params.set('rules', game.rules);
  params.set('dict', game.dict);
  if (game.timer) params.set('timer', String(game.timer));
  if (game.level && game.level !== 'all') params.set('level', game.level);
  return params;
}

function beginGame(game, { resumed = false } = {}) {
  play.game = game;
  play.found = resumed ? [...game.human.words] : [];
  play.all = null;
  play.board.render(game.board, { shake: !resumed, ...boardLook(game.dict) });
  $('play-info').textContent = playInfo(game);
  $('human-words').replaceChildren(...[...play.found].reverse().map(playItem));
  $('computer-words').replaceChildren();
  $('human-score').textContent = String(game.human.score);
  $('computer-score').textContent = '0';
  $('human-count').textContent = play.found.length
    ? plural(play.found.length, 'word', 'words')
    : `Words of ${game.min_len} or more letters.`;
  $('computer-count').textContent = 'Its turn comes after yours.';
  $('missed-filter').hidden = true;
  $('result').hidden = true;
  document.body.classList.remove('results');
  $('play-again').hidden = true;
  $('to-solve').hidden = true;
  $('play-link').hidden = false;
  $('play-link-status').textContent = '';
  $('shake').textContent = 'Shake the dice';
  $('guess').value = '';
  showVerdict('info', `Find words of ${game.min_len} or more letters. Type them, or trace them on the dice.`);
  setPlaying(true);
  startClock(game);
  remember(game);
  loadLengths(game);
  if (phone()) window.scrollTo(0, 0);
  $('guess').focus({ preventScroll: true });
}

/** Keeps the game's id for this tab, so a reload comes back to it. */
function remember(game) {
  setLink('play', gameLink(game));
  try {
    sessionStorage.setItem(GAME_KEY, JSON.stringify({ id: game.id, link: hashFor('play') }));
  } catch (e) {
    // Storage may be off; the link alone still brings the board back.
  }
}

/** Every word on the game's board, for the counts of words left by length. */
async function loadLengths(game) {
  renderLengths();
  try {
    const solution = await backend.solve({ board: game.inline, dict: game.dict, rules: game.rules });
    if (play.game && play.game.id === game.id) {
      play.all = solution.words;
      renderLengths();
    }
  } catch (e) {
    // The counts are a help; the game goes on without them.
  }
}

function renderLengths() {
  const section = $('lengths');
  const game = play.game;
  if (!game || !play.all || !play.all.length) {
    section.hidden = true;
    return;
  }
  const total = new Map();
  const found = new Map();
  for (const w of play.all) total.set(graphemes(w.word), (total.get(graphemes(w.word)) || 0) + 1);
  for (const w of play.found) found.set(graphemes(w.word), (found.get(graphemes(w.word)) || 0) + 1);
  const results = game.phase === 'results';
  $('lengths-title').textContent = results ? 'You found, by length' : 'Words left, by length';
  const items = [...total.keys()].sort((a, b) => a - b).map((len) => {
    const all = total.get(len);
    const got = found.get(len) || 0;
    const text = results ? `${len} letters: ${got} of ${all}` : `${len} letters: ${all - got} left`;
    return el('li', { class: got === all ? 'done' : '', dataset: { length: String(len) } }, text);
  });
  $('lengths-list').replaceChildren(...items);
  section.hidden = false;
}

function startClock(game) {
  clearInterval(play.clock);
  const clock = $('clock');
  if (game.time_left == null) {
    clock.hidden = true;
    return;
  }
  play.deadline = performance.now() + game.time_left * 1000;
  clock.hidden = false;
  const tick = () => {
    const left = Math.max(0, Math.ceil((play.deadline - performance.now()) / 1000));
    clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
    clock.classList.toggle('low', left <= 15);
    if (left <= 0) {
      clearInterval(play.clock);
      endTurn('Time is up.');
    }
  };
  tick();
  play.clock = setInterval(tick, 250);
}

async function guess(word) {
  word = word.trim();
  const game = play.game;
  if (!word || !game || game.phase !== 'human') return;
  $('guess').value = '';
  try {
    const reply = await backend.guess(game.id, word);
    if (reply.verdict === 'correct') {
      const found = { word: reply.word, points: reply.points, path: reply.path };
      play.found.push(found);
      const item = playItem(found);
      item.classList.add('new');
      $('human-words').prepend(item);
      $('human-score').textContent = String(reply.score);
      $('human-count').textContent = plural(play.found.length, 'word', 'words');
      play.board.light(reply.path, 'lit');
      showVerdict('correct', `${reply.word}: +${plural(reply.points, 'point', 'points')}`, 'Correct');
      renderLengths();
    } else {
      const tags = {
        'too-short': 'Too short', 'not-a-word': 'Not a word',
        'not-on-board': 'Not on the board', 'already-found': 'Already found',
      };
      play.board.clear();
      showVerdict('rejected', reply.message, tags[reply.verdict] || 'No');
    }
  } catch (e) {
    if (e.status === 409 || e.status === 404) {
      await endTurn('Time is up.');
    } else {
      showVerdict('rejected', e.message, 'Error');
    }
  }
}

async function endTurn(why) {
  const game = play.game;
  if (!game || game.phase !== 'human') return;
  game.phase = 'ending';
  clearInterval(play.clock);
  setPlaying(false);
  try {
    const view = await backend.endTurn(game.id);
    showResults(view, why);
  } catch (e) {
    showVerdict('rejected', e.message, 'Error');
    $('play-again').hidden = false;
  }
}

function showResults(view, why) {
  play.game = view;
  play.found = [...view.human.words];
  setPlaying(false);
  play.board.clear();
  const human = view.human;
  const computer = view.computer;
  $('human-score').textContent = String(human.score);
  $('computer-score').textContent = String(computer.score);
  $('human-words').replaceChildren(...human.words.map(playItem));
  const byPoints = [...computer.words].sort((a, b) => b.points - a.points || a.word.localeCompare(b.word));
  $('computer-words').replaceChildren(...byPoints.map(playItem));
  $('human-count').textContent = plural(human.words.length, 'word', 'words');
  // Below every word, the computer leaves words nobody found (the board's count has them).
  $('computer-count').textContent = view.level && view.level !== 'all'
    ? `${plural(computer.words.length, 'word', 'words')} you missed that it knows (${view.level})`
    : `${plural(computer.words.length, 'word', 'words')} you missed`;
  play.missedLetter = '';
  renderMissedFilter();
  const result = $('result');
  const headline = { human: 'You win!', computer: 'The computer wins.', tie: 'A tie.' }[view.winner];
  result.className = `result${view.winner === 'human' ? ' win' : ''}`;
  result.replaceChildren(
    el('strong', {}, `${why && why !== '' ? why + ' ' : ''}${headline}`),
    `You ${human.score}, computer ${computer.score}. The board held ${plural(view.possible.count, 'word', 'words')} worth ${plural(view.possible.score, 'point', 'points')}.`,
  );
  result.hidden = false;
  document.body.classList.add('results');
  renderLengths();
  showVerdict('info', phone() ? 'Tap any word to see its path.' : 'Point at any word to see its path on the board.');
  $('clock').hidden = true;
  $('play-again').hidden = false;
  $('to-solve').hidden = false;
  $('play-link').hidden = false;
  $('play-again').focus({ preventScroll: true });
  // On a phone the outcome is the first thing to see: the board and the result, with
  // the settings folded away above them.
  if (phone()) {
    window.scrollTo(0, 0);
    const box = result.getBoundingClientRect();
    if (box.bottom > window.innerHeight) result.scrollIntoView({ block: 'end', behavior: 'instant' });
  }
}

/** Letter buttons over the missed words: show only those that begin with one. */
function renderMissedFilter() {
  const box = $('missed-filter');
  const items = [...$('computer-words').children];
  const first = (item) => clusters(item.querySelector('.w').textContent)[0] || '';
  const letters = [...new Set(items.map(first))].sort(collator.compare);
  if (letters.length < 2) {
    box.hidden = true;
    return;
  }
  const button = (letter, label) => {
    const b = el('button', { type: 'button', 'aria-pressed': String(play.missedLetter === letter), dataset: { letter } }, label);
    b.addEventListener('click', () => {
      play.missedLetter = letter;
      for (const item of items) item.hidden = letter !== '' && first(item) !== letter;
      for (const other of box.children) other.setAttribute('aria-pressed', String(other === b));
      const shown = items.filter((item) => !item.hidden).length;
      $('computer-count').textContent = letter
        ? `${plural(shown, 'word', 'words')} you missed begin with ${letter}`
        : `${plural(items.length, 'word', 'words')} you missed`;
    });
    return b;
  };
  box.replaceChildren(button('', 'All'), ...letters.map((l) => button(l, l)));
  box.hidden = false;
}

export async function previewSet() {
  if (play.game && play.game.phase === 'human') return;
  try {
    const roll = await backend.roll({ set: $('play-set').value });
    if (play.game && play.game.phase === 'human') return;
    showPreview(roll.board, 'Pick dice and rules, then shake.');
  } catch (e) {
    showSetupError(e.message);
  }
}

function showPreview(board, info) {
  play.game = null;
  play.all = null;
  play.board.render(board, boardLook($('play-dict').value));
  play.board.setEnabled(false, { dim: true });
  $('play-info').textContent = info;
  renderLengths();
}

/** Picks the dictionary of the dice's language when the server has one, and says so
    when it has none (words are then judged in the chosen dictionary's language). */
function pickDictionaryFor(setName) {
  const set = play.sets.find((s) => s.name === setName);
  if (!set) return;
  const { lang } = describeSet(set);
  // With none for the dice's language, the server's default (the first) judges.
  const choice = lang ? dictionaryFor(lang) || dictionaries[0] : null;
  if (choice) $('play-dict').value = choice.name;
  showLanguage();
  noteDictionary();
}

/** The computer's level needs a dictionary with tiers (compiled with --tiers): with
    none, the control says why it is off and the computer knows every word. */
function noteLevel() {
  const dict = dictionaries.find((d) => d.name === $('play-dict').value);
  const tiered = Boolean(dict && dict.tiers && dict.tiers.length > 1);
  const select = $('play-level');
  const note = $('level-note');
  select.disabled = !tiered;
  if (tiered) {
    note.hidden = true;
    select.removeAttribute('title');
    return;
  }
  select.value = 'all';
  note.textContent = `${dict ? dict.name : 'This dictionary'} has no word tiers`;
  select.title = 'Levels need a dictionary compiled with --tiers';
  note.hidden = false;
}

function noteDictionary() {
  noteLevel();
  const note = $('dict-note');
  const set = play.sets.find((s) => s.name === $('play-set').value);
  const dict = dictionaries.find((d) => d.name === $('play-dict').value);
  const lang = set && !$('play-board').value.trim() ? describeSet(set).lang : '';
  const judged = dict ? dictLang(dict) : '';
  if (!lang || !judged || lang === judged) {
    note.hidden = true;
    return;
  }
  const { group } = describeSet(set);
  const language = languageName(judged);
  const own = dict.language && dict.language.tag === judged && !dict.language.dice;
  note.textContent = own
    ? `There is no ${language} dice set yet: these are ${group} dice, and words are judged in ${language} (${dict.name}).`
    : dictionaryFor(lang)
    ? `These are ${group} dice, and ${dict.name} is a ${language} dictionary.`
    : `This ${backend.kind === 'server' ? 'server' : 'page'} has no ${group} dictionary: words are judged in ${language} (${dict.name}). `
      + backend.dictionaryHint(lang, group);
  note.hidden = false;
}

/** Fills the settings from a link's parameters; answers whether it named a board. */
function applyPlayLink(params) {
  const set = params.get('set');
  if (set && play.sets.some((s) => s.name === set)) $('play-set').value = set;
  for (const [key, id] of [['rules', 'play-rules'], ['dict', 'play-dict'], ['timer', 'play-timer'], ['level', 'play-level']]) {
    const value = params.get(key);
    const select = $(id);
    if (value != null && [...select.options].some((o) => o.value === value)) select.value = value;
  }
  $('play-board').value = params.get('board') || '';
  $('play-seed').value = params.get('seed') || '';
  if (params.get('board') || params.get('seed')) $('setup').querySelector('.more').open = true;
  showLanguage();
  noteDictionary();
  return Boolean(params.get('board') || (set && params.get('seed')));
}

/** Opens the Play view as the address says: the game this tab was playing (after a
    reload), or a shared board ready to play, or a preview of the dice. */
export async function openPlay(params) {
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(GAME_KEY) || 'null');
  } catch (e) {
    saved = null;
  }
  if (saved && saved.link === hashFor('play') && saved.link !== '#play') {
    try {
      const view = await backend.game(saved.id);
      applyPlayLink(params);
      if (view.phase === 'human') {
        beginGame(view, { resumed: true });
      } else {
        play.board.render(view.board, boardLook(view.dict));
        $('play-info').textContent = playInfo(view);
        showResults(view, '');
        loadLengths(view);
      }
      return;
    } catch (e) {
      sessionStorage.removeItem(GAME_KEY); // the game is gone; show its board instead
    }
  }
  if (!applyPlayLink(params)) {
    previewSet();
    return;
  }
  try {
    const board = params.get('board')
      ? await backend.board({ board: params.get('board') })
      : await backend.roll({ set: params.get('set'), seed: Number(params.get('seed')) });
    showPreview(board.board, 'The board of the link you opened: play it when you are ready.');
    $('shake').textContent = 'Play this board';
  } catch (e) {
    showSetupError(e.message);
    previewSet();
  }
}

export function setUpPlay(sets) {
  play.sets = sets;
  play.board = new BoardView($('play-grid'), {
    onWord: (word) => guess(word),
    onTrace: (word) => { $('guess').value = word; },
  });
  redrawWhenShown(play.board);
  const groups = new Map();
  for (const set of sets) {
    const { group, label, unverified } = describeSet(set);
    // Unverified sets in a group of their own: a label short enough for a phone.
    const name = unverified ? `${group} (unverified)` : group;
    if (!groups.has(name)) groups.set(name, el('optgroup', { label: name }));
    groups.get(name).append(el('option', { value: set.name }, label));
  }
  const select = $('play-set');
  select.replaceChildren(...groups.values());
  select.value = sets.some((s) => s.name === 'english-new-4x4') ? 'english-new-4x4' : sets[0].name;
  fillDicts($('play-dict'));
  select.addEventListener('change', () => {
    pickDictionaryFor(select.value);
    previewSet();
  });
  // A changed setting is no longer the link's board.
  $('setup').addEventListener('input', () => { $('shake').textContent = 'Shake the dice'; });
  $('play-dict').addEventListener('change', () => {
    showLanguage();
    noteDictionary();
  });
  // A language chosen (here or in Solve): its dictionary is set; its dice too, when it
  // has a set, and a new preview is rolled.
  onLanguage((language) => {
    if (language.dice && play.sets.some((s) => s.name === language.dice)) $('play-set').value = language.dice;
    noteDictionary();
    if (!$('play-board').value.trim()) previewSet();
  });
  $('play-board').addEventListener('input', noteDictionary);
  $('setup').addEventListener('submit', (e) => {
    e.preventDefault();
    startGame(false);
  });
  $('guess-form').addEventListener('submit', (e) => {
    e.preventDefault();
    guess($('guess').value);
  });
  $('guess').addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      $('guess').value = '';
      play.board.cancelTrace();
    }
  });
  $('end-turn').addEventListener('click', () => endTurn(''));
  $('settings-toggle').addEventListener('click', () => {
    const open = document.body.classList.toggle('settings-open');
    $('settings-toggle').setAttribute('aria-expanded', String(open));
  });
  $('play-again').addEventListener('click', () => startGame(true));
  $('play-link').addEventListener('click', () => copyLink('play', $('play-link-status')));
  $('to-solve').addEventListener('click', () => {
    if (!play.game) return;
    $('solve-board').value = play.game.inline;
    $('solve-dict').value = play.game.dict;
    showLanguage();
    $('solve-rules').value = play.game.rules;
    $('solve-min').value = '';
    showView('solve');
    solveBoard();
  });
  pickDictionaryFor(select.value);
  if (backend.addDictionary) setUpDictionaryFile();
}

/** The static page's --dict: a dictionary compiled by `polyboggle compile`, opened from
    a file the player picks. */
function setUpDictionaryFile() {
  $('dict-file-field').hidden = false;
  $('dict-file').addEventListener('change', async () => {
    const file = $('dict-file').files[0];
    if (!file) return;
    $('setup-error').hidden = true;
    try {
      const list = await backend.addDictionary(file);
      refreshDictionaries(list.dicts);
      $('play-dict').value = dictionaries[dictionaries.length - 1].name;
      showLanguage();
      noteDictionary();
    } catch (e) {
      showSetupError(e.message);
    }
  });
}
