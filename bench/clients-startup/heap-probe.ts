import { writeFileSync } from 'node:fs';

/**
 * Preloaded into a service started by `npm run bench:clients` (`node --expose-gc --import <this file>`), so that the
 * service itself knows nothing of it: on SIGUSR2, a full GC, then `process.memoryUsage()` written to HEAP_PROBE_FILE.
 */
const file = process.env['HEAP_PROBE_FILE'];
if (file !== undefined) {
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
