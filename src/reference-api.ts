import { defineApi, defineCollection, type ApiDefinition } from './api-definition.js';
import { composeApi, type ComposedService, type ServiceOutput, type ServiceReplacements } from './container.js';
import type { Environment } from './adapters/config/settings.js';
import { SAMPLE_DATA } from './domain/api-history/sample-data.js';
import { API_HISTORY } from './domain/api-history/bundle.js';
import { CATS } from './domain/api-history/heads/cat-collection.js';
import { DOGS } from './domain/api-history/heads/dog-collection.js';
import { AGE_REMOVALS } from './domain/api-history/versions/age-removal.js';

/** The reference API: the dogs and cats, their history 1.0.0 to 5.0.0, their routes, AGE_REMOVAL, and the bundled sample. */
export const REFERENCE_API: ApiDefinition = defineApi({
  collections: [
    defineCollection({
      ...DOGS,
      path: '/doggies/',
      tag: 'Dogs',
      routes: { list: { operationId: 'listDogs', summary: 'A page of dogs' }, retrieve: { operationId: 'retrieveDog', summary: 'One dog' } },
    }),
    defineCollection({
      ...CATS,
      path: '/cats/',
      tag: 'Cats',
      routes: { list: { operationId: 'listCats', summary: 'A page of cats' }, retrieve: { operationId: 'retrieveCat', summary: 'One cat' } },
    }),
  ],
  versions: API_HISTORY.versions,
  // How versions before 4.0.0 get a dog's age back: only this history has the choice.
  settings: {
    AGE_REMOVAL: {
      oneOf: AGE_REMOVALS,
      default: 'computed',
      doc: {
        meaning: 'how versions before 4.0.0 get `age` back: `computed` (Mode A, real values) or `placeholder` (Mode B, `-1`)',
        brief: "old versions' ages: `computed`, or `placeholder` (`-1`)",
      },
    },
  },
  options: ({ AGE_REMOVAL }) => ({ ageRemoval: AGE_REMOVAL }),
  sample: SAMPLE_DATA,
  name: 'The dogs and cats API',
  tags: { Dogs: 'The dog records.', Cats: 'The cat records.' },
});

/** The reference service: `composeApi` of REFERENCE_API. */
export function composeService(env: Environment, output: ServiceOutput, replacements: ServiceReplacements = {}): Promise<ComposedService> {
  return composeApi(REFERENCE_API, env, output, replacements);
}
