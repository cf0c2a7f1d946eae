/** The parts of a V8 `.cpuprofile` (what `node --cpu-prof` writes) that self time is read from. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  /** Microseconds on the system's monotonic clock (what process.hrtime reads, in ns), at the first sample. */
  readonly startTime: number;
  readonly samples: readonly number[];
  /** Microseconds since the previous sample; the i-th is counted to the i-th sample's node. */
  readonly timeDeltas: readonly number[];
}

/** One function's self time: where the CPU was when sampled, its callees apart. */
export interface Frame {
  /** `name file:line`, the file relative to the project (`dist/…`, `node_modules/…`) or Node's own (`node:…`). */
  readonly frame: string;
  readonly selfMicros: number;
  /** Of the profile's time, the idle time apart. */
  readonly share: number;
}

/**
 * A profile's frames by self time, largest first, the same function's nodes (one per call path) summed; idle time
 * apart. Only the samples within `window` (monotonic µs) count: the load, not the start or the warm-up.
 */
export function topFrames(
  profile: CpuProfile,
  root: string,
  count: number,
  window: { readonly from: number; readonly to: number } = { from: -Infinity, to: Infinity },
): { readonly frames: readonly Frame[]; readonly busyMicros: number } {
  const keyOf = new Map<number, string>();
  for (const { id, callFrame } of profile.nodes) {
    const file = callFrame.url.startsWith(`file://${root}/`) ? callFrame.url.slice(`file://${root}/`.length) : callFrame.url;
    const name = callFrame.functionName === '' ? '(anonymous)' : callFrame.functionName;
    keyOf.set(id, file === '' ? name : `${name} ${file}:${callFrame.lineNumber + 1}`);
  }
  const self = new Map<string, number>();
  let busyMicros = 0;
  let time = profile.startTime;
  profile.samples.forEach((node, index) => {
    const key = keyOf.get(node) ?? '(unknown)';
    const micros = profile.timeDeltas[index] ?? 0;
    time += micros;
    if (key === '(idle)' || time < window.from || time > window.to) return;
    busyMicros += micros;
    self.set(key, (self.get(key) ?? 0) + micros);
  });
  const frames = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, selfMicros]) => ({ frame, selfMicros, share: busyMicros === 0 ? 0 : selfMicros / busyMicros }));
  return { frames, busyMicros };
}

/** The frames as a Markdown table: rank, self time share, frame. */
export function framesTable(frames: readonly Frame[]): string {
  return [
    '| # | self | frame |',
    '|---:|---:|---|',
    ...frames.map((frame, index) => `| ${index + 1} | ${(frame.share * 100).toFixed(1)} % | \`${frame.frame}\` |`),
  ].join('\n');
}
