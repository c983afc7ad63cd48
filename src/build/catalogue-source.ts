// Build-time reads of the catalogue from the API (API_URL, the main API's base URL), for the content
// loaders (src/content.config.ts). Every answer is checked against the shared contract, so a build
// never renders data of the wrong shape.
import ky, { HTTPError } from 'ky';
import * as v from 'valibot';
import {
  AD_COUNT_MAX,
  AD_PLACEMENT,
  AD_SPACE,
  BanksResponse,
  CategoriesResponse,
  HouseAd,
  TermsResponse,
  type BankDetailData,
  type CategoryData,
  type HouseAdData,
  type OfferData,
  type TermsData,
} from '../contract/index.ts';
import {
  AdsResponse,
  BankDetailResponse,
  SiteMerchantSlugsResponse,
  SiteMetaResponse,
  SiteOffersResponse,
  SiteSourcesResponse,
  type MerchantSlugData,
  type PublicSourceData,
  type SiteMetaData,
} from '../contract/site-responses.ts';

export const DEFAULT_API_URL = 'http://127.0.0.1:4321/api';
export const buildApiUrl = () => (process.env.API_URL ?? DEFAULT_API_URL).replace(/\/+$/, '');

/** A busy API answers 503 with Retry-After (load shedding): the build waits and asks again. */
const BUILD_RETRY = {
  limit: 4,
  methods: ['get'],
  statusCodes: [502, 503, 504],
  afterStatusCodes: [503],
  maxRetryAfter: 10_000,
};

async function getJson<S extends v.GenericSchema>(path: string, schema: S): Promise<v.InferOutput<S>> {
  const url = `${buildApiUrl()}${path}`;
  let body: unknown;
  try {
    body = await ky.get(url, { timeout: 60_000, retry: BUILD_RETRY }).json();
  } catch (error) {
    if (error instanceof HTTPError) throw new Error(`The API answered ${error.response.status} for ${url}`);
    throw new Error(
      `The site build could not reach the API at ${url}: ${(error as Error).message}. Start it (npm start) or set API_URL.`,
    );
  }
  const result = v.safeParse(schema, body);
  if (!result.success) throw new Error(`Unexpected answer from ${url}: ${v.summarize(result.issues)}`);
  return result.output;
}

export async function loadBanks(): Promise<BankDetailData[]> {
  const banks = await getJson('/get/all/banks', BanksResponse);
  return Promise.all(
    banks.data.map(async (bank) => (await getJson(`/get/bank/by/${bank.bankId}`, BankDetailResponse)).data),
  );
}

export async function loadCategories(): Promise<CategoryData[]> {
  return (await getJson('/get/all/categories', CategoriesResponse)).data;
}

/** Every public offer, expired ones included (their pages stay up, marked Expired). */
export async function loadPublicOffers(): Promise<OfferData[]> {
  const first = await getJson('/site/offers/1', SiteOffersResponse);
  const pages = Math.ceil(first.totalCount / first.pageSize);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => getJson(`/site/offers/${i + 2}`, SiteOffersResponse)),
  );
  return [first, ...rest].flatMap((p) => p.data);
}

export async function loadTerms(): Promise<TermsData> {
  return (await getJson('/site/terms', TermsResponse)).data;
}

/** The sources offers are imported from, for the sources page. */
export async function loadSources(): Promise<PublicSourceData[]> {
  return (await getJson('/site/sources', SiteSourcesResponse)).data;
}

export async function loadMerchantSlugs(): Promise<MerchantSlugData[]> {
  return (await getJson('/site/merchant-slugs', SiteMerchantSlugsResponse)).data;
}

export async function loadSiteMeta(): Promise<SiteMetaData> {
  return (await getJson('/site/meta', SiteMetaResponse)).data;
}

/** Ads for the frames' first HTML. An ad proxy's answer may carry other shapes: those are skipped. */
export async function loadAds(): Promise<HouseAdData[]> {
  const query = `placement=${AD_PLACEMENT}&ad_space=${AD_SPACE}&count=${AD_COUNT_MAX}`;
  const ads = await getJson(`/ads?${query}`, AdsResponse);
  return ads.data.flatMap((ad: unknown) => {
    const parsed = v.safeParse(HouseAd, ad);
    return parsed.success ? [parsed.output] : [];
  });
}
