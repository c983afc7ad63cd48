// The build's view of the catalogue: typed reads of the content collections, computed once.
import { getCollection } from 'astro:content';
import type { BankDetailData, CategoryData, HouseAdData, OfferData, TermsData } from '../contract/index.ts';
import type { MerchantSlugData, PublicSourceData, SiteMetaData } from '../contract/site-responses.ts';
import { TOP_PICKS_PAGE_SIZE } from '../lib/constants.ts';

let cached: Promise<SiteData> | undefined;

/** A collection's entries, typed by its schema in src/content.config.ts. */
const dataOf = <T>(entries: { data: T }[]) => entries.map((entry) => entry.data);

export interface SiteData {
  banks: BankDetailData[];
  categories: CategoryData[];
  /** Every public offer, newest first. */
  offers: OfferData[];
  /** Public offers that have not ended: what lists show. */
  listedOffers: OfferData[];
  /** The most viewed listed offers: Top Picks' first HTML, before the visitor's own picks load. */
  popularOffers: OfferData[];
  terms: TermsData;
  /** Ads for the frames' first HTML (may be empty). */
  ads: HouseAdData[];
  meta: SiteMetaData & { builtAt: string };
  /** The sources offers are imported from, by name (the sources page). */
  sources: PublicSourceData[];
  /** Every slug a merchant's page has had, with its current one. */
  merchantSlugs: MerchantSlugData[];
}

export function getSiteData(): Promise<SiteData> {
  cached ??= (async () => {
    const [banks, categories, offers, [terms], [meta], ads, sources, merchantSlugs] = await Promise.all([
      getCollection('banks').then(dataOf),
      getCollection('categories').then(dataOf),
      getCollection('offers').then(dataOf),
      getCollection('terms').then(dataOf),
      getCollection('site').then(dataOf),
      getCollection('ads').then(dataOf),
      getCollection('sources').then(dataOf),
      getCollection('merchantSlugs').then(dataOf),
    ]);
    const offerList = offers.sort((a, b) => b.createAt.localeCompare(a.createAt) || b.offerId - a.offerId);
    const listedOffers = offerList.filter((offer) => offer.status !== 'expired');
    // One more than a page, so a page can leave out the offer it shows.
    const popularOffers = [...listedOffers]
      .sort((a, b) => b.views - a.views || a.offerId - b.offerId)
      .slice(0, TOP_PICKS_PAGE_SIZE + 1);
    return {
      banks: banks.sort((a, b) => a.bankName.localeCompare(b.bankName)),
      categories: categories.sort((a, b) => a.categoryName.localeCompare(b.categoryName)),
      offers: offerList,
      listedOffers,
      popularOffers,
      terms: terms!,
      ads: ads.sort((a, b) => a.adId - b.adId),
      meta: meta!,
      sources: sources.sort((a, b) => a.name.localeCompare(b.name)),
      merchantSlugs,
    };
  })();
  return cached;
}
