import { Session } from 'node:inspector/promises';

/**
 * The files under `root` whose code one request runs, as V8's precise coverage of that request alone counts it: the
 * request is sent twice first, so that what runs once per process (a memo's first fill, a lazy import) is left out.
 * `root` is a URL prefix (`file:///…/dist/`); the files are named from it, in order.
 */
export async function filesOfRequest(url: string, headers: Readonly<Record<string, string>>, root: string): Promise<string[]> {
  const send = async (): Promise<void> => {
    await (await fetch(url, { headers })).arrayBuffer();
  };
  await send();
  await send();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await send();
    const { result } = await session.post('Profiler.takePreciseCoverage');
    await session.post('Profiler.stopPreciseCoverage');
    return result
      .filter(({ url: script, functions }) => script.startsWith(root) && functions.some(({ ranges }) => (ranges[0]?.count ?? 0) > 0))
      .map(({ url: script }) => script.slice(root.length))
      .sort();
  } finally {
    session.disconnect();
  }
}
