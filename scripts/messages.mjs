// `npm run messages`: compiles the messages twice (docs/i18n.md), unless both outputs were compiled
// from these very inputs. npm start, build, test and typecheck run it first; a compile takes 4 to
// 14 s of CPU, which every start paid again for nothing. Plain JavaScript: tsx would add a second.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const COMPILES = [
  ['--project', './project.inlang', '--output-structure', 'locale-modules'],
  ['--project', './project.inlang', '--outdir', './src/paraglide-per-message', '--output-structure', 'message-modules'],
];
/** Written into each output folder after a compile: the hash of what it was compiled from. */
const STAMPS = ['src/paraglide/.compiled-from', 'src/paraglide-per-message/.compiled-from'];

/** Every file a compile reads, relative to root: the messages, the project's settings (not the inlang folder's own generated files) and the compiler's version. */
function inputFiles(root) {
  const files = [
    'project.inlang/settings.json',
    'project.inlang/paraglide.config.js',
    'node_modules/@inlang/paraglide-js/package.json',
    'node_modules/@inlang/plugin-message-format/package.json',
  ];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) files.push(path);
    }
  };
  walk('messages');
  return files.sort();
}

/** The hash of what the compiles in root would read. */
export function inputsHash(root = '.') {
  const hash = createHash('sha256').update(JSON.stringify(COMPILES));
  for (const file of inputFiles(root)) hash.update(`\0${file}\0`).update(readFileSync(join(root, file)));
  return hash.digest('hex');
}

/** Whether both outputs in root were compiled from these inputs. */
export const compiledFrom = (inputs, root = '.') =>
  STAMPS.every((stamp) => existsSync(join(root, stamp)) && readFileSync(join(root, stamp), 'utf8') === inputs);

/** Compiles both outputs unless they are fresh (or force). */
function compileMessages(force) {
  const inputs = inputsHash();
  if (!force && compiledFrom(inputs)) return;
  const cli = join('node_modules', '@inlang', 'paraglide-js', 'bin', 'run.js');
  for (const args of COMPILES) execFileSync(process.execPath, [cli, 'compile', ...args], { stdio: 'inherit' });
  for (const stamp of STAMPS) writeFileSync(stamp, inputs);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) compileMessages(process.argv.includes('--force'));
