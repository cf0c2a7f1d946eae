import t from 'tap';
import { EntityTags, ifNoneMatchNames } from '../../../../src/adapters/http/caching/entity-tags.js';
import { EncodedBody, JsonText } from '../../../../src/adapters/http/response/prepared-bodies.js';

t.test('a tag per scope and variant, made once; the body hashed once', async (t) => {
  let reads = 0;
  const tags = new EntityTags(() => {
    reads += 1;
    return '{"a":1}';
  });
  const first = tags.of('2.1.0', '');
  t.equal(tags.of('2.1.0', ''), first, 'asked again: the same tag');
  t.not(tags.of('5.0.0', ''), first, 'another scope: another tag');
  t.not(tags.of('2.1.0', '5 </x>'), first, 'a variant: another tag');
  t.not(tags.of('2.1.0', '6 </x>'), tags.of('2.1.0', '5 </x>'), 'another variant: another tag');
  t.equal(reads, 1, 'the body was read once');
  t.match(tags.of('', ''), /^"[\w-]{22}"$/, 'no scope: the hash alone');
  for (let index = 0; index < 100; index += 1) tags.of('2.1.0', `variant ${index}`);
  t.equal(tags.of('2.1.0', 'variant 99'), tags.of('2.1.0', 'variant 99'), 'past the cap, the newest are kept');
});

t.test('equal bodies, equal tags; JsonText and EncodedBody tag their content', async (t) => {
  t.equal(new JsonText('[1]').etag('1.0.0', ''), new JsonText('[1]').etag('1.0.0', ''), 'same text, same tag');
  t.not(new JsonText('[1]').etag('1.0.0', ''), new JsonText('[2]').etag('1.0.0', ''), 'other text, other tag');
  const body = new EncodedBody(Buffer.from('x'), 'text/plain');
  t.equal(body.etag('', ''), body.etag('', ''), 'an encoded body: one tag');
  t.equal(body.etag('', ''), new JsonText('x').etag('', ''), 'the same bytes as text: the same tag');
});

t.test('If-None-Match: `*` or a list of tags, weakly compared; a malformed list names nothing', async (t) => {
  const tag = '"5.0.0-abc"';
  const cases: [string, boolean][] = [
    [tag, true],
    [`W/${tag}`, true],
    ['*', true],
    [`"x" , \t${tag}`, true],
    [`"a,b",${tag}`, true],
    [`,,${tag},,`, true],
    ['', false],
    ['"x"', false],
    ['"5.0.0-abcd"', false],
    ['"5.0.0-ab"', false],
    ['5.0.0-abc', false],
    [`x, ${tag}`, false],
    [`W/x, ${tag}`, false],
    [`"open, ${tag}`, false],
    [`"x`, false],
    ['W/', false],
  ];
  for (const [field, expected] of cases) t.equal(ifNoneMatchNames(field, tag), expected, JSON.stringify(field));
});
