// polyboggle's page: the Play, Solve, Rooms and Crossword views over a backend, the server's JSON API
// (docs/web.md) when `polyboggle serve` serves the page, or the same operations in
// WebAssembly when the page is the static one (crates/wasm/build.sh). No framework and
// no build step: ES modules, one a concern (js/: the backend, the board, the address,
// the dictionaries; js/crossword/: the crossword grid; js/views/: Play, Solve, Rooms
// and Crossword), which the server embeds as they are.
// build.sh joins them into one classic script, as a page opened from a folder may not
// load modules.
import { backend, connect } from './js/backend.js';
import {
  dictionaries, languageStatus, offeredDictionary, openOffered, setDictionaries, setOffered, setUpLanguages,
  showLanguage,
} from './js/dictionaries.js';
import { links, setRoomHash, setUpTabs, showView } from './js/router.js';
import { openPlay, previewSet, setUpPlay, showSetupError } from './js/views/play.js';
import { openCrossword, setUpCrossword } from './js/views/crossword.js';
import { openRooms, setUpRooms } from './js/views/rooms.js';
import { openSolve, setUpSolve } from './js/views/solve.js';

async function main() {
  try {
    const started = performance.now();
    const dice = await connect();
    const dicts = await backend.dicts();
    document.body.dataset.backend = backend.kind;
    setDictionaries(dicts.dicts);
    setOffered(backend.offered);
    if (backend.notes && backend.notes.length) languageStatus(backend.notes.join(' '), true);
    setUpPlay(dice.sets);
    setUpSolve();
    setUpRooms();
    setUpCrossword();
    setUpLanguages();
    showLanguage();
    setUpTabs();
    const [view, query = ''] = location.hash.slice(1).split('?');
    // A room's link (#/room/CODE, or #/room/?... without a server) opens the Rooms view.
    const rooms = view === 'rooms' || view.startsWith('/room/');
    const name = rooms ? 'rooms' : ['solve', 'crossword'].includes(view) ? view : 'play';
    if (rooms) setRoomHash(location.hash);
    else links[name] = new URLSearchParams(query);
    // A link to a board of a language the static page has not opened yet: open it
    // first; one it does not offer is said (the page's own dictionary judges).
    const wanted = rooms ? null : links[name].get('dict');
    if (wanted && backend.kind === 'static' && !dictionaries.some((d) => d.name === wanted)) {
      const linked = offeredDictionary(wanted);
      if (linked) await openOffered(linked);
      else languageStatus(`The link's dictionary '${wanted}' is not beside this page (languages.json does not list it): ${dictionaries[0].name} judges instead.`, true);
    }
    showView(name);
    await (name === 'solve' ? openSolve(links.solve) : openPlay(links.play));
    if (name === 'crossword') openCrossword();
    if (name === 'solve') previewSet();
    if (rooms) await openRooms(location.hash);
    document.body.dataset.ready = 'true';
    // For tests/e2e: how long the page took to be ready, from navigation and from here.
    window.polyboggle = { readyMs: performance.now(), startMs: performance.now() - started };
  } catch (e) {
    showSetupError(e.message);
  }
}

main();
