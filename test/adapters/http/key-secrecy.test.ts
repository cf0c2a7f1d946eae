import t from 'tap';
import { request as httpRequest } from 'node:http';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { bearer, keyedClient, withClients } from '../../fixtures/clients.js';

const secret = keyedClient('secret-keeper', '3.0.0');

/** A raw request, so that two Authorization fields and bytes outside ASCII reach the server as sent. */
function send(port: number, method: string, path: string, headers: [string, string][], body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const fields = [['Host', `127.0.0.1:${port}`], ...headers].flat();
    const request = httpRequest({ port, method, path, headers: fields as unknown as Record<string, string> });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(`${response.statusCode} ${JSON.stringify(response.rawHeaders)}\n${Buffer.concat(chunks).toString('latin1')}`));
    });
    request.on('error', reject);
    request.end(body);
  });
}

t.test('the key and its hash never reach a log line, a metric, a body or a response header', async (t) => {
  const service = await startService(t, { METRICS_PORT: '0', CACHE_MAX_AGE: '60' }, withClients([secret]));
  const key = secret.key;
  const good: [string, string] = ['Authorization', `Bearer ${key}`];
  const seen: string[] = [];
  const cases: [string, string, [string, string][], string?][] = [
    ['GET', '/doggies/1/', [good]],
    ['GET', '/doggies/?limit=2', [good]],
    ['GET', '/doggies/1/', [good, ['Accept', acceptVersion('9.9.9').accept]]],
    ['GET', '/doggies/999/', [good]],
    ['GET', '/nowhere/', [good]],
    ['DELETE', '/doggies/1/', [good]],
    ['GET', '/client/', [good]],
    ['PUT', '/client/version', [good, ['Content-Type', 'application/json']], `{"version": "${key}"}`],
    ['PUT', '/client/version', [good, ['Content-Type', 'application/json']], `{"${key}": 1}`],
    ['PUT', '/client/version', [good, ['Content-Type', 'application/json']], `{"version": "2.1.0"}`],
    ['PUT', '/client/version', [good, ['Content-Type', 'application/json']], `not json ${key}`],
    ['GET', '/doggies/1/', [good, good]],
    ['GET', `/doggies/${key}/`, [good]],
    ['GET', '/doggies/1/', [['Accept', acceptVersion(key).accept]]],
    ['GET', '/doggies/1/', [good, ['Accept', `application/json; ${key}=1`]]],
    ['GET', '/doggies/1/', [['Authorization', `Bearer ${key}x`]]],
    ['GET', '/doggies/1/', [['Authorization', `Basic ${key}`]]],
    ['GET', '/doggies/1/', [['Authorization', key]]],
    ['GET', '/doggies/1/', [['Authorization', `Bearer ${key.slice(0, -1)}`]]],
    ['GET', '/doggies/1/', [good, ['User-Agent', `my-app/1.0 (key ${key})`]]],
    ['GET', '/doggies/1/', [['User-Agent', `${'x'.repeat(250)}${key}`]]],
    ['GET', `/doggies/?q=${key.replace('_', '%5F')}`, [good]],
    ['GET', `/doggies/?q=${key.replace('_', '%5f')}`, [['User-Agent', key.replace('_', '%5F')]]],
  ];
  for (const [method, path, headers, body] of cases) seen.push(await send(service.port, method, path, headers, body));
  const preflight = await fetch(`${service.url}/client/version`, {
    method: 'OPTIONS',
    headers: { ...bearer(key), origin: 'https://app.example', 'access-control-request-method': 'PUT' },
  });
  seen.push(JSON.stringify([...preflight.headers]), await preflight.text());
  const metrics = await (service.metrics as NonNullable<typeof service.metrics>).metrics();
  const everything = { responses: seen.join('\n'), stdout: service.stdout.join('\n'), stderr: service.stderr.join('\n'), metrics };
  t.equal(seen.length, cases.length + 2);
  t.equal(service.stdout.length, cases.length + 1, 'one access line per request');
  t.ok(
    service.stdout.some((line) => line.includes(`"client":"secret-keeper"`)),
    'the access log names the client',
  );
  for (const [where, text] of Object.entries(everything)) {
    t.notOk(text.includes(key), `${where}: no key`);
    const pieces = Array.from({ length: key.length - 11 }, (_, start) => key.slice(start, start + 12));
    t.same(
      pieces.filter((piece) => text.includes(piece)),
      [],
      `${where}: not even 12 characters of it`,
    );
    t.notOk(text.includes(secret.client.keyHash), `${where}: no hash`);
  }
});
