import t from 'tap';
import { parseRecordId } from '../../../src/domain/records/record-id.js';

t.test('a path segment is an id only when it is a positive integer', async (t) => {
  const cases: [string, number | undefined][] = [
    ['1', 1],
    ['9', 9],
    ['42', 42],
    ['10', 10],
    ['1090', 1090],
    [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
    ['0', undefined],
    ['-1', undefined],
    ['1/', undefined],
    ['1:', undefined],
    ['/1', undefined],
    [':1', undefined],
    ['01', undefined],
    ['1.5', undefined],
    ['1e3', undefined],
    ['abc', undefined],
    ['', undefined],
    [' 1', undefined],
    ['0x10', undefined],
    ['%31', undefined],
    ['9'.repeat(20), undefined],
    ['١', undefined],
  ];
  for (const [text, id] of cases) t.equal(parseRecordId(text), id, `${JSON.stringify(text)} gives ${id}`);
});
