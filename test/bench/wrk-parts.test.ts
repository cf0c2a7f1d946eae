import fc from 'fast-check';
import t from 'tap';
import { UNIQUE_VARIANTS, type LoadSpec } from '../../bench/harness/load-spec.js';
import { WRK_RESULT_PREFIX, wrkResult, wrkVersion } from '../../bench/harness/wrk-output.js';
import { luaString, wrkScript } from '../../bench/harness/wrk-script.js';
import { Wrk, wrkArguments, wrkRounding, wrkSeconds, wrkThreads } from '../../bench/harness/wrk.js';

/** The bytes a Lua string literal of the kind luaString writes stands for: `\ddd` decimal escapes, the rest as it is. */
function luaBytes(literal: string): Buffer {
  if (!literal.startsWith('"') || !literal.endsWith('"')) throw new Error(`not a quoted literal: ${literal}`);
  const bytes: number[] = [];
  const body = literal.slice(1, -1);
  for (let at = 0; at < body.length; at += 1) {
    if (body[at] === '\\') {
      bytes.push(Number(body.slice(at + 1, at + 4)));
      at += 3;
    } else {
      bytes.push(body.charCodeAt(at));
    }
  }
  return Buffer.from(bytes);
}

const spec = (overrides: Partial<LoadSpec> = {}): LoadSpec => ({
  url: 'http://127.0.0.1:8000',
  connections: 50,
  duration: 5,
  requests: [{ path: '/doggies/1/', accept: 'application/json; version=2.1.0' }],
  ...overrides,
});

t.test('luaString: printable ASCII as it is, quotes, backslashes and every other byte as a decimal escape', async (t) => {
  t.equal(luaString('/doggies/?limit=100'), '"/doggies/?limit=100"');
  t.equal(luaString('W/"a\\b"'), '"W/\\034a\\092b\\034"', 'a quote and a backslash');
  t.equal(luaString('a\r\nb\t'), '"a\\013\\010b\\009"', 'control characters');
  t.equal(luaString('é'), '"\\195\\169"', 'a character beyond ASCII, byte by byte in UTF-8');
  t.equal(luaString(''), '""');
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => luaBytes(luaString(text)).equals(Buffer.from(text, 'utf8'))),
    { numRuns: 500 },
  );
});

