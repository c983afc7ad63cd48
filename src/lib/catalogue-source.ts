// Build-time reads of the catalogue from the API (API_URL, the main API's base URL). Every answer
// is checked against the shared contract, so a build never renders data of the wrong shape.
import * as v from 'valibot';
import { AD_COUNT_MAX, AD_PLACEMENT, AD_SPACE, Bank, BankDetail, Category, HouseAd, Offer, TermItem, type BankDetailData, type CategoryData, type HouseAdData, type OfferData } from '../contract/index.ts';

export const DEFAULT_API_URL = 'http://127.0.0.1:4321/api';
export const buildApiUrl = () => (process.env.API_URL ?? DEFAULT_API_URL).replace(/\/+$/, '');

async function getJson<S extends v.GenericSchema>(path: string, schema: S): Promise<v.InferOutput<S>> {
  const url = `${buildApiUrl()}${path}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    throw new Error(`The site build could not reach the API at ${url}: ${(error as Error).message}. Start it (npm start) or set API_URL.`);
  }
  if (!response.ok) throw new Error(`The API answered ${response.status} for ${url}`);
  const result = v.safeParse(schema, await response.json());
  if (!result.success) throw new Error(`Unexpected answer from ${url}: ${v.summarize(result.issues)}`);
  return result.output;
}

const envelope = <S extends v.GenericSchema>(data: S) => v.object({ status: v.literal(true), data });

export async function fetchBanks(): Promise<BankDetailData[]> {
  const banks = await getJson('/get/all/banks', envelope(v.array(Bank)));
  return Promise.all(banks.data.map(async (bank) => (await getJson(`/get/bank/by/${bank.bankId}`, envelope(BankDetail))).data));
}

export async function fetchCategories(): Promise<CategoryData[]> {
  return (await getJson('/get/all/categories', envelope(v.array(Category)))).data;
}

/** Every public offer, expired ones included (their pages stay up, marked Expired). */
export async function fetchPublicOffers(): Promise<OfferData[]> {
  const page = v.object({ status: v.literal(true), data: v.array(Offer), totalCount: v.number(), pageSize: v.number() });
  const first = await getJson('/site/offers/1', page);
  const pages = Math.ceil(first.totalCount / first.pageSize);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => getJson(`/site/offers/${i + 2}`, page)));
  return [first, ...rest].flatMap((p) => p.data);
}

export type TermsByBank = { general: v.InferOutput<typeof TermItem>[]; byBank: Record<string, v.InferOutput<typeof TermItem>[]> };
export async function fetchTerms(): Promise<TermsByBank> {
  return (await getJson('/site/terms', envelope(v.object({ general: v.array(TermItem), byBank: v.record(v.string(), v.array(TermItem)) })))).data;
}

export async function fetchSiteMeta(): Promise<{ dataset: string | null }> {
  return (await getJson('/site/meta', envelope(v.object({ dataset: v.nullable(v.string()) })))).data;
}

/** Ads for the frames' first HTML. An ad proxy's answer may carry other shapes: those are skipped. */
export async function fetchAds(): Promise<HouseAdData[]> {
  const query = `placement=${AD_PLACEMENT}&ad_space=${AD_SPACE}&count=${AD_COUNT_MAX}`;
  const ads = await getJson(`/ads?${query}`, envelope(v.array(v.unknown())));
  return ads.data.flatMap((ad) => {
    const parsed = v.safeParse(HouseAd, ad);
    return parsed.success ? [parsed.output] : [];
  });
}
