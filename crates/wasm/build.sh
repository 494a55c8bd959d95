#!/usr/bin/env bash
# Builds the static page: the page `polyboggle serve` serves (crates/web/src/page: its
# index.html and style.css, and its ES modules joined into one app.js) beside its backend
# in WebAssembly, so it plays and solves with no server:
#
#   crates/wasm/build.sh [OUT] [--langs TAG,...|all] [--npm DIR]
#
# OUT (default target/wasm-page) gets the page, the module (no dictionary inside it),
# English (enable2k.pbd, fetched beside the page; enable2k_bytes.js, the same in base64,
# read only when the page is opened from a folder), the service worker that keeps the
# page for offline play (sw.js), the Web Worker that fills crosswords
# (crossword-worker.js; crossword_worker_source.js, the same with the module's glue, in
# base64, for a page opened from a folder), and languages.json, the index of the dictionaries
# beside it. --langs puts built languages there too (dictionaries/build/TAG.pbd, from
# dictionaries/build-languages.sh; `all`: every one built; TAG=FILE: FILE for TAG),
# under langs/. --npm writes
# the npm package `polyboggle` (crates/wasm/npm: ES module, types, README) to DIR.
#
# Then open OUT/index.html (from the folder: file:// works, English only) or put OUT on
# any static host. Installs what is missing: the wasm32-unknown-unknown target, and
# wasm-bindgen-cli at exactly the version of the wasm-bindgen crate (Cargo.toml).
# Honours CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=target/wasm-page
langs=
npm=
while [ $# -gt 0 ]; do
  case $1 in
    --langs) langs=${2:?--langs takes TAG,... or all}; shift 2 ;;
    --langs=*) langs=${1#--langs=}; shift ;;
    --npm) npm=${2:?--npm takes a folder}; shift 2 ;;
    --npm=*) npm=${1#--npm=}; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    -*) echo "build.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done
built=dictionaries/build
if [ "$langs" = all ]; then
  langs=$(find "$built" -maxdepth 1 -name '*.pbd' -printf '%f\n' 2>/dev/null | sed 's/\.pbd$//' | sort | paste -sd, -)
  [ -n "$langs" ] || { echo "build.sh: --langs all: no language is built in $built (dictionaries/build-languages.sh builds them)" >&2; exit 2; }
fi
# TAG, or TAG=FILE: a compiled dictionary for TAG from elsewhere (CI's small Hebrew).
source_of() { case $1 in *=*) printf '%s' "${1#*=}" ;; *) printf '%s' "$built/$1.pbd" ;; esac; }
for lang in ${langs//,/ }; do
  tag=${lang%%=*}
  case $tag in *[!A-Za-z0-9_-]*|'') echo "build.sh: --langs: '$tag' is no language tag" >&2; exit 2 ;; esac
  [ -f "$(source_of "$lang")" ] || { echo "build.sh: $(source_of "$lang") is missing: dictionaries/build-languages.sh $tag builds it" >&2; exit 2; }
done

version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' crates/wasm/Cargo.toml)
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  echo "build.sh: installing wasm-bindgen-cli $version" >&2
  cargo install wasm-bindgen-cli --version "$version"
fi

cargo build -p polyboggle-wasm --target wasm32-unknown-unknown --release
wasm=${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/polyboggle_wasm.wasm
generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT
# no-modules: a classic script defining `wasm_bindgen`, which a file:// page may load
# (ES modules and fetch are refused there).
wasm-bindgen --target no-modules --no-typescript --out-dir "$generated" "$wasm"

# Written beside OUT, then moved in place: a failed build leaves no half a page.
staged=$(mktemp -d "$(dirname "$out")/.wasm-page.XXXXXX" 2>/dev/null || { mkdir -p "$(dirname "$out")"; mktemp -d "$(dirname "$out")/.wasm-page.XXXXXX"; })
page=crates/web/src/page
cp "$page"/style.css "$staged"/
# The page's script is app.js and the ES modules it imports (js/...), which a page opened
# from a folder may not load: here they are one classic script, app.js, each module after
# those it imports (the order the browser runs them in), its import lines and the word
# export left out. The modules' top-level names are one namespace, as they are unique.
order=()
visiting=" "
add_module() { # $1: a module, relative to $page
  local module=$1 imported
  case "$visiting" in *" $module "*) return ;; esac
  visiting="$visiting$module "
  [ -f "$page/$module" ] || { echo "build.sh: $page/$module, imported, is missing" >&2; exit 1; }
  for imported in $(sed -nE "s#^(import .* |\} )from '(\.\.?/[^']+)';\$#\2#p" "$page/$module"); do
    add_module "$(realpath -m --relative-to="$page" "$page/$(dirname "$module")/$imported")"
  done
  order+=("$module")
}
add_module app.js
{
  printf "// polyboggle's page script, joined by crates/wasm/build.sh from crates/web/src/page:\n"
  printf "// %s.\n'use strict';\n" "${order[*]}"
  for module in "${order[@]}"; do
    printf '\n// ---------------------------------------------------------------- %s\n' "$module"
    awk '/^import / { skip = 1 } skip { if (/;[[:space:]]*$/) skip = 0; next } { sub(/^export /, ""); print }' "$page/$module"
  done
} > "$staged"/app.js
if grep -nE '^[[:space:]]*(import|export)[[:space:]{]' "$staged"/app.js >&2; then
  echo "build.sh: an import or export the join does not take apart (one import or export a line, at its start)" >&2
  exit 1
