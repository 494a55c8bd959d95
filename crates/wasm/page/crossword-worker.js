// The static page's crossword fill, in a Web Worker so that the page never freezes
// (crates/wasm/build.sh puts it beside the page; js/backend.js starts one a fill, readied
// before the fill is asked for, and ends it to stop the fill). Two messages in: {setup:
// {module (the page's compiled WebAssembly.Module) and the word list: list (a dropped
// list's text) or dict ({name, tag, bytes} or {name, tag, url}: the dictionary's bytes, or
// its file beside the page, fetched again, from the browser's cache where the page kept
// it)}}, then {request} (the fill's, as POST /api/crossword/fills takes it, naming that
// list or dictionary; or, with op: 'layout' and no list, a layout's). Messages out:
// {progress} about every 250 ms, then {answer} or {error: {message, status, at}}.
//
// Over http(s) the module's glue is loaded beside it; a page opened from a folder starts
// it from a Blob holding the glue and this script (crossword_worker_source.js).
/* global wasm_bindgen */
if (typeof wasm_bindgen === 'undefined') importScripts('polyboggle_wasm.js');

function failure(e) {
  if (e && typeof e.status === 'number') {
    let { at } = e;
    if (typeof at === 'string') {
      try {
        at = JSON.parse(at);
      } catch (e2) {
        at = null;
      }
    }
    return { message: e.message, status: e.status, at: at && typeof at === 'object' ? at : null };
  }
  return { message: String((e && e.message) || e), status: 500, at: null };
}

/** The module and the word list, ready: {local, list} (list: the id the list got here). */
async function setUp({ module, list, dict }) {
  await wasm_bindgen({ module_or_path: module });
  const local = new wasm_bindgen.Local();
  if (list != null) return { local, list: JSON.parse(local.crosswordList(JSON.stringify({ text: list }))).id };
  if (!dict) return { local, list: null }; // a layout needs no word list
  let { bytes } = dict;
  if (!bytes) {
    const response = await fetch(dict.url);
    if (!response.ok) throw new Error(`${dict.url} did not download: the host answered HTTP ${response.status}`);
    bytes = new Uint8Array(await response.arrayBuffer());
  }
  local.addDictionary(dict.name, bytes, dict.tag);
  return { local, list: null };
}

let ready = null;

self.onmessage = async (event) => {
  if (event.data.setup) {
    ready = setUp(event.data.setup);
    ready.catch(() => {}); // said when the fill asks for it
    return;
  }
  try {
    const { local, list } = await ready;
    const asked = { ...event.data.request };
    if (list != null) asked.list = list;
    if (event.data.op === 'layout') {
      postMessage({ answer: JSON.parse(local.crosswordLayout(JSON.stringify(asked))) });
      return;
    }
    const progress = (json) => postMessage({ progress: JSON.parse(json) });
    postMessage({ answer: JSON.parse(local.crosswordFill(JSON.stringify(asked), progress)) });
  } catch (e) {
    postMessage({ error: failure(e) });
  }
};
