import t from 'tap';
import { errorResponseFor } from '../../../../src/adapters/http/response/error-responses.js';
import { DependencyUnavailableError } from '../../../../src/application/errors/dependency-unavailable-error.js';

t.test('a dependency that is unavailable is a 503 with Retry-After and a fixed detail, whatever the cause', async (t) => {
  const error = new DependencyUnavailableError('database', { cause: new Error('connect ECONNREFUSED 10.0.0.5:5432') });
  t.same(errorResponseFor(error), { status: 503, detail: 'Service unavailable.', headers: { 'Retry-After': '5' } });
  t.equal(error.cause instanceof Error, true, 'the cause is kept for the logs');
  t.equal(new DependencyUnavailableError('database').cause, undefined, 'a cause is optional');
});
