// Text as the page shows it: letters counted as a reader sees them (grapheme clusters),
// faces as dice print them, counts in words, and the order of words.

const segmenter = typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter() : null;
export function clusters(text) {
  return segmenter ? [...segmenter.segment(text)].map((s) => s.segment) : [...text];
}
export function graphemes(text) {
  return clusters(text).length;
}

/** A face as dice print it, in the case of the words beside it: a face typed in lower
    case shows its first letter in upper case ("e" as "E", "qu" as "Qu"). */
export function showFace(face, lang) {
  const locale = lang || undefined;
  if (face !== face.toLocaleLowerCase(locale)) return face;
  const [first = '', ...rest] = clusters(face);
  return first.toLocaleUpperCase(locale) + rest.join('');
}

export function plural(n, one, many) {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export const collator = new Intl.Collator();
