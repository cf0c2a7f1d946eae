/** The node flags of package.json's `start` script (`node --flag=value dist/main.js` gives `--flag=value`; `exec` before `node` is the shell's). */
export function startScriptNodeFlags(packageJson: string): string[] {
  const start = (JSON.parse(packageJson) as { scripts?: { start?: unknown } }).scripts?.start;
  if (typeof start !== 'string') throw new Error('package.json has no start script');
  const words = start
    .trim()
    .replace(/^exec\s+/, '')
    .split(/\s+/);
  if (words[0] !== 'node') throw new Error(`the start script does not run node: ${start}`);
  const script = words.findIndex((word, index) => index > 0 && !word.startsWith('-'));
  if (script < 0) throw new Error(`the start script names no script: ${start}`);
  return words.slice(1, script);
}
