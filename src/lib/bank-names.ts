// The other names people give a bank: 'Hatton National Bank' is HNB, 'Bank of Ceylon' BOC, 'NDB Bank'
// NDB. The site search finds a bank's offers by them (offer pages index them), and the short bank
// URL /{name}-credit-card-offers leads to the bank's page by them (bank-paths.json).
import { slugify } from './slugify.ts';

/** Words of a bank's legal name that say nothing of which bank it is. */
const LEGAL_WORDS = /\b(plc|ltd|limited|sri lanka)\b/gi;

/**
 * A bank's short names: the abbreviations in its name (NDB, DFCC, HSBC), or else its initials when
 * it has two words or more ('Bank of Ceylon' → BOC, "People's Bank" → PB).
 */
export function bankShortNames(bankName: string): string[] {
  const words = bankName
    .replace(/['’]/g, '')
    .replace(LEGAL_WORDS, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const abbreviations = words.filter((word) => word.length >= 2 && /\p{Lu}/u.test(word) && word === word.toUpperCase());
  if (abbreviations.length > 0) return abbreviations;
  return words.length >= 2
    ? [
        words
          .map((word) => word[0]!)
          .join('')
          .toUpperCase(),
      ]
    : [];
}

/** A bank's name without 'Bank' and the legal words: 'Sampath Bank' → 'Sampath'. */
const plainName = (bankName: string) =>
  bankName
    .replace(LEGAL_WORDS, ' ')
    .replace(/\bbank\b/gi, ' ')
    .trim();

export interface BankNames {
  /** Short names no other bank shares, for the search index. */
  shortNames: string[];
  /** The slugs the short URL takes for this bank: its own slug first, then the other names no other bank shares. */
  slugs: string[];
}

/**
 * Every bank's other names, by bank id. A name two banks share (Cargills Bank and Commercial Bank
 * are both 'CB') is left out for both: it would lead to the wrong one half the time.
 */
export function bankNames(banks: readonly { bankId: number; bankName: string }[]): Map<number, BankNames> {
  const candidates = banks.map((bank) => ({
    bank,
    shortNames: bankShortNames(bank.bankName),
    slug: slugify(bank.bankName),
    otherSlugs: [...new Set([...bankShortNames(bank.bankName), plainName(bank.bankName)].map(slugify))].filter(Boolean),
  }));
  const claims = new Map<string, number>();
  const claim = (key: string) => claims.set(key, (claims.get(key) ?? 0) + 1);
  for (const { slug, otherSlugs } of candidates) new Set([slug, ...otherSlugs]).forEach(claim);
  const own = (key: string) => claims.get(key) === 1;
  return new Map(
    candidates.map(({ bank, shortNames, slug, otherSlugs }) => [
      bank.bankId,
      {
        shortNames: shortNames.filter((name) => own(slugify(name))),
        slugs: [slug, ...otherSlugs.filter((other) => other !== slug && own(other))],
      },
    ]),
  );
}

/**
 * Each bank's label where space is short (a week's cells): its short name (HNB, NDB) when no other
 * of these banks has it, else its name without 'Bank' ('Sampath' and 'Seylan', both SB), by bank id.
 */
export function bankLabels(banks: readonly { bankId: number; bankName: string }[]): Map<number, string> {
  const names = bankNames(banks);
  return new Map(
    banks.map((bank) => [
      bank.bankId,
      names.get(bank.bankId)!.shortNames[0] ?? (plainName(bank.bankName) || bank.bankName),
    ]),
  );
}
