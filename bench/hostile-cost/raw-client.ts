import { connect, type Socket } from 'node:net';
import type { HostileRequest } from './shapes.js';

/** What came back for one request: its status and how long it took from the first byte sent to the last received. */
export interface RawAnswer {
  readonly status: number;
  readonly millis: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** The bytes of a GET with the request's headers; Host is added unless the request brings its own. */
export function requestBytes({ target, headers }: HostileRequest): Buffer {
  const lines = [`GET ${target} HTTP/1.1`];
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'host')) lines.push('Host: 127.0.0.1');
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/**
 * A keep-alive HTTP/1.1 connection that sends one request at a time and reads its whole answer (by Content-Length),
 * opening a new connection when the server closed the last one.
 */
export class RawClient {
  #socket: Socket | undefined;
  #pending: Buffer = Buffer.alloc(0);
  #waiter: (() => void) | undefined;
  #closed = true;

  constructor(
    private readonly port: number,
    private readonly timeoutMs: number,
  ) {}

  async send(bytes: Buffer): Promise<RawAnswer> {
    const socket = await this.#open();
    const started = performance.now();
    socket.write(bytes);
    const deadline = started + this.timeoutMs;
    let headEnd = this.#pending.indexOf(HEAD_END);
    while (headEnd < 0) {
      await this.#more(deadline);
      headEnd = this.#pending.indexOf(HEAD_END);
    }
    const head = this.#pending.subarray(0, headEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    const total = headEnd + HEAD_END.length + length;
    while (this.#pending.length < total) await this.#more(deadline);
    this.#pending = this.#pending.subarray(total);
    if (/\r\nconnection:\s*close/i.test(head)) this.close();
    return { status, millis: performance.now() - started };
  }

  close(): void {
    this.#socket?.destroy();
    this.#socket = undefined;
    this.#closed = true;
    this.#pending = Buffer.alloc(0);
  }

  async #open(): Promise<Socket> {
    if (this.#socket !== undefined && !this.#closed) return this.#socket;
    const socket = connect(this.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    this.#socket = socket;
    this.#closed = false;
    this.#pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
      this.#wake();
    });
    socket.on('close', () => {
      this.#closed = true;
      this.#wake();
    });
    socket.on('error', () => {});
    return socket;
  }

  #wake(): void {
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.();
  }

  async #more(deadline: number): Promise<void> {
    if (this.#closed) throw new Error('the server closed the connection before it answered');
    const left = deadline - performance.now();
    if (left <= 0) throw new Error(`no answer within ${this.timeoutMs} ms`);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiter = undefined;
        reject(new Error(`no answer within ${this.timeoutMs} ms`));
      }, left);
      this.#waiter = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
