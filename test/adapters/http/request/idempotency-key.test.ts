import type { IncomingMessage } from 'node:http';
import t from 'tap';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyOf } from '../../../../src/adapters/http/request/idempotency-key.js';
import { BadRequestError } from '../../../../src/adapters/http/request/refusals.js';

const keyOf = (value?: string) => idempotencyKeyOf({ headers: value === undefined ? {} : { 'idempotency-key': value } } as IncomingMessage);
const REFUSAL = 'The Idempotency-Key header must be one key of 1 to 255 visible ASCII characters.';

t.test('the header it reads', async (t) => {
  t.equal(IDEMPOTENCY_KEY_HEADER, 'Idempotency-Key');
});

t.test('a key bare, as Stripe sends it, or quoted, as the IETF draft writes it; none without the header', async (t) => {
  t.equal(keyOf(), undefined, 'no header: no key');
  t.equal(keyOf('order-7f3a'), 'order-7f3a');
  t.equal(keyOf('"order-7f3a"'), 'order-7f3a', 'quoted: the string inside');
  t.equal(keyOf('x'), 'x', 'one character');
  t.equal(keyOf('k'.repeat(255)), 'k'.repeat(255), '255 characters');
  t.equal(keyOf('!~'), '!~', 'the ends of visible ASCII');
  t.equal(keyOf('"a"b"'), '"a"b"', 'not one quoted string: read bare, quotes and all');
  t.equal(keyOf('a"'), 'a"', 'a closing quote alone: bare');
  t.equal(keyOf('"a'), '"a', 'an opening quote alone: bare');
  t.equal(keyOf('x"ab"'), 'x"ab"', 'a quoted string after other text: bare');
  t.equal(keyOf('"a\\b"'), '"a\\b"', 'an escape inside the quotes: not a structured-field string as read here, so bare');
});

t.test('anything else is a 400 naming the bound', async (t) => {
  for (const [value, why] of [
    ['', 'empty'],
    ['""', 'an empty quoted key'],
    ['k'.repeat(256), 'too long'],
    ['"' + 'k'.repeat(256) + '"', 'too long, quoted'],
    ['a, b', 'two keys, as node joins a repeated header'],
    ['caf\u00e9', 'outside ASCII'],
    ['tab\there', 'a control character'],
    ['a b', 'a space'],
    ['ok\u0001', 'a control character last'],
    ['\u0001ok', 'a control character first'],
  ]) {
    const refused = keyOf(value);
    t.type(refused, BadRequestError, why as string);
    t.equal((refused as BadRequestError).message, REFUSAL, `${why}: the bound named`);
  }
});
