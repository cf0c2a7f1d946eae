import t from 'tap';
import { jsonSyntaxError } from '../../../src/adapters/persistence/json-syntax-error.js';

t.test('the first character out of place, by line and column, on one line', async (t) => {
  const cases: [string, string][] = [
    ['{"a":}', 'line 1, column 6: unexpected "}"'],
    ['{"dogs": [1,]}', 'line 1, column 13: unexpected "]"'],
    ['{"a" 1}', 'line 1, column 6: unexpected "1"'],
    ['{"a":1', 'line 1, column 7: unexpected the end of the file'],
    ['{"dogs": [\n  {"id": 1}\n  {"id": 2}\n]}', 'line 3, column 3: unexpected "{"'],
    ['nul', 'line 1, column 1: unexpected "n"'],
    ['', 'line 1, column 1: unexpected the end of the file'],
    ['  \n ', 'line 2, column 2: unexpected the end of the file'],
    ['{"a": 1} x', 'line 1, column 10: unexpected "x"'],
    ['[[[[', 'line 1, column 5: unexpected the end of the file'],
    ['{"a": 1,}', 'line 1, column 9: unexpected "}"'],
    ['{"a": [], "b": {}, "c": [true, null, -1.5e3, "\\u00e9"], "d" : 2,\n"e":}', 'line 2, column 5: unexpected "}"'],
    ['[1 2]', 'line 1, column 4: unexpected "2"'],
    ['{,}', 'line 1, column 2: unexpected ","'],
    ['\u{1F436}', 'line 1, column 1: unexpected "\u{1F436}"'],
  ];
  for (const [text, expected] of cases) {
    t.throws(() => JSON.parse(text) as unknown, SyntaxError, `${JSON.stringify(text)} is refused by JSON.parse`);
    t.equal(jsonSyntaxError(text), expected, JSON.stringify(text));
  }
});

t.test('a document nested far deeper than the stack is scanned without recursion', async (t) => {
  const depth = 200_000;
  t.equal(jsonSyntaxError(`${'['.repeat(depth)}]`), `line 1, column ${depth + 2}: unexpected the end of the file`);
});
