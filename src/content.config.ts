// The catalogue, read from the API at build time (src/build/catalogue-source.ts). The loaders check
// every answer against the contract; each collection's schema only gives pages the contract's type
// (Astro's schemas are zod, the contract is valibot: one shape, checked once).
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import type { BankDetailData, CategoryData, HouseAdData, OfferData, TermsData } from './contract/index.ts';
import type { MerchantSlugData, PublicSourceData, SiteMetaData } from './contract/site-responses.ts';
import {
  loadAds,
  loadBanks,
  loadCategories,
  loadMerchantSlugs,
  loadPublicOffers,
  loadSiteMeta,
  loadSources,
  loadTerms,
} from './build/catalogue-source.ts';

/** A schema that types an entry as the contract's `T` (already checked by its loader). */
const checkedByLoader = <T>() => z.custom<T>();

const banks = defineCollection({
  loader: async () => (await loadBanks()).map((bank) => ({ ...bank, id: String(bank.bankId) })),
  schema: checkedByLoader<BankDetailData>(),
});
const categories = defineCollection({
  loader: async () => (await loadCategories()).map((category) => ({ ...category, id: String(category.categoryId) })),
  schema: checkedByLoader<CategoryData>(),
});
const offers = defineCollection({
  loader: async () => (await loadPublicOffers()).map((offer) => ({ ...offer, id: String(offer.offerId) })),
  schema: checkedByLoader<OfferData>(),
});
/** One entry, 'all': the general terms and each bank's. */
const terms = defineCollection({
  loader: async () => [{ id: 'all', ...(await loadTerms()) }],
  schema: checkedByLoader<TermsData>(),
});
const site = defineCollection({
  loader: async () => [{ id: 'meta', ...(await loadSiteMeta()), builtAt: new Date().toISOString() }],
  schema: checkedByLoader<SiteMetaData & { builtAt: string }>(),
});
/** Ads for the frames' first HTML; the frames refresh from the API in the browser. */
const ads = defineCollection({
  loader: async () => (await loadAds()).map((ad) => ({ ...ad, id: String(ad.adId) })),
  schema: checkedByLoader<HouseAdData>(),
});

/** The sources offers are imported from (the sources page), in the API's order; the id is only the entry's. */
const sources = defineCollection({
  loader: async () => (await loadSources()).map((source, i) => ({ ...source, id: String(i) })),
  schema: checkedByLoader<PublicSourceData>(),
});

/** Every slug a merchant's page has had, with its current one (merchant-paths.json); the id is the slug. */
const merchantSlugs = defineCollection({
  loader: async () => (await loadMerchantSlugs()).map((entry) => ({ ...entry, id: entry.slug })),
  schema: checkedByLoader<MerchantSlugData>(),
});

export const collections = { banks, categories, offers, terms, site, ads, sources, merchantSlugs };
