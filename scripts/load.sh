#!/usr/bin/env bash
# Load on `polyboggle serve` with wrk (apt-get install wrk): GAMES games played by
# CLIENTS clients, each game started, given 20 guesses (all correct) and ended, then
# checked (20 words, its clock running) before it ends; each phase is one wrk run
# (scripts/load-games.lua), so each endpoint has its own latencies.
#
#   scripts/load.sh [games|mixed|restart] [GAMES] [CLIENTS]
#
# games:   the games alone.
# mixed:   the same, with POST /api/solve and GET /api/dicts/enable2k/search from 4
#          clients each (scripts/load-mixed.lua) while the guesses run.
# restart: the same as games, with SIGTERM sent RESTART_AFTER (2) s into the guesses and the server
#          started again on the same port and --state file; every game must answer
#          after the restart with its words and clock. Prints the time from SIGTERM to
#          exit and from start to serving.
# Prints one RESULT line a phase (5xx, lost games, wrong answers, p50/p99/max ms) and
# the server's peak memory (VmHWM). Uses target/release/polyboggle (cargo build
# --release) unless POLYBOGGLE names another.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-games}
games=${2:-10000}
clients=${3:-64}
bin=${POLYBOGGLE:-target/release/polyboggle}
port=${PORT:-18080}
dir=$(mktemp -d /tmp/pb-load.XXXXXX)
url="http://127.0.0.1:$port"
state="$dir/state.json"
command -v wrk >/dev/null || { echo "load.sh: wrk is missing (apt-get install wrk)" >&2; exit 2; }

server_pid=
start_server() {
  local began=$(date +%s.%N)
  "$bin" serve --port "$port" --max-games 20000 --state "$state" --snapshot 30 \
    >>"$dir/server.out" 2>>"$dir/server.err" &
  server_pid=$!
  until curl -s -o /dev/null "$url/api/dicts"; do sleep 0.01; done
  echo "server: serving $(echo "$(date +%s.%N) - $began" | bc) s after start"
}
peak() { grep VmHWM "/proc/$server_pid/status" | awk '{printf "%.0f MB", $2/1024}'; }
stop_server() {
  local began=$(date +%s.%N)
  kill -TERM "$server_pid"
  wait "$server_pid" || true
  echo "server: exited $(echo "$(date +%s.%N) - $began" | bc) s after SIGTERM"
}

# One phase: wrk with one connection a thread, stopped once every thread is done.
phase() {
  local name=$1
  rm -f "$dir"/done-*
  PHASE=$name DIR=$dir GAMES=$games THREADS=$clients \
    wrk -t"$clients" -c"$clients" -d600s --timeout 30s -s scripts/load-games.lua "$url" \
    >"$dir/$name.out" 2>&1 &
  wrk_pid=$!
  while [ "$(ls "$dir" | grep -c '^done-')" -lt "$clients" ] && kill -0 "$wrk_pid" 2>/dev/null; do
    if [ -n "${on_tick:-}" ]; then $on_tick; fi
    sleep 0.1
  done
  kill -INT "$wrk_pid" 2>/dev/null || true
  wait "$wrk_pid" || true
  grep RESULT "$dir/$name.out" || { cat "$dir/$name.out"; exit 1; }
}

# wrk retries a refused connection at once, in a loop: on 2 cores its 64 threads then
# starve the server they wait for. With PAUSE=1 (the default) the clients are paused
# (SIGSTOP) 50 ms after the SIGTERM, their requests in flight sent, and resumed once the
# new server serves: clients that back off. PAUSE=0 measures the storm.
restarted=
restart_once() {
  if [ -z "$restarted" ] && [ "$(date +%s)" -ge "$restart_at" ]; then
    restarted=1
    echo "server: peak memory before the restart $(peak)"
    if [ "${PAUSE:-1}" = 1 ]; then
      (sleep 0.05; kill -STOP "$wrk_pid") &
    fi
    stop_server
    start_server
    kill -CONT "$wrk_pid" 2>/dev/null || true
    tail -n 3 "$dir/server.out"
  fi
}

echo "load: $mode, $games games, $clients clients, $(nproc) cores; files in $dir"
start_server
phase create
mixed_pids=()
if [ "$mode" = mixed ]; then
  for endpoint in solve search; do
    ENDPOINT=$endpoint wrk -t2 -c4 -d600s --timeout 30s -s scripts/load-mixed.lua "$url" \
      >"$dir/$endpoint.out" 2>&1 &
    mixed_pids+=($!)
  done
fi
if [ "$mode" = restart ]; then
  restart_at=$(( $(date +%s) + ${RESTART_AFTER:-2} ))
  on_tick=restart_once
fi
phase guess
on_tick=
# The guesses over before the time came: restart before the check all the same.
if [ "$mode" = restart ] && [ -z "$restarted" ]; then restart_at=0; restart_once; fi
for pid in "${mixed_pids[@]}"; do kill -INT "$pid"; wait "$pid" || true; done
for endpoint in solve search; do
  [ -f "$dir/$endpoint.out" ] && { grep RESULT "$dir/$endpoint.out" || cat "$dir/$endpoint.out"; }
done
phase view
phase end
echo "server: peak memory $(peak), $(grep -c . "$dir"/ids-* | awk -F: '{s+=$2} END {print s}') games started"
stop_server
tail -n 2 "$dir/server.out"
[ -s "$dir/server.err" ] && { echo "server's stderr:"; cat "$dir/server.err"; }
exit 0
