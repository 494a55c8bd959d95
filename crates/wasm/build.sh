#!/usr/bin/env bash
# Builds the static page: the page `polyboggle serve` serves (crates/web/src/page, the
# same three files) beside its backend in WebAssembly, so it plays and solves with no
# server:
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
cp crates/web/src/page/index.html crates/web/src/page/app.js crates/web/src/page/style.css "$staged"/
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
