#!/usr/bin/env bash
# Packs what the GPU device machine needs into target/gpu-device (ignored by git, so
# the device tool's `carry` takes it): the release binary, the integration-test binary
# (tests/tests.rs, whose gpu:: tests the device runs),
# and the shared data the tests and benchmarks read (../shared does not travel).
# Then, on the device: run tool, carry ["target/gpu-device"], command
#   scripts/gpu-device-check.sh [tests|bench|record|hunt SECONDS|all]
# See docs/gpu.md.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/gpu-device
rm -rf "$out"
mkdir -p "$out/bin" "$out/shared/data/bench" "$out/shared/data/princeton"
cargo build --release
test_exe=$(cargo test --release --no-run --test integration --message-format=json 2>/dev/null \
  | python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "integration" and m.get("executable"):
        print(m["executable"])')
[ -x "$test_exe" ] || { echo "gpu-device-pack: no test binary for tests/tests.rs" >&2; exit 1; }
cp target/release/polyboggle "$out/bin/polyboggle"
cp "$test_exe" "$out/bin/gpu-tests"
strip "$out/bin/polyboggle" "$out/bin/gpu-tests" 2>/dev/null || true
data=../shared/data
cp "$data"/bench/*.txt "$data/bench/README.md" "$out/shared/data/bench/"
for f in dictionary-yawl.txt dictionary-zingarelli2005.txt dictionary-enable2k.txt; do
  cp "$data/princeton/$f" "$out/shared/data/princeton/"
done
# The tests find the binary and the data by the paths they were built at.
pwd > "$out/root"
du -sh "$out"
echo "gpu-device-pack: carry [\"$out\"] and run scripts/gpu-device-check.sh"
