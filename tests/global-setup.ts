// Once per test run: an empty, migrated PGlite database saved as a tarball, so that each test
// file starts from it in about a second instead of running PGlite's initdb (several seconds).
// Several projects list this setup; the first call makes the template and the others wait for it:
// PGlite instances started and stopped at the same time in one process can crash V8 (its
// WebAssembly code registry, nodejs/node#64500), so the run makes as few of them as it can.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../src/server/db/client.ts';

export const PGLITE_TEMPLATE = 'tmp/pglite-template.tar';

async function writeTemplate() {
  const handle = await openDatabase({ kind: 'pglite' });
  const dump = await handle.dumpDataDir!();
  mkdirSync('tmp', { recursive: true });
  // Written aside and renamed: npm test's two lanes each write it, and a file reads it whole.
  const aside = `${PGLITE_TEMPLATE}.${process.pid}`;
  writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
  renameSync(aside, PGLITE_TEMPLATE);
  await handle.close();
}

const run = globalThis as { offerlankaPgliteTemplate?: Promise<void> };

export default function setup(): Promise<void> {
  run.offerlankaPgliteTemplate ??= writeTemplate();
  return run.offerlankaPgliteTemplate;
}
