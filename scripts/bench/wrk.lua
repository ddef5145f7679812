-- npm run bench: wrk script. Sends the requests of BENCH_REQUESTS in turn (one per line:
-- METHOD<TAB>PATH<TAB>COOKIE<TAB>FORM-BODY), counts every answer that is not 2xx (wrk itself
-- counts only >= 400), and prints one JSON line with the totals and latency percentiles.
local requests = {}
local threads = {}
local index = 0
local non2xx = 0
local first_bad = ""

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do fields[#fields + 1] = field end
  return fields
end

function setup(thread)
  thread:set("id", #threads)
  threads[#threads + 1] = thread
end

function init(args)
  local file = assert(io.open(os.getenv("BENCH_REQUESTS"), "r"))
  for line in file:lines() do
    local f = split(line)
    local headers = { ["Cookie"] = f[3], ["Accept"] = "text/html,application/json" }
    local body = nil
    if f[4] ~= nil and f[4] ~= "" then
      body = f[4]
      headers["Content-Type"] = "application/x-www-form-urlencoded"
      -- A signed-in form must say where it comes from (adapters/http/origin-check.ts).
      headers["Origin"] = wrk.scheme .. "://" .. wrk.host .. ":" .. wrk.port
    end
    requests[#requests + 1] = wrk.format(f[1], f[2], headers, body)
  end
  file:close()
  index = (id or 0) * 7919
end

function request()
  index = index + 1
  return requests[(index % #requests) + 1]
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
    if first_bad == "" then first_bad = status .. " " .. string.sub(body or "", 1, 200):gsub('[%c"\\]', " ") end
  end
end

local delay_ms = tonumber(os.getenv("BENCH_DELAY_MS") or "")
if delay_ms ~= nil and delay_ms > 0 then
  function delay() return delay_ms end
end

function done(summary, latency, requests_)
  local bad = 0
  local sample = ""
  for _, thread in ipairs(threads) do
    bad = bad + (thread:get("non2xx") or 0)
    local s = thread:get("first_bad") or ""
    if sample == "" then sample = s end
  end
  local e = summary.errors
  io.write(string.format(
    '{"tool":"wrk","requests":%d,"durationUs":%d,"bytes":%d,"non2xx":%d,"sample":"%s","socketErrors":%d,"timeouts":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d,"meanUs":%.1f}\n',
    summary.requests, summary.duration, summary.bytes, bad, sample, e.connect + e.read + e.write, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
