// The dice sets and dictionaries the backend has, as the page names them, the language
// each is for, and the language menus (Play's and Solve's, one choice for both).
import { backend } from './backend.js';
import { $, el } from './dom.js';

// Dice sets' first word for the languages whose dictionaries the backend may not say
// (a word list given by name alone); the backend's own names come first.
export const LANGS = {
  english: 'en', french: 'fr', german: 'de', italian: 'it', spanish: 'es',
  dutch: 'nl', polish: 'pl', finnish: 'fi',
};

export let dictionaries = [];

/** The static page's dictionaries beside it (languages.json) not opened yet: each with
    its language, offered in the language menus and fetched when chosen. */
let offered = [];

/** The backend's dictionaries (`GET /api/dicts`' list), once asked for or added to. */
export function setDictionaries(list) {
  dictionaries = list;
}

/** What the backend offers beyond its dictionaries (the static page's languages.json). */
export function setOffered(list) {
  offered = list || [];
}

/** Fills both views' dictionary menus again, each keeping its choice, and the language
    menus: after a dictionary was added. */
export function refreshDictionaries(list) {
  setDictionaries(list);
  for (const id of ['play-dict', 'solve-dict']) {
    const keep = $(id).value;
    fillDicts($(id));
    $(id).value = keep;
  }
  fillLanguages();
  for (const f of refreshed) f();
}
const refreshed = []; // called when the dictionaries change

/** Calls `f()` whenever a dictionary is added (the Crossword view's list menu). */
export function onDictionaries(f) {
  refreshed.push(f);
}

/** One line about a language's dictionary (its download, or why it failed); '' hides it. */
export function languageStatus(text, failed = false) {
  const line = $('lang-status');
  line.textContent = text;
  line.hidden = !text;
  line.classList.toggle('error', failed);
  line.classList.toggle('note', !failed);
}

function megabytes(n) {
  return `${(n / 1048576).toFixed(1)} MB`;
}

/** Opens an offered dictionary (`entry` of languages.json): its download shown as it
    comes, then it is one of the backend's. False, with the reason on the page, when it
    failed: the page goes on with what it had. */
export function openOffered(entry) {
  // Chosen again while it downloads: the same download.
  if (!opening.has(entry)) opening.set(entry, download(entry).finally(() => opening.delete(entry)));
  return opening.get(entry);
}
const opening = new Map();

async function download(entry) {
  const label = languageLabel(entry.language);
  const size = entry.bytes ? ` (${megabytes(entry.bytes)})` : '';
  languageStatus(`${label}: fetching its dictionary${size}…`);
  try {
    const { list, note } = await backend.openDictionary(entry, (done, total, kept) => {
      const share = total ? `${megabytes(done)} of ${megabytes(total)}` : megabytes(done);
      languageStatus(`${label}: ${kept ? 'reading its kept dictionary' : 'fetching its dictionary'}, ${share}…`);
    });
    offered = offered.filter((o) => o !== entry);
    refreshDictionaries(list.dicts);
    languageStatus(note || `${label}: ready${size}, kept for offline play.`);
    return true;
  } catch (e) {
    languageStatus(`${label}: ${e.message}`, true);
    return false;
  }
}

/** The offered dictionary called `name`, if any (a link may name one not opened yet). */
export function offeredDictionary(name) {
  return offered.find((o) => o.dict === name) || null;
}

/** The language a set's first word names ("croatian" in croatian-designed-4x4): one a
    served dictionary is for (its English name's first word), else a known one. */
