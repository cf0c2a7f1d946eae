// `node test/loader/transpile.mjs tsconfig.test-build.json`: writes the JavaScript of each TypeScript file the project
// names whose output is missing or older than its source, with TypeScript's own emitter one file at a time
// (transpileModule, types not checked: `npm run typecheck` does that). The code passes `isolatedModules`, so this is
// what tsc writes for it; a file unchanged since its last build is not compiled again.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';

// Found as node finds a package, up the folders: Stryker's sandbox (stryker.config.mjs) builds before it links node_modules.
const ts = createRequire(import.meta.url)('typescript');

const project = resolve(process.argv[2] ?? '');
const config = ts.getParsedCommandLineOfConfigFile(
  project,
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
if (config.errors.length > 0) throw new Error(ts.formatDiagnostics(config.errors, ts.createCompilerHost({})));
const { options } = config;
// NodeNext picks each file's module format from package.json ("type": "module"), which transpileModule cannot see.
const compilerOptions = { ...options, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -Infinity;
// A change of settings or of the compiler's version compiles every file again.
const settingsChanged = Math.max(...[project, 'tsconfig.json', 'package-lock.json'].map((path) => mtime(resolve(dirname(project), path))));

let compiled = 0;
for (const source of config.fileNames.filter((name) => !name.endsWith('.d.ts'))) {
  const output = join(options.outDir, relative(options.rootDir, source)).replace(/\.ts$/, '.js');
  if (mtime(output) >= Math.max(mtime(source), settingsChanged)) continue;
  const { outputText, sourceMapText } = ts.transpileModule(readFileSync(source, 'utf8'), { compilerOptions, fileName: source });
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, outputText);
  if (sourceMapText !== undefined) {
    // Named as tsc names them: the map's file, and its source relative to the map.
    const map = JSON.parse(sourceMapText);
    writeFileSync(`${output}.map`, JSON.stringify({ ...map, file: basename(output), sourceRoot: '', sources: [relative(dirname(output), source)] }));
  }
  compiled += 1;
}
if (compiled > 0) console.error(`transpile: ${compiled} files of ${relative(process.cwd(), project)}`);
