// The service as one process, composed with the memos BENCH_WITHOUT_MEMOS names (comma-separated) turned off
// (forgetful-parts.ts), for `npm run compare -- --caches=each`; the other settings as `npm start`
// reads them. It prints the listening line the bench waits for, and stops on SIGTERM.
import { composeService } from '../../src/reference-api.js';
import { memoNames, withoutMemos } from './forgetful-parts.js';

const without = memoNames(process.env['BENCH_WITHOUT_MEMOS'] ?? '');
const service = await composeService(
  process.env,
  { stdout: (line) => process.stdout.write(`${line}\n`), stderr: (line) => process.stderr.write(`${line}\n`) },
  { modules: [withoutMemos(without)] },
);
const { host, port } = service.settings;
const address = await service.server.listen(port, host);
process.stdout.write(`${JSON.stringify({ message: 'listening', url: `http://${host}:${address.port}`, without })}\n`);
process.once('SIGTERM', () => void service.stop().then(() => process.exit(0)));
