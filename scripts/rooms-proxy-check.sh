#!/usr/bin/env bash
# Two `polyboggle serve` processes behind nginx (scripts/rooms-nginx.conf), on loopback,
# routed by the room code's first letter: the servers run with --room-prefix A and
# --room-prefix B. Opens two rooms through nginx (one lands on each server), then for
# one of them joins, starts, sends words (HTTP and the WebSocket) and reads the view, all
# through nginx; prints nginx's access-log line for each (which server it asked, and
# what that answered), asks the other server for the room directly (404), and checks
# that every request naming a room went in one hop to the server of its code's letter.
# Then, when ROOM_LOAD names the load client (scripts/room-load), a small load through
# nginx, checked the same way. Stops everything it started. docs/rooms-scale-out.md
# shows its output.
#
#   scripts/rooms-proxy-check.sh [POLYBOGGLE]     # default: polyboggle on PATH
#   ROOM_LOAD=/tmp/room-load-target/release/room-load scripts/rooms-proxy-check.sh ./polyboggle
#
# Ports 18090 (nginx), 18091 (prefix A) and 18092 (prefix B), as in the config.
# Exits non-zero if a request took more than one hop or reached the wrong server.
set -euo pipefail

pb=${1:-polyboggle}
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/rooms-proxy.XXXXXX)
mkdir -p "$dir/tmp"
cp "$here/rooms-nginx.conf" "$dir/nginx.conf"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
N=http://127.0.0.1:18090
pids=()
cleanup() {
    if [ -f "$dir/nginx.pid" ]; then
        master=$(cat "$dir/nginx.pid")
        nginx -p "$dir" -c "$dir/nginx.conf" -s quit 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$master" 2>/dev/null || break; sleep 0.1; done
        kill "$master" 2>/dev/null || true
    fi
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
}
trap cleanup EXIT

for port in 18090 18091 18092; do
    if ss -ltn | grep -q "127.0.0.1:$port "; then
        echo "port $port is taken: stop what listens there first" >&2
        exit 1
    fi
done
"$pb" serve --port 18091 --room-prefix A --no-languages > "$dir/serve-18091.log" 2>&1 &
pids+=($!)
"$pb" serve --port 18092 --room-prefix B --no-languages > "$dir/serve-18092.log" 2>&1 &
pids+=($!)
nginx -p "$dir" -c "$dir/nginx.conf"
for port in 18090 18091 18092; do
    for _ in $(seq 50); do
        curl -s -o /dev/null "http://127.0.0.1:$port/api/dice" && break
        sleep 0.1
    done
done
# The waits above are not part of the transcript (nginx writes on at the file's end).
: > "$dir/access.log"

say() { printf '$ %s\n' "$*"; }
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
last_log() { sleep 0.1; tail -n "${1:-1}" "$dir/access.log" | sed 's/^[^ ]* /  nginx: /'; }
port_of() { case "$1" in [Aa]*) echo 18091 ;; [Bb]*) echo 18092 ;; *) echo none ;; esac; }

# Every request naming a room in the log: one hop, to the server of its code's letter?
check_log() {
    python3 - "$dir/access.log" <<'EOF'
import re, sys
rooms = one_hop = right = 0
bad = []
for line in open(sys.argv[1]):
    m = re.search(r" (\S+) /api/rooms/([^/ ]+)\S* to=(\S+) upstream=\[([^\]]*)\] statuses=\[([^\]]*)\]", line)
    if not m:
        continue
    method, code, to, hops, statuses = m.groups()
    want = {"A": "127.0.0.1:18091", "B": "127.0.0.1:18092"}.get(code[0].upper())
    if want is None:
        continue            # no server's letter: either answers (404)
    rooms += 1
    hops = [h.strip() for h in hops.split(",")]
    one_hop += len(hops) == 1
    right += hops == [want]
    if hops != [want]:
        bad.append(line.strip())
print(f"  {rooms} requests naming a room: {one_hop} in one hop, {right} to their code's server")
for b in bad[:5]:
    print("  WRONG: " + b)
sys.exit(1 if bad else 0)
EOF
}

body='{"name":"Ana","board":"ATEE/APYO/TINU/EDSE","timer":20}'
say "curl -s -X POST $N/api/rooms -d '$body'"
opened=$(curl -s --max-time 5 -X POST $N/api/rooms -d "$body")
echo "$opened"; last_log
code=$(echo "$opened" | field code)
ana=$(echo "$opened" | field token)
say "curl -s -X POST $N/api/rooms -d '{\"name\":\"Cy\",\"board\":\"ATEE/APYO/TINU/EDSE\"}'    # a second room: the other server"
second=$(curl -s --max-time 5 -X POST $N/api/rooms -d '{"name":"Cy","board":"ATEE/APYO/TINU/EDSE"}')
echo "$second"; last_log
code2=$(echo "$second" | field code)
owner=$(port_of "$code")
other=$((owner == 18091 ? 18092 : 18091))

say "curl -s -X POST $N/api/rooms/$code/join -d '{\"name\":\"Bo\"}'"
joined=$(curl -s --max-time 5 -X POST "$N/api/rooms/$code/join" -d '{"name":"Bo"}')
echo "$joined"; last_log
bo=$(echo "$joined" | field token)
say "curl -s -X POST $N/api/rooms/$code2/join -d '{\"name\":\"Di\"}'"
curl -s --max-time 5 -X POST "$N/api/rooms/$code2/join" -d '{"name":"Di"}'; echo; last_log

say "curl -s -X POST $N/api/rooms/$code/start -H 'Authorization: Bearer \$ANA' -d '{\"countdown\":0}' | head -c 120"
curl -s --max-time 5 -X POST "$N/api/rooms/$code/start" -H "Authorization: Bearer $ana" \
    -d '{"countdown":0}' | head -c 120; echo; last_log

