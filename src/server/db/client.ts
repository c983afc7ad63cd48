// Opens the database: PGlite on disk (or in memory) by default, in a worker thread so that its
// queries never block the HTTP thread (pglite-proxy.ts), or PostgreSQL through postgres.js when a
// URL is given. Both run the same Drizzle queries and the same migrations.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { lockDataDir } from './data-dir-lock.ts';
import { openPgliteWorker } from './pglite-proxy.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball. */
  dumpDataDir?: () => Promise<Blob>;
  /** How the job queue (pg-boss) reaches the same database: PostgreSQL's URL, or PGlite's own connection. */
  jobQueueConnection: { url: string } | { executeSql: SqlRunner };
}

/** A plain SQL client: rows as objects, timestamps as Dates. */
export type SqlRunner = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

export type DatabaseOptions =
  // No dataDir: in memory. loadDataDir starts from a dump (PGlite's dumpDataDir) instead of initdb.
  { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string; maxConnections?: number };

/** The settings that choose the database (src/server/env.ts). */
export type DatabaseEnv = { DATABASE_URL?: string; DATA_DIR: string };

/** The chosen database in words, for start-up lines and error messages. */
export const describeDatabase = (env: DatabaseEnv) =>
  env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`;

/**
 * Opens the database the settings choose, as the server, the seed and the merchant command all do:
 * PostgreSQL at DATABASE_URL when set, else PGlite in DATA_DIR.
 */
export const openDatabaseFromEnv = (env: DatabaseEnv) =>
  openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
  );

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const client = postgres(options.url, { max: options.maxConnections ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    await migratePostgres(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => client.end({ timeout: 5 }),
      jobQueueConnection: { url: options.url },
    };
  }
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir); // one process at a time (data-dir-lock.ts)
  }
  let pglite: Awaited<ReturnType<typeof openPgliteWorker>>;
  try {
    pglite = await openPgliteWorker({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, migrationsFolder });
  } catch (error) {
    unlock();
    throw error;
  }
  const close = async () => {
    try {
      await pglite.close();
    } finally {
      unlock();
    }
  };
  return {
    db: pglite.db as unknown as Database,
    kind: 'pglite',
    close,
    dumpDataDir: pglite.dumpDataDir,
    jobQueueConnection: { executeSql: pglite.executeSql },
  };
}
