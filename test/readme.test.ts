import { readFileSync } from 'node:fs';
import t from 'tap';
import { VersionModel } from '../src/domain/versioning/version-model.js';
import { acceptVersion, startService } from './fixtures/service.js';
import { API_HISTORY } from '../src/domain/api-history/bundle.js';
import { startWithModel } from './fixtures/lifecycle-service.js';
import { TestClock } from './fixtures/test-clock.js';
import { v1_0_0 } from './fixtures/readme/v1-0-0-retiring.js';
import { listFrom } from './fixtures/versions.js';
import { SERVICE_SETTING_NAMES } from './fixtures/setting-names.js';
import { keyedClient, withClients } from './fixtures/clients.js';
import { REFERENCE_API } from '../src/reference-api.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const httpApi = readFileSync(new URL('../docs/http-api.md', import.meta.url), 'utf8');

t.test('the README quotes the deprecated and retiring 1.0.0 exactly as the file that is tested', async (t) => {
  const example = readFileSync(new URL('./fixtures/readme/v1-0-0-retiring.ts', import.meta.url), 'utf8');
  const body = example.slice(example.indexOf('export const v1_0_0')).trim();
  const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(([, code = '']) => code.trim());
  t.ok(blocks.includes(body), 'the version module stands in the README as it is');
});

t.test("the worked example of retiring 1.0.0: the README's headers, then the 410 from the sunset on, in one running service", async (t) => {
  const section = readme.slice(readme.indexOf('## Deprecating and retiring a version'), readme.indexOf('## Swapping the storage adapter'));
  const shown = /then says so[^\n]*\n\n```\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
  const headers = shown.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const);
  t.same(
    headers.map(([name]) => name),
    ['Deprecation', 'Sunset', 'Link'],
    'the README shows the three headers',
  );
  const versions = API_HISTORY.versions.map((change) => (change.version === '1.0.0' ? v1_0_0 : change));
  const clock = new TestClock('2026-12-31');
  const service = await startWithModel(t, VersionModel.build({ ...API_HISTORY, versions }, { ageRemoval: 'computed' }), clock);
  const served = await fetch(`${service.url}/cats/1/`, { headers: acceptVersion('1.0.0') });
  for (const [name, value] of headers) t.equal(served.headers.get(name), value, `2026-12-31: ${name} as the README shows it`);
  const changelog = (await (await fetch(`${service.url}/version/`)).json()) as { version: string; deprecated: string; sunset: string }[];
  t.match(changelog.at(-1), { version: '1.0.0', deprecated: '2026-01-01', sunset: '2027-01-01' }, '/version/ shows both dates');
  clock.set('2027-01-01');
  const gone = await fetch(`${service.url}/cats/`, { headers: acceptVersion('1.0.0') });
  t.equal(gone.status, 410, '2027-01-01: 410');
  t.same(await gone.json(), {
    detail: `Version 1.0.0 was retired on 2027-01-01, its sunset date, and is no longer served. Supported versions: ${listFrom('2.0.0')}.`,
  });
  t.ok(section.includes('**410**') && section.includes('api-deprecated-versions'), 'the README says what happens then');
});

t.test('the README quotes the three-line contract test file exactly as it is', async (t) => {
  const file = readFileSync(new URL('./adapters/persistence/memory/in-memory-dog-repository.test.ts', import.meta.url), 'utf8').trim();
  const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(([, code = '']) => code.trim());
  t.ok(blocks.includes(file), 'the in-memory dog repository test stands in the README as it is');
});

t.test('the README names every setting and both commands; docs/http-api.md every status', async (t) => {
  for (const word of ['npm install', 'npm start', 'npm test', ...SERVICE_SETTING_NAMES, 'npm run load-data', '/health/']) {
    t.ok(readme.includes(word), word);
  }
  for (const status of ['200', '204', '301', '400', '404', '405', '406', '408', '410', '417', '431', '500', '503']) {
    t.ok(httpApi.includes(`| ${status} `), `status ${status} in the table`);
    t.ok(readme.includes(status), `status ${status} in the README's summary`);
  }
});

