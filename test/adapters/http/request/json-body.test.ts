import t from 'tap';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { MAX_BODY_BYTES, readJsonBody } from '../../../../src/adapters/http/request/json-body.js';
import { BodyTooLargeError, MalformedBodyError, UnsupportedMediaTypeError } from '../../../../src/adapters/http/request/refusals.js';

/** A request as node gives it: its headers, and a body stream that sends `chunks` and ends (or fails, with `failure`). */
function requestWith(headers: Record<string, string>, chunks: readonly string[], failure?: Error): IncomingMessage {
  const body = new Readable({ read() {} });
  for (const chunk of chunks) body.push(Buffer.from(chunk));
  if (failure === undefined) body.push(null);
  else setImmediate(() => body.destroy(failure));
  return Object.assign(body, { headers }) as unknown as IncomingMessage;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** A JSON string of exactly `bytes` bytes. */
const jsonOf = (bytes: number): string => JSON.stringify('x'.repeat(bytes - 2));

/** Each listener readJsonBody attaches to the request, by event: none once it has answered. */
const listenersOf = (req: IncomingMessage) => ['data', 'end', 'error'].map((event) => req.listenerCount(event));

t.test('a JSON body is parsed; the media type application/json, any case, with or without parameters', async (t) => {
  for (const type of ['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/json ;charset=utf-8']) {
    t.same(await readJsonBody(requestWith({ 'content-type': type }, ['{"version": ', '"5.0.0"}'])), { version: '5.0.0' }, type);
  }
  for (const type of ['text/plain', 'text/application/json', 'application/jsonp', 'application/json-seq']) {
    t.type(await readJsonBody(requestWith({ 'content-type': type }, ['{}'])), UnsupportedMediaTypeError, `${type}: refused`);
  }
  t.type(await readJsonBody(requestWith({}, ['{}'])), UnsupportedMediaTypeError, 'no media type: refused');
});

t.test('a body of MAX_BODY_BYTES is read, declared or not; one byte more is refused, declared or sent', async (t) => {
  t.equal(MAX_BODY_BYTES, 1024);
  const full = jsonOf(MAX_BODY_BYTES);
  t.equal(await readJsonBody(requestWith(JSON_TYPE, [full])), JSON.parse(full), 'sent, at the limit: read');
  t.equal(await readJsonBody(requestWith({ ...JSON_TYPE, 'content-length': '1024' }, [full])), JSON.parse(full), 'declared, at the limit: read');
  const over = requestWith(JSON_TYPE, [full.slice(0, 1000), full.slice(1000), ' ', 'and the rest, never read']);
  const refused = await readJsonBody(over);
  t.type(refused, BodyTooLargeError, 'sent, a byte over: refused');
  t.equal((refused as Error).message, 'The body is over 1024 bytes.');
  t.same(listenersOf(over), [0, 0, 0], 'no listener left on the request');
  const declared = await readJsonBody(requestWith({ ...JSON_TYPE, 'content-length': '1025' }, ['{}']));
  t.type(declared, BodyTooLargeError, 'declared over the limit: refused before a byte is read, whatever is sent');
});

t.test('a body that is not UTF-8 or not JSON: 400 saying which; a request that fails while sending: answered with what came', async (t) => {
  const req = requestWith(JSON_TYPE, ['{"version": ']);
  const notJson = await readJsonBody(req);
  t.type(notJson, MalformedBodyError);
  t.match((notJson as Error).message, /^The body is not JSON: /);
  t.same(listenersOf(req), [0, 0, 0], 'no listener left on the request');
  const bytes = requestWith(JSON_TYPE, []);
  bytes.unshift(Buffer.from('7b2276223a2022ff227d', 'hex'));
  t.match(await readJsonBody(bytes), { message: 'The body is not valid UTF-8.' });
  const failing = requestWith(JSON_TYPE, ['{"version": '], new Error('connection reset'));
  const outcome = await Promise.race([readJsonBody(failing), new Promise((resolve) => setTimeout(resolve, 2000, 'never answered'))]);
  t.type(outcome, MalformedBodyError, 'a failed request is answered, not left waiting');
});
