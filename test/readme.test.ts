import { readFileSync } from 'node:fs';
import t from 'tap';
import { DOG_RESOURCE } from '../src/domain/api-history/dog-resource.js';
import { parseDog } from '../src/domain/dogs/dog.js';
import { CalendarDate } from '../src/domain/records/calendar-date.js';
import { VersionModel } from '../src/domain/versioning/version-model.js';
import { FixedClock } from '../src/adapters/clock/fixed-clock.js';
import { PublishedContracts } from '../src/adapters/http/openapi/published-contracts.js';
import { DescribeRecords } from '../src/application/use-cases/describe-records.js';
import { HISTORY_WITH_VERSION_6 } from './fixtures/readme/history-with-version-6.js';
import { acceptVersion, startService } from './fixtures/service.js';
import { API_HISTORY } from '../src/domain/api-history/bundle.js';
import { startWithModel } from './fixtures/lifecycle-service.js';
import { TestClock } from './fixtures/test-clock.js';
import { v1_0_0 } from './fixtures/readme/v1-0-0-retiring.js';
import { Version } from '../src/domain/versioning/version.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const httpApi = readFileSync(new URL('../docs/http-api.md', import.meta.url), 'utf8');
const today = CalendarDate.parse('2026-11-22') as CalendarDate;

t.test('the README quotes the worked example exactly as the file that is tested', async (t) => {
  const example = readFileSync(new URL('./fixtures/readme/v6-0-0.ts', import.meta.url), 'utf8');
  const body = example.slice(example.indexOf('/** 6.0.0')).trim();
  const blocks = [...readme.matchAll(/^( *)```ts\n([\s\S]*?)^ *```$/gm)].map(([, indent = '', code = '']) =>
    code
      .split('\n')
      .map((line) => line.slice(indent.length))
      .join('\n')
      .trim(),
  );
  t.ok(
    blocks.some((block) => block.endsWith(body)),
    'the version module stands in the README as it is, after its imports',
  );
});

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
    detail:
      'Version 1.0.0 was retired on 2027-01-01, its sunset date, and is no longer served. Supported versions: 5.0.0, 4.0.0, 3.0.0, 2.1.0, 2.0.0.',
  });
  t.ok(section.includes('**410**') && section.includes('api-deprecated-versions'), 'the README says what happens then');
});

t.test('the README quotes the three-line contract test file exactly as it is', async (t) => {
  const file = readFileSync(new URL('./adapters/persistence/memory/in-memory-dog-repository.test.ts', import.meta.url), 'utf8').trim();
  const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(([, code = '']) => code.trim());
  t.ok(blocks.includes(file), 'the in-memory dog repository test stands in the README as it is');
});

t.test('the worked example: adding 6.0.0 keeps every older shape and adds the changelog entry', async (t) => {
  const model = VersionModel.build(HISTORY_WITH_VERSION_6, { ageRemoval: 'computed' });
  const biko = parseDog({ id: 1, name: 'Biko', birthday: '2014-05-06' }, today);
  const at = (version: string) => model.represent(DOG_RESOURCE, biko, { version: Version.parse(version), today });
  const BIKO = { id: 1, name: 'Biko', birthday: '2014-05-06' };
  t.same(at('6.0.0'), { id: 1, name: 'Biko', born_on: '2014-05-06' }, '6.0.0: the new shape');
  t.same(at('5.0.0'), BIKO, '5.0.0: as before');
  t.same(at('3.0.0'), { ...BIKO, age: { human_years: 12, dog_years: 84 } }, '3.0.0: as before, field order too');
  t.same(Object.keys(at('3.0.0')), ['id', 'name', 'birthday', 'age'], '3.0.0 field order');
  t.same(at('2.1.0'), { ...BIKO, age: 12 }, '2.1.0: as before');
  t.same(at('1.0.0'), BIKO, '1.0.0: as before');
  t.same(model.changelog[0], {
    version: '6.0.0',
    notes: ['Renamed Dog.birthday to Dog.born_on'],
    models: ['Dog.birthday: renamed born_on, string (date)'],
    views: { endpoints_introduced: [], endpoints_removed: [], actions_introduced: [], actions_removed: [] },
    deprecated: null,
    sunset: null,
  });
  const contracts = new PublishedContracts([], new DescribeRecords(model, model, new FixedClock(today)), model.changelog);
  t.equal(contracts.versions[0]?.version, '6.0.0', 'the docs page lists 6.0.0 first');
  const dogSchema = (version: string) =>
    (contracts.document(version)?.components as { schemas: Record<string, { properties: object }> }).schemas.Dog?.properties;
  t.same(Object.keys(dogSchema('6.0.0') ?? {}), ['id', 'name', 'born_on'], "6.0.0's OpenAPI document: born_on");
  t.same(Object.keys(dogSchema('5.0.0') ?? {}), ['id', 'name', 'birthday'], "5.0.0's: birthday, as before");
  t.match(contracts.document('6.0.0')?.info, { version: '6.0.0', description: /Renamed Dog\.birthday to Dog\.born_on/ }, 'its notes');
  const context = { version: Version.parse('5.0.0'), today };
  t.same(model.upgradeRequest(DOG_RESOURCE, BIKO, context), { id: 1, name: 'Biko', born_on: '2014-05-06' }, 'old input upgraded');
  t.same(model.upgradeRequest(DOG_RESOURCE, { id: 1, name: 'Biko' }, context), { id: 1, name: 'Biko' }, 'input without birthday');
});

t.test('the README names every setting and both commands; docs/http-api.md every status', async (t) => {
  for (const word of [
    'npm install',
    'npm start',
    'npm test',
    'PORT',
    'HOST',
    'DATA_FILE',
    'DEFAULT_VERSION',
    'AGE_REMOVAL',
    'REMOVED_IN',
    'TODAY',
    'ACCESS_LOG',
    'STORAGE',
    'DATABASE_URL',
    'DATABASE_POOL_SIZE',
    'DATABASE_CONNECT_TIMEOUT_MS',
    'WORKERS',
    'npm run load-data',
    '/health/',
  ]) {
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
