-- wrk script: the stateless endpoints under load beside the games (scripts/load.sh).
-- ENDPOINT=solve: POST /api/solve, a rolled-size board; ENDPOINT=search: GET
-- /api/dicts/enable2k/search, a pattern query.
local endpoint = os.getenv("ENDPOINT") or "solve"
local boards = {"BXES/UNCA/ENTH/TTIS", "PERS/LATG/SINE/TERS", "MFRL/ESPS/DNOA/YIEC"}
local patterns = {"c%3Ft", "%3F%3Fing", "st%3Fr%3F", "anagram=tacos", "re%2A"}
local i = 0
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) fivexx = 0; other = 0 end
function request()
  i = i + 1
  if endpoint == "solve" then
    return wrk.format("POST", "/api/solve", {["Content-Type"] = "application/json"},
      '{"board": "' .. boards[i % #boards + 1] .. '"}')
  end
  local p = patterns[i % #patterns + 1]
  if not p:find("=") then p = "pattern=" .. p end
  return wrk.format("GET", "/api/dicts/enable2k/search?" .. p .. "&limit=50")
end
function response(status, headers, body)
  if status >= 500 then fivexx = fivexx + 1 elseif status ~= 200 then other = other + 1 end
end
function done(summary, latency, requests)
  local f, o = 0, 0
  for _, t in ipairs(threads) do f = f + t:get("fivexx"); o = o + t:get("other") end
  io.write(string.format(
    "RESULT endpoint=%s requests=%d 5xx=%d other=%d socket_errors=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f seconds=%.2f\n",
    endpoint, summary.requests, f, o,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.duration / 1e6))
end
