import t from 'tap';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { call, checkJsonHeaders, NOT_FOUND } from './fixtures/http-client.js';
import { ALL_VERSIONS, BIKO_NEWEST, NEWEST_VERSION } from '../../fixtures/versions.js';

const BIKO = { id: 1, name: 'Biko', birthday: '2014-05-06' };

// Biko, born 2014-05-06, on 2026-11-22: 4583 days, 12 whole years of 365 days, 84 dog years.
const SHAPES = {
  computed: {
    '1.0.0': BIKO,
    '2.0.0': BIKO,
    '2.1.0': { ...BIKO, age: 12 },
    '3.0.0': { ...BIKO, age: { human_years: 12, dog_years: 84 } },
    '4.0.0': BIKO,
    '5.0.0': BIKO,
  },
  placeholder: {
    '1.0.0': BIKO,
    '2.0.0': BIKO,
    '2.1.0': { ...BIKO, age: -1 },
    '3.0.0': { ...BIKO, age: { human_years: -1, dog_years: -1 } },
    '4.0.0': BIKO,
    '5.0.0': BIKO,
  },
} as const;

for (const mode of ['computed', 'placeholder'] as const) {
  t.test(`AGE_REMOVAL=${mode}: the dog record has the shape of the requested version (spec 2.1.2)`, async (t) => {
    const service = await startService(t, { AGE_REMOVAL: mode });
    // The spec's table (1.0.0 to 5.0.0), and the newest version, which shows the dog as the code does today.
    const table: Readonly<Record<string, unknown>> = { [NEWEST_VERSION]: BIKO_NEWEST, ...SHAPES[mode] };
    for (const [version, expected] of Object.entries(table)) {
      const detail = await call(service.url, '/doggies/1/', { headers: acceptVersion(version) });
      if (version === '1.0.0') {
        t.equal(detail.status, 404, 'at 1.0.0 the detail view is hidden');
        t.same(detail.json, NOT_FOUND, 'at 1.0.0: Not found.');
      } else {
        t.equal(detail.status, 200, `detail at ${version}: 200`);
        t.same(detail.json, expected, `detail at ${version}: exact shape`);
      }
      checkJsonHeaders(t, detail, version, `detail at ${version}`);

      const list = await call(service.url, '/doggies/', { headers: acceptVersion(version) });
      t.equal(list.status, 200, `list at ${version}: 200`);
      t.same((list.json as unknown[])[0], expected, `list at ${version}: the first item has the same shape`);
    }
  });
}

t.test('Mode A is the default: without AGE_REMOVAL the real values come back', async (t) => {
  const service = await startService(t);
  const v210 = await call(service.url, '/doggies/1/', { headers: acceptVersion('2.1.0') });
  t.same(v210.json, SHAPES.computed['2.1.0'], '2.1.0: age 12');
  const v300 = await call(service.url, '/doggies/1/', { headers: acceptVersion('3.0.0') });
  t.same(v300.json, SHAPES.computed['3.0.0'], '3.0.0: age {12, 84}');
});

t.test('every item of a list is shaped for the version, computed from its own birthday', async (t) => {
  const service = await startService(t);
  const at300 = await call(service.url, '/doggies/', { headers: acceptVersion('3.0.0') });
  t.same(
    at300.json,
    [
      { id: 1, name: 'Biko', birthday: '2014-05-06', age: { human_years: 12, dog_years: 84 } },
      { id: 2, name: 'Laika', birthday: '2019-11-03', age: { human_years: 7, dog_years: 49 } },
      { id: 3, name: 'Rex', birthday: '2021-02-28', age: { human_years: 5, dog_years: 35 } },
      { id: 4, name: 'Hachikō', birthday: '2016-02-29', age: { human_years: 10, dog_years: 70 } },
      { id: 5, name: 'Bobbie', birthday: '2023-08-15', age: { human_years: 3, dog_years: 21 } },
    ],
    'the sample dogs at 3.0.0',
  );
  const at210 = await call(service.url, '/doggies/', { headers: acceptVersion('2.1.0') });
  t.same(
    (at210.json as { age: unknown }[]).map((dog) => dog.age),
    [12, 7, 5, 10, 3],
    'the sample dogs at 2.1.0: integer ages',
  );
  const at500 = await call(service.url, '/doggies/', { headers: acceptVersion('5.0.0') });
  t.same(
    at500.json,
    [
      { id: 1, name: 'Biko', birthday: '2014-05-06' },
      { id: 2, name: 'Laika', birthday: '2019-11-03' },
      { id: 3, name: 'Rex', birthday: '2021-02-28' },
      { id: 4, name: 'Hachikō', birthday: '2016-02-29' },
      { id: 5, name: 'Bobbie', birthday: '2023-08-15' },
    ],
    'the sample dogs at 5.0.0: no age',
  );
  const laterPage = await call(service.url, '/doggies/?limit=2&offset=3', { headers: acceptVersion('2.1.0') });
  t.same(
    (laterPage.json as { id: number; age: unknown }[]).map(({ id, age }) => [id, age]),
    [
      [4, 10],
      [5, 3],
    ],
    'a later page at 2.1.0: its own items, each shaped',
  );
  const placeholder = await startService(t, { AGE_REMOVAL: 'placeholder' });
  const masked = await call(placeholder.url, '/doggies/?limit=2&offset=3', { headers: acceptVersion('3.0.0') });
  t.same(
    (masked.json as { age: unknown }[]).map((dog) => dog.age),
    [
      { human_years: -1, dog_years: -1 },
      { human_years: -1, dog_years: -1 },
    ],
    'placeholders on a later page',
  );
});

