// What this browser opened lately (spec §2 Home: the recent-bank and recent-offers strips): kept in
// localStorage, newest first, each once. Only what a strip shows is kept, so an old entry never
// needs the API to be drawn; an offer that has since ended simply leads to its Expired page.
import { persistentAtom } from '@nanostores/persistent';
import * as v from 'valibot';
import type { BankData, OfferData } from '../contract/index.ts';
import { offerCanonicalPath, bankPagePath } from '../lib/site-urls.ts';

/** How many of each are kept; the strips show RECENT_SHOWN until 'View all'. */
export const RECENT_KEPT = 12;
export const RECENT_OFFERS_STORAGE_KEY = 'offerlanka:recentOffers';
export const RECENT_BANKS_STORAGE_KEY = 'offerlanka:recentBanks';

const RecentOffer = v.object({
  offerId: v.number(),
  header: v.string(),
  path: v.string(),
  bannerImageURL: v.nullable(v.string()),
  bankName: v.string(),
  categoryName: v.string(),
  merchantName: v.string(),
  iconName: v.string(),
});
const RecentBank = v.object({ bankId: v.number(), bankName: v.string(), logoURL: v.string(), path: v.string() });
export type RecentOffer = v.InferOutput<typeof RecentOffer>;
export type RecentBank = v.InferOutput<typeof RecentBank>;

/** A stored list as JSON; entries of another shape (an older version, an edit) are dropped. */
function listCodec<T>(schema: v.GenericSchema<unknown, T>) {
  return {
    encode: JSON.stringify,
    decode(text: string): T[] {
      try {
        const value: unknown = JSON.parse(text);
        return Array.isArray(value) ? value.filter((item): item is T => v.is(schema, item)).slice(0, RECENT_KEPT) : [];
      } catch {
        return [];
      }
    },
  };
}

export const $recentOffers = persistentAtom<RecentOffer[]>(RECENT_OFFERS_STORAGE_KEY, [], listCodec(RecentOffer));
export const $recentBanks = persistentAtom<RecentBank[]>(RECENT_BANKS_STORAGE_KEY, [], listCodec(RecentBank));

const putFirst = <T>(list: readonly T[], item: T, same: (a: T) => boolean) =>
  [item, ...list.filter((other) => !same(other))].slice(0, RECENT_KEPT);

/** An offer was opened (its page or the modal); its bank counts as visited too. */
export function rememberOfferView(offer: OfferData): void {
  $recentOffers.set(
    putFirst(
      $recentOffers.get(),
      {
        offerId: offer.offerId,
        header: offer.header,
        path: offerCanonicalPath(offer),
        bannerImageURL: offer.bannerImageURL,
        bankName: offer.bank.bankName,
        categoryName: offer.category.categoryName,
        merchantName: offer.merchant.merchantName,
        iconName: offer.category.iconName,
      },
      (other) => other.offerId === offer.offerId,
    ),
  );
  rememberBankView(offer.bank);
}

export function rememberBankView(bank: Pick<BankData, 'bankId' | 'bankName' | 'logoURL'>): void {
  $recentBanks.set(
    putFirst(
      $recentBanks.get(),
      {
        bankId: bank.bankId,
        bankName: bank.bankName,
        logoURL: bank.logoURL,
        path: bankPagePath(bank),
      },
      (other) => other.bankId === bank.bankId,
    ),
  );
}
