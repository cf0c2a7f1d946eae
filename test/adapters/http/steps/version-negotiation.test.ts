import t from 'tap';
import type { Refusal } from '../../../../src/domain/errors/refusal.js';
import { VersionNegotiation } from '../../../../src/adapters/http/steps/version-negotiation.js';
import { errorResponseFor } from '../../../../src/adapters/http/request/refusals.js';
import { BROWNOUTS, lifecycleModel, withLifecycles } from '../../../fixtures/lifecycle-history.js';
import { date } from '../../../fixtures/test-clock.js';
import { BrownoutError, RetiredVersionError, UnsupportedVersionError } from '../../../../src/domain/versioning/refusals.js';

const json = (version: string) => `application/json; version=${version}`;

t.test("the version Accept names, as the versions stand on the request's day", async (t) => {
  const negotiation = new VersionNegotiation(lifecycleModel(), () => t.fail('nothing to log'));
  t.equal(negotiation.select(json('2.1.0'), date('2026-11-30')).toString(), '2.1.0', 'the day before its sunset');
  t.type(negotiation.select(json('2.1.0'), date('2026-12-01')), RetiredVersionError, 'from its sunset on');
  t.type(negotiation.select(json('9.0.0'), date('2026-11-30')), UnsupportedVersionError);
  t.equal(negotiation.select(json('2.1.0'), date('2026-11-30')), negotiation.select(json('2.1.0'), date('2026-11-30')), 'remembered');
});

t.test('a default version retired while the service runs is logged once a day, not once a request', async (t) => {
  const lines: string[] = [];
  const negotiation = new VersionNegotiation(lifecycleModel('2.1.0'), (line) => lines.push(line));
  t.equal(negotiation.select(undefined, date('2026-11-30')).toString(), '2.1.0');
  t.same(lines, [], 'served: nothing said');
  for (let request = 0; request < 3; request += 1) t.type(negotiation.select(undefined, date('2026-12-01')), RetiredVersionError);
  t.equal(lines.length, 1, 'three refusals, one line');
  t.match(JSON.parse(lines[0] as string), { level: 'error', message: /^DEFAULT_VERSION=2\.1\.0 was retired on 2026-12-01/ });
  negotiation.select(undefined, date('2026-12-02'));
  t.equal(lines.length, 2, 'said again the next day');
  t.type(negotiation.select(json('2.1.0'), date('2026-12-03')), RetiredVersionError);
  t.equal(lines.length, 2, 'a client naming the retired version is no news for the operator');
});

t.test('with no Accept headers remembered (a size of 0), each header is read anew, with the same outcome', async (t) => {
  const standings = lifecycleModel();
  const negotiation = new VersionNegotiation(standings, () => {}, 0);
  const first = negotiation.select('application/json; version=9.0.0', date('2026-11-30'));
  const second = negotiation.select('application/json; version=9.0.0', date('2026-11-30'));
  t.not(first, second, 'two refusals, not one remembered');
  t.same([(first as Refusal).code, (first as Refusal).message], [(second as Refusal).code, (second as Refusal).message], 'alike');
  const remembering = new VersionNegotiation(standings, () => {});
  remembering.select('application/json; version=9.0.0', date('2026-11-30'));
  const kept = remembering.select('application/json; version=9.0.0', date('2026-11-30'));
  t.equal(remembering.select('application/json; version=9.0.0', date('2026-11-30')), kept, 'by default, the same refusal once it came twice');
});

t.test("a client's request: the version Accept names wins, else its pin, never DEFAULT_VERSION", async (t) => {
  const negotiation = new VersionNegotiation(lifecycleModel('earliest'), () => t.fail('nothing to log'));
  const day = date('2026-11-30');
  t.equal(negotiation.selectPinned(undefined, day, '3.0.0').toString(), '3.0.0', 'no Accept: the pin');
  t.equal(negotiation.selectPinned('application/json', day, '3.0.0').toString(), '3.0.0', 'Accept without a version: the pin');
  t.equal(negotiation.selectPinned(json(''), day, '3.0.0').toString(), '3.0.0', 'an empty version: the pin');
  t.equal(negotiation.selectPinned(json('2.1.0'), day, '3.0.0').toString(), '2.1.0', 'an older version named: that one');
  t.equal(negotiation.selectPinned(json('2.1.0'), day, '2.1.0').toString(), '2.1.0', 'the pin named');
  t.equal(negotiation.select(undefined, day).toString(), '2.1.0', 'an anonymous caller still gets DEFAULT_VERSION (earliest served)');
  t.type(negotiation.selectPinned(json('9.0.0'), day, '3.0.0'), UnsupportedVersionError, 'an unsupported version named: refused as ever');
  const retired = negotiation.selectPinned(undefined, date('2026-12-01'), '2.1.0');
  t.type(retired, RetiredVersionError, 'a pin past its sunset: 410');
  t.match(
    errorResponseFor(retired, '/client/version')?.detail,
    /^Your pinned version 2\.1\.0 was retired on 2026-12-01.*PUT \/client\/version/,
    'naming the pin, and how to move it',
  );
  t.equal(
    negotiation.selectPinned(json('3.0.0'), date('2026-12-01'), '2.1.0').toString(),
    '3.0.0',
    'a retired pin with a served version named: served',
  );
});

t.test("at the request's instant: a version in a brownout is refused, whoever selected it; without the instant, never", async (t) => {
  const negotiation = new VersionNegotiation(lifecycleModel('2.1.0', withLifecycles(BROWNOUTS)), () => t.fail('nothing to log'));
  const day = date('2026-11-22');
  const [inside, after] = [Date.parse('2026-11-22T14:30:00Z'), Date.parse('2026-11-22T15:00:00Z')];
  const refusal = (outcome: unknown) =>
    outcome instanceof BrownoutError ? [outcome.message.split(' 2.1.0 ')[0], outcome.retryAfterSeconds] : outcome;
  t.same(refusal(negotiation.select(json('2.1.0'), day, inside)), ['Version', 1800], 'named');
  t.same(refusal(negotiation.select(undefined, day, inside)), ['The default version', 1800], 'by default');
  t.same(refusal(negotiation.selectPinned(undefined, day, '2.1.0', inside)), ['Your pinned version', 1800], 'by a pin');
  t.same(refusal(negotiation.selectPinned(json('2.1.0'), day, '3.0.0', inside)), ['Version', 1800], 'named by a client pinned elsewhere');
  t.equal(negotiation.select(json('2.1.0'), day, after).toString(), '2.1.0', 'at its end: served');
  t.equal(negotiation.select(json('2.1.0'), day).toString(), '2.1.0', 'no instant given: no brownout looked at');
  t.equal(negotiation.select(json('3.0.0'), day, inside).toString(), '3.0.0', 'another version: served');
  t.type(negotiation.select(json('9.0.0'), day, inside), UnsupportedVersionError, 'a refusal stays that refusal');
});
