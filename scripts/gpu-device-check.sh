#!/usr/bin/env bash
# Runs on the GPU device machine, from the repository root, with target/gpu-device
# carried (made by scripts/gpu-device-pack.sh here): the GPU tests, the benchmarks and
# the record runs of issue 16. Writes what it prints to $OUT (when set) too.
#   scripts/gpu-device-check.sh tests        the gpu:: integration tests, device and shared-data ones included (~2 min)
#   scripts/gpu-device-check.sh bench        bench --backend gpu: 10 M boards x 2 files x 2 dicts, 5x5
#   scripts/gpu-device-check.sh record       ENABLE2K 3625 and YAWL 4540, seeds 1-10
#   scripts/gpu-device-check.sh hunt SECS    5x5 ENABLE2K, 16 runs for SECS seconds each
#   scripts/gpu-device-check.sh all          tests, bench and record (fits one 10-minute call)
set -uo pipefail
cd "$(dirname "$0")/.."
pack=target/gpu-device
[ -d "$pack" ] || { echo "no $pack: run scripts/gpu-device-pack.sh and carry it" >&2; exit 1; }
out=${OUT:-/tmp/gpu-out}
mkdir -p "$out"
B=$PWD/$pack/bin/polyboggle
log() { tee -a "$out/$1"; }

# The test binary looks for the repository, the binary and ../shared/data where they
# were when it was built: put them there.
root=$(cat "$pack/root")
if [ "$root" != "$PWD" ] && [ ! -e "$root" ]; then
  mkdir -p "$(dirname "$root")" && ln -s "$PWD" "$root"
fi
mkdir -p target/release && cp "$B" target/release/polyboggle
shared="$(dirname "$root")/shared"
[ -d "$shared/data" ] || { mkdir -p "$shared" && cp -r "$pack/shared/data" "$shared/"; }
data=$shared/data

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | log device.txt

# The bindings load libcuda and libnvrtc by name: when the loader does not know NVRTC,
# point it at the first copy found (the CUDA toolkit's, or a pip wheel's).
ldconfig -p 2>/dev/null | grep -E 'libcuda\.so|libnvrtc\.so' | log device.txt
if ! ldconfig -p 2>/dev/null | grep -q 'libnvrtc\.so'; then
  nvrtc=$(ls /usr/local/cuda*/lib64/libnvrtc.so* /usr/local/cuda*/targets/*/lib/libnvrtc.so* \
    /usr/lib/python3*/*-packages/nvidia/*/lib/libnvrtc.so* 2>/dev/null | head -n 1)
  if [ -n "$nvrtc" ]; then
    export LD_LIBRARY_PATH="$(dirname "$nvrtc")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH (for $nvrtc)" | log device.txt
  fi
fi
# A first smoke run: a missing library or a kernel that does not load shows at once.
"$B" bench --backend gpu --boards 1000 2>&1 | log device.txt

tests() {
  "$pack/bin/gpu-tests" gpu:: --include-ignored --nocapture --test-threads 1 2>&1 | log tests.txt
}

bench() {
  [ -f /tmp/yawl.pbd ] || "$B" compile "$data/princeton/dictionary-yawl.txt" -o /tmp/yawl.pbd >/dev/null
  for f in dice44 uniform44; do
    [ -f "/tmp/${f}_10m.txt" ] || for i in $(seq 100); do cat "$data/bench/${f}_100k.txt"; done > "/tmp/${f}_10m.txt"
  done
  echo "expected totals x100 (bench/README.md): dice44 enable2k 1408086800, uniform44 enable2k 411442000," \
       "dice44 yawl 1887212900, uniform44 yawl 545623400" | log bench.txt
  for dict in enable2k /tmp/yawl.pbd; do
    for f in dice44 uniform44; do
      echo "== $f x100, $dict, gpu" | log bench.txt
      "$B" bench --backend gpu --dict "$dict" --boards-file "/tmp/${f}_10m.txt" --format json 2>&1 | log bench.txt
    done
  done
  echo "== dice44_100k, enable2k, cpu 16 threads (reference)" | log bench.txt
  "$B" bench --threads 16 --boards-file "$data/bench/dice44_100k.txt" --format json 2>&1 | log bench.txt
  for set in english-big-original-5x5 english-superbig-6x6; do
    echo "== 1,000,000 boards rolled from $set, enable2k, gpu then cpu 16 threads" | log bench.txt
    "$B" bench --backend gpu --dice "$set" --boards 1000000 --format json 2>&1 | log bench.txt
    "$B" bench --threads 16 --dice "$set" --boards 100000 --format json 2>&1 | log bench.txt
  done
}

record() {
  local TIMEFORMAT='wall %R s'
  [ -f /tmp/yawl.pbd ] || "$B" compile "$data/princeton/dictionary-yawl.txt" -o /tmp/yawl.pbd >/dev/null
  for s in $(seq 1 10); do
    echo "== ENABLE2K 3625, seed $s" | log record.txt
    { time "$B" optimize --backend gpu --exclude zqxjkw --until 3625 --time 20 \
      --seed "$s" --threads 16 --format json; } 2>&1 | log record.txt
  done
  for s in $(seq 1 10); do
    echo "== YAWL 4540, seed $s" | log record.txt
    { time "$B" optimize --backend gpu --dict /tmp/yawl.pbd --exclude zqxjkw \
      --until 4540 --time 20 --seed "$s" --threads 16 --format json; } 2>&1 | log record.txt
  done
}

hunt() {
  "$B" optimize --backend gpu --size 5x5 --runs 16 --threads 16 --time "${1:-240}" --seed 1 \
    --log "$out/hunt.ndjson" 2>&1 | log hunt.txt
}

case "${1:-all}" in
  tests) tests ;;
  bench) bench ;;
  record) record ;;
  hunt) hunt "${2:-240}" ;;
  all) tests; bench; record ;;
  *) echo "usage: $0 tests|bench|record|hunt SECS|all" >&2; exit 2 ;;
esac
