#!/usr/bin/env bash
# Load test of `polyboggle serve`: wrk sends many concurrent POST /api/solve requests
# from a second process, on 127.0.0.1 only, bounded in time (DURATION) and count
# (MAX_PER_THREAD answers a thread), and checks every answer against `solve --format json`.
#
#   tests/load/run.sh                       # after cargo build --release
#   DURATION=5s CONNECTIONS=8 BOARD=... tests/load/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${POLYBOGGLE_BIN:-target/release/polyboggle}
board=${BOARD:-ATEE/APYO/TINU/EDSE}
rules=${RULES:-hasbro}
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)" >&2; exit 1; }

work=$(mktemp -d)
"$bin" serve --host 127.0.0.1 --port 0 >"$work/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
url=
for _ in $(seq 100); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$work/serve.log" || true)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "the server did not start: $(cat "$work/serve.log")" >&2; exit 1; }

"$bin" solve "$board" --rules "$rules" --format json >"$work/expected.json"
echo "board $board ($rules): $(grep -o '"count":[0-9]*' "$work/expected.json"), $(wc -c <"$work/expected.json") bytes an answer"
BODY="{\"board\": \"$board\", \"dict\": \"enable2k\", \"rules\": \"$rules\"}" \
EXPECTED="$work/expected.json" MAX_PER_THREAD=${MAX_PER_THREAD:-100000} \
  timeout 300 wrk --latency --timeout 5s -t"${THREADS:-2}" -c"${CONNECTIONS:-32}" -d"${DURATION:-10s}" \
  -s tests/load/solve.lua "${url}api/solve"
