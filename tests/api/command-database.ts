// The database a command under test (npm run import, reminders, digests) opens in its own process:
// a PGlite folder, or a fresh database on the test PostgreSQL server, as TEST_DB says.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { PGLITE_TEMPLATE } from '../global-setup.ts';
import { TEST_DB } from './harness.ts';

/**
 * A new PGlite folder that already holds the empty, migrated database of the run's template
 * (tests/global-setup.ts): opening it takes about a second, where an empty folder's initdb takes
 * seven. restart.test.ts keeps starting on an empty folder.
 */
export function newPgliteFolder(name: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), `offerlanka-${name}-`));
  // The tarball's paths start with '/': tar drops it, so they land in dataDir.
  if (existsSync(PGLITE_TEMPLATE)) execFileSync('tar', ['-xf', PGLITE_TEMPLATE, '-C', dataDir], { stdio: 'pipe' });
  return dataDir;
}

export interface CommandDatabase {
  /** The PGlite folder (pglite), else undefined. */
  dataDir?: string;
  /** The PostgreSQL database's URL (postgres), else undefined. */
  databaseUrl?: string;
  /** Makes the database and opens it here, e.g. to seed it before the command runs. */
  open(): Promise<DatabaseHandle>;
  /** Opens the database open() made again, e.g. to see what the command wrote. */
  reopen(): Promise<DatabaseHandle>;
  /** The environment that points the command at it. */
  env(): Record<string, string>;
  /** Removes the folder or drops the database. */
  remove(): Promise<void>;
}

export function commandDatabase(name: string): CommandDatabase {
  let drop = async () => {};
  const database: CommandDatabase = {
    async open() {
      if (TEST_DB === 'pglite') {
        database.dataDir = newPgliteFolder(name);
        return openDatabase({ kind: 'pglite', dataDir: database.dataDir });
      }
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      const databaseName = `offerlanka_${name}_${randomBytes(5).toString('hex')}`;
      await admin.unsafe(`create database ${databaseName}`);
      // As harness.ts's: commits need not wait for the disk.
      await admin.unsafe(`alter database ${databaseName} set synchronous_commit = off`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${databaseName}`;
      database.databaseUrl = url.toString();
      drop = async () => {
        await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      };
      return openDatabase({ kind: 'postgres', url: database.databaseUrl });
    },
    reopen() {
      return database.dataDir
        ? openDatabase({ kind: 'pglite', dataDir: database.dataDir })
        : openDatabase({ kind: 'postgres', url: database.databaseUrl! });
    },
    env(): Record<string, string> {
      return database.dataDir
        ? { DATA_DIR: database.dataDir, DATABASE_URL: '' }
        : { DATABASE_URL: database.databaseUrl! };
    },
    async remove() {
      if (database.dataDir) rmSync(database.dataDir, { recursive: true, force: true });
      await drop();
    },
  };
  return database;
}
