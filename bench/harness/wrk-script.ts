import type { LoadRequest, LoadSpec } from './load-spec.js';
import { UNIQUE_VARIANTS } from './load-spec.js';
import { WRK_RESULT_PREFIX } from './wrk-output.js';

/**
 * The Lua script that makes wrk send a LoadSpec's requests: `request()` rotates through them on each thread (and,
 * with `uniqueVariants`, through a request with a fresh Accept and one with a fresh unknown path), `response()` counts
 * each thread's statuses, and `done()` gathers them with `thread:get` and prints one line, WRK_RESULT_PREFIX and JSON,
 * that `wrkResult` reads.
 */
export function wrkScript(spec: LoadSpec): string {
  if (spec.requests.length === 0 && spec.uniqueVariants !== true) throw new Error('a load needs at least one request');
  const fixed = spec.requests.map((request) => `    wrk.format("GET", ${luaString(request.path)}, ${luaTable(headersOf(request))}),`);
  const { accept, path } = UNIQUE_VARIANTS;
  return `-- Written by bench/harness/wrk-script.ts for one run of wrk.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

local fixed
local cycle
local index = 0
local counter = 0
statuses = {}

function init(args)
  fixed = {
${fixed.join('\n')}
  }
  cycle = #fixed + ${spec.uniqueVariants === true ? 2 : 0}
end

function request()
  index = index % cycle + 1
  if index <= #fixed then return fixed[index] end
  counter = counter + 1
  -- The thread's id as well as its counter: every thread counts from 1.
  local fresh = id .. "-" .. counter
  if index == #fixed + 1 then
    return wrk.format("GET", ${luaString(accept.path)}, { ["Accept"] = ${luaString(accept.acceptPrefix)} .. fresh })
  end
  return wrk.format("GET", ${luaString(path.pathPrefix)} .. fresh .. "/", { ["Accept"] = ${luaString(path.accept)} })
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      counts[status] = (counts[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(counts) do
    parts[#parts + 1] = string.format('"%d":%d', status, count)
  end
  local errors = summary.errors
  io.write(string.format(
    '${WRK_RESULT_PREFIX}{"requests":%d,"durationMicros":%d,"p50Micros":%d,"p99Micros":%d,' ..
      '"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d},"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.connect, errors.read, errors.write, errors.timeout, errors.status, table.concat(parts, ",")))
end
`;
}

/** A request's headers as wrk sends them: Accept, If-None-Match when given, then the further ones. */
function headersOf({ accept, ifNoneMatch, headers }: LoadRequest): [string, string][] {
  return [
    ['Accept', accept],
    ...(ifNoneMatch === undefined ? [] : [['If-None-Match', ifNoneMatch] as [string, string]]),
    ...Object.entries(headers ?? {}),
  ];
}

function luaTable(entries: readonly (readonly [string, string])[]): string {
  return `{ ${entries.map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`).join(', ')} }`;
}

/** A Lua string literal of `text`'s UTF-8 bytes: printable ASCII as it is, every other byte, `"` and `\` as `\ddd`. */
export function luaString(text: string): string {
  let literal = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    literal += byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${literal}"`;
}
