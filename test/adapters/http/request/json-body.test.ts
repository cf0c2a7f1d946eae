import t from 'tap';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { MAX_BODY_BYTES, MAX_BODY_DEPTH, MAX_RECORD_BODY_BYTES, readJsonBody } from '../../../../src/adapters/http/request/json-body.js';
import { Refusal } from '../../../../src/domain/errors/refusal.js';
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

/** A JSON text nesting `depth` levels, `open` and `close` each level (a scalar inside). */
const nested = (depth: number, open = '[', close = ']'): string => `${open.repeat(depth)}${open === '[' ? '1' : ''}${close.repeat(depth)}`;

t.test('a body nesting arrays and objects up to MAX_BODY_DEPTH levels is read; a level more is a 400', async (t) => {
  t.equal(MAX_BODY_DEPTH, 32);
  const read = (text: string) => readJsonBody(requestWith(JSON_TYPE, [text]));
  t.same(await read(nested(32)), JSON.parse(nested(32)), '32 levels of arrays: read');
  const deeper = await read(nested(33));
  t.type(deeper, MalformedBodyError, '33 levels: refused');
  t.equal((deeper as Error).message, 'The body nests arrays and objects deeper than 32 levels.');
  const objects = (depth: number): string => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
  t.same(await read(objects(32)), JSON.parse(objects(32)), '32 levels of objects: read');
  t.type(await read(objects(33)), MalformedBodyError, '33 levels of objects: refused');
  const mixed = JSON.stringify({ shallow: [1, 2, { b: null }], deep: JSON.parse(nested(31)) as unknown });
  t.same(await read(mixed), JSON.parse(mixed), 'a member 31 levels down, inside the top object: 32 in all, read');
  const tooDeepLater = JSON.stringify({ first: null, second: 'x', third: JSON.parse(nested(32)) as unknown });
  t.type(await read(tooDeepLater), MalformedBodyError, 'the deep member after scalars and null: still found');
  const tooDeepFirst = JSON.stringify([JSON.parse(nested(32)), 1]);
  t.type(await read(tooDeepFirst), MalformedBodyError, 'the deep member first of an array: still found');
  t.same(await read('[[], {}, null, "s", 1]'), [[], {}, null, 's', 1], 'empty members and scalars count as their own level or none');
  t.equal(await read('7'), 7, 'a scalar body');
});

t.test('a record write takes up to 64 KiB, and a merge patch its own media type too', async (t) => {
  t.equal(MAX_RECORD_BODY_BYTES, 65536);
  const merge = { 'content-type': 'application/merge-patch+json' };
  t.same(await readJsonBody(requestWith(merge, ['{"name": null}']), { mergePatch: true }), { name: null }, 'merge-patch+json taken');
  t.same(await readJsonBody(requestWith(JSON_TYPE, ['{}']), { mergePatch: true }), {}, 'application/json taken for a merge patch too');
  for (const type of ['Application/Merge-Patch+JSON', 'application/merge-patch+json; charset=utf-8', 'application/merge-patch+json ;x=1']) {
    t.same(await readJsonBody(requestWith({ 'content-type': type }, ['{}']), { mergePatch: true }), {}, `${type}: taken`);
  }
  for (const type of [
    'application/merge-patchjson',
    'application/merge-patch+jsonx',
    'text/application/merge-patch+json',
    'application/merge-patch+',
  ]) {
    t.type(await readJsonBody(requestWith({ 'content-type': type }, ['{}']), { mergePatch: true }), UnsupportedMediaTypeError, `${type}: refused`);
  }
  const plain = await readJsonBody(requestWith(merge, ['{}']));
  t.type(plain, UnsupportedMediaTypeError, 'merge-patch+json where only JSON is taken: refused');
  t.equal((plain as Error).message, 'The body must be JSON: send Content-Type: application/json.', 'naming JSON only');
  const mergeRefused = await readJsonBody(requestWith({ 'content-type': 'text/plain' }, ['{}']), { mergePatch: true });
  t.match(mergeRefused, { message: /merge-patch\+json/ }, 'where a merge patch is taken: naming it');
  t.same(
    await readJsonBody(requestWith({ ...JSON_TYPE, 'content-length': '1025' }, [jsonOf(1025)]), { maxBytes: 2048 }),
    'x'.repeat(1023),
    'a larger limit given',
  );
});

/** What a request's stream still holds when a framework read its body before: the layer must not read it. */
const UNREAD = ['{"from": "the stream"}'];

