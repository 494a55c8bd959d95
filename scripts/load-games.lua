-- wrk script: games played against `polyboggle serve`, one phase a run (scripts/load.sh
-- drives it). Each wrk thread has one connection (wrk -tN -cN), so its requests and
-- answers alternate and a thread is one client with its own games.
--
-- PHASE=create  starts GAMES games among the threads; each thread writes its ids to
--               DIR/ids-THREAD.txt
-- PHASE=guess   each thread sends the 20 WORDS to each of its games, the games in turn
-- PHASE=view    each thread checks each game: 20 words found, its clock still running
-- PHASE=end     each thread ends each of its games
-- A request answered with anything but 200 is counted (5xx and 404 apart) and sent
-- again, so a server that restarts meanwhile is waited for, not skipped. A thread
-- stops when its work is done (and leaves DIR/done-THREAD); done() prints one line of
-- counts for load.sh.

local phase = os.getenv("PHASE") or "create"
local dir = os.getenv("DIR") or "/tmp/pb-load"
local total = tonumber(os.getenv("GAMES") or "10000")
local board = os.getenv("BOARD") or "BXES/UNCA/ENTH/TTIS"
local words = {}
for w in (os.getenv("WORDS") or "cents sent units tint thine bunch haen cent schist scat scene stint nenes tincts chits case scents actin unit nett"):gmatch("%S+") do
  words[#words + 1] = w
end

local threads = {}
local counter = 0

function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  ids = {}
  done_count, errors5, lost, bad, other = 0, 0, 0, 0, 0
  step = 1 -- the next action: game index and word index
  word = 1
  finished = false
  local n = tonumber(os.getenv("THREADS") or "64")
  local mine = math.floor(total / n)
  if tid < total % n then mine = mine + 1 end
  want = mine
  if want == 0 then finished = true end
  if phase ~= "create" then
    local f = assert(io.open(dir .. "/ids-" .. tid .. ".txt", "r"))
    for line in f:lines() do ids[#ids + 1] = line end
    f:close()
    want = #ids
  else
    out = assert(io.open(dir .. "/ids-" .. tid .. ".txt", "w"))
  end
end

function request()
  if phase == "create" then
    return wrk.format("POST", "/api/games", {["Content-Type"] = "application/json"},
      '{"board": "' .. board .. '", "timer": 1800}')
  elseif phase == "guess" then
    return wrk.format("POST", "/api/games/" .. ids[step] .. "/guess",
      {["Content-Type"] = "application/json"}, '{"word": "' .. words[word] .. '"}')
  elseif phase == "view" then
    return wrk.format("GET", "/api/games/" .. ids[step])
  else
    return wrk.format("POST", "/api/games/" .. ids[step] .. "/end")
  end
end

local function count_words(body)
  local human = body:match('"human":{(.-)}%]') or body:match('"human":{(.-)}') or ""
  local n = 0
  for _ in human:gmatch('"word":') do n = n + 1 end
  return n
end

function response(status, headers, body)
  if finished then return end
  if status >= 500 then errors5 = errors5 + 1; return end
  if status == 404 then
    -- A game the server forgot: lost. Counted, and skipped (it will not come back).
    lost = lost + 1
  elseif status ~= 200 then
    other = other + 1
    return
  end
  if phase == "create" then
    out:write(body:match('"id":"(%x+)"'), "\n")
    step = step + 1
  elseif phase == "guess" then
    if status == 200 and not body:find('"verdict":"correct"', 1, true)
       and not body:find('"verdict":"already%-found"') then
      bad = bad + 1
    end
    -- Round robin: the next game, the same word; after the last game, the next word.
    step = step + 1
    if step > want then step = 1; word = word + 1 end
    if word > #words then step = want + 1 end
  elseif phase == "view" then
    if status == 200 then
      local left = tonumber(body:match('"time_left":([%d%.]+)'))
      if count_words(body) ~= #words or not body:find('"phase":"human"', 1, true)
         or not left or left <= 0 then
        bad = bad + 1
      end
    end
    step = step + 1
  else
    step = step + 1
  end
  done_count = done_count + 1
  if step > want then
    finished = true
    if out then out:close(); out = nil end
    -- wrk runs for its -d; load.sh stops it (SIGINT) once every thread has said so.
    local mark = assert(io.open(dir .. "/done-" .. tid, "w"))
    mark:close()
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local sums = {done = 0, errors5 = 0, lost = 0, bad = 0, other = 0}
  for _, t in ipairs(threads) do
    for k, _ in pairs(sums) do sums[k] = sums[k] + (t:get(k == "done" and "done_count" or k) or 0) end
  end
  io.write(string.format(
    "RESULT phase=%s requests=%d ok=%d 5xx=%d lost=%d wrong=%d other=%d socket_errors=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f seconds=%.2f\n",
    phase, summary.requests, sums.done, sums.errors5, sums.lost, sums.bad, sums.other,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.duration / 1e6))
end
