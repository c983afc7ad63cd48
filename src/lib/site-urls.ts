// The site's URLs (DECISIONS.md "URLs"). Every path starts with '/' and has no trailing slash.
import { PRODUCT_SLUG, SIGN_IN_RETURN_PARAM } from './constants.ts';
import { slugify } from './slugify.ts';

/** The singular product segment of the old app's other link forms: 'credit-card-offer'. */
const PRODUCT_SLUG_SINGULAR = PRODUCT_SLUG.replace(/s$/, '');
/** Category slug for a bank page without a category. */
const ALL = 'all';

interface OfferPathInput {
  offerId: number;
  bank: { bankName: string };
  category: { categoryName: string };
}

/** The first two segments of the canonical offer URL: '{bank}-credit-card-offers', 'credit-card-offers-for-{category}'. */
const bankOffersSegment = (bankSlug: string) => `${bankSlug}-${PRODUCT_SLUG}`;
const categoryOffersSegment = (categoryName: string) => `${PRODUCT_SLUG}-for-${slugify(categoryName)}`;

/** The segments of an offer's canonical URL, as src/pages/[...locale]/[bankOffers]/[categoryOffers]/[offerId].astro names them. */
export function offerPageParams(offer: OfferPathInput) {
  return {
    bankOffers: bankOffersSegment(slugify(offer.bank.bankName)),
    categoryOffers: categoryOffersSegment(offer.category.categoryName),
    offerId: String(offer.offerId),
  };
}

/** The folder of the merchants' pages. */
export const MERCHANT_PAGES_SEGMENT = 'merchants';
/** A merchant's page: /merchants/{slug} (server/db/merchant-slugs.ts gives the slug). */
export const merchantPagePath = (merchant: { slug: string }) => `/${MERCHANT_PAGES_SEGMENT}/${merchant.slug}`;

/** The data of a merchant's savings answer (pages/savings/[merchantId].json.ts), for the offer page and modal. */
export const SAVINGS_DATA_DIR = 'savings';
export const merchantSavingsDataPath = (merchantId: number) => `/${SAVINGS_DATA_DIR}/${merchantId}.json`;

export const WEEK_PLANNER_SEGMENT = 'week-planner';
/** A week planner's page: /week-planner/{slug} (build/week-planner-view.ts lists them). */
export const weekPlannerPath = (planner: { slug: string }) => `/${WEEK_PLANNER_SEGMENT}/${planner.slug}`;

/** The slug of a merchant page's path (/merchants/{slug}, one trailing slash allowed); undefined for any other path. */
export function merchantSlugFromPath(path: string): string | undefined {
  const [, folder, slug, ...rest] = path.replace(/\/$/, '').split('/');
  return folder === MERCHANT_PAGES_SEGMENT && slug && rest.length === 0 ? slug : undefined;
}

/** The one canonical offer URL: /{bank}-credit-card-offers/credit-card-offers-for-{category}/{offerId}. */
export function offerCanonicalPath(offer: OfferPathInput): string {
  const { bankOffers, categoryOffers, offerId } = offerPageParams(offer);
  return `/${bankOffers}/${categoryOffers}/${offerId}`;
}

/** The five other URL forms that reach the same offer (redirected or canonical-linked to the canonical one). */
export function offerAliasPaths(offer: OfferPathInput): string[] {
  const bank = slugify(offer.bank.bankName);
  const category = slugify(offer.category.categoryName);
  const id = offer.offerId;
  return [
    `/${PRODUCT_SLUG}/${id}/${bank}/${category}`,
    `/${PRODUCT_SLUG}/${id}`,
    `/${PRODUCT_SLUG_SINGULAR}/${bank}/${id}`,
    `/${bank}/${category}/${id}`,
    `/${bank}-${PRODUCT_SLUG_SINGULAR}/${category}/${id}`,
  ];
}

/**
 * First segments that never start a three-segment offer path /{bank}/{category}/{offerId}:
 * the product's own prefixes (their offer forms are matched on their own, and /credit-card-offers/{bank}/{bankId}
 * is part of a bank page path), the consoles, and the build's asset folders.
 */
const NOT_A_BANK_SEGMENT = new Set([PRODUCT_SLUG, PRODUCT_SLUG_SINGULAR, 'console', '_astro', 'pagefind']);

