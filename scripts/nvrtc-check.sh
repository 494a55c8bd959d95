#!/usr/bin/env bash
# Compiles the GPU kernels (crates/gpu/src/kernel.cu, the old one, and kernel_shared.cu, the
# new one) with NVRTC, the CUDA run-time compiler the
# binary uses on a GPU machine, on a machine with no GPU and no CUDA: NVRTC comes from
# its PyPI wheel (nvidia-cuda-nvrtc, CUDA 13), installed once under ~/.cache. Fails on
# any compile error; prints SKIPPED and exits 0 when the wheel cannot be installed.
# Usage: scripts/nvrtc-check.sh [cargo test flags, e.g. --release]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${POLYBOGGLE_NVRTC_DIR:-$HOME/.cache/polyboggle/nvrtc}
lib=$(find "$dir" -name 'libnvrtc.so.13' 2>/dev/null | head -n 1 || true)
if [ -z "$lib" ]; then
  mkdir -p "$dir"
  if ! python3 -m pip install --quiet --disable-pip-version-check --no-deps \
       --target "$dir" 'nvidia-cuda-nvrtc>=13,<14' >&2; then
    echo "nvrtc-check: SKIPPED: could not install the nvidia-cuda-nvrtc wheel" >&2
    exit 0
  fi
  lib=$(find "$dir" -name 'libnvrtc.so.13' | head -n 1)
fi
echo "nvrtc-check: $lib"
out=$(POLYBOGGLE_NVRTC_LIB=$lib cargo test "$@" -p polyboggle-gpu --lib \
  compile::tests::the_kernel_compiles_with_nvrtc -- --ignored --nocapture 2>&1) || { echo "$out"; exit 1; }
echo "$out" | grep "\.cu compiles for"
for kernel in kernel.cu kernel_shared.cu; do
  if ! echo "$out" | grep -q "^$kernel compiles for sm_90"; then
    echo "$out"
    echo "nvrtc-check: the test did not compile $kernel" >&2
    exit 1
  fi
done
echo "nvrtc-check: both kernels compile with NVRTC"