t.test('age follows TODAY', async (t) => {
  // 2014-05-06 to 2030-01-01: 5719 days, 15 whole years.
  const service = await startService(t, { TODAY: '2030-01-01' });
  const reply = await call(service.url, '/doggies/1/', { headers: acceptVersion('3.0.0') });
  t.same(reply.json, { ...BIKO, age: { human_years: 15, dog_years: 105 } }, 'Biko on 2030-01-01');
});

t.test('placeholders do not depend on TODAY', async (t) => {
  const service = await startService(t, { TODAY: '2030-01-01', AGE_REMOVAL: 'placeholder' });
  const reply = await call(service.url, '/doggies/1/', { headers: acceptVersion('3.0.0') });
  t.same(reply.json, SHAPES.placeholder['3.0.0'], 'still -1');
});

const CATS = [
  { id: 1, name: 'Tom' },
  { id: 2, name: 'Felix' },
  { id: 3, name: 'Mittens' },
];

// [version, list available, retrieve available]
const CAT_WINDOWS = {
  inclusive: [
    ['1.0.0', true, false],
    ['2.0.0', true, false],
    ['2.1.0', true, false],
    ['3.0.0', true, true],
    ['4.0.0', true, true],
    ['5.0.0', false, true],
  ],
  exclusive: [
    ['1.0.0', true, false],
    ['2.0.0', true, false],
    ['2.1.0', true, false],
    ['3.0.0', true, true],
    ['4.0.0', false, true],
    ['5.0.0', false, false],
  ],
} as const;

for (const reading of ['inclusive', 'exclusive'] as const) {
  t.test(`REMOVED_IN=${reading}: the cat endpoint and its actions follow their windows`, async (t) => {
    const service = await startService(t, { REMOVED_IN: reading });
    for (const [version, listed, retrieved] of CAT_WINDOWS[reading]) {
      const list = await call(service.url, '/cats/', { headers: acceptVersion(version) });
      t.equal(list.status, listed ? 200 : 404, `cat list at ${version}: ${listed ? 'available' : 'hidden'}`);
      t.same(list.json, listed ? CATS : NOT_FOUND, `cat list at ${version}: body`);
      checkJsonHeaders(t, list, version, `cat list at ${version}`);

      const detail = await call(service.url, '/cats/2/', { headers: acceptVersion(version) });
      t.equal(detail.status, retrieved ? 200 : 404, `cat detail at ${version}: ${retrieved ? 'available' : 'hidden'}`);
      t.same(detail.json, retrieved ? { id: 2, name: 'Felix' } : NOT_FOUND, `cat detail at ${version}: body`);
      checkJsonHeaders(t, detail, version, `cat detail at ${version}`);
    }
  });
}

t.test('REMOVED_IN is inclusive by default', async (t) => {
  const service = await startService(t);
  t.equal((await call(service.url, '/cats/', { headers: acceptVersion('4.0.0') })).status, 200, 'cat list still there at 4.0.0');
  t.equal((await call(service.url, '/cats/1/', { headers: acceptVersion('5.0.0') })).status, 200, 'cat detail still there at 5.0.0');
});

t.test('the dog windows do not depend on REMOVED_IN', async (t) => {
  for (const reading of ['inclusive', 'exclusive']) {
    const service = await startService(t, { REMOVED_IN: reading });
    for (const version of ALL_VERSIONS) {
      const list = await call(service.url, '/doggies/', { headers: acceptVersion(version) });
      t.equal(list.status, 200, `${reading}: dog list at ${version}`);
      const detail = await call(service.url, '/doggies/2/', { headers: acceptVersion(version) });
      t.equal(detail.status, version === '1.0.0' ? 404 : 200, `${reading}: dog detail at ${version}`);
    }
  }
});
