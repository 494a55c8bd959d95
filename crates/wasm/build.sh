#!/usr/bin/env bash
# Builds the static page: the page `polyboggle serve` serves (crates/web/src/page: its
# index.html and style.css, and its ES modules joined into one app.js) beside its backend
# in WebAssembly, so it plays and solves with no server:
#
#   crates/wasm/build.sh [OUT]        (default: target/wasm-page)
#
# then open OUT/index.html (from the folder: file:// works) or put OUT on any static
# host. Installs what is missing: the wasm32-unknown-unknown target, and
# wasm-bindgen-cli at exactly the version of the wasm-bindgen crate (Cargo.toml).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/wasm-page}

version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' crates/wasm/Cargo.toml)
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  echo "build.sh: installing wasm-bindgen-cli $version" >&2
  cargo install wasm-bindgen-cli --version "$version"
fi

cargo build -p polyboggle-wasm --target wasm32-unknown-unknown --release
generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT
# no-modules: a classic script defining `wasm_bindgen`, which a file:// page may load
# (ES modules and fetch are refused there).
wasm-bindgen --target no-modules --no-typescript --out-dir "$generated" \
  target/wasm32-unknown-unknown/release/polyboggle_wasm.wasm

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
{
  printf '// polyboggle_wasm_bg.wasm in base64, for pages opened from a folder.\n'
  printf 'var POLYBOGGLE_WASM = "'
  base64 -w0 "$generated"/polyboggle_wasm_bg.wasm
  printf '";\n'
} > "$staged"/polyboggle_wasm_bytes.js
chmod 755 "$staged"
rm -rf "$out"
mv "$staged" "$out"
echo "build.sh: $out/index.html ($(wc -c < "$out"/polyboggle_wasm_bg.wasm) bytes of wasm)"
