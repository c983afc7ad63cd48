import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Raw SQL rows from any driver: postgres.js and pg-proxy (the PGlite worker) answer an array, Drizzle's PGlite driver { rows }. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
