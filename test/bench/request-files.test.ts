import t from 'tap';
import { filesOfRequest } from '../../bench/request-files/files-of-request.js';
import { acceptVersion, startService } from '../fixtures/service.js';

t.test("the files a warmed request runs code of: the handler's and the use case's, not what ran only at start", async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const root = new URL('./', import.meta.resolve('../../src/container.js')).href;
  const files = await filesOfRequest(`${service.url}/doggies/1/`, acceptVersion('2.1.0'), root);
  t.ok(
    files.some((file) => file.startsWith('adapters/http/api-request-handler.')),
    'the pipeline',
  );
  t.ok(
    files.some((file) => file.startsWith('application/use-cases/retrieve-record.')),
    'the use case',
  );
  t.notOk(
    files.some((file) => file.startsWith('container.')),
    'not the composition root, which ran at start only',
  );
  t.same([...files].sort(), files, 'in order');
  t.same(await filesOfRequest(`${service.url}/doggies/1/`, acceptVersion('2.1.0'), 'file:///nowhere/'), [], 'none outside the root');
});
