// Opens the database: PGlite on disk (or in memory) by default, PostgreSQL through postgres.js
// when a URL is given. Both run the same Drizzle queries and the same migrations.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball. */
  dumpDataDir?: () => Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

export type DatabaseOptions =
  // No dataDir: in memory. loadDataDir starts from a dump (PGlite's dumpDataDir) instead of initdb.
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const client = postgres(options.url, { max: options.maxConnections ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}
