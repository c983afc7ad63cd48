// An imported item's names as catalogue rows: its bank (by name, short name or initials), its
// category (the team's keyword map), its merchant (by name, or created) and its towns. Read once
// per run, so that resolving 10,000 items costs no query per item.
import type { Database } from '../db/client.ts';
import { banks, categories, categoryKeywords, locations, merchants } from '../db/schema.ts';
import { assignMerchantSlug } from '../db/merchant-slugs.ts';
import type { BankRow } from '../serialize.ts';

/** Lower case, letters and digits only, without the words every bank or company name carries. */
const COMMON_WORDS = /\b(plc|ltd|limited|pvt|private|the|of|ceylon|sri lanka|lanka|bank|company|co|inc)\b/g;
export const nameKey = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(COMMON_WORDS, ' ')
    .replace(/\s+/g, '')
    .trim();
/** 'Hatton National Bank' → 'hnb', 'Bank of Ceylon' → 'boc': how people name banks. */
const initialsOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0])
    .join('');

export interface Catalogue {
  bankByName(name: string): BankRow | undefined;
  /**
   * The banks a text names (an aggregator's title or description): by full name, by short name
   * before card or bank wording ('Sampath Visa cardholders'), by initials in capitals ('HNB', 'NTB')
   * or by a brand ('ComBank', 'Amex'). In the order the text names them, each once.
   */
  banksNamedIn(text: string): BankRow[];
  bankById(bankId: number): BankRow | undefined;
  /** The category whose longest keyword the text holds as a whole word or phrase; the category text first, then the rest. */
  categoryOf(categoryText: string, otherText: string): number | undefined;
  /** The category a flyer's draft takes when no keyword names one: the first made. */
  firstCategoryId: number | undefined;
  /** Known towns among the names, spelled as the catalogue spells them. */
  knownTowns(names: readonly string[]): string[];
  /** The merchant's id, found by name or made (ids of made merchants are kept for the rest of the run). */
  merchantIdOf(db: Database, name: string, webUrl: string | null): Promise<number>;
  /** Whether this run made the merchant: no offer can have it yet. */
  isNewMerchant(merchantId: number): boolean;
}