t.test('a body a framework parsed before the layer: taken as it is, once its media type and declared length pass', async (t) => {
  const value = { version: '5.0.0' };
  const req = requestWith(JSON_TYPE, UNREAD);
  t.equal(await readJsonBody(req, {}, { parsed: value }), value, 'the parser’s value itself, not the stream’s');
  t.same(listenersOf(req), [0, 0, 0], 'the stream is not listened to');
  t.equal(await readJsonBody(requestWith(JSON_TYPE, UNREAD), {}, { parsed: 7 }), 7, 'a scalar');
  t.equal(await readJsonBody(requestWith(JSON_TYPE, UNREAD), {}, { parsed: null }), null, 'null');
  const merge = { 'content-type': 'application/merge-patch+json' };
  t.equal(await readJsonBody(requestWith(merge, UNREAD), { mergePatch: true }, { parsed: value }), value, 'a merge patch');
  const cases: [string, Record<string, string>, typeof UnsupportedMediaTypeError | typeof BodyTooLargeError][] = [
    ['no media type', {}, UnsupportedMediaTypeError],
    ['another media type', { 'content-type': 'text/plain' }, UnsupportedMediaTypeError],
    ['a merge patch where only JSON is taken', merge, UnsupportedMediaTypeError],
    ['a declared length over the limit', { ...JSON_TYPE, 'content-length': '1025' }, BodyTooLargeError],
  ];
  for (const [what, headers, refusal] of cases) {
    t.type(await readJsonBody(requestWith(headers, UNREAD), {}, { parsed: value }), refusal, `${what}: refused as if read here`);
  }
  const declared = { ...JSON_TYPE, 'content-length': '1025' };
  t.equal(
    await readJsonBody(requestWith(declared, UNREAD), { maxBytes: 2048 }, { parsed: value }),
    value,
    'that length under a larger limit given: taken',
  );
});

t.test('a value a framework parsed nesting up to MAX_BODY_DEPTH levels is taken; a level more is a 400', async (t) => {
  const parsed = (text: string) => readJsonBody(requestWith(JSON_TYPE, UNREAD), {}, { parsed: JSON.parse(text) as unknown });
  t.same(await parsed(nested(32)), JSON.parse(nested(32)), '32 levels of arrays: taken');
  const deeper = await parsed(nested(33));
  t.type(deeper, MalformedBodyError, '33 levels: refused');
  t.equal((deeper as Error).message, 'The body nests arrays and objects deeper than 32 levels.');
  t.type(await parsed('{"a":'.repeat(32) + '{}' + '}'.repeat(32)), MalformedBodyError, '33 levels of objects: refused');
});

t.test('a body a framework read as text or bytes: decoded and parsed as one read here, its limit in bytes', async (t) => {
  const read = (parsed: string | Buffer, maxBytes?: number) =>
    readJsonBody(requestWith(JSON_TYPE, UNREAD), maxBytes === undefined ? {} : { maxBytes }, { parsed });
  t.same(await read('{"version": "5.0.0"}'), { version: '5.0.0' }, 'text (express.text()): parsed');
  t.same(await read(Buffer.from('{"version": "5.0.0"}')), { version: '5.0.0' }, 'bytes (express.raw()): parsed');
  const notJson = await read('{"version": ');
  t.type(notJson, MalformedBodyError, 'text that is not JSON: refused');
  t.match((notJson as Error).message, /^The body is not JSON: /);
  t.match(await read(Buffer.from('7b2276223a2022ff227d', 'hex')), { message: 'The body is not valid UTF-8.' }, 'bytes that are not UTF-8');
  t.equal(await read(jsonOf(MAX_BODY_BYTES)), JSON.parse(jsonOf(MAX_BODY_BYTES)), 'text at the limit: parsed');
  t.equal(await read(Buffer.from(jsonOf(MAX_BODY_BYTES))), JSON.parse(jsonOf(MAX_BODY_BYTES)), 'bytes at the limit: parsed');
  for (const [what, over] of [
    ['text a byte over', jsonOf(MAX_BODY_BYTES + 1)],
    ['bytes a byte over', Buffer.from(jsonOf(MAX_BODY_BYTES + 1))],
    ['text of fewer characters than the limit, more bytes', JSON.stringify('é'.repeat(600))],
  ] as const) {
    const refused = await read(over);
    t.type(refused, BodyTooLargeError, `${what}: refused`);
    t.equal((refused as Error).message, 'The body is over 1024 bytes.', `${what}: the message`);
  }
  t.equal(await read(jsonOf(MAX_BODY_BYTES + 1), 2048), 'x'.repeat(1023), 'a larger limit given');
  t.type(await read(nested(33)), MalformedBodyError, 'text nesting 33 levels: refused');
});

t.test('a body lost before the layer (its stream read, nothing kept): a fault naming why, after the checks of its headers', async (t) => {
  const why = 'the body was read before the layer';
  const fault: unknown = await readJsonBody(requestWith(JSON_TYPE, UNREAD), {}, { lost: why }).then(
    () => t.fail('answered'),
    (error: unknown) => error,
  );
  t.type(fault, Error, 'rejected');
  t.notOk(fault instanceof Refusal, 'a fault, not a refusal');
  t.equal((fault as Error).message, why, 'naming why');
  const wrongType = await readJsonBody(requestWith({ 'content-type': 'text/plain' }, UNREAD), {}, { lost: why });
  t.type(wrongType, UnsupportedMediaTypeError, 'of another media type: refused first');
});
