// Once per test run: an empty, migrated PGlite database saved as a tarball, so that each test
// file starts from it in about a second instead of running PGlite's initdb (several seconds).
import { mkdirSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../src/server/db/client.ts';

export const PGLITE_TEMPLATE = 'tmp/pglite-template.tar';

export default async function setup() {
  const handle = await openDatabase({ kind: 'pglite' });
  const dump = await handle.dumpDataDir!();
  mkdirSync('tmp', { recursive: true });
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}
