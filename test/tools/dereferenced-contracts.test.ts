import { join } from 'node:path';
import t from 'tap';
import { dereferenced } from '../../src/contracts/dereferenced.js';
import { CONTRACTS_DIRECTORY, frozenContracts, type ContractFile } from '../../tools/frozen-contracts.js';
import { API_CONTRACT_FILE_NAMES, CONTRACT_FILE_NAMES, apiContracts, releasedContracts } from '../../tools/released-contracts.js';
import { ROOT } from '../fixtures/served-program.js';

// Three APIs' documents, each published by a service started for it: some seconds on a shared machine.
t.setTimeout(120_000);

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

/** The APIs whose versions are frozen: the reference, and the two examples. */
const APIS: readonly {
  readonly label: string;
  readonly generated: () => Promise<ContractFile[]>;
  readonly folder: string;
  readonly names: readonly string[];
}[] = [
  { label: 'the reference', generated: releasedContracts, folder: CONTRACTS_DIRECTORY, names: CONTRACT_FILE_NAMES },
  {
    label: 'examples/orders',
    generated: () => apiContracts(join(ROOT, 'examples', 'orders', 'api.mjs'), 'SHOP'),
    folder: join(ROOT, 'examples', 'orders', 'contracts'),
    names: API_CONTRACT_FILE_NAMES,
  },
  {
    label: 'examples/invoices',
    generated: () => apiContracts(join(ROOT, 'examples', 'invoices', 'api.mjs'), 'INVOICING'),
    folder: join(ROOT, 'examples', 'invoices', 'contracts'),
    names: API_CONTRACT_FILE_NAMES,
  },
];

for (const { label, generated, folder, names } of APIS) {
  t.test(`${label}: each document, dereferenced, is its frozen contract dereferenced, and says each thing once`, async (t) => {
    const frozen = new Map((await frozenContracts(folder, names)).map((file) => [`${file.version}/${file.name}`, file.content]));
    const documents = (await generated()).filter(({ name }) => name.startsWith('openapi'));
    t.ok(documents.length > 0, 'it publishes documents');
    for (const { version, name, content } of documents) {
      const whole = dereferenced(content).document;
      t.strictSame(whole, dereferenced(frozen.get(`${version}/${name}`)).document, `${version} ${name}: the same meaning for a client`);
      const { components } = content as { components: Record<string, object> };
      t.ok(
        ['headers', 'responses', 'parameters'].every((kind) => kind in components),
        `${version} ${name}: shared headers, responses, parameters`,
      );
      // A response's headers each by `$ref`, most responses, and those alike but for their description: at most 0.28 of the whole.
      t.ok(bytes(content) <= bytes(whole) * 0.28, `${version} ${name}: ${bytes(content)} bytes, ${bytes(whole)} dereferenced`);
    }
  });
}
