// The catalogue, read from the API at build time (src/lib/catalogue-source.ts).
import { defineCollection } from 'astro:content';
import { fetchAds, fetchBanks, fetchCategories, fetchPublicOffers, fetchSiteMeta, fetchTerms } from './lib/catalogue-source.ts';

const banks = defineCollection({
  loader: async () => (await fetchBanks()).map((bank) => ({ ...bank, id: String(bank.bankId) })),
});
const categories = defineCollection({
  loader: async () => (await fetchCategories()).map((category) => ({ ...category, id: String(category.categoryId) })),
});
const offers = defineCollection({
  loader: async () => (await fetchPublicOffers()).map((offer) => ({ ...offer, id: String(offer.offerId) })),
});
/** One entry per bank id, plus 'general'. */
const terms = defineCollection({
  loader: async () => {
    const { general, byBank } = await fetchTerms();
    return [{ id: 'general', items: general }, ...Object.entries(byBank).map(([bankId, items]) => ({ id: bankId, items }))];
  },
});
const site = defineCollection({
  loader: async () => [{ id: 'meta', ...(await fetchSiteMeta()), builtAt: new Date().toISOString() }],
});

/** Ads for the frames' first HTML; the frames refresh from the API in the browser. */
const ads = defineCollection({
  loader: async () => (await fetchAds()).map((ad) => ({ ...ad, id: String(ad.adId) })),
});

export const collections = { banks, categories, offers, terms, site, ads };
