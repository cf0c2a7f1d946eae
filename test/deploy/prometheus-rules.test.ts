// Needs: /usr/bin/promtool
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { externalTool } from '../fixtures/metrics.js';

const DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'deploy', 'prometheus');
const promtool = externalTool(t, 'promtool', 'prometheus');

const run = (args: string[]) => {
  const result = spawnSync(promtool as string, args, { cwd: DIRECTORY, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

if (promtool !== undefined) {
  t.test('promtool check rules: the rules are valid', async (t) => {
    const { status, output } = run(['check', 'rules', 'api-versions.rules.yml']);
    t.equal(status, 0, 'exit 0', { output });
    t.match(output, /SUCCESS: 9 rules found/, 'five recording rules and four alerts');
  });

  t.test('promtool test rules: the alerts fire when they should and not before', async (t) => {
    const { status, output } = run(['test', 'rules', 'api-versions.rules.test.yml']);
    t.equal(status, 0, 'exit 0', { output });
    t.match(output, /SUCCESS/, output.trim());
  });

  t.test('promtool check config: the example Prometheus configuration and its rule file', async (t) => {
    const { status, output } = run(['check', 'config', 'prometheus.yml']);
    t.equal(status, 0, 'exit 0', { output });
  });
}
