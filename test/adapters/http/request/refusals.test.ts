import t from 'tap';
import { VersionModelError } from '../../../../src/domain/versioning/version-model-error.js';
import { errorResponseFor } from '../../../../src/adapters/http/request/refusals.js';
import { DependencyUnavailableError } from '../../../../src/application/errors/refusals.js';
import { StartupError } from '../../../../src/domain/errors/startup-error.js';
import { Refusal } from '../../../../src/domain/errors/refusal.js';

t.test('a dependency that is unavailable is a 503 with Retry-After and a fixed detail, whatever the cause', async (t) => {
  const error = new DependencyUnavailableError('database', { cause: new Error('connect ECONNREFUSED 10.0.0.5:5432') });
  t.same(errorResponseFor(error), { status: 503, detail: 'Service unavailable.', headers: { 'Retry-After': '5' } });
  t.equal(error.cause instanceof Error, true, 'the cause is kept for the logs');
  t.equal(new DependencyUnavailableError('database').cause, undefined, 'a cause is optional');
});

t.test('a start-up failure is not a refusal: no client is answered with it, whatever its code', async (t) => {
  const failures: [string, StartupError][] = [
    ['a bad setting', new StartupError('bad setting: PORT="x"')],
    ['a wrong declaration', new VersionModelError(['version 1.0.0 is declared twice; declare each version once'])],
  ];
  for (const [label, failure] of failures) {
    t.notOk(failure instanceof Refusal, `${label} is not a Refusal`);
    t.equal(errorResponseFor(failure), undefined, `${label}: no response of the table`);
    t.equal(failure.name, failure.constructor.name, `${label}: named by its class`);
  }
});