export async function readCatalogue(db: Database): Promise<Catalogue> {
  const [bankRows, keywordRows, categoryRows, townRows, merchantRows] = await Promise.all([
    db.select().from(banks),
    db.select().from(categoryKeywords),
    db.select({ categoryId: categories.categoryId, categoryName: categories.categoryName }).from(categories),
    db.select({ name: locations.locationName }).from(locations),
    db.select({ merchantId: merchants.merchantId, merchantName: merchants.merchantName }).from(merchants),
  ]);
  const banksByKey = new Map<string, BankRow>();
  for (const bank of bankRows) {
    for (const key of [nameKey(bank.bankName), bank.slug.replace(/-/g, ''), initialsOf(bank.bankName)])
      if (key && !banksByKey.has(key)) banksByKey.set(key, bank);
  }
  // A category's own name is a keyword too; longest first, so 'department store' wins over 'store'.
  const keywords = [...keywordRows, ...categoryRows.map((c) => ({ keyword: c.categoryName, categoryId: c.categoryId }))]
    .map(({ keyword, categoryId }) => ({
      pattern: new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(keyword.toLowerCase())}($|[^\\p{L}\\p{N}])`, 'u'),
      length: keyword.length,
      categoryId,
    }))
    .sort((a, b) => b.length - a.length);
  const towns = new Map(townRows.map(({ name }) => [name.toLowerCase(), name]));
  const merchantIds = new Map(merchantRows.map((m) => [nameKey(m.merchantName), m.merchantId]));
  const madeMerchants = new Set<number>();

  const banksNamedIn = bankFinder(bankRows);

  const categoryIn = (text: string) => keywords.find((keyword) => keyword.pattern.test(text.toLowerCase()))?.categoryId;
  return {
    bankByName: (name) => banksByKey.get(nameKey(name)) ?? banksByKey.get(name.toLowerCase().replace(/[^a-z]/g, '')),
    bankById: (bankId) => bankRows.find((bank) => bank.bankId === bankId),
    banksNamedIn,
    firstCategoryId: categoryRows.map((row) => row.categoryId).sort((a, b) => a - b)[0],
    categoryOf: (categoryText, otherText) =>
      (categoryText ? categoryIn(categoryText) : undefined) ?? categoryIn(otherText),
    knownTowns: (names) => [...new Set(names.flatMap((name) => towns.get(name.trim().toLowerCase()) ?? []))],
    async merchantIdOf(database, name, webUrl) {
      const key = nameKey(name) || name.toLowerCase();
      const known = merchantIds.get(key);
      if (known !== undefined) return known;
      const [made] = await database
        .insert(merchants)
        .values({ merchantName: name, webUrl })
        .returning({ merchantId: merchants.merchantId });
      await assignMerchantSlug(database, made!.merchantId, name);
      merchantIds.set(key, made!.merchantId);
      madeMerchants.add(made!.merchantId);
      return made!.merchantId;
    },
    isNewMerchant: (merchantId) => madeMerchants.has(merchantId),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names banks go by that their catalogue names do not give: their brands and card lines. */
const BANK_BRANDS: Record<string, string[]> = {
  'Commercial Bank': ['ComBank'],
  'Nations Trust Bank': ['American Express', 'Amex'],
  'Hatton National Bank': ['HNB'],
  'Bank of Ceylon': ['BOC'],
  'DFCC Bank': ['DFCC'],
  'NDB Bank': ['NDB'],
};
// What follows a bank's short name when a text means the bank: 'Sampath Visa cardholders', 'Seylan Credit Cards'.
const CARD_WORDING = String.raw`(?:bank|plc|credit|debit|visa|master\s?card|mastercard|amex|american\s+express|cards?|cardholders?|card\s+members?|platinum|signature|infinite|world|gold|titanium|classic|premium)\b`;

/** Where a text names the bank: its full name, its short name before card wording, its initials in capitals, or a brand. */
/** The banks a text names (bankNamePatterns), in the order the text names them. */
export function bankFinder<Bank extends { bankName: string }>(banks: readonly Bank[]): (text: string) => Bank[] {
  const bankPatterns = banks.map((bank) => ({ bank, patterns: bankNamePatterns(bank.bankName) }));
  return (text) =>
    bankPatterns
      .map(({ bank, patterns }) => ({
        bank,
        at: Math.min(...patterns.map((pattern) => text.replace(/[’‘]/g, "'").search(pattern)).filter((at) => at >= 0)),
      }))
      .filter(({ at }) => Number.isFinite(at))
      .sort((a, b) => a.at - b.at)
      .map(({ bank }) => bank);
}

function bankNamePatterns(bankName: string): RegExp[] {
  const words = bankName.replace(/\b(?:PLC|Ltd|Limited)\b\.?/gi, '').trim();
  const short = words
    .replace(/\b(?:Bank|of|the|Sri Lanka|PLC)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const initials = words
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .toUpperCase();
  const names = [
    String.raw`\b${escapeRegExp(words).replace(/\s+/g, '\\s+')}\b`,
    ...(short && short.toLowerCase() !== 'ceylon'
      ? [String.raw`\b${escapeRegExp(short).replace(/\s+/g, '\\s+')}(?:'s)?\s+${CARD_WORDING}`]
      : []),
  ];
  const exact = [...(initials.length >= 3 ? [initials] : []), ...(BANK_BRANDS[bankName] ?? [])].map(
    (name) => String.raw`\b${escapeRegExp(name)}\b`,
  );
  // Full and short names in any case; initials and brands as written ('HNB', not 'hnb' in a web address).
  return [new RegExp(names.join('|'), 'i'), ...(exact.length > 0 ? [new RegExp(exact.join('|'))] : [])];
}