say "curl -s -X POST $N/api/rooms/$code/words -H 'Authorization: Bearer \$BO' -d '{\"word\":\"tape\"}'"
curl -s --max-time 5 -X POST "$N/api/rooms/$code/words" -H "Authorization: Bearer $bo" \
    -d '{"word":"tape"}'; echo; last_log

# The live connection through nginx: the first room message, then a word and its verdict.
say "a WebSocket to ws://127.0.0.1:18090/api/rooms/$code/live?token=\$ANA: send {\"type\":\"word\",\"word\":\"aide\"}"
timeout 20 python3 - "$code" "$ana" <<'EOF'
import base64, json, os, socket, struct, sys
code, token = sys.argv[1], sys.argv[2]
s = socket.create_connection(("127.0.0.1", 18090), timeout=5)
key = base64.b64encode(os.urandom(16)).decode()
s.sendall((f"GET /api/rooms/{code}/live?token={token} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
           f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
f = s.makefile("rb")
print("  " + f.readline().decode().strip())
while f.readline() not in (b"\r\n", b""):
    pass
def frame():
    b1, b2 = f.read(2)
    n = b2 & 127
    if n == 126: n = struct.unpack(">H", f.read(2))[0]
    elif n == 127: n = struct.unpack(">Q", f.read(8))[0]
    return f.read(n).decode()
def send(text):
    data, mask = text.encode(), os.urandom(4)
    head = bytes([0x81, 0x80 | len(data)]) if len(data) < 126 else bytes([0x81, 0xFE]) + struct.pack(">H", len(data))
    s.sendall(head + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(data)))
first = json.loads(frame())
print(f"  <- {{\"type\":\"{first['type']}\",\"room\":{{\"code\":\"{first['room']['code']}\",\"phase\":\"{first['room']['phase']}\", ...}}}}")
send(json.dumps({"type": "word", "word": "aide"}))
while True:
    m = frame()
    if '"verdict"' in m:
        print("  <- " + m)
        break
s.sendall(bytes([0x88, 0x80]) + os.urandom(4))
s.close()
EOF
last_log

say "curl -s $N/api/rooms/$code -H 'Authorization: Bearer \$BO' | head -c 160"
curl -s --max-time 5 "$N/api/rooms/$code" -H "Authorization: Bearer $bo" | head -c 160; echo; last_log

lower=$(echo "$code" | tr A-Z a-z)
say "curl -s $N/api/rooms/$lower -H 'Authorization: Bearer \$BO' | head -c 60    # the code in small letters"
curl -s --max-time 5 "$N/api/rooms/$lower" -H "Authorization: Bearer $bo" | head -c 60; echo; last_log

say "curl -s http://127.0.0.1:$other/api/rooms/$code -H 'Authorization: Bearer \$BO'    # the other server, directly"
curl -s --max-time 5 -w ' [HTTP %{http_code}]' "http://127.0.0.1:$other/api/rooms/$code" \
    -H "Authorization: Bearer $bo"; echo
say "curl -s http://127.0.0.1:$owner/api/rooms/$code -H 'Authorization: Bearer \$BO' | tail -c 80    # its own server"
curl -s --max-time 5 -w ' [HTTP %{http_code}]' "http://127.0.0.1:$owner/api/rooms/$code" \
    -H "Authorization: Bearer $bo" | tail -c 80; echo
say "curl -s $N/api/rooms/ZZZZZZ -H 'Authorization: Bearer \$BO'    # no server's letter"
curl -s --max-time 5 -w ' [HTTP %{http_code}]' "$N/api/rooms/ZZZZZZ" -H "Authorization: Bearer $bo"; echo
last_log
say "curl -s $N/api/rooms/${code:0:1}ZZZZZ -H 'Authorization: Bearer \$BO'    # a letter, no such room"
curl -s --max-time 5 -w ' [HTTP %{http_code}]' "$N/api/rooms/${code:0:1}ZZZZZ" -H "Authorization: Bearer $bo"; echo
last_log

say "curl -s -X POST $N/api/games -d '{\"board\":\"ATEE/APYO/TINU/EDSE\",\"timer\":60}' | head -c 60    # a single game"
game=$(curl -s --max-time 5 -X POST $N/api/games -d '{"board":"ATEE/APYO/TINU/EDSE","timer":60}')
echo "$game" | head -c 60; echo; last_log
id=$(echo "$game" | field id)
say "curl -s -X POST $N/api/games/$id/guess -d '{\"word\":\"tape\"}'"
curl -s --max-time 5 -X POST "$N/api/games/$id/guess" -d '{"word":"tape"}' | head -c 100; echo; last_log

echo "check of nginx's log:"
status=0
check_log || status=1

if [ -n "${ROOM_LOAD:-}" ]; then
    : > "$dir/access.log"
    say "room-load --port 18090 --rooms ${ROOMS:-50} --seconds ${SECONDS_ROUND:-20}    # through nginx"
    timeout 300 "$ROOM_LOAD" --port 18090 --rooms "${ROOMS:-50}" --seconds "${SECONDS_ROUND:-20}" \
        --solver "$pb" | sed -n '/^verdicts/,/^results:/p;/^errors/p' | grep -v -e '^    ' -e '^  by 10 s'
    sleep 0.3
    echo "  nginx, requests by method, path, server chosen, servers tried and statuses:"
    sed 's/^[^ ]* //; s| /api/rooms/[^/ ]*| /api/rooms/CODE|' "$dir/access.log" \
        | sort | uniq -c | sort -rn | sed 's/^/  /'
    echo "check of nginx's log:"
    check_log || status=1
fi
echo "(nginx's and the servers' logs are kept in $dir)"
exit $status