t.test('the example responses of the README and docs/http-api.md are what the service answers', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const sections: [string, string, string][] = [
    [readme, 'A dog at each version (`/doggies/1/`)', '/doggies/1/'],
    [httpApi, '## `GET /doggies/<id>/`', '/doggies/1/'],
    [httpApi, '## `GET /doggies/`', '/doggies/?limit=2'],
  ];
  let checked = 0;
  for (const [document, heading, path] of sections) {
    const start = document.indexOf(heading);
    t.ok(start >= 0, `${heading}: found`);
    const section = document.slice(start, document.indexOf('\n#', start + 1));
    for (const [, versions = '', status = '200', body = ''] of section.matchAll(/^\| ([\d., ]+) \| (?:(\d{3}) )?`([[{][^`]*)`.* \|$/gm)) {
      for (const version of versions.split(', ')) {
        const response = await fetch(`${service.url}${path}`, { headers: acceptVersion(version) });
        t.equal(response.status, Number(status), `${path} at ${version}: status`);
        t.same(await response.json(), JSON.parse(body), `${path} at ${version}`);
        checked += 1;
      }
    }
  }
  t.equal(checked, 18, 'every example row was checked');
});

t.test('the README stays a front page: at most 2,500 words (counted as wc -w does), the details in docs/', async (t) => {
  const words = readme.split(/\s+/).filter((word) => word !== '').length;
  t.ok(words <= 2500, `${words} words`);
});

t.test("the README's two commands for a client: create it, then call as it, served at its pin", async (t) => {
  const { clientsCommand, openClientsFile } = await import('../src/clients-command.js');
  const block = /\*\*Clients keep their version\.\*\*[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const [create, , call] = block.split('\n');
  const args = /npm run clients -- (.*?)\s+#/.exec(create ?? '')?.[1]?.split(' ') ?? [];
  t.same(args.slice(0, 1), ['create'], 'the first command creates a client');
  const file = `${t.testdir()}/clients.json`;
  const stdout: string[] = [];
  const code = await clientsCommand(
    args,
    { CLIENTS_FILE: file },
    { stdout: (line) => stdout.push(line), stderr: (line) => t.fail(line) },
    openClientsFile,
    REFERENCE_API,
  );
  t.equal(code, 0);
  const key = stdout.join('\n').trim().split('\n').at(-1) as string;
  const pinned = /--version (\S+)/.exec(create ?? '')?.[1];
  const path = /http:\/\/127\.0\.0\.1:8000(\S+)/.exec(call ?? '')?.[1] as string;
  const service = await startService(t, { CLIENTS_FILE: file });
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  t.equal(response.headers.get('content-type'), `application/json; version=${pinned}`, `served at ${pinned}, as the comment says`);
  t.match(call, `# served at ${pinned}`);
});

/** The words of a shell command line, single-quoted words unquoted (the README's curls quote with '). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map(([, quoted, bare]) => quoted ?? (bare as string));
}

/** A curl of the README as fetch's arguments: its method, headers, body and path. */
function curlRequest(
  words: readonly string[],
  key: string,
): { method: string; headers: Record<string, string>; body?: string; path: string; output?: string } {
  const headers: Record<string, string> = {};
  let method = 'GET';
  let body: string | undefined;
  let output: string | undefined;
  let path = '';
  // A second command after `&&` is not curl's (the generated-client example; its own test runs it).
  const end = words.includes('&&') ? words.indexOf('&&') : words.length;
  for (let index = 1; index < end; index += 1) {
    const word = words[index] as string;
    const value = words[index + 1] ?? '';
    if (word === '-o') {
      output = value;
      index += 1;
    } else if (word === '-H') {
      const colon = value.indexOf(':');
      headers[value.slice(0, colon)] = value
        .slice(colon + 1)
        .trim()
        .replace('vaa_…', key);
      index += 1;
    } else if (word === '-X') {
      method = value;
      index += 1;
    } else if (word === '-d') {
      body = value;
      index += 1;
    } else path = word.replace('http://127.0.0.1:8000', '');
  }
  return { method, headers, ...(body === undefined ? {} : { body }), ...(output === undefined ? {} : { output }), path };
}

