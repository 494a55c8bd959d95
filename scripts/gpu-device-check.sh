#!/usr/bin/env bash
# Runs on the GPU device machine, from the repository root, with target/gpu-device
# carried (made by scripts/gpu-device-pack.sh here): the GPU tests, the benchmarks and
# the record runs of issue 22 (docs/gpu.md has what the first loan measured). Writes
# what it prints to $OUT (when set) too. Thread counts below are for an H100's 132 SMs.
#   scripts/gpu-device-check.sh tests        the gpu:: integration tests, device and shared-data ones included (~2 min)
#   scripts/gpu-device-check.sh bench        bench --backend gpu: 10 M boards x 2 files x 2 dicts, 5x5
#   scripts/gpu-device-check.sh record       ENABLE2K 3625 and YAWL 4540, seeds 1-10
#   scripts/gpu-device-check.sh hunt SECS [SEED [FLAGS...]]   5x5 ENABLE2K, 16 runs for SECS seconds each
#   scripts/gpu-device-check.sh all          tests, bench and record (fits one 10-minute call)
#   scripts/gpu-device-check.sh lease SECS   tests, bench, record, then the hunt for what is left of SECS
#   scripts/gpu-device-check.sh tune         start-up time, the knobs, an ncu profile
#   scripts/gpu-device-check.sh round2 SECS  tune, tests, record, then a hunt (seeds 17-32) for what is left
#   scripts/gpu-device-check.sh kernels [SECS]  issue 35, old kernel beside new (POLYBOGGLE_GPU_KERNEL):
#       tests on each, bench 10 M dice/uniform x ENABLE2K/YAWL on each, ENABLE2K 3625 seeds 1-10
#       on each, an ncu profile of the new kernel, then 5x5 and 6x6 on each and five knob settings
#       of the new one; ~6 min (SECS: skip what is left at SECS)
#   scripts/gpu-device-check.sh launches [SECS]  issue 35's second loan: each launch's copies and
#       kernel timed, page-locked against pageable copies, launch sizes, then tests, bench, 3625, ncu
#   scripts/gpu-device-check.sh knobs35   issue 35's third loan: the defaults against the knobs left
#   scripts/gpu-device-check.sh startup35 start-up and 3625 with and without the kept PTX (~60 s)
#   scripts/gpu-device-check.sh probes [SECS]  issue 35, the deferred probe and chained pops beside
#       the new kernel: tests on each, bench 10 M dice/uniform x ENABLE2K/YAWL in turn, register
#       caps, 3625 seeds 1-10, 5x5, an nsys timeline, ncu profiles; ~7 min (SECS: skip what is left)
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

