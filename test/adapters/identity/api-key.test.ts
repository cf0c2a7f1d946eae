import t from 'tap';
import { API_KEY_LENGTH, hashApiKey, issueApiKey, looksLikeApiKey, redactKeys } from '../../../src/adapters/identity/api-key.js';

t.test('a key is vaa_ and 256 random bits in base64url, 47 characters, different each time', async (t) => {
  t.equal(API_KEY_LENGTH, 47);
  const keys = Array.from({ length: 100 }, issueApiKey);
  for (const key of keys) {
    t.match(key, /^vaa_[A-Za-z0-9_-]{43}$/, 'the prefix, then base64url without padding');
    t.equal(key.length, API_KEY_LENGTH);
    t.ok(looksLikeApiKey(key), 'it looks like a key');
    t.equal(Buffer.from(key.slice(4), 'base64url').length, 32, '32 bytes');
  }
  t.equal(new Set(keys).size, keys.length, 'no two alike');
});

t.test('a key is stored as its SHA-256, lowercase hex', async (t) => {
  t.equal(hashApiKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', "the FIPS 180-2 test vector for 'abc'");
  const key = issueApiKey();
  t.match(hashApiKey(key), /^[0-9a-f]{64}$/);
  t.equal(hashApiKey(key), hashApiKey(key), 'the same key, the same hash');
  t.not(hashApiKey(key), hashApiKey(issueApiKey()), 'another key, another hash');
});

t.test('looksLikeApiKey refuses what this service never issues', async (t) => {
  const key = issueApiKey();
  const cases: [string, string][] = [
    ['', 'nothing'],
    [key.slice(0, -1), 'one character short'],
    [`${key}A`, 'one character over'],
    [`VAA_${key.slice(4)}`, 'another prefix'],
    [`${key.slice(0, -1)}=`, 'padding'],
    [`${key.slice(0, -1)}+`, 'base64, not base64url'],
    [` ${key}`, 'a leading space'],
    [`${key}\n`, 'a trailing line break'],
  ];
  for (const [text, why] of cases) t.notOk(looksLikeApiKey(text), why);
});

t.test('redactKeys hides a key from its prefix on, its underscore percent-encoded or not; other text stays', async (t) => {
  const key = issueApiKey();
  const rest = key.slice(4);
  t.equal(redactKeys(`a ${key} b`), 'a vaa_(not shown) b', 'a key in text');
  t.equal(redactKeys(`/x/?k=vaa%5F${rest}&y=1`), '/x/?k=vaa_(not shown)&y=1', 'percent-encoded, upper case');
  t.equal(redactKeys(`vaa%5f${rest}`), 'vaa_(not shown)', 'percent-encoded, lower case');
  t.equal(redactKeys(`${key.slice(0, 10)}`), 'vaa_(not shown)', 'a key cut short');
  t.equal(redactKeys('Mozilla/5.0 vaa vaa- vaa%20'), 'Mozilla/5.0 vaa vaa- vaa%20', 'no prefix, nothing changed');
});
