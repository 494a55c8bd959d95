#!/usr/bin/env bash
# Builds compiled dictionaries for a dozen languages from Debian's word-list packages.
#
#   dictionaries/build-languages.sh [LANG...]     (default: all; needs root for apt-get)
#
# Output: dictionaries/build/LANG.pbd, plus the UTF-8 word list it was compiled from,
# and, when the wordfreq Python package is installed, LANG-freq.txt: the tiers.
# Nothing here is committed: each package keeps its own licence (see README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
out=dictionaries/build
mkdir -p "$out"

# lang | Debian package | source: a plain list (/usr/share/dict/...) or hunspell:NAME
table='
it|witalian|/usr/share/dict/italian
es|wspanish|/usr/share/dict/spanish
fr|wfrench|/usr/share/dict/french
de|wngerman|/usr/share/dict/ngerman
nl|wdutch|/usr/share/dict/dutch
pt|wportuguese|/usr/share/dict/portuguese
pl|wpolish|/usr/share/dict/polish
en|wamerican|/usr/share/dict/american-english
hi|hunspell-hi|hunspell:hi_IN
el|hunspell-el|hunspell:el_GR
tr|hunspell-tr|hunspell:tr_TR
ru|hunspell-ru|hunspell:ru_RU
'

wanted=("$@")
want() { [ ${#wanted[@]} -eq 0 ] && return 0; for w in "${wanted[@]}"; do [ "$w" = "$1" ] && return 0; done; return 1; }

packages=()
while IFS='|' read -r lang pkg src; do
  [ -n "$lang" ] && want "$lang" && packages+=("$pkg")
  case "$src" in hunspell:*) want "$lang" && packages+=(hunspell-tools) ;; esac
done <<< "$table"
if [ ${#packages[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
fi

cargo build --release --quiet
pb=target/release/polyboggle

while IFS='|' read -r lang pkg src; do
  [ -n "$lang" ] && want "$lang" || continue
  list="$out/$lang.txt"
  case "$src" in
    hunspell:*)
      name=${src#hunspell:}
      dic=/usr/share/hunspell/$name.dic
      aff=/usr/share/hunspell/$name.aff
      # unmunch expands affixes; it writes in the dictionary's own encoding.
      enc=$(grep -m1 '^SET' "$aff" | awk '{print $2}' | tr -d '\r')
      if ! unmunch "$dic" "$aff" 2>/dev/null > "$list.raw" || [ ! -s "$list.raw" ]; then
        # unmunch crashes on some affix files (tr_TR): fall back to the bare stems.
        echo "warning: unmunch failed for $name; using the dictionary's stems only" >&2
        tail -n +2 "$dic" > "$list.raw"
      fi
      iconv -f "${enc:-UTF-8}" -t UTF-8 -c < "$list.raw" | sed 's|/.*||' > "$list.tmp"
      rm -f "$list.raw"
      ;;
    *)
      cp "$src" "$list.tmp"
      ;;
  esac
  mv "$list.tmp" "$list"
  echo "== $lang ($pkg)"
  # Tiers (computer levels, common-word counts): the language's 100,000 commonest
  # words from the wordfreq package, a ranked list cut at ranks 1k/3k/10k/30k/100k.
  # Its data is CC BY-SA 4.0, so the list is made here and never committed.
  tiers=()
  if python3 -c 'import wordfreq' 2>/dev/null; then
    freq="$out/$lang-freq.txt"
    python3 -c 'import sys, wordfreq; print("\n".join(wordfreq.top_n_list(sys.argv[1], 100000)))' \
      "$lang" > "$freq"
    tiers=(--tiers "$freq")
  else
    echo "note: no tiers for $lang (pip install wordfreq to rank words by frequency)" >&2
  fi
  "$pb" compile "$list" -o "$out/$lang.pbd" --lang "$lang" "${tiers[@]}"
done <<< "$table"
