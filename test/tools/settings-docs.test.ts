import t from 'tap';
import { oneOf, onOff } from '../../src/adapters/config/setting-kinds.js';
import type { Setting } from '../../src/adapters/config/setting-schema.js';
import { rewriteRegion } from '../../tools/marked-region.js';
import { briefTable, fullTable, withSettingsTables } from '../../tools/settings-docs-source.js';

const COLOUR: Setting<unknown> = {
  kind: oneOf(['red', 'blue']),
  default: 'red',
  expected: 'red or blue',
  doc: { meaning: '`red` or `blue`, the colour of everything', defaultNote: ' (the brand)', brief: 'the colour' },
};
const SHADE: Setting<unknown> = { kind: onOff, unset: 'none', expected: 'on or off', doc: { meaning: 'a darker colour', briefWith: 'COLOUR' } };

t.test('in full a row per setting, the note after its default; in brief a setting joins the row it is briefWith', async (t) => {
  t.equal(
    fullTable('name', { COLOUR, SHADE }),
    [
      '| name | meaning | default |',
      '|---|---|---|',
      '| `COLOUR` | `red` or `blue`, the colour of everything | `red` (the brand) |',
      '| `SHADE` | a darker colour | none |',
    ].join('\n'),
  );
  t.equal(
    briefTable('name', { COLOUR, SHADE }),
    ['| name | meaning | default |', '|---|---|---|', '| `COLOUR`, `SHADE` | the colour | `red`, none |'].join('\n'),
  );
});

t.test('a table is refused, naming the setting, for a doc missing, a cell breaking its row, or a briefWith not the row before', async (t) => {
  const { doc: _, ...undocumented } = COLOUR;
  t.throws(() => fullTable('name', { COLOUR: undocumented }), /^COLOUR has no doc/);
  t.throws(() => fullTable('name', { COLOUR: { ...COLOUR, doc: { meaning: 'red | blue', brief: 'x' } } }), /^COLOUR: a table cell cannot hold \|/);
  t.throws(() => briefTable('name', { SHADE, COLOUR }), /^SHADE: briefWith COLOUR, which is not on the README row just before it/);
});

t.test('a marked region is rewritten with its markers, the text around it kept; one missing is refused, naming the file', async (t) => {
  const text = 'before\n\n<!-- colours:start -->\n\nold\n\n<!-- colours:end -->\n\nafter\n';
  const region = { name: 'colours', note: 'src/colours.ts', content: 'new' };
  const written = rewriteRegion('COLOURS.md', text, region);
  t.equal(written, 'before\n\n<!-- colours:start src/colours.ts -->\n\nnew\n\n<!-- colours:end -->\n\nafter\n');
  t.equal(rewriteRegion('COLOURS.md', written, region), written, 'written again: the same');
  t.throws(() => rewriteRegion('COLOURS.md', 'before\n<!-- colours:start -->\nold\n', region), /^COLOURS.md: no single region .*colours:end/);
  t.throws(() => rewriteRegion('COLOURS.md', `${text}${text}`, region), /^COLOURS.md: no single region/, 'two are refused too');
  t.throws(() => withSettingsTables('README.md', 'no tables\n'), /^README.md: no single region from a line <!-- settings:start/);
});
