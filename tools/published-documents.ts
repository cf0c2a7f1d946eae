import { composeService } from '../src/container.js';

/**
 * Every supported version's OpenAPI document, by version, as the service publishes it under the settings `env`
 * adds (REMOVED_IN, AGE_REMOVAL, …): the service is started on a free loopback port with the in-memory storage and
 * asked for each, as a client would, then stopped. The documents never depend on the storage.
 */
export async function publishedDocuments(env: Record<string, string> = {}): Promise<Map<string, object>> {
  const { DATABASE_URL: _database, ...environment } = process.env;
  const service = await composeService(
    { ...environment, ...env, STORAGE: 'memory', ACCESS_LOG: 'off' },
    { stdout: () => undefined, stderr: (line) => console.error(line) },
  );
  try {
    const { port } = await service.server.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${port}`;
    const versions = ((await (await fetch(`${url}/version/`)).json()) as { version: string }[]).map(({ version }) => version);
    const documents = new Map<string, object>();
    for (const version of versions) {
      const response = await fetch(`${url}/openapi.json`, { headers: { accept: `application/json; version=${version}` } });
      documents.set(version, (await response.json()) as object);
    }
    return documents;
  } finally {
    await service.stop();
  }
}
