// The catalogue the offers hang on: banks, categories, locations, the terms and conditions, and
// the facts about the data set. Which ids and names exist is decided here, once.
import { asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { banks, categories, locations, siteMeta, termsConditions } from '../db/schema.ts';
import { failure } from '../errors.ts';
import { DATASET_META_KEY } from '../seed/index.ts';
import { toBank, toCategory, toLocation, type BankRow } from '../serialize.ts';

export const findBank = async (db: Database, bankId: number): Promise<BankRow | undefined> =>
  (await db.select().from(banks).where(eq(banks.bankId, bankId)).limit(1))[0];

/** The bank with this id; 404 'Bank not found.' (with `extra` in the answer) when there is none. */
export async function requireBank(db: Database, bankId: number, extra?: Record<string, unknown>): Promise<BankRow> {
  const bank = await findBank(db, bankId);
  if (!bank) throw failure(404, 'bank_not_found', undefined, extra);
  return bank;
}

export const listBanks = async (db: Database) =>
  (await db.select().from(banks).orderBy(asc(banks.bankName))).map(toBank);

export const listCategories = async (db: Database) =>
  (await db.select().from(categories).orderBy(asc(categories.categoryName))).map(toCategory);

/** The categories with these ids, unknown ids left out; with byName, in name order. */
export async function findCategoriesByIds(db: Database, categoryIds: number[], { byName = false } = {}) {
  if (categoryIds.length === 0) return [];
  const query = db.select().from(categories).where(inArray(categories.categoryId, categoryIds));
  return byName ? query.orderBy(asc(categories.categoryName)) : query;
}

/** Which of these category ids exist. */
export async function knownCategoryIds(db: Database, categoryIds: number[]): Promise<Set<number>> {
  if (categoryIds.length === 0) return new Set();
  const rows = await db
    .select({ id: categories.categoryId })
    .from(categories)
    .where(inArray(categories.categoryId, categoryIds));
  return new Set(rows.map((row) => row.id));
}

export const categoryExists = async (db: Database, categoryId: number) =>
  (await knownCategoryIds(db, [categoryId])).has(categoryId);

/** Every location, by name, as the location picker lists them. */
export const listLocations = async (db: Database) =>
  (await db.select().from(locations).orderBy(asc(locations.locationName))).map(toLocation);

/** Which of these location names exist. */
export async function knownLocationNames(db: Database, names: string[]): Promise<Set<string>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ name: locations.locationName })
    .from(locations)
    .where(inArray(locations.locationName, unique));
  return new Set(rows.map((row) => row.name));
}

export type TermItem = { id: number; value: string };

/**
 * The terms and conditions in their order: the general ones (no bank) and each bank's own, keyed by
 * bank id. With bankId, only that bank's and the general ones are read.
 */
export async function findTerms(db: Database, bankId?: number) {
  const rows = await db
    .select()
    .from(termsConditions)
    .where(bankId === undefined ? undefined : or(eq(termsConditions.bankId, bankId), isNull(termsConditions.bankId)))
    .orderBy(asc(termsConditions.position), asc(termsConditions.termId));
  const general: TermItem[] = [];
  const byBank: Record<string, TermItem[]> = {};
  for (const row of rows) {
    const item = { id: row.termId, value: row.value };
    if (row.bankId === null) general.push(item);
    else (byBank[row.bankId] ??= []).push(item);
  }
  return { general, byBank };
}

/** Which data set the catalogue holds (the seed records it), or null. */
export async function findDataset(db: Database): Promise<string | null> {
  const [dataset] = await db.select().from(siteMeta).where(eq(siteMeta.key, DATASET_META_KEY)).limit(1);
  return dataset?.value ?? null;
}
