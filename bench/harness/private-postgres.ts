import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A throwaway PostgreSQL server of one run's own, which it may stop and start without disturbing anyone else's. */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, trusted local connections. */
  readonly url: string;
  start(): Promise<void>;
  /** A fast shutdown: the server ends every connection (57P01) and stops. */
  stop(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/** Where initdb and pg_ctl are: pg_config's answer, else Debian's newest /usr/lib/postgresql/<version>/bin. */
async function serverBinaries(): Promise<string | undefined> {
  const fromConfig = await run('pg_config', ['--bindir']).then(
    ({ stdout }) => stdout.trim(),
    () => undefined,
  );
  const candidates = fromConfig === undefined ? [] : [fromConfig];
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  candidates.push(...versions.sort((a, b) => Number(b) - Number(a)).map((version) => `/usr/lib/postgresql/${version}/bin`));
  for (const bin of candidates) {
    if (
      await run(join(bin, 'initdb'), ['--version']).then(
        () => true,
        () => false,
      )
    )
      return bin;
  }
  return undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * initdb into a temporary folder and start it on a free port. PostgreSQL refuses to run as root, so as root it runs
 * as the `postgres` user. Undefined when no PostgreSQL server binaries are installed.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres | undefined> {
  const bin = await serverBinaries();
  if (bin === undefined) return undefined;
  const dir = await mkdtemp(join(tmpdir(), 'vaa-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(dir, uid, gid);
  }
  const pg = (program: string, args: readonly string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : run(join(bin, program), [...args]);
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
    },
    stop: async () => {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    remove: async () => {
      await server.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