fi
module_tag='<script type="module" src="app.js"></script>'
grep -qF "$module_tag" "$page"/index.html || { echo "build.sh: $page/index.html does not load app.js as $module_tag" >&2; exit 1; }
sed "s#$module_tag#<script src=\"app.js\" defer></script>#" "$page"/index.html > "$staged"/index.html
cp "$generated"/polyboggle_wasm.js "$generated"/polyboggle_wasm_bg.wasm "$staged"/
# The crossword fill's worker: beside the page over http(s), where it loads the glue
# beside it; a page opened from a folder may not start a worker from a file, so there it
# starts one from a Blob of the glue and the worker together, given here in base64.
cp crates/wasm/page/crossword-worker.js "$staged"/
{
  printf '// The crossword worker and the module glue in base64, for pages opened from a folder.\n'
  printf 'var POLYBOGGLE_WORKER = "'
  { cat "$generated"/polyboggle_wasm.js; echo; cat crates/wasm/page/crossword-worker.js; } | base64 -w0
  printf '";\n'
} > "$staged"/crossword_worker_source.js
# English, fetched beside the page like any language (the module embeds none); in
# base64 for a page opened from a folder, which may load a script but not fetch.
english=crates/core/data/enable2k.pbd
cp "$english" "$staged"/enable2k.pbd
{
  printf '// enable2k.pbd in base64, for pages opened from a folder.\n'
  printf 'var POLYBOGGLE_ENGLISH = "'
  base64 -w0 "$english"
  printf '";\n'
} > "$staged"/enable2k_bytes.js
# The index: each dictionary beside the page, the language it is for and its size (the
# engine knows each language's names, dice, rules and direction: languages() in
# crates/wasm). English first: the default.
entry() { # tag, dictionary name, file
  printf '    {"tag": "%s", "dict": "%s", "file": "%s", "bytes": %s}' "$1" "$2" "$3" "$(wc -c < "$staged/$3")"
}
{
  printf '{"format": "polyboggle languages", "version": 1, "dictionaries": [\n'
  entry en enable2k enable2k.pbd
  for lang in ${langs//,/ }; do
    tag=${lang%%=*}
    mkdir -p "$staged"/langs
    # A hard link where the file system allows (a built language may be 360 MB).
    ln -L "$(source_of "$lang")" "$staged/langs/$tag.pbd" 2>/dev/null || cp "$(source_of "$lang")" "$staged/langs/$tag.pbd"
    printf ',\n'
    entry "$tag" "$tag" "langs/$tag.pbd"
  done
  printf '\n]}\n'
} > "$staged"/languages.json
# The service worker keeps the page (and each dictionary the page keeps) for offline
# play; its cache is named after this build, so a new build replaces the old page.
build_id=$(cat "$staged"/index.html "$staged"/app.js "$staged"/style.css "$staged"/polyboggle_wasm.js \
  "$staged"/polyboggle_wasm_bg.wasm crates/wasm/page/sw.js "$staged"/crossword-worker.js | sha256sum | cut -c1-12)
sed "s/@BUILD@/$build_id/" crates/wasm/page/sw.js > "$staged"/sw.js
{
  printf '// polyboggle_wasm_bg.wasm in base64, for pages opened from a folder.\n'
  printf 'var POLYBOGGLE_WASM = "'
  base64 -w0 "$generated"/polyboggle_wasm_bg.wasm
  printf '";\n'
} > "$staged"/polyboggle_wasm_bytes.js
chmod 755 "$staged"
rm -rf "$out"
mv "$staged" "$out"
# What a visitor over http fetches before the first board: the page, its script, the
# module and its glue (gzip -9, as a static host may send them), then English.
engine=("$out"/index.html "$out"/app.js "$out"/style.css "$out"/polyboggle_wasm.js "$out"/polyboggle_wasm_bg.wasm)
zipped=0
for file in "${engine[@]}"; do zipped=$((zipped + $(gzip -9 < "$file" | wc -c))); done
echo "build.sh: $out/index.html; the page and engine $(cat "${engine[@]}" | wc -c) bytes" \
  "($zipped gzipped; wasm $(wc -c < "$out"/polyboggle_wasm_bg.wasm)), English" \
  "$(wc -c < "$out"/enable2k.pbd) ($(gzip -9 < "$out"/enable2k.pbd | wc -c) gzipped); languages: en${langs:+,$langs}"

if [ -n "$npm" ]; then
  # The npm package: wasm-bindgen's ES module for the web target (which also runs in
  # Node, given the .wasm's bytes), under a thin index.js with its types.
  rm -rf "$npm"
  mkdir -p "$npm"
  wasm-bindgen --target web --out-dir "$npm" "$wasm"
  cp crates/wasm/npm/index.js crates/wasm/npm/index.d.ts crates/wasm/npm/README.md LICENSE-MIT LICENSE-APACHE "$npm"/
  version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
  repository=$(sed -n 's/^repository = "\(.*\)"$/\1/p' Cargo.toml | head -1)
  sed -e "s/@VERSION@/$version/" -e "s#@REPOSITORY@#$repository#" crates/wasm/npm/package.json > "$npm"/package.json
  rm -f "$npm"/.gitignore
  echo "build.sh: $npm (npm package polyboggle $version)"
fi
