import t from 'tap';
import { FAULTS, failingPersistenceModule } from '../../fixtures/failing-persistence-module.js';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { call, checkJsonHeaders, waitForLines } from './fixtures/http-client.js';

const SERVER_ERROR = { detail: 'A server error occurred.' };

t.test(
  'a storage adapter that fails answers 500 with the generic body, logs the error once with the request line, and the service keeps serving',
  async (t) => {
    const service = await startService(t, {}, { persistence: failingPersistenceModule });
    const cases: [string, string, string, RegExp][] = [
      ['a synchronous throw in the repository', `/doggies/${FAULTS.throws}/`, '5.0.0', /Error: storage driver crashed looking up 901/],
      ['a rejected promise from the repository', `/cats/${FAULTS.rejects}/`, '4.0.0', /Error: storage rejected the lookup of 902/],
      ['a rejection with a string', `/doggies/${FAULTS.rejectsWithString}/`, '5.0.0', /^storage said no to 903$/],
      ['a rejection with an object that has no prototype', `/doggies/${FAULTS.rejectsWithBareObject}/`, '5.0.0', /bare failure for 904/],
      ['a throw from a transform, on a record the adapter got wrong', `/doggies/${FAULTS.returnsBrokenRecord}/`, '3.0.0', /TypeError/],
      ['a throw while listing a page', `/doggies/?limit=${FAULTS.listThrows}`, '2.0.0', /TypeError: cannot read the page of 906/],
    ];
    for (const [what, path, version, logged] of cases) {
      const before = service.stderr.length;
      const reply = await call(service.url, path, { headers: acceptVersion(version) });
      t.equal(reply.status, 500, `${what}: 500`);
      t.same(reply.json, SERVER_ERROR, `${what}: the generic body, no detail of the failure`);
      checkJsonHeaders(t, reply, version, what);
      await waitForLines(service.stderr, before + 1);
      t.equal(service.stderr.length, before + 1, `${what}: exactly one error line`);
      const line = JSON.parse(service.stderr[before] as string) as Record<string, unknown>;
      t.match(line, { level: 'error', request: `GET ${path.replace(/\?.*/, '')}` }, `${what}: the line names the request`);
      t.match(line['error'], logged, `${what}: the line says what failed`);

      const next = await call(service.url, '/doggies/1/', { headers: acceptVersion(version) });
      t.equal(next.status, 200, `${what}: the next request is served`);
    }
    const broken = await call(service.url, `/doggies/${FAULTS.returnsBrokenRecord}/`, { headers: acceptVersion('5.0.0') });
    t.equal(broken.status, 200, 'the same wrong record at 5.0.0, where no transform runs, is served as it is');
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.equal(service.stderr.length, cases.length, 'no error was logged twice');
    const statuses = service.stdout.map((line) => (JSON.parse(line) as { status: number }).status);
    t.equal(statuses.filter((status) => status === 500).length, cases.length, 'the access log has each 500');
  },
);
