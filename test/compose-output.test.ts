import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

// A process test: what a service composed without an output writes is the process's own stdout and stderr.
const SCRIPT = `
import { createServer } from 'node:http';
import { composeApi } from 'version-aware-api';
import { REFERENCE_API } from 'version-aware-api/reference';
const ok = await composeApi(REFERENCE_API, { TODAY: '2026-11-22' });
const server = createServer(ok.handle).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
for (const path of ['/doggies/1/', '/cats/1/']) await (await fetch('http://127.0.0.1:' + server.address().port + path)).arrayBuffer();
server.close();
await ok.stop();
process.stdout.write('done\\n');
`;

t.test('composeApi without an output writes its access lines to the process stdout, as runApi does', async (t) => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  t.equal(code, 0, stderr);
  const lines = stdout.trim().split('\n');
  const access = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
  t.match(access, [
    { method: 'GET', path: '/doggies/1/', status: 200, version: '5.0.0' },
    { method: 'GET', path: '/cats/1/', status: 200, version: '5.0.0' },
  ]);
  t.same(
    lines.filter((line) => !line.startsWith('{')),
    ['done'],
    "the script's own line besides: the service's lines are whole lines of their own, flushed by the exit at the latest",
  );
});
