import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { checkOrAccept, type ContractsAtHand } from '../../src/contracts/check-or-accept.js';
import type { ContractFile } from '../../src/contracts/frozen-contracts.js';

const NAMES = ['openapi.json', 'changelog.json'];
const files = (maximum: number): ContractFile[] => [
  { version: '1.0.0', name: 'openapi.json', content: { components: { schemas: { Book: { properties: { id: { type: 'integer', maximum } } } } } } },
  { version: '1.0.0', name: 'changelog.json', content: { version: '1.0.0', notes: ['First release'] } },
];

async function run(command: 'check' | 'accept', contracts: ContractsAtHand): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await checkOrAccept(command, contracts, { stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) });
  return { code, stdout, stderr };
}

t.test('accept names each file written and folder removed; check then matches; a change fails it, one line each', async (t) => {
  const directory = t.testdir();
  mkdirSync(join(directory, '0.9.0'));
  writeFileSync(join(directory, '0.9.0', 'changelog.json'), '{"version": "0.9.0"}\n');
  const at = (generated: ContractFile[]): ContractsAtHand => ({ generated, directory, names: NAMES, acceptCommand: 'tool accept' });
  t.same(await run('accept', at(files(100))), {
    code: 0,
    stdout: [
      `removed ${join(directory, '0.9.0')}`,
      `wrote ${join(directory, '1.0.0', 'openapi.json')}`,
      `wrote ${join(directory, '1.0.0', 'changelog.json')}`,
    ],
    stderr: [],
  });
  t.same(await run('check', at(files(100))), { code: 0, stdout: [`contracts: 2 files of 1 versions match ${directory}/`], stderr: [] });
  t.same(await run('check', at(files(50))), {
    code: 1,
    stdout: ['1.0.0 openapi.json /components/schemas/Book/properties/id/maximum [maximum] BREAKING: maximum lowered from 100 to 50 (narrowed)'],
    stderr: [
      `contracts: 1 differences (1 breaking) from ${directory}/. Undo the change, or, when it is deliberate, run \`tool accept\` (with the ` +
        'same options) and commit the files.',
    ],
  });
});
