// Small readings the API and listing adapters share (Sampath, the Visa portal, Amex, Nations Trust):
// JSON values as text, times in epoch milliseconds as Sri Lanka days, the lines of an offer's
// terms that state its spend conditions, and a name as a URL slug.
import { SRI_LANKA_UTC_OFFSET_MS } from '../../../../contract/limits.ts';
import { cleanText } from './shared.ts';

/** A JSON value that is an object (not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A scalar JSON value as text ('' for anything else). */
export function scalarText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? cleanText(String(value)) : '';
}

/** A number the answer gives as a number or as digits in a string ('641'), else undefined. */
export function countOf(value: unknown): number | undefined {
  const count = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof count === 'number' && Number.isFinite(count) ? count : undefined;
}

/** The Sri Lanka calendar day (YYYY-MM-DD) of an instant. */
export function sriLankaDay(instant: Date): string {
  return new Date(instant.getTime() + SRI_LANKA_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** Later than this reads as milliseconds rather than seconds (1e11 s is the year 5138). */
const MILLISECONDS_FROM = 1e11;

/**
 * A time given in epoch milliseconds (a number, or digits in a string: '1788546600000') as its
 * Sri Lanka day. undefined when the value is absent or empty; null when it is not such a time.
 * With seconds allowed, a smaller number reads as epoch seconds.
 */
export function epochDay(value: unknown, options: { seconds?: boolean } = {}): string | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let count: number;
  if (typeof value === 'number') count = value;
  else if (typeof value === 'string' && /^\s*\d{9,16}\s*$/.test(value)) count = Number(value);
  else return null;
  if (!Number.isFinite(count) || count <= 0) return null;
  const milliseconds = count >= MILLISECONDS_FROM ? count : options.seconds ? count * 1000 : Number.NaN;
  const instant = new Date(milliseconds);
  return Number.isNaN(instant.getTime()) ? null : sriLankaDay(instant);
}

/** Lines that state a spend condition: a minimum or maximum bill, a cap on the saving. */
const SPEND_LINE =
  /\b(?:min(?:imum)?|max(?:imum)?|capped)\b|\bbills? (?:above|over|of)\b|\b(?:spend|transactions?|orders?|purchases?) (?:above|over|of)\b/i;

/** The lines of an offer's text that state its spend conditions, joined, or undefined. */
export function spendLinesOf(lines: readonly string[]): string | undefined {
  return lines.filter((line) => SPEND_LINE.test(line)).join('\n') || undefined;
}

/** A name as a URL slug: 'Café Nuga, Colombo' → 'cafe-nuga-colombo'. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
