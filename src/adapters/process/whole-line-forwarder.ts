import type { Readable } from 'node:stream';

const NEWLINE = 0x0a;
const NEWLINE_BYTES = Buffer.from('\n');
/** A line that has not ended after this many bytes is passed on as it is, so a worker cannot make the primary hold unbounded memory. */
export const MAX_HELD_BYTES = 1024 * 1024;

/** Where whole lines go: `write` answers false when the target wants the source to wait until `flushed` settles. */
export interface LineTarget {
  write(bytes: Uint8Array): boolean;
  flushed(): Promise<void>;
}

/**
 * Copies a worker's stdout (or stderr) to the primary's, whole lines at a time. The primary is then the
 * stream's only writer, so the lines of several workers never interleave, even when a worker's batch
 * reaches the primary in pieces that split a line: the start of such a line is held until its end comes.
 * Settles once the source has closed and all of it has been written (a last line without its newline gets one).
 */
export function forwardWholeLines(source: Readable, target: LineTarget): Promise<void> {
  const held: Buffer[] = [];
  let heldBytes = 0;
  const send = (bytes: Uint8Array): void => {
    if (target.write(bytes)) return;
    source.pause();
    void target.flushed().then(() => source.resume());
  };
  const sendHeld = (): void => {
    for (const piece of held) send(piece);
    held.length = 0;
    heldBytes = 0;
  };
  source.on('data', (chunk: Buffer) => {
    const end = chunk.lastIndexOf(NEWLINE) + 1;
    if (end > 0) {
      sendHeld();
      send(chunk.subarray(0, end));
    }
    if (end === chunk.length) return;
    held.push(chunk.subarray(end));
    heldBytes += chunk.length - end;
    if (heldBytes > MAX_HELD_BYTES) sendHeld();
  });
  // A read that fails ends the copy like the end of the stream does: 'close' follows.
  source.on('error', () => {});
  return new Promise((resolve) =>
    source.once('close', () => {
      if (held.length > 0) {
        sendHeld();
        send(NEWLINE_BYTES);
      }
      resolve();
    }),
  );
}
