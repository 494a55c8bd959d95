// The Solve view: every word on a board, its path lit when pointed at.
import { backend } from '../backend.js';
import { BoardView, wordItem } from '../board.js';
import { boardLook, fillDicts, showLanguage } from '../dictionaries.js';
import { $, el } from '../dom.js';
import { copyLink, redrawWhenShown, setLink } from '../router.js';
import { collator, plural } from '../text.js';

const solver = { board: null, words: [], order: 'points' };

export async function solveBoard() {
  const text = $('solve-board').value;
  const errorBox = $('solve-error');
  errorBox.hidden = true;
  if (!text.trim()) {
    $('solve-out').hidden = true;
    errorBox.textContent = 'Type or paste a board first, for example ATEE/APYO/TINU/EDSE.';
    errorBox.hidden = false;
    return;
  }
  const request = { board: text, dict: $('solve-dict').value, rules: $('solve-rules').value };
  if ($('solve-min').value) request.min_len = Number($('solve-min').value);
  const button = $('solve-button');
  button.disabled = true;
  try {
    const [parsed, solution] = await Promise.all([
      backend.board({ board: text }),
      backend.solve(request),
    ]);
    $('solve-out').hidden = false;
    solver.board.render(parsed.board, boardLook(request.dict));
    solver.words = solution.words;
    $('solve-summary').textContent = `${plural(solution.count, 'word', 'words')} · ${plural(solution.score, 'point', 'points')}`;
    $('solve-link-status').textContent = '';
    renderSolved();
    const params = new URLSearchParams({ board: text, dict: request.dict, rules: request.rules });
    if (request.min_len) params.set('min', String(request.min_len));
    setLink('solve', params);
  } catch (e) {
    // The error replaces the last answer: an old board and its words under a new
    // error would read as the answer to the new board.
    $('solve-out').hidden = true;
    errorBox.textContent = e.message;
    errorBox.hidden = false;
  } finally {
    button.disabled = false;
  }
}


function renderSolved() {
  const words = [...solver.words];
  if (solver.order === 'points') {
    words.sort((a, b) => b.points - a.points || collator.compare(a.word, b.word));
  } else {
    words.sort((a, b) => collator.compare(a.word, b.word));
  }
  $('sort-points').setAttribute('aria-pressed', String(solver.order === 'points'));
  $('sort-alpha').setAttribute('aria-pressed', String(solver.order === 'alpha'));
  const list = $('solve-words');
  list.replaceChildren(...words.map((w) => wordItem(w, solver.board, { chip: true })));
  if (!words.length) {
    list.append(el('li', { class: 'none' }, 'No word of this dictionary is on this board. Another dictionary, or shorter words?'));
  }
}

/** Opens the Solve view as a link says: its board, solved. */
export function openSolve(params) {
  const board = params.get('board');
  if (!board) return;
  $('solve-board').value = board;
  for (const [key, id] of [['dict', 'solve-dict'], ['rules', 'solve-rules'], ['min', 'solve-min']]) {
    const value = params.get(key);
    const select = $(id);
    if (value != null && [...select.options].some((o) => o.value === value)) select.value = value;
  }
  showLanguage();
  return solveBoard();
}

export function setUpSolve() {
  solver.board = new BoardView($('solve-grid'));
  redrawWhenShown(solver.board);
  fillDicts($('solve-dict'));
  $('solve-form').addEventListener('submit', (e) => {
    e.preventDefault();
    solveBoard();
  });
  $('solve-board').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      solveBoard();
    }
  });
  $('sort-points').addEventListener('click', () => { solver.order = 'points'; renderSolved(); });
  $('sort-alpha').addEventListener('click', () => { solver.order = 'alpha'; renderSolved(); });
  $('solve-link').addEventListener('click', () => copyLink('solve', $('solve-link-status')));
}
