import t from 'tap';
import { listSupported } from '../../../src/domain/versioning/version-error-text.js';
import { Version } from '../../../src/domain/versioning/version.js';

t.test('parse accepts only canonical MAJOR.MINOR.PATCH', async (t) => {
  for (const text of ['0.0.0', '1.0.0', '2.10.0', '10.20.30', `${Number.MAX_SAFE_INTEGER}.0.0`]) {
    t.equal(Version.parse(text).toString(), text, `${text} is canonical`);
  }
  const malformed = [
    '',
    '1',
    '1.0',
    'v1.0.0',
    ' 1.0.0',
    '1.0.0 ',
    '1.0.0-rc1',
    '1.0.0+build',
    '01.0.0',
    '1.00.0',
    '1.0.01',
    '1.0.0.0',
    '-1.0.0',
    '1..0',
    'a.b.c',
    '１.0.0',
    '1.0.0\n',
    `${Number.MAX_SAFE_INTEGER + 1}.0.0`,
    '9'.repeat(400) + '.0.0',
  ];
  for (const text of malformed) {
    t.throws(() => Version.parse(text), RangeError, `${JSON.stringify(text)} is malformed`);
  }
});

t.test('versions order numerically by component, never as strings', async (t) => {
  const v = (text: string) => Version.parse(text);
  t.ok(v('2.10.0').isNewerThan(v('2.9.0')), '2.10.0 > 2.9.0');
  t.ok(v('10.0.0').isNewerThan(v('9.99.99')), '10.0.0 > 9.99.99');
  t.ok(v('1.0.9').isOlderThan(v('1.0.10')), '1.0.9 < 1.0.10');
  t.ok(v('3.0.0').equals(v('3.0.0')), 'equal versions');
  t.equal(v('3.0.0').compare(v('3.0.0')), 0, 'compare gives 0 when equal');
  t.notOk(v('3.0.0').isOlderThan(v('3.0.0')), 'a version is not older than itself');
  const sorted = ['2.9.0', '10.0.0', '2.10.0', '1.0.0']
    .map(v)
    .sort((a, b) => a.compare(b))
    .map(String);
  t.same(sorted, ['1.0.0', '2.9.0', '2.10.0', '10.0.0'], 'sorting is numeric');
});

t.test('a version serializes as its canonical text', async (t) => {
  t.equal(JSON.stringify({ v: Version.parse('2.1.0') }), '{"v":"2.1.0"}');
  t.ok(Version.isWellFormed('2.1.0'), 'well formed');
  t.ok(Version.isWellFormed('99999999999999999999.0.0'), 'well formed, though too large to parse');
  t.notOk(Version.isWellFormed('2.1'), 'not well formed');
});

t.test("parse's error is a fault, not a refusal: it names what it received, with a stack to the caller", async (t) => {
  const error = t.throws(() => Version.parse('v1.0.0'), RangeError) as RangeError;
  t.equal(error.message, 'Malformed version "v1.0.0": a version is MAJOR.MINOR.PATCH, such as 1.0.0.');
  t.match(error.stack, /version\.test\./);
});

t.test('the sentence naming the supported versions is remembered only for a frozen list, which cannot change', async (t) => {
  const growing = ['1.0.0'];
  t.equal(listSupported(growing), ' Supported versions: 1.0.0.');
  growing.push('2.0.0');
  t.equal(listSupported(growing), ' Supported versions: 1.0.0, 2.0.0.', 'a list that changed is read again');
  t.equal(listSupported([]), '', 'an empty list: no sentence');
});
