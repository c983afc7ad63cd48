// An imported item's names as catalogue rows: its bank (by name, short name or initials), its
// category (the team's keyword map), its merchant (by name, or created) and its towns. Read once
// per run, so that resolving 10,000 items costs no query per item.
import type { Database } from '../db/client.ts';
import { banks, categories, categoryKeywords, locations, merchants } from '../db/schema.ts';
import type { BankRow } from '../serialize.ts';

/** Lower case, letters and digits only, without the words every bank or company name carries. */
const COMMON_WORDS = /\b(plc|ltd|limited|pvt|private|the|of|ceylon|sri lanka|lanka|bank|company|co|inc)\b/g;
export const nameKey = (name: string) =>
  name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, ' ').replace(COMMON_WORDS, ' ').replace(/\s+/g, '').trim();
/** 'Hatton National Bank' → 'hnb', 'Bank of Ceylon' → 'boc': how people name banks. */
const initialsOf = (name: string) => name.toLowerCase().replace(/[^a-z\s]/g, ' ').split(/\s+/).filter(Boolean).map((word) => word[0]).join('');

export interface Catalogue {
  bankByName(name: string): BankRow | undefined;
  bankById(bankId: number): BankRow | undefined;
  /** The category whose longest keyword the text holds as a whole word or phrase; the category text first, then the rest. */
  categoryOf(categoryText: string, otherText: string): number | undefined;
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
    for (const key of [nameKey(bank.bankName), bank.slug.replace(/-/g, ''), initialsOf(bank.bankName)]) if (key && !banksByKey.has(key)) banksByKey.set(key, bank);
  }
  // A category's own name is a keyword too; longest first, so 'department store' wins over 'store'.
  const keywords = [...keywordRows, ...categoryRows.map((c) => ({ keyword: c.categoryName, categoryId: c.categoryId }))]
    .map(({ keyword, categoryId }) => ({ pattern: new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(keyword.toLowerCase())}($|[^\\p{L}\\p{N}])`, 'u'), length: keyword.length, categoryId }))
    .sort((a, b) => b.length - a.length);
  const towns = new Map(townRows.map(({ name }) => [name.toLowerCase(), name]));
  const merchantIds = new Map(merchantRows.map((m) => [nameKey(m.merchantName), m.merchantId]));
  const madeMerchants = new Set<number>();

  const categoryIn = (text: string) => keywords.find((keyword) => keyword.pattern.test(text.toLowerCase()))?.categoryId;
  return {
    bankByName: (name) => banksByKey.get(nameKey(name)) ?? banksByKey.get(name.toLowerCase().replace(/[^a-z]/g, '')),
    bankById: (bankId) => bankRows.find((bank) => bank.bankId === bankId),
    categoryOf: (categoryText, otherText) => (categoryText ? categoryIn(categoryText) : undefined) ?? categoryIn(otherText),
    knownTowns: (names) => [...new Set(names.flatMap((name) => towns.get(name.trim().toLowerCase()) ?? []))],
    async merchantIdOf(database, name, webUrl) {
      const key = nameKey(name) || name.toLowerCase();
      const known = merchantIds.get(key);
      if (known !== undefined) return known;
      const [made] = await database.insert(merchants).values({ merchantName: name, webUrl }).returning({ merchantId: merchants.merchantId });
      merchantIds.set(key, made!.merchantId);
      madeMerchants.add(made!.merchantId);
      return made!.merchantId;
    },
    isNewMerchant: (merchantId) => madeMerchants.has(merchantId),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

