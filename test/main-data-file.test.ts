import { join } from 'node:path';
import t from 'tap';
import { runMain } from './fixtures/main-process.js';

// Each child compiles src on start, a few CPU-bound seconds on a busy machine.
t.setTimeout(120_000);

t.test('the entry point refuses a hostile DATA_FILE: exit code 1, the record and field named, nothing served', async (t) => {
  const dir = t.testdir({
    'proto.json': '{"dogs":[{"id":1,"name":"Biko"},{"id":2,"name":"Rex","__proto__":{"isAdmin":true}}]}',
    'long-name.json': JSON.stringify({
      cats: [
        { id: 1, name: 'Tom' },
        { id: 7, name: '🐈'.repeat(51) },
      ],
    }),
    'truncated.json': '{"dogs":[{"id":1,"name":"Bi',
  });
  const cases: [string, RegExp][] = [
    ['proto.json', /: dogs\[1\] \(id 2\): __proto__: unknown field/],
    ['long-name.json', /: cats\[1\] \(id 7\): name: must be 1 to 50 characters, got 51/],
    ['truncated.json', /: is not valid JSON/],
  ];
  await Promise.all(
    cases.map(async ([file, expected]) => {
      const service = runMain(t, { DATA_FILE: join(dir, file) });
      t.strictSame(await service.finished(), { code: 1, signal: null }, `${file}: exit code 1`);
      t.equal(service.stderr.length, 1, `${file}: one line on stderr`, { stderr: service.stderr });
      t.match(service.stderr[0], new RegExp(`^Refusing to start: DATA_FILE ".*${file.replace('.', '\\.')}"`), `${file}: names the file`);
      t.match(service.stderr[0], expected, `${file}: names the record and field`);
      t.strictSame(service.stdout, [], `${file}: nothing on stdout, no "listening"`);
    }),
  );
});

t.test('the entry point refuses bad server limits, naming them', async (t) => {
  const service = runMain(t, { HEADERS_TIMEOUT_MS: '0', DRAIN_TIMEOUT_MS: '5s', REQUEST_TIMEOUT_MS: '100' });
  t.strictSame(await service.finished(), { code: 1, signal: null }, 'exit code 1');
  t.match(
    service.stderr[0],
    /^Refusing to start: bad settings: HEADERS_TIMEOUT_MS="0" is not valid.*; DRAIN_TIMEOUT_MS="5s" is not valid/,
    'both named',
  );
  t.strictSame(service.stdout, [], 'nothing on stdout');
});
