import t from 'tap';
import { publishedVersions } from '../../../../tools/published-documents.js';

/** Every schema of a document with a `format`, at its JSON pointer. */
function formatted(value: unknown, pointer = ''): [string, Record<string, unknown>][] {
  if (typeof value !== 'object' || value === null) return [];
  const here: [string, Record<string, unknown>][] = 'format' in value ? [[pointer, value]] : [];
  return [...here, ...Object.entries(value).flatMap(([key, child]) => formatted(child, `${pointer}/${key}`))];
}

const published = await publishedVersions({});

const SHAPES: Record<string, RegExp> = { date: /^\d{4}-\d{2}-\d{2}$/, 'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/ };

t.test('every date in every published document has examples of its own, so a docs page shows no made-up dates', async (t) => {
  for (const [version, { document }] of published) {
    const dates = formatted(document).filter(([, schema]) => schema['format'] === 'date' || schema['format'] === 'date-time');
    t.ok(dates.length > 0, `${version}: has dates`);
    for (const [pointer, schema] of dates) {
      const examples = schema['examples'];
      t.ok(Array.isArray(examples) && examples.length > 0, `${version} ${pointer}: examples given`);
      for (const example of (examples as unknown[] | undefined) ?? []) {
        t.match(example, SHAPES[schema['format'] as string], `${version} ${pointer}: ${String(example)} is a ${String(schema['format'])}`);
      }
    }
  }
});

t.test('no component schema is named as a global of JavaScript, which generated TypeScript would shadow', async (t) => {
  const globals = Object.getOwnPropertyNames(globalThis);
  for (const [version, { document }] of published) {
    const names = Object.keys((document as { components: { schemas: object } }).components.schemas);
    t.same(
      names.filter((name) => globals.includes(name)),
      [],
      `${version}: ${names.join(', ')}`,
    );
    t.ok(names.includes('ErrorBody'), `${version}: the error body is ErrorBody`);
  }
});
