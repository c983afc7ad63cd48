// What an import writes of an offer, how a source's item is told unchanged from changed, and how a
// change reads for the team. An item's content hash is SHA-256 over the normalised item (stable
// key order, dates as ISO text): the same listing always hashes the same, so an unchanged item
// only moves "last verified", and any change to what the source says makes a new hash.
import { createHash } from 'node:crypto';
import stringify from 'safe-stable-stringify';
import type { ImportedOfferData } from '../../contract/imported-offer.ts';
import type { offers } from '../db/schema.ts';

export const contentHashOf = (item: ImportedOfferData) =>
  createHash('sha256')
    .update(stringify(item) ?? '')
    .digest('hex');

type OfferInsert = typeof offers.$inferInsert;

/** The offer columns a source sets; everything else (views, hot line, review) is the site's own. */
export const IMPORTED_COLUMNS = [
  'label',
  'header',
  'description',
  'bannerImageUrl',
  'offerType',
  'offerRate',
  'instalmentMonths',
  'offerDateType',
  'offerStart',
  'offerEnd',
  'validTimeDateDescription',
  'promoCode',
  'cardTypes',
  'location',
  'eligibility',
  'bankId',
  'categoryId',
  'merchantId',
  'flyerDraft',
] as const satisfies readonly (keyof OfferInsert)[];
export type ImportedColumns = {
  [K in (typeof IMPORTED_COLUMNS)[number]]: NonNullable<OfferInsert[K]> | (null extends OfferInsert[K] ? null : never);
};

/** Rates and dates: a change to one of them is reviewed even from a trusted source. */
export const REVIEWED_COLUMNS: readonly (typeof IMPORTED_COLUMNS)[number][] = [
  'offerType',
  'offerRate',
  'instalmentMonths',
  'offerDateType',
  'offerStart',
  'offerEnd',
];

/** A column's value as JSON compares and stores it: dates as ISO text. */
const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

export interface ColumnChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The columns whose values differ, before and after, as the review shows them. */
export function columnChanges(
  current: Pick<OfferInsert, (typeof IMPORTED_COLUMNS)[number]>,
  proposed: ImportedColumns,
): ColumnChange[] {
  return IMPORTED_COLUMNS.flatMap((field) => {
    const [before, after] = [comparable(current[field]), comparable(proposed[field])];
    return stringify(before) === stringify(after) ? [] : [{ field, before, after }];
  });
}

/** Proposed columns as a revision stores them (JSON), and back. */
export const storedColumns = (columns: ImportedColumns): Record<string, unknown> =>
  Object.fromEntries(IMPORTED_COLUMNS.map((field) => [field, comparable(columns[field])]));
export function columnsOfStored(stored: Record<string, unknown>): ImportedColumns {
  const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
  return { ...(stored as ImportedColumns), offerStart: date(stored.offerStart), offerEnd: date(stored.offerEnd) };
}
