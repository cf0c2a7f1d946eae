// Loads the repository's TypeScript as tsc compiled it before the run (test/loader/build-once.mjs): `node
// --import=./test/loader/register.mjs file.ts`. tap passes it to every test process (.taprc).
import { register } from 'node:module';

register('./compiled-typescript.mjs', import.meta.url);
