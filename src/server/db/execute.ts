import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Raw SQL rows from either driver (PGlite answers { rows }, postgres.js an array). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
