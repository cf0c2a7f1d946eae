import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { scenarioResult } from '../fixtures/scenario-result.js';
import { benchClients } from '../../bench/harness/bench-clients.js';
import { clientsCost, clientsGroup, KEYED_PIN, KEYED_SCENARIO, withClientsFile } from '../../bench/harness/clients-variant.js';
import { record } from '../../bench/harness/recorded-response.js';
import { judgeTargets } from '../../bench/harness/targets.js';
import { hashApiKey, looksLikeApiKey } from '../../src/adapters/identity/api-key.js';

const result = scenarioResult;

t.test('the clients made for a run: keys as the CLI issues them, only their hashes kept, pinned', async (t) => {
  const { clients, keys } = benchClients(3, KEYED_PIN);
  t.same(
    clients.map((client) => client.name),
    ['client-1', 'client-2', 'client-3'],
    'named in order',
  );
  t.ok(keys.every(looksLikeApiKey), 'vaa_ keys');
  t.same(
    clients.map((client) => client.keyHash),
    keys.map(hashApiKey),
    'each holds the hash of its own key',
  );
  t.ok(
    clients.every((client) => client.pinnedVersion === '3.0.0' && client.revokedAt === null && client.previousVersion === null),
    'pinned to 3.0.0, active',
  );
  t.equal(new Set(keys).size, 3, 'every key its own');
});

t.test('the keyed scenario: the dog with a key and no version, beside the same dog anonymous at the pin', async (t) => {
  const [keyed, anonymous] = clientsGroup('vaa_key').scenarios;
  t.match(
    keyed,
    {
      name: KEYED_SCENARIO,
      path: '/doggies/1/',
      accept: 'application/json',
      headers: { authorization: 'Bearer vaa_key' },
      status: 200,
      target: 'detail',
    },
    'Authorization: Bearer, an Accept naming no version, judged as a dog detail (≥ 0.85 × bare)',
  );
  t.equal(KEYED_SCENARIO, 'dog detail, keyed, no version (pin 3.0.0)', 'named by its pin');
  t.match(anonymous, { name: 'dog detail 3.0.0 (1 transform), CLIENTS_FILE set', accept: 'application/json; version=3.0.0' }, 'named apart');
  t.equal(anonymous?.headers, undefined, 'anonymous');
  t.same(withClientsFile({ PORT: '0' }, '/tmp/c.json'), { PORT: '0', CLIENTS_FILE: '/tmp/c.json' }, 'the service reads the clients file');
  t.match(
    judgeTargets([result(KEYED_SCENARIO, 85, 100, 1, 1)], undefined, 50)[0],
    { target: /^dog detail, keyed.*≥ 0\.85 × bare/, met: true },
    'a detail target',
  );
});

t.test("a key's cost, and the anonymous dog with and without CLIENTS_FILE, each against its own bare server", async (t) => {
  const targets = clientsCost([
    result('dog detail 3.0.0 (1 transform)', 45_000, 50_000, 18, 15),
    result(KEYED_SCENARIO, 36_000, 45_000, 22, 16),
    result('dog detail 3.0.0 (1 transform), CLIENTS_FILE set', 40_000, 44_444.44, 18, 16),
  ]);
  t.same(
    targets.map(({ value, met }) => [value, met]),
    [
      ['0.89 × (0.90 → 0.80 × bare; CPU per request 1.22 × (1.13 → 1.38 × bare))', undefined],
      ['1.00 × (0.90 → 0.90 × bare; CPU per request 0.94 × (1.20 → 1.13 × bare))', undefined],
    ],
    'ratios of ratios, reported with no target of their own',
  );
  t.same(clientsCost([result(KEYED_SCENARIO, 1, 1, 1, 1)]), [], 'none without its pair');
});

t.test('a recording sends the further headers of a scenario', async (t) => {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`${req.headers.authorization ?? '-'} ${req.headers.accept ?? '-'}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keyed = await record(url, '/', 'application/json', undefined, { authorization: 'Bearer vaa_x' });
  t.equal(Buffer.from(keyed.body, 'base64').toString(), 'Bearer vaa_x application/json', 'Authorization and Accept');
  const plain = await record(url, '/', 'text/plain');
  t.equal(Buffer.from(plain.body, 'base64').toString(), '- text/plain', 'none when the scenario has none');
});