t.test('every curl of the README is answered as its comment says, in the order the README gives them', async (t) => {
  const shop = keyedClient('shop', '3.0.0');
  const service = await startService(t, { ACCESS_LOG: 'off' }, withClients([shop]));
  const lines = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap(([, block = '']) => block.split('\n'));
  let curls = 0;
  for (const [index, line] of lines.entries()) {
    if (!line.startsWith('curl ')) continue;
    curls += 1;
    const [command = '', comment = ''] = line.split(/\s+# /);
    const request = curlRequest(shellWords(command), shop.key);
    const response = await fetch(`${service.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body ?? null });
    t.equal(response.status, 200, `${command}: 200`);
    const servedAt = /^served at (\S+)$/.exec(comment)?.[1];
    if (servedAt !== undefined) t.equal(response.headers.get('content-type'), `application/json; version=${servedAt}`, `${command}: ${comment}`);
    const shown = /^# (\{.*\})$/.exec(lines[index + 1] ?? '')?.[1];
    if (shown !== undefined) {
      const actual = (await response.json()) as Record<string, unknown>;
      // "…" in the README stands for a value of the moment (a key, an instant).
      const expected = Object.fromEntries(
        Object.entries(JSON.parse(shown) as Record<string, unknown>).map(([name, value]) => [name, value === '…' ? actual[name] : value]),
      );
      t.same(actual, expected, `${command}: the body the README shows`);
    }
    if (request.output !== undefined) {
      const version = request.headers['Api-Version'];
      t.match(await response.json(), { info: { version } }, `${command}: the document of ${version}, saved to ${request.output}`);
    }
    t.ok(servedAt !== undefined || shown !== undefined || request.output !== undefined, `${command}: the README says what it answers`);
  }
  t.equal(curls, 4, "the four curls: a dog, a call as a client, its upgrade, a version's document");
});

t.test("the README's page of dogs, changelog entry and deprecated version are what the service serves", async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const exchange = /```\n(GET \/doggies\/\?[\s\S]*?)\n```/.exec(readme)?.[1] ?? '';
  const [request = '', reply = ''] = exchange.split('\n\n200 OK\n');
  const [requestLine = '', ...requestHeaders] = request.split('\n');
  const replyLines = reply.split('\n');
  const body = replyLines.pop() ?? '';
  const header = (line: string): [string, string] => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)];
  const page = await fetch(`${service.url}${requestLine.slice('GET '.length)}`, { headers: Object.fromEntries(requestHeaders.map(header)) });
  t.equal(page.status, 200, `${requestLine}: 200`);
  for (const [name, value] of replyLines.filter((line) => line !== '').map(header)) t.equal(page.headers.get(name), value, `${requestLine}: ${name}`);
  t.same(await page.json(), JSON.parse(body), `${requestLine}: the body`);

  const entry = /The changelog entry of (\S+) [^\n]*\n\n```json\n([\s\S]*?)\n```/.exec(readme);
  const version = entry?.[1] as string;
  const served = await fetch(`${service.url}/version/my_version/`, { headers: acceptVersion(version) });
  t.same(await served.json(), JSON.parse(entry?.[2] ?? ''), `the changelog entry of ${version}, whole`);

  const changelog = (await (await fetch(`${service.url}/version/`)).json()) as { version: string; deprecated: string | null }[];
  const list = readme.slice(readme.indexOf('Supported versions, newest first:'));
  for (const { version: listed, deprecated } of changelog) {
    const item = new RegExp(`\\*\\*${listed.replaceAll('.', '\\.')}\\*\\* ([^·]*)`).exec(list)?.[1] ?? '';
    t.equal(
      /\*\*deprecated\*\* since (\S+)/.exec(item)?.[1] ?? null,
      deprecated,
      `${listed}: the README's list says ${deprecated === null ? 'no deprecation' : `deprecated since ${deprecated}`}`,
    );
  }
});
