-- wrk script for tests/load/run.sh: POST /api/solve, check every answer against the
-- CLI's own output, and stop each thread after MAX_PER_THREAD answers.
wrk.method = "POST"
wrk.body = os.getenv("BODY")
wrk.headers["Content-Type"] = "application/json"

local threads = {}
local limit = tonumber(os.getenv("MAX_PER_THREAD") or "100000")

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(os.getenv("EXPECTED"), "rb"))
  expected = file:read("*a")
  file:close()
  seen, wrong = 0, 0
end

function response(status, headers, body)
  seen = seen + 1
  if status ~= 200 or body ~= expected then
    wrong = wrong + 1
  end
  if seen >= limit then
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local all, bad = 0, 0
  for _, thread in ipairs(threads) do
    all = all + thread:get("seen")
    bad = bad + thread:get("wrong")
  end
  local e = summary.errors
  io.write(string.format("checked %d answers: %d wrong; socket errors: %d connect, %d read, %d write, %d timeout\n",
    all, bad, e.connect, e.read, e.write, e.timeout))
  io.write(string.format("requests/s %.0f; latency ms: p50 %.2f, p90 %.2f, p99 %.2f, p99.9 %.2f, max %.2f\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1e3, latency:percentile(90) / 1e3, latency:percentile(99) / 1e3,
    latency:percentile(99.9) / 1e3, latency.max / 1e3))
  if bad > 0 or all == 0 or e.connect + e.read + e.write + e.timeout > 0 then
    os.exit(1)
  end
end
