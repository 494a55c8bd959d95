// The static page's crossword fill, in a Web Worker so that the page never freezes
// (crates/wasm/build.sh puts it beside the page; js/backend.js starts one a fill and
// ends it to stop the fill). One message in: {module (the page's compiled
// WebAssembly.Module), request (the fill's, as POST /api/crossword/fills takes it), and
// the word list it names: list (a dropped list's text) or dict ({name, tag, bytes} or
// {name, tag, url}: the dictionary's bytes, or its file beside the page, fetched again,
// from the browser's cache where the page kept it)}. Messages out: {progress} about
// every 250 ms, then {answer} or {error: {message, status, at}}.
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

async function fill({ module, request, list, dict }) {
  await wasm_bindgen({ module_or_path: module });
  const local = new wasm_bindgen.Local();
  const asked = { ...request };
  if (list != null) {
    asked.list = JSON.parse(local.crosswordList(JSON.stringify({ text: list }))).id;
  } else {
    let { bytes } = dict;
    if (!bytes) {
      const response = await fetch(dict.url);
      if (!response.ok) throw new Error(`${dict.url} did not download: the host answered HTTP ${response.status}`);
      bytes = new Uint8Array(await response.arrayBuffer());
    }
    local.addDictionary(dict.name, bytes, dict.tag);
  }
  const progress = (json) => postMessage({ progress: JSON.parse(json) });
  return JSON.parse(local.crosswordFill(JSON.stringify(asked), progress));
}

self.onmessage = async (event) => {
  try {
    postMessage({ answer: await fill(event.data) });
  } catch (e) {
    postMessage({ error: failure(e) });
  }
};
