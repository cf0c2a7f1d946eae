import { createServer } from 'node:http';
import t from 'tap';
import type { ApiServer } from '../../src/adapters/http/api-server.js';
import { publishedVersions, type Compose } from '../../src/contracts/published-versions.js';

/**
 * A stand-in for the composed service: a server answering `answers` by path, the settings it was composed with and the
 * lines it was given to write kept.
 */
function standIn(answers: Record<string, [number, string]>): { compose: Compose; composed: object[]; stopped: () => boolean } {
  const composed: object[] = [];
  let stopped = false;
  const http = createServer((req, res) => {
    const [status, body] = answers[req.url as string] ?? [404, '{"detail":"Not found."}'];
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  const compose: Compose = async (environment, output) => {
    composed.push(environment);
    output.stdout('a line the service writes');
    output.stderr('a warning the service writes');
    const server = {
      listen: (port: number, host: string) =>
        new Promise<{ port: number }>((resolve) => http.listen(port, host, () => resolve(http.address() as { port: number }))),
    } as unknown as ApiServer;
    return { server, stop: () => new Promise<void>((resolve) => http.close(() => resolve(void (stopped = true)))) };
  };
  return { compose, composed, stopped: () => stopped };
}

t.test('the memory storage, no access log, whatever the settings; a refused answer names the path and the version', async (t) => {
  const { compose, composed, stopped } = standIn({ '/version/': [200, '[{"version":"1.0.0"}]'], '/openapi.json': [500, '{"detail":"boom"}'] });
  await t.rejects(publishedVersions({ TODAY: '2026-11-22', STORAGE: 'postgres', DATABASE_URL: 'postgres://x@y/z' }, compose), {
    message: '/openapi.json at 1.0.0 answered 500: {"detail":"boom"}',
  });
  t.same(composed, [{ TODAY: '2026-11-22', STORAGE: 'memory', DATABASE_URL: undefined, ACCESS_LOG: 'off' }]);
  t.ok(stopped(), 'stopped all the same');
  const changelog = standIn({ '/version/': [503, '{"detail":"down"}'] });
  await t.rejects(publishedVersions({}, changelog.compose), { message: '/version/ answered 503: {"detail":"down"}' }, 'the changelog refused');
});

t.test('the changelog and documents read where the API places them', async (t) => {
  const { compose } = standIn({ '/api/changes/': [200, '[{"version":"1.0.0"}]'], '/api/openapi.json': [200, '{"openapi":"3.1.0"}'] });
  const published = await publishedVersions({}, compose, { changelog: '/api/changes/', openapi: '/api/openapi.json' });
  t.same([...published], [['1.0.0', { document: { openapi: '3.1.0' }, changelogEntry: { version: '1.0.0' } }]]);
});
