import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Raw SQL rows from any driver: postgres.js and pg-proxy (the PGlite worker) answer an array, Drizzle's PGlite driver { rows }. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** A unique constraint refused the write (PostgreSQL 23505), from postgres.js or PGlite, or wrapped by Drizzle. */
export const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** An ILIKE pattern matching text anywhere, with its % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A list's query before its page is chosen (a Drizzle select, ordered). */
interface Pageable<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/** One page (from 1) of a list and the total its filter matches, read side by side. */
export async function pageOf<T>(
  rows: Pageable<T>,
  total: PromiseLike<{ n: number }[]>,
  pageNo: number,
  pageSize: number,
) {
  const [page, [counted]] = await Promise.all([rows.limit(pageSize).offset((pageNo - 1) * pageSize), total]);
  return { rows: page, totalCount: counted?.n ?? 0 };
}