function setLanguage(word) {
  const served = dictionaries.find((d) => d.language
    && d.language.name.toLowerCase().split(/[\s(]/)[0] === word);
  return served ? served.language.tag : LANGS[word] || '';
}

/** "english-big-original-5x5" as "English · Big original · 5×5" in a group "English". */
export function describeSet(set) {
  const parts = set.name.split('-');
  const language = parts.shift();
  const words = parts.filter((p) => !/^\d+x\d+$/.test(p));
  const unverified = words.includes('unverified');
  const label = words.filter((w) => w !== 'unverified').join(' ') || 'standard';
  const group = language.charAt(0).toUpperCase() + language.slice(1);
  return {
    group,
    // The language leads: a closed menu shows only the chosen option's label.
    label: `${group} · ${label.charAt(0).toUpperCase()}${label.slice(1)} · ${set.rows}×${set.cols}`,
    unverified,
    lang: setLanguage(language),
  };
}

/** The language a dictionary is for, as far as the page can tell ('' when unknown). */
export function dictLang(dict) {
  if (dict.language) return dict.language.tag;
  if (dict.lang) return dict.lang.toLowerCase().split(/[-_]/)[0];
  const name = dict.name.toLowerCase();
  if (name === 'enable2k') return 'en';
  const head = name.split(/[-_]/)[0];
  if (LANGS[head]) return LANGS[head];
  return Object.values(LANGS).includes(head) ? head : '';
}

/** The served dictionary for a language, if there is one. */
export function dictionaryFor(lang) {
  if (!lang) return null;
  return dictionaries.find((d) => d.language && d.language.tag === lang)
    || dictionaries.find((d) => d.lang && dictLang(d) === lang)
    || dictionaries.find((d) => dictLang(d) === lang)
    || null;
}

export function fillDicts(select) {
  select.replaceChildren(...dictionaries.map((d) => el('option', { value: d.name },
    `${d.name} (${d.words.toLocaleString()} words)`)));
}

/** A dictionary's language as `GET /api/dicts` says it; for one compiled with a tag the
    backend has no names for (`lang`), the tag alone; else null. */
function languageOf(dict) {
  if (dict.language) return dict.language;
  const tag = dict.lang ? dictLang(dict) : '';
  return tag ? { tag, name: tag, native: tag, rtl: false, dice: null, rules: null } : null;
}

/** The languages the backend has dictionaries for, one each, by English name: the first
    dictionary of each is the one a menu picks; then those offered (not opened yet). */
export function languages() {
  const seen = new Map();
  for (const dict of dictionaries) {
    const language = languageOf(dict);
    if (language && !seen.has(language.tag)) seen.set(language.tag, { ...language, dict: dict.name });
  }
  for (const entry of offered) {
    const { tag } = entry.language;
    if (!seen.has(tag)) seen.set(tag, { ...entry.language, dict: entry.dict, offered: entry });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** "Croatian · hrvatski", or "English" where the two names are one. */
export function languageLabel(language) {
  return language.native && language.native !== language.name
    ? `${language.name} · ${language.native}` : language.name;
}

/** The English name of a language's tag, where a served dictionary says it. */
export function languageName(tag) {
  const known = languages().find((l) => l.tag === tag);
  if (known) return known.name;
  const name = Object.keys(LANGS).find((k) => LANGS[k] === tag);
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : tag;
}

const MENUS = ['play-lang', 'solve-lang'];
const chosen = []; // called with a language when one is chosen

/** Fills both language menus: each language by its names, and '—' for a dictionary
    whose language the page does not know. */
export function fillLanguages() {
  for (const id of MENUS) {
    const select = $(id);
    const keep = select.value;
    select.replaceChildren(
      el('option', { value: '', hidden: true }, '—'),
      ...languages().map((l) => el('option', { value: l.tag, lang: l.tag }, languageLabel(l))),
    );
    select.value = keep;
  }
}

/** Shows the language of each view's dictionary in its menu. */
export function showLanguage() {
  for (const [menu, dict] of [['play-lang', 'play-dict'], ['solve-lang', 'solve-dict']]) {
    const found = dictionaries.find((d) => d.name === $(dict).value);
    const language = found && languageOf(found);
    const tag = language ? language.tag : '';
    $(menu).value = languages().some((l) => l.tag === tag) ? tag : '';
  }
}

/** Calls `f(language)` whenever a language is chosen in either menu. */
export function onLanguage(f) {
  chosen.push(f);
}

/** Both views take the language's dictionary; then whoever asked is told (Play takes its
    dice). */
export async function chooseLanguage(tag) {
  let language = languages().find((l) => l.tag === tag);
  if (!language) return;
  if (language.offered) {
    if (!(await openOffered(language.offered))) {
      showLanguage(); // the menus go back to the language in use
      return;
    }
    language = languages().find((l) => l.tag === tag && !l.offered);
    if (!language) return;
  }
  for (const id of MENUS) $(id).value = tag;
  for (const id of ['play-dict', 'solve-dict']) $(id).value = language.dict;
  // A language of syllable faces (Hindi, Korean) plays by its own rules; another
  // language after it goes back to each view's usual ones.
  for (const [id, usual] of [['play-rules', 'cs106b'], ['solve-rules', 'hasbro']]) {
    if (language.rules) $(id).value = language.rules;
    else if ($(id).value === 'syllables') $(id).value = usual;
  }
  for (const f of chosen) f(language);
}

export function setUpLanguages() {
  fillLanguages();
  for (const id of MENUS) $(id).addEventListener('change', () => chooseLanguage($(id).value));
  $('solve-dict').addEventListener('change', showLanguage);
}

/** How a board of a dictionary's words is drawn: its language (for upper-casing faces)
    and its direction (right to left for Hebrew, Arabic, Persian). */
export function boardLook(dictName) {
  const dict = dictionaries.find((d) => d.name === dictName);
  if (!dict) return { lang: '', rtl: false };
  return { lang: dict.lang || (dict.language ? dict.language.tag : ''), rtl: Boolean(dict.language && dict.language.rtl) };
}
