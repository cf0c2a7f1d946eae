import t from 'tap';
import { withRefusals } from '../../../../src/adapters/http/openapi/refusal-responses.js';

type Response = { description: string; headers: Record<string, { required?: boolean; description: string }> };

t.test('each refusal at the status the error table gives its code, with the headers it sends', async (t) => {
  const responses = withRefusals({ 400: { description: 'A request that cannot be read.', headers: {} } }, [
    { code: 'invalid_token', when: 'A key that is not one' },
    { code: 'missing_token', when: 'No key' },
    { code: 'invalid_authorization', when: 'An Authorization that cannot be read' },
    { code: 'body_too_large', when: 'A body too large' },
  ]) as Record<string, Response>;
  t.same(Object.keys(responses), ['400', '401', '413'], 'a status per code');
  t.equal(responses[401]?.description, 'A key that is not one. No key.', 'the cases of a new status');
  t.match(responses[401]?.headers['WWW-Authenticate'], { required: true }, 'sent by every refusal of a new status: required');
  t.match(responses[401]?.headers['WWW-Authenticate']?.description, /`Bearer realm="version-aware-api", error="invalid_token"` \(a key/);
  t.match(responses[401]?.headers, { Vary: { required: true } }, 'an error response, with the common headers');
  t.equal(responses[400]?.description, 'A request that cannot be read. An Authorization that cannot be read.', 'a case added to a status');
  t.notOk(responses[400]?.headers['WWW-Authenticate']?.required, "optional: the status's other causes do not send it");
  t.same(responses[413]?.headers.Connection, { description: 'Always `close`.', schema: { type: 'string' }, required: true });
});

t.test('a code the error table does not hold is a fault of the contract, named', async (t) => {
  t.throws(() => withRefusals({}, [{ code: 'no_such_code', when: 'Never' }]), /the refusal "no_such_code" of a contract has no status/);
});
