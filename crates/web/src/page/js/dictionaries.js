// The dice sets and dictionaries the backend has, as the page names them, and the
// language each is for.
import { el } from './dom.js';

export const LANGS = {
  english: 'en', french: 'fr', german: 'de', italian: 'it', spanish: 'es',
  dutch: 'nl', polish: 'pl', finnish: 'fi',
};

export let dictionaries = [];

/** The backend's dictionaries (`GET /api/dicts`' list), once asked for or added to. */
export function setDictionaries(list) {
  dictionaries = list;
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
    lang: LANGS[language] || '',
  };
}

/** The language a dictionary is for, as far as the page can tell ('' when unknown). */
export function dictLang(dict) {
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
  return dictionaries.find((d) => d.lang && dictLang(d) === lang)
    || dictionaries.find((d) => dictLang(d) === lang)
    || null;
}

export function fillDicts(select) {
  select.replaceChildren(...dictionaries.map((d) => el('option', { value: d.name },
    `${d.name} (${d.words.toLocaleString()} words)`)));
}

export function langOf(dictName) {
  const dict = dictionaries.find((d) => d.name === dictName);
  return dict ? dict.lang : '';
}