function parseId(segment: string | undefined): number | undefined {
  if (segment === undefined || !/^\d+$/.test(segment)) return undefined;
  const id = Number(segment);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The offer id of a path in the canonical form or any alias form, whatever its slugs say;
 * undefined for any other path (bank pages, legal pages, assets, ...). One trailing slash is allowed.
 */
export function offerIdFromPath(path: string): number | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (!trimmed.startsWith('/')) return undefined;
  const segments = trimmed.slice(1).split('/');
  if (segments.some((segment) => segment === '')) return undefined;
  const [first, second, third] = segments;
  switch (segments.length) {
    case 2: // /credit-card-offers/{offerId}
      return first === PRODUCT_SLUG ? parseId(second) : undefined;
    case 3: // /credit-card-offer/{bank}/{offerId}, and /{bank}/{category}/{offerId} with the canonical form among them
      if (first === PRODUCT_SLUG_SINGULAR) return parseId(third);
      return NOT_A_BANK_SEGMENT.has(first!) ? undefined : parseId(third);
    case 4: // /credit-card-offers/{offerId}/{bank}/{category}
      return first === PRODUCT_SLUG ? parseId(second) : undefined;
    default:
      return undefined;
  }
}

/** The sign-in page, coming back to `returnTo` once signed in. */
export const signInPath = (returnTo: string) => `/login?${new URLSearchParams({ [SIGN_IN_RETURN_PARAM]: returnTo })}`;

type BankPathInput = { bankId: number; bankName: string };
type CategoryPathInput = { categoryId: number; categoryName: string };

/** The segments of a bank page's URL, as src/pages/[...locale]/credit-card-offers/[bankSlug]/[bankId]/[categorySlug]/[categoryId].astro names them. */
export function bankPageParams(bank: BankPathInput, category?: CategoryPathInput) {
  return {
    bankSlug: slugify(bank.bankName),
    bankId: String(bank.bankId),
    categorySlug: category ? slugify(category.categoryName) : ALL,
    categoryId: category ? String(category.categoryId) : ALL,
  };
}

/** A bank's offers page, for one category or (without one) all: /credit-card-offers/{bank}/{bankId}/{category|all}/{categoryId|all}. */
export function bankPagePath(bank: BankPathInput, category?: CategoryPathInput): string {
  const { bankSlug, bankId, categorySlug, categoryId } = bankPageParams(bank, category);
  return `/${PRODUCT_SLUG}/${bankSlug}/${bankId}/${categorySlug}/${categoryId}`;
}

/** A bank page by its ids alone, '{bankId}/{categoryId|all}': the key of bank-paths.json, which the server's redirects read. */
export const bankPageKey = ({ bankId, categoryId }: { bankId: string; categoryId: string }) =>
  `${bankId}/${categoryId}`;

/**
 * The key of a bank page path, whatever its slugs say (a renamed bank's or category's old URL), or
 * undefined for any other path. The path cut after the bank id (/credit-card-offers/{bank}/{bankId})
 * is the bank's page too. One trailing slash is allowed.
 */
export function bankPageKeyFromPath(path: string): string | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const [empty, product, bankSlug, bankId, categorySlug, categoryId, ...rest] = trimmed.split('/');
  const cutAfterBank = categorySlug === undefined;
  if (empty !== '' || product !== PRODUCT_SLUG || !bankSlug || (!cutAfterBank && !categorySlug) || rest.length > 0)
    return undefined;
  const bank = parseId(bankId);
  const category = cutAfterBank || categoryId === ALL ? ALL : parseId(categoryId);
  if (bank === undefined || category === undefined) return undefined;
  return bankPageKey({ bankId: String(bank), categoryId: String(category) });
}

/**
 * The short bank URL, the canonical offer URL without its offer (or its category):
 * /{bank}-credit-card-offers[/credit-card-offers-for-{category}], `bankSlug` being the bank's slug or
 * another name of it (lib/bank-names.ts). It has no page: bank-paths.json maps it to the bank page
 * (the server answers 301), and any other such path is not found.
 */
export function bankShortPath(bankSlug: string, category?: Pick<CategoryPathInput, 'categoryName'>): string {
  const bankOffers = `/${bankOffersSegment(bankSlug)}`;
  return category ? `${bankOffers}/${categoryOffersSegment(category.categoryName)}` : bankOffers;
}

/** A request path as bank-paths.json keeps the short bank URLs: lower case, no trailing slash. */
export const shortPathKey = (path: string) =>
  (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
