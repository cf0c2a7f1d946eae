import { readFileSync } from 'node:fs';
import t from 'tap';
import { VersionModel } from '../src/domain/versioning/version-model.js';
import { acceptVersion, startService } from './fixtures/service.js';
import { API_HISTORY } from '../src/domain/api-history/bundle.js';
import { startWithModel } from './fixtures/lifecycle-service.js';
import { TestClock } from './fixtures/test-clock.js';
import { v1_0_0 } from './fixtures/readme/v1-0-0-retiring.js';
import { listFrom } from './fixtures/versions.js';
import { SETTING_NAMES } from './fixtures/setting-names.js';

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
  for (const word of ['npm install', 'npm start', 'npm test', ...SETTING_NAMES, 'npm run load-data', '/health/']) {
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