t.test('wrkScript: each request formatted once with its headers, rotated in request()', async (t) => {
  const script = wrkScript(
    spec({
      requests: [
        { path: '/doggies/1/', accept: 'application/json; version=5.0.0', ifNoneMatch: '"abc"' },
        { path: '/doggies/', accept: 'application/json; version=2.1.0', headers: { authorization: 'Bearer key' } },
      ],
    }),
  );
  t.match(script, 'wrk.format("GET", "/doggies/1/", { ["Accept"] = "application/json; version=5.0.0", ["If-None-Match"] = "\\034abc\\034" }),');
  t.match(script, 'wrk.format("GET", "/doggies/", { ["Accept"] = "application/json; version=2.1.0", ["authorization"] = "Bearer key" }),');
  t.notMatch(script, /"\/doggies\/", \{[^}]*If-None-Match/, 'If-None-Match only where given');
  t.match(script, 'cycle = #fixed + 0', 'no fresh requests unless asked');
  t.match(script, /function request\(\)\n {2}index = index % cycle \+ 1\n {2}if index <= #fixed then return fixed\[index\] end/);
  t.match(script, /thread:set\("id", #threads\)/, 'each thread numbered, so that fresh tokens differ between threads');
  t.match(script, /statuses\[status\] = \(statuses\[status\] or 0\) \+ 1/, 'response() counts statuses');
  t.match(script, 'thread:get("statuses")', 'done() gathers every thread’s counts');
  t.match(script, `'${WRK_RESULT_PREFIX}{"requests":%d,`, 'done() writes the line wrkResult reads');
});

t.test('wrkScript: uniqueVariants adds a fresh Accept and a fresh unknown path to the rotation', async (t) => {
  const script = wrkScript(spec({ uniqueVariants: true }));
  t.match(script, 'cycle = #fixed + 2');
  t.match(script, `wrk.format("GET", "${UNIQUE_VARIANTS.accept.path}", { ["Accept"] = "${UNIQUE_VARIANTS.accept.acceptPrefix}" .. fresh })`);
  t.match(script, `wrk.format("GET", "${UNIQUE_VARIANTS.path.pathPrefix}" .. fresh .. "/", { ["Accept"] = "${UNIQUE_VARIANTS.path.accept}" })`);
  t.match(wrkScript(spec({ requests: [], uniqueVariants: true })), 'fixed = {\n\n  }', 'the fresh requests alone');
  t.throws(() => wrkScript(spec({ requests: [] })), /at least one request/, 'nothing to send');
});

const report = (line: string): string =>
  [
    'Running 5s test @ http://127.0.0.1:8000',
    '  1 threads and 50 connections',
    '  Thread Stats   Avg      Stdev     Max   +/- Stdev',
    '    Latency     2.10ms  300.00us   9.00ms   90.00%',
    'Requests/sec:  23456.78',
    line,
    '',
  ].join('\n');

t.test('wrkResult: the script’s line, in milliseconds and seconds, statuses as counted', async (t) => {
  const line = `${WRK_RESULT_PREFIX}{"requests":12000,"durationMicros":2500000,"p50Micros":1834,"p99Micros":9120,"errors":{"connect":1,"read":2,"write":3,"timeout":4,"status":500},"statuses":{"200":11500,"404":500}}`;
  t.same(wrkResult(report(line)), {
    requests: 12000,
    seconds: 2.5,
    requestsPerSecond: 4800,
    p50: 1.834,
    p99: 9.12,
    errors: 6,
    timeouts: 4,
    statuses: { '200': 11500, '404': 500 },
  });
  const clean = `${WRK_RESULT_PREFIX}{"requests":10,"durationMicros":1000000,"p50Micros":1,"p99Micros":2,"errors":{"connect":0,"read":0,"write":0,"timeout":0,"status":10},"statuses":{"406":10}}`;
  t.match(wrkResult(report(clean)), { errors: 0, timeouts: 0, statuses: { '406': 10 } }, 'a 4xx a scenario expects is not an error');
});

t.test('wrkResult: refuses output without the line or with a figure missing', async (t) => {
  t.throws(() => wrkResult(report('')), /wrk wrote no result line/);
  const without = `${WRK_RESULT_PREFIX}{"requests":10,"durationMicros":1000000,"p50Micros":1,"errors":{"connect":0,"read":0,"write":0,"timeout":0,"status":0},"statuses":{}}`;
  t.throws(() => wrkResult(report(without)), /lacks a figure/, 'no p99');
  const noErrors = `${WRK_RESULT_PREFIX}{"requests":10,"durationMicros":1000000,"p50Micros":1,"p99Micros":2,"statuses":{}}`;
  t.throws(() => wrkResult(report(noErrors)), /lacks a figure/, 'no errors');
  const noStatuses = `${WRK_RESULT_PREFIX}{"requests":10,"durationMicros":1000000,"p50Micros":1,"p99Micros":2,"errors":{"connect":0,"read":0,"write":0,"timeout":0,"status":0}}`;
  t.throws(() => wrkResult(report(noStatuses)), /lacks a figure/, 'no statuses');
  const noTime = `${WRK_RESULT_PREFIX}{"requests":0,"durationMicros":0,"p50Micros":0,"p99Micros":0,"errors":{"connect":0,"read":0,"write":0,"timeout":0,"status":0},"statuses":{}}`;
  t.throws(() => wrkResult(report(noTime)), /lacks a figure/, 'no duration');
});

t.test('wrkVersion: the version in the first line of wrk --version, Debian’s or upstream’s', async (t) => {
  t.equal(wrkVersion('wrk debian/4.1.0-3+b2 [epoll] Copyright (C) 2012 Will Glozer\nUsage: wrk <options> <url>\n'), '4.1.0');
  t.equal(wrkVersion('wrk 4.2.0 [epoll] Copyright (C) 2012 Will Glozer\n'), '4.2.0');
  t.equal(wrkVersion('Usage: wrk <options> <url>\n'), undefined);
  t.equal(wrkVersion(''), undefined);
});

t.test('wrkThreads: one core left to the server, the connections shared evenly, at least one thread', async (t) => {
  t.equal(wrkThreads(50, 2), 1, 'two cores: one thread');
  t.equal(wrkThreads(50, 1), 1, 'one core: still one thread');
  t.equal(wrkThreads(50, 8), 5, 'seven cores free, but 5 divides 50');
  t.equal(wrkThreads(10, 4), 2, '3 does not divide 10');
  t.equal(wrkThreads(4, 16), 4, 'never more threads than connections');
  t.equal(wrkThreads(7, 4), 1, 'a prime count of connections: one thread');
});

t.test('wrkSeconds and wrkRounding: whole seconds, at least one, and a note saying so', async (t) => {
  t.equal(wrkSeconds(0.3), 1);
  t.equal(wrkSeconds(5), 5);
  t.equal(wrkSeconds(2.5), 3);
  t.equal(wrkRounding([5, 2, 1]), '');
  t.equal(wrkRounding([0.3, 0, 0]), ' (whole seconds only: 0.3 s runs last 1 s)', 'no load (0 s) is not a run');
  t.equal(wrkRounding([0.3, 2.5, 0.3]), ' (whole seconds only: 0.3 s runs last 1 s, 2.5 s runs last 3 s)');
});

t.test('wrkArguments: threads, connections, whole seconds, a 10 s timeout, latency percentiles, the script, the URL last', async (t) => {
  t.same(wrkArguments(spec({ duration: 0.3 }), '/tmp/x/load.lua', 2), [
    '--threads=1',
    '--connections=50',
    '--duration=1s',
    '--timeout=10s',
    '--latency',
    '--script=/tmp/x/load.lua',
    'http://127.0.0.1:8000',
  ]);
  t.match(wrkArguments(spec({ connections: 10 }), 's.lua', 4), ['--threads=2', '--connections=10', '--duration=5s']);
});

t.test('Wrk.find: undefined where the command does not exist', async (t) => {
  t.equal(Wrk.find('/nonexistent/wrk'), undefined);
});
