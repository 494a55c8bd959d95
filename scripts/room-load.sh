#!/usr/bin/env bash
# The rooms' load benchmark (docs/performance.md, "Rooms under load"): starts
# `polyboggle serve` on loopback, runs the load client (scripts/room-load) against it with
# --pid, so that the client samples the server's memory and CPU, and stops the server.
#
#   scripts/room-load.sh [CLIENT FLAGS...]           # e.g. --rooms 50 --seconds 20
#
# Environment:
#   POLYBOGGLE   the server binary (default: polyboggle on PATH)
#   PORT         its port (default 18080)
#   SERVE_FLAGS  more `serve` flags (default: --no-languages)
#   ROOM_LOAD    the client binary; if unset it is built with cargo into
#                ${CARGO_TARGET_DIR:-/tmp/room-load-target}
#   OUT          a folder for the client's output, its JSON summary and the server's log
#                (default: a new one under /tmp)
#   PRIO         if set (e.g. -10), the scheduler priority (autogroup nice) of the
#                server's and the client's sessions, so that on a shared machine other
#                sessions' builds do not take their CPU (needs root for a negative value)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
pb=${POLYBOGGLE:-polyboggle}
port=${PORT:-18080}
out=${OUT:-$(mktemp -d /tmp/room-load.XXXXXX)}
mkdir -p "$out"
if [ -z "${ROOM_LOAD:-}" ]; then
    target=${CARGO_TARGET_DIR:-/tmp/room-load-target}
    CARGO_TARGET_DIR=$target cargo build --release --quiet \
        --manifest-path "$here/room-load/Cargo.toml"
    ROOM_LOAD=$target/release/room-load
fi
# Each player's live connection is a descriptor in the server and one in the client.
ulimit -n "$(ulimit -Hn)"
echo "descriptors: $(ulimit -n); machine: $(nproc) cores; $(uptime)" | tee "$out/machine.txt"

# shellcheck disable=SC2086
setsid "$pb" serve --port "$port" ${SERVE_FLAGS:---no-languages} > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 0.3
[ -n "${PRIO:-}" ] && echo "$PRIO" > "/proc/$server/autogroup"
for _ in $(seq 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/api/dice" && break
    sleep 0.1
done

setsid timeout 1800 "$ROOM_LOAD" --port "$port" --pid "$server" --solver "$pb" \
    --json "$out/summary.json" "$@" > "$out/client.txt" 2>&1 &
client=$!
sleep 0.3
[ -n "${PRIO:-}" ] && echo "$PRIO" > "/proc/$client/autogroup"
status=0
wait $client || status=$?
grep -E "VmHWM|VmRSS" "/proc/$server/status" >> "$out/client.txt" || true
echo "after: $(uptime)" >> "$out/machine.txt"
cat "$out/client.txt"
echo "(output in $out)"
exit $status
