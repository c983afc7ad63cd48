// The build's view of the catalogue: typed reads of the content collections, computed once.
import { getCollection } from 'astro:content';
import type { BankDetailData, CategoryData, HouseAdData, OfferData } from '../contract/index.ts';
import type { TermsByBank } from './catalogue-source.ts';
import { TOP_PICKS_PAGE_SIZE } from './constants.ts';

let cached: Promise<SiteData> | undefined;

// Collections are read untyped: their types come from `astro sync`, which needs a running API.
// The loaders have already checked every entry against the contract.
const read = async <T>(name: string) => (await getCollection(name as never)).map((entry) => (entry as { data: unknown }).data as T);

export interface SiteData {
  banks: BankDetailData[];
  categories: CategoryData[];
  /** Every public offer, newest first. */
  offers: OfferData[];
  /** Public offers that have not ended: what lists show. */
  listedOffers: OfferData[];
  /** The most viewed listed offers: Top Picks' first HTML, before the visitor's own picks load. */
  popularOffers: OfferData[];
  terms: TermsByBank;
  /** Ads for the frames' first HTML (may be empty). */
  ads: HouseAdData[];
  meta: { dataset: string | null; builtAt: string };
}

export function getSiteData(): Promise<SiteData> {
  cached ??= (async () => {
    const [banks, categories, offers, termEntries, site, ads] = await Promise.all([
      read<BankDetailData>('banks'), read<CategoryData>('categories'), read<OfferData>('offers'),
      read<{ id: string; items: TermsByBank['general'] }>('terms'), read<SiteData['meta']>('site'), read<HouseAdData>('ads'),
    ]);
    const offerList = offers.sort((a, b) => b.createAt.localeCompare(a.createAt) || b.offerId - a.offerId);
    const listedOffers = offerList.filter((offer) => offer.status !== 'expired');
    // One more than a page, so a page can leave out the offer it shows.
    const popularOffers = [...listedOffers].sort((a, b) => b.views - a.views || a.offerId - b.offerId).slice(0, TOP_PICKS_PAGE_SIZE + 1);
    return {
      banks: banks.sort((a, b) => a.bankName.localeCompare(b.bankName)),
      categories: categories.sort((a, b) => a.categoryName.localeCompare(b.categoryName)),
      offers: offerList,
      listedOffers,
      popularOffers,
      terms: {
        general: termEntries.find((entry) => entry.id === 'general')?.items ?? [],
        byBank: Object.fromEntries(termEntries.filter((entry) => entry.id !== 'general').map((entry) => [entry.id, entry.items])),
      },
      ads: ads.sort((a, b) => a.adId - b.adId),
      meta: site[0]!,
    };
  })();
  return cached;
}