# The bindings load libcuda and libnvrtc by name: when the loader does not know one,
# point it at the first copy found (the driver's folder, the CUDA toolkit's, a pip wheel's).
for lib in libcuda libnvrtc; do
  ldconfig -p 2>/dev/null | grep -q "$lib\.so" && continue
  found=$(ls /usr/local/nvidia/lib64/$lib.so* /usr/local/cuda*/lib64/$lib.so* \
    /usr/local/cuda*/targets/*/lib/$lib.so* /usr/lib/x86_64-linux-gnu/$lib.so* 2>/dev/null | head -n 1)
  [ -n "$found" ] || found=$(find / -xdev -name "$lib.so*" 2>/dev/null | head -n 1)
  if [ -n "$found" ]; then
    export LD_LIBRARY_PATH="$(dirname "$found")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH (for $found)" | log device.txt
  else
    echo "no $lib found" | log device.txt
  fi
done
# A first smoke run: a missing library or a kernel that does not load shows at once.
{ time timeout 120 "$B" bench --backend gpu --boards 1000 --format json; } 2>&1 | log device.txt
if [ "${PIPESTATUS[0]}" -ne 0 ]; then
  echo "the smoke run failed; what the machine has:" | log device.txt
  find / -xdev \( -name 'libcuda.so*' -o -name 'libnvrtc*.so*' \) 2>/dev/null | log device.txt
  exit 1
fi

tests() {
  timeout "${1:-300}" "$pack/bin/gpu-tests" gpu:: --include-ignored --nocapture --test-threads 1 2>&1 | log tests.txt
}

# /tmp/NAME_10m.txt: the bench file NAME_100k.txt a hundred times over (10 M boards).
boards_10m() {
  [ -f "/tmp/$1_10m.txt" ] || for i in $(seq 100); do cat "$data/bench/$1_100k.txt"; done > "/tmp/$1_10m.txt"
}

# kernel_tests LOG KERNEL...: the gpu:: tests on each kernel (POLYBOGGLE_GPU_KERNEL).
kernel_tests() {
  local file=$1 k; shift
  for k in "$@"; do
    echo "== gpu:: tests, $k kernel" | log "$file"
    POLYBOGGLE_GPU_KERNEL=$k timeout 150 "$pack/bin/gpu-tests" gpu:: --include-ignored --nocapture --test-threads 1 2>&1 \
      | grep -E "^test |test result|panicked|assert|scoring on" | log "$file"
  done
}

# bench_inputs LOG: YAWL compiled, the 10 M-board files, and the totals they must give.
bench_inputs() {
  [ -f /tmp/yawl.pbd ] || "$B" compile "$data/princeton/dictionary-yawl.txt" -o /tmp/yawl.pbd >/dev/null
  boards_10m dice44; boards_10m uniform44
  echo "expected totals x100 (bench/README.md): dice44 enable2k 1408086800, uniform44 enable2k 411442000," \
       "dice44 yawl 1887212900, uniform44 yawl 545623400" | log "$1"
}

# run_3625 LOG SEED KERNEL: the optimizer to ENABLE2K 3625 on the GPU, timed.
run_3625() {
  local TIMEFORMAT='wall %R s'
  echo "== ENABLE2K 3625, seed $2, $3 kernel" | log "$1"
  { time POLYBOGGLE_GPU_KERNEL=$3 timeout 30 "$B" optimize --backend gpu --exclude zqxjkw --until 3625 \
    --time 5 --seed "$2" --threads 16 --format json; } 2>&1 | log "$1"
}

bench() {
  [ -f /tmp/yawl.pbd ] || "$B" compile "$data/princeton/dictionary-yawl.txt" -o /tmp/yawl.pbd >/dev/null
  boards_10m dice44; boards_10m uniform44
  echo "expected totals x100 (bench/README.md): dice44 enable2k 1408086800, uniform44 enable2k 411442000," \
       "dice44 yawl 1887212900, uniform44 yawl 545623400" | log bench.txt
  for dict in enable2k /tmp/yawl.pbd; do
    for f in dice44 uniform44; do
      echo "== $f x100, $dict, gpu" | log bench.txt
      timeout 90 "$B" bench --backend gpu --dict "$dict" --boards-file "/tmp/${f}_10m.txt" --format json 2>&1 | log bench.txt
    done
  done
  echo "== dice44_100k, enable2k, cpu 16 threads (reference)" | log bench.txt
  "$B" bench --threads 16 --boards-file "$data/bench/dice44_100k.txt" --format json 2>&1 | log bench.txt
  for set in english-big-original-5x5 english-superbig-6x6; do
    echo "== 1,000,000 boards rolled from $set, enable2k, gpu then cpu 16 threads" | log bench.txt
    timeout 90 "$B" bench --backend gpu --dice "$set" --boards 1000000 --format json 2>&1 | log bench.txt
    timeout 60 "$B" bench --threads 16 --dice "$set" --boards 100000 --format json 2>&1 | log bench.txt
  done
}

record() {
  local TIMEFORMAT='wall %R s'
  [ -f /tmp/yawl.pbd ] || "$B" compile "$data/princeton/dictionary-yawl.txt" -o /tmp/yawl.pbd >/dev/null
  for s in $(seq 1 10); do
    echo "== ENABLE2K 3625, seed $s" | log record.txt
    { time timeout 30 "$B" optimize --backend gpu --exclude zqxjkw --until 3625 --time "${1:-5}" \
      --seed "$s" --threads 16 --format json; } 2>&1 | log record.txt
  done
  for s in $(seq 1 10); do
    echo "== YAWL 4540, seed $s" | log record.txt
    { time timeout 30 "$B" optimize --backend gpu --dict /tmp/yawl.pbd --exclude zqxjkw \
      --until 4540 --time "${1:-5}" --seed "$s" --threads 16 --format json; } 2>&1 | log record.txt
  done
}

hunt() {
  local secs=${1:-240} seed=${2:-1}
  shift 2 2>/dev/null || shift $#
  "$B" optimize --backend gpu --size 5x5 --runs 16 --threads 16 --time "$secs" --seed "$seed" \
    --log "$out/hunt.ndjson" "$@" 2>&1 | log hunt.txt
}

# Start-up (CUDA, the NVRTC compile, the dictionary), the tuning knobs on 10 M dice44
# boards, one kernel's profile.
tune() {
  local TIMEFORMAT='wall %R s'
  for run in 1 2 3; do
    echo "== start-up $run: bench --backend gpu --boards 1000" | log tune.txt
    { time "$B" bench --backend gpu --boards 1000 --format json; } 2>&1 | log tune.txt
  done
  boards_10m dice44
  for knobs in "" "POLYBOGGLE_GPU_BLOCK=64" "POLYBOGGLE_GPU_BLOCK=256" \
    "POLYBOGGLE_GPU_THREADS=135168" "POLYBOGGLE_GPU_THREADS=33792" "POLYBOGGLE_GPU_THREADS=16896" \
    "POLYBOGGLE_GPU_TABLE_BITS=11" "POLYBOGGLE_GPU_TABLE_BITS=10" \
    "POLYBOGGLE_GPU_TABLE_BITS=10 POLYBOGGLE_GPU_THREADS=33792"; do
    echo "== dice44 x100, enable2k, gpu, knobs: ${knobs:-defaults}" | log tune.txt
    env $knobs timeout 60 "$B" bench --backend gpu --boards-file /tmp/dice44_10m.txt --format json 2>&1 | log tune.txt
  done
  if command -v ncu >/dev/null; then
    echo "== ncu, one launch of 1 M boards" | log tune.txt
    head -n 1000000 /tmp/dice44_10m.txt > /tmp/dice44_1m.txt
    timeout 150 ncu --launch-count 1 -k pb_score --section SpeedOfLight --section Occupancy \
      --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats \
      "$B" bench --backend gpu --boards-file /tmp/dice44_1m.txt 2>&1 | log tune.txt
  fi
}

# Issue 35: the new kernel (kernel_shared.cu) measured beside the old one (kernel.cu), in one
# call: exactness first (the gpu:: tests, each kernel), then throughput, the optimizer and a
# profile. Every step has its own timeout; SECS (default 540) stops the steps left at that point.
kernels() {
  local start=$SECONDS budget=${1:-540} TIMEFORMAT='wall %R s'
  left() { [ $(( budget - (SECONDS - start) )) -gt "$1" ] || { echo "== out of time: skipped $2" | log kernels.txt; return 1; }; }
  kernel_tests kernels.txt new old
  bench_inputs kernels.txt
  for dict in enable2k /tmp/yawl.pbd; do
    for f in dice44 uniform44; do
      for k in old new; do
        left 60 "bench $f $dict $k" || continue
        echo "== bench $f x100, $dict, $k kernel" | log kernels.txt
        POLYBOGGLE_GPU_KERNEL=$k timeout 90 "$B" bench --backend gpu --dict "$dict" \
          --boards-file "/tmp/${f}_10m.txt" --format json 2>&1 | log kernels.txt
      done
    done
  done
  for k in new old; do
    for s in $(seq 1 10); do
      left 40 "ENABLE2K 3625 seed $s, $k" || continue
      run_3625 kernels.txt "$s" "$k"
    done
  done
  if command -v ncu >/dev/null && left 100 "ncu"; then
    echo "== ncu, new kernel, one launch of 1 M dice44 boards" | log kernels.txt
    head -n 1000000 /tmp/dice44_10m.txt > /tmp/dice44_1m.txt
    POLYBOGGLE_GPU_KERNEL=new timeout $(( budget - (SECONDS - start) - 10 )) ncu --launch-count 1 \
      -k regex:pb_search --section SpeedOfLight --section Occupancy --section LaunchStats \
      --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats \
      "$B" bench --backend gpu --boards-file /tmp/dice44_1m.txt 2>&1 | log kernels.txt
  fi
  for set in english-big-original-5x5 english-superbig-6x6; do
    for k in old new; do
      left 60 "bench $set $k" || continue
      echo "== bench 1,000,000 boards rolled from $set, enable2k, $k kernel" | log kernels.txt
      POLYBOGGLE_GPU_KERNEL=$k timeout 60 "$B" bench --backend gpu --dice "$set" --boards 1000000 \
        --format json 2>&1 | log kernels.txt
    done
  done
  # The new kernel's knobs: fewer threads in flight (more L1 left beside the frames), other
  # blocks, smaller hash sets (the sets staying in L2).
  for knobs in "POLYBOGGLE_GPU_THREADS=67584" "POLYBOGGLE_GPU_THREADS=101376" "POLYBOGGLE_GPU_BLOCK=256" \
    "POLYBOGGLE_GPU_BLOCK=64" "POLYBOGGLE_GPU_TABLE_BITS=10"; do
    left 60 "knobs $knobs" || continue
    echo "== bench dice44 x100, enable2k, new kernel, $knobs" | log kernels.txt
    env POLYBOGGLE_GPU_KERNEL=new $knobs timeout 60 "$B" bench --backend gpu \
      --boards-file /tmp/dice44_10m.txt --format json 2>&1 | log kernels.txt
  done
  echo "== kernels: done in $(( SECONDS - start )) s" | log kernels.txt
}

# Issue 35, second loan: where a launch's time goes (POLYBOGGLE_GPU_TIMES: copies and
# kernel on the device's clock, and the wall time from submission to collection), batch
# sizes (launches of a million boards, pipelined); then exactness, the tables and the
# optimizer again.
launches() {
  local start=$SECONDS budget=${1:-300} TIMEFORMAT='wall %R s'
  left() { [ $(( budget - (SECONDS - start) )) -gt "$1" ] || { echo "== out of time: skipped $2" | log launches.txt; return 1; }; }
  [ -f /tmp/yawl.pbd ] || "$B" compile "$data/princeton/dictionary-yawl.txt" -o /tmp/yawl.pbd >/dev/null
  boards_10m dice44; boards_10m uniform44
  for k in new old; do
    echo "== launch times, dice44 x100, enable2k, $k kernel" | log launches.txt
    POLYBOGGLE_GPU_KERNEL=$k POLYBOGGLE_GPU_TIMES=1 timeout 60 "$B" bench --backend gpu \
      --boards-file /tmp/dice44_10m.txt --format json 2>&1 | log launches.txt
  done
  for round in 1 2; do
    for knobs in POLYBOGGLE_GPU_BATCH=4194304 POLYBOGGLE_GPU_BATCH=1048576 \
      POLYBOGGLE_GPU_BATCH=16777216; do
      echo "== bench dice44 x100, enable2k, new kernel, $knobs, round $round" | log launches.txt
      env POLYBOGGLE_GPU_KERNEL=new $knobs timeout 60 "$B" bench --backend gpu \
        --boards-file /tmp/dice44_10m.txt --format json 2>&1 | log launches.txt
    done
  done
  for k in new old; do
  echo "== gpu:: tests, $k kernel" | log launches.txt
  POLYBOGGLE_GPU_KERNEL=$k timeout 150 "$pack/bin/gpu-tests" gpu:: --include-ignored --nocapture --test-threads 1 2>&1 \
    | grep -E "^test |test result|panicked|assert|scoring on" | log launches.txt
  done
  echo "expected totals x100 (bench/README.md): dice44 enable2k 1408086800, uniform44 enable2k 411442000," \
       "dice44 yawl 1887212900, uniform44 yawl 545623400" | log launches.txt
  for dict in enable2k /tmp/yawl.pbd; do
    for f in dice44 uniform44; do
      for k in old new; do
        left 30 "bench $f $dict $k" || continue
        echo "== bench $f x100, $dict, $k kernel" | log launches.txt
        POLYBOGGLE_GPU_KERNEL=$k timeout 60 "$B" bench --backend gpu --dict "$dict" \
          --boards-file "/tmp/${f}_10m.txt" --format json 2>&1 | log launches.txt
      done
    done
  done
  for s in $(seq 1 10); do
    left 30 "ENABLE2K 3625 seed $s" || continue
    echo "== ENABLE2K 3625, seed $s, new kernel" | log launches.txt
    { time POLYBOGGLE_GPU_KERNEL=new timeout 30 "$B" optimize --backend gpu --exclude zqxjkw --until 3625 \
      --time 5 --seed "$s" --threads 16 --format json; } 2>&1 | log launches.txt
  done
  for set in english-big-original-5x5 english-superbig-6x6; do
    for k in old new; do
      left 30 "bench $set $k" || continue
      echo "== bench 1,000,000 boards rolled from $set, enable2k, $k kernel" | log launches.txt
      POLYBOGGLE_GPU_KERNEL=$k timeout 60 "$B" bench --backend gpu --dice "$set" --boards 1000000 \
        --format json 2>&1 | log launches.txt
    done
  done
  if command -v ncu >/dev/null && left 80 "ncu"; then
    echo "== ncu source counters, new kernel, one launch of 1 M dice44 boards" | log ncu.txt
    head -n 1000000 /tmp/dice44_10m.txt > /tmp/dice44_1m.txt
    POLYBOGGLE_GPU_KERNEL=new timeout 70 ncu --launch-count 1 -k regex:pb_search \
      --section SourceCounters --section WarpStateStats --section InstructionStats \
      "$B" bench --backend gpu --boards-file /tmp/dice44_1m.txt 2>&1 | log ncu.txt
  fi
  echo "== launches: done in $(( SECONDS - start )) s" | log launches.txt
}

# Issue 35, third loan: the defaults (new kernel, pipelined launches) against the knobs
# left: batch size, L1 carveout, hash-set size, block size; the tests and the optimizer
# on the defaults.
knobs35() {
  local TIMEFORMAT='wall %R s'
  boards_10m dice44; boards_10m uniform44
  echo "== gpu:: tests, defaults" | log knobs.txt
  timeout 150 "$pack/bin/gpu-tests" gpu:: --include-ignored --nocapture --test-threads 1 2>&1 \
    | grep -E "^test |test result|panicked|assert|scoring on" | log knobs.txt
  for knobs in "" POLYBOGGLE_GPU_BATCH=8388608 POLYBOGGLE_GPU_BATCH=16777216 \
    "POLYBOGGLE_GPU_CARVEOUT=50 POLYBOGGLE_GPU_THREADS=67584" \
    "POLYBOGGLE_GPU_CARVEOUT=75 POLYBOGGLE_GPU_THREADS=101376" POLYBOGGLE_GPU_CARVEOUT=100 \
    POLYBOGGLE_GPU_TABLE_BITS=10 POLYBOGGLE_GPU_TABLE_BITS=9 POLYBOGGLE_GPU_BLOCK=64 \
    POLYBOGGLE_GPU_BLOCK=256 ""; do
    echo "== bench dice44 x100, enable2k, ${knobs:-defaults}" | log knobs.txt
    env $knobs timeout 60 "$B" bench --backend gpu --boards-file /tmp/dice44_10m.txt --format json 2>&1 | log knobs.txt
  done
  echo "== bench uniform44 x100, enable2k, defaults" | log knobs.txt
  timeout 60 "$B" bench --backend gpu --boards-file /tmp/uniform44_10m.txt --format json 2>&1 | log knobs.txt
  for s in $(seq 1 10); do
    echo "== ENABLE2K 3625, seed $s, defaults" | log knobs.txt
    { time timeout 30 "$B" optimize --backend gpu --exclude zqxjkw --until 3625 \
      --time 5 --seed "$s" --threads 16 --format json; } 2>&1 | log knobs.txt
  done
}

# Issue 35: start-up with and without the kept PTX (POLYBOGGLE_GPU_CACHE=0), the
# driver's own cache and ours emptied first; then 3625, seeds 1-10, each way in turn.
startup35() {
  local TIMEFORMAT='wall %R s'
  rm -rf "$HOME/.cache/polyboggle" "$HOME/.nv/ComputeCache"
  for run in cold warm warm2; do
    echo "== start-up ($run cache): bench --backend gpu --boards 1000" | log startup.txt
    { time POLYBOGGLE_GPU_TIMES=1 "$B" bench --backend gpu --boards 1000 --format json >/dev/null; } 2>&1 \
      | grep -v "gpu launch" | log startup.txt
  done
  for run in 1 2 3; do
    echo "== start-up, POLYBOGGLE_GPU_CACHE=0 (driver cache warm), $run" | log startup.txt
    { time POLYBOGGLE_GPU_CACHE=0 POLYBOGGLE_GPU_TIMES=1 "$B" bench --backend gpu --boards 1000 \
      --format json >/dev/null; } 2>&1 | grep -v "gpu launch" | log startup.txt
  done
  ls -la "$HOME/.cache/polyboggle/gpu" 2>&1 | log startup.txt
  for s in $(seq 1 10); do
    for cache in 1 0; do
      echo "== ENABLE2K 3625, seed $s, POLYBOGGLE_GPU_CACHE=$cache" | log startup.txt
      { time POLYBOGGLE_GPU_CACHE=$cache timeout 30 "$B" optimize --backend gpu --exclude zqxjkw \
        --until 3625 --time 5 --seed "$s" --threads 16 --format json >/dev/null; } 2>&1 | log startup.txt
    done
  done
  echo "== gpu:: tests, defaults" | log startup.txt
  timeout 150 "$pack/bin/gpu-tests" gpu:: --include-ignored --nocapture --test-threads 1 2>&1 \
    | grep -E "test result|panicked|assert" | log startup.txt
}

# Issue 35: the deferred probe (POLYBOGGLE_GPU_KERNEL=deferred: each found word's hash-set
# read overlapped with the next turn's record read) and chained pops (chained: deferred,
# and a pop passes the frames with no candidates left) beside the kernel they change
# ("new"), run in turn so that all meet the same machine. Every step has its own timeout;
# SECS (default 540) stops the steps left at that point.
probes() {
  local start=$SECONDS budget=${1:-480} TIMEFORMAT='wall %R s'
  left() { [ $(( budget - (SECONDS - start) )) -gt "$1" ] || { echo "== out of time: skipped $2" | log probes.txt; return 1; }; }
  # bench_10m FILE DICT KERNEL [KNOBS...]: 10 M boards of a bench file.
  bench_10m() {
    local file=$1 dict=$2 k=$3; shift 3
    left 40 "bench $file $dict $k $*" || return 0
    echo "== bench $file x100, $dict, $k kernel ${*:-defaults}" | log probes.txt
    env POLYBOGGLE_GPU_KERNEL="$k" "$@" timeout 60 "$B" bench --backend gpu --dict "$dict" \
      --boards-file "/tmp/${file}_10m.txt" --format json 2>&1 | log probes.txt
  }
  # Start-up by parts (probe, driver, context, kernel, dictionary, hash sets, slots),
  # the kept PTX absent and then present, and the NVRTC it no longer loads.
  rm -rf "$HOME/.cache/polyboggle"
  for run in cold warm; do
    echo "== start-up, $run: bench --backend gpu --boards 1000" | log probes.txt
    { time POLYBOGGLE_GPU_TIMES=1 timeout 60 "$B" bench --backend gpu --boards 1000 --format json \
      >/dev/null; } 2>&1 | grep -v "gpu launch" | log probes.txt
  done
  kernel_tests probes.txt chained deferred new
  bench_inputs probes.txt
  for dict in enable2k /tmp/yawl.pbd; do
    for file in dice44 uniform44; do
      for k in new deferred chained; do bench_10m "$file" "$dict" "$k"; done
    done
  done
  # Fewer registers a thread, more blocks a multiprocessor (the deferred probe keeps four more).
  for cap in 56 48 40; do bench_10m dice44 enable2k chained POLYBOGGLE_GPU_MAXREG=$cap; done
  # Ten frames a thread (1 dice board in 10,000 needs more, and goes back to the CPU):
  # shared memory for 12 blocks of 128 a multiprocessor, where registers allow it.
  bench_10m dice44 enable2k chained POLYBOGGLE_GPU_FRAMES=10
  bench_10m dice44 enable2k chained POLYBOGGLE_GPU_FRAMES=10 POLYBOGGLE_GPU_MAXREG=40
  for k in new deferred chained; do bench_10m dice44 enable2k "$k"; done
  for s in $(seq 1 10); do
    for k in new chained; do
      left 30 "ENABLE2K 3625 seed $s, $k" || continue
      run_3625 probes.txt "$s" "$k"
    done
  done
  for k in new deferred chained; do
    left 40 "bench 5x5 $k" || continue
    echo "== bench 1,000,000 boards rolled from english-big-original-5x5, enable2k, $k kernel" | log probes.txt
    POLYBOGGLE_GPU_KERNEL=$k timeout 60 "$B" bench --backend gpu --dice english-big-original-5x5 \
      --boards 1000000 --format json 2>&1 | log probes.txt
  done
  # Where a batch's time goes between the kernels (bench's 43 M boards/s against the
  # kernel's 63 M): every copy and kernel of 10 M boards on the device's timeline.
  if command -v nsys >/dev/null && left 60 "nsys"; then
    echo "== nsys, new kernel, dice44 x100: timeline.csv" | log probes.txt
    timeout 60 nsys profile --trace=cuda --force-overwrite=true -o /tmp/timeline \
      "$B" bench --backend gpu --boards-file /tmp/dice44_10m.txt 2>&1 | tail -n 3 | log probes.txt
    timeout 30 nsys stats --report cuda_gpu_trace --report cuda_api_sum --format csv \
      /tmp/timeline.nsys-rep > "$out/timeline.csv" 2>&1
    tail -n 5 "$out/timeline.csv" | log probes.txt
  fi
  if command -v ncu >/dev/null; then
    head -n 1000000 /tmp/dice44_10m.txt > /tmp/dice44_1m.txt
    for k in chained new; do
      left 60 "ncu $k" || continue
      echo "== ncu, $k kernel, one launch of 1 M dice44 boards" | log probes.txt
      POLYBOGGLE_GPU_KERNEL=$k timeout $(( budget - (SECONDS - start) - 10 )) ncu --launch-count 1 \
        -k regex:pb_ --section SpeedOfLight --section Occupancy --section LaunchStats \
        --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats \
        "$B" bench --backend gpu --boards-file /tmp/dice44_1m.txt 2>&1 | log probes.txt
    done
    # Each SASS instruction's executed count and active lanes: where the warps diverge.
    for k in chained new; do
      left 60 "ncu source $k" || continue
      echo "== ncu source counters by SASS instruction, $k kernel: sass-$k.csv" | log probes.txt
      POLYBOGGLE_GPU_KERNEL=$k timeout $(( budget - (SECONDS - start) - 10 )) ncu --launch-count 1 \
        -k regex:pb_ --section SourceCounters --page source --print-source sass --csv \
        "$B" bench --backend gpu --boards-file /tmp/dice44_1m.txt > "$out/sass-$k.csv" 2>&1
      tail -n 3 "$out/sass-$k.csv" | log probes.txt
    done
  fi
  echo "== probes: done in $(( SECONDS - start )) s" | log probes.txt
}

# The hunt for what is left of TOTAL seconds since START (its other arguments: hunt's).
hunt_until() {
  local left=$(( $2 - (SECONDS - $1) - 15 ))
  shift 2
  [ "$left" -gt 20 ] && hunt "$left" "$@"
}

case "${1:-all}" in
  tests) tests ;;
  lease) # everything in one call that ends by SECS seconds: tests, bench, record, then the hunt
    start=$SECONDS
    tests 240; bench; record 5
    hunt_until "$start" "${2:-420}" ;;
  bench) bench ;;
  record) record ;;
  hunt) shift; hunt "$@" ;;
  tune) tune ;;
  round2) # the second loan: start-up and knobs, the tests and records again, then the hunt
    start=$SECONDS
    tune; tests 120; record 5
    hunt_until "$start" "${2:-480}" 17 --until 10407 ;;
  all) tests; bench; record ;;
  kernels) kernels "${2:-540}" ;;
  launches) launches "${2:-300}" ;;
  knobs35) knobs35 ;;
  startup35) startup35 ;;
  probes) probes "${2:-540}" ;;
  *) echo "usage: $0 tests|bench|record|hunt SECS [SEED [FLAGS...]]|tune|all|lease SECS|round2 SECS|kernels [SECS]|launches [SECS]|knobs35|startup35|probes [SECS]" >&2; exit 2 ;;
esac
